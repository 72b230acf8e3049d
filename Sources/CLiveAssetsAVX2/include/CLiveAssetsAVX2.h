#ifndef CLIVEASSETSAVX2_H
#define CLIVEASSETSAVX2_H

#include <stdint.h>

#pragma clang assume_nonnull begin

/// The resampler's passes for 8-bit RGBA (and gray, taken as RGBA) with AVX2 intrinsics, two pixels
/// (8 floats) per register. Every lane does the same IEEE operations, in the same order, as the portable
/// kernels of LiveAssetsCore's `Resampler`, so the bytes are identical whichever runs (the tests hold
/// them to it).
///
/// Each function carries its own AVX2 code generation (`__attribute__((target("avx2")))`): the target
/// needs no compiler flag. Call them only when `lac_avx2_is_compiled()` and the CPU check
/// (`lacpu_supports_avx2`) both said yes.

/// 1 when the kernels were compiled in (x86-64 with GCC or Clang), else 0 and they must not be called.
int lac_avx2_is_compiled(void);

/// Straight 8-bit pixels of `channels` samples (4 RGBA, 2 gray+alpha, 1 gray: read as RGBA with gray
/// replicated and alpha 255 where there is none) to premultiplied float RGBA on the 0-255 scale:
/// `p * (a / 255)` for colour, `a` for alpha, with `a / 255` computed as `a * (1 / 255)` like the
/// portable kernel.
void lac_avx2_premultiply(const uint8_t *input, intptr_t count, intptr_t channels, float *output);

/// The horizontal pass over one premultiplied row. Each output pixel sums its even taps and its odd taps
/// apart (the low and high halves of one register) and adds the two at the end, as the portable kernel
/// does. `premultiplied` is followed by at least `paired_taps` zeroed pixels; `expanded_weights` holds,
/// per output pixel, `paired_taps` weights each repeated 4 times (zero past the pixel's count), and
/// `paired_taps` is even.
void lac_avx2_horizontal(const float *premultiplied, intptr_t output_count, const intptr_t *starts,
                         const intptr_t *counts, const float *expanded_weights, intptr_t paired_taps, float *output);

/// One output row of the vertical pass: `count` filtered rows (`rows[t]`, premultiplied float RGBA,
/// `width` pixels each) weighted in order, then back to straight alpha and rounded to 8 bits (halves up,
/// clamped; a pixel whose alpha rounds to 0 is 0), written as `channels` samples a pixel (4 RGBA; 2
/// gray+alpha and 1 gray, R as the gray).
void lac_avx2_vertical(const float *_Nonnull const *_Nonnull rows, intptr_t count, intptr_t width, const float *weights,
                       intptr_t channels, uint8_t *output);

#pragma clang assume_nonnull end

#endif
