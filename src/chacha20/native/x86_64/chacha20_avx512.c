/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 AVX-512 kernel: 16 blocks in parallel, one state word per zmm
 * register (lane j = block j of the batch, counter + j), rotations with
 * vprold.  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake); only called when the
 * selected back end is avx512 or a descendant.  Contract:
 * poly1305_internal.h (nblocks a multiple of 16; in may be NULL). */
#include <immintrin.h>

#include "chacha20/chacha20_internal.h"

#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        x[a] = _mm512_add_epi32(x[a], x[b]); x[d] = _mm512_rol_epi32(_mm512_xor_si512(x[d], x[a]), 16); \
        x[c] = _mm512_add_epi32(x[c], x[d]); x[b] = _mm512_rol_epi32(_mm512_xor_si512(x[b], x[c]), 12); \
        x[a] = _mm512_add_epi32(x[a], x[b]); x[d] = _mm512_rol_epi32(_mm512_xor_si512(x[d], x[a]), 8);  \
        x[c] = _mm512_add_epi32(x[c], x[d]); x[b] = _mm512_rol_epi32(_mm512_xor_si512(x[b], x[c]), 7);  \
    } while (0)

static inline void store64(uint8_t *out, const uint8_t *in, __m512i v)
{
    if (in) v = _mm512_xor_si512(v, _mm512_loadu_si512((const void *)in));
    _mm512_storeu_si512((void *)out, v);
}

void lf_chacha_blocks_avx512(uint8_t *out, const uint8_t *in, size_t nblocks,
                             const uint32_t st[16])
{
    __m512i base[16], x[16];
    for (int i = 0; i < 16; i++) base[i] = _mm512_set1_epi32((int)st[i]);
    base[12] = _mm512_add_epi32(base[12], _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                                             11, 12, 13, 14, 15));
    const __m512i sixteen = _mm512_set1_epi32(16);
    for (; nblocks >= 16; nblocks -= 16) {
        for (int i = 0; i < 16; i++) x[i] = base[i];
        for (int r = 0; r < 10; r++) {
            QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
            QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
        }
        for (int i = 0; i < 16; i++) x[i] = _mm512_add_epi32(x[i], base[i]);
        /* 4x4 transposes inside each 128-bit lane: G[g][k] = words 4g..4g+3
         * of blocks k, k+4, k+8, k+12 (lanes 0..3) */
        __m512i G[4][4];
        for (int g = 0; g < 4; g++) {
            __m512i t0 = _mm512_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
            __m512i t1 = _mm512_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
            __m512i t2 = _mm512_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
            __m512i t3 = _mm512_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
            G[g][0] = _mm512_unpacklo_epi64(t0, t2);
            G[g][1] = _mm512_unpackhi_epi64(t0, t2);
            G[g][2] = _mm512_unpacklo_epi64(t1, t3);
            G[g][3] = _mm512_unpackhi_epi64(t1, t3);
        }
        /* then a 4x4 transpose of 128-bit lanes across the four groups */
        for (int k = 0; k < 4; k++) {
            __m512i t0 = _mm512_shuffle_i32x4(G[0][k], G[1][k], 0x44);
            __m512i t1 = _mm512_shuffle_i32x4(G[0][k], G[1][k], 0xee);
            __m512i t2 = _mm512_shuffle_i32x4(G[2][k], G[3][k], 0x44);
            __m512i t3 = _mm512_shuffle_i32x4(G[2][k], G[3][k], 0xee);
            const uint8_t *p = in ? in + 64 * k : NULL;
            store64(out + 64 * k, p, _mm512_shuffle_i32x4(t0, t2, 0x88));
            store64(out + 64 * (k + 4), p ? p + 256 : NULL, _mm512_shuffle_i32x4(t0, t2, 0xdd));
            store64(out + 64 * (k + 8), p ? p + 512 : NULL, _mm512_shuffle_i32x4(t1, t3, 0x88));
            store64(out + 64 * (k + 12), p ? p + 768 : NULL, _mm512_shuffle_i32x4(t1, t3, 0xdd));
        }
        base[12] = _mm512_add_epi32(base[12], sixteen);
        out += 1024;
        if (in) in += 1024;
    }
}
