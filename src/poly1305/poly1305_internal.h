/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the Poly1305 kernels.  Not installed.
 *
 * The accumulator lives in the state in radix 2^64, h = h[0] + h[1] 2^64 +
 * h[2] 2^128, reduced lazily: every kernel accepts h < 2^131 (h[2] < 8) and
 * returns h[2] <= 4 (so h < 2^130 + 2^128 < 2p).  Only final() reduces h
 * fully mod p = 2^130 - 5.  r is the clamped key half as two 64-bit limbs.
 *
 * Block kernels absorb nblocks full 16-byte blocks m[0..16 nblocks), each
 * with the 2^128 pad bit: h = (...((h + m_1) r + m_2) r ... + m_n) r mod p
 * (lazily reduced).  The vector kernels take the powers pw[k] = r^(k+1) mod p
 * for k < their lane count L, in radix 2^44 (limbs l0 < 2^44,
 * l1 < 2^44 + 2^14, l2 < 2^43; not necessarily fully reduced), and need nblocks to be a
 * non-zero multiple of L (or 2L where stated); the caller gives the rest to
 * the scalar kernel.  All kernels are constant time (public: nblocks).
 */
#ifndef LF_POLY1305_INTERNAL_H
#define LF_POLY1305_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"
#include "limbforge/poly1305.h" /* lf_poly1305_state */

/* Radix 2^26 conversions (shared by the portable radix 2^26 kernel and the
 * radix 2^26 vector kernels).  to26: h < 2^131 -> l0..l3 < 2^26, l4 < 2^27.
 * from26: any limbs < 2^62 -> h with h[2] <= 4 (two carry passes, the
 * excess of l4 above 2^26 folded into l0 times 5). */
static inline void lf_p1305_to26(uint64_t l[5], const uint64_t h[3])
{
    const uint64_t M = 0x3ffffff;
    l[0] = h[0] & M;
    l[1] = (h[0] >> 26) & M;
    l[2] = ((h[0] >> 52) | (h[1] << 12)) & M;
    l[3] = (h[1] >> 14) & M;
    l[4] = (h[1] >> 40) | (h[2] << 24);
}

static inline void lf_p1305_from26(uint64_t h[3], const uint64_t in[5])
{
    const uint64_t M = 0x3ffffff;
    uint64_t l[5] = {in[0], in[1], in[2], in[3], in[4]};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 4; i++) {
            l[i + 1] += l[i] >> 26;
            l[i] &= M;
        }
        if (pass == 0) {
            l[0] += (l[4] >> 26) * 5;
            l[4] &= M;
        }
    }
    /* now l0..l3 < 2^26 and l4 <= 2^26: disjoint bit fields */
    h[0] = l[0] | (l[1] << 26) | (l[2] << 52);
    h[1] = (l[2] >> 12) | (l[3] << 14) | (l[4] << 40);
    h[2] = l[4] >> 24;
}

/* radix 2^44 (l0 < 2^44, l1 < 2^44 + 2^14, l2 < 2^43) -> radix 2^26 with
 * l0..l3 < 2^26, l4 < 2^27 (the value is at most 2^131) */
static inline void lf_p1305_44to26(uint64_t o[5], const uint64_t l[3])
{
    const uint64_t M = 0xfffffffffffULL;
    uint64_t h[3], l1 = l[1] & M, l2 = l[2] + (l[1] >> 44);
    h[0] = l[0] | (l1 << 44);
    h[1] = (l1 >> 20) | (l2 << 24);
    h[2] = l2 >> 40;
    lf_p1305_to26(o, h);
}

/* Radix 2^44 (limbs of 44, 44, 42 bits): to44: h < 2^131 -> l0, l1 < 2^44,
 * l2 < 2^43.  from44: limbs < 2^62 -> h with h[2] <= 4. */
static inline void lf_p1305_to44(uint64_t l[3], const uint64_t h[3])
{
    const uint64_t M = 0xfffffffffffULL;
    l[0] = h[0] & M;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & M;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}

static inline void lf_p1305_from44(uint64_t h[3], const uint64_t in[3])
{
    const uint64_t M = 0xfffffffffffULL, M42 = 0x3ffffffffffULL;
    uint64_t l0 = in[0], l1 = in[1], l2 = in[2];
    l1 += l0 >> 44; l0 &= M;
    l2 += l1 >> 44; l1 &= M;
    l0 += (l2 >> 42) * 5; l2 &= M42;
    l1 += l0 >> 44; l0 &= M;
    l2 += l1 >> 44; l1 &= M;
    /* l0, l1 < 2^44, l2 <= 2^42 */
    h[0] = l0 | (l1 << 44);
    h[1] = (l1 >> 20) | (l2 << 24);
    h[2] = l2 >> 40;
}

/* Scalar radix 2^64 (portable C with unsigned __int128): any nblocks.
 * hibit is 1 for full blocks, 0 for the final padded partial block. */
LF_HIDDEN void lf_p1305_blocks_r64(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                   size_t nblocks, uint64_t hibit);
/* Scalar radix 2^26 (portable C, 32x32->64 products only): any nblocks. */
LF_HIDDEN void lf_p1305_blocks_r26(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                   size_t nblocks, uint64_t hibit);
/* The scalar kernel of this build (r64 with __int128, else r26). */
LF_HIDDEN void lf_p1305_blocks_scalar(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                      size_t nblocks, uint64_t hibit);

/* Fully reduce h (h[2] < 8) mod 2^130 - 5 in place. */
LF_HIDDEN void lf_p1305_reduce(uint64_t h[3]);
/* pw[k] = r^(k+1) mod p for k < n (n <= 8), radix 2^44 as stated above. */
LF_HIDDEN void lf_p1305_powers(uint64_t pw[][3], const uint64_t r[2], unsigned n);

