/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 WebAssembly SIMD128 kernel: radix 2^26, 4 blocks per step.
 * Built only into wasm32 builds compiled with -msimd128 (CMake LF_WASM_SIMD,
 * src/poly1305/sources.cmake); without __wasm_simd128__ the file is empty.
 * Used for back end wasm_simd128 (poly1305.c).  Contract:
 * poly1305_internal.h, nblocks a non-zero multiple of 4; pw[0..3] = r^1..r^4.
 *
 * Method: the NEON kernel's (poly1305_neon.c).  Two accumulators (lane
 * j = 0, 1 takes the blocks 4i + j and 4i + 2 + j of step i), and two
 * ordinary 2-lane steps H = (H + M) r^2 merged into one,
 *   H = (H + A) r^4 + B r^2,
 * so one carry chain per 4 blocks; the last step multiplies by per-block
 * powers, (H + A) (r^4, r^3) + B (r^2, r^1), so block i of the run ends up
 * multiplied by exactly r^(n - i + 1) (poly1305_vec26.h has the argument);
 * the incoming h joins accumulator 0, and the two are added at the end.
 *
 * Layout.  The only 32 x 32 -> 64 multiply of SIMD128 is the extending
 * i64x2.extmul_{low,high}_i32x4_u (lanes 0, 1 resp. 2, 3 of both operands).
 * So limb i of the 4 blocks of a step is one u32x4, blocks 4i .. 4i + 3 in
 * lanes 0 .. 3 (a 4 x 4 transpose of the 4 loaded blocks), and H + A | B is
 * one add: H sits in lanes 0, 1 with lanes 2, 3 zero.  The powers are u32x4
 * (r^4, r^4, r^2, r^2) per limb (5 r for the folded terms), the last step's
 * (r^4, r^3, r^2, r^1).  A product term of column c is then
 * extmul_low(X, P) + extmul_high(X, P): both accumulators' (H + A) r^4 and
 * B r^2 at once, summed in the u64x2 column (lane j = accumulator j).
 * 50 extmul per 4 blocks, one carry chain on 5 u64x2 (the NEON chain), and
 * a shuffle per limb back to (h0, h1, 0, 0).
 *
 * Bounds (the NEON kernel's): power limbs r0..r3 < 2^26, r4 < 2^27 (from
 * lf_p1305_44to26), 5 r_i < 2^29.33; H limbs < 2^27 on entry and
 * < 2^26 + 2^12 after each carry; block limbs < 2^26 (pad bit 2^24 in limb
 * 4), so H + A < 2^28, every product < 2^57.33, and a column (10 products
 * per accumulator) < 2^60.7 < 2^64.  The carry chain leaves every limb
 * < 2^26 + 2^12 (poly1305_neon.c), lane sums < 2^28 < 2^62 (from26).
 * Constant time: no branch or index depends on data.
 */
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "poly1305/poly1305_internal.h"

#define M26 0x3ffffff

