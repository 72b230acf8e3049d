/// Why an image could not be decoded. Every case names the file and carries its evidence.
public enum DecodeError: Error, Sendable, Hashable {
    /// The header could not be read (missing file, not an image, too large, ...).
    case unreadable(ProbeError)
    /// A format LiveAssets recognises but does not decode (HEIF, PDF, SVG, ...).
    case unsupportedFormat(file: String, format: ImageFormat)
    /// The data ends before the image does.
    case truncated(file: String, format: ImageFormat)
    /// The codec rejected the pixel data; `reason` is its message.
    case malformed(file: String, format: ImageFormat, reason: String)
    /// A valid stream this build cannot decode (a 12-bit JPEG).
    case undecodable(file: String, format: ImageFormat, reason: String)
    /// Memory ran out.
    case outOfMemory(file: String)
    /// The file is no longer the image whose header was read first (it was replaced or rewritten
    /// meanwhile); `reason` says how it differs. No pixels from it are used.
    case changed(file: String, reason: String)

    public var file: String {
        switch self {
        case .unreadable(let error): error.file
        case .unsupportedFormat(let file, _), .truncated(let file, _), .malformed(let file, _, _),
            .undecodable(let file, _, _), .outOfMemory(let file), .changed(let file, _):
            file
        }
    }

    /// A stable identifier ("truncated", "malformed", ...; a header problem keeps the probe's code).
    public var code: String {
        switch self {
        case .unreadable(let error): error.code
        case .unsupportedFormat: "unsupported-format"
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .undecodable: "undecodable"
        case .outOfMemory: "out-of-memory"
        case .changed: "changed"
        }
    }

    /// One plain sentence that names the file and the cause.
    public var message: String {
        switch self {
        case .unreadable(let error): error.message
        case .unsupportedFormat(let file, let format):
            "\(file) is a \(format.displayName) file; LiveAssets decodes only PNG and JPEG."
        case .truncated(let file, let format):
            "\(file) is truncated: its \(format.displayName) data ends before the image is complete."
        case .malformed(let file, let format, let reason):
            "\(file) has damaged \(format.displayName) image data: \(reason.trimmingTrailingPeriods)."
        case .undecodable(let file, let format, let reason):
            "\(file) cannot be decoded by this build's \(format == .png ? "libpng" : "libjpeg"): \(reason.trimmingTrailingPeriods)."
        case .outOfMemory(let file):
            "\(file) could not be decoded: out of memory."
        case .changed(let file, let reason):
            "\(file) changed while it was being read (\(reason)); run again once nothing else is writing it."
        }
    }
}

extension String {
    /// A codec message shaped to sit inside a sentence: no trailing period or space.
    var trimmingTrailingPeriods: String {
        var text = self
        while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
        return text.isEmpty ? "the codec gave no reason" : text
    }
}
