/// A cHRM chunk's chromaticities in libpng's fixed point (100,000 is 1.0), and libpng 1.6.39's test of
/// them (`png_colorspace_check_xy`): converted to XYZ end points and back, in its own 32-bit arithmetic
/// (overflow wraps, as the C code does in practice), they must come back within 0.00005.
package struct Chromaticities: Sendable, Hashable {
    package var whiteX: Int, whiteY: Int, redX: Int, redY: Int, greenX: Int, greenY: Int, blueX: Int, blueY: Int

    /// The eight values in the chunk's order: white, red, green, blue, each x then y.
    package init(values: [Int]) {
        (whiteX, whiteY, redX, redY) = (values[0], values[1], values[2], values[3])
        (greenX, greenY, blueX, blueY) = (values[4], values[5], values[6], values[7])
    }

    /// Every value within `delta` of `other`'s (`png_colorspace_endpoints_match`).
    func matches(_ other: Chromaticities, within delta: Int) -> Bool {
        zip(values, other.values).allSatisfy { abs($0 - $1) <= delta }
    }

    /// The eight values in the chunk's order.
    package var values: [Int] { [whiteX, whiteY, redX, redY, greenX, greenY, blueX, blueY] }

    /// Whether the chromaticities survive the round trip through XYZ.
    func roundTrips() -> Bool {
        guard let endpoints = endpoints(), let back = Self(endpoints: endpoints) else { return false }
        return matches(back, within: 5)
    }

    /// 32-bit wrapping arithmetic, as libpng's `png_fixed_point` sums behave.
    private static func wrap(_ value: Int) -> Int { Int(Int32(truncatingIfNeeded: value)) }

    private static func multiply(_ a: Int, _ times: Int, dividedBy divisor: Int) -> Int? {
        PNGColorSpace.multiply(a, times, dividedBy: divisor)
    }

    /// `png_XYZ_from_xy`: the XYZ of red, green and blue (X, Y, Z each), nil when the chromaticities
    /// cannot be inverted. (libpng fails the whole read where its first products overflow; after the
    /// range checks they cannot: each is at most 10^10 / 7, which fits 32 bits.)
    private func endpoints() -> [Int]? {
        let one = 100_000
        for (x, y) in [(redX, redY), (greenX, greenY), (blueX, blueY)] where x < 0 || x > one || y < 0 || y > one - x {
            return nil
        }
        guard whiteX >= 0, whiteX <= one, whiteY >= 5, whiteY <= one - whiteX else { return nil }

        func product(_ a: Int, _ b: Int) -> Int { Self.multiply(a, b, dividedBy: 7)! }
        let denominator = Self.wrap(product(greenX - blueX, redY - blueY) - product(greenY - blueY, redX - blueX))
        var difference = Self.wrap(product(greenX - blueX, whiteY - blueY) - product(greenY - blueY, whiteX - blueX))
        guard let redInverse = Self.multiply(whiteY, denominator, dividedBy: difference), redInverse > whiteY else { return nil }
        difference = Self.wrap(product(redY - blueY, whiteX - blueX) - product(redX - blueX, whiteY - blueY))
        guard let greenInverse = Self.multiply(whiteY, denominator, dividedBy: difference), greenInverse > whiteY else {
            return nil
        }
        let blueScale = Self.wrap(
            PNGColorSpace.reciprocal(whiteY) - PNGColorSpace.reciprocal(redInverse) - PNGColorSpace.reciprocal(greenInverse))
        guard blueScale > 0 else { return nil }

        var result: [Int] = []
        for (x, y, inverse) in [(redX, redY, redInverse), (greenX, greenY, greenInverse)] {
            for value in [x, y, one - x - y] {
                guard let scaled = Self.multiply(value, one, dividedBy: inverse) else { return nil }
                result.append(scaled)
            }
        }
        for value in [blueX, blueY, one - blueX - blueY] {
            guard let scaled = Self.multiply(value, blueScale, dividedBy: one) else { return nil }
            result.append(scaled)
        }
        return result
    }

    /// `png_xy_from_XYZ`: the chromaticities of end points (red, green, blue; X, Y, Z each).
    private init?(endpoints xyz: [Int]) {
        let one = 100_000
        var xy: [Int] = []
        var white = (sum: 0, x: 0, y: 0)
        for colour in 0..<3 {
            let (x, y, z) = (xyz[colour * 3], xyz[colour * 3 + 1], xyz[colour * 3 + 2])
            let sum = Self.wrap(x + y + z)
            guard let cx = Self.multiply(x, one, dividedBy: sum), let cy = Self.multiply(y, one, dividedBy: sum) else { return nil }
            xy += [cx, cy]
            white = (Self.wrap(white.sum + sum), Self.wrap(white.x + x), Self.wrap(white.y + y))
        }
        guard let wx = Self.multiply(white.x, one, dividedBy: white.sum), let wy = Self.multiply(white.y, one, dividedBy: white.sum) else {
            return nil
        }
        self.init(values: [wx, wy] + xy)
    }
}
