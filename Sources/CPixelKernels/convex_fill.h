#ifndef LAMINA_CONVEX_FILL_H
#define LAMINA_CONVEX_FILL_H

/* A convex outline filled with one colour, OVER the pixels there, row by
   row (ConvexOutlineFiller.swift holds the outline and says why).

   The outline is its left and right chains, each from its top vertex to
   its bottom one, y never decreasing, in bitmap pixels (a chain of n
   vertices: n x, then n y, then the n - 1 edges' slopes, dx/dy); `offset_x` and
   `offset_y` move it to target pixels. Coverage is exact: each piece of a
   chain within a pixel row adds, to every pixel right of it, the share of
   the row it spans (the left chain; the right chain takes it away), and to
   the pixels it crosses the part of that share right of it, the integral
   of a linear edge over the pixel, worked out in closed form
   (`lamina_convex_piece`). Pixels wholly inside are blended eight at a time
   with AVX2, or, without it, left to the caller as boxes (one a row,
   lengthened down while the rows below cover the same columns) to
   composite in one pixman call; the others are blended here
   with their covered share as pixman's solid OVER through an 8-bit mask
   blends: the colour times the share (rounded 8-bit products), then over
   the pixel. Only pixels inside the clip rectangle are touched.

   Written in C for the same reason as the other kernels here: in Swift
   the per-row loops spent longer in bounds checks and generic min/max than
   in arithmetic. Included by shim.h, after bloom_over.h (for
   lamina_mul_un8). */

#include <stdint.h>
#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* pixman_box32_t's layout. */
typedef struct { int32_t x1, y1, x2, y2; } lamina_box;

typedef struct {
    const double *x, *y;
    /* Each edge's x step a unit of y (0 for a level one): no division a row. */
    const double *slope;
    int count;
    /* The first edge that may reach the row being filled. */
    int cursor;
} lamina_chain;

/* `color` times `share` OVER `dest`, with pixman's rounding. */
static inline __attribute__((always_inline)) uint32_t
lamina_over_share(uint32_t dest, uint32_t color, uint32_t share) {
#if defined(__SSE2__)
    /* The same products, four channels in 16-bit lanes. */
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(0x80), spread = _mm_set1_epi16(0x101);
    __m128i source = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)color), zero);
    if (share < 255) {
        source = _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(source, _mm_set1_epi16((short)share)), half), spread);
    }
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(source, 0xFF));
    __m128i under = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)dest), zero);
    under = _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(under, inverse), half), spread);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_adds_epu16(under, source), zero));
#else
    uint32_t source = color;
    if (share < 255) {
        source = 0;
        for (int c = 0; c < 32; c += 8) source |= lamina_mul_un8((color >> c) & 0xFF, share) << c;
    }
    uint32_t inverse = 255 - (source >> 24), result = 0;
    for (int c = 0; c < 32; c += 8) {
        uint32_t d = lamina_mul_un8((dest >> c) & 0xFF, inverse) + ((source >> c) & 0xFF);
        result |= (d > 255 ? 255 : d) << c;
    }
    return result;
#endif
}

/* floor and ceil without a call into libm (baseline x86-64 has no
   rounding instruction), for |v| below 2^52: coordinates are held within
   LAMINA_CONVEX_FAR first. */
#define LAMINA_CONVEX_FAR 1e9
static inline __attribute__((always_inline)) double lamina_floor(double v) {
    double t = (double)(long long)v;
    return t > v ? t - 1 : t;
}
static inline __attribute__((always_inline)) double lamina_ceil(double v) {
    double t = (double)(long long)v;
    return t < v ? t + 1 : t;
}
static inline __attribute__((always_inline)) double lamina_held(double v) {
    return v < -LAMINA_CONVEX_FAR ? -LAMINA_CONVEX_FAR : v > LAMINA_CONVEX_FAR ? LAMINA_CONVEX_FAR : v;
}

/* `color` OVER each of `count` pixels, eight at a time with AVX2 (for
   processors that have it: the caller asks `lamina_cpu_has_avx2`): pixman's
   arithmetic (x·(255 - alpha) + 0x80, times 0x101, high half; then the
   colour added, saturated), so its pixels, where its own loop (SSE2, four
   a step) took 2.3 times as long for a row of a disc. */
