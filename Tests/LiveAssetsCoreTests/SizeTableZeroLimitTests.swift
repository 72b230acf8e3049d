import LiveAssets
import Testing

/// A table whose limit rounds to 0 px is refused as it is read, naming the device and presentation.
@Suite struct SizeTableZeroLimitTests {
    func error(_ json: String) -> SizeTableError? {
        do throws(SizeTableError) {
            _ = try SizeTable(json: Array(json.utf8), file: "t.json")
            return nil
        } catch { return error }
    }

    func table(scale: Int, width: String, height: String) -> String {
        """
        {"schemaVersion": 1, "revision": "r", "devices": [
        {"id": "tiny", "family": "iphone", "scale": \(scale), "models": [], "dynamicIsland": true, "source": "s",
         "presentations": {"lock-screen": {"width": 10, "height": 20, "source": "s"},
          "compact-leading": {"width": \(width),
                              "height": \(height), "source": "s"}}}]}
        """
    }

    @Test func aWidthUnderHalfAPixelIsRefusedNamingTheDeviceAndPresentation() {
        #expect(error(table(scale: 3, width: "0.16", height: "10"))
            == .zeroPixelLimit(file: "t.json", device: "tiny", presentation: .compactLeading, dimension: "width",
                               line: 4, points: Points(hundredths: 16), scale: 3))
        #expect(error(table(scale: 3, width: "0.16", height: "10"))?.message
            == "t.json gives tiny a compact-leading width of 0.16 pt at line 4, which rounds to 0 px at @3x, so no image could fit; give it at least 0.17 pt.")
    }

    @Test func aHeightUnderHalfAPixelIsRefusedAtItsLine() {
        #expect(error(table(scale: 1, width: "10", height: "0.49"))?.message
            == "t.json gives tiny a compact-leading height of 0.49 pt at line 5, which rounds to 0 px at @1x, so no image could fit; give it at least 0.5 pt.")
        #expect(error(table(scale: 2, width: "0.01", height: "10"))?.message
            == "t.json gives tiny a compact-leading width of 0.01 pt at line 4, which rounds to 0 px at @2x, so no image could fit; give it at least 0.25 pt.")
    }

    @Test func theSmallestSizesThatRoundToOnePixelAreAccepted() {
        #expect(error(table(scale: 1, width: "0.5", height: "0.5")) == nil)
        #expect(error(table(scale: 2, width: "0.25", height: "0.25")) == nil)
        #expect(error(table(scale: 3, width: "0.17", height: "0.17")) == nil)
    }
}
