/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SampleNTT's rejection step with AVX-512 (F, BW, VL): 16 candidates per
 * step.  Hand-written vector code (intrinsics), included by
 * mlkem_avx512.c only, which compiles with LF_ISA_FLAGS_avx512.
 *
 * ABI: a static inline C function (no symbol of its own): the compiler
 * allocates its registers under the SysV ABI like any C code, so there is
 * no hand-managed register or stack state for tests/abi to check; its
 * results are checked by every ML-KEM test on back end avx512.
 *
 * Step: 24 bytes by a masked load (no read past len), vpermd puts bytes
 * 0..11 in the low 128-bit lane and 12..23 in the high one, vpshufb forms
 * the words (b[3t] | b[3t+1] << 8, b[3t+1] | b[3t+2] << 8), even words
 * masked to 12 bits, odd ones shifted right by 4: the 16 candidates in
 * order.  The compare gives the accept mask; the words widened to dwords
 * are compressed (vpcompressd: AVX-512F has no word compress without
 * VBMI2), narrowed back and stored whole at a + ctr (the caller leaves 16
 * entries of room past 256).  Public data only (the matrix seed): the
 * loop exits on the count. */
#ifndef LF_MLKEM_REJ_AVX512_H
#define LF_MLKEM_REJ_AVX512_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

static inline unsigned lf_mlkem_rej_avx512(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
    const __m256i idx = _mm256_setr_epi32(0, 1, 2, 2, 3, 4, 5, 5);
    const __m256i shuf = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 0, 1, 1,
                                          2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11);
    const __m256i q = _mm256_set1_epi16(3329), m12 = _mm256_set1_epi16(0xfff);
    for (size_t p = 0; ctr < 256 && p + 24 <= len; p += 24) {
        __m256i v = _mm256_maskz_loadu_epi8(0x00ffffff, buf + p);
        v = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(v, idx), shuf);
        v = _mm256_blend_epi16(_mm256_and_si256(v, m12), _mm256_srli_epi16(v, 4), 0xaa);
        __mmask16 k = _mm256_cmplt_epu16_mask(v, q);
        __m512i w = _mm512_maskz_compress_epi32(k, _mm512_cvtepu16_epi32(v));
        _mm256_storeu_si256((__m256i *)(void *)(a + ctr), _mm512_cvtepi32_epi16(w));
        ctr += (unsigned)__builtin_popcount(k);
    }
    return ctr;
}

#endif
