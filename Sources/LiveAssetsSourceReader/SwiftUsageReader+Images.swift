import LiveAssetsCore

/// The image calls of a view: which asset names they give.
extension SwiftUsageReader {
    /// Marks the string literals that name an image, in every view of the file (the app's too): they are
    /// references, not data.
    mutating func markImageNames(_ fileIndex: Int) {
        let tokens = files[fileIndex].tokens
        var marked = 0  // tokens before this were looked at already: a call nested in another's name is inside it
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.namesImage(token.text) {
            guard let argument = nameArgument(file: fileIndex, callee: index) else { continue }
            for offset in max(argument.lowerBound, marked)..<max(argument.upperBound, marked) where tokens[offset].kind != .identifier {
                if case .string(let literal) = tokens[offset].kind {
                    nameTokens.insert([fileIndex, offset])
                    if let value = literal.value { reading.namedByLiteral.insert(Self.droppingExtension(value)) }
                }
            }
            if argument.count == 2, tokens[argument.lowerBound].isSymbol("."), tokens[argument.lowerBound + 1].kind == .identifier {
                reading.namedBySymbol.insert(tokens[argument.lowerBound + 1].text)
            }
            marked = max(marked, argument.upperBound)
        }
        for index in tokens.indices where tokens[index].kind == .identifier {
            switch tokens[index].text.utf8.first {
            case UInt8(ascii: "U"), UInt8(ascii: "I"):
                if let symbol = generatedSymbol(file: fileIndex, type: index) { reading.namedBySymbol.insert(symbol) }
            case UInt8(ascii: "s"):
                // An SF Symbol's name (`systemName:`, `systemImage:`) is a name, not data.
                if index + 2 < tokens.count, tokens[index].text == "systemName" || tokens[index].text == "systemImage",
                   tokens[index + 1].isSymbol(":"), case .string = tokens[index + 2].kind {
                    nameTokens.insert([fileIndex, index + 2])
                }
            default:
                break
            }
        }
    }

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
        case UInt8(ascii: "B"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "M"), UInt8(ascii: "P"), UInt8(ascii: "T"),
             UInt8(ascii: "U"): break
        default: return false
        }
        switch name {
        case "Image", "UIImage", "ImageResource", "Label", "Button", "Toggle", "Menu", "Picker": return true
        default: return false
        }
    }

    /// The tokens of the name a call at `callee` (one that ``namesImage(_:)``) is given, if it names an
    /// asset: `Image("x")`, `Image("x", bundle:)`, `Image(decorative: "x")`, `Image(.x)`,
    /// `Image(.init(name: "x", bundle:))`, `UIImage(named: "x")`, `ImageResource(name: "x", bundle:)`,
    /// `Label("Score", image: "x")`. `Image(uiImage:)`'s own `UIImage(named:)` is a call of its own, as is
    /// an `ImageResource(name:bundle:)` given to `Image`; `systemName:` names a symbol.
    func nameArgument(file fileIndex: Int, callee: Int) -> Range<Int>? {
        let tokens = files[fileIndex].tokens
        guard callee + 1 < tokens.count, tokens[callee + 1].isSymbol("("), callee == 0 || !tokens[callee - 1].isSymbol(".") else { return nil }
        let arguments = arguments(of: fileIndex, callee: callee)
        let argument: Region?
        switch tokens[callee].text {
        case "Image":
            argument = arguments.first.flatMap { first in
                if first.label == nil || first.label == "decorative" { return first.region }
                // `Image(uiImage: .teamLogo)`: the generated `UIImage` symbol (`UIImage.teamLogo` is read as one).
                let region = first.region
                if first.label == "uiImage", region.end - region.start == 2, tokens[region.start].isSymbol("."),
                   tokens[region.start + 1].kind == .identifier, properties[tokens[region.start + 1].text] == nil {
                    return region
                }
                return nil
            }
        case "UIImage": argument = arguments.first.flatMap { $0.label == "named" ? $0.region : nil }
        case "ImageResource": argument = arguments.first.flatMap { $0.label == "name" ? $0.region : nil }
        default: argument = arguments.first { $0.label == "image" }?.region
        }
        guard let argument, argument.start < argument.end else { return nil }
        // A resource made in place: `ImageResource(name: "x", bundle: .main)` names itself (a call of its
        // own); `.init(name: "x", bundle: .main)` names its first argument.
        if tokens[argument.start].isName("ImageResource"), argument.start + 1 < argument.end,
           files[fileIndex].partner[argument.start + 1] == argument.end - 1 {
            return nil
        }
        if argument.end - argument.start > 3, tokens[argument.start].isSymbol("."), tokens[argument.start + 1].isName("init"),
           tokens[argument.start + 2].isSymbol("("), files[fileIndex].partner[argument.start + 2] == argument.end - 1,
           let name = self.arguments(of: fileIndex, callee: argument.start + 1).first, name.label == "name" {
            return name.region.start..<name.region.end
        }
        return argument.start..<argument.end
    }

    /// The names an `Image(...)` or `UIImage(...)` call at `callee` is given, if it names an asset: a
    /// literal, a generated symbol, each literal of a conditional between two (`c ? "a" : "b"`), or a
    /// dynamic name (an interpolation, or another expression: with `x ?? "a"` or `c ? "a" : x`, "a" too).
    mutating func imageCall(file fileIndex: Int, callee: Int, presentations: [Presentation]) {
        let tokens = files[fileIndex].tokens
        guard let range = nameArgument(file: fileIndex, callee: callee), spend(range.count) else { return }
        let argument = tokens[range]
        func literal(_ token: SwiftToken) -> StringLiteral? {
            guard case .string(let literal) = token.kind else { return nil }
            return StringLiteral(pieces: literal.pieces.enumerated().map { offset, piece in
                offset == literal.pieces.count - 1 ? Self.droppingExtension(piece) : piece
            })
        }
        var names: [ImageReference.Name] = []
        if argument.count == 1, let text = literal(argument.first!) {
            names = [text.value.map { .literal($0) } ?? .dynamic(text)]
        } else if !["UIImage", "ImageResource"].contains(tokens[callee].text), argument.count == 2, argument.first!.isSymbol("."),
                  argument.last!.kind == .identifier {
            names = [.symbol(argument.last!.text)]
        } else if argument.count == 3, argument.first!.isName("ImageResource"), tokens[range.lowerBound + 1].isSymbol("."),
                  argument.last!.kind == .identifier {
            names = [.symbol(argument.last!.text)]  // `ImageResource.teamLogo`
        } else {
            // A conditional whose two results are literals names each; any other expression is dynamic,
            // with the plain literals it falls back to (`name ?? "placeholder"`).
            let question = argument.lastIndex { $0.kind == .symbol && $0.text == "?" }
            let colon = argument.lastIndex { $0.isSymbol(":") }
            let choice = question.flatMap { question in colon.map { (question, $0) } }
            if let (question, colon) = choice, colon == question + 2, colon == range.upperBound - 2,
               let one = literal(tokens[question + 1]).flatMap(\.value), let other = literal(tokens[colon + 1]).flatMap(\.value) {
                names = [.literal(one), .literal(other)]
            } else {
                names = [.dynamic(nil)]
                // The literals it may fall back to or choose (`x ?? "a"`, `c ? "a" : x`) are named too.
                if argument.contains(where: { $0.kind == .symbol && ($0.text == "??" || $0.text == "?") }) {
                    names += argument.compactMap { literal($0)?.value }.map { .literal($0) }
                } else if let name = declarationRead(file: fileIndex, range) {
                    readFrom.append((reading.references.count..<reading.references.count + presentations.count, name))
                }
            }
        }
        let call = Self.callText(tokens[callee...min(files[fileIndex].partner[callee + 1], tokens.count - 1)])
        for name in names {
            for presentation in presentations {
                reading.references.append(ImageReference(name: name, presentation: presentation, file: files[fileIndex].path,
                                                         line: tokens[callee].line, call: call))
            }
        }
    }

    /// The declaration a computed name is read from, where the name is a chain that ends in it:
    /// "iconName" for `step.iconName`, "of" for `Theme.of(line)`, "rawValue" for `carrier.rawValue`.
    /// Only one the files declare (or `rawValue`, an enum's); nil otherwise.
    func declarationRead(file fileIndex: Int, _ range: Range<Int>) -> String? {
        let file = files[fileIndex], tokens = file.tokens
        var last = range.upperBound - 1
        // `chain(...)`: the name before the call's parentheses.
        if tokens[last].isSymbol(")"), file.partner[last] > range.lowerBound { last = file.partner[last] - 1 }
        guard last >= range.lowerBound, tokens[last].kind == .identifier else { return nil }
        // The rest, a chain of names: `a.b.c`.
        var index = last
        while index > range.lowerBound {
            guard index - 2 >= range.lowerBound, tokens[index - 1].isSymbol("."), tokens[index - 2].kind == .identifier else { return nil }
            index -= 2
        }
        let name = tokens[last].text
        return name == "rawValue" || valueRegions[name] != nil ? name : nil
    }

    /// Gives each computed name read from a declaration the strings of that declaration (those that are
    /// not image names), where it holds any; the others keep the data of the whole code.
    mutating func giveDeclarationsData() {
        var strings: [String: Set<String>] = [:]
        for (range, name) in readFrom {
            if strings[name] == nil {
                var found: Set<String> = []
                if name == "rawValue" {
                    found = rawValues
                } else {
                    for region in valueRegions[name] ?? [] {
                        let tokens = files[region.file].tokens
                        for index in region.start..<min(region.end, tokens.count) {
                            if case .string(let literal) = tokens[index].kind, let value = literal.value, !value.isEmpty,
                               !nameTokens.contains([region.file, index]) {
                                found.insert(value)
                            }
                        }
                    }
                }
                strings[name] = found
            }
            guard let data = strings[name], !data.isEmpty else { continue }
            for index in range where index < reading.references.count { reading.references[index].data = data }
        }
    }

    /// A call's tokens as one line: operators spaced, a comma or colon followed by a space, the rest
    /// together; cut to 60 characters with "...".
    static func callText(_ tokens: ArraySlice<SwiftToken>) -> String {
        var text = ""
        for token in tokens {
            if token.kind == .symbol && token.text != "?" && token.text != "!" {
                text += " " + token.text + " "
            } else if token.isSymbol(",") || token.isSymbol(":") {
                text += token.text + " "
            } else {
                text += token.text
            }
            if text.count > 60 { return String(text.prefix(57)) + "..." }
        }
        return text
    }

    /// `name` without a ".png" or ".jpg" extension, as `UIImage(named:)` finds it either way.
    static func droppingExtension(_ name: String) -> String {
        for suffix in [".png", ".jpg", ".jpeg", ".PNG", ".JPG"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// SwiftUI's and WidgetKit's own views and values that a Live Activity's views build: not followed,
    /// and not reported as undecided.
    static let systemViews: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Grid", "GridRow", "Group", "ForEach", "Spacer",
        "Divider", "Text", "Label", "Image", "UIImage", "Menu", "Picker", "Color", "ProgressView", "Gauge", "Link", "Button", "Toggle",
        "ViewThatFits", "GeometryReader", "TimelineView", "ContainerRelativeShape", "Circle", "Rectangle",
        "RoundedRectangle", "Capsule", "Ellipse", "LinearGradient", "RadialGradient", "AngularGradient", "AnyView",
        "EmptyView", "Font", "DynamicIsland", "DynamicIslandExpandedRegion", "ActivityConfiguration",
        "ActivityContent", "Date", "URL", "String", "Int", "Double", "CGFloat", "CGSize", "Array", "Set", "Dictionary",
        "EdgeInsets", "Animation", "AttributedString", "Binding", "State", "Environment", "ImageResource", "Bundle",
        "ClosedRange", "Range", "Optional", "Result", "Duration", "Calendar", "DateInterval", "TimeInterval",
        "StrokeStyle", "Path", "UnevenRoundedRectangle", "ContentUnavailableView", "ShareLink", "WidgetBundle",
        "StaticConfiguration", "AppIntentConfiguration", "ControlWidgetButton", "ControlWidgetToggle",
    ]
}
