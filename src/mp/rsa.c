/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: the RSA private-key operation with the Chinese remainder theorem,
 * over the Montgomery layer of mont.c: key validation at load, and every
 * result checked against the public exponent before it is returned.
 *
 * Constant time in the secret values (p, q, dp, dq, qinv, c and the
 * result): masks and carry chains, no branch or memory index on them.  The
 * public exponent e is public: the loops over its bits branch on them.  The
 * verdicts (a key valid or not, a result that checks out or not) are
 * computed arithmetically and revealed only through the return code. */
#include <string.h>

#include "mp/mp_internal.h"

LF_HIDDEN void (*lf_mp_rsa_fault_hook)(uint64_t *m1, uint64_t *m2, size_t h);

/* all-ones iff x[0..n) != 1 */
static uint64_t lf_mp_ne1(const uint64_t *x, size_t n)
{
    uint64_t acc = x[0] ^ 1;
    for (size_t i = 1; i < n; i++) acc |= x[i];
    return lf_vb(0 - ((acc | (0 - acc)) >> 63));
}

/* r = a + b mod d for a < d and b <= d, any d > 0 (even too): the sum may
 * carry out of h limbs; one masked subtraction.  r may alias a and/or b. */
static void lf_mp_addmod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *d,
                         size_t h)
{
    uint64_t t[LF_MP_MAX_LIMBS / 2];
    uint64_t c = lf_mp_add_n(r, a, b, h);
    uint64_t bo = lf_mp_sub_n(t, r, d, h);
    lf_mp_csel(r, t, 0 - (c | (bo ^ 1)), h);
}

/* all-ones iff e*a != 1 (mod m - 1), for odd m (the prime p or q) and
 * a <= m - 1 (a = dp < p or dq < q).  e*a mod (m - 1) by double-and-add
 * over the bits of e, high to low: constant time in a and m (for an even m
 * or a >= m the result is meaningless and the key is rejected anyway). */
static uint64_t lf_mp_rsa_exp_bad(uint64_t e, const uint64_t *a, const uint64_t *m, size_t h)
{
    uint64_t d[LF_MP_MAX_LIMBS / 2], x[LF_MP_MAX_LIMBS / 2] = {0};
    memcpy(d, m, 8 * h);
    d[0] &= ~(uint64_t)1; /* m - 1 for an odd m */
    for (int i = 63; i >= 0; i--) {
        lf_mp_addmod(x, x, x, d, h);
        if ((e >> i) & 1) lf_mp_addmod(x, x, a, d, h); /* e is public */
    }
    return lf_mp_ne1(x, h);
}

/* all-ones iff qinv*q != 1 (mod p) */
static uint64_t lf_mp_rsa_qinv_bad(const lf_mp_rsa_key *key)
{
    uint64_t t[LF_MP_MAX_LIMBS / 2];
    lf_mp_mmul(t, key->q.m, key->qinv, &key->p); /* q qinv / R mod p: q < R, qinv < p */
    lf_mp_mmul(t, t, key->p.rr, &key->p);        /* q qinv mod p */
    return lf_mp_ne1(t, key->h);
}

int lf_mp_rsa_key_init(lf_mp_rsa_key *key, uint64_t e, const uint64_t *p, const uint64_t *q,
                       const uint64_t *dp, const uint64_t *dq, const uint64_t *qinv, size_t h)
{
    if (!key) return LF_ERR_PARAM;
    memset(key, 0, sizeof *key);
    if (h < 1 || h > LF_MP_MAX_LIMBS / 2 || !p || !q || !dp || !dq || !qinv) return LF_ERR_PARAM;
    if (e < 3 || (e & 1) == 0) return LF_ERR_PARAM; /* e is public */
    /* p, q odd and > 1 (then N is too): contexts of p, q and N */
    uint64_t nn[LF_MP_MAX_LIMBS], scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(lf_mp_k(), nn, p, q, h, -1, scratch);
    int rp = lf_mp_mont_init(&key->p, p, h), rq = lf_mp_mont_init(&key->q, q, h);
    int rn = lf_mp_mont_init(&key->n, nn, 2 * h);
    uint64_t f = (uint64_t)(int64_t)(rp | rq | rn);
    uint64_t badp = lf_vb(0 - ((f | (0 - f)) >> 63)); /* any failed */
    /* a failed context is all zero, its length too: restore the lengths so
     * that the checks below stay well defined (their verdict is moot then) */
    key->p.n = h, key->q.n = h, key->n.n = 2 * h;
    key->h = h;
    key->e = e;
    memcpy(key->dp, dp, 8 * h);
    memcpy(key->dq, dq, 8 * h);
    memcpy(key->qinv, qinv, 8 * h);
    uint64_t badr = lf_mp_ge(dp, p, h) | lf_mp_ge(dq, q, h) | lf_mp_ge(qinv, p, h);
    /* consistency: qinv q = 1 (mod p), e dp = 1 (mod p-1), e dq = 1 (mod q-1) */
    uint64_t badc = lf_mp_rsa_qinv_bad(key) | lf_mp_rsa_exp_bad(e, dp, p, h) |
                    lf_mp_rsa_exp_bad(e, dq, q, h);
    /* an invalid key: zero it all (computed without branches on the values) */
    uint64_t bad = lf_vb(badp | badr | badc);
    unsigned char *kb = (unsigned char *)key;
    for (size_t i = 0; i < sizeof *key; i++) kb[i] &= (unsigned char)~bad;
    badr &= ~badp;
    badc &= ~(badp | badr);
    return lf_mp_rc(badp, LF_ERR_PARAM) + lf_mp_rc(badr, LF_ERR_RANGE) +
           lf_mp_rc(badc, LF_ERR_INVALID);
}

