/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: ChaCha20 stream cipher, RFC 8439 section 2.4 layout
 * (256-bit key, 32-bit block counter, 96-bit nonce).
 *
 * Constant time in the key, nonce and data: no branch or memory address
 * depends on them.  The length and the counter are public (they decide the
 * wrap check below; the length selects the code path: portable C, or per
 * the selected back end (see <limbforge/limbforge.h>) AVX2 8 blocks,
 * AVX-512 (and AVX-512 IFMA) 16 blocks, NEON 4 blocks, RVV min(16, VLEN/32)
 * blocks in parallel when the build has the RVV intrinsics).
 */
#ifndef LIMBFORGE_CHACHA20_H
#define LIMBFORGE_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_CHACHA20_KEYBYTES 32
#define LF_CHACHA20_NONCEBYTES 12
#define LF_CHACHA20_BLOCKBYTES 64

/* out[i] = in[i] XOR keystream[i] for i < len, where the keystream is the
 * ChaCha20 blocks with counters counter, counter+1, ... (block i/64 uses
 * counter + i/64).  With in == NULL the keystream itself is written.
 *
 * The 32-bit counter must not wrap: the last block used, counter +
 * ceil(len/64) - 1, must be <= 2^32 - 1 (so at most (2^32 - counter) * 64
 * bytes per call).  A request that would wrap returns LF_ERR_RANGE and
 * writes nothing: such a length is often a caller's bug (SIZE_MAX, a
 * negative length cast), so out[0..len) is not assumed to be writable.
 *
 * Aliasing: out == in (in-place) is allowed; any other overlap is not.
 * Returns LF_OK, LF_ERR_RANGE (counter would wrap), or LF_ERR_PARAM (out is
 * NULL with len > 0: nothing is written). */
LF_WARN_UNUSED int lf_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                               const uint8_t nonce[12], uint32_t counter);

/* One 64-byte keystream block (RFC 8439 2.3, the block function), for tests
 * and for protocols built on it.  Always succeeds. */
void lf_chacha20_block(uint8_t out[64], const uint8_t key[32], const uint8_t nonce[12],
                       uint32_t counter);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
