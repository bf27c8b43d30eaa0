/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The secp256k1 group law (contracts: group.h).
 *
 * Formulas (a = 0 Weierstrass curve, Jacobian coordinates), written from the
 * textbook definitions; the operation counts are in group.h. */
#include <string.h>

#include "secp256k1/group.h"

const lf_fe lf_fe_beta = {{UINT64_C(0xc1396c28719501ee), UINT64_C(0x9cf0497512f58995),
                           UINT64_C(0x6e64479eac3434e9), UINT64_C(0x7ae96a2b657c0710)}};

const lf_ge lf_ge_g = {
    {{UINT64_C(0x59f2815b16f81798), UINT64_C(0x029bfcdb2dce28d9), UINT64_C(0x55a06295ce870b07),
      UINT64_C(0x79be667ef9dcbbac)}},
    {{UINT64_C(0x9c47d08ffb10d4b8), UINT64_C(0xfd17b448a6855419), UINT64_C(0x5da4fbfc0e1108a8),
      UINT64_C(0x483ada7726a3c465)}},
    0};

const lf_fe lf_fe_seven = {{7, 0, 0, 0}};
static const lf_fe lf_fe_one = {{1, 0, 0, 0}};

int lf_fe_set_b32(lf_fe *r, const unsigned char *b32)
{
    return lf_secp256k1_p_from_bytes(r, b32) == LF_OK;
}

void lf_fe_get_b32(unsigned char *b32, const lf_fe *a)
{
    lf_secp256k1_p_to_bytes(b32, a);
}

void lf_gej_set_infinity(lf_gej *r)
{
    memset(r, 0, sizeof *r);
    r->inf = 1;
}

void lf_gej_set_ge(lf_gej *r, const lf_ge *a)
{
    r->x = a->x;
    r->y = a->y;
    /* z = 1, or 0 for infinity: keeps inf == (z == 0) without a branch */
    memset(&r->z, 0, sizeof r->z);
    r->z.v[0] = (uint64_t)(a->inf ^ 1);
    r->inf = a->inf;
}

void lf_ge_from_st(lf_ge *r, const lf_ge_st *a)
{
    r->x = a->x;
    r->y = a->y;
    r->inf = 0;
}

void lf_ge_neg(lf_fe_k *k, lf_ge *r, const lf_ge *a)
{
    r->x = a->x;
    lf_fe_neg(k, &r->y, &a->y);
    r->inf = a->inf;
}

void lf_gej_neg(lf_fe_k *k, lf_gej *r, const lf_gej *a)
{
    r->x = a->x;
    lf_fe_neg(k, &r->y, &a->y);
    r->z = a->z;
    r->inf = a->inf;
}

void lf_ge_mul_lambda(lf_fe_k *k, lf_ge *r, const lf_ge *a)
{
    lf_fe_mul(k, &r->x, &a->x, &lf_fe_beta);
    r->y = a->y;
    r->inf = a->inf;
}

void lf_gej_double(lf_fe_k *k, lf_gej *r, const lf_gej *a)
{
    /* one generated kernel (lf_secp256k1_kernels.jdbl): M = 3X^2,
     * S = 4XY^2, X3 = M^2 - 2S, Y3 = M(S - X3) - 8Y^4, Z3 = 2YZ; its formula
     * and the measurements behind it are in src/secp256k1/README.md.
     * Z = 0 stays 0 (mod p). */
    k->jdbl(r->x.v, a->x.v);
    r->inf = a->inf;
}

void lf_gej_add_ge(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b)
{
    /* One generated kernel (k->jaddc, gen: algos_point.jadd_program "ct"), the
     * unified formula: with u1 = X1, u2 = x2 Z1^2, s1 = Y1, s2 = y2 Z1^3,
     * T = u1 + u2, M = s1 + s2, R = T^2 - u1 u2, the slope is
     * R / (M Z1) (the chord slope, and the tangent slope when a == b).  It
     * fails only when M = R = 0: y1 = -y2 and x1^2 + x1 x2 + x2^2 = 0, i.e.
     * x2 = beta x1 (x1 = 0 is not on the curve: 7 is not a square mod p);
     * then the chord slope (s1 - s2) / ((u1 - u2) Z1) is taken (masks).
     * With Z3 = 2 M Z1:  X3 = 4 (R^2 - T M^2),
     *                    Y3 = 4 (R (T M^2 - 2 (R^2 - T M^2)) - (s1 + s2) M^3),
     * where (s1 + s2) M^3 is M^4, or 0 in the degenerate case.  a == -b
     * gives M = 0, R != 0, so Z3 = 0: infinity.  a = infinity is patched
     * here with a mask (a->inf is read before r is written). */
    uint64_t ainf = lf_vb(0 - (uint64_t)(unsigned)a->inf);
    k->jaddc(r->x.v, a->x.v, b->x.v);
    /* a = infinity: r = (x2, y2, 1) */
    lf_fe_cmov_mask(&r->x, &b->x, ainf);
    lf_fe_cmov_mask(&r->y, &b->y, ainf);
    lf_fe_cmov_mask(&r->z, &lf_fe_one, ainf);
    r->inf = (int)lf_fe_is_zero_ct(&r->z);
}

