#if LIVEASSETS_AVX2
import _Builtin_intrinsics.intel
#endif

/// The resampler's passes for 8-bit RGBA, written with AVX2 intrinsics: two pixels (8 floats) per
/// register. Every lane does the same IEEE operations, in the same order, as the portable kernels in
/// `LiveAssetsCore.Resampler`, so the bytes are identical whichever runs; the tests hold them to it.
///
/// This module is compiled with AVX2 code generation on x86-64 Linux (elsewhere it is empty and
/// ``isCompiled`` is false). Call it only after the CPU check (`lacpu_supports_avx2`) said yes.
public enum AVX2Resampler {
    /// Whether the kernels were compiled in. Inlined into the caller, which is built without AVX2.
    @inlinable public static var isCompiled: Bool {
        #if LIVEASSETS_AVX2
        return true
        #else
        return false
        #endif
    }

    #if LIVEASSETS_AVX2
    /// Straight 8-bit RGBA to premultiplied Float RGBA on the 0-255 scale: `p * (a / 255)` for colour,
    /// `a` for alpha, with `a / 255` computed as `a * (1 / 255)` like the portable kernel.
    public static func premultiply(_ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<Float>) {
        let inverse = _mm256_set1_ps(1 / 255 as Float), one = _mm256_set1_ps(1)
        let alphaLanes = Self.alphaLanes, three = _mm256_set1_epi32(3)
        var x = 0
        while x &+ 2 <= count {
            let bytes = _mm_loadl_epi64(UnsafeRawPointer(input + x &* 4).assumingMemoryBound(to: __m128i_u.self))
            let pixel = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes))
            let a = _mm256_mul_ps(_mm256_permutevar_ps(pixel, three), inverse)
            _mm256_storeu_ps(output + x &* 4, _mm256_mul_ps(pixel, _mm256_blendv_ps(a, one, alphaLanes)))
            x &+= 2
        }
        if x < count {
            let p = input + x &* 4
            let pixel = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            let a = pixel.w * (1 / 255 as Float)
            let result = pixel * SIMD4<Float>(a, a, a, 1)
            UnsafeMutableRawPointer(output + x &* 4).storeBytes(of: result, as: SIMD4<Float>.self)
        }
    }

    /// The horizontal pass over one premultiplied row. Each output pixel sums its even taps and its odd
    /// taps apart (the low and high halves of one register) and adds the two at the end, as the portable
    /// kernel does. Four output pixels are in flight at once, so that the additions' latency overlaps.
    ///
    /// - parameters:
    ///   - premultiplied: the row, followed by at least `pairedTaps` zeroed pixels.
    ///   - expandedWeights: per output pixel, `pairedTaps` weights each repeated 4 times (zero past the
    ///     pixel's count); `pairedTaps` is even.
    public static func horizontal(
        _ premultiplied: UnsafePointer<Float>, outputCount: Int, starts: UnsafePointer<Int>, counts: UnsafePointer<Int>,
        expandedWeights: UnsafePointer<Float>, pairedTaps: Int, output: UnsafeMutablePointer<Float>
    ) {
        let stride = pairedTaps &* 4
        var x = 0
        while x &+ 4 <= outputCount {
            let p0 = premultiplied + starts[x] &* 4, p1 = premultiplied + starts[x &+ 1] &* 4
            let p2 = premultiplied + starts[x &+ 2] &* 4, p3 = premultiplied + starts[x &+ 3] &* 4
            let w0 = expandedWeights + x &* stride, w1 = w0 + stride, w2 = w1 + stride, w3 = w2 + stride
            let n = max(max(counts[x], counts[x &+ 1]), max(counts[x &+ 2], counts[x &+ 3]))
            var a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0
            var t = 0
            while t < n {
                let o = t &* 4
                a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_loadu_ps(p0 + o), _mm256_loadu_ps(w0 + o)))
                a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_loadu_ps(p1 + o), _mm256_loadu_ps(w1 + o)))
                a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_loadu_ps(p2 + o), _mm256_loadu_ps(w2 + o)))
                a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_loadu_ps(p3 + o), _mm256_loadu_ps(w3 + o)))
                t &+= 2
            }
            let out = UnsafeMutableRawPointer(output + x &* 4)
            out.storeBytes(of: a0.lowHalf + a0.highHalf, toByteOffset: 0, as: SIMD4<Float>.self)
            out.storeBytes(of: a1.lowHalf + a1.highHalf, toByteOffset: 16, as: SIMD4<Float>.self)
            out.storeBytes(of: a2.lowHalf + a2.highHalf, toByteOffset: 32, as: SIMD4<Float>.self)
            out.storeBytes(of: a3.lowHalf + a3.highHalf, toByteOffset: 48, as: SIMD4<Float>.self)
            x &+= 4
        }
        while x < outputCount {
            let p = premultiplied + starts[x] &* 4, w = expandedWeights + x &* stride
            var a = _mm256_setzero_ps()
            var t = 0
            while t < counts[x] {
                a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(p + t &* 4), _mm256_loadu_ps(w + t &* 4)))
                t &+= 2
            }
            UnsafeMutableRawPointer(output + x &* 4).storeBytes(of: a.lowHalf + a.highHalf, as: SIMD4<Float>.self)
            x &+= 1
        }
    }

    /// One output row of the vertical pass: `count` filtered rows (`rows[t]`, premultiplied Float RGBA,
    /// `width` pixels each) weighted in order, then back to straight alpha and rounded to 8 bits (halves
    /// up, clamped; a pixel whose alpha rounds to 0 is 0).
    public static func vertical(
        rows: UnsafePointer<UnsafePointer<Float>>, count: Int, width: Int, weights: UnsafePointer<Float>,
        output: UnsafeMutablePointer<UInt8>
    ) {
        var x = 0
        while x &+ 8 <= width {
            var a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0
            for t in 0..<count {
                let w = _mm256_set1_ps(weights[t])
                let row = rows[t] + x &* 4
                a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_loadu_ps(row), w))
                a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_loadu_ps(row + 8), w))
                a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_loadu_ps(row + 16), w))
                a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_loadu_ps(row + 24), w))
            }
            let out = output + x &* 4
            store(a0, out)
            store(a1, out + 8)
            store(a2, out + 16)
            store(a3, out + 24)
            x &+= 8
        }
        while x &+ 2 <= width {
            var a = _mm256_setzero_ps()
            for t in 0..<count {
                a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(rows[t] + x &* 4), _mm256_set1_ps(weights[t])))
            }
            store(a, output + x &* 4)
            x &+= 2
        }
        if x < width {
            // One pixel left: the low half of a register whose high half is zero.
            var a = _mm256_setzero_ps()
            for t in 0..<count {
                let pixel = UnsafeRawPointer(rows[t] + x &* 4).loadUnaligned(as: SIMD4<Float>.self)
                a = _mm256_add_ps(a, _mm256_mul_ps(SIMD8(lowHalf: pixel, highHalf: .zero), _mm256_set1_ps(weights[t])))
            }
            var bytes = SIMD8<UInt8>()
            withUnsafeMutableBytes(of: &bytes) { store(a, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
            for channel in 0..<4 { output[x &* 4 &+ channel] = bytes[channel] }
        }
    }

    /// Two premultiplied pixels to 8 straight-alpha bytes.
    @inline(__always)
    static func store(_ value: __m256, _ out: UnsafeMutablePointer<UInt8>) {
        let half = _mm256_set1_ps(0.5), zero = _mm256_setzero_ps(), top = _mm256_set1_ps(255)
        let alpha = _mm256_permutevar_ps(value, _mm256_set1_epi32(3))
        // floor(v + 0.5) clamped to 0...255 is the truncation of (v + 0.5) clamped first; max_ps returns
        // its second operand (0) for NaN, which only arises where alpha rounds to 0 (masked below).
        let alphaLevel = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_add_ps(alpha, half), zero), top))
        let unpremultiply = _mm256_div_ps(top, alpha)
        let straight = _mm256_blendv_ps(_mm256_mul_ps(value, unpremultiply), alpha, alphaLanes)
        let levels = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_add_ps(straight, half), zero), top))
        let kept = _mm256_andnot_si256(_mm256_cmpeq_epi32(alphaLevel, _mm256_setzero_si256()), levels)
        // The low byte of each 32-bit lane, then the two pixels' 4 bytes side by side.
        let packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(kept, _mm256_set1_epi32(0x0C08_0400)),
                                                 _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7))
        _mm_storel_epi64(UnsafeMutableRawPointer(out).assumingMemoryBound(to: __m128i_u.self), _mm256_castsi256_si128(packed))
    }

    /// Lanes 3 and 7 (alpha) set.
    static var alphaLanes: __m256 { _mm256_castsi256_ps(_mm256_setr_epi32(0, 0, 0, -1, 0, 0, 0, -1)) }
    #else
    // Built without AVX2 (not x86-64 Linux, or LIVEASSETS_PORTABLE): never called, as isCompiled is false.
    public static func premultiply(_ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<Float>) {
        preconditionFailure("LiveAssetsAVX2 was built without AVX2")
    }

    public static func horizontal(
        _ premultiplied: UnsafePointer<Float>, outputCount: Int, starts: UnsafePointer<Int>, counts: UnsafePointer<Int>,
        expandedWeights: UnsafePointer<Float>, pairedTaps: Int, output: UnsafeMutablePointer<Float>
    ) {
        preconditionFailure("LiveAssetsAVX2 was built without AVX2")
    }

    public static func vertical(
        rows: UnsafePointer<UnsafePointer<Float>>, count: Int, width: Int, weights: UnsafePointer<Float>,
        output: UnsafeMutablePointer<UInt8>
    ) {
        preconditionFailure("LiveAssetsAVX2 was built without AVX2")
    }
    #endif
}
