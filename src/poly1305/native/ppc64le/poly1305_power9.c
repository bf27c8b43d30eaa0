/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 POWER9 (ISA 3.0) kernel: radix 2^44, 4 blocks per step,
 * vmsumudm.  Only built for ppc64le (lf_native_sources compiles this file
 * alone with -mcpu=power9, cmake/native.cmake); called only for back end power9 (poly1305.c:
 * lf_p1305_vec_for), which cpu.c selects on HWCAP2 ARCH_3_00 only, so a
 * POWER8 never executes it.  Contract: poly1305_internal.h, nblocks a
 * non-zero multiple of 4, pw[0..3] = r^1..r^4 (radix 2^44).
 *
 * Method.  vmsumudm VT, VA, VB, VC computes the 128-bit
 *   VT = VA.dw0 VB.dw0 + VA.dw1 VB.dw1 + VC
 * (two full 64 x 64 -> 128-bit products and a 128-bit addend).  Four
 * Horner steps are written as one:
 *   H' = (H + M0) r^4 + M1 r^3 + M2 r^2 + M3 r   (mod p = 2^130 - 5),
 * which is exactly the Poly1305 recurrence, so every step is the same (no
 * special last step, a single accumulator, no lane sum at the end).  With
 * radix 2^44 limbs (44, 44, 42 bits) and 2^132 = 20 (mod p), the product
 * a r^e has the columns
 *   c0 = a0 r0 + a1 (20 r2) + a2 (20 r1)
 *   c1 = a0 r1 + a1 r0 + a2 (20 r2)
 *   c2 = a0 r2 + a1 r1 + a2 r0.
 * Layout: the limbs of two blocks share a vector, X_i = (a_i | b_i) with
 * a = H + M0, b = M1 (dw0 | dw1), Y_i = (M2_i | M3_i); the multipliers pair
 * the matching powers, e.g. R0 = (r^4_0 | r^3_0) for X and (r^2_0 | r^1_0)
 * for Y, S1 = 20 (r^4_1 | r^3_1), ...  So one vmsumudm is one term of a
 * column for two blocks, a column is 6 vmsumudm (12 products) chained
 * through VC, 18 per step.  The Y terms do not depend on H and come first
 * in each chain; the X terms follow in the order in which the carry below
 * finishes the limbs (X2, X0, X1).  The H limbs live in the low doubleword
 * of 128-bit registers (high doubleword 0), so X_i = H_i + (M0_i | M1_i) is
 * one vaddudm.  The columns d0, d1, d2 are 128-bit; the carry uses
 * quadword ops (shift right = vsro + vsr, vand, vadduqm) while values
 * exceed 64 bits, and 5 c2 is one more vmsumudm (c2 (5 | 0) + l0).
 *
 * Bounds.  Power limbs (contract): p0 < 2^44, p1 < 2^44 + 2^14,
 * p2 < 2^43, so the multipliers (p_i and 20 p1 < 2^48.33, 20 p2 < 2^47.33)
 * are < 2^48.33.  H limbs on entry to a step: h0 < 2^44, h1 < 2^44 + 2^14,
 * h2 < 2^43 (to44 on entry; the carry below keeps them).  Block limbs:
 * m0, m1 < 2^44, m2 < 2^41 (the pad bit 2^128 is 2^40 in limb 2).  So
 * a = H + M0 has limbs < 2^45 + 2^14 and every product is
 * < 2^45.01 2^48.33 < 2^93.35; a column sums 12 products: d_k < 2^97, far
 * inside 128 bits (and every operand < 2^64).  Carry, one chain:
 *   c0 = d0 >> 44 < 2^53,  l0 = d0 mod 2^44,  d1 += c0   (< 2^97.01)
 *   c1 = d1 >> 44 < 2^53.01, l1 = d1 mod 2^44, d2 += c1  (< 2^97.01)
 *   c2 = d2 >> 42 < 2^55.01 (fits dw0, so the vmsumudm with (5 | 0) sees
 *        all of it),          l2 = d2 mod 2^42 < 2^42
 *   l0 += 5 c2                (< 2^44 + 2^57.33 < 2^58; dw1 stays 0)
 *   c0' = l0 >> 44 < 2^13.34, l0 mod= 2^44,  l1 += c0'  (< 2^44 + 2^14)
 * so the next step sees l0 < 2^44, l1 < 2^44 + 2^14, l2 < 2^42: the
 * invariant holds.  Exit: limbs < 2^45 are within from44's < 2^62, which
 * returns h[2] <= 4 (the contract).  Constant time: no branch, index or
 * variable-latency instruction depends on data (nblocks is public).
 */
#include "poly1305/poly1305_internal.h"

#ifdef LF_NATIVE_POLY1305_POWER9
#include <altivec.h>

typedef __vector unsigned long long p9_v64;
typedef __vector unsigned __int128 p9_v128;
typedef __vector unsigned char p9_v8;

#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

/* 128-bit shift right by the count in every byte of s (vsro: octets, then
 * vsr: the 0..7 remaining bits; both read a byte splat correctly). */
