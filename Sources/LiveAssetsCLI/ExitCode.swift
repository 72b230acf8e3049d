/// The exit codes of `liveassets`, shared by every command.
public enum ExitCode: Int32, Sendable {
    /// Everything read; no error findings (warnings only without `--strict`); help and version.
    case success = 0
    /// The tool failed, or some input could not be read.
    case failure = 1
    /// At least one error-severity finding.
    case errorsFound = 2
    /// Warnings only, under `--strict`.
    case warningsFound = 3
    /// A command line that cannot be run: an unknown option, a missing argument (EX_USAGE).
    case commandLineError = 64
}
