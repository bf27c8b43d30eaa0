/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written AVX-512 (F, BW, VL) pieces of ML-KEM's avx512 build:
 * SampleNTT's rejection step (16 candidates per step), the 16 x 16
 * transpose between FIPS order and the NTT kernels' B order, the squeezed
 * blocks of an x8 state, and ByteEncode / Decompress for every d.  Intrinsics,
 * included by mlkem_avx512.c only, which compiles with LF_ISA_FLAGS_avx512.
 *
 * ABI: static inline C functions (no symbols of their own): the compiler
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
#ifndef LF_MLKEM_AVX512_H
#define LF_MLKEM_AVX512_H

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

/* The squeezed words of an x8 Keccak state (keccak_internal.h: word i of
 * lane j at s[8 i + j]): words 0..23 of lane j to dst[j] (192 bytes, little
 * endian as x86 stores them), for the lane pool (mlkem_poly.h).  Three 8 x 8
 * qword transposes, each in three stages of vpermt2q on register pairs 4, 2
 * and 1 apart (a register bit swapped with a lane bit per stage): 72
 * permutes where the scalar copy took 168 loads and 168 stores. */
static inline void lf_mlkem_extract8_avx512(const uint64_t *s, uint8_t *const dst[8])
{
    const __m512i i1a = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
    const __m512i i1b = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
    const __m512i i2a = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const __m512i i2b = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    const __m512i i3a = _mm512_setr_epi64(0, 8, 2, 10, 4, 12, 6, 14);
    const __m512i i3b = _mm512_setr_epi64(1, 9, 3, 11, 5, 13, 7, 15);
    for (int blk = 0; blk < 3; blk++) {
        __m512i v[8], t[8];
        for (int k = 0; k < 8; k++) v[k] = _mm512_loadu_si512((const void *)(s + 8 * (8 * blk + k)));
        for (int k = 0; k < 4; k++) {
            t[k] = _mm512_permutex2var_epi64(v[k], i1a, v[k + 4]);
            t[k + 4] = _mm512_permutex2var_epi64(v[k], i1b, v[k + 4]);
        }
        for (int k = 0; k < 8; k += 4)
            for (int l = 0; l < 2; l++) {
                v[k + l] = _mm512_permutex2var_epi64(t[k + l], i2a, t[k + l + 2]);
                v[k + l + 2] = _mm512_permutex2var_epi64(t[k + l], i2b, t[k + l + 2]);
            }
        for (int k = 0; k < 8; k += 2) {
            t[k] = _mm512_permutex2var_epi64(v[k], i3a, v[k + 1]);
            t[k + 1] = _mm512_permutex2var_epi64(v[k], i3b, v[k + 1]);
        }
        for (int c = 0; c < 8; c++) _mm512_storeu_si512((void *)(dst[c] + 64 * blk), t[c]);
    }
}

/* r[16 j + i] = a[16 i + j] (its own inverse; r must not alias a): the
 * 256 int16 in 8 zmm (two rows each), three stages of two-source permutes
 * on register pairs 4, 2 and 1 apart.  Each stage exchanges one bit of the
 * register number (a bit of the row) with one bit of the lane (a bit of
 * the column); the last one also puts the lanes in their final order.  The
 * index vectors come from a small script (src/mlkem/README.md): stages 1
 * and 2 move whole qwords (vpermt2q), stage 3 words (vpermt2w).  24
 * permutes instead of 256 scalar loads and stores. */
