import LiveAssetsCore
import Testing

@Suite struct MessageTextTests {
    @Test func writesNumbersAsTheirDescriptions() {
        for value in [0, 7, 10, 99, 100, 4032, -1, -42, Int.max, Int.min] {
            var text = MessageText(capacity: 0)
            text.write(value)
            #expect(text.string == String(value))
        }
        // The fewest decimals that say the hundredths.
        for (hundredths, written) in [(0, "0"), (4500, "45"), (6950, "69.5"), (6233, "62.33"), (3667, "36.67"), (105, "1.05"),
                                      (1, "0.01"), (10, "0.1"), (123_456_789, "1234567.89"), (-150, "-1.5"), (-5, "-0.05")] {
            var text = MessageText(capacity: 0)
            text.write(Points(hundredths: hundredths))
            #expect(text.string == written && Points(hundredths: hundredths).description == written)
        }
        var size = MessageText(capacity: 0)
        size.write(PixelSize(width: 187, height: 110))
        #expect(size.string == "187x110")
    }

    @Test func joinsLiteralsAndStringsInOrder() {
        var text = MessageText(capacity: 4)
        text.write("logo@3x.png")
        text.write(" is ")
        text.write("ünïcode ✓" as String)
        text.write(".")
        #expect(text.string == "logo@3x.png is ünïcode ✓.")
    }
}
