/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp thresholds for target x86_64_adx.
 * LF_MP_MUL_MAX / LF_MP_SQR_MAX: generated kernels for n <= MAX limbs,
 * constant-time Karatsuba above.  LF_MP_REDC_MAX: generated Montgomery
 * reduction for n <= MAX, reduction by multiplication above.
 * Written by `lfbench --tune mp` (then `make gen`); see src/mp/README.md.
 * Tuned on AMD Zen 5 (KVM): the kernels still win at 32 limbs, the
 * largest size generated; 32 keeps the generated code at about 2.7 MB. */
#ifndef LF_MP_PARAMS_X86_64_ADX_H
#define LF_MP_PARAMS_X86_64_ADX_H
#define LF_MP_MUL_MAX 32
#define LF_MP_SQR_MAX 32
#define LF_MP_REDC_MAX 32
#endif
