/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Advanced SIMD kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h).  One source for AArch64 (back end neon) and
 * AArch32 (back end armv7neon, -mfpu=neon; the A64-only intrinsics come
 * from lf_neon.h), see sources.cmake.
 *
 * 8 int16 lanes per vector; 256 coefficients are 32 vectors (AArch64 has 32
 * vector registers; AArch32 has 16 Q registers, so there the compiler keeps
 * half of them on the stack).  Montgomery with the doubling multiply-high:
 *   mont(b, z) = (sqdmulh(b, z) - sqdmulh(b * zq, q)) >> 1   (shsub)
 * both doubled products agree in their low 17 bits, so the halving
 * subtraction is exact and the result is bit-identical to the scalar code.
 * Barrett: sqdmulh(a, 20159) >> 11 = floor(a 20159 / 2^26).
 *   rows: vector v holds coefficients 8 v .. 8 v + 7;
 *   B order: position 16 j + i (coefficient 16 i + j) is vector 2 j + (i >> 3),
 *   lane i & 7.
 * ML-KEM forward: rows for len = 128 .. 16, 16 x 16 transpose (four 8 x 8),
 * B order for len = 8, 4, 2.  Cyclic: rows for len = 64 .. 8, two 8 x 8
 * transposes, then len = 4, 2, 1 between vectors (lf_cyc_zeta8 layout). */
#include "lf_neon.h"

#include "ntt/ntt_internal.h"

typedef int16x8_t V;
#define AI static inline __attribute__((always_inline))

AI V mulc(V b, V z, V zq)
{
    V t = vmulq_s16(b, zq);
    return vhsubq_s16(vqdmulhq_s16(b, z), vqdmulhq_n_s16(t, LF_NTT_Q));
}

AI V mulv(V a, V b)
{
    V t = vmulq_s16(a, vmulq_n_s16(b, LF_NTT_QINV));
    return vhsubq_s16(vqdmulhq_s16(a, b), vqdmulhq_n_s16(t, LF_NTT_Q));
}

AI V barrett(V a)
{
    V t = vshrq_n_s16(vqdmulhq_n_s16(a, LF_NTT_BARRETT_V), 11);
    return vmlsq_n_s16(a, t, LF_NTT_Q);
}

/* range check: ok &= (x < q as uint16) */
AI V ldc(const int16_t *p, uint16x8_t *ok)
{
    V x = vld1q_s16(p);
    *ok = vandq_u16(*ok, vcltq_u16(vreinterpretq_u16_s16(x), vdupq_n_u16(LF_NTT_Q)));
    return x;
}
/* *bad = 0 if every lane of ok is all ones, else all ones; returns ~*bad */
AI V verdict(uint16x8_t ok, uint32_t *bad)
{
    *bad = lf_ntt_nzmask(0xffffu ^ (uint32_t)vminvq_u16(ok));
    return vreinterpretq_s16_u32(vdupq_n_u32(~*bad));
}
/* (-q, q) -> [0, q): min as uint16 of x and x + q */
AI V caddq(V x)
{
    uint16x8_t u = vreinterpretq_u16_s16(x);
    return vreinterpretq_s16_u16(vminq_u16(u, vaddq_u16(u, vdupq_n_u16(LF_NTT_Q))));
}
/* any int16 -> [0, q): Barrett to [0, q], then min(t, t - q) as uint16 */
AI V freeze(V x)
{
    uint16x8_t t = vreinterpretq_u16_s16(barrett(x));
    return vreinterpretq_s16_u16(vminq_u16(t, vsubq_u16(t, vdupq_n_u16(LF_NTT_Q))));
}

AI void ct(V *a, V *b, V z, V zq)
{
    V t = mulc(*b, z, zq);
    *b = vsubq_s16(*a, t);
    *a = vaddq_s16(*a, t);
}

AI void gs(V *a, V *b, V z, V zq)
{
    V d = vsubq_s16(*b, *a);
    *a = vaddq_s16(*a, *b);
    *b = mulc(d, z, zq);
}

