/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8), 96-bit nonce,
 * detached 16-byte tag.
 *
 * The Poly1305 key is ChaCha20 block 0 of (key, nonce); the plaintext is
 * encrypted with blocks 1, 2, ...; the tag covers
 *   ad || pad16 || ciphertext || pad16 || le64(adlen) || le64(len).
 * A (key, nonce) pair must never encrypt two different messages.
 *
 * Lengths: ad any length; plaintext at most LF_CHACHA20POLY1305_MAXBYTES
 * (2^32 - 1 blocks of 64 bytes, the 32-bit counter starting at 1).
 *
 * Constant time in key, nonce, plaintext, ciphertext and tag; the lengths
 * and open's verdict are public.
 */
#ifndef LIMBFORGE_AEAD_H
#define LIMBFORGE_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_CHACHA20POLY1305_KEYBYTES 32
#define LF_CHACHA20POLY1305_NONCEBYTES 12
#define LF_CHACHA20POLY1305_TAGBYTES 16
#define LF_CHACHA20POLY1305_MAXBYTES 274877906880ULL /* 64 * (2^32 - 1) */

/* Encrypt pt[0..len) into ct[0..len) and write the tag.
 * Aliasing: ct == pt (in-place) is allowed; no other overlap among ct, pt,
 * ad and tag.  pt/ct may be NULL when len == 0, ad when adlen == 0.
 * Returns LF_OK; LF_ERR_RANGE if len > LF_CHACHA20POLY1305_MAXBYTES (the
 * tag is zeroed, ct is not touched: such a len is likely a caller's bug and
 * larger than ct); LF_ERR_PARAM if a needed pointer is NULL (nothing
 * written). */
LF_WARN_UNUSED int lf_chacha20poly1305_seal(uint8_t *ct, uint8_t tag[16], const uint8_t *pt,
                                            size_t len, const uint8_t *ad, size_t adlen,
                                            const uint8_t key[32], const uint8_t nonce[12]);

/* Check the tag over (ad, ct) and, only if it is right, decrypt ct[0..len)
 * into pt[0..len).  The tag is computed and compared (in constant time)
 * before anything is decrypted; on a mismatch pt[0..len) is zeroed and
 * LF_ERR_AUTH is returned, so no unauthenticated plaintext is released.
 * Aliasing: pt == ct (in-place) is allowed (on failure the buffer is then
 * zeroed too); no other overlap.
 * Returns LF_OK, LF_ERR_AUTH, LF_ERR_RANGE (len too large: nothing written,
 * as such a len is likely larger than pt) or LF_ERR_PARAM (a needed pointer
 * is NULL; nothing written). */
LF_WARN_UNUSED int lf_chacha20poly1305_open(uint8_t *pt, const uint8_t *ct, size_t len,
                                            const uint8_t tag[16], const uint8_t *ad,
                                            size_t adlen, const uint8_t key[32],
                                            const uint8_t nonce[12]);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
