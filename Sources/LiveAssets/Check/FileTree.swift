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
    }

    /// Whether `path` is a folder (following a symbolic link given by name).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether a file name has an image extension.
    public static func isImageName(_ name: some StringProtocol) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The files to read for `arguments`: a file given by name is always included; folders contribute
    /// their image files, recursively.
    public static func imageFiles(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for argument in arguments {
            if isDirectory(argument) {
                walk(trimmed(argument)) { entry in
                    if case .file(let path) = entry, isImageName(lastComponent(path)) { files.append(path) }
                    return true
                }
            } else {
                files.append(argument)  // missing and unreadable paths are reported by the probe
            }
        }
        return files
    }

    /// `path` without a trailing slash.
    /// The part of `path` after its last "/" (all of it when there is none).
    public static func lastComponent(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(path) }
        return path[path.index(after: slash)...]
    }

    public static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Visits the entries below `directory` depth first; `visit` returns false to skip a folder.
    public static func walk(_ directory: String, _ visit: (Entry) -> Bool) {
        for name in entries(of: directory) {
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

    /// The names in a folder, sorted; hidden ones (a leading ".") only when asked.
    public static func entries(of directory: String, includingHidden: Bool = false) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if includingHidden ? name != "." && name != ".." : !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
