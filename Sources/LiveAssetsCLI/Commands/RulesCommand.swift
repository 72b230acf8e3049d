import LiveAssetsRun

/// `liveassets rules`: every rule, its default severity and what it finds.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the rules check applies, with their default severity and what each finds.",
        discussion: """
            A configuration's "rules" object changes a severity by rule id (error, warning or off). \
            'liveassets explain <rule>' tells why a rule matters, on whose word, and shows an example.
            Exit status: 0, or 64 bad usage.
            """,
        arguments: "",
        argumentHelp: "",
        options: [format.spec],
        argumentCompletion: .text)

    /// The formats `--format` reads.
    static let formats = ["text", "markdown"]
    static let format = Option.text("--format", value: "FORMAT", completion: .word { RulesCommand.formats },
                                    help: "text (default) or markdown (the table in the README).")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        if let extra = parsed.positionals.first {
            throw CommandLineError(message: "Unexpected argument '\(extra)'", command: spec)
        }
        switch try parsed[Self.format] ?? "text" {
        case "text": output.write(text)
        case "markdown": output.write(markdown)
        case let other: throw CommandLineError.unknown("format", other, among: formats, command: spec)
        }
        return .success
    }

    /// One line per rule: id, default severity, summary.
    static var text: String {
        let width = RuleDescription.all.map(\.rule.rawValue.count).max()! + 2
        var lines = ["rule".padding(width) + "default  what it finds"]
        for rule in RuleDescription.all {
            lines.append(rule.rule.rawValue.padding(width) + rule.defaultSeverity.rawValue.padding(9) + rule.summary)
        }
        return (lines + ["", "See 'liveassets explain <rule>' for why a rule matters and an example."]).joined(separator: "\n") + "\n"
    }

    /// The same as a Markdown table.
    static var markdown: String {
        var lines = ["| rule | default | what it finds |", "|---|---|---|"]
        for rule in RuleDescription.all {
            // The project's own sentences, written as Markdown: only a table's "|" needs its backslash.
            lines.append("| `\(rule.rule.rawValue)` | \(rule.defaultSeverity.rawValue) | \(rule.summary.replacing("|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
