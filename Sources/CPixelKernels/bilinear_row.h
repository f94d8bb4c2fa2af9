#ifndef LAMINA_BILINEAR_ROW_H
#define LAMINA_BILINEAR_ROW_H

/* A row of bilinear samples at given positions: the perspective sampler's
   blending pass (ProjectiveBilinearSampler works the positions out first,
   ProjectiveSpans).

   Each pixel is `lamina_bilinear_blend` of the four pixels about its
   position, transparent outside the bitmap, as AffineBilinearSampler's
   `pixel`. A perspective layer's bitmap is read along slanting lines, a
   new cache line every few pixels, and its frames leave it out of the
   second-level cache: waiting for each line in turn was most of the
   sampler's time. So the loop asks for the lines of the pixel
   `LAMINA_ROW_PREFETCH_AHEAD` columns on, whose position is already
   known.

   Included by shim.h, after `lamina_bilinear_blend`. */

#include <stdint.h>
#include <string.h>

/* Far enough ahead to cover a miss to the last-level cache (a few hundred
   cycles at a few cycles a pixel), near enough that a row's lines are still
   in the first-level cache when they are used. */
#define LAMINA_ROW_PREFETCH_AHEAD 64

/* Pixels (x, y) and (x + 1, y), the first in the low half, zero where
   outside the `width` x `height` bitmap. */
static inline __attribute__((always_inline)) uint64_t
lamina_pixel_pair(const uint8_t *base, intptr_t stride, int32_t width, int32_t height, int32_t x, int32_t y) {
    if (y < 0 || y >= height) return 0;
    const uint8_t *row = base + (intptr_t)y * stride;
    uint32_t left = 0, right = 0;
    if (x >= 0 && x < width) memcpy(&left, row + (intptr_t)x * 4, 4);
    if (x + 1 >= 0 && x + 1 < width) memcpy(&right, row + (intptr_t)(x + 1) * 4, 4);
    return (uint64_t)left | (uint64_t)right << 32;
}

/* A row's homogeneous position at its first pixel and the steps per pixel,
   16.16 as pixman holds them (ProjectiveSpans). */
typedef struct {
    int32_t x, y, w, ux, uy, uw;
} lamina_projective_row;

/* pixman's 16.16 position at `column` of `row`, from its own arithmetic:
   additions wrapping in 32 bits, `((uint64_t)x << 16) / w` in unsigned 64
   bits truncated to 32, (0, 0) where w is 0. */
static inline __attribute__((always_inline)) void
lamina_pixman_position(const lamina_projective_row *row, intptr_t column, int32_t *sx, int32_t *sy) {
    uint32_t c = (uint32_t)column;
    int32_t x = (int32_t)((uint32_t)row->x + (uint32_t)row->ux * c);
    int32_t y = (int32_t)((uint32_t)row->y + (uint32_t)row->uy * c);
    int32_t w = (int32_t)((uint32_t)row->w + (uint32_t)row->uw * c);
    if (w == 0) {
        *sx = 0;
        *sy = 0;
        return;
    }
    uint64_t divisor = (uint64_t)(int64_t)w;
    *sx = (int32_t)(uint32_t)(((uint64_t)(int64_t)x << 16) / divisor);
    *sy = (int32_t)(uint32_t)(((uint64_t)(int64_t)y << 16) / divisor);
}

/* One pixel of the row: the bilinear blend at 16.16 position (x, y),
   already moved by half a pixel, with the edge's pixels transparent. */
