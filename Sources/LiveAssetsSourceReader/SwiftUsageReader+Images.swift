import LiveAssetsCore

/// The image calls of a view: which asset names they give.
extension SwiftUsageReader {
    /// The generated asset symbol named at `type` by `UIImage.teamLogo` or `ImageResource.teamLogo`, where
    /// the files do not declare a property of that name themselves.
    func generatedSymbol(file fileIndex: Int, type: Int) -> String? {
        let tokens = files[fileIndex].tokens
        guard type + 2 < tokens.count, tokens[type].isName("UIImage") || tokens[type].isName("ImageResource"),
              type == 0 || !tokens[type - 1].isSymbol("."), tokens[type + 1].isSymbol("."), tokens[type + 2].kind == .identifier,
              type + 3 >= tokens.count || !tokens[type + 3].isSymbol("(") else { return nil }
        let symbol = tokens[type + 2].text
        guard symbol != "init", symbol != "self", properties[symbol] == nil else { return nil }
        return symbol
    }

    /// A reference to the generated symbol at `at` (`UIImage.teamLogo`) in each of `presentations`.
    mutating func symbolReference(file fileIndex: Int, at index: Int, symbol: String, presentations: [Presentation]) {
        let tokens = files[fileIndex].tokens
        let call = Self.callText(tokens[index...(index + 2)])
        if listsMentions {
            mentions.append(ImageMention(name: .symbol(symbol), evidence: .literal, file: files[fileIndex].path, line: tokens[index].line, call: call))
        }
        for presentation in presentations {
            reading.references.append(ImageReference(name: .symbol(symbol), presentation: presentation, file: files[fileIndex].path,
                                                     line: tokens[index].line, call: call))
        }
    }

    /// Whether a call of `name` names an image: `Image`, `UIImage` and `ImageResource` themselves, and SwiftUI's
    /// views that take an image by name (`Label(_:image:)`, `Button(_:image:action:)`, ...).
    /// (Most identifiers start with a lowercase letter: their first byte answers; the others go through a
    /// switch of short strings, where a set would hash every identifier.)
    static func namesImage(_ name: String) -> Bool {
        switch name.utf8.first {
        case UInt8(ascii: "B"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "M"), UInt8(ascii: "N"), UInt8(ascii: "P"),
             UInt8(ascii: "T"), UInt8(ascii: "U"): break
        default: return false
        }
        switch name {
        case "Image", "UIImage", "NSImage", "ImageResource", "ImageAsset", "Label", "Button", "Toggle", "Menu", "Picker": return true
        default: return false
        }
    }

    /// The tokens of the name a call at `callee` (one that ``namesImage(_:)``) is given, if it names an
    /// asset: `Image("x")`, `Image("x", bundle:)`, `Image(decorative: "x")`, `Image(.x)`,
    /// `Image(.init(name: "x", bundle:))`, `UIImage(named: "x")` (not `Image(decorative: cgImage, scale:)`), `ImageResource(name: "x", bundle:)`,
    /// `Label("Score", image: "x")`. `Image(uiImage:)`'s own `UIImage(named:)` is a call of its own, as is
    /// an `ImageResource(name:bundle:)` given to `Image`; `systemName:` names a symbol.
    func nameArgument(file fileIndex: Int, callee: Int) -> Range<Int>? {
        let tokens = files[fileIndex].tokens
        guard callee + 1 < tokens.count, tokens[callee + 1].isSymbol("("), callee == 0 || !tokens[callee - 1].isSymbol(".") || Self.isModule(tokens, before: callee)
        else { return nil }
        let arguments = arguments(of: fileIndex, callee: callee)
        let argument: Region?
        switch tokens[callee].text {
        case "Image":
            // `Image(cgImage, scale:label:)` and `Image(decorative: cgImage, scale:)` draw pixels, not an asset.
            guard !arguments.contains(where: { $0.label == "scale" }) else { return nil }
            argument = arguments.first.flatMap { first in
                if first.label == nil || first.label == "decorative" { return first.region }
                let region = first.region
                // `Image(uiImage: .teamLogo)`: the generated `UIImage` symbol (`UIImage.teamLogo` is read as one).
                if first.label == "uiImage", region.end - region.start == 2, tokens[region.start].isSymbol("."),
                   tokens[region.start + 1].kind == .identifier, properties[tokens[region.start + 1].text] == nil {
                    return region
                }
                // `Image(uiImage: .init(named: "x")!)`: a `UIImage` made in place.
                if first.label == "uiImage", let made = initializedName(fileIndex, region) { return Region(file: fileIndex, start: made.lowerBound, end: made.upperBound) }
                return nil
            }
        case "UIImage", "NSImage":
            argument = arguments.first.flatMap { ["named", "resource", "imageLiteralResourceName", "contentsOfFile"].contains($0.label) ? $0.region : nil }
        case "ImageResource", "ImageAsset": argument = arguments.first.flatMap { $0.label == "name" ? $0.region : nil }
        default: argument = arguments.first { $0.label == "image" }?.region
        }
        guard let argument, argument.start < argument.end else { return nil }
        // A resource made in place: `ImageResource(name: "x", bundle: .main)` names itself (a call of its
        // own); `.init(name: "x", bundle: .main)` names its first argument.
        if tokens[argument.start].isName("ImageResource"), argument.start + 1 < argument.end,
           files[fileIndex].partner[argument.start + 1] == argument.end - 1 {
            return nil
        }
        return initializedName(fileIndex, argument) ?? argument.start..<argument.end
    }

