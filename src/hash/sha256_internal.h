/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the SHA-256 compression kernels.  Not installed.
 *
 * A kernel absorbs nblocks >= 0 full 64-byte blocks data[0..64 nblocks)
 * into the chaining value state[8] (H0..H7 of FIPS 180-4, native uint32_t):
 * for each block, the 64 rounds and the feed-forward addition.  data needs
 * no alignment and must not overlap state.  Constant time (public: nblocks).
 *
 *   lf_sha256_blocks_c       portable C, every architecture
 *   lf_sha256_blocks_shani   x86-64 SHA extensions (native/x86_64/), built
 *                            when LF_NATIVE_SHA256_X86_64_SHA is defined
 *   lf_sha256_blocks_armv8   AArch64 SHA2 instructions (native/aarch64/),
 *                            likewise under LF_NATIVE_SHA256_AARCH64_SHA2
 *
 * Dispatch (sha256.c): the table of lf_internal.h's pattern, with the C
 * kernel for c and the hardware kernels as the feature entries x86_64_sha
 * and aarch64_sha2: every slot whose CPU has the instructions (LF_CAP_SHA,
 * LF_CAP_SHA2) runs them, at every level but c.
 */
#ifndef LF_HASH_SHA256_INTERNAL_H
#define LF_HASH_SHA256_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lf_internal.h"

typedef void (*lf_sha256_blocks_fn)(uint32_t state[8], const uint8_t *data, size_t nblocks);

LF_HIDDEN void lf_sha256_blocks_c(uint32_t state[8], const uint8_t *data, size_t nblocks);
#ifdef LF_NATIVE_SHA256_X86_64_SHA
LF_HIDDEN void lf_sha256_blocks_shani(uint32_t state[8], const uint8_t *data, size_t nblocks);
#endif
#ifdef LF_NATIVE_SHA256_AARCH64_SHA2
LF_HIDDEN void lf_sha256_blocks_armv8(uint32_t state[8], const uint8_t *data, size_t nblocks);
#endif

/* The round constants K0..K63 (FIPS 180-4 section 4.2.2), shared by the
 * kernels. */
extern LF_HIDDEN const uint32_t lf_sha256_k[64];

/* The hardware kernel of this build (NULL if none), the capability it
 * needs (LF_CAP_SHA, LF_CAP_SHA2; 0 on other architectures) and its name
 * ("shani", "armv8" or "none"): for the tests. */
LF_HIDDEN lf_sha256_blocks_fn lf_sha256_hw_kernel(void);
LF_HIDDEN uint64_t lf_sha256_hw_cap(void);
LF_HIDDEN const char *lf_sha256_hw_name(void);

/* The kernel the selected slot runs: for the tests. */
LF_HIDDEN lf_sha256_blocks_fn lf_sha256_kernel_current(void);

static inline uint32_t lf_hash_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void lf_hash_st_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#endif
