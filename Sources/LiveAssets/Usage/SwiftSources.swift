import LiveAssetsCore
import LiveAssetsPlatform

/// The widget extension's Swift files, read for which presentation shows which image (see
/// `SwiftUsageReader`): `check --sources`, a configuration's `sources` and `liveassets usage`.
package enum SwiftSources {
    /// Why the sources could not be read.
    package struct Failure: Error, Sendable, Equatable {
        /// One sentence that names the path and says what to do.
        package let message: String
    }

    /// The `.swift` files of `paths` (files, or folders walked without their hidden folders and
    /// `.build`), in path order, each once.
    package static func files(in paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        for path in paths {
            let trimmed = FileTree.trimmed(path)
            if FileTree.isDirectory(trimmed) {
                FileTree.walk(trimmed) { entry in
                    switch entry {
                    case .directory(let folder):
                        let name = FileTree.lastComponent(folder)
                        return name != ".build" && !name.hasSuffix(".xcassets")
                    case .file(let file):
                        if file.hasSuffix(".swift") { files.append(file) }
                        return true
                    default:
                        return true
                    }
                }
            } else if trimmed.hasSuffix(".swift"), FileBytes.isRegularFile(trimmed) {
                files.append(trimmed)
            } else if !FileBytes.isRegularFile(trimmed) {
                throw Failure(message: "\(path) was given as Swift sources but cannot be read (\(FileBytes.lastError(trimmed))); give the widget extension's folder.")
            }
        }
        var seen = Set<String>()
        return files.sorted().filter { seen.insert($0).inserted }
    }

    /// What the Swift files of a list of paths say, and how many files they are.
    package struct Read: Sendable {
        package var reading: SourceReading
        package var fileCount: Int
    }

    /// What the Swift files of `paths` say; a file that cannot be read fails the whole reading.
    package static func read(_ paths: [String]) throws(Failure) -> Read {
        try read(paths, plus: [], onlyWithConfiguration: false)!
    }

    /// What the Swift files of `paths`, and the files `found` (by a walk of the inputs), say; nil when
    /// `onlyWithConfiguration` and none of them names `ActivityConfiguration` (the inputs hold no Live
    /// Activity's code, and nothing was lexed). A file of `paths` that cannot be read fails the whole
    /// reading; one only found is left out, and the reading says so (so no image is taken for one no
    /// view shows on the strength of code it did not see).
    package static func read(_ paths: [String], plus found: [String], onlyWithConfiguration: Bool) throws(Failure) -> Read? {
        var seen = Set<String>()
        let named = try files(in: paths)
        let given = Set(named)
        // One file named two ways (a configuration's absolute path, and the same file found under a
        // relative input) is read once: as it was named.
        var real = Set<String>()
        let both = !named.isEmpty && !found.isEmpty  // only then can one file come twice
        let files = (named + found).filter { seen.insert($0).inserted && (!both || real.insert(FileTree.realPath($0) ?? $0).inserted) }.sorted()
        var sources: [(path: String, bytes: [UInt8])] = []
        sources.reserveCapacity(files.count)
        var unread: [String] = []
        var configured = !onlyWithConfiguration
        var total = 0, skipped = 0
        for file in files {
            // A tree is untrusted: what it holds past the budget is not read, and the reading says so.
            if total > foundBudget && !given.contains(file) {
                skipped += 1
                continue
            }
            guard let bytes = FileBytes.read(file) else {
                let reason = "\(file) cannot be read (\(FileBytes.lastError(file)))"
                guard !given.contains(file) else {
                    throw Failure(message: reason + "; check its permissions or leave it out of the sources.")
                }
                unread.append(reason)
                continue
            }
            if !configured { configured = contains(bytes, configurationName) }
            total += bytes.count
            sources.append((file, bytes))
        }
        if skipped > 0 {
            unread.append("\(skipped == 1 ? "1 Swift file" : "\(skipped) Swift files") past the first \(foundBudget >> 20) MiB of code under the inputs were not read")
        }
        guard configured else { return nil }
        var reading = SwiftUsageReader.read(sources)
        reading.undecided = unread + reading.undecided
        return Read(reading: reading, fileCount: sources.count)
    }

    static let configurationName = Array("ActivityConfiguration".utf8)

    /// The Swift code read from a walk of the inputs, at most (a large app has a few MiB).
    static let foundBudget = 64 << 20

    /// Whether `bytes` hold `needle` (not empty) anywhere.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        let first = needle[0], count = needle.count
        var index = 0
        while index + count <= bytes.count {
            if bytes[index] == first && bytes[index..<index + count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
