/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Arm Advanced SIMD (NEON) for both execution states: <arm_neon.h>, plus
 * the few A64-only intrinsics the shared kernels use, written for AArch32
 * (ARMv7-A NEON, back end armv7neon) from intrinsics that exist there.
 *
 * The kernels under src/<module>/native/aarch64/ are one source for AArch64
 * (back end neon) and AArch32 (armv7neon): they are written with the A64
 * names, and on AArch64 this header adds nothing.  ACLE reserves these
 * names for A64 and neither GCC's nor Clang's AArch32 <arm_neon.h> defines
 * them, so defining them here clashes with nothing.  Each shim computes
 * exactly the A64 instruction's result:
 *   vtrn1q / vtrn2q (16-, 32-bit lanes)  VTRN (both halves in one instruction)
 *   vtrn1q / vtrn2q (64-bit lanes)       the D halves recombined (register moves)
 *   vminvq_u16                           VMIN of the halves, then two VPMIN
 *   vqtbl1q_u8                           two VTBL on the D halves (indices < 16)
 *   vld2q_u64                            two byte loads (no alignment needed),
 *                                        the D halves recombined
 *   vmlal_laneq_u32, vmull_laneq_u32     VMLAL / VMULL by scalar from the D half that
 *                                        holds the lane (a macro: the lane is a
 *                                        constant; on AArch32 the scalar's
 *                                        register must be D0..D15, which the
 *                                        compiler's constraint takes care of)
 * On AArch32 the files need an FPU with NEON (-mfpu=neon, cmake/native.cmake
 * LF_ISA_FLAGS_armv7neon); without it the build compiles none of them.
 * No shim branches or indexes on data (the table lookup's indices are the
 * kernel's constants). */
#ifndef LF_NEON_H
#define LF_NEON_H

#include <arm_neon.h>

#if !defined(__aarch64__)
#if !defined(__ARM_NEON)
#error "lf_neon.h: AArch32 NEON code needs an FPU with Advanced SIMD (-mfpu=neon)"
#endif

#define LF_NEON_SHIM static inline __attribute__((always_inline, unused))

/* trn1/trn2: VTRN gives both at once */
#define LF_NEON_TRN(q, t)                                                                          \
    LF_NEON_SHIM t##x4_t vtrn1##q(t##x4_t a, t##x4_t b) { return vtrn##q(a, b).val[0]; }          \
    LF_NEON_SHIM t##x4_t vtrn2##q(t##x4_t a, t##x4_t b) { return vtrn##q(a, b).val[1]; }
LF_NEON_TRN(q_u32, uint32)
LF_NEON_TRN(q_s32, int32)
#undef LF_NEON_TRN
LF_NEON_SHIM int16x8_t vtrn1q_s16(int16x8_t a, int16x8_t b) { return vtrnq_s16(a, b).val[0]; }
LF_NEON_SHIM int16x8_t vtrn2q_s16(int16x8_t a, int16x8_t b) { return vtrnq_s16(a, b).val[1]; }

/* 64-bit lanes: (a.lo, b.lo) and (a.hi, b.hi) */
#define LF_NEON_TRN64(s, t)                                                                        \
    LF_NEON_SHIM t##x2_t vtrn1q_##s(t##x2_t a, t##x2_t b)                                          \
    {                                                                                              \
        return vcombine_##s(vget_low_##s(a), vget_low_##s(b));                                     \
    }                                                                                              \
    LF_NEON_SHIM t##x2_t vtrn2q_##s(t##x2_t a, t##x2_t b)                                          \
    {                                                                                              \
        return vcombine_##s(vget_high_##s(a), vget_high_##s(b));                                   \
    }
LF_NEON_TRN64(u64, uint64)
LF_NEON_TRN64(s64, int64)
#undef LF_NEON_TRN64

/* the smallest of the 8 lanes */
LF_NEON_SHIM uint16_t vminvq_u16(uint16x8_t a)
{
    uint16x4_t m = vmin_u16(vget_low_u16(a), vget_high_u16(a));
    m = vpmin_u16(m, m);
    m = vpmin_u16(m, m);
    return vget_lane_u16(m, 0);
}

/* byte lookup in one 16-byte table (the kernels' indices are all < 16) */
LF_NEON_SHIM uint8x16_t vqtbl1q_u8(uint8x16_t t, uint8x16_t idx)
{
    uint8x8x2_t tt = {{vget_low_u8(t), vget_high_u8(t)}};
    return vcombine_u8(vtbl2_u8(tt, vget_low_u8(idx)), vtbl2_u8(tt, vget_high_u8(idx)));
}

/* two 16-byte records {w0, w1} at p: val[0] = their w0, val[1] = their w1;
 * byte loads, so p needs no alignment (VLD1.8 never faults on it) */
LF_NEON_SHIM uint64x2x2_t vld2q_u64(const uint64_t *p)
{
    const uint8_t *b = (const uint8_t *)(const void *)p;
    uint64x2_t x = vreinterpretq_u64_u8(vld1q_u8(b)), y = vreinterpretq_u64_u8(vld1q_u8(b + 16));
    uint64x2x2_t r = {{vtrn1q_u64(x, y), vtrn2q_u64(x, y)}};
    return r;
}

/* acc + x * v[lane] and x * v[lane] (lane a constant 0..3) */
#define LF_NEON_HALF_U32(v, lane) ((lane) < 2 ? vget_low_u32(v) : vget_high_u32(v))
#define vmlal_laneq_u32(acc, x, v, lane)                                                           \
    vmlal_lane_u32((acc), (x), LF_NEON_HALF_U32(v, lane), (lane) & 1)
#define vmull_laneq_u32(x, v, lane) vmull_lane_u32((x), LF_NEON_HALF_U32(v, lane), (lane) & 1)

#undef LF_NEON_SHIM
#endif /* !__aarch64__ */

#endif