static inline __attribute__((always_inline)) uint32_t
lamina_bilinear_at(const uint8_t *base, intptr_t stride, int32_t width, int32_t height, int32_t x, int32_t y) {
    int32_t x0 = x >> 16, y0 = y >> 16;
    uint64_t top, bottom;
    if ((uint32_t)x0 < (uint32_t)(width - 1) && (uint32_t)y0 < (uint32_t)(height - 1)) {
        /* Inside: both pixels of a row in one load each (little-endian:
           the left one in the low half). */
        const uint8_t *upper = base + (intptr_t)y0 * stride + (intptr_t)x0 * 4;
        memcpy(&top, upper, 8);
        memcpy(&bottom, upper + stride, 8);
    } else if (x0 >= -1 && y0 >= -1 && x0 < width && y0 < height) {
        top = lamina_pixel_pair(base, stride, width, height, x0, y0);
        bottom = lamina_pixel_pair(base, stride, width, height, x0, y0 + 1);
    } else {
        return 0;
    }
    return lamina_bilinear_blend(top, bottom, (uint32_t)(x >> 9) & 0x7F, (uint32_t)(y >> 9) & 0x7F);
}

/* Columns between the pixels whose lines the blending loops ask for ahead:
   8 where the position moves about a pixel a column along a bitmap row (a
   line holds sixteen pixels), fewer where each column reaches new lines: a
   layer shown much smaller than its bitmap (cover flow's side covers step
   ten pixels a column) or whose row slants across the bitmap's rows. There
   every column's lines missed but the eighth's, and the loop waited on the
   loads of the rest. From the row's first and last positions (16.16). */
static inline __attribute__((always_inline)) intptr_t
lamina_prefetch_gap(const int32_t *xy, intptr_t count, intptr_t stride) {
    if (count < 2) return 8;
    int64_t dx = (int64_t)xy[2 * (count - 1)] - xy[0], dy = (int64_t)xy[2 * (count - 1) + 1] - xy[1];
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    /* Bytes of bitmap crossed a column, rows counted at their stride. */
    int64_t bytes = ((dx >> 16) * 4 + (dy >> 16) * (int64_t)stride) / (int64_t)(count - 1);
    return bytes >= 32 ? 1 : bytes >= 8 ? 4 : 8;
}

/* Asks for the lines the pixel at (x, y) (16.16, not moved) reads. Address
   arithmetic in integers: a position far outside is no pointer into the
   bitmap, and a prefetch of any address is safe. */
static inline __attribute__((always_inline)) void
lamina_bilinear_prefetch(const uint8_t *base, intptr_t stride, int32_t x, int32_t y) {
    uintptr_t line = (uintptr_t)base + (uintptr_t)((intptr_t)(y >> 16) * stride) + (uintptr_t)((intptr_t)(x >> 16) * 4);
    __builtin_prefetch((const void *)line, 0, 3);
    __builtin_prefetch((const void *)(line + (uintptr_t)stride), 0, 3);
}

/* Asks for the lines a whole row reads, one pixel every
   `lamina_prefetch_gap` columns, from its positions (16.16): the sampler
   does so for the next row while it blends this one. */
static inline void
lamina_bilinear_prefetch_row(const uint8_t *base, intptr_t stride, const int32_t *xy, intptr_t count) {
    intptr_t gap = lamina_prefetch_gap(xy, count, stride);
    for (intptr_t k = 0; k < count; k += gap) {
        lamina_bilinear_prefetch(base, stride, (int32_t)((uint32_t)xy[2 * k] - 0x8000u), (int32_t)((uint32_t)xy[2 * k + 1] - 0x8000u));
    }
}

/* The loops' prefetch for the four pixels from column `i` (a multiple of
   four): the lines of the pixels `LAMINA_ROW_PREFETCH_AHEAD` columns on,
   one every `gap` columns (`lamina_prefetch_gap`). */
static inline __attribute__((always_inline)) void
lamina_bilinear_prefetch_ahead(const uint8_t *base, intptr_t stride, const int32_t *xy, intptr_t count, intptr_t i,
                               intptr_t gap) {
    if (gap == 8 && (i & 7) != 0) return;
    intptr_t step = gap < 4 ? gap : 4;
    for (intptr_t k = i; k < i + 4; k += step) {
        intptr_t ahead = k + LAMINA_ROW_PREFETCH_AHEAD < count ? k + LAMINA_ROW_PREFETCH_AHEAD : count - 1;
        lamina_bilinear_prefetch(base, stride, (int32_t)((uint32_t)xy[2 * ahead] - 0x8000u),
                                 (int32_t)((uint32_t)xy[2 * ahead + 1] - 0x8000u));
    }
}

