/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written AVX2 pieces of ML-KEM's avx2 build: SampleNTT's
 * rejection step (16 candidates per step) and the 16 x 16 transpose between
 * FIPS order and the NTT kernels' B order.  Intrinsics, included by
 * mlkem_avx2.c only, which compiles with LF_ISA_FLAGS_avx2.
 *
 * ABI: static inline C functions (no symbols of their own): the compiler
 * allocates their registers under the SysV ABI like any C code, so there is
 * no hand-managed register or stack state for tests/abi to check; their
 * results are checked by every ML-KEM test on back end avx2.
 *
 * Rejection step: 24 bytes (a 32-byte load: buf must be readable 8 bytes
 * past len, as the lane pool's block buffer is), vpermq puts bytes 0..15 in
 * the low 128-bit lane and 8..23 in the high one, vpshufb forms the words,
 * even words masked to 12 bits and odd ones shifted right by 4: the 16
 * candidates in order.  The compare with q, packed to bytes, gives an 8-bit
 * accept mask per half; AVX2 has no compress, so each half is compacted by
 * vpshufb with indices from lf_mlkem_rej_nib (the positions of the set bits
 * of the mask, 4 bits each, a table computed by the compiler from the
 * macros below), widened to byte pairs, and stored whole at a + ctr (the
 * caller leaves 16 entries of room past 256).  Public data only (the
 * matrix seed): the table index and the loop exit depend on it. */
#ifndef LF_MLKEM_AVX2_H
#define LF_MLKEM_AVX2_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* entry m: the positions of the set bits of m, lowest first, one per
 * nibble; LF_MLKEM_POP8 counts the bits below position k */
#define LF_MLKEM_POP8(x)                                                                           \
    (((x) & 1) + ((x) >> 1 & 1) + ((x) >> 2 & 1) + ((x) >> 3 & 1) + ((x) >> 4 & 1) +                 \
     ((x) >> 5 & 1) + ((x) >> 6 & 1) + ((x) >> 7 & 1))
#define LF_MLKEM_NIB(m, k) ((uint64_t)((m) >> (k) & 1) * ((uint64_t)(k) << (4 * LF_MLKEM_POP8((m) & ((1 << (k)) - 1)))))
#define LF_MLKEM_E1(m)                                                                             \
    (LF_MLKEM_NIB(m, 0) | LF_MLKEM_NIB(m, 1) | LF_MLKEM_NIB(m, 2) | LF_MLKEM_NIB(m, 3) |             \
     LF_MLKEM_NIB(m, 4) | LF_MLKEM_NIB(m, 5) | LF_MLKEM_NIB(m, 6) | LF_MLKEM_NIB(m, 7))
#define LF_MLKEM_E4(m) LF_MLKEM_E1(m), LF_MLKEM_E1(m + 1), LF_MLKEM_E1(m + 2), LF_MLKEM_E1(m + 3)
#define LF_MLKEM_E16(m) LF_MLKEM_E4(m), LF_MLKEM_E4(m + 4), LF_MLKEM_E4(m + 8), LF_MLKEM_E4(m + 12)
#define LF_MLKEM_E64(m) LF_MLKEM_E16(m), LF_MLKEM_E16(m + 16), LF_MLKEM_E16(m + 32), LF_MLKEM_E16(m + 48)
static const uint64_t lf_mlkem_rej_nib[256] = {LF_MLKEM_E64(0), LF_MLKEM_E64(64), LF_MLKEM_E64(128),
                                               LF_MLKEM_E64(192)};
#define LF_MLKEM_P1(m) LF_MLKEM_POP8(m)
#define LF_MLKEM_P4(m) LF_MLKEM_P1(m), LF_MLKEM_P1(m + 1), LF_MLKEM_P1(m + 2), LF_MLKEM_P1(m + 3)
#define LF_MLKEM_P16(m) LF_MLKEM_P4(m), LF_MLKEM_P4(m + 4), LF_MLKEM_P4(m + 8), LF_MLKEM_P4(m + 12)
#define LF_MLKEM_P64(m) LF_MLKEM_P16(m), LF_MLKEM_P16(m + 16), LF_MLKEM_P16(m + 32), LF_MLKEM_P16(m + 48)
static const uint8_t lf_mlkem_rej_pop[256] = {LF_MLKEM_P64(0), LF_MLKEM_P64(64), LF_MLKEM_P64(128),
                                              LF_MLKEM_P64(192)};

/* the 8 words of v whose bits are set in m, first, stored at a */
static inline void lf_mlkem_rej8_avx2(int16_t *a, __m128i v, unsigned m)
{
    __m128i n = _mm_cvtsi64_si128((long long)lf_mlkem_rej_nib[m]);
    n = _mm_unpacklo_epi8(_mm_and_si128(n, _mm_set1_epi8(15)),
                          _mm_and_si128(_mm_srli_epi16(n, 4), _mm_set1_epi8(15))); /* nibbles -> bytes */
    __m128i w = _mm_cvtepu8_epi16(n);                                            /* word indices k */
    w = _mm_or_si128(_mm_slli_epi16(w, 1), _mm_add_epi16(_mm_slli_epi16(w, 9), _mm_set1_epi16(0x100)));
    _mm_storeu_si128((__m128i *)(void *)a, _mm_shuffle_epi8(v, w)); /* bytes 2k, 2k + 1 */
}

static inline unsigned lf_mlkem_rej_avx2(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
    const __m256i shuf = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 4, 5, 5,
                                          6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
    const __m256i q = _mm256_set1_epi16(3329), m12 = _mm256_set1_epi16(0xfff);
    for (size_t p = 0; ctr < 256 && p + 24 <= len; p += 24) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(buf + p));
        v = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(v, 0x94), shuf); /* qwords 0, 1, 1, 2 */
        v = _mm256_blend_epi16(_mm256_and_si256(v, m12), _mm256_srli_epi16(v, 4), 0xaa);
        __m256i ok = _mm256_cmpgt_epi16(q, v);
        unsigned m = (unsigned)_mm256_movemask_epi8(
            _mm256_permute4x64_epi64(_mm256_packs_epi16(ok, ok), 0xd8)); /* bit i: candidate i */
        unsigned lo = m & 0xff, hi = (m >> 8) & 0xff;
        lf_mlkem_rej8_avx2(a + ctr, _mm256_castsi256_si128(v), lo);
        ctr += lf_mlkem_rej_pop[lo];
        lf_mlkem_rej8_avx2(a + ctr, _mm256_extracti128_si256(v, 1), hi);
        ctr += lf_mlkem_rej_pop[hi];
    }
    return ctr;
}

