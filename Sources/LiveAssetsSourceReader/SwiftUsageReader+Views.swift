import LiveAssetsCore

// Following views: from a presentation's closure through the View types, functions and computed
// properties it names, each read once per family of presentations.
extension SwiftUsageReader {
    /// Which presentations a view shows in: fixed ones, or the content view's, which a `switch` on
    /// `activityFamily` divides.
    enum Family: Hashable {
        case fixed([Presentation])
        case content
    }

    /// A view read for a family (the same view may show in two: the small case and the medium), with the
    /// literal defaults that decide its branches there (a call may pass its own).
    struct Visit: Hashable {
        let region: Region
        let family: Family
        let constants: [String: Constant]
    }

    mutating func collect(_ region: Region, family: Family) {
        let tokens = files[region.file].tokens
        root = (files[region.file].path, tokens.isEmpty ? 1 : tokens[min(max(region.start - 1, 0), tokens.count - 1)].line)
        follow(region, family: family, depth: 0)
    }

    func presentations(_ family: Family, small: Bool?) -> [Presentation] {
        switch family {
        case .fixed(let presentations): return presentations
        case .content:
            switch small {
            case true?: return [.small]
            case false?: return [.lockScreen]
            case nil: return [.lockScreen, .small]  // the small view only where declared: see `references`
            }
        }
    }

