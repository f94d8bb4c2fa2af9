#ifndef LAMINA_BLOOM_OVER_H
#define LAMINA_BLOOM_OVER_H

/* A bloom group composited over its destination in one pass.

   What BloomCache's pixman path does in three passes (the glow resampled
   at the fraction of a pixel the layer moved by, added into the group's
   scratch at the bloom's intensity, the scratch composited OVER the
   destination), fused, so each pixel is read and written once (the three
   passes were most of the kiosk menu's frame). Every step is pixman's
   arithmetic, so the pixels are the same:
   - resampling: `lamina_bilinear_blend`'s sum, as pixman's bilinear SRC;
   - adding: per channel `min(255, s + g)` for each whole step of the
     intensity, then `min(255, s + g·level/255)` with pixman's rounded
     multiply (`add_n_8888_8888_ca`) for the fraction left;
   - OVER: per channel `min(255, s + d·(255 - s.alpha)/255)`, rounded.

   Included by shim.h, after `lamina_bilinear_blend`. */

#include <stdint.h>

/* pixman's MUL_UN8: a·b/255 rounded, for bytes. */
static inline __attribute__((always_inline)) uint32_t lamina_mul_un8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return (t + (t >> 8)) >> 8;
}

/* One pixel: `group` with `glow` added at the intensity's steps, OVER `dest`. */
static inline __attribute__((always_inline)) uint32_t
lamina_bloom_over_pixel(uint32_t dest, uint32_t group, uint32_t glow, uint32_t whole_steps, uint32_t level) {
    uint32_t added[4];
    for (int c = 0; c < 4; c++) {
        uint32_t s = (group >> (8 * c)) & 0xFF, g = (glow >> (8 * c)) & 0xFF;
        for (uint32_t n = 0; n < whole_steps && s < 255; n++) s = s + g > 255 ? 255 : s + g;
        if (level) s = s + lamina_mul_un8(g, level) > 255 ? 255 : s + lamina_mul_un8(g, level);
        added[c] = s;
    }
    uint32_t inverse = 255 - added[3], result = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t d = lamina_mul_un8((dest >> (8 * c)) & 0xFF, inverse) + added[c];
        result |= (d > 255 ? 255 : d) << (8 * c);
    }
    return result;
}

/* The glow at column `x`: `top[x]` as it is (`bottom` NULL), or resampled
   from `top[x]`, `top[x + 1]`, `bottom[x]` and `bottom[x + 1]`. */
static inline __attribute__((always_inline)) uint32_t
lamina_glow_pixel(const uint32_t *top, const uint32_t *bottom, intptr_t x, uint32_t wx, uint32_t wy) {
    if (!bottom) return top[x];
    uint64_t upper = (uint64_t)top[x] | ((uint64_t)top[x + 1] << 32);
    uint64_t lower = (uint64_t)bottom[x] | ((uint64_t)bottom[x + 1] << 32);
    return lamina_bilinear_blend(upper, lower, wx, wy);
}

/* How a row's glow is read: as it is, or resampled along one axis (the
   other weight 0: a layer moving straight up and down, as the kiosk's
   selection does, or sideways) or both. */
enum { LAMINA_GLOW_AS_IS, LAMINA_GLOW_VERTICAL, LAMINA_GLOW_HORIZONTAL, LAMINA_GLOW_BILINEAR };

/* A span a pixel at a time: the definition, and the tail the vector loops
   leave. The pixels composited over are `under`'s, which is `dest` itself
   or a copy of what `dest` held (`LeafBackdrop`). */
static inline __attribute__((always_inline)) void
lamina_bloom_over_span_scalar(uint32_t *dest, const uint32_t *under, const uint32_t *group, const uint32_t *glow_top,
                              const uint32_t *glow_bottom, uint32_t wx, uint32_t wy, uint32_t whole_steps, uint32_t level,
                              intptr_t count, const int mode, const int grouped) {
    for (intptr_t x = 0; x < count; x++) {
        uint32_t glow = lamina_glow_pixel(glow_top, mode == LAMINA_GLOW_AS_IS ? 0 : glow_bottom, x, wx, wy);
        dest[x] = lamina_bloom_over_pixel(under[x], grouped ? group[x] : 0, glow, whole_steps, level);
    }
}