static inline void lf_mlkem_transpose_avx512(int16_t r[256], const int16_t a[256])
{
    const __m512i s1a = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const __m512i s1b = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    const __m512i s2a = _mm512_setr_epi64(0, 8, 2, 10, 4, 12, 6, 14);
    const __m512i s2b = _mm512_setr_epi64(1, 9, 3, 11, 5, 13, 7, 15);
    const __m512i s3a = _mm512_set_epi16(61, 45, 29, 13, 57, 41, 25, 9, 53, 37, 21, 5, 49, 33, 17, 1,
                                         60, 44, 28, 12, 56, 40, 24, 8, 52, 36, 20, 4, 48, 32, 16, 0);
    const __m512i s3b = _mm512_set_epi16(63, 47, 31, 15, 59, 43, 27, 11, 55, 39, 23, 7, 51, 35, 19, 3,
                                         62, 46, 30, 14, 58, 42, 26, 10, 54, 38, 22, 6, 50, 34, 18, 2);
    __m512i v[8], t[8];
    for (int k = 0; k < 8; k++) v[k] = _mm512_loadu_si512((const void *)(a + 32 * k));
    for (int k = 0; k < 4; k++) {
        t[k] = _mm512_permutex2var_epi64(v[k], s1a, v[k + 4]);
        t[k + 4] = _mm512_permutex2var_epi64(v[k], s1b, v[k + 4]);
    }
    for (int k = 0; k < 8; k += 4)
        for (int l = 0; l < 2; l++) {
            v[k + l] = _mm512_permutex2var_epi64(t[k + l], s2a, t[k + l + 2]);
            v[k + l + 2] = _mm512_permutex2var_epi64(t[k + l], s2b, t[k + l + 2]);
        }
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm512_permutex2var_epi16(v[k], s3a, v[k + 1]);
        t[k + 1] = _mm512_permutex2var_epi16(v[k], s3b, v[k + 1]);
    }
    for (int k = 0; k < 8; k++) _mm512_storeu_si512((void *)(r + 32 * k), t[k]);
}


/* 32 values of 10 bits (words) -> 40 bytes, ByteEncode_10's layout, in the
 * low 40 bytes: vpmaddwd joins pairs (t0 + t1 2^10, 20 bits a dword), a
 * shift by 12 and a mask join the dword pairs (40 bits a qword, 5 bytes),
 * vpshufb packs the two 5-byte groups of each 128-bit lane, vpermw the
 * four 10-byte lane groups. */
static inline __m512i lf_mlkem_pack10x32_avx512(__m512i v)
{
    const __m512i w = _mm512_set1_epi32(1 | 1024 << 16), m20 = _mm512_set1_epi64(0xfffff);
    const __m512i sh = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1));
    const __m512i perm = _mm512_set_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 28, 27, 26, 25, 24, 20, 19, 18,
                                          17, 16, 12, 11, 10, 9, 8, 4, 3, 2, 1, 0);
    __m512i a = _mm512_madd_epi16(v, w);
    __m512i b = _mm512_srli_epi64(a, 12); /* the odd dword at bit 20 */
    a = _mm512_or_si512(_mm512_and_si512(a, m20), _mm512_andnot_si512(m20, b));
    return _mm512_permutexvar_epi16(perm, _mm512_shuffle_epi8(a, sh));
}

/* the inverse: 40 bytes at in (a masked load: nothing read past them) ->
 * 32 words of 10 bits.  vpermw puts each 10-byte group in a 128-bit lane,
 * vpshufb forms the word holding each value (bytes 5g + 10j/8 and the
 * next), vpsrlvw shifts by 10j mod 8. */
static inline __m512i lf_mlkem_unpack10x32_avx512(const uint8_t *in)
{
    const __m512i perm = _mm512_set_epi16(19, 19, 19, 19, 18, 17, 16, 15, 14, 14, 14, 14, 13, 12, 11, 10, 9, 9,
                                          9, 9, 8, 7, 6, 5, 4, 4, 4, 4, 3, 2, 1, 0);
    const __m512i sh = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9));
    const __m512i cnt = _mm512_broadcast_i32x4(_mm_setr_epi16(0, 2, 4, 6, 0, 2, 4, 6));
    __m512i a = _mm512_maskz_loadu_epi8((__mmask64)0xffffffffff, in);
    a = _mm512_shuffle_epi8(_mm512_permutexvar_epi16(perm, a), sh);
    return _mm512_and_si512(_mm512_srlv_epi16(a, cnt), _mm512_set1_epi16(1023));
}

/* ByteEncode_d of 256 Compress_d values t (< 2^d), every d of the scheme
 * (returns 1; 0 would leave it to the portable pack).  d = 10: 32 values
 * per step as above, one masked 40-byte store.  d = 5: vpmaddwd
 * (t0 + t1 2^5) and vpmovdw make 64 values 32 words of 10 bits, which
 * ByteEncode_10 lays out exactly as ByteEncode_5 the 64.  d = 11: pairs
 * (22 bits a dword) and dword pairs (44 bits a qword, a shift by 10), the
 * odd qword of each lane shifted left by 4 and the lane's 11 bytes
 * gathered by two vpshufb (byte 5 takes a nibble of each qword); four
 * masked 11-byte stores.  d = 4: vpmaddwd (t0 + t1 2^4), vpmovdb.  d = 1:
 * the values' low bits as a mask. */
