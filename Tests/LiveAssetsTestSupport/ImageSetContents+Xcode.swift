/// An image set's Contents.json as Xcode writes it (two-space indents, one key per line, keys sorted,
/// " : " between key and value): the layout `fit` edits.
public enum XcodeContents {
    /// One entry: its file (nil for an empty slot), its scale (nil for a single-scale set's entry), the
    /// universal idiom, and its traits ("display-gamut": "display-P3", "locale": "fr"), written in
    /// Xcode's key order.
    public struct Entry {
        public var file: String?
        public var scale: Int?
        public var traits: [String: String]

        public init(_ file: String?, scale: Int?, traits: [String: String] = [:]) {
            self.file = file
            self.scale = scale
            self.traits = traits
        }
    }

    /// `entries`: a file name (nil for an empty slot) and its scale, universal idiom.
    public static func imageSet(_ entries: [(file: String?, scale: Int)]) -> [UInt8] {
        imageSet(entries: entries.map { Entry($0.file, scale: $0.scale) })
    }

    public static func imageSet(entries: [Entry], localizable: Bool = false) -> [UInt8] {
        let images = entries.map { entry in
            var keys = entry.traits.map { ($0.key, $0.value) }
            if let file = entry.file { keys.append(("filename", file)) }
            keys.append(("idiom", "universal"))
            if let scale = entry.scale { keys.append(("scale", "\(scale)x")) }
            keys.sort { $0.0 < $1.0 }
            return "    {\n" + keys.map { "      \"\($0.0)\" : \"\($0.1)\"" }.joined(separator: ",\n") + "\n    }"
        }
        var text = "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"
        text += localizable ? ",\n  \"properties\" : {\n    \"localizable\" : true\n  }\n}\n" : "\n}\n"
        return Array(text.utf8)
    }
}
