import LiveAssetsCore
import LiveAssetsPlatform

/// The system calls LiveAssets makes on paths, each given the path's file-system bytes
/// (``Swift/String/withFileSystemCString(_:)``), so that a name that is not UTF-8 reaches the system as the
/// bytes it is. Each returns what the call returns, `errno` set on failure.
extension String {
    /// `stat(2)`: the status of the file the path names, links followed.
    package func systemStat(into status: inout stat) -> Int32 { withFileSystemCString { stat($0, &status) } }

    /// `lstat(2)`: the status of the path itself (a link's own).
    package func systemLstat(into status: inout stat) -> Int32 { withFileSystemCString { lstat($0, &status) } }

    /// `open(2)` with `flags`, and `mode` for a file it creates.
    package func systemOpen(_ flags: Int32, mode: mode_t = 0) -> Int32 { withFileSystemCString { open($0, flags, mode) } }

    /// `unlink(2)`.
    @discardableResult package func systemUnlink() -> Int32 { withFileSystemCString { unlink($0) } }

    /// `mkdir(2)` with `mode`.
    package func systemMkdir(_ mode: mode_t) -> Int32 { withFileSystemCString { mkdir($0, mode) } }

    /// `link(2)`: `newPath` made another name of this file; fails when it exists.
    package func systemLink(to newPath: String) -> Int32 {
        withFileSystemCString { path in newPath.withFileSystemCString { link(path, $0) } }
    }

    /// `rename(2)`: this file moved to `newPath`, replacing what is there.
    package func systemRename(to newPath: String) -> Int32 {
        withFileSystemCString { path in newPath.withFileSystemCString { rename(path, $0) } }
    }
}
