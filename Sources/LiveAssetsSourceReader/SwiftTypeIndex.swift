/// What the files declare of each type, by name: its members (with the type each is annotated with and
/// where its code is), an enum's cases, and what the type and its extensions adopt. A computed image name
/// is narrowed through it: a member is looked up on the type its receiver has.
struct SwiftTypeIndex {
    /// One member a type (or an extension of it) declares.
    struct Member {
        enum Kind: Equatable {
            /// `var name: T { ... }`: its body is ``Member/code``.
            case computed
            /// `let name = value` (its value is ``Member/code``, or none where an `init` sets it).
            case constant
            /// `var name = value`: a default that code may change.
            case variable
            /// `func name(...) -> T { ... }`.
            case function
        }

        var kind: Kind
        var isStatic: Bool
        /// The type it is annotated with or returns, by its last name (`Card` for `Deck.Card?`, `Self`);
        /// nil where none is written.
        var type: String?
        /// Its body, or its stored value.
        var code: SwiftUsageReader.Region?
        /// The type that declares it.
        var owner: String
    }

    /// An enum case: its name, its raw value where one is written, and whether it carries values.
    struct EnumCase {
        var name: String
        var rawValue: String?
        var hasPayload: Bool
    }

    /// A type with all its extensions.
    struct TypeFacts {
        var isEnum = false
        /// The names in its inheritance clauses (`String`, `CaseIterable`, `CustomStringConvertible`).
        var adopts: Set<String> = []
        var cases: [EnumCase] = []
        var members: [String: [Member]] = [:]
    }

    /// A type's body in a file: code in it has that type as `self`.
    struct Scope {
        var range: Range<Int>
        var type: String
    }

    var types: [String: TypeFacts] = [:]

    /// Every member named `name`, whatever type declares it (a receiver of unknown type may have any):
    /// gathered when asked, which is rare.
    func members(named name: String) -> [Member] {
        var found: [Member] = []
        for facts in types.values { found += facts.members[name] ?? [] }
        return found
    }
    /// Per file, the type bodies, outermost first.
    var scopes: [[Scope]] = []

    /// Per file, for each token, the index in ``scopes`` of the innermost type body that holds it (-1:
    /// none); see ``settle()``.
    var innermost: [[Int32]] = []

    /// The type whose body holds token `index` of `file` (the innermost), if any.
    func type(in file: Int, at index: Int) -> String? {
        guard file < innermost.count, index >= 0, index < innermost[file].count, innermost[file][index] >= 0 else { return nil }
        return scopes[file][Int(innermost[file][index])].type
    }

    /// Finds each token's innermost type body once, in one sweep per file (the bodies nest, as braces do).
    mutating func settle(tokenCounts: [Int]) {
        innermost = []
        for (file, count) in tokenCounts.enumerated() {
            guard scopes.indices.contains(file), !scopes[file].isEmpty else {
                innermost.append([])  // no type in it: every token's answer is none
                continue
            }
            var map = [Int32](repeating: -1, count: count)
            let order = (scopes.indices.contains(file) ? scopes[file].indices.sorted { scopes[file][$0].range.lowerBound < scopes[file][$1].range.lowerBound } : [])
            var open: [Int] = []  // scope indices, innermost last
            var next = 0
            for index in 0..<count {
                while let last = open.last, scopes[file][last].range.upperBound <= index { open.removeLast() }
                while next < order.count, scopes[file][order[next]].range.lowerBound <= index {
                    if scopes[file][order[next]].range.upperBound > index { open.append(order[next]) }
                    next += 1
                }
                if let last = open.last { map[index] = Int32(last) }
            }
            innermost.append(map)
        }
    }

    /// The type name of a Live Activity's context for `attributes`.
    static func context(of attributes: String) -> String { "ActivityViewContext<\(attributes)>" }

    /// The attributes type of a context type name, where it is one.
    static func attributes(ofContext type: String) -> String? {
        guard type.hasPrefix("ActivityViewContext<"), type.hasSuffix(">") else { return nil }
        return String(type.dropFirst("ActivityViewContext<".count).dropLast())
    }

    /// The members named `name` of `type`: its own and its extensions', else those of the protocols it
    /// adopts (`extension CaseIterable { static var random: Self }`), where `Self` is the type.
    func members(_ name: String, of type: String) -> [Member] {
        if let own = types[type]?.members[name], !own.isEmpty { return own }
        guard let adopted = types[type]?.adopts else { return [] }
        var found: [Member] = []
        for protocolName in adopted.sorted() {
            for var member in types[protocolName]?.members[name] ?? [] {
                if member.type == "Self" { member.type = type }
                found.append(member)
            }
        }
        return found
    }
}