static inline int lf_mlkem_pack_avx512(uint8_t *out, const uint16_t t[256], unsigned d)
{
    const __mmask64 k40 = (__mmask64)0xffffffffff;
    if (d == 10) {
        for (int i = 0; i < 8; i++)
            _mm512_mask_storeu_epi8(out + 40 * i, k40,
                                    lf_mlkem_pack10x32_avx512(_mm512_loadu_si512((const void *)(t + 32 * i))));
        return 1;
    }
    if (d == 5) {
        const __m512i w = _mm512_set1_epi32(1 | 32 << 16);
        for (int i = 0; i < 4; i++) {
            __m256i lo = _mm512_cvtepi32_epi16(_mm512_madd_epi16(_mm512_loadu_si512((const void *)(t + 64 * i)), w));
            __m256i hi = _mm512_cvtepi32_epi16(_mm512_madd_epi16(_mm512_loadu_si512((const void *)(t + 64 * i + 32)), w));
            __m512i v = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
            _mm512_mask_storeu_epi8(out + 40 * i, k40, lf_mlkem_pack10x32_avx512(v));
        }
        return 1;
    }
    if (d == 11) {
        const __m512i w = _mm512_set1_epi32(1 | 2048 << 16), m22 = _mm512_set1_epi64(0x3fffff);
        const __m512i odd4 = _mm512_set_epi64(4, 0, 4, 0, 4, 0, 4, 0);
        const __m512i sa = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        const __m512i sb = _mm512_broadcast_i32x4(_mm_setr_epi8(-1, -1, -1, -1, -1, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1));
        for (int i = 0; i < 8; i++) {
            __m512i a = _mm512_madd_epi16(_mm512_loadu_si512((const void *)(t + 32 * i)), w);
            __m512i b = _mm512_srli_epi64(a, 10); /* the odd dword at bit 22 */
            a = _mm512_or_si512(_mm512_and_si512(a, m22), _mm512_andnot_si512(m22, b));
            a = _mm512_sllv_epi64(a, odd4);
            a = _mm512_or_si512(_mm512_shuffle_epi8(a, sa), _mm512_shuffle_epi8(a, sb));
            _mm_mask_storeu_epi8(out + 44 * i, 0x7ff, _mm512_castsi512_si128(a));
            _mm_mask_storeu_epi8(out + 44 * i + 11, 0x7ff, _mm512_extracti32x4_epi32(a, 1));
            _mm_mask_storeu_epi8(out + 44 * i + 22, 0x7ff, _mm512_extracti32x4_epi32(a, 2));
            _mm_mask_storeu_epi8(out + 44 * i + 33, 0x7ff, _mm512_extracti32x4_epi32(a, 3));
        }
        return 1;
    }
    if (d == 4) {
        const __m512i w = _mm512_set1_epi32(1 | 16 << 16);
        for (int i = 0; i < 8; i++) {
            __m512i a = _mm512_madd_epi16(_mm512_loadu_si512((const void *)(t + 32 * i)), w);
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), _mm512_cvtepi32_epi8(a));
        }
        return 1;
    }
    if (d == 1) {
        for (int i = 0; i < 8; i++) {
            __m512i a = _mm512_loadu_si512((const void *)(t + 32 * i));
            uint32_t k = (uint32_t)_mm512_test_epi16_mask(a, a);
            for (int b = 0; b < 4; b++) out[4 * i + b] = (uint8_t)(k >> (8 * b));
        }
        return 1;
    }
    return 0;
}

/* r = Decompress_d(ByteDecode_d(in)), every d of the scheme (returns 1).
 * Decompress_d(y) = round(q y / 2^d) = vpmulhrsw(y 2^(15-d), q):
 * (y 2^(15-d) q + 2^14) >> 15, with y 2^(15-d) < 2^15.  d = 10: as
 * above.  d = 5: ByteDecode_10's words split into their two 5-bit values
 * (widened to dwords, the high half moved to the upper word).  d = 11:
 * each lane's 11 bytes by a masked load; vpshufb forms the word of bytes
 * b, b + 1 of each value (b = 11j/8), shifted right by 11j mod 8 (vpsrlvw);
 * the two values that reach a third byte (j = 2, 5 of each lane) get it
 * from a second vpshufb, shifted left by 16 - (11j mod 8).  d = 4: bytes
 * widened to dwords, the high nibble moved to the upper word.  d = 1: each
 * bit selects q/2. */
