/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker entries for the mp module's hand-written assembly kernels.
 * Compiled only when the module is built (src/mp/sources.cmake exists).
 *
 * One line per kernel in LF_ABI_KERNELS_MP below; the entry format is
 * documented in kernels.h.
 */
#ifndef LF_ABI_KERNELS_MP_H
#define LF_ABI_KERNELS_MP_H

#include "abi.h"

#if defined(__x86_64__)
/* #define LF_ABI_KERNELS_MP(K) \
 *     K(...) \
 *     K(...) */
#elif defined(__aarch64__)
#elif defined(__riscv) && __riscv_xlen == 64
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#endif

#endif
