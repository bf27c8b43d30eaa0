/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ECDSA on secp256k1: RFC 6979 nonces, sign, sign_checked, verify,
 * normalize, recover (API: limbforge/secp256k1.h). */
#include <string.h>

#include "limbforge/sha256.h"
#include "secp256k1/secp256k1_internal.h"

LF_HIDDEN void (*lf_secp256k1_sign_fault_hook)(int site, void *obj, size_t len);

/* --- RFC 6979 section 3.2 HMAC-DRBG (HMAC-SHA256), as libsecp256k1 feeds it:
 * seed = sk (32) || (msg mod n) (32) || extra (32, optional); every
 * generate after the first starts with the RFC's "K = HMAC(K, V || 0x00),
 * V = HMAC(K, V)" retry step. */
typedef struct {
    uint8_t k[32], v[32];
    int retry;
} lf_ecdsa_drbg;

static void lf_ecdsa_hmac(uint8_t out[32], const uint8_t key[32], const uint8_t *a, size_t alen,
                          const uint8_t *sep, const uint8_t *seed, size_t slen)
{
    lf_hmac_sha256_state st;
    lf_hmac_sha256_init(&st, key, 32);
    lf_hmac_sha256_update(&st, a, alen);
    if (sep) lf_hmac_sha256_update(&st, sep, 1);
    if (slen) lf_hmac_sha256_update(&st, seed, slen);
    lf_hmac_sha256_final(&st, out);
}

static void lf_ecdsa_drbg_init(lf_ecdsa_drbg *g, const uint8_t *seed, size_t slen)
{
    static const uint8_t zero = 0x00, one = 0x01;
    memset(g->v, 0x01, 32);
    memset(g->k, 0x00, 32);
    lf_ecdsa_hmac(g->k, g->k, g->v, 32, &zero, seed, slen);
    lf_ecdsa_hmac(g->v, g->k, g->v, 32, NULL, NULL, 0);
    lf_ecdsa_hmac(g->k, g->k, g->v, 32, &one, seed, slen);
    lf_ecdsa_hmac(g->v, g->k, g->v, 32, NULL, NULL, 0);
    g->retry = 0;
}

static void lf_ecdsa_drbg_generate(lf_ecdsa_drbg *g, uint8_t out[32])
{
    static const uint8_t zero = 0x00;
    if (g->retry) {
        lf_ecdsa_hmac(g->k, g->k, g->v, 32, &zero, NULL, 0);
        lf_ecdsa_hmac(g->v, g->k, g->v, 32, NULL, NULL, 0);
    }
    lf_ecdsa_hmac(g->v, g->k, g->v, 32, NULL, NULL, 0);
    memcpy(out, g->v, 32);
    g->retry = 1;
}

/* One signing attempt with nonce kn: returns 1 and r, s, recid, or 0 if r
 * or s came out zero (then the caller draws the next nonce). */
static int lf_ecdsa_sign_nonce(lf_fe_k *k, lf_sc *r, lf_sc *s, int *recid, const lf_sc *sec,
                               const lf_sc *msg, lf_sc *kn)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_gej rj;
    lf_ge ra;
    lf_sc t;
    uint8_t b[32];
    LF_SIGN_FAULT(LF_SIGN_FAULT_ECDSA_NONCE_PRE, kn, sizeof *kn); /* tests only */
    lf_ecmult_gen(k, &rj, kn);
    LF_SIGN_FAULT(LF_SIGN_FAULT_ECDSA_R, &rj, offsetof(lf_gej, inf));
    LF_SIGN_FAULT(LF_SIGN_FAULT_ECDSA_NONCE, kn, sizeof *kn);
    lf_ge_set_gej(k, &ra, &rj);
    lf_fe_get_b32(b, &ra.x);
    int over = lf_sc_set_b32(r, b); /* x >= n: recid bit 1 */
    int rid = (over << 1) | lf_fe_is_odd(&ra.y);
    lf_sc_mul(nk, &t, r, sec);
    lf_sc_add(nk, &t, &t, msg);
    lf_sc_inv(s, kn);
    lf_sc_mul(nk, s, s, &t);
    LF_SIGN_FAULT(LF_SIGN_FAULT_ECDSA_S, s, sizeof *s);
    int high = lf_sc_is_high(s);
    lf_sc_cond_negate(nk, s, s, high);
    *recid = rid ^ high;
    int ok = (lf_sc_is_zero(r) | lf_sc_is_zero(s)) ^ 1;
    lf_wipe(&rj, sizeof rj);
    lf_wipe(&ra, sizeof ra);
    lf_wipe(&t, sizeof t);
    lf_wipe(b, sizeof b);
    return ok;
}

