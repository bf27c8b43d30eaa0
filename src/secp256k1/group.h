/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The secp256k1 group y^2 = x^3 + 7 over GF(p), p = 2^256 - 2^32 - 977.
 * Internal (not installed).
 *
 * Field elements (lf_fe) are the public lf_secp256k1_p_t type (4 little-
 * endian limbs) holding LAZY values: any value < 2^256 congruent to the
 * element, so p + a is a valid form of a.  The lazy-form kernels of
 * secp256k1_p (lf_secp256k1_kernels below) take and
 * give lazy values and never compare with p; measured against the
 * fully-reducing kernels they save 8-10% of verify, ECDH and key
 * creation (src/secp256k1/README.md).  Every function takes the kernel
 * table k of the back end in use (lf_fe_k_get(), fetched once per
 * top-level call) and calls the kernels directly.  Canonical values (< p)
 * are needed only for bytes, parity and the public field functions
 * (inversion, square root): lf_fe_normalize gives them, and the affine
 * results of lf_ge_set_gej / lf_ge_set_gej_var / lf_ge_set_xo_var are
 * canonical.  Comparisons use lf_fe_is_zero_ct / lf_fe_equal, which accept
 * lazy values.
 *
 * Points:
 *   lf_ge   affine (x, y), or the point at infinity when inf = 1 (x, y are
 *           then 0 for the constant-time functions, unspecified otherwise);
 *   lf_gej  Jacobian (X, Y, Z) = (X/Z^2, Y/Z^3); inf = 1 for infinity.  The
 *           constant-time functions keep inf == (Z = 0 mod p: the lazy Z is
 *           0 or p, lf_fe_is_zero_ct); the _var ones set
 *           inf and may leave the coordinates unspecified;
 *   lf_ge_st  a table entry: affine x, y, never infinity (64 bytes).
 *
 * Contracts: outputs may alias inputs exactly unless stated; functions not
 * ending in _var are constant time in the coordinates and flags (branch- and
 * index-free); _var functions take public points only.  inf flags are 0/1.
 */
#ifndef LF_SECP256K1_GROUP_H
#define LF_SECP256K1_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "field/generated/secp256k1_p_internal.h"

/* The kernels of the group code, one table per back end
 * (lf_secp256k1_kernel_table, src/secp256k1/generated/group_api.c).  First
 * secp256k1_p's lazy-form kernels (src/field/field_internal.h), p = 2^(64N)
 * - c.  A lazy value is any N-limb value (< 2^(64N)) congruent to the element: mul/sqr skip the final conditional
 * subtraction and add/sub/neg fold their carry back as 2^(64N) = c mod p, so
 * a chain of field operations never compares with p; normalize gives the
 * canonical value (< p) where one is needed (bytes, parity, comparisons,
 * inversion).  Canonical values are lazy values.  r may alias a and/or b;
 * constant time.
 * Then the point kernels (src/secp256k1/generated/<target>/point.*). */
typedef struct {
    lf_kernel3 mul;       /* r = a*b mod p  (lazy in, lazy out)       */
    lf_kernel2 sqr;       /* r = a^2 mod p                            */
    lf_kernel3 add;       /* r = a+b mod p                            */
    lf_kernel3 sub;       /* r = a-b mod p                            */
    lf_kernel2 neg;       /* r = -a mod p                             */
    lf_kernel2 normalize; /* r = a mod p, canonical (< p)             */
    lf_kernel2 jdbl;      /* r = 2a, a = (X, Y, Z) Jacobian on a curve
                           * y^2 = x^3 + b (3N words each): one fused
                           * kernel, Z3 = 2YZ (gen: algos_point.jdbl_program) */
    /* r = a + b, a = (X, Y, Z) Jacobian (3N words), one fused kernel each
     * (gen: algos_point.jadd_program, whose comment has the formulas); r may
     * alias a, not b: */
    lf_kernel3 jadd;      /* b = (x, y) affine (2N words); a = +-b gives
                           * Z3 = 0 mod p with X3 = 0 mod p iff a = b     */
    lf_kernel3 jaddz;     /* b = (x, y, zi) (3N words): (x, y) affine on the
                           * curve isomorphic by zi; a = +-b as jadd      */
    lf_kernel3 jaddc;     /* b = (x, y) affine: unified, exact for every
                           * pair but a = infinity (the caller's)         */
} lf_secp256k1_kernels;