#if defined(__SSE2__) && defined(__x86_64__)
/* `lamina_bilinear_blend`'s four channel sums, shifted, for the pixels at
   `upper` and `upper + stride`, with (w_tl, w_bl) in every 32-bit lane of
   `left` and (w_tr, w_br) in every lane of `right`: the four weights
   (128 − wx)(128 − wy), (128 − wx)·wy, wx·(128 − wy) and wx·wy, each at
   most 2^14. The sum of the four products is the one pixman forms
   (vertically first, then across) and truncates: only the order of the
   additions differs. Each pixel's top and bottom channel side by side
   makes both columns one pmaddwd each. */
static inline __attribute__((always_inline)) __m128i
lamina_bilinear_sums(const uint8_t *upper, intptr_t stride, __m128i left, __m128i right) {
    const __m128i zero = _mm_setzero_si128();
    __m128i mixed = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)upper),
                                      _mm_loadl_epi64((const __m128i *)(upper + stride)));
    __m128i sums = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(mixed, zero), left),
                                 _mm_madd_epi16(_mm_unpackhi_epi8(mixed, zero), right));
    return _mm_srli_epi32(sums, 14);
}

/* Four pixels' positions (xy[2i] to xy[2i + 7]) taken apart: each one's
   top-left neighbour (x0, y0) and, in lane k, the k-th pixel's (w_tl, w_bl)
   in `left` and (w_tr, w_br) in `right`, 16 bits each (pmullw of values
   below 2^8 in 32-bit lanes: the low halves hold the products, the high
   ones 0). 0 when a neighbour of one of them comes within a pixel of the
   bitmap's edge (x0 or y0 not within 1...limit - 1): those go one by one.
   The SSE2 and AVX2 loops share it. */
static inline __attribute__((always_inline)) int
lamina_bilinear_quad(const int32_t *xy, intptr_t i, __m128i xLimit, __m128i yLimit,
                     __m128i *x0, __m128i *y0, __m128i *left, __m128i *right) {
    const __m128i half = _mm_set1_epi32(0x8000), seven = _mm_set1_epi32(0x7F), full = _mm_set1_epi32(128);
    const __m128i zero = _mm_setzero_si128();
    __m128 pairs01 = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(xy + 2 * i)));
    __m128 pairs23 = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(xy + 2 * i + 4)));
    __m128i x = _mm_sub_epi32(_mm_castps_si128(_mm_shuffle_ps(pairs01, pairs23, 0x88)), half);
    __m128i y = _mm_sub_epi32(_mm_castps_si128(_mm_shuffle_ps(pairs01, pairs23, 0xDD)), half);
    *x0 = _mm_srai_epi32(x, 16);
    *y0 = _mm_srai_epi32(y, 16);
    __m128i inside = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi32(*x0, zero), _mm_cmplt_epi32(*x0, xLimit)),
                                   _mm_and_si128(_mm_cmpgt_epi32(*y0, zero), _mm_cmplt_epi32(*y0, yLimit)));
    if (_mm_movemask_epi8(inside) != 0xFFFF) return 0;
    __m128i wx = _mm_and_si128(_mm_srli_epi32(x, 9), seven), wy = _mm_and_si128(_mm_srli_epi32(y, 9), seven);
    __m128i ix = _mm_sub_epi32(full, wx), iy = _mm_sub_epi32(full, wy);
    *left = _mm_or_si128(_mm_mullo_epi16(ix, iy), _mm_slli_epi32(_mm_mullo_epi16(ix, wy), 16));
    *right = _mm_or_si128(_mm_mullo_epi16(wx, iy), _mm_slli_epi32(_mm_mullo_epi16(wx, wy), 16));
    return 1;
}
#endif

