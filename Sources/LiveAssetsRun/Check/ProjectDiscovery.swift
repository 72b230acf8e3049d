import LiveAssetsPlatform
import LiveAssets

/// Finds the projects a run's inputs belong to: the `.xcodeproj` folders and `Package.swift` files at or
/// above each input (the nearest folder that holds any, up to the repository's root), and those the
/// scan's walk met below a folder input; a `.xcworkspace` found adds the projects it lists. Nothing is
/// run, only listed.
package enum ProjectDiscovery {
    /// What was found, by absolute path.
    package struct Found: Sendable, Hashable {
        package var xcodeProjects: [String] = []
        package var manifests: [String] = []
        package var workspaces: [String] = []
        /// Tuist's `Project.swift` and `Workspace.swift`: projects described in code, not read.
        package var tuistManifests: [String] = []

        package var isEmpty: Bool { xcodeProjects.isEmpty && manifests.isEmpty }
    }

    /// Folders whose project files are not the repository's own: built products, other tools' checkouts.
    static let skipped: Set<Substring> = ["build", "DerivedData", "Carthage", "node_modules", "SourcePackages"]

    /// The projects at or above `inputs` (absolute paths), with `below` (what the scans' walks of the
    /// inputs met, absolute: each walk of a folder input finds the project files below it, so no folder is
    /// listed twice).
    package static func projects(for inputs: [String], below: [String] = []) -> Found {
        var found = Found()
        var seen = Set<PathKey>()
        func add(_ path: String) {
            guard seen.insert(PathKey(path)).inserted else { return }
            if path.hasSuffix(".xcodeproj") { found.xcodeProjects.append(path) }
            else if path.hasSuffix(".xcworkspace") { found.workspaces.append(path) }
            else if path.hasSuffix("/Package.swift") { found.manifests.append(path) }
            else { found.tuistManifests.append(path) }
        }
        below.forEach(add)
        for input in inputs {
            // A project file in a folder input itself is the nearest (its walk met it).
            let isFolder = FileTree.isDirectory(input)
            guard !(isFolder && below.contains { parent(of: $0).isSamePath(as: input) }) else { continue }
            // Above: the nearest folder with a project file, up to the repository's root.
            let top = RepositoryRoot.of(input)
            var folder = input  // its folder first for a file; its parent for a folder (searched above)
            while !(top.map { folder.isSamePath(as: $0) } ?? false) && folder != "/" {
                folder = parent(of: folder)
                let here = files(in: folder)
                here.forEach(add)
                if !here.isEmpty { break }
            }
        }
        return found
    }

    /// The project files directly in `folder`: `.xcodeproj` and `.xcworkspace` folders (not a project's
    /// own embedded workspace), `Package.swift`, and Tuist's `Project.swift` and `Workspace.swift`.
    static func files(in folder: String) -> [String] {
        var found: [String] = []
        listing(folder) { found.append($0) }
        return found
    }

    /// Lists `folder` by its entries' bytes, a name made a string only where it is a project file (a
    /// folder of 2,000 images is listed without one): each project file found is given to `found`.
    static func listing(_ folder: String, _ found: (String) -> Void) {
        guard let handle = folder.withFileSystemCString({ opendir($0) }) else { return }
        do {
            defer { closedir(handle) }
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let prefix = folder == "/" ? "/" : folder + "/"
            while let entry = readdir(handle) {
                let start = UnsafeRawPointer(entry) + nameOffset
                let name = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
                guard name.first != UInt8(ascii: ".") else { continue }
                func path() -> String { prefix + String(fileSystemBytes: name) }
                // Most entries are images: their names end in neither of these (one byte compared first).
                if ends(name, ".xcodeproj") || ends(name, ".xcworkspace") {
                    let project = path()
                    if FileTree.isDirectory(project) { found(project) }
                } else if ends(name, ".swift") && (isNamed(name, "Package.swift") || isNamed(name, "Project.swift") || isNamed(name, "Workspace.swift")) {
                    let manifest = path()
                    if FileBytes.isRegularFile(manifest) { found(manifest) }
                }
            }
        }
    }

    /// Whether a name's bytes end with `suffix` (its last byte compared first).
    static func ends(_ name: UnsafeRawBufferPointer, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard name.count >= count, name[name.count - 1] == suffix.utf8Start[count - 1] else { return false }
        return memcmp(name.baseAddress! + (name.count - count), suffix.utf8Start, count) == 0
    }

    /// Whether `path` (met by a walk) is a project file of the repository's own: a project or workspace
    /// folder, a package or Tuist manifest, not inside built products or another tool's checkouts.
    package static func isProjectFile(_ path: String) -> Bool {
        let name = FileTree.lastComponent(path)
        guard name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == "Package.swift" || name == "Project.swift"
            || name == "Workspace.swift" else { return false }
        return !path.split(separator: "/").dropLast().contains { skipped.contains($0) }
    }

    /// Whether a name's bytes are `text`'s.
    static func isNamed(_ name: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        name.count == text.utf8CodeUnitCount && memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
