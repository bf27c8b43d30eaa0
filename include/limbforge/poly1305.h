/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: Poly1305 one-time authenticator (RFC 8439 section 2.5).
 *
 * A Poly1305 key is 32 bytes: r (16 bytes, clamped as the RFC says) and s
 * (16 bytes).  A key must authenticate ONE message only; the AEAD
 * (<limbforge/aead.h>) derives a fresh key per nonce.
 *
 * Every function here is constant time in the key, the message contents and
 * the tag: no branch or memory address depends on them.  The message length
 * is public (it selects the code path: short messages take the scalar path,
 * long ones the vector path of the selected back end).
 *
 * Back ends (chosen by lf_backend_current(), see <limbforge/limbforge.h>):
 * portable C radix 2^64 (radix 2^26 without unsigned __int128); AVX2 (4
 * lanes) and AVX-512 (8 lanes) radix 2^26; AVX-512 IFMA (8 lanes) radix
 * 2^44; NEON (2 lanes x 2 steps) radix 2^26; POWER9 (vmsumudm, 4 blocks per
 * step) radix 2^44; RVV (min(8, VLEN/32) lanes) radix 2^26, when the build
 * has the RVV intrinsics.  Other back ends use their parent's kernel (in the
 * end the portable code).  All give the same tags.
 */
#ifndef LIMBFORGE_POLY1305_H
#define LIMBFORGE_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_POLY1305_KEYBYTES 32
#define LF_POLY1305_TAGBYTES 16

/* Streaming state.  Treat as opaque; it holds key material (the final call
 * wipes it: every byte of the struct, padding included, is zero after it).
 * No heap: declare it on the stack or embed it.  Fields:
 *   h    accumulator, radix 2^64 (h[2] small: < 8)
 *   r, s the clamped r and s halves of the key, little-endian 64-bit limbs
 *   pw   r^1..r^8 mod 2^130-5 (radix 2^44 limbs), filled on first vector use
 *   npw  how many entries of pw are valid (0 until then)
 *   buf  a partial block (buflen < 16 bytes) waiting for more input */
typedef struct {
    uint64_t h[3];
    uint64_t r[2];
    uint64_t s[2];
    uint64_t pw[8][3];
    uint8_t buf[16];
    size_t buflen;
    unsigned npw;
} lf_poly1305_state;

/* tag = Poly1305(key, msg[0..len)).  msg may be NULL when len == 0; tag may
 * overlap nothing else.  Any length (size_t) is accepted. */
void lf_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32]);

/* Streaming: init once, update any number of times with any chunk sizes
 * (every chunking of a message gives the tag of the whole message), final
 * once.  final writes the tag and wipes the state (all
 * sizeof(lf_poly1305_state) bytes set to zero); to reuse the state call init
 * again (with a new key).  msg may be NULL when len == 0. */
void lf_poly1305_init(lf_poly1305_state *st, const uint8_t key[32]);
void lf_poly1305_update(lf_poly1305_state *st, const uint8_t *msg, size_t len);
void lf_poly1305_final(lf_poly1305_state *st, uint8_t tag[16]);

/* Constant-time comparison of two 16-byte tags: 1 if equal, 0 if not.  The
 * time does not depend on the contents (nor on where they differ). */
LF_WARN_UNUSED int lf_poly1305_verify(const uint8_t a[16], const uint8_t b[16]);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
