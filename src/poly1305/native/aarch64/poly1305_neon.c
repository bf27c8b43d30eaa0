/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 Advanced SIMD (NEON) kernel: radix 2^26, 2 lanes, 4 blocks per
 * step.  One source for AArch64 (back end neon; Advanced SIMD is part of
 * the base ABI, so its ISA flags are empty) and AArch32 (back end
 * armv7neon, compiled with -mfpu=neon; the A64-only intrinsics come from
 * lf_neon.h), see sources.cmake and cmake/native.cmake.  Called for those
 * back ends only (poly1305.c).  Contract: poly1305_internal.h,
 * nblocks a non-zero multiple of 4; pw[0..3] = r^1..r^4.
 *
 * Method.  Lane j (j = 0, 1) holds the blocks 4i + j ("A" half) and
 * 4i + 2 + j ("B" half) of step i.  Two ordinary 2-lane steps
 * H = (H + M) r^2 fold into one:
 *   H = (H + A) r^4 + B r^2,
 * so the carry is paid once per 4 blocks.  The last step multiplies instead
 * by per-lane powers: (H + A) (r^4, r^3) + B (r^2, r^1), which leaves block
 * i of the run multiplied by exactly r^(n - i + 1) (see poly1305_vec26.h
 * for the argument); the incoming h joins lane 0.  The lanes are added at
 * the end and converted back to radix 2^64.
 *
 * Each product is umull/umlal (32 x 32 -> 64 bits per lane): the limbs of
 * H, A, B and of the powers are kept as uint32x2_t, the columns as
 * uint64x2_t.
 *
 * Bounds.  Power limbs (lf_p1305_44to26): r0..r3 < 2^26, r4 < 2^27, so the
 * 5 r_i < 2^29.33 fit 32 bits.  H limbs < 2^27 on entry (to26) and after
 * each carry (< 2^26 + 2^12, below); block limbs < 2^26 (the pad bit 2^24
 * in limb 4), so H + A < 2^28 and every product < 2^28 2^29.33 = 2^57.33;
 * a column sums 10 products: < 2^60.7 < 2^64.  Carry (one chain of 7 steps,
 * c = d >> 26, d &= 2^26 - 1, next += c; limb 4's carry goes to limb 0
 * times 5): d0 -> d1 (d1 < 2^60.7 + 2^35), d3 -> d4, d1 -> d2 (c1 < 2^35),
 * d4 -> d0 (c4 < 2^35, 5 c4 < 2^37.4, d0 < 2^26 + 2^37.4), d2 -> d3
 * (d3 < 2^26 + 2^35), d0 -> d1 (c0 < 2^11.4), d3 -> d4 (c3 < 2^9.1): all
 * limbs end < 2^26 + 2^12 and fit 32 bits.  Lane sums < 2^28, within
 * from26's < 2^62.  Constant time: no branch or index depends on data.
 */
#include "lf_neon.h"

#include "poly1305/poly1305_internal.h"

#define M26 0x3ffffff

/* The limbs of 2 blocks (lane j: block j at m + 16 j), pad bit included:
 * vld4 puts word i of both blocks in w.val[i], so the split is 32-bit lane
 * work (shift left, shift right and insert, mask) on both Arm states. */
static inline void p1305n_blocks(uint32x2_t L[5], const uint8_t *m)
{
    const uint32x2_t mask = vdup_n_u32(M26), pad = vdup_n_u32(1u << 24);
    uint32x2x4_t w = vld4_u32((const uint32_t *)(const void *)m);
    L[0] = vand_u32(w.val[0], mask);
    L[1] = vand_u32(vsri_n_u32(vshl_n_u32(w.val[1], 6), w.val[0], 26), mask);
    L[2] = vand_u32(vsri_n_u32(vshl_n_u32(w.val[2], 12), w.val[1], 20), mask);
    L[3] = vand_u32(vsri_n_u32(vshl_n_u32(w.val[3], 18), w.val[2], 14), mask);
    L[4] = vorr_u32(vshr_n_u32(w.val[3], 8), pad);
}

/* d F x * (r, 5r) in the product layout of h r mod 2^130 - 5: F = MLAL adds
 * to d, F = MULL starts d (the first product of each column) */
