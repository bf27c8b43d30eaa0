/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by the API files of the secp256k1 module (keys.c, ecdsa.c, der.c):
 * loading and storing the public types.  Internal (not installed). */
#ifndef LF_SECP256K1_INTERNAL_H
#define LF_SECP256K1_INTERNAL_H

#include "limbforge/secp256k1.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* pk -> a (1), or 0 if pk is not a key (all zero: an output zeroed on
 * error, or never written). */
LF_HIDDEN int lf_secp256k1_pk_load(lf_ge *a, const lf_secp256k1_pubkey *pk);
/* a (not infinity) -> pk */
LF_HIDDEN void lf_secp256k1_pk_save(lf_secp256k1_pubkey *pk, const lf_ge *a);
/* s = sk; returns 1 if sk is a valid secret key (in [1, n-1]), else 0 (s is
 * then 1: callers may run the constant-time path before failing).
 * Constant time; only the verdict is meant to be revealed. */
LF_HIDDEN int lf_secp256k1_sk_load(lf_sc *s, const uint8_t sk[32]);
/* r and s of a compact signature; returns 1 if both are < n, else 0 (and
 * the one(s) >= n are set to 0). */
LF_HIDDEN int lf_secp256k1_sig_load(lf_sc *r, lf_sc *s, const uint8_t sig64[64]);

/* Test hook (ecdsa.c, schnorr.c; tests/secp256k1/test_sign_fault.c and
 * ctime_secp256k1.c): when set, the signing code calls it at each site
 * below with the value computed there (obj, len bytes, writable), so that a
 * test can inject a fault (flip a bit) and see the _checked functions catch
 * it and the plain ones release the bad signature.  NULL (never set) in
 * normal use; hidden: not exported from the shared library, as the RSA-CRT
 * hook (src/mp/mp_internal.h) and src/cpu.c's detection hook.  Only the
 * signing steps call it: the public key derivation and the verification of
 * the _checked functions never do (they are the independent check). */
enum {
    LF_SIGN_FAULT_ECDSA_NONCE_PRE = 1, /* k (lf_sc) before R = kG: a valid signature
                                          under another nonce (the check cannot see it) */
    LF_SIGN_FAULT_ECDSA_R,             /* R = kG, Jacobian X || Y || Z (3 lf_fe) */
    LF_SIGN_FAULT_ECDSA_NONCE,         /* k (lf_sc) after R, before 1/k */
    LF_SIGN_FAULT_ECDSA_SECRET,        /* the secret key (lf_sc) after the nonce derivation */
    LF_SIGN_FAULT_ECDSA_S,             /* s (lf_sc) before the low-s negation */
    LF_SIGN_FAULT_BIP340_R,            /* R = k'G, Jacobian X || Y || Z */
    LF_SIGN_FAULT_BIP340_SECRET,       /* d (lf_sc, parity-adjusted) after the nonce hash */
    LF_SIGN_FAULT_BIP340_CHALLENGE,    /* e (lf_sc) */
    LF_SIGN_FAULT_BIP340_S             /* s = k + e d (lf_sc) */
};
extern LF_HIDDEN void (*lf_secp256k1_sign_fault_hook)(int site, void *obj, size_t len);
#define LF_SIGN_FAULT(site, obj, len)                                                              \
    do {                                                                                           \
        if (lf_secp256k1_sign_fault_hook) lf_secp256k1_sign_fault_hook((site), (obj), (len));     \
    } while (0)

#endif
