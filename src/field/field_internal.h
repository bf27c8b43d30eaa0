/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the field module: the kernel-table type shared by the
 * generated per-field files, field_template.h and library code that calls
 * field kernels directly (src/field/generated/<field>_internal.h).
 * Not installed.
 *
 * Library code calls the kernels (even add/sub/neg) rather than C inlined in
 * place: measured with lfbench --suite dispatch (a chain of 1000 dependent
 * secp256k1_p adds, x86_64_adx), a generic inline C add compiled by gcc 12 to
 * spill-laden code took 6.1-6.4 us (unsigned __int128 or overflow builtins)
 * against 2.3 us through the kernel table. */
#ifndef LF_FIELD_INTERNAL_H
#define LF_FIELD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"
#include "lf_internal.h" /* lf_dispatch_slot, lf_vb, lf_dispatch_info */

/* Raw kernels on little-endian 64-bit limb arrays of the field's length N.
 * All of them: inputs fully reduced (< p) in internal form, output fully
 * reduced (< p); r may alias a and/or b; constant time. */
typedef void (*lf_kernel3)(uint64_t *r, const uint64_t *a, const uint64_t *b);
typedef void (*lf_kernel2)(uint64_t *r, const uint64_t *a);

typedef struct {
    lf_kernel3 mul;           /* r = a*b (Montgomery: a*b/R)            */
    lf_kernel2 sqr;           /* r = a^2 (Montgomery: a^2/R)            */
    lf_kernel3 add;           /* r = a+b mod p                          */
    lf_kernel3 sub;           /* r = a-b mod p                          */
    lf_kernel2 neg;           /* r = -a mod p                           */
    lf_kernel2 to_internal;   /* canonical a < p -> internal (a*R mod p) */
    lf_kernel2 from_internal; /* internal -> canonical                  */
} lf_field_kernels;

/* Lazy-form kernels, generated for pseudo-Mersenne fields with a full top
 * limb, p = 2^(64N) - c (secp256k1_p).  A lazy value is any N-limb value
 * (< 2^(64N)) congruent to the element: mul/sqr skip the final conditional
 * subtraction and add/sub/neg fold their carry back as 2^(64N) = c mod p, so
 * a chain of field operations never compares with p; normalize gives the
 * canonical value (< p) where one is needed (bytes, parity, comparisons,
 * inversion).  Canonical values are lazy values.  r may alias a and/or b;
 * constant time. */
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
} lf_field_lazy_kernels;

/* Lane kernels (radix 2^52, 8 elements at a time; src/field/README.md,
 * "Vector arithmetic"; gen: algos_lanes.py, whose comments give each one's
 * contract).  v*8 take and give 8 consecutive elements (8 N words); x8_* the
 * lane form (L x 8 words, lane-major, every limb < 2^52, value < p); vmacl8
 * adds sums of products into a lane-form accumulator.  A back end without a vector path has
 * every entry NULL (field_vec.h then loops over the scalar kernels).
 * Constant time. */
typedef void (*lf_vkernel3)(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t nb);
typedef void (*lf_vkernel2)(uint64_t *r, const uint64_t *a, size_t nb);
typedef struct {
    /* over nb >= 1 blocks of 8 elements */
    lf_vkernel3 vmul8;
    lf_vkernel2 vsqr8;
    lf_vkernel3 vadd8;
    lf_vkernel3 vsub8;
    lf_vkernel3 vmuls8; /* (r, a, c, nb): c one element (see field_vec.h) */
    /* (acc, acc_in, a, b, nb): acc = acc_in + sum of a b / 2^(64N+52) mod
     * p over nb blocks, 1 <= nb <= LF_LANE_MAC_NB; lane form (acc and
     * acc_in the same array or disjoint) */
    void (*vmacl8)(uint64_t *acc, const uint64_t *acc_in, const uint64_t *a, const uint64_t *b,
                   size_t nb);
    lf_kernel2 x8_load;
    lf_kernel2 x8_store;
    lf_kernel3 x8_mul;
    lf_kernel2 x8_sqr;
    lf_kernel3 x8_add;
    lf_kernel3 x8_sub;
} lf_field_vec_kernels;

#endif
