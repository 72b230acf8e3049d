import Foundation
import LiveAssetsTestSupport
import Testing

/// `liveassets usage` over Swift files written to hang a reader: each ends within a deadline (the child
/// is killed past it, so a hang is a failure, not a stuck suite) and says what it found or cut. This is
/// a bound on work, not a measure of speed: each file took 40 s or more before the reader was made
/// linear, and takes well under a second now.
@Suite struct HostileSourceTests {
    static let deadline: TimeInterval = 60

    /// Runs `usage FILE logo.png` on `source`; nil when the deadline passed.
    static func usage(_ source: String) throws -> CLIRunner.Outcome? {
        let folder = try TemporaryDirectory()
        try folder.write("W.swift", Array(source.utf8))
        try folder.write("logo.png", ImageBytes.png(width: 10, height: 10))
        let process = CLIRunner.process(["usage", "W.swift", "logo.png"], in: folder.url)
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
        let outcome = try CLIRunner.outcome(of: process)
        timer.cancel()
        return process.terminationReason == .uncaughtSignal ? nil : outcome
    }

    @Test func aFunctionCallingItselfFromTheDynamicIslandEndsAndSaysTheIslandWasNotFound() throws {
        let calls = Array(repeating: "f()", count: 400).joined(separator: " ")
        let outcome = try #require(try Self.usage("""
            struct W: Widget { var body: some WidgetConfiguration {
                ActivityConfiguration(for: A.self) { _ in Image("logo") } dynamicIsland: { _ in f() } } }
            func f() -> some View { \(calls) }
            """), "usage did not end within \(Self.deadline) s")
        #expect(outcome.status == 0)
        #expect(outcome.output == """
            logo: Lock Screen (W.swift:2); perhaps expanded, compact leading, compact trailing and minimal by what the reader could not follow (W.swift:2: a Dynamic Island not built where the reader can follow it)

            Read 1 Swift file: 1 ActivityConfiguration.
            Not followed: the Dynamic Island of the ActivityConfiguration at W.swift:2 is not built where the reader can follow it.

            """)
    }

    @Test func unbalancedBracketsEnd() throws {
        let source = "ActivityConfiguration(for: A.self) { _ in Image(\"logo\") " + String(repeating: "(", count: 150_000)
            + String(repeating: "]", count: 150_000) + "}"
        let outcome = try #require(try Self.usage(source), "usage did not end within \(Self.deadline) s")
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("logo: Lock Screen (W.swift:1)\n"))
    }

    @Test func deeplyNestedIslandsAreCutAndTheSummarySaysSo() throws {
        let source = "ActivityConfiguration(for: A.self) { _ in Image(\"logo\") } dynamicIsland: { _ in "
            + String(repeating: "DynamicIsland(", count: 20_000) + String(repeating: ")", count: 20_000) + "}"
        let outcome = try #require(try Self.usage(source), "usage did not end within \(Self.deadline) s")
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("Not followed: the views left when the reader stopped, after "))
        // What was read before the cut stays; every presentation may then show any image.
        #expect(outcome.output.hasPrefix("logo: Lock Screen (W.swift:1); perhaps compact leading, compact trailing, minimal, expanded and Lock Screen by what the reader could not follow (W.swift:1: the views left when the reader stopped, after "))
    }
}

extension HostileSourceTests {
    @Test func nestedImageCallsEnd() throws {
        let source = "ActivityConfiguration(for: A.self) { _ in " + String(repeating: "Image(", count: 80_000)
            + "\"logo\"" + String(repeating: ")", count: 80_000) + " }"
        let outcome = try #require(try Self.usage(source), "usage did not end within \(Self.deadline) s")
        #expect(outcome.status == 0)
    }
}

extension HostileSourceTests {
    @Test func nestedStoredValuesAndNestedViewTypesEnd() throws {
        // Each `let`'s value holds the next: read once each, the whole bounded by the budget.
        let values = "ActivityConfiguration(for: A.self) { _ in Image(\"logo\") }\n"
            + String(repeating: "let a = [Image(\"x\"), ", count: 40_000) + String(repeating: "]", count: 40_000)
        let values_ = try #require(try Self.usage(values), "usage did not end within \(Self.deadline) s")
        #expect(values_.status == 0 && values_.output.hasPrefix("logo: Lock Screen (W.swift:1)\n"))
        // View types nested in View types, each with a default its body could decide.
        let types = "ActivityConfiguration(for: A.self) { _ in Image(\"logo\") }\n"
            + String(repeating: "struct V: View { var on = true\n", count: 20_000) + String(repeating: "}", count: 20_000)
        let types_ = try #require(try Self.usage(types), "usage did not end within \(Self.deadline) s")
        #expect(types_.status == 0 && types_.output.hasPrefix("logo: Lock Screen (W.swift:1)\n"))
    }
}

extension HostileSourceTests {
    @Test func namesComputedThroughLongChainsEndAndMayBeAnyImage() throws {
        // Each enum's description reads the next one's: a chain far past the depth names are followed to.
        let enums = (0..<20_000).map { "enum E\($0): CustomStringConvertible { case a\n var description: String { \"\\(E\($0 + 1).a)\" } }" }
        let chain = "ActivityConfiguration(for: A.self) { _ in Image(\"\\(E0.a)\") }\n" + enums.joined(separator: "\n")
        let described = try #require(try Self.usage(chain), "usage did not end within \(Self.deadline) s")
        #expect(described.status == 0 && described.output.hasPrefix("logo: perhaps Lock Screen by `Image(\"\\(E0.a)\")` (W.swift:1), a computed name nothing narrows\n"))
        // A conditional of 30,000 choices and a property that returns itself.
        let ternary = "ActivityConfiguration(for: A.self) { c in Image(" + String(repeating: "c.x ? \"a\" : ", count: 30_000) + "\"logo\") }\n"
            + "enum Loop { static var name: String { Loop.name } }\nstruct V: View { var body: some View { Image(Loop.name) } }"
        let chosen = try #require(try Self.usage(ternary), "usage did not end within \(Self.deadline) s")
        #expect(chosen.status == 0 && chosen.output.hasPrefix("logo: "))
    }
}
