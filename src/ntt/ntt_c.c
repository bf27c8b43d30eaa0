/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Portable C kernels of the NTT mod 3329 (contract: ntt_internal.h).
 * Straight loops in standard order, following the proven schedule of
 * gen/limbforge/nttbounds.py; LF_VERIFY builds check the bound after every level. */
#include "limbforge/ntt.h"
#include "ntt/ntt_internal.h"

#include <string.h>

/* Cooley-Tukey levels len = n/2 .. stop on n coefficients, standard order.
 * zeta(level block) = zr[k0(len) + block]. */
static void fwd_levels(int16_t *a, int n, const int16_t *zr, int mlkem, const int32_t *lmax)
{
    int lvl = 1;
    /* nb = n / (2 len) blocks, and for ML-KEM (n = 256) k0 = 128 / len = nb:
     * kept as shifts, so no division instruction (tests/mlkem/test_nodiv.py) */
    for (int len = n >> 1, nb = 1; len >= (mlkem ? 2 : 1); len >>= 1, nb <<= 1, lvl++) {
        int k0 = mlkem ? nb : 0;
        for (int blk = 0; blk < nb; blk++) {
            int16_t z = zr[k0 + blk];
            int16_t *p = a + 2 * len * blk;
            for (int j = 0; j < len; j++) {
                int16_t t = lf_ntt_fqmul(p[j + len], z);
                p[j + len] = (int16_t)(p[j] - t);
                p[j] = (int16_t)(p[j] + t);
            }
        }
        LF_NTT_VERIFY(a, n, lmax[lvl]);
    }
    (void)lmax;
}

/* Gentleman-Sande levels, standard order: a + b, mont(b - a, z); Barrett on
 * the sums of the levels listed; ML-KEM's last level fused with the scaling. */
static void inv_levels(int16_t *a, int n, const int16_t *zr, int mlkem, const int32_t *lmax)
{
    int lvl = 1;
    int len = mlkem ? 2 : 1, nb = mlkem ? n >> 2 : n >> 1; /* nb = n / (2 len) */
    for (; len <= n >> 1; len <<= 1, nb >>= 1, lvl++) {
        int k0 = mlkem ? nb : 0; /* 128 / len for n = 256 */
        int last = mlkem && len == n >> 1;
        int bar = mlkem ? (lvl == LF_NTT_BARRETT_AFTER_A || lvl == LF_NTT_BARRETT_AFTER_B)
                        : lvl == LF_CYC_BARRETT_AFTER;
        for (int blk = 0; blk < nb; blk++) {
            int16_t z = zr[k0 + blk];
            int16_t *p = a + 2 * len * blk;
            for (int j = 0; j < len; j++) {
                int16_t s = (int16_t)(p[j] + p[j + len]);
                int16_t d = (int16_t)(p[j + len] - p[j]);
                if (last) {
                    p[j] = lf_ntt_fqmul(s, LF_NTT_INV_FA);
                    p[j + len] = lf_ntt_fqmul(d, LF_NTT_INV_FB);
                } else {
                    p[j] = bar ? lf_ntt_barrett(s) : s;
                    p[j + len] = lf_ntt_fqmul(d, z);
                }
            }
        }
        LF_NTT_VERIFY(a, n, lmax[lvl]);
    }
    (void)lmax;
}

static void transpose16(int16_t *r, const int16_t *a)
{
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) r[16 * j + i] = a[16 * i + j];
}

static void c_ntt(int16_t a[256])
{
    int16_t t[256];
    fwd_levels(a, 256, lf_mlkem_zeta, 1, lf_mlkem_ntt_level_max);
    transpose16(t, a);
    memcpy(a, t, sizeof t);
}

static void c_invntt(int16_t a[256])
{
    int16_t t[256];
    transpose16(t, a);
    inv_levels(t, 256, lf_mlkem_izeta, 1, lf_mlkem_invntt_level_max);
    memcpy(a, t, sizeof t);
}

/* B order: pair m = 8 i + u sits at positions 32 u + i (even coefficient)
 * and 32 u + 16 + i (odd one). */
static void c_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (int u = 0; u < 8; u++)
        for (int i = 0; i < 16; i++) {
            int p0 = 32 * u + i, p1 = p0 + 16;
            int16_t a0 = a[p0], a1 = a[p1], b0 = b[p0], b1 = b[p1];
            int16_t g = lf_mlkem_gamma[8 * i + u];
            int16_t c0 = (int16_t)(lf_ntt_fqmul(a0, b0) + lf_ntt_fqmul(lf_ntt_fqmul(a1, b1), g));
            int16_t c1 = (int16_t)(lf_ntt_fqmul(a0, b1) + lf_ntt_fqmul(a1, b0));
            r[p0] = c0;
            r[p1] = c1;
        }
}

