/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] on 2 interleaved states per pass with AArch64 Advanced SIMD
 * (src/hash/keccak_internal.h, "xN layout"): the neon back end's kernel set.
 * Hand-written vector code (arm_neon.h intrinsics); Advanced SIMD is part of
 * the AArch64 baseline, so no extra flags (cmake/native.cmake).
 *
 * ABI: compiler-generated intrinsics code, ordinary C functions of the
 * AAPCS64: they may clobber x0-x18 (x18 is left alone by gcc), v0-v7 and
 * v16-v31, the flags, and keep x19-x28, fp, lr and the low 64 bits of
 * v8-v15 (the compiler saves d8-d15 when it uses them); no inline asm.
 *
 * One uint64x2_t holds lane (x, y) of 2 states; x4 runs two passes (states
 * 0-1 and 2-3: lane i of states 2k, 2k+1 is two consecutive words of the x4
 * layout, read in place), x8 four.  The rounds come from
 * src/hash/keccak_round.h (two per loop iteration on two sets of named
 * lanes: pi is a renaming).  Plain NEON: rotations are shl + sri, chi is
 * bic + eor.  With the SHA3 extension (ARMv8.2-SHA3, FEAT_SHA3: EOR3, RAX1,
 * XAR, BCAX) a second copy of the rounds uses them: theta's column parities
 * are two EOR3, each D one RAX1, theta + rho of a lane one XAR, chi one BCAX.
 * That copy is compiled for armv8.2-a+sha3 (a target pragma; gcc only: its
 * arm_neon.h defines the SHA3 intrinsics under that target) and chosen at
 * run time by getauxval(AT_HWCAP) & HWCAP_SHA3, read once (racing first
 * calls store the same value).  Which copy runs depends on the CPU only; no
 * branch or address depends on the data: constant time.  f1600 is the
 * portable single-state permutation. */
#include <arm_neon.h>
#include <stdatomic.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_round.h"

#if defined(__linux__)
#include <sys/auxv.h>
#endif

#define LF_KV uint64x2_t
#define LF_KV_RC(i) vdupq_n_u64(lf_keccak_rc[i])
#define LF_KV_LOAD(i) vld1q_u64(s + stride * (i))
#define LF_KV_STORE(i, v) vst1q_u64(s + stride * (i), v)

/* ---- plain Advanced SIMD ---- */
#define LF_KV_XOR(a, b) veorq_u64(a, b)
#define LF_KV_XOR3(a, b, c) veorq_u64(veorq_u64(a, b), c)
#define LF_KV_CHI(a, b, c) veorq_u64(a, vbicq_u64(c, b))
#define LF_KV_ROL(x, n) vsriq_n_u64(vshlq_n_u64(x, n), x, 64 - (n))

/* 2 states: lane i of state j at s[stride * i + j], j = 0, 1 */
__attribute__((noinline)) static void lf_keccak_neon_core(uint64_t *s, size_t stride)
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

/* ---- with the SHA3 instructions ---- */
#if defined(__ARM_FEATURE_SHA3) || (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8)
#define LF_KECCAK_NEON_SHA3 1
#if defined(__ARM_FEATURE_SHA3)
#define LF_KECCAK_NEON_SHA3_BASE 1 /* the whole build has SHA3 */
#else
/* (the pragma defines __ARM_FEATURE_SHA3 until the pop: not tested after it) */
#pragma GCC push_options
#pragma GCC target("arch=armv8.2-a+sha3")
#endif
#undef LF_KV_XOR3
#undef LF_KV_CHI
#undef LF_KV_D
#undef LF_KV_THETA_RHO
#define LF_KV_XOR3(a, b, c) veor3q_u64(a, b, c)
#define LF_KV_CHI(a, b, c) vbcaxq_u64(a, c, b)            /* a ^ (c & ~b) */
#define LF_KV_D(a, b) vrax1q_u64(a, b)                    /* a ^ rol(b, 1) */
#define LF_KV_THETA_RHO(X, dx, n) vxarq_u64(X, dx, 64 - (n)) /* ror(X ^ dx, 64 - n) */

__attribute__((noinline)) static void lf_keccak_neon_sha3_core(uint64_t *s, size_t stride)
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}
#if !defined(LF_KECCAK_NEON_SHA3_BASE)
#pragma GCC pop_options
#endif
#endif

#ifdef LF_KECCAK_NEON_SHA3
/* 0: not checked yet, 1: plain NEON, 2: SHA3 */
static _Atomic int lf_keccak_neon_sel;
#endif

static void (*lf_keccak_neon_pick(void))(uint64_t *, size_t)
{
#ifdef LF_KECCAK_NEON_SHA3
    int sel = atomic_load_explicit(&lf_keccak_neon_sel, memory_order_relaxed);
    if (!sel) {
        sel = 1;
#if defined(LF_KECCAK_NEON_SHA3_BASE)
        sel = 2;
#elif defined(__linux__) && defined(AT_HWCAP)
        if (getauxval(AT_HWCAP) & (1ul << 17)) sel = 2; /* HWCAP_SHA3 */
#endif
        atomic_store_explicit(&lf_keccak_neon_sel, sel, memory_order_relaxed);
    }
    if (sel == 2) return lf_keccak_neon_sha3_core;
#endif
    return lf_keccak_neon_core;
}

static void lf_keccakf1600_x4_neon(uint64_t s[100])
{
    void (*core)(uint64_t *, size_t) = lf_keccak_neon_pick();
    core(s, 4);
    core(s + 2, 4);
}

static void lf_keccakf1600_x8_neon(uint64_t s[200])
{
    void (*core)(uint64_t *, size_t) = lf_keccak_neon_pick();
    for (int k = 0; k < 8; k += 2) core(s + k, 8);
}

LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_neon = {
    lf_keccakf1600_c, lf_keccakf1600_x4_neon, lf_keccakf1600_x8_neon, "neon"};
