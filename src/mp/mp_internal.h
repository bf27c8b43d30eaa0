/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the mp module: generated kernel tables
 * (src/mp/generated/mp_dispatch.c) and the length-generic layers (mp.c,
 * mont.c, rsa.c).  Not installed.  Also used by lfbench (suite_mp.c tuning). */
#ifndef LF_MP_INTERNAL_H
#define LF_MP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "../lf_internal.h"
#include "limbforge/mp.h"

/* Generated kernels, fully unrolled for one length n (table index):
 *   mul[n](r[2n], a[n], b[n])   r = a*b         (r must not overlap a, b)
 *   sqr[n](r[2n], a[n])         r = a^2         (r must not overlap a)
 *   redc[n](r[n], t[2n], m[n+1]) r = t/2^(64n) mod m, m[n] = -m^-1 mod 2^64,
 *                               t < m 2^(64n), r < m (r must not overlap t, m)
 * All constant time.  Entries 1..*_max exist. */
typedef void (*lf_mp_k3)(uint64_t *r, const uint64_t *a, const uint64_t *b);
typedef void (*lf_mp_k2)(uint64_t *r, const uint64_t *a);

typedef struct {
    const lf_mp_k3 *mul;
    int mul_max;
    const lf_mp_k2 *sqr;
    int sqr_max;
    const lf_mp_k3 *redc;
    int redc_max;
    const char *target; /* generator target the kernels come from */
} lf_mp_kernels;

extern LF_HIDDEN const lf_mp_kernels lf_mp_kernel_table[LF_DISPATCH_SLOTS];

static inline const lf_mp_kernels *lf_mp_k(void)
{
    return &lf_mp_kernel_table[lf_dispatch_slot()];
}

/* Scratch (words) for lf_mp_mul_rec / lf_mp_sqr_rec / lf_mp_mullo_rec on n limbs. */
#define LF_MP_SCRATCH(n) (8 * (size_t)(n) + 64)

/* r[2n] = a*b: the generated kernel for n <= min(tmax, k->mul_max), else
 * one constant-time Karatsuba level and recursion.  tmax < 0: the tuned
 * threshold (k->mul_max).  r must not overlap a, b or scratch. */
LF_HIDDEN void lf_mp_mul_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a,
                             const uint64_t *b, size_t n, int tmax, uint64_t *scratch);
LF_HIDDEN void lf_mp_sqr_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a, size_t n,
                             int tmax, uint64_t *scratch);
/* r[n] = a*b mod 2^(64n) */
LF_HIDDEN void lf_mp_mullo_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a,
                               const uint64_t *b, size_t n, uint64_t *scratch);

/* Word-array helpers, constant time.  r may alias a and/or b. */
LF_HIDDEN uint64_t lf_mp_add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
LF_HIDDEN uint64_t lf_mp_sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
/* r[0..n) += c (a carry word), returns the carry out */
LF_HIDDEN uint64_t lf_mp_add_1(uint64_t *r, uint64_t c, size_t n);
/* r = mask ? a : r (mask all-ones or zero) */
LF_HIDDEN void lf_mp_csel(uint64_t *r, const uint64_t *a, uint64_t mask, size_t n);
/* all-ones if a < b else 0 */
LF_HIDDEN uint64_t lf_mp_lt_mask(const uint64_t *a, const uint64_t *b, size_t n);

/* Value-dependent error results without branches (mont.c, rsa.c): the work
 * is done anyway, the output masked to zero when `bad` (all-ones or zero),
 * the return code computed arithmetically. */
static inline int lf_mp_rc(uint64_t bad, int code)
{
    return (int)(lf_vb(bad) & 1) * code;
}

/* all-ones iff a >= m */
static inline uint64_t lf_mp_ge(const uint64_t *a, const uint64_t *m, size_t n)
{
    return ~lf_mp_lt_mask(a, m, n);
}

/* r[0..n) = 0 if bad (all-ones), unchanged if bad = 0 */
static inline void lf_mp_zero_if(uint64_t *r, uint64_t bad, size_t n)
{
    bad = lf_vb(bad);
    for (size_t i = 0; i < n; i++) r[i] &= ~bad;
}

/* Montgomery internals (mont.c): r = t / R mod m for t[2n] < m R; r < m.
 * r must not overlap t. */
LF_HIDDEN void lf_mp_redc(uint64_t *r, const uint64_t *t, const lf_mp_mont_ctx *ctx);
/* the same with explicit kernels (tests and tuning force either path) */
LF_HIDDEN void lf_mp_redc_k(const lf_mp_kernels *k, uint64_t *r, const uint64_t *t,
                            const lf_mp_mont_ctx *ctx);
