import LiveAssetsCore

/// 8-bit pixels in memory, rows packed top to bottom with no padding.
package struct PixelBuffer: Sendable, Hashable {
    /// How the samples of one pixel are laid out.
    package enum Layout: Int, Sendable, Hashable, CaseIterable {
        case gray = 1
        case grayAlpha = 2
        case rgb = 3
        case rgba = 4

        /// Samples per pixel.
        package var channels: Int { rawValue }
    }

    package let width: Int
    package let height: Int
    package let layout: Layout
    /// `width * height * layout.channels` samples.
    package var samples: [UInt8]

    /// Creates a buffer of zeros (transparent black where there is alpha).
    package init(width: Int, height: Int, layout: Layout) {
        precondition(width > 0 && height > 0, "a pixel buffer needs a size")
        self.init(width: width, height: height, layout: layout,
                  samples: [UInt8](repeating: 0, count: width * height * layout.channels))
    }

    /// Wraps existing samples; their count must be `width * height * layout.channels`.
    package init(width: Int, height: Int, layout: Layout, samples: [UInt8]) {
        precondition(samples.count == width * height * layout.channels, "sample count does not match the size")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }

    /// Bytes from one row to the next.
    package var rowStride: Int { width * layout.channels }

    /// Sets the samples of the pixel at (x, y).
    package mutating func set(x: Int, y: Int, to values: [UInt8]) {
        let start = (y * width + x) * layout.channels
        samples.replaceSubrange(start..<start + layout.channels, with: values)
    }
}
