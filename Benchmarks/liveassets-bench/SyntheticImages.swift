import LiveAssetsRun

/// Deterministic synthetic pictures: smooth gradients, a few shapes and seeded grain, so that files
/// compress like real assets and come out byte-for-byte the same on every run.
struct SyntheticImages {
    /// A small linear congruential generator (Numerical Recipes constants): same seed, same numbers.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        mutating func next(below bound: Int) -> Int { Int(next() % UInt32(bound)) }
    }

    /// A picture with a diagonal gradient, a disc and grain. With alpha, the disc is opaque and the
    /// outside fades to transparent: a badge on a clear background.
    static func picture(width: Int, height: Int, layout: PixelBuffer.Layout, seed: UInt64, grain: Int = 6)
        -> PixelBuffer
    {
        var random = Random(state: seed)
        let hue = random.next(below: 256)
        var samples = [UInt8](repeating: 0, count: width * height * layout.channels)
        let cx = Double(width) / 2, cy = Double(height) / 2
        let radius = Double(min(width, height)) * 0.42
        var index = 0
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x + y) / Double(max(1, width + height - 2))
                let dx = Double(x) - cx, dy = Double(y) - cy
                let distance = (dx * dx + dy * dy).squareRoot()
                let inside = distance <= radius
                let noise = grain > 0 ? random.next(below: 2 * grain + 1) - grain : 0
                func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int(v) + noise))) }
                let r = clamp(inside ? 240 - 80 * t : Double(hue) * (1 - t) + 40 * t)
                let g = clamp(inside ? 200 * t + 30 : 120 + 100 * t)
                let b = clamp(inside ? 60 : 255 - Double(hue) * t)
                let edge = max(0, min(1, (radius + 1.5 - distance) / 3))
                let a = UInt8(255 * edge)
                switch layout {
                case .gray: samples[index] = UInt8((Int(r) * 3 + Int(g) * 6 + Int(b)) / 10)
                case .grayAlpha:
                    samples[index] = UInt8((Int(r) * 3 + Int(g) * 6 + Int(b)) / 10)
                    samples[index + 1] = a
                case .rgb:
                    samples[index] = r
                    samples[index + 1] = g
                    samples[index + 2] = b
                case .rgba:
                    samples[index] = r
                    samples[index + 1] = g
                    samples[index + 2] = b
                    samples[index + 3] = a
                }
                index += layout.channels
            }
        }
        return PixelBuffer(width: width, height: height, layout: layout, samples: samples)
    }

    /// EXIF TIFF data (little-endian) whose IFD0 holds only an orientation tag.
    static func orientationEXIF(_ orientation: ExifOrientation) -> [UInt8] {
        [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
         0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation.rawValue), 0x00, 0x00, 0x00,
         0x00, 0x00, 0x00, 0x00]
    }
}
