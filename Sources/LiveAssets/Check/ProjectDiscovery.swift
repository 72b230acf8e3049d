import LiveAssetsPlatform

/// Finds the projects a run's inputs belong to: the `.xcodeproj` folders and `Package.swift` files at or
/// above each input (the nearest folder that holds any, up to the repository's root), and below a folder
/// input; a `.xcworkspace` found adds the projects it lists. Nothing is run, only listed.
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

    /// Folders a search below an input does not enter: built products, other tools' checkouts.
    static let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages"]

    /// The projects of `inputs` (absolute paths).
    package static func projects(for inputs: [String]) -> Found {
        var found = Found()
        var seen = Set<PathKey>()
        func add(_ path: String) {
            guard seen.insert(PathKey(path)).inserted else { return }
            if path.hasSuffix(".xcodeproj") { found.xcodeProjects.append(path) }
            else if path.hasSuffix(".xcworkspace") { found.workspaces.append(path) }
            else if path.hasSuffix("/Package.swift") { found.manifests.append(path) }
            else { found.tuistManifests.append(path) }
        }
        for input in inputs {
            // Below a folder input (its own entries included: a project file there is the nearest).
            let isFolder = FileTree.isDirectory(input)
            var nearest = false
            if isFolder {
                search(below: input) { path in
                    if parent(of: path).isSamePath(as: input) { nearest = true }
                    add(path)
                }
            }
            guard !nearest else { continue }
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
        listing(folder, entering: false) { found.append($0) }
        return found
    }

    /// The project files below `folder`, each given to `add`; folders a project or catalog is, hidden
    /// ones and those of ``skipped`` are not entered, nor links to folders.
    static func search(below folder: String, _ add: (String) -> Void) {
        listing(folder, entering: true, add)
    }

    /// Lists `folder` by its entries' bytes, a name made a string only where it is a project file or a
    /// folder to enter (a folder of 2,000 images is listed without one): each project file found is given
    /// to `found`; with `entering`, the folders that may hold one are listed too.
    static func listing(_ folder: String, entering: Bool, _ found: (String) -> Void) {
        guard let handle = folder.withFileSystemCString({ opendir($0) }) else { return }
        var folders: [String] = []
        do {
            defer { closedir(handle) }
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let prefix = folder == "/" ? "/" : folder + "/"
            while let entry = readdir(handle) {
                let start = UnsafeRawPointer(entry) + nameOffset
                let name = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
                guard name.first != UInt8(ascii: ".") else { continue }
                func path() -> String { prefix + String(fileSystemBytes: name) }
                if ends(name, ".xcodeproj") || ends(name, ".xcworkspace") {
                    let project = path()
                    if FileTree.isDirectory(project) { found(project) }
                } else if name.elementsEqual("Package.swift".utf8) || name.elementsEqual("Project.swift".utf8)
                            || name.elementsEqual("Workspace.swift".utf8) {
                    let manifest = path()
                    if FileBytes.isRegularFile(manifest) { found(manifest) }
                } else if entering, !ends(name, ".xcassets"), !skipped.contains(where: { name.elementsEqual($0.utf8) }) {
                    var type = Int32(entry.pointee.d_type)
                    if type == Int32(DT_DIR) || type == Int32(DT_UNKNOWN) {
                        let child = path()
                        var status = stat()
                        if type == Int32(DT_UNKNOWN) {
                            type = child.systemLstat(into: &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
                        }
                        if type == Int32(DT_DIR) { folders.append(child) }
                    }
                }
            }
        }
        for child in folders { listing(child, entering: true, found) }
    }

    /// Whether a name's bytes end with `suffix`.
    static func ends(_ name: UnsafeRawBufferPointer, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard name.count >= count else { return false }
        return memcmp(name.baseAddress! + (name.count - count), suffix.utf8Start, count) == 0
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
