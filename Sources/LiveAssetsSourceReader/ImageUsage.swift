import LiveAssetsCore

/// Which presentations show each image, as the widget's Swift code says: the references of a
/// ``SourceReading`` matched to the image names of the catalogs and folders checked.
///
/// A literal matches the image of that name; one with an image file's extension (`"hero.jpg"`) matches
/// the loose file of that name and the image set without it (apps rely on the latter, though Apple
/// documents only the former). A generated asset symbol (`Image(.teamLogo)`) matches the image sets
/// whose symbol it is; Apple does not document how Xcode forms them, so these are our rules: the name
/// split into words at every character that is not a letter or digit, the first word's first letter
/// lowercased (the whole word where it is all capitals), each later word's first letter uppercased, "_"
/// before a leading digit; where that ends in "Image", it without that too. A symbol that matches
/// several sets makes each a candidate. A name the code leaves open may be any image that fits its
/// shape (any image, with no fixed text): each is a candidate, held to the view's presentations as a
/// warning; the code's other strings never narrow it.
package struct ImageUsage: Sendable {
    /// How the code shows that an image is shown.
    package enum Evidence: String, Sendable, Hashable {
        /// Named by a literal or a generated symbol.
        case literal
        /// A computed name the code narrows to a closed set that holds this image.
        case narrowed
        /// A dynamic name nothing narrows: the image may be shown.
        case candidate
    }

    /// One presentation that shows an image, and where the code says so.
    package struct Shown: Sendable, Hashable {
        package var presentation: Presentation
        package var evidence: Evidence
        /// "LeadingView.swift:15".
        package var location: String
        /// The Swift file, as the reader was given it, and the line.
        package var file: String
        package var line: Int
        /// The call, as written: "Image(context.attributes.team)".
        package var call: String
        /// For a construct the reader could not follow: what, in a phrase (``ImageReference/unresolved``).
        package var unresolved: String? = nil
    }

    /// The presentations that show each image name, in presentation order, each once (its first,
    /// strongest evidence).
    package var shown: [String: [Shown]] = [:]
    /// Every call that may show each image name (evidence ``Evidence/candidate``), each presentation of
    /// each call once, in the order met: ``shown`` keeps one entry a presentation, these keep them all.
    package var candidates: [String: [Shown]] = [:]
    /// The names no Live Activity view references, in order.
    package var unreferenced: [String] = []

    /// `reading`'s references matched to `names`, the image names checked.
    package init(_ reading: SourceReading, names: [String]) {
        var matcher = ImageNameMatcher(names: names)
        var found: [String: [Shown]] = [:]
        for reference in reading.references {
            guard let match = matcher.match(reference.name, evidence: reference.evidence) else { continue }
            for name in match.names {
                found[name, default: []].append(Shown(presentation: reference.presentation, evidence: match.evidence, location: reference.location,
                                                      file: reference.file, line: reference.line, call: reference.call,
                                                      unresolved: reference.unresolved))
            }
        }
        let strength: [Evidence: Int] = [.literal: 0, .narrowed: 1, .candidate: 2]
        for (name, list) in found {
            var seen = Set<Shown>()
            let all = list.filter { $0.evidence == .candidate && seen.insert($0).inserted }
            if !all.isEmpty { candidates[name] = all }
            var best: [Presentation: Shown] = [:]
            for shown in list where best[shown.presentation].map({ strength[shown.evidence]! < strength[$0.evidence]! }) ?? true {
                best[shown.presentation] = shown
            }
            shown[name] = best.values.sorted { $0.presentation < $1.presentation }
        }
        unreferenced = names.filter { found[$0] == nil }
    }

    /// The image extensions a name may be written with.
    static let extensions = [".png", ".jpg", ".jpeg", ".heic", ".PNG", ".JPG", ".JPEG", ".HEIC"]

    /// The names of `known` that `name` loads: itself, and without an image file's extension.
    static func matches(of name: String, in known: Set<String>) -> [String] {
        var found = known.contains(name) ? [name] : []
        for suffix in extensions where name.hasSuffix(suffix) && name.count > suffix.count {
            let bare = String(name.dropLast(suffix.count))
            if known.contains(bare) { found.append(bare) }
        }
        return found
    }

    /// `shape`, and where its text ends in an image file's extension, it without that.
    static func shapes(of shape: StringLiteral) -> [StringLiteral] {
        var shapes = [shape]
        let last = shape.pieces[shape.pieces.count - 1]
        for suffix in extensions where last.hasSuffix(suffix) {
            var bare = shape
            bare.pieces[bare.pieces.count - 1] = String(last.dropLast(suffix.count))
            shapes.append(bare)
        }
        return shapes
    }

    /// The generated asset symbols that name `name` (see the type's rules); in a catalog folder that
    /// provides a namespace ("Onboarding/Pencil"), each namespace's type before it: "Onboarding.pencil".
    static func symbols(of name: String) -> [String] {
        guard !name.contains("/") else {
            let parts = name.split(separator: "/").map(String.init)
            let namespaces = parts.dropLast().map { part in
                symbols(of: part).first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? part
            }
            // R.swift and hand-written code name it by its own symbol too (`R.image.onboarding.pencil`).
            let own = symbols(of: parts.last ?? "")
            return own.map { (namespaces + [$0]).joined(separator: ".") } + own
        }
        var words: [String] = []
        var word = ""
        for character in name {
            if character.isLetter || character.isNumber { word.append(character) } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        func symbol(_ words: [String]) -> String? {
            guard let first = words.first else { return nil }
            var text = first == first.uppercased() && first.count > 1 ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
            for word in words.dropFirst() { text += word.prefix(1).uppercased() + word.dropFirst() }
            if let leading = text.first, leading.isNumber { text = "_" + text }
            return text
        }
        guard let full = symbol(words) else { return [] }
        // "avatar-image" and "AvatarImage" are `.avatarImage`, and perhaps `.avatar`.
        if full.count > 5, full.hasSuffix("Image") { return [String(full.dropLast(5)), full] }
        return [full]
    }
}

/// Matches the names code gives images to the image names checked, by ``ImageUsage``'s rules; built once
/// for a list of names (their generated symbols indexed, each shape's matches found once).
package struct ImageNameMatcher {
    /// The names that one name of the code matches, and how sure the match is.
    package struct Match {
        package var names: [String]
        package var evidence: ImageUsage.Evidence
    }

    let names: [String]
    let known: Set<String>
    let symbols: [String: [String]]
    private var shapes: [StringLiteral?: [String]] = [:]

    package init(names: [String]) {
        self.names = names
        known = Set(names)
        symbols = Dictionary(grouping: names.flatMap { name in ImageUsage.symbols(of: name).map { ($0, name) } }, by: \.0)
            .mapValues { Array(Set($0.map(\.1))).sorted() }
    }

    /// What `name`, named with `evidence`, matches: a literal, itself and without an image file's
    /// extension; a symbol, its image sets (a candidate each where it matches several); a computed name,
    /// every name of its shape, as candidates. Nil where it matches none.
    package mutating func match(_ name: ImageReference.Name, evidence: ImageUsage.Evidence) -> Match? {
        let found: Match
        switch name {
        case .literal(let text):
            found = Match(names: ImageUsage.matches(of: text, in: known), evidence: evidence)
        case .symbol(let symbol):
            let matches = symbols[symbol] ?? []
            found = Match(names: matches, evidence: matches.count == 1 ? evidence : .candidate)
        case .dynamic(let shape):
            if shapes[shape] == nil {
                let patterns = shape.map(ImageUsage.shapes(of:))
                shapes[shape] = names.filter { name in patterns?.contains { $0.matches(name) } ?? true }
            }
            found = Match(names: shapes[shape]!, evidence: .candidate)
        }
        return found.names.isEmpty ? nil : found
    }
}
