import LiveAssetsCore

/// A float64 Lanczos3 (or other filter) resampler written for the tests: the same definition as the
/// library (premultiplied alpha, separable, weights widened by the scale and normalised, edges clamped,
/// halves rounded up), computed in Double from the exact weights.
public enum ReferenceResampler {
    public static func resize(_ image: PixelBuffer, to size: PixelSize, filter: ResamplingFilter) -> PixelBuffer {
        let h = ResamplingCoefficients(inputSize: image.width, outputSize: size.width, filter: filter)
        let v = ResamplingCoefficients(inputSize: image.height, outputSize: size.height, filter: filter)
        var rows = [Double](repeating: 0, count: image.height * size.width * 4)
        for y in 0..<image.height {
            for x in 0..<size.width {
                for tap in 0..<h.counts[x] {
                    let index = (y * image.width + h.starts[x] + tap) * 4
                    let a = Double(image.samples[index + 3]) / 255
                    let weight = h.exactWeights[x * h.taps + tap]
                    for c in 0..<4 {
                        rows[(y * size.width + x) * 4 + c] += Double(image.samples[index + c]) * (c == 3 ? 1 : a) * weight
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                var sum = [0.0, 0, 0, 0]
                for tap in 0..<v.counts[y] {
                    let weight = v.exactWeights[y * v.taps + tap]
                    for c in 0..<4 { sum[c] += rows[((v.starts[y] + tap) * size.width + x) * 4 + c] * weight }
                }
                func level(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value + 0.5).rounded(.down)))) }
                let index = (y * size.width + x) * 4
                guard sum[3] > 0 else { continue }
                for c in 0..<3 { out[index + c] = level(sum[c] * 255 / sum[3]) }
                out[index + 3] = level(sum[3])
            }
        }
        return PixelBuffer(width: size.width, height: size.height, layout: .rgba, samples: out)
    }
}

