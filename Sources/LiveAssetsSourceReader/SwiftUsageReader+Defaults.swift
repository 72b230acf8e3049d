import LiveAssetsCore

/// Branches a view's own literal defaults decide: `var size: CGFloat = 40` makes `if size > 30 {
/// Image("large") } else { Image("small") }` show only "large" where the view is built as `Badge()`, and
/// only "small" where it is built as `Badge(size: 20)`.
extension SwiftUsageReader {
    /// A stored property's literal default that no call overrides.
    enum Constant: Hashable {
        case bool(Bool)
        case number(Double)
    }

    /// Each View type's stored properties with a literal default (`var size: CGFloat = 40`, `let compact
    /// = false`), without an attribute (`@State` may change), in a type that declares no `init` of its own
    /// (in its body or an extension), never assigned in the type (`size = 50`, `size += 1`,
    /// `flag.toggle()`, a `$flag` binding), and with no call the views are not followed through passing
    /// that label (`Badge.init(size: 20)`, `.init(size: 20)`); kept by each region that is the type's
    /// `body`. A call followed (`Badge(size: 20)`) sets its own (``callConstants(_:file:callee:)``).
    mutating func findConstants() {
        var byType: [String: [String: Constant]] = [:]
        var bodies: [String: [Region]] = [:]  // each View type's body and extensions' bodies
        var initialized: Set<String> = []  // the View types that declare an `init`
        var declarations: [String: Int] = [:]  // how many types of each name are declared (not extensions)
        for (fileIndex, file) in files.enumerated() {
            let tokens = file.tokens
            var index = 0
            while index + 1 < tokens.count {
                defer { index += 1 }
                guard tokens[index].kind == .identifier, tokens[index + 1].kind == .identifier,
                      tokens[index].text == "struct" || tokens[index].text == "class" || tokens[index].text == "extension",
                      viewTypeNames.contains(tokens[index + 1].text), let open = nextBrace(in: file, from: index + 2) else { continue }
                let name = tokens[index + 1].text
                let whole = Region(file: fileIndex, start: open + 1, end: min(file.partner[open], tokens.count))
                // Types nested in types are read once each: hostile nesting spends the budget, and then no
                // default decides anything.
                guard spendDeclaring(2 * (whole.end - whole.start)) else {
                    regionConstants = [:]
                    return
                }
                bodies[name, default: []].append(whole)
                if tokens[whole.start..<whole.end].enumerated().contains(where: { offset, token in
                    token.isName("init") && (whole.start + offset == 0 || !tokens[whole.start + offset - 1].isSymbol("."))
                }) {
                    initialized.insert(name)
                }
                guard tokens[index].text != "extension" else { continue }  // an extension has no stored properties
                declarations[name, default: 0] += 1
                var constants = byType[name] ?? [:]
                // The type's own members only: nested braces are stepped over.
                var member = open + 1
                let end = min(file.partner[open], tokens.count)
                while member < end {
                    if let (property, value) = literalDefault(fileIndex, at: member, end: end) { constants[property] = value }
                    if tokens[member].isSymbol("{") || tokens[member].isSymbol("("), file.partner[member] > member { member = file.partner[member] }
                    member += 1
                }
                if !constants.isEmpty { byType[name] = constants }
            }
        }
        for name in initialized { byType[name] = nil }
        // Two types of one name (in two targets, or nested in two types): whose default a call means is
        // not known here.
        for (name, count) in declarations where count > 1 { byType[name] = nil }
        guard !byType.isEmpty else { return }
        // A property assigned through any value, anywhere (`var copy = self; copy.showsCrest = x`, a
        // modifier that returns a changed copy): its default decides nothing.
        let defaulted = Set(byType.values.flatMap(\.keys))
        var assigned: Set<String> = []
        for file in files {
            let tokens = file.tokens
            for index in tokens.indices.dropFirst().dropLast() where tokens[index].kind == .identifier && tokens[index - 1].isSymbol(".") {
                let next = tokens[index + 1]
                guard next.kind == .symbol, next.text.hasSuffix("="), !["==", "!=", ">=", "<=", "===", "!=="].contains(next.text),
                      defaulted.contains(tokens[index].text) else { continue }
                assigned.insert(tokens[index].text)
            }
        }
        for name in Array(byType.keys) { byType[name] = byType[name]!.filter { !assigned.contains($0.key) } }
        // A property the type assigns is not its default.
        for (name, regions) in bodies where byType[name] != nil {
            for region in regions {
                let tokens = files[region.file].tokens
                for index in region.start..<region.end where tokens[index].kind == .identifier {
                    let text = tokens[index].text
                    if text.hasPrefix("$") { byType[name]![String(text.dropFirst())] = nil }  // a binding may be written
                    guard byType[name]![text] != nil, index + 1 < region.end, !tokens[index - 1].isName("var"), !tokens[index - 1].isName("let"),
                          !tokens[index - 1].isSymbol(".") || index >= 2 && tokens[index - 2].isName("self") else { continue }
                    let next = tokens[index + 1]
                    let assigns = next.kind == .symbol && next.text.hasSuffix("=") && !["==", "!=", ">=", "<=", "===", "!=="].contains(next.text)
                    let toggles = next.isSymbol(".") && index + 2 < region.end && tokens[index + 2].isName("toggle")
                    if assigns || toggles { byType[name]![text] = nil }
                }
            }
        }
        // A call the views are not followed through decides nothing: `Name.init(size:)` for that type;
        // `.init(size:)`, whose type is not written, for every one. (`Name(size: 20)` decides its own view:
        // see `callConstants`.)
        for (fileIndex, file) in files.enumerated() {
            let tokens = file.tokens
            for (index, token) in tokens.enumerated() where token.kind == .identifier {
                guard index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { continue }
                var types: [String] = []
                if token.isName("init"), index >= 1, tokens[index - 1].isSymbol(".") {
                    if index >= 2, tokens[index - 2].kind == .identifier, byType[tokens[index - 2].text] != nil {
                        types = [tokens[index - 2].text]
                    } else if index < 2 || tokens[index - 2].kind != .identifier {
                        types = Array(byType.keys)
                    }
                }
                guard !types.isEmpty else { continue }
                for argument in arguments(of: fileIndex, callee: index) {
                    guard let label = argument.label else { continue }
                    for type in types { byType[type]?[label] = nil }
                }
            }
        }
        for (name, constants) in byType where !constants.isEmpty {
            for region in viewTypes[name] ?? [] { regionConstants[region] = constants }
        }
    }

