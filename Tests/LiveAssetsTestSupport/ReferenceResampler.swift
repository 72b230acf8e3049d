import LiveAssets

import LiveAssetsPlatform

/// A float64 Lanczos3 (or other filter) resampler written for the tests, sharing no code with the library:
/// the same definition (premultiplied alpha, separable, weights widened by the scale and normalised,
/// edges clamped, halves rounded up), computed in Double with its own kernels and windows.
package enum ReferenceResampler {
    /// The kernels, written again here from their definitions so that the reference does not share code
    /// with the library.
    static func kernel(_ filter: ResamplingFilter, _ x: Double) -> Double {
        func sinc(_ v: Double) -> Double { v == 0 ? 1 : sin(Double.pi * v) / (Double.pi * v) }
        func cubic(_ v: Double, _ b: Double, _ c: Double) -> Double {
            let t = abs(v)
            if t < 1 { return ((12 - 9 * b - 6 * c) * t * t * t + (-18 + 12 * b + 6 * c) * t * t + (6 - 2 * b)) / 6 }
            if t < 2 { return ((-b - 6 * c) * t * t * t + (6 * b + 30 * c) * t * t + (-12 * b - 48 * c) * t + (8 * b + 24 * c)) / 6 }
            return 0
        }
        switch filter {
        case .lanczos3: return abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0
        case .mitchell: return cubic(x, 1.0 / 3, 1.0 / 3)
        case .catmullRom: return cubic(x, 0, 0.5)
        case .box: return x >= -0.5 && x < 0.5 ? 1 : 0
        }
    }

    /// For each output pixel: the first input pixel and the normalised weights (the kernel widened by
    /// the scale when shrinking, the window clamped to the image).
    static func windows(input: Int, output: Int, filter: ResamplingFilter) -> [(first: Int, weights: [Double])] {
        let scale = Double(input) / Double(output), widen = max(scale, 1)
        let support: Double = switch filter { case .lanczos3: 3; case .mitchell, .catmullRom: 2; case .box: 0.5 }
        return (0..<output).map { index in
            let center = (Double(index) + 0.5) * scale
            let first = max(Int((center - support * widen + 0.5).rounded(.down)), 0)
            let last = min(Int((center + support * widen + 0.5).rounded(.down)), input)
            var weights = (first..<max(first, last)).map { kernel(filter, (Double($0) - center + 0.5) / widen) }
            let sum = weights.reduce(0, +)
            if sum != 0 { weights = weights.map { $0 / sum } } else if !weights.isEmpty { weights = [1] }
            return (first, weights)
        }
    }

    package static func resize(_ image: PixelBuffer, to size: PixelSize, filter: ResamplingFilter) -> PixelBuffer {
        resize(samples: image.samples.map(Double.init), width: image.width, height: image.height, to: size, filter: filter)
    }

    /// RGBA samples on the 0-255 scale (16-bit ones divided by 257), resized and rounded to 8 bits.
    package static func resize(samples: [Double], width: Int, height: Int, to size: PixelSize, filter: ResamplingFilter)
        -> PixelBuffer
    {
        let h = windows(input: width, output: size.width, filter: filter)
        let v = windows(input: height, output: size.height, filter: filter)
        var rows = [Double](repeating: 0, count: height * size.width * 4)
        for y in 0..<height {
            for x in 0..<size.width {
                for (tap, weight) in h[x].weights.enumerated() {
                    let index = (y * width + h[x].first + tap) * 4
                    let a = samples[index + 3] / 255
                    for c in 0..<4 {
                        rows[(y * size.width + x) * 4 + c] += samples[index + c] * (c == 3 ? 1 : a) * weight
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                var sum = [0.0, 0, 0, 0]
                for (tap, weight) in v[y].weights.enumerated() {
                    for c in 0..<4 { sum[c] += rows[((v[y].first + tap) * size.width + x) * 4 + c] * weight }
                }
                func level(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value + 0.5).rounded(.down)))) }
                let index = (y * size.width + x) * 4
                guard level(sum[3]) > 0 else { continue }
                for c in 0..<3 { out[index + c] = level(sum[c] * 255 / sum[3]) }
                out[index + 3] = level(sum[3])
            }
        }
        return PixelBuffer(width: size.width, height: size.height, layout: .rgba, samples: out)
    }
}
