/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* BIP-340 on secp256k1: x-only keys, keypairs, Taproot tweaks, sign and
 * verify (API: limbforge/secp256k1_schnorr.h).  Batch verification and
 * the multi-scalar multiplication: batch.c, msm.c. */
#include <string.h>

#include "limbforge/secp256k1_schnorr.h"
#include "secp256k1/schnorr_internal.h"

/* The tagged hashes of BIP-340, SHA-256(SHA-256(tag) || SHA-256(tag) ||
 * data): the chaining value after the first block (the two tag hashes) is
 * fixed per tag, so each hash starts from it.  Computed once with a
 * SHA-256 compression function in Python; the BIP-340 test vectors
 * (tests/secp256k1/test_bip340.c: byte-identical signatures) exercise all
 * three. */
const uint32_t lf_bip340_mid_aux[8] = {0x24dd3219u, 0x4eba7e70u, 0xca0fabb9u, 0x0fa3166du,
                                       0x3afbe4b1u, 0x4c44df97u, 0x4aac2739u, 0x249e850au};
const uint32_t lf_bip340_mid_nonce[8] = {0x46615b35u, 0xf4bfbff7u, 0x9f8dc671u, 0x83627ab3u,
                                         0x60217180u, 0x57358661u, 0x21a29e54u, 0x68b07b4cu};
const uint32_t lf_bip340_mid_challenge[8] = {0x9cecba11u, 0x23925381u, 0x11679112u, 0xd1627e0fu,
                                             0x97c87550u, 0x003cc765u, 0x90f61164u, 0x33e9b66au};

void lf_bip340_tagged_init(lf_sha256_state *st, const uint32_t mid[8])
{
    memcpy(st->h, mid, sizeof st->h);
    st->nbytes = 64;
}

void lf_bip340_challenge(lf_sc *e, const uint8_t rx[32], const uint8_t px[32], const uint8_t *msg,
                         size_t msglen)
{
    lf_sha256_state st;
    uint8_t h[32];
    lf_bip340_tagged_init(&st, lf_bip340_mid_challenge);
    lf_sha256_update(&st, rx, 32);
    lf_sha256_update(&st, px, 32);
    lf_sha256_update(&st, msg, msglen);
    lf_sha256_final(&st, h);
    lf_sc_reduce32(e, h);
}

int lf_bip340_xpk_load(lf_ge *a, const lf_secp256k1_xonly_pubkey *xpk)
{
    uint64_t any = 0;
    for (int i = 0; i < 8; i++) any |= xpk->d[i];
    memcpy(a->x.v, xpk->d, 32);
    memcpy(a->y.v, xpk->d + 4, 32);
    a->inf = 0;
    return any != 0;
}

static void lf_bip340_xpk_save(lf_secp256k1_xonly_pubkey *xpk, const lf_ge *a)
{
    memcpy(xpk->d, a->x.v, 32);
    memcpy(xpk->d + 4, a->y.v, 32);
}

/* --- x-only public keys ------------------------------------------------------- */

int lf_secp256k1_xonly_pubkey_parse(lf_secp256k1_xonly_pubkey *xpk, const uint8_t in32[32])
{
    lf_fe_k *k = lf_fe_k_get();
    lf_fe x;
    lf_ge a;
    memset(xpk, 0, sizeof *xpk);
    if (in32 == NULL) return LF_ERR_PARAM;
    if (!lf_fe_set_b32(&x, in32)) return LF_ERR_RANGE;
    if (!lf_ge_set_xo_var(k, &a, &x, 0)) return LF_ERR_INVALID;
    lf_bip340_xpk_save(xpk, &a);
    return LF_OK;
}

int lf_secp256k1_xonly_pubkey_serialize(uint8_t out32[32], const lf_secp256k1_xonly_pubkey *xpk)
{
    lf_ge a;
    if (!lf_bip340_xpk_load(&a, xpk)) {
        memset(out32, 0, 32);
        return LF_ERR_INVALID;
    }
    lf_fe_get_b32(out32, &a.x);
    return LF_OK;
}

