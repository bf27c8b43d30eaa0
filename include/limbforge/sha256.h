/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104, FIPS 198-1).
 *
 * Constant time: no branch or memory address depends on the message
 * contents, the key or the digest.  Lengths (of the message, of each update
 * chunk, of the key) are public: they decide how many blocks are compressed
 * and which bytes are copied.
 *
 * Lengths: a message may be 0 to 2^61 - 1 bytes long (FIPS 180-4: fewer
 * than 2^64 bits).  Beyond that SHA-256 is not defined; this implementation
 * does not detect it: the bit length written into the padding is then the
 * true length modulo 2^64 bits, so the digest is not a SHA-256 value of
 * anything (as in most implementations).  Such a message would take about
 * 30 years of hashing at 2 GB/s.
 *
 * Pointers: msg may be NULL when its length is 0 (key likewise).  The
 * one-shot functions read all their input before writing the digest, so out
 * may overlap msg and key in any way.  A state must not overlap any buffer
 * passed with it.
 *
 * Wiping: final() writes the digest and then zeroes the whole state (the
 * HMAC state holds key-derived values); to reuse a state call init() again.
 * The one-shot functions wipe their internal state and stack buffers.
 *
 * Back ends: the portable C compression function; on x86-64 the SHA
 * extensions (sha256rnds2/msg1/msg2) and on AArch64 the ARMv8 SHA2
 * instructions, each used when the CPU has them (checked once, on first
 * use) and the selected back end is not "c" (LIMBFORGE_BACKEND=c forces the
 * portable code).  All give the same digests.
 */
#ifndef LIMBFORGE_SHA256_H
#define LIMBFORGE_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_SHA256_BYTES 32      /* digest (and HMAC tag) length */
#define LF_SHA256_BLOCKBYTES 64 /* compression block length */

/* Streaming state.  No heap: declare it on the stack or embed it.  Fields:
 *   h       the chaining value H0..H7 (FIPS 180-4 section 6.2)
 *   nbytes  bytes absorbed so far (the partial block holds nbytes % 64)
 *   buf     that partial block, waiting for more input */
typedef struct {
    uint32_t h[8];
    uint64_t nbytes;
    uint8_t buf[64];
} lf_sha256_state;

/* out = SHA-256(msg[0..len)). */
void lf_sha256(uint8_t out[32], const uint8_t *msg, size_t len);

/* Streaming: init once, update any number of times with any chunk sizes
 * (every chunking of a message gives the digest of the whole message),
 * final once: it writes the digest and wipes the state. */
void lf_sha256_init(lf_sha256_state *st);
void lf_sha256_update(lf_sha256_state *st, const uint8_t *msg, size_t len);
void lf_sha256_final(lf_sha256_state *st, uint8_t out[32]);

/* HMAC-SHA256 streaming state: the inner hash (already keyed with K ^ ipad)
 * and the outer hash (keyed with K ^ opad, waiting for the inner digest).
 * Holds key-derived values: final() wipes it. */
typedef struct {
    lf_sha256_state inner;
    lf_sha256_state outer;
} lf_hmac_sha256_state;

/* tag = HMAC-SHA256(key[0..keylen), msg[0..len)).  Any key length: keys
 * longer than 64 bytes are hashed first (RFC 2104); the key length is
 * public.  out may overlap key and msg. */
void lf_hmac_sha256(uint8_t out[32], const uint8_t *key, size_t keylen, const uint8_t *msg,
                    size_t len);

/* Streaming HMAC: init with the key (the key buffer may be wiped or reused
 * right after init), update any number of times, final once (writes the tag,
 * wipes the state).  Message length limit: 2^61 - 1 - 64 bytes (the inner
 * hash also absorbs the 64-byte padded key). */
void lf_hmac_sha256_init(lf_hmac_sha256_state *st, const uint8_t *key, size_t keylen);
void lf_hmac_sha256_update(lf_hmac_sha256_state *st, const uint8_t *msg, size_t len);
void lf_hmac_sha256_final(lf_hmac_sha256_state *st, uint8_t out[32]);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