/* all-ones iff x >= N or x^e != c (mod N), for x, c < 2^(128h).  x^e mod N by
 * square-and-multiply over the bits of the public e (lf_mp_mexp_pub: the
 * IFMA kernel on avx512ifma, else the constant-time Montgomery products):
 * constant time in x, c and N.  Not inlined: its buffers stay out of the
 * frame that calls mexp. */
static LF_NOINLINE uint64_t lf_mp_rsa_check_bad(const uint64_t *x, const uint64_t *c,
                                                const lf_mp_rsa_key *key)
{
    const lf_mp_mont_ctx *N = &key->n;
    size_t n = N->n;
    uint64_t xm[LF_MP_MAX_LIMBS], y[LF_MP_MAX_LIMBS];
    uint64_t t[2 * LF_MP_MAX_LIMBS];
    lf_mp_mmul(xm, x, N->rr, N); /* x R mod N: x < R, rr < N */
    lf_mp_mexp_pub(t, xm, key->e, N); /* x^e R mod N */
    memset(t + n, 0, 8 * n);
    lf_mp_redc(y, t, N); /* x^e mod N */
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= y[i] ^ c[i];
    return lf_vb(0 - ((acc | (0 - acc)) >> 63)) | lf_mp_ge(x, N->m, n);
}

int lf_mp_rsa_private_crt(uint64_t *r, const uint64_t *c, const lf_mp_rsa_key *key)
{
    if (!r || !c || !key || key->h < 1 || key->h > LF_MP_MAX_LIMBS / 2 || key->p.n != key->h ||
        key->q.n != key->h || key->n.n != 2 * key->h || key->e < 3 || (key->e & 1) == 0)
        return LF_ERR_PARAM; /* public: the lengths and e */
    size_t h = key->h;
    uint64_t bad = lf_mp_ge(c, key->n.m, 2 * h);
    const lf_mp_mont_ctx *P = &key->p, *Q = &key->q;
    uint64_t x[LF_MP_MAX_LIMBS / 2], m1[LF_MP_MAX_LIMBS / 2], m2[LF_MP_MAX_LIMBS / 2];
    uint64_t d[LF_MP_MAX_LIMBS / 2], t[LF_MP_MAX_LIMBS];
    /* c < p q < p R: redc gives c/R mod p; times R^3 is c R mod p (Montgomery form) */
    lf_mp_redc(x, c, P);
    lf_mp_mmul(x, x, P->rrr, P);
    lf_mp_redc(d, c, Q);
    lf_mp_mmul(d, d, Q->rrr, Q);
    /* m1 R mod p, m2 R mod q: both exponents h limbs (public length), one
     * 2-way pass on avx512ifma, else one after the other */
    lf_mp_mexp2(m1, x, key->dp, P, m2, d, key->dq, Q, h);
    memset(t, 0, 16 * h);
    memcpy(t, m2, 8 * h);
    lf_mp_redc(m2, t, Q);                            /* m2 = c^dq mod q, normal form */
    if (lf_mp_rsa_fault_hook) lf_mp_rsa_fault_hook(m1, m2, h); /* tests only */
    /* Garner, constant time: hh = (m1 - m2) qinv mod p, with the difference
     * reduced by a masked addition of p; m2 < q < R so m2 R^2 / R reduces fine */
    lf_mp_mmul(x, m2, P->rr, P);                     /* m2 R mod p */
    uint64_t bo = lf_mp_sub_n(d, m1, x, h);
    lf_mp_add_n(x, d, P->m, h);
    lf_mp_csel(d, x, 0 - bo, h);                     /* (m1 - m2) R mod p */
    lf_mp_mmul(d, d, key->qinv, P);                  /* (m1 - m2) qinv mod p */
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(lf_mp_k(), t, d, Q->m, h, -1, scratch);
    uint64_t cy = lf_mp_add_n(t, t, m2, h);
    lf_mp_add_1(t + h, cy, h);                       /* r = m2 + q hh < N */
    /* the fault check: r^e = c (mod N), else r would be wrong modulo one
     * prime only and gcd(r^e - c, N) would reveal the other (Bellcore) */
    uint64_t fault = lf_mp_rsa_check_bad(t, c, key);
    lf_mp_zero_if(t, bad | fault, 2 * h);
    memcpy(r, t, 16 * h);
    return lf_mp_rc(bad, LF_ERR_RANGE) + lf_mp_rc(fault & ~bad, LF_ERR_FAULT);
}
