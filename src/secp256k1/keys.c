/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* secp256k1 keys: secret key checks, public keys (create, SEC1 parse and
 * serialize), ECDH and the BIP-32 tweaks (API: limbforge/secp256k1.h). */
#include <string.h>

#include "limbforge/sha256.h"
#include "secp256k1/secp256k1_internal.h"

int lf_secp256k1_pk_load(lf_ge *a, const lf_secp256k1_pubkey *pk)
{
    uint64_t any = 0;
    for (int i = 0; i < 8; i++) any |= pk->d[i];
    memcpy(a->x.v, pk->d, 32);
    memcpy(a->y.v, pk->d + 4, 32);
    a->inf = 0;
    return any != 0;
}

void lf_secp256k1_pk_save(lf_secp256k1_pubkey *pk, const lf_ge *a)
{
    memcpy(pk->d, a->x.v, 32);
    memcpy(pk->d + 4, a->y.v, 32);
}

int lf_secp256k1_sk_load(lf_sc *s, const uint8_t sk[32])
{
    static const lf_sc one = {{1, 0, 0, 0}};
    int over = lf_sc_set_b32(s, sk);
    int ok = (over ^ 1) & (lf_sc_is_zero(s) ^ 1);
    lf_sc_cmov(s, &one, ok ^ 1);
    return ok;
}

int lf_secp256k1_sig_load(lf_sc *r, lf_sc *s, const uint8_t sig64[64])
{
    static const lf_sc zero = {{0, 0, 0, 0}};
    int ovr = lf_sc_set_b32(r, sig64);
    int ovs = lf_sc_set_b32(s, sig64 + 32);
    lf_sc_cmov(r, &zero, ovr);
    lf_sc_cmov(s, &zero, ovs);
    return !(ovr | ovs);
}

int lf_secp256k1_seckey_verify(const uint8_t sk[32])
{
    lf_sc s;
    int ok = lf_secp256k1_sk_load(&s, sk);
    lf_wipe(&s, sizeof s);
    LF_DECLASSIFY(&ok, sizeof ok); /* the verdict is the result */
    return ok ? LF_OK : LF_ERR_RANGE;
}

int lf_secp256k1_pubkey_create(lf_secp256k1_pubkey *pk, const uint8_t sk[32])
{
    lf_fe_k *k = lf_fe_k_get();
    lf_sc s;
    lf_gej rj;
    lf_ge r;
    int ok = lf_secp256k1_sk_load(&s, sk);
    lf_ecmult_gen(k, &rj, &s);
    lf_ge_set_gej(k, &r, &rj);
    lf_secp256k1_pk_save(pk, &r);
    lf_wipe(&s, sizeof s);
    lf_wipe(&rj, sizeof rj);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        memset(pk, 0, sizeof *pk);
        return LF_ERR_RANGE;
    }
    return LF_OK;
}

int lf_secp256k1_pubkey_parse(lf_secp256k1_pubkey *pk, const uint8_t *in, size_t len)
{
    lf_fe_k *k = lf_fe_k_get();
    lf_ge a;
    lf_fe x, y;
    memset(pk, 0, sizeof *pk);
    if (in == NULL) return LF_ERR_PARAM;
    if (len == 33 && (in[0] == 0x02 || in[0] == 0x03)) {
        if (!lf_fe_set_b32(&x, in + 1)) return LF_ERR_RANGE;
        if (!lf_ge_set_xo_var(k, &a, &x, in[0] == 0x03)) return LF_ERR_INVALID;
    } else if (len == 65 && (in[0] == 0x04 || in[0] == 0x06 || in[0] == 0x07)) {
        if (!lf_fe_set_b32(&x, in + 1) || !lf_fe_set_b32(&y, in + 33)) return LF_ERR_RANGE;
        a.x = x;
        a.y = y;
        a.inf = 0;
        if (!lf_ge_is_valid_var(k, &a)) return LF_ERR_INVALID;
        if (in[0] != 0x04 && lf_fe_is_odd(&y) != (in[0] == 0x07)) return LF_ERR_INVALID;
    } else {
        return LF_ERR_PARAM;
    }
    lf_secp256k1_pk_save(pk, &a);
    return LF_OK;
}

int lf_secp256k1_pubkey_serialize(uint8_t *out, size_t *outlen, const lf_secp256k1_pubkey *pk,
                                  int compressed)
{
    lf_ge a;
    size_t need = compressed ? 33 : 65;
    if (outlen == NULL) return LF_ERR_PARAM;
    if (out == NULL || *outlen < need) {
        if (out) memset(out, 0, *outlen);
        *outlen = 0;
        return LF_ERR_PARAM;
    }
    if (!lf_secp256k1_pk_load(&a, pk)) {
        memset(out, 0, *outlen);
        *outlen = 0;
        return LF_ERR_INVALID;
    }
    lf_fe_get_b32(out + 1, &a.x);
    if (compressed) {
        out[0] = (uint8_t)(0x02 | lf_fe_is_odd(&a.y));
    } else {
        out[0] = 0x04;
        lf_fe_get_b32(out + 33, &a.y);
    }
    *outlen = need;
    return LF_OK;
}

int lf_secp256k1_pubkey_eq(const lf_secp256k1_pubkey *a, const lf_secp256k1_pubkey *b)
{
    return memcmp(a->d, b->d, sizeof a->d) == 0;
}

