/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end avx512: mlkem_body.h compiled with the AVX-512 (F, BW, DQ, VL) flags
 * (src/mlkem/sources.cmake), so the compiler vectorises its coefficient
 * loops for AVX-512 (F, BW, DQ, VL); SampleNTT's rejection step, the
 * transpose between FIPS and B order, the x8 block extraction and the
 * ciphertext encodings are the hand-written vector code of mlkem_avx512.h. */
#include "mlkem_avx512.h"
#define LF_MLKEM_REJ_VEC lf_mlkem_rej_avx512
#define LF_MLKEM_TRANSPOSE lf_mlkem_transpose_avx512
#define LF_MLKEM_EXTRACT8 lf_mlkem_extract8_avx512
#define LF_MLKEM_PACK_VEC lf_mlkem_pack_avx512
#define LF_MLKEM_DECOMPRESS_VEC lf_mlkem_decompress_avx512
#define LF_MLKEM_EXTRACT8_MIN 4 /* lanes to store; fewer: the scalar copy (measured) */
#define LF_MLKEM_LANES 8 /* an x8 call costs what an x4 or one state does */
#define LF_MLKEM_NS(name) name##_avx512
#include "mlkem/mlkem_body.h"
