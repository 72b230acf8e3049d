import LiveAssetsCore

/// Which presentations show each image, as the widget's Swift code says: the references of a
/// ``SourceReading`` matched to the image names of the catalogs and folders checked.
///
/// Names match as `UIImage(named:)` finds them (a ".png" or ".jpg" extension dropped). A generated
/// asset symbol (`Image(.teamLogo)`) matches the image sets whose symbol it is; Apple does not document
/// how Xcode forms them, so these are our rules: the name split into words at every character that is
/// not a letter or digit, the first word's first letter lowercased (the whole word where it is all
/// capitals), each later word's first letter uppercased, "_" before a leading digit; where that ends in
/// "Image", it without that too. A symbol that matches several sets makes
/// each a candidate. A dynamic name's candidates are the names that fit its interpolation's shape (any
/// name, for another expression) and appear as data in the code, whole or as the interpolated part (the
/// data of the property or function the name is read from, where the reader knows it:
/// ``ImageReference/data``);
/// when the data narrows nothing, every name that fits is a candidate, not proven to be shown (`check`
/// holds a candidate to the view's presentations as a warning). A name no fixed text constrains (`Image(team)`, `Image("\(team)")`) does not take the images the code names by a literal or symbol anywhere, nor those
/// an interpolation in a view builds (`"flag-\(code)"`): those have a known user.
package struct ImageUsage: Sendable {
    /// How the code shows that an image is shown.
    package enum Evidence: String, Sendable, Hashable {
        /// Named by a literal or a generated symbol.
        case literal
        /// A dynamic name that the code's data narrows to this image.
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
    }

    /// The presentations that show each image name, in presentation order, each once (its first,
    /// strongest evidence).
    package var shown: [String: [Shown]] = [:]
    /// The names no Live Activity view references, in order.
    package var unreferenced: [String] = []

    /// `reading`'s references matched to `names`, the image names checked.
    package init(_ reading: SourceReading, names: [String]) {
        let symbols = Dictionary(grouping: names.flatMap { name in Self.symbols(of: name).map { ($0, name) } }, by: \.0)
            .mapValues { Array(Set($0.map(\.1))).sorted() }
        var found: [String: [Shown]] = [:]
        func add(_ name: String, _ reference: ImageReference, _ evidence: Evidence) {
            found[name, default: []].append(Shown(presentation: reference.presentation, evidence: evidence, location: reference.location,
                                                  file: reference.file, line: reference.line, call: reference.call))
        }
        let known = Set(names)
        let shapes = Set(reading.references.compactMap { reference -> StringLiteral? in
            if case .dynamic(let shape?) = reference.name, shape.pieces.contains(where: { !$0.isEmpty }) { return shape }
            return nil
        })
        for reference in reading.references {
            switch reference.name {
            case .literal(let name):
                if known.contains(name) { add(name, reference, .literal) }
            case .symbol(let symbol):
                let matches = symbols[symbol] ?? []
                for name in matches { add(name, reference, matches.count == 1 ? .literal : .candidate) }
            case .dynamic(let shape):
                let fitting = names.filter { shape?.matches($0) ?? true }
                let data = reference.data ?? reading.dataLiterals
                let narrowed = fitting.filter { name in
                    data.contains(name) || shape.flatMap { Self.hole(of: $0, in: name) }.map(data.contains) == true
                }
                guard narrowed.isEmpty else {
                    for name in narrowed { add(name, reference, .narrowed) }
                    continue
                }
                // Any name, where no fixed text constrains it (`Image(team)`, `Image("\(team)")`): but not one
                // the code names itself somewhere, or builds with an interpolation of its own (`"flag-\(code)"`
                // claims the flags).
                let constrained = shape?.pieces.contains { !$0.isEmpty } == true
                for name in fitting where constrained || !reading.namedByLiteral.contains(name)
                    && !Self.symbols(of: name).contains(where: reading.namedBySymbol.contains)
                    && !shapes.contains(where: { $0.matches(name) }) {
                    add(name, reference, .candidate)
                }
            }
        }
        let strength: [Evidence: Int] = [.literal: 0, .narrowed: 1, .candidate: 2]
        for (name, list) in found {
            var best: [Presentation: Shown] = [:]
            for shown in list where best[shown.presentation].map({ strength[shown.evidence]! < strength[$0.evidence]! }) ?? true {
                best[shown.presentation] = shown
            }
            shown[name] = best.values.sorted { $0.presentation < $1.presentation }
        }
        unreferenced = names.filter { found[$0] == nil }
    }

    /// The interpolated text of `name` where `shape` has exactly one interpolation.
    static func hole(of shape: StringLiteral, in name: String) -> String? {
        guard shape.pieces.count == 2, shape.matches(name) else { return nil }
        let start = shape.pieces[0].count, end = name.count - shape.pieces[1].count
        guard end >= start else { return nil }
        return String(name.dropFirst(start).dropLast(shape.pieces[1].count))
    }

    /// The generated asset symbols that name `name` (see the type's rules).
    static func symbols(of name: String) -> [String] {
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
