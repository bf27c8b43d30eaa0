/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract between the NTT API (ntt.c) and its kernels (portable C
 * in ntt_c.c, vector code in native/<arch>/).  Not installed.
 *
 * Every kernel follows the one reduction schedule that gen/limbforge/nttbounds.py
 * proves (constants and bounds: ntt_consts.h):
 *   ntt      in place; standard order in (|a| <= LF_MLKEM_NTT_IN_MAX), B order
 *            out (|a| <= LF_MLKEM_NTT_OUT_MAX); Cooley-Tukey, no reduction.
 *   invntt   in place; B order in (|a| <= LF_MLKEM_INVNTT_IN_MAX), standard
 *            order out, times 2^16 ("to Montgomery"); Gentleman-Sande,
 *            Barrett on the sums of levels 1 and 4, scaling fused in level 7.
 *   basemul  B order; r = a o b * 2^-16 (separate Montgomery reductions).
 *   cyclic   r = a * b mod (X^128 - 1), a, b in [0, q), r in [0, q); the
 *            internal order is the kernel's own business.
 * Checked kernels (FIPS semantics; every set has them: fused vector kernels,
 * or in the c set the lazy kernels between C loops for the range check, the
 * conversions and the mask):
 *   cyclic_chk, ntt_fips, invntt_fips, basemul_fips: the public functions'
 *            contract (standard / FIPS order, [0, q) in and out) with the range
 *            check done in the kernel: they return 0 if every input
 *            coefficient is in [0, q), else all ones (and then r is all zero).
 *            Out-of-range lanes may run through the arithmetic with wrapped
 *            int16 values (no undefined behaviour in vector code); the output
 *            is masked by the verdict, computed without branches.
 * r may alias a or b exactly.  Constant time. */
#ifndef LF_NTT_INTERNAL_H
#define LF_NTT_INTERNAL_H

#include <stdint.h>
#include <stdlib.h>

#include "lf_internal.h"
#include "ntt/generated/ntt_consts.h"

typedef struct {
    void (*ntt)(int16_t a[256]);
    void (*invntt)(int16_t a[256]);
    void (*basemul)(int16_t r[256], const int16_t a[256], const int16_t b[256]);
    void (*cyclic)(int16_t r[128], const int16_t a[128], const int16_t b[128]);
    uint32_t (*cyclic_chk)(int16_t r[128], const int16_t a[128], const int16_t b[128]);
    uint32_t (*ntt_fips)(int16_t r[256], const int16_t a[256]);
    uint32_t (*invntt_fips)(int16_t r[256], const int16_t a[256]);
    uint32_t (*basemul_fips)(int16_t r[256], const int16_t a[256], const int16_t b[256]);
} lf_ntt_kernels;

/* all ones if x != 0, else 0; no branch, through the value barrier */
static inline uint32_t lf_ntt_nzmask(uint32_t x)
{
    return lf_vb32((uint32_t)0 - ((x | ((uint32_t)0 - x)) >> 31));
}

/* Kernel sets: no entry is NULL.  Which sets exist depends on the
 * architecture and compiler (LF_NATIVE_NTT_<B>, set by src/ntt/sources.cmake);
 * ntt.c's table gives every back end its own set or its nearest ancestor's. */
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_c;
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_avx2;
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_avx512;
/* native/aarch64/ntt_neon.c: back end neon (AArch64) or armv7neon (AArch32);
 * its schedule is native/ntt_v8_body.h, shared with native/wasm_simd128/ntt_simd128.c */
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_neon;
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_rvv;
extern LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_wasm_simd128; /* -msimd128 builds */
/* The set of the dispatch slot in use, for a layer that binds its kernels
 * once per call (mlkem_body.h); the lazy API functions check the bounds of
 * LF_MLKEM_* around each call in LF_VERIFY builds, such a caller does too. */
LF_HIDDEN const lf_ntt_kernels *lf_ntt_k(void);

/* ---- scalar arithmetic (also the reference for the vector kernels) ---- */
#define LF_Q LF_NTT_Q

/* (a - t q) / 2^16 with t = a q^-1 mod 2^16 (signed): = a 2^-16 mod q,
 * |r| <= (|a| + 2^15 q) / 2^16. */
static inline int16_t lf_ntt_mont(int32_t a)
{
    int16_t t = (int16_t)(uint16_t)((uint32_t)a * (uint32_t)(uint16_t)LF_NTT_QINV);
    return (int16_t)((a - (int32_t)t * LF_Q) >> 16);
}

static inline int16_t lf_ntt_fqmul(int16_t a, int16_t b)
{
    return lf_ntt_mont((int32_t)a * b);
}

/* a - q floor(a * 20159 / 2^26): any int16 -> [0, q]. */
static inline int16_t lf_ntt_barrett(int16_t a)
{
    int16_t t = (int16_t)(((int32_t)a * LF_NTT_BARRETT_V) >> 26);
    return (int16_t)(a - t * LF_Q);
}

/* [0, q] -> [0, q) without a branch. */
static inline int16_t lf_ntt_csubq(int16_t a)
{
    a = (int16_t)(a - LF_Q);
    return (int16_t)(a + ((a >> 15) & LF_Q));
}

/* LF_VERIFY: abort if some |a[i]| > bound (documented contracts). */
#ifdef LF_VERIFY
static inline void lf_ntt_verify(const int16_t *a, int n, int32_t bound)
{
    for (int i = 0; i < n; i++)
        if (a[i] > bound || a[i] < -bound) abort();
}
#define LF_NTT_VERIFY(a, n, bound) lf_ntt_verify((a), (n), (bound))
#else
#define LF_NTT_VERIFY(a, n, bound) ((void)0)
#endif

#endif