/* `count` positions of a span into `xy`, x and y side by side: the k-th
   is x >> 16 after k steps of x += dx, dx += ddx (16.16 with 16 more bits
   of fraction), and the same for y. On x86-64 x and y share a register
   (the low 32 bits of a logical shift are those of the arithmetic one),
   one store a pixel; no vectorized loop across pixels, which paid more to
   set up than a span's pixels took. */
static inline __attribute__((always_inline)) void
lamina_fill_positions(int32_t *xy, intptr_t count, int64_t x, int64_t y, int64_t dx, int64_t dy, int64_t ddx, int64_t ddy) {
#if defined(__SSE2__) && defined(__x86_64__)
    __m128i p = _mm_set_epi64x(y, x), d = _mm_set_epi64x(dy, dx);
    const __m128i dd = _mm_set_epi64x(ddy, ddx);
    for (intptr_t k = 0; k < count; k++) {
        _mm_storel_epi64((__m128i *)(xy + 2 * k), _mm_shuffle_epi32(_mm_srli_epi64(p, 16), 0x08));
        p = _mm_add_epi64(p, d);
        d = _mm_add_epi64(d, dd);
    }
#else
    for (intptr_t k = 0; k < count; k++) {
        xy[2 * k] = (int32_t)(x >> 16);
        xy[2 * k + 1] = (int32_t)(y >> 16);
        x += dx;
        y += dy;
        dx += ddx;
        dy += ddy;
    }
#endif
}

/* The blend for pixel `column` of `row` at pixman's own position. */
static inline __attribute__((always_inline)) uint32_t
lamina_bilinear_pixman(const uint8_t *base, intptr_t stride, int32_t width, int32_t height,
                       const lamina_projective_row *row, intptr_t column) {
    int32_t sx, sy;
    lamina_pixman_position(row, column, &sx, &sy);
    return lamina_bilinear_at(base, stride, width, height, (int32_t)((uint32_t)sx - 0x8000u), (int32_t)((uint32_t)sy - 0x8000u));
}

#include "bilinear_row_avx2.h"

/* For each i < count, `out[i]` = the bitmap (`width` x `height` premultiplied
   a8r8g8b8 pixels, rows `stride` bytes apart) sampled bilinearly at 16.16
   position (xy[2i], xy[2i + 1]) of pixel `first + i` of `row` (ProjectiveSpans:
   pixman's, or within a fraction of a pixel of it). The fetch starts half
   a pixel up and left (wrapping in 32 bits, as pixman's arithmetic does).

   Where the pixel's four neighbours come within a pixel of the bitmap's
   edge, its position is pixman's own, divided again here: at the edge,
   alpha drops by 255 over a pixel and an interpolated position would show,
   and left of or above the bitmap pixman's unsigned division gives other
   positions than the true ones interpolated.

   On x86-64, four pixels at a time whose neighbours are all inside: their
   four weights worked out together, each pixel's broadcast with a
   shuffle, and the four results packed and stored at once; with AVX2
   (`wide`, from `lamina_cpu_has_avx2`), two pixels a register. The sums
   are `lamina_bilinear_blend`'s, so the pixels are the same. */
