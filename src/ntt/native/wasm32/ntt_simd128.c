/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* WebAssembly SIMD128 kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h).  Built only into wasm32 builds compiled with
 * -msimd128 (CMake LF_WASM_SIMD, src/ntt/sources.cmake); without
 * __wasm_simd128__ the file is empty.  Back end wasm_simd128.
 *
 * 8 int16 lanes per v128, 256 coefficients in 32 vectors, and the layouts
 * and schedule of the NEON kernels (ntt_neon.c), so the results are
 * bit-identical to the C kernels':
 *   rows: vector v holds coefficients 8 v .. 8 v + 7;
 *   B order: position 16 j + i (coefficient 16 i + j) is vector 2 j + (i >> 3),
 *   lane i & 7.
 * ML-KEM forward: rows for len = 128 .. 16, 16 x 16 transpose (four 8 x 8),
 * B order for len = 8, 4, 2.  Cyclic: rows for len = 64 .. 8, two 8 x 8
 * transposes, then len = 4, 2, 1 between vectors (lf_cyc_zeta8 layout).
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
#define NOINLINE static __attribute__((noinline))
#define SPL(c) wasm_i16x8_splat((int16_t)(c))
#define LD(p) wasm_v128_load(p)
#define ST(p, v) wasm_v128_store((p), (v))
#define ADD wasm_i16x8_add
#define SUB wasm_i16x8_sub

/* (q15(a, b) - q15(t, q)) / 2, t = a b q^-1 mod 2^16 given as a * bq */
AI V mont(V a, V b, V t)
{
    V d = SUB(wasm_i16x8_q15mulr_sat(a, b), wasm_i16x8_q15mulr_sat(t, SPL(LF_NTT_Q)));
    return wasm_i16x8_shr(d, 1);
}

/* b z 2^-16 (Montgomery) with zq = z q^-1 mod 2^16 */
AI V mulc(V b, V z, V zq)
{
    return mont(b, z, wasm_i16x8_mul(b, zq));
}

/* a b 2^-16 for two variable vectors */
AI V mulv(V a, V b)
{
    return mont(a, b, wasm_i16x8_mul(a, wasm_i16x8_mul(b, SPL(LF_NTT_QINV))));
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

AI void ct(V *a, V *b, V z, V zq)
{
    V t = mulc(*b, z, zq);
    *b = SUB(*a, t);
    *a = ADD(*a, t);
}

AI void gs(V *a, V *b, V z, V zq)
{
    V d = SUB(*b, *a);
    *a = ADD(*a, *b);
    *b = mulc(d, z, zq);
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

/* rows (vector 2 r + h = row r, columns 8 h ..) <-> B order, in place */
AI void tr16(V *x)
{
    V y[32];
    for (int R = 0; R < 2; R++)
        for (int C = 0; C < 2; C++) {
            V b[8];
            for (int r = 0; r < 8; r++) b[r] = x[2 * (8 * R + r) + C];
            tr8(b);
            for (int c = 0; c < 8; c++) y[2 * (8 * C + c) + R] = b[c];
        }
    for (int i = 0; i < 32; i++) x[i] = y[i];
}

#define BC(k) SPL(lf_mlkem_zeta[k]), SPL(lf_mlkem_zeta_qinv[k])
#define IBC(k) SPL(lf_mlkem_izeta[k]), SPL(lf_mlkem_izeta_qinv[k])
/* the B-order tables at offset o */
#define ZB(o) LD(lf_mlkem_zetaB + (o)), LD(lf_mlkem_zetaB_qinv + (o))
#define IZB(o) LD(lf_mlkem_izetaB + (o)), LD(lf_mlkem_izetaB_qinv + (o))

NOINLINE void ntt_body(V *x)
{
    for (int v = 0; v < 16; v++) ct(&x[v], &x[v + 16], BC(1));
    for (int v = 0; v < 32; v += 16)
        for (int o = 0; o < 8; o++) ct(&x[v + o], &x[v + o + 8], BC(2 + (v >> 4)));
    for (int v = 0; v < 32; v += 8)
        for (int o = 0; o < 4; o++) ct(&x[v + o], &x[v + o + 4], BC(4 + (v >> 3)));
    for (int v = 0; v < 32; v += 4)
        for (int o = 0; o < 2; o++) ct(&x[v + o], &x[v + o + 2], BC(8 + (v >> 2)));
    tr16(x);
    /* B order: vector 2 j + h, lanes i = 8 h .. 8 h + 7 */
    for (int j = 0; j < 8; j++)
        for (int h = 0; h < 2; h++) ct(&x[2 * j + h], &x[2 * (j + 8) + h], ZB(8 * h));
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++)
                ct(&x[2 * j + h], &x[2 * (j + 4) + h], ZB(16 + 16 * (j >> 3) + 8 * h));
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++)
                ct(&x[2 * j + h], &x[2 * (j + 2) + h], ZB(48 + 16 * (j >> 2) + 8 * h));
}

static void w_ntt(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = LD(a + 8 * v);
    ntt_body(x);
    for (int v = 0; v < 32; v++) ST(a + 8 * v, x[v]);
}