/* Vector kernels (x86-64: AVX2 4 lanes, AVX-512 8 lanes radix 2^26, AVX-512
 * IFMA 8 lanes radix 2^44; NEON (AArch64, and AArch32 for armv7neon): 2
 * lanes radix 2^26, 4 blocks per step, so its "lane count" below is 4;
 * POWER9: radix 2^44, 4 blocks per step with r^4..r^1, "lane count" 4).
 * nblocks: a non-zero multiple of the lane count. */
LF_HIDDEN void lf_p1305_blocks_avx2(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                    size_t nblocks);
LF_HIDDEN void lf_p1305_blocks_avx512(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                      size_t nblocks);
LF_HIDDEN void lf_p1305_blocks_ifma(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                    size_t nblocks);
/* The same taking the clamped r and computing its powers in vector
 * registers (one-shot messages: nothing to cache them in). */
LF_HIDDEN void lf_p1305_blocks_ifma_r(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                      size_t nblocks);
LF_HIDDEN void lf_p1305_blocks_neon(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                    size_t nblocks);
LF_HIDDEN void lf_p1305_blocks_power9(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                      size_t nblocks);
/* RVV: radix 2^26, lf_p1305_rvv_lanes() = min(8, VLEN / 32) blocks per step
 * (4 at VLEN 128, 8 from VLEN 256); nblocks a non-zero multiple of it. */
LF_HIDDEN void lf_p1305_blocks_rvv(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                   size_t nblocks);
LF_HIDDEN size_t lf_p1305_rvv_lanes(void);

/* Which vector kernels this build has: LF_NATIVE_POLY1305_<B> and
 * LF_NATIVE_CHACHA20_<B> (B = AVX2, ..., RVV), defined for the whole library
 * by lf_native_sources() in src/poly1305/sources.cmake, which also compiles
 * each native/<arch>/ file with its back end's ISA flags (cmake/native.cmake). */

/* Crossovers: message lengths (bytes) from which each vector Poly1305
 * kernel is used (one-shot, vector kernel with its powers vs the scalar
 * radix 2^64 loop; measured on the development machine, bench/RESULTS.md). */
#ifndef LF_P1305_MIN_AVX2
#define LF_P1305_MIN_AVX2 1152
#endif
#ifndef LF_P1305_MIN_AVX512
#define LF_P1305_MIN_AVX512 640
#endif
#ifndef LF_P1305_MIN_IFMA
#define LF_P1305_MIN_IFMA 384
#endif
#ifndef LF_P1305_MIN_NEON /* instruction-count crossover under qemu (bench/RESULTS.md) */
#define LF_P1305_MIN_NEON 768
#endif
#ifndef LF_P1305_MIN_ARMV7NEON /* instruction-count crossover under qemu-arm (bench/RESULTS.md) */
#define LF_P1305_MIN_ARMV7NEON 256
#endif
#ifndef LF_P1305_MIN_POWER9 /* instruction-count crossover under qemu (bench/RESULTS.md) */
#define LF_P1305_MIN_POWER9 256
#endif
#ifndef LF_P1305_MIN_RVV /* instruction-count crossover under qemu (bench/RESULTS.md) */
#define LF_P1305_MIN_RVV 256
#endif
#ifndef LF_P1305_MIN_WASM_SIMD128 /* measured under Node 20 (bench/RESULTS.md) */
#define LF_P1305_MIN_WASM_SIMD128 1536
#endif
/* the smallest of them (no vector kernel is looked up below it) */
#ifndef LF_P1305_MIN_ANY
#define LF_P1305_MIN_ANY 256
#endif

/* The vector kernel a back end uses, with its lane count and the length (in
 * bytes) from which it is used; kernel NULL: scalar only.  fn_r, if not
 * NULL, is the same kernel taking r instead of the power table (the
 * one-shot path uses it).  lanes_fn, if not NULL, gives the lane count at
 * run time (RVV: it depends on VLEN); lf_p1305_vec_for() fills it in. */
typedef void (*lf_p1305_vec_fn)(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                size_t nblocks);
typedef void (*lf_p1305_vecr_fn)(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                 size_t nblocks);
typedef struct {
    lf_p1305_vec_fn fn;
    unsigned lanes;
    size_t min_bytes;
    const char *name;
    lf_p1305_vecr_fn fn_r;
    size_t (*lanes_fn)(void);
} lf_p1305_vec;

/* Every back end's entry (poly1305.c; the one dispatch pattern of
 * lf_internal.h). */
extern LF_HIDDEN const lf_p1305_vec *const lf_p1305_table[LF_DISPATCH_SLOTS];

/* The vector kernel of back end b, with its lane count resolved. */
static inline lf_p1305_vec lf_p1305_vec_for(int slot)
{
    lf_p1305_vec v = *lf_p1305_table[slot];
    if (v.lanes_fn) v.lanes = (unsigned)v.lanes_fn();
    return v;
}

/* lf_poly1305_update with the vector kernels v (from lf_p1305_vec_for, bound
 * once by a caller that updates many times: the AEAD), or NULL to read the
 * table as lf_poly1305_update does. */
LF_HIDDEN void lf_p1305_update_k(lf_poly1305_state *st, const uint8_t *msg, size_t len, const lf_p1305_vec *v);

/* WebAssembly SIMD128 (builds with -msimd128 only): radix 2^26, 4 blocks
 * per step (pw = r^1..r^4, nblocks a non-zero multiple of 4). */
LF_HIDDEN void lf_p1305_blocks_wasm_simd128(uint64_t h[3], const uint64_t pw[][3],
                                            const uint8_t *m, size_t nblocks);

#endif
