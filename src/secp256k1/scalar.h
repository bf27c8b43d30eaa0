/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Scalars modulo the secp256k1 group order
 *     n = 2^256 - 0x14551231950b75fc4402da1732fc9bebf
 * for the ECDSA / BIP-340 layers.  Internal (not installed).
 *
 * Representation: lf_sc holds the canonical value, 4 little-endian 64-bit
 * limbs, always fully reduced (< n), as libsecp256k1 does.  The arithmetic
 * runs on the secp256k1_n field kernels (Montgomery): each top-level call
 * fetches them once (lf_sc_k_get(), as group.h's lf_fe_k_get()) and passes
 * them to the arithmetic below; add/sub/neg are the same mod n in either form;
 * mul is kernel mul (a*b/R) then kernel to_internal (*R), i.e. one extra
 * Montgomery multiplication per product.  Why not keep scalars in Montgomery
 * form: the consumers read the canonical bits (window / wNAF digits of every
 * point multiplication, GLV split, is_high for low-s and BIP-340 parity,
 * serialisation), signing does only a handful of scalar products next to
 * thousands of field operations of the point multiplication, and inversion
 * (safegcd) works on the canonical value directly.  The cost: one kernel
 * call more per product (not two: a*b/R times R is a*b), a Montgomery
 * product of 4 limbs, against the thousands of field multiplications of the
 * point multiplication in the same signature: well under 1%.  Measured
 * (x86-64 host under load, avx512ifma back end, 2*10^6 dependent products):
 * lf_sc_mul ~40 ns against ~20 ns for the bare kernel mul, i.e. ~20 ns more
 * per product, ~0.1 us for the few products of a signature.
 *
 * Contracts, every function:
 *  - inputs are fully reduced (< n) unless stated; outputs are fully reduced;
 *  - the result may alias any input exactly (r == a, r == b, ...); no
 *    partial overlap;
 *  - constant time (no branch or memory index on the values) except the
 *    functions ending in _var, which are for public values only;
 *  - flags (cmov, cond_negate) are 0 or 1; they are secret too: taken as
 *    masks through lf_vb.
 */
#ifndef LF_SC_SCALAR_H
#define LF_SC_SCALAR_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"
#include "field/generated/secp256k1_n_internal.h"

typedef struct {
    uint64_t d[4]; /* little-endian limbs, value < n */
} lf_sc;

/* wNAF of a scalar (< 2^256): at most 257 digits. */
#define LF_SC_WNAF_MAX 257

/* r = b32 (32 bytes, big-endian) mod n.  Returns 1 if the value was >= n
 * (then r = value - n: 2^256 < 2n, one subtraction suffices), else 0.
 * Constant time, also in the returned flag's computation (the caller decides
 * whether the flag is secret).  This is also the "hash to scalar" reduction
 * (lf_sc_reduce32). */
LF_HIDDEN int lf_sc_set_b32(lf_sc *r, const unsigned char *b32);
/* r = b32 mod n, overflow not reported (ECDSA's message hash). */
LF_HIDDEN void lf_sc_reduce32(lf_sc *r, const unsigned char *b32);
/* 32 bytes big-endian of a. */
LF_HIDDEN void lf_sc_get_b32(unsigned char *b32, const lf_sc *a);
/* r = v (a small public constant, v < 2^64). */
LF_HIDDEN void lf_sc_set_u64(lf_sc *r, uint64_t v);

/* The kernels the arithmetic runs on: fetch once per top-level call. */
typedef const lf_field_kernels lf_sc_k;
static inline lf_sc_k *lf_sc_k_get(void) { return lf_secp256k1_n_k(); }

/* a+b, a-b, -a (0 -> 0) mod n: the same in canonical and Montgomery form */
static inline void lf_sc_add(lf_sc_k *nk, lf_sc *r, const lf_sc *a, const lf_sc *b)
{
    nk->add(r->d, a->d, b->d);
}
static inline void lf_sc_sub(lf_sc_k *nk, lf_sc *r, const lf_sc *a, const lf_sc *b)
{
    nk->sub(r->d, a->d, b->d);
}
static inline void lf_sc_neg(lf_sc_k *nk, lf_sc *r, const lf_sc *a) { nk->neg(r->d, a->d); }
/* a*b, a^2 mod n: mont(a, b) = a b / R, then to_internal(x) = x R */
static inline void lf_sc_mul(lf_sc_k *nk, lf_sc *r, const lf_sc *a, const lf_sc *b)
{
    nk->mul(r->d, a->d, b->d);
    nk->to_internal(r->d, r->d);
}
static inline void lf_sc_sqr(lf_sc_k *nk, lf_sc *r, const lf_sc *a)
{
    nk->sqr(r->d, a->d);
    nk->to_internal(r->d, r->d);
}

/* 1 if a == 0 / a == b, else 0; constant time. */
LF_HIDDEN int lf_sc_is_zero(const lf_sc *a);
LF_HIDDEN int lf_sc_eq(const lf_sc *a, const lf_sc *b);
/* 1 if a > (n-1)/2 (the "high" half: -a is then low), else 0. */
LF_HIDDEN int lf_sc_is_high(const lf_sc *a);
/* r = a if flag (0 or 1) else r unchanged. */
LF_HIDDEN void lf_sc_cmov(lf_sc *r, const lf_sc *a, int flag);
/* r = -a if flag (0 or 1) else a. */
LF_HIDDEN void lf_sc_cond_negate(lf_sc_k *nk, lf_sc *r, const lf_sc *a, int flag);

/* r = a^-1 mod n (0 -> 0): constant time / VARIABLE TIME.  Where the x86-64
 * asm of src/modinv/bingcd.h is built (LF_BG_ASM) both run its constant-time
 * binary GCD, faster there than safegcd; elsewhere safegcd (inv_var stops
 * early). */
LF_HIDDEN void lf_sc_inv(lf_sc *r, const lf_sc *a);
LF_HIDDEN void lf_sc_inv_var(lf_sc *r, const lf_sc *a);

/* GLV decomposition, constant time: k = k1 + k2*lambda (mod n), lambda =
 * lf_sc_lambda (the cube root of unity mod n with lambda*(x, y) =
 * (beta*x, y) on the curve).  As in libsecp256k1, k1 and k2 are returned as
 * scalars mod n of magnitude below 2^128: each is either < 2^128 or
 * n - |k_i| for a negative k_i.  lf_sc_is_high tells the sign (2^128 <
 * n/2), lf_sc_cond_negate(nk, &a, &k_i, lf_sc_is_high(&k_i)) the magnitude.
 * k1 may alias k; k1 and k2 must differ.  Method and constants: scalar.c. */
LF_HIDDEN void lf_sc_split_lambda(lf_sc_k *nk, lf_sc *k1, lf_sc *k2, const lf_sc *k);
extern LF_HIDDEN const lf_sc lf_sc_lambda;
/* a = lo + hi 2^128 (both < 2^128): the split of G's scalar over the
 * generated tables of G and 2^128 G.  lo may alias a; lo and hi differ. */
LF_HIDDEN void lf_sc_split_128(lf_sc *lo, lf_sc *hi, const lf_sc *a);
/* 1/2 mod n = (n + 1)/2 */
extern LF_HIDDEN const lf_sc lf_sc_half;

/* Width-w NAF of a (2 <= w <= 31), VARIABLE TIME (public scalars only:
 * verification).  a = sum_i wnaf[i] 2^i; every nonzero digit is odd with
 * |digit| < 2^(w-1), and any two nonzero digits are at least w positions
 * apart (>= w-1 zeros between them).  Writes wnaf[0..len) (zeros above the
 * last digit) and returns the number of digits (1 + the index of the
 * highest nonzero one, 0 for a = 0).  A value of b bits needs at most
 * b + 1 digits: len >= LF_SC_WNAF_MAX (257) always suffices, 129 for a GLV
 * half below 2^128.  Returns -1, writing nothing, if len < b + 1 or w is
 * out of range. */
LF_HIDDEN int lf_sc_wnaf_var(int *wnaf, int len, const lf_sc *a, int w);

#endif