    /// The name argument of `.init(name: "x", bundle:)` or `.init(named: "x")` (a trailing `!` allowed),
    /// where `region` is one.
    private func initializedName(_ fileIndex: Int, _ region: Region) -> Range<Int>? {
        let tokens = files[fileIndex].tokens
        var end = region.end
        if end > region.start, tokens[end - 1].isSymbol("!") || tokens[end - 1].isSymbol("?") { end -= 1 }
        guard end - region.start > 3, tokens[region.start].isSymbol("."), tokens[region.start + 1].isName("init"),
              tokens[region.start + 2].isSymbol("("), files[fileIndex].partner[region.start + 2] == end - 1,
              let name = self.arguments(of: fileIndex, callee: region.start + 1).first,
              ["name", "named", "resource", "imageLiteralResourceName"].contains(name.label) else { return nil }
        return name.region.start..<name.region.end
    }

    /// Whether the name at `index` is qualified by a module that declares image types (`SwiftUI.Image`,
    /// `UIKit.UIImage`): a call of the type itself, not a member.
    static func isModule(_ tokens: [SwiftToken], before index: Int) -> Bool {
        guard index >= 2, tokens[index - 1].isSymbol(".") else { return false }
        switch tokens[index - 2].text {
        case "SwiftUI", "UIKit", "WidgetKit", "DeveloperToolsSupport", "AppKit": return index < 3 || !tokens[index - 3].isSymbol(".")
        default: return false
        }
    }

    /// The names an image call at `callee` is given, if it names an asset, each as sure as the code
    /// makes it: a written literal or generated symbol; each name its expression is narrowed to
    /// (a conditional between literals, a property or function of a known receiver, an enum's cases);
    /// the names a member looked up by name alone may give; and, where the code leaves it open, any
    /// name of its shape.
    /// Returns where its name argument ends, where it has one.
    @discardableResult
    mutating func imageCall(file fileIndex: Int, callee: Int, presentations: [Presentation], floor: Int) -> Int? {
        let file = files[fileIndex], tokens = file.tokens
        guard let range = nameArgument(file: fileIndex, callee: callee), spend(range.count) else { return nil }
        let argument = tokens[range]
        let isLiteral: Bool
        if argument.count == 1, case .string(let literal) = argument.first!.kind { isLiteral = literal.value != nil } else { isLiteral = false }
        // `.teamLogo`, and `.Onboarding.pencil` in a namespace: a generated symbol written out.
        let written = isLiteral || argument.count >= 2 && argument.count % 2 == 0
            && argument.enumerated().allSatisfy { $0.offset % 2 == 0 ? $0.element.isSymbol(".") : $0.element.kind == .identifier }
        var values: NameValues
        if argument.count == 3, argument.first!.isName("ImageResource"), tokens[range.lowerBound + 1].isSymbol("."), argument.last!.kind == .identifier {
            values = NameValues(symbols: [argument.last!.text])  // `ImageResource.teamLogo`
        } else {
            var code = code(Region(file: fileIndex, start: range.lowerBound, end: range.upperBound), floor: floor)
            code.range = range
            values = tokens[callee].text == "UIImage" && tokens[callee + 2].isName("contentsOfFile") ? fileNames(of: code) : names(of: code)
        }
        let call = Self.callText(tokens[callee...min(file.partner[callee + 1], tokens.count - 1)])
        // The literals written in the call itself (`c ? "a" : "b"`, `x ?? "a"`) are named, not narrowed to.
        let inCall = Set(argument.compactMap { token -> String? in
            if case .string(let literal) = token.kind { return literal.value }
            return nil
        })
        add(values, written: written, call: call, file: fileIndex, line: tokens[callee].line, presentations: presentations, named: inCall)
        return range.upperBound
    }

