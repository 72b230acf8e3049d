/// The shell completion scripts `liveassets completion <shell>` prints, generated from the commands'
/// declarations (``CommandSpec``, ``ValueCompletion``): every subcommand, option and value set the parser
/// reads, and nothing it does not.
enum CompletionScript {
    /// A shell a script is written for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`, offering `commands` (and `help`, which takes a subcommand's name).
    static func script(for shell: Shell, commands: [Subcommand], version: String) -> String {
        let heading = "liveassets completion \(shell.rawValue)"
        switch shell {
        case .bash: return bash(commands, heading: heading, version: version)
        case .zsh: return zsh(commands, heading: heading, version: version)
        case .fish: return fish(commands, heading: heading, version: version)
        }
    }

    /// A description a shell shows beside a word: the help's first sentence or clause, without what it
    /// says in parentheses, and with only characters no shell quoting treats specially (letters, digits,
    /// spaces and `,.-/+`).
    static func description(_ help: String) -> String {
        // Parenthesised asides dropped, with the space before them.
        var plain: [Character] = []
        var depth = 0
        for character in help {
            if character == "(" {
                depth += 1
                if plain.last == " " { plain.removeLast() }
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                plain.append(character)
            }
        }
        // Up to the first ". ", "; " or ": ".
        var end = plain.count
        for index in plain.indices.dropLast() where [".", ";", ":"].contains(plain[index]) && plain[index + 1] == " " {
            end = index
            break
        }
        var clause = plain[..<end]
        if clause.last == "." { clause = clause.dropLast() }
        let kept = clause.filter { $0.isASCII && ($0.isLetter || $0.isNumber || " ,.-/+".contains($0)) }
        return String(kept.prefix(80))
    }

    /// The subcommand names `help` completes.
    static func names(_ commands: [Subcommand]) -> [String] { commands.map(\.spec.name) }

    /// The top-level words: the subcommands and `help`, then the options.
    static func topLevelWords(_ commands: [Subcommand]) -> [String] {
        names(commands) + ["help", "--help", "-h", "--version"]
    }
}
