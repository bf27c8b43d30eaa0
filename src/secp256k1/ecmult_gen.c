/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* r = s*G in constant time: the signed-digit comb (layout and recoding:
 * gen/limbforge/secp256k1gen.py; sizes: secp256k1/generated/tables.h). */
#include <string.h>

#include "secp256k1/ecmult.h"
#include "secp256k1/generated/tables.h"

void lf_ecmult_table_get(lf_fe_k *k, lf_ge *r, const lf_ge_st *tab, int w, uint32_t v)
{
    uint32_t half = (uint32_t)1 << (w - 1);
    uint32_t top = (v >> (w - 1)) & 1;
    uint32_t flip = lf_vb32(top - 1); /* all ones: negate */
    uint32_t idx = (v ^ flip) & (half - 1);
    uint64_t acc[8] = {0};
    for (uint32_t j = 0; j < half; j++) {
        uint64_t m = lf_vb(0 - (((uint64_t)(j ^ idx) - 1) >> 63)); /* j == idx */
        for (int l = 0; l < 4; l++) acc[l] |= tab[j].x.v[l] & m;
        for (int l = 0; l < 4; l++) acc[4 + l] |= tab[j].y.v[l] & m;
    }
    memcpy(r->x.v, acc, 32);
    memcpy(r->y.v, acc + 4, 32);
    lf_fe ny;
    lf_fe_neg(k, &ny, &r->y);
    lf_fe_cmov_mask(&r->y, &ny, (uint64_t)0 - (uint64_t)(flip & 1));
    r->inf = 0;
}

void lf_ecmult_gen(lf_fe_k *k, lf_gej *r, const lf_sc *s)
{
    lf_sc_k *nk = lf_sc_k_get();
    enum { B = LF_ECMULT_GEN_BLOCKS, T = LF_ECMULT_GEN_TEETH, S = LF_ECMULT_GEN_SPACING };
    lf_sc d;
    lf_ge e;
    /* d = (s + 2^L - 1) / 2 mod n: s = sum_i (2 d_i - 1) 2^i */
    lf_sc_add(nk, &d, s, &lf_ecmult_gen_offset);
    lf_sc_mul(nk, &d, &d, &lf_sc_half);
    lf_gej_set_infinity(r);
    for (int sp = S - 1; sp >= 0; sp--) {
        if (sp != S - 1) lf_gej_double(k, r, r);
        for (int b = 0; b < B; b++) {
            uint32_t v = 0;
            for (int t = 0; t < T; t++) {
                int i = S * (T * b + t) + sp; /* public position */
                uint32_t bit = i < 256 ? (uint32_t)(d.d[i >> 6] >> (i & 63)) & 1 : 0;
                v |= bit << t;
            }
            lf_ecmult_table_get(k, &e, lf_ecmult_gen_table[b], T, v);
            lf_gej_add_ge(k, r, r, &e);
        }
    }
    lf_wipe(&d, sizeof d);
    lf_wipe(&e, sizeof e);
}