    /// References for what a call's name can be, in each of `presentations`.
    mutating func add(_ values: NameValues, written: Bool, call: String, file fileIndex: Int, line: Int, presentations: [Presentation],
                      named: Set<String> = []) {
        let evidence: ImageUsage.Evidence = written ? .literal : .narrowed
        var names: [(ImageReference.Name, ImageUsage.Evidence)] = []
        names += values.shown.sorted().map { (.literal($0), named.contains($0) ? .literal : evidence) }
        names += values.symbols.sorted().map { (.symbol($0), evidence) }
        names += values.possible.subtracting(values.shown).sorted().map { (.literal($0), .candidate) }
        names += values.possibleSymbols.subtracting(values.symbols).sorted().map { (.symbol($0), .candidate) }
        names += values.shapes.sorted { $0.pieces.lexicographicallyPrecedes($1.pieces) }.map { (.dynamic($0 == .any ? nil : $0), .candidate) }
        for (name, evidence) in names {
            if listsMentions {
                mentions.append(ImageMention(name: name, evidence: evidence, file: files[fileIndex].path, line: line, call: call))
            }
            for presentation in presentations {
                reading.references.append(ImageReference(name: name, presentation: presentation, file: files[fileIndex].path, line: line,
                                                         call: call, evidence: evidence))
            }
        }
    }

    /// The image names a `UIImage(contentsOfFile:)` path can load: `Bundle.main.path(forResource: "hero",
    /// ofType: "png")`'s "hero.png", or each path's last component where the code decides them; else any.
    private mutating func fileNames(of code: Code) -> NameValues {
        let tokens = code.tokens
        if let call = (code.range).first(where: { tokens[$0].isName("path") && $0 + 1 < code.range.upperBound && tokens[$0 + 1].isSymbol("(") }) {
            let arguments = arguments(of: code.file, callee: call)
            guard let resource = arguments.first(where: { $0.label == "forResource" })?.region else { return .any }
            var names = self.names(of: code.with(resource.start..<resource.end))
            if let type = arguments.first(where: { $0.label == "ofType" })?.region, type.end - type.start == 1,
               case .string(let literal) = tokens[type.start].kind, let suffix = literal.value {
                names = NameValues(shown: Set(names.shown.map { $0 + "." + suffix }), possible: Set(names.possible.map { $0 + "." + suffix }),
                                   shapes: names.shapes.isEmpty ? [] : [.any])
            }
            return names
        }
        let names = self.names(of: code)
        func last(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
        return NameValues(shown: Set(names.shown.map(last)), possible: Set(names.possible.map(last)), shapes: names.shapes.isEmpty ? [] : [.any])
    }

    /// Records a construct the reader could not follow inside a Live Activity view: any image may be
    /// shown in `presentations` by it (each said once per place).
    mutating func unresolved(_ what: String, call: String, file: String, line: Int, presentations: [Presentation]) {
        let fresh = presentations.filter { presentation in
            unresolvedSeen.insert(ImageReference(name: .dynamic(nil), presentation: presentation, file: file, line: line, call: call,
                                                 evidence: .candidate, unresolved: what)).inserted
        }
        reading.addUnresolved(what, call: call, file: file, line: line, presentations: fresh)
    }

    /// A call's tokens as one line: operators spaced, a comma or colon followed by a space, the rest
    /// together; cut to 60 characters with "..."; a multi-line string's line breaks as spaces (the text
    /// goes in one-line messages and CI annotations).
    static func callText(_ tokens: ArraySlice<SwiftToken>) -> String {
        var text = ""
        for token in tokens {
            let written = token.text.contains(where: \.isNewline) ? String(token.text.map { $0.isNewline ? " " : $0 }) : token.text
            if token.kind == .symbol && written != "?" && written != "!" {
                text += " " + written + " "
            } else if token.isSymbol(",") || token.isSymbol(":") {
                text += written + " "
            } else {
                text += written
            }
            if text.count > 60 { return String(text.prefix(57)) + "..." }
        }
        return text
    }
}
