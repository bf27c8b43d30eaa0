/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Every kernel list of the ABI checker.  kernels_field.h and kernels_mpgen.h
 * list the generated kernels from what CMake finds in src/<m>/generated/
 * (the mp list only when the mp module is built: LF_ABI_HAVE_MP).
 *
 * Hand-written assembly (none today: the vector kernels are C intrinsics,
 * which the compiler keeps within the calling convention) is registered in
 * tests/abi/kernels_<module>.h, which defines LF_ABI_KERNELS_HAND_<MODULE>(K)
 * inside the #if of its architecture (the symbol and its reference declared
 * by a header that file includes, e.g. the module's src/<module>/native/api.h);
 * CMake finds every such file, includes it through the generated
 * abi_hand_kernels.h (LF_ABI_KERNELS_HAND(K), the union) and adds an
 * abi_<backend> test for each back end it names.  One line per kernel:
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
 *            kernels_<module>.h as static
 *   ref      NULL or a C function with the same signature: outputs (and the
 *            return value) must match it
 *
 * Example:
 *     K(lf_ntt_example_avx2, AVX2, "b512 i256 v64", NULL, lf_ntt_example_c)
 * Run: build/tests/abi/test_abi --backend avx2 --verbose
 */
#ifndef LF_ABI_KERNELS_H
#define LF_ABI_KERNELS_H

#include "abi.h"
#include "kernels_field.h"

#if defined(LF_ABI_HAVE_MP) && LF_ABI_HAVE_MP
#include "kernels_mpgen.h"
#endif
#include "abi_hand_kernels.h" /* generated: the kernels_<module>.h files found */

#ifndef LF_ABI_KERNELS_MPGEN
#define LF_ABI_KERNELS_MPGEN(K)
#endif

#endif
