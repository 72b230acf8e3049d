import LiveAssetsRun

/// `liveassets explain <rule>`: one rule as a unit, from its description.
enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain a rule: what it finds, why it matters, on whose word, what to do, and an example.",
        discussion: """
            The examples are real: the project's tests run check on each and expect the message shown \
            (other rules may report on the same files).
            Exit status: 0, or 64 bad usage (an unknown rule).
            """,
        arguments: "<rule>",
        argumentHelp: "A rule id, as 'liveassets rules' lists them (oversized, missing-scale-variant, ...).",
        options: [],
        argumentCompletion: .rules)

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        guard let id = parsed.positionals.first else {
            throw CommandLineError(message: "Missing expected argument '<rule>'. 'liveassets rules' lists the rules", command: spec)
        }
        if let extra = parsed.positionals.dropFirst().first {
            throw CommandLineError(message: "Unexpected argument '\(extra)'", command: spec)
        }
        guard let rule = Rule(rawValue: id) else {
            let guess = EditDistance.closest(to: id, among: Rule.allCases.map(\.rawValue)).map { " Did you mean '\($0)'?" } ?? ""
            throw CommandLineError(message: "Unknown rule '\(id)'.\(guess) 'liveassets rules' lists the rules", command: spec)
        }
        output.write(text(rule.ruleDescription))
        return .success
    }

    /// The description as a person reads it in a terminal: paragraphs wrapped at 100 columns.
    static func text(_ rule: RuleDescription) -> String {
        var lines = ["\(rule.rule.rawValue): \(rule.title) (default severity: \(rule.defaultSeverity.rawValue))", ""]
        lines += wrapped(rule.summary) + [""]
        lines += wrapped("Why: " + rule.rationale) + [""]
        lines.append("Sources:")
        for source in rule.sources { lines.append("  - \(source.title): \(source.url)") }
        lines.append("")
        lines += wrapped("What to do: " + rule.fix) + [""]
        let id = rule.rule.rawValue
        for (heading, example) in [("Triggers \(id)", rule.triggering), ("Does not trigger \(id)", rule.nonTriggering)] {
            lines += wrapped("\(heading): \(example.summary)")
            lines.append("  $ \(example.commandLine)")
            if let message = example.message { lines += wrapped("finding: " + message, indent: "  ") }
            lines.append("")
        }
        return lines.dropLast().joined(separator: "\n") + "\n"
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone).
    static func wrapped(_ text: String, indent: String = "", width: Int = 100) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }
}
