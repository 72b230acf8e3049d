import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The public errors read the same through Foundation (`localizedDescription`) as through `description`.
@Suite struct LocalizedErrorTests {
    @Test func aMissingFileSaysSoThroughLocalizedDescription() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("gone.png")
        do {
            _ = try ImageProbe.probe(contentsOf: url)
            Issue.record("probing a missing file should throw")
        } catch {
            #expect(error.description.hasPrefix(url.path))
            #expect((error as any Error).localizedDescription == error.description)
        }
        do {
            _ = try LiveAssets.fit(contentsOf: url, for: [.minimal])
            Issue.record("fitting a missing file should throw")
        } catch {
            #expect(error.description.hasPrefix(url.path))
            #expect((error as any Error).localizedDescription == error.description)
        }
    }

    @Test func anUnknownScreenSaysSoThroughLocalizedDescription() {
        let error = PreflightError.unknownScreen(DeviceScreen(nativeWidth: 7, nativeHeight: 9, nativeScale: 1))
        #expect((error as any Error).localizedDescription == error.description)
        #expect(error.description.hasPrefix("No device class in the size table has a screen of 7x9 pixels"))
    }
}
