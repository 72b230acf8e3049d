import Foundation
import LiveAssetsRun
import LiveAssetsReports
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

/// The command lines explain and the terminal hints print are pasted into shells: each quoted word comes
/// back byte for byte.
@Suite struct ShellQuotingTests {
    @Test func plainWordsStayAsTheyAre() {
        #expect("Widgets.xcassets".shellQuoted == "Widgets.xcassets")
        #expect("compact-leading,minimal".shellQuoted == "compact-leading,minimal")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "skipped: no bash"))
    func everyWordComesBackFromBashByteForByte() throws {
        let words = ["iPhone 16 Pro", "it's", "", "*.png", "a;b $(x) `y` \\z", "tab\there", "--dash",
                     String(fileSystemBytes: Array("logo".utf8) + [0xFF, 0x01] + Array("'.png".utf8))]
        for word in words {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "printf %s \(word.shellQuoted)"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(Array(data) == word.fileSystemBytes, "\(word.shellQuoted)")
        }
    }
}
