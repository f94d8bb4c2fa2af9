#ifndef LAMINA_BLOOM_OVER_H
#define LAMINA_BLOOM_OVER_H

/* A bloom group composited over its destination in one pass.

   What BloomCache's pixman path does in three passes (the glow resampled
   at the fraction of a pixel the layer moved by, added into the group's
   scratch at the bloom's intensity, the scratch composited OVER the
   destination), fused, so each pixel is read and written once (issue 7,
   target 1: the three passes were most of the kiosk's frame). Every step
   is pixman's arithmetic, so the pixels are the same:
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

#if defined(__SSE2__) && defined(__x86_64__)
/* MUL_UN8 on eight 16-bit lanes holding bytes, as pixman's SSE2 code does it. */
static inline __attribute__((always_inline)) __m128i lamina_mul_un8x8(__m128i a, __m128i b) {
    __m128i t = _mm_adds_epu16(_mm_mullo_epi16(a, b), _mm_set1_epi16(0x80));
    return _mm_mulhi_epu16(t, _mm_set1_epi16(0x101));
}

/* `top[x]·(128 - wy) + bottom[x]·wy` per channel, for two pixels. */
static inline __attribute__((always_inline)) __m128i
lamina_vertical_sum(__m128i top, __m128i bottom, __m128i upper_weight, __m128i lower_weight) {
    return _mm_add_epi16(_mm_mullo_epi16(top, upper_weight), _mm_mullo_epi16(bottom, lower_weight));
}

/* Four glow pixels resampled: output column x blends columns x and x + 1
   of `top` and `bottom`, as `lamina_bilinear_blend` does. */
static inline __attribute__((always_inline)) __m128i
lamina_glow_resampled4(const uint32_t *top, const uint32_t *bottom, __m128i upper_weight, __m128i lower_weight,
                       __m128i column_weights) {
    const __m128i zero = _mm_setzero_si128();
    __m128i tl = _mm_loadu_si128((const __m128i *)top), tr = _mm_loadu_si128((const __m128i *)(top + 1));
    __m128i bl = _mm_loadu_si128((const __m128i *)bottom), br = _mm_loadu_si128((const __m128i *)(bottom + 1));
    __m128i left_low = lamina_vertical_sum(_mm_unpacklo_epi8(tl, zero), _mm_unpacklo_epi8(bl, zero), upper_weight, lower_weight);
    __m128i right_low = lamina_vertical_sum(_mm_unpacklo_epi8(tr, zero), _mm_unpacklo_epi8(br, zero), upper_weight, lower_weight);
    __m128i left_high = lamina_vertical_sum(_mm_unpackhi_epi8(tl, zero), _mm_unpackhi_epi8(bl, zero), upper_weight, lower_weight);
    __m128i right_high = lamina_vertical_sum(_mm_unpackhi_epi8(tr, zero), _mm_unpackhi_epi8(br, zero), upper_weight, lower_weight);
    /* Each lane is at most 255 x 128: signed 16-bit pairs for pmaddwd. */
    __m128i p0 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(left_low, right_low), column_weights), 14);
    __m128i p1 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(left_low, right_low), column_weights), 14);
    __m128i p2 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(left_high, right_high), column_weights), 14);
    __m128i p3 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(left_high, right_high), column_weights), 14);
    return _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3));
}
#endif

/* How a row's glow is read: as it is, or resampled along one axis (the
   other weight 0: a layer moving straight up and down, as the kiosk's
   selection does, or sideways) or both. */
enum { LAMINA_GLOW_AS_IS, LAMINA_GLOW_VERTICAL, LAMINA_GLOW_HORIZONTAL, LAMINA_GLOW_BILINEAR };

#if defined(__SSE2__) && defined(__x86_64__)
/* `(a·(128 - w) + b·w) >> 7` per channel for four pixels: a bilinear blend
   whose other weight is 0, so pixman's sum shifted by 14 is exactly this
   (each lane at most 255 x 128: unsigned 16 bits). */
