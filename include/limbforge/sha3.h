/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: SHA3-256, SHA3-512, SHAKE128 and SHAKE256 (FIPS 202), on the
 * Keccak-f[1600] permutation.
 *
 * Constant time: no branch or memory address depends on the message or the
 * output.  Lengths (of the message, of each update chunk, of each squeeze)
 * are public.  Any length: the padding does not encode the message length.
 *
 * Pointers: msg may be NULL when its length is 0, out when its length is 0.
 * The one-shot functions read all their input before writing the output, so
 * out may overlap msg in any way.  A state must not overlap any buffer
 * passed with it.
 *
 * Streaming: init, any number of updates (every chunking of a message gives
 * the same result), then either final (SHA3-256/512: writes the digest and
 * wipes the state) or any number of squeezes (SHAKE: the output stream is the
 * same however it is split) and lf_sha3_wipe when done.  Misuse is reported,
 * not ignored: LF_ERR_PARAM from update after the first squeeze, from final
 * on a SHAKE state, from squeeze on a SHA3 state, or on a state that is not
 * one these functions can have made.  Every call that takes a state first
 * checks each of its fields (struct below) except the lanes s, which may
 * hold any value:
 *   rate, dsbyte, outlen  one of the four init combinations (136, 0x06, 32;
 *                         72, 0x06, 64; 168 or 136, 0x1f, 0);
 *   squeezing             0, or 1 on a SHAKE state only;
 *   pos                   < rate while absorbing (squeezing 0), <= rate while
 *                         squeezing.
 * So a wiped state (final and lf_sha3_wipe zero it: rate 0), a zero-filled
 * one, and a saved copy with any of these fields changed out of range are
 * refused; the padding bytes of the struct are not looked at.  A state whose
 * fields are in range but which no init function started (memory no init
 * ever wrote, or a consistent forgery) is a caller error that cannot be
 * detected: it is hashed as it is, and no call reads or writes outside the
 * state and the buffers passed.  On a refusal the state is left unchanged,
 * a squeeze's output is zeroed over its len bytes, and final leaves out
 * untouched (the length of out is not known for a state that is not a SHA3
 * one); nothing else is written.
 *
 * Back ends: portable C everywhere; the permutation for several independent
 * states at once (which ML-KEM uses) has vector kernels chosen like every
 * other kernel (LIMBFORGE_BACKEND).  One state at a time always runs the
 * scalar permutation, the fastest form for a single stream on every CPU
 * limbforge targets.  All back ends give the same outputs.
 */
#ifndef LIMBFORGE_SHA3_H
#define LIMBFORGE_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_SHA3_256_BYTES 32
#define LF_SHA3_512_BYTES 64
#define LF_SHAKE128_RATE 168 /* bytes absorbed or squeezed per permutation */
#define LF_SHAKE256_RATE 136

/* Streaming state.  No heap: declare it on the stack or embed it.  Fields:
 *   s       the 1600-bit state: lane (x, y) of FIPS 202 at s[x + 5 y], as a
 *           native uint64_t (byte i of the lane is bits 8i..8i+7)
 *   rate    the rate in bytes (168, 136 or 72); 0 in a wiped state
 *   pos     absorbing: bytes of the current block absorbed so far (< rate);
 *           squeezing: bytes of the current block already output (<= rate)
 *   dsbyte  the domain bits with the first padding bit: 0x06 SHA3, 0x1f SHAKE
 *   outlen  the digest length (32, 64) or 0 for SHAKE
 *   squeezing  1 after the first squeeze (SHAKE), else 0 */
typedef struct {
    uint64_t s[25];
    uint32_t rate;
    uint32_t pos;
    uint8_t dsbyte;
    uint8_t outlen;
    uint8_t squeezing;
} lf_sha3_state;

/* One-shot. */
void lf_sha3_256(uint8_t out[32], const uint8_t *msg, size_t len);
void lf_sha3_512(uint8_t out[64], const uint8_t *msg, size_t len);
void lf_shake128(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len);
void lf_shake256(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len);

/* Streaming. */
void lf_sha3_256_init(lf_sha3_state *st);
void lf_sha3_512_init(lf_sha3_state *st);
void lf_shake128_init(lf_sha3_state *st);
void lf_shake256_init(lf_sha3_state *st);
/* LF_OK, or LF_ERR_PARAM (squeezing already, or a state the checks above
 * refuse; nothing written). */
int lf_sha3_update(lf_sha3_state *st, const uint8_t *msg, size_t len);
/* SHA3-256/512 states: writes the 32- or 64-byte digest, wipes the state,
 * LF_OK.  LF_ERR_PARAM for a SHAKE state or one the checks above refuse
 * (out untouched: its length is not known). */
LF_WARN_UNUSED int lf_sha3_final(lf_sha3_state *st, uint8_t *out);
/* SHAKE states: the next len bytes of the output stream, LF_OK.
 * LF_ERR_PARAM (out[0..len) zeroed) for a SHA3 state or one the checks above
 * refuse. */
LF_WARN_UNUSED int lf_shake_squeeze(lf_sha3_state *st, uint8_t *out, size_t len);
/* Zeroes the state (then it is "not initialised"). */
void lf_sha3_wipe(lf_sha3_state *st);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
