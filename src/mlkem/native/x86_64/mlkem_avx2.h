/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written AVX2 pieces of ML-KEM's avx2 build: SampleNTT's
 * rejection step (16 candidates per step), the 16 x 16 transpose between
 * FIPS order and the NTT kernels' B order, and ByteEncode / Decompress for
 * d = 1, 4, 10.  Intrinsics, included by
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
#include <string.h>

#include "lf_internal.h" /* lf_wipe */
#include "mlkem/mlkem_rej_table.h"

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
    /* 32 vectors live in 16 registers: gcc 12 spills whole rows of x and y,
     * the secret key's among them (encode12 of s, decode12 of dk); wiped
     * like the other secrets on the stack (tests/mlkem/test_mlkem_residue.c) */
    lf_wipe(x, sizeof x);
    lf_wipe(y, sizeof y);
}


/* ByteEncode_d of 256 Compress_d values t (< 2^d) for d = 1, 4, 10;
 * returns 0 for the other d (the portable pack runs).  d = 10, 16 values
 * per step: vpmaddwd joins pairs (20 bits a dword), a shift by 12 and a
 * mask join dword pairs (40 bits a qword), vpshufb packs each 128-bit
 * lane's two 5-byte groups into its low 10 bytes; the lanes are stored 10
 * bytes apart (16-byte stores, each overwriting the previous one's 6 bytes
 * of slack; the last lane by 8 + 2 bytes, so nothing is written past 320).
 * d = 4, 32 values per step: vpmaddwd (t0 + t1 2^4), two packs and vpermd.
 * d = 1, 32 values: packed to bytes, bit 0 moved to bit 7, vpmovmskb. */
static inline int lf_mlkem_pack_avx2(uint8_t *out, const uint16_t t[256], unsigned d)
{
    if (d == 10) {
        const __m256i w = _mm256_set1_epi32(1 | 1024 << 16), m20 = _mm256_set1_epi64x(0xfffff);
        const __m256i sh = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, 0, 1,
                                            2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
        for (int i = 0; i < 16; i++) {
            __m256i a = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(t + 16 * i)), w);
            __m256i b = _mm256_srli_epi64(a, 12); /* the odd dword at bit 20 */
            a = _mm256_or_si256(_mm256_and_si256(a, m20), _mm256_andnot_si256(m20, b));
            a = _mm256_shuffle_epi8(a, sh);
            __m128i lo = _mm256_castsi256_si128(a), hi = _mm256_extracti128_si256(a, 1);
            _mm_storeu_si128((__m128i *)(void *)(out + 20 * i), lo);
            if (i < 15) {
                _mm_storeu_si128((__m128i *)(void *)(out + 20 * i + 10), hi);
            } else {
                _mm_storel_epi64((__m128i *)(void *)(out + 310), hi);
                uint16_t l2 = (uint16_t)_mm_extract_epi16(hi, 4);
                out[318] = (uint8_t)l2, out[319] = (uint8_t)(l2 >> 8);
            }
        }
        return 1;
    }
    if (d == 4) {
        const __m256i w = _mm256_set1_epi32(1 | 16 << 16), idx = _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0);
        for (int i = 0; i < 8; i++) {
            __m256i a0 = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(t + 32 * i)), w);
            __m256i a1 = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(t + 32 * i + 16)), w);
            __m256i b = _mm256_packus_epi32(a0, a1);  /* words, lanes interleaved */
            b = _mm256_packus_epi16(b, b);           /* bytes */
            b = _mm256_permutevar8x32_epi32(b, idx); /* in order, low 16 bytes */
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), _mm256_castsi256_si128(b));
        }
        return 1;
    }
    if (d == 1) {
        for (int i = 0; i < 8; i++) {
            __m256i a0 = _mm256_loadu_si256((const __m256i *)(const void *)(t + 32 * i));
            __m256i a1 = _mm256_loadu_si256((const __m256i *)(const void *)(t + 32 * i + 16));
            __m256i b = _mm256_permute4x64_epi64(_mm256_packs_epi16(a0, a1), 0xd8);
            uint32_t k = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(b, 7));
            for (int j = 0; j < 4; j++) out[4 * i + j] = (uint8_t)(k >> (8 * j));
        }
        return 1;
    }
    return 0;
}

/* r = Decompress_d(ByteDecode_d(in)) for d = 1, 4, 10; returns 0 for the
 * other d.  Decompress_d(y) = round(q y / 2^d) = vpmulhrsw(y 2^(15-d), q).
 * d = 10, 16 values per step: 10 bytes into each 128-bit lane (16-byte
 * loads 10 bytes apart; the last step's high lane through a copy, so
 * nothing is read past 320), vpshufb forms the word holding each value
 * (bytes 5g + 10j/8 and the next), vpmullw by 2^(6 - 10j mod 8) puts its
 * top at bit 15 and a shift by 6 leaves it alone.  d = 4: bytes widened to
 * dwords, the high nibble moved to the upper word.  d = 1: each bit
 * selects q/2 through a compare. */
static inline int lf_mlkem_decompress_avx2(int16_t r[256], const uint8_t *in, unsigned d)
{
    const __m256i q = _mm256_set1_epi16(3329);
    if (d == 10) {
        const __m256i sh = _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 0, 1, 1, 2, 2,
                                            3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9);
        const __m256i mul = _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1);
        for (int i = 0; i < 16; i++) {
            __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(in + 20 * i)), hi;
            if (i < 15) {
                hi = _mm_loadu_si128((const __m128i *)(const void *)(in + 20 * i + 10));
            } else {
                uint8_t last[16] = {0};
                memcpy(last, in + 310, 10);
                hi = _mm_loadu_si128((const __m128i *)(const void *)last);
            }
            __m256i a = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), sh);
            a = _mm256_srli_epi16(_mm256_mullo_epi16(a, mul), 6);
            _mm256_storeu_si256((__m256i *)(void *)(r + 16 * i), _mm256_mulhrs_epi16(_mm256_slli_epi16(a, 5), q));
        }
        return 1;
    }
    if (d == 4) {
        const __m256i lo = _mm256_set1_epi32(15), hi = _mm256_set1_epi32(0xf0);
        for (int i = 0; i < 16; i++) {
            __m256i x = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(in + 8 * i)));
            x = _mm256_or_si256(_mm256_and_si256(x, lo), _mm256_slli_epi32(_mm256_and_si256(x, hi), 12));
            _mm256_storeu_si256((__m256i *)(void *)(r + 16 * i), _mm256_mulhrs_epi16(_mm256_slli_epi16(x, 11), q));
        }
        return 1;
    }
    if (d == 1) {
        const __m256i bits = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
                                               16384, (short)0x8000);
        const __m256i h = _mm256_set1_epi16(1665); /* round(q / 2) */
        for (int i = 0; i < 16; i++) {
            __m256i k = _mm256_set1_epi16((short)(in[2 * i] | in[2 * i + 1] << 8));
            k = _mm256_cmpeq_epi16(_mm256_and_si256(k, bits), bits);
            _mm256_storeu_si256((__m256i *)(void *)(r + 16 * i), _mm256_and_si256(k, h));
        }
        return 1;
    }
    return 0;
}

#endif
