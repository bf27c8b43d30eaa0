/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 portable radix 2^26 kernel: five 26-bit limbs, 32x32->64-bit
 * products only (for targets without a 64x64->128 multiply; also the model
 * of the radix 2^26 vector kernels).  Contract: poly1305_internal.h.
 *
 * h = l0 + l1 2^26 + l2 2^52 + l3 2^78 + l4 2^104, r likewise (r_i < 2^26,
 * r4 < 2^20 after the clamp) and s_i = 5 r_i < 2^29 (limb products at 2^130
 * and above fold down times 5).  Bounds: on entry l_i < 2^27 (from to26:
 * l0..l3 < 2^26, l4 < 2^27; after a block's carry pass l_i < 2^26 + 2^11);
 * after adding a block (limbs < 2^26, pad bit 2^24 in l4) l_i < 2^28, so
 * each product is < 2^28 2^29 = 2^57 and each column (5 products) < 2^60.
 * The carry pass leaves l0, l2, l3, l4 < 2^26 and l1 < 2^26 + 2^11
 * (l4's carry c < 2^34, l0 + 5c < 2^37, its carry into l1 < 2^11).
 */
#include "poly1305/poly1305_internal.h"

void lf_p1305_blocks_r26(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t nblocks,
                         uint64_t hibit)
{
    const uint64_t M = 0x3ffffff;
    uint64_t rl[5], l[5];
    const uint64_t rh[3] = {r[0], r[1], 0};
    lf_p1305_to26(rl, rh);
    const uint32_t r0 = (uint32_t)rl[0], r1 = (uint32_t)rl[1], r2 = (uint32_t)rl[2],
                   r3 = (uint32_t)rl[3], r4 = (uint32_t)rl[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    lf_p1305_to26(l, h);
    uint32_t h0 = (uint32_t)l[0], h1 = (uint32_t)l[1], h2 = (uint32_t)l[2], h3 = (uint32_t)l[3],
             h4 = (uint32_t)l[4];
    const uint32_t pad = (uint32_t)hibit << 24;
    while (nblocks--) {
        uint32_t w0 = lf_le32(m), w1 = lf_le32(m + 4), w2 = lf_le32(m + 8),
                 w3 = lf_le32(m + 12);
        h0 += w0 & (uint32_t)M;
        h1 += ((w0 >> 26) | (w1 << 6)) & (uint32_t)M;
        h2 += ((w1 >> 20) | (w2 << 12)) & (uint32_t)M;
        h3 += ((w2 >> 14) | (w3 << 18)) & (uint32_t)M;
        h4 += (w3 >> 8) | pad;
        m += 16;

        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
                      (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
                      (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
                      (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
                      (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
                      (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

        d1 += d0 >> 26;
        d2 += d1 >> 26;
        d3 += d2 >> 26;
        d4 += d3 >> 26;
        uint64_t c = d4 >> 26;
        h0 = (uint32_t)(d0 & M);
        h1 = (uint32_t)(d1 & M);
        h2 = (uint32_t)(d2 & M);
        h3 = (uint32_t)(d3 & M);
        h4 = (uint32_t)(d4 & M);
        uint64_t t = (uint64_t)h0 + c * 5;
        h0 = (uint32_t)(t & M);
        h1 += (uint32_t)(t >> 26);
    }
    l[0] = h0; l[1] = h1; l[2] = h2; l[3] = h3; l[4] = h4;
    lf_p1305_from26(h, l);
}
