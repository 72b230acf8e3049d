import LiveAssetsPlatform
import LiveAssets

// Names that read, or on a Mac are, otherwise than Linux stores them: the `bidi-name` and
// `mac-name-collision` warnings.
extension AssetScanner {
    /// The `bidi-name` warning for `path`, whose own name (its last component) is looked at; nil when
    /// that name holds no bidirectional or invisible format character.
    static func bidiFinding(_ path: String) -> Finding? {
        // Asked of every name a walk meets: the path's bytes first, at once (most hold no such byte).
        var bytes = path
        guard bytes.withUTF8({ String.mayHoldBidiFormat($0) }) else { return nil }
        let name = FileTree.lastComponent(path)
        guard String.mayHoldBidiFormat(name.utf8) else { return nil }
        let found = String(name).bidiFormatCharacters
        guard !found.isEmpty else { return nil }
        return Finding(rule: .bidiName, path: path,
                       message: "\(path) has a name holding \(found.spokenList()), which makes it read otherwise than it is stored (reports that link to the file give its path as it is); rename it.")
    }

    /// One `mac-name-collision` warning per group of `names` (entries of `folder`) that a Mac takes for
    /// one name, at `path` (the image set's Contents.json), else at the group's last name.
    static func collisionFindings(in folder: String, names: [String], at path: String? = nil) -> [Finding] {
        guard names.count > 1 else { return [] }
        // Names of lowercase ASCII alone (a folder of numbered files) are one on a Mac only when equal,
        // which a folder's names never are: nothing to fold.
        guard names.contains(where: { name in name.utf8.contains { $0 >= 0x80 || (0x41...0x5A).contains($0) } }) else { return [] }
        var groups: [String: [String]] = [:]
        for name in names { groups[name.macNameKey, default: []].append(name) }
        guard groups.count < names.count else { return [] }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
            .sorted { $0[0].utf8.lexicographicallyPrecedes($1[0].utf8) }
            .map { group in
                let difference = group.count == 2 ? group[0].macNameDifference(from: group[1]) : "only in case or Unicode normalization"
                return Finding(rule: .macNameCollision, path: path ?? folder + "/" + group.last!,
                               message: "\(folder) holds \(group.spokenList()), which differ \(difference), so a Mac's file system takes them for one file and \(group.count == 2 ? "one is" : "all but one are") lost when the repository is checked out there; rename or delete \(group.count == 2 ? "one" : "all but one").")
            }
    }
}

extension AssetScanner {
    /// The `mac-name-collision` warnings for the files or folders `files` holds (loose images, image
    /// sets), folder by folder.
    static func collisionsByFolder(_ files: [String]) -> [Finding] {
        guard files.count > 1 else { return [] }
        // A walk meets a folder's files one after another, in name order (a subfolder's between them at
        // most): each run of one folder is one group, found by bytes, no string made.
        var byFolder: [PathKey: [Substring]] = [:]
        var order: [PathKey] = []
        var last: (folder: Substring.UTF8View, key: PathKey)?
        for file in files {
            let slash = file.utf8.lastIndex(of: UInt8(ascii: "/"))
            let folder = slash.map { file.utf8[..<$0] } ?? Substring(".").utf8
            let name = Substring(slash.map { file.utf8[file.utf8.index(after: $0)...] } ?? file.utf8[...])
            let key: PathKey
            if let last, last.folder.elementsEqual(folder) { key = last.key } else { key = PathKey(String(Substring(folder))); last = (folder, key) }
            if byFolder[key]?.append(name) == nil {
                byFolder[key] = [name]
                order.append(key)
            }
        }
        return order.filter { byFolder[$0]!.count > 1 }.flatMap { folder in collisionFindings(in: folder.path, names: byFolder[folder]!.map(String.init)) }
    }
}
