/// An image call in code outside any Live Activity view (an app target's own code), wherever it is.
package struct ImageMention: Sendable, Hashable {
    /// How the code names the image.
    package var name: ImageReference.Name
    /// How sure: written (``ImageUsage/Evidence/literal``), narrowed to, or only possible (a computed name).
    package var evidence: ImageUsage.Evidence
    /// The Swift file, as the reader was given it, and the line.
    package var file: String
    package var line: Int
    /// The call as written, spaced plainly and cut to 60 characters: "UIImage(named: \"logo\")"; for a
    /// bare name (``isCall`` false), the name as written: "\"logo\"", ".logo".
    package var call: String
    /// Whether an image call names it; false for a string or implicit member that is an image's name
    /// outside any call the reader knows (`imageView.image = .logo`, `icon: "logo"` given to the app's
    /// own wrapper): it may name the image.
    package var isCall = true

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

    /// For each of `names` (image sets' and files' names) that a mention names, its strongest mention
    /// (literal, then narrowed, then candidate; an image call before a bare name; then the first), as
    /// ``ImageUsage`` matches names: a literal with or without an image file's extension, the generated
    /// symbol, or a computed name of its shape. Mentions `skipping` passes are left out.
    package func strongest(for names: [String], skipping: (ImageMention) -> Bool = { _ in false }) -> [String: ImageMention] {
        var matcher = ImageNameMatcher(names: names)
        let strength: [ImageUsage.Evidence: Int] = [.literal: 0, .narrowed: 1, .candidate: 2]
        func rank(_ mention: ImageMention) -> Int { strength[mention.evidence]! * 2 + (mention.isCall ? 0 : 1) }
        var found: [String: ImageMention] = [:]
        for mention in mentions where !skipping(mention) {
            guard let match = matcher.match(mention.name, evidence: mention.evidence) else { continue }
            var matched = mention
            matched.evidence = match.evidence
            for name in match.names where found[name].map({ rank(matched) < rank($0) }) ?? true { found[name] = matched }
        }
        return found
    }

    /// The images a storyboard's or XIB's `bytes` name (`image="logo"`, `backgroundImage="..."`,
    /// `selectedImage="..."`, `<image name="logo" .../>`), each where it is: read as text, no XML parsed.
    package static func interfaceMentions(path: String, bytes: [UInt8]) -> [ImageMention] {
        var found: [ImageMention] = []
        let patterns = [Array("mage=\"".utf8), Array("<image name=\"".utf8)]
        var line = 1, index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            for pattern in patterns where bytes[index] == pattern[0] && index + pattern.count <= bytes.count
                && bytes[index..<index + pattern.count].elementsEqual(pattern) {
                let start = index + pattern.count
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), end > start, end - start <= 512 else { continue }
                let name = Self.unescapedXML(String(decoding: bytes[start..<end], as: UTF8.self))
                found.append(ImageMention(name: .literal(name), evidence: .literal, file: path, line: line,
                                          call: String(decoding: bytes[(pattern[0] == UInt8(ascii: "<") ? index : index - 1)...end], as: UTF8.self)))
            }
            index += 1
        }
        return found
    }

    /// XML's five escapes undone (`&amp;` and the rest), as Interface Builder writes names.
    static func unescapedXML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let escapes: [(String, Character)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]
        var result = "", rest = Substring(text)
        while let first = rest.first {
            if first == "&", let (escape, character) = escapes.first(where: { rest.hasPrefix($0.0) }) {
                result.append(character)
                rest = rest.dropFirst(escape.count)
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
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
        let tokens = reader.files.reduce(0) { $0 + $1.tokens.count }
        var nestedTooDeep = false
        for index in 0..<count {
            reader.mentions(in: Region(file: index, start: 0, end: reader.files[index].tokens.count), depth: 0, cut: &nestedTooDeep)
        }
        var found = ImageMentions()
        found.mentions = reader.mentions
        if reader.ranOut || reader.declaringRanOut {
            found.unread.append("the code past the reader's budget (\(Self.workPerToken) steps for each of its \(tokens.groupedDigits) tokens, and a fixed allowance)")
        }
        if nestedTooDeep { found.unread.append("string interpolations nested more than \(Self.interpolationDepth) deep") }
        return found
    }

    /// How deep interpolations inside interpolations are read for image calls.
    static let interpolationDepth = 4

    /// Lists the image calls of `region`, each block's local bindings read from its opening brace.
    private mutating func mentions(in region: Region, depth: Int, cut: inout Bool) {
        let file = files[region.file], tokens = file.tokens
        var braces: [Int] = []
        var index = region.start
        while index < region.end, step() {
            let token = tokens[index]
            if token.isSymbol("{") { braces.append(index) }
            if token.isSymbol("}") { _ = braces.popLast() }
            let floor = braces.last ?? region.start
            if case .string(let literal) = token.kind {
                if let value = literal.value, !value.isEmpty, value.utf8.count <= 256 {
                    // A string that is an image's name, given to code the reader does not know (the app's own wrapper).
                    mentions.append(ImageMention(name: .literal(value), evidence: .candidate, file: file.path, line: token.line,
                                                 call: Self.callText(tokens[index...index]), isCall: false))
                } else if !literal.holes.isEmpty {
                    if depth >= Self.interpolationDepth {
                        cut = true
                    } else if spend(literal.holes.reduce(0) { $0 + $1.utf8.count }), let hole = interpolation(file: region.file, token: index) {
                        mentions(in: hole, depth: depth + 1, cut: &cut)
                    }
                }
            }
            // `.logo` with no receiver (`imageView.image = .logo`, `setImage(.logo, for:)`): a generated symbol it may be.
            if token.isSymbol("."), index + 1 < region.end, tokens[index + 1].kind == .identifier,
               index == 0 || !(tokens[index - 1].kind == .identifier || tokens[index - 1].isSymbol(")") || tokens[index - 1].isSymbol("]")
                               || tokens[index - 1].isSymbol("?") || tokens[index - 1].isSymbol("!") || tokens[index - 1].isSymbol(">")) {
                mentions.append(ImageMention(name: .symbol(tokens[index + 1].text), evidence: .candidate, file: file.path, line: token.line,
                                             call: "." + tokens[index + 1].text, isCall: false))
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
            let before = mentions.count
            if !member, parenthesis, Self.namesImage(token.text), viewTypes[token.text] == nil,
               !readsBindings(tokens, call: index, partner: file.partner) || spend(index - floor),
               let end = imageCall(file: region.file, callee: index, presentations: [], floor: floor) {
                // `ImageAsset(name:)` (SwiftGen) and `ImageResource(name:bundle:)` declare an image for use
                // elsewhere: the code may show it, not necessarily here.
                if token.isName("ImageAsset") || token.isName("ImageResource") {
                    for made in before..<mentions.count { mentions[made].isCall = false }
                }
                index = max(index + 1, end)
                continue
            }
            if !member, !calls, !Self.isWholeImageArgument(tokens, index), let symbol = generatedSymbol(file: region.file, type: index) {
                symbolReference(file: region.file, at: index, symbol: symbol, presentations: [])
            } else if !member, token.isName("R"), index + 4 < region.end, tokens[index + 1].isSymbol("."), tokens[index + 2].isName("image"),
                      tokens[index + 3].isSymbol("."), tokens[index + 4].kind == .identifier {
                // R.swift's `R.image.teamLogo`, `R.image.onboarding.pencil` (its generated code is rarely in the
                // repository): the image set's symbol, its last name.
                var last = index + 4
                while last + 2 < region.end, tokens[last + 1].isSymbol("."), tokens[last + 2].kind == .identifier { last += 2 }
                mentions.append(ImageMention(name: .symbol(tokens[last].text), evidence: .literal, file: file.path, line: token.line,
                                             call: Self.callText(tokens[index...last])))
                index = last + 1
                continue
            }
            index += 1
        }
    }

    /// Whether the arguments of the call at `call` name a value (an identifier that is not a label), whose
    /// local binding the reader may look for.
    private func readsBindings(_ tokens: [SwiftToken], call: Int, partner: [Int]) -> Bool {
        guard call + 1 < tokens.count, partner[call + 1] > call + 1 else { return true }
        let close = min(partner[call + 1], tokens.count)
        return (call + 2..<close).contains { tokens[$0].kind == .identifier && !($0 + 1 < close && tokens[$0 + 1].isSymbol(":")) }
    }
}