#define MLAL(d, x, r) d = vmlal_u32(d, x, r)
#define MULL(d, x, r) d = vmull_u32(x, r)
#define P1305N_MAC(d, x, R, S, F)                                                                  \
    do {                                                                                           \
        F(d[0], x[0], R[0]); MLAL(d[0], x[1], S[4]); MLAL(d[0], x[2], S[3]);                       \
        MLAL(d[0], x[3], S[2]); MLAL(d[0], x[4], S[1]);                                            \
        F(d[1], x[0], R[1]); MLAL(d[1], x[1], R[0]); MLAL(d[1], x[2], S[4]);                       \
        MLAL(d[1], x[3], S[3]); MLAL(d[1], x[4], S[2]);                                            \
        F(d[2], x[0], R[2]); MLAL(d[2], x[1], R[1]); MLAL(d[2], x[2], R[0]);                       \
        MLAL(d[2], x[3], S[4]); MLAL(d[2], x[4], S[3]);                                            \
        F(d[3], x[0], R[3]); MLAL(d[3], x[1], R[2]); MLAL(d[3], x[2], R[1]);                       \
        MLAL(d[3], x[3], R[0]); MLAL(d[3], x[4], S[4]);                                            \
        F(d[4], x[0], R[4]); MLAL(d[4], x[1], R[3]); MLAL(d[4], x[2], R[2]);                       \
        MLAL(d[4], x[3], R[1]); MLAL(d[4], x[4], R[0]);                                            \
    } while (0)

/* d += x * (r, 5r) with one power for both lanes, taken from lanes of q
 * registers: Q[0] = (r0, r1, r2, r3), Q[1] = (r4, 5r1, 5r2, 5r3),
 * Q[2] = (5r4, -, -, -) (umlal by element: 9 q registers fewer than a
 * broadcast copy per limb, so the loop needs no spills). */
#define QR0 Q[0], 0
#define QR1 Q[0], 1
#define QR2 Q[0], 2
#define QR3 Q[0], 3
#define QR4 Q[1], 0
#define QS1 Q[1], 1
#define QS2 Q[1], 2
#define QS3 Q[1], 3
#define QS4 Q[2], 0
#define ML(d, x, rs) d = vmlal_laneq_u32(d, x, rs)
#define MU(d, x, rs) d = vmull_laneq_u32(x, rs)
/* F: ML adds to d, MU starts it */
#define P1305N_MAC_Q(d, x, Q, F)                                                                   \
    do {                                                                                           \
        F(d[0], x[0], QR0); ML(d[0], x[1], QS4); ML(d[0], x[2], QS3); ML(d[0], x[3], QS2);         \
        ML(d[0], x[4], QS1);                                                                       \
        F(d[1], x[0], QR1); ML(d[1], x[1], QR0); ML(d[1], x[2], QS4); ML(d[1], x[3], QS3);         \
        ML(d[1], x[4], QS2);                                                                       \
        F(d[2], x[0], QR2); ML(d[2], x[1], QR1); ML(d[2], x[2], QR0); ML(d[2], x[3], QS4);         \
        ML(d[2], x[4], QS3);                                                                       \
        F(d[3], x[0], QR3); ML(d[3], x[1], QR2); ML(d[3], x[2], QR1); ML(d[3], x[3], QR0);         \
        ML(d[3], x[4], QS4);                                                                       \
        F(d[4], x[0], QR4); ML(d[4], x[1], QR3); ML(d[4], x[2], QR2); ML(d[4], x[3], QR1);         \
        ML(d[4], x[4], QR0);                                                                       \
    } while (0)

/* The carry chain of the bounds above: columns d -> limbs H < 2^26 + 2^12. */
static inline void p1305n_carry(uint32x2_t H[5], uint64x2_t d[5])
{
    const uint64x2_t mask = vdupq_n_u64(M26);
    uint64x2_t c;
#define CARRY(i, j)                                                                                \
    c = vshrq_n_u64(d[i], 26);                                                                     \
    d[i] = vandq_u64(d[i], mask);                                                                  \
    d[j] = vaddq_u64(d[j], c)
    CARRY(0, 1);
    CARRY(3, 4);
    CARRY(1, 2);
    c = vshrq_n_u64(d[4], 26);
    d[4] = vandq_u64(d[4], mask);
    d[0] = vaddq_u64(d[0], vaddq_u64(c, vshlq_n_u64(c, 2)));
    CARRY(2, 3);
    CARRY(0, 1);
    CARRY(3, 4);
#undef CARRY
    for (int i = 0; i < 5; i++) H[i] = vmovn_u64(d[i]);
}

