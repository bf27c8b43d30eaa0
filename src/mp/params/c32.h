/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp thresholds for target c32 (32-bit words: i686, ARMv7; src/mp/README.md).
 * LF_MP_MUL_MAX / LF_MP_SQR_MAX: generated kernels for n <= MAX limbs,
 * constant-time Karatsuba above.  LF_MP_REDC_MAX: generated Montgomery
 * reduction for n <= MAX, reduction by multiplication above.
 * Not tuned (lfbench does not run on these targets yet): 8 limbs (16 words)
 * by hand, so the unrolled C stays near the size of target c's. */
#ifndef LF_MP_PARAMS_C32_H
#define LF_MP_PARAMS_C32_H
#define LF_MP_MUL_MAX 8
#define LF_MP_SQR_MAX 8
#define LF_MP_REDC_MAX 8
#endif
