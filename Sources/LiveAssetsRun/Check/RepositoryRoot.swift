import LiveAssetsPlatform
import LiveAssets

/// The repository a path belongs to: what a pull request can change, and so the bounds of what a
/// configuration may name and a link may lead to.
package enum RepositoryRoot {
    /// The real path of the nearest folder at or above `path` (resolved first) that holds `.git` (a
    /// folder, or the file a worktree or submodule has); nil when there is none, or `path` does not exist.
    package static func of(_ path: String) -> String? {
        guard var folder = FileTree.realPath(path) else { return nil }
        if !FileTree.isDirectory(folder) { folder = parent(of: folder) }
        while true {
            if FileTree.exists((folder == "/" ? "" : folder) + "/.git") { return folder }
            guard folder != "/" else { return nil }
            folder = parent(of: folder)
        }
    }

    /// The bounds for `path`: its repository's root, else `fallback`'s real path (the configuration's
    /// folder, or the input itself).
    package static func bounds(of path: String, else fallback: String) -> String? {
        of(path) ?? FileTree.realPath(fallback)
    }

    /// Whether the real path `real` is `root` or inside it.
    package static func contains(_ root: String, _ real: String) -> Bool {
        root == "/" || real.isSamePath(as: root) || real.utf8.starts(with: (root + "/").utf8)
    }

    /// The folder of an absolute path ("/" for "/x").
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
