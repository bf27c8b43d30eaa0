/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The 8-lane NTT kernels mod 3329 (contract: src/ntt/ntt_internal.h): one
 * schedule shared by two architectures, included by
 *   native/aarch64/ntt_neon.c       Advanced SIMD (back ends neon, armv7neon)
 *   native/wasm_simd128/ntt_simd128.c WebAssembly SIMD128 (back end wasm_simd128)
 * which define the primitives below and then include this file; it has no
 * intrinsics of its own.  (It sits in native/, not in an arch directory,
 * because it belongs to no one architecture: src/ntt/README.md, Layout.)
 *
 * 8 int16 lanes per vector; 256 coefficients are 32 vectors.
 *   rows: vector v holds coefficients 8 v .. 8 v + 7;
 *   B order: position 16 j + i (coefficient 16 i + j) is vector 2 j + (i >> 3),
 *   lane i & 7.
 * ML-KEM forward: rows for len = 128 .. 16, 16 x 16 transpose (four 8 x 8),
 * B order for len = 8, 4, 2.  Cyclic: rows for len = 64 .. 8, two 8 x 8
 * transposes, then len = 4, 2, 1 between vectors (lf_cyc_zeta8 layout).
 * The arithmetic is the scalar code's (the includers' Montgomery and Barrett
 * are exact), so the results are bit-identical to the C kernels' and one
 * bound proof (gen/limbforge/nttbounds.py) covers every includer.
 *
 * The includer defines:
 *   LF_NTT8_FN(name)   the name of kernel `name` (the kernel table is the
 *                      includer's)
 *   LF_NTT8_BODY       storage and inlining of the transform bodies
 *                      (ntt_body, invntt_body, cyc_fwd): NEON always_inline,
 *                      SIMD128 noinline (ntt_simd128.c says why)
 *   AI                 storage and inlining of the small helpers
 *   V                  the vector type; LD(p), ST(p, v), SPL(c) (broadcast),
 *                      ADD, SUB, AND (int16 lanes; AND bitwise)
 *   mulc(b, z, zq)     Montgomery b z 2^-16, zq = z q^-1 mod 2^16
 *   mulv(a, b)         Montgomery a b 2^-16, both variable
 *   mulq(b)            b q^-1 mod 2^16 (the zq of a variable b)
 *   barrett(a)         any int16 -> [0, q]
 *   caddq(x)           (-q, q) -> [0, q)
 *   freeze(x)          any int16 -> [0, q)
 *   tr8(x)             8 x 8 transpose in place: x[k] lane r <- x[r] lane k
 *   CHK, CHK_INIT      the range check's running state and its start value
 *   ldc(p, &chk)       load and fold into the range check
 *   verdict(chk, &bad) *bad = 0 if every coefficient was < q, else all ones
 *                      (lf_ntt_nzmask, no branch); returns ~*bad in each lane
 *   swap2(x)           the two lanes of each pair exchanged (2m <-> 2m + 1)
 *   even2(a, b), odd2(a, b)  (a0, b0, a2, b2, ..) and (a1, b1, a3, b3, ..)
 * Constant time: no branch or index depends on the coefficients. */
#if !defined(LF_NTT8_FN) || !defined(LF_NTT8_BODY)
#error "define LF_NTT8_FN(name), LF_NTT8_BODY and the primitives before including ntt_v8_body.h"
#endif

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

LF_NTT8_BODY void ntt_body(V *x)
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
    const int16_t *z = lf_mlkem_zetaB, *zq = lf_mlkem_zetaB_qinv;
    for (int j = 0; j < 8; j++)
        for (int h = 0; h < 2; h++)
            ct(&x[2 * j + h], &x[2 * (j + 8) + h], LD(z + 8 * h), LD(zq + 8 * h));
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++) {
                int o = 16 + 16 * (j >> 3) + 8 * h;
                ct(&x[2 * j + h], &x[2 * (j + 4) + h], LD(z + o), LD(zq + o));
            }
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++) {
                int o = 48 + 16 * (j >> 2) + 8 * h;
                ct(&x[2 * j + h], &x[2 * (j + 2) + h], LD(z + o), LD(zq + o));
            }
}

static void LF_NTT8_FN(ntt)(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = LD(a + 8 * v);
    ntt_body(x);
    for (int v = 0; v < 32; v++) ST(a + 8 * v, x[v]);
}

/* the inverse up to the last level (B order in, rows out) */
LF_NTT8_BODY void invntt_body(V *x)
{
    const int16_t *z = lf_mlkem_izetaB, *zq = lf_mlkem_izetaB_qinv;
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++) {
                int o = 48 + 16 * (j >> 2) + 8 * h;
                gs(&x[2 * j + h], &x[2 * (j + 2) + h], LD(z + o), LD(zq + o));
                x[2 * j + h] = barrett(x[2 * j + h]); /* level 1 sums */
            }
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++) {
                int o = 16 + 16 * (j >> 3) + 8 * h;
                gs(&x[2 * j + h], &x[2 * (j + 4) + h], LD(z + o), LD(zq + o));
            }
    for (int j = 0; j < 8; j++)
        for (int h = 0; h < 2; h++)
            gs(&x[2 * j + h], &x[2 * (j + 8) + h], LD(z + 8 * h), LD(zq + 8 * h));
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

