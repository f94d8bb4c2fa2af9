/* The vector loop of the one-pass bloom (`bloom_over.h`), written once for
   any vector width and included once per width: SSE2 (four pixels a
   vector) everywhere on x86-64, AVX2 (eight) where the processor has it.
   AVX2's byte and word instructions work on each 128-bit half apart, as
   SSE2's do on the whole register, and every step below keeps a pixel's
   channels in its half, so the same code is right at either width.

   The includer defines:
     LB_VEC          the vector type
     LB_LANES        pixels a vector holds
     LB(op)          an intrinsic with an element suffix (`_mm_##op`)
     LB_SI(op)       a whole-register intrinsic (`_mm_##op##_si128`)
     LB_ALL_EQUAL    `movemask_epi8` of an all-true comparison
     LB_FN(name)     this width's name for `name`
     LB_ATTR         attributes of the inlined helpers here
     LB_ROW_ATTR     attributes of the row function
     LB_TAIL         what finishes a span the vectors left: a narrower
                     span function with this one's parameters.
   This file undefines them at its end, ready for the next width. */

/* MUL_UN8 on 16-bit lanes holding bytes, as pixman's SSE2 code does it. */
LB_ATTR LB_VEC LB_FN(mul_un8)(LB_VEC a, LB_VEC b) {
    LB_VEC t = LB(adds_epu16)(LB(mullo_epi16)(a, b), LB(set1_epi16)(0x80));
    return LB(mulhi_epu16)(t, LB(set1_epi16)(0x101));
}

/* `top·(128 - wy) + bottom·wy` per channel, for the pixels in 16-bit lanes. */
LB_ATTR LB_VEC LB_FN(vertical_sum)(LB_VEC top, LB_VEC bottom, LB_VEC upper_weight, LB_VEC lower_weight) {
    return LB(add_epi16)(LB(mullo_epi16)(top, upper_weight), LB(mullo_epi16)(bottom, lower_weight));
}

/* A vector of glow pixels resampled: output column x blends columns x and
   x + 1 of `top` and `bottom`, as `lamina_bilinear_blend` does. */
LB_ATTR LB_VEC LB_FN(glow_resampled)(const uint32_t *top, const uint32_t *bottom, LB_VEC upper_weight,
                                     LB_VEC lower_weight, LB_VEC column_weights) {
    const LB_VEC zero = LB_SI(setzero)();
    LB_VEC tl = LB_SI(loadu)((const LB_VEC *)top), tr = LB_SI(loadu)((const LB_VEC *)(top + 1));
    LB_VEC bl = LB_SI(loadu)((const LB_VEC *)bottom), br = LB_SI(loadu)((const LB_VEC *)(bottom + 1));
    LB_VEC left_low = LB_FN(vertical_sum)(LB(unpacklo_epi8)(tl, zero), LB(unpacklo_epi8)(bl, zero), upper_weight, lower_weight);
    LB_VEC right_low = LB_FN(vertical_sum)(LB(unpacklo_epi8)(tr, zero), LB(unpacklo_epi8)(br, zero), upper_weight, lower_weight);
    LB_VEC left_high = LB_FN(vertical_sum)(LB(unpackhi_epi8)(tl, zero), LB(unpackhi_epi8)(bl, zero), upper_weight, lower_weight);
    LB_VEC right_high = LB_FN(vertical_sum)(LB(unpackhi_epi8)(tr, zero), LB(unpackhi_epi8)(br, zero), upper_weight, lower_weight);
    /* Each lane is at most 255 x 128: signed 16-bit pairs for pmaddwd. */
    LB_VEC p0 = LB(srli_epi32)(LB(madd_epi16)(LB(unpacklo_epi16)(left_low, right_low), column_weights), 14);
    LB_VEC p1 = LB(srli_epi32)(LB(madd_epi16)(LB(unpackhi_epi16)(left_low, right_low), column_weights), 14);
    LB_VEC p2 = LB(srli_epi32)(LB(madd_epi16)(LB(unpacklo_epi16)(left_high, right_high), column_weights), 14);
    LB_VEC p3 = LB(srli_epi32)(LB(madd_epi16)(LB(unpackhi_epi16)(left_high, right_high), column_weights), 14);
    return LB(packus_epi16)(LB(packs_epi32)(p0, p1), LB(packs_epi32)(p2, p3));
}

