import LiveAssetsCore

extension PixelBuffer {
    /// The pixels turned upright as an EXIF orientation says (1 returns them unchanged).
    /// - throws: ``PixelMemoryRefusal`` when the system will not give the memory for the turned copy.
    package func oriented(_ orientation: ExifOrientation) throws(PixelMemoryRefusal) -> PixelBuffer {
        guard orientation != .up else { return self }
        let (turned, width, height) = try Orientation.apply(orientation, samples, self.width, self.height, layout.channels)
        return PixelBuffer(width: width, height: height, layout: layout, samples: turned)
    }
}

extension WidePixelBuffer {
    /// The pixels turned upright as an EXIF orientation says (1 returns them unchanged).
    /// - throws: ``PixelMemoryRefusal`` when the system will not give the memory for the turned copy.
    package func oriented(_ orientation: ExifOrientation) throws(PixelMemoryRefusal) -> WidePixelBuffer {
        guard orientation != .up else { return self }
        let (turned, width, height) = try Orientation.apply(orientation, samples, self.width, self.height, layout.channels)
        return WidePixelBuffer(width: width, height: height, layout: layout, samples: turned)
    }
}

enum Orientation {
    /// Interleaved samples turned upright: the new samples, width and height.
    static func apply<Sample: BinaryInteger & BitwiseCopyable>(_ orientation: ExifOrientation, _ samples: [Sample], _ width: Int,
                                                               _ height: Int, _ channels: Int)
        throws(PixelMemoryRefusal) -> ([Sample], Int, Int)
    {
        let outWidth = orientation.swapsAxes ? height : width, outHeight = orientation.swapsAxes ? width : height
        // Every sample is written below.
        var output = try PixelMemory.uninitializedArray(of: Sample.self, count: samples.count)
        samples.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // Which stored pixel lands at displayed (x, y).
                        let (sx, sy): (Int, Int) =
                            switch orientation {
                            case .up: (x, y)
                            case .upMirrored: (width - 1 - x, y)
                            case .down: (width - 1 - x, height - 1 - y)
                            case .downMirrored: (x, height - 1 - y)
                            case .leftMirrored: (y, x)
                            case .right: (y, height - 1 - x)
                            case .rightMirrored: (width - 1 - y, height - 1 - x)
                            case .left: (width - 1 - y, x)
                            }
                        let from = (sy * width + sx) * channels, to = (y * outWidth + x) * channels
                        for c in 0..<channels { destination[to + c] = source[from + c] }
                    }
                }
            }
        }
        return (output, outWidth, outHeight)
    }
}
