/// Limits that protect against decompression bombs. An image over any of them is refused right after
/// its header is read, before any pixel memory is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The largest number of pixels (width x height) accepted.
    public var maxPixels: Int
    /// The largest width or height accepted.
    public var maxSide: Int
    /// The largest number of scans accepted in a progressive JPEG (each scan costs a pass over the
    /// whole image, so thousands of tiny scans are a CPU-time bomb).
    package var maxScans: Int

    /// Limits of `maxPixels` pixels and `maxSide` pixels per side (and 500 progressive scans).
    public init(maxPixels: Int = 100_000_000, maxSide: Int = 65_535) {
        self.init(maxPixels: maxPixels, maxSide: maxSide, maxScans: 500)
    }

    /// Every limit, the scans' included (for the tests).
    package init(maxPixels: Int = 100_000_000, maxSide: Int = 65_535, maxScans: Int) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.maxScans = maxScans
    }

    /// 100 megapixels, 65,535 pixels per side, 500 progressive scans.
    public static let `default` = ImageLimits()

    /// Whether an image of this size is within the limits.
    package func admits(width: Int, height: Int) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return width <= maxSide && height <= maxSide && !overflow && pixels <= maxPixels
    }
}
