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
        let images = try entries(of: contents)
        let last = images[images.count - 1]
        var (lines, ending) = Self.lines(of: contents)
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
            let entry = entryLines(indent: indent, filename: quoted, idiom: idiom, scale: scale, appearance: appearance)
            lines.insert(contentsOf: entry.map { $0 + ending }, at: closing + 1)
        }
        let result = lines.joined(separator: "\n")
        let listed = (try? ImageSetContents.entries(Array(result.utf8)))?.contains {
            $0.filename == filename && $0.scale == scale && $0.idiom == idiom && $0.appearance == appearance
        }
        guard listed == true else { throw .unsupportedLayout }
        return result
    }

    /// An entry in Xcode's layout, one line each (without line endings): its appearances, its file (a
    /// JSON string, quoted) where it has one, its idiom and its scale, keys sorted as Xcode sorts them.
    static func entryLines(indent: String, filename quoted: String?, idiom: AssetVariant.Idiom, scale: Int, appearance: String?) -> [String] {
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
        if let quoted { entry.append("\(indent)  \"filename\" : \(quoted),") }
        entry += ["\(indent)  \"idiom\" : \"\(idiom.rawValue)\",", "\(indent)  \"scale\" : \"\(scale)x\"", "\(indent)}"]
        return entry
    }

    /// `contents` with the single-scale entry of `filename` (no `"scale"`, of the given idiom and
    /// appearance) made the `scale` entry of an Individual Scales set, as Xcode lays one out: the entry
    /// gets `"scale"`, and an empty slot is written for each other scale, 1x to 3x in order. Unchanged
    /// where that entry has a scale already (an earlier edit of the same run gave it). Line endings are
    /// kept; the result is checked to list the file at `scale` and a slot for every other scale.
    package static func givingScale(_ scale: Int, toFile filename: String, idiom: AssetVariant.Idiom = .universal,
                                    appearance: String? = nil, in contents: String) throws(Problem) -> String {
        let images = try entries(of: contents)
        func isTheEntry(_ entry: JSONNode) -> Bool {
            entry["filename"]?.string == filename && (entry["idiom"]?.string ?? "universal") == idiom.rawValue
                && ImageSetContents.appearance(entry["appearances"]) == appearance
        }
        guard let entry = images.first(where: { isTheEntry($0) && $0["scale"] == nil }) else {
            // Given its scale already (or never single-scale): nothing to do, if it is there at all.
            guard images.contains(where: { isTheEntry($0) && $0["scale"]?.string == "\(scale)x" }) else { throw .unsupportedLayout }
            return contents
        }
        var (lines, ending) = Self.lines(of: contents)
        func withoutEnding(_ line: String) -> Substring { line.hasSuffix("\r") ? line.dropLast() : line[...] }
        let indent = String(repeating: " ", count: entry.column - 1)
        // Xcode's layout only: "{" alone on the entry's first line, each member on a line of its own, "}" at the same indent.
        guard let members = entry.members, let last = members.last, members.allSatisfy({ $0.line > entry.line }),
              Set(members.map(\.line)).count == members.count, withoutEnding(lines[entry.line - 1]).drop(while: { $0 == " " }) == "{",
              let closing = lines.indices.first(where: { index in
                  index >= last.line && withoutEnding(lines[index]).hasPrefix(indent + "}") && withoutEnding(lines[index]).count <= indent.count + 2
              }), closing == last.line
        else { throw .unsupportedLayout }
        let memberIndent = String(repeating: " ", count: last.column - 1)
        let followed = withoutEnding(lines[closing]).hasSuffix(",")  // another entry comes after this one
        // "scale" after the members whose keys sort before it (Xcode's order), with the commas JSON needs.
        let scaleLine = "\(memberIndent)\"scale\" : \"\(scale)x\""
        if let next = members.first(where: { $0.key > "scale" }) {
            lines.insert(scaleLine + "," + ending, at: next.line - 1)
        } else {
            let at = last.line - 1
            lines[at] = String(withoutEnding(lines[at])) + "," + ending
            lines.insert(scaleLine + ending, at: at + 1)
        }
        let closingNow = closing + 1
        func slots(_ scales: [Int], comma lastComma: Bool) -> [String] {
            scales.enumerated().flatMap { index, slotScale in
                var block = entryLines(indent: indent, filename: nil, idiom: idiom, scale: slotScale, appearance: appearance)
                if index < scales.count - 1 || lastComma { block[block.count - 1] += "," }
                return block.map { $0 + ending }
            }
        }
        // Only the slots the set lacks: an empty one Xcode left (or any entry of that scale) is kept as it is.
        let present = Set(images.filter { other in
            (other["idiom"]?.string ?? "universal") == idiom.rawValue && ImageSetContents.appearance(other["appearances"]) == appearance
                && ImageSetContents.traits(other.members ?? []) == nil
        }.compactMap { $0["scale"]?.string })
        guard !present.contains("\(scale)x") else { throw .unsupportedLayout }  // a slot of that scale beside it: a person decides
        let higher = (1...3).filter { $0 > scale && !present.contains("\($0)x") }, lower = (1...3).filter { $0 < scale && !present.contains("\($0)x") }
        if !higher.isEmpty {
            if !followed { lines[closingNow] = String(withoutEnding(lines[closingNow])) + "," + ending }
            lines.insert(contentsOf: slots(higher, comma: followed), at: closingNow + 1)
        }
        lines.insert(contentsOf: slots(lower, comma: true), at: entry.line - 1)
        let result = lines.joined(separator: "\n")
        let entries = (try? ImageSetContents.entries(Array(result.utf8))) ?? []
        let same = entries.filter { $0.idiom == idiom && $0.appearance == appearance && $0.traits == nil }
        guard same.contains(where: { $0.filename == filename && $0.scale == scale }),
              (1...3).allSatisfy({ slotScale in same.contains { $0.scale == slotScale } }) else { throw .unsupportedLayout }
        return result
    }

    /// The entries of `contents`' "images", parsed; at least one.
    static func entries(of contents: String) throws(Problem) -> [JSONNode] {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(contents)
        } catch {
            throw .unreadable(reason: "line \(error.line): \(error.reason)")
        }
        guard let images = root["images"]?.elements, !images.isEmpty else { throw .noImages }
        return images
    }

    /// `contents` split on the newline byte, each line keeping its "\r" in a CRLF file (the parser counts
    /// lines the same way), and the "\r" a new line ends with there ("" in an LF file).
    static func lines(of contents: String) -> (lines: [String], ending: String) {
        let lines = contents.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return (lines, lines.first?.hasSuffix("\r") == true ? "\r" : "")
    }
}