/* a (canonical, not infinity) -> its x-only form: y negated if odd; the
 * returned parity is 1 then.  Constant time. */
static int lf_bip340_even(lf_fe_k *k, lf_ge *a)
{
    lf_fe ny;
    int odd = lf_fe_is_odd(&a->y);
    lf_fe_neg(k, &ny, &a->y);
    lf_fe_normalize(k, &ny, &ny);
    lf_fe_cmov_mask(&a->y, &ny, 0 - lf_vb((uint64_t)odd));
    return odd;
}

int lf_secp256k1_xonly_pubkey_from_pubkey(lf_secp256k1_xonly_pubkey *xpk, int *parity,
                                          const lf_secp256k1_pubkey *pk)
{
    lf_ge a;
    if (parity) *parity = 0;
    if (!lf_secp256k1_pk_load(&a, pk)) {
        memset(xpk, 0, sizeof *xpk);
        return LF_ERR_INVALID;
    }
    int odd = lf_bip340_even(lf_fe_k_get(), &a);
    lf_bip340_xpk_save(xpk, &a);
    if (parity) *parity = odd;
    return LF_OK;
}

int lf_secp256k1_xonly_pubkey_eq(const lf_secp256k1_xonly_pubkey *a,
                                 const lf_secp256k1_xonly_pubkey *b)
{
    return memcmp(a->d, b->d, sizeof a->d) == 0;
}

/* q = xpk + tweak*G (affine, canonical); LF_OK or the header's errors */
static int lf_bip340_tweak_point(lf_ge *q, const lf_secp256k1_xonly_pubkey *xpk,
                                 const uint8_t tweak[32])
{
    static const lf_sc one = {{1, 0, 0, 0}};
    lf_fe_k *k = lf_fe_k_get();
    lf_ge a;
    lf_gej r;
    lf_sc t;
    if (!lf_bip340_xpk_load(&a, xpk)) return LF_ERR_INVALID;
    if (lf_sc_set_b32(&t, tweak)) return LF_ERR_RANGE;
    lf_ecmult_var(k, &r, &a, &one, &t);
    if (r.inf) return LF_ERR_RANGE;
    lf_ge_set_gej_var(k, q, &r);
    return LF_OK;
}

int lf_secp256k1_xonly_pubkey_tweak_add(lf_secp256k1_pubkey *out,
                                        const lf_secp256k1_xonly_pubkey *xpk,
                                        const uint8_t tweak[32])
{
    lf_ge q;
    int rc = lf_bip340_tweak_point(&q, xpk, tweak);
    if (rc != LF_OK) {
        memset(out, 0, sizeof *out);
        return rc;
    }
    lf_secp256k1_pk_save(out, &q);
    return LF_OK;
}

int lf_secp256k1_xonly_pubkey_tweak_add_check(const uint8_t tweaked32[32], int tweaked_parity,
                                              const lf_secp256k1_xonly_pubkey *xpk,
                                              const uint8_t tweak[32])
{
    lf_ge q;
    uint8_t x[32];
    int rc = lf_bip340_tweak_point(&q, xpk, tweak);
    if (rc != LF_OK) return rc;
    lf_fe_get_b32(x, &q.x);
    if (memcmp(x, tweaked32, 32) != 0 || lf_fe_is_odd(&q.y) != tweaked_parity)
        return LF_ERR_VERIFY;
    return LF_OK;
}

/* --- keypairs ----------------------------------------------------------------- */

/* d = the keypair's secret key, a = its public key; returns 1 if kp is a
 * keypair, else 0 (d = 1, a = G: the constant-time path can run on).
 * Constant time; the verdict is declassified by the callers. */
