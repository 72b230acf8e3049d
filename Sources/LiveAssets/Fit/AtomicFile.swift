import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a crash at any moment leaves either the old or the new content, never a mix:
/// a temporary file in the same folder, written and synced, renamed over the target, then the folder
/// synced.
public enum AtomicFile {
    /// Writes `data` to `path` atomically; with `backup`, the old file is first kept as `path.orig`.
    public static func write(_ data: Data, to path: String, backup: Bool = false) throws(FitError) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var template = Array(((folder.isEmpty ? "/" : folder) + "/.\(name).liveassets-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .write(file: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var written = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let n = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                written += n
            }
            return fsync(descriptor) == 0
        }
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard ok else {
            unlink(temporary)
            throw .write(file: path, reason: reason)
        }
        // Keep the original's permissions.
        var status = stat()
        if stat(path, &status) == 0 { chmod(temporary, status.st_mode & 0o7777) } else { chmod(temporary, 0o644) }
        if backup {
            let copy = path + ".orig"
            unlink(copy)
            guard link(path, copy) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw .write(file: path, reason: "the backup \(copy) could not be made: \(reason)")
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .write(file: path, reason: reason)
        }
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
