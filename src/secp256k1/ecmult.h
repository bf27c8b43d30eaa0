/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Scalar multiplication on secp256k1 (internal).  k: lf_fe_k_get().
 *
 *   lf_ecmult_gen    r = s*G, constant time: signed-digit comb over the
 *                    generated table (ecmult_gen.c);
 *   lf_ecmult_const  r = s*a, constant time in s (a is public): GLV split,
 *                    signed fixed windows, full-scan table reads
 *                    (ecmult_const.c);
 *   lf_ecmult_var    r = na*a + ng*G, VARIABLE TIME (public scalars and
 *                    points only: verification, recovery): Strauss with
 *                    wNAF, GLV on a, the generated G tables (ecmult.c).
 * a: affine, not infinity unless stated. */
#ifndef LF_SECP256K1_ECMULT_H
#define LF_SECP256K1_ECMULT_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

LF_HIDDEN void lf_ecmult_gen(lf_fe_k *k, lf_gej *r, const lf_sc *s);
LF_HIDDEN void lf_ecmult_const(lf_fe_k *k, lf_gej *r, const lf_ge *a, const lf_sc *s);
/* a may be infinity (then na is ignored); na, ng may be zero. */
LF_HIDDEN void lf_ecmult_var(lf_fe_k *k, lf_gej *r, const lf_ge *a, const lf_sc *na, const lf_sc *ng);

/* Odd multiples for the wNAF window LF_ECMULT_WA of the variable-time
 * multiplications: pre[i] = (2i+1) a for i < LF_ECMULT_NA, a not infinity,
 * as affine points of the isomorphic curve y^2 = x^3 + 7 zg^6 ((x, y) on it
 * is (x/zg^2, y/zg^3) on secp256k1): no inversion.  Variable time. */
#define LF_ECMULT_WA 5
#define LF_ECMULT_NA (1 << (LF_ECMULT_WA - 2)) /* 1, 3, ..., 15 */
LF_HIDDEN void lf_ecmult_odd_multiples_var(lf_fe_k *k, lf_ge *pre, lf_fe *zg, const lf_ge *a);

/* The signed-digit table read shared by the constant-time multiplications:
 * given the w bits v of a digit (v < 2^w, w >= 1), r = the digit's point
 * from tab (2^(w-1) entries, entry j = sum_t (2 j_t - 1) B_t with bit
 * w-1 of j set), i.e. tab[v & mask] if the top bit is set, else
 * -tab[~v & mask].  Reads every entry (masks): constant time in v. */
LF_HIDDEN void lf_ecmult_table_get(lf_fe_k *k, lf_ge *r, const lf_ge_st *tab, int w, uint32_t v);

#endif
