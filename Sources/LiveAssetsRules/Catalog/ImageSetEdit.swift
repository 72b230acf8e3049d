import LiveAssetsCore

/// Changes to an image set's Contents.json that keep Xcode's formatting and touch as few lines as
/// possible, so the diff a tool leaves is the one a person would make.
package enum ImageSetEdit {
    /// Why an edit could not be made.
    package enum Problem: Error, Sendable, Hashable {
        case unreadable(reason: String)
        /// No entry to put the file in, and none to follow.
        case noImages
        /// Not laid out one key per line as Xcode writes it (minified, say), so no small edit is safe.
        case unsupportedLayout

        /// A phrase for messages.
        package var reason: String {
            switch self {
            case .unreadable(let reason): "it is not valid JSON (\(reason))"
            case .noImages: "it lists no images"
            case .unsupportedLayout: "it is not laid out as Xcode writes it, so it was left for a person to edit"
            }
        }
    }

    /// `contents` with `filename` recorded for the `scale` entry of the given idiom and appearance:
    /// filled into the empty slot Xcode wrote for it (a `"filename" : "...",` line just before the
    /// entry's `"idiom"`, where Xcode's sorted keys put it), or, when there is no such slot, a new entry
    /// after the last. Line endings (LF or CRLF) are kept; the result is checked to be valid and to list
    /// the file, else the edit is refused.
    package static func addingFile(_ filename: String, scale: Int, idiom: AssetVariant.Idiom = .universal,
                                  appearance: String? = nil, to contents: String) throws(Problem) -> String {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(contents)
        } catch {
            throw .unreadable(reason: "line \(error.line): \(error.reason)")
        }
        guard let images = root["images"]?.elements, let last = images.last else { throw .noImages }
        // Lines split on the newline byte, each keeping its "\r" in a CRLF file (the parser counts the same way).
        var lines = contents.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let ending = lines.first?.hasSuffix("\r") == true ? "\r" : ""
        func appendComma(_ index: Int) {
            if lines[index].hasSuffix("\r") { lines[index].insert(",", at: lines[index].index(before: lines[index].endIndex)) }
            else { lines[index] += "," }
        }
        let quoted = JSONValue.quoted(filename)  // the one JSON string escaping: control characters as \u00XX
        let slot = images.first { entry in
            entry["filename"] == nil && entry["scale"]?.string == "\(scale)x"
                && (entry["idiom"]?.string ?? "universal") == idiom.rawValue
                && ImageSetContents.appearance(entry["appearances"]) == appearance
                && ImageSetContents.traits(entry.members ?? []) == nil  // a P3 or locale slot is not the plain one
        }
        if let slot, let members = slot.members, let anchor = members.first(where: { $0.key >= "filename" }) {
            let indent = String(repeating: " ", count: anchor.column - 1)
            lines.insert("\(indent)\"filename\" : \(quoted),\(ending)", at: anchor.line - 1)
        } else {
            // No slot: a new entry, in Xcode's layout, after the last one.
            let indent = String(repeating: " ", count: last.column - 1)
            guard let closing = lines.indices.first(where: { index in
                index >= last.line - 1 && lines[index].drop(while: { $0 == " " }).hasPrefix("}")
                    && lines[index].prefix { $0 == " " }.count == last.column - 1
            }) else { throw .unsupportedLayout }
            appendComma(closing)
            var entry = ["\(indent){"]
            if let appearance {
                let parts = appearance.split(separator: "+").map { part -> (String, String) in
                    part.hasSuffix("-contrast") ? ("contrast", String(part.dropLast("-contrast".count))) : ("luminosity", String(part))
                }
                entry.append("\(indent)  \"appearances\" : [")
                for (index, (kind, value)) in parts.enumerated() {
                    entry += ["\(indent)    {", "\(indent)      \"appearance\" : \"\(kind)\",", "\(indent)      \"value\" : \"\(value)\"",
                              "\(indent)    }" + (index < parts.count - 1 ? "," : "")]
                }
                entry.append("\(indent)  ],")
            }
            entry += [
                "\(indent)  \"filename\" : \(quoted),", "\(indent)  \"idiom\" : \"\(idiom.rawValue)\",",
                "\(indent)  \"scale\" : \"\(scale)x\"", "\(indent)}",
            ]
            lines.insert(contentsOf: entry.map { $0 + ending }, at: closing + 1)
        }
        let result = lines.joined(separator: "\n")
        let listed = (try? ImageSetContents.entries(Array(result.utf8)))?.contains {
            $0.filename == filename && $0.scale == scale && $0.idiom == idiom && $0.appearance == appearance
        }
        guard listed == true else { throw .unsupportedLayout }
        return result
    }
}
