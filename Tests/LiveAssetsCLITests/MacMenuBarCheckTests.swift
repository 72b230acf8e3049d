import Foundation
import LiveAssetsTestSupport
import Testing

/// The Mac menu bar is checked only when chosen, by `--devices` or a configuration, at the iOS sizes at @2x.
@Suite struct MacMenuBarCheckTests {
    static let oversized = "p/logo@2x.png:1:1: error: logo@2x.png (120x80 px, @2x) is too large for compact leading; tightest: compact leading on Mac menu bar, 105x73 px (inferred); fit it to at most 105x70 px. [oversized]"

    func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("p/logo@2x.png", ImageBytes.png(width: 120, height: 80))
        return folder
    }

    @Test func aRunWithNoDeviceSelectionLeavesTheMacOut() throws {
        let folder = try folder()  // kept alive: the folder goes when the value does
        let result = try CLIRunner.run(["check", "--presentation", "compact-leading", "p"], in: folder.url)
        #expect(result.status == 0)
        #expect(!result.output.contains("mac"))
    }

    @Test func devicesMacChecksTheMenuBar() throws {
        let folder = try folder()
        let result = try CLIRunner.run(["check", "--devices", "mac", "--presentation", "compact-leading", "p"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.output == Self.oversized + "\n")
    }

    @Test func aConfigurationCanChooseTheMac() throws {
        let folder = try folder()
        try folder.write("p/.liveassets.json", Array(#"{"devices": ["mac", "iphone"]}"#.utf8))
        let result = try CLIRunner.run(["check", "--presentation", "compact-leading", "p"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.output.split(separator: "\n").first.map(String.init) == Self.oversized)
    }
}
