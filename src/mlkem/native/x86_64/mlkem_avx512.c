/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end avx512: mlkem_body.h compiled with the AVX-512 (F, BW, DQ, VL) flags
 * (src/mlkem/sources.cmake), so the compiler vectorises its coefficient
 * loops for AVX-512 (F, BW, DQ, VL).  Plain C: no hand-written vector code, no ABI of its own. */
#define LF_MLKEM_NS(name) name##_avx512
#include "mlkem/mlkem_body.h"
