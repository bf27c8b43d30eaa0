/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 AVX-512 IFMA kernel: 8 lanes, radix 2^44 (limbs of 44, 44 and
 * 42 bits) with vpmadd52luq / vpmadd52huq.  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake); only called when the selected back end is
 * avx512ifma.  Lane layout and the r^8 / r^(8-j) scheme as in
 * poly1305_vec26.h.
 *
 * Product h r (mod p) in radix 2^44, with 2^132 = 4 2^130 = 20 (mod p):
 *   column 0:  h0 r0 + h1 (20 r2) + h2 (20 r1)
 *   column 1:  h0 r1 + h1 r0 + h2 (20 r2)
 *   column 2:  h0 r2 + h1 r1 + h2 r0
 * IFMA gives each 104-bit product as lo (bits 0..51) and hi (bits 52..103).
 * Column k sits at 2^(44k), so its hi part sits at 2^(44(k+1) + 8): it is
 * added, shifted left 8, to column k+1; column 2's hi part sits at 2^140 =
 * 2^10 2^130 = 5 2^10 (mod p) and goes to column 0 times 5 2^10 = 2^12 + 2^10.
 *
 * Bounds: IFMA reads only the low 52 bits of each operand, so every operand
 * must be < 2^52.  h limbs < 2^45.1 before a product (the carry round
 * below leaves l0 < 2^44 + 2^14.4, l1 < 2^44 + 2^11.5, l2 < 2^42 + 2^10;
 * to44 gives l2 < 2^43; a block adds < 2^44 + 2^40), r limbs < 2^44,
 * 20 r_i < 2^48.4.  Products < 2^93.5, so each hi part < 2^41.5; columns:
 * lo parts < 3 2^52, hi parts < 3 2^41.5 < 2^43.1, shifted << 8: < 2^51.1,
 * times 5120: < 2^55.5; so d0 < 2^55.7, d1, d2 < 2^54.  One carry round
 * (all limbs in parallel, the latency-critical path): carries c0 < 2^11.7,
 * c1 < 2^10, c2 < 2^12, 5 c2 < 2^14.4, giving the limb bounds above.  Lane
 * sums (8 lanes) < 2^49, within from44's < 2^62.
 */
#include <immintrin.h>

#include "poly1305/poly1305_internal.h"

#define VL 8
#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

static inline void p1305i_mul(__m512i H[3], const __m512i R[3], const __m512i S[3])
{
    const __m512i z = _mm512_setzero_si512(), m44 = _mm512_set1_epi64((long long)M44),
                  m42 = _mm512_set1_epi64((long long)M42);
    /* 18 independent products (short dependency chains), then the sums */
#define LO(a, b) _mm512_madd52lo_epu64(z, (a), (b))
#define HI(a, b) _mm512_madd52hi_epu64(z, (a), (b))
#define ADD _mm512_add_epi64
    __m512i lo0 = ADD(ADD(LO(H[0], R[0]), LO(H[1], S[2])), LO(H[2], S[1]));
    __m512i hi0 = ADD(ADD(HI(H[0], R[0]), HI(H[1], S[2])), HI(H[2], S[1]));
    __m512i lo1 = ADD(ADD(LO(H[0], R[1]), LO(H[1], R[0])), LO(H[2], S[2]));
    __m512i hi1 = ADD(ADD(HI(H[0], R[1]), HI(H[1], R[0])), HI(H[2], S[2]));
    __m512i lo2 = ADD(ADD(LO(H[0], R[2]), LO(H[1], R[1])), LO(H[2], R[0]));
    __m512i hi2 = ADD(ADD(HI(H[0], R[2]), HI(H[1], R[1])), HI(H[2], R[0]));
    __m512i d0 = ADD(lo0, ADD(_mm512_slli_epi64(hi2, 12), _mm512_slli_epi64(hi2, 10)));
    __m512i d1 = ADD(lo1, _mm512_slli_epi64(hi0, 8));
    __m512i d2 = ADD(lo2, _mm512_slli_epi64(hi1, 8));
    /* one carry round, all limbs at once (lazy: see the bounds above) */
    __m512i c0 = _mm512_srli_epi64(d0, 44), c1 = _mm512_srli_epi64(d1, 44),
            c2 = _mm512_srli_epi64(d2, 42);
    H[0] = ADD(_mm512_and_si512(d0, m44), ADD(c2, _mm512_slli_epi64(c2, 2)));
    H[1] = ADD(_mm512_and_si512(d1, m44), c0);
    H[2] = ADD(_mm512_and_si512(d2, m42), c1);
#undef LO
#undef HI
#undef ADD
}

/* H += the 8 blocks at m (limbs 44, 44, 42 bits; pad bit 2^128 = 2^40 in limb 2). */
static inline void p1305i_add_blocks(__m512i H[3], const uint8_t *m)
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44),
                  pad = _mm512_set1_epi64((long long)1 << 40);
    __m512i a = _mm512_loadu_si512((const void *)m), b = _mm512_loadu_si512((const void *)(m + 64));
    __m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);
    H[0] = _mm512_add_epi64(H[0], _mm512_and_si512(lo, m44));
    H[1] = _mm512_add_epi64(
        H[1], _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44));
    H[2] = _mm512_add_epi64(H[2], _mm512_or_si512(_mm512_srli_epi64(hi, 24), pad));
}

