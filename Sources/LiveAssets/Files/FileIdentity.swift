import LiveAssetsPlatform

/// Which file a path named, and as it was: device, inode, size and modification time. `fit` takes it
/// under the file's lock before reading and compares it again right before renaming its result over
/// the file: a file replaced (`mv`) or written to meanwhile is left as it is and reported as changed,
/// never lost under the fitted old picture.
package struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    /// The file's size in bytes.
    package let size: Int
    let modified: Int

    /// The identity of the file at `path` (through symbolic links), or nil when there is none.
    package init?(path: String) {
        var status = stat()
        guard path.withFileSystemCString({ stat($0, &status) }) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modified = Platform.modificationNanoseconds(status)
    }
}