static inline __attribute__((always_inline)) __m128i
lamina_lerp4(__m128i a, __m128i b, __m128i a_weight, __m128i b_weight) {
    const __m128i zero = _mm_setzero_si128();
    __m128i low = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(a, zero), a_weight),
                                _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), b_weight));
    __m128i high = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(a, zero), a_weight),
                                 _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), b_weight));
    return _mm_packus_epi16(_mm_srli_epi16(low, 7), _mm_srli_epi16(high, 7));
}
#endif

/* `lamina_bloom_over_row` for one way of reading the glow, a constant
   once inlined, so each way gets a loop of its own. */
static inline __attribute__((always_inline)) void
lamina_bloom_over_span(uint32_t *dest, const uint32_t *group, const uint32_t *glow_top, const uint32_t *glow_bottom,
                       uint32_t wx, uint32_t wy, uint32_t whole_steps, uint32_t level, intptr_t count, const int mode,
                       const int grouped) {
    intptr_t x = 0;
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i upper_weight = _mm_set1_epi16((short)(128 - wy)), lower_weight = _mm_set1_epi16((short)wy);
    const __m128i left_weight = _mm_set1_epi16((short)(128 - wx)), right_weight = _mm_set1_epi16((short)wx);
    const __m128i column_weights = _mm_set1_epi32((int)((wx << 16) | (128 - wx)));
    const __m128i level16 = _mm_set1_epi16((short)level);
    const __m128i alpha_mask = _mm_set1_epi32((int)0xFF000000u);
    const __m128i low_bytes = _mm_set1_epi16(0x00FF);
    for (; x + 4 <= count; x += 4) {
        __m128i s = grouped ? _mm_loadu_si128((const __m128i *)(group + x)) : zero;
        /* No group and no glow here (inside the ring, beyond the blur):
           nothing to add, and the destination stays as it is. */
        __m128i sources = _mm_or_si128(s, _mm_loadu_si128((const __m128i *)(glow_top + x)));
        if (mode == LAMINA_GLOW_HORIZONTAL || mode == LAMINA_GLOW_BILINEAR)
            sources = _mm_or_si128(sources, _mm_loadu_si128((const __m128i *)(glow_top + x + 1)));
        if (mode == LAMINA_GLOW_VERTICAL || mode == LAMINA_GLOW_BILINEAR)
            sources = _mm_or_si128(sources, _mm_loadu_si128((const __m128i *)(glow_bottom + x)));
        if (mode == LAMINA_GLOW_BILINEAR)
            sources = _mm_or_si128(sources, _mm_loadu_si128((const __m128i *)(glow_bottom + x + 1)));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(sources, zero)) == 0xFFFF) continue;
        __m128i glow;
        switch (mode) {
        case LAMINA_GLOW_AS_IS: glow = _mm_loadu_si128((const __m128i *)(glow_top + x)); break;
        case LAMINA_GLOW_VERTICAL:
            glow = lamina_lerp4(_mm_loadu_si128((const __m128i *)(glow_top + x)),
                                _mm_loadu_si128((const __m128i *)(glow_bottom + x)), upper_weight, lower_weight);
            break;
        case LAMINA_GLOW_HORIZONTAL:
            glow = lamina_lerp4(_mm_loadu_si128((const __m128i *)(glow_top + x)),
                                _mm_loadu_si128((const __m128i *)(glow_top + x + 1)), left_weight, right_weight);
            break;
        default:
            glow = lamina_glow_resampled4(glow_top + x, glow_bottom + x, upper_weight, lower_weight, column_weights);
        }
        for (uint32_t n = 0; n < whole_steps; n++) s = _mm_adds_epu8(s, glow);
        if (level) {
            __m128i low = lamina_mul_un8x8(_mm_unpacklo_epi8(glow, zero), level16);
            __m128i high = lamina_mul_un8x8(_mm_unpackhi_epi8(glow, zero), level16);
            s = _mm_adds_epu8(s, _mm_packus_epi16(low, high));
        }
        /* Transparent: the destination stays as it is. Opaque: replaced. */
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(s, zero)) == 0xFFFF) continue;
        __m128i *out = (__m128i *)(dest + x);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alpha_mask), alpha_mask)) == 0xFFFF) {
            _mm_storeu_si128(out, s);
            continue;
        }
        __m128i d = _mm_loadu_si128(out);
        __m128i s_low = _mm_unpacklo_epi8(s, zero), s_high = _mm_unpackhi_epi8(s, zero);
        /* 255 - alpha, in every lane of its pixel. */
        __m128i inverse_low = _mm_xor_si128(_mm_shufflehi_epi16(_mm_shufflelo_epi16(s_low, 0xFF), 0xFF), low_bytes);
        __m128i inverse_high = _mm_xor_si128(_mm_shufflehi_epi16(_mm_shufflelo_epi16(s_high, 0xFF), 0xFF), low_bytes);
        __m128i d_low = lamina_mul_un8x8(_mm_unpacklo_epi8(d, zero), inverse_low);
        __m128i d_high = lamina_mul_un8x8(_mm_unpackhi_epi8(d, zero), inverse_high);
        _mm_storeu_si128(out, _mm_adds_epu8(s, _mm_packus_epi16(d_low, d_high)));
    }
