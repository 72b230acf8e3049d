/// What a computed image name can be: narrowed only by what its expression reaches (the literals of the
/// property or function it calls, the values of the dictionaries and arrays it indexes and their
/// fallbacks, an enum's raw values or case names), never by strings found elsewhere in the code. A
/// member is looked up on the type its receiver has where the code writes or implies it; where it does
/// not, every member of that name the files declare is a possibility, never a proof.
extension SwiftUsageReader {
    /// A stretch of tokens to evaluate: a file's, or an interpolation's (lexed on its own), with the type
    /// that is `self` there and the first token a local binding may be declared at.
    struct Code {
        let file: Int
        let tokens: [SwiftToken]
        let partner: [Int]
        var range: Range<Int>
        let context: String?
        let floor: Int
        /// For an interpolation's code: the literal's place in the file, where local bindings are looked
        /// up from (else the range's start).
        var anchor: Int? = nil
    }

    /// What an expression evaluates to, as far as names go.
    enum Value {
        case names(NameValues)
        /// A value of a type the files declare (an enum case, `self`).
        case instance(String)
        /// The type itself (`Card`, `Self`), whose static members follow.
        case type(String)
        /// A dictionary's or an array's values (what indexing it gives).
        case collection(NameValues)
        case unknown
    }

    /// The code of `region` (of a file), with `self` the type whose body holds it.
    func code(_ region: Region, floor: Int? = nil) -> Code {
        let file = files[region.file]
        return Code(file: region.file, tokens: file.tokens, partner: file.partner, range: region.start..<min(region.end, file.tokens.count),
                    context: typeIndex.type(in: region.file, at: region.start), floor: floor ?? region.start, anchor: nil)
    }

    /// The names `code` can take.
    mutating func names(of code: Code, depth: Int = 0) -> NameValues {
        switch value(of: code, depth: depth) {
        case .names(let names): return names
        default: return .any
        }
    }

    /// The deepest a name is followed through properties, functions and interpolations.
    static let nameDepth = 12

    mutating func value(of original: Code, depth: Int) -> Value {
        var code = original
        guard depth < Self.nameDepth, spend(code.range.count) else { return .unknown }
        trim(&code)
        let tokens = code.tokens, start = code.range.lowerBound, end = code.range.upperBound
        guard start < end else { return .unknown }
        if tokens[start].isName("switch") || tokens[start].isName("if") { return .names(branches(of: code, depth: depth)) }
        // `c ? a : b` (chained too), `a ?? b`: each side's names.
        if let question = topLevel(code, where: { $0.kind == .symbol && $0.text == "?" }),
           let colon = matchingColon(code, after: question) {
            return .names(names(of: code.with((question + 1)..<colon), depth: depth + 1).union(names(of: code.with((colon + 1)..<end), depth: depth + 1)))
        }
        if let coalescing = topLevel(code, where: { $0.isSymbol("??") }) {
            return .names(names(of: code.with(start..<coalescing), depth: depth + 1).union(names(of: code.with((coalescing + 1)..<end), depth: depth + 1)))
        }
        if end - start == 1, case .string(let literal) = tokens[start].kind { return .names(names(of: literal, code: code, depth: depth)) }
        if tokens[start].isSymbol("["), code.partner[start] == end - 1 { return .collection(elements(of: code.with((start + 1)..<(end - 1)), depth: depth)) }
        // `String(describing: x)`, `.init(describing: x)`, `String(x)`.
        if let described = describedArgument(code) { return .names(describing(value(of: described, depth: depth + 1), depth: depth + 1)) }
        if tokens[start].isSymbol("."), start + 1 < end, tokens[start + 1].kind == .identifier, start + 2 == end {
            return .names(NameValues(symbols: [tokens[start + 1].text]))  // `.teamLogo`: an implicit member, a symbol where an image is made
        }
        if let symbol = namespacedSymbol(code) { return .names(NameValues(symbols: [symbol])) }
        return chain(code, depth: depth)
    }

