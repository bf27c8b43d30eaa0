/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp thresholds for target armv7 (ARMv7-A Thumb-2, UMAAL; src/mp/README.md).
 * LF_MP_MUL_MAX / LF_MP_SQR_MAX: generated kernels for n <= MAX limbs,
 * constant-time Karatsuba above.  LF_MP_REDC_MAX: generated Montgomery
 * reduction for n <= MAX, reduction by multiplication above.
 * 16 limbs (32 words): the 2048-bit product (32 limbs) then takes one
 * Karatsuba level over mul16 instead of two over mul8, whose 64-bit-limb C
 * glue costs more on a 32-bit CPU than the products (dynamic instructions
 * under qemu, src/mp/README.md). */
#ifndef LF_MP_PARAMS_ARMV7_H
#define LF_MP_PARAMS_ARMV7_H
#define LF_MP_MUL_MAX 16
#define LF_MP_SQR_MAX 16
#define LF_MP_REDC_MAX 16
#endif
