/// An image call in code outside any Live Activity view (an app target's own code), wherever it is.
package struct ImageMention: Sendable, Hashable {
    /// How the code names the image.
    package var name: ImageReference.Name
    /// How sure: written (``ImageUsage/Evidence/literal``), narrowed to, or only possible (a computed name).
    package var evidence: ImageUsage.Evidence
    /// The Swift file, as the reader was given it, and the line.
    package var file: String
    package var line: Int
    /// The call as written, spaced plainly and cut to 60 characters: "UIImage(named: \"logo\")".
    package var call: String

    /// "OnboardingView.swift:12".
    package var location: String { ImageReference.location(file, line: line) }
}

/// Every image call of a set of Swift files, found by ``SwiftUsageReader/mentions(_:)``: what an app's
/// own code can show, whatever view, controller or function holds the call.
package struct ImageMentions: Sendable {
    /// The calls, in file and line order, a name each (a computed name gives one per name it can take).
    package var mentions: [ImageMention] = []
    /// What the reader could not read to the end, one phrase each ("the image calls left when the reader
    /// stopped"): where one is said, any image may be named there.
    package var unread: [String] = []

    package init() {}

    /// The mentions that name `name` (an image set's or file's name), as ``ImageUsage`` matches names:
    /// a literal with or without an image file's extension, the generated symbol, or a computed name of
    /// its shape; strongest first (literal, narrowed, candidate).
    package func naming(_ name: String, matcher: inout ImageNameMatcher) -> [ImageMention] {
        let strength: [ImageUsage.Evidence: Int] = [.literal: 0, .narrowed: 1, .candidate: 2]
        return mentions.compactMap { mention -> ImageMention? in
            guard let match = matcher.match(mention.name, evidence: mention.evidence), match.names.contains(name) else { return nil }
            var mention = mention
            mention.evidence = match.evidence
            return mention
        }.enumerated().sorted { ($0.element.evidence == $1.element.evidence) ? $0.offset < $1.offset
            : strength[$0.element.evidence]! < strength[$1.element.evidence]! }.map(\.element)
    }
}

extension SwiftUsageReader {
    /// Every image call of `sources` (path and UTF-8 text of each Swift file), in any function, view or
    /// type: `Image("logo")`, `UIImage(named:)`, `Image(.logo)`, `UIImage.logo`, `#imageLiteral`, R.swift's
    /// `R.image.logo`, each name as sure as the code makes it (a computed name narrowed where the code
    /// decides it, else any name of its shape). Local bindings are looked up in the block that holds the
    /// call. The work is bounded as ``read(_:)``'s; past it, ``ImageMentions/unread`` says so.
    package static func mentions(_ sources: [(path: String, bytes: [UInt8])]) -> ImageMentions {
        var reader = SwiftUsageReader(sources)
        reader.listsMentions = true
        reader.findConstants()
        let count = reader.files.count  // interpolations read as code are appended after these
        for index in 0..<count {
            reader.mentions(in: Region(file: index, start: 0, end: reader.files[index].tokens.count))
        }
        var found = ImageMentions()
        found.mentions = reader.mentions
        if reader.ranOut || reader.declaringRanOut {
            found.unread.append("the image calls left when the reader stopped, after \(reader.files.reduce(0) { $0 + $1.tokens.count }.groupedDigits) tokens' worth of steps")
        }
        return found
    }

    /// Lists the image calls of `region`, each block's local bindings read from its opening brace.
    private mutating func mentions(in region: Region) {
        let file = files[region.file], tokens = file.tokens
        var braces: [Int] = []
        var index = region.start
        while index < region.end, step() {
            let token = tokens[index]
            if token.isSymbol("{") { braces.append(index) }
            if token.isSymbol("}") { _ = braces.popLast() }
            let floor = braces.last ?? region.start
            if case .string(let literal) = token.kind, literal.holes.contains(where: { $0.contains("Image") || $0.contains("R.image") }),
               let hole = interpolation(file: region.file, token: index) {
                mentions(in: hole)
            }
            if token.kind == .pound, token.text == "#imageLiteral", index + 1 < region.end, tokens[index + 1].isSymbol("(") {
                pound(at: index, in: Region(file: region.file, start: floor, end: region.end), presentations: [])
            }
            guard token.kind == .identifier else {
                index += 1
                continue
            }
            let member = index > 0 && tokens[index - 1].isSymbol(".") && !Self.isModule(tokens, before: index)
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let parenthesis = next?.isSymbol("(") == true, calls = parenthesis || next?.isSymbol("{") == true
            // A computed name's local bindings are searched back to the block's brace: that search is paid for.
            if !member, parenthesis, Self.namesImage(token.text), viewTypes[token.text] == nil, spend(index - floor),
               let end = imageCall(file: region.file, callee: index, presentations: [], floor: floor) {
                index = max(index + 1, end)
                continue
            }
            if !member, !calls, !Self.isWholeImageArgument(tokens, index), let symbol = generatedSymbol(file: region.file, type: index) {
                symbolReference(file: region.file, at: index, symbol: symbol, presentations: [])
            } else if !member, token.isName("R"), index + 4 < region.end, tokens[index + 1].isSymbol("."), tokens[index + 2].isName("image"),
                      tokens[index + 3].isSymbol("."), tokens[index + 4].kind == .identifier {
                // R.swift's `R.image.teamLogo` (its generated code is rarely in the repository): the image set's symbol.
                mentions.append(ImageMention(name: .symbol(tokens[index + 4].text), evidence: .literal, file: file.path, line: token.line,
                                             call: Self.callText(tokens[index...(index + 4)])))
                index += 5
                continue
            }
            index += 1
        }
    }
}