/* the inverse up to the last level (B order in, rows out) */
NOINLINE void invntt_body(V *x)
{
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++) {
                gs(&x[2 * j + h], &x[2 * (j + 2) + h], IZB(48 + 16 * (j >> 2) + 8 * h));
                x[2 * j + h] = barrett(x[2 * j + h]); /* level 1 sums */
            }
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++)
                gs(&x[2 * j + h], &x[2 * (j + 4) + h], IZB(16 + 16 * (j >> 3) + 8 * h));
    for (int j = 0; j < 8; j++)
        for (int h = 0; h < 2; h++) gs(&x[2 * j + h], &x[2 * (j + 8) + h], IZB(8 * h));
    tr16(x);
    for (int v = 0; v < 32; v += 4)
        for (int o = 0; o < 2; o++) {
            gs(&x[v + o], &x[v + o + 2], IBC(8 + (v >> 2)));
            x[v + o] = barrett(x[v + o]); /* level 4 sums */
        }
    for (int v = 0; v < 32; v += 8)
        for (int o = 0; o < 4; o++) gs(&x[v + o], &x[v + o + 4], IBC(4 + (v >> 3)));
    for (int v = 0; v < 32; v += 16)
        for (int o = 0; o < 8; o++) gs(&x[v + o], &x[v + o + 8], IBC(2 + (v >> 4)));
}

/* the last level with the scaling: fa, fb = 128^-1 R^2 (lazy, "to
 * Montgomery") or 128^-1 R (FIPS: exact, |x| < q) */
AI void inv_last(V *x, int16_t fa, int16_t faq, int16_t fb, int16_t fbq)
{
    for (int v = 0; v < 16; v++) {
        V s = ADD(x[v], x[v + 16]);
        V d = SUB(x[v + 16], x[v]);
        x[v] = mulc(s, SPL(fa), SPL(faq));
        x[v + 16] = mulc(d, SPL(fb), SPL(fbq));
    }
}

static void w_invntt(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = LD(a + 8 * v);
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA, LF_NTT_INV_FA_QINV, LF_NTT_INV_FB, LF_NTT_INV_FB_QINV);
    for (int v = 0; v < 32; v++) ST(a + 8 * v, x[v]);
}

static void w_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (int u = 0; u < 8; u++)
        for (int h = 0; h < 2; h++) {
            int p = 32 * u + 8 * h, g = 16 * u + 8 * h;
            V a0 = LD(a + p), a1 = LD(a + p + 16), b0 = LD(b + p), b1 = LD(b + p + 16);
            V c0 = ADD(mulv(a0, b0),
                       mulc(mulv(a1, b1), LD(lf_mlkem_gammaB + g), LD(lf_mlkem_gammaB_qinv + g)));
            V c1 = ADD(mulv(a0, b1), mulv(a1, b0));
            ST(r + p, c0);
            ST(r + p + 16, c1);
        }
}

#define CZ(k) SPL(lf_cyc_zeta[k]), SPL(lf_cyc_zeta_qinv[k])
#define ICZ(k) SPL(lf_cyc_izeta[k]), SPL(lf_cyc_izeta_qinv[k])
#define TZ(t, o) LD(lf_cyc_##t + (o)), LD(lf_cyc_##t##_qinv + (o))

/* Not inlined (nor the ML-KEM bodies): one straight-line function holding
 * both polynomials (clang unrolls everything) made V8's code 2.1x slower,
 * cyclic product 990 -> 464 ns (bench/wasm_time.c). */
NOINLINE void cyc_fwd(V *x)
{
    for (int v = 0; v < 8; v++) ct(&x[v], &x[v + 8], CZ(0));
    for (int v = 0; v < 16; v += 8)
        for (int o = 0; o < 4; o++) ct(&x[v + o], &x[v + o + 4], CZ(v >> 3));
    for (int v = 0; v < 16; v += 4)
        for (int o = 0; o < 2; o++) ct(&x[v + o], &x[v + o + 2], CZ(v >> 2));
    for (int v = 0; v < 16; v += 2) ct(&x[v], &x[v + 1], CZ(v >> 1));
    tr8(x);
    tr8(x + 8);
    for (int b = 0; b < 2; b++) {
        V *y = x + 8 * b;
        for (int k = 0; k < 4; k++) ct(&y[k], &y[k + 4], TZ(zeta8, 8 * b));
        for (int k = 0; k < 8; k++)
            if (!(k & 2)) ct(&y[k], &y[k + 2], TZ(zeta8, 16 + 8 * (2 * b + (k >> 2))));
        for (int k = 0; k < 8; k += 2) ct(&y[k], &y[k + 1], TZ(zeta8, 48 + 8 * (4 * b + (k >> 1))));
    }
}

