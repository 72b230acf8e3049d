import LiveAssetsRun

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

/// Arguments sorted into flags, option values and positionals. A command reads an option's value with
/// `parsed[option]`, typed by the option's declaration (``Option``).
struct ParsedArguments: Sendable {
    /// The command they were parsed for.
    let spec: CommandSpec
    /// The flags given, by their long names.
    fileprivate(set) var flags: Set<String> = []
    /// Every value of each option, by its long name, in order (`--sources A --sources B`).
    fileprivate(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `spec`: `--name`, `--name value`, `--name=value`, short aliases, and
    /// `--` to end the options.
    init(_ arguments: [String], spec: CommandSpec) throws(CommandLineError) {
        self.spec = spec
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
                values[option.name, default: []].append(value)
            }
        }
    }

    /// The value of `option`, which the command's spec must list (a programming error otherwise).
    subscript<Value>(option: Option<Value>) -> Value {
        get throws(CommandLineError) {
            precondition(spec.allOptions.contains { $0.name == option.spec.name }, "\(option.spec.name) is not an option of \(spec.name)")
            return try option.read(self)
        }
    }

    /// The command line that gives `options` as they were given here, each value and flag in turn:
    /// what another command is told to run with the same settings.
    func arguments(for options: [CommandSpec.Option]) -> [String] {
        options.flatMap { option -> [String] in
            option.valueName == nil ? (flags.contains(option.name) ? [option.name] : [])
                : (values[option.name] ?? []).flatMap { [option.name, $0] }
        }
    }

    /// Parses a command's arguments; prints its help and returns nil when `--help` was asked.
    static func parse(_ arguments: [String], spec: CommandSpec, output: inout some TextOutputStream)
        throws(CommandLineError) -> ParsedArguments?
    {
        let parsed = try ParsedArguments(arguments, spec: spec)
        guard !parsed.flags.contains(CommandSpec.helpOption.name) else {
            print(spec.helpText, to: &output)
            return nil
        }
        return parsed
    }

    /// `--jobs` when not given: the number of cores.
    static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
