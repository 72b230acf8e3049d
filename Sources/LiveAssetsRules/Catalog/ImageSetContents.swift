import LiveAssetsCore

/// The entries of an image set's Contents.json that LiveAssets needs.
package struct ImageSetEntry: Sendable, Hashable {
    /// The file the entry names; nil for an empty slot (Xcode writes those).
    package var filename: String?
    package var idiom: AssetVariant.Idiom
    /// `"scale": "2x"` as 2; nil when the entry has no scale (single-scale image sets).
    package var scale: Int?
    /// The appearance ("dark", "tinted", "high-contrast", "dark+high-contrast"); nil for the default.
    package var appearance: String?
    /// The entry's other keys that choose which devices load it (`display-gamut`, `locale`,
    /// `width-class`, `memory`, `graphics-feature-set`, `subtype`, ...), sorted, as
    /// "display-gamut=display-P3,locale=fr"; nil for an entry without any.
    package var traits: String?
    /// Where the entry's "filename" (or, for an empty slot, the entry) is written.
    package var line: Int
    package var column: Int

    package init(filename: String?, idiom: AssetVariant.Idiom = .universal, scale: Int? = nil, appearance: String? = nil,
                traits: String? = nil, line: Int, column: Int) {
        self.filename = filename
        self.idiom = idiom
        self.scale = scale
        self.appearance = appearance
        self.traits = traits
        self.line = line
        self.column = column
    }
}

/// Reads an image set's Contents.json (Apple's Asset Catalog Format Reference, plus the appearances
/// Xcode writes today).
package enum ImageSetContents {
    /// Why a Contents.json cannot be used.
    package enum Problem: Error, Sendable, Hashable {
        /// Not JSON at all.
        case syntax(JSONSyntaxError)
        /// JSON, but not an image set's: where and what.
        case structure(line: Int, column: Int, reason: String)
    }

    /// The image entries, in file order. Entries for idioms LiveAssets does not check (app icons,
    /// marketing) are left out.
    package static func entries(_ bytes: [UInt8]) throws(Problem) -> [ImageSetEntry] {
        try read(bytes).entries
    }

    /// ``entries(_:)``, and the keys an object of the file repeats (the last value of each is the one read).
    package static func read(_ bytes: [UInt8]) throws(Problem) -> (entries: [ImageSetEntry], duplicateKeys: [JSONNode.DuplicateKey]) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .syntax(error)
        }
        return (try entries(root), root.duplicateKeys)
    }

    static func entries(_ root: JSONNode) throws(Problem) -> [ImageSetEntry] {
        guard root.members != nil else {
            throw .structure(line: root.line, column: root.column, reason: "expected an object")
        }
        guard let images = root["images"] else { return [] }
        guard let elements = images.elements else {
            throw .structure(line: images.line, column: images.column, reason: "\"images\" must be an array")
        }
        var entries: [ImageSetEntry] = []
        for element in elements {
            guard let members = element.members else {
                throw .structure(line: element.line, column: element.column, reason: "an image entry must be an object")
            }
            let idiomName = element["idiom"]?.string ?? "universal"
            guard let idiom = AssetVariant.Idiom(rawValue: idiomName) else { continue }
            var scale: Int?
            if let scaleNode = element["scale"] {
                guard let text = scaleNode.string, let value = Int(text.dropLast()), text.hasSuffix("x"), (1...3).contains(value)
                else {
                    throw .structure(line: scaleNode.line, column: scaleNode.column,
                                     reason: "\"scale\" must be \"1x\", \"2x\" or \"3x\"")
                }
                scale = value
            }
            let filenameMember = members.last { $0.key == "filename" }  // the value read, as `element[key]` reads
            let filename = filenameMember?.value.string
            if filenameMember != nil && (filename ?? "").isEmpty {
                throw .structure(line: filenameMember!.line, column: filenameMember!.column,
                                 reason: "\"filename\" must be a non-empty string")
            }
            entries.append(ImageSetEntry(
                filename: filename, idiom: idiom, scale: scale, appearance: appearance(element["appearances"]),
                traits: traits(members), line: filenameMember?.line ?? element.line, column: filenameMember?.column ?? element.column))
        }
        return entries
    }

    /// The keys an entry is read for above, and those that say how an image is drawn, not which devices
    /// load it: every other key is a trait.
    static let notTraits: Set<String> = ["filename", "idiom", "scale", "appearances", "resizing", "alignment-insets",
                                         "template-rendering-intent", "compression-type", "preserves-vector-representation"]

    /// An entry's traits (see ``ImageSetEntry/traits``): each other key with its value (a string, a
    /// number or a boolean as written; the key alone for an object or an array).
    static func traits(_ members: [JSONNode.Member]) -> String? {
        var traits: [String: String] = [:]
        for member in members where !notTraits.contains(member.key) {
            let value = member.value.string ?? member.value.numberText ?? member.value.bool.map { $0 ? "true" : "false" }
            traits[member.key] = value.map { "\(member.key)=\($0)" } ?? member.key
        }
        return traits.isEmpty ? nil : traits.keys.sorted().map { traits[$0]! }.joined(separator: ",")
    }

    /// `[{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}]` as
    /// "dark+high-contrast".
    static func appearance(_ node: JSONNode?) -> String? {
        let parts = (node?.elements ?? []).compactMap { item -> String? in
            guard let kind = item["appearance"]?.string, let value = item["value"]?.string else { return nil }
            return kind == "contrast" ? "\(value)-contrast" : value
        }
        return parts.isEmpty ? nil : parts.joined(separator: "+")
    }
}
