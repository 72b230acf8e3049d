/// Why a size table could not be used. Every case names the file and, where there is one, the line.
public enum SizeTableError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The text is not JSON.
    case invalidJSON(file: String, line: Int, column: Int, reason: String)
    /// The schema version is missing or one this build does not know; `supported` is the newest it reads.
    case unsupportedSchemaVersion(file: String, found: String?, supported: Int)
    /// An entry breaks the schema; `entry` is its path ("devices[3].presentations.minimal.width").
    case invalidEntry(file: String, entry: String, line: Int, reason: String)
    /// A presentation's size rounds to 0 px on one axis at its device's scale, so no image could fit.
    case zeroPixelLimit(file: String, device: String, presentation: Presentation, dimension: String, line: Int, points: Points, scale: Int)

    /// One plain sentence naming the file.
    package var message: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file) could not be read: \(reason)."
        case .invalidJSON(let file, let line, let column, let reason):
            "\(file) is not valid JSON at line \(line), column \(column): \(reason)."
        case .unsupportedSchemaVersion(let file, let found?, let supported):
            "\(file) has schemaVersion \(found), but this build reads \(Self.versions(upTo: supported))."
        case .unsupportedSchemaVersion(let file, nil, let supported):
            "\(file) has no schemaVersion; add \"schemaVersion\": \(supported) (this build reads \(Self.versions(upTo: supported)))."
        case .invalidEntry(let file, let entry, let line, let reason):
            "\(file) has an invalid entry \(entry) at line \(line): \(reason)."
        case .zeroPixelLimit(let file, let device, let presentation, let dimension, let line, let points, let scale):
            "\(file) gives \(device) a \(presentation.rawValue) \(dimension) of \(points) pt at line \(line), which rounds to 0 px at @\(scale)x, so no image could fit; give it at least \(Points(hundredths: (50 + scale - 1) / scale)) pt."
        }
    }

    /// "version 1", "versions 1 and 2", "versions 1 to 3".
    private static func versions(upTo newest: Int) -> String {
        switch newest {
        case 1: "version 1"
        case 2: "versions 1 and 2"
        default: "versions 1 to \(newest)"
        }
    }
}

extension SizeTableError: CustomStringConvertible {
    /// One plain sentence naming the file and, where there is one, the line.
    public var description: String { message }
}
