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
    /// Writes `data` to `path` atomically; with `backup`, the old file is first kept as `path.orig`. A
    /// symbolic link is followed: the file it points to is replaced and the link kept.
    public static func write(_ data: Data, to requested: String, backup: Bool = false) throws(FitError) {
        let path = resolved(requested)
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var template = Array(((folder.isEmpty ? "/" : folder) + "/.\(name).liveassets-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .write(file: requested, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The original's permissions (new files: rw-r--r--), set before the data is synced.
        var status = stat()
        fchmod(descriptor, stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644)
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
            throw .write(file: requested, reason: reason)
        }
        if backup {
            let copy = path + ".orig"
            unlink(copy)
            // A hard link costs nothing; where the file system has none, a copy.
            if link(path, copy) != 0 {
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                } catch {
                    unlink(temporary)
                    throw .write(file: requested, reason: "the backup \(copy) could not be made")
                }
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .write(file: requested, reason: reason)
        }
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file a path names, through any symbolic links; the path itself when it does not exist yet.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