#if defined(__x86_64__)
__attribute__((target("avx2"))) static inline void
lamina_over_solid_row_avx2(uint32_t *pixels, int count, uint32_t color) {
    const __m256i source = _mm256_set1_epi32((int)color), zero = _mm256_setzero_si256();
    const __m256i inverse = _mm256_set1_epi16((short)(255 - (color >> 24)));
    const __m256i half = _mm256_set1_epi16(0x80), spread = _mm256_set1_epi16(0x101);
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i under = _mm256_loadu_si256((const __m256i *)(pixels + i));
        __m256i low = _mm256_unpacklo_epi8(under, zero), high = _mm256_unpackhi_epi8(under, zero);
        low = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(low, inverse), half), spread);
        high = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(high, inverse), half), spread);
        _mm256_storeu_si256((__m256i *)(pixels + i), _mm256_adds_epu8(_mm256_packus_epi16(low, high), source));
    }
    for (; i < count; i++) pixels[i] = lamina_over_share(pixels[i], color, 255);
}
#else
static inline void lamina_over_solid_row_avx2(uint32_t *pixels, int count, uint32_t color) {
    for (int i = 0; i < count; i++) pixels[i] = lamina_over_share(pixels[i], color, 255);
}
#endif

/* A run of pixels being covered: `partial[i]` the share pieces cover of
   pixel start + i in part, `steps[i]` the share added to it and every
   pixel right of it. */
typedef struct {
    int start, length;
    float *partial, *steps;
} lamina_run;

/* The integral over X in [x0, x1] of the part of pixel i (columns i to
   i + 1) right of X: H(x1) - H(x0) with H(X) = X - u²/2 - max(0, X - i - 1),
   u = X - i held within 0...1. */
static inline __attribute__((always_inline)) double lamina_right_area(double x, double i) {
    double u = x - i;
    double held = u < 0 ? 0 : u > 1 ? 1 : u;
    return x - held * held / 2 - (u > 1 ? u - 1 : 0);
}

/* A piece of an edge within one row, spanning `dy` of it (negative for the
   right chain) between x0 and x1 (target pixels, either order). */
static inline void lamina_convex_piece(lamina_run *run, double x0, double x1, double dy) {
    if (dy == 0) return;
    /* Beyond a billion pixels an edge is as good as infinitely far. */
    x0 = lamina_held(x0);
    x1 = lamina_held(x1);
    double low = x0 < x1 ? x0 : x1, high = x0 < x1 ? x1 : x0;
    double first = lamina_floor(low), end = lamina_ceil(high);
    if (end == first) end = first + 1;  /* on a pixel boundary, vertical */
    /* Pixels from `end` on lie wholly right of the piece. */
    double from = end - run->start;
    if (from < run->length) run->steps[from < 0 ? 0 : (int)from] += (float)dy;
    double width = high - low, inverse_width = width < 1e-9 ? 0 : 1 / width;
    double a = first - run->start, b = end - run->start;
    if (a < 0) a = 0;
    if (b > run->length) b = run->length;
    for (int i = (int)a; i < (int)b; i++) {
        double column = run->start + i, share;
        if (width < 1e-9) {
            double u = column + 1 - low;
            share = u < 0 ? 0 : u > 1 ? 1 : u;
        } else {
            share = (lamina_right_area(high, column) - lamina_right_area(low, column)) * inverse_width;
        }
        run->partial[i] += (float)(dy * share);
    }
}

/* Adds the pieces of `chain` between rows y0 and y1 (y1 - y0 <= 1) to `run`,
   each spanning its share of the row times `sign`. */
static inline void lamina_convex_chain_pieces(lamina_chain *chain, lamina_run *run, double y0, double y1,
                                              double offset_x, double sign) {
    int last = chain->count - 1;
    for (int i = chain->cursor; i < last && chain->y[i] < y1; i++) {
        double ay = chain->y[i], by = chain->y[i + 1];
        if (by <= y0 || by <= ay) continue;
        double top = ay > y0 ? ay : y0, bottom = by < y1 ? by : y1;
        double slope = chain->slope[i];
        double xt = chain->x[i] + (top - ay) * slope + offset_x, xb = chain->x[i] + (bottom - ay) * slope + offset_x;
        lamina_convex_piece(run, xt, xb, sign * (bottom - top));
    }
}

