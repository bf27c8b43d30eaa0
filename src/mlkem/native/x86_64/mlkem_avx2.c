/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end avx2: mlkem_body.h compiled with the AVX2 flags
 * (src/mlkem/sources.cmake), so the compiler vectorises its coefficient
 * loops for AVX2.  Plain C: no hand-written vector code, no ABI of its own. */
#define LF_MLKEM_NS(name) name##_avx2
#include "mlkem/mlkem_body.h"
