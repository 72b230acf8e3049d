import LiveAssetsCore

/// The files' declarations the views are followed through: View types, functions, properties.
extension SwiftUsageReader {
    mutating func nameTypes(in file: File) {
        let tokens = file.tokens
        // `@Environment(\.activityFamily) var family`: a switch on `family` divides the content view.
        for index in tokens.indices where tokens[index].isName("activityFamily") {
            guard index + 3 < tokens.count, tokens[index + 1].isSymbol(")"), tokens[index + 2].isName("var") || tokens[index + 2].isName("let"),
                  tokens[index + 3].kind == .identifier else { continue }
            familyNames.insert(tokens[index + 3].text)
        }
        for index in tokens.indices.dropLast() where tokens[index + 1].kind == .identifier && tokens[index].kind == .identifier {
            guard Self.mayDeclare(tokens[index].text) else { continue }
            // Generic parameters (`struct Box<Value>`, `func f<T: P>`) are declared here too.
            if ["struct", "class", "enum", "func", "actor"].contains(tokens[index].text), index + 2 < tokens.count, tokens[index + 2].isSymbol("<") {
                var cursor = index + 3
                while cursor + 1 < tokens.count, cursor < index + 40, !tokens[cursor].isSymbol(">"), !tokens[cursor].isSymbol("{") {
                    if tokens[cursor].kind == .identifier, tokens[cursor - 1].isSymbol("<") || tokens[cursor - 1].isSymbol(",") { typeNames.insert(tokens[cursor].text) }
                    cursor += 1
                }
            }
            guard ["struct", "class", "enum", "actor", "protocol"].contains(tokens[index].text) else { continue }
            let name = tokens[index + 1].text
            typeNames.insert(name)
            if let open = nextBrace(in: file, from: index + 2), tokens[(index + 2)..<open].contains(where: Self.isViewProtocol) {
                viewTypeNames.insert(name)
            }
        }
    }

