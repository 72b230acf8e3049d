import Foundation

/// A fresh temporary folder per test, removed when the value is released.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("liveassets-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` inside the folder (creating subfolders) and returns the path.
    @discardableResult
    package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// The shared test corpus (`../shared/corpus` beside the repository, or `$LIVEASSETS_CORPUS`).
package enum Corpus {
    package static let root: URL? = {
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
    package static var isAvailable: Bool { root != nil }

    /// Whether the corpus holds `relative`: a test that needs one file is skipped (and says which) when a
    /// corpus given through `$LIVEASSETS_CORPUS` lacks it.
    package static func has(_ relative: String) -> Bool {
        root.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent(relative).path) } ?? false
    }

    /// Every PNG and JPEG file below the corpus's root, in path order (none without a corpus).
    package static let images: [URL] = {
        guard let root, let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }
            .filter { ["png", "jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }()

    /// One file of `manifest.json`, with the fields the tests compare.
    package struct Entry: Decodable, Sendable {
        package let file: String
        package let expected: String
        package let format: String
        package let width: Int?
        package let height: Int?
        package let orientation: Int?
        package let displayWidth: Int?
        package let displayHeight: Int?
        package let bitDepth: Int?
        package let colorType: String?
        package let hasAlpha: Bool?
        package let interlaced: Bool?
        package let progressive: Bool?
        package let hasIcc: Bool?
        package let iccBytes: Int?
        package let isApng: Bool?
        package let apngFrames: Int?
        package let rgba8Sha256: String?
        package let rgba8Sha256Normative: Bool?
        package let avg8x8RgbaHex: String?
    }

    private struct Manifest: Decodable { let files: [Entry] }

    /// The manifest's `files` entries.
    package static func manifestFiles() throws -> [Entry] {
        guard let root else { return [] }
        let data = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: data).files
    }

    package static func path(_ relative: String) -> String {
        root!.appendingPathComponent(relative).path
    }
}

/// The repository root, for tests that run the built binary or read `samples/`.
package enum Repository {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