/* The end of the variable-time additions, from u1 = X1 Z2^2, s1 = Y1 Z2^3,
 * h = u2 - u1 != 0, i = s2 - s1 (r->z already written):
 *     X3 = i^2 - h^3 - 2 u1 h^2,  Y3 = i (u1 h^2 - X3) - s1 h^3.
 * u1 and s1 may be r's own x and y (both are read before r is written). */
static void lf_gej_add_tail(lf_fe_k *k, lf_gej *r, const lf_fe *u1, const lf_fe *s1, const lf_fe *h,
                            const lf_fe *i)
{
    lf_fe hh, hhh, v, t;
    lf_fe_sqr(k, &hh, h);
    lf_fe_mul(k, &hhh, &hh, h);
    lf_fe_mul(k, &v, u1, &hh);
    lf_fe_mul(k, &t, s1, &hhh);
    lf_fe_sqr(k, &r->x, i);
    lf_fe_sub(k, &r->x, &r->x, &hhh);
    lf_fe_sub(k, &r->x, &r->x, &v);
    lf_fe_sub(k, &r->x, &r->x, &v);
    lf_fe_sub(k, &v, &v, &r->x);
    lf_fe_mul(k, &v, &v, i);
    lf_fe_sub(k, &r->y, &v, &t);
    r->inf = 0;
}

/* b = (x, y) affine on the curve isomorphic by zi (zi NULL: by 1) as a
 * Jacobian point of a's curve: (x zi^2, y zi^3, 1). */
static void lf_gej_set_ge_zinv(lf_fe_k *k, lf_gej *r, const lf_ge *b, const lf_fe *zi)
{
    lf_gej_set_ge(r, b);
    if (zi) {
        lf_fe z2, z3;
        lf_fe_sqr(k, &z2, zi);
        lf_fe_mul(k, &z3, &z2, zi);
        lf_fe_mul(k, &r->x, &r->x, &z2);
        lf_fe_mul(k, &r->y, &r->y, &z3);
    }
}

/* After k->jadd / k->jaddz (a, b not infinity): the kernels are exact
 * unless a = +-b, where they give Z3 = 0 with X3 = i^2 = 0 iff a = b
 * (algos_point.jadd_program); then r = 2b or infinity. */
static void lf_gej_add_fix_var(lf_fe_k *k, lf_gej *r, const lf_ge *b, const lf_fe *zi)
{
    r->inf = 0;
    if (!lf_fe_is_zero_ct(&r->z)) return;
    if (lf_fe_is_zero_ct(&r->x)) {
        lf_gej_set_ge_zinv(k, r, b, zi);
        lf_gej_double(k, r, r);
    } else {
        lf_gej_set_infinity(r);
    }
}

void lf_gej_add_ge_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b, lf_fe *rzr)
{
    if (a->inf) {
        lf_gej_set_ge(r, b);
        return;
    }
    if (b->inf) {
        if (rzr) *rzr = lf_fe_one;
        *r = *a;
        return;
    }
    if (!rzr) {
        k->jadd(r->x.v, a->x.v, b->x.v);
        lf_gej_add_fix_var(k, r, b, NULL);
        return;
    }
    /* with the z ratio (tables of odd multiples): composed */
    lf_fe z2, u2, s2, h, i;
    lf_fe_sqr(k, &z2, &a->z);
    lf_fe_mul(k, &u2, &b->x, &z2);
    lf_fe_mul(k, &s2, &z2, &a->z);
    lf_fe_mul(k, &s2, &s2, &b->y);
    lf_fe_sub(k, &h, &u2, &a->x);
    lf_fe_sub(k, &i, &s2, &a->y);
    if (lf_fe_is_zero_ct(&h)) {
        if (lf_fe_is_zero_ct(&i)) { /* a == b: r = 2a, ratio 2y */
            lf_fe_add(k, rzr, &a->y, &a->y);
            lf_gej_double(k, r, a);
        } else {
            memset(rzr, 0, sizeof *rzr);
            lf_gej_set_infinity(r);
        }
        return;
    }
    *rzr = h;
    lf_fe_mul(k, &r->z, &a->z, &h);
    lf_gej_add_tail(k, r, &a->x, &a->y, &h, &i);
}