#endif
    for (; x < count; x++) {
        uint32_t glow = lamina_glow_pixel(glow_top, mode == LAMINA_GLOW_AS_IS ? 0 : glow_bottom, x, wx, wy);
        dest[x] = lamina_bloom_over_pixel(dest[x], grouped ? group[x] : 0, glow, whole_steps, level);
    }
}

/* `lamina_bloom_over_span` for a group that is there or not (NULL:
   transparent), each a loop of its own. */
static inline __attribute__((always_inline)) void
lamina_bloom_over_spans(uint32_t *dest, const uint32_t *group, const uint32_t *glow_top, const uint32_t *glow_bottom,
                        uint32_t wx, uint32_t wy, uint32_t whole_steps, uint32_t level, intptr_t count, const int mode) {
    if (group) lamina_bloom_over_span(dest, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, mode, 1);
    else lamina_bloom_over_span(dest, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, mode, 0);
}

/* One row: for x in 0..<count, dest[x] = (group[x] + glow(x) at the
   intensity) OVER dest[x], the group transparent when `group` is NULL. glow(x) is `glow_top[x]` when `glow_bottom` is
   NULL, else the bilinear blend of `glow_top[x...x+1]` and
   `glow_bottom[x...x+1]` with weights `wx`, `wy` (0...127), so column
   `count` of both is read. The intensity is `whole_steps` whole glows and
   then `level`/255 of one (0: none). */
static inline void
lamina_bloom_over_row(uint32_t *dest, const uint32_t *group, const uint32_t *glow_top, const uint32_t *glow_bottom,
                      uint32_t wx, uint32_t wy, uint32_t whole_steps, uint32_t level, intptr_t count) {
    if (!glow_bottom) {
        lamina_bloom_over_spans(dest, group, glow_top, 0, 0, 0, whole_steps, level, count, LAMINA_GLOW_AS_IS);
    } else if (wx == 0) {
        lamina_bloom_over_spans(dest, group, glow_top, glow_bottom, 0, wy, whole_steps, level, count, LAMINA_GLOW_VERTICAL);
    } else if (wy == 0) {
        lamina_bloom_over_spans(dest, group, glow_top, glow_bottom, wx, 0, whole_steps, level, count, LAMINA_GLOW_HORIZONTAL);
    } else {
        lamina_bloom_over_spans(dest, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, LAMINA_GLOW_BILINEAR);
    }
}

#endif
