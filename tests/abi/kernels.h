/* Every kernel list of the ABI checker.  One header per module,
 * tests/abi/kernels_<module>.h, each defining LF_ABI_KERNELS_<MODULE>(K);
 * CMake defines LF_ABI_HAVE_<MODULE> when the module is built (its
 * src/<module>/sources.cmake exists).  kernels_field.h and kernels_mpgen.h
 * list the generated kernels from what CMake finds in src/<m>/generated/. */
#ifndef LF_ABI_KERNELS_H
#define LF_ABI_KERNELS_H

#include "abi.h"
#include "kernels_field.h"

#if defined(LF_ABI_HAVE_MP) && LF_ABI_HAVE_MP
#include "kernels_mp.h"
#include "kernels_mpgen.h"
#endif
#if defined(LF_ABI_HAVE_POLY1305) && LF_ABI_HAVE_POLY1305
#include "kernels_poly1305.h"
#endif
#if defined(LF_ABI_HAVE_NTT) && LF_ABI_HAVE_NTT
#include "kernels_ntt.h"
#endif

#ifndef LF_ABI_KERNELS_MP
#define LF_ABI_KERNELS_MP(K)
#endif
#ifndef LF_ABI_KERNELS_MPGEN
#define LF_ABI_KERNELS_MPGEN(K)
#endif
#ifndef LF_ABI_KERNELS_POLY1305
#define LF_ABI_KERNELS_POLY1305(K)
#endif
#ifndef LF_ABI_KERNELS_NTT
#define LF_ABI_KERNELS_NTT(K)
#endif

#endif
