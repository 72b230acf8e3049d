import LiveAssetsPlatform

// Names that read, or on a Mac are, otherwise than Linux stores them: the `bidi-name` and
// `mac-name-collision` warnings.
extension AssetScanner {
    /// The `bidi-name` warning for `path`, whose own name (its last component) is looked at; nil when
    /// that name holds no bidirectional or invisible format character.
    static func bidiFinding(_ path: String) -> Finding? {
        // Asked of every name a walk meets: the bytes first (each such character starts with 0xE2 or 0xD8).
        let name = FileTree.lastComponent(path)
        guard name.utf8.contains(where: { $0 == 0xE2 || $0 == 0xD8 }) else { return nil }
        let found = String(name).bidiFormatCharacters
        guard !found.isEmpty else { return nil }
        let named = found.map { scalar in
            "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + " (\(bidiNames[scalar.value] ?? "a format character"))"
        }
        return Finding(rule: .bidiName, path: path,
                       message: "\(path) has a name holding \(named.spokenList()), which makes it read otherwise than it is stored (reports that link to the file give its path as it is); rename it.")
    }

    /// The names of the characters ``String/isBidiFormat(_:)`` picks.
    static let bidiNames: [UInt32: String] = [
        0x061C: "ARABIC LETTER MARK", 0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
    ]

    /// One `mac-name-collision` warning per group of `names` (entries of `folder`) that a Mac takes for
    /// one name, at `path` (the image set's Contents.json), else at the group's last name.
    static func collisionFindings(in folder: String, names: [String], at path: String? = nil) -> [Finding] {
        guard names.count > 1 else { return [] }
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
    /// The `mac-name-collision` warnings for the loose image files `files` holds, folder by folder.
    static func looseCollisions(_ files: [String]) -> [Finding] {
        guard files.count > 1 else { return [] }
        var byFolder: [Substring: [String]] = [:]
        var order: [Substring] = []
        for file in files {
            let folder = file.lastIndex(of: "/").map { file[..<$0] } ?? "."
            let name = String(FileTree.lastComponent(file))
            if byFolder[folder]?.append(name) == nil {
                byFolder[folder] = [name]
                order.append(folder)
            }
        }
        return order.flatMap { folder in collisionFindings(in: String(folder), names: byFolder[folder]!) }
    }
}

private extension String {
    /// The text with "0"s before it up to `width` characters.
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