/* 8 x 8 transpose: x[k] lane r <- x[r] lane k */
AI void tr8(V *x)
{
    int16x8_t t[8];
    int32x4_t u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = vtrn1q_s16(x[2 * i], x[2 * i + 1]);
        t[2 * i + 1] = vtrn2q_s16(x[2 * i], x[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++)
        for (int o = 0; o < 2; o++) {
            int32x4_t p = vreinterpretq_s32_s16(t[4 * i + o]);
            int32x4_t r = vreinterpretq_s32_s16(t[4 * i + o + 2]);
            u[4 * i + o] = vtrn1q_s32(p, r);
            u[4 * i + o + 2] = vtrn2q_s32(p, r);
        }
    for (int o = 0; o < 4; o++) {
        int64x2_t p = vreinterpretq_s64_s32(u[o]), r = vreinterpretq_s64_s32(u[o + 4]);
        x[o] = vreinterpretq_s16_s64(vtrn1q_s64(p, r));
        x[o + 4] = vreinterpretq_s16_s64(vtrn2q_s64(p, r));
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

#define BC(k) vdupq_n_s16(lf_mlkem_zeta[k]), vdupq_n_s16(lf_mlkem_zeta_qinv[k])
#define IBC(k) vdupq_n_s16(lf_mlkem_izeta[k]), vdupq_n_s16(lf_mlkem_izeta_qinv[k])

AI void ntt_body(V *x)
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
            ct(&x[2 * j + h], &x[2 * (j + 8) + h], vld1q_s16(z + 8 * h), vld1q_s16(zq + 8 * h));
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++) {
                int o = 16 + 16 * (j >> 3) + 8 * h;
                ct(&x[2 * j + h], &x[2 * (j + 4) + h], vld1q_s16(z + o), vld1q_s16(zq + o));
            }
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++) {
                int o = 48 + 16 * (j >> 2) + 8 * h;
                ct(&x[2 * j + h], &x[2 * (j + 2) + h], vld1q_s16(z + o), vld1q_s16(zq + o));
            }
}

static void neon_ntt(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = vld1q_s16(a + 8 * v);
    ntt_body(x);
    for (int v = 0; v < 32; v++) vst1q_s16(a + 8 * v, x[v]);
}

/* the inverse up to the last level (B order in, rows out) */
AI void invntt_body(V *x)
{
    const int16_t *z = lf_mlkem_izetaB, *zq = lf_mlkem_izetaB_qinv;
    for (int j = 0; j < 16; j++)
        if (!(j & 2))
            for (int h = 0; h < 2; h++) {
                int o = 48 + 16 * (j >> 2) + 8 * h;
                gs(&x[2 * j + h], &x[2 * (j + 2) + h], vld1q_s16(z + o), vld1q_s16(zq + o));
                x[2 * j + h] = barrett(x[2 * j + h]); /* level 1 sums */
            }
    for (int j = 0; j < 16; j++)
        if (!(j & 4))
            for (int h = 0; h < 2; h++) {
                int o = 16 + 16 * (j >> 3) + 8 * h;
                gs(&x[2 * j + h], &x[2 * (j + 4) + h], vld1q_s16(z + o), vld1q_s16(zq + o));
            }
    for (int j = 0; j < 8; j++)
        for (int h = 0; h < 2; h++)
            gs(&x[2 * j + h], &x[2 * (j + 8) + h], vld1q_s16(z + 8 * h), vld1q_s16(zq + 8 * h));
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
        V s = vaddq_s16(x[v], x[v + 16]);
        V d = vsubq_s16(x[v + 16], x[v]);
        x[v] = mulc(s, vdupq_n_s16(fa), vdupq_n_s16(faq));
        x[v + 16] = mulc(d, vdupq_n_s16(fb), vdupq_n_s16(fbq));
    }
}

static void neon_invntt(int16_t a[256])
{
    V x[32];
    for (int v = 0; v < 32; v++) x[v] = vld1q_s16(a + 8 * v);
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA, LF_NTT_INV_FA_QINV, LF_NTT_INV_FB, LF_NTT_INV_FB_QINV);
    for (int v = 0; v < 32; v++) vst1q_s16(a + 8 * v, x[v]);
}

static void neon_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (int u = 0; u < 8; u++)
        for (int h = 0; h < 2; h++) {
            int p = 32 * u + 8 * h;
            V a0 = vld1q_s16(a + p), a1 = vld1q_s16(a + p + 16);
            V b0 = vld1q_s16(b + p), b1 = vld1q_s16(b + p + 16);
            V g = vld1q_s16(lf_mlkem_gammaB + 16 * u + 8 * h);
            V gq = vld1q_s16(lf_mlkem_gammaB_qinv + 16 * u + 8 * h);
            V c0 = vaddq_s16(mulv(a0, b0), mulc(mulv(a1, b1), g, gq));
            V c1 = vaddq_s16(mulv(a0, b1), mulv(a1, b0));
            vst1q_s16(r + p, c0);
            vst1q_s16(r + p + 16, c1);
        }
}

#define CZ(k) vdupq_n_s16(lf_cyc_zeta[k]), vdupq_n_s16(lf_cyc_zeta_qinv[k])
#define ICZ(k) vdupq_n_s16(lf_cyc_izeta[k]), vdupq_n_s16(lf_cyc_izeta_qinv[k])
#define TZ(t, o) vld1q_s16(lf_cyc_##t + (o)), vld1q_s16(lf_cyc_##t##_qinv + (o))

