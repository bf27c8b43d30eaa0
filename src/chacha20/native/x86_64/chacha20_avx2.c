/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 AVX2 kernel: 8 blocks in parallel, one state word per register
 * (lane j = block j of the batch, counter + j).  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake); only
 * called when the selected back end is avx2 or a descendant.  Contract:
 * poly1305_internal.h (nblocks a multiple of 8; in may be NULL). */
#include <immintrin.h>

#include "chacha20/chacha20_internal.h"

#define ROT16(x) _mm256_shuffle_epi8((x), rot16)
#define ROT8(x) _mm256_shuffle_epi8((x), rot8)
#define ROTN(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))
#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        x[a] = _mm256_add_epi32(x[a], x[b]); x[d] = ROT16(_mm256_xor_si256(x[d], x[a]));           \
        x[c] = _mm256_add_epi32(x[c], x[d]); x[b] = ROTN(_mm256_xor_si256(x[b], x[c]), 12);        \
        x[a] = _mm256_add_epi32(x[a], x[b]); x[d] = ROT8(_mm256_xor_si256(x[d], x[a]));            \
        x[c] = _mm256_add_epi32(x[c], x[d]); x[b] = ROTN(_mm256_xor_si256(x[b], x[c]), 7);         \
    } while (0)

static inline void store32(uint8_t *out, const uint8_t *in, __m256i v)
{
    if (in) v = _mm256_xor_si256(v, _mm256_loadu_si256((const __m256i *)in));
    _mm256_storeu_si256((__m256i *)out, v);
}

void lf_chacha_blocks_avx2(uint8_t *out, const uint8_t *in, size_t nblocks, const uint32_t st[16])
{
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                           2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                                          3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    __m256i base[16], x[16];
    for (int i = 0; i < 16; i++) base[i] = _mm256_set1_epi32((int)st[i]);
    base[12] = _mm256_add_epi32(base[12], _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i eight = _mm256_set1_epi32(8);
    for (; nblocks >= 8; nblocks -= 8) {
        for (int i = 0; i < 16; i++) x[i] = base[i];
        for (int r = 0; r < 10; r++) {
            QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
            QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
        }
        for (int i = 0; i < 16; i++) x[i] = _mm256_add_epi32(x[i], base[i]);
        /* 4x4 transposes inside each 128-bit half: G[g][k] = words 4g..4g+3
         * of block k (low half) and block k+4 (high half) */
        __m256i G[4][4];
        for (int g = 0; g < 4; g++) {
            __m256i t0 = _mm256_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
            __m256i t1 = _mm256_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
            __m256i t2 = _mm256_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
            __m256i t3 = _mm256_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
            G[g][0] = _mm256_unpacklo_epi64(t0, t2);
            G[g][1] = _mm256_unpackhi_epi64(t0, t2);
            G[g][2] = _mm256_unpacklo_epi64(t1, t3);
            G[g][3] = _mm256_unpackhi_epi64(t1, t3);
        }
        for (int k = 0; k < 4; k++) {
            uint8_t *o = out + 64 * k;
            const uint8_t *p = in ? in + 64 * k : NULL;
            store32(o, p, _mm256_permute2x128_si256(G[0][k], G[1][k], 0x20));
            store32(o + 32, p ? p + 32 : NULL, _mm256_permute2x128_si256(G[2][k], G[3][k], 0x20));
            o += 256;
            p = p ? p + 256 : NULL;
            store32(o, p, _mm256_permute2x128_si256(G[0][k], G[1][k], 0x31));
            store32(o + 32, p ? p + 32 : NULL, _mm256_permute2x128_si256(G[2][k], G[3][k], 0x31));
        }
        base[12] = _mm256_add_epi32(base[12], eight);
        out += 512;
        if (in) in += 512;
    }
}
