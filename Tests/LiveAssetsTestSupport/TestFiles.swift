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

    /// The manifest's `files` entries.
    public static func manifestFiles() throws -> [[String: Any]] {
        guard let root else { return [] }
        let data = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["files"] as? [[String: Any]] ?? []
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