static inline p9_v128 p9_srq(p9_v128 x, p9_v8 s)
{
    return (p9_v128)vec_srl(vec_sro((p9_v8)x, s), s);
}

static inline p9_v128 p9_msum(p9_v64 a, p9_v64 b, p9_v128 c)
{
    return vec_msum(a, b, c);
}

/* Limbs of two blocks at p and q as (block p | block q), pad bit included. */
static inline void p9_pair(p9_v64 L[3], const uint8_t *p, const uint8_t *q)
{
    const p9_v64 m44 = vec_splats((unsigned long long)M44),
                 pad = vec_splats((unsigned long long)1 << 40);
    const p9_v64 s44 = vec_splats(44ULL), s20 = vec_splats(20ULL), s24 = vec_splats(24ULL);
    p9_v64 a = vec_xl(0, (const unsigned long long *)(const void *)p);
    p9_v64 b = vec_xl(0, (const unsigned long long *)(const void *)q);
    p9_v64 lo = vec_xxpermdi(a, b, 0), hi = vec_xxpermdi(a, b, 3);
    L[0] = vec_and(lo, m44);
    L[1] = vec_and(vec_or(vec_sr(lo, s44), vec_sl(hi, s20)), m44);
    L[2] = vec_or(vec_sr(hi, s24), pad);
}

void lf_p1305_blocks_power9(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                            size_t nblocks)
{
    /* R[0..2]: p_i, S[1..2]: 20 p_i; X pairs (r^4 | r^3), Y pairs (r^2 | r^1) */
    p9_v64 RX[3], RY[3], SX[3], SY[3];
    for (int i = 0; i < 3; i++) {
        RX[i] = (p9_v64){pw[3][i], pw[2][i]};
        RY[i] = (p9_v64){pw[1][i], pw[0][i]};
        SX[i] = (p9_v64){20 * pw[3][i], 20 * pw[2][i]};
        SY[i] = (p9_v64){20 * pw[1][i], 20 * pw[0][i]};
    }
    const p9_v128 zero = (p9_v128)vec_splats(0ULL);
    const p9_v128 q44 = (p9_v128)(p9_v64){M44, 0}, q42 = (p9_v128)(p9_v64){M42, 0};
    const p9_v64 five = {5, 0};
    const p9_v8 b44 = vec_splats((unsigned char)44), b42 = vec_splats((unsigned char)42);

    uint64_t l[3];
    lf_p1305_to44(l, h);
    p9_v128 H0 = (p9_v128)(p9_v64){l[0], 0}, H1 = (p9_v128)(p9_v64){l[1], 0},
            H2 = (p9_v128)(p9_v64){l[2], 0};

    for (size_t n = nblocks / 4; n; n--, m += 64) {
        p9_v64 X[3], Y[3];
        p9_pair(X, m, m + 16);
        p9_pair(Y, m + 32, m + 48);
        /* the message-only terms first */
        p9_v128 d0 = p9_msum(Y[0], RY[0], zero), d1 = p9_msum(Y[0], RY[1], zero),
                d2 = p9_msum(Y[0], RY[2], zero);
        d0 = p9_msum(Y[1], SY[2], d0);
        d1 = p9_msum(Y[1], RY[0], d1);
        d2 = p9_msum(Y[1], RY[1], d2);
        d0 = p9_msum(Y[2], SY[1], d0);
        d1 = p9_msum(Y[2], SY[2], d1);
        d2 = p9_msum(Y[2], RY[0], d2);
        /* H joins block 0 (low doublewords) */
        X[2] = vec_add(X[2], (p9_v64)H2);
        X[0] = vec_add(X[0], (p9_v64)H0);
        X[1] = vec_add(X[1], (p9_v64)H1);
        d0 = p9_msum(X[2], SX[1], d0);
        d1 = p9_msum(X[2], SX[2], d1);
        d2 = p9_msum(X[2], RX[0], d2);
        d0 = p9_msum(X[0], RX[0], d0);
        d1 = p9_msum(X[0], RX[1], d1);
        d2 = p9_msum(X[0], RX[2], d2);
        d0 = p9_msum(X[1], SX[2], d0);
        d1 = p9_msum(X[1], RX[0], d1);
        d2 = p9_msum(X[1], RX[1], d2);
        /* carry (bounds in the file comment) */
        d1 = vec_add(d1, p9_srq(d0, b44));
        H0 = d0 & q44;
        d2 = vec_add(d2, p9_srq(d1, b44));
        H1 = d1 & q44;
        H0 = p9_msum((p9_v64)p9_srq(d2, b42), five, H0);
        H2 = d2 & q42;
        H1 = (p9_v128)vec_add((p9_v64)H1, vec_sr((p9_v64)H0, (p9_v64)b44));
        H0 = H0 & q44;
    }
    l[0] = ((p9_v64)H0)[0];
    l[1] = ((p9_v64)H1)[0];
    l[2] = ((p9_v64)H2)[0];
    lf_p1305_from44(h, l);
}
#endif
