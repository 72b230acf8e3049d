import LiveAssetsCore

/// 16-bit straight-alpha pixels, rows packed top to bottom: what a 16-bit PNG decodes to when its
/// precision is kept for filtering (RGBA, or gray with or without alpha for a gray image).
package struct WidePixelBuffer: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// How the samples of one pixel are laid out: `.gray`, `.grayAlpha` or `.rgba`.
    package let layout: PixelBuffer.Layout
    /// `width * height * layout.channels` samples, 0 to 65535.
    package var samples: [UInt16]

    package init(width: Int, height: Int, layout: PixelBuffer.Layout = .rgba, samples: [UInt16]) {
        precondition(width > 0 && height > 0 && samples.count == width * height * layout.channels,
                     "sample count does not match the size")
        precondition(layout != .rgb, "16-bit pixels are gray, gray+alpha or RGBA")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }
}
