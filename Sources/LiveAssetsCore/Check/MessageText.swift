/// A finding's message written as UTF-8 bytes into one buffer and made a String once: a check writes
/// thousands of messages of several hundred bytes, and appending interpolations to a String builds a
/// temporary string for each and re-checks the storage at every step.
package struct MessageText {
    private var bytes: [UInt8] = []

    package init(capacity: Int) { bytes.reserveCapacity(capacity) }

    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A decimal integer, "-" first when negative.
    package mutating func write(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude, start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// "62.33", "45", "69.5": the fewest decimals that say the hundredths (``Points/description``).
    package mutating func write(_ points: Points) {
        if points.hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = Int(points.hundredths.magnitude / 100), fraction = Int(points.hundredths.magnitude % 100)
        write(whole)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// "187x110".
    package mutating func write(_ size: PixelSize) {
        write(size.width)
        bytes.append(UInt8(ascii: "x"))
        write(size.height)
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}
