/// A chain of members (`Card.random.fileName`, `team.logo(for: size)`, `Self.table[id]`) evaluated
/// through the types the files declare.
extension SwiftUsageReader {
    /// The value of a chain: its first name (a type, `self`, a local binding, a member of `self`'s type or
    /// a global), then each `.member`, call and subscript on what came before.
    mutating func chain(_ code: Code, depth: Int) -> Value {
        let tokens = code.tokens, end = code.range.upperBound
        var index = code.range.lowerBound
        guard tokens[index].kind == .identifier else { return .unknown }
        let first = tokens[index].text
        var guessed = false  // a member looked up by name alone: what it gives is possible, not proven
        var current: Value
        index += 1
        if first == "self" {
            current = code.context.map { .instance($0) } ?? .unknown
        } else if first == "Self" {
            current = code.context.map { .type($0) } ?? .unknown
        } else if typeIndex.types[first] != nil {
            current = .type(first)
            // `Card(...)`: a value of it.
            if index < end, tokens[index].isSymbol("("), code.partner[index] > index {
                current = .instance(first)
                index = code.partner[index] + 1
            }
        } else if let binding = localBinding(first, in: code) {
            current = binding.map { value(of: $0, depth: depth + 1) } ?? .unknown
        } else if let context = code.context, case let members = typeIndex.members(first, of: context), !members.isEmpty {
            current = memberValue(members, receiver: context, depth: depth)
        } else if let global = typeIndex.types[""]?.members[first], !global.isEmpty {
            current = memberValue(global, receiver: "", depth: depth)
        } else if let type = parameterType(first, in: code) {
            current = .instance(type)
        } else {
            current = .unknown
        }
        while index < end {
            let token = tokens[index]
            if (token.isSymbol("(") || token.isSymbol("{")) && code.partner[index] > index {
                index = code.partner[index] + 1  // a call's arguments, a trailing closure: the member's own value stands
                continue
            }
            if token.isSymbol("["), code.partner[index] > index {
                // Indexing: a collection's values; anything else, unknown.
                if case .collection(let values) = current { current = .names(values) } else { current = .unknown }
                index = code.partner[index] + 1
                continue
            }
            if token.isSymbol("?") || token.isSymbol("!") {
                index += 1
                continue
            }
            guard token.isSymbol("."), index + 1 < end, tokens[index + 1].kind == .identifier else { return .unknown }
            let name = tokens[index + 1].text
            index += 2
            let (next, byName) = member(name, of: current, depth: depth)
            current = next
            guessed = guessed || byName
        }
        if guessed, case .names(let names) = current { return .names(names.demoted) }
        if guessed, case .collection(let names) = current { return .collection(names.demoted) }
        return current
    }

    /// `name` looked up on `receiver`, and whether by its name alone (the receiver's type not known).
    private mutating func member(_ name: String, of receiver: Value, depth: Int) -> (Value, Bool) {
        switch receiver {
        case .instance(let type) where SwiftTypeIndex.attributes(ofContext: type) != nil:
            // A Live Activity's context: its attributes, and their content state.
            let attributes = SwiftTypeIndex.attributes(ofContext: type)!
            switch name {
            case "attributes": return (.instance(attributes), false)
            case "state": return (.instance("ContentState"), false)
            default: return (.unknown, false)
            }
        case .type(let type), .instance(let type):
            let isType: Bool
            if case .type = receiver { isType = true } else { isType = false }
            if name == "rawValue" { return (.names(rawValues(of: type)), false) }
            if isType, name == "init" { return (.instance(type), false) }
            if isType, typeIndex.types[type]?.cases.contains(where: { $0.name == name }) == true { return (.instance(type), false) }
            let members = typeIndex.members(name, of: type)
            guard !members.isEmpty else { return (.unknown, false) }  // a member the platform gives
            return (memberValue(members, receiver: type, depth: depth), false)
        case .names(let names):
            switch name {
            case "lowercased": return (.names(names.mapped { $0.lowercased() }), false)
            case "uppercased": return (.names(names.mapped { $0.uppercased() }), false)
            case "description": return (.names(names), false)
            default: return (.unknown, false)
            }
        case .collection(let values) where ["randomElement", "first", "last", "min", "max", "element", "sorted", "shuffled"].contains(name):
            // One of its elements (or them all, reordered: indexed next).
            return (["sorted", "shuffled"].contains(name) ? .collection(values) : .names(values), false)
        case .collection, .unknown:
            // The receiver's type is not known: every member of that name the files declare may be it.
            if name == "rawValue" {
                var all = NameValues()
                for (type, facts) in typeIndex.types where facts.isEnum && (facts.adopts.contains("String") || facts.cases.contains { $0.rawValue != nil }) {
                    all = all.union(rawValues(of: type))
                }
                return (all.shown.isEmpty ? .unknown : .names(all), true)
            }
            let members = typeIndex.members(named: name)
            guard !members.isEmpty else { return (.unknown, false) }
            var all: Value?
            for member in members {
                let value = memberValue([member], receiver: member.owner, depth: depth)
                all = all.map { merge($0, value) } ?? value
            }
            return (all ?? .unknown, true)
        }
    }