static inline __m512i p1305i_s(__m512i r) /* 20 r = 16 r + 4 r */
{
    return _mm512_add_epi64(_mm512_slli_epi64(r, 4), _mm512_slli_epi64(r, 2));
}

/* Absorb nblocks (a non-zero multiple of 8) with the main-loop multiplier
 * R = r^8 and the last step's RF (lane at position p times r^(8 - order[p])). */
static inline void p1305i_run(uint64_t h[3], const __m512i R[3], const __m512i RF[3],
                                  const uint8_t *m, size_t nblocks)
{
    __m512i S[3], SF[3], H[3];
    uint64_t l[3];
    for (int j = 0; j < 3; j++) {
        S[j] = p1305i_s(R[j]);
        SF[j] = p1305i_s(RF[j]);
    }
    lf_p1305_to44(l, h); /* h joins block 0 (lane position 0) */
    for (int j = 0; j < 3; j++)
        H[j] = _mm512_maskz_mov_epi64(1, _mm512_set1_epi64((long long)l[j]));

    size_t chunks = nblocks / VL;
    for (; chunks > 1; chunks--, m += 16 * VL) {
        p1305i_add_blocks(H, m);
        p1305i_mul(H, R, S);
    }
    p1305i_add_blocks(H, m);
    p1305i_mul(H, RF, SF);

    for (int j = 0; j < 3; j++) l[j] = (uint64_t)_mm512_reduce_add_epi64(H[j]);
    lf_p1305_from44(h, l);
}

/* The power of r the last step gives lane position p: r^(8 - order[p]),
 * where order = {0, 4, 1, 5, 2, 6, 3, 7} is the block each position holds
 * after the unpacklo/hi of two 8-block loads; stored as the index k of
 * r^(k+1) (the power table's index and a lane of r..r^8). */
static const long long p1305i_last[VL] = {7, 3, 6, 2, 5, 1, 4, 0};

void lf_p1305_blocks_ifma(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m, size_t nblocks)
{
    __m512i R[3], RF[3];
    uint64_t lanes[3][VL];
    for (int p = 0; p < VL; p++)
        for (int j = 0; j < 3; j++) lanes[j][p] = pw[p1305i_last[p]][j];
    for (int j = 0; j < 3; j++) {
        R[j] = _mm512_set1_epi64((long long)pw[VL - 1][j]);
        RF[j] = _mm512_loadu_si512((const void *)lanes[j]);
    }
    p1305i_run(h, R, RF, m, nblocks);
}

/* Limbs of a product back to the power-table bounds (l0, l1 < 2^44,
 * l2 < 2^42 + 2^11), one sequential carry pass. */
static inline void p1305i_tidy(__m512i X[3])
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    X[1] = _mm512_add_epi64(X[1], _mm512_srli_epi64(X[0], 44));
    X[0] = _mm512_and_si512(X[0], m44);
    X[2] = _mm512_add_epi64(X[2], _mm512_srli_epi64(X[1], 44));
    X[1] = _mm512_and_si512(X[1], m44);
}

/* X = X * (lanes in mask k: lane src of X; others: 1), then tidied. */
static inline void p1305i_pow_step(__m512i X[3], int src, __mmask8 k)
{
    const __m512i one = _mm512_set1_epi64(1), idx = _mm512_set1_epi64(src);
    __m512i M[3], S[3];
    for (int j = 0; j < 3; j++) {
        __m512i b = _mm512_permutexvar_epi64(idx, X[j]);
        M[j] = _mm512_mask_mov_epi64(j ? _mm512_setzero_si512() : one, k, b);
        S[j] = p1305i_s(M[j]);
    }
    p1305i_mul(X, M, S);
    p1305i_tidy(X);
}

/* The same from the clamped key half r, with r^1..r^8 computed here in
 * three 8-lane products (lanes: r | r,r^2 | r..r^4 | r..r^8) instead of the
 * scalar power table: for one-shot messages, where the powers are not
 * cached, they were the larger part of the cost at 256..1024 bytes. */
void lf_p1305_blocks_ifma_r(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                size_t nblocks)
{
    const uint64_t rh[3] = {r[0], r[1], 0};
    const __m512i last = _mm512_loadu_si512((const void *)p1305i_last);
    __m512i X[3], R[3], RF[3];
    uint64_t l[3];
    lf_p1305_to44(l, rh);
    for (int j = 0; j < 3; j++) X[j] = _mm512_set1_epi64((long long)l[j]);
    p1305i_pow_step(X, 0, 0xaa); /* r, r^2, r, r^2, ... */
    p1305i_pow_step(X, 1, 0xcc); /* r, r^2, r^3, r^4, ... */
    p1305i_pow_step(X, 3, 0xf0); /* r .. r^8 */
    for (int j = 0; j < 3; j++) {
        R[j] = _mm512_permutexvar_epi64(_mm512_set1_epi64(VL - 1), X[j]);
        RF[j] = _mm512_permutexvar_epi64(last, X[j]);
    }
    p1305i_run(h, R, RF, m, nblocks);
}
