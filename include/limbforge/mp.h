/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge mp: fixed-size constant-time multi-precision integers.
 *
 * Numbers are little-endian arrays of 64-bit limbs (limb 0 least
 * significant).  Every call takes the length n in limbs, 1 <= n <=
 * LF_MP_MAX_LIMBS (64..8192 bits); the length is public, the values are
 * secret: no function branches on or indexes memory by a value, only by
 * lengths (and a function's documented error result).  Back ends as in
 * <limbforge/limbforge.h>.
 *
 * Errors: LF_ERR_PARAM for a bad length or NULL pointer (nothing written:
 * with a bad length the size of the output is unknown); LF_ERR_RANGE for a
 * value out of range (the output is zeroed); the RSA functions also return
 * LF_ERR_INVALID (an inconsistent key, zeroed) and LF_ERR_FAULT (a result
 * that fails its public-exponent check, zeroed).  Functions whose only error is
 * LF_ERR_PARAM (mul, sqr, mul_lo, add, sub, cmov, cmp: a caller with a valid
 * constant n may ignore the result, with a (void) cast) are not marked
 * warn_unused_result; those that can fail on values are.
 *
 * Aliasing: "may alias" means exactly the same array (r == a); partial
 * overlaps are never allowed.
 *
 * Stack: mul/sqr/mul_lo use up to about 10 KB of stack for n = 128; the
 * Montgomery functions up to about 24 KB, modexp up to about 60 KB, the RSA
 * functions up to about 76 KB (measured with gcc -O2 on x86-64: private
 * operation 75 KB on the c back end at 3072 and 4096 bits, 62 KB with
 * x86_64_adx; key loading 52 KB).  No heap.
 */
#ifndef LIMBFORGE_MP_H
#define LIMBFORGE_MP_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {
#endif
LF_API_BEGIN

#define LF_MP_MAX_LIMBS 128

/* r[2n] = a[n] * b[n].  r must not overlap a or b. */
int lf_mp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* r[2n] = a[n]^2.  r must not overlap a. */
int lf_mp_sqr(uint64_t *r, const uint64_t *a, size_t n);

/* r[n] = a[n] * b[n] mod 2^(64n) (the low half).  r must not overlap a or b. */
int lf_mp_mul_lo(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* r[n] = a + b mod 2^(64n); *carry (if not NULL) = the carry out, 0 or 1.
 * r may alias a and/or b. */
int lf_mp_add(uint64_t *r, uint64_t *carry, const uint64_t *a, const uint64_t *b, size_t n);

/* r[n] = a - b mod 2^(64n); *borrow (if not NULL) = 1 if a < b, else 0.
 * r may alias a and/or b. */
int lf_mp_sub(uint64_t *r, uint64_t *borrow, const uint64_t *a, const uint64_t *b, size_t n);

/* r = flag ? a : r, flag any value (nonzero = copy).  r may alias a. */
int lf_mp_cmov(uint64_t *r, const uint64_t *a, uint64_t flag, size_t n);

/* *res = -1, 0 or 1 as a < b, a == b, a > b (constant time: the result is
 * computed without branches; what the caller does with it is up to it). */
int lf_mp_cmp(int *res, const uint64_t *a, const uint64_t *b, size_t n);

/* r[n] = the big-endian integer in[0..len) (len may be 0 or larger than
 * 8n: leading bytes beyond 8n must be zero, else LF_ERR_RANGE and r = 0).
 * Constant time in the bytes' values. */
LF_WARN_UNUSED int lf_mp_from_bytes(uint64_t *r, size_t n, const uint8_t *in, size_t len);

/* out[0..len) = a[n] big-endian, left-padded with zeros; if a >= 256^len:
 * LF_ERR_RANGE and out zeroed.  out must not overlap a. */
LF_WARN_UNUSED int lf_mp_to_bytes(uint8_t *out, size_t len, const uint64_t *a, size_t n);

/* ---------------------------------------------------------------------------
 * Montgomery arithmetic modulo a run-time odd modulus m of n limbs
 * (m < 2^(64n); leading zero limbs allowed; R = 2^(64n)).  The modulus may
 * be secret (RSA primes): context creation is constant time too. */
typedef struct {
    size_t n;
    uint64_t m[LF_MP_MAX_LIMBS + 1];  /* the modulus, then m[n] = -m^-1 mod 2^64 */
    uint64_t minv[LF_MP_MAX_LIMBS];   /* -m^-1 mod R */
    uint64_t one[LF_MP_MAX_LIMBS];    /* R mod m */
    uint64_t rr[LF_MP_MAX_LIMBS];     /* R^2 mod m */
    uint64_t rrr[LF_MP_MAX_LIMBS];    /* R^3 mod m */
} lf_mp_mont_ctx;

/* Prepare ctx for modulus m[n].  LF_ERR_PARAM for a bad length, an even
 * modulus (zero included) or m = 1; ctx is zeroed on error. */
LF_WARN_UNUSED int lf_mp_mont_init(lf_mp_mont_ctx *ctx, const uint64_t *m, size_t n);

/* r = a * R mod m (into Montgomery form).  a < m, else LF_ERR_RANGE (r = 0).
 * r may alias a.  n = ctx->n limbs for r and a. */
LF_WARN_UNUSED int lf_mp_mont_to_internal(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx);

/* r = a / R mod m (out of Montgomery form).  a < m, else LF_ERR_RANGE.
 * r may alias a. */
LF_WARN_UNUSED int lf_mp_mont_from_internal(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx);

/* r = a * b / R mod m.  a, b < m, else LF_ERR_RANGE (r = 0); r < m.
 * r may alias a and/or b. */
LF_WARN_UNUSED int lf_mp_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                  const lf_mp_mont_ctx *ctx);

/* r = a^2 / R mod m.  a < m, else LF_ERR_RANGE (r = 0).  r may alias a. */
LF_WARN_UNUSED int lf_mp_mont_sqr(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx);

/* r[n] = base^exp mod m, base and r in normal (not Montgomery) form, n =
 * ctx->n.  The exponent exp[0..exp_limbs) (1 <= exp_limbs <= LF_MP_MAX_LIMBS)
 * has a public length; its bits and the base are secret: fixed windows
 * (size chosen from exp_limbs and n), every window does its squarings and
 * one multiplication, and each table read scans all entries with masks.
 * base >= m: LF_ERR_RANGE (r = 0).  exp = 0 gives 1 mod m.  r may alias
 * base and/or exp. */
LF_WARN_UNUSED int lf_mp_modexp(uint64_t *r, const uint64_t *base, const uint64_t *exp,
                                size_t exp_limbs, const lf_mp_mont_ctx *ctx);

/* ---------------------------------------------------------------------------
 * RSA private-key operation with the Chinese remainder theorem.
 * Primes p, q (odd, h limbs each, 1 <= h <= 64), the public exponent e,
 * dp = d mod (p-1), dq = d mod (q-1), qinv = q^-1 mod p; N = p*q has 2h
 * limbs.  Filled by lf_mp_rsa_key_init, read-only afterwards (about 17 KB:
 * keep it static or on the heap; copies of the secret values live in it,
 * clear it when done). */
typedef struct {
    size_t h;
    uint64_t e;                       /* the public exponent */
    lf_mp_mont_ctx p, q;              /* Montgomery contexts of the primes */
    lf_mp_mont_ctx n;                 /* of N = p*q: N is n.m[0..2h) */
    uint64_t dp[LF_MP_MAX_LIMBS / 2], dq[LF_MP_MAX_LIMBS / 2], qinv[LF_MP_MAX_LIMBS / 2];
} lf_mp_rsa_key;

/* Load a key and validate it.  e is public (checked with branches): odd and
 * 3 <= e < 2^64 (65537 usually; a larger RSA exponent does not fit).  The
 * other values are secret; they are checked in constant time, only the
 * verdict is revealed, as the first failing row of:
 *   LF_ERR_PARAM    bad h, a NULL pointer, e even or < 3; p or q even or 1
 *   LF_ERR_RANGE    dp >= p, dq >= q or qinv >= p
 *   LF_ERR_INVALID  qinv*q != 1 (mod p), e*dp != 1 (mod p-1) or
 *                   e*dq != 1 (mod q-1)  (p = q, or p and q not coprime,
 *                   fails the first)
 * key zeroed on error.  Not checked: that p and q are prime (with a
 * composite one, lf_mp_rsa_private_crt fails its check, LF_ERR_FAULT, for
 * almost every input), their sizes, or d itself (the CRT exponents are what
 * is used).  Cost: the three Montgomery contexts (p, q and N), one-off. */
LF_WARN_UNUSED int lf_mp_rsa_key_init(lf_mp_rsa_key *key, uint64_t e, const uint64_t *p,
                                      const uint64_t *q, const uint64_t *dp, const uint64_t *dq,
                                      const uint64_t *qinv, size_t h);

/* r[2h] = c^d mod N: two half-size exponentiations (m1 = c^dp mod p, m2 =
 * c^dq mod q), Garner's recombination r = m2 + q * ((m1 - m2) qinv mod p),
 * then the result is checked with the public exponent, r^e mod N == c,
 * before it is returned: a fault in one half (a glitch, a bit flip) would
 * give an r correct modulo one prime only, and gcd(r^e - c, N) would reveal
 * the other (the Bellcore attack).  All constant time in c, r and the key
 * (the check's square-and-multiply branches on the bits of e only); the
 * check costs about 17 full-size Montgomery products for e = 65537 (a few %
 * of the operation).  No blinding: the exponentiations are constant time.
 * Errors, r = 0 on each:
 *   LF_ERR_RANGE  c[2h] >= N
 *   LF_ERR_FAULT  r^e != c (mod N): a fault during the computation, or a key
 *                 that passed lf_mp_rsa_key_init but whose p or q is not prime
 * LF_ERR_PARAM (nothing written) for a NULL pointer or a key that
 * lf_mp_rsa_key_init refused (zeroed).  r may alias c. */
LF_WARN_UNUSED int lf_mp_rsa_private_crt(uint64_t *r, const uint64_t *c, const lf_mp_rsa_key *key);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
