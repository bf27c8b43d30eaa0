/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM for back end rvv: mlkem_body.h compiled with the RVV flags
 * (-march=rv64gcv, -O3: src/mlkem/sources.cmake), so the compiler
 * vectorises its coefficient loops, vector-length agnostic; SampleNTT's
 * rejection step and the FIPS <-> B order transpose are the hand-written
 * vector code of mlkem_rvv.h.  Measured (ML-KEM-768,
 * instructions under qemu at VLEN 256, bench/isa_count_mlkem.py): everything
 * but Keccak 175 000 -> 91 000 for keypair, 201 000 -> 105 000 encaps,
 * 266 000 -> 124 000 decaps against the portable body the back end ran.
 *
 * The job pool's Keccak lanes: 8 where one pass of the rvv set holds 8
 * states (VLEN >= 512: an x8 call costs what an x4 call does), else 4 (an
 * x8 call is two or four passes).  A run-time value: the pool only takes it
 * as its width (its arrays have room for 8). */
#include <riscv_vector.h>

#include "mlkem_rvv.h"
#define LF_MLKEM_REJ_VEC lf_mlkem_rej_rvv
#define LF_MLKEM_TRANSPOSE lf_mlkem_transpose_rvv

#define LF_MLKEM_LANES (__riscv_vsetvlmax_e64m1() >= 8 ? 8u : 4u)
#define LF_MLKEM_NS(name) name##_rvv
#include "mlkem/mlkem_body.h"
