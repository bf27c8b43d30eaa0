/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* WebAssembly SIMD128 kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h).  Built only into wasm32 builds compiled with
 * -msimd128 (CMake LF_WASM_SIMD, src/ntt/sources.cmake); without
 * __wasm_simd128__ the file is empty.  Back end wasm_simd128.
 *
 * 8 int16 lanes per v128, 256 coefficients in 32 vectors: the schedule of
 * the NEON kernels, one source with them (../ntt_v8_body.h: layouts, levels,
 * transposes, checked kernels), so the results are bit-identical to the C
 * kernels'; this file gives it the SIMD128 primitives.
 *
 * SIMD128 has no multiply-high; its one is i16x8.q15mulr_sat_s,
 * q15(a, b) = floor((a b + 2^14) / 2^15) (saturated: only (-2^15)^2 is).
 * Montgomery: with t = (int16)(b z q^-1), b z = t q + k 2^16 exactly (k the
 * Montgomery product), so (b z + 2^14) / 2^15 = (t q + 2^14) / 2^15 + 2 k and
 *   mont(b, z) = (q15(b, z) - q15(t, q)) >> 1
 * is exact: the rounding terms are equal and cancel (|2 k| < 2^15 for every
 * operand the schedule gives: |b z| <= 17052^2 in basemul).
 * Barrett needs floor(a 20159 / 2^26); q15 rounds, which differs for some a
 * (a = -j q, j = 1..9, and 29960: enumerated), so the floor is restored from
 * bit 14 of the low product: floor(a v / 2^15) = q15(a, v) - bit14(a v), then
 * >> 11.  Transposes: 8 x 8 by three rounds of interleaves (16-, 32-, 64-bit
 * unpack low/high, one shuffle instruction each on x86 and Arm engines).
 * Range checks of the checked kernels: an unsigned maximum over the loaded
 * vectors, compared with q once (all_true), the verdict a mask through
 * lf_ntt_nzmask; the output is ANDed with it.  Constant time: no branch or
 * index depends on the coefficients. */
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "ntt/ntt_internal.h"

typedef v128_t V;
#define AI static inline __attribute__((always_inline))
#define LF_NTT8_FN(name) w_##name
/* The transform bodies (ntt_body, invntt_body, cyc_fwd) are called, not
 * inlined: one straight-line function holding both polynomials (clang
 * unrolls everything) made V8's code 2.1x slower, cyclic product 990 ->
 * 464 ns (bench/wasm_time.c). */
#define LF_NTT8_BODY static __attribute__((noinline))
#define SPL(c) wasm_i16x8_splat((int16_t)(c))
#define LD(p) wasm_v128_load(p)
#define ST(p, v) wasm_v128_store((p), (v))
#define ADD wasm_i16x8_add
#define SUB wasm_i16x8_sub
#define AND wasm_v128_and

/* (q15(a, b) - q15(t, q)) / 2, t = a b q^-1 mod 2^16 given as a * bq */
AI V mont(V a, V b, V t)
{
    V d = SUB(wasm_i16x8_q15mulr_sat(a, b), wasm_i16x8_q15mulr_sat(t, SPL(LF_NTT_Q)));
    return wasm_i16x8_shr(d, 1);
}

/* b q^-1 mod 2^16 */
AI V mulq(V b)
{
    return wasm_i16x8_mul(b, SPL(LF_NTT_QINV));
}

/* b z 2^-16 (Montgomery) with zq = z q^-1 mod 2^16 */
AI V mulc(V b, V z, V zq)
{
    return mont(b, z, wasm_i16x8_mul(b, zq));
}

/* a b 2^-16 for two variable vectors */
AI V mulv(V a, V b)
{
    return mont(a, b, wasm_i16x8_mul(a, mulq(b)));
}