static inline void
lamina_bilinear_row(const uint8_t *base, intptr_t stride, int32_t width, int32_t height,
                    const lamina_projective_row *row, intptr_t first,
                    const int32_t *xy, intptr_t count, uint32_t *out, int wide) {
    intptr_t i = 0;
#if defined(__x86_64__)
    if (wide && (uint64_t)stride * (uint64_t)height <= 0x7FFFFFFFu) {
        i = lamina_bilinear_row_avx2(base, stride, width, height, row, first, xy, count, out);
    }
#endif
#if defined(__SSE2__) && defined(__x86_64__)
    /* Inside with a pixel to spare: 1 <= x0 and x0 + 2 < width. */
    const __m128i xLimit = _mm_set1_epi32(width - 2), yLimit = _mm_set1_epi32(height - 2);
    const __m128i strides = _mm_set1_epi64x((long long)stride), low32 = _mm_set1_epi64x(0xFFFFFFFFLL);
    /* A row longer than 32 bits can hold goes one pixel at a time. */
    intptr_t simdCount = (uint64_t)stride <= 0xFFFFFFFFu ? count : 0;
    const intptr_t gap = lamina_prefetch_gap(xy, count, stride);
    for (; i + 4 <= simdCount; i += 4) {
        lamina_bilinear_prefetch_ahead(base, stride, xy, count, i, gap);

        __m128i x0, y0, left, right;
        if (!lamina_bilinear_quad(xy, i, xLimit, yLimit, &x0, &y0, &left, &right)) {
            for (intptr_t k = i; k < i + 4; k++) out[k] = lamina_bilinear_pixman(base, stride, width, height, row, first + k);
            continue;
        }
        /* The four rows' offsets, y0·stride + x0·4, in 64-bit halves:
           pmuludq multiplies lanes 0 and 2 (x0 and y0 are not negative
           here, and stride fits 32 bits). */
        __m128i x4 = _mm_slli_epi32(x0, 2);
        __m128i even = _mm_add_epi64(_mm_mul_epu32(y0, strides), _mm_and_si128(x4, low32));
        __m128i odd = _mm_add_epi64(_mm_mul_epu32(_mm_srli_epi64(y0, 32), strides), _mm_srli_epi64(x4, 32));
        const uint8_t *upper[4] = {
            base + _mm_cvtsi128_si64(even), base + _mm_cvtsi128_si64(odd),
            base + _mm_cvtsi128_si64(_mm_unpackhi_epi64(even, even)), base + _mm_cvtsi128_si64(_mm_unpackhi_epi64(odd, odd)),
        };
        __m128i s0 = lamina_bilinear_sums(upper[0], stride, _mm_shuffle_epi32(left, 0x00), _mm_shuffle_epi32(right, 0x00));
        __m128i s1 = lamina_bilinear_sums(upper[1], stride, _mm_shuffle_epi32(left, 0x55), _mm_shuffle_epi32(right, 0x55));
        __m128i s2 = lamina_bilinear_sums(upper[2], stride, _mm_shuffle_epi32(left, 0xAA), _mm_shuffle_epi32(right, 0xAA));
        __m128i s3 = lamina_bilinear_sums(upper[3], stride, _mm_shuffle_epi32(left, 0xFF), _mm_shuffle_epi32(right, 0xFF));
        __m128i packed = _mm_packus_epi16(_mm_packs_epi32(s0, s1), _mm_packs_epi32(s2, s3));
        _mm_storeu_si128((__m128i *)(out + i), packed);
    }
#endif
    for (; i < count; i++) {
        if ((i & 3) == 0) {
            intptr_t ahead = i + LAMINA_ROW_PREFETCH_AHEAD < count ? i + LAMINA_ROW_PREFETCH_AHEAD : count - 1;
            lamina_bilinear_prefetch(base, stride, (int32_t)((uint32_t)xy[2 * ahead] - 0x8000u), (int32_t)((uint32_t)xy[2 * ahead + 1] - 0x8000u));
        }
        int32_t x = (int32_t)((uint32_t)xy[2 * i] - 0x8000u), y = (int32_t)((uint32_t)xy[2 * i + 1] - 0x8000u);
        int32_t x0 = x >> 16, y0 = y >> 16;
        out[i] = x0 > 0 && x0 < width - 2 && y0 > 0 && y0 < height - 2
            ? lamina_bilinear_at(base, stride, width, height, x, y)
            : lamina_bilinear_pixman(base, stride, width, height, row, first + i);
    }
}

#endif
