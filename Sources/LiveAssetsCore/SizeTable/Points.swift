/// A length in points, held exactly in hundredths so that "62.33" stays 62.33 and pixel limits come
/// out without floating-point drift.
public struct Points: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length x 100.
    public let hundredths: Int

    public init(hundredths: Int) { self.hundredths = hundredths }

    public init(_ whole: Int) { self.hundredths = whole * 100 }

    /// The points `pixels` cover at `scale`, to the nearest hundredth (300 px @3x = 100 pt, 110 px @3x = 36.67 pt).
    public init(pixels: Int, scale: Int) {
        self.hundredths = (pixels * 200 + scale) / (2 * scale)
    }

    /// Reads a non-negative decimal with at most two decimals ("62.33", "45", "69.5"); nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), whole.count <= 7 else {
            return nil
        }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 2, fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else {
            return nil
        }
        while fraction.count < 2 { fraction += "0" }
        hundredths = Int(whole)! * 100 + Int(fraction)!
    }

    /// The pixel count at `scale`, rounded to the nearest pixel (halves up): 62.33 x 3 = 186.99 -> 187.
    public func pixels(atScale scale: Int) -> Int {
        (hundredths * scale + 50) / 100
    }

    /// "62.33", "45", "69.5".
    public var description: String {
        var text = MessageText(capacity: 8)
        text.write(self)
        return text.string
    }

    public static func < (lhs: Points, rhs: Points) -> Bool { lhs.hundredths < rhs.hundredths }

    public static func * (lhs: Points, rhs: Int) -> Points { Points(hundredths: lhs.hundredths * rhs) }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether `self` fits inside `limit` on both axes.
    public func fits(in limit: PixelSize) -> Bool { width <= limit.width && height <= limit.height }

    /// "187x110".
    public var description: String {
        var text = MessageText(capacity: 16)
        text.write(self)
        return text.string
    }
}