static uint32_t w_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    V x[16], y[16], mx = wasm_i16x8_splat(0);
    for (int i = 0; i < 16; i++) x[i] = ldc(a + 8 * i, &mx), y[i] = ldc(b + 8 * i, &mx);
    cyc_fwd(x);
    cyc_fwd(y);
    for (int i = 0; i < 16; i++)
        x[i] = mulc(mulv(x[i], y[i]), SPL(LF_NTT_CYC_SCALE), SPL(LF_NTT_CYC_SCALE_QINV));
    for (int bb = 0; bb < 2; bb++) {
        V *w = x + 8 * bb;
        for (int k = 0; k < 8; k += 2)
            gs(&w[k], &w[k + 1], TZ(izeta8, 48 + 8 * (4 * bb + (k >> 1))));
        for (int k = 0; k < 8; k++)
            if (!(k & 2)) gs(&w[k], &w[k + 2], TZ(izeta8, 16 + 8 * (2 * bb + (k >> 2))));
        for (int k = 0; k < 4; k++) gs(&w[k], &w[k + 4], TZ(izeta8, 8 * bb));
    }
    tr8(x);
    tr8(x + 8);
    for (int v = 0; v < 16; v += 2) {
        gs(&x[v], &x[v + 1], ICZ(v >> 1));
        x[v] = barrett(x[v]); /* level 4 sums */
    }
    for (int v = 0; v < 16; v += 4)
        for (int o = 0; o < 2; o++) gs(&x[v + o], &x[v + o + 2], ICZ(v >> 2));
    for (int v = 0; v < 16; v += 8)
        for (int o = 0; o < 4; o++) gs(&x[v + o], &x[v + o + 4], ICZ(v >> 3));
    for (int v = 0; v < 8; v++) gs(&x[v], &x[v + 8], ICZ(0));
    uint32_t bad;
    V keep = verdict(mx, &bad);
    for (int v = 0; v < 16; v++) ST(r + 8 * v, wasm_v128_and(freeze(x[v]), keep));
    return bad;
}

static void w_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)w_cyclic_chk(r, a, b);
}

/* ---- checked FIPS-semantics kernels ---- */
static uint32_t w_ntt_fips(int16_t r[256], const int16_t a[256])
{
    V x[32], mx = wasm_i16x8_splat(0);
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &mx);
    ntt_body(x);
    tr16(x); /* B order -> rows = FIPS order */
    uint32_t bad;
    V keep = verdict(mx, &bad);
    for (int v = 0; v < 32; v++) ST(r + 8 * v, wasm_v128_and(freeze(x[v]), keep));
    return bad;
}

static uint32_t w_invntt_fips(int16_t r[256], const int16_t a[256])
{
    V x[32], mx = wasm_i16x8_splat(0);
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &mx);
    tr16(x); /* FIPS order -> B order */
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FA_FIPS_QINV, LF_NTT_INV_FB_FIPS,
             LF_NTT_INV_FB_FIPS_QINV);
    uint32_t bad;
    V keep = verdict(mx, &bad);
    for (int v = 0; v < 32; v++) ST(r + 8 * v, wasm_v128_and(caddq(x[v]), keep));
    return bad;
}

/* FIPS order (pair m = lanes 2m, 2m + 1), the NEON kernel's method:
 * P = mont(a, b), X = mont(a, swap(b)), Pg = mont(P, gammaF) = (a0 b0,
 * a1 b1 gamma) exactly; even/odd interleaves give (Pg0 + Pg1, X0 + X1) per
 * pair; mont by (R, R^2) reduces and puts the 2^16 back on the odd lane
 * (tools/ntt_bounds.py, basemul_fips_bound). */
static uint32_t w_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    const V z = wasm_i16x8_make(LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2,
                                LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2);
    const V zq = wasm_i16x8_make(LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV,
                                 LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV,
                                 LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV);
    V c[32], mx = wasm_i16x8_splat(0);
    for (int i = 0; i < 32; i++) {
        V x = ldc(a + 8 * i, &mx), y = ldc(b + 8 * i, &mx);
        V yq = wasm_i16x8_mul(y, SPL(LF_NTT_QINV));
        V p = mulc(x, y, yq);
        V q = mulc(x, wasm_i16x8_shuffle(y, y, 1, 0, 3, 2, 5, 4, 7, 6),
                   wasm_i16x8_shuffle(yq, yq, 1, 0, 3, 2, 5, 4, 7, 6));
        V pg = mulc(p, LD(lf_mlkem_gammaF + 8 * i), LD(lf_mlkem_gammaF_qinv + 8 * i));
        V s = ADD(wasm_i16x8_shuffle(pg, q, 0, 8, 2, 10, 4, 12, 6, 14),
                  wasm_i16x8_shuffle(pg, q, 1, 9, 3, 11, 5, 13, 7, 15));
        c[i] = caddq(mulc(s, z, zq));
    }
    uint32_t bad;
    V keep = verdict(mx, &bad);
    for (int i = 0; i < 32; i++) ST(r + 8 * i, wasm_v128_and(c[i], keep));
    return bad;
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_wasm_simd128 = {
    .ntt = w_ntt, .invntt = w_invntt, .basemul = w_basemul, .cyclic = w_cyclic,
    .cyclic_chk = w_cyclic_chk, .ntt_fips = w_ntt_fips, .invntt_fips = w_invntt_fips,
    .basemul_fips = w_basemul_fips};
#else
typedef int lf_ntt_simd128_unused; /* not a SIMD128 build */
#endif
