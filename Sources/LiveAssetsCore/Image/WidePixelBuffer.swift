/// 16-bit straight-alpha RGBA pixels, rows packed top to bottom: what a 16-bit PNG decodes to when its
/// precision is kept for filtering.
package struct WidePixelBuffer: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// `width * height * 4` samples, 0 to 65535.
    package var samples: [UInt16]

    package init(width: Int, height: Int, samples: [UInt16]) {
        precondition(width > 0 && height > 0 && samples.count == width * height * 4, "sample count does not match the size")
        self.width = width
        self.height = height
        self.samples = samples
    }
}
