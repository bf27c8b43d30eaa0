/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker entries for the generated mp kernels (src/mp/generated/<target>/
 * mp_mul.S, mp_sqr.S, mp_redc.S): every .globl symbol, compared with the C
 * kernel of the same size where the C target has one.  The list,
 * LF_ABI_KERNELS_MPGEN, is written by tests/abi/CMakeLists.txt
 * (abi_mpgen_kernels.h in the build directory); nothing to edit here when
 * sizes or targets change.  Contracts (src/mp/mp_internal.h):
 *   mul[n](r[2n], a[n], b[n]), sqr[n](r[2n], a[n]): any inputs;
 *   redc[n](r[n], x[2n], m[n+1]): m odd, m[n] = -m^-1 mod 2^64, x < m 2^(64n).
 */
#ifndef LF_ABI_KERNELS_MPGEN_H
#define LF_ABI_KERNELS_MPGEN_H

#include <string.h>

#include "abi.h"
#include "abi_mpgen_kernels.h"

#define LF_ABI_MPGEN_DECL(sym) extern void sym(void);
LF_ABI_MPGEN_DECLS(LF_ABI_MPGEN_DECL)

/* Input words by trial: random, all ones (longest carry chains), zero. */
static __attribute__((unused)) void lf_abi_init_mp_edge(lf_abi_args *a, int trial, uint64_t (*rnd)(void))
{
    for (int k = 0; k < a->n; k++) {
        if (a->kind[k] != 'i' && a->kind[k] != 'b') continue;
        uint64_t *w = (uint64_t *)(void *)a->buf[k];
        for (size_t j = 0; j < a->size[k] / 8; j++)
            w[j] = trial % 3 == 1 ? ~(uint64_t)0 : trial % 3 == 2 ? 0 : rnd();
    }
}

/* redc: m odd with a nonzero top word (all ones on trial 1), m[n] = -m^-1
 * mod 2^64, x < m 2^(64n) (its top word below m's). */
static __attribute__((unused)) void lf_abi_init_mp_redc(lf_abi_args *a, int trial, uint64_t (*rnd)(void))
{
    size_t n = a->size[0] / 8;
    uint64_t *x = (uint64_t *)(void *)a->buf[1], *m = (uint64_t *)(void *)a->buf[2];
    for (size_t j = 0; j < n; j++) m[j] = trial % 2 ? ~(uint64_t)0 : rnd();
    if (m[n - 1] < 2) m[n - 1] = 2;
    m[0] |= 1;
    uint64_t inv = m[0]; /* Newton: inv = m0^-1 mod 2^64 (3 -> 6 -> ... 96 bits) */
    for (int i = 0; i < 5; i++) inv *= 2 - m[0] * inv;
    m[n] = (uint64_t)0 - inv;
    for (size_t j = 0; j < 2 * n; j++) x[j] = trial % 2 ? ~(uint64_t)0 : rnd();
    x[2 * n - 1] = m[n - 1] - 1 - (trial % 2 ? 0 : x[2 * n - 1] % m[n - 1]);
}

#endif
