/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Multi-scalar multiplication on secp256k1, VARIABLE TIME (public inputs
 * only): r = g*G + sum_i s_i P_i.  Internal (not installed); the public
 * entry points are lf_secp256k1_msm (msm.c) and the batch verifier
 * (batch.c).  Methods, window choice and measurements: msm.c and
 * src/secp256k1/README.md. */
#ifndef LF_SECP256K1_MSM_H
#define LF_SECP256K1_MSM_H

#include "secp256k1/ecmult.h"

/* Bytes of workspace lf_msm_var needs for n inputs (SIZE_MAX on overflow).
 * The workspace must be aligned to LF_MSM_ALIGN. */
#define LF_MSM_ALIGN 64
LF_HIDDEN size_t lf_msm_ws_size(size_t n);

/* r = g*G + sum_{i<n} s[i]*p[i]; g may be NULL (zero); p[i] may be
 * infinity, s[i] zero.  ws: lf_msm_ws_size(n) bytes, aligned. */
LF_HIDDEN void lf_msm_var(lf_fe_k *k, lf_gej *r, void *ws, const lf_ge *p, const lf_sc *s, size_t n,
                          const lf_sc *g);

/* Round p up to LF_MSM_ALIGN (for the public wrappers' scratch). */
static inline void *lf_msm_align(void *p)
{
    uintptr_t u = (uintptr_t)p;
    return (void *)((u + (LF_MSM_ALIGN - 1)) & ~(uintptr_t)(LF_MSM_ALIGN - 1));
}

#endif