    /// The generated symbol of an image set in a catalog folder that provides a namespace:
    /// `.Onboarding.pencil` (`ImageResource.Onboarding.pencil`), each namespace capitalized, the image's
    /// symbol last: "Onboarding.pencil", as ``ImageUsage/symbols(of:)`` names "Onboarding/Pencil"; nil for
    /// any other expression.
    func namespacedSymbol(_ code: Code) -> String? {
        let tokens = code.tokens
        var index = code.range.lowerBound, end = code.range.upperBound
        if end - index >= 2, tokens[index].isName("ImageResource"), tokens[index + 1].isSymbol(".") { index += 1 }
        guard end - index >= 4, (end - index) % 2 == 0 else { return nil }
        var parts: [String] = []
        while index < end {
            guard tokens[index].isSymbol("."), tokens[index + 1].kind == .identifier,
                  index + 2 == end || tokens[index + 1].text.unicodeScalars.first?.properties.isUppercase == true else { return nil }
            parts.append(tokens[index + 1].text)
            index += 2
        }
        return parts.joined(separator: ".")
    }

    /// Drops what does not change a name: enclosing parentheses, `try`, `await`, a trailing `!` or `?`,
    /// and an `as` cast.
    private func trim(_ code: inout Code) {
        var start = code.range.lowerBound, end = code.range.upperBound
        while start < end {
            if code.tokens[start].isName("try") || code.tokens[start].isName("await") || code.tokens[start].isName("return") {
                start += 1
                if start < end, code.tokens[start].isSymbol("?") || code.tokens[start].isSymbol("!") { start += 1 }
            } else if code.tokens[end - 1].isSymbol("!") || code.tokens[end - 1].isSymbol("?") {
                end -= 1
            } else if code.tokens[start].isSymbol("("), code.partner[start] == end - 1 {
                start += 1
                end -= 1
            } else if let cast = topLevel(code.with(start..<end), where: { $0.isName("as") }) {
                end = cast
            } else {
                break
            }
        }
        code.range = start..<end
    }

    /// The first token at the top level of `code` (outside its brackets) that passes `test`.
    func topLevel(_ code: Code, where test: (SwiftToken) -> Bool) -> Int? {
        var index = code.range.lowerBound
        while index < code.range.upperBound {
            let token = code.tokens[index]
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && code.partner[index] > index {
                index = code.partner[index] + 1
                continue
            }
            if test(token) { return index }
            index += 1
        }
        return nil
    }

    /// The `:` that ends the ternary whose `?` is at `question` (inner ternaries paired on the way).
    private func matchingColon(_ code: Code, after question: Int) -> Int? {
        var open = 0
        var index = question + 1
        while index < code.range.upperBound {
            let token = code.tokens[index]
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && code.partner[index] > index {
                index = code.partner[index] + 1
                continue
            }
            if token.kind == .symbol && token.text == "?" { open += 1 }
            if token.isSymbol(":") {
                if open == 0 { return index }
                open -= 1
            }
            index += 1
        }
        return nil
    }

    /// A literal's names: its text, or for an interpolation, each combination of what its holes take
    /// where the code decides them all (a few), else its shape.
    private mutating func names(of literal: StringLiteral, code: Code, depth: Int) -> NameValues {
        if let value = literal.value { return NameValues(shown: [value]) }
        guard literal.holes.count == literal.pieces.count - 1 else { return NameValues(shapes: [literal]) }
        var combinations: [String] = [literal.pieces[0]]
        for (offset, hole) in literal.holes.enumerated() {
            let tokens = SwiftLexer.tokens(of: Array(hole.utf8))
            let inner = Code(file: code.file, tokens: tokens, partner: Self.partners(tokens), range: 0..<tokens.count, context: code.context,
                             floor: code.floor, anchor: code.anchor ?? code.range.lowerBound)
            let values = describing(value(of: inner, depth: depth + 1), depth: depth + 1)
            guard values.isClosed, values.symbols.isEmpty, !values.shown.isEmpty, combinations.count * values.shown.count <= 256 else {
                return NameValues(shapes: [literal])
            }
            combinations = combinations.flatMap { prefix in values.shown.sorted().map { prefix + $0 + literal.pieces[offset + 1] } }
        }
        return NameValues(shown: Set(combinations))
    }

