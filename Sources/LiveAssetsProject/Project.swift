import LiveAssetsCore

/// An Xcode project or a Swift package, read without running anything: its targets, the local packages
/// it refers to, and what it could not say.
package struct Project: Sendable {
    /// The `.xcodeproj` folder or the `Package.swift` file.
    package var file: String
    /// The folder its relative paths start from.
    package var root: String
    package var targets: [ProjectTarget]
    /// The folders of the local packages it refers to.
    package var localPackages: [String] = []
    /// A package's products: each name, with the targets it holds.
    package var products: [String: [String]] = [:]
    /// What it names that the reading leaves aside, one phrase each: a path outside the repository, a
    /// manifest's computed list.
    package var notes: [String] = []
    /// Paths it names outside the repository: left out of its targets, not read.
    package var outsideRepository: [String] = []
    /// Whether every target could be read: false where a manifest computes what it declares, so that a
    /// target may be missing (then nothing is taken for "bundled by no Live Activity target").
    package var isComplete = true

    package init(file: String, root: String, targets: [ProjectTarget]) {
        self.file = file
        self.root = root
        self.targets = targets
    }
}

/// Why a project file cannot be used: the file and the cause, in a phrase.
package struct ProjectError: Error, Sendable, Hashable {
    package let file: String
    package let reason: String

    /// One sentence that names the file and says what follows.
    package var message: String { "\(file) could not be read (\(reason))" }
}

/// Project files are read within bounds, as Swift files are: a larger one is refused unread.
package enum ProjectLimits {
    /// The largest `project.pbxproj` read (a large app's is a few MB).
    package static let projectFile = 64 << 20
    /// The largest `Package.swift` or workspace file read.
    package static let manifest = 4 << 20

    /// The bytes of `path`, or why not (refused over `limit` by its size, before it is read).
    package static func bytes(of path: String, limit: Int) -> Result<[UInt8], ProjectError> {
        guard let size = FileBytes.size(path) else { return .failure(ProjectError(file: path, reason: FileBytes.lastError(path))) }
        guard size <= limit else {
            return .failure(ProjectError(file: path, reason: "it is \(size) bytes, more than the \(limit >> 20) MiB a project file is read up to"))
        }
        guard let bytes = FileBytes.read(path, limit: limit) else { return .failure(ProjectError(file: path, reason: FileBytes.lastError(path))) }
        return .success(bytes)
    }
}
