import Foundation

/// A fresh temporary folder per test, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("liveassets-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` inside the folder (creating subfolders) and returns the path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// The shared test corpus (`../shared/corpus` beside the repository, or `$LIVEASSETS_CORPUS`).
public enum Corpus {
    public static let root: URL? = {
        if let override = ProcessInfo.processInfo.environment["LIVEASSETS_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path)
            ? candidate : nil
    }()

    /// Whether the corpus is present; tests that need it are skipped (and say so) when it is not.
    public static var isAvailable: Bool { root != nil }

    /// One file of `manifest.json`, with the fields the tests compare.
    public struct Entry: Decodable, Sendable {
        public let file: String
        public let expected: String
        public let format: String
        public let width: Int?
        public let height: Int?
        public let orientation: Int?
        public let displayWidth: Int?
        public let displayHeight: Int?
        public let bitDepth: Int?
        public let colorType: String?
        public let hasAlpha: Bool?
        public let interlaced: Bool?
        public let progressive: Bool?
        public let hasIcc: Bool?
        public let iccBytes: Int?
        public let isApng: Bool?
        public let apngFrames: Int?
        public let rgba8Sha256: String?
        public let rgba8Sha256Normative: Bool?
        public let avg8x8RgbaHex: String?
    }

    private struct Manifest: Decodable { let files: [Entry] }

    /// The manifest's `files` entries.
    public static func manifestFiles() throws -> [Entry] {
        guard let root else { return [] }
        let data = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: data).files
    }

    public static func path(_ relative: String) -> String {
        root!.appendingPathComponent(relative).path
    }
}

/// The repository root, for tests that run the built binary or read `samples/`.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