/* H = (H + A) r^4 + B r^2 (Q4, Q2: the powers in the q-register layout). */
static inline void p1305n_step(uint32x2_t H[5], const uint8_t *m, const uint32x4_t Q4[3],
                               const uint32x4_t Q2[3])
{
    uint32x2_t A[5], B[5];
    uint64x2_t d[5];
    p1305n_blocks(A, m);
    p1305n_blocks(B, m + 32);
    for (int i = 0; i < 5; i++) A[i] = vadd_u32(A[i], H[i]);
    {
        const uint32x4_t *Q = Q2;
        P1305N_MAC_Q(d, B, Q, MU);
    }
    {
        const uint32x4_t *Q = Q4;
        P1305N_MAC_Q(d, A, Q, ML);
    }
    p1305n_carry(H, d);
}

/* The last step: H = (H + A) (R1, S1) + B (R2, S2) with per-lane powers. */
static inline void p1305n_last(uint32x2_t H[5], const uint8_t *m, const uint32x2_t R1[5],
                               const uint32x2_t S1[5], const uint32x2_t R2[5],
                               const uint32x2_t S2[5])
{
    uint32x2_t A[5], B[5];
    uint64x2_t d[5];
    p1305n_blocks(A, m);
    p1305n_blocks(B, m + 32);
    for (int i = 0; i < 5; i++) A[i] = vadd_u32(A[i], H[i]);
    P1305N_MAC(d, B, R2, S2, MULL);
    P1305N_MAC(d, A, R1, S1, MLAL);
    p1305n_carry(H, d);
}

/* One power in the q-register layout of P1305N_MAC_Q, radix 2^44 in. */
static inline void p1305n_qpower(uint32x4_t Q[3], const uint64_t p[3])
{
    uint64_t l[5];
    lf_p1305_44to26(l, p);
    uint32_t v[12] = {(uint32_t)l[0], (uint32_t)l[1], (uint32_t)l[2], (uint32_t)l[3],
                      (uint32_t)l[4], (uint32_t)(5 * l[1]), (uint32_t)(5 * l[2]),
                      (uint32_t)(5 * l[3]), (uint32_t)(5 * l[4]), 0, 0, 0};
    for (int i = 0; i < 3; i++) Q[i] = vld1q_u32(v + 4 * i);
}

/* (R, 5R) of a pair of powers (lane 0: a, lane 1: b), radix 2^44 in. */
static inline void p1305n_powers(uint32x2_t R[5], uint32x2_t S[5], const uint64_t a[3],
                                 const uint64_t b[3])
{
    uint64_t la[5], lb[5];
    lf_p1305_44to26(la, a);
    lf_p1305_44to26(lb, b);
    for (int i = 0; i < 5; i++) {
        uint32_t v[2] = {(uint32_t)la[i], (uint32_t)lb[i]};
        R[i] = vld1_u32(v);
        S[i] = vadd_u32(R[i], vshl_n_u32(R[i], 2));
    }
}

void lf_p1305_blocks_neon(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m, size_t nblocks)
{
    uint32x4_t Q4[3], Q2[3];
    uint32x2_t RA[5], SA[5], RB[5], SB[5], H[5];
    uint64_t l[5];
    p1305n_qpower(Q4, pw[3]);
    p1305n_qpower(Q2, pw[1]);
    p1305n_powers(RA, SA, pw[3], pw[2]); /* last step: (r^4, r^3) and (r^2, r^1) */
    p1305n_powers(RB, SB, pw[1], pw[0]);
    lf_p1305_to26(l, h); /* h joins lane 0 */
    for (int i = 0; i < 5; i++) {
        uint32_t v[2] = {(uint32_t)l[i], 0};
        H[i] = vld1_u32(v);
    }
    for (size_t steps = nblocks / 4; steps > 1; steps--, m += 64) p1305n_step(H, m, Q4, Q2);
    p1305n_last(H, m, RA, SA, RB, SB);
    for (int i = 0; i < 5; i++) l[i] = (uint64_t)vget_lane_u32(H[i], 0) + vget_lane_u32(H[i], 1);
    lf_p1305_from26(h, l);
}