static void LF_NTT8_FN(invntt)(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = LD(a + 8 * v);
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA, LF_NTT_INV_FA_QINV, LF_NTT_INV_FB, LF_NTT_INV_FB_QINV);
    for (int v = 0; v < 32; v++) ST(a + 8 * v, x[v]);
}

/* B order: the pair partners 16 i + 2 u, 16 i + 2 u + 1 are 16 apart */
static void LF_NTT8_FN(basemul)(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (int u = 0; u < 8; u++)
        for (int h = 0; h < 2; h++) {
            int p = 32 * u + 8 * h, g = 16 * u + 8 * h;
            V a0 = LD(a + p), a1 = LD(a + p + 16);
            V b0 = LD(b + p), b1 = LD(b + p + 16);
            V gz = LD(lf_mlkem_gammaB + g), gq = LD(lf_mlkem_gammaB_qinv + g);
            V c0 = ADD(mulv(a0, b0), mulc(mulv(a1, b1), gz, gq));
            V c1 = ADD(mulv(a0, b1), mulv(a1, b0));
            ST(r + p, c0);
            ST(r + p + 16, c1);
        }
}

#define CZ(k) SPL(lf_cyc_zeta[k]), SPL(lf_cyc_zeta_qinv[k])
#define ICZ(k) SPL(lf_cyc_izeta[k]), SPL(lf_cyc_izeta_qinv[k])
#define TZ(t, o) LD(lf_cyc_##t + (o)), LD(lf_cyc_##t##_qinv + (o))

LF_NTT8_BODY void cyc_fwd(V *x)
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

static uint32_t LF_NTT8_FN(cyclic_chk)(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    V x[16], y[16];
    CHK ok = CHK_INIT;
    for (int i = 0; i < 16; i++) x[i] = ldc(a + 8 * i, &ok), y[i] = ldc(b + 8 * i, &ok);
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
    V keep = verdict(ok, &bad);
    for (int v = 0; v < 16; v++) ST(r + 8 * v, AND(freeze(x[v]), keep));
    return bad;
}

static void LF_NTT8_FN(cyclic)(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)LF_NTT8_FN(cyclic_chk)(r, a, b);
}

/* ---- checked FIPS-semantics kernels ---- */
static uint32_t LF_NTT8_FN(ntt_fips)(int16_t r[256], const int16_t a[256])
{
    V x[32];
    CHK ok = CHK_INIT;
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &ok);
    ntt_body(x);
    tr16(x); /* B order -> rows = FIPS order */
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int v = 0; v < 32; v++) ST(r + 8 * v, AND(freeze(x[v]), keep));
    return bad;
}

static uint32_t LF_NTT8_FN(invntt_fips)(int16_t r[256], const int16_t a[256])
{
    V x[32];
    CHK ok = CHK_INIT;
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &ok);
    tr16(x); /* FIPS order -> B order */
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FA_FIPS_QINV, LF_NTT_INV_FB_FIPS,
             LF_NTT_INV_FB_FIPS_QINV);
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int v = 0; v < 32; v++) ST(r + 8 * v, AND(caddq(x[v]), keep));
    return bad;
}

/* FIPS order (pair m = lanes 2m, 2m + 1): P = mont(a, b), X = mont(a,
 * swap(b)), Pg = mont(P, gammaF) = (a0 b0, a1 b1 gamma) exactly; even2 +
 * odd2 gives (Pg0 + Pg1, X0 + X1) per pair; mont by (R, R^2) reduces and
 * puts the 2^16 back on the odd lane (gen/limbforge/nttbounds.py,
 * basemul_fips_bound). */
static uint32_t LF_NTT8_FN(basemul_fips)(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    static const int16_t fz[8] = {LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2,
                                  LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2};
    static const int16_t fzq[8] = {LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV,
                                   LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV,
                                   LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV};
    const V z = LD(fz), zq = LD(fzq);
    CHK ok = CHK_INIT;
    V c[32];
    for (int i = 0; i < 32; i++) {
        V x = ldc(a + 8 * i, &ok), y = ldc(b + 8 * i, &ok);
        V yq = mulq(y);
        V p = mulc(x, y, yq);
        V q = mulc(x, swap2(y), swap2(yq));
        V pg = mulc(p, LD(lf_mlkem_gammaF + 8 * i), LD(lf_mlkem_gammaF_qinv + 8 * i));
        V s = ADD(even2(pg, q), odd2(pg, q));
        c[i] = caddq(mulc(s, z, zq));
    }
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int i = 0; i < 32; i++) ST(r + 8 * i, AND(c[i], keep));
    return bad;
}