extern LF_HIDDEN const lf_secp256k1_kernels lf_secp256k1_kernel_table[LF_DISPATCH_SLOTS];
/* which back ends have kernels of their own (lf_internal.h) */
extern LF_HIDDEN const lf_dispatch_info lf_secp256k1_dispatch;

typedef lf_secp256k1_p_t lf_fe;
typedef const lf_secp256k1_kernels lf_fe_k;

/* The kernels of the back end in use. */
static inline lf_fe_k *lf_fe_k_get(void) { return &lf_secp256k1_kernel_table[lf_dispatch_slot()]; }

typedef struct {
    lf_fe x, y;
    int inf;
} lf_ge;
/* x, y are one array of 8 limbs for the fused additions (k->jadd, jaddc) */
_Static_assert(offsetof(lf_ge, y) == sizeof(lf_fe), "lf_ge coordinates must be contiguous");

typedef struct {
    lf_fe x, y, z;
    int inf;
} lf_gej;
/* x, y, z are one array of 12 limbs for the fused kernels (k->jdbl) */
_Static_assert(offsetof(lf_gej, y) == sizeof(lf_fe) && offsetof(lf_gej, z) == 2 * sizeof(lf_fe),
               "lf_gej coordinates must be contiguous");

typedef struct {
    lf_fe x, y;
} lf_ge_st;

/* --- field helpers: one kernel call each --------------------------------- */
static inline void lf_fe_mul(lf_fe_k *k, lf_fe *r, const lf_fe *a, const lf_fe *b)
{
    k->mul(r->v, a->v, b->v);
}
static inline void lf_fe_sqr(lf_fe_k *k, lf_fe *r, const lf_fe *a) { k->sqr(r->v, a->v); }
static inline void lf_fe_add(lf_fe_k *k, lf_fe *r, const lf_fe *a, const lf_fe *b)
{
    k->add(r->v, a->v, b->v);
}
static inline void lf_fe_sub(lf_fe_k *k, lf_fe *r, const lf_fe *a, const lf_fe *b)
{
    k->sub(r->v, a->v, b->v);
}
static inline void lf_fe_neg(lf_fe_k *k, lf_fe *r, const lf_fe *a) { k->neg(r->v, a->v); }

static inline void lf_fe_normalize(lf_fe_k *k, lf_fe *r, const lf_fe *a)
{
    k->normalize(r->v, a->v);
}

/* 1 if a = 0 mod p, i.e. a lazy value 0 or p (constant time). */
static inline uint64_t lf_fe_is_zero_ct(const lf_fe *a)
{
    uint64_t z = a->v[0] | a->v[1] | a->v[2] | a->v[3];
    uint64_t zp = (a->v[0] ^ UINT64_C(0xfffffffefffffc2f)) | ~(a->v[1] & a->v[2] & a->v[3]);
    return (1 ^ ((z | (0 - z)) >> 63)) | (1 ^ ((zp | (0 - zp)) >> 63));
}
/* 1 if a = b mod p (lazy values; constant time). */
static inline int lf_fe_equal(lf_fe_k *k, const lf_fe *a, const lf_fe *b)
{
    lf_fe d;
    lf_fe_sub(k, &d, a, b);
    return (int)lf_fe_is_zero_ct(&d);
}
/* r = a if mask = all ones, unchanged if 0 (mask from lf_vb). */
static inline void lf_fe_cmov_mask(lf_fe *r, const lf_fe *a, uint64_t mask)
{
    for (int i = 0; i < 4; i++) r->v[i] = (r->v[i] & ~mask) | (a->v[i] & mask);
}
/* 32 bytes big-endian <-> field element; set_b32 returns 0 (r = 0) if the
 * value is >= p, else 1 (r canonical); get_b32 needs a canonical a. */
LF_HIDDEN int lf_fe_set_b32(lf_fe *r, const unsigned char *b32);
LF_HIDDEN void lf_fe_get_b32(unsigned char *b32, const lf_fe *a);
/* 1 if a is odd, else 0; a canonical. */
static inline int lf_fe_is_odd(const lf_fe *a) { return (int)(a->v[0] & 1); }

