/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* r = s*a in constant time in s (ECDH; a public).
 *
 * Recoding.  With L = LF_ECC_L bits per half and lambda the GLV eigenvalue,
 * let t = (s + K) / 2 mod n, K = (2^L - 1 - 2^129)(1 + lambda) mod n, and
 * split t = t1 + t2 lambda with |t1|, |t2| < 2^128 (lf_sc_split_lambda).
 * u_i = t_i + 2^128 is then an integer in [0, 2^129) (computed mod n: it is
 * exact), and v_i = 2 u_i - (2^L - 1) = sum_{j < L} (2 u_i,j - 1) 2^j has
 * every binary digit +-1.  v1 + lambda v2 = 2 (t + 2^128 (1 + lambda))
 * - (2^L - 1)(1 + lambda) = s mod n.  Each group of W digits is an odd
 * number in [-(2^W - 1), 2^W - 1]: one signed read of a table of the odd
 * multiples a, 3a, ..., (2^W - 1)a (lf_ecmult_table_get, full scan), and of
 * the same table times lambda.  L = 130 = 26 windows of W = 5: 130
 * doublings and 52 constant-time additions (lf_gej_add_ge, which has no
 * exceptional case). */
#include <string.h>

#include "secp256k1/ecmult.h"

#define LF_ECC_W 5
#define LF_ECC_L 130
#define LF_ECC_N (1 << (LF_ECC_W - 1))

/* K = (2^130 - 1 - 2^129)(1 + lambda) mod n (python3: with n and lambda of
 * scalar.c, ((2**130 - 1 - 2**129) * (1 + lam)) % n), and 2^128 */
static const lf_sc lf_ecc_k = {{UINT64_C(0xb5c2c1dcde9798d9), UINT64_C(0x589ae84826ba29e4),
                                UINT64_C(0xc2bdd6bf7c118d6b), UINT64_C(0xa4e88a7dcb13034e)}};
static const lf_sc lf_ecc_2_128 = {{0, 0, 1, 0}};

/* W bits of u at position pos (pos + W <= 192: u < 2^129 fits 3 limbs) */
static uint32_t lf_ecc_bits(const lf_sc *u, int pos)
{
    int l = pos >> 6, o = pos & 63;
    uint64_t w = u->d[l] >> o;
    if (o + LF_ECC_W > 64 && l < 3) w |= u->d[l + 1] << (64 - o);
    return (uint32_t)w & ((1u << LF_ECC_W) - 1);
}

void lf_ecmult_const(lf_fe_k *k, lf_gej *r, const lf_ge *a, const lf_sc *s)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_ge_st tab[LF_ECC_N], tabl[LF_ECC_N];
    lf_gej pj[LF_ECC_N], d;
    lf_ge e;
    lf_sc t, u1, u2;

    /* odd multiples of a (public: variable-time build, one inversion) */
    lf_gej_set_ge(&pj[0], a);
    lf_gej_double(k, &d, &pj[0]);
    for (int i = 1; i < LF_ECC_N; i++) lf_gej_add_var(k, &pj[i], &pj[i - 1], &d);
    {
        lf_fe z[LF_ECC_N];
        for (int i = 0; i < LF_ECC_N; i++) lf_fe_normalize(k, &z[i], &pj[i].z);
        lf_secp256k1_p_batch_inv(z, z, LF_ECC_N);
        for (int i = 0; i < LF_ECC_N; i++) {
            lf_fe z2, z3;
            lf_fe_sqr(k, &z2, &z[i]);
            lf_fe_mul(k, &z3, &z2, &z[i]);
            lf_fe_mul(k, &tab[i].x, &pj[i].x, &z2);
            lf_fe_mul(k, &tab[i].y, &pj[i].y, &z3);
            lf_fe_mul(k, &tabl[i].x, &tab[i].x, &lf_fe_beta);
            tabl[i].y = tab[i].y;
        }
    }

    lf_sc_add(nk, &t, s, &lf_ecc_k);
    lf_sc_mul(nk, &t, &t, &lf_sc_half);
    lf_sc_split_lambda(nk, &u1, &u2, &t);
    lf_sc_add(nk, &u1, &u1, &lf_ecc_2_128);
    lf_sc_add(nk, &u2, &u2, &lf_ecc_2_128);

    lf_gej_set_infinity(r);
    for (int pos = LF_ECC_L - LF_ECC_W; pos >= 0; pos -= LF_ECC_W) {
        if (pos != LF_ECC_L - LF_ECC_W)
            for (int i = 0; i < LF_ECC_W; i++) lf_gej_double(k, r, r);
        lf_ecmult_table_get(k, &e, tab, LF_ECC_W, lf_ecc_bits(&u1, pos));
        lf_gej_add_ge(k, r, r, &e);
        lf_ecmult_table_get(k, &e, tabl, LF_ECC_W, lf_ecc_bits(&u2, pos));
        lf_gej_add_ge(k, r, r, &e);
    }
    lf_wipe(&t, sizeof t);
    lf_wipe(&u1, sizeof u1);
    lf_wipe(&u2, sizeof u2);
    lf_wipe(&e, sizeof e);
}
