/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge NTT mod q = 3329: the 128-coefficient cyclic product and the
 * number-theoretic transform of ML-KEM (FIPS 203).
 *
 * Coefficients are int16_t.  Every function here is constant time in the
 * coefficient values (no branch, memory index or variable-latency instruction
 * depends on them); the only data-dependent outcome is the LF_ERR_RANGE
 * verdict of the checked functions, which is meant to be public (it says
 * whether the caller passed canonical input).  No heap, no state: thread safe.
 * The kernels are chosen by the library's back end (LIMBFORGE_BACKEND):
 * c, avx2, avx512 (x86-64), neon (AArch64), rvv (RISC-V V); back ends without
 * NTT kernels of their own use their parent's.  Every back end gives
 * bit-identical results for every function.
 *
 * Aliasing: r may be the same array as any input (exact aliasing); partial
 * overlaps are not supported.
 *
 * Two levels of API:
 *  - checked functions (return int): inputs must be canonical, 0 <= x < q,
 *    else LF_ERR_RANGE with r zeroed; outputs canonical [0, q), standard
 *    (FIPS 203) coefficient order.
 *  - lazy functions (_lazy suffix, in place or unchecked): an internal order
 *    and wider bounds, for chaining without conversions (as an ML-KEM
 *    implementation does).  Their input bounds are contracts: LF_VERIFY
 *    builds abort() when one is violated; other builds give wrong results
 *    (but never out-of-bounds memory accesses).
 */
#ifndef LIMBFORGE_NTT_H
#define LIMBFORGE_NTT_H

#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_NTT_Q 3329

/* ---------------------------------------------------------------- cyclic */

/* r = a * b in Z_q[X]/(X^128 - 1) (cyclic convolution), computed as a full
 * 7-level NTT with omega = 33 (order 128 mod q) of a and of b, a pointwise
 * product and the inverse NTT with the scaling by 128^-1 fused into the
 * pointwise product.  a, b: 128 coefficients in [0, q); returns LF_OK and r
 * in [0, q), or LF_ERR_RANGE (some coefficient of a or b outside [0, q)) with
 * r zeroed. */
LF_WARN_UNUSED int lf_ntt128_cyclic_mul(int16_t r[128], const int16_t a[128],
                                        const int16_t b[128]);

/* --------------------------------------------- ML-KEM (FIPS 203), checked */

/* r = NTT(a), FIPS 203 Algorithm 9: a in [0, q), standard order; r is the
 * NTT representation in FIPS 203 order (pairs (r[2i], r[2i+1]) are
 * a mod (X^2 - zeta^(2 BitRev7(i) + 1))), in [0, q).  LF_ERR_RANGE: r zeroed. */
LF_WARN_UNUSED int lf_mlkem_ntt(int16_t r[256], const int16_t a[256]);

/* r = NTT^-1(a), FIPS 203 Algorithm 10 (including the factor 128^-1 = 3303):
 * a in [0, q) in FIPS 203 NTT order; r in [0, q), standard order. */
LF_WARN_UNUSED int lf_mlkem_invntt(int16_t r[256], const int16_t a[256]);

/* r = MultiplyNTTs(a, b), FIPS 203 Algorithm 11 (BaseCaseMultiply on each
 * pair, Algorithm 12): a, b, r in FIPS 203 NTT order, all in [0, q). */
LF_WARN_UNUSED int lf_mlkem_basemul(int16_t r[256], const int16_t a[256],
                                    const int16_t b[256]);

/* ------------------------------------------------ ML-KEM, lazy (internal) */
/* "B order": array position 16 j + i holds the FIPS 203 NTT coefficient
 * 16 i + j (i, j in 0..15), i.e. the 16 x 16 transpose of FIPS order.  Lazy
 * values are any representatives mod q within the stated bounds. */
#define LF_MLKEM_NTT_LAZY_IN_MAX 4096      /* |a| accepted by ntt_lazy */
#define LF_MLKEM_NTT_LAZY_OUT_MAX 17052    /* |r| given by ntt_lazy */
#define LF_MLKEM_BASEMUL_LAZY_IN_MAX 17052 /* |a|, |b| accepted by basemul_lazy */
#define LF_MLKEM_BASEMUL_LAZY_OUT_MAX 12202
#define LF_MLKEM_INVNTT_LAZY_IN_MAX 16383
#define LF_MLKEM_INVNTT_LAZY_OUT_MAX 2250

/* In place: a (standard order, |a| <= 4096) becomes NTT(a) in B order,
 * |a| <= 17052.  Plain domain (no Montgomery factor). */
void lf_mlkem_ntt_lazy(int16_t a[256]);

/* r = MultiplyNTTs(a, b) * 2^-16 mod q ("Montgomery" product), in B order:
 * |a|, |b| <= 17052 (any ntt_lazy output), |r| <= 12202. */
void lf_mlkem_basemul_lazy(int16_t r[256], const int16_t a[256], const int16_t b[256]);

/* In place: a (B order, |a| <= 16383) becomes NTT^-1(a) * 2^16 mod q
 * ("to Montgomery": cancels the 2^-16 of basemul_lazy), standard order,
 * |a| <= 2250.  So invntt_lazy(basemul_lazy(ntt_lazy(x), ntt_lazy(y))) is
 * x * y mod (X^256 + 1, q), coefficients in [-2250, 2250]. */
void lf_mlkem_invntt_lazy(int16_t a[256]);

/* The permutation between FIPS 203 NTT order and B order (its own inverse):
 * r[16 j + i] = a[16 i + j].  r may not alias a. */
void lf_mlkem_transpose(int16_t r[256], const int16_t a[256]);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
