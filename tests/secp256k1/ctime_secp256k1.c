/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the secp256k1 module (the harness:
 * tests/common/ctime_main.c, the method: tests/ctime/README.md).
 *  - scalars (src/secp256k1/scalar.h): every input, and the flags of cmov /
 *    cond_negate, is marked secret; every constant-time function runs on
 *    random values and on edge values (0, 1, n-1, (n-1)/2, bytes >= n).
 *    Not run: lf_sc_inv_var and lf_sc_wnaf_var (variable time by contract);
 *  - group: lf_gej_add_ge on secret points in each of its special cases
 *    (a = b, a = -b, a = infinity, b = -lambda a: the degenerate slope),
 *    lf_gej_double, lf_ge_set_gej;
 *  - the API (limbforge/secp256k1.h) with the secret key, the extra nonce
 *    data and the tweaks secret: seckey_verify, pubkey_create, ecdsa_sign,
 *    ecdsa_sign_checked (recid and NULL; and with a fault injected into s
 *    through the signing's test hook, src/secp256k1/secp256k1_internal.h:
 *    the LF_ERR_FAULT path), ecdh / ecdh_x, seckey negate / tweak_add /
 *    tweak_mul, on valid keys (edges and random) and invalid ones (0, n:
 *    the failing path must be constant time too; only the verdict is
 *    declassified, in the library: LF_DECLASSIFY; the checked signers also
 *    declassify the public key and the candidate signature before their
 *    variable-time verification);
 *  - BIP-340 (limbforge/secp256k1_schnorr.h) with the secret key, the
 *    keypair made from it (left secret: its public half too) and the aux
 *    randomness secret: keypair_create, keypair_xonly_pub,
 *    keypair_xonly_tweak_add (the tweak public, as the header's "public
 *    tweaks"), schnorrsig_sign32 and schnorrsig_sign (NULL and set aux,
 *    messages of 0, 32 and 100 bytes) and their _checked forms (also with
 *    a fault injected into s), on the same valid and invalid keys
 *    (an invalid key gives an all-zero keypair: the LF_ERR_INVALID paths),
 *    and on tweaked keypairs (cancelling tweaks included). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/scalar.h"
#include "secp256k1/secp256k1_internal.h"

#define SEC(x) LF_CT_SECRET(&(x), sizeof(x))

