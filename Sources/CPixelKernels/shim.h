#ifndef LAMINA_PIXEL_KERNELS_H
#define LAMINA_PIXEL_KERNELS_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* pixman's bilinear blend of four premultiplied a8r8g8b8 pixels with 7-bit
   weights: `top` holds the upper left pixel in its low 32 bits and the
   upper right in its high 32, `bottom` the lower two; `wx` and `wy` are in
   0...127. Each channel is (a·(128-wy) + c·wy)·(128-wx) + (b·(128-wy) +
   d·wy)·wx, shifted right by 14: the sum pixman forms and truncates.

   Written with SSE2 intrinsics because the horizontal step is one
   `pmaddwd` (as in pixman's own bilinear loops): Swift's SIMD types have
   no way to ask for it, and widening their 16-bit lanes to 32 took three
   multiplies and a shuffle for each half. Elsewhere, the same arithmetic
   in plain C. */
static inline __attribute__((always_inline)) uint32_t
lamina_bilinear_blend(uint64_t top, uint64_t bottom, uint32_t wx, uint32_t wy) {
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128i zero = _mm_setzero_si128();
    __m128i t = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)top), zero);
    __m128i b = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)bottom), zero);
    /* At most 255 x 128 a lane: fits 16 bits, and signed 16 bits too. */
    __m128i vertical = _mm_add_epi16(_mm_mullo_epi16(t, _mm_set1_epi16((short)(128 - wy))),
                                     _mm_mullo_epi16(b, _mm_set1_epi16((short)wy)));
    /* Each channel of the left pixel beside the same of the right one. */
    __m128i paired = _mm_unpacklo_epi16(vertical, _mm_srli_si128(vertical, 8));
    __m128i weights = _mm_set1_epi32((int)((wx << 16) | (128 - wx)));
    __m128i sums = _mm_srli_epi32(_mm_madd_epi16(paired, weights), 14);
    sums = _mm_packs_epi32(sums, sums);
    sums = _mm_packus_epi16(sums, sums);
    return (uint32_t)_mm_cvtsi128_si32(sums);
#else
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t a = (uint32_t)(top >> shift) & 0xFF, b = (uint32_t)(top >> (32 + shift)) & 0xFF;
        uint32_t c = (uint32_t)(bottom >> shift) & 0xFF, d = (uint32_t)(bottom >> (32 + shift)) & 0xFF;
        uint32_t left = a * (128 - wy) + c * wy, right = b * (128 - wy) + d * wy;
        result |= ((left * (128 - wx) + right * wx) >> 14) << shift;
    }
    return result;
#endif
}

#include "bloom_over.h"
#include "bilinear_row.h"
#include "convex_fill.h"
#include "coverage_over.h"

#endif
