import LiveAssets

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `liveassets` command: dispatches to a subcommand and turns every outcome into an exit code.
public enum LiveAssetsCommandLine {
    /// The tool's version.
    public static let version = "0.1.0"

    static let commands: [(spec: CommandSpec, summary: String)] = [
        (CheckCommand.spec, "Find the images that would make a Live Activity fail to start."),
        (FitCommand.spec, "Shrink oversized images to the largest size that fits."),
        (InfoCommand.spec, "Show what each image file is (format, size, orientation, colour, alpha)."),
        (SizesCommand.spec, "Print the Live Activity presentation sizes per device, in points and pixels."),
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

    /// Runs the command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        var output = StandardStream.output
        var errors = StandardStream.error
        let code: ExitCode
        do {
            code = try dispatch(arguments, output: &output, errors: &errors)
        } catch {
            print("Error: \(error.message)", to: &errors)
            if let command = error.command {
                print("Usage: \(command.usageLine)", to: &errors)
                print("  See 'liveassets \(command.name) --help' for more information.", to: &errors)
            } else {
                print("Usage: liveassets <subcommand> [options]", to: &errors)
                print("  See 'liveassets --help' for more information.", to: &errors)
            }
            code = .usage
        }
        return code.rawValue
    }

    static func dispatch(
        _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws(UsageError) -> ExitCode {
        guard let first = arguments.first else {
            throw UsageError(message: "Missing subcommand", command: nil)
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
                throw UsageError(message: "Unknown subcommand '\(name)'", command: nil)
            }
            print(command.spec.helpText, to: &output)
            return .success
        case CheckCommand.spec.name:
            return try CheckCommand.run(Array(arguments.dropFirst()), output: &output, errors: &errors)
        case FitCommand.spec.name:
            return try FitCommand.run(Array(arguments.dropFirst()), output: &output, errors: &errors)
        case InfoCommand.spec.name:
            return try InfoCommand.run(Array(arguments.dropFirst()), output: &output, errors: &errors)
        case SizesCommand.spec.name:
            return try SizesCommand.run(Array(arguments.dropFirst()), output: &output, errors: &errors)
        default:
            throw UsageError.unknown("subcommand", first, among: commands.map(\.spec.name) + ["help"], command: nil)
        }
    }
}

/// Standard output or standard error as a TextOutputStream, written with write(2), unbuffered: callers
/// hand it whole reports, not characters.
struct StandardStream: TextOutputStream {
    let descriptor: Int32

    static var output: StandardStream { StandardStream(descriptor: STDOUT_FILENO) }
    static var error: StandardStream { StandardStream(descriptor: STDERR_FILENO) }

    mutating func write(_ string: String) {
        var text = string
        // A closed pipe: nothing more to say.
        _ = text.withUTF8 { Descriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
