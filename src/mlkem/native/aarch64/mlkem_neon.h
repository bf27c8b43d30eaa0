/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written NEON piece of ML-KEM's neon build: SampleNTT's
 * rejection step, 16 candidates per step.  Intrinsics (AArch64 Advanced
 * SIMD, part of the baseline), included by mlkem_neon.c only.
 *
 * ABI: a static inline C function (no symbol of its own): the compiler
 * allocates its registers under AAPCS64 like any C code, so there is no
 * hand-managed register or stack state for tests/abi to check; its results
 * are checked by every ML-KEM test on back end neon (test-cross aarch64).
 *
 * Step: vld3 splits 24 bytes into b0, b1, b2 of 8 triples (no read past
 * len), widened to 16 bits: d1 = b0 | (b1 & 15) << 8, d2 = b1 >> 4 |
 * b2 << 4; zip1 / zip2 of (d1, d2) are candidates 0..7 and 8..15 in
 * order.  A compare with q and a horizontal add of bit weights give each
 * half's 8-bit accept mask; NEON has no compress, so vqtbl1q picks the
 * accepted words with byte indices from lf_mlkem_rej_nib (the positions of
 * the mask's set bits, mlkem_rej_table.h), stored whole at a + ctr (the
 * caller leaves 16 entries of room past 256).  Public data only (the
 * matrix seed): the table index and the loop exit depend on it. */
#ifndef LF_MLKEM_NEON_H
#define LF_MLKEM_NEON_H

#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "mlkem/mlkem_rej_table.h"

/* the words of v whose bits are set in m, first, stored at a (16 bytes) */
static inline void lf_mlkem_rej8_neon(int16_t *a, uint16x8_t v, unsigned m)
{
    uint8x8_t n = vcreate_u8(lf_mlkem_rej_nib[m]);
    uint8x8_t k = vzip1_u8(vand_u8(n, vdup_n_u8(15)), vshr_n_u8(n, 4)); /* word indices, in order */
    uint8x16_t kk = vcombine_u8(vzip1_u8(k, k), vzip2_u8(k, k));       /* each twice */
    const uint8x16_t odd = vreinterpretq_u8_u16(vdupq_n_u16(0x100));
    uint8x16_t idx = vaddq_u8(vshlq_n_u8(kk, 1), odd);                 /* bytes 2k, 2k + 1 */
    vst1q_u8((uint8_t *)(void *)a, vqtbl1q_u8(vreinterpretq_u8_u16(v), idx));
}

static inline unsigned lf_mlkem_rej_neon(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
    static const uint16_t bit[8] = {1, 2, 4, 8, 16, 32, 64, 128};
    const uint16x8_t q = vdupq_n_u16(3329), w = vld1q_u16(bit);
    for (size_t p = 0; ctr < 256 && p + 24 <= len; p += 24) {
        uint8x8x3_t t = vld3_u8(buf + p);
        uint16x8_t b0 = vmovl_u8(t.val[0]), b1 = vmovl_u8(t.val[1]), b2 = vmovl_u8(t.val[2]);
        uint16x8_t d1 = vorrq_u16(b0, vshlq_n_u16(vandq_u16(b1, vdupq_n_u16(15)), 8));
        uint16x8_t d2 = vorrq_u16(vshrq_n_u16(b1, 4), vshlq_n_u16(b2, 4));
        uint16x8_t c0 = vzip1q_u16(d1, d2), c1 = vzip2q_u16(d1, d2);
        unsigned m0 = vaddvq_u16(vandq_u16(vcltq_u16(c0, q), w));
        unsigned m1 = vaddvq_u16(vandq_u16(vcltq_u16(c1, q), w));
        lf_mlkem_rej8_neon(a + ctr, c0, m0);
        ctr += lf_mlkem_rej_pop[m0];
        lf_mlkem_rej8_neon(a + ctr, c1, m1);
        ctr += lf_mlkem_rej_pop[m1];
    }
    return ctr;
}

#endif