/* a - q floor(a 20159 / 2^26): any int16 -> [0, q] (lf_ntt_barrett) */
AI V barrett(V a)
{
    const V v = SPL(LF_NTT_BARRETT_V);
    V lo14 = wasm_i16x8_shr(wasm_i16x8_shl(wasm_i16x8_mul(a, v), 1), 15); /* -bit 14 */
    V t = wasm_i16x8_shr(ADD(wasm_i16x8_q15mulr_sat(a, v), lo14), 11);
    return SUB(a, wasm_i16x8_mul(t, SPL(LF_NTT_Q)));
}

/* load, and fold into the range check's running unsigned maximum */
#define CHK V
#define CHK_INIT wasm_i16x8_splat(0)
AI V ldc(const int16_t *p, V *mx)
{
    V x = LD(p);
    *mx = wasm_u16x8_max(*mx, x);
    return x;
}
/* *bad = 0 if every coefficient was < q, else all ones; returns ~*bad */
AI V verdict(V mx, uint32_t *bad)
{
    uint32_t ok = (uint32_t)wasm_i16x8_all_true(wasm_u16x8_lt(mx, SPL(LF_NTT_Q)));
    *bad = lf_ntt_nzmask(ok ^ 1u);
    return wasm_i32x4_splat((int32_t)~*bad);
}
/* (-q, q) -> [0, q): min as uint16 of x and x + q */
AI V caddq(V x)
{
    return wasm_u16x8_min(x, ADD(x, SPL(LF_NTT_Q)));
}
/* any int16 -> [0, q): Barrett to [0, q], then min(t, t - q) as uint16 */
AI V freeze(V x)
{
    V t = barrett(x);
    return wasm_u16x8_min(t, SUB(t, SPL(LF_NTT_Q)));
}

/* 8 x 8 transpose: x[k] lane r <- x[r] lane k */
AI void tr8(V *x)
{
    V a[8], b[8];
    for (int i = 0; i < 8; i += 2) {
        a[i] = wasm_i16x8_shuffle(x[i], x[i + 1], 0, 8, 1, 9, 2, 10, 3, 11);
        a[i + 1] = wasm_i16x8_shuffle(x[i], x[i + 1], 4, 12, 5, 13, 6, 14, 7, 15);
    }
    /* b[4 h + 2 c + s]: rows 4 h .. 4 h + 3, columns 4 c + 2 s, 4 c + 2 s + 1 */
    for (int h = 0; h < 2; h++)
        for (int c = 0; c < 2; c++) {
            b[4 * h + 2 * c] = wasm_i32x4_shuffle(a[4 * h + c], a[4 * h + c + 2], 0, 4, 1, 5);
            b[4 * h + 2 * c + 1] = wasm_i32x4_shuffle(a[4 * h + c], a[4 * h + c + 2], 2, 6, 3, 7);
        }
    for (int k = 0; k < 4; k++) {
        x[2 * k] = wasm_i64x2_shuffle(b[k], b[k + 4], 0, 2);
        x[2 * k + 1] = wasm_i64x2_shuffle(b[k], b[k + 4], 1, 3);
    }
}

/* basemul_fips: the two lanes of each pair exchanged; even / odd lanes of a, b interleaved */
AI V swap2(V x)
{
    return wasm_i16x8_shuffle(x, x, 1, 0, 3, 2, 5, 4, 7, 6);
}
AI V even2(V a, V b)
{
    return wasm_i16x8_shuffle(a, b, 0, 8, 2, 10, 4, 12, 6, 14);
}
AI V odd2(V a, V b)
{
    return wasm_i16x8_shuffle(a, b, 1, 9, 3, 11, 5, 13, 7, 15);
}

#include "ntt/native/ntt_v8_body.h"

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_wasm_simd128 = {
    .ntt = w_ntt, .invntt = w_invntt, .basemul = w_basemul, .cyclic = w_cyclic,
    .cyclic_chk = w_cyclic_chk, .ntt_fips = w_ntt_fips, .invntt_fips = w_invntt_fips,
    .basemul_fips = w_basemul_fips};
#else
typedef int lf_ntt_simd128_unused; /* not a SIMD128 build */
#endif
