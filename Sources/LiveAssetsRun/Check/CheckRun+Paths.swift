import LiveAssets
// Paths as a run compares them: made absolute without touching the file system, relative to a
// configuration's folder, and configuration files told apart by their bytes.
extension CheckRun {
    /// Whether two configuration paths (nil: the defaults) are one file by their bytes.
    static func sameFile(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isSamePath(as: b)
        default: false
        }
    }

    /// `path` made absolute against `directory`, with "." and ".." resolved (links are not).
    package static func absolute(_ path: String, from directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to the folder `base`; nil when it is not inside it (a pattern never matches there).
    static func relative(_ path: String, to base: String, from directory: String) -> String? {
        let absolute = absolute(path, from: directory)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.utf8.starts(with: prefix.utf8) ? String(decoding: absolute.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : nil
    }
}
