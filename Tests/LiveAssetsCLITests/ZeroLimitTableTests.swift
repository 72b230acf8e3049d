import Foundation
import LiveAssetsTestSupport
import Testing

/// `--table` with a limit that rounds to 0 px stops check and fit before any file is read or written.
@Suite struct ZeroLimitTableTests {
    static let table = """
        {"schemaVersion": 1, "revision": "r", "devices": [
        {"id": "tiny", "family": "iphone", "scale": 3, "models": [], "dynamicIsland": true, "source": "s",
         "presentations": {"lock-screen": {"width": 10, "height": 20, "source": "s"},
          "minimal": {"width": 0.1, "height": 10, "source": "s"}}}]}

        """

    @Test(arguments: ["check", "fit"])
    func aTableWithAZeroPixelLimitIsRefusedNamingTheDeviceAndPresentation(command: String) throws {
        let folder = try TemporaryDirectory()
        let table = try folder.write("table.json", Array(Self.table.utf8))
        let image = try folder.write("in/icon@3x.png", ImageBytes.png(width: 30, height: 30))
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        let result = try CLIRunner.run([command, "--table", table, "--presentation", "minimal"]
                                       + (command == "fit" ? ["--in-place"] : []) + ["in"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error == "Error: \(table) gives tiny a minimal width of 0.1 pt at line 4, which rounds to 0 px at @3x, so no image could fit; give it at least 0.17 pt.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }
}
