/// A bad command line: what was wrong, for which command.
struct UsageError: Error, Sendable {
    let message: String
    /// The command whose usage line to show, or nil for the top level.
    let command: CommandSpec?
}

/// Arguments sorted into flags, option values and positionals.
struct ParsedArguments: Sendable {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `spec`: `--name`, `--name value`, `--name=value`, short aliases, and
    /// `--` to end the options.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.allOptions.first(where: { $0.name == name || $0.short == name }) else {
                let names = spec.allOptions.map(\.name)
                var message = "Unknown option '\(name)'"
                if let suggestion = EditDistance.closest(to: name, among: names) {
                    message += ". Did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message, command: spec)
            }
            if option.valueName == nil {
                guard inlineValue == nil else {
                    throw UsageError(message: "Option '\(option.name)' takes no value", command: spec)
                }
                flags.insert(option.name)
            } else if let value = inlineValue {
                values[option.name] = value
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "Missing value for '\(option.name) <\(option.valueName!)>'", command: spec)
                }
                values[option.name] = arguments[index]
                index += 1
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of an integer option, checked to lie in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, spec: CommandSpec) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text.filter { $0 != "_" }), range.contains(value) else {
            throw UsageError(
                message: "The value '\(text)' is invalid for '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                command: spec)
        }
        return value
    }
}

/// Suggestions for mistyped option names.
enum EditDistance {
    /// The Levenshtein distance between two strings.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The closest candidate within a distance of 3, if any.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 3 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
