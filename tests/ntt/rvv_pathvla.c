/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The RVV NTT kernels with the vector-length-agnostic path forced
 * (test_ntt_rvv_paths.c). */
#define LF_NTT_RVV_STRIP 0
#define lf_ntt_kernels_rvv lf_ntt_kernels_rvv_pvla
#include "ntt/native/rv64/ntt_rvv.c"