int lf_secp256k1_ecdsa_sign(uint8_t sig64[64], int *recid, const uint8_t msg32[32],
                            const uint8_t sk[32], const uint8_t *extra32)
{
    lf_fe_k *k = lf_fe_k_get();
    lf_sc sec, msg, kn, r, s;
    uint8_t seed[96], nonce[32];
    lf_ecdsa_drbg g;
    int rid = 0;
    int ok = lf_secp256k1_sk_load(&sec, sk);
    lf_sc_reduce32(&msg, msg32);
    lf_sc_get_b32(seed, &sec);
    lf_sc_get_b32(seed + 32, &msg);
    if (extra32) memcpy(seed + 64, extra32, 32);
    lf_ecdsa_drbg_init(&g, seed, extra32 ? 96 : 64);
    LF_SIGN_FAULT(LF_SIGN_FAULT_ECDSA_SECRET, &sec, sizeof sec);
    for (;;) {
        lf_ecdsa_drbg_generate(&g, nonce);
        /* an invalid nonce (0 or >= n: probability < 2^-127) is redrawn,
         * as in RFC 6979 and libsecp256k1: only that fact is revealed */
        int valid = lf_secp256k1_sk_load(&kn, nonce);
        LF_DECLASSIFY(&valid, sizeof valid);
        if (!valid) continue;
        /* whether r or s came out 0 is public too (it decides a redraw) */
        valid = lf_ecdsa_sign_nonce(k, &r, &s, &rid, &sec, &msg, &kn);
        LF_DECLASSIFY(&valid, sizeof valid);
        if (valid) break;
    }
    lf_sc_get_b32(sig64, &r);
    lf_sc_get_b32(sig64 + 32, &s);
    lf_wipe(&sec, sizeof sec);
    lf_wipe(&kn, sizeof kn);
    lf_wipe(seed, sizeof seed);
    lf_wipe(nonce, sizeof nonce);
    lf_wipe(&g, sizeof g);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        memset(sig64, 0, 64);
        if (recid) *recid = 0;
        return LF_ERR_RANGE;
    }
    if (recid) *recid = rid;
    return LF_OK;
}

static const lf_fe lf_ecdsa_n = {{UINT64_C(0xbfd25e8cd0364141), UINT64_C(0xbaaedce6af48a03b),
                                  UINT64_C(0xfffffffffffffffe), UINT64_C(0xffffffffffffffff)}};

/* x = r + n if that is < p (returns 1), else 0: the second x candidate of
 * an r (x(R) in [n, p) reduces to r = x - n).  Variable time. */
static int lf_ecdsa_r_plus_n_var(lf_fe_k *k, lf_fe *x, const lf_sc *r)
{
    /* p - n, little-endian: r + n < p <=> r < p - n */
    static const uint64_t pmn[4] = {UINT64_C(0x402da1722fc9baee), UINT64_C(0x4551231950b75fc4), 1, 0};
    for (int i = 3; i >= 0; i--) {
        if (r->d[i] != pmn[i]) {
            if (r->d[i] > pmn[i]) return 0;
            break;
        }
        if (i == 0) return 0; /* r == p - n */
    }
    memcpy(x->v, r->d, 32);
    lf_fe_add(k, x, x, &lf_ecdsa_n); /* < p: no reduction */
    return 1;
}

/* x(R) mod n == r, on R Jacobian (no inversion): 1 if X == r Z^2 (x(R) =
 * r), else 2 if r + n < p and X == (r + n) Z^2 (x(R) = r + n), else 0 */
static int lf_ecdsa_xcheck_var(lf_fe_k *k, const lf_gej *rj, const lf_sc *r)
{
    lf_fe xr, z2, t;
    memcpy(xr.v, r->d, 32); /* r < n < p */
    lf_fe_sqr(k, &z2, &rj->z);
    lf_fe_mul(k, &t, &xr, &z2);
    if (lf_fe_equal(k, &t, &rj->x)) return 1;
    if (!lf_ecdsa_r_plus_n_var(k, &xr, r)) return 0;
    lf_fe_mul(k, &t, &xr, &z2);
    return lf_fe_equal(k, &t, &rj->x) ? 2 : 0;
}

/* Verification of sig64 on msg32 by the point a (not infinity), variable
 * time: 0 if it fails, else 1 + the recovery id the signature has with a
 * (bit 0: R's y odd, bit 1: x(R) = r + n; R = u1 G + u2 a is the point
 * recovery lifts from r) if want_recid, else 1 without the inversion that
 * costs. */
static int lf_ecdsa_verify_var(lf_fe_k *k, const uint8_t sig64[64], const uint8_t msg32[32],
                               const lf_ge *a, int want_recid)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc r, s, m, u1, u2;
    lf_gej rj;
    lf_ge ra;
    if (!lf_secp256k1_sig_load(&r, &s, sig64)) return 0;
    if (lf_sc_is_zero(&r) || lf_sc_is_zero(&s) || lf_sc_is_high(&s)) return 0;
    lf_sc_reduce32(&m, msg32);
    lf_sc_inv_var(&s, &s);
    lf_sc_mul(nk, &u1, &m, &s);
    lf_sc_mul(nk, &u2, &r, &s);
    lf_ecmult_var(k, &rj, a, &u2, &u1);
    if (rj.inf) return 0;
    int x = lf_ecdsa_xcheck_var(k, &rj, &r);
    if (!x || !want_recid) return x ? 1 : 0;
    lf_ge_set_gej_var(k, &ra, &rj);
    return 1 + (((x - 1) << 1) | lf_fe_is_odd(&ra.y));
}

