/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Wide arithmetic on 64-bit words for the portable C code: the 128-bit
 * product, add and subtract with carry, and a signed 128-bit accumulator
 * (safegcd's matrix products).  With unsigned __int128 (GCC and Clang on
 * 64-bit targets) each helper is the one-line __int128 expression the code
 * used before, so the compiled code is the same; without it (i686, ARMv7,
 * Cortex-M: "__int128 is not supported on this target") they are built from
 * 32 x 32 -> 64-bit products and 64-bit adds.
 *
 * Constant time either way: no branch, no table, no division; the only
 * multiplications are of 64-bit (or, in the fallback, 32-bit) operands,
 * which the targets above execute in constant time.
 *
 * Carries and borrows are words 0 or 1 (inputs must be 0 or 1). */
#ifndef LF_WIDE_H
#define LF_WIDE_H

#include <stdint.h>
#include <string.h>

#if defined(__SIZEOF_INT128__) && !defined(LF_WIDE_NO_INT128)
#define LF_WIDE_INT128 1
__extension__ typedef unsigned __int128 lf_wide_u128;
__extension__ typedef __int128 lf_wide_i128;
#else
#define LF_WIDE_INT128 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define LF_WIDE_INLINE static inline __attribute__((always_inline, unused))
#else
#define LF_WIDE_INLINE static inline
#endif

/* a*b: returns the low word, *hi the high word */
LF_WIDE_INLINE uint64_t lf_wide_mul(uint64_t *hi, uint64_t a, uint64_t b)
{
#if LF_WIDE_INT128
    lf_wide_u128 t = (lf_wide_u128)a * b;
    *hi = (uint64_t)(t >> 64);
    return (uint64_t)t;
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;   /* < 3 * 2^32 */
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return mid << 32 | (uint32_t)p00;
#endif
}

/* (a*b) >> k, its low 64 bits, 0 < k < 64 */
LF_WIDE_INLINE uint64_t lf_wide_mul_shr(uint64_t a, uint64_t b, int k)
{
    uint64_t hi, lo = lf_wide_mul(&hi, a, b);
    return hi << (64 - k) | lo >> k;
}

/* a + b + ci (ci 0 or 1): returns the sum word, *co the carry (0 or 1) */
LF_WIDE_INLINE uint64_t lf_wide_addc(uint64_t *co, uint64_t a, uint64_t b, uint64_t ci)
{
#if LF_WIDE_INT128
    lf_wide_u128 t = (lf_wide_u128)a + b + ci;
    *co = (uint64_t)(t >> 64);
    return (uint64_t)t;
#else
    uint64_t s = a + b, c1 = s < a, r = s + ci;
    *co = c1 | (r < s);
    return r;
#endif
}

/* a - b - bi (bi 0 or 1): returns the difference word, *bo the borrow (0 or 1) */
LF_WIDE_INLINE uint64_t lf_wide_subb(uint64_t *bo, uint64_t a, uint64_t b, uint64_t bi)
{
#if LF_WIDE_INT128
    lf_wide_u128 t = (lf_wide_u128)a - b - bi;
    *bo = (uint64_t)(t >> 64) & 1;
    return (uint64_t)t;
#else
    uint64_t d = a - b, b1 = a < b, r = d - bi;
    *bo = b1 | (d < bi);
    return r;
#endif
}

/* a*b + c + d (any words; the sum fits 128 bits): low word, *hi high word */
LF_WIDE_INLINE uint64_t lf_wide_mul_add2(uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
#if LF_WIDE_INT128
    lf_wide_u128 t = (lf_wide_u128)a * b + c + d;
    *hi = (uint64_t)(t >> 64);
    return (uint64_t)t;
#else
    uint64_t h, k1, k2, lo = lf_wide_mul(&h, a, b);
    lo = lf_wide_addc(&k1, lo, c, 0);
    lo = lf_wide_addc(&k2, lo, d, 0);
    *hi = h + k1 + k2;
    return lo;
#endif
}

/* ---- signed 128-bit accumulator (two's complement) ---------------------- */
#if LF_WIDE_INT128
typedef lf_wide_i128 lf_wide_s128;
#else
typedef struct {
    uint64_t lo, hi;
} lf_wide_s128;
#endif

/* x = a*b (signed 64 x 64) */
LF_WIDE_INLINE lf_wide_s128 lf_wide_s128_mul(int64_t a, int64_t b)
{
#if LF_WIDE_INT128
    return (lf_wide_i128)a * b;
#else
    lf_wide_s128 r;
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    r.lo = lf_wide_mul(&r.hi, ua, ub);
    /* the unsigned product of the two's-complement words, corrected:
     * a < 0 adds 2^64 b too much to the high word, b < 0 likewise */
    r.hi -= (0 - (ua >> 63)) & ub;
    r.hi -= (0 - (ub >> 63)) & ua;
    return r;
#endif
}

/* x + a*b */
LF_WIDE_INLINE lf_wide_s128 lf_wide_s128_mac(lf_wide_s128 x, int64_t a, int64_t b)
{
#if LF_WIDE_INT128
    return x + (lf_wide_i128)a * b;
#else
    lf_wide_s128 p = lf_wide_s128_mul(a, b);
    uint64_t c;
    x.lo = lf_wide_addc(&c, x.lo, p.lo, 0);
    x.hi = x.hi + p.hi + c;
    return x;
#endif
}

/* the low 64 bits */
LF_WIDE_INLINE uint64_t lf_wide_s128_lo(lf_wide_s128 x)
{
#if LF_WIDE_INT128
    return (uint64_t)x;
#else
    return x.lo;
#endif
}

/* x >> k, arithmetic, 0 < k < 64 */
LF_WIDE_INLINE lf_wide_s128 lf_wide_s128_sar(lf_wide_s128 x, int k)
{
#if LF_WIDE_INT128
    return x >> k;
#else
    uint64_t sign = 0 - (x.hi >> 63);
    x.lo = x.lo >> k | x.hi << (64 - k);
    x.hi = x.hi >> k | sign << (64 - k);
    return x;
#endif
}

/* The 32-bit words of a little-endian array of 64-bit words (the c32 back
 * end's kernels keep the element layout: word i of the 2n is the low (even i)
 * or high (odd i) half of limb i/2).  memcpy of 4 bytes: one load or store,
 * and no aliasing question. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LF_WIDE_HALF_SWAP 1u
#else
#define LF_WIDE_HALF_SWAP 0u
#endif
LF_WIDE_INLINE uint32_t lf_wide_ld32(const uint64_t *a, unsigned i)
{
    uint32_t x;
    memcpy(&x, (const unsigned char *)a + 4 * (i ^ LF_WIDE_HALF_SWAP), 4);
    return x;
}

LF_WIDE_INLINE void lf_wide_st32(uint64_t *r, unsigned i, uint32_t x)
{
    memcpy((unsigned char *)r + 4 * (i ^ LF_WIDE_HALF_SWAP), &x, 4);
}

#endif