    mutating func declare(_ fileIndex: Int) {
        let file = files[fileIndex], tokens = file.tokens
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].kind == .identifier, Self.mayDeclare(token.text) else {
                index += 1
                continue
            }
            let name = tokens[index + 1].text
            switch token.text {
            case "struct", "class", "enum", "extension", "actor":
                // Its inheritance clause runs to its `{`.
                guard let open = nextBrace(in: file, from: index + 2) else { break }
                let inherits = tokens[(index + 2)..<open].contains(where: Self.isViewProtocol)
                let body = Region(file: fileIndex, start: open + 1, end: file.partner[open])
                if inherits || viewTypeNames.contains(name) {
                    viewTypes[name, default: []].append(bodyProperty(in: body) ?? body)
                }
            case "func":
                // One that may return a view or an image: a view follows it by its name.
                if let open = nextBrace(in: file, from: index + 2), let arrow = tokens[(index + 2)..<open].lastIndex(where: { $0.isSymbol("->") }),
                   mayBeView(typeName(fileIndex, (arrow + 1)..<open)) {
                    let body = Region(file: fileIndex, start: open + 1, end: file.partner[open])
                    functions[name, default: []].append(body)
                }
            case "var", "let":
                // A computed property: `var name: Type {`, with `View` or `Image` in its type (a
                // View's `body` is read as its type's, above).
                guard name != "body" else { break }
                if token.text == "var", index + 2 < tokens.count, tokens[index + 2].isSymbol(":"),
                   let open = nextBrace(in: file, from: index + 3), !tokens[(index + 3)..<open].contains(where: { $0.isSymbol("=") }) {
                    // One that may be a view or an image (a `UIImage`, a custom view).
                    if mayBeView(typeName(fileIndex, (index + 3)..<open)) {
                        properties[name, default: []].append(Region(file: fileIndex, start: open + 1, end: file.partner[open]))
                    }
                } else if index == 0 || !Self.opensCondition(tokens[index - 1]),
                          let value = initializer(in: fileIndex, name: index + 1), spendDeclaring(value.end - value.start), showsImage(value) {
                    // A stored one whose value names an image or builds a View: `static let crest = Image("crest")`.
                    // (Not a place a computed name finds its strings: a stored `team = "a"` is one team, a sample's.)
                    properties[name, default: []].append(value)
                }
            default:
                break
            }
            index += 1
        }
    }

    /// Whether a value of type `name` may be a view or an image, so that following it may find one:
    /// SwiftUI's views and image types, the files' View types, and a type the reader does not know whose
    /// name says it is one (a package's `BadgeView`, `TeamImage`); not the files' other types, the
    /// platform's values (text, numbers, dates, colours, fonts), a package's other types (a `Promise`)
    /// or a function that returns nothing. (A view built by calling a type declared nowhere is said
    /// where it is built.)
    func mayBeView(_ name: String?) -> Bool {
        guard let name else { return false }
        if PlatformTypes.isView(name) || viewTypeNames.contains(name) { return true }
        return !typeNames.contains(name) && !PlatformTypes.contains(name) && (name.hasSuffix("View") || name.hasSuffix("Image"))
    }

    /// Whether a `let` or `var` after `token` binds in a condition (`if let x = y {`), not a stored value.
    static func opensCondition(_ token: SwiftToken) -> Bool {
        switch token.text {
        case "if", "guard", "while", "case", ",": return true
        default: return false
        }
    }

    /// The protocols whose conformers' bodies build views: `View`, and the modifiers and styles a view
    /// applies (`.modifier(Badge())`, `.buttonStyle(TeamStyle())`).
    static func isViewProtocol(_ token: SwiftToken) -> Bool {
        guard token.kind == .identifier else { return false }
        switch token.text {
        case "View", "ViewModifier", "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle", "ProgressViewStyle",
             "GaugeStyle": return true
        default: return false
        }
    }

    /// The value of a stored `let` or `var` whose name is at `name`: from after its `=` to its end, the
    /// first token on a later line that neither continues a chain (`.frame(...)`) nor follows an operator.
    func initializer(in fileIndex: Int, name: Int) -> Region? {
        let file = files[fileIndex], tokens = file.tokens
        var index = name + 1
        while index < tokens.count, !tokens[index].isSymbol("=") {
            let token = tokens[index]
            if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") || token.isSymbol(",") || token.isSymbol("@") { return nil }
            if token.kind == .identifier, Self.declarationWords.contains(token.text) { return nil }
            if (token.isSymbol("(") || token.isSymbol("[")) && file.partner[index] > index { index = file.partner[index] }
            index += 1
        }
        guard index < tokens.count else { return nil }
        let start = index + 1
        index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol("}") || token.isSymbol(";") || token.isSymbol("@") || token.isSymbol(",") { break }
            if token.kind == .identifier, Self.declarationWords.contains(token.text) { break }
            if index > start, token.line > tokens[index - 1].line, !token.isSymbol("."), token.kind != .symbol,
               tokens[index - 1].kind != .symbol { break }
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && file.partner[index] > index {
                index = min(file.partner[index], tokens.count - 1)
            }
            index += 1
        }
        return index > start ? Region(file: fileIndex, start: start, end: index) : nil
    }

    /// Whether `region` calls an image-naming initializer or builds one of the files' View types.
    func showsImage(_ region: Region) -> Bool {
        let tokens = files[region.file].tokens
        for index in region.start..<region.end where tokens[index].kind == .identifier && index + 1 < tokens.count {
            let next = tokens[index + 1]
            if next.isSymbol("("), Self.namesImage(tokens[index].text) { return true }
            if next.isSymbol("(") || next.isSymbol("{"), viewTypeNames.contains(tokens[index].text) { return true }
        }
        return false
    }

    /// The first `{` at or after `start` on the same nesting level, before a `;` or a `}` that ends it.
    func nextBrace(in file: File, from start: Int) -> Int? {
        var index = start
        while index < file.tokens.count {
            let token = file.tokens[index]
            if token.isSymbol("{") { return index }
            if token.isSymbol("}") || token.isSymbol(";") || token.isSymbol("@") { return nil }
            // The next declaration: a stored property has no brace of its own.
            if token.kind == .identifier, Self.declarationWords.contains(token.text) { return nil }
            if (token.isSymbol("(") || token.isSymbol("[")) && file.partner[index] > index { index = file.partner[index] }
            index += 1
        }
        return nil
    }

    static let declarationWords: Set<String> = ["var", "let", "func", "init", "struct", "class", "enum", "extension", "actor",
                                                "protocol", "case", "subscript", "typealias", "deinit"]

    /// The `body` property's braces inside a type's `region` (or a modifier's `body(content:)`, a style's
    /// `makeBody(configuration:)`), if it declares one.
    private func bodyProperty(in region: Region) -> Region? {
        let file = files[region.file]
        var index = region.start
        while index < region.end {
            if file.tokens[index].isName("var"), index + 2 < region.end, file.tokens[index + 1].isName("body"),
               file.tokens[index + 2].isSymbol(":"), let open = nextBrace(in: file, from: index + 3) {
                return Region(file: region.file, start: open + 1, end: file.partner[open])
            }
            // A modifier's or a style's: `func body(content:)`, `func makeBody(configuration:)`.
            if file.tokens[index].isName("func"), index + 2 < region.end,
               file.tokens[index + 1].isName("body") || file.tokens[index + 1].isName("makeBody"), file.tokens[index + 2].isSymbol("("),
               let open = nextBrace(in: file, from: index + 2) {
                return Region(file: region.file, start: open + 1, end: file.partner[open])
            }
            // Only the type's own members: nested braces are skipped.
            if file.tokens[index].isSymbol("{"), file.partner[index] > index { index = file.partner[index] }
            index += 1
        }
        return nil
    }
}