static int lf_bip340_kp_load(lf_sc *d, lf_ge *a, const lf_secp256k1_keypair *kp)
{
    int ok = lf_secp256k1_sk_load(d, kp->sk);
    lf_secp256k1_pk_load(a, &kp->pk);
    lf_fe_cmov_mask(&a->x, &lf_ge_g.x, 0 - lf_vb((uint64_t)(ok ^ 1)));
    lf_fe_cmov_mask(&a->y, &lf_ge_g.y, 0 - lf_vb((uint64_t)(ok ^ 1)));
    return ok;
}

/* kp = (d, d*G), constant time; d valid */
static void lf_bip340_kp_make(lf_secp256k1_keypair *kp, const lf_sc *d)
{
    lf_fe_k *k = lf_fe_k_get();
    lf_gej rj;
    lf_ge r;
    lf_ecmult_gen(k, &rj, d);
    lf_ge_set_gej(k, &r, &rj);
    lf_sc_get_b32(kp->sk, d);
    lf_secp256k1_pk_save(&kp->pk, &r);
    lf_wipe(&rj, sizeof rj);
    lf_wipe(&r, sizeof r);
}

int lf_secp256k1_keypair_create(lf_secp256k1_keypair *kp, const uint8_t sk[32])
{
    lf_sc d;
    int ok = lf_secp256k1_sk_load(&d, sk);
    lf_bip340_kp_make(kp, &d);
    lf_wipe(&d, sizeof d);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        lf_wipe(kp, sizeof *kp);
        return LF_ERR_RANGE;
    }
    return LF_OK;
}

/* 1 if kp is a keypair (its secret key valid); only the verdict leaks */
static int lf_bip340_kp_ok(const lf_secp256k1_keypair *kp)
{
    lf_sc d;
    int ok = lf_secp256k1_sk_load(&d, kp->sk);
    lf_wipe(&d, sizeof d);
    LF_DECLASSIFY(&ok, sizeof ok);
    return ok;
}

int lf_secp256k1_keypair_sec(uint8_t sk[32], const lf_secp256k1_keypair *kp)
{
    if (!lf_bip340_kp_ok(kp)) {
        memset(sk, 0, 32);
        return LF_ERR_INVALID;
    }
    memcpy(sk, kp->sk, 32);
    return LF_OK;
}

int lf_secp256k1_keypair_pub(lf_secp256k1_pubkey *pk, const lf_secp256k1_keypair *kp)
{
    if (!lf_bip340_kp_ok(kp)) {
        memset(pk, 0, sizeof *pk);
        return LF_ERR_INVALID;
    }
    *pk = kp->pk;
    return LF_OK;
}

int lf_secp256k1_keypair_xonly_pub(lf_secp256k1_xonly_pubkey *xpk, int *parity,
                                   const lf_secp256k1_keypair *kp)
{
    lf_ge a;
    if (parity) *parity = 0;
    if (!lf_bip340_kp_ok(kp)) {
        memset(xpk, 0, sizeof *xpk);
        return LF_ERR_INVALID;
    }
    /* no branch on the (secret) public half: a keypair's key loads */
    lf_secp256k1_pk_load(&a, &kp->pk);
    int odd = lf_bip340_even(lf_fe_k_get(), &a);
    lf_bip340_xpk_save(xpk, &a);
    if (parity) *parity = odd;
    return LF_OK;
}

int lf_secp256k1_keypair_xonly_tweak_add(lf_secp256k1_keypair *kp, const uint8_t tweak[32])
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_fe_k *k = lf_fe_k_get();
    lf_sc d, t;
    lf_ge a;
    int ok = lf_bip340_kp_load(&d, &a, kp);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        lf_wipe(&d, sizeof d);
        lf_wipe(kp, sizeof *kp);
        return LF_ERR_INVALID;
    }
    int over = lf_sc_set_b32(&t, tweak); /* the tweak is public */
    lf_sc_cond_negate(nk, &d, &d, lf_bip340_even(k, &a));
    lf_sc_add(nk, &d, &d, &t);
    int zero = lf_sc_is_zero(&d);
    LF_DECLASSIFY(&zero, sizeof zero);
    if (over || zero) {
        lf_wipe(&d, sizeof d);
        lf_wipe(kp, sizeof *kp);
        return LF_ERR_RANGE;
    }
    lf_bip340_kp_make(kp, &d);
    lf_wipe(&d, sizeof d);
    lf_wipe(&a, sizeof a);
    return LF_OK;
}