static const unsigned char edges[][32] = {
    {0},
    {[31] = 1},
    {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
     0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40},
    {0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0},
    {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
};
#define NEDGE (sizeof edges / sizeof edges[0])

/* value i: an edge value, or random bytes (reduced by set_b32, public here) */
static void pick(unsigned char *b, size_t i)
{
    if (i < NEDGE)
        memcpy(b, edges[i], 32);
    else
        lf_rng_bytes(&lf_ctime_rng, b, 32);
}

#define ROUNDS (NEDGE + 8)

static void case_bytes(void)
{
    for (size_t i = 0; i < ROUNDS; i++) {
        unsigned char b[32], o[32];
        lf_sc a;
        pick(b, i);
        LF_CT_SECRET(b, 32);
        int ovf = lf_sc_set_b32(&a, b);
        LF_CT_OUT(ovf);
        SEC(a);
        lf_sc_get_b32(o, &a);
        lf_ctime_out(o, 32);
        LF_CT_SECRET(b, 32);
        lf_sc_reduce32(&a, b);
        LF_CT_OUT(a);
    }
}

static void load(lf_sc *a, size_t i)
{
    unsigned char b[32];
    pick(b, i);
    (void)lf_sc_set_b32(a, b);
    LF_CT_SECRET(a, sizeof *a);
}

static void case_arith(void)
{
    lf_sc_k *nk = lf_sc_k_get();
    for (size_t i = 0; i < ROUNDS; i++) {
        for (size_t j = 0; j < ROUNDS; j += 3) {
            lf_sc a, b, r;
            load(&a, i);
            load(&b, j);
            lf_sc_add(nk, &r, &a, &b); LF_CT_OUT(r);
            lf_sc_sub(nk, &r, &a, &b); LF_CT_OUT(r);
            lf_sc_mul(nk, &r, &a, &b); LF_CT_OUT(r);
            int e = lf_sc_eq(&a, &b); LF_CT_OUT(e);
            for (int f = 0; f < 2; f++) {
                int fl = f;
                SEC(fl);
                r = a;
                lf_sc_cmov(&r, &b, fl); LF_CT_OUT(r);
                SEC(fl);
                lf_sc_cond_negate(nk, &r, &b, fl); LF_CT_OUT(r);
                load(&a, i);
                load(&b, j);
            }
        }
    }
}

static void case_unary(void)
{
    lf_sc_k *nk = lf_sc_k_get();
    for (size_t i = 0; i < ROUNDS; i++) {
        lf_sc a, r, k1, k2;
        int f;
        load(&a, i);
        lf_sc_neg(nk, &r, &a); LF_CT_OUT(r);
        lf_sc_sqr(nk, &r, &a); LF_CT_OUT(r);
        f = lf_sc_is_zero(&a); LF_CT_OUT(f);
        f = lf_sc_is_high(&a); LF_CT_OUT(f);
        lf_sc_inv(&r, &a); LF_CT_OUT(r);
        lf_sc_split_lambda(nk, &k1, &k2, &a);
        LF_CT_OUT(k1);
        LF_CT_OUT(k2);
    }
}

/* a secret point: sk*G for the scalar of edge/random value i, made affine */
static void secret_point(lf_fe_k *k, lf_ge *p, size_t i)
{
    lf_sc s;
    lf_gej pj;
    load(&s, i + 1); /* i + 1: not the zero edge */
    lf_ecmult_gen(k, &pj, &s);
    lf_ge_set_gej(k, p, &pj);
    SEC(*p);
}

static void case_group(void)
{
    lf_fe_k *k = lf_fe_k_get();
    for (size_t i = 0; i < 6; i++) {
        lf_ge a, b, t;
        lf_gej aj, r;
        secret_point(k, &a, i);
        secret_point(k, &b, i + 2);
        lf_gej_set_ge(&aj, &a);
        lf_gej_double(k, &aj, &aj); /* a non-trivial z */
        lf_gej_double(k, &r, &aj); LF_CT_OUT(r);
        lf_gej_add_ge(k, &r, &aj, &b); LF_CT_OUT(r);    /* generic */
        lf_ge_set_gej(k, &t, &aj);
        lf_gej_add_ge(k, &r, &aj, &t); LF_CT_OUT(r);    /* a = b */
        lf_ge_neg(k, &t, &t);
        lf_gej_add_ge(k, &r, &aj, &t); LF_CT_OUT(r);    /* a = -b */
        lf_ge_mul_lambda(k, &t, &t);
        lf_gej_add_ge(k, &r, &aj, &t); LF_CT_OUT(r);    /* b = -lambda a */
        lf_gej_set_infinity(&r);
        lf_gej_add_ge(k, &r, &r, &b); LF_CT_OUT(r);     /* a = infinity */
        lf_ge_set_gej(k, &t, &r); LF_CT_OUT(t);
    }
}

/* key i: edge values (0 and n invalid, 1, n-1, (n-1)/2) or random */
static void key(uint8_t sk[32], size_t i)
{
    static const uint8_t n[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                  0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    if (i == 0)
        memset(sk, 0, 32);
    else if (i == 1)
        memcpy(sk, n, 32);
    else
        pick(sk, i - 1); /* 1, n-1, (n-1)/2, 2^256-1 (invalid), random */
    LF_CT_SECRET(sk, 32);
}

#define NKEYS (NEDGE + 3)

static void case_keys(void)
{
    for (size_t i = 0; i < NKEYS; i++) {
        uint8_t sk[32], tw[32], t[32];
        lf_secp256k1_pubkey pk;
        int rc;
        key(sk, i);
        rc = lf_secp256k1_seckey_verify(sk); LF_CT_OUT(rc);
        rc = lf_secp256k1_pubkey_create(&pk, sk); LF_CT_OUT(rc); LF_CT_OUT(pk);
        for (int op = 0; op < 3; op++) {
            memcpy(t, sk, 32);
            key(tw, (i + 3) % NKEYS);
            rc = op == 0 ? lf_secp256k1_seckey_negate(t)
                 : op == 1 ? lf_secp256k1_seckey_tweak_add(t, tw)
                           : lf_secp256k1_seckey_tweak_mul(t, tw);
            LF_CT_OUT(rc);
            lf_ctime_out(t, 32);
        }
    }
}

/* the signing's fault hook (src/secp256k1/secp256k1_internal.h): flip the
 * lowest bit of s (ECDSA and BIP-340) */
static void flip_s(int site, void *obj, size_t len)
{
    (void)len;
    if (site == LF_SIGN_FAULT_ECDSA_S || site == LF_SIGN_FAULT_BIP340_S) ((uint8_t *)obj)[0] ^= 1;
}

/* rc of a checked signer with the fault hook set: LF_ERR_FAULT, or the
 * plain error of an invalid key (rc public: declassified before) */
static void want_fault(const char *what, int rc)
{
    if (rc != LF_ERR_FAULT && rc != LF_ERR_RANGE && rc != LF_ERR_INVALID) {
        printf("ctime_secp256k1: %s with a fault injected: %d\n", what, rc);
        exit(1);
    }
}

static void case_sign(void)
{
    for (size_t i = 0; i < NKEYS; i++) {
        uint8_t sk[32], msg[32], extra[32], sig[64];
        int recid, rc;
        key(sk, i);
        lf_rng_bytes(&lf_ctime_rng, msg, 32);
        lf_rng_bytes(&lf_ctime_rng, extra, 32);
        LF_CT_SECRET(extra, 32);
        const uint8_t *ex = (i & 1) ? extra : NULL;
        rc = lf_secp256k1_ecdsa_sign(sig, &recid, msg, sk, ex);
        LF_CT_OUT(rc);
        LF_CT_OUT(recid);
        lf_ctime_out(sig, 64);
        rc = lf_secp256k1_ecdsa_sign_checked(sig, (i & 2) ? NULL : &recid, msg, sk, ex);
        LF_CT_OUT(rc);
        LF_CT_OUT(recid);
        lf_ctime_out(sig, 64);
        lf_secp256k1_sign_fault_hook = flip_s;
        rc = lf_secp256k1_ecdsa_sign_checked(sig, &recid, msg, sk, ex);
        lf_secp256k1_sign_fault_hook = NULL;
        LF_CT_OUT(rc);
        LF_CT_OUT(recid);
        lf_ctime_out(sig, 64);
        want_fault("ecdsa_sign_checked", rc);
    }
}

static void case_ecdh(void)
{
    uint8_t sk0[32] = {[31] = 7};
    lf_secp256k1_pubkey pk;
    if (lf_secp256k1_pubkey_create(&pk, sk0) != LF_OK) return; /* public key: public */
    for (size_t i = 0; i < NKEYS; i++) {
        uint8_t sk[32], out[32];
        int rc;
        key(sk, i);
        rc = lf_secp256k1_ecdh(out, &pk, sk); LF_CT_OUT(rc); lf_ctime_out(out, 32);
        key(sk, i);
        rc = lf_secp256k1_ecdh_x(out, &pk, sk); LF_CT_OUT(rc); lf_ctime_out(out, 32);
    }
}

/* sign32 and sign with keypair kp (secret), aux secret or NULL */
static void schnorr_sign(const lf_secp256k1_keypair *kp, size_t i)
{
    static const size_t lens[] = {0, 32, 100};
    uint8_t msg[100], aux[32], sig[64];
    int rc;
    lf_rng_bytes(&lf_ctime_rng, msg, sizeof msg);
    lf_rng_bytes(&lf_ctime_rng, aux, 32);
    LF_CT_SECRET(aux, 32);
    rc = lf_secp256k1_schnorrsig_sign32(sig, msg, kp, (i & 1) ? aux : NULL);
    LF_CT_OUT(rc);
    lf_ctime_out(sig, 64);
    LF_CT_SECRET(aux, 32);
    size_t len = lens[i % 3];
    rc = lf_secp256k1_schnorrsig_sign(sig, len ? msg : NULL, len, kp, (i & 2) ? NULL : aux);
    LF_CT_OUT(rc);
    lf_ctime_out(sig, 64);
    /* the checked forms, and sign32_checked with a fault in s */
    LF_CT_SECRET(aux, 32);
    rc = lf_secp256k1_schnorrsig_sign32_checked(sig, msg, kp, (i & 1) ? aux : NULL);
    LF_CT_OUT(rc);
    lf_ctime_out(sig, 64);
    LF_CT_SECRET(aux, 32);
    rc = lf_secp256k1_schnorrsig_sign_checked(sig, len ? msg : NULL, len, kp, (i & 2) ? NULL : aux);
    LF_CT_OUT(rc);
    lf_ctime_out(sig, 64);
    LF_CT_SECRET(aux, 32);
    lf_secp256k1_sign_fault_hook = flip_s;
    rc = lf_secp256k1_schnorrsig_sign32_checked(sig, msg, kp, aux);
    lf_secp256k1_sign_fault_hook = NULL;
    LF_CT_OUT(rc);
    lf_ctime_out(sig, 64);
    want_fault("schnorrsig_sign32_checked", rc);
}

/* keypair_xonly_pub of kp, the whole keypair secret */
static void xonly_pub(const lf_secp256k1_keypair *kp)
{
    lf_secp256k1_keypair c = *kp;
    lf_secp256k1_xonly_pubkey xpk;
    int rc, parity;
    rc = lf_secp256k1_keypair_xonly_pub(&xpk, &parity, &c);
    LF_CT_OUT(rc);
    LF_CT_OUT(parity);
    LF_CT_OUT(xpk);
}

static void case_schnorr(void)
{
    for (size_t i = 0; i < NKEYS; i++) {
        uint8_t sk[32], tw[32];
        lf_secp256k1_keypair kp, kt;
        lf_secp256k1_xonly_pubkey xpk;
        int rc, parity = 0;
        key(sk, i);
        rc = lf_secp256k1_keypair_create(&kp, sk); /* kp stays secret */
        LF_CT_OUT(rc);
        xonly_pub(&kp);
        schnorr_sign(&kp, i);
        /* tweaks (public): an edge or random value, or n - d (d' = 0) */
        for (int v = 0; v < 2; v++) {
            kt = kp;
            if (v == 0) {
                pick(tw, (i + 1) % ROUNDS);
            } else { /* -d: d = sk or n - sk by the parity (public here) */
                lf_secp256k1_keypair pub = kp;
                LF_CT_OUT(pub);
                if (lf_secp256k1_keypair_xonly_pub(&xpk, &parity, &pub) != LF_OK ||
                    lf_secp256k1_keypair_sec(tw, &pub) != LF_OK)
                    continue;
                if (!parity && lf_secp256k1_seckey_negate(tw) != LF_OK) continue;
            }
            rc = lf_secp256k1_keypair_xonly_tweak_add(&kt, tw);
            LF_CT_OUT(rc);
            schnorr_sign(&kt, i + (size_t)v);
            xonly_pub(&kt);
            lf_ctime_out(&kt, sizeof kt);
        }
    }
}

static const lf_ctime_case cases[] = {
    {"bytes", case_bytes},
    {"arith", case_arith},
    {"unary", case_unary},
    {"group", case_group},
    {"keys", case_keys},
    {"sign", case_sign},
    {"ecdh", case_ecdh},
    {"schnorr", case_schnorr},
    {NULL, NULL},
};

const lf_ctime_suite lf_ctime_this = {"ctime_secp256k1", cases, NULL};
