/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 RISC-V Vector 1.0 kernel: radix 2^26 in 64-bit lanes, L blocks
 * per step, vector-length agnostic.  Contract: poly1305_internal.h
 * (nblocks a non-zero multiple of lf_p1305_rvv_lanes()).  Built (with
 * -march=rv64gcv, lf_native_sources) only when the compiler has the __riscv_ intrinsics (LF_NATIVE_POLY1305_RVV,
 * sources.cmake); used for back end rvv.
 *
 * Lanes.  L = min(8, VLMAX for e64 at LMUL 2): 4 at VLEN 128, 8 at VLEN 256
 * and above (the state's power table holds r^1..r^8, so L stops at 8; at
 * VLEN >= 512 the vectors are only partly used).  vl is set once to L and
 * all vectors are e64m2.  LMUL 2 because the step has a fixed instruction
 * count whatever the lane count: 4 lanes at VLEN 128 halve the instructions
 * per block against LMUL 1, and the loop still fits the 16 register groups
 * (5 accumulators, 5 products, 2 message words, a temporary).
 *
 * Method (as poly1305_vec26.h): lane j holds blocks j, j+L, j+2L, ... of
 * the run; each step H = (H + M) r^L on every lane, the last step
 * multiplies lane j by r^(L-j) instead, so block i of n ends up multiplied
 * by r^(n-i+1); the incoming h joins lane 0; the lanes are summed at the
 * end (vredsum) and converted back to radix 2^64.  In the loop r^L is the
 * same on every lane, so its limbs r_k and 5 r_k stay in scalar registers
 * and each of the 25 partial products is one vmul.vx / vmacc.vx; only the
 * last step uses per-lane powers (a stack table, vmul.vv / vmacc.vv).
 * Blocks are read with one segment load (vlseg2e64: the low and high words
 * of L consecutive blocks); from a pointer that is not 8-byte aligned they
 * are first copied (vle8/vse8) to an aligned buffer, since RVV does not
 * promise misaligned element accesses.
 *
 * Bounds.  Power limbs from lf_p1305_44to26: r_0..r_3 < 2^26, r_4 < 2^27,
 * so 5 r_k < 2^29.33.  H limbs before a step: < 2^28 on entry (to26:
 * < 2^27, plus a block's limb < 2^26) and < 2^27 + 2^11 + 2^26 after a
 * carry.  Products < 2^28 2^29.33 = 2^57.33, a column of 5 < 2^59.66.
 * Carry: one sequential chain d0 -> d1 -> d2 -> d3 -> d4 -> (times 5) d0
 * -> d1; each carry out of d0..d4 is < 2^34, so d0 + 5 c4 < 2^36.4, its
 * carry < 2^10.4: afterwards h0, h2, h3, h4 < 2^26, h1 < 2^26 + 2^11.
 * The final lane sums (L <= 8) are < 2^30, inside from26's < 2^62.
 * Constant time: no branch or index on secret data (the alignment test
 * and the loop count are public).
 */
#include "poly1305/poly1305_internal.h"

#ifdef LF_NATIVE_POLY1305_RVV
#include <riscv_vector.h>

typedef vuint64m2_t V;
#define AI static inline __attribute__((always_inline))

size_t lf_p1305_rvv_lanes(void)
{
    size_t m = __riscv_vsetvlmax_e64m2();
    return m < 8 ? m : 8;
}

/* H += the L blocks at m (pad bit 2^128 = 2^24 in limb 4) */
#define P1305_ADD_BLOCKS(src)                                                                    \
    do {                                                                                         \
        V lo_, hi_;                                                                              \
        __riscv_vlseg2e64_v_u64m2(&lo_, &hi_, (const uint64_t *)(const void *)(src), vl);        \
        h0 = __riscv_vadd_vv_u64m2(h0, __riscv_vand_vx_u64m2(lo_, M, vl), vl);                   \
        h1 = __riscv_vadd_vv_u64m2(                                                              \
            h1, __riscv_vand_vx_u64m2(__riscv_vsrl_vx_u64m2(lo_, 26, vl), M, vl), vl);           \
        V t_ = __riscv_vor_vv_u64m2(__riscv_vsrl_vx_u64m2(lo_, 52, vl),                          \
                                    __riscv_vsll_vx_u64m2(hi_, 12, vl), vl);                     \
        h2 = __riscv_vadd_vv_u64m2(h2, __riscv_vand_vx_u64m2(t_, M, vl), vl);                    \
        h3 = __riscv_vadd_vv_u64m2(                                                              \
            h3, __riscv_vand_vx_u64m2(__riscv_vsrl_vx_u64m2(hi_, 14, vl), M, vl), vl);           \
        h4 = __riscv_vadd_vv_u64m2(                                                              \
            h4, __riscv_vor_vx_u64m2(__riscv_vsrl_vx_u64m2(hi_, 40, vl), PAD, vl), vl);          \
    } while (0)

/* d_k = sum_j h_j r_(k-j), the wrapped terms with 5 r (s); op: vx (scalar
 * powers) or vv (vector powers) */
#define P1305_MUL(op, r0, r1, r2, r3, r4, s1, s2, s3, s4)                                        \
    do {                                                                                         \
        d0 = __riscv_vmul_##op##_u64m2(h0, r0, vl);                                              \
        d1 = __riscv_vmul_##op##_u64m2(h0, r1, vl);                                              \
        d2 = __riscv_vmul_##op##_u64m2(h0, r2, vl);                                              \
        d3 = __riscv_vmul_##op##_u64m2(h0, r3, vl);                                              \
        d4 = __riscv_vmul_##op##_u64m2(h0, r4, vl);                                              \
        d0 = __riscv_vmacc_##op##_u64m2(d0, s4, h1, vl);                                         \
        d1 = __riscv_vmacc_##op##_u64m2(d1, r0, h1, vl);                                         \
        d2 = __riscv_vmacc_##op##_u64m2(d2, r1, h1, vl);                                         \
        d3 = __riscv_vmacc_##op##_u64m2(d3, r2, h1, vl);                                         \
        d4 = __riscv_vmacc_##op##_u64m2(d4, r3, h1, vl);                                         \
        d0 = __riscv_vmacc_##op##_u64m2(d0, s3, h2, vl);                                         \
        d1 = __riscv_vmacc_##op##_u64m2(d1, s4, h2, vl);                                         \
        d2 = __riscv_vmacc_##op##_u64m2(d2, r0, h2, vl);                                         \
        d3 = __riscv_vmacc_##op##_u64m2(d3, r1, h2, vl);                                         \
        d4 = __riscv_vmacc_##op##_u64m2(d4, r2, h2, vl);                                         \
        d0 = __riscv_vmacc_##op##_u64m2(d0, s2, h3, vl);                                         \
        d1 = __riscv_vmacc_##op##_u64m2(d1, s3, h3, vl);                                         \
        d2 = __riscv_vmacc_##op##_u64m2(d2, s4, h3, vl);                                         \
        d3 = __riscv_vmacc_##op##_u64m2(d3, r0, h3, vl);                                         \
        d4 = __riscv_vmacc_##op##_u64m2(d4, r1, h3, vl);                                         \
        d0 = __riscv_vmacc_##op##_u64m2(d0, s1, h4, vl);                                         \
        d1 = __riscv_vmacc_##op##_u64m2(d1, s2, h4, vl);                                         \
        d2 = __riscv_vmacc_##op##_u64m2(d2, s3, h4, vl);                                         \
        d3 = __riscv_vmacc_##op##_u64m2(d3, s4, h4, vl);                                         \
        d4 = __riscv_vmacc_##op##_u64m2(d4, r0, h4, vl);                                         \
    } while (0)

/* the carry chain of the header comment: d -> h */
#define P1305_CARRY()                                                                            \
    do {                                                                                         \
        d1 = __riscv_vadd_vv_u64m2(d1, __riscv_vsrl_vx_u64m2(d0, 26, vl), vl);                   \
        h0 = __riscv_vand_vx_u64m2(d0, M, vl);                                                   \
        d2 = __riscv_vadd_vv_u64m2(d2, __riscv_vsrl_vx_u64m2(d1, 26, vl), vl);                   \
        h1 = __riscv_vand_vx_u64m2(d1, M, vl);                                                   \
        d3 = __riscv_vadd_vv_u64m2(d3, __riscv_vsrl_vx_u64m2(d2, 26, vl), vl);                   \
        h2 = __riscv_vand_vx_u64m2(d2, M, vl);                                                   \
        d4 = __riscv_vadd_vv_u64m2(d4, __riscv_vsrl_vx_u64m2(d3, 26, vl), vl);                   \
        h3 = __riscv_vand_vx_u64m2(d3, M, vl);                                                   \
        h0 = __riscv_vmacc_vx_u64m2(h0, 5, __riscv_vsrl_vx_u64m2(d4, 26, vl), vl);               \
        h4 = __riscv_vand_vx_u64m2(d4, M, vl);                                                   \
        h1 = __riscv_vadd_vv_u64m2(h1, __riscv_vsrl_vx_u64m2(h0, 26, vl), vl);                   \
        h0 = __riscv_vand_vx_u64m2(h0, M, vl);                                                   \
    } while (0)

void lf_p1305_blocks_rvv(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m, size_t nblocks)
{
    const uint64_t M = 0x3ffffff, PAD = (uint64_t)1 << 24;
    const size_t L = lf_p1305_rvv_lanes();
    const size_t vl = __riscv_vsetvl_e64m2(L); /* = L */
    /* per-lane powers for the last step: rows r_0..r_4, 5 r_1..5 r_4 */
    uint64_t tab[9][8];
    uint64_t bounce[16 * 8 / 8]; /* L blocks, 8-byte aligned */
    uint64_t l[5], r[5];

    lf_p1305_44to26(r, pw[L - 1]); /* r^L, the same on every lane */
    const uint64_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4];
    const uint64_t s1 = 5 * r1, s2 = 5 * r2, s3 = 5 * r3, s4 = 5 * r4;
    for (size_t j = 0; j < L; j++) { /* lane j: r^(L - j) */
        lf_p1305_44to26(l, pw[L - 1 - j]);
        for (int k = 0; k < 5; k++) tab[k][j] = l[k];
        for (int k = 1; k < 5; k++) tab[4 + k][j] = 5 * l[k];
    }

    lf_p1305_to26(l, h); /* h joins lane 0 */
    const V zero = __riscv_vmv_v_x_u64m2(0, vl);
    V h0 = __riscv_vmv_s_x_u64m2_tu(zero, l[0], vl), h1 = __riscv_vmv_s_x_u64m2_tu(zero, l[1], vl),
      h2 = __riscv_vmv_s_x_u64m2_tu(zero, l[2], vl), h3 = __riscv_vmv_s_x_u64m2_tu(zero, l[3], vl),
      h4 = __riscv_vmv_s_x_u64m2_tu(zero, l[4], vl);
    V d0, d1, d2, d3, d4;

    const int aligned = ((uintptr_t)m & 7) == 0;
    const size_t step = 16 * L;
    for (size_t chunks = nblocks / L;; chunks--, m += step) {
        const uint8_t *src = m;
        if (!aligned) {
            size_t bl = __riscv_vsetvl_e8m8(step); /* step <= 128 <= VLMAX(e8m8) */
            __riscv_vse8_v_u8m8((uint8_t *)bounce, __riscv_vle8_v_u8m8(m, bl), bl);
            src = (const uint8_t *)bounce;
        }
        P1305_ADD_BLOCKS(src);
        if (chunks == 1) break;
        P1305_MUL(vx, r0, r1, r2, r3, r4, s1, s2, s3, s4);
        P1305_CARRY();
    }
    {
        const V R0 = __riscv_vle64_v_u64m2(tab[0], vl), R1 = __riscv_vle64_v_u64m2(tab[1], vl),
                R2 = __riscv_vle64_v_u64m2(tab[2], vl), R3 = __riscv_vle64_v_u64m2(tab[3], vl),
                R4 = __riscv_vle64_v_u64m2(tab[4], vl), S1 = __riscv_vle64_v_u64m2(tab[5], vl),
                S2 = __riscv_vle64_v_u64m2(tab[6], vl), S3 = __riscv_vle64_v_u64m2(tab[7], vl),
                S4 = __riscv_vle64_v_u64m2(tab[8], vl);
        P1305_MUL(vv, R0, R1, R2, R3, R4, S1, S2, S3, S4);
        P1305_CARRY();
    }
    const vuint64m1_t z1 = __riscv_vmv_v_x_u64m1(0, 1);
    l[0] = __riscv_vmv_x_s_u64m1_u64(__riscv_vredsum_vs_u64m2_u64m1(h0, z1, vl));
    l[1] = __riscv_vmv_x_s_u64m1_u64(__riscv_vredsum_vs_u64m2_u64m1(h1, z1, vl));
    l[2] = __riscv_vmv_x_s_u64m1_u64(__riscv_vredsum_vs_u64m2_u64m1(h2, z1, vl));
    l[3] = __riscv_vmv_x_s_u64m1_u64(__riscv_vredsum_vs_u64m2_u64m1(h3, z1, vl));
    l[4] = __riscv_vmv_x_s_u64m1_u64(__riscv_vredsum_vs_u64m2_u64m1(h4, z1, vl));
    lf_p1305_from26(h, l);

    /* wipe the powers (and the last copied blocks) with vector stores */
    for (int k = 0; k < 9; k++) __riscv_vse64_v_u64m2(tab[k], zero, vl);
    if (!aligned) {
        __riscv_vse64_v_u64m2(bounce, zero, vl);
        __riscv_vse64_v_u64m2(bounce + L, zero, vl);
    }
    __asm__ volatile("" : : "r"(tab), "r"(bounce) : "memory");
}
#endif