void lf_gej_add_zinv_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b, const lf_fe *bzinv)
{
    if (b->inf) {
        *r = *a;
        return;
    }
    if (a->inf) {
        lf_gej_set_ge_zinv(k, r, b, bzinv);
        return;
    }
    lf_fe bz[3] = {b->x, b->y, *bzinv}; /* k->jaddz's b: (x, y, zi) */
    k->jaddz(r->x.v, a->x.v, bz[0].v);
    lf_gej_add_fix_var(k, r, b, bzinv);
}

void lf_gej_add_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_gej *b)
{
    if (a->inf) {
        *r = *b;
        return;
    }
    if (b->inf) {
        *r = *a;
        return;
    }
    lf_fe z1s, z2s, u1, u2, s1, s2, h, i, t;
    lf_fe_sqr(k, &z1s, &a->z);
    lf_fe_sqr(k, &z2s, &b->z);
    lf_fe_mul(k, &u1, &a->x, &z2s);
    lf_fe_mul(k, &u2, &b->x, &z1s);
    lf_fe_mul(k, &s1, &a->y, &z2s);
    lf_fe_mul(k, &s1, &s1, &b->z);
    lf_fe_mul(k, &s2, &b->y, &z1s);
    lf_fe_mul(k, &s2, &s2, &a->z);
    lf_fe_sub(k, &h, &u2, &u1);
    lf_fe_sub(k, &i, &s2, &s1);
    if (lf_fe_is_zero_ct(&h)) {
        if (lf_fe_is_zero_ct(&i))
            lf_gej_double(k, r, a);
        else
            lf_gej_set_infinity(r);
        return;
    }
    lf_fe_mul(k, &t, &a->z, &b->z);
    lf_fe_mul(k, &r->z, &t, &h);
    lf_gej_add_tail(k, r, &u1, &s1, &h, &i);
}

/* canonical (x, y) = (X zi^2, Y zi^3) */
static void lf_ge_set_gej_zinv(lf_fe_k *k, lf_ge *r, const lf_gej *a, const lf_fe *zi)
{
    lf_fe z2, z3;
    lf_fe_sqr(k, &z2, zi);
    lf_fe_mul(k, &z3, &z2, zi);
    lf_fe_mul(k, &r->x, &a->x, &z2);
    lf_fe_mul(k, &r->y, &a->y, &z3);
    lf_fe_normalize(k, &r->x, &r->x);
    lf_fe_normalize(k, &r->y, &r->y);
    r->inf = a->inf;
}

void lf_ge_set_gej(lf_fe_k *k, lf_ge *r, const lf_gej *a)
{
    lf_fe zi;
    lf_fe_normalize(k, &zi, &a->z);
    lf_secp256k1_p_inv(&zi, &zi); /* 0 -> 0: infinity gives (0, 0) */
    lf_ge_set_gej_zinv(k, r, a, &zi);
}

void lf_ge_set_gej_var(lf_fe_k *k, lf_ge *r, const lf_gej *a)
{
    if (a->inf) {
        memset(r, 0, sizeof *r);
        r->inf = 1;
        return;
    }
    lf_fe zi;
    lf_fe_normalize(k, &zi, &a->z);
    lf_secp256k1_p_inv_var(&zi, &zi);
    lf_ge_set_gej_zinv(k, r, a, &zi);
}

int lf_ge_is_valid_var(lf_fe_k *k, const lf_ge *a)
{
    lf_fe y2, x3;
    if (a->inf) return 0;
    lf_fe_sqr(k, &y2, &a->y);
    lf_fe_sqr(k, &x3, &a->x);
    lf_fe_mul(k, &x3, &x3, &a->x);
    lf_fe_add(k, &x3, &x3, &lf_fe_seven);
    return lf_fe_equal(k, &y2, &x3);
}

/* The square-root chain on m <= LF_FE_SQRT_LANES independent values at
 * once, operation by operation across them: each chain is a sequence of
 * dependent multiplications bound by the multiplier's latency; interleaved
 * chains overlap (batch verification lifts many R at once). */
static void lf_fe_sqr_nm(lf_fe_k *k, lf_fe *r, const lf_fe *a, int n, size_t m)
{
    for (size_t j = 0; j < m; j++) lf_fe_sqr(k, &r[j], &a[j]);
    while (--n > 0)
        for (size_t j = 0; j < m; j++) lf_fe_sqr(k, &r[j], &r[j]);
}

static void lf_fe_mul_m(lf_fe_k *k, lf_fe *r, const lf_fe *a, const lf_fe *b, size_t m)
{
    for (size_t j = 0; j < m; j++) lf_fe_mul(k, &r[j], &a[j], &b[j]);
}

