#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a crash at any moment leaves either the old or the new content, never a mix:
/// a temporary file in the same folder, written and synced, renamed over the target, then the folder
/// synced.
///
/// A file that did not exist is synced only when the caller asks (`durable`). Other processes never
/// see it half-written either way; without the sync, a system crash before the system has written it
/// out can leave it missing, empty or cut short. `fit --in-place` asks for every file (they are the
/// user's sources, and a new variant is named by a Contents.json synced after it); a tree of new files
/// under `--out` does not, so it does not wait for the disk once per file.
public enum AtomicFile {
    /// Writes `data` to `path` atomically; with `backup`, the old file is first kept as `path.orig`. A
    /// symbolic link is followed: the file it points to is replaced and the link kept. A replaced file
    /// is always synced, with its folder; a new one only when `durable`.
    public static func write(_ data: Data, to requested: String, backup: Bool = false, durable: Bool = false)
        throws(FitError)
    {
        let path = resolved(requested)
        let (folder, name) = location(path)
        var template = Array(((folder == "/" ? "" : folder) + "/.\(temporaryStem(name)).liveassets-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .write(file: requested, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The original's permissions (new files: rw-r--r--), set before the data is written.
        var status = stat()
        let replacing = stat(path, &status) == 0
        let syncs = replacing || durable
        fchmod(descriptor, replacing ? status.st_mode & 0o7777 : 0o644)
        let ok = data.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) } && (!syncs || fsync(descriptor) == 0)
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard ok else {
            unlink(temporary)
            throw .write(file: requested, reason: reason)
        }
        if backup {
            let copy = path + ".orig"
            // Named as the user named the file, unless that was a link (the copy sits by its target).
            var status = stat()
            let shown = lstat(requested, &status) == 0 && (status.st_mode & S_IFMT) != S_IFLNK ? requested + ".orig" : copy
            guard lstat(copy, &status) != 0 else {
                unlink(temporary)
                throw .write(file: requested, reason: "its backup \(shown) exists already; move it away to keep it")
            }
            // A hard link costs nothing; where the file system has none, a copy.
            if link(path, copy) != 0 {
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                } catch {
                    unlink(temporary)
                    throw .write(file: requested, reason: "the backup \(shown) could not be made")
                }
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .write(file: requested, reason: reason)
        }
        guard syncs else { return }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Creates `folder` and its missing parents, as `mkdir -p` does, so that `file` can be written in it;
    /// the error names `file` and the folder that could not be made, with the system's reason.
    public static func createFolder(_ folder: String, for file: String) throws(FitError) {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            guard mkdir(prefix, 0o755) != 0 else { continue }
            let code = errno
            guard code == EEXIST else {
                throw .write(file: file, reason: "its folder \(folder) could not be created: \(String(cString: strerror(code)))")
            }
            guard FileTree.isDirectory(prefix) else {
                throw .write(file: file, reason: "\(prefix) is a file, not a folder")
            }
        }
    }

    /// Removes the temporary files that writes of `paths` left behind when their process was killed
    /// before renaming them (`.NAME.liveassets-XXXXXX` beside each file, links resolved as ``write``
    /// resolves them), once they are older than `age` seconds, so that a write still in progress
    /// elsewhere is left alone. Returns the paths removed.
    @discardableResult
    public static func removeLeftovers(beside paths: [String], olderThan age: TimeInterval = 600) -> [String] {
        let now = Date().timeIntervalSince1970
        let folders = Dictionary(grouping: paths.map { location(resolved($0)) }, by: \.folder)
            .mapValues { Set($0.map { temporaryStem($0.name) }) }
        var removed: [String] = []
        for (folder, names) in folders.sorted(by: { $0.key < $1.key }) {
            for entry in FileTree.entries(of: folder, includingHidden: true) {
                guard let name = replacedName(entry), names.contains(name) else { continue }
                let path = (folder == "/" ? "" : folder) + "/" + entry
                var status = stat()
                guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                      now - Double(status.st_mtim.tv_sec) > age, unlink(path) == 0 else { continue }
                removed.append(path)
            }
        }
        return removed
    }

    /// Whether `a` and `b` name the same existing file (after symbolic links): the same device and inode.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The folder a path is in ("." for a bare name, "/" at the root) and its last component.
    static func location(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The part of a file's name its temporary file carries: all of it, or for a name too long to take
    /// the 19 added bytes within the 255 a name may have, its first 236 bytes (whole characters).
    static func temporaryStem(_ name: String) -> String {
        guard name.utf8.count > 236 else { return name }
        var stem = Substring(name)
        while stem.utf8.count > 236 { stem = stem.dropLast() }
        return String(stem)
    }

    /// NAME, for a temporary file named `.NAME.liveassets-` and the 6 characters `mkstemp` chose.
    static func replacedName(_ entry: String) -> String? {
        let utf8 = Array(entry.utf8), marker = Array(".liveassets-".utf8)
        guard utf8.count > 1 + marker.count + 6, utf8[0] == UInt8(ascii: "."),
              Array(utf8[(utf8.count - 6 - marker.count)..<(utf8.count - 6)]) == marker,
              utf8.suffix(6).allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        return String(decoding: utf8[1..<(utf8.count - 6 - marker.count)], as: UTF8.self)
    }

    /// The file a path names, through any symbolic links; the path itself when it does not exist yet.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
