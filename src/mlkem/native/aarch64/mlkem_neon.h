/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written NEON pieces of ML-KEM's neon build: SampleNTT's
 * rejection step (16 candidates per step) and ByteEncode / Decompress for
 * d = 1, 4, 10.  Intrinsics (AArch64 Advanced
 * SIMD, part of the baseline), included by mlkem_neon.c only.
 *
 * ABI: static inline C functions (no symbols of their own): the compiler
 * allocates their registers under AAPCS64 like any C code, so there is no
 * hand-managed register or stack state for tests/abi to check; their
 * results are checked by every ML-KEM test on back end neon (test-cross aarch64).
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
#include <string.h>

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


/* ByteEncode_d of 256 Compress_d values t (< 2^d) for d = 1, 4, 10;
 * returns 0 for the other d (the portable pack runs).  d = 10, 8 values a
 * step: shift-and-insert joins pairs (20 bits a dword), then dword pairs
 * (40 bits a qword), vqtbl1q packs the two 5-byte groups into 10 bytes,
 * stored 10 bytes apart by 16-byte stores (each overwriting the previous
 * one's 6 bytes of slack; the last by 8 + 2 bytes, nothing written past
 * 320).  d = 4: values narrowed to bytes, pairs joined by shift-and-insert
 * and narrowed again.  d = 1: each value's bit placed by a shift, summed. */
static inline int lf_mlkem_pack_neon(uint8_t *out, const uint16_t t[256], unsigned d)
{
    if (d == 10) {
        static const uint8_t sh[16] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 255, 255, 255, 255, 255, 255};
        const uint8x16_t idx = vld1q_u8(sh);
        for (int i = 0; i < 32; i++) {
            uint32x4_t x = vreinterpretq_u32_u16(vld1q_u16(t + 8 * i));
            x = vsliq_n_u32(x, vshrq_n_u32(x, 16), 10);        /* t0 + t1 2^10 */
            uint64x2_t y = vreinterpretq_u64_u32(x);
            y = vsliq_n_u64(y, vshrq_n_u64(y, 32), 20);        /* 40 bits a qword */
            uint8x16_t z = vqtbl1q_u8(vreinterpretq_u8_u64(y), idx);
            if (i < 31) {
                vst1q_u8(out + 10 * i, z);
            } else {
                vst1_u8(out + 310, vget_low_u8(z));
                vst1q_lane_u16((uint16_t *)(void *)(out + 318), vreinterpretq_u16_u8(z), 4);
            }
        }
        return 1;
    }
    if (d == 4) {
        for (int i = 0; i < 16; i++) {
            uint8x16_t b = vcombine_u8(vmovn_u16(vld1q_u16(t + 16 * i)), vmovn_u16(vld1q_u16(t + 16 * i + 8)));
            uint16x8_t x = vreinterpretq_u16_u8(b);
            vst1_u8(out + 8 * i, vmovn_u16(vsliq_n_u16(x, vshrq_n_u16(x, 8), 4)));
        }
        return 1;
    }
    if (d == 1) {
        static const int16_t pos[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        const int16x8_t p = vld1q_s16(pos);
        for (int i = 0; i < 32; i++)
            out[i] = (uint8_t)vaddvq_u16(vshlq_u16(vld1q_u16(t + 8 * i), p));
        return 1;
    }
    return 0;
}

/* r = Decompress_d(ByteDecode_d(in)) for d = 1, 4, 10; returns 0 for the
 * other d.  Decompress_d(y) = round(q y / 2^d) = vqrdmulh(y 2^(15-d), q):
 * (2 y 2^(15-d) q + 2^15) >> 16, with y 2^(15-d) < 2^15.  d = 10, 8 values
 * a step: 10 bytes (16-byte loads 10 bytes apart; the last through a
 * copy, nothing read past 320), vqtbl1q forms the word holding each value
 * (bytes 5g + 10j/8 and the next), a shift right by 10j mod 8 and a mask.
 * d = 4: bytes widened, split into nibbles, zipped.  d = 1: each bit
 * selects q/2 through vtst. */
static inline int lf_mlkem_decompress_neon(int16_t r[256], const uint8_t *in, unsigned d)
{
    const int16x8_t q = vdupq_n_s16(3329);
    if (d == 10) {
        static const uint8_t sh[16] = {0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9};
        static const int16_t cnt[8] = {0, -2, -4, -6, 0, -2, -4, -6};
        const uint8x16_t idx = vld1q_u8(sh);
        const int16x8_t c = vld1q_s16(cnt);
        for (int i = 0; i < 32; i++) {
            uint8x16_t z;
            if (i < 31) {
                z = vld1q_u8(in + 10 * i);
            } else {
                uint8_t last[16] = {0};
                memcpy(last, in + 310, 10);
                z = vld1q_u8(last);
            }
            uint16x8_t y = vshlq_u16(vreinterpretq_u16_u8(vqtbl1q_u8(z, idx)), c);
            y = vandq_u16(y, vdupq_n_u16(1023));
            vst1q_s16(r + 8 * i, vqrdmulhq_s16(vreinterpretq_s16_u16(vshlq_n_u16(y, 5)), q));
        }
        return 1;
    }
    if (d == 4) {
        for (int i = 0; i < 16; i++) {
            uint16x8_t x = vmovl_u8(vld1_u8(in + 8 * i));
            uint16x8_t lo = vandq_u16(x, vdupq_n_u16(15)), hi = vshrq_n_u16(x, 4);
            vst1q_s16(r + 16 * i, vqrdmulhq_s16(vreinterpretq_s16_u16(vshlq_n_u16(vzip1q_u16(lo, hi), 11)), q));
            vst1q_s16(r + 16 * i + 8,
                      vqrdmulhq_s16(vreinterpretq_s16_u16(vshlq_n_u16(vzip2q_u16(lo, hi), 11)), q));
        }
        return 1;
    }
    if (d == 1) {
        static const uint16_t bit[8] = {1, 2, 4, 8, 16, 32, 64, 128};
        const uint16x8_t b = vld1q_u16(bit), h = vdupq_n_u16(1665); /* round(q / 2) */
        for (int i = 0; i < 32; i++)
            vst1q_s16(r + 8 * i, vreinterpretq_s16_u16(vandq_u16(vtstq_u16(vdupq_n_u16(in[i]), b), h)));
        return 1;
    }
    return 0;
}

#endif