extension SwiftUsageReader {
    /// Indexes the types of file `fileIndex` (their members, cases, adoptions), nested ones too: each
    /// body once, from a list rather than by recursion, so that hostile nesting cannot exhaust the stack;
    /// what it reads counts against the declarations' budget.
    mutating func indexTypes(_ fileIndex: Int) {
        let file = files[fileIndex], tokens = file.tokens
        while typeIndex.scopes.count <= fileIndex { typeIndex.scopes.append([]) }
        // `owner` "": the file's top level, whose functions and values are globals.
        var bodies: [(start: Int, end: Int, owner: String)] = [(0, tokens.count, "")]
        while let (start, end, owner) = bodies.popLast() {
            var index = start, visited = 0
            defer { _ = spendDeclaring(visited) }  // the tokens this body's own loop stepped on
            guard declaring > 0 else { return }
            while index < end {
                visited += 1
                let token = tokens[index]
                if token.isSymbol("{"), file.partner[index] > index {
                    index = min(file.partner[index], end - 1) + 1
                    continue
                }
                guard token.kind == .identifier, Self.mayDeclare(token.text) else {
                    index += 1
                    continue
                }
                switch token.text {
                case "struct", "class", "enum", "extension", "actor", "protocol":
                    guard index + 1 < end, tokens[index + 1].kind == .identifier, let open = nextBrace(in: file, from: index + 2), open < end else { break }
                    let name = indexType(fileIndex, keyword: index, open: open)
                    let close = min(file.partner[open], tokens.count)
                    typeIndex.scopes[fileIndex].append(.init(range: (open + 1)..<close, type: name))
                    bodies.append((open + 1, min(close, end), name))
                    index = min(close, end - 1) + 1
                    continue
                case "case" where !owner.isEmpty:
                    index = indexCases(fileIndex, at: index, end: end, owner: owner)
                    continue
                case "var", "let", "func":
                    guard index + 1 < end, tokens[index + 1].kind == .identifier, index == 0 || !Self.opensCondition(tokens[index - 1]) else { break }
                    if let member = member(fileIndex, at: index, end: end, owner: owner) {
                        let name = tokens[index + 1].text
                        typeIndex.types[owner, default: .init()].members[name, default: []].append(member)
                    }
                default:
                    break
                }
                index += 1
            }
        }
    }

    /// Whether `word` may be a keyword that declares (by its length and first byte, before comparing
    /// strings: most identifiers are answered without one).
    @inline(__always)
    static func mayDeclare(_ word: String) -> Bool {
        let utf8 = word.utf8
        switch (utf8.count, utf8.first) {
        case (6, UInt8(ascii: "s")), (5, UInt8(ascii: "c")), (4, UInt8(ascii: "e")), (9, UInt8(ascii: "e")), (5, UInt8(ascii: "a")),
             (8, UInt8(ascii: "p")), (4, UInt8(ascii: "c")), (3, UInt8(ascii: "v")), (3, UInt8(ascii: "l")), (4, UInt8(ascii: "f")):
            return true
        default:
            return false
        }
    }

    /// Records the type declared by the keyword at `keyword` (its body opens at `open`): whether it is an
    /// enum, what its clause adopts; returns its name (`extension Deck.Card`: "Card").
    private mutating func indexType(_ fileIndex: Int, keyword: Int, open: Int) -> String {
        let tokens = files[fileIndex].tokens
        var nameAt = keyword + 1
        while nameAt + 2 < open, tokens[nameAt + 1].isSymbol("."), tokens[nameAt + 2].kind == .identifier { nameAt += 2 }
        let name = tokens[nameAt].text
        var facts = typeIndex.types[name] ?? SwiftTypeIndex.TypeFacts()
        if tokens[keyword].text == "enum" { facts.isEnum = true }
        var clause = nameAt + 1
        if clause < open, tokens[clause].isSymbol("<"), let close = tokens[clause..<open].firstIndex(where: { $0.isSymbol(">") }) { clause = close + 1 }
        if clause < open, tokens[clause].isSymbol(":") {
            for adopted in tokens[(clause + 1)..<open] where adopted.kind == .identifier {
                if adopted.text == "where" { break }
                facts.adopts.insert(adopted.text)
            }
        }
        typeIndex.types[name] = facts
        return name
    }

