/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: BIP-340 Schnorr signatures on secp256k1, x-only keys and
 * keypairs (BIP-340/341), batch verification, and multi-scalar
 * multiplication.
 *
 * Compatible with libsecp256k1's extrakeys and schnorrsig modules: the
 * same validity rules, the BIP-340 nonce derivation (so signatures are
 * byte-identical for the same key, message and auxiliary randomness) and
 * the same tweak results.
 *
 * Conventions are those of limbforge/secp256k1.h: LF_OK (0) or a negative
 * LF_ERR_* code; on error every output is zeroed (*parity included);
 * secret keys and tweaks are 32-byte big-endian numbers; no heap, no global
 * state, thread-safe; outputs may not overlap inputs unless stated.
 * CONSTANT TIME in secrets (secret keys, keypairs, nonces, aux randomness);
 * VARIABLE TIME on public data: verification, batch verification,
 * multi-scalar multiplication, x-only key parsing and tweaks (a tweak is
 * public, also the keypair's: as in libsecp256k1, whether it is >= n is
 * branched on).
 */
#ifndef LIMBFORGE_SECP256K1_SCHNORR_H
#define LIMBFORGE_SECP256K1_SCHNORR_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_SECP256K1_XONLY_BYTES 32   /* serialized x-only public key */
#define LF_SECP256K1_SCHNORR_BYTES 64 /* BIP-340 signature R.x || s */

/* An x-only public key (BIP-340): the curve point with this x and an even
 * y.  Opaque (the layout is the lifted point, not part of the API); made
 * only by the functions below.  All zero: not a key (an output zeroed by a
 * failed call). */
typedef struct {
    uint64_t d[8];
} lf_secp256k1_xonly_pubkey;

/* A keypair: a valid secret key and its public key (the full point, whose
 * y may be odd).  Opaque; holds the secret key: wipe it when done (every
 * byte zero is "not a keypair"). */
typedef struct {
    uint8_t sk[32];
    lf_secp256k1_pubkey pk;
} lf_secp256k1_keypair;

/* --- x-only public keys ----------------------------------------------------- */

/* Parse 32 bytes x: the point (x, y) with y even (BIP-340 lift_x).
 * LF_ERR_RANGE if x >= p, LF_ERR_INVALID if x^3 + 7 is not a square. */
LF_WARN_UNUSED int lf_secp256k1_xonly_pubkey_parse(lf_secp256k1_xonly_pubkey *xpk,
                                                   const uint8_t in32[32]);
/* out32 = x.  LF_ERR_INVALID (out zeroed) if xpk is not a key. */
LF_WARN_UNUSED int lf_secp256k1_xonly_pubkey_serialize(uint8_t out32[32],
                                                       const lf_secp256k1_xonly_pubkey *xpk);
/* xpk = the x-only key of pk (pk negated if its y is odd); *parity (may be
 * NULL) = 1 if it was negated (y odd), else 0.  LF_ERR_INVALID if pk is not
 * a key. */
LF_WARN_UNUSED int lf_secp256k1_xonly_pubkey_from_pubkey(lf_secp256k1_xonly_pubkey *xpk,
                                                         int *parity,
                                                         const lf_secp256k1_pubkey *pk);
/* 1 if a and b are the same key (or both all zero), else 0. */
int lf_secp256k1_xonly_pubkey_eq(const lf_secp256k1_xonly_pubkey *a,
                                 const lf_secp256k1_xonly_pubkey *b);

/* out = xpk + tweak*G (the full point; BIP-341 output key Q = P + t*G).
 * LF_ERR_INVALID if xpk is not a key, LF_ERR_RANGE if tweak >= n or the
 * sum is infinity. */
LF_WARN_UNUSED int lf_secp256k1_xonly_pubkey_tweak_add(lf_secp256k1_pubkey *out,
                                                       const lf_secp256k1_xonly_pubkey *xpk,
                                                       const uint8_t tweak[32]);
/* LF_OK if tweaked32 with y parity tweaked_parity is the x-only form of
 * xpk + tweak*G (the Taproot commitment check), else LF_ERR_VERIFY (also
 * for a tweaked_parity other than 0 and 1, as libsecp256k1);
 * LF_ERR_INVALID / LF_ERR_RANGE as lf_secp256k1_xonly_pubkey_tweak_add. */
