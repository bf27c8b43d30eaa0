/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end neon: mlkem_body.h compiled at -O3 for AArch64
 * (src/mlkem/sources.cmake; Advanced SIMD is baseline, so the compiler
 * vectorises the coefficient loops for it as in the portable build);
 * SampleNTT's rejection step and the ciphertext encodings are the
 * hand-written vector code of mlkem_neon.h. */
#include "mlkem_neon.h"
#define LF_MLKEM_REJ_VEC lf_mlkem_rej_neon
#define LF_MLKEM_PACK_VEC lf_mlkem_pack_neon
#define LF_MLKEM_DECOMPRESS_VEC lf_mlkem_decompress_neon
#define LF_MLKEM_NS(name) name##_neon
#include "mlkem/mlkem_body.h"
