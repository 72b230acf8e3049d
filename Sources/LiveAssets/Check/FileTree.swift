#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the folders given on a command line: hidden entries skipped, each folder's entries sorted by
/// name, symbolic links to folders not followed (a link loop cannot trap the walk).
public enum FileTree {
    /// Extensions of files that may be images (the format itself is recognised by its bytes).
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "avif", "avci", "gif", "webp", "tif", "tiff", "bmp", "pdf",
        "svg",
    ]

    /// What a walk meets.
    public enum Entry {
        case file(String)
        /// Return false to not descend.
        case directory(String)
        /// A folder that could not be listed (`errno` says why); nothing below it is visited.
        case unlistable(String, errno: Int32)
        /// An entry whose name is not valid UTF-8, which no String path can open; the path shows the
        /// bad bytes as U+FFFD.
        case undecodableName(String)
    }

    /// Whether `path` is a folder (following a symbolic link given by name).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether something is at `path`, a symbolic link counting even when it leads nowhere (reading
    /// it then says why).
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The size of the file at `path`, through symbolic links.
    public static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Whether a file name has an image extension.
    public static func isImageName(_ name: some StringProtocol) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// What a command line names: the files to read, and the folders that could not be listed.
    public struct Listing: Sendable {
        public var files: [String] = []
        /// Folders whose contents are unknown (permission denied, removed during the walk, ...).
        public var unlistable: [ProbeError] = []
        /// Image files whose name is not valid UTF-8, the bad bytes shown as U+FFFD.
        public var undecodable: [String] = []
    }

    /// The files to read for `arguments`: a file given by name is always included; folders contribute
    /// their image files, recursively.
    public static func imageFiles(_ arguments: [String]) -> Listing {
        var listing = Listing()
        for argument in arguments {
            if isDirectory(argument) {
                walk(trimmed(argument)) { entry in
                    switch entry {
                    case .file(let path): if isImageName(lastComponent(path)) { listing.files.append(path) }
                    case .directory: break
                    case .unlistable(let path, let errno): listing.unlistable.append(OpenFile.error(errno: errno, path: path))
                    case .undecodableName(let path): if isImageName(lastComponent(path)) { listing.undecodable.append(path) }
                    }
                    return true
                }
            } else {
                listing.files.append(argument)  // missing and unreadable paths are reported by the probe
            }
        }
        return listing
    }

    /// What is said of an image whose name is not valid UTF-8 (`path` shows the bad bytes as U+FFFD).
    public static func undecodableMessage(_ path: String) -> String {
        "\(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which LiveAssets cannot open; rename it."
    }

    /// The part of `path` after its last "/" (all of it when there is none).
    public static func lastComponent(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(path) }
        return path[path.index(after: slash)...]
    }

    /// `path` without a trailing slash.
    public static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Visits the entries below `directory` depth first; `visit` returns false to skip a folder.
    public static func walk(_ directory: String, _ visit: (Entry) -> Bool) {
        let names: [String]
        switch listing(of: directory) {
        case .success(let found):
            names = found.names
            for name in found.undecodable {
                _ = visit(.undecodableName(directory == "/" ? "/" + name : directory + "/" + name))
            }
        case .failure(let error):
            _ = visit(.unlistable(directory, errno: error.errno))
            return
        }
        for name in names {
            let path = directory == "/" ? "/" + name : directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if visit(.directory(path)) { walk(path, visit) }
            case S_IFLNK:
                if !isDirectory(path) { _ = visit(.file(path)) }
            default:
                _ = visit(.file(path))
            }
        }
    }

    /// The names in a folder, sorted; hidden ones (a leading ".") only when asked. A folder that cannot
    /// be listed has none.
    public static func entries(of directory: String, includingHidden: Bool = false) -> [String] {
        (try? listing(of: directory, includingHidden: includingHidden).get().names) ?? []
    }

    /// Why a folder could not be listed.
    public struct ListingError: Error, Sendable {
        public var errno: Int32
    }

    /// The names in a folder, sorted, and apart those that are not valid UTF-8 (no String path can
    /// open them; the bad bytes shown as U+FFFD); or the system's reason the folder cannot be listed.
    public static func listing(of directory: String, includingHidden: Bool = false)
        -> Result<(names: [String], undecodable: [String]), ListingError>
    {
        guard let handle = opendir(directory) else { return .failure(ListingError(errno: errno)) }
        defer { closedir(handle) }
        var names: [String] = [], undecodable: [String] = []
        while let entry = readdir(handle) {
            withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                let bytes = buffer.prefix(while: { $0 != 0 })
                guard includingHidden || bytes.first != UInt8(ascii: ".") else { return }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    undecodable.append(String(decoding: bytes, as: UTF8.self))
                    return
                }
                if name != "." && name != ".." { names.append(name) }
            }
        }
        return .success((names.sorted(), undecodable.sorted()))
    }
}
