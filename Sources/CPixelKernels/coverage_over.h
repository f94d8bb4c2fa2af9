#ifndef LAMINA_COVERAGE_OVER_H
#define LAMINA_COVERAGE_OVER_H

/* Sampled pixels OVER a target through a convex outline's coverage: the
   perspective sampler's compositing step (ProjectiveBilinearSampler's
   `compositeOver`).

   The sampler used to write a band of samples into a buffer, rasterize
   the layer's outline into an 8-bit mask of the clip's size (pixman's
   trapezoids), and composite the buffer through the mask with pixman: at
   1920x1080 a cover flow frame wrote and read its samples twice and
   rasterized eighteen masks (a quarter of its time). Here a row of
   samples, still in the first-level cache, is blended at once through
   the outline's recorded coverage (`lamina_coverage_row`, exact areas,
   as the convex fill works them out): the pixels wholly inside at the
   fade, the edge pixels at their shares times the fade.

   The arithmetic is pixman's OVER through an 8-bit mask (its SSE2
   `in_over`): each channel times the mask value, (x·m + 0x80)·0x101 >> 16,
   then the target times 255 minus that alpha the same way, the two added
   with saturation; an opaque source through a full mask is stored as it
   is. Included by shim.h, after convex_fill.h (for `lamina_over_share`,
   `lamina_mul_un8` and `lamina_coverage_row`). */

#include <stdint.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#if defined(__x86_64__)
/* Eight pixels a step; returns how many pixels it blended (a multiple of
   eight), the rest left to the caller. */
__attribute__((target("avx2"))) static inline intptr_t
lamina_over_row_avx2(uint32_t *dest, const uint32_t *source, intptr_t count, uint32_t fade) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(0x80), spread = _mm256_set1_epi16(0x101);
    const __m256i full = _mm256_set1_epi16(255), scale = _mm256_set1_epi16((short)fade);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + i));
        if (_mm256_testz_si256(s, s)) continue;  /* transparent: the target stays */
        if (fade == 255 && _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s, alpha), alpha)) == -1) {
            _mm256_storeu_si256((__m256i *)(dest + i), s);
            continue;
        }
        __m256i low = _mm256_unpacklo_epi8(s, zero), high = _mm256_unpackhi_epi8(s, zero);
        if (fade < 255) {
            low = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(low, scale), half), spread);
            high = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(high, scale), half), spread);
        }
        /* 255 minus each pixel's alpha (its fourth 16-bit lane) in all four lanes. */
        __m256i inverse_low = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(low, 0xFF), 0xFF));
        __m256i inverse_high = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(high, 0xFF), 0xFF));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dest + i));
        __m256i under_low = _mm256_unpacklo_epi8(d, zero), under_high = _mm256_unpackhi_epi8(d, zero);
        under_low = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(under_low, inverse_low), half), spread);
        under_high = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(under_high, inverse_high), half), spread);
        _mm256_storeu_si256((__m256i *)(dest + i), _mm256_adds_epu8(_mm256_packus_epi16(under_low, under_high),
                                                                    _mm256_packus_epi16(low, high)));
    }
    return i;
}
#endif

/* `count` pixels of `source` OVER `dest`, each through a mask of `fade`;
   eight at a time with AVX2 when `wide` (the caller asks
   `lamina_cpu_has_avx2`). */
static inline void lamina_over_row(uint32_t *dest, const uint32_t *source, intptr_t count, uint32_t fade, int wide) {
    intptr_t i = 0;
#if defined(__x86_64__)
    if (wide) i = lamina_over_row_avx2(dest, source, count, fade);
#endif
    for (; i < count; i++) {
        uint32_t s = source[i];
        if (s == 0) continue;
        dest[i] = fade == 255 && s >= 0xFF000000u ? s : lamina_over_share(dest[i], s, fade);
    }
}

/* Columns [x1, x2) of one row of a recorded coverage (`coverage`, its
   shares from `shares`): `source`'s pixels, the first at column
   `source_x`, OVER `dest_row` (the row's first pixel), each through its
   share of the outline times `fade`. Pixels the outline does not reach
   are not read or touched. */
static inline void
lamina_over_coverage_row(uint32_t *dest_row, const uint32_t *source, int source_x, const lamina_coverage_row *coverage,
                         const uint8_t *shares, int x1, int x2, uint32_t fade, int wide) {
    /* Indexed only within the loops: a record of no edge pixels may have no shares at all. */
    intptr_t left = coverage->shares_at - coverage->left_start;
    intptr_t right = coverage->shares_at + (coverage->inside_start - coverage->left_start) - coverage->inside_end;
    int a = coverage->left_start > x1 ? coverage->left_start : x1;
    int b = coverage->inside_start < x2 ? coverage->inside_start : x2;
    for (int x = a; x < b; x++) {
        uint32_t share = shares[left + x], s = source[x - source_x];
        if (fade < 255) share = lamina_mul_un8(share, fade);
        if (share > 0 && s != 0) dest_row[x] = lamina_over_share(dest_row[x], s, share);
    }
    a = coverage->inside_start > x1 ? coverage->inside_start : x1;
    b = coverage->inside_end < x2 ? coverage->inside_end : x2;
    if (b > a) lamina_over_row(dest_row + a, source + (a - source_x), b - a, fade, wide);
    a = coverage->inside_end > x1 ? coverage->inside_end : x1;
    b = coverage->right_end < x2 ? coverage->right_end : x2;
    for (int x = a; x < b; x++) {
        uint32_t share = shares[right + x], s = source[x - source_x];
        if (fade < 255) share = lamina_mul_un8(share, fade);
        if (share > 0 && s != 0) dest_row[x] = lamina_over_share(dest_row[x], s, share);
    }
}

/* A recorded coverage (rows from `first_row`, `row_count` of them) written
   into an 8-bit mask of `width` x `height` whose first pixel is target
   pixel (`origin_x`, `origin_y`), `stride` bytes a row: each pixel's share,
   255 inside. Pixels the outline does not reach are left as they are. */
static inline void
lamina_coverage_mask(uint8_t *mask, intptr_t stride, int origin_x, int origin_y, int width, int height,
                     const lamina_coverage_row *rows, const uint8_t *shares, int first_row, int row_count) {
    int from = origin_y > first_row ? origin_y : first_row;
    int to = origin_y + height < first_row + row_count ? origin_y + height : first_row + row_count;
    for (int y = from; y < to; y++) {
        const lamina_coverage_row *r = rows + (y - first_row);
        uint8_t *row = mask + (intptr_t)(y - origin_y) * stride;
        int x1 = origin_x > r->left_start ? origin_x : r->left_start;
        int x2 = origin_x + width < r->right_end ? origin_x + width : r->right_end;
        for (int x = x1; x < x2; x++) {
            if (x < r->inside_start) row[x - origin_x] = shares[r->shares_at + (x - r->left_start)];
            else if (x < r->inside_end) row[x - origin_x] = 255;
            else row[x - origin_x] = shares[r->shares_at + (r->inside_start - r->left_start) + (x - r->inside_end)];
        }
    }
}

#endif