/* shared point of ECDH: (x, y) of s*pk, constant time in sk */
static int lf_secp256k1_ecdh_point(lf_ge *r, const lf_secp256k1_pubkey *pk, const uint8_t sk[32])
{
    lf_fe_k *k = lf_fe_k_get();
    lf_ge a;
    lf_gej rj;
    lf_sc s;
    int okp = lf_secp256k1_pk_load(&a, pk);
    int oks = lf_secp256k1_sk_load(&s, sk);
    if (!okp) a = lf_ge_g; /* run the same path; the result is discarded */
    lf_ecmult_const(k, &rj, &a, &s);
    lf_ge_set_gej(k, r, &rj);
    lf_wipe(&s, sizeof s);
    lf_wipe(&rj, sizeof rj);
    LF_DECLASSIFY(&oks, sizeof oks);
    if (!okp) return LF_ERR_INVALID;
    return oks ? LF_OK : LF_ERR_RANGE;
}

int lf_secp256k1_ecdh_x(uint8_t out32[32], const lf_secp256k1_pubkey *pk, const uint8_t sk[32])
{
    lf_ge r;
    int rc = lf_secp256k1_ecdh_point(&r, pk, sk);
    lf_fe_get_b32(out32, &r.x);
    lf_wipe(&r, sizeof r);
    if (rc != LF_OK) memset(out32, 0, 32);
    return rc;
}

int lf_secp256k1_ecdh(uint8_t out32[32], const lf_secp256k1_pubkey *pk, const uint8_t sk[32])
{
    lf_ge r;
    uint8_t buf[33];
    int rc = lf_secp256k1_ecdh_point(&r, pk, sk);
    buf[0] = (uint8_t)(0x02 | lf_fe_is_odd(&r.y));
    lf_fe_get_b32(buf + 1, &r.x);
    lf_sha256(out32, buf, sizeof buf);
    lf_wipe(&r, sizeof r);
    lf_wipe(buf, sizeof buf);
    if (rc != LF_OK) memset(out32, 0, 32);
    return rc;
}

/* --- tweaks ------------------------------------------------------------- */

int lf_secp256k1_seckey_negate(uint8_t sk[32])
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc s;
    int ok = lf_secp256k1_sk_load(&s, sk);
    lf_sc_neg(nk, &s, &s);
    lf_sc_get_b32(sk, &s);
    lf_wipe(&s, sizeof s);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        memset(sk, 0, 32);
        return LF_ERR_RANGE;
    }
    return LF_OK;
}

/* mul = 0: sk + tweak, 1: sk * tweak */
static int lf_secp256k1_seckey_tweak(uint8_t sk[32], const uint8_t tweak[32], int mul)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc s, t, r;
    int ok = lf_secp256k1_sk_load(&s, sk);
    ok &= lf_sc_set_b32(&t, tweak) ^ 1;
    if (mul) {
        ok &= lf_sc_is_zero(&t) ^ 1;
        lf_sc_mul(nk, &r, &s, &t);
    } else {
        lf_sc_add(nk, &r, &s, &t);
        ok &= lf_sc_is_zero(&r) ^ 1;
    }
    lf_sc_get_b32(sk, &r);
    lf_wipe(&s, sizeof s);
    lf_wipe(&t, sizeof t);
    lf_wipe(&r, sizeof r);
    LF_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        memset(sk, 0, 32);
        return LF_ERR_RANGE;
    }
    return LF_OK;
}

int lf_secp256k1_seckey_tweak_add(uint8_t sk[32], const uint8_t tweak[32])
{
    return lf_secp256k1_seckey_tweak(sk, tweak, 0);
}

int lf_secp256k1_seckey_tweak_mul(uint8_t sk[32], const uint8_t tweak[32])
{
    return lf_secp256k1_seckey_tweak(sk, tweak, 1);
}

int lf_secp256k1_pubkey_negate(lf_secp256k1_pubkey *pk)
{
    lf_fe_k *k = lf_fe_k_get();
    lf_ge a;
    if (!lf_secp256k1_pk_load(&a, pk)) return LF_ERR_INVALID;
    lf_ge_neg(k, &a, &a);
    lf_secp256k1_pk_save(pk, &a);
    return LF_OK;
}

static int lf_secp256k1_pubkey_tweak(lf_secp256k1_pubkey *pk, const uint8_t tweak[32], int mul)
{
    static const lf_sc one = {{1, 0, 0, 0}}, zero = {{0, 0, 0, 0}};
    lf_fe_k *k = lf_fe_k_get();
    lf_ge a;
    lf_gej r;
    lf_sc t;
    int rc = LF_OK;
    if (!lf_secp256k1_pk_load(&a, pk)) {
        rc = LF_ERR_INVALID;
    } else if (lf_sc_set_b32(&t, tweak) || (mul && lf_sc_is_zero(&t))) {
        rc = LF_ERR_RANGE;
    } else {
        if (mul)
            lf_ecmult_var(k, &r, &a, &t, &zero);
        else
            lf_ecmult_var(k, &r, &a, &one, &t);
        if (r.inf) {
            rc = LF_ERR_RANGE;
        } else {
            lf_ge_set_gej_var(k, &a, &r);
            lf_secp256k1_pk_save(pk, &a);
        }
    }
    if (rc != LF_OK) memset(pk, 0, sizeof *pk);
    return rc;
}

int lf_secp256k1_pubkey_tweak_add(lf_secp256k1_pubkey *pk, const uint8_t tweak[32])
{
    return lf_secp256k1_pubkey_tweak(pk, tweak, 0);
}

int lf_secp256k1_pubkey_tweak_mul(lf_secp256k1_pubkey *pk, const uint8_t tweak[32])
{
    return lf_secp256k1_pubkey_tweak(pk, tweak, 1);
}
