import Foundation
import LiveAssetsReports
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// `liveassets completion` and `liveassets manual`, loaded by the shells and by groff, from the built binary.
@Suite struct CompletionTests {
    static func installed(_ name: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)") }

    /// What `liveassets completion shell` prints, in a file of `folder`.
    static func script(_ shell: String, in folder: TemporaryDirectory) throws -> String {
        let printed = try CLIRunner.run(["completion", shell])
        #expect(printed.status == 0 && printed.error == "")
        return try folder.write("liveassets.\(shell)", Array(printed.output.utf8))
    }

    /// Runs `/usr/bin/program` with `arguments`.
    static func run(_ program: String, _ arguments: [String]) throws -> CLIRunner.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + program)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8"]
        return try CLIRunner.outcome(of: process)
    }

    @Test(.enabled(if: installed("bash"), "skipped: bash is not installed"))
    func bashCompletesSubcommandsFormatsListsAndRules() throws {
        let folder = try TemporaryDirectory()
        let script = try Self.script("bash", in: folder)
        // The words typed so far, the one under the cursor last; what the function offers, a line each.
        func complete(_ words: [String]) -> String {
            "COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _liveassets; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\"; echo --; "
        }
        let commands = "source '\(script)'; complete -p liveassets; " + complete(["liveassets", "ch"]) + complete(["liveassets", "check", "--format", "s"])
            + complete(["liveassets", "fit", "--presentation", "minimal,compact-"]) + complete(["liveassets", "explain", "overs"])
            + complete(["liveassets", "completion", ""])
        let result = try Self.run("bash", ["--norc", "--noprofile", "-c", commands])
        #expect(result.error == "")
        #expect(result.output == """
            complete -o default -F _liveassets liveassets
            check
            --
            sarif
            --
            minimal,compact-leading
            minimal,compact-trailing
            --
            oversized
            --
            bash
            zsh
            fish
            --

            """)
    }

    @Test(.enabled(if: installed("zsh"), "skipped: zsh is not installed (Debian's zsh, which .ci/run installs)"))
    func zshLoadsTheScriptAfterCompinit() throws {
        let folder = try TemporaryDirectory()
        let script = try Self.script("zsh", in: folder)
        let result = try Self.run("zsh", ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source '\(script)' && print -r -- $_comps[liveassets]"])
        #expect(result.status == 0 && result.error == "")
        #expect(result.output == "_liveassets\n")
    }

    @Test(.enabled(if: installed("fish"), "skipped: fish is not installed (Debian's fish, which .ci/run installs)"))
    func fishCompletesSubcommandsAndFormats() throws {
        let folder = try TemporaryDirectory()
        let script = try Self.script("fish", in: folder)
        let result = try Self.run("fish", ["--no-config", "-c",
                                           "source '\(script)'; complete -C 'liveassets check --format '; echo ===; complete -C 'liveassets '"])
        #expect(result.status == 0 && result.error == "")
        let parts = result.output.components(separatedBy: "===\n")
        let formats = parts[0].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(formats == ReportFormat.allCases.map(\.rawValue).sorted())  // fish sorts them
        let subcommands = Set(parts[1].split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        #expect(subcommands.isSuperset(of: ["check", "fit", "info", "usage", "sizes", "rules", "explain", "completion", "manual", "help"]))
    }

    @Test func everyOptionOfEveryCommandIsOfferedByEachScript() throws {
        let help = try CLIRunner.run(["--help"]).output
        let commands = help.split(separator: "\n").drop { $0 != "SUBCOMMANDS:" }.dropFirst()
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { $0 != "See" }
        #expect(commands.count == 9)
        let scripts = try ["bash", "zsh", "fish"].map { try CLIRunner.run(["completion", $0]).output }
        for command in commands {
            // The options its help lists, long names.
            let options = try CLIRunner.run(["help", command]).output.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst()
                .compactMap { line in line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.filter { $0 != "," }) } }
            #expect(!options.isEmpty, "\(command)")
            for option in options {
                #expect(scripts[0].contains(option) && scripts[1].contains(option), "\(command) \(option)")
                #expect(scripts[2].contains("-l \(option.dropFirst(2))"), "fish: \(command) \(option)")
            }
        }
    }

    @Test func anUnknownShellIsAUsageErrorWithTheShellsNamed() throws {
        let result = try CLIRunner.run(["completion", "powershell"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown shell 'powershell'; expected one of bash, zsh, fish\n"))
    }

    @Test(.enabled(if: installed("groff"), "skipped: groff is not installed (Debian's groff-base, which .ci/run installs)"))
    func theManualPageFormatsWithoutAWarning() throws {
        let folder = try TemporaryDirectory()
        let printed = try CLIRunner.run(["manual"])
        #expect(printed.status == 0 && printed.error == "")
        let page = try folder.write("liveassets.1", Array(printed.output.utf8))
        let result = try Self.run("groff", ["-man", "-ww", "-z", page])
        #expect(result.status == 0)
        #expect(result.error == "")
        for command in ["check", "fit", "info", "usage", "sizes", "rules", "explain", "completion", "manual"] {
            #expect(printed.output.contains("\n.SS \(command)\n"), "\(command)")
        }
        #expect(printed.output.contains("\\fB\\-\\-presentation\\fR \\fILIST\\fR"))
    }
}
