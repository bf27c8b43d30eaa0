/* ABI-checker entries for the mp module's hand-written assembly kernels.
 * Compiled only when the module is built (src/mp/sources.cmake exists).
 *
 * Register a kernel with one line in LF_ABI_KERNELS_MP below (inside the
 * #if of its architecture; the symbol and its reference must be declared by
 * a header included here, e.g. the module's src/mp/native/api.h):
 *
 *     K(symbol, BACKEND, "spec", init, ref)
 *
 *   BACKEND  the lf_backend suffix the CPU must run: AVX2, AVX512, NEON, RVV...
 *            (the kernel is skipped, not failed, on a CPU without it)
 *   "spec"   one token per integer argument register, in order:
 *              o<N> output buffer, i<N> input buffer (must stay unchanged),
 *              b<N> buffer read and written, v<N> the integer N itself;
 *            N in bytes, or 64-bit words with a 'w' suffix ("o4w" = "o32");
 *            a leading "ret" compares the integer return value with ref's
 *   init     NULL (inputs are random bytes) or a function
 *            void f(lf_abi_args *a, int trial, uint64_t (*rnd)(void))
 *            that fills the 'i'/'b' buffers a->buf[k] (a->size[k] bytes)
 *            with valid inputs (e.g. coefficients in range) -- define it in
 *            this file as static
 *   ref      NULL or a C function with the same signature: outputs (and the
 *            return value) must match it
 *
 * Example:
 *     K(lf_mp_example_avx2, AVX2, "b512 i256 v64", NULL, lf_mp_example_c)
 * Run: build/tests/abi/test_abi --backend avx2 --verbose
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