static void c_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    int16_t fa[128], fb[128];
    memcpy(fa, a, sizeof fa);
    memcpy(fb, b, sizeof fb);
    fwd_levels(fa, 128, lf_cyc_zeta, 0, lf_cyc_fwd_level_max);
    fwd_levels(fb, 128, lf_cyc_zeta, 0, lf_cyc_fwd_level_max);
    for (int i = 0; i < 128; i++)
        fa[i] = lf_ntt_fqmul(lf_ntt_fqmul(fa[i], fb[i]), LF_NTT_CYC_SCALE);
    LF_NTT_VERIFY(fa, 128, LF_CYC_POINTWISE_OUT_MAX);
    inv_levels(fa, 128, lf_cyc_izeta, 0, lf_cyc_inv_level_max);
    for (int i = 0; i < 128; i++) r[i] = lf_ntt_csubq(lf_ntt_barrett(fa[i]));
}

/* ---- the checked kernels: the lazy ones between C loops ------------------ */

/* dst = src with every coefficient outside [0, q) replaced by 0; returns 0
 * if all were in range, else all ones.  No branch on the values: the kernels
 * run on the cleaned input either way and mask the output, so only the
 * returned verdict (public by design) depends on them. */
static uint32_t c_clean(int16_t *dst, const int16_t *src, int n)
{
    uint32_t bad = 0;
    for (int i = 0; i < n; i++) {
        int32_t x = src[i];
        uint32_t m = (uint32_t)(x >> 31) | (uint32_t)((LF_Q - 1 - x) >> 31);
        dst[i] = (int16_t)(x & (int32_t)~m);
        bad |= m;
    }
    return lf_vb32(bad);
}

/* r &= ~bad; returns bad */
static uint32_t c_mask(int16_t *r, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++) r[i] = (int16_t)(r[i] & (int16_t)~bad);
    return bad;
}

/* r = mont(a, k) brought to [0, q): |mont| < q for any int16 input. */
static void c_fix(int16_t *r, const int16_t *a, int16_t k)
{
    for (int i = 0; i < 256; i++) {
        int16_t x = lf_ntt_fqmul(a[i], k);
        r[i] = (int16_t)(x + ((x >> 15) & LF_Q));
    }
}

static uint32_t c_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    int16_t ta[128], tb[128];
    uint32_t bad = c_clean(ta, a, 128) | c_clean(tb, b, 128);
    c_cyclic(r, ta, tb);
    LF_NTT_VERIFY(r, 128, LF_Q - 1);
    return c_mask(r, 128, bad);
}

static uint32_t c_ntt_fips(int16_t r[256], const int16_t a[256])
{
    int16_t t[256];
    uint32_t bad = c_clean(t, a, 256);
    c_ntt(t);
    lf_mlkem_transpose(r, t);
    c_fix(r, r, LF_NTT_MONT_R); /* mont(x, R) = x */
    return c_mask(r, 256, bad);
}

static uint32_t c_invntt_fips(int16_t r[256], const int16_t a[256])
{
    int16_t t[256], u[256];
    uint32_t bad = c_clean(u, a, 256);
    lf_mlkem_transpose(t, u);
    c_invntt(t);
    c_fix(r, t, 1); /* mont(x, 1) = x 2^-16 removes the 2^16 */
    return c_mask(r, 256, bad);
}

static uint32_t c_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    int16_t ta[256], tb[256], u[256];
    uint32_t bad = c_clean(u, a, 256);
    lf_mlkem_transpose(ta, u);
    bad |= c_clean(u, b, 256);
    lf_mlkem_transpose(tb, u);
    c_basemul(ta, ta, tb);
    lf_mlkem_transpose(tb, ta);
    c_fix(r, tb, LF_NTT_MONT_R2); /* mont(x, R^2) = x R: removes the 2^-16 */
    return c_mask(r, 256, bad);
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_c = {
    .ntt = c_ntt, .invntt = c_invntt, .basemul = c_basemul, .cyclic = c_cyclic,
    .cyclic_chk = c_cyclic_chk, .ntt_fips = c_ntt_fips, .invntt_fips = c_invntt_fips,
    .basemul_fips = c_basemul_fips};