    /// Two values a name may have: the names of both, or the type they share.
    private func merge(_ a: Value, _ b: Value) -> Value {
        switch (a, b) {
        case (.names(let x), .names(let y)): return .names(x.union(y))
        case (.collection(let x), .collection(let y)): return .collection(x.union(y))
        case (.instance(let x), .instance(let y)) where x == y: return a
        case (.names(let x), _), (_, .names(let x)): return .names(x.union(.any))
        default: return .unknown
        }
    }

    /// The raw values of enum `type`'s cases: those written, and for a `String` enum the others' names.
    func rawValues(of type: String) -> NameValues {
        guard let facts = typeIndex.types[type], facts.isEnum, !facts.cases.isEmpty else { return .any }
        let isString = facts.adopts.contains("String")
        var names = NameValues()
        for enumCase in facts.cases {
            if let raw = enumCase.rawValue { names.shown.insert(raw) } else if isString { names.shown.insert(enumCase.name) } else { return .any }
        }
        return names
    }

    /// The value of `members` (one name, declared once or more) of `receiver`: its type's value where it
    /// is annotated with a type the files declare, else what its code gives (a stored `var`'s default is
    /// one value it may have).
    mutating func memberValue(_ members: [SwiftTypeIndex.Member], receiver: String, depth: Int) -> Value {
        var result: Value?
        for member in members {
            var value: Value
            let type = member.type == "Self" ? receiver : member.type
            if let type, type != "String", type != "Substring",
               typeIndex.types[type]?.isEnum == true || typeIndex.types[type]?.members.isEmpty == false || SwiftTypeIndex.attributes(ofContext: type) != nil {
                value = .instance(type)
            } else if let region = member.code {
                let key = region
                if evaluating.contains(key) {
                    value = .unknown  // it reads itself: what it gives is not decided here
                } else {
                    evaluating.insert(key)
                    switch member.kind {
                    case .computed, .function:
                        value = returned(by: region, depth: depth + 1)
                    case .constant:
                        value = self.value(of: code(region), depth: depth + 1)
                    case .variable:
                        value = self.value(of: code(region), depth: depth + 1)
                        if case .names(let names) = value { value = .names(names.union(.any)) } else { value = .unknown }
                    }
                    evaluating.remove(key)
                }
            } else {
                value = .unknown  // set by an initializer
            }
            result = result.map { merge($0, value) } ?? value
        }
        return result ?? .unknown
    }

    /// What a body returns: each `return`'s expression, or the body itself where it has none (a single
    /// expression, a `switch` or `if` expression).
    private mutating func returned(by region: Region, depth: Int) -> Value {
        let body = code(region)
        let tokens = body.tokens
        var result: Value?
        var index = body.range.lowerBound
        while index < body.range.upperBound {
            if tokens[index].isName("return") {
                let end = statementEnd(body, from: index + 1)
                let value = end > index + 1 ? self.value(of: body.with((index + 1)..<end), depth: depth) : .unknown
                result = result.map { merge($0, value) } ?? value
                index = end
                continue
            }
            index += 1
        }
        return result ?? value(of: body, depth: depth)
    }