/* The least and greatest x of `chain` between y0 and y1. */
static inline void lamina_chain_extent(lamina_chain *chain, double y0, double y1, double *least, double *greatest) {
    int last = chain->count - 1;
    while (chain->cursor < last - 1 && chain->y[chain->cursor + 1] <= y0) chain->cursor++;
    double lo = INFINITY, hi = -INFINITY;
    for (int i = chain->cursor; i < last && chain->y[i] < y1; i++) {
        double ay = chain->y[i], by = chain->y[i + 1];
        if (by < y0 || by < ay) continue;
        double top = ay > y0 ? ay : y0, bottom = by < y1 ? by : y1;
        double slope = chain->slope[i];
        double xt = by > ay ? chain->x[i] + (top - ay) * slope : chain->x[i];
        double xb = by > ay ? chain->x[i] + (bottom - ay) * slope : chain->x[i + 1];
        if (xt < lo) lo = xt;
        if (xt > hi) hi = xt;
        if (xb < lo) lo = xb;
        if (xb > hi) hi = xb;
    }
    *least = lo;
    *greatest = hi;
}

/* Blends the run's pixels by their shares, `base` being the share every
   pixel of it starts from. */
static inline void lamina_convex_blend_run(uint32_t *row, lamina_run *run, float base, uint32_t color) {
    float full = base;
    for (int i = 0; i < run->length; i++) {
        full += run->steps[i];
        float covered = full + run->partial[i];
        int share = (int)(covered * 255.0f + 0.5f);
        if (share > 0) row[run->start + i] = lamina_over_share(row[run->start + i], color, share > 255 ? 255 : (uint32_t)share);
    }
}

/* What a fill worked out, kept to fill the outline at the same place
   again without working it out (`lamina_convex_fill_recorded`): for each
   row, the pixels the outline covers in part or in whole from `left_start`
   to `right_end`, those wholly inside from `inside_start` to `inside_end`
   blended as a run, the others by their shares, kept from `shares_at` in
   the sink's `shares` (left of the inside, then right of it). A row with
   no run inside has inside_start == inside_end == right_end. */
typedef struct {
    int32_t left_start, inside_start, inside_end, right_end, shares_at;
} lamina_coverage_row;

typedef struct {
    lamina_coverage_row *rows;
    uint8_t *shares;
    int capacity, used;
    /* Set when `shares` was too small: the record is not whole. */
    int overflowed;
} lamina_coverage_sink;

/* Keeps the run's shares, as `lamina_convex_blend_run` works them out. */
static inline void lamina_convex_record_run(lamina_coverage_sink *sink, lamina_run *run, float base) {
    if (sink->used + run->length > sink->capacity) {
        sink->overflowed = 1;
        return;
    }
    float full = base;
    for (int i = 0; i < run->length; i++) {
        full += run->steps[i];
        float covered = full + run->partial[i];
        int share = (int)(covered * 255.0f + 0.5f);
        sink->shares[sink->used++] = share <= 0 ? 0 : share > 255 ? 255 : (uint8_t)share;
    }
}

/* Adds the covered pixels [x1, x2) of row y to `boxes` (`count` so far):
   the last box lengthened down when the row covers the same columns.
   Returns the new count. */
static inline int lamina_add_box(lamina_box *boxes, int count, int x1, int x2, int y) {
    if (count > 0 && boxes[count - 1].x1 == x1 && boxes[count - 1].x2 == x2 && boxes[count - 1].y2 == y) {
        boxes[count - 1].y2 = y + 1;
        return count;
    }
    boxes[count] = (lamina_box){x1, y, x2, y + 1};
    return count + 1;
}

/* A run over columns [start, end), within the clip, its arrays cleared. */
static inline lamina_run lamina_convex_run(double start, double end, int clip_x1, int clip_x2, float *memory) {
    double s = start < clip_x1 ? clip_x1 : start > clip_x2 ? clip_x2 : start;
    double e = end < s ? s : end > clip_x2 ? clip_x2 : end;
    lamina_run run = {(int)s, (int)e - (int)s, memory, memory + (clip_x2 - clip_x1 + 1)};
    for (int i = 0; i < run.length; i++) run.partial[i] = run.steps[i] = 0;
    return run;
}

