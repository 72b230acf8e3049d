/// What a configuration file changed about what a run checks: a rule turned off or lowered, an image
/// excluded, presentations stated over the code's, devices narrowed, sources added. Said once per run,
/// in every format, beside the findings, never as one: a notice neither fails a run nor counts under
/// `--strict`. A pull request's `.liveassets.json` cannot act unseen.
package struct ConfigurationNotice: Sendable, Hashable {
    /// The configuration file, as the run found it.
    package var file: String
    /// The line of the key that has the effect.
    package var line: Int
    /// What it does, as the rest of a sentence after the file's name ("turns the rule `oversized`
    /// off, so its findings are not reported.").
    package var effect: String

    package init(file: String, line: Int, effect: String) {
        self.file = file
        self.line = line
        self.effect = effect
    }

    /// The notice as one sentence that names the file and the line: ".liveassets.json, line 3, turns
    /// the rule `oversized` off, so its findings are not reported."
    package var sentence: String { "\(file), line \(line), \(effect)" }

    /// The notice as a line Xcode shows at the configuration's line: "FILE:LINE:1: note: this
    /// configuration turns the rule `oversized` off, ..." (on standard error, for check and fit alike).
    package var noteLine: String { "\(file):\(line):1: note: this configuration \(effect)" }
}
