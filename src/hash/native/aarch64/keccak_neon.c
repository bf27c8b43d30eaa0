/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] on 2 interleaved states per pass with AArch64 Advanced SIMD
 * (src/hash/keccak_internal.h, "xN layout"): the kernel sets of the neon back
 * end and of the feature entry neon_sha3.
 * Hand-written vector code (arm_neon.h intrinsics); Advanced SIMD is part of
 * the AArch64 baseline, so no extra flags for the neon set
 * (cmake/native.cmake).
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
 * XAR, BCAX) the same rounds use them: theta's column parities are two EOR3,
 * each D one RAX1, theta + rho of a lane one XAR, chi one BCAX.  That set is
 * this file again, included by keccak_neon_sha3.c with LF_KECCAK_NEON_SHA3
 * defined and compiled with LF_ISA_FLAGS_neon_sha3; the dispatch table
 * takes it where the CPU has the sha3 capability (README.md, "Dispatch").
 * Which set runs depends on the CPU only; no branch or address depends on
 * the data: constant time.  f1600 is the portable single-state permutation. */
#include <arm_neon.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_round.h"

#define LF_KV uint64x2_t
#define LF_KV_RC(i) vdupq_n_u64(lf_keccak_rc[i])
#define LF_KV_LOAD(i) vld1q_u64(s + stride * (i))
#define LF_KV_STORE(i, v) vst1q_u64(s + stride * (i), v)
#define LF_KV_XOR(a, b) veorq_u64(a, b)

#ifndef LF_KECCAK_NEON_SHA3
/* ---- plain Advanced SIMD ---- */
#define LF_KV_XOR3(a, b, c) veorq_u64(veorq_u64(a, b), c)
#define LF_KV_CHI(a, b, c) veorq_u64(a, vbicq_u64(c, b))
#define LF_KV_ROL(x, n) vsriq_n_u64(vshlq_n_u64(x, n), x, 64 - (n))
#define LF_KN(name) name##_neon
#define LF_KN_NAME "neon"
#else
/* ---- with the SHA3 instructions ---- */
#define LF_KV_ROL(x, n) vsriq_n_u64(vshlq_n_u64(x, n), x, 64 - (n))
#undef LF_KV_D /* keccak_round.h's two-step versions */
#undef LF_KV_THETA_RHO
#define LF_KV_XOR3(a, b, c) veor3q_u64(a, b, c)
#define LF_KV_CHI(a, b, c) vbcaxq_u64(a, c, b)            /* a ^ (c & ~b) */
#define LF_KV_D(a, b) vrax1q_u64(a, b)                    /* a ^ rol(b, 1) */
#define LF_KV_THETA_RHO(X, dx, n) vxarq_u64(X, dx, 64 - (n)) /* ror(X ^ dx, 64 - n) */
#define LF_KN(name) name##_neon_sha3
#define LF_KN_NAME "neon_sha3"
#endif

/* 2 states: lane i of state j at s[stride * i + j], j = 0, 1 */
__attribute__((noinline)) static void LF_KN(lf_keccak_core)(uint64_t *s, size_t stride)
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

static void LF_KN(lf_keccakf1600_x4)(uint64_t s[100])
{
    LF_KN(lf_keccak_core)(s, 4);
    LF_KN(lf_keccak_core)(s + 2, 4);
}

static void LF_KN(lf_keccakf1600_x8)(uint64_t s[200])
{
    for (int k = 0; k < 8; k += 2) LF_KN(lf_keccak_core)(s + k, 8);
}

LF_HIDDEN const lf_keccak_kernels LF_KN(lf_keccak_kernels) = {
    lf_keccakf1600_c, LF_KN(lf_keccakf1600_x4), LF_KN(lf_keccakf1600_x8), LF_KN_NAME, 0};
