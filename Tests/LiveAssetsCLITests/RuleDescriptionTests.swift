import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// Each rule's examples are real inputs: check, run on the triggering one, reports exactly one finding
/// of the rule, with the message the description shows; run on the other, none.
@Suite struct RuleDescriptionTests {
    /// The findings of `rule` that `check --format json` reports for `example`.
    static func findings(of rule: Rule, for example: RuleExample) throws -> [[String: Any]] {
        let folder = try TemporaryDirectory()
        try example.write(in: folder.url)
        let outcome = try CLIRunner.run(["check", "--format", "json"] + example.options + example.inputs, in: folder.url)
        #expect([0, 2].contains(outcome.status), "\(example.commandLine): \(outcome.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        return findings.filter { $0["rule"] as? String == rule.rawValue }
    }

    static func expectExamples(of rule: Rule) throws {
        let description = rule.ruleDescription
        let triggered = try findings(of: rule, for: description.triggering)
        #expect(triggered.count == 1, "\(rule.rawValue): \(description.triggering.commandLine)")
        let message = try #require(description.triggering.message)
        #expect(triggered.first?["message"] as? String == message)
        #expect(description.nonTriggering.message == nil)
        #expect(try findings(of: rule, for: description.nonTriggering).isEmpty, "\(rule.rawValue): \(description.nonTriggering.commandLine)")
    }

    @Test(arguments: Rule.allCases.filter { $0 != .undecodableName })
    func triggeringExampleGivesItsMessageAndTheOtherNothing(rule: Rule) throws {
        try Self.expectExamples(of: rule)
    }

    @Test(.enabled(if: NonUTF8Names.areStored, "skipped: this file system refuses names that are not UTF-8 (APFS does)"))
    func undecodableNameExamples() throws {
        try Self.expectExamples(of: .undecodableName)
    }
}

/// `liveassets rules` and `liveassets explain`, both from the descriptions.
@Suite struct RulesCommandTests {
    @Test func rulesListsEveryRuleWithItsDefaultSeverityAndSummary() throws {
        let result = try CLIRunner.run(["rules"])
        #expect(result.status == 0 && result.error == "")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "rule                    default  what it finds")
        #expect(lines[5] == "undersized-for-standby  off      An image smaller than the Lock Screen presentation doubled for StandBy, so StandBy upscales it.")
        #expect(lines.count == 1 + Rule.allCases.count + 3)
        #expect(lines.suffix(3) == ["", "See 'liveassets explain <rule>' for why a rule matters and an example.", ""])
    }

    @Test func explainPrintsTheRuleItsSourcesAndBothExamples() throws {
        let result = try CLIRunner.run(["explain", "missing-scale-variant"])
        #expect(result.status == 0 && result.error == "")
        let golden = try String(contentsOf: Repository.root.appendingPathComponent("Tests/LiveAssetsCLITests/Golden/explain-missing-scale-variant.txt"), encoding: .utf8)
        #expect(result.output == golden)
    }

    @Test func explainOfAnUnknownRuleNamesTheClosestAndFailsAsUsage() throws {
        let result = try CLIRunner.run(["explain", "oversize"])
        #expect(result.status == 64 && result.output == "")
        #expect(result.error.hasPrefix("Error: Unknown rule 'oversize'. Did you mean 'oversized'? 'liveassets rules' lists the rules\nUsage: liveassets explain <rule>\n"))
        let far = try CLIRunner.run(["explain", "foo"])
        #expect(far.status == 64 && far.error.hasPrefix("Error: Unknown rule 'foo'. 'liveassets rules' lists the rules\n"))
        let none = try CLIRunner.run(["explain"])
        #expect(none.status == 64 && none.error.hasPrefix("Error: Missing expected argument '<rule>'. 'liveassets rules' lists the rules\n"))
    }
}
