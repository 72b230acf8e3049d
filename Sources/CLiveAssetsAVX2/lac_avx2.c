#include "CLiveAssetsAVX2.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <string.h>

#define LAC_AVX2 __attribute__((target("avx2")))

int lac_avx2_is_compiled(void) { return 1; }

/// Lanes 3 and 7 (alpha) set.
LAC_AVX2 static inline __m256 alpha_lanes(void) {
    return _mm256_castsi256_ps(_mm256_setr_epi32(0, 0, 0, -1, 0, 0, 0, -1));
}

/// The sum of a register's two halves: for each channel, even taps plus odd taps.
LAC_AVX2 static inline __m128 halves(__m256 value) {
    return _mm_add_ps(_mm256_castps256_ps128(value), _mm256_extractf128_ps(value, 1));
}

/// Two pixels of `channels` samples as the 8 bytes of two RGBA pixels: gray replicated, alpha 255 where
/// there is none.
LAC_AVX2 static inline __m128i two_rgba(const uint8_t *input, intptr_t channels) {
    if (channels == 4) return _mm_loadl_epi64((const __m128i *)(const void *)input);
    if (channels == 2) {
        int32_t pair;
        memcpy(&pair, input, 4);
        return _mm_shuffle_epi8(_mm_cvtsi32_si128(pair),
                                _mm_setr_epi8(0, 0, 0, 1, 2, 2, 2, 3, -1, -1, -1, -1, -1, -1, -1, -1));
    }
    uint16_t pair;
    memcpy(&pair, input, 2);
    __m128i gray = _mm_shuffle_epi8(_mm_cvtsi32_si128(pair),
                                    _mm_setr_epi8(0, 0, 0, -1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
    return _mm_or_si128(gray, _mm_setr_epi8(0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0));
}

/// Two pixels of `channels` samples as premultiplied float RGBA.
LAC_AVX2 static inline __m256 premultiply_two(const uint8_t *input, intptr_t channels) {
    const __m256 inverse = _mm256_set1_ps(1.0f / 255.0f), one = _mm256_set1_ps(1.0f);
    __m256 pixel = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(two_rgba(input, channels)));
    __m256 a = _mm256_mul_ps(_mm256_permutevar_ps(pixel, _mm256_set1_epi32(3)), inverse);
    return _mm256_mul_ps(pixel, _mm256_blendv_ps(a, one, alpha_lanes()));
}

LAC_AVX2 void lac_avx2_premultiply(const uint8_t *input, intptr_t count, intptr_t channels, float *output) {
    intptr_t x = 0;
    for (; x + 2 <= count; x += 2) _mm256_storeu_ps(output + x * 4, premultiply_two(input + x * channels, channels));
    if (x < count) {
        // The last pixel of an odd row: the first of a pair whose second is zeros.
        uint8_t last[8] = {0};
        memcpy(last, input + x * channels, (size_t)channels);
        _mm_storeu_ps(output + x * 4, _mm256_castps256_ps128(premultiply_two(last, channels)));
    }
}

LAC_AVX2 void lac_avx2_horizontal(const float *premultiplied, intptr_t output_count, const intptr_t *starts,
                                  const intptr_t *counts, const float *expanded_weights, intptr_t paired_taps,
                                  float *output) {
    const intptr_t stride = paired_taps * 4;
    intptr_t x = 0;
    // Four output pixels in flight at once, so that the additions' latency overlaps.
    for (; x + 4 <= output_count; x += 4) {
        const float *p0 = premultiplied + starts[x] * 4, *p1 = premultiplied + starts[x + 1] * 4;
        const float *p2 = premultiplied + starts[x + 2] * 4, *p3 = premultiplied + starts[x + 3] * 4;
        const float *w0 = expanded_weights + x * stride, *w1 = w0 + stride, *w2 = w1 + stride, *w3 = w2 + stride;
        intptr_t n = counts[x];
        for (int i = 1; i < 4; i++) n = counts[x + i] > n ? counts[x + i] : n;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        for (intptr_t t = 0; t < n; t += 2) {
            intptr_t o = t * 4;
            a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_loadu_ps(p0 + o), _mm256_loadu_ps(w0 + o)));
            a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_loadu_ps(p1 + o), _mm256_loadu_ps(w1 + o)));
            a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_loadu_ps(p2 + o), _mm256_loadu_ps(w2 + o)));
            a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_loadu_ps(p3 + o), _mm256_loadu_ps(w3 + o)));
        }
        float *out = output + x * 4;
        _mm_storeu_ps(out, halves(a0));
        _mm_storeu_ps(out + 4, halves(a1));
        _mm_storeu_ps(out + 8, halves(a2));
        _mm_storeu_ps(out + 12, halves(a3));
    }
    for (; x < output_count; x++) {
        const float *p = premultiplied + starts[x] * 4, *w = expanded_weights + x * stride;
        __m256 a = _mm256_setzero_ps();
        for (intptr_t t = 0; t < counts[x]; t += 2) {
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(p + t * 4), _mm256_loadu_ps(w + t * 4)));
        }
        _mm_storeu_ps(output + x * 4, halves(a));
    }
}

