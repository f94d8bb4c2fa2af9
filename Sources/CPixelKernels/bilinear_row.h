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

/* For each i < count, `out[i]` = the bitmap (`width` x `height` premultiplied
   a8r8g8b8 pixels, rows `stride` bytes apart) sampled bilinearly at 16.16
   position (xs[i], ys[i]), a pixel centre's as pixman computes it: the
   fetch starts half a pixel up and left (wrapping in 32 bits, as pixman's
   arithmetic does). */
static inline void
lamina_bilinear_row(const uint8_t *base, intptr_t stride, int32_t width, int32_t height,
                    const int32_t *xs, const int32_t *ys, intptr_t count, uint32_t *out) {
    for (intptr_t i = 0; i < count; i++) {
        intptr_t ahead = i + LAMINA_ROW_PREFETCH_AHEAD < count ? i + LAMINA_ROW_PREFETCH_AHEAD : count - 1;
        /* Address arithmetic in integers: a position far outside is no
           pointer into the bitmap, and a prefetch of any address is safe. */
        uintptr_t line = (uintptr_t)base + (uintptr_t)((intptr_t)(ys[ahead] >> 16) * stride)
                       + (uintptr_t)((intptr_t)(xs[ahead] >> 16) * 4);
        __builtin_prefetch((const void *)line, 0, 3);
        __builtin_prefetch((const void *)(line + (uintptr_t)stride), 0, 3);

        int32_t x = (int32_t)((uint32_t)xs[i] - 0x8000u), y = (int32_t)((uint32_t)ys[i] - 0x8000u);
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
            out[i] = 0;
            continue;
        }
        out[i] = lamina_bilinear_blend(top, bottom, (uint32_t)(x >> 9) & 0x7F, (uint32_t)(y >> 9) & 0x7F);
    }
}

#endif