    /// The defaults of the View whose body is `type`, as the call at `callee` sets them: a label it passes
    /// a literal decides by that literal; one it passes anything else, nothing.
    func callConstants(_ type: Region, file fileIndex: Int, callee: Int) -> [String: Constant] {
        guard var constants = regionConstants[type], !constants.isEmpty else { return [:] }
        let tokens = files[fileIndex].tokens
        guard callee + 1 < tokens.count, tokens[callee + 1].isSymbol("(") else { return constants }
        for argument in arguments(of: fileIndex, callee: callee) {
            guard let label = argument.label, constants[label] != nil else { continue }
            constants[label] = literal(tokens[argument.region.start..<argument.region.end])
        }
        return constants
    }

    /// `true`, `false`, a number or a negative number, alone.
    func literal(_ tokens: ArraySlice<SwiftToken>) -> Constant? {
        var tokens = tokens
        var negative = false
        if tokens.count == 2, tokens.first!.isSymbol("-") {
            negative = true
            tokens = tokens.dropFirst()
        }
        guard tokens.count == 1, let token = tokens.first else { return nil }
        switch token.kind {
        case .identifier where !negative && (token.text == "true" || token.text == "false"): return .bool(token.text == "true")
        case .number: return Double(token.text.filter { $0 != "_" }).map { .number(negative ? -$0 : $0) }
        default: return nil
        }
    }

