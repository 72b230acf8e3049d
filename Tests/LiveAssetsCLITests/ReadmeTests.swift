import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// What the README shows is what the current build prints.
@Suite struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func ruleTableIsWhatRulesPrintsAsMarkdown() throws {
        let table = try CLIRunner.run(["rules", "--format", "markdown"])
        #expect(table.status == 0 && table.error == "")
        #expect(table.output.hasPrefix("| rule | default | what it finds |\n|---|---|---|\n| `oversized` | error | "))
        #expect(table.output.split(separator: "\n").count == Rule.allCases.count + 2)
        #expect(try Self.readme().contains("\n" + table.output + "\n"), "README.md's rule table differs from `liveassets rules --format markdown`")
    }

    @Test func checkExampleIsWhatCheckPrintsForTheSamples() throws {
        let result = try CLIRunner.run(["check", "samples"])
        #expect(result.status == 2 && result.diagnostics == "")
        #expect(result.output.split(separator: "\n").count == 6)
        #expect(try Self.readme().contains("```\n$ liveassets check samples\n" + result.output + "```\n"),
                "README.md's check example differs from `liveassets check samples`")
    }
}
