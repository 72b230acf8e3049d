import LiveAssetsCore

/// The weights one axis of a resize needs: for each output pixel, the first input pixel it reads and
/// `taps` weights (zero past `counts[i]`). The kernel is widened by the scale factor when shrinking,
/// so that it averages over every input pixel it covers (no aliasing); weights are normalised to sum
/// to 1; windows are clamped to the image's edges. Weights past a pixel's count are exactly 0.
package struct ResamplingCoefficients: Sendable, Hashable {
    package let inputSize: Int
    package let outputSize: Int
    /// Weights per output pixel (the widest window).
    package let taps: Int
    package let starts: [Int]
    package let counts: [Int]
    /// `outputSize * taps` weights, as Float for the kernels.
    package let weights: [Float]
    /// The same weights in Double, for the reference implementation.
    package let exactWeights: [Double]

    /// - parameters:
    ///   - inputSize: the input's pixels along the axis.
    ///   - outputSize: the output's pixels along the axis.
    ///   - filter: the resampling filter.
    ///   - inputExtent: how many input pixels the output spans, when the last input pixel stands for less
    ///     than a whole one (a JPEG decoded at 1/2 from an odd width: 113.5 of 114 pixels). Defaults to
    ///     `inputSize`.
    package init(inputSize: Int, outputSize: Int, filter: ResamplingFilter, inputExtent: Double? = nil) {
        precondition(inputSize > 0 && outputSize > 0, "sizes must be positive")
        let extent = min(max(inputExtent ?? Double(inputSize), Double(inputSize - 1) + .ulpOfOne), Double(inputSize))
        let scale = extent / Double(outputSize)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        let taps = Int((support * 2).rounded(.up)) + 1
        var starts = [Int](repeating: 0, count: outputSize)
        var counts = [Int](repeating: 0, count: outputSize)
        var exact = [Double](repeating: 0, count: outputSize * taps)
        for index in 0..<outputSize {
            let center = (Double(index) + 0.5) * scale
            let first = max(Int((center - support + 0.5).rounded(.down)), 0)
            let last = min(Int((center + support + 0.5).rounded(.down)), inputSize)
            var count = max(last - first, 0)
            count = min(count, taps)
            var sum = 0.0
            for tap in 0..<count {
                let weight = filter.weight((Double(first + tap) - center + 0.5) / filterScale)
                exact[index * taps + tap] = weight
                sum += weight
            }
            if sum != 0 {
                for tap in 0..<count { exact[index * taps + tap] /= sum }
            } else if count > 0 {
                // A window the kernel gives no weight (box on an exact boundary): the nearest pixel.
                for tap in 0..<count { exact[index * taps + tap] = 0 }
                exact[index * taps] = 1
                count = 1
            }
            starts[index] = first
            counts[index] = count
        }
        self.inputSize = inputSize
        self.outputSize = outputSize
        self.taps = taps
        self.starts = starts
        self.counts = counts
        self.exactWeights = exact
        self.weights = exact.map { Float($0) }
    }
}
