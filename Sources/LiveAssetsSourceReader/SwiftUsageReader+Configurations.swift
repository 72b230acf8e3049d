import LiveAssetsCore

/// Each `ActivityConfiguration`'s presentations: its content closure and its Dynamic Island's.
extension SwiftUsageReader {
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

    mutating func findConfigurations(_ fileIndex: Int) {
        let file = files[fileIndex], tokens = file.tokens
        // The small family, declared anywhere in the files.
        for (index, token) in tokens.enumerated() where token.isName("supplementalActivityFamilies") {
            guard index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { continue }
            let family = smallFamily(in: Region(file: fileIndex, start: index + 2, end: min(file.partner[index + 1], tokens.count)))
            if family == .declared || reading.smallFamily == .notDeclared { reading.smallFamily = family }
            if family == .undecided {
                reading.undecided.append("the families at \(location(fileIndex, line: token.line)) are an expression the reader could not follow, so the small view may be shown")
            }
        }
        for (index, token) in tokens.enumerated() where token.isName("ActivityConfiguration") {
            guard index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { continue }
            reading.configurations += 1
            let arguments = arguments(of: fileIndex, callee: index)
            // `for: MatchAttributes.self`: the type of each closure's `context`.
            if let type = arguments.first(where: { $0.label == "for" })?.region, type.end - type.start >= 3, tokens[type.end - 1].isName("self"),
               let attributes = typeName(fileIndex, type.start..<(type.end - 2)) {
                for argument in arguments where argument.region.start + 2 < argument.region.end && tokens[argument.region.start].isSymbol("{")
                    && tokens[argument.region.start + 1].kind == .identifier && tokens[argument.region.start + 2].isName("in") {
                    configurationClosures.append((argument.region, tokens[argument.region.start + 1].text, attributes))
                }
            }
            for argument in arguments {
                let region = argument.region
                switch argument.label {
                case nil where region.start < region.end && tokens[region.start].isSymbol("{"):
                    collect(region, family: .content)
                case "content":
                    if region.start < region.end, tokens[region.start].isSymbol("{") { collect(region, family: .content) } else { contentByReference(region) }
                case "dynamicIsland":
                    dynamicIsland(in: region)
                default:
                    break
                }
            }
        }
    }

    /// Whether the families `region` lists (`[.small, .medium]`, or a property or function that returns
    /// them, followed once) hold `.small`.
    private func smallFamily(in region: Region) -> SmallFamily {
        let tokens = files[region.file].tokens
        var unknown = false
        for index in region.start..<region.end where tokens[index].kind == .identifier {
            if tokens[index].text == "small" { return .declared }
            if ["medium", "self", "Self"].contains(tokens[index].text) || index > region.start && tokens[index - 1].isSymbol(".")
                && tokens[index].text == "medium" { continue }
            // A name: what it is declared as.
            let declared = typeIndex.members(named: tokens[index].text).compactMap(\.code)
            if declared.isEmpty, !PlatformTypes.contains(tokens[index].text) { unknown = true }
            for code in declared where (code.start..<min(code.end, files[code.file].tokens.count)).contains(where: { files[code.file].tokens[$0].isName("small") }) {
                return .declared
            }
        }
        return unknown ? .undecided : .notDeclared
    }

    /// `content: LockScreenView.init` or `content: lockScreen`: the view type or function named, followed
    /// as the content view; anything else is said not to be followed.
    private mutating func contentByReference(_ region: Region) {
        let tokens = files[region.file].tokens
        var names = tokens[region.start..<region.end].filter { $0.kind == .identifier }.map(\.text)
        if names.last == "init" { names.removeLast() }
        if let name = names.last {
            if let types = viewTypes[name] {
                for type in types { collect(type, family: .content) }
                return
            }
            if let bodies = functions[name] ?? properties[name] {
                for body in bodies { collect(body, family: .content) }
                return
            }
        }
        let line = tokens[min(region.start, tokens.count - 1)].line
        reading.undecided.append("the content view at \(location(region.file, line: line)) is passed in a way the reader could not follow")
        unresolved("a content view passed in a way the reader could not follow", call: Self.callText(tokens[region.start..<region.end]),
                   file: files[region.file].path, line: line, presentations: [.lockScreen, .small])
    }

    /// The `DynamicIsland` call inside the configuration's `dynamicIsland:` closure, or in a function or
    /// computed property it calls (to a depth of 4); where there is none, the reader says so.
    private mutating func dynamicIsland(in region: Region) {
        var searched: [Region: (depth: Int, found: Bool)] = [:]
        guard !islands(in: region, depth: 0, searched: &searched) else { return }
        let line = files[region.file].tokens[max(region.start - 1, 0)].line
        let note = "the Dynamic Island of the ActivityConfiguration at \(location(region.file, line: line)) is not built where the reader can follow it"
        if !reading.undecided.contains(note) { reading.undecided.append(note) }
        unresolved("a Dynamic Island not built where the reader can follow it", call: "dynamicIsland:", file: files[region.file].path, line: line,
                   presentations: [.expanded, .compactLeading, .compactTrailing, .minimal])
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
                // A function passed by name (`dynamicIsland: island`) is one it calls.
                for body in (called ? functions[name] : (properties[name] ?? []) + (functions[name] ?? [])) ?? [] where islands(in: body, depth: depth + 1, searched: &searched) {
                    found = true
                }
            }
        }
        searched[region] = (depth, found)
        return found
    }
}