/* beta: a primitive cube root of unity mod p, (x, y) -> (beta x, y) is the
 * endomorphism multiplying by lf_sc_lambda (secp256k1/scalar.h). */
extern LF_HIDDEN const lf_fe lf_fe_beta;
/* 7, the curve constant b */
extern LF_HIDDEN const lf_fe lf_fe_seven;
/* the generator */
extern LF_HIDDEN const lf_ge lf_ge_g;

/* --- points --------------------------------------------------------------- */
LF_HIDDEN void lf_gej_set_infinity(lf_gej *r);
LF_HIDDEN void lf_gej_set_ge(lf_gej *r, const lf_ge *a);
LF_HIDDEN void lf_ge_from_st(lf_ge *r, const lf_ge_st *a);
LF_HIDDEN void lf_ge_neg(lf_fe_k *k, lf_ge *r, const lf_ge *a);
LF_HIDDEN void lf_gej_neg(lf_fe_k *k, lf_gej *r, const lf_gej *a);
/* r = (beta x, y) = lambda * a */
LF_HIDDEN void lf_ge_mul_lambda(lf_fe_k *k, lf_ge *r, const lf_ge *a);

/* r = 2a (any a, infinity included); constant time.  One fused kernel
 * (k->jdbl: 3 mul + 4 sqr + 10 add/sub, lazy form). */
LF_HIDDEN void lf_gej_double(lf_fe_k *k, lf_gej *r, const lf_gej *a);

/* r = a + b, b affine and NOT infinity, a anything (infinity, b, -b,
 * lambda*b, ...): no exceptional case.  Constant time.  One fused kernel
 * (k->jaddc: 7 mul + 5 sqr, lazy form).  r may alias a. */
LF_HIDDEN void lf_gej_add_ge(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b);

/* r = a + b, variable time, any inputs.  If rzr != NULL (then a must not
 * be infinity and r = a + b must not double), *rzr = r.z / a.z.  Without
 * rzr one fused kernel (k->jadd: 8 mul + 3 sqr), with it field kernel
 * calls.  r may alias a. */
LF_HIDDEN void lf_gej_add_ge_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b, lf_fe *rzr);
/* r = a + b, both Jacobian, variable time, any inputs. */
LF_HIDDEN void lf_gej_add_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_gej *b);
/* r = a + b * (1/bzinv): b affine scaled onto a's isomorphic curve (the
 * effective-affine trick of verification), variable time.  One fused
 * kernel (k->jaddz: 9 mul + 3 sqr).  r may alias a. */
LF_HIDDEN void lf_gej_add_zinv_var(lf_fe_k *k, lf_gej *r, const lf_gej *a, const lf_ge *b,
                                   const lf_fe *bzinv);

/* Affine from Jacobian: constant time (safegcd inversion) / variable time. */
LF_HIDDEN void lf_ge_set_gej(lf_fe_k *k, lf_ge *r, const lf_gej *a);
LF_HIDDEN void lf_ge_set_gej_var(lf_fe_k *k, lf_ge *r, const lf_gej *a);

/* a square root of a (lazy) and 1, or 0 if a is not a square; constant
 * time (the verdict aside).  A fixed addition chain (group.c). */
LF_HIDDEN int lf_fe_sqrt(lf_fe_k *k, lf_fe *r, const lf_fe *a);
/* The same on m <= LF_FE_SQRT_LANES values at once (interleaved: faster
 * than m calls); returns the mask of the squares (bit j for a[j]). */
#define LF_FE_SQRT_LANES 4
LF_HIDDEN unsigned lf_fe_sqrt_multi(lf_fe_k *k, lf_fe *r, const lf_fe *a, size_t m);

/* 1 if a (not infinity) is on the curve, variable time. */
LF_HIDDEN int lf_ge_is_valid_var(lf_fe_k *k, const lf_ge *a);
/* r = the point with this x and y of the given parity (odd = 0/1): returns
 * 1, or 0 (r = infinity) if x^3 + 7 is not a square.  Variable time. */
LF_HIDDEN int lf_ge_set_xo_var(lf_fe_k *k, lf_ge *r, const lf_fe *x, int odd);
/* 1 if a == b (both may be infinity), Jacobian vs affine, variable time. */
LF_HIDDEN int lf_gej_eq_ge_var(lf_fe_k *k, const lf_gej *a, const lf_ge *b);

#endif