/* The limbs of blocks m .. m + 63, block k in lane k, pad bit included. */
static inline void p1305w_blocks(v128_t L[5], const uint8_t *m)
{
    const v128_t mask = wasm_i32x4_splat(M26);
    v128_t b0 = wasm_v128_load(m), b1 = wasm_v128_load(m + 16);
    v128_t b2 = wasm_v128_load(m + 32), b3 = wasm_v128_load(m + 48);
    v128_t t0 = wasm_i32x4_shuffle(b0, b1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(b0, b1, 2, 6, 3, 7);
    v128_t t2 = wasm_i32x4_shuffle(b2, b3, 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(b2, b3, 2, 6, 3, 7);
    v128_t w0 = wasm_i64x2_shuffle(t0, t2, 0, 2), w1 = wasm_i64x2_shuffle(t0, t2, 1, 3);
    v128_t w2 = wasm_i64x2_shuffle(t1, t3, 0, 2), w3 = wasm_i64x2_shuffle(t1, t3, 1, 3);
    L[0] = wasm_v128_and(w0, mask);
    L[1] = wasm_v128_and(wasm_v128_or(wasm_u32x4_shr(w0, 26), wasm_i32x4_shl(w1, 6)), mask);
    L[2] = wasm_v128_and(wasm_v128_or(wasm_u32x4_shr(w1, 20), wasm_i32x4_shl(w2, 12)), mask);
    L[3] = wasm_v128_and(wasm_v128_or(wasm_u32x4_shr(w2, 14), wasm_i32x4_shl(w3, 18)), mask);
    L[4] = wasm_v128_or(wasm_u32x4_shr(w3, 8), wasm_i32x4_splat(1 << 24));
}

/* x * y, lanes 0 and 1 plus lanes 2 and 3 (u64x2) */
static inline v128_t p1305w_mul2(v128_t x, v128_t y)
{
    return wasm_i64x2_add(wasm_u64x2_extmul_low_u32x4(x, y), wasm_u64x2_extmul_high_u32x4(x, y));
}

/* One step: H = (H + M) (P, S) with M the 4 blocks at m, P/S the power
 * limbs and their 5 multiples in the layout above; then the carry chain. */
static inline __attribute__((always_inline)) void p1305w_step(v128_t H[5], const uint8_t *m,
                                                              const v128_t Pin[5],
                                                              const v128_t Sin[5])
{
    v128_t X[5], d[5], P[5], S[5];
    /* The powers pass an empty asm each step: clang would otherwise hoist
     * their zero extension out of the loop, and a product of two extended
     * values no longer matches i64x2.extmul but becomes i64x2.mul, which
     * engines without a 64-bit vector multiply expand to ~8 instructions. */
    for (int i = 0; i < 5; i++) {
        P[i] = Pin[i];
        S[i] = Sin[i];
        __asm__ volatile("" : "+r"(P[i]), "+r"(S[i]));
    }
    p1305w_blocks(X, m);
    for (int i = 0; i < 5; i++) X[i] = wasm_i32x4_add(X[i], H[i]);
    /* column c: X[j] times power limb c - j, or 5 times limb c - j + 5 */
#define COL(c, y0, y1, y2, y3, y4)                                                                 \
    d[c] = wasm_i64x2_add(                                                                         \
        wasm_i64x2_add(p1305w_mul2(X[0], y0), p1305w_mul2(X[1], y1)),                              \
        wasm_i64x2_add(wasm_i64x2_add(p1305w_mul2(X[2], y2), p1305w_mul2(X[3], y3)),               \
                       p1305w_mul2(X[4], y4)))
    COL(0, P[0], S[4], S[3], S[2], S[1]);
    COL(1, P[1], P[0], S[4], S[3], S[2]);
    COL(2, P[2], P[1], P[0], S[4], S[3]);
    COL(3, P[3], P[2], P[1], P[0], S[4]);
    COL(4, P[4], P[3], P[2], P[1], P[0]);
#undef COL
    const v128_t mask = wasm_i64x2_splat(M26), zero = wasm_i64x2_splat(0);
    v128_t k;
#define CARRY(i, j)                                                                                \
    k = wasm_u64x2_shr(d[i], 26);                                                                  \
    d[i] = wasm_v128_and(d[i], mask);                                                              \
    d[j] = wasm_i64x2_add(d[j], k)
    CARRY(0, 1);
    CARRY(3, 4);
    CARRY(1, 2);
    k = wasm_u64x2_shr(d[4], 26);
    d[4] = wasm_v128_and(d[4], mask);
    d[0] = wasm_i64x2_add(d[0], wasm_i64x2_add(k, wasm_i64x2_shl(k, 2)));
    CARRY(2, 3);
    CARRY(0, 1);
    CARRY(3, 4);
#undef CARRY
    for (int i = 0; i < 5; i++) H[i] = wasm_i32x4_shuffle(d[i], zero, 0, 2, 4, 4);
}

/* Power limbs of (a, b, c, d) per lane (radix 2^44 in) and their 5 multiples. */
static inline void p1305w_powers(v128_t P[5], v128_t S[5], const uint64_t *a, const uint64_t *b,
                                 const uint64_t *c, const uint64_t *d)
{
    uint64_t la[5], lb[5], lc[5], ld[5];
    lf_p1305_44to26(la, a);
    lf_p1305_44to26(lb, b);
    lf_p1305_44to26(lc, c);
    lf_p1305_44to26(ld, d);
    for (int i = 0; i < 5; i++) {
        P[i] = wasm_u32x4_make((uint32_t)la[i], (uint32_t)lb[i], (uint32_t)lc[i], (uint32_t)ld[i]);
        S[i] = wasm_i32x4_add(P[i], wasm_i32x4_shl(P[i], 2));
    }
}

void lf_p1305_blocks_wasm_simd128(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m,
                                  size_t nblocks)
{
    v128_t P[5], S[5], PL[5], SL[5], H[5];
    uint64_t l[5];
    p1305w_powers(P, S, pw[3], pw[3], pw[1], pw[1]);   /* steps: r^4 | r^2 */
    p1305w_powers(PL, SL, pw[3], pw[2], pw[1], pw[0]); /* last: r^4, r^3, r^2, r^1 */
    lf_p1305_to26(l, h);                               /* h joins accumulator 0 */
    for (int i = 0; i < 5; i++) H[i] = wasm_u32x4_make((uint32_t)l[i], 0, 0, 0);
    for (size_t steps = nblocks / 4; steps > 1; steps--, m += 64) p1305w_step(H, m, P, S);
    p1305w_step(H, m, PL, SL);
    for (int i = 0; i < 5; i++)
        l[i] = (uint64_t)wasm_u32x4_extract_lane(H[i], 0) + wasm_u32x4_extract_lane(H[i], 1);
    lf_p1305_from26(h, l);
}
#else
typedef int lf_poly1305_simd128_unused; /* not a SIMD128 build */
#endif
