import LiveAssets

import LiveAssetsPlatform

/// A bad command line: what was wrong, for which command.
struct CommandLineError: Error, Sendable {
    let message: String
    /// The command whose synopsis to show, or nil for the top level.
    let command: CommandSpec?

    /// "Unknown format 'sarf'. Did you mean 'sarif'?"
    static func unknown(_ kind: String, _ name: String, among names: [String], command: CommandSpec?) -> CommandLineError {
        var message = "Unknown \(kind) '\(name)'"
        if let close = EditDistance.closest(to: name, among: names) {
            message += ". Did you mean '\(close)'?"
        } else if names.count <= 12 {
            message += "; expected one of " + names.joined(separator: ", ")
        }
        return CommandLineError(message: message, command: command)
    }
}

/// Arguments sorted into flags, option values and positionals.
struct ParsedArguments: Sendable {
    private(set) var flags: Set<String> = []
    /// Each option's value: the last where it is given more than once.
    private(set) var values: [String: String] = [:]
    /// Every value of each option, in order (`--sources A --sources B`).
    private(set) var allValues: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `spec`: `--name`, `--name value`, `--name=value`, short aliases, and
    /// `--` to end the options.
    init(_ arguments: [String], spec: CommandSpec) throws(CommandLineError) {
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
            guard let option = spec.allOptions.first(where: { $0.isNamed(name) }) else {
                throw CommandLineError.unknown("option", name, among: spec.allOptions.map(\.name), command: spec)
            }
            if option.valueName == nil {
                guard inlineValue == nil else {
                    throw CommandLineError(message: "Option '\(option.name)' takes no value", command: spec)
                }
                flags.insert(option.name)
            } else {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw CommandLineError(message: "Missing value for '\(option.name) <\(option.valueName!)>'", command: spec)
                }
                if inlineValue == nil { index += 1 }
                values[option.name] = value
                allValues[option.name, default: []].append(value)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses a command's arguments; prints its help and returns nil when `--help` was asked.
    static func parse(_ arguments: [String], spec: CommandSpec, output: inout some TextOutputStream)
        throws(CommandLineError) -> ParsedArguments?
    {
        let parsed = try ParsedArguments(arguments, spec: spec)
        guard !parsed.has("--help") else {
            print(spec.helpText, to: &output)
            return nil
        }
        return parsed
    }

    /// `--jobs` when not given: the number of cores.
    static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `--jobs` (1 to 1,024), else the number of cores.
    func jobs(spec: CommandSpec) throws(CommandLineError) -> Int {
        try integer("--jobs", in: 1...1024, spec: spec) ?? Self.defaultJobs
    }

    /// The value of an integer option, checked to lie in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, spec: CommandSpec) throws(CommandLineError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text.filter { $0 != "_" }), range.contains(value) else {
            throw CommandLineError(
                message: "The value '\(text)' is invalid for '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                command: spec)
        }
        return value
    }
}
