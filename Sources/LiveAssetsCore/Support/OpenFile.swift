import LiveAssetsPlatform

/// An open regular file with its size, opened so that pipes never block, read by positioned reads:
/// where the header readers (the codecs' and the Swift one) get a file's bytes.
package struct OpenFile: ByteSource {
    /// The path as given, for errors.
    package let path: String
    /// The open descriptor; ``closeDescriptor()`` closes it.
    package let descriptor: Int32
    /// The file's size in bytes when it was opened (never 0).
    package let size: Int

    /// Opens `path`; refuses a directory, a device, a pipe or an empty file.
    package init(path: String) throws(ProbeError) {
        let descriptor = path.withFileSystemCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw Self.error(errno: errno, path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw Self.error(errno: code, path: path)
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            _ = close(descriptor)
            throw kind == S_IFDIR ? .isDirectory(file: path) : .notARegularFile(file: path)
        }
        guard status.st_size > 0 else {
            _ = close(descriptor)
            throw .emptyFile(file: path)
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    /// A file already open as `descriptor`, of `size` bytes; the caller keeps it and closes it.
    package init(borrowing descriptor: Int32, size: Int, path: String) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
    }

    /// Reads the first bytes of the file into `buffer` (no more than its size: a file smaller than the
    /// buffer takes one read); returns how many were read.
    package func readPrefix(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ProbeError) -> Int {
        let count = try read(into: UnsafeMutableRawBufferPointer(buffer), at: 0)
        if count == 0 { throw .emptyFile(file: path) }
        return count
    }

    /// Reads from byte `offset` until `buffer` is full or the file ends; returns how many were read.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ProbeError) -> Int {
        var count = 0
        let wanted = min(buffer.count, max(size - offset, 0))
        while count < wanted {
            let n = pread(descriptor, buffer.baseAddress! + count, wanted - count, off_t(offset + count))
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno: errno, path: path)
            }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// Closes the descriptor.
    package func closeDescriptor() {
        _ = close(descriptor)
    }

    /// The probe's error for a failed system call on `path`.
    package static func error(errno code: Int32, path: String) -> ProbeError {
        switch code {
        case ENOENT, ENOTDIR: .fileNotFound(file: path)
        case EACCES, EPERM: .permissionDenied(file: path)
        case EISDIR: .isDirectory(file: path)
        case ENOMEM: .outOfMemory(file: path)
        default: .readFailed(file: path, errno: code, reason: systemErrorText(code))
        }
    }
}
