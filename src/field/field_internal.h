/* Internal contract of the field module: the kernel-table type shared by the
 * generated per-field files, field_template.h and library code that calls
 * field kernels directly (src/field/generated/<field>_internal.h), and
 * inline C helpers on raw limb arrays.  Not installed. */
#ifndef LF_FIELD_INTERNAL_H
#define LF_FIELD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"
#include "lf_internal.h" /* lf_backend_fast, lf_vb, lf_dispatch_info */

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

/* Modular add, sub and neg in C on n limbs (n a compile-time constant at the
 * call site, so the loops unroll): the same contract as the kernels (inputs
 * < p, output < p, r may alias a and/or b, constant time).  Library code
 * inlines them where that beats a call to the kernel (README.md). */
__extension__ typedef unsigned __int128 lf_fe_u128;

static inline void lf_fe_add(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *p,
                             int n)
{
    uint64_t s[16], t[16], c = 0, br = 0;
    for (int i = 0; i < n; i++) {
        lf_fe_u128 x = (lf_fe_u128)a[i] + b[i] + c;
        s[i] = (uint64_t)x;
        c = (uint64_t)(x >> 64);
    }
    for (int i = 0; i < n; i++) {
        lf_fe_u128 y = (lf_fe_u128)s[i] - p[i] - br;
        t[i] = (uint64_t)y;
        br = (uint64_t)(y >> 64) & 1;
    }
    /* a + b < 2p: the sum minus p is the answer unless it went negative,
     * i.e. unless it borrowed past the sum's carry word (br = 1, c = 0). */
    uint64_t keep = lf_vb(0 - (br & ~c));
    for (int i = 0; i < n; i++) r[i] = (s[i] & keep) | (t[i] & ~keep);
}

static inline void lf_fe_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *p,
                             int n)
{
    uint64_t d[16], br = 0, c = 0;
    for (int i = 0; i < n; i++) {
        lf_fe_u128 y = (lf_fe_u128)a[i] - b[i] - br;
        d[i] = (uint64_t)y;
        br = (uint64_t)(y >> 64) & 1;
    }
    uint64_t m = lf_vb(0 - br); /* a < b: add p back */
    for (int i = 0; i < n; i++) {
        lf_fe_u128 x = (lf_fe_u128)d[i] + (p[i] & m) + c;
        r[i] = (uint64_t)x;
        c = (uint64_t)(x >> 64);
    }
}

static inline void lf_fe_neg(uint64_t *r, const uint64_t *a, const uint64_t *p, int n)
{
    uint64_t acc = 0, br = 0;
    for (int i = 0; i < n; i++) acc |= a[i];
    uint64_t nz = lf_vb(0 - ((acc | (0 - acc)) >> 63)); /* a != 0 */
    for (int i = 0; i < n; i++) {
        lf_fe_u128 y = (lf_fe_u128)p[i] - a[i] - br;
        br = (uint64_t)(y >> 64) & 1;
        r[i] = (uint64_t)y & nz;
    }
}

#endif