/* Fills rows [first_row, end_row) (within the clip and the outline) and
   returns how many boxes of wholly covered pixels it wrote (at most one a
   row: `boxes` must hold end_row - first_row), or, when `wide`, blends
   those too (`lamina_over_solid_row_avx2`) and returns 0. `stride` is in pixels;
   `memory` must hold 2 * (clip_x2 - clip_x1 + 1) floats. */
static inline __attribute__((always_inline)) int
lamina_convex_walk(uint32_t *pixels, intptr_t stride,
                   const double *left_chain, int left_count, const double *right_chain, int right_count,
                   double offset_x, double offset_y, double top, double bottom,
                   int clip_x1, int clip_x2, int first_row, int end_row,
                   uint32_t color, int wide, lamina_box *boxes, float *memory, lamina_coverage_sink *sink) {
    lamina_chain left = {left_chain, left_chain + left_count, left_chain + 2 * left_count, left_count, 0};
    lamina_chain right = {right_chain, right_chain + right_count, right_chain + 2 * right_count, right_count, 0};
    int box_count = 0;
    for (int y = first_row; y < end_row; y++) {
        if (sink) sink->rows[y - first_row] = (lamina_coverage_row){0, 0, 0, 0, sink->used};
        /* The row in the outline's own space, within its top and bottom. */
        double y0 = y - offset_y, y1 = y0 + 1;
        /* Decided before clamping: y0 + 1 - y0 may miss 1 by an ulp. */
        int whole_row = y0 >= top && y1 <= bottom;
        if (y0 < top) y0 = top;
        if (y1 > bottom) y1 = bottom;
        if (!(y1 > y0)) continue;
        double left_low, left_high, right_low, right_high;
        lamina_chain_extent(&left, y0, y1, &left_low, &left_high);
        lamina_chain_extent(&right, y0, y1, &right_low, &right_high);
        if (!(left_low <= left_high) || !(right_low <= right_high)) continue;
        left_low = lamina_held(left_low + offset_x);
        left_high = lamina_held(left_high + offset_x);
        right_low = lamina_held(right_low + offset_x);
        right_high = lamina_held(right_high + offset_x);
        /* No pixels when recording (null + 0 is undefined in C). */
        uint32_t *row = sink ? 0 : pixels + (intptr_t)y * stride;
        double inside_start = lamina_ceil(left_high), inside_end = lamina_floor(right_low);
        if (whole_row && inside_end > inside_start && inside_end > clip_x1 && inside_start < clip_x2) {
            lamina_run run = lamina_convex_run(lamina_floor(left_low), inside_start, clip_x1, clip_x2, memory);
            lamina_convex_chain_pieces(&left, &run, y0, y1, offset_x, 1);
            int left_start = run.start;
            if (sink) lamina_convex_record_run(sink, &run, 0); else lamina_convex_blend_run(row, &run, 0, color);
            run = lamina_convex_run(inside_end, lamina_ceil(right_high), clip_x1, clip_x2, memory);
            lamina_convex_chain_pieces(&right, &run, y0, y1, offset_x, -1);
            if (sink) lamina_convex_record_run(sink, &run, 1); else lamina_convex_blend_run(row, &run, 1, color);
            int x1 = inside_start < clip_x1 ? clip_x1 : (int)inside_start;
            int x2 = inside_end > clip_x2 ? clip_x2 : (int)inside_end;
            if (sink) {
                sink->rows[y - first_row].left_start = left_start;
                sink->rows[y - first_row].inside_start = x1;
                sink->rows[y - first_row].inside_end = x2;
                sink->rows[y - first_row].right_end = run.start + run.length;
            } else if (wide) {
                lamina_over_solid_row_avx2(row + x1, x2 - x1, color);
            } else {
                box_count = lamina_add_box(boxes, box_count, x1, x2, y);
            }
        } else {
            double start = left_low < right_low ? left_low : right_low;
            double end = left_high > right_high ? left_high : right_high;
            lamina_run run = lamina_convex_run(lamina_floor(start), lamina_ceil(end) + 1, clip_x1, clip_x2, memory);
            lamina_convex_chain_pieces(&left, &run, y0, y1, offset_x, 1);
            lamina_convex_chain_pieces(&right, &run, y0, y1, offset_x, -1);
            if (sink) {
                lamina_convex_record_run(sink, &run, 0);
                int end = run.start + run.length;
                sink->rows[y - first_row] = (lamina_coverage_row){run.start, end, end, end, sink->rows[y - first_row].shares_at};
            } else {
                lamina_convex_blend_run(row, &run, 0, color);
            }
        }
    }
    return box_count;
}

