import Dispatch
import LiveAssetsRun

import LiveAssetsPlatform

/// The `liveassets` command: dispatches to a subcommand and turns every outcome into an exit code.
public enum LiveAssetsCommandLine {
    /// This process's arguments after its name, as their bytes: a path that is not valid UTF-8 is held
    /// byte for byte (see `String(fileSystemBytes:)`), where `CommandLine.arguments` would replace its
    /// bad bytes with U+FFFD and name another file.
    public static var processArguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return String(fileSystemBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The tool's version.
    public static let version = "0.3.0"

    static let commands: [Subcommand] = [
        Subcommand(CheckCommand.spec, "Find the images that would make a Live Activity fail to start."),
        Subcommand(FitCommand.spec, "Shrink oversized images to the largest size that fits."),
        Subcommand(InfoCommand.spec, "Show what each image file is (format, size, orientation, colour, alpha)."),
        Subcommand(UsageCommand.spec, "Show which presentations show each image, read from the widget's Swift code."),
        Subcommand(SizesCommand.spec, "Print the Live Activity presentation sizes per device, in points and pixels."),
        Subcommand(RulesCommand.spec, "List the rules check applies, with their default severity."),
        Subcommand(ExplainCommand.spec, "Explain a rule: why it matters, on whose word, and an example."),
        Subcommand(CompletionCommand.spec, "Print a completion script for bash, zsh or fish."),
        Subcommand(ManualCommand.spec, "Print the manual page, for man."),
    ]

    static var helpText: String {
        var lines = [
            "OVERVIEW: Find and fix the images that would make a Live Activity fail to start.",
            "",
            "USAGE: liveassets <subcommand> [options]",
            "",
            "OPTIONS:",
            "  \("--version".padding(24))Show the version.",
            "  \("-h, --help".padding(24))Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands { lines.append("  \(command.spec.name.padding(22))\(command.summary)") }
        lines += ["", "  See 'liveassets help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// Runs the command line (without the program name) and returns the exit code. It owns the process:
    /// SIGINT, SIGTERM and SIGHUP remove the temporary files of writes in progress before it ends.
    public static func run(_ arguments: [String]) -> Int32 {
        AtomicFile.removeTemporariesOnSignals()
        var output = StandardStream.output
        var errors = StandardStream.error
        let code = run(arguments, output: &output, errors: &errors)
        // A report that did not reach its reader is a failure, whatever it said.
        if let failure = StandardStream.outputFailure.code {
            print("Error: the report could not be written to standard output (\(failure == 0 ? "nothing was written" : systemErrorText(failure))).", to: &errors)
            return ExitCode.failure.rawValue
        }
        return code.rawValue
    }

    /// Runs the command line with `output` and `errors` for standard output and standard error: a usage
    /// error is printed with the command's usage line and gives `.commandLineError` (64). The tests call it in process.
    package static func run(
        _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) -> ExitCode {
        // Standard error is read by people, whatever the format: no control character from a name acts on
        // their terminal.
        var visibleErrors = VisibleText(base: errors)
        defer { errors = visibleErrors.base }
        return run(arguments, output: &output, visibleErrors: &visibleErrors)
    }

    private static func run(
        _ arguments: [String], output: inout some TextOutputStream, visibleErrors errors: inout some TextOutputStream
    ) -> ExitCode {
        do {
            return try dispatch(arguments, output: &output, errors: &errors)
        } catch {
            print("Error: \(error.message)", to: &errors)
            if let command = error.command {
                print("Usage: \(command.synopsis)", to: &errors)
                print("  See 'liveassets \(command.name) --help' for more information.", to: &errors)
            } else {
                print("Usage: liveassets <subcommand> [options]", to: &errors)
                print("  See 'liveassets --help' for more information.", to: &errors)
            }
            return .commandLineError
        }
    }

    static func dispatch(
        _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws(CommandLineError) -> ExitCode {
        guard let first = arguments.first else {
            throw CommandLineError(message: "Missing subcommand", command: nil)
        }
        switch first {
        case "--help", "-h":
            print(helpText, to: &output)
            return .success
        case "--version":
            print("liveassets \(version) (\(ImageProbe.codecVersions))", to: &output)
            return .success
        case "help":
            guard let name = arguments.dropFirst().first else {
                print(helpText, to: &output)
                return .success
            }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                throw CommandLineError(message: "Unknown subcommand '\(name)'", command: nil)
            }
            print(command.spec.helpText, to: &output)
            return .success
        default:
            break
        }
        guard let spec = commands.first(where: { $0.spec.name == first })?.spec else {
            throw CommandLineError.unknown("subcommand", first, among: commands.map(\.spec.name) + ["help"], command: nil)
        }
        // Every command's arguments parsed against its options; --help prints its help instead.
        guard let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), spec: spec, output: &output) else { return .success }
        switch spec.name {
        case CheckCommand.spec.name: return try CheckCommand.run(parsed, output: &output, errors: &errors)
        case FitCommand.spec.name: return try FitCommand.run(parsed, output: &output, errors: &errors)
        case InfoCommand.spec.name: return try InfoCommand.run(parsed, output: &output, errors: &errors)
        case UsageCommand.spec.name: return try UsageCommand.run(parsed, output: &output, errors: &errors)
        case SizesCommand.spec.name: return try SizesCommand.run(parsed, output: &output, errors: &errors)
        case RulesCommand.spec.name: return try RulesCommand.run(parsed, output: &output, errors: &errors)
        case ExplainCommand.spec.name: return try ExplainCommand.run(parsed, output: &output, errors: &errors)
        case CompletionCommand.spec.name: return try CompletionCommand.run(parsed, output: &output)
        case ManualCommand.spec.name: return try ManualCommand.run(parsed, output: &output)
        default: preconditionFailure("\(spec.name) is listed in `commands` but runs nothing")
        }
    }
}

/// Standard output or standard error as a TextOutputStream, written with write(2), unbuffered: callers
/// hand it whole reports, not characters. The first failed write to standard output (a full disk, a
/// closed descriptor) is kept in ``outputFailure`` and makes the command fail; a closed pipe ends the
/// process with SIGPIPE before that, as for any tool in a pipeline. Standard error has nowhere to report
/// its own failure. Bytes of names that are not UTF-8 are shown as U+FFFD (see `String.displayed`).
struct StandardStream: TextOutputStream {
    let descriptor: Int32

    static var output: StandardStream { StandardStream(descriptor: STDOUT_FILENO) }
    static var error: StandardStream { StandardStream(descriptor: STDERR_FILENO) }

    /// The errno of the first write to standard output that failed (0 when it wrote nothing, without one).
    static let outputFailure = WriteFailure()

    mutating func write(_ string: String) {
        // Paths hold the bytes of names that are not UTF-8 as private-use scalars: a person sees U+FFFD.
        var text = string.displayed
        let written = text.withUTF8 { Descriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        if !written && descriptor == STDOUT_FILENO { Self.outputFailure.record(errno) }
    }
}

/// The first failure of a stream that several threads may write.
final class WriteFailure: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var first: Int32?

    func record(_ code: Int32) {
        lock.wait()
        defer { lock.signal() }
        if first == nil { first = code }
    }

    var code: Int32? {
        lock.wait()
        defer { lock.signal() }
        return first
    }
}
