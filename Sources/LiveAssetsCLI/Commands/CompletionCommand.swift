/// `liveassets completion <shell>`: the completion script for a shell, generated from the commands'
/// declarations.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a completion script for bash, zsh or fish: every subcommand, option and value set.",
        discussion: """
            The script is generated from the declarations the parser reads, so it offers what this \
            version of liveassets takes. Where it goes:
            bash: source <(liveassets completion bash) in ~/.bashrc, or save it as liveassets in a \
            bash-completion directory (with Homebrew: $(brew --prefix)/etc/bash_completion.d).
            zsh: save it as _liveassets in a folder on $fpath, before compinit runs (liveassets completion zsh \
            > ~/.zfunc/_liveassets, and fpath+=~/.zfunc in ~/.zshrc).
            fish: liveassets completion fish > ~/.config/fish/completions/liveassets.fish.
            Exit status: 0, or 64 bad usage.
            """,
        arguments: "<shell>",
        argumentHelp: "bash, zsh or fish.",
        options: [],
        argumentCompletion: .word { CompletionScript.Shell.allCases.map(\.rawValue) })

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream) throws(CommandLineError) -> ExitCode {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard let name = parsed.positionals.first else {
            throw CommandLineError(message: "Missing expected argument '<shell>': bash, zsh or fish", command: spec)
        }
        if let extra = parsed.positionals.dropFirst().first {
            throw CommandLineError(message: "Unexpected argument '\(extra)'", command: spec)
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw CommandLineError.unknown("shell", name, among: shells, command: spec)
        }
        output.write(CompletionScript.script(for: shell, commands: LiveAssetsCommandLine.commands, version: LiveAssetsCommandLine.version))
        return .success
    }
}
