/// Changes to an image set's Contents.json that keep Xcode's formatting and touch as few lines as
/// possible, so the diff a tool leaves is the one a person would make.
public enum ImageSetEdit {
    /// Why an edit could not be made.
    public enum Problem: Error, Sendable, Hashable {
        case unreadable(reason: String)
        /// No entry to put the file in, and none to follow.
        case noImages
    }

    /// `contents` with `filename` recorded for the `scale` entry of the given appearance: filled into
    /// the empty slot Xcode wrote for it (a `"filename" : "...",` line just before the entry's `"idiom"`,
    /// where Xcode's sorted keys put it), or, when there is no such slot, a new entry after the last.
    public static func addingFile(_ filename: String, scale: Int, appearance: String? = nil, to contents: String)
        throws(Problem) -> String
    {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(contents)
        } catch {
            throw .unreadable(reason: "line \(error.line): \(error.reason)")
        }
        guard let images = root["images"]?.elements, let last = images.last else { throw .noImages }
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let escaped = filename.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        let slot = images.first { entry in
            entry["filename"] == nil && entry["scale"]?.string == "\(scale)x"
                && ImageSetContents.appearance(entry["appearances"]) == appearance
        }
        if let slot, let members = slot.members {
            let anchor = members.first { $0.key >= "filename" } ?? members.last!
            let indent = String(repeating: " ", count: anchor.column - 1)
            let line = anchor.key >= "filename" ? anchor.line - 1 : anchor.line
            if anchor.key < "filename" {
                // The slot's keys all sort before "filename": the new key comes last; the one before needs a comma.
                lines[anchor.line - 1] += ","
                lines.insert("\(indent)\"filename\" : \"\(escaped)\"", at: line)
            } else {
                lines.insert("\(indent)\"filename\" : \"\(escaped)\",", at: line)
            }
            return lines.joined(separator: "\n")
        }
        // No slot: a new entry, in Xcode's layout, after the last one.
        let indent = String(repeating: " ", count: last.column - 1)
        var closing = lines.indices.first { index in
            index >= last.line - 1 && lines[index].drop(while: { $0 == " " }).hasPrefix("}")
                && lines[index].prefix { $0 == " " }.count == last.column - 1
        } ?? (last.line - 1)
        lines[closing] += ","
        var entry = ["\(indent){"]
        if let appearance {
            entry.append("\(indent)  \"appearances\" : [")
            entry.append("\(indent)    {")
            entry.append("\(indent)      \"appearance\" : \"luminosity\",")
            entry.append("\(indent)      \"value\" : \"\(appearance)\"")
            entry.append("\(indent)    }")
            entry.append("\(indent)  ],")
        }
        entry += [
            "\(indent)  \"filename\" : \"\(escaped)\",", "\(indent)  \"idiom\" : \"universal\",",
            "\(indent)  \"scale\" : \"\(scale)x\"", "\(indent)}",
        ]
        closing += 1
        lines.insert(contentsOf: entry, at: closing)
        return lines.joined(separator: "\n")
    }
}
