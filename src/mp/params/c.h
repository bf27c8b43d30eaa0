/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp thresholds for target c.
 * LF_MP_MUL_MAX / LF_MP_SQR_MAX: generated kernels for n <= MAX limbs,
 * constant-time Karatsuba above.  LF_MP_REDC_MAX: generated Montgomery
 * reduction for n <= MAX, reduction by multiplication above.
 * Written by `lfbench --tune mp` (then `make gen`); see src/mp/README.md.
 * The tuner found the kernels winning up to the generated maximum; capped
 * at 16 by hand to keep the generated code small (fallback back end). */
#ifndef LF_MP_PARAMS_C_H
#define LF_MP_PARAMS_C_H
#define LF_MP_MUL_MAX 16
#define LF_MP_SQR_MAX 16
#define LF_MP_REDC_MAX 16
#endif