    /// Reads `case a, b(Int), c = "x"` at `index`; returns where the list ends.
    private mutating func indexCases(_ fileIndex: Int, at index: Int, end: Int, owner: String) -> Int {
        let file = files[fileIndex], tokens = file.tokens
        var cursor = index + 1
        // A `case` of a `switch` or an `if case` is not a declaration: those are inside bodies, skipped.
        while cursor < end, tokens[cursor].kind == .identifier {
            var enumCase = SwiftTypeIndex.EnumCase(name: tokens[cursor].text, rawValue: nil, hasPayload: false)
            cursor += 1
            if cursor < end, tokens[cursor].isSymbol("("), file.partner[cursor] > cursor {
                enumCase.hasPayload = true
                cursor = file.partner[cursor] + 1
            }
            if cursor + 1 < end, tokens[cursor].isSymbol("=") {
                if case .string(let literal) = tokens[cursor + 1].kind { enumCase.rawValue = literal.value }
                else { enumCase.rawValue = tokens[cursor + 1].text }
                cursor += 2
            }
            typeIndex.types[owner, default: .init()].cases.append(enumCase)
            guard cursor < end, tokens[cursor].isSymbol(","), tokens[cursor].line == tokens[cursor - 1].line || cursor + 1 < end else { break }
            cursor += 1
        }
        return max(cursor, index + 1)
    }

    /// The `var`, `let` or `func` at `index` of `owner`, where it has a name.
    private func member(_ fileIndex: Int, at index: Int, end: Int, owner: String) -> SwiftTypeIndex.Member? {
        let file = files[fileIndex], tokens = file.tokens
        // `static`, `class` or modifiers before it, on its line.
        var before = index - 1, isStatic = false
        while before >= 0, tokens[before].kind == .identifier, tokens[before].line == tokens[index].line {
            if tokens[before].text == "static" || tokens[before].text == "class" { isStatic = true }
            before -= 1
        }
        let keyword = tokens[index].text
        if keyword == "func" {
            guard let open = nextBrace(in: file, from: index + 2), open < end else { return nil }
            let arrow = tokens[(index + 2)..<open].lastIndex { $0.isSymbol("->") }
            let type = arrow.flatMap { typeName(fileIndex, (($0 + 1)..<open)) }
            return .init(kind: .function, isStatic: isStatic, type: type, code: Region(file: fileIndex, start: open + 1, end: file.partner[open]),
                         owner: owner)
        }
        // `var name: T { ... }`, `let name: T = value`, `var name = value`.
        var cursor = index + 2
        var type: String?
        if cursor < end, tokens[cursor].isSymbol(":") {
            var stop = cursor + 1
            while stop < end, !tokens[stop].isSymbol("="), !tokens[stop].isSymbol("{"), tokens[stop].line == tokens[cursor].line {
                if (tokens[stop].isSymbol("(") || tokens[stop].isSymbol("[")) && file.partner[stop] > stop { stop = file.partner[stop] }
                stop += 1
            }
            type = typeName(fileIndex, (cursor + 1)..<min(stop, end))
            cursor = stop
        }
        if keyword == "var", cursor < end, tokens[cursor].isSymbol("{"), file.partner[cursor] > cursor {
            return .init(kind: .computed, isStatic: isStatic, type: type, code: Region(file: fileIndex, start: cursor + 1, end: file.partner[cursor]),
                         owner: owner)
        }
        let value = cursor < end && tokens[cursor].isSymbol("=") ? initializer(in: fileIndex, name: index + 1) : nil
        return .init(kind: keyword == "let" ? .constant : .variable, isStatic: isStatic, type: type, code: value, owner: owner)
    }

    /// The type `tokens[range]` names, by its last name: `Card` for `some Deck.Card?`; nil for a
    /// collection, a tuple or a function type. A Live Activity's context keeps its attributes' type:
    /// "ActivityViewContext<MatchAttributes>".
    func typeName(_ fileIndex: Int, _ range: Range<Int>) -> String? {
        let tokens = files[fileIndex].tokens
        var index = range.lowerBound
        while index < range.upperBound, tokens[index].isName("some") || tokens[index].isName("any") { index += 1 }
        guard index < range.upperBound, tokens[index].kind == .identifier else { return nil }
        while index + 2 < range.upperBound, tokens[index + 1].isSymbol("."), tokens[index + 2].kind == .identifier { index += 2 }
        if tokens[index].text == "ActivityViewContext", index + 2 < range.upperBound, tokens[index + 1].isSymbol("<"),
           let attributes = typeName(fileIndex, (index + 2)..<range.upperBound) {
            return SwiftTypeIndex.context(of: attributes)
        }
        return tokens[index].text
    }
}
