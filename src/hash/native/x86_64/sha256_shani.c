/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-256 compression with the x86-64 SHA extensions (sha256rnds2,
 * sha256msg1, sha256msg2) plus SSSE3/SSE4.1 shuffles; compiled with
 * the sha ISA flags (-msse4.1 -msha, cmake/native.cmake).  Contract:
 * sha256_internal.h.  Only called when CPUID says SHA (sha256.c).
 *
 * ABI: compiler-generated intrinsics code, an ordinary System V function:
 * it may clobber what the ABI lets any function clobber (rax, rcx, rdx, rsi,
 * rdi, r8-r11, xmm0-xmm15, flags); it keeps rbx, rbp, r12-r15 and rsp as the
 * compiler guarantees.  The ABI checker (tests/abi/) does not cover it: its
 * kernel lists name a back end a CPU must run, and SHA is not one (README.md
 * of this module).  Constant time: no branch or address depends on data.
 *
 * Register layout (Intel SDM, SHA256RNDS2): the working variables live in
 * two vectors, lanes from 3 down to 0: ABEF = {A, B, E, F} and CDGH =
 * {C, D, G, H}.  sha256rnds2(CDGH, ABEF, WK) runs two rounds with WK lanes
 * 0 and 1 and returns the new ABEF; the old ABEF is then the new CDGH. */
#include <immintrin.h>

#include "hash/sha256_internal.h"

/* Four rounds starting at t = 4 j, message words m (W[t..t+3], lane 0 first). */
#define LF_SHA256_NI_4R(m, j)                                                                          \
    do {                                                                                           \
        __m128i wk = _mm_add_epi32(m, _mm_loadu_si128((const __m128i *)(lf_sha256_k + 4 * (j))));   \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                                              \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));                     \
    } while (0)

/* m0 = W[t..t+3] from m0 = W[t-16..], m1 = W[t-12..], m2 = W[t-8..], m3 = W[t-4..]:
 * msg1 adds sigma0(W[t-15..]), the alignr gives W[t-7..t-4], msg2 adds sigma1. */
#define LF_SHA256_NI_W(m0, m1, m2, m3)                                                                 \
    (m0 = _mm_sha256msg2_epu32(                                                                    \
         _mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4)), m3))

LF_HIDDEN void lf_sha256_blocks_shani(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    /* big-endian words of the block -> lanes */
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abcd = _mm_loadu_si128((const __m128i *)state);       /* lanes A B C D */
    __m128i efgh = _mm_loadu_si128((const __m128i *)(state + 4)); /* lanes E F G H */
    __m128i dcba = _mm_shuffle_epi32(abcd, 0x1b), hgfe = _mm_shuffle_epi32(efgh, 0x1b);
    __m128i abef = _mm_unpackhi_epi64(hgfe, dcba); /* lanes F E B A */
    __m128i cdgh = _mm_unpacklo_epi64(hgfe, dcba); /* lanes H G D C */

    for (; nblocks; nblocks--, data += 64) {
        __m128i abef0 = abef, cdgh0 = cdgh;
        __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)data), bswap);
        __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
        __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
        __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);
        LF_SHA256_NI_4R(m0, 0);
        LF_SHA256_NI_4R(m1, 1);
        LF_SHA256_NI_4R(m2, 2);
        LF_SHA256_NI_4R(m3, 3);
        for (int j = 4; j < 16; j += 4) {
            LF_SHA256_NI_W(m0, m1, m2, m3);
            LF_SHA256_NI_4R(m0, j);
            LF_SHA256_NI_W(m1, m2, m3, m0);
            LF_SHA256_NI_4R(m1, j + 1);
            LF_SHA256_NI_W(m2, m3, m0, m1);
            LF_SHA256_NI_4R(m2, j + 2);
            LF_SHA256_NI_W(m3, m0, m1, m2);
            LF_SHA256_NI_4R(m3, j + 3);
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }

    __m128i d_c_b_a = _mm_unpackhi_epi64(cdgh, abef); /* lanes D C B A */
    __m128i h_g_f_e = _mm_unpacklo_epi64(cdgh, abef); /* lanes H G F E */
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(d_c_b_a, 0x1b));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_shuffle_epi32(h_g_f_e, 0x1b));
}
