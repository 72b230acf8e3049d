#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform
import CLiveAssetsTemporaries

/// Replaces files so that a crash at any moment leaves either the old or the new content, never a mix:
/// a temporary file in the same folder, written and synced, renamed over the target, then the folder
/// synced.
///
/// A file that did not exist is synced only when the caller asks (`durable`). Other processes never
/// see it half-written either way; without the sync, a system crash before the system has written it
/// out can leave it missing, empty or cut short. `fit --in-place` asks for every file (they are the
/// user's sources, and a new variant is named by a Contents.json synced after it); a tree of new files
/// under `--out` does not, so it does not wait for the disk once per file.
package enum AtomicFile {
    /// Writes `data` to `path` atomically; with `backup`, the old file is first kept as `path.orig`. A
    /// symbolic link is followed: the file it points to is replaced and the link kept. Only a regular
    /// file is ever replaced: a folder, a device, a FIFO, a socket or a link to nothing is refused. A
    /// replaced file keeps its permissions, its owner and group (as far as this user may set them) and
    /// its extended attributes (on Linux ACLs included; on Apple platforms not yet run, and ACLs not
    /// copied); one that cannot be kept fails the write. A
    /// replaced file is always synced, with its folder; a new one only when `durable`.
    ///
    /// The temporary file is named `.NAME.liveassets-PID-XXXXXX` (PID this process's id), so that
    /// ``removeLeftovers(beside:olderThan:)`` can tell whose it is, and is recorded for
    /// ``removeTemporariesOnSignals()``.
    ///
    /// `followsLinks: false` refuses a `requested` path that is a symbolic link instead (for files found
    /// in a tree, which a pull request may have made links to anything). With `unchangedSince`, the file
    /// is compared with that identity right before the rename, and left as it is when it changed.
    package static func write(_ data: Data, to requested: String, backup: Bool = false, durable: Bool = false,
                              followsLinks: Bool = true, unchangedSince expected: FileIdentity? = nil)
        throws(FitError)
    {
        // The paths below go to the system as their UTF-8: a byte held for a name that is not UTF-8
        // (see `String(fileSystemBytes:)`) would write under another name. Callers never get here with
        // one (fit refuses such names first); this is the last guard.
        guard !requested.hasRawBytes else { throw .write(file: requested, reason: "its path " + rawBytesReason) }
        if !followsLinks, FileTree.isLink(requested) { throw .write(file: requested, reason: linkReason) }
        let path = followsLinks ? resolved(requested) : requested
        if let reason = unreplaceable(path) { throw .write(file: requested, reason: reason + ", and only regular files are replaced") }
        let (folder, _) = location(path)
        let (descriptor, temporary, slot) = try temporaryFile(beside: path, for: requested)
        func discard() {
            temporary.systemUnlink()
            latmp_forget(slot)
        }
        // The original's owner, group and permissions (new files: rw-r--r--), set before the data is
        // written; the owner first, as changing it clears the set-user-ID and set-group-ID bits.
        var status = stat()
        let replacing = path.systemStat(into: &status) == 0
        let syncs = replacing || durable
        if replacing && fchown(descriptor, status.st_uid, status.st_gid) != 0 {
            // Only root may give a file away; the owner may still keep the group if a member of it.
            _ = fchown(descriptor, uid_t.max, status.st_gid)
        }
        fchmod(descriptor, replacing ? status.st_mode & 0o7777 : 0o644)
        var failure: String?
        if !data.withUnsafeBytes({ Descriptor.writeAll(descriptor, $0) }) {
            failure = systemErrorText(errno)
        } else if replacing, let reason = copyExtendedAttributes(from: path, to: descriptor) {
            failure = reason
        } else if syncs && Platform.synchronize(descriptor) != 0 {
            failure = systemErrorText(errno)
        }
        close(descriptor)
        if let failure {
            discard()
            throw .write(file: requested, reason: failure)
        }
        // The file must still be the one read: checked before a backup is made of it, and again below.
        if let expected, FileIdentity(path: path) != expected {
            discard()
            throw .write(file: requested, reason: changedReason)
        }
        var madeBackup: String?
        if backup {
            let copy = path + ".orig"
            // Named as the user named the file, unless that was a link (the copy sits by its target).
            let shown = FileTree.exists(requested) && !FileTree.isLink(requested) ? requested + ".orig" : copy
            var status = stat()
            guard copy.systemLstat(into: &status) != 0 else {
                discard()
                throw .write(file: requested, reason: "its backup \(shown) exists already; move it away to keep it")
            }
            // Nor one a Mac takes for it (another case, another Unicode normalization).
            let name = String(FileTree.lastComponent(copy))
            let folder = copy.lastIndex(of: "/").map { String(copy[..<$0]) } ?? "."
            if let twin = FileTree.entries(of: folder.isEmpty ? "/" : folder, includingHidden: true).first(where: { name.isTakenOnAMac(by: Set($0.macNameKeys)) }) {
                discard()
                throw .write(file: requested, reason: "its backup \(shown) would take the name of \(twin), the same file on a Mac; move it away to keep it")
            }
            // A hard link costs nothing; where the file system has none, a copy.
            if path.systemLink(to: copy) != 0 {
                do {
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                } catch {
                    discard()
                    throw .write(file: requested, reason: "the backup \(shown) could not be made")
                }
            }
            madeBackup = copy
        }
        // A backup made above by this write, of a file it no longer replaces, goes with a failure.
        func discardAll() {
            discard()
            if let madeBackup { madeBackup.systemUnlink() }
        }
        // Again just before the rename: something else may have been put there meanwhile.
        if let reason = unreplaceable(path) {
            discardAll()
            throw .write(file: requested, reason: reason + ", and only regular files are replaced")
        }
        if let expected, FileIdentity(path: path) != expected {
            discardAll()
            throw .write(file: requested, reason: changedReason)
        }
        guard temporary.systemRename(to: path) == 0 else {
            let reason = systemErrorText(errno)
            discardAll()
            throw .write(file: requested, reason: reason)
        }
        latmp_forget(slot)
        guard syncs else { return }
        let folderDescriptor = folder.systemOpen(O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = Platform.synchronize(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes `data` as a new file at `path`, which must not exist: never over anything, whatever
    /// appears there meanwhile (a file, or a link to anything). The data is written and synced in a
    /// temporary file beside it, then linked to the name (link(2) fails when the name is taken), and the
    /// folder synced; where the file system has no hard links, the name is opened with O_EXCL and
    /// O_NOFOLLOW and written in place.
    package static func create(_ data: Data, at path: String) throws(FitError) {
        guard !path.hasRawBytes else { throw .write(file: path, reason: "its path " + rawBytesReason) }
        var status = stat()
        guard path.systemLstat(into: &status) != 0 else { throw .write(file: path, reason: takenReason) }
        let (descriptor, temporary, slot) = try temporaryFile(beside: path, for: path)
        defer {
            temporary.systemUnlink()
            latmp_forget(slot)
        }
        fchmod(descriptor, 0o644)
        let written = data.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) } && Platform.synchronize(descriptor) == 0
        let writeError = errno
        close(descriptor)
        guard written else { throw .write(file: path, reason: systemErrorText(writeError)) }
        if temporary.systemLink(to: path) != 0 {
            let code = errno
            guard code != EEXIST else { throw .write(file: path, reason: takenReason) }
            guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV else {
                throw .write(file: path, reason: systemErrorText(code))
            }
            let direct = path.systemOpen(O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o644)
            guard direct >= 0 else { throw .write(file: path, reason: errno == EEXIST ? takenReason : systemErrorText(errno)) }
            let done = data.withUnsafeBytes { Descriptor.writeAll(direct, $0) } && Platform.synchronize(direct) == 0
            let code2 = errno
            close(direct)
            guard done else {
                path.systemUnlink()
                throw .write(file: path, reason: systemErrorText(code2))
            }
        }
        let folderDescriptor = location(path).folder.systemOpen(O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = Platform.synchronize(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// A new temporary file beside `path`, `.NAME.liveassets-PID-XXXXXX`, open for writing and recorded
    /// for ``removeTemporariesOnSignals()``; errors name `requested`.
    private static func temporaryFile(beside path: String, for requested: String) throws(FitError)
        -> (descriptor: Int32, path: String, slot: Int32)
    {
        let (folder, name) = location(path)
        // Its file-system bytes (see `withFileSystemCString`), NUL-ended.
        var template = ((folder == "/" ? "" : folder) + "/.\(temporaryStem(name)).liveassets-\(getpid())-XXXXXX").fileSystemBytes
            .map { CChar(bitPattern: $0) } + [0]
        var slot: Int32 = -1
        let descriptor = template.withUnsafeMutableBufferPointer { latmp_create($0.baseAddress!, &slot) }
        guard descriptor >= 0 else { throw .write(file: requested, reason: systemErrorText(errno)) }
        return (descriptor, String(fileSystemBytes: template.dropLast().map { UInt8(bitPattern: $0) }), slot)
    }

    /// Why a link found in a tree is not written through, continuing "X could not be written (...)".
    package static let linkReason = "it is a symbolic link, and fit writes through no link it finds in a folder or catalog, where a pull request could make one lead anywhere; replace the link with the file itself, or name the file on the command line"

    /// Why a new file is not written under a name that is taken.
    static let takenReason = "a file of that name exists, and fit never writes over a file it did not create"

    /// Why a file that changed during fit is not replaced.
    package static let changedReason = "it changed while fit was working on it: it was replaced or written to, and is left as it now is; run fit again to fit it"

    /// Makes SIGINT, SIGTERM and SIGHUP remove the temporary files that writes in progress have made
    /// before the process ends (still as killed by the signal). For programs, once at start: a library
    /// leaves the process's signals alone. A signal the process was started with ignored stays ignored;
    /// one it was started with blocked is unblocked in the calling thread (call it from the main thread
    /// before others start: they inherit its mask).
    package static func removeTemporariesOnSignals() {
        _ = latmp_install_signal_handlers()
    }

    /// Why a regular file may not be written at `path` (after symbolic links), in words that continue
    /// "PATH could not be written (...)"; nil when nothing is there or a regular file is.
    package static func unreplaceable(_ path: String) -> String? {
        var status = stat()
        if path.systemStat(into: &status) == 0 {
            let type = status.st_mode & S_IFMT
            guard type != S_IFREG else { return nil }
            let kind = switch type {
            case S_IFDIR: "a folder"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFIFO: "a FIFO"
            case S_IFSOCK: "a socket"
            default: "a special file"
            }
            return "it is \(kind), not a regular file"
        }
        // A link to nothing (or to itself): writing would replace the link, which the user did not name.
        if path.systemLstat(into: &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK {
            return "it is a symbolic link that leads to no file"
        }
        return nil
    }

    /// Runs `body` holding an exclusive advisory lock (flock(2)) on the file at `path`, so that two runs
    /// replacing the same file take turns: when the file was replaced while this one waited, the file
    /// there now is locked instead. Without a lock to take (a file that cannot be opened, a file system
    /// without locks), `body` runs anyway and reports what it finds. Other programs are not held back.
    package static func whileLocked<T>(_ path: String, _ body: () throws(FitError) -> T) throws(FitError) -> T {
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let candidate = path.systemOpen(O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // a FIFO put there: no wait
            guard candidate >= 0 else { break }
            while flock(candidate, LOCK_EX) != 0 && errno == EINTR {}
            var held = stat(), named = stat()
            if fstat(candidate, &held) == 0 && path.systemStat(into: &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino {
                descriptor = candidate
                break
            }
            close(candidate)
        }
        defer { if descriptor >= 0 { close(descriptor) } }
        return try body()
    }

    /// Copies every extended attribute of `path` to the file open as `descriptor` (on Linux ACLs are
    /// extended attributes too, the system.posix_acl_* ones; on Apple's platforms they are not, and are
    /// not copied); the reason, when one cannot be read or kept.
    static func copyExtendedAttributes(from path: String, to descriptor: Int32) -> String? {
        path.withFileSystemCString { copyExtendedAttributes(from: $0, to: descriptor) }
    }

    private static func copyExtendedAttributes(from path: UnsafePointer<CChar>, to descriptor: Int32) -> String? {
        var names = [CChar](repeating: 0, count: 1024)
        var length = Platform.listAttributes(path, &names, names.count)
        if length < 0 && errno == ERANGE {
            names = [CChar](repeating: 0, count: max(Platform.listAttributes(path, nil, 0), 0) + 1024)
            length = Platform.listAttributes(path, &names, names.count)
        }
        if length < 0 {
            return errno == ENOTSUP ? nil : "its extended attributes could not be read: \(systemErrorText(errno))"
        }
        var value = [UInt8](repeating: 0, count: 4096)
        var start = 0
        while start < length {
            let end = names[start..<length].firstIndex(of: 0) ?? length
            let name = String(decoding: names[start..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            start = end + 1
            // Its length first: Darwin reads a resource fork longer than the buffer without ERANGE, cut short.
            let length = Platform.attribute(path, name, nil, 0)
            if length > value.count { value = [UInt8](repeating: 0, count: length + 4096) }
            var size = length < 0 ? length : Platform.attribute(path, name, &value, value.count)
            if size < 0 && errno == ERANGE {
                value = [UInt8](repeating: 0, count: max(Platform.attribute(path, name, nil, 0), 0) + 4096)
                size = Platform.attribute(path, name, &value, value.count)
            }
            if size < 0 && errno == Platform.noSuchAttribute { continue }  // removed since it was listed
            guard size >= 0 else {
                return "its extended attribute \(name) could not be read: \(systemErrorText(errno))"
            }
            guard Platform.setAttribute(descriptor, name, value, size) == 0
                || (errno == EPERM && Platform.systemManagesAttribute(name)) else {
                return "its extended attribute \(name) could not be kept: \(systemErrorText(errno))"
            }
        }
        return nil
    }

    /// Why a path with a name that is not valid UTF-8 is not written.
    static let rawBytesReason = "holds a name that is not valid UTF-8 (shown with \u{FFFD}), and LiveAssets writes nothing under such a name; rename it"

    /// Creates `folder` and its missing parents, as `mkdir -p` does, so that `file` can be written in it;
    /// the error names `file` and the folder that could not be made, with the system's reason.
    package static func createFolder(_ folder: String, for file: String) throws(FitError) {
        guard !folder.hasRawBytes else { throw .write(file: file, reason: "its folder \(folder) " + rawBytesReason) }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            guard prefix.systemMkdir(0o755) != 0 else { continue }
            let code = errno
            guard code == EEXIST else {
                throw .write(file: file, reason: "its folder \(folder) could not be created: \(systemErrorText(code))")
            }
            guard FileTree.isDirectory(prefix) else {
                throw .write(file: file, reason: "\(prefix) is a file, not a folder")
            }
        }
    }

    /// Removes the temporary files that writes of `paths` left behind when their process was killed
    /// before renaming them (beside each file, links resolved as `write` resolves them): those named
    /// `.NAME.liveassets-PID-XXXXXX` whose process PID has ended, so that a write still in progress in
    /// another run is left alone, and those of the older `.NAME.liveassets-XXXXXX` form, which name no
    /// process, once they are older than `age` seconds. Returns the paths removed.
    @discardableResult
    package static func removeLeftovers(beside paths: [String], olderThan age: TimeInterval = 600) -> [String] {
        let now = Date().timeIntervalSince1970
        let folders = Dictionary(grouping: paths.map { location(resolved($0)) }, by: \.folder)
            .mapValues { Set($0.map { temporaryStem($0.name) }).union($0.map { temporaryStem($0.name, limit: 236) }) }
        var removed: [String] = []
        for (folder, names) in folders.sorted(by: { $0.key < $1.key }) {
            for entry in FileTree.entries(of: folder, includingHidden: true) {
                guard let leftover = leftover(entry), names.contains(leftover.name) else { continue }
                let path = (folder == "/" ? "" : folder) + "/" + entry
                var status = stat()
                guard path.systemLstat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
                if let process = leftover.process {
                    // Ended: no such process (a process of another user answers EPERM, and is alive).
                    guard process != getpid(), kill(process, 0) != 0, errno == ESRCH else { continue }
                } else {
                    guard now - Double(Platform.modificationSeconds(status)) > age else { continue }
                }
                if path.systemUnlink() == 0 { removed.append(path) }
            }
        }
        return removed
    }

    /// Whether `a` and `b` name the same existing file (after symbolic links): the same device and inode.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return a.systemStat(into: &first) == 0 && b.systemStat(into: &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The folder a path is in ("." for a bare name, "/" at the root) and its last component.
    static func location(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The part of a file's name its temporary file carries: all of it, or for a name too long to take
    /// the bytes added (30 at most: a dot, ".liveassets-", a process id of up to 10 digits, "-" and 6
    /// characters) within the 255 a name may have, its first 225 bytes (whole characters). 236 was the
    /// limit of the older form, which added 19.
    static func temporaryStem(_ name: String, limit: Int = 225) -> String {
        guard name.utf8.count > limit else { return name }
        var stem = Substring(name)
        while stem.utf8.count > limit { stem = stem.dropLast() }
        return String(stem)
    }

    /// NAME and the process id, for a temporary file named `.NAME.liveassets-PID-` and the 6 characters
    /// `mkstemp` chose; NAME alone for one of the older form, `.NAME.liveassets-` and the 6 characters.
    static func leftover(_ entry: String) -> (name: String, process: pid_t?)? {
        let utf8 = Array(entry.utf8), marker = Array(".liveassets-".utf8)
        guard utf8.count > 1 + marker.count + 6, utf8[0] == UInt8(ascii: "."),
              utf8.suffix(6).allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        var end = utf8.count - 6  // where the marker (older form) or "PID-" ends
        var process: pid_t?
        if utf8[end - 1] == UInt8(ascii: "-") {
            var start = end - 1
            while start > 0 && (0x30...0x39).contains(utf8[start - 1]) { start -= 1 }
            let digits = utf8[start..<(end - 1)]
            if (1...10).contains(digits.count), digits.first != UInt8(ascii: "0"),
               let value = Int32(String(decoding: digits, as: UTF8.self)) {
                process = value
                end = start
            }
        }
        guard end - marker.count > 1, Array(utf8[(end - marker.count)..<end]) == marker else { return nil }
        return (String(decoding: utf8[1..<(end - marker.count)], as: UTF8.self), process)
    }

    /// The file a path names, through any symbolic links; the path itself when it does not exist yet.
    static func resolved(_ path: String) -> String { FileTree.realPath(path) ?? path }
}
