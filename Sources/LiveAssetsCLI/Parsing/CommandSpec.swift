/// A command's name, help text and options: enough to parse its arguments and print its help.
struct CommandSpec: Sendable {
    /// How an option is spelled and described, for parsing and help; its typed reading is ``LiveAssetsCLI/Option``.
    struct Option: Sendable {
        /// The long name including dashes, "--json".
        let name: String
        /// A short alias including its dash, "-j", or nil.
        let short: String?
        /// The value placeholder ("N", "FILE"); nil for a flag.
        let valueName: String?
        let help: String
        /// Other long names read as this one ("--device" for "--devices"), kept for older command lines.
        let aliases: [String]
        /// What a shell offers for the value (an option with one).
        let completion: ValueCompletion
        /// Whether the option may be given more than once, each value kept (`--sources`).
        let repeats: Bool

        init(_ name: String, short: String? = nil, value: String? = nil, aliases: [String] = [], completion: ValueCompletion = .text,
             repeats: Bool = false, help: String) {
            self.name = name
            self.short = short
            self.valueName = value
            self.aliases = aliases
            self.completion = completion
            self.repeats = repeats
            self.help = help
        }

        /// Whether `argument` (without any "=value") names this option.
        func isNamed(_ argument: String) -> Bool {
            argument == name || argument == short || aliases.contains(argument)
        }
    }

    let name: String
    let abstract: String
    let discussion: String
    let arguments: String
    let argumentHelp: String
    let options: [Option]
    /// What a shell offers for the arguments: paths, unless the command says otherwise.
    var argumentCompletion: ValueCompletion = .files

    /// Options every command accepts.
    static let helpOption = Option("--help", short: "-h", help: "Show help information.")

    var allOptions: [Option] { options + [Self.helpOption] }

    /// "liveassets info [--json] ... <path> ..."
    var synopsis: String {
        let optionList = options.map { option in
            option.valueName.map { "[\(option.name) <\($0)>]" } ?? "[\(option.name)]"
        }
        return (["liveassets", name] + optionList + [arguments]).filter { !$0.isEmpty }.joined(separator: " ")
    }

    var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["USAGE: \(synopsis)", ""]
        if !arguments.isEmpty { lines += ["ARGUMENTS:", "  \(arguments.padding(24))\(argumentHelp)", ""] }
        lines.append("OPTIONS:")
        for option in allOptions {
            var label = option.short.map { "\($0), \(option.name)" } ?? option.name
            if let value = option.valueName { label += " <\(value)>" }
            let aliases = option.aliases.isEmpty ? "" : " (also " + option.aliases.joined(separator: ", ") + ")"
            lines.append("  \(label.padding(24))\(option.help)\(aliases)")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string padded with spaces to `width`, or followed by one space when it is longer.
    func padding(_ width: Int) -> String {
        count < width ? self + String(repeating: " ", count: width - count) : self + " "
    }
}
