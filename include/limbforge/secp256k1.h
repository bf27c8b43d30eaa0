/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: secp256k1 keys, ECDSA and ECDH.
 *
 * Compatible with libsecp256k1: the same key and signature validity rules,
 * RFC 6979 nonces identical to its default nonce function (so signatures
 * are byte-identical for the same key, message hash and extra data), low-s
 * signatures, and the same ECDH hash.
 *
 * Conventions, for every function:
 * - returns LF_OK (0) or a negative LF_ERR_* code; on error every output is
 *   zeroed (an output parameter is never left half-written);
 * - secret keys, nonces and tweaks are 32-byte big-endian numbers; a
 *   secret key must be in [1, n-1] (n: the group order), checked by every
 *   function taking one (LF_ERR_RANGE otherwise);
 * - "msg32" is the 32-byte message hash the caller computed (for example
 *   with lf_sha256); it is used as a number mod n, as libsecp256k1 does;
 * - no heap, no global state, thread-safe; outputs may not overlap inputs
 *   unless the function says so;
 * - CONSTANT TIME in every secret (secret keys, nonces, tweaks of secret
 *   keys, ECDH's scalar): no branch, memory index or variable-latency
 *   instruction depends on them.  VARIABLE TIME (public data only):
 *   verification, recovery, public key parsing, tweaks of public keys.
 */
#ifndef LIMBFORGE_SECP256K1_H
#define LIMBFORGE_SECP256K1_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_SECP256K1_SECKEY_BYTES 32
#define LF_SECP256K1_PUBKEY_COMPRESSED_BYTES 33
#define LF_SECP256K1_PUBKEY_UNCOMPRESSED_BYTES 65
#define LF_SECP256K1_SIG_BYTES 64    /* compact ECDSA signature r || s */
#define LF_SECP256K1_DER_MAX_BYTES 72 /* longest strict DER signature */

/* A parsed public key: a point of the curve other than infinity.  Opaque:
 * made only by lf_secp256k1_pubkey_parse / _create / _tweak_* (the layout,
 * affine x and y in an internal form, is not part of the API). */
typedef struct {
    uint64_t d[8];
} lf_secp256k1_pubkey;

/* --- keys ------------------------------------------------------------------ */

/* LF_OK if sk is a valid secret key (in [1, n-1]), else LF_ERR_RANGE.
 * Constant time (only the verdict is revealed). */
LF_WARN_UNUSED int lf_secp256k1_seckey_verify(const uint8_t sk[32]);

/* pk = sk*G.  LF_ERR_RANGE if sk is not a valid secret key. */
LF_WARN_UNUSED int lf_secp256k1_pubkey_create(lf_secp256k1_pubkey *pk, const uint8_t sk[32]);

/* Parse SEC1: 33 bytes (0x02/0x03 || x), 65 bytes (0x04 || x || y) or the
 * hybrid 65-byte form (0x06/0x07 || x || y, the prefix carrying y's
 * parity), as libsecp256k1 accepts.  Coordinates must be < p and the point
 * on the curve.  LF_ERR_PARAM for a bad length or prefix, LF_ERR_RANGE for
 * a coordinate >= p, LF_ERR_INVALID for a point not on the curve (or a
 * hybrid prefix of the wrong parity). */
LF_WARN_UNUSED int lf_secp256k1_pubkey_parse(lf_secp256k1_pubkey *pk, const uint8_t *in, size_t len);

/* Serialize: compressed (33 bytes) if compressed != 0, else uncompressed
 * (65 bytes).  *outlen is the size of out on entry (LF_ERR_PARAM if too
 * small) and the bytes written on return.  LF_ERR_INVALID if pk is not a
 * key (all zero: an output zeroed by a failed call). */
LF_WARN_UNUSED int lf_secp256k1_pubkey_serialize(uint8_t *out, size_t *outlen,
                                                 const lf_secp256k1_pubkey *pk, int compressed);

/* 1 if a and b are the same point, else 0. */
int lf_secp256k1_pubkey_eq(const lf_secp256k1_pubkey *a, const lf_secp256k1_pubkey *b);

/* --- ECDSA -------------------------------------------------------------- */

/* Sign msg32 with sk: sig64 = r || s (32 bytes each, big-endian), s low
 * (<= (n-1)/2).  The nonce is RFC 6979 (HMAC-SHA256) of sk and msg32, plus
 * extra32 if it is not NULL (32 bytes of additional data, as
 * libsecp256k1's ndata), exactly as libsecp256k1's default nonce function.
 * If recid is not NULL it receives the recovery id (0..3) for
 * lf_secp256k1_ecdsa_recover.  sig64 may alias msg32 (not sk).  LF_ERR_RANGE
 * if sk is invalid. */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_sign(uint8_t sig64[64], int *recid, const uint8_t msg32[32],
                                           const uint8_t sk[32], const uint8_t *extra32);

/* lf_secp256k1_ecdsa_sign, then verify before release (fault
 * countermeasure): the same arguments, the same signature and recovery id
 * byte for byte, and the same errors, plus LF_ERR_FAULT (sig64 and *recid
 * zeroed) if the signature it computed does not verify under sk*G (a public
 * key computed in this call from sk again, not from the scalar the signing
 * used) or, when recid is not NULL, recid is not the one that recovers
 * sk*G.  Nothing is written to sig64 before the check.
 * Why: a computation error, natural or induced (voltage or clock glitch,
 * laser, Rowhammer on the signer's memory), in the nonce point, the scalar
 * arithmetic or the secret key as the signing uses it gives a signature
 * that does not verify, and with the RFC 6979 nonce (the same k for the
 * same key and message) one such signature beside the correct one can give
 * the secret key (fault d' of d: s - s' = k^-1 r (d - d') gives k, then d);
 * the check keeps it in.  (libsecp256k1 releases without a check; the
 * RSA-CRT operation here always checks.)  Not caught: a fault that leaves a
 * valid signature, i.e. one in the nonce before R = kG (a valid signature
 * under a related nonce k'; with the correct signature of the same message
 * that is two equations in k and d again).  Against those, pass fresh
 * random extra32: no two signatures then have related nonces.
 * Why a second function and not a build option: both are in every build,
 * the caller chooses per call site (a signing service that fears glitch
 * attacks checks, a wallet's fast path need not), and the plain function
 * keeps libsecp256k1's cost.  Cost: a k*G and a verification on top of the
 * signing: 3.7x the plain sign (58.7 us against 15.7 us on x86_64_adx;
 * src/secp256k1/README.md).  Signing is constant time in the secrets as
 * for the plain sign; the verification is variable time in the public key
 * and the candidate signature only, both public once released. */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_sign_checked(uint8_t sig64[64], int *recid,
                                                   const uint8_t msg32[32], const uint8_t sk[32],
                                                   const uint8_t *extra32);

/* LF_OK if sig64 is a valid signature of msg32 by pk, else LF_ERR_VERIFY.
 * As libsecp256k1, rejects r or s zero or >= n and a high s (normalize
 * first to accept those). */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_verify(const uint8_t sig64[64], const uint8_t msg32[32],
                                             const lf_secp256k1_pubkey *pk);

/* out64 = sig64 with s replaced by n - s if s is high.  Returns 1 if it
 * was high, 0 if not, LF_ERR_RANGE (out zeroed) if r or s >= n.  out64 may
 * alias sig64. */
int lf_secp256k1_ecdsa_normalize(uint8_t out64[64], const uint8_t sig64[64]);

/* Strict DER (X.690 DER, as BIP-66): SEQUENCE { INTEGER r, INTEGER s },
 * minimal lengths and integers, no trailing bytes.  LF_ERR_PARAM for
 * malformed input.  As libsecp256k1's parser: a well-formed INTEGER that is
 * negative, longer than 32 bytes or >= n parses (LF_OK) as 0, so such a
 * signature can only fail verification. */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_der_parse(uint8_t sig64[64], const uint8_t *der, size_t len);
/* *outlen: size of out on entry (72 always suffices), bytes written on
 * return.  LF_ERR_PARAM if out is too small. */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_der_serialize(uint8_t *out, size_t *outlen,
                                                    const uint8_t sig64[64]);

/* Public key recovery: pk such that sig64 (low or high s) with recovery id
 * recid (0..3) verifies msg32.  LF_ERR_PARAM for recid out of range,
 * LF_ERR_VERIFY if no such key exists.  Variable time. */
LF_WARN_UNUSED int lf_secp256k1_ecdsa_recover(lf_secp256k1_pubkey *pk, const uint8_t sig64[64],
                                              int recid, const uint8_t msg32[32]);

/* --- ECDH -------------------------------------------------------------- */

/* out32 = the x coordinate of sk*pk (32 bytes big-endian): the raw shared
 * secret.  LF_ERR_INVALID if pk is not a key (all zero; checked first),
 * else LF_ERR_RANGE if sk is invalid. */
LF_WARN_UNUSED int lf_secp256k1_ecdh_x(uint8_t out32[32], const lf_secp256k1_pubkey *pk,
                                       const uint8_t sk[32]);
/* out32 = SHA-256(0x02 | parity(y) || x) of sk*pk: libsecp256k1's default
 * secp256k1_ecdh output.  Errors as lf_secp256k1_ecdh_x. */
LF_WARN_UNUSED int lf_secp256k1_ecdh(uint8_t out32[32], const lf_secp256k1_pubkey *pk,
                                     const uint8_t sk[32]);

/* --- tweaks (BIP-32) ----------------------------------------------------- */

/* sk = n - sk (in place).  LF_ERR_RANGE (sk zeroed) if sk is invalid. */
LF_WARN_UNUSED int lf_secp256k1_seckey_negate(uint8_t sk[32]);
/* sk = sk + tweak mod n / sk = sk * tweak mod n (in place).  LF_ERR_RANGE,
 * sk zeroed, if sk is invalid, tweak >= n, or the result is 0 (add) /
 * tweak is 0 (mul). */
LF_WARN_UNUSED int lf_secp256k1_seckey_tweak_add(uint8_t sk[32], const uint8_t tweak[32]);
LF_WARN_UNUSED int lf_secp256k1_seckey_tweak_mul(uint8_t sk[32], const uint8_t tweak[32]);
/* pk = -pk / pk + tweak*G / tweak*pk (in place; tweak public).  Same
 * errors as the seckey versions (pk zeroed); LF_ERR_INVALID if pk is not a
 * parsed key. */
LF_WARN_UNUSED int lf_secp256k1_pubkey_negate(lf_secp256k1_pubkey *pk);
LF_WARN_UNUSED int lf_secp256k1_pubkey_tweak_add(lf_secp256k1_pubkey *pk, const uint8_t tweak[32]);
LF_WARN_UNUSED int lf_secp256k1_pubkey_tweak_mul(lf_secp256k1_pubkey *pk, const uint8_t tweak[32]);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