LF_WARN_UNUSED int lf_secp256k1_xonly_pubkey_tweak_add_check(const uint8_t tweaked32[32],
                                                             int tweaked_parity,
                                                             const lf_secp256k1_xonly_pubkey *xpk,
                                                             const uint8_t tweak[32]);

/* --- keypairs --------------------------------------------------------------- */

/* kp = (sk, sk*G).  LF_ERR_RANGE if sk is not a valid secret key. */
LF_WARN_UNUSED int lf_secp256k1_keypair_create(lf_secp256k1_keypair *kp, const uint8_t sk[32]);
/* The parts of a keypair.  LF_ERR_INVALID (outputs zeroed) if kp is not a
 * keypair (all zero).  *parity as lf_secp256k1_xonly_pubkey_from_pubkey. */
LF_WARN_UNUSED int lf_secp256k1_keypair_sec(uint8_t sk[32], const lf_secp256k1_keypair *kp);
LF_WARN_UNUSED int lf_secp256k1_keypair_pub(lf_secp256k1_pubkey *pk,
                                            const lf_secp256k1_keypair *kp);
LF_WARN_UNUSED int lf_secp256k1_keypair_xonly_pub(lf_secp256k1_xonly_pubkey *xpk, int *parity,
                                                  const lf_secp256k1_keypair *kp);
/* Taproot tweak, in place: the secret key d' = d + tweak (d = sk negated if
 * the public key's y is odd), public key d'*G; libsecp256k1's
 * secp256k1_keypair_xonly_tweak_add.  LF_ERR_INVALID if kp is not a
 * keypair, LF_ERR_RANGE if tweak >= n or d' = 0 (kp zeroed on error). */
LF_WARN_UNUSED int lf_secp256k1_keypair_xonly_tweak_add(lf_secp256k1_keypair *kp,
                                                        const uint8_t tweak[32]);

/* --- BIP-340 signatures ------------------------------------------------------- */

/* sig64 = the BIP-340 signature of msg[0..msglen) (any length; msg may be
 * NULL if msglen is 0) by kp, with auxiliary randomness aux32 (32 bytes,
 * fresh random recommended; NULL is the same as 32 zero bytes, as in
 * BIP-340 and libsecp256k1).  Deterministic given (kp, msg, aux32).
 * LF_ERR_INVALID if kp is not a keypair; LF_ERR_RANGE if the derived nonce
 * is 0 mod n (probability 2^-256).  sig64 may alias msg or aux32. */
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_sign(uint8_t sig64[64], const uint8_t *msg,
                                                size_t msglen, const lf_secp256k1_keypair *kp,
                                                const uint8_t *aux32);
/* The common case: a 32-byte message. */
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_sign32(uint8_t sig64[64], const uint8_t msg32[32],
                                                  const lf_secp256k1_keypair *kp,
                                                  const uint8_t *aux32);

/* lf_secp256k1_schnorrsig_sign / _sign32, then verify before release
 * (BIP-340's last signing step, "recommended, but can be omitted if the
 * computation cost is prohibitive"; libsecp256k1 omits it): the same
 * arguments, the same signature byte for byte and the same errors, plus
 * LF_ERR_FAULT (sig64 zeroed) if the signature does not verify under the
 * keypair's x-only public key (computed when the keypair was made, not in
 * this call).  Nothing is written to sig64 before the check.  A fault in R,
 * the challenge, d or s as the signing uses them gives a signature that
 * does not verify, and with the deterministic nonce (the same for the same
 * keypair, message and aux32) one such signature beside the correct one
 * gives d (s - s' = (e - e') d for a faulty challenge e'); the check keeps
 * it in.  A kept keypair whose halves no longer match (a bit flipped in
 * memory) gives LF_ERR_FAULT on every call.  Not caught: a fault in the
 * nonce before R = k'G (a valid signature under a related nonce); fresh
 * random aux32 makes such pairs useless.  A second function rather than a
 * build option for the reasons given at lf_secp256k1_ecdsa_sign_checked.
 * Cost: one verification on top of the signing: 3.4x the plain sign (43.5
 * us against 12.9 us on x86_64_adx; src/secp256k1/README.md).  Constant
 * time in the secrets as the plain sign; the verification is variable time
 * in the public key and the candidate signature only. */
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_sign_checked(uint8_t sig64[64], const uint8_t *msg,
                                                        size_t msglen,
                                                        const lf_secp256k1_keypair *kp,
                                                        const uint8_t *aux32);
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_sign32_checked(uint8_t sig64[64],
                                                          const uint8_t msg32[32],
                                                          const lf_secp256k1_keypair *kp,
                                                          const uint8_t *aux32);