/* `(a·(128 - w) + b·w) >> 7` per channel: a bilinear blend whose other
   weight is 0, so pixman's sum shifted by 14 is exactly this (each lane at
   most 255 x 128: unsigned 16 bits). */
LB_ATTR LB_VEC LB_FN(lerp)(LB_VEC a, LB_VEC b, LB_VEC a_weight, LB_VEC b_weight) {
    const LB_VEC zero = LB_SI(setzero)();
    LB_VEC low = LB(add_epi16)(LB(mullo_epi16)(LB(unpacklo_epi8)(a, zero), a_weight),
                               LB(mullo_epi16)(LB(unpacklo_epi8)(b, zero), b_weight));
    LB_VEC high = LB(add_epi16)(LB(mullo_epi16)(LB(unpackhi_epi8)(a, zero), a_weight),
                                LB(mullo_epi16)(LB(unpackhi_epi8)(b, zero), b_weight));
    return LB(packus_epi16)(LB(srli_epi16)(low, 7), LB(srli_epi16)(high, 7));
}

/* `lamina_bloom_over_row`'s work for one way of reading the glow and a
   group that is there or not (constants once inlined, so each gets a loop
   of its own): whole vectors here, the rest by `LB_TAIL`. */
LB_ATTR void LB_FN(bloom_over_span)(uint32_t *dest, const uint32_t *under, const uint32_t *group, const uint32_t *glow_top,
                                    const uint32_t *glow_bottom, uint32_t wx, uint32_t wy, uint32_t whole_steps,
                                    uint32_t level, intptr_t count, const int mode, const int grouped) {
    /* Where nothing is added, `dest` keeps what it held: `under`'s pixels
       when they come from elsewhere. */
    const int in_place = under == dest;
    intptr_t x = 0;
    const LB_VEC zero = LB_SI(setzero)();
    const LB_VEC upper_weight = LB(set1_epi16)((short)(128 - wy)), lower_weight = LB(set1_epi16)((short)wy);
    const LB_VEC left_weight = LB(set1_epi16)((short)(128 - wx)), right_weight = LB(set1_epi16)((short)wx);
    const LB_VEC column_weights = LB(set1_epi32)((int)((wx << 16) | (128 - wx)));
    const LB_VEC level16 = LB(set1_epi16)((short)level);
    const LB_VEC alpha_mask = LB(set1_epi32)((int)0xFF000000u);
    const LB_VEC low_bytes = LB(set1_epi16)(0x00FF);
    for (; x + LB_LANES <= count; x += LB_LANES) {
        LB_VEC s = grouped ? LB_SI(loadu)((const LB_VEC *)(group + x)) : zero;
        /* No group and no glow here (inside the ring, beyond the blur):
           nothing to add, and the destination stays as it is. */
        LB_VEC sources = LB_SI(or)(s, LB_SI(loadu)((const LB_VEC *)(glow_top + x)));
        if (mode == LAMINA_GLOW_HORIZONTAL || mode == LAMINA_GLOW_BILINEAR)
            sources = LB_SI(or)(sources, LB_SI(loadu)((const LB_VEC *)(glow_top + x + 1)));
        if (mode == LAMINA_GLOW_VERTICAL || mode == LAMINA_GLOW_BILINEAR)
            sources = LB_SI(or)(sources, LB_SI(loadu)((const LB_VEC *)(glow_bottom + x)));
        if (mode == LAMINA_GLOW_BILINEAR)
            sources = LB_SI(or)(sources, LB_SI(loadu)((const LB_VEC *)(glow_bottom + x + 1)));
        if (LB(movemask_epi8)(LB(cmpeq_epi8)(sources, zero)) == LB_ALL_EQUAL) {
            if (!in_place) LB_SI(storeu)((LB_VEC *)(dest + x), LB_SI(loadu)((const LB_VEC *)(under + x)));
            continue;
        }
        LB_VEC glow;
        switch (mode) {
        case LAMINA_GLOW_AS_IS: glow = LB_SI(loadu)((const LB_VEC *)(glow_top + x)); break;
        case LAMINA_GLOW_VERTICAL:
            glow = LB_FN(lerp)(LB_SI(loadu)((const LB_VEC *)(glow_top + x)),
                               LB_SI(loadu)((const LB_VEC *)(glow_bottom + x)), upper_weight, lower_weight);
            break;
        case LAMINA_GLOW_HORIZONTAL:
            glow = LB_FN(lerp)(LB_SI(loadu)((const LB_VEC *)(glow_top + x)),
                               LB_SI(loadu)((const LB_VEC *)(glow_top + x + 1)), left_weight, right_weight);
            break;
        default:
            glow = LB_FN(glow_resampled)(glow_top + x, glow_bottom + x, upper_weight, lower_weight, column_weights);
        }
        for (uint32_t n = 0; n < whole_steps; n++) s = LB(adds_epu8)(s, glow);
        if (level) {
            LB_VEC low = LB_FN(mul_un8)(LB(unpacklo_epi8)(glow, zero), level16);
            LB_VEC high = LB_FN(mul_un8)(LB(unpackhi_epi8)(glow, zero), level16);
            s = LB(adds_epu8)(s, LB(packus_epi16)(low, high));
        }
        /* Transparent: the destination stays as it is. Opaque: replaced. */
        LB_VEC *out = (LB_VEC *)(dest + x);
        if (LB(movemask_epi8)(LB(cmpeq_epi8)(s, zero)) == LB_ALL_EQUAL) {
            if (!in_place) LB_SI(storeu)(out, LB_SI(loadu)((const LB_VEC *)(under + x)));
            continue;
        }
        if (LB(movemask_epi8)(LB(cmpeq_epi32)(LB_SI(and)(s, alpha_mask), alpha_mask)) == LB_ALL_EQUAL) {
            LB_SI(storeu)(out, s);
            continue;
        }
        LB_VEC d = LB_SI(loadu)((const LB_VEC *)(under + x));
        LB_VEC s_low = LB(unpacklo_epi8)(s, zero), s_high = LB(unpackhi_epi8)(s, zero);
        /* 255 - alpha, in every lane of its pixel. */
        LB_VEC inverse_low = LB_SI(xor)(LB(shufflehi_epi16)(LB(shufflelo_epi16)(s_low, 0xFF), 0xFF), low_bytes);
        LB_VEC inverse_high = LB_SI(xor)(LB(shufflehi_epi16)(LB(shufflelo_epi16)(s_high, 0xFF), 0xFF), low_bytes);
        LB_VEC d_low = LB_FN(mul_un8)(LB(unpacklo_epi8)(d, zero), inverse_low);
        LB_VEC d_high = LB_FN(mul_un8)(LB(unpackhi_epi8)(d, zero), inverse_high);
        LB_SI(storeu)(out, LB(adds_epu8)(s, LB(packus_epi16)(d_low, d_high)));
    }
    if (x < count)
        LB_TAIL(dest + x, under + x, grouped ? group + x : group, glow_top + x, mode == LAMINA_GLOW_AS_IS ? glow_bottom : glow_bottom + x,
                wx, wy, whole_steps, level, count - x, mode, grouped);
}

