/// A length in points, held exactly in hundredths so that "62.33" stays 62.33 and pixel limits come
/// out without floating-point drift.
public struct Points: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length x 100.
    public let hundredths: Int

    /// A length of `hundredths` / 100 points.
    public init(hundredths: Int) { self.hundredths = hundredths }

    package init(_ whole: Int) { self.hundredths = whole * 100 }

    /// The points `pixels` cover at `scale`, to the nearest hundredth (300 px @3x = 100 pt, 110 px @3x = 36.67 pt).
    package init(pixels: Int, scale: Int) {
        self.hundredths = (pixels * 200 + scale) / (2 * scale)
    }

    /// Reads a non-negative decimal with at most two decimals ("62.33", "45", "69.5"); nil otherwise.
    package init?(_ text: String) {
        // One pass over the bytes: every number in the size table comes through here as it loads.
        var value = 0, wholeDigits = 0, fractionDigits = 0, sawDot = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !sawDot, wholeDigits > 0 else { return nil }
                sawDot = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if sawDot { fractionDigits += 1 } else { wholeDigits += 1 }
                guard wholeDigits <= 7, fractionDigits <= 2 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            } else {
                return nil
            }
        }
        guard wholeDigits > 0, !sawDot || fractionDigits > 0 else { return nil }
        hundredths = value * (fractionDigits == 2 ? 1 : fractionDigits == 1 ? 10 : 100)
    }

    /// The pixel count at `scale`, rounded to the nearest pixel (halves up): 62.33 x 3 = 186.99 -> 187.
    public func pixels(atScale scale: Int) -> Int {
        (hundredths * scale + 50) / 100
    }

    /// "62.33", "45", "69.5".
    public var description: String {
        let sign = hundredths < 0 ? "-" : "", whole = hundredths.magnitude / 100, fraction = hundredths.magnitude % 100
        guard fraction != 0 else { return "\(sign)\(whole)" }
        return fraction % 10 == 0 ? "\(sign)\(whole).\(fraction / 10)" : "\(sign)\(whole).\(fraction / 10)\(fraction % 10)"
    }

    /// The shorter length first.
    public static func < (lhs: Points, rhs: Points) -> Bool { lhs.hundredths < rhs.hundredths }

    package static func * (lhs: Points, rhs: Int) -> Points { Points(hundredths: lhs.hundredths * rhs) }
}

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether `self` fits inside `limit` on both axes.
    public func fits(in limit: PixelSize) -> Bool { width <= limit.width && height <= limit.height }

    /// The largest box inside both `self` and `other`: the smaller width and the smaller height.
    package func intersection(_ other: PixelSize) -> PixelSize {
        PixelSize(width: min(width, other.width), height: min(height, other.height))
    }

    /// "187x110".
    public var description: String { "\(width)x\(height)" }
}