static inline int lf_mlkem_decompress_avx512(int16_t r[256], const uint8_t *in, unsigned d)
{
    const __m512i q = _mm512_set1_epi16(3329);
    if (d == 10) {
        for (int i = 0; i < 8; i++)
            _mm512_storeu_si512((void *)(r + 32 * i),
                                _mm512_mulhrs_epi16(_mm512_slli_epi16(lf_mlkem_unpack10x32_avx512(in + 40 * i), 5), q));
        return 1;
    }
    if (d == 5) {
        const __m512i m5 = _mm512_set1_epi32(31), m5h = _mm512_set1_epi32(31 << 5);
        for (int i = 0; i < 4; i++) {
            __m512i u = lf_mlkem_unpack10x32_avx512(in + 40 * i);
            for (int h = 0; h < 2; h++) {
                __m512i x = _mm512_cvtepu16_epi32(h ? _mm512_extracti64x4_epi64(u, 1) : _mm512_castsi512_si256(u));
                x = _mm512_or_si512(_mm512_and_si512(x, m5), _mm512_slli_epi32(_mm512_and_si512(x, m5h), 11));
                _mm512_storeu_si512((void *)(r + 64 * i + 32 * h), _mm512_mulhrs_epi16(_mm512_slli_epi16(x, 10), q));
            }
        }
        return 1;
    }
    if (d == 11) {
        const __m512i s1 = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 10));
        const __m512i s2 = _mm512_broadcast_i32x4(
            _mm_setr_epi8(-1, -1, -1, -1, 4, -1, -1, -1, -1, -1, 8, -1, -1, -1, -1, -1));
        const __m512i c1 = _mm512_broadcast_i32x4(_mm_setr_epi16(0, 3, 6, 1, 4, 7, 2, 5));
        const __m512i c2 = _mm512_broadcast_i32x4(_mm_setr_epi16(16, 16, 10, 16, 16, 9, 16, 16));
        for (int i = 0; i < 8; i++) {
            const uint8_t *p = in + 44 * i;
            __m512i z = _mm512_castsi128_si512(_mm_maskz_loadu_epi8(0x7ff, p));
            z = _mm512_inserti32x4(z, _mm_maskz_loadu_epi8(0x7ff, p + 11), 1);
            z = _mm512_inserti32x4(z, _mm_maskz_loadu_epi8(0x7ff, p + 22), 2);
            z = _mm512_inserti32x4(z, _mm_maskz_loadu_epi8(0x7ff, p + 33), 3);
            __m512i x = _mm512_or_si512(_mm512_srlv_epi16(_mm512_shuffle_epi8(z, s1), c1),
                                        _mm512_sllv_epi16(_mm512_shuffle_epi8(z, s2), c2));
            x = _mm512_and_si512(x, _mm512_set1_epi16(2047));
            _mm512_storeu_si512((void *)(r + 32 * i), _mm512_mulhrs_epi16(_mm512_slli_epi16(x, 4), q));
        }
        return 1;
    }
    if (d == 4) {
        const __m512i lo = _mm512_set1_epi32(15), hi = _mm512_set1_epi32(0xf0);
        for (int i = 0; i < 8; i++) {
            __m512i x = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)));
            x = _mm512_or_si512(_mm512_and_si512(x, lo), _mm512_slli_epi32(_mm512_and_si512(x, hi), 12));
            _mm512_storeu_si512((void *)(r + 32 * i), _mm512_mulhrs_epi16(_mm512_slli_epi16(x, 11), q));
        }
        return 1;
    }
    if (d == 1) {
        const __m512i h = _mm512_set1_epi16(1665); /* round(q / 2) */
        for (int i = 0; i < 8; i++) {
            uint32_t k = 0;
            for (int b = 0; b < 4; b++) k |= (uint32_t)in[4 * i + b] << (8 * b);
            _mm512_storeu_si512((void *)(r + 32 * i), _mm512_maskz_mov_epi16((__mmask32)k, h));
        }
        return 1;
    }
    return 0;
}

#endif