/* The span for a group that is there or not (NULL: transparent). */
LB_ATTR void LB_FN(bloom_over_spans)(uint32_t *dest, const uint32_t *under, const uint32_t *group,
                                     const uint32_t *glow_top, const uint32_t *glow_bottom, uint32_t wx, uint32_t wy,
                                     uint32_t whole_steps, uint32_t level, intptr_t count, const int mode) {
    if (group) LB_FN(bloom_over_span)(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, mode, 1);
    else LB_FN(bloom_over_span)(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count, mode, 0);
}

/* `lamina_bloom_over_row` at this width: the way the glow is read picked
   once for the row. */
LB_ROW_ATTR void LB_FN(bloom_over_row)(uint32_t *dest, const uint32_t *under, const uint32_t *group,
                                   const uint32_t *glow_top, const uint32_t *glow_bottom, uint32_t wx, uint32_t wy,
                                   uint32_t whole_steps, uint32_t level, intptr_t count) {
    if (!glow_bottom) {
        LB_FN(bloom_over_spans)(dest, under, group, glow_top, 0, 0, 0, whole_steps, level, count, LAMINA_GLOW_AS_IS);
    } else if (wx == 0) {
        LB_FN(bloom_over_spans)(dest, under, group, glow_top, glow_bottom, 0, wy, whole_steps, level, count,
                                LAMINA_GLOW_VERTICAL);
    } else if (wy == 0) {
        LB_FN(bloom_over_spans)(dest, under, group, glow_top, glow_bottom, wx, 0, whole_steps, level, count,
                                LAMINA_GLOW_HORIZONTAL);
    } else {
        LB_FN(bloom_over_spans)(dest, under, group, glow_top, glow_bottom, wx, wy, whole_steps, level, count,
                                LAMINA_GLOW_BILINEAR);
    }
}