/* r[16 j + i] = a[16 i + j] (r must not alias a): one row per ymm, the
 * classic four stages (unpack of words, dwords, qwords between row pairs,
 * then the 128-bit halves swapped across), 64 instructions. */
static inline void lf_mlkem_transpose_avx2(int16_t r[256], const int16_t a[256])
{
    __m256i x[16], y[16];
    for (int i = 0; i < 16; i++) x[i] = _mm256_loadu_si256((const __m256i *)(const void *)(a + 16 * i));
    for (int i = 0; i < 16; i += 2) { /* (row i, row i+1) word pairs: columns 0-3 | 8-11, 4-7 | 12-15 */
        y[i] = _mm256_unpacklo_epi16(x[i], x[i + 1]);
        y[i + 1] = _mm256_unpackhi_epi16(x[i], x[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) { /* four rows: columns (0,1) (2,3) (4,5) (6,7) | +8 */
        x[i] = _mm256_unpacklo_epi32(y[i], y[i + 2]);
        x[i + 1] = _mm256_unpackhi_epi32(y[i], y[i + 2]);
        x[i + 2] = _mm256_unpacklo_epi32(y[i + 1], y[i + 3]);
        x[i + 3] = _mm256_unpackhi_epi32(y[i + 1], y[i + 3]);
    }
    for (int i = 0; i < 16; i += 8) /* eight rows: y[i + c] = column c | column c + 8 */
        for (int j = 0; j < 4; j++) {
            y[i + 2 * j] = _mm256_unpacklo_epi64(x[i + j], x[i + 4 + j]);
            y[i + 2 * j + 1] = _mm256_unpackhi_epi64(x[i + j], x[i + 4 + j]);
        }
    for (int c = 0; c < 8; c++) { /* rows 0-7 and 8-15 of columns c and c + 8 */
        _mm256_storeu_si256((__m256i *)(void *)(r + 16 * c), _mm256_permute2x128_si256(y[c], y[8 + c], 0x20));
        _mm256_storeu_si256((__m256i *)(void *)(r + 16 * (c + 8)),
                            _mm256_permute2x128_si256(y[c], y[8 + c], 0x31));
    }
}

#endif