/* LF_OK if sig64 is a valid BIP-340 signature of msg[0..msglen) by xpk,
 * else LF_ERR_VERIFY (also for r >= p, s >= n, or xpk not a key). */
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_verify(const uint8_t sig64[64], const uint8_t *msg,
                                                  size_t msglen,
                                                  const lf_secp256k1_xonly_pubkey *xpk);

/* --- batch verification ------------------------------------------------------- */

/* One signature to verify: pointers to caller memory (read only).  An item
 * with sig64 or xpk NULL, or msg NULL with msglen > 0, is invalid. */
typedef struct {
    const uint8_t *sig64;
    const uint8_t *msg; /* may be NULL if msglen is 0 */
    size_t msglen;
    const lf_secp256k1_xonly_pubkey *xpk;
} lf_secp256k1_schnorrsig_item;

/* Bytes of scratch lf_secp256k1_schnorrsig_verify_batch and _find_invalid
 * need for n signatures (any n; SIZE_MAX if the size would overflow). */
size_t lf_secp256k1_schnorrsig_batch_scratch_size(size_t n);

/* LF_OK if all n signatures are valid (n = 0 included), else LF_ERR_VERIFY;
 * LF_ERR_PARAM if scratch is NULL or shorter than
 * lf_secp256k1_schnorrsig_batch_scratch_size(n), or items is NULL with
 * n > 0.  The verdict equals the AND of lf_secp256k1_schnorrsig_verify over
 * the items, except with probability below 2^-127 for an invalid batch
 * (random 128-bit coefficients derived by hashing the whole batch: see
 * src/secp256k1/README.md).  One multi-scalar multiplication of 2n + 1
 * points.  scratch: any alignment, contents undefined on return; it is
 * required even for n = 0 (a fixed rule: no NULL special case). */
LF_WARN_UNUSED int lf_secp256k1_schnorrsig_verify_batch(void *scratch, size_t scratch_len,
                                                        const lf_secp256k1_schnorrsig_item *items,
                                                        size_t n);
/* bad[i] = 1 if items[i] is invalid, else 0, for every i < n; returns the
 * number of invalid signatures (>= 0), or LF_ERR_PARAM as
 * lf_secp256k1_schnorrsig_verify_batch (bad zeroed; bad NULL with n > 0 is
 * LF_ERR_PARAM too).  Bisection: a sub-batch that verifies clears all its
 * items, a failing one is halved, down to pairs, whose items are verified
 * singly (lf_secp256k1_schnorrsig_verify).  So bad[i] = 1 exactly for the
 * invalid items, except that a sub-batch hiding an invalid item passes with
 * the batch verifier's probability (< 2^-127).  About 2 k log2(n / k) batch
 * verifications for k invalid items. */
int lf_secp256k1_schnorrsig_find_invalid(uint8_t *bad, void *scratch, size_t scratch_len,
                                         const lf_secp256k1_schnorrsig_item *items, size_t n);

/* --- multi-scalar multiplication ----------------------------------------------- */

/* Bytes of scratch lf_secp256k1_msm needs for n points (SIZE_MAX if the
 * size would overflow). */
size_t lf_secp256k1_msm_scratch_size(size_t n);

/* r = g_scalar*G + sum_{i<n} scalars[i]*points[i], VARIABLE TIME (public
 * inputs only).  scalars[i]: 32 bytes big-endian, taken mod n (any value);
 * g_scalar may be NULL (zero).  A point that is all zero (not a key) stands
 * for the point at infinity, in points and in r: if the sum is infinity, r
 * is all zero and the return is LF_OK.  LF_ERR_PARAM if scratch is NULL or
 * too short, or points/scalars is NULL with n > 0 (r zeroed).  Strauss
 * (wNAF, GLV) for small n, Pippenger (signed digits, GLV, batch-affine
 * buckets) above.  scratch: any alignment, contents undefined on return. */
LF_WARN_UNUSED int lf_secp256k1_msm(lf_secp256k1_pubkey *r, void *scratch, size_t scratch_len,
                                    const uint8_t (*scalars)[32],
                                    const lf_secp256k1_pubkey *points, size_t n,
                                    const uint8_t *g_scalar);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