/* --- sign and verify ------------------------------------------------------------ */

int lf_secp256k1_schnorrsig_sign(uint8_t sig64[64], const uint8_t *msg, size_t msglen,
                                 const lf_secp256k1_keypair *kp, const uint8_t *aux32)
{
    lf_sc_k *nk = lf_sc_k_get();
    static const uint8_t zero32[32] = {0};
    lf_fe_k *k = lf_fe_k_get();
    lf_sha256_state st;
    lf_sc d, kn, e;
    lf_ge p, r;
    lf_gej rj;
    uint8_t t[32], px[32], rx[32], h[32];

    int ok = lf_bip340_kp_load(&d, &p, kp);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok || (msg == NULL && msglen > 0)) {
        lf_wipe(&d, sizeof d);
        memset(sig64, 0, 64);
        return ok ? LF_ERR_PARAM : LF_ERR_INVALID;
    }
    if (aux32 == NULL) aux32 = zero32;
    /* d = sk, negated if P's y is odd; P = its x-only form */
    lf_sc_cond_negate(nk, &d, &d, lf_bip340_even(k, &p));
    lf_fe_get_b32(px, &p.x);
    /* t = bytes(d) xor hash_aux(a) */
    lf_bip340_tagged_init(&st, lf_bip340_mid_aux);
    lf_sha256_update(&st, aux32, 32);
    lf_sha256_final(&st, h);
    lf_sc_get_b32(t, &d);
    for (int i = 0; i < 32; i++) t[i] ^= h[i];
    /* k' = hash_nonce(t || bytes(P) || m) mod n */
    lf_bip340_tagged_init(&st, lf_bip340_mid_nonce);
    lf_sha256_update(&st, t, 32);
    lf_sha256_update(&st, px, 32);
    lf_sha256_update(&st, msg, msglen);
    lf_sha256_final(&st, h);
    lf_sc_reduce32(&kn, h);
    int kzero = lf_sc_is_zero(&kn);
    LF_DECLASSIFY(&kzero, sizeof kzero); /* probability 2^-256; a failure is public */
    LF_SIGN_FAULT(LF_SIGN_FAULT_BIP340_SECRET, &d, sizeof d); /* tests only */
    /* R = k'G; k = k' negated if R's y is odd */
    lf_ecmult_gen(k, &rj, &kn);
    LF_SIGN_FAULT(LF_SIGN_FAULT_BIP340_R, &rj, offsetof(lf_gej, inf));
    lf_ge_set_gej(k, &r, &rj);
    lf_sc_cond_negate(nk, &kn, &kn, lf_bip340_even(k, &r));
    lf_fe_get_b32(rx, &r.x);
    LF_DECLASSIFY(rx, sizeof rx); /* R is published */
    /* s = k + e d */
    lf_bip340_challenge(&e, rx, px, msg, msglen);
    LF_SIGN_FAULT(LF_SIGN_FAULT_BIP340_CHALLENGE, &e, sizeof e);
    lf_sc_mul(nk, &e, &e, &d);
    lf_sc_add(nk, &e, &e, &kn);
    LF_SIGN_FAULT(LF_SIGN_FAULT_BIP340_S, &e, sizeof e);
    memcpy(sig64, rx, 32);
    lf_sc_get_b32(sig64 + 32, &e);

    lf_wipe(&d, sizeof d);
    lf_wipe(&kn, sizeof kn);
    lf_wipe(&e, sizeof e);
    lf_wipe(&r, sizeof r);
    lf_wipe(&rj, sizeof rj);
    lf_wipe(t, sizeof t);
    lf_wipe(h, sizeof h);
    lf_wipe(&st, sizeof st);
    if (kzero) {
        memset(sig64, 0, 64);
        return LF_ERR_RANGE;
    }
    return LF_OK;
}