#if defined(__SSE2__) && defined(__x86_64__)
#include <immintrin.h>

/* Four pixels a vector, then a pixel at a time. */
#define LB_VEC __m128i
#define LB_LANES 4
#define LB(op) _mm_##op
#define LB_SI(op) _mm_##op##_si128
#define LB_ALL_EQUAL 0xFFFF
#define LB_FN(name) lamina_##name##_sse2
#define LB_ATTR static inline __attribute__((always_inline))
#define LB_ROW_ATTR static inline
#define LB_TAIL lamina_bloom_over_span_scalar
#include "bloom_over_simd.h"

/* Eight pixels a vector, then four, then one: for processors with AVX2
   (`lamina_cpu_has_avx2`), compiled for it whatever the build targets. */
#define LB_VEC __m256i
#define LB_LANES 8
#define LB(op) _mm256_##op
#define LB_SI(op) _mm256_##op##_si256
#define LB_ALL_EQUAL ((int)0xFFFFFFFF)
#define LB_FN(name) lamina_##name##_avx2
#define LB_ATTR static inline __attribute__((always_inline, target("avx2")))
#define LB_ROW_ATTR static inline __attribute__((target("avx2")))
#define LB_TAIL lamina_bloom_over_span_sse2
#include "bloom_over_simd.h"
#endif

/* One row: for x in 0..<count, dest[x] = (group[x] + glow(x) at the
   intensity) OVER under[x], the group transparent when `group` is NULL.
   `under` is `dest` (composited in place) or another row of `count`
   pixels: the pixels `dest` would hold, kept from an earlier frame
   (`LeafBackdrop`), so they need not be painted into `dest` first.
   glow(x) is `glow_top[x]` when `glow_bottom` is NULL, else the bilinear
   blend of `glow_top[x...x+1]` and `glow_bottom[x...x+1]` with weights
   `wx`, `wy` (0...127), so column `count` of both is read. The intensity
   is `whole_steps` whole glows and then `level`/255 of one (0: none).
   `wide`: eight pixels at a time with AVX2, only where `lamina_cpu_has_avx2()`
   said so (the pixels are the same either way). */
static inline void
lamina_bloom_over_row(uint32_t *dest, const uint32_t *under, const uint32_t *group, const uint32_t *glow_top,
                      const uint32_t *glow_bottom, uint32_t wx, uint32_t wy, uint32_t whole_steps, uint32_t level,
                      intptr_t count, int wide) {
#if defined(__SSE2__) && defined(__x86_64__)
    if (wide) lamina_bloom_over_row_avx2(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count);
    else lamina_bloom_over_row_sse2(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count);
#else
    (void)wide;
    int mode = !glow_bottom ? LAMINA_GLOW_AS_IS : wx == 0 ? LAMINA_GLOW_VERTICAL
             : wy == 0 ? LAMINA_GLOW_HORIZONTAL : LAMINA_GLOW_BILINEAR;
    lamina_bloom_over_span_scalar(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, mode,
                                  group != 0);
#endif
}

/* One row of a bitmap moved by a fraction of a pixel: for x in 0..<count,
   out[x] is the bilinear blend of `top[x...x+1]` and `bottom[x...x+1]` with
   weights `wx`, `wy` (0...127), as pixman's bilinear filter samples a
   translated image (`lamina_bilinear_blend`), so column `count` of both
   rows is read. The one pass reads a moving group's own bitmap so
   (`BloomCache.GroupPixels`), where it was drawn into a cleared scratch
   first. `wide` as for `lamina_bloom_over_row`. */
static inline void
lamina_resample_row(uint32_t *out, const uint32_t *top, const uint32_t *bottom, uint32_t wx, uint32_t wy, intptr_t count,
                    int wide) {
#if defined(__SSE2__) && defined(__x86_64__)
    if (wide) lamina_resample_row_avx2(out, top, bottom, wx, wy, count);
    else lamina_resample_row_sse2(out, top, bottom, wx, wy, count);
#else
    (void)wide;
    for (intptr_t x = 0; x < count; x++) out[x] = lamina_glow_pixel(top, bottom, x, wx, wy);
#endif
}

#endif
