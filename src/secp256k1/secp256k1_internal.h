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

#endif
