import LiveAssetsCore

/// Reads an `.xcworkspace`'s `contents.xcworkspacedata`: the projects and packages it lists. Each
/// `location` is `group:` (relative to the enclosing groups, then to the workspace's folder), `container:`
/// (relative to the workspace's folder), `absolute:`, or `self:` (the project holding an embedded
/// workspace), as Xcode writes them.
package enum XcodeWorkspaceReader {
    /// The absolute paths the workspace at `bundle` lists (`.xcodeproj` folders, package folders).
    package static func references(_ bundle: String) throws(ProjectError) -> [String] {
        let file = bundle + "/contents.xcworkspacedata"
        let bytes: [UInt8]
        switch ProjectLimits.bytes(of: file, limit: ProjectLimits.manifest) {
        case .success(let read): bytes = read
        case .failure(let error): throw error
        }
        let folder = bundle.lastIndex(of: "/").map { String(bundle[..<$0]) } ?? "."
        let base = folder.isEmpty ? "/" : folder
        var found: [String] = []
        var groups: [String] = []  // the enclosing groups' folders
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/Group") {
                _ = groups.popLast()
                continue
            }
            let isGroup = tag.hasPrefix("Group"), isFile = tag.hasPrefix("FileRef")
            guard isGroup || isFile else { continue }
            let location = attribute("location", in: tag) ?? ""
            let enclosing = groups.last ?? base
            let resolved: String? = {
                guard let colon = location.firstIndex(of: ":") else { return nil }
                let kind = location[..<colon], path = String(location[location.index(after: colon)...])
                switch kind {
                case "group": return XcodeProjectReader.join(enclosing, path)
                case "container": return XcodeProjectReader.join(base, path)
                case "absolute": return XcodeProjectReader.join("/", path)
                default: return nil  // self:, developer:
                }
            }()
            if isGroup {
                if !tag.hasSuffix("/") { groups.append(resolved ?? enclosing) }
            } else if let resolved {
                found.append(resolved)
            }
        }
        return found
    }

    /// The value of attribute `name` in a tag's text (XML's five entities read).
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: name + " = \"") ?? tag.firstRange(of: name + "=\"") else { return nil }
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        return String(value).replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
