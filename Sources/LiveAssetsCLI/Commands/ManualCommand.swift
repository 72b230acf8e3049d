/// `liveassets manual`: the manual page, generated from the commands' declarations as their help is.
enum ManualCommand {
    static let spec = CommandSpec(
        name: "manual",
        abstract: "Print the manual page (roff), for man: every subcommand with its options.",
        discussion: """
            It is generated from the declarations the parser reads, as each command's help is. Where it goes: \
            liveassets manual > /usr/local/share/man/man1/liveassets.1 (with Homebrew: \
            $(brew --prefix)/share/man/man1), then man liveassets; or, without installing it, \
            liveassets manual > /tmp/liveassets.1 and man /tmp/liveassets.1.
            Exit status: 0, or 64 bad usage.
            """,
        arguments: "",
        argumentHelp: "",
        options: [],
        argumentCompletion: .text)

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream) throws(CommandLineError) -> ExitCode {
        if let extra = parsed.positionals.first {
            throw CommandLineError(message: "Unexpected argument '\(extra)'", command: spec)
        }
        output.write(ManualPage.roff(commands: LiveAssetsCommandLine.commands, version: LiveAssetsCommandLine.version))
        return .success
    }
}
