/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The RVV NTT kernels with the 64-lane path forced (test_ntt_rvv_paths.c). */
#define LF_NTT_RVV_STRIP 64
#define lf_ntt_kernels_rvv lf_ntt_kernels_rvv_p64
#include "ntt/native/rv64/ntt_rvv.c"
