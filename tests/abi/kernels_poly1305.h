/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker entries for the poly1305 module's hand-written assembly kernels.
 * Compiled only when the module is built (src/poly1305/sources.cmake exists).
 *
 * One line per kernel in LF_ABI_KERNELS_POLY1305 below; the entry format is
 * documented in kernels.h.
 */
#ifndef LF_ABI_KERNELS_POLY1305_H
#define LF_ABI_KERNELS_POLY1305_H

#include "abi.h"

#if defined(__x86_64__)
/* #define LF_ABI_KERNELS_POLY1305(K) \
 *     K(...) \
 *     K(...) */
#elif defined(__aarch64__)
#elif defined(__riscv) && __riscv_xlen == 64
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#endif

#endif
