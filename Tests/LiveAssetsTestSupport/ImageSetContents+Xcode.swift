/// An image set's Contents.json as Xcode writes it (two-space indents, one key per line, keys sorted,
/// " : " between key and value): the layout `fit` edits. `entries`: a file name (nil for an empty slot)
/// and its scale, universal idiom.
public enum XcodeContents {
    public static func imageSet(_ entries: [(file: String?, scale: Int)]) -> [UInt8] {
        let images = entries.map { entry in
            var lines = ["    {"]
            if let file = entry.file { lines.append("      \"filename\" : \"\(file)\",") }
            lines += ["      \"idiom\" : \"universal\",", "      \"scale\" : \"\(entry.scale)x\"", "    }"]
            return lines.joined(separator: "\n")
        }
        let text = "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        return Array(text.utf8)
    }
}
