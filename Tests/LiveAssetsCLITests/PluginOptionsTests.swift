import Foundation
import LiveAssetsTestSupport
import Testing

/// The command plugin cannot import the command line's option declarations, so it keeps its own list of
/// the options of `check` that take a value (to tell a value from a path): held here to `check --help`.
@Suite struct PluginOptionsTests {
    @Test func theCommandPluginKnowsEveryOptionOfCheckThatTakesAValue() throws {
        let help = try CLIRunner.run(["check", "--help"], in: Repository.root).output
        // "  -o, --output <FILE>     Write ... (also --alias)"
        var expected = Set<String>()
        for line in help.split(separator: "\n") where line.hasPrefix("  -") && line.contains(" <") {
            let head = line.prefix { $0 != "<" }
            expected.formUnion(head.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
            if let also = line.range(of: "(also ") {
                expected.formUnion(line[also.upperBound...].prefix { $0 != ")" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
        #expect(expected.contains("--max-side") && expected.contains("-o") && expected.contains("--device"))
        let source = try String(contentsOf: Repository.root.appendingPathComponent("Plugins/LiveAssetsCheckCommand/LiveAssetsCheckCommand.swift"), encoding: .utf8)
        let list = try #require(source.range(of: "static let valueOptions: Set<String> = [")).upperBound
        let listed = source[list...].prefix { $0 != "]" }.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(Set(listed) == expected)
    }
}
