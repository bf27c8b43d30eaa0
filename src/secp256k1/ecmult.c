/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* r = na*a + ng*G, VARIABLE TIME: verification and recovery only.
 *
 * Strauss: one doubling chain over four wNAF digit strings of at most 129
 * digits each: na = a1 + a2 lambda (GLV, window LF_ECM_WA on a and
 * lambda*a) and ng = g1 + g2 2^128 (window LF_ECMULT_G_WINDOW on the
 * generated odd multiples of G and 2^128 G).
 *
 * Effective affine: the odd multiples of a are built without an inversion.
 * With d = 2a = (X, Y, Z) Jacobian, every point is mapped to the isomorphic
 * curve y^2 = x^3 + 7 Z^6 on which d is affine, (x, y) -> (x Z^2, y Z^3);
 * there the multiples are mixed additions of d, and walking back along
 * their z ratios brings them to one common z (zi): each is then an affine
 * point of the curve y^2 = x^3 + 7 (Z zi)^6.  The a = 0 formulas never use
 * the curve constant, so the whole chain runs on that curve; the affine G
 * entries join it through lf_gej_add_zinv_var, and the result is mapped back
 * by multiplying its z by Z zi. */
#include <string.h>

#include "secp256k1/ecmult.h"
#include "secp256k1/generated/tables.h"

#define LF_ECM_WA LF_ECMULT_WA
#define LF_ECM_NA LF_ECMULT_NA
#define LF_ECM_DIGITS 130                /* >= 129: a 128-bit half plus one */

/* the point of digit dg (odd, nonzero) from a table of odd multiples */
static void lf_ecm_digit(lf_fe_k *k, lf_ge *r, const lf_ge *tab, int dg)
{
    if (dg > 0) {
        *r = tab[(dg - 1) / 2];
    } else {
        lf_ge_neg(k, r, &tab[(-dg - 1) / 2]);
    }
}

static void lf_ecm_digit_st(lf_fe_k *k, lf_ge *r, const lf_ge_st *tab, int dg)
{
    if (dg > 0) {
        lf_ge_from_st(r, &tab[(dg - 1) / 2]);
    } else {
        lf_ge_from_st(r, &tab[(-dg - 1) / 2]);
        lf_fe_neg(k, &r->y, &r->y);
    }
}

void lf_ecmult_odd_multiples_var(lf_fe_k *k, lf_ge *pre, lf_fe *zg, const lf_ge *a)
{
    lf_gej aj, d, pj[LF_ECM_NA];
    lf_fe zr[LF_ECM_NA], z2, z3, zs;
    lf_ge dge;
    lf_gej_set_ge(&aj, a);
    lf_gej_double(k, &d, &aj);
    dge.x = d.x;
    dge.y = d.y;
    dge.inf = 0;
    lf_fe_sqr(k, &z2, &d.z);
    lf_fe_mul(k, &z3, &z2, &d.z);
    lf_fe_mul(k, &pj[0].x, &a->x, &z2);
    lf_fe_mul(k, &pj[0].y, &a->y, &z3);
    memset(&pj[0].z, 0, sizeof pj[0].z);
    pj[0].z.v[0] = 1;
    pj[0].inf = 0;
    for (int i = 1; i < LF_ECM_NA; i++) lf_gej_add_ge_var(k, &pj[i], &pj[i - 1], &dge, &zr[i]);
    /* pj[i].z * zr[i+1] * ... * zr[N-1] = pj[N-1].z */
    pre[LF_ECM_NA - 1].x = pj[LF_ECM_NA - 1].x;
    pre[LF_ECM_NA - 1].y = pj[LF_ECM_NA - 1].y;
    pre[LF_ECM_NA - 1].inf = 0;
    zs = zr[LF_ECM_NA - 1];
    for (int i = LF_ECM_NA - 2; i >= 0; i--) {
        lf_fe_sqr(k, &z2, &zs);
        lf_fe_mul(k, &z3, &z2, &zs);
        lf_fe_mul(k, &pre[i].x, &pj[i].x, &z2);
        lf_fe_mul(k, &pre[i].y, &pj[i].y, &z3);
        pre[i].inf = 0;
        if (i > 0) lf_fe_mul(k, &zs, &zs, &zr[i]);
    }
    lf_fe_mul(k, zg, &pj[LF_ECM_NA - 1].z, &d.z);
}

void lf_ecmult_var(lf_fe_k *k, lf_gej *r, const lf_ge *a, const lf_sc *na, const lf_sc *ng)
{
    lf_sc_k *nk = lf_sc_k_get();
    int wa1[LF_ECM_DIGITS], wa2[LF_ECM_DIGITS], wg1[LF_ECM_DIGITS], wg2[LF_ECM_DIGITS];
    int la1 = 0, la2 = 0, lg1, lg2, len;
    lf_ge pre[LF_ECM_NA], prel[LF_ECM_NA], p;
    lf_fe zg = {{1, 0, 0, 0}};
    lf_sc s1, s2;

    if (!a->inf && !lf_sc_is_zero(na)) {
        lf_sc_split_lambda(nk, &s1, &s2, na);
        int n1 = lf_sc_is_high(&s1), n2 = lf_sc_is_high(&s2);
        lf_sc_cond_negate(nk, &s1, &s1, n1);
        lf_sc_cond_negate(nk, &s2, &s2, n2);
        la1 = lf_sc_wnaf_var(wa1, LF_ECM_DIGITS, &s1, LF_ECM_WA);
        la2 = lf_sc_wnaf_var(wa2, LF_ECM_DIGITS, &s2, LF_ECM_WA);
        for (int i = 0; i < la1; i++) wa1[i] = n1 ? -wa1[i] : wa1[i];
        for (int i = 0; i < la2; i++) wa2[i] = n2 ? -wa2[i] : wa2[i];
        lf_ecmult_odd_multiples_var(k, pre, &zg, a);
        for (int i = 0; i < LF_ECM_NA; i++) lf_ge_mul_lambda(k, &prel[i], &pre[i]);
    }
    lf_sc_split_128(&s1, &s2, ng);
    lg1 = lf_sc_wnaf_var(wg1, LF_ECM_DIGITS, &s1, LF_ECMULT_G_WINDOW);
    lg2 = lf_sc_wnaf_var(wg2, LF_ECM_DIGITS, &s2, LF_ECMULT_G_WINDOW);

    len = la1 > la2 ? la1 : la2;
    len = lg1 > len ? lg1 : len;
    len = lg2 > len ? lg2 : len;
    lf_gej_set_infinity(r);
    for (int i = len - 1; i >= 0; i--) {
        if (!r->inf) lf_gej_double(k, r, r);
        if (i < la1 && wa1[i]) {
            lf_ecm_digit(k, &p, pre, wa1[i]);
            lf_gej_add_ge_var(k, r, r, &p, NULL);
        }
        if (i < la2 && wa2[i]) {
            lf_ecm_digit(k, &p, prel, wa2[i]);
            lf_gej_add_ge_var(k, r, r, &p, NULL);
        }
        if (i < lg1 && wg1[i]) {
            lf_ecm_digit_st(k, &p, lf_ecmult_g_odd, wg1[i]);
            lf_gej_add_zinv_var(k, r, r, &p, &zg);
        }
        if (i < lg2 && wg2[i]) {
            lf_ecm_digit_st(k, &p, lf_ecmult_g128_odd, wg2[i]);
            lf_gej_add_zinv_var(k, r, r, &p, &zg);
        }
    }
    if (!r->inf) lf_fe_mul(k, &r->z, &r->z, &zg);
}