    /// `var name(: Type)? = literal` or `let ...` at `index`, the literal alone on its line, with no
    /// attribute before it on the line.
    private func literalDefault(_ fileIndex: Int, at index: Int, end: Int) -> (String, Constant)? {
        let tokens = files[fileIndex].tokens
        guard tokens[index].isName("var") || tokens[index].isName("let"), index + 3 < end, tokens[index + 1].kind == .identifier else { return nil }
        var cursor = index + 2
        if tokens[cursor].isSymbol(":") {
            guard cursor + 2 < end, tokens[cursor + 1].kind == .identifier else { return nil }
            cursor += 2
        }
        guard cursor + 1 < end, tokens[cursor].isSymbol("=") else { return nil }
        var literal = cursor + 1
        var negative = false
        if tokens[literal].isSymbol("-"), literal + 1 < end {
            negative = true
            literal += 1
        }
        let after = literal + 1
        guard after >= end || tokens[after].line > tokens[literal].line || tokens[after].isSymbol("}") || tokens[after].isSymbol(";") else { return nil }
        // No attribute (`@State`, `@Environment`) on the declaration's line.
        var before = index - 1
        while before >= 0 && tokens[before].line == tokens[index].line {
            if tokens[before].isSymbol("@") { return nil }
            before -= 1
        }
        let name = tokens[index + 1].text
        switch tokens[literal].kind {
        case .identifier where !negative && (tokens[literal].text == "true" || tokens[literal].text == "false"):
            return (name, .bool(tokens[literal].text == "true"))
        case .number:
            guard let value = Double(tokens[literal].text.filter { $0 != "_" }) else { return nil }
            return (name, .number(negative ? -value : value))
        default:
            return nil
        }
    }

    /// Whether the condition `tokens[range]` is decided by `constants`: a Bool property, its negation, or
    /// a number property compared with a number literal; nil when it is not.
    func decide(_ range: Range<Int>, in file: File, constants: [String: Constant]) -> Bool? {
        var condition = Array(file.tokens[range])
        // `self.size` is `size`.
        if condition.count >= 3, condition[0].isName("self"), condition[1].isSymbol(".") { condition.removeFirst(2) }
        func constant(_ token: SwiftToken) -> Constant? { token.kind == .identifier ? constants[token.text] : nil }
        func number(_ token: SwiftToken) -> Double? {
            if case .number(let value)? = constant(token) { return value }
            return token.kind == .number ? Double(token.text.filter { $0 != "_" }) : nil
        }
        switch condition.count {
        case 1:
            if case .bool(let value)? = constant(condition[0]) { return value }
        case 2 where condition[0].isSymbol("!"):
            if case .bool(let value)? = constant(condition[1]) { return !value }
        case 3:
            // One side a property, the other a literal.
            guard constant(condition[0]) != nil || constant(condition[2]) != nil,
                  let left = number(condition[0]), let right = number(condition[2]) else { return nil }
            switch condition[1].text {
            case ">": return left > right
            case ">=": return left >= right
            case "<": return left < right
            case "<=": return left <= right
            case "==": return left == right
            case "!=": return left != right
            default: return nil
            }
        default:
            break
        }
        return nil
    }

    /// Where the `if` at `index` (whose condition runs to the `{` at `open`) leads when its condition is
    /// decided: the index to go on from, having skipped the branch that is not taken (for `true`, every
    /// `else` after the taken block is skipped too; for `false`, the taken block is the `else`'s).
    func afterDecidedIf(_ file: File, open: Int, taken: Bool, end: Int) -> (next: Int, skip: Range<Int>?) {
        let close = min(file.partner[open], end)
        guard taken else { return (close + 1, nil) }  // go on at the `else`, which is then read as it stands
        // Skip `else { ... }` and `else if ... { ... }` chains after the taken block.
        var cursor = close + 1
        while cursor < end, file.tokens[cursor].isName("else") {
            guard let brace = nextBrace(in: file, from: cursor + 1), brace < end else { break }
            cursor = min(file.partner[brace], end) + 1
        }
        return (open + 1, close + 1 < cursor ? (close + 1)..<cursor : nil)
    }
}
