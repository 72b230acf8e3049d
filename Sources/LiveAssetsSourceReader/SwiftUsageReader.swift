import LiveAssetsCore

/// Reads a widget extension's Swift files for the images each Live Activity presentation shows: finds
/// each `ActivityConfiguration(for:)`, takes its content closure as the Lock Screen view (and the small
/// view where the small family is declared), its `DynamicIsland`'s expanded closure, `compactLeading:`,
/// `compactTrailing:` and `minimal:` as those presentations, and follows the views they build through
/// the files' own types (a `View`'s `body`, a `ViewModifier`'s or a style's body), functions, computed
/// properties and stored ones that hold a view (`static let crest = Image("crest")`), named plainly or
/// as members (`.teamBadge()`, `Image.crest`), to a bounded depth (past it, the reader says so).
///
/// It reads tokens, not a syntax tree: a name is followed wherever the files declare it, whatever scope
/// the call is in; `#if` branches are all read; an `if` in a View's `body` that the View's own literal
/// default decides (`var size: CGFloat = 40`, no call passing `size:`) is read on its taken branch only;
/// a `switch` on `activityFamily` sends its `.small` case to the small view and its other cases
/// (`.medium`, `default`) to the Lock Screen only.
package struct SwiftUsageReader {
    /// A Swift file: its path as given and its tokens, with each bracket's partner.
    struct File {
        let path: String
        let tokens: [SwiftToken]
        let partner: [Int]
    }

    /// A stretch of one file's tokens.
    struct Region: Hashable {
        let file: Int
        let start: Int
        let end: Int
    }

    var files: [File] = []
    /// The files' own declarations, by name: a `View` type's `body` (or whole body where it has none),
    /// functions, and computed properties.
    var viewTypes: [String: [Region]] = [:]
    var functions: [String: [Region]] = [:]
    var properties: [String: [Region]] = [:]
    /// The names of the types the files declare, and of those that are a `View`.
    var typeNames: Set<String> = []
    var viewTypeNames: Set<String> = []
    /// Every function and computed property the files declare, by name: where a computed name read from
    /// one finds its strings. And the raw values of the enums' cases (`case a = "x"`).
    var valueRegions: [String: [Region]] = [:]
    var rawValues: Set<String> = []
    /// The references made by a computed name read from a declaration (`Image(step.iconName)`): their
    /// indices in the reading's references, and the declaration's name ("iconName", or "rawValue").
    var readFrom: [(references: Range<Int>, name: String)] = []
    /// The names the files give the environment's `activityFamily` (and that name itself).
    var familyNames: Set<String> = ["activityFamily"]
    /// The views built from types the files do not declare, with where, in the order met.
    var unfollowed: [String: [String]] = [:]
    var unfollowedOrder: [String] = []
    var reading = SourceReading()
    /// The string tokens that name an image (so are not data), by file and token.
    var nameTokens: Set<[Int]> = []
    /// For the `body` of each View type with literal defaults no call overrides, those defaults.
    var regionConstants: [Region: [String: Constant]] = [:]

    /// How deep views are followed from a presentation's closure.
    static let depth = 8

    /// Each view, function or property followed for a family of presentations, with the least depth it
    /// was followed from: read again only from nearer (where it can be followed further), so what one
    /// shows is read a bounded number of times however often the code names it.
    var followed: [Visit: Int] = [:]
    /// Tokens the reader may still step over while following views, and whether it ran out: the work is
    /// bounded by the size of the code (``workPerToken`` times its tokens, and a fixed allowance), so one
    /// hostile file cannot hang a build.
    var budget = 0
    var ranOut = false
    /// The tokens followed for each token of the code before the reader stops.
    static let workPerToken = 64
    static let workAllowance = 1_000_000

    /// Takes `steps` of the budget (looking at a call's argument costs its tokens); false once it is spent.
    mutating func spend(_ steps: Int) -> Bool {
        guard budget >= steps else {
            ranOut = true
            budget = 0
            return false
        }
        budget -= steps
        return true
    }

    /// The budget of the passes over declarations (stored values, literal defaults), apart from that of
    /// following views, so that hostile declarations cannot starve the views; and whether a stored value
    /// was left unread for it.
    var declaring = 0
    var declaringRanOut = false

    /// Takes `steps` of the declarations' budget; false once it is spent.
    mutating func spendDeclaring(_ steps: Int) -> Bool {
        guard declaring >= steps else {
            declaring = 0
            declaringRanOut = true
            return false
        }
        declaring -= steps
        return true
    }

    /// Takes one step of the budget; false once it is spent (and the reader then says what was cut).
    mutating func step() -> Bool {
        guard budget > 0 else {
            ranOut = true
            return false
        }
        budget -= 1
        return true
    }

    /// Reads `sources` (path and UTF-8 text of each Swift file).
    package static func read(_ sources: [(path: String, bytes: [UInt8])]) -> SourceReading {
        var reader = SwiftUsageReader()
        for source in sources {
            let tokens = SwiftLexer.tokens(of: source.bytes)
            reader.files.append(File(path: source.path, tokens: tokens, partner: Self.partners(tokens)))
        }
        reader.budget = Self.workAllowance + Self.workPerToken * reader.files.reduce(0) { $0 + $1.tokens.count }
        reader.declaring = reader.budget
        // The types first, so that an extension of a View in any file is read as the View's.
        for file in reader.files { reader.nameTypes(in: file) }
        for index in reader.files.indices { reader.declare(index) }
        if reader.declaringRanOut {
            reader.reading.undecided.append("the stored values left when the reader stopped reading declarations: code this tangled is not a widget's")
        }
        reader.findConstants()
        for index in reader.files.indices {
            reader.markImageNames(index)
            reader.findConfigurations(index)
        }
        // Before any reference is removed: the indices name them.
        reader.giveDeclarationsData()
        if reader.ranOut {
            let tokens = reader.files.reduce(0) { $0 + $1.tokens.count }
            reader.reading.undecided.insert("the views left when the reader stopped, after \((Self.workAllowance + Self.workPerToken * tokens).groupedDigits) steps (\(Self.workPerToken) for each of the code's \(tokens.groupedDigits) tokens, and a fixed allowance): code this tangled is not a widget's", at: 0)
        }
        for name in reader.unfollowedOrder {
            let places = reader.unfollowed[name]!
            let more = places.count == 1 ? "" : places.count == 2 ? " and 1 more place" : " and \(places.count - 1) more places"
            reader.reading.undecided.append("\(name) (\(places[0])\(more)) is not declared in these files")
        }
        // The small view is shown only where the family is declared.
        if !reader.reading.declaresSmallFamily { reader.reading.references.removeAll { $0.presentation == .small } }
        for (fileIndex, file) in reader.files.enumerated() {
            // A preview's sample is not the app's data: it would narrow a computed name to the one it shows.
            let previews = reader.previews(in: file)
            var preview = 0
            for (index, token) in file.tokens.enumerated() {
                guard case .string(let literal) = token.kind, let value = literal.value, !value.isEmpty,
                      !reader.nameTokens.contains([fileIndex, index]) else { continue }
                while preview < previews.count && previews[preview].upperBound <= index { preview += 1 }
                if preview < previews.count && previews[preview].contains(index) { continue }
                reader.reading.dataLiterals.insert(value)
            }
        }
        return reader.reading
    }

    /// The stretches of `file` that only Xcode's previews run, in order: a `#Preview` with its arguments
    /// and closures, and the body of a type that conforms to `PreviewProvider`.
    func previews(in file: File) -> [Range<Int>] {
        let tokens = file.tokens
        var found: [Range<Int>] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .pound, token.text == "#Preview" {
                var end = index + 1
                if end < tokens.count, tokens[end].isSymbol("("), file.partner[end] > end { end = min(file.partner[end], tokens.count - 1) + 1 }
                // Its closures: the first, then `label: { ... }`.
                while end < tokens.count {
                    if tokens[end].isSymbol("{"), file.partner[end] > end {
                        end = min(file.partner[end], tokens.count - 1) + 1
                    } else if end + 2 < tokens.count, tokens[end].kind == .identifier, tokens[end + 1].isSymbol(":"), tokens[end + 2].isSymbol("{") {
                        end += 2
                    } else {
                        break
                    }
                }
                found.append(index..<end)
                index = end
                continue
            }
            if token.kind == .identifier, token.text == "struct" || token.text == "extension" || token.text == "enum",
               let open = nextBrace(in: file, from: index + 1), tokens[(index + 1)..<open].contains(where: { $0.isName("PreviewProvider") }) {
                let end = min(file.partner[open], tokens.count - 1) + 1
                found.append(index..<end)
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    /// Each bracket's partner (`(` `)`, `[` `]`, `{` `}`), or -1; an unclosed one's is the end. Linear in
    /// the tokens: the open brackets are kept on one stack, and each kind's on its own (as their places in
    /// that one), so a closer finds its opener without searching and one with no opener costs nothing.
    static func partners(_ tokens: [SwiftToken]) -> [Int] {
        var partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []  // token indices, innermost last
        var openOfKind: [[Int]] = [[], [], []]  // for `(`, `[` and `{`: their places in `open`
        var kindOfOpen: [Int] = []  // beside `open`: each one's kind
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            guard let (kind, opens) = Self.bracket(token.text) else { continue }
            if opens {
                openOfKind[kind].append(open.count)
                open.append(index)
                kindOfOpen.append(kind)
                continue
            }
            // A closer pairs with the nearest opener of its kind; openers left unclosed in between (a `#if`
            // branch's) are closed here too. Those are the innermost of their kinds, so each stack pops.
            guard let match = openOfKind[kind].last else { continue }
            for place in match..<open.count {
                partner[open[place]] = index
                openOfKind[kindOfOpen[place]].removeLast()
            }
            partner[index] = open[match]
            open.removeSubrange(match...)
            kindOfOpen.removeSubrange(match...)
        }
        for unclosed in open { partner[unclosed] = tokens.count }
        return partner
    }

    /// 0, 1 or 2 for a `(` `)`, `[` `]` or `{` `}`, and whether it opens; nil for other punctuation. By its
    /// one byte, without comparing strings.
    @inline(__always)
    private static func bracket(_ text: String) -> (kind: Int, opens: Bool)? {
        guard text.utf8.count == 1, let byte = text.utf8.first else { return nil }
        switch byte {
        case UInt8(ascii: "("): return (0, true)
        case UInt8(ascii: ")"): return (0, false)
        case UInt8(ascii: "["): return (1, true)
        case UInt8(ascii: "]"): return (1, false)
        case UInt8(ascii: "{"): return (2, true)
        case UInt8(ascii: "}"): return (2, false)
        default: return nil
        }
    }

    // MARK: Declarations

    private mutating func nameTypes(in file: File) {
        let tokens = file.tokens
        // `@Environment(\.activityFamily) var family`: a switch on `family` divides the content view.
        for index in tokens.indices where tokens[index].isName("activityFamily") {
            guard index + 3 < tokens.count, tokens[index + 1].isSymbol(")"), tokens[index + 2].isName("var") || tokens[index + 2].isName("let"),
                  tokens[index + 3].kind == .identifier else { continue }
            familyNames.insert(tokens[index + 3].text)
        }
        for index in tokens.indices.dropLast() where tokens[index + 1].kind == .identifier {
            guard ["struct", "class", "enum", "actor", "protocol"].contains(where: tokens[index].isName) else { continue }
            let name = tokens[index + 1].text
            typeNames.insert(name)
            if let open = nextBrace(in: file, from: index + 2), tokens[(index + 2)..<open].contains(where: Self.isViewProtocol) {
                viewTypeNames.insert(name)
            }
        }
    }

    private mutating func declare(_ fileIndex: Int) {
        let file = files[fileIndex], tokens = file.tokens
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].kind == .identifier else {
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
                if let open = nextBrace(in: file, from: index + 2) {
                    let body = Region(file: fileIndex, start: open + 1, end: file.partner[open])
                    functions[name, default: []].append(body)
                    valueRegions[name, default: []].append(body)
                }
            case "case":
                // `case acme = "carrier-acme"`: a raw value.
                if index + 3 < tokens.count, tokens[index + 2].isSymbol("="), case .string(let literal) = tokens[index + 3].kind,
                   let value = literal.value {
                    rawValues.insert(value)
                }
            case "var", "let":
                // A computed property: `var name: Type {`, with `View` or `Image` in its type (a
                // View's `body` is read as its type's, above).
                guard name != "body" else { break }
                if token.text == "var", index + 2 < tokens.count, tokens[index + 2].isSymbol(":"),
                   let open = nextBrace(in: file, from: index + 3), !tokens[(index + 3)..<open].contains(where: { $0.isSymbol("=") }) {
                    let body = Region(file: fileIndex, start: open + 1, end: file.partner[open])
                    valueRegions[name, default: []].append(body)
                    if tokens[(index + 3)..<open].contains(where: { $0.isName("View") || $0.isName("Image") || $0.isName("AnyView") }) {
                        properties[name, default: []].append(body)
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

    // MARK: Configurations

    /// A call's arguments: the parenthesised ones, then the trailing closures, each with its label.
    func arguments(of fileIndex: Int, callee: Int) -> [(label: String?, region: Region)] {
        let file = files[fileIndex]
        var found: [(label: String?, start: Int, end: Int)] = []
        var index = callee + 1
        let tokens = file.tokens
        if index < tokens.count, tokens[index].isSymbol("(") {
            let close = file.partner[index]
            var start = index + 1
            var cursor = start
            while cursor <= close && cursor < tokens.count {
                if cursor == close || tokens[cursor].isSymbol(",") {
                    if cursor > start {
                        var label: String?
                        var from = start
                        if cursor - start >= 2, tokens[start].kind == .identifier, tokens[start + 1].isSymbol(":") {
                            label = tokens[start].text
                            from = start + 2
                        }
                        found.append((label, from, cursor))
                    }
                    start = cursor + 1
                } else if ["(", "[", "{"].contains(tokens[cursor].text), tokens[cursor].kind == .punctuation, file.partner[cursor] > cursor {
                    cursor = file.partner[cursor]
                    continue
                }
                cursor += 1
            }
            index = close + 1
        }
        // Trailing closures: the first unlabelled, then `label: { ... }`.
        if index < tokens.count, tokens[index].isSymbol("{") {
            found.append((nil, index, file.partner[index] + 1))
            index = file.partner[index] + 1
            while index + 2 < tokens.count, tokens[index].kind == .identifier, tokens[index + 1].isSymbol(":"), tokens[index + 2].isSymbol("{") {
                found.append((tokens[index].text, index + 2, file.partner[index + 2] + 1))
                index = file.partner[index + 2] + 1
            }
        }
        return found.map { ($0.label, Region(file: fileIndex, start: $0.start, end: min($0.end, tokens.count))) }
    }

    private mutating func findConfigurations(_ fileIndex: Int) {
        let file = files[fileIndex], tokens = file.tokens
        // The small family, declared anywhere in the files.
        for (index, token) in tokens.enumerated() where token.isName("supplementalActivityFamilies") {
            guard index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { continue }
            let close = file.partner[index + 1]
            if tokens[(index + 1)..<min(close, tokens.count)].contains(where: { $0.isName("small") }) { reading.declaresSmallFamily = true }
        }
        for (index, token) in tokens.enumerated() where token.isName("ActivityConfiguration") {
            guard index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { continue }
            reading.configurations += 1
            for argument in arguments(of: fileIndex, callee: index) {
                switch argument.label {
                case nil where argument.region.start < argument.region.end && tokens[argument.region.start].isSymbol("{"),
                     "content":
                    collect(argument.region, family: .content)
                case "dynamicIsland":
                    dynamicIsland(in: argument.region)
                default:
                    break
                }
            }
        }
    }

    /// The `DynamicIsland` call inside the configuration's `dynamicIsland:` closure, or in a function or
    /// computed property it calls (to a depth of 4); where there is none, the reader says so.
    private mutating func dynamicIsland(in region: Region) {
        var searched: [Region: (depth: Int, found: Bool)] = [:]
        guard !islands(in: region, depth: 0, searched: &searched) else { return }
        let line = files[region.file].tokens[max(region.start - 1, 0)].line
        let note = "the Dynamic Island of the ActivityConfiguration at \(location(region.file, line: line)) is not built where the reader can follow it"
        if !reading.undecided.contains(note) { reading.undecided.append(note) }
    }

    /// Reads the `DynamicIsland` calls in `region` or what it calls; whether there was one. Each region
    /// is searched once from each depth at most (`searched`: from nearer, it is searched again, further).
    private mutating func islands(in region: Region, depth: Int, searched: inout [Region: (depth: Int, found: Bool)]) -> Bool {
        if let earlier = searched[region], earlier.depth <= depth || earlier.found { return earlier.found }
        searched[region] = (depth, false)  // while searched: a function that calls itself finds nothing there
        let file = files[region.file]
        var found = false
        for index in region.start..<region.end where file.tokens[index].isName("DynamicIsland") {
            guard step() else { break }
            found = true
            for argument in arguments(of: region.file, callee: index) {
                switch argument.label {
                case nil, "expanded": collect(argument.region, family: .fixed([.expanded]))
                case "compactLeading": collect(argument.region, family: .fixed([.compactLeading]))
                case "compactTrailing": collect(argument.region, family: .fixed([.compactTrailing]))
                case "minimal": collect(argument.region, family: .fixed([.minimal]))
                default: break
                }
            }
        }
        if !found && depth < 4 {
            for index in region.start..<region.end where file.tokens[index].kind == .identifier {
                guard step() else { break }
                let name = file.tokens[index].text
                let called = index + 1 < file.tokens.count && file.tokens[index + 1].isSymbol("(")
                for body in (called ? functions[name] : properties[name]) ?? [] where islands(in: body, depth: depth + 1, searched: &searched) {
                    found = true
                }
            }
        }
        searched[region] = (depth, found)
        return found
    }
}