    /// The type a parameter named `name` is annotated with, where `code` is in the body of a function
    /// or closure that declares it (`func leading(context: ActivityViewContext<A>)`), or is the closure
    /// parameter of an `ActivityConfiguration(for: A.self)` (its context).
    private func parameterType(_ name: String, in code: Code) -> String? {
        let file = files[code.file], tokens = file.tokens
        let place = code.anchor ?? code.range.lowerBound
        // A configuration's closure that holds the code.
        for closure in configurationClosures where closure.region.file == code.file && closure.parameter == name
            && (closure.region.start..<closure.region.end).contains(place) {
            return SwiftTypeIndex.context(of: closure.attributes)
        }
        // The signature before the body the code starts in: `(...)`, then perhaps `-> T`, `throws`, before `{`.
        var index = code.floor - 2
        let stop = max(0, code.floor - 40)
        while index > stop, !tokens[index].isSymbol(")") {
            if tokens[index].isSymbol("{") || tokens[index].isSymbol("}") || tokens[index].isSymbol(";") { return nil }
            index -= 1
        }
        guard index > stop, tokens[index].isSymbol(")"), file.partner[index] >= 0, file.partner[index] < index else { return nil }
        let open = file.partner[index]
        var cursor = open + 1
        while cursor < index {
            if tokens[cursor].isName(name), cursor + 1 < index, tokens[cursor + 1].isSymbol(":") {
                var end = cursor + 2
                while end < index, !tokens[end].isSymbol(","), !tokens[end].isSymbol("=") {
                    if (tokens[end].isSymbol("(") || tokens[end].isSymbol("[")) && file.partner[end] > end { end = file.partner[end] }
                    end += 1
                }
                return typeName(code.file, (cursor + 2)..<min(end, index))
            }
            if (tokens[cursor].isSymbol("(") || tokens[cursor].isSymbol("[")) && file.partner[cursor] > cursor { cursor = file.partner[cursor] }
            cursor += 1
        }
        return nil
    }

    /// Where the expression starting at `start` ends: a `;`, a `,` or a `}` on its level, or a line that
    /// neither continues a chain nor follows an operator.
    func statementEnd(_ code: Code, from start: Int) -> Int {
        let tokens = code.tokens
        var index = start
        while index < code.range.upperBound {
            let token = tokens[index]
            if token.isSymbol("}") || token.isSymbol(";") || token.isSymbol(",") { return index }
            if token.kind == .identifier, index > start, Self.declarationWords.contains(token.text) || token.text == "return" { return index }
            if index > start, token.line > tokens[index - 1].line, !token.isSymbol("."), token.kind != .symbol,
               tokens[index - 1].kind != .symbol, !tokens[index - 1].isSymbol("(") { return index }
            if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) && code.partner[index] > index {
                index = min(code.partner[index], code.range.upperBound - 1)
            }
            index += 1
        }
        return code.range.upperBound
    }

    /// The value a local `let` or `var` named `name` is bound to before `code` (`let logo = team.logo`,
    /// `if let logo = ...`), searched back to the code's floor: nil where there is none; a nil value where
    /// one is declared without a value this reader can take.
    private func localBinding(_ name: String, in code: Code) -> Code?? {
        let file = files[code.file], tokens = file.tokens
        var index = min(code.anchor ?? code.range.lowerBound, tokens.count) - 1
        while index > code.floor, index >= 1 {
            defer { index -= 1 }
            guard tokens[index].isName(name), tokens[index - 1].isName("let") || tokens[index - 1].isName("var") else { continue }
            var cursor = index + 1
            if cursor < tokens.count, tokens[cursor].isSymbol(":") {
                while cursor < tokens.count, !tokens[cursor].isSymbol("="), tokens[cursor].line == tokens[index].line { cursor += 1 }
            }
            guard cursor + 1 < tokens.count, tokens[cursor].isSymbol("=") else { return .some(nil) }
            let whole = Code(file: code.file, tokens: tokens, partner: file.partner, range: (cursor + 1)..<tokens.count, context: code.context,
                             floor: code.floor, anchor: nil)
            var end = statementEnd(whole, from: cursor + 1)
            // `if let x = y {`, `guard let x = y else`: the condition ends at the body's brace or `else`.
            if index >= 2, ["if", "guard", "while", ","].contains(where: { tokens[index - 2].isName($0) || tokens[index - 2].isSymbol($0) }),
               let stop = (cursor + 1..<end).first(where: { tokens[$0].isSymbol("{") || tokens[$0].isName("else") }) {
                end = stop
            }
            return .some(whole.with((cursor + 1)..<end))
        }
        return nil
    }
}