/* `lamina_resample_row` at this width: whole vectors here, the last few
   pixels a pixel at a time. The weight that is 0 (a move along one axis)
   makes the blend a plain interpolation of two pixels, as in the glow. */
LB_ROW_ATTR void LB_FN(resample_row)(uint32_t *out, const uint32_t *top, const uint32_t *bottom, uint32_t wx, uint32_t wy,
                                     intptr_t count) {
    const LB_VEC upper_weight = LB(set1_epi16)((short)(128 - wy)), lower_weight = LB(set1_epi16)((short)wy);
    const LB_VEC left_weight = LB(set1_epi16)((short)(128 - wx)), right_weight = LB(set1_epi16)((short)wx);
    const LB_VEC column_weights = LB(set1_epi32)((int)((wx << 16) | (128 - wx)));
    intptr_t x = 0;
    if (wx == 0) {
        for (; x + LB_LANES <= count; x += LB_LANES)
            LB_SI(storeu)((LB_VEC *)(out + x), LB_FN(lerp)(LB_SI(loadu)((const LB_VEC *)(top + x)),
                                                            LB_SI(loadu)((const LB_VEC *)(bottom + x)), upper_weight, lower_weight));
    } else if (wy == 0) {
        for (; x + LB_LANES <= count; x += LB_LANES)
            LB_SI(storeu)((LB_VEC *)(out + x), LB_FN(lerp)(LB_SI(loadu)((const LB_VEC *)(top + x)),
                                                            LB_SI(loadu)((const LB_VEC *)(top + x + 1)), left_weight, right_weight));
    } else {
        for (; x + LB_LANES <= count; x += LB_LANES)
            LB_SI(storeu)((LB_VEC *)(out + x),
                          LB_FN(glow_resampled)(top + x, bottom + x, upper_weight, lower_weight, column_weights));
    }
    for (; x < count; x++) out[x] = lamina_glow_pixel(top, bottom, x, wx, wy);
}

#undef LB_VEC
#undef LB_LANES
#undef LB
#undef LB_SI
#undef LB_ALL_EQUAL
#undef LB_FN
#undef LB_ATTR
#undef LB_ROW_ATTR
#undef LB_TAIL
