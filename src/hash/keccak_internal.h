/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the Keccak-f[1600] kernels and the multi-stream
 * SHAKE helpers that ML-KEM uses.  Not installed.
 *
 * One state: uint64_t s[25], lane (x, y) of FIPS 202 at s[x + 5 y], native
 * byte order (byte i of a lane is bits 8i..8i+7: the helpers below load and
 * store little-endian, so big-endian CPUs give the same bytes).
 *
 * N states interleaved ("xN layout"): lane i of state j at s[N i + j], so a
 * vector of N lanes loads lane i of every state at once.  Kernels:
 *   f1600(s)   one state, 24 rounds
 *   x4(s)      4 interleaved states (uint64_t s[100])
 *   x8(s)      8 interleaved states (uint64_t s[200])
 * Every set has all three (the C set loops over the states; a vector set
 * with fewer lanes per register passes over the xN layout in place, as many
 * states per pass as a register holds).
 * Constant time: straight-line on the state.  Dispatch: keccak.c's table,
 * the one pattern of src/generated/dispatch_table.h (LF_NATIVE_KECCAK_<B>). */
#ifndef LF_HASH_KECCAK_INTERNAL_H
#define LF_HASH_KECCAK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"

typedef struct {
    void (*f1600)(uint64_t s[25]);
    void (*x4)(uint64_t s[100]);
    void (*x8)(uint64_t s[200]);
    const char *name;
    /* 1: x4 and x8 permute one state after the other (the portable set), so
     * callers gain nothing by batching states (mlkem's job pool) */
    unsigned serial;
} lf_keccak_kernels;

extern LF_HIDDEN const uint64_t lf_keccak_rc[24];

LF_HIDDEN void lf_keccakf1600_c(uint64_t s[25]);
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_c;
#ifdef LF_NATIVE_KECCAK_AVX2
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_avx2;
#endif
#ifdef LF_NATIVE_KECCAK_AVX512
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_avx512;
#endif
#ifdef LF_NATIVE_KECCAK_NEON
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_neon;
#endif
#ifdef LF_NATIVE_KECCAK_NEON_SHA3
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_neon_sha3;
#endif
#ifdef LF_NATIVE_KECCAK_RVV
extern LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_rvv;
#endif

/* The kernel set of the selected back end. */
LF_HIDDEN const lf_keccak_kernels *lf_keccak_k(void);
/* The set of dispatch slot `slot` (tests: lf_slot_of(b) for back end b). */
LF_HIDDEN const lf_keccak_kernels *lf_keccak_k_of(int slot);

/* ------------------------------------------------ multi-stream SHAKE/SHA3 */
/* n = 1, 4 or 8 states in the xN layout (s has 25 n words).  absorb_once:
 * initialises the n states, absorbs in[j][0..inlen) into state j (same
 * length for all, any length) and pads with dsbyte (0x1f SHAKE, 0x06 SHA3);
 * rate in bytes.  squeeze: nblocks times (permute, then copy rate bytes of
 * state j to out[j]); out[j] has nblocks * rate bytes.  in[j] / out[j] may
 * be NULL for unused streams only if every stream is unused (n states are
 * always permuted).  Constant time in the data (public: n, lengths). */
LF_HIDDEN void lf_keccak_absorb_once(uint64_t *s, unsigned n, unsigned rate, uint8_t dsbyte,
                                     const uint8_t *const *in, size_t inlen);
LF_HIDDEN void lf_keccak_squeeze_blocks(uint64_t *s, unsigned n, unsigned rate,
                                        uint8_t *const *out, size_t nblocks);
/* permute n = 1, 4 or 8 interleaved states with set k / the selected back
 * end's set */
static inline void lf_keccak_permute_k(const lf_keccak_kernels *k, uint64_t *s, unsigned n)
{
    if (n == 8) k->x8(s);
    else if (n == 4) k->x4(s);
    else k->f1600(s);
}
LF_HIDDEN void lf_keccak_permute(uint64_t *s, unsigned n);

/* xor byte v into byte position pos of state j of n interleaved states
 * (n = 1, j = 0: a single state) */
static inline void lf_keccak_xor_byte(uint64_t *s, unsigned n, unsigned j, size_t pos, uint8_t v)
{
    s[n * (pos / 8) + j] ^= (uint64_t)v << (8 * (pos % 8));
}

static inline uint64_t lf_load64_le(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

static inline void lf_store64_le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

#endif
