import LiveAssetsCore
import LiveAssetsPlatform
import LiveAssets

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
        var seen = Set<PathKey>()  // by bytes: two names that differ only in normalization are two files
        return files.sorted { PathKey($0) < PathKey($1) }.filter { seen.insert(PathKey($0)).inserted }
    }

    /// What the Swift files of a list of paths say, how many files they are, and how many bytes were
    /// read.
    package struct Read: Sendable {
        package var reading: SourceReading
        package var fileCount: Int
        /// Whether a file read names `ActivityConfiguration` (or the reading was asked for whatever
        /// the files hold); when not, nothing was lexed, and ``reading`` holds only what could not be
        /// read (its `undecided`).
        package var isConfigured = true
    }

    /// The Swift files a run has taken, shared by its readings, so that the budget is the run's: each
    /// file is read once whatever number of names, links or readings lead to it (known by its device and
    /// inode), and every byte taken counts, a failed read's too.
    package struct Store: Sendable {
        /// What each file gave: its bytes, or why it was not read.
        fileprivate var files: [FileKey: Result<[UInt8], Refusal>] = [:]
        /// The bytes taken from Swift files, each file counted once (by its size when it was opened, or
        /// what was read when more), whether or not its read succeeded: what ``budget`` counts.
        package private(set) var bytesRead = 0
        fileprivate var budget: Int

        /// A store that reads up to `budget` bytes in all.
        package init(budget: Int = SwiftSources.budget) { self.budget = budget }

        /// Whether the Swift file at `file` declares an `ActivityConfiguration` (the name called, not in a
        /// string or a comment); nil when it was not read (gone, too large, past the budget).
        package mutating func declaresConfiguration(_ file: String) -> Bool? {
            var status = stat()
            guard file.systemStat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  case .success(let bytes) = bytes(of: file, status: status) else { return nil }
            return SwiftSources.declaresConfiguration(bytes)
        }

        /// The bytes of `file` (its status taken already), read now or by an earlier reading of the run.
        fileprivate mutating func bytes(of file: String, status: stat) -> Result<[UInt8], Refusal> {
            let key = FileKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            if let known = files[key] { return known }
            let size = Int(status.st_size)
            let result: Result<[UInt8], Refusal>
            if size > fileLimit {
                result = .failure(.tooLarge(size))
            } else if bytesRead + size > budget {
                return .failure(.pastBudget)  // not kept: a smaller file may still fit
            } else {
                bytesRead += size  // counted before the read: one that fails counts too
                if let bytes = FileBytes.read(file, limit: fileLimit) {
                    bytesRead += max(0, bytes.count - size)  // grown since it was opened
                    result = .success(bytes)
                } else {
                    result = .failure(.unreadable(FileBytes.lastError(file)))
                }
            }
            files[key] = result
            return result
        }
    }

    /// Why a file's bytes were not taken.
    fileprivate enum Refusal: Error {
        case tooLarge(Int)
        case pastBudget
        case unreadable(String)
    }

    /// What the Swift files of `paths` say; a file that cannot be read fails the whole reading.
    package static func read(_ paths: [String]) throws(Failure) -> Read {
        var store = Store()
        return try read(paths, plus: [], onlyWithConfiguration: false, store: &store)
    }

    /// What the Swift files of `paths`, and the files `found` (by a walk of the inputs), say; not
    /// configured (``Read/isConfigured``) when `onlyWithConfiguration` and none of them names
    /// `ActivityConfiguration` (the inputs hold no Live Activity's code, and nothing was lexed). A file
    /// of `paths` that cannot be read fails the whole reading; one only found is left out, and the
    /// reading says so (so no image is taken for one no view shows on the strength of code it did not see).
    ///
    /// A tree is untrusted: through `store`, a file is read once a run, one larger than ``fileLimit``
    /// is refused unread, and past the run's budget nothing more is read; with `bounds` (real paths of
    /// folders), a file a walk found that is a symbolic link leading outside all of them is not read.
    /// The reading says each.
    package static func read(_ paths: [String], plus found: [String], onlyWithConfiguration: Bool,
                             store: inout Store, bounds: [String]? = nil) throws(Failure) -> Read {
        var seen = Set<PathKey>()
        let named = try files(in: paths)
        let exact = Set(paths.map { PathKey(FileTree.trimmed($0)) })  // named as files: not a walk's find
        let given = Set(named.map(PathKey.init))
        // The files named first: the code a user or configuration points at is read before a walk's finds.
        let files = named.filter { seen.insert(PathKey($0)).inserted }
            + found.filter { seen.insert(PathKey($0)).inserted }.sorted { PathKey($0) < PathKey($1) }
        var sources: [(path: String, bytes: [UInt8])] = []
        sources.reserveCapacity(files.count)
        var unread: [String] = []
        var unreadFiles: [String] = []  // beside `unread`: the file each is about (the first, for those past the budget)
        var firstSkipped: String?
        var configured = !onlyWithConfiguration
        var skipped = 0
        var taken = Set<FileKey>()  // in this reading: a file by two names is given to the reader once
        for file in files {
            var status = stat()
            if let bounds, !exact.contains(PathKey(file)), let real = linkOutside(file, bounds: bounds) {
                unread.append("\(file) is a symbolic link to \(real), outside the repository, so it was not read")
                unreadFiles.append(file)
                continue
            }
            guard file.systemStat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                let reason = "\(file) cannot be read (\(FileBytes.lastError(file)))"
                guard !given.contains(PathKey(file)) else {
                    throw Failure(message: reason + "; check its permissions or leave it out of the sources.")
                }
                unread.append(reason)
                unreadFiles.append(file)
                continue
            }
            guard taken.insert(FileKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted else { continue }
            switch store.bytes(of: file, status: status) {
            case .success(let bytes):
                if !configured { configured = contains(bytes, configurationName) }
                sources.append((file, bytes))
            case .failure(.pastBudget):
                skipped += 1
                if firstSkipped == nil { firstSkipped = file }
            case .failure(.tooLarge(let size)):
                let real = FileTree.isLink(file) ? FileTree.realPath(file).map { " (a link to \($0))" } ?? "" : ""
                unread.append("\(file)\(real) is \(size.byteCountText), more than the \(fileLimit >> 20) MiB a Swift file is read up to, so it was not read")
                unreadFiles.append(file)
            case .failure(.unreadable(let reason)):
                guard !given.contains(PathKey(file)) else {
                    throw Failure(message: "\(file) cannot be read (\(reason)); check its permissions or leave it out of the sources.")
                }
                unread.append("\(file) cannot be read (\(reason))")
                unreadFiles.append(file)
            }
        }
        if skipped > 0 {
            unread.append(pastBudget(skipped, budget: store.budget))
            unreadFiles.append(firstSkipped ?? "")
        }
        // Not configured: nothing is lexed, but what could not be read is still said.
        guard configured else {
            var reading = SourceReading()
            reading.undecided = unread
            return Read(reading: reading, fileCount: 0, isConfigured: false)
        }
        var reading = SwiftUsageReader.read(sources)
        reading.undecided = unread + reading.undecided
        // Code not read may hold a Live Activity view that shows any image, anywhere.
        let everywhere = Presentation.allCases.filter { $0 != .small || reading.declaresSmallFamily }
        for (file, phrase) in zip(unreadFiles, unread) {
            reading.addUnresolved(phrase, call: "", file: file, line: 1, presentations: everywhere)
        }
        return Read(reading: reading, fileCount: sources.count)
    }

    /// Every image call of the Swift files `files` (an app target's code, see
    /// ``SwiftUsageReader/mentions(_:)``), read through `store` as the Live Activity's code is: each file
    /// once a run, none larger than ``fileLimit``, none past the run's budget, none through a link that
    /// leads outside `bounds`. What was not read is said in ``ImageMentions/unread``: any image may be
    /// named there.
    /// Storyboards and XIBs (`interfaces`) are read too, for the image names they hold, each once and up
    /// to ``fileLimit``.
    package static func mentions(of files: [String], interfaces: [String], store: inout Store, bounds: [String]) -> ImageMentions {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unread: [String] = []
        var skipped = 0
        var taken = Set<FileKey>()
        for file in files {
            var status = stat()
            if let real = linkOutside(file, bounds: bounds) {
                unread.append("\(CheckRun.shortPath(file)) is a symbolic link to \(real), outside the repository, so it was not read")
                continue
            }
            guard file.systemStat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                unread.append("\(CheckRun.shortPath(file)) cannot be read (\(FileBytes.lastError(file)))")
                continue
            }
            guard taken.insert(FileKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted else { continue }
            switch store.bytes(of: file, status: status) {
            case .success(let bytes): sources.append((file, bytes))
            case .failure(.pastBudget): skipped += 1
            case .failure(.tooLarge(let size)): unread.append("\(CheckRun.shortPath(file)) is \(size.byteCountText), more than the \(fileLimit >> 20) MiB a Swift file is read up to")
            case .failure(.unreadable(let reason)): unread.append("\(CheckRun.shortPath(file)) cannot be read (\(reason))")
            }
        }
        if skipped > 0 {
            unread.append(pastBudget(skipped, budget: store.budget))
        }
        var found = SwiftUsageReader.mentions(sources)
        for file in interfaces {
            if let real = FileTree.realPath(file), !bounds.contains(where: { RepositoryRoot.contains($0, real) }) {
                unread.append("\(CheckRun.shortPath(file)) is a symbolic link to \(real), outside the repository, so it was not read")
            } else if let bytes = FileBytes.read(file, limit: fileLimit) {
                found.mentions += ImageMentions.interfaceMentions(path: file, bytes: bytes)
            } else {
                unread.append("\(CheckRun.shortPath(file)) cannot be read (\(FileBytes.lastError(file)))")
            }
        }
        found.unread = unread + found.unread
        return found
    }

    /// Where `file` leads when it is a symbolic link to somewhere outside every folder of `bounds` (real
    /// paths): such a file is not read.
    fileprivate static func linkOutside(_ file: String, bounds: [String]) -> String? {
        var status = stat()
        guard file.systemLstat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let real = FileTree.realPath(file),
              !bounds.contains(where: { RepositoryRoot.contains($0, real) }) else { return nil }
        return real
    }

    /// What a reading says of the `skipped` Swift files it left past the run's `budget`.
    fileprivate static func pastBudget(_ skipped: Int, budget: Int) -> String {
        "\(skipped == 1 ? "1 Swift file" : "\(skipped) Swift files") past the first \(budget >> 20) MiB of Swift code \(skipped == 1 ? "was" : "were") not read"
    }

    /// A file as the system knows it, whatever its name.
    fileprivate struct FileKey: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    static let configurationName = Array("ActivityConfiguration".utf8)

    /// Whether Swift `bytes` call `ActivityConfiguration` (a byte search first; only a file that holds
    /// the name is lexed, so that a string or a comment naming it does not count).
    static func declaresConfiguration(_ bytes: [UInt8]) -> Bool {
        guard contains(bytes, configurationName) else { return false }
        let tokens = SwiftLexer.tokens(of: bytes)
        return tokens.indices.contains { index in
            tokens[index].isName("ActivityConfiguration") && index + 1 < tokens.count
                && (tokens[index + 1].isSymbol("(") || tokens[index + 1].isSymbol("<") || tokens[index + 1].isSymbol("{"))
        }
    }

    /// The Swift code read in a run, at most (a large app has a few MiB).
    static let budget = 64 << 20

    /// The largest Swift file read (a hand-written file is rarely past a few hundred KiB).
    static let fileLimit = 16 << 20

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