int lf_secp256k1_schnorrsig_sign32(uint8_t sig64[64], const uint8_t msg32[32],
                                   const lf_secp256k1_keypair *kp, const uint8_t *aux32)
{
    return lf_secp256k1_schnorrsig_sign(sig64, msg32, 32, kp, aux32);
}

/* Sign, then verify before release, against the keypair's public half
 * (computed when the keypair was made, not in this call: a fault in the
 * signing's d shows as a signature that does not verify).  That key is
 * public (it is the x-only key every verifier holds): declassified, as is
 * the candidate signature, before the variable-time verification. */
int lf_secp256k1_schnorrsig_sign_checked(uint8_t sig64[64], const uint8_t *msg, size_t msglen,
                                         const lf_secp256k1_keypair *kp, const uint8_t *aux32)
{
    uint8_t sig[64];
    /* into sig, not sig64: nothing reaches the caller before the check
     * (and msg, which sig64 may alias, is still there to verify) */
    int rc = lf_secp256k1_schnorrsig_sign(sig, msg, msglen, kp, aux32);
    if (rc == LF_OK) {
        lf_secp256k1_xonly_pubkey xpk;
        rc = lf_secp256k1_keypair_xonly_pub(&xpk, NULL, kp);
        LF_DECLASSIFY(&xpk, sizeof xpk);
        LF_DECLASSIFY(sig, sizeof sig);
        if (rc != LF_OK || lf_secp256k1_schnorrsig_verify(sig, msg, msglen, &xpk) != LF_OK)
            rc = LF_ERR_FAULT;
    }
    if (rc != LF_OK) {
        memset(sig64, 0, 64);
        return rc;
    }
    memcpy(sig64, sig, 64);
    return LF_OK;
}

int lf_secp256k1_schnorrsig_sign32_checked(uint8_t sig64[64], const uint8_t msg32[32],
                                           const lf_secp256k1_keypair *kp, const uint8_t *aux32)
{
    return lf_secp256k1_schnorrsig_sign_checked(sig64, msg32, 32, kp, aux32);
}

int lf_secp256k1_schnorrsig_verify(const uint8_t sig64[64], const uint8_t *msg, size_t msglen,
                                   const lf_secp256k1_xonly_pubkey *xpk)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_fe_k *k = lf_fe_k_get();
    lf_ge p, r;
    lf_gej rj;
    lf_fe rx, t;
    lf_sc s, e;
    uint8_t px[32];

    if (sig64 == NULL || (msg == NULL && msglen > 0)) return LF_ERR_VERIFY;
    if (!lf_bip340_xpk_load(&p, xpk)) return LF_ERR_VERIFY;
    if (!lf_fe_set_b32(&rx, sig64)) return LF_ERR_VERIFY;
    if (lf_sc_set_b32(&s, sig64 + 32)) return LF_ERR_VERIFY;
    lf_fe_get_b32(px, &p.x);
    lf_bip340_challenge(&e, sig64, px, msg, msglen);
    /* R = s G - e P */
    lf_sc_neg(nk, &e, &e);
    lf_ecmult_var(k, &rj, &p, &e, &s);
    if (rj.inf) return LF_ERR_VERIFY;
    /* x(R) = r, checked projectively (X = r Z^2) before the inversion */
    lf_fe_sqr(k, &t, &rj.z);
    lf_fe_mul(k, &t, &t, &rx);
    if (!lf_fe_equal(k, &t, &rj.x)) return LF_ERR_VERIFY;
    lf_ge_set_gej_var(k, &r, &rj);
    return lf_fe_is_odd(&r.y) ? LF_ERR_VERIFY : LF_OK;
}
