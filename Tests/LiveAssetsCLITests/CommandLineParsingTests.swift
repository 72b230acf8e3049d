import LiveAssetsCLI
import Testing

/// The command line parsed in process (LiveAssetsCommandLine.run with strings for its streams): usage
/// errors, their exit code and the exact lines standard error gets.
@Suite struct CommandLineParsingTests {
    static let checkUsage = "Usage: liveassets check [--format <FORMAT>] [--output <FILE>] [--sarif <FILE>] [--strict] [--jobs <N>] [--stamp <FILE>] [--quiet] [--presentation <LIST>] [--devices <LIST>] [--sources <PATHS>] [--no-sources] [--no-project] [--config <FILE>] [--table <FILE>] [--include <GLOBS>] [--exclude <GLOBS>] [--max-pixels <N>] [--max-side <N>] <path> ...\n  See 'liveassets check --help' for more information.\n"
    static let fitUsage = "Usage: liveassets fit [--out <DIR>] [--in-place] [--backup] [--dry-run] [--quality <N>] [--png-level <N>] [--exact] [--candidates] [--app-images] [--variants] [--jobs <N>] [--presentation <LIST>] [--devices <LIST>] [--sources <PATHS>] [--no-sources] [--no-project] [--config <FILE>] [--table <FILE>] [--include <GLOBS>] [--exclude <GLOBS>] [--max-pixels <N>] [--max-side <N>] <path> ...\n  See 'liveassets fit --help' for more information.\n"
    static let topUsage = "Usage: liveassets <subcommand> [options]\n  See 'liveassets --help' for more information.\n"

    func run(_ arguments: [String]) -> (code: ExitCode, output: String, errors: String) {
        var output = "", errors = ""
        let code = LiveAssetsCommandLine.run(arguments, output: &output, errors: &errors)
        return (code, output, errors)
    }

    @Test(arguments: [
        ([], "Error: Missing subcommand\n" + topUsage),
        (["chek"], "Error: Unknown subcommand 'chek'. Did you mean 'check'?\n" + topUsage),
        (["help", "nope"], "Error: Unknown subcommand 'nope'\n" + topUsage),
        (["check"], "Error: Missing expected argument '<path> ...'\n" + checkUsage),
        (["check", "--format", "sarf", "x"], "Error: Unknown format 'sarf'. Did you mean 'sarif'?\n" + checkUsage),
        (["check", "--jobs", "0", "x"], "Error: The value '0' is invalid for '--jobs': expected a whole number from 1 to 1024\n" + checkUsage),
        (["check", "x", "--jobs"], "Error: Missing value for '--jobs <N>'\n" + checkUsage),
        (["check", "--bogus", "x"], "Error: Unknown option '--bogus'\n" + checkUsage),
        (["check", "--presentation", "compact", "x"], "Error: Unknown presentation 'compact'; expected one of compact-leading, compact-trailing, minimal, expanded, lock-screen, small\n" + checkUsage),
        (["fit", "x"], "Error: Choose exactly one of --out DIR, --in-place or --dry-run\n" + fitUsage),
        (["fit", "--out", "d", "--in-place", "x"], "Error: Choose exactly one of --out DIR, --in-place or --dry-run\n" + fitUsage),
    ])
    func usageErrorsNameTheCauseAndTheCommandsUsage(arguments: [String], expected: String) {
        let result = run(arguments)
        #expect(result.code == .commandLineError)
        #expect(result.code.rawValue == 64)
        #expect(result.output == "")
        #expect(result.errors == expected)
    }

    @Test func helpAndVersionGoToStandardOutput() {
        let help = run(["--help"])
        #expect(help.code == .success)
        #expect(help.output.hasPrefix("OVERVIEW: Find and fix the images that would make a Live Activity fail to start.\n"))
        #expect(help.errors == "")
        let version = run(["--version"])
        #expect(version.code == .success)
        #expect(version.output.hasPrefix("liveassets \(LiveAssetsCommandLine.version) ("))
        let checkHelp = run(["help", "check"])
        #expect(checkHelp.code == .success)
        #expect(checkHelp.output.contains("liveassets check [--format <FORMAT>]"))
    }
}
