/* Internal contract between generated field files and field_template.h.
 * Not installed. */
#ifndef LF_FIELD_IMPL_H
#define LF_FIELD_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

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

#include "lf_internal.h" /* lf_backend_fast, lf_vb */

#endif
