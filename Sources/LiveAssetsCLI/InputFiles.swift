#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the paths on a command line into the list of files to read.
///
/// A file given by name is always read, whatever its name. A folder is walked recursively for files
/// whose extension names an image format (the format itself is then recognised by its bytes); hidden
/// entries are skipped and symbolic links to folders are not followed, so a link loop cannot trap the
/// walk. Files come out in argument order, each folder's entries sorted by name.
enum InputFiles {
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "avif", "gif", "webp", "tif", "tiff", "bmp", "pdf", "svg",
    ]

    static func collect(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var status = stat()
            if stat(argument, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
                walk(argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument, into: &files)
            } else {
                files.append(argument)  // missing and unreadable paths are reported by the probe
            }
        }
        return files
    }

    static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func walk(_ directory: String, into files: inout [String]) {
        guard let handle = opendir(directory) else { return }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(handle)
        for name in names.sorted() {
            let path = directory == "/" ? "/" + name : directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, into: &files)
            case S_IFLNK:
                var target = stat()
                if stat(path, &target) == 0, (target.st_mode & S_IFMT) != S_IFDIR, isImageName(name) {
                    files.append(path)
                }
            default:
                if isImageName(name) { files.append(path) }
            }
        }
    }
}
