import LiveAssetsPlatform

/// Walks the folders given on a command line: hidden entries skipped, each folder's entries sorted by
/// name, symbolic links to folders not followed but told (a link loop cannot trap the walk; the scan
/// follows those that stay in the repository, once each).
package enum FileTree {
    /// Extensions of files that may be images (the format itself is recognised by its bytes).
    package static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "avif", "avci", "gif", "webp", "tif", "tiff", "bmp", "pdf",
        "svg",
    ]

    /// What a walk meets.
    package enum Entry {
        case file(String)
        /// Return false to not descend.
        case directory(String)
        /// A folder that could not be listed, and why; nothing below it is visited.
        case unlistable(ProbeError)
        /// A file or folder whose name is not valid UTF-8, its bytes held in the path (see
        /// `String(fileSystemBytes:)`); it is visited next as a file or folder, as any other.
        case undecodableName(String, isFolder: Bool)
        /// A file or folder whose name holds a character of U+10FF80...U+10FFFF, which a path uses for
        /// bytes that are not UTF-8: it cannot be told from another name, so it is not visited.
        case reservedName(String, isFolder: Bool)
        /// A symbolic link to a folder: not entered (the return value is not read).
        case linkedFolder(String)
    }

    /// Whether `path` is a folder (following a symbolic link given by name).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return path.withFileSystemCString { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether something is at `path`, a symbolic link counting even when it leads nowhere (reading
    /// it then says why).
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return path.withFileSystemCString { lstat($0, &status) } == 0
    }

    /// The size of the file at `path`, through symbolic links.
    /// Whether `path` itself is a symbolic link (lstat).
    package static func isLink(_ path: String) -> Bool {
        var status = stat()
        return path.withFileSystemCString { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    package static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return path.withFileSystemCString { stat($0, &status) } == 0 ? Int(status.st_size) : nil
    }

    /// Whether a file name has an image extension (any case).
    package static func isImageName(_ name: String) -> Bool { isImageName(Substring(name)) }

    /// Whether a file name has an image extension (any case).
    package static func isImageName(_ name: Substring) -> Bool {
        // Asked of every file a walk meets: the extension is compared packed, nothing is allocated.
        guard let key = name.packedExtension else { return false }
        // Something before the dot: ".png" is a hidden file, not an image name.
        let length = (32 - key.leadingZeroBitCount + 7) / 8
        return name.utf8.count > length + 1 && packedImageExtensions.contains(key)
    }

    /// `imageExtensions`, packed (all are 3 or 4 lowercase ASCII letters).
    static let packedImageExtensions: [UInt32] = imageExtensions.map { ("." + $0).packedExtension! }

    /// What a command line names: the files to read, and the folders that could not be listed.
    package struct Listing: Sendable {
        package var files: [String] = []
        /// Folders whose contents are unknown (permission denied, removed during the walk, ...).
        package var unlistable: [ProbeError] = []
        /// Image files and folders whose name is not valid UTF-8 (their images are in `files`), with
        /// what is said of each.
        package var undecodable: [(path: String, message: String)] = []
        /// Image files and folders whose name LiveAssets cannot open (their images are unknown), with
        /// what is said of each.
        package var reserved: [(path: String, message: String)] = []

        package init() {}
    }

    /// Adds the image files below `folder`, recursively, and what could not be listed, to `listing`.
    package static func imageFiles(inFolder folder: String, into listing: inout Listing) {
        walk(trimmed(folder)) { entry in
            switch entry {
            case .file(let path): if isImageName(lastComponent(path)) { listing.files.append(path) }
            case .directory, .linkedFolder: break
            case .unlistable(let error): listing.unlistable.append(error)
            case .undecodableName(let path, let isFolder):
                if isFolder || isImageName(lastComponent(path)) {
                    listing.undecodable.append((path, undecodableMessage(path, isFolder: isFolder)))
                }
            case .reservedName(let path, let isFolder):
                if isFolder || isImageName(lastComponent(path)) {
                    listing.reserved.append((path, reservedNameMessage(path, isFolder: isFolder)))
                }
            }
            return true
        }
    }

    /// What is said of an image or folder whose name is not valid UTF-8 and whose content is read (the
    /// path's bad bytes are shown as U+FFFD where it is written out).
    package static func undecodableMessage(_ path: String, isFolder: Bool) -> String {
        isFolder
            ? "\(path) is a folder whose name is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; its images are checked, but rename it."
            : "\(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which Xcode and other tools may not handle; it is checked, but rename it."
    }

    /// What fit says of an image or folder whose name is not valid UTF-8: it writes nothing under it.
    package static func unwritableNameMessage(_ path: String) -> String {
        "\(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), so fit writes nothing under it; rename it."
    }

    /// What is said of an image or folder whose name holds a character of U+10FF80...U+10FFFF, which
    /// LiveAssets cannot tell from a byte that is not UTF-8, so it is not read.
    package static func reservedNameMessage(_ path: String, isFolder: Bool) -> String {
        "\(path) has a name with a character between U+10FF80 and U+10FFFF, which LiveAssets keeps for bytes that are not UTF-8 and so cannot open\(isFolder ? ", so the images in it are not checked" : ""); rename it."
    }

    /// The part of `path` after its last "/" (all of it when there is none).
    package static func lastComponent(_ path: String) -> Substring { path.lastPathComponent }

    /// `path` without a trailing slash.
    package static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Visits the entries below `directory` depth first; `visit` returns false to skip a folder.
    package static func walk(_ directory: String, _ visit: (Entry) -> Bool) {
        let found: (entries: [(name: String, type: UInt8)], reserved: [(name: String, isFolder: Bool)])
        switch typedListing(of: directory, includingHidden: false) {
        case .success(let listing): found = listing
        case .failure(let error):
            _ = visit(.unlistable(error))
            return
        }
        func path(_ name: String) -> String {
            var path = directory == "/" ? "" : directory
            path.reserveCapacity(path.utf8.count + 1 + name.utf8.count)
            path += "/"
            path += name
            return path
        }
        for (name, isFolder) in found.reserved { _ = visit(.reservedName(path(name), isFolder: isFolder)) }
        for (name, type) in found.entries {
            let path = path(name)
            // The entry's type as the folder records it; asked of the file system only when unknown.
            var kind: mode_t
            switch Int32(type) {
            case Int32(DT_DIR): kind = S_IFDIR
            case Int32(DT_REG): kind = S_IFREG
            case Int32(DT_LNK): kind = S_IFLNK
            case Int32(DT_UNKNOWN):
                var status = stat()
                guard path.withFileSystemCString({ lstat($0, &status) }) == 0 else { continue }  // gone since the listing
                kind = status.st_mode & S_IFMT
            default: kind = 0  // a pipe, socket or device: reported by the probe when it is an image name
            }
            // A name that is not UTF-8 is said so, then read as any other (one scan of its bytes for 0xF4).
            if name.mayHoldRawBytes && name.hasRawBytes { _ = visit(.undecodableName(path, isFolder: kind == S_IFDIR)) }
            switch kind {
            case S_IFDIR:
                if visit(.directory(path)) { walk(path, visit) }
            case S_IFLNK:
                _ = visit(isDirectory(path) ? .linkedFolder(path) : .file(path))
            default:
                _ = visit(.file(path))
            }
        }
    }

    /// The names in a folder, sorted by their bytes; hidden ones (a leading ".") only when asked, a name that is not
    /// valid UTF-8 with its bytes held as `String(fileSystemBytes:)` holds them. A folder that cannot be listed has
    /// none, nor have names with a character that `String(fileSystemBytes:)` keeps for bytes.
    package static func entries(of directory: String, includingHidden: Bool = false) -> [String] {
        (try? typedListing(of: directory, includingHidden: includingHidden).get().entries.map(\.name)) ?? []
    }

    /// The entries of a folder, sorted by name (bytes), with each one's `d_type` (`DT_UNKNOWN` where the file
    /// system does not record it), a name that is not valid UTF-8 held as `String(fileSystemBytes:)` holds it;
    /// and apart the names that hold a character of U+10FF80...U+10FFFF, which that holding would mistake for
    /// bytes (no path can open them), each with whether it is a folder (a link to one is not, as the walk
    /// does not follow those); or why the folder cannot be listed.
    package static func typedListing(of directory: String, includingHidden: Bool)
        -> Result<(entries: [(name: String, type: UInt8)], reserved: [(name: String, isFolder: Bool)]), ProbeError>
    {
        guard let handle = directory.withFileSystemCString({ opendir($0) }) else {
            return .failure(OpenFile.error(errno: errno, path: directory))
        }
        defer { closedir(handle) }
        var entries: [(name: String, type: UInt8)] = [], reserved: [(name: String, isFolder: Bool)] = []
        // The name is read where the entry holds it, up to its NUL: an entry is only as long as its name
        // (d_reclen), so copying the whole d_name field would read past the last entry of the buffer.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            let start = UnsafeRawPointer(entry) + nameOffset
            let buffer = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
            let bytes = buffer[...]
            guard includingHidden || bytes.first != UInt8(ascii: ".") else { continue }
            let name = String(fileSystemBytes: bytes)
            // A valid name that holds a character kept for raw bytes would open another name.
            if name.mayHoldRawBytes && name.hasRawBytes && String(validUTF8: bytes) != nil {
                // Asked of the folder by its descriptor and the name's bytes.
                var isFolder = Int32(type) == Int32(DT_DIR)
                if Int32(type) == Int32(DT_UNKNOWN) {
                    var status = stat()
                    isFolder = fstatat(dirfd(handle), start.assumingMemoryBound(to: CChar.self), &status,
                                       AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
                }
                reserved.append((name, isFolder))
                continue
            }
            if name != "." && name != ".." { entries.append((name, type)) }
        }
        return .success((sortedByName(entries), reserved.sorted { $0.name < $1.name }))
    }

    /// `entries` in the order of their names' bytes (UTF-8 order, as `ls` sorts in the C locale).
    static func sortedByName(_ entries: [(name: String, type: UInt8)]) -> [(name: String, type: UInt8)] {
        entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
