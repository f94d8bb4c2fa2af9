#ifndef LAMINA_BILINEAR_ROW_AVX2_H
#define LAMINA_BILINEAR_ROW_AVX2_H

/* `lamina_bilinear_row` with AVX2, for processors that have it (asked once,
   `lamina_cpu_has_avx2`): two pixels' sums in each 256-bit register and the
   four rows' offsets with one 32-bit multiply, where SSE2 needs a register
   a pixel and pmuludq halves. The same sums, so the same pixels.

   Included by bilinear_row.h, after the helpers it shares. */

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/* Whether the processor and the system (which saves the wide registers)
   allow AVX2. */
static inline int lamina_cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

/* Two pixels' four channel sums, shifted: the pixels at `upper0` and
   `upper1` (and a row below each), their (w_tl, w_bl) weights in `left`
   and (w_tr, w_br) in `right`, pixel 0 in the low 128 bits. As
   `lamina_bilinear_sums`, two at a time. */
__attribute__((target("avx2"))) static inline __m256i
lamina_bilinear_sums2(const uint8_t *upper0, const uint8_t *upper1, intptr_t stride, __m256i left, __m256i right) {
    __m128i mixed0 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)upper0),
                                       _mm_loadl_epi64((const __m128i *)(upper0 + stride)));
    __m128i mixed1 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)upper1),
                                       _mm_loadl_epi64((const __m128i *)(upper1 + stride)));
    __m256i mixed = _mm256_inserti128_si256(_mm256_castsi128_si256(mixed0), mixed1, 1);
    const __m256i zero = _mm256_setzero_si256();
    __m256i sums = _mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi8(mixed, zero), left),
                                    _mm256_madd_epi16(_mm256_unpackhi_epi8(mixed, zero), right));
    return _mm256_srli_epi32(sums, 14);
}

/* `lamina_bilinear_row`'s loop with AVX2, for rows whose bitmap is below
   2^31 bytes (its offsets are 32-bit products). Returns how many pixels it
   did, a multiple of four; the caller does the rest. */
__attribute__((target("avx2"))) static inline intptr_t
lamina_bilinear_row_avx2(const uint8_t *base, intptr_t stride, int32_t width, int32_t height,
                         const lamina_projective_row *row, intptr_t first,
                         const int32_t *xy, intptr_t count, uint32_t *out) {
    const __m128i xLimit = _mm_set1_epi32(width - 2), yLimit = _mm_set1_epi32(height - 2);
    const __m128i stride32 = _mm_set1_epi32((int32_t)stride);
    /* Lanes 0-3 of the weights for pixel k, then lanes 4-7: pixel k in the
       low half of a register, pixel k + 1 in the high half. */
    const __m256i pick01 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), pick23 = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    /* The packed results come as pixels 0, 2, 0, 2 | 1, 3, 1, 3. */
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5);
    const intptr_t gap = lamina_prefetch_gap(xy, count, stride);
    intptr_t i = 0;
    for (; i + 4 <= count; i += 4) {
        lamina_bilinear_prefetch_ahead(base, stride, xy, count, i, gap);
        __m128i x0, y0, left, right;
        if (!lamina_bilinear_quad(xy, i, xLimit, yLimit, &x0, &y0, &left, &right)) {
            for (intptr_t k = i; k < i + 4; k++) out[k] = lamina_bilinear_pixman(base, stride, width, height, row, first + k);
            continue;
        }
        __m256i left4 = _mm256_castsi128_si256(left), right4 = _mm256_castsi128_si256(right);
        __m128i offsets = _mm_add_epi32(_mm_mullo_epi32(y0, stride32), _mm_slli_epi32(x0, 2));
        __m256i s01 = lamina_bilinear_sums2(base + _mm_cvtsi128_si32(offsets), base + _mm_extract_epi32(offsets, 1), stride,
                                            _mm256_permutevar8x32_epi32(left4, pick01),
                                            _mm256_permutevar8x32_epi32(right4, pick01));
        __m256i s23 = lamina_bilinear_sums2(base + _mm_extract_epi32(offsets, 2), base + _mm_extract_epi32(offsets, 3), stride,
                                            _mm256_permutevar8x32_epi32(left4, pick23),
                                            _mm256_permutevar8x32_epi32(right4, pick23));
        __m256i packed = _mm256_packus_epi16(_mm256_packs_epi32(s01, s23), _mm256_setzero_si256());
        _mm_storeu_si128((__m128i *)(out + i), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(packed, order)));
    }
    return i;
}

#else
static inline int lamina_cpu_has_avx2(void) { return 0; }
#endif

#endif
