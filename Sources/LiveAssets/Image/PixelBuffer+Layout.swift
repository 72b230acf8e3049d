import LiveAssetsCore

extension PixelBuffer {
    /// The pixels in another layout: alpha dropped or made opaque (255), gray replicated into R, G and
    /// B, and from colour to gray the red channel (what gray images decoded as RGBA hold, R = G = B).
    /// The same layout returns the pixels as they are.
    /// - throws: ``PixelMemoryRefusal`` when the system will not give the memory for the copy.
    package func converted(to target: Layout) throws(PixelMemoryRefusal) -> PixelBuffer {
        PixelBuffer(width: width, height: height, layout: target, samples: try layout.converting(samples, to: target, opaque: 255))
    }
}

extension PixelBuffer.Layout {
    /// `samples` (8 or 16 bits, in this layout) in `target`, channels picked as ``picks(for:)`` says and
    /// `opaque` for a missing alpha; as they are for the same layout. Shared by ``PixelBuffer`` and the
    /// ImageIO decoder's drawn samples.
    /// - throws: ``PixelMemoryRefusal`` when the system will not give the memory for the copy.
    package func converting<Sample: BitwiseCopyable>(_ samples: [Sample], to target: Self, opaque: Sample)
        throws(PixelMemoryRefusal) -> [Sample]
    {
        guard target != self else { return samples }
        let picks = picks(for: target), channels = target.channels, sourceChannels = self.channels
        let pixels = samples.count / sourceChannels
        var output = try PixelMemory.uninitializedArray(of: Sample.self, count: pixels * channels)  // all written
        samples.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                for pixel in 0..<pixels {
                    for (channel, pick) in picks.enumerated() {
                        destination[pixel * channels + channel] = pick < 0 ? opaque : source[pixel * sourceChannels + pick]
                    }
                }
            }
        }
        return output
    }

    /// Which sample of a pixel in this layout each channel of a pixel in `target` takes; -1 is an opaque
    /// alpha (see ``PixelBuffer/converted(to:)``).
    package func picks(for target: Self) -> [Int] {
        switch (self, target) {
        case (_, .gray): [0]
        case (.gray, .grayAlpha): [0, -1]
        case (.grayAlpha, .grayAlpha): [0, 1]
        case (.grayAlpha, .rgb), (.gray, .rgb): [0, 0, 0]
        case (.gray, .rgba): [0, 0, 0, -1]
        case (.grayAlpha, .rgba): [0, 0, 0, 1]
        case (.rgb, .grayAlpha): [0, -1]
        case (.rgba, .grayAlpha): [0, 3]
        case (_, .rgb): [0, 1, 2]
        case (_, .rgba): [0, 1, 2, -1]
        }
    }
}
