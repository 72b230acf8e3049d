import LiveAssetsPlatform

/// Whole small files (tables, catalogs, configuration) read without Foundation.
package enum FileBytes {
    /// The file's bytes, or nil when it cannot be read (see ``lastError(_:)``).
    package static func read(_ path: String, limit: Int = 16 << 20) -> [UInt8]? {
        // Only regular files: a pipe or a device would block or never end.
        guard isRegularFile(path), let file = path.withFileSystemCString({ fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes += chunk[0..<count] }
            if count < chunk.count { break }
            if bytes.count > limit { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// The size of the regular file at `path` (through symbolic links); nil for anything else.
    package static func size(_ path: String) -> Int? {
        var status = stat()
        guard path.withFileSystemCString({ stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Whether `path` names a folder (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return path.withFileSystemCString({ stat($0, &status) }) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` names a regular file (following symbolic links).
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return path.withFileSystemCString({ stat($0, &status) }) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Why `path` cannot be read, as a short phrase.
    package static func lastError(_ path: String) -> String {
        var status = stat()
        if path.withFileSystemCString({ stat($0, &status) }) != 0 { return systemErrorText(errno).lowercased() }
        if (status.st_mode & S_IFMT) == S_IFDIR { return "it is a directory" }
        if (status.st_mode & S_IFMT) != S_IFREG { return "it is not a regular file" }
        if status.st_size > 16 << 20 { return "it is larger than 16 MiB" }
        return systemErrorText(errno).lowercased()
    }
}
