import LiveAssetsPlatform

extension FileTree {
    /// The absolute path of the file `path` names, with ".", ".." and every symbolic link resolved;
    /// nil when it does not exist (or a folder on the way cannot be searched).
    package static func realPath(_ path: String) -> String? {
        guard let real = path.withFileSystemCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        // A folder on the way may have a name that is not UTF-8: its bytes are kept.
        return String(fileSystemBytes: UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    /// Where a name sits: the real path of its folder and the name itself, the name not resolved when
    /// it is a link (`d/./l.png` -> `/w/d/l.png` even when `l.png` leads elsewhere). The folders' real
    /// paths are cached, so that a list of files in a few folders asks the file system once a folder.
    package struct Locator {
        private var folders: [String: String] = [:]

        package init() {}

        /// The real path of `path`'s folder followed by its last component; nil when the folder does
        /// not exist. A path ending in "." or ".." is resolved whole.
        package mutating func location(of path: String) -> String? {
            let name = FileTree.lastComponent(path)
            guard !name.isEmpty, name != ".", name != ".." else { return FileTree.realPath(path) }
            // The bytes before the "/" that ends the folder ("" for a name at the root).
            let folder = name.startIndex == path.startIndex
                ? "." : String(Substring(path.utf8[..<path.utf8.index(before: name.startIndex)]))
            let real: String
            if let known = folders[folder] {
                real = known
            } else {
                guard let found = FileTree.realPath(folder.isEmpty ? "/" : folder) else { return nil }
                folders[folder] = found
                real = found
            }
            return (real == "/" ? "" : real) + "/" + name
        }
    }
}
