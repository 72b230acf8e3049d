import LiveAssets

extension PixelBuffer {
    /// Samples `(index * multiplier) % modulus` in memory order: busy enough to compress and filter
    /// like a picture, the same on every run.
    package static func pattern(width: Int, height: Int, layout: Layout = .rgba, multiplier: Int = 1, modulus: Int = 251)
        -> PixelBuffer
    {
        var pixels = PixelBuffer(width: width, height: height, layout: layout)
        for index in 0..<pixels.samples.count { pixels.samples[index] = UInt8((index * multiplier) % modulus) }
        return pixels
    }
}
