import LiveAssets
import Testing

@Suite struct SizeDescriptionTests {
    @Test(arguments: [(0, "0"), (4500, "45"), (6950, "69.5"), (6233, "62.33"), (3667, "36.67"), (105, "1.05"),
                      (1, "0.01"), (10, "0.1"), (123_456_789, "1234567.89"), (-150, "-1.5"), (-5, "-0.05")])
    func pointsAreWrittenWithTheFewestDecimalsThatSayTheHundredths(hundredths: Int, written: String) {
        #expect(Points(hundredths: hundredths).description == written)
    }

    @Test func pixelSizesAreWidthByHeight() {
        #expect(PixelSize(width: 187, height: 110).description == "187x110")
    }
}
