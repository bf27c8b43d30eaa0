/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one pseudo-random generator of the C tests: splitmix64.
 *
 * Deterministic and seedable: a test keeps one lf_rng per stream it wants
 * to reproduce (a global one for a simple test, one per case or per op for
 * a test that must give the same inputs whatever ran before).  Not for keys:
 * it is a test-input generator only.
 *
 *   lf_rng g = LF_RNG_INIT(seed);     or lf_rng_seed(&g, seed)
 *   lf_rng_u64(&g)                    next 64-bit output
 *   lf_rng_below(&g, n)               in [0, n), n > 0: one draw, reduced mod n
 *                                     (bias below n / 2^64: irrelevant for tests)
 *   lf_rng_bytes(&g, p, n)            n bytes, one draw per byte (its low byte),
 *                                     so byte streams match the tests' old loops
 *   lf_rng_limbs(&g, l, n)            n 64-bit limbs, one draw each
 *
 * The seed comes from lf_test_seed(dflt) of testenv.h (included here):
 * LF_TEST_SEED, else dflt. */
#ifndef LF_TEST_COMMON_RNG_H
#define LF_TEST_COMMON_RNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "testenv.h"

typedef struct {
    uint64_t s;
} lf_rng;

#define LF_RNG_INIT(seed) {(uint64_t)(seed)}

static inline void lf_rng_seed(lf_rng *g, uint64_t seed) { g->s = seed; }

static inline uint64_t lf_rng_u64(lf_rng *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t lf_rng_below(lf_rng *g, uint64_t n) { return lf_rng_u64(g) % n; }

static inline void lf_rng_bytes(lf_rng *g, void *p, size_t n)
{
    uint8_t *b = (uint8_t *)p;
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)lf_rng_u64(g);
}

static inline void lf_rng_limbs(lf_rng *g, uint64_t *l, size_t n)
{
    for (size_t i = 0; i < n; i++) l[i] = lf_rng_u64(g);
}

#endif