/* r = a*b/R mod m with a < R, b < m (or a < m, b < R); r may alias a, b. */
LF_HIDDEN void lf_mp_mmul(uint64_t *r, const uint64_t *a, const uint64_t *b, const lf_mp_mont_ctx *ctx);
LF_HIDDEN void lf_mp_msqr(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx);
/* acc = b^e in Montgomery form for b in Montgomery form (< m); ebits =
 * 64*exp_limbs; window w (0: chosen by size).  acc may alias b. */
LF_HIDDEN void lf_mp_mexp(uint64_t *acc, const uint64_t *b, const uint64_t *e, size_t exp_limbs,
                          const lf_mp_mont_ctx *ctx, int w);
/* Two exponentiations with the same public exponent length el (the RSA-CRT
 * halves): acc1 = b1^e1 modulo ctx1, acc2 = b2^e2 modulo ctx2, in Montgomery
 * form as lf_mp_mexp, window chosen by size.  One 2-way IFMA pass when the
 * back end is avx512ifma and both contexts have the same n with
 * lf_mp_ifma_ok(n), else two lf_mp_mexp calls.  acc1 may alias b1, acc2 b2;
 * nothing else overlaps. */
LF_HIDDEN void lf_mp_mexp2(uint64_t *acc1, const uint64_t *b1, const uint64_t *e1,
                           const lf_mp_mont_ctx *ctx1, uint64_t *acc2, const uint64_t *b2,
                           const uint64_t *e2, const lf_mp_mont_ctx *ctx2, size_t el);

/* acc = b^e (Montgomery form) modulo ctx for a public 64-bit e >= 1 (the
 * RSA public-exponent check): square-and-multiply over e's bits, the IFMA
 * kernel on avx512ifma at its sizes.  b < m in Montgomery form; acc < m;
 * acc may alias b.  Constant time in b and m; e steers the branches. */
LF_HIDDEN void lf_mp_mexp_pub(uint64_t *acc, const uint64_t *b, uint64_t e,
                              const lf_mp_mont_ctx *ctx);

/* AVX-512 IFMA radix-2^52 modexp (src/mp/native/x86_64/mp_ifma.c, built
 * when LF_NATIVE_MP_AVX512IFMA): the avx512ifma entry of mont.c's radix-2^52
 * table, which lf_mp_mexp / lf_mp_mexp2 / lf_mp_mexp_pub read.
 * lf_mp_ifma_ok(n): the sizes it has (n = 16, 24, 32, 48, 64).  acc = b^e R mod m (< m) for u = b R mod m (< m), t =
 * R'^2/R mod m with R' = 2^(52 ceil(64n/52)); w: window (0: chosen).  acc
 * may alias u.  Constant time in u, e and m.
 * lf_mp_mexp2_ifma: the same for two (acc[v], u[v], e[v], ctx[v], t[v]),
 * v = 0, 1, with the same n and el, interleaved in one pass (2-way kernel);
 * acc[v] may alias u[v], nothing else overlaps. */
LF_HIDDEN int lf_mp_ifma_ok(size_t n);
LF_HIDDEN void lf_mp_mexp_ifma(uint64_t *acc, const uint64_t *u, const uint64_t *e, size_t el,
                               const lf_mp_mont_ctx *ctx, const uint64_t *t, int w);
LF_HIDDEN void lf_mp_mexp_pub_ifma(uint64_t *acc, const uint64_t *u, uint64_t e,
                                   const lf_mp_mont_ctx *ctx, const uint64_t *t);
LF_HIDDEN void lf_mp_mexp2_ifma(uint64_t *const acc[2], const uint64_t *const u[2],
                                const uint64_t *const e[2], size_t el,
                                const lf_mp_mont_ctx *const ctx[2], const uint64_t *const t[2],
                                int w);

/* Test hook (rsa.c; tests/mp): when set, lf_mp_rsa_private_crt calls it with
 * the two CRT halves after the exponentiations and before Garner's
 * recombination, m1 = c^dp R mod p (Montgomery form) and m2 = c^dq mod q, h
 * limbs each, so that a test can inject a fault (flip a bit) and see the
 * public-exponent check catch it.  NULL (never set) in normal use; hidden:
 * not exported from the shared library, as src/cpu.c's detection hook. */
extern LF_HIDDEN void (*lf_mp_rsa_fault_hook)(uint64_t *m1, uint64_t *m2, size_t h);

#endif