/// Two premultiplied pixels to straight-alpha bytes: 8 (RGBA), or 4 (gray+alpha: R and A) or 2 (gray: R).
LAC_AVX2 static inline void store(__m256 value, intptr_t channels, uint8_t *out) {
    const __m256 half = _mm256_set1_ps(0.5f), zero = _mm256_setzero_ps(), top = _mm256_set1_ps(255.0f);
    __m256 alpha = _mm256_permutevar_ps(value, _mm256_set1_epi32(3));
    // floor(v + 0.5) clamped to 0...255 is the truncation of (v + 0.5) clamped first; max_ps returns its
    // second operand (0) for NaN, which only arises where alpha rounds to 0 (masked below).
    __m256i alpha_level = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_add_ps(alpha, half), zero), top));
    __m256 unpremultiply = _mm256_div_ps(top, alpha);
    __m256 straight = _mm256_blendv_ps(_mm256_mul_ps(value, unpremultiply), alpha, alpha_lanes());
    __m256i levels = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_add_ps(straight, half), zero), top));
    __m256i kept = _mm256_andnot_si256(_mm256_cmpeq_epi32(alpha_level, _mm256_setzero_si256()), levels);
    // The low byte of each 32-bit lane, then the two pixels' 4 bytes side by side.
    __m256i packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(kept, _mm256_set1_epi32(0x0C080400)),
                                                 _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    __m128i bytes = _mm256_castsi256_si128(packed);
    if (channels == 4) {
        _mm_storel_epi64((__m128i *)(void *)out, bytes);
    } else if (channels == 2) {
        const __m128i pick = _mm_setr_epi8(0, 3, 4, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        int32_t pair = _mm_cvtsi128_si32(_mm_shuffle_epi8(bytes, pick));
        memcpy(out, &pair, 4);
    } else {
        const __m128i pick = _mm_setr_epi8(0, 4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        int32_t pair = _mm_cvtsi128_si32(_mm_shuffle_epi8(bytes, pick));
        memcpy(out, &pair, 2);
    }
}

LAC_AVX2 void lac_avx2_vertical(const float *const *rows, intptr_t count, intptr_t width, const float *weights,
                                intptr_t channels, uint8_t *output) {
    intptr_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        for (intptr_t t = 0; t < count; t++) {
            __m256 w = _mm256_set1_ps(weights[t]);
            const float *row = rows[t] + x * 4;
            a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_loadu_ps(row), w));
            a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_loadu_ps(row + 8), w));
            a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_loadu_ps(row + 16), w));
            a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_loadu_ps(row + 24), w));
        }
        uint8_t *out = output + x * channels;
        store(a0, channels, out);
        store(a1, channels, out + 2 * channels);
        store(a2, channels, out + 4 * channels);
        store(a3, channels, out + 6 * channels);
    }
    for (; x + 2 <= width; x += 2) {
        __m256 a = _mm256_setzero_ps();
        for (intptr_t t = 0; t < count; t++) {
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(rows[t] + x * 4), _mm256_set1_ps(weights[t])));
        }
        store(a, channels, output + x * channels);
    }
    if (x < width) {
        // One pixel left: the low half of a register whose high half is zero.
        __m256 a = _mm256_setzero_ps();
        for (intptr_t t = 0; t < count; t++) {
            __m256 pixel = _mm256_insertf128_ps(_mm256_setzero_ps(), _mm_loadu_ps(rows[t] + x * 4), 0);
            a = _mm256_add_ps(a, _mm256_mul_ps(pixel, _mm256_set1_ps(weights[t])));
        }
        uint8_t bytes[8];
        store(a, channels, bytes);
        memcpy(output + x * channels, bytes, (size_t)channels);
    }
}

#else
// Not x86-64 (Apple silicon, iOS, other CPUs): the portable kernels run; these are never called.
#include <stdlib.h>

int lac_avx2_is_compiled(void) { return 0; }
void lac_avx2_premultiply(const uint8_t *input, intptr_t count, intptr_t channels, float *output) { abort(); }
void lac_avx2_horizontal(const float *premultiplied, intptr_t output_count, const intptr_t *starts,
                         const intptr_t *counts, const float *expanded_weights, intptr_t paired_taps, float *output) {
    abort();
}
void lac_avx2_vertical(const float *const *rows, intptr_t count, intptr_t width, const float *weights,
                       intptr_t channels, uint8_t *output) {
    abort();
}
#endif
