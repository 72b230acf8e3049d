import LiveAssetsCore
import Testing

/// Every rule is described whole: its own id, a title, a one-sentence summary, a rationale with at
/// least one source, a fix, and a triggering example that states its message.
@Suite struct RuleDescriptionCompletenessTests {
    @Test(arguments: Rule.allCases)
    func ruleIsDescribedWhole(rule: Rule) {
        let description = rule.ruleDescription
        #expect(description.rule == rule)
        #expect(!description.title.isEmpty && !description.title.first!.isLowercase)
        #expect(description.summary.hasSuffix(".") && description.rationale.hasSuffix(".") && description.fix.hasSuffix("."))
        #expect(!description.sources.isEmpty)
        #expect(description.sources.allSatisfy { $0.url.hasPrefix("https://") && !$0.title.isEmpty })
        #expect(description.triggering.message != nil && description.nonTriggering.message == nil)
        #expect(!description.triggering.files.isEmpty && !description.nonTriggering.files.isEmpty)
    }

    @Test func titlesAreDistinctAndTheListFollowsRuleOrder() {
        #expect(Set(RuleDescription.all.map(\.title)).count == Rule.allCases.count)
        #expect(RuleDescription.all.map(\.rule) == Rule.allCases)
    }

    @Test func onlyUndersizedForStandbyIsOffByDefault() {
        #expect(Rule.allCases.filter { $0.defaultSeverity == .off } == [.undersizedForStandby])
        #expect(Rule.allCases.filter { $0.defaultSeverity == .error }
                == [.oversized, .truncated, .unreadable, .catalogMissingFile, .catalogInvalidJSON].sorted())
    }

    @Test func exampleCommandLineQuotesNamesWithSpaces() {
        #expect(Rule.oversized.ruleDescription.triggering.commandLine
                == "liveassets check --devices 'iPhone 16 Pro' --presentation compact-leading,minimal logo@3x.png")
        #expect(Rule.undersizedForStandby.ruleDescription.triggering.inputs == ["photo.png"])
        // A name that is not UTF-8 is written so that bash and zsh pass its bytes.
        #expect(Rule.undecodableName.ruleDescription.triggering.commandLine
                == "liveassets check --devices 'iPhone 16 Pro' --presentation lock-screen $'logo\\xFF.png'")
    }
}