static inline int
lamina_convex_fill(uint32_t *pixels, intptr_t stride,
                   const double *left_chain, int left_count, const double *right_chain, int right_count,
                   double offset_x, double offset_y, double top, double bottom,
                   int clip_x1, int clip_x2, int first_row, int end_row,
                   uint32_t color, int wide, lamina_box *boxes, float *memory) {
    return lamina_convex_walk(pixels, stride, left_chain, left_count, right_chain, right_count, offset_x, offset_y,
                              top, bottom, clip_x1, clip_x2, first_row, end_row, color, wide, boxes, memory, 0);
}

/* Works out what `lamina_convex_fill` would blend over rows [first_row,
   end_row) and columns [clip_x1, clip_x2), into `sink` (whose `rows` holds
   end_row - first_row), without touching any pixel. Returns 0 when the
   sink's shares overflowed (nothing usable kept). `memory` as for the fill. */
static inline int
lamina_convex_record(const double *left_chain, int left_count, const double *right_chain, int right_count,
                     double offset_x, double offset_y, double top, double bottom,
                     int clip_x1, int clip_x2, int first_row, int end_row, float *memory, lamina_coverage_sink *sink) {
    sink->used = 0;
    sink->overflowed = 0;
    lamina_convex_walk(0, 0, left_chain, left_count, right_chain, right_count, offset_x, offset_y,
                       top, bottom, clip_x1, clip_x2, first_row, end_row, 0, 0, 0, memory, sink);
    return !sink->overflowed;
}

/* The fill a record stands for (`lamina_convex_record`, rows from
   `first_row`, `row_count` of them), blended over the part of it within
   the clip [clip_x1, clip_x2) x [clip_y1, clip_y2): the pixels the fill
   itself gives there over the record's columns. (A fill over a narrower
   clip sums its edge pieces in another order, and a share that falls
   within a rounding error of a level's edge may come out a level apart.)
   Returns the boxes of wholly covered pixels, as the fill does, or blends
   them when `wide`. */
static inline int
lamina_convex_fill_recorded(uint32_t *pixels, intptr_t stride, const lamina_coverage_row *rows, const uint8_t *shares,
                            int first_row, int row_count, int clip_x1, int clip_x2, int clip_y1, int clip_y2,
                            uint32_t color, int wide, lamina_box *boxes) {
    int box_count = 0;
    int from = clip_y1 > first_row ? clip_y1 : first_row;
    int to = clip_y2 < first_row + row_count ? clip_y2 : first_row + row_count;
    for (int y = from; y < to; y++) {
        lamina_coverage_row r = rows[y - first_row];
        uint32_t *row = pixels + (intptr_t)y * stride;
        const uint8_t *left = shares + r.shares_at;
        const uint8_t *right = left + (r.inside_start - r.left_start);
        int a = r.left_start > clip_x1 ? r.left_start : clip_x1, b = r.inside_start < clip_x2 ? r.inside_start : clip_x2;
        for (int x = a; x < b; x++) {
            uint32_t share = left[x - r.left_start];
            if (share > 0) row[x] = lamina_over_share(row[x], color, share);
        }
        a = r.inside_end > clip_x1 ? r.inside_end : clip_x1;
        b = r.right_end < clip_x2 ? r.right_end : clip_x2;
        for (int x = a; x < b; x++) {
            uint32_t share = right[x - r.inside_end];
            if (share > 0) row[x] = lamina_over_share(row[x], color, share);
        }
        int x1 = r.inside_start > clip_x1 ? r.inside_start : clip_x1;
        int x2 = r.inside_end < clip_x2 ? r.inside_end : clip_x2;
        if (x2 <= x1) continue;
        if (wide) {
            lamina_over_solid_row_avx2(row + x1, x2 - x1, color);
        } else {
            box_count = lamina_add_box(boxes, box_count, x1, x2, y);
        }
    }
    return box_count;
}

#endif
