/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 RISC-V Vector 1.0 kernel, vector-length agnostic: one block per
 * 32-bit lane, the 16 state words in 16 vectors (e32, LMUL 1), vl blocks
 * per batch.  Contract: poly1305_internal.h (nblocks: any number here; the
 * dispatcher passes multiples of lf_chacha_rvv_width(); in may be NULL:
 * keystream only).  Built (with -march=rv64gcv, lf_native_sources) only when the compiler has
 * the __riscv_ intrinsics (LF_NATIVE_CHACHA20_RVV, sources.cmake); used for back end rvv.
 *
 * Width.  W = min(16, VLMAX(e32m1)): 4 blocks at VLEN 128, 8 at 256, 16 at
 * 512 and above (16 is the most the AEAD/stream tail buffer in chacha20.c
 * takes).  LMUL 1 because the state alone is 16 vectors: at LMUL 2 it
 * would fill the whole register file and spill.
 *
 * Rounds: vadd/vxor, rotations as vsll + vsrl + vor (no Zvbb assumed).
 * Lane j of the counter vector is st[12] + j (vid), + vl per batch (mod
 * 2^32: the caller guarantees no wrap where the output is used).
 * Back to byte order: two strided segment stores (vssseg8e32, stride 64
 * bytes: fields = words 0..7 and 8..15, element = block) write the
 * keystream of the batch to an aligned stack buffer; it is then XORed with
 * the input (or copied) with unit-stride byte vectors (e8, LMUL 8), which
 * works for any alignment of in and out.  That is 2 stores per batch plus
 * ~10 instructions (4 vector) per VLEN bytes, about the count of XORing in
 * place (2 segment loads, 16 vxor, 2 segment stores per batch), which would
 * need 4-byte aligned in and out.  (clang moves the 16 state vectors into
 * two aligned register groups for the segment stores, ~30 instructions per
 * batch of ~1750.)  The buffer is wiped at the end.
 */
#include "chacha20/chacha20_internal.h"

#ifdef LF_NATIVE_CHACHA20_RVV
#include <riscv_vector.h>

typedef vuint32m1_t V;

size_t lf_chacha_rvv_width(void)
{
    size_t m = __riscv_vsetvlmax_e32m1();
    return m < 16 ? m : 16;
}

#define ROTL(x, n) __riscv_vor_vv_u32m1(__riscv_vsll_vx_u32m1((x), (n), vl),                     \
                                        __riscv_vsrl_vx_u32m1((x), 32 - (n), vl), vl)
#define QR(a, b, c, d)                                                                           \
    do {                                                                                         \
        a = __riscv_vadd_vv_u32m1(a, b, vl); d = ROTL(__riscv_vxor_vv_u32m1(d, a, vl), 16);      \
        c = __riscv_vadd_vv_u32m1(c, d, vl); b = ROTL(__riscv_vxor_vv_u32m1(b, c, vl), 12);      \
        a = __riscv_vadd_vv_u32m1(a, b, vl); d = ROTL(__riscv_vxor_vv_u32m1(d, a, vl), 8);       \
        c = __riscv_vadd_vv_u32m1(c, d, vl); b = ROTL(__riscv_vxor_vv_u32m1(b, c, vl), 7);       \
    } while (0)
#define SPLAT(i) __riscv_vmv_v_x_u32m1(st[i], vl)
#define FEED(x, i) x = __riscv_vadd_vx_u32m1(x, st[i], vl)

void lf_chacha_blocks_rvv(uint8_t *out, const uint8_t *in, size_t nblocks, const uint32_t st[16])
{
    uint32_t ks[16 * 16]; /* keystream of one batch (<= 16 blocks) */
    const size_t W = lf_chacha_rvv_width();
    size_t vl = __riscv_vsetvl_e32m1(W);
    V ctr = __riscv_vadd_vx_u32m1(__riscv_vid_v_u32m1(vl), st[12], vl);
    while (nblocks) {
        vl = __riscv_vsetvl_e32m1(nblocks < W ? nblocks : W);
        V x0 = SPLAT(0), x1 = SPLAT(1), x2 = SPLAT(2), x3 = SPLAT(3), x4 = SPLAT(4),
          x5 = SPLAT(5), x6 = SPLAT(6), x7 = SPLAT(7), x8 = SPLAT(8), x9 = SPLAT(9),
          x10 = SPLAT(10), x11 = SPLAT(11), x12 = ctr, x13 = SPLAT(13), x14 = SPLAT(14),
          x15 = SPLAT(15);
        for (int i = 0; i < 10; i++) {
            QR(x0, x4, x8, x12); QR(x1, x5, x9, x13); QR(x2, x6, x10, x14); QR(x3, x7, x11, x15);
            QR(x0, x5, x10, x15); QR(x1, x6, x11, x12); QR(x2, x7, x8, x13); QR(x3, x4, x9, x14);
        }
        FEED(x0, 0); FEED(x1, 1); FEED(x2, 2); FEED(x3, 3); FEED(x4, 4); FEED(x5, 5);
        FEED(x6, 6); FEED(x7, 7); FEED(x8, 8); FEED(x9, 9); FEED(x10, 10); FEED(x11, 11);
        x12 = __riscv_vadd_vv_u32m1(x12, ctr, vl);
        FEED(x13, 13); FEED(x14, 14); FEED(x15, 15);
        /* word w of block j -> ks[16 j + w] */
        __riscv_vssseg8e32_v_u32m1(ks, 64, x0, x1, x2, x3, x4, x5, x6, x7, vl);
        __riscv_vssseg8e32_v_u32m1(ks + 8, 64, x8, x9, x10, x11, x12, x13, x14, x15, vl);
        ctr = __riscv_vadd_vx_u32m1(ctr, (uint32_t)vl, vl);

        size_t nbytes = 64 * vl;
        nblocks -= vl;
        const uint8_t *k = (const uint8_t *)ks;
        while (nbytes) {
            size_t bl = __riscv_vsetvl_e8m8(nbytes);
            vuint8m8_t v = __riscv_vle8_v_u8m8(k, bl);
            if (in) {
                v = __riscv_vxor_vv_u8m8(v, __riscv_vle8_v_u8m8(in, bl), bl);
                in += bl;
            }
            __riscv_vse8_v_u8m8(out, v, bl);
            out += bl;
            k += bl;
            nbytes -= bl;
        }
    }
    /* wipe the keystream buffer */
    for (size_t n = 64 * W, off = 0; n;) {
        size_t bl = __riscv_vsetvl_e8m8(n);
        __riscv_vse8_v_u8m8((uint8_t *)ks + off, __riscv_vmv_v_x_u8m8(0, bl), bl);
        off += bl;
        n -= bl;
    }
    __asm__ volatile("" : : "r"(ks) : "memory");
}
#endif
