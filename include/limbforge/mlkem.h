/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203), on the
 * library's NTT mod 3329 (limbforge/ntt.h) and Keccak (limbforge/sha3.h).
 *
 * Keys and ciphertexts are the byte strings of FIPS 203: the encapsulation
 * key ek (384 k + 32 bytes), the decapsulation key dk (768 k + 96 bytes:
 * dk_PKE || ek || H(ek) || z), the ciphertext (32 (du k + dv) bytes); the
 * shared secret is 32 bytes.  The 64-byte seed d || z (FIPS 203's
 * ML-KEM.KeyGen_internal inputs) is the compact form of a key pair.
 *
 * Every function takes the parameter set and the length of every buffer,
 * and checks them: LF_ERR_PARAM for an unknown set, a NULL pointer or a
 * length that is not the set's (nothing is read then).  On every error
 * (LF_ERR_PARAM, LF_ERR_INVALID, LF_ERR_UNAVAILABLE) the outputs are zeroed,
 * but never past what both the caller and the set say the buffer holds:
 *   ek, dk, ct  zeroed over min(the length passed, the set's length of that
 *               buffer) bytes, the rest left as it was (a length of
 *               SIZE_MAX or one byte too long zeroes the set's length, one
 *               byte too short the length passed, 0 nothing); for an
 *               unknown set not written at all (it has no lengths);
 *   ss          32 bytes for every set: zeroed on every error, an unknown
 *               set too.
 * A NULL output is skipped.  Input checks of FIPS 203 section 7:
 *   encaps: the modulus check on ek (every coefficient < q when decoded);
 *   decaps: the hash check on dk (H(ek) stored in dk equals H of the ek
 *           stored in dk).
 * A failed check returns LF_ERR_INVALID with the outputs zeroed.  decaps of
 * a well-formed but wrong ciphertext is not an error: it returns LF_OK with
 * the implicit-rejection secret J(z || c), selected in constant time.
 *
 * Constant time in every secret (d, z, m, dk's secret part, the shared
 * secret, whether decaps rejected); public: the set, the lengths, ek, the
 * ciphertext, and the verdicts of the input checks (on public or
 * caller-validated data).  No heap; every secret on the stack is wiped
 * before return.  Thread safe (no state).
 *
 * Aliasing: outputs must not overlap inputs or each other.
 */
#ifndef LIMBFORGE_MLKEM_H
#define LIMBFORGE_MLKEM_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

/* The parameter sets: the value is k (module rank). */
typedef enum { LF_MLKEM_512 = 2, LF_MLKEM_768 = 3, LF_MLKEM_1024 = 4 } lf_mlkem_set;

#define LF_MLKEM_SS_BYTES 32   /* shared secret */
#define LF_MLKEM_SEED_BYTES 64 /* d || z */
#define LF_MLKEM_MSG_BYTES 32  /* the encapsulation randomness m */

#define LF_MLKEM512_EK_BYTES 800
#define LF_MLKEM512_DK_BYTES 1632
#define LF_MLKEM512_CT_BYTES 768
#define LF_MLKEM768_EK_BYTES 1184
#define LF_MLKEM768_DK_BYTES 2400
#define LF_MLKEM768_CT_BYTES 1088
#define LF_MLKEM1024_EK_BYTES 1568
#define LF_MLKEM1024_DK_BYTES 3168
#define LF_MLKEM1024_CT_BYTES 1568

/* The sizes of a set in bytes; 0 for an unknown set. */
size_t lf_mlkem_ek_bytes(lf_mlkem_set set);
size_t lf_mlkem_dk_bytes(lf_mlkem_set set);
size_t lf_mlkem_ct_bytes(lf_mlkem_set set);

/* ML-KEM.KeyGen_internal(d, z), seed = d || z (64 bytes). */
LF_WARN_UNUSED int lf_mlkem_keypair_derand(lf_mlkem_set set, uint8_t *ek, size_t eklen,
                                           uint8_t *dk, size_t dklen, const uint8_t *seed,
                                           size_t seedlen);

/* ML-KEM.KeyGen with d and z from the operating system (getrandom on Linux,
 * getentropy elsewhere); LF_ERR_UNAVAILABLE (outputs zeroed) if it fails. */
LF_WARN_UNUSED int lf_mlkem_keypair(lf_mlkem_set set, uint8_t *ek, size_t eklen, uint8_t *dk,
                                    size_t dklen);

/* ML-KEM.Encaps_internal(ek, m): ct and the shared secret ss. */
LF_WARN_UNUSED int lf_mlkem_encaps_derand(lf_mlkem_set set, uint8_t *ct, size_t ctlen,
                                          uint8_t ss[32], const uint8_t *ek, size_t eklen,
                                          const uint8_t m[32]);

/* ML-KEM.Encaps with m from the operating system. */
LF_WARN_UNUSED int lf_mlkem_encaps(lf_mlkem_set set, uint8_t *ct, size_t ctlen, uint8_t ss[32],
                                   const uint8_t *ek, size_t eklen);

/* ML-KEM.Decaps(dk, c): ss. */
LF_WARN_UNUSED int lf_mlkem_decaps(lf_mlkem_set set, uint8_t ss[32], const uint8_t *ct,
                                   size_t ctlen, const uint8_t *dk, size_t dklen);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
