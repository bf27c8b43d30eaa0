/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by schnorr.c and batch.c (BIP-340).  Internal (not installed). */
#ifndef LF_SECP256K1_SCHNORR_INTERNAL_H
#define LF_SECP256K1_SCHNORR_INTERNAL_H

#include "limbforge/secp256k1_schnorr.h"
#include "limbforge/sha256.h"
#include "secp256k1/secp256k1_internal.h"

/* SHA-256 chaining values after the block SHA-256(tag) || SHA-256(tag) */
extern LF_HIDDEN const uint32_t lf_bip340_mid_aux[8];
extern LF_HIDDEN const uint32_t lf_bip340_mid_nonce[8];
extern LF_HIDDEN const uint32_t lf_bip340_mid_challenge[8];

/* st = a SHA-256 state that has absorbed the tag block of mid */
LF_HIDDEN void lf_bip340_tagged_init(lf_sha256_state *st, const uint32_t mid[8]);
/* e = hash_challenge(rx || px || msg) mod n */
LF_HIDDEN void lf_bip340_challenge(lf_sc *e, const uint8_t rx[32], const uint8_t px[32],
                                   const uint8_t *msg, size_t msglen);
/* xpk -> a (1), or 0 if xpk is not a key (all zero) */
LF_HIDDEN int lf_bip340_xpk_load(lf_ge *a, const lf_secp256k1_xonly_pubkey *xpk);

#endif