    /// Reads `region` for the images it shows in `family`, and follows what it builds; `given`: the
    /// literal defaults that decide its branches, where a call set them (else the view's own).
    mutating func follow(_ region: Region, family: Family, depth: Int, constants given: [String: Constant]? = nil) {
        // The view's literal defaults no call overrides (most code has none: no lookup then).
        let constants = given ?? (regionConstants.isEmpty ? [:] : regionConstants[region] ?? [:])
        let visit = Visit(region: region, family: family, constants: constants)
        guard followed[visit].map({ depth < $0 }) ?? true else { return }
        guard depth <= Self.depth else {
            // Said, not skipped quietly: what it shows is not known.
            let tokens = files[region.file].tokens
            let line = tokens.isEmpty ? 1 : tokens[min(region.start, tokens.count - 1)].line
            let note = "the view at \(location(region.file, line: line)), nested more than \(Self.depth) deep"
            if !reading.undecided.contains(note) { reading.undecided.append(note) }
            // Said once for the presentation's view it is reached from: a chain of names can reach far.
            unresolved("views nested more than \(Self.depth) deep", call: "",
                       file: root.file, line: root.line, presentations: presentations(family, small: nil))
            return
        }
        followed[visit] = depth
        let file = files[region.file], tokens = file.tokens
        var braces: [Int] = []  // the braces open here, innermost last
        var switches: [Int] = []  // the opening braces of the `switch activityFamily` blocks open here
        var small: [(end: Int, small: Bool)] = []  // their `case` stretches open here: small, or not
        var skips: [Range<Int>] = []  // the `else` branches of conditions those defaults decide
        var index = region.start
        while index < region.end, step() {
            small.removeAll { index >= $0.end }
            if let skip = skips.last, skip.lowerBound == index {
                skips.removeLast()
                index = skip.upperBound
                continue
            }
            let token = tokens[index]
            if !constants.isEmpty, token.isName("if"), let open = nextBrace(in: file, from: index + 1), open < region.end,
               let taken = decide((index + 1)..<open, in: file, constants: constants) {
                let (next, skip) = afterDecidedIf(file, open: open, taken: taken, end: region.end)
                if let skip { skips.append(skip) }
                index = taken ? open : next
                continue
            }
            if token.isSymbol("{") { braces.append(index) }
            if token.isSymbol("}") {
                if let open = braces.popLast(), switches.last == open { switches.removeLast() }
            }
            if token.isName("switch"), let open = nextBrace(in: file, from: index + 1),
               tokens[(index + 1)..<open].contains(where: { $0.kind == .identifier && familyNames.contains($0.text) }) {
                switches.append(open)
            }
            // Directly in such a switch, `case .small:` is the small view; `.medium` and `default` the
            // Lock Screen. (The `case`s of a switch inside one of its cases keep the case's family.)
            if let open = switches.last, braces.last == open, token.isName("case") || token.isName("default") {
                var colon = index + 1
                while colon < region.end, !tokens[colon].isSymbol(":"), colon < index + 8 { colon += 1 }
                if colon < region.end, tokens[colon].isSymbol(":") {
                    let isSmall = tokens[(index + 1)..<colon].contains { $0.isName("small") }
                    small.append((caseEnd(file, from: colon + 1, limit: region.end), isSmall))
                }
            }
            // `Text("\(Image("crest")) 2-1")`: an interpolation's code is a view's too.
            if case .string(let literal) = token.kind, literal.holes.contains(where: { $0.utf8.count > 5 && $0.contains("Image") }),
               let hole = interpolation(file: region.file, token: index) {
                follow(hole, family: narrowed(family, small.last?.small), depth: depth + 1)
            }
            if token.kind == .pound, index + 1 < region.end, tokens[index + 1].isSymbol("(") {
                pound(at: index, in: region, presentations: presentations(family, small: small.last?.small))
            }
            guard token.kind == .identifier else {
                index += 1
                continue
            }
            let previous = index > 0 ? tokens[index - 1] : nil
            let member = previous?.isSymbol(".") == true && !(index >= 2 && tokens[index - 2].isName("self")) && !Self.isModule(tokens, before: index)
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let parenthesis = next?.isSymbol("(") == true, calls = parenthesis || next?.isSymbol("{") == true
            let inside = narrowed(family, small.last?.small)  // the family of what this view builds
            let shownHere = presentations(family, small: small.last?.small)
            // Members are followed as plain names are (`.teamBadge()`, `Image.teamLogo`, `Team.logo(for:)`):
            // by the name the files declare, whatever type declares it.
            if !member, parenthesis, Self.namesImage(token.text), viewTypes[token.text] == nil {
                if let end = imageCall(file: region.file, callee: index, presentations: shownHere, floor: region.start) {
                    index = max(index + 1, end)  // the name's own tokens are read: what follows it is the view's
                    continue
                }
            } else if calls, let types = viewTypes[token.text] {
                for type in types {
                    follow(type, family: inside, depth: depth + 1, constants: regionConstants.isEmpty ? nil : callConstants(type, file: region.file, callee: index))
                }
            } else if parenthesis, let bodies = functions[token.text] {
                for body in bodies { follow(body, family: inside, depth: depth + 1) }
            } else if !calls, previous?.isName("var") != true, previous?.isName("let") != true, let bodies = properties[token.text] {
                for body in bodies { follow(body, family: inside, depth: depth + 1) }
            } else if !member, !calls, !Self.isWholeImageArgument(tokens, index), let symbol = generatedSymbol(file: region.file, type: index) {
                // `UIImage.teamLogo`, `ImageResource.teamLogo`: Xcode's generated symbol for an image set.
                symbolReference(file: region.file, at: index, symbol: symbol, presentations: shownHere)
            } else if !member, calls || next?.isSymbol(".") == true, let first = token.text.unicodeScalars.first, first.properties.isUppercase,
                      !PlatformTypes.contains(token.text), !typeNames.contains(token.text), !Self.isModuleName(token.text), token.text != "Self",
                      typeIndex.types[""]?.members[token.text] == nil {
                // A view or a value of a type declared nowhere the reader can read (`TeamBadge()`,
                // `Asset.teamLogo.swiftUIImage`): it may show any image.
                if unfollowed[token.text] == nil { unfollowedOrder.append(token.text) }
                let place = location(region.file, line: token.line)
                if unfollowed[token.text]?.contains(place) != true { unfollowed[token.text, default: []].append(place) }
                let call: String
                if parenthesis, file.partner[index + 1] > index {
                    call = Self.callText(tokens[index...min(file.partner[index + 1], tokens.count - 1)])
                } else if calls {
                    call = token.text + " { ... }"
                } else {
                    call = Self.callText(tokens[index..<min(index + 3, tokens.count)])
                }
                unresolved("\(token.text) is declared nowhere the reader can read", call: call, file: file.path, line: token.line, presentations: shownHere)
            }
            index += 1
        }
    }

