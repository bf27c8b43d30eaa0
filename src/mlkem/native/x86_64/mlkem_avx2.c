/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end avx2: mlkem_body.h compiled with the AVX2 flags
 * (src/mlkem/sources.cmake), so the compiler vectorises its coefficient
 * loops for AVX2; SampleNTT's rejection step, the transpose between FIPS
 * and B order and the ciphertext encodings are the hand-written vector
 * code of mlkem_avx2.h. */
#include "mlkem_avx2.h"
#define LF_MLKEM_REJ_VEC lf_mlkem_rej_avx2
#define LF_MLKEM_TRANSPOSE lf_mlkem_transpose_avx2
#define LF_MLKEM_PACK_VEC lf_mlkem_pack_avx2
#define LF_MLKEM_DECOMPRESS_VEC lf_mlkem_decompress_avx2
#define LF_MLKEM_NS(name) name##_avx2
#include "mlkem/mlkem_body.h"
