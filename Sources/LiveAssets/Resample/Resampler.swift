import CLiveAssetsAVX2
import CLiveAssetsCPU
import Dispatch
import LiveAssetsCore

/// Resizes RGBA and gray images with a separable filter: a horizontal pass into premultiplied Float rows,
/// then a vertical pass back to straight 8-bit alpha, correctly rounded. Premultiplying while filtering
/// keeps transparent pixels' colours from bleeding in (no dark fringes round transparent edges). Gray
/// pixels are filtered as the RGBA pixels (g, g, g, alpha) and stored as gray again, so a gray image
/// resizes to the bytes its RGBA decode would, without an RGBA copy on either side.
///
/// The kernels compute the same thing, bit for bit: ``Kernel/simd`` (Swift SIMD over unsafe buffers, the
/// portable one), ``Kernel/avx2`` (AVX2 intrinsics in C, on x86-64 CPUs that have AVX2, 8-bit input)
/// and ``Kernel/scalar`` (plain per-channel loops, the reference the tests hold both to).
/// ``Kernel/best`` picks AVX2 where it can run and the portable kernel everywhere else.
package enum Resampler {
    package enum Kernel: Sendable, Hashable, CaseIterable {
        case simd
        case avx2
        case scalar

        /// `.avx2` where this build and CPU can run it, else `.simd`.
        package static let best: Kernel = isAVX2Available ? .avx2 : .simd

        /// Whether the AVX2 kernel was compiled in and this CPU (and OS) supports AVX2.
        package static let isAVX2Available = lac_avx2_is_compiled() != 0 && lacpu_supports_avx2() != 0
    }

    /// `image` resized to `size`; never larger than the image on either axis (an axis asked to grow
    /// keeps its size). An image already at `size` comes back unchanged.
    ///
    /// - parameters:
    ///   - image: straight-alpha pixels: RGBA, gray or gray+alpha (the result has the same layout).
    ///   - size: the size wanted, in pixels.
    ///   - filter: the resampling filter.
    ///   - jobs: row bands computed at once.
    ///   - kernel: the implementation of the inner loops (the best this CPU runs, unless a test chooses).
    ///   - extent: the width and height, in pixels, of the picture the image holds, when its last column
    ///     or row stands for only part of a pixel (a JPEG shrunk on load from a size the reduction does
    ///     not divide: 227 / 2 = 113.5 of 114 columns). Defaults to the image's size.
    /// - throws: ``PixelMemoryRefusal`` when the system will not give the memory for the result.
    package static func resize(_ image: PixelBuffer, to size: PixelSize, filter: ResamplingFilter = .lanczos3,
                              jobs: Int = 1, kernel: Kernel = .best, extent: SIMD2<Double>? = nil)
        throws(PixelMemoryRefusal) -> PixelBuffer
    {
        precondition(image.layout != .rgb, "the resampler takes RGBA, gray or gray+alpha pixels")
        let target = shrunk(size, within: image.width, image.height)
        guard target.width != image.width || target.height != image.height else { return image }
        return try image.samples.withUnsafeBufferPointer { (samples) throws(PixelMemoryRefusal) in
            try resample(samples, image.width, image.height, image.layout, unit: 1, to: target, filter: filter, jobs: jobs,
                         kernel: kernel, extent: extent)
        }
    }

    /// 16-bit pixels resized to `size` and rounded to 8 bits once, at the end: the filtering keeps their
    /// full precision. Never upscales (a size not smaller only converts).
    package static func resize(_ image: WidePixelBuffer, to size: PixelSize, filter: ResamplingFilter = .lanczos3,
                              jobs: Int = 1, kernel: Kernel = .best) throws(PixelMemoryRefusal) -> PixelBuffer {
        let target = shrunk(size, within: image.width, image.height)
        return try image.samples.withUnsafeBufferPointer { (samples) throws(PixelMemoryRefusal) in
            try resample(samples, image.width, image.height, image.layout, unit: 255.0 / 65535.0, to: target, filter: filter,
                         jobs: jobs, kernel: kernel)
        }
    }

    /// The two passes over interleaved samples of any width, in `layout` (RGBA, gray or gray+alpha); `unit`
    /// brings a sample to the 0-255 scale (exactly 1 for 8-bit samples, so that their results do not
    /// depend on it).
    static func resample<Sample: FixedWidthInteger & UnsignedInteger & SendableMetatype>(
        _ source: UnsafeBufferPointer<Sample>, _ sourceWidth: Int, _ sourceHeight: Int, _ layout: PixelBuffer.Layout,
        unit: Float, to size: PixelSize, filter: ResamplingFilter, jobs: Int, kernel: Kernel, extent: SIMD2<Double>? = nil
    ) throws(PixelMemoryRefusal) -> PixelBuffer {
        let channels = layout.channels, rowSamples = sourceWidth * channels
        let width = size.width, height = size.height
        let horizontal = ResamplingCoefficients(inputSize: sourceWidth, outputSize: width, filter: filter, inputExtent: extent?.x)
        let vertical = ResamplingCoefficients(inputSize: sourceHeight, outputSize: height, filter: filter, inputExtent: extent?.y)
        let workers = max(1, jobs)
        // AVX2 takes 8-bit samples; anything else runs the portable kernel (same bytes).
        let kernel = kernel == .avx2 && !(Kernel.isAVX2Available && Sample.self == UInt8.self) ? .simd : kernel
        let expanded = kernel == .avx2 ? ExpandedWeights(horizontal) : nil
        defer { expanded?.deallocate() }

        // Bands of output rows run in parallel. Each streams the input rows its window needs through the
        // horizontal pass into a ring of `vertical.taps` filtered rows (small enough to stay in cache;
        // nothing the size of the image is allocated), and makes each output row from the ring.
        nonisolated(unsafe) let source = source
        let ringRows = vertical.taps
        // The output (every sample written below), with room asked for each band's rows of Float pixels.
        let padding = expanded?.pairedTaps ?? 0
        let scratch = min(workers, height) * ((sourceWidth + padding + (ringRows + 1) * width) * 16 + ringRows * 8)
        var output = try PixelMemory.uninitializedArray(of: UInt8.self, count: width * height * channels, extra: scratch)
        output.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let destination = buffer
            bands(height, workers, perWorker: 2) { band in
                // The row, then zeroed pixels the AVX2 kernel may read past a window's end (with weight 0).
                let premultiplied = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: sourceWidth + padding)
                let row = UnsafeMutableBufferPointer(rebasing: premultiplied[0..<sourceWidth])
                premultiplied.baseAddress!.advanced(by: sourceWidth).initialize(repeating: .zero, count: padding)
                let ring = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: ringRows * width)
                let window = UnsafeMutableBufferPointer<UnsafePointer<SIMD4<Float>>>.allocate(capacity: ringRows)
                let accumulator = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: width)
                defer {
                    premultiplied.deallocate()
                    ring.deallocate()
                    window.deallocate()
                    accumulator.deallocate()
                }
                var next = 0  // the next input row to filter
                for y in band {
                    let start = vertical.starts[y], count = vertical.counts[y]
                    // Rows before `start` are not needed again; rows from `start` to `next` are still in
                    // the ring (windows only move forward, and never span more than `ringRows` rows).
                    next = max(next, start)
                    while next < start + count {
                        let input = UnsafeBufferPointer(rebasing: source[(next * rowSamples)..<((next + 1) * rowSamples)])
                        let slot = (next % ringRows) * width
                        let filtered = UnsafeMutableBufferPointer(rebasing: ring[slot..<(slot + width)])
                        switch kernel {
                        case .simd: horizontalSIMD(input, channels, unit, row, filtered, horizontal)
                        case .avx2: horizontalAVX2(input, channels, premultiplied, filtered, horizontal, expanded!)
                        case .scalar: horizontalScalar(input, channels, unit, filtered, horizontal)
                        }
                        next += 1
                    }
                    for tap in 0..<count { window[tap] = UnsafePointer(ring.baseAddress! + ((start + tap) % ringRows) * width) }
                    let rows = UnsafeBufferPointer(rebasing: window[0..<count])
                    let out = UnsafeMutableBufferPointer(rebasing: destination[(y * width * channels)..<((y + 1) * width * channels)])
                    switch kernel {
                    case .avx2: verticalAVX2(rows, width, y, vertical, channels, out)
                    case .simd: verticalSIMD(rows, width, y, vertical, accumulator, channels, out)
                    case .scalar: verticalScalar(rows, width, y, vertical, channels, out)
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: layout, samples: output)
    }

    /// `size`, at least 1x1 and never larger than the image on either axis.
    static func shrunk(_ size: PixelSize, within width: Int, _ height: Int) -> PixelSize {
        PixelSize(width: min(max(size.width, 1), width), height: min(max(size.height, 1), height))
    }

    /// Splits `count` rows into `perWorker` bands a worker and runs them on up to `workers` threads.
    static func bands(_ count: Int, _ workers: Int, perWorker: Int = 4, _ body: @Sendable (Range<Int>) -> Void) {
        let bandCount = min(count, workers == 1 ? 1 : workers * perWorker)
        guard bandCount > 1 else { return body(0..<count) }
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            body((band * count / bandCount)..<((band + 1) * count / bandCount))
        }
    }

    // MARK: SIMD kernels

    @inline(__always)
    static func horizontalSIMD<Sample: FixedWidthInteger & UnsignedInteger>(
        _ input: UnsafeBufferPointer<Sample>, _ channels: Int, _ unit: Float,
        _ premultiplied: UnsafeMutableBufferPointer<SIMD4<Float>>, _ output: UnsafeMutableBufferPointer<SIMD4<Float>>,
        _ c: ResamplingCoefficients
    ) {
        premultiply(input, channels, unit, premultiplied)
        c.weights.withUnsafeBufferPointer { weights in
            for x in 0..<output.count {
                let start = c.starts[x], count = c.counts[x], w = weights.baseAddress! + x &* c.taps
                let p = premultiplied.baseAddress! + start
                // Even and odd taps summed apart, then added: the order every kernel keeps (two
                // independent chains here; the two halves of one AVX2 register there).
                var even = SIMD4<Float>(repeating: 0), odd = even
                var tap = 0
                while tap &+ 1 < count {
                    even = even + p[tap] * w[tap]
                    odd = odd + p[tap &+ 1] * w[tap &+ 1]
                    tap &+= 2
                }
                if tap < count { even = even + p[tap] * w[tap] }
                output[x] = even + odd
            }
        }
    }

    /// A row of `channels`-sample pixels as premultiplied RGBA Floats on the 0-255 scale: gray
    /// replicated into R, G and B, and an alpha of the sample's maximum where the pixels have none (the
    /// values a decode to RGBA gives them).
    @inline(__always)
    static func premultiply<Sample: FixedWidthInteger & UnsignedInteger>(
        _ input: UnsafeBufferPointer<Sample>, _ channels: Int, _ unit: Float, _ premultiplied: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        let inverse: Float = 1 / 255
        @inline(__always) func write(_ x: Int, _ pixel: SIMD4<Float>) {
            let a = pixel.w * inverse
            premultiplied[x] = pixel * SIMD4<Float>(a, a, a, 1)
        }
        let p = input.baseAddress!
        switch channels {
        case 4:
            for x in 0..<premultiplied.count {
                let i = x &* 4
                write(x, SIMD4<Float>(Float(p[i]), Float(p[i &+ 1]), Float(p[i &+ 2]), Float(p[i &+ 3])) * unit)
            }
        case 2:
            for x in 0..<premultiplied.count {
                let g = Float(p[x &* 2])
                write(x, SIMD4<Float>(g, g, g, Float(p[x &* 2 &+ 1])) * unit)
            }
        default:
            let opaque = Float(Sample.max)
            for x in 0..<premultiplied.count {
                let g = Float(p[x])
                write(x, SIMD4<Float>(g, g, g, opaque) * unit)
            }
        }
    }

    /// One output row from the filtered rows of its window (`rows[tap]` is the window's row `tap`).
    @inline(__always)
    static func verticalSIMD(_ rows: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, _ width: Int, _ y: Int,
                             _ c: ResamplingCoefficients, _ accumulator: UnsafeMutableBufferPointer<SIMD4<Float>>,
                             _ channels: Int, _ out: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<width { accumulator[x] = SIMD4<Float>(repeating: 0) }
        c.weights.withUnsafeBufferPointer { weights in
            for tap in 0..<rows.count {
                let w = weights[y &* c.taps &+ tap]
                let row = rows[tap]
                for x in 0..<width { accumulator[x] = accumulator[x] + row[x] * w }
            }
        }
        // RGBA's loop apart, so that the inlined store is specialised for 4 channels (4% of the portable
        // kernel's time when the count was read per pixel).
        if channels == 4 {
            for x in 0..<width { store(accumulator[x], 4, out.baseAddress! + x &* 4) }
        } else {
            for x in 0..<width { store(accumulator[x], channels, out.baseAddress! + x &* channels) }
        }
    }

    /// Back to straight alpha, each channel rounded to the nearest level (halves up) and clamped, written
    /// as `channels` samples: RGBA (4), or R as the gray with alpha (2) or without (1).
    @inline(__always)
    static func store(_ value: SIMD4<Float>, _ channels: Int, _ out: UnsafeMutablePointer<UInt8>) {
        let alpha = value.w
        let alpha8 = level(alpha)
        guard alpha8 > 0 else {
            // Fully transparent once rounded: no colour to keep (dividing by a tiny alpha gives junk).
            for channel in 0..<channels { out[channel] = 0 }
            return
        }
        let unpremultiply = 255 / alpha
        out[0] = level(value.x * unpremultiply)
        if channels == 4 {
            out[1] = level(value.y * unpremultiply)
            out[2] = level(value.z * unpremultiply)
            out[3] = alpha8
        } else if channels == 2 {
            out[1] = alpha8
        }
    }

    @inline(__always)
    static func level(_ value: Float) -> UInt8 {
        let rounded = (value + 0.5).rounded(.down)
        return rounded <= 0 ? 0 : rounded >= 255 ? 255 : UInt8(rounded)
    }

    // MARK: AVX2 kernels (CLiveAssetsAVX2), for 8-bit samples

    /// The horizontal weights as the AVX2 kernel reads them: per output pixel, the taps rounded up to an
    /// even count, each weight repeated over the 4 channels, zero past the pixel's count.
    struct ExpandedWeights: @unchecked Sendable {
        let pairedTaps: Int
        let storage: UnsafeMutableBufferPointer<Float>

        init(_ c: ResamplingCoefficients) {
            pairedTaps = (c.taps + 1) & ~1
            storage = .allocate(capacity: c.outputSize * pairedTaps * 4)
            storage.initialize(repeating: 0)
            for x in 0..<c.outputSize {
                for tap in 0..<c.counts[x] {
                    let weight = c.weights[x * c.taps + tap]
                    for channel in 0..<4 { storage[(x * pairedTaps + tap) * 4 + channel] = weight }
                }
            }
        }

        func deallocate() { storage.deallocate() }
    }

    static func horizontalAVX2<Sample>(
        _ input: UnsafeBufferPointer<Sample>, _ channels: Int, _ premultiplied: UnsafeMutableBufferPointer<SIMD4<Float>>,
        _ output: UnsafeMutableBufferPointer<SIMD4<Float>>, _ c: ResamplingCoefficients, _ weights: ExpandedWeights
    ) {
        let width = input.count / channels
        UnsafeRawBufferPointer(input).withMemoryRebound(to: UInt8.self) { bytes in
            premultiplied.withMemoryRebound(to: Float.self) { scratch in
                output.withMemoryRebound(to: Float.self) { out in
                    c.starts.withUnsafeBufferPointer { starts in
                        c.counts.withUnsafeBufferPointer { counts in
                            lac_avx2_premultiply(bytes.baseAddress!, width, channels, scratch.baseAddress!)
                            lac_avx2_horizontal(scratch.baseAddress!, out.count / 4, starts.baseAddress!, counts.baseAddress!,
                                                weights.storage.baseAddress!, weights.pairedTaps, out.baseAddress!)
                        }
                    }
                }
            }
        }
    }

    static func verticalAVX2(_ rows: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, _ width: Int, _ y: Int,
                             _ c: ResamplingCoefficients, _ channels: Int, _ out: UnsafeMutableBufferPointer<UInt8>) {
        c.weights.withUnsafeBufferPointer { weights in
            UnsafeRawPointer(rows.baseAddress!).withMemoryRebound(to: UnsafePointer<Float>.self, capacity: rows.count) { floats in
                lac_avx2_vertical(floats, rows.count, width, weights.baseAddress! + y * c.taps, channels, out.baseAddress!)
            }
        }
    }

    // MARK: Scalar reference kernels (the same arithmetic, one channel at a time)

    static func horizontalScalar<Sample: FixedWidthInteger & UnsignedInteger>(
        _ input: UnsafeBufferPointer<Sample>, _ channels: Int, _ unit: Float, _ output: UnsafeMutableBufferPointer<SIMD4<Float>>,
        _ c: ResamplingCoefficients
    ) {
        let inverse: Float = 1 / 255
        // Which input sample each of R, G, B and A is (-1: none, an opaque alpha).
        let picks = channels == 4 ? [0, 1, 2, 3] : channels == 2 ? [0, 0, 0, 1] : [0, 0, 0, -1]
        for x in 0..<output.count {
            // Even taps and odd taps apart, added at the end.
            var sums: [[Float]] = [[0, 0, 0, 0], [0, 0, 0, 0]]
            for tap in 0..<c.counts[x] {
                let index = (c.starts[x] + tap) * channels
                func sample(_ channel: Int) -> Float { picks[channel] < 0 ? Float(Sample.max) : Float(input[index + picks[channel]]) }
                let a = sample(3) * unit * inverse
                let weight = c.weights[x * c.taps + tap]
                for channel in 0..<4 {
                    let factor: Float = channel == 3 ? 1 : a
                    sums[tap % 2][channel] = sums[tap % 2][channel] + sample(channel) * unit * factor * weight
                }
            }
            output[x] = SIMD4<Float>((0..<4).map { sums[0][$0] + sums[1][$0] })
        }
    }

    static func verticalScalar(_ rows: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, _ width: Int, _ y: Int,
                               _ c: ResamplingCoefficients, _ channels: Int, _ out: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<width {
            var sum: [Float] = [0, 0, 0, 0]
            for tap in 0..<rows.count {
                let pixel = rows[tap][x]
                let weight = c.weights[y * c.taps + tap]
                for channel in 0..<4 { sum[channel] = sum[channel] + pixel[channel] * weight }
            }
            store(SIMD4<Float>(sum[0], sum[1], sum[2], sum[3]), channels, out.baseAddress! + x * channels)
        }
    }
}