    /// The argument of `String(describing: x)`, `.init(describing: x)` or `String(x)`, where `code` is one.
    private func describedArgument(_ code: Code) -> Code? {
        let tokens = code.tokens, start = code.range.lowerBound, end = code.range.upperBound
        var open = start + 1
        if tokens[start].isSymbol("."), start + 1 < end, tokens[start + 1].isName("init") { open = start + 2 } else if !tokens[start].isName("String") { return nil }
        guard open < end, tokens[open].isSymbol("("), code.partner[open] == end - 1 else { return nil }
        var from = open + 1
        if from + 1 < end, tokens[from].isName("describing"), tokens[from + 1].isSymbol(":") { from += 2 }
        else if tokens[start].isSymbol(".") { return nil }
        return code.with(from..<(end - 1))
    }

    /// What `String(describing:)` or `"\(x)"` gives for `value`: a string's names, or an enum's case
    /// names where neither it nor an extension adopts a protocol that changes its text and no case
    /// carries values (else its `description`'s, where it declares one).
    mutating func describing(_ value: Value, depth: Int) -> NameValues {
        switch value {
        case .names(let names): return names
        case .instance(let type):
            guard let facts = typeIndex.types[type], facts.isEnum, !facts.cases.isEmpty else { return .any }
            if adopts(type, "TextOutputStreamable") { return .any }
            if adopts(type, "CustomStringConvertible") {
                let members = typeIndex.members("description", of: type)
                return members.isEmpty ? .any : names(of: memberValue(members, receiver: type, depth: depth + 1))
            }
            if adopts(type, "CustomDebugStringConvertible") || facts.cases.contains(where: \.hasPayload) { return .any }
            return NameValues(shown: Set(facts.cases.map(\.name)))
        default: return .any
        }
    }

    /// Whether `type`, one of its extensions, or a protocol it adopts (transitively) adopts `protocolName`.
    func adopts(_ type: String, _ protocolName: String) -> Bool {
        var seen: Set<String> = [], pending = [type]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let adopted = typeIndex.types[next]?.adopts else { continue }
            if adopted.contains(protocolName) { return true }
            pending += adopted
        }
        return false
    }

    private mutating func names(of value: Value) -> NameValues {
        if case .names(let names) = value { return names }
        return .any
    }

    /// The names of each branch of a `switch` or `if` expression.
    private mutating func branches(of code: Code, depth: Int) -> NameValues {
        let tokens = code.tokens
        var result = NameValues()
        var index = code.range.lowerBound
        while index < code.range.upperBound {
            guard let open = (index..<code.range.upperBound).first(where: { tokens[$0].isSymbol("{") }), code.partner[open] > open else { return result.union(.any) }
            let close = min(code.partner[open], code.range.upperBound)
            if tokens[code.range.lowerBound].isName("switch") {
                var cursor = open + 1
                while cursor < close {
                    guard tokens[cursor].isName("case") || tokens[cursor].isName("default"),
                          let colon = topLevel(code.with(cursor..<close), where: { $0.isSymbol(":") }) else {
                        cursor += 1
                        continue
                    }
                    let caseEnd = Self.caseEnd(code.tokens, partner: code.partner, from: colon + 1, limit: close)
                    result = result.union(names(of: code.with((colon + 1)..<caseEnd), depth: depth + 1))
                    cursor = caseEnd
                }
                return result
            }
            result = result.union(names(of: code.with((open + 1)..<close), depth: depth + 1))
            // `else if ... {`, `else {`, or the end.
            index = close + 1
            guard index < code.range.upperBound, tokens[index].isName("else") else { return result }
            index += 1
        }
        return result
    }

    /// The values of a dictionary or array literal's contents (`"a": "x", "b": "y"` or `"x", "y"`).
    private mutating func elements(of code: Code, depth: Int) -> NameValues {
        var result = NameValues()
        var start = code.range.lowerBound
        var index = start
        func element(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let colon = topLevel(code.with(range), where: { $0.isSymbol(":") })
            result = result.union(names(of: code.with((colon.map { $0 + 1 } ?? range.lowerBound)..<range.upperBound), depth: depth + 1))
        }
        while index < code.range.upperBound {
            let token = code.tokens[index]
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && code.partner[index] > index {
                index = code.partner[index] + 1
                continue
            }
            if token.isSymbol(",") {
                element(start..<index)
                start = index + 1
            }
            index += 1
        }
        element(start..<code.range.upperBound)
        return result
    }
}

extension SwiftUsageReader.Code {
    /// The same code over `range`.
    func with(_ range: Range<Int>) -> Self {
        var copy = self
        copy.range = range
        return copy
    }
}
