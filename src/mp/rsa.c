/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: the RSA private-key operation with the Chinese remainder theorem,
 * over the Montgomery layer of mont.c. */
#include <string.h>

#include "mp/mp_internal.h"

int lf_mp_rsa_key_init(lf_mp_rsa_key *key, const uint64_t *p, const uint64_t *q, const uint64_t *dp,
                       const uint64_t *dq, const uint64_t *qinv, size_t h)
{
    if (!key) return LF_ERR_PARAM;
    memset(key, 0, sizeof *key);
    if (h < 1 || h > LF_MP_MAX_LIMBS / 2 || !p || !q || !dp || !dq || !qinv) return LF_ERR_PARAM;
    int rp = lf_mp_mont_init(&key->p, p, h), rq = lf_mp_mont_init(&key->q, q, h);
    uint64_t e = (uint64_t)(int64_t)(rp | rq);
    uint64_t badp = lf_vb(0 - ((e | (0 - e)) >> 63));      /* either failed */
    uint64_t badr = lf_mp_ge(dp, p, h) | lf_mp_ge(dq, q, h) | lf_mp_ge(qinv, p, h);
    key->h = h;
    memcpy(key->dp, dp, 8 * h);
    memcpy(key->dq, dq, 8 * h);
    memcpy(key->qinv, qinv, 8 * h);
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(lf_mp_k(), key->n, p, q, h, -1, scratch);
    /* invalid key: zero it all (computed without branches on the values) */
    uint64_t bad = lf_vb(badp | badr);
    unsigned char *kb = (unsigned char *)key;
    for (size_t i = 0; i < sizeof *key; i++) kb[i] &= (unsigned char)~bad;
    return lf_mp_rc(badp, LF_ERR_PARAM) + lf_mp_rc(badr & ~badp, LF_ERR_RANGE);
}

int lf_mp_rsa_private_crt(uint64_t *r, const uint64_t *c, const lf_mp_rsa_key *key)
{
    if (!r || !c || !key || key->h < 1 || key->h > LF_MP_MAX_LIMBS / 2) return LF_ERR_PARAM;
    size_t h = key->h;
    uint64_t bad = lf_mp_ge(c, key->n, 2 * h);
    const lf_mp_mont_ctx *P = &key->p, *Q = &key->q;
    uint64_t x[LF_MP_MAX_LIMBS / 2], m1[LF_MP_MAX_LIMBS / 2], m2[LF_MP_MAX_LIMBS / 2];
    uint64_t d[LF_MP_MAX_LIMBS / 2], t[LF_MP_MAX_LIMBS];
    /* c < p q < p R: redc gives c/R mod p; times R^3 is c R mod p (Montgomery form) */
    lf_mp_redc(x, c, P);
    lf_mp_mmul(x, x, P->rrr, P);
    lf_mp_mexp(m1, x, key->dp, h, P, 0);            /* m1 R mod p */
    lf_mp_redc(x, c, Q);
    lf_mp_mmul(x, x, Q->rrr, Q);
    lf_mp_mexp(m2, x, key->dq, h, Q, 0);
    memset(t, 0, 16 * h);
    memcpy(t, m2, 8 * h);
    lf_mp_redc(m2, t, Q);                            /* m2 = c^dq mod q, normal form */
    /* Garner: hh = (m1 - m2) qinv mod p; m2 < q < R so m2 R^2 / R reduces fine */
    lf_mp_mmul(x, m2, P->rr, P);                     /* m2 R mod p */
    uint64_t bo = lf_mp_sub_n(d, m1, x, h);
    lf_mp_add_n(x, d, P->m, h);
    lf_mp_csel(d, x, 0 - bo, h);                     /* (m1 - m2) R mod p */
    lf_mp_mmul(d, d, key->qinv, P);                  /* (m1 - m2) qinv mod p */
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(lf_mp_k(), t, d, Q->m, h, -1, scratch);
    uint64_t cy = lf_mp_add_n(t, t, m2, h);
    lf_mp_add_1(t + h, cy, h);
    lf_mp_zero_if(t, bad, 2 * h);
    memcpy(r, t, 16 * h);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}