int lf_secp256k1_ecdsa_verify(const uint8_t sig64[64], const uint8_t msg32[32],
                              const lf_secp256k1_pubkey *pk)
{
    lf_ge a;
    if (!lf_secp256k1_pk_load(&a, pk)) return LF_ERR_VERIFY;
    return lf_ecdsa_verify_var(lf_fe_k_get(), sig64, msg32, &a, 0) ? LF_OK : LF_ERR_VERIFY;
}

/* Sign, then verify before release.  The public key is computed here from
 * a load of sk of its own (not from the scalar the signing used: a fault in
 * that one must show as a signature that does not verify), made public
 * (LF_DECLASSIFY: P = sk G is what every verifier holds, and anyone gets it
 * from a signature and its message by recovery), as is the candidate
 * signature, before the variable-time verification. */
int lf_secp256k1_ecdsa_sign_checked(uint8_t sig64[64], int *recid, const uint8_t msg32[32],
                                    const uint8_t sk[32], const uint8_t *extra32)
{
    lf_fe_k *k = lf_fe_k_get();
    uint8_t sig[64];
    int rid = 0;
    /* into sig, not sig64: nothing reaches the caller before the check
     * (and msg32, which sig64 may alias, is still there to verify) */
    int rc = lf_secp256k1_ecdsa_sign(sig, &rid, msg32, sk, extra32);
    if (rc == LF_OK) {
        lf_sc d;
        lf_gej pj;
        lf_ge p;
        int ok = lf_secp256k1_sk_load(&d, sk);
        lf_ecmult_gen(k, &pj, &d);
        lf_ge_set_gej(k, &p, &pj);
        lf_wipe(&d, sizeof d);
        lf_wipe(&pj, sizeof pj);
        LF_DECLASSIFY(&ok, sizeof ok);
        LF_DECLASSIFY(&p, sizeof p);
        LF_DECLASSIFY(sig, sizeof sig);
        LF_DECLASSIFY(&rid, sizeof rid);
        int v = ok ? lf_ecdsa_verify_var(k, sig, msg32, &p, recid != NULL) : 0;
        if (!v || (recid && v - 1 != rid)) rc = LF_ERR_FAULT;
    }
    if (rc != LF_OK) {
        memset(sig64, 0, 64);
        if (recid) *recid = 0;
        return rc;
    }
    memcpy(sig64, sig, 64);
    if (recid) *recid = rid;
    return LF_OK;
}

int lf_secp256k1_ecdsa_normalize(uint8_t out64[64], const uint8_t sig64[64])
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc r, s;
    if (!lf_secp256k1_sig_load(&r, &s, sig64)) {
        memset(out64, 0, 64);
        return LF_ERR_RANGE;
    }
    int high = lf_sc_is_high(&s);
    lf_sc_cond_negate(nk, &s, &s, high);
    lf_sc_get_b32(out64, &r);
    lf_sc_get_b32(out64 + 32, &s);
    return high;
}

int lf_secp256k1_ecdsa_recover(lf_secp256k1_pubkey *pk, const uint8_t sig64[64], int recid,
                               const uint8_t msg32[32])
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_fe_k *k = lf_fe_k_get();
    lf_sc r, s, m, ri, u1, u2;
    lf_ge ra, q;
    lf_gej qj;
    lf_fe x;
    memset(pk, 0, sizeof *pk);
    if (recid < 0 || recid > 3) return LF_ERR_PARAM;
    if (!lf_secp256k1_sig_load(&r, &s, sig64)) return LF_ERR_VERIFY;
    if (lf_sc_is_zero(&r) || lf_sc_is_zero(&s)) return LF_ERR_VERIFY;
    memcpy(x.v, r.d, 32);
    if ((recid & 2) && !lf_ecdsa_r_plus_n_var(k, &x, &r)) return LF_ERR_VERIFY;
    if (!lf_ge_set_xo_var(k, &ra, &x, recid & 1)) return LF_ERR_VERIFY;
    lf_sc_reduce32(&m, msg32);
    lf_sc_inv_var(&ri, &r);
    lf_sc_mul(nk, &u1, &m, &ri);
    lf_sc_neg(nk, &u1, &u1);
    lf_sc_mul(nk, &u2, &s, &ri);
    lf_ecmult_var(k, &qj, &ra, &u2, &u1);
    if (qj.inf) return LF_ERR_VERIFY;
    lf_ge_set_gej_var(k, &q, &qj);
    lf_secp256k1_pk_save(pk, &q);
    return LF_OK;
}