AI void cyc_fwd(V *x)
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

static uint32_t neon_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    V x[16], y[16];
    uint16x8_t ok = vdupq_n_u16(0xffff);
    for (int i = 0; i < 16; i++) x[i] = ldc(a + 8 * i, &ok), y[i] = ldc(b + 8 * i, &ok);
    cyc_fwd(x);
    cyc_fwd(y);
    for (int i = 0; i < 16; i++)
        x[i] = mulc(mulv(x[i], y[i]), vdupq_n_s16(LF_NTT_CYC_SCALE),
                    vdupq_n_s16(LF_NTT_CYC_SCALE_QINV));
    for (int bb = 0; bb < 2; bb++) {
        V *w = x + 8 * bb;
        for (int k = 0; k < 8; k += 2) gs(&w[k], &w[k + 1], TZ(izeta8, 48 + 8 * (4 * bb + (k >> 1))));
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
    for (int v = 0; v < 16; v++) vst1q_s16(r + 8 * v, vandq_s16(freeze(x[v]), keep));
    return bad;
}

static void neon_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)neon_cyclic_chk(r, a, b);
}

/* ---- checked FIPS-semantics kernels ---- */
static uint32_t neon_ntt_fips(int16_t r[256], const int16_t a[256])
{
    V x[32];
    uint16x8_t ok = vdupq_n_u16(0xffff);
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &ok);
    ntt_body(x);
    tr16(x); /* B order -> rows = FIPS order */
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int v = 0; v < 32; v++) vst1q_s16(r + 8 * v, vandq_s16(freeze(x[v]), keep));
    return bad;
}

static uint32_t neon_invntt_fips(int16_t r[256], const int16_t a[256])
{
    V x[32];
    uint16x8_t ok = vdupq_n_u16(0xffff);
    for (int v = 0; v < 32; v++) x[v] = ldc(a + 8 * v, &ok);
    tr16(x); /* FIPS order -> B order */
    invntt_body(x);
    inv_last(x, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FA_FIPS_QINV, LF_NTT_INV_FB_FIPS,
             LF_NTT_INV_FB_FIPS_QINV);
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int v = 0; v < 32; v++) vst1q_s16(r + 8 * v, vandq_s16(caddq(x[v]), keep));
    return bad;
}

/* FIPS order (pair m = lanes 2m, 2m + 1): P = mont(a, b), X = mont(a,
 * swap(b)), Pg = mont(P, gammaF) = (a0 b0, a1 b1 gamma) exactly; trn1 + trn2
 * gives (Pg0 + Pg1, X0 + X1) per pair; mont by (R, R^2) reduces and puts the
 * 2^16 back on the odd lane (tools/ntt_bounds.py, basemul_fips_bound). */
static uint32_t neon_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    static const int16_t fz[8] = {LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2,
                                  LF_NTT_MONT_R, LF_NTT_MONT_R2, LF_NTT_MONT_R, LF_NTT_MONT_R2};
    static const int16_t fzq[8] = {LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV,
                                   LF_NTT_MONT_R2_QINV, LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV,
                                   LF_NTT_MONT_R_QINV, LF_NTT_MONT_R2_QINV};
    const V z = vld1q_s16(fz), zq = vld1q_s16(fzq);
    uint16x8_t ok = vdupq_n_u16(0xffff);
    V c[32];
    for (int i = 0; i < 32; i++) {
        V x = ldc(a + 8 * i, &ok), y = ldc(b + 8 * i, &ok);
        V yq = vmulq_n_s16(y, LF_NTT_QINV);
        V p = mulc(x, y, yq);
        V q = mulc(x, vrev32q_s16(y), vrev32q_s16(yq));
        V pg = mulc(p, vld1q_s16(lf_mlkem_gammaF + 8 * i), vld1q_s16(lf_mlkem_gammaF_qinv + 8 * i));
        V s = vaddq_s16(vtrn1q_s16(pg, q), vtrn2q_s16(pg, q));
        c[i] = caddq(mulc(s, z, zq));
    }
    uint32_t bad;
    V keep = verdict(ok, &bad);
    for (int i = 0; i < 32; i++) vst1q_s16(r + 8 * i, vandq_s16(c[i], keep));
    return bad;
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_neon = {
    .ntt = neon_ntt, .invntt = neon_invntt, .basemul = neon_basemul, .cyclic = neon_cyclic,
    .cyclic_chk = neon_cyclic_chk, .ntt_fips = neon_ntt_fips, .invntt_fips = neon_invntt_fips,
    .basemul_fips = neon_basemul_fips};
