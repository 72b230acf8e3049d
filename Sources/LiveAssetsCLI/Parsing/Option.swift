/// One command-line option, declared once: how it is spelled and described (``spec``, which help and
/// parsing use) and how its value is read, as a `Value`. A command lists the `spec`s of those it takes
/// and reads each with `parsed[option]`; no command looks an option up by its name.
struct Option<Value: Sendable>: Sendable {
    let spec: CommandSpec.Option
    let read: @Sendable (ParsedArguments) throws(CommandLineError) -> Value

    /// Reads the value of the option this declaration describes, the spec aside: `read` gets the
    /// arguments and this option's name.
    private init(_ spec: CommandSpec.Option, read: @escaping @Sendable (ParsedArguments, String) throws(CommandLineError) -> Value) {
        self.spec = spec
        let name = spec.name
        self.read = { parsed throws(CommandLineError) in try read(parsed, name) }
    }

    private init(spec: CommandSpec.Option, read: @escaping @Sendable (ParsedArguments) throws(CommandLineError) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The same option described for another command (`sizes --devices` lists, `check --devices` selects).
    func described(_ help: String) -> Option {
        Option(spec: CommandSpec.Option(spec.name, short: spec.short, value: spec.valueName, aliases: spec.aliases,
                                        completion: spec.completion, repeats: spec.repeats, help: help), read: read)
    }

    /// The same value, turned into another type (parsing a text, giving a default).
    func map<Other>(_ transform: @escaping @Sendable (Value, ParsedArguments) throws(CommandLineError) -> Other) -> Option<Other> {
        let read = self.read
        return Option<Other>(spec) { parsed, _ throws(CommandLineError) in try transform(try read(parsed), parsed) }
    }
}

extension Option where Value == Bool {
    /// `--name`: whether it was given.
    static func flag(_ name: String, short: String? = nil, help: String) -> Option<Bool> {
        Option(CommandSpec.Option(name, short: short, help: help)) { parsed, name in parsed.flags.contains(name) }
    }
}

extension Option where Value == String? {
    /// `--name VALUE`: the last value given, or nil.
    static func text(_ name: String, short: String? = nil, value: String, aliases: [String] = [], completion: ValueCompletion = .text,
                     help: String) -> Option<String?> {
        Option(CommandSpec.Option(name, short: short, value: value, aliases: aliases, completion: completion, help: help)) { parsed, name in
            parsed.values[name]?.last
        }
    }
}

extension Option where Value == [String] {
    /// `--name VALUE`, repeatable: every value given, in order.
    static func repeated(_ name: String, value: String, completion: ValueCompletion = .text, help: String) -> Option<[String]> {
        Option(CommandSpec.Option(name, value: value, completion: completion, repeats: true, help: help)) { parsed, name in
            parsed.values[name] ?? []
        }
    }
}

extension Option where Value == Int? {
    /// `--name N`: a whole number in `range` (underscores allowed: 100_000), or nil when not given.
    static func integer(_ name: String, short: String? = nil, value: String = "N", in range: ClosedRange<Int>, help: String) -> Option<Int?> {
        Option(CommandSpec.Option(name, short: short, value: value, help: help)) { parsed, name throws(CommandLineError) in
            guard let text = parsed.values[name]?.last else { return nil }
            guard let number = Int(text.filter { $0 != "_" }), range.contains(number) else {
                throw CommandLineError(
                    message: "The value '\(text)' is invalid for '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                    command: parsed.spec)
            }
            return number
        }
    }
}

extension Option where Value == Int {
    /// `--jobs N` (`-j`), 1 to 1,024: how many `what` ("Files read") the command works on at once; by
    /// default, the number of cores.
    static func jobs(_ what: String) -> Option<Int> {
        Option<Int?>.integer("--jobs", short: "-j", in: 1...1024, help: "\(what) at once (default: the number of cores).")
            .map { jobs, _ in jobs ?? ParsedArguments.defaultJobs }
    }
}
