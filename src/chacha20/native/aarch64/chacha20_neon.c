/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 Advanced SIMD (NEON) kernel: 4 blocks in parallel, one state
 * word per 128-bit register (lane j = block j of the batch, counter + j).
 * One source for AArch64 (back end neon) and AArch32 (back end armv7neon,
 * -mfpu=neon; A64-only intrinsics from lf_neon.h), see sources.cmake.
 * Contract: poly1305_internal.h (nblocks a multiple of 4; in may be NULL:
 * keystream only).
 * Rotations: 16 = vrev32q_u16, 12 and 7 = shift left + shift right and
 * insert (shl, sri), 8 = one table lookup (tbl) on AArch64; on AArch32
 * shl + sri as well: the 16 state words fill its 16 Q registers, and a
 * table register more (VTBL also works on D halves: two instructions)
 * cost spills (kernel at 16 KiB, gcc 12: 153 226 -> 112 907 instructions). */
#include "lf_neon.h"

#include "chacha20/chacha20_internal.h"

#define ROTN(v, n) vsriq_n_u32(vshlq_n_u32((v), (n)), (v), 32 - (n))
#define ROT16(v) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)))
#ifdef __aarch64__
#define ROT8(v) vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), rot8))
#else
#define ROT8(v) ROTN(v, 8)
#endif
#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        x[a] = vaddq_u32(x[a], x[b]); x[d] = ROT16(veorq_u32(x[d], x[a]));                         \
        x[c] = vaddq_u32(x[c], x[d]); x[b] = ROTN(veorq_u32(x[b], x[c]), 12);                      \
        x[a] = vaddq_u32(x[a], x[b]); x[d] = ROT8(veorq_u32(x[d], x[a]));                          \
        x[c] = vaddq_u32(x[c], x[d]); x[b] = ROTN(veorq_u32(x[b], x[c]), 7);                       \
    } while (0)

static inline void store16(uint8_t *out, const uint8_t *in, uint32x4_t v)
{
    uint8x16_t b = vreinterpretq_u8_u32(v);
    if (in) b = veorq_u8(b, vld1q_u8(in));
    vst1q_u8(out, b);
}

void lf_chacha_blocks_neon(uint8_t *out, const uint8_t *in, size_t nblocks, const uint32_t st[16])
{
#ifdef __aarch64__
    static const uint8_t rot8_idx[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
    const uint8x16_t rot8 = vld1q_u8(rot8_idx);
#endif
    static const uint32_t lane_ctr[4] = {0, 1, 2, 3};
    uint32x4_t base[16], x[16];
    for (int i = 0; i < 16; i++) base[i] = vdupq_n_u32(st[i]);
    base[12] = vaddq_u32(base[12], vld1q_u32(lane_ctr));
    const uint32x4_t four = vdupq_n_u32(4);
    for (; nblocks >= 4; nblocks -= 4) {
        for (int i = 0; i < 16; i++) x[i] = base[i];
        for (int r = 0; r < 10; r++) {
            QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
            QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
        }
        for (int i = 0; i < 16; i++) x[i] = vaddq_u32(x[i], base[i]);
        /* 4x4 transpose of each group of 4 words: word group g of block k
         * goes to out + 64 k + 16 g */
        for (int g = 0; g < 4; g++) {
            uint32x4_t a = x[4 * g], b = x[4 * g + 1], c = x[4 * g + 2], d = x[4 * g + 3];
            uint32x4_t t0 = vtrn1q_u32(a, b), t1 = vtrn2q_u32(a, b);
            uint32x4_t t2 = vtrn1q_u32(c, d), t3 = vtrn2q_u32(c, d);
            uint32x4_t k0 = vreinterpretq_u32_u64(
                vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
            uint32x4_t k1 = vreinterpretq_u32_u64(
                vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
            uint32x4_t k2 = vreinterpretq_u32_u64(
                vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
            uint32x4_t k3 = vreinterpretq_u32_u64(
                vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
            store16(out + 16 * g, in ? in + 16 * g : NULL, k0);
            store16(out + 64 + 16 * g, in ? in + 64 + 16 * g : NULL, k1);
            store16(out + 128 + 16 * g, in ? in + 128 + 16 * g : NULL, k2);
            store16(out + 192 + 16 * g, in ? in + 192 + 16 * g : NULL, k3);
        }
        base[12] = vaddq_u32(base[12], four);
        out += 256;
        if (in) in += 256;
    }
}
