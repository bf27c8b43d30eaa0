/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Advanced SIMD kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h).  One source for AArch64 (back end neon) and
 * AArch32 (back end armv7neon, -mfpu=neon; the A64-only intrinsics come
 * from lf_neon.h), see sources.cmake.  The schedule (layouts, levels,
 * transposes, checked kernels) is ../ntt_v8_body.h, shared with the
 * SIMD128 kernels; this file gives it the NEON primitives.
 *
 * 8 int16 lanes per vector; 256 coefficients are 32 vectors (AArch64 has 32
 * vector registers; AArch32 has 16 Q registers, so there the compiler keeps
 * half of them on the stack).  Montgomery with the doubling multiply-high:
 *   mont(b, z) = (sqdmulh(b, z) - sqdmulh(b * zq, q)) >> 1   (shsub)
 * both doubled products agree in their low 17 bits, so the halving
 * subtraction is exact and the result is bit-identical to the scalar code.
 * Barrett: sqdmulh(a, 20159) >> 11 = floor(a 20159 / 2^26).
 * The transform bodies are inlined into each kernel (the whole polynomial
 * stays in registers). */
#include "lf_neon.h"

#include "ntt/ntt_internal.h"

typedef int16x8_t V;
#define AI static inline __attribute__((always_inline))
#define LF_NTT8_FN(name) neon_##name
#define LF_NTT8_BODY AI
#define LD(p) vld1q_s16(p)
#define ST(p, v) vst1q_s16((p), (v))
#define SPL(c) vdupq_n_s16(c)
#define ADD vaddq_s16
#define SUB vsubq_s16
#define AND vandq_s16

AI V mulc(V b, V z, V zq)
{
    V t = vmulq_s16(b, zq);
    return vhsubq_s16(vqdmulhq_s16(b, z), vqdmulhq_n_s16(t, LF_NTT_Q));
}

/* b q^-1 mod 2^16 */
AI V mulq(V b) { return vmulq_n_s16(b, LF_NTT_QINV); }

AI V mulv(V a, V b)
{
    V t = vmulq_s16(a, mulq(b));
    return vhsubq_s16(vqdmulhq_s16(a, b), vqdmulhq_n_s16(t, LF_NTT_Q));
}

AI V barrett(V a)
{
    V t = vshrq_n_s16(vqdmulhq_n_s16(a, LF_NTT_BARRETT_V), 11);
    return vmlsq_n_s16(a, t, LF_NTT_Q);
}

/* range check: ok &= (x < q as uint16) */
#define CHK uint16x8_t
#define CHK_INIT vdupq_n_u16(0xffff)
AI V ldc(const int16_t *p, uint16x8_t *ok)
{
    V x = vld1q_s16(p);
    *ok = vandq_u16(*ok, vcltq_u16(vreinterpretq_u16_s16(x), vdupq_n_u16(LF_NTT_Q)));
    return x;
}
/* *bad = 0 if every lane of ok is all ones, else all ones; returns ~*bad */
AI V verdict(uint16x8_t ok, uint32_t *bad)
{
    *bad = lf_ntt_nzmask(0xffffu ^ (uint32_t)vminvq_u16(ok));
    return vreinterpretq_s16_u32(vdupq_n_u32(~*bad));
}
/* (-q, q) -> [0, q): min as uint16 of x and x + q */
AI V caddq(V x)
{
    uint16x8_t u = vreinterpretq_u16_s16(x);
    return vreinterpretq_s16_u16(vminq_u16(u, vaddq_u16(u, vdupq_n_u16(LF_NTT_Q))));
}
/* any int16 -> [0, q): Barrett to [0, q], then min(t, t - q) as uint16 */
AI V freeze(V x)
{
    uint16x8_t t = vreinterpretq_u16_s16(barrett(x));
    return vreinterpretq_s16_u16(vminq_u16(t, vsubq_u16(t, vdupq_n_u16(LF_NTT_Q))));
}

/* 8 x 8 transpose: x[k] lane r <- x[r] lane k */
AI void tr8(V *x)
{
    int16x8_t t[8];
    int32x4_t u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = vtrn1q_s16(x[2 * i], x[2 * i + 1]);
        t[2 * i + 1] = vtrn2q_s16(x[2 * i], x[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++)
        for (int o = 0; o < 2; o++) {
            int32x4_t p = vreinterpretq_s32_s16(t[4 * i + o]);
            int32x4_t r = vreinterpretq_s32_s16(t[4 * i + o + 2]);
            u[4 * i + o] = vtrn1q_s32(p, r);
            u[4 * i + o + 2] = vtrn2q_s32(p, r);
        }
    for (int o = 0; o < 4; o++) {
        int64x2_t p = vreinterpretq_s64_s32(u[o]), r = vreinterpretq_s64_s32(u[o + 4]);
        x[o] = vreinterpretq_s16_s64(vtrn1q_s64(p, r));
        x[o + 4] = vreinterpretq_s16_s64(vtrn2q_s64(p, r));
    }
}

/* basemul_fips: the two lanes of each pair exchanged; even / odd lanes of a, b interleaved */
AI V swap2(V x) { return vrev32q_s16(x); }
AI V even2(V a, V b) { return vtrn1q_s16(a, b); }
AI V odd2(V a, V b) { return vtrn2q_s16(a, b); }

#include "ntt/native/ntt_v8_body.h"

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_neon = {
    .ntt = neon_ntt, .invntt = neon_invntt, .basemul = neon_basemul, .cyclic = neon_cyclic,
    .cyclic_chk = neon_cyclic_chk, .ntt_fips = neon_ntt_fips, .invntt_fips = neon_invntt_fips,
    .basemul_fips = neon_basemul_fips};