    /// A macro or literal expression at `index` (`#imageLiteral(resourceName: "x")` names an image; a
    /// macro the reader does not know may expand to any view).
    mutating func pound(at index: Int, in region: Region, presentations shownHere: [Presentation]) {
        let file = files[region.file], token = file.tokens[index]
        switch token.text {
        case "#imageLiteral":
            guard let name = arguments(of: region.file, callee: index).first(where: { $0.label == "resourceName" })?.region else { return }
            var code = code(name, floor: region.start)
            code.range = name.start..<name.end
            let values = names(of: code)
            let call = Self.callText(file.tokens[index...min(file.partner[index + 1], file.tokens.count - 1)])
            add(values, written: name.end - name.start == 1, call: call, file: region.file, line: token.line, presentations: shownHere)
        case "#colorLiteral", "#available", "#unavailable", "#selector", "#keyPath", "#file", "#fileID", "#filePath", "#line",
             "#column", "#function", "#warning", "#error", "#sourceLocation", "#dsohandle", "#Preview", "#if", "#elseif":
            break
        default:
            unresolved("the macro \(token.text) is not expanded by the reader", call: token.text + "(...)", file: file.path, line: token.line,
                       presentations: shownHere)
        }
    }

    /// The code of the interpolations of the string at `token` of `file`, lexed once as a file of its own
    /// (its tokens on the string's line), where one may build an image.
    mutating func interpolation(file fileIndex: Int, token index: Int) -> Region? {
        let key = [fileIndex, index]
        if let known = interpolations[key] { return known }
        let token = files[fileIndex].tokens[index]
        guard case .string(let literal) = token.kind else { return nil }
        var tokens = SwiftLexer.tokens(of: Array(literal.holes.joined(separator: "\n").utf8))
        for offset in tokens.indices { tokens[offset].line = token.line }
        files.append(File(path: files[fileIndex].path, tokens: tokens, partner: Self.partners(tokens)))
        let region = Region(file: files.count - 1, start: 0, end: tokens.count)
        interpolations[key] = region
        return region
    }

    /// Module names a type may be qualified by (`SwiftUI.Image`).
    static func isModuleName(_ name: String) -> Bool {
        ["SwiftUI", "UIKit", "WidgetKit", "ActivityKit", "Foundation", "DeveloperToolsSupport", "AppKit", "Swift"].contains(name)
    }

    /// Whether the three tokens at `index` are an `Image(...)` call's whole argument (`Image(ImageResource.x)`),
    /// which ``imageCall(file:callee:presentations:)`` reads.
    static func isWholeImageArgument(_ tokens: [SwiftToken], _ index: Int) -> Bool {
        index >= 2 && index + 3 < tokens.count && tokens[index - 1].isSymbol("(") && tokens[index - 2].isName("Image")
            && tokens[index + 3].isSymbol(")")
    }

    /// Inside a `case .small:` or `.medium:` stretch, the content view's family is decided there.
    func narrowed(_ family: Family, _ small: Bool?) -> Family {
        guard case .content = family, let small else { return family }
        return .fixed(small ? [.small] : [.lockScreen])
    }

    /// Where a `case` stretch ends: at the next `case` or `default` on its level, or its `switch`'s `}`.
    func caseEnd(_ file: File, from start: Int, limit: Int) -> Int {
        Self.caseEnd(file.tokens, partner: file.partner, from: start, limit: limit)
    }

    /// ``caseEnd(_:from:limit:)`` over any tokens and their brackets' partners (an interpolation's too).
    static func caseEnd(_ tokens: [SwiftToken], partner: [Int], from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            let token = tokens[index]
            if token.isName("case") || token.isName("default") || token.isSymbol("}") { return index }
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && partner[index] > index {
                index = partner[index]
            }
            index += 1
        }
        return limit
    }

    func location(_ file: Int, line: Int) -> String {
        ImageReference.location(files[file].path, line: line)
    }
}
