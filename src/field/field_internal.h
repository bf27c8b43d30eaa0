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

/* Lazy-form kernels: generated for pseudo-Mersenne fields with a full top
 * limb (gen: fields.lazy_programs; secp256k1_p), as lf_<field>_<op>_<target>
 * with op mul_lazy, sqr_lazy, add_lazy, sub_lazy, neg_lazy, normalize.  They
 * sit in the kernel table of the module that uses them, with its own kernels
 * (secp256k1: lf_secp256k1_kernels, src/secp256k1/group.h, whose comment
 * gives their contracts). */

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
