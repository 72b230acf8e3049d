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
            // Above: the nearest folder with a project file, up to the repository's root.
            var folder = FileTree.isDirectory(input) ? input : parent(of: input)
            let top = RepositoryRoot.of(folder)
            while true {
                let here = files(in: folder)
                here.forEach(add)
                if !here.isEmpty || folder == "/" || (top.map { folder.isSamePath(as: $0) } ?? false) { break }
                folder = parent(of: folder)
            }
            // Below a folder input.
            guard FileTree.isDirectory(input) else { continue }
            FileTree.walk(input) { entry in
                guard case .directory(let path) = entry else {
                    if case .file(let path) = entry, ["Package.swift", "Project.swift", "Workspace.swift"].contains(FileTree.lastComponent(path)) {
                        add(path)
                    }
                    return true
                }
                let name = FileTree.lastComponent(path)
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    add(path)
                    return false
                }
                return !name.hasSuffix(".xcassets") && !skipped.contains(String(name))
            }
        }
        return found
    }

    /// The project files directly in `folder`: `.xcodeproj` and `.xcworkspace` folders (not a project's
    /// own embedded workspace) and `Package.swift`.
    static func files(in folder: String) -> [String] {
        FileTree.entries(of: folder).compactMap { name in
            let path = (folder == "/" ? "" : folder) + "/" + name
            if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") { return FileTree.isDirectory(path) ? path : nil }
            return ["Package.swift", "Project.swift", "Workspace.swift"].contains(name) && FileBytes.isRegularFile(path) ? path : nil
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