/* r[j] = a[j]^((p+1)/4), p = 3 mod 4, by the addition chain for
 * (p+1)/4 = 2^254 - 2^30 - 244 (binary: 223 ones, a zero, 22 ones, 0000 1100)
 * through runs of ones x_k = a^(2^k - 1): 253 squarings and 13
 * multiplications, against ~250 and ~75 for lf_secp256k1_p_sqrt's generic
 * 4-bit window.  Returns the mask of the j with r[j]^2 = a[j] (a square).
 * Constant time (the mask aside). */
unsigned lf_fe_sqrt_multi(lf_fe_k *k, lf_fe *r, const lf_fe *a, size_t m)
{
    lf_fe x2[LF_FE_SQRT_LANES], x3[LF_FE_SQRT_LANES], x6[LF_FE_SQRT_LANES],
        x11[LF_FE_SQRT_LANES], x22[LF_FE_SQRT_LANES], x44[LF_FE_SQRT_LANES],
        t[LF_FE_SQRT_LANES], u[LF_FE_SQRT_LANES];
    unsigned ok = 0;
    lf_fe_sqr_nm(k, x2, a, 1, m);
    lf_fe_mul_m(k, x2, x2, a, m);
    lf_fe_sqr_nm(k, x3, x2, 1, m);
    lf_fe_mul_m(k, x3, x3, a, m);
    lf_fe_sqr_nm(k, x6, x3, 3, m);
    lf_fe_mul_m(k, x6, x6, x3, m);
    lf_fe_sqr_nm(k, t, x6, 3, m); /* x9 */
    lf_fe_mul_m(k, t, t, x3, m);
    lf_fe_sqr_nm(k, x11, t, 2, m);
    lf_fe_mul_m(k, x11, x11, x2, m);
    lf_fe_sqr_nm(k, x22, x11, 11, m);
    lf_fe_mul_m(k, x22, x22, x11, m);
    lf_fe_sqr_nm(k, x44, x22, 22, m);
    lf_fe_mul_m(k, x44, x44, x22, m);
    lf_fe_sqr_nm(k, t, x44, 44, m); /* x88 */
    lf_fe_mul_m(k, t, t, x44, m);
    lf_fe_sqr_nm(k, u, t, 88, m); /* x176 */
    lf_fe_mul_m(k, u, u, t, m);
    lf_fe_sqr_nm(k, t, u, 44, m); /* x220 */
    lf_fe_mul_m(k, t, t, x44, m);
    lf_fe_sqr_nm(k, u, t, 3, m); /* x223 */
    lf_fe_mul_m(k, u, u, x3, m);
    lf_fe_sqr_nm(k, t, u, 23, m);
    lf_fe_mul_m(k, t, t, x22, m);
    lf_fe_sqr_nm(k, t, t, 6, m);
    lf_fe_mul_m(k, t, t, x2, m);
    lf_fe_sqr_nm(k, r, t, 2, m);
    lf_fe_sqr_nm(k, t, r, 1, m);
    for (size_t j = 0; j < m; j++) ok |= (unsigned)lf_fe_equal(k, &t[j], &a[j]) << j;
    return ok;
}

int lf_fe_sqrt(lf_fe_k *k, lf_fe *r, const lf_fe *a) { return (int)lf_fe_sqrt_multi(k, r, a, 1); }

int lf_ge_set_xo_var(lf_fe_k *k, lf_ge *r, const lf_fe *x, int odd)
{
    lf_fe c;
    lf_fe_sqr(k, &c, x);
    lf_fe_mul(k, &c, &c, x);
    lf_fe_add(k, &c, &c, &lf_fe_seven);
    lf_fe_normalize(k, &r->x, x);
    if (!lf_fe_sqrt(k, &r->y, &c)) {
        memset(r, 0, sizeof *r);
        r->inf = 1;
        return 0;
    }
    lf_fe_normalize(k, &r->y, &r->y);
    if (lf_fe_is_odd(&r->y) != odd) {
        lf_fe_neg(k, &r->y, &r->y);
        lf_fe_normalize(k, &r->y, &r->y);
    }
    r->inf = 0;
    return 1;
}

int lf_gej_eq_ge_var(lf_fe_k *k, const lf_gej *a, const lf_ge *b)
{
    if (a->inf || b->inf) return a->inf && b->inf;
    lf_fe z2, t;
    lf_fe_sqr(k, &z2, &a->z);
    lf_fe_mul(k, &t, &b->x, &z2);
    if (!lf_fe_equal(k, &t, &a->x)) return 0;
    lf_fe_mul(k, &z2, &z2, &a->z);
    lf_fe_mul(k, &t, &b->y, &z2);
    return lf_fe_equal(k, &t, &a->y);
}
