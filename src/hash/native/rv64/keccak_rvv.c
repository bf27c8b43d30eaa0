/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] with the RISC-V Vector extension 1.0 (src/hash/
 * keccak_internal.h, "xN layout"): the rvv back end's kernel set.
 * Vector-length agnostic; built only with a compiler that has the RVV
 * intrinsics (v0.12, __riscv_ prefix: clang >= 16, -march=rv64gcv; see
 * src/hash/sources.cmake).
 *
 * ABI: compiler-generated intrinsics code, ordinary C functions of the
 * standard RISC-V calling convention (LP64D): they may clobber the
 * caller-saved integer registers (ra, t0-t6, a0-a7), the caller-saved float
 * registers and every vector register v0-v31 (all caller-saved), and vl /
 * vtype; s0-s11 are kept (the compiler saves those it uses).  No inline asm.
 *
 * Independent states in the elements: element j of a vector (e64, LMUL 1)
 * is lane (x, y) of state j.  Lane i of the N states of the xN layout is N
 * consecutive words (s + N i), so each lane is one unit-stride load/store;
 * no gather, no transpose.  A pass holds up to VLEN / 64 states (vl = N
 * when VLEN >= 64 N, else passes over slices of VLEN / 64 states in place:
 * at VLEN 128 x4 takes 2 passes and x8 4, at VLEN 256 x8 takes 2).  One
 * pass at LMUL 2 or 4 instead executed more instructions (16 or 8 register
 * groups for 25 lanes: spills on every round; src/hash/README.md).  The
 * pass count depends on VLEN only.
 *
 * The rounds come from src/hash/keccak_round.h (two per loop iteration on
 * two sets of named lanes, so pi is a renaming), in the lane-complementing
 * form: base V has vand/vor/vnot but no and-not (that is Zvkb, not
 * assumed), and with six lanes kept complemented chi takes one vnot per row
 * instead of five.  Rotations (no vror without Zvbb): by n >= 33 as
 * (x >> (64 - n)) + x * 2^n, a vsrl with an immediate and one vmacc (the
 * two parts have no bit in common); by n <= 31 as vsll (immediate) / vsrl /
 * vor, since there the vmacc form needs a second scalar constant, and the
 * 24 constants fit in the scalar registers only this way (theta's
 * rotations by 1 are vsrl + vmacc by 2: one vector temporary fewer).
 * LF_KECCAK_RVV_ROT = 0 (shifts everywhere) or 1 (vmacc everywhere) build
 * the other forms for measurements.
 * No branch or address depends on the data: constant time.
 *
 * f1600 is the same core on one element (vl = 1, stride 1): fewer
 * instructions than the portable C permutation on rv64gc (no and-not, no
 * rotate there either; src/hash/README.md). */
#include <riscv_vector.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_round.h"

#define LF_KV_RC(i) lf_keccak_rc[i]
#define LF_KV_LOAD(i) LF_KRVV(vle64_v_u64, (s + stride * (i)), vl)
#define LF_KV_STORE(i, v) LF_KRVV(vse64_v_u64, (s + stride * (i)), v, vl)

/* __riscv_<op>m1(args) */
#define LF_KRVV(op, ...) __riscv_##op##m1(__VA_ARGS__)

#define LF_KV_XOR(a, b) LF_KRVV(vxor_vv_u64, a, b, vl)
#define LF_KV_XOR3(a, b, c) LF_KV_XOR(LF_KV_XOR(a, b), c)
#define LF_KV_AND(a, b) LF_KRVV(vand_vv_u64, a, b, vl)
#define LF_KV_OR(a, b) LF_KRVV(vor_vv_u64, a, b, vl)
#define LF_KV_NOT(a) LF_KRVV(vnot_v_u64, a, vl)
#define LF_KV_IOTA(x, i) LF_KRVV(vxor_vx_u64, x, LF_KV_RC(i), vl)
#define LF_KRVV_ROL_SO(x, n)                                                                       \
    LF_KRVV(vor_vv_u64, LF_KRVV(vsll_vx_u64, x, (n), vl), LF_KRVV(vsrl_vx_u64, x, 64 - (n), vl), vl)
#define LF_KRVV_ROL_MACC(x, n)                                                                     \
    LF_KRVV(vmacc_vx_u64, LF_KRVV(vsrl_vx_u64, x, 64 - (n), vl), (uint64_t)1 << (n), x, vl)
#ifndef LF_KECCAK_RVV_ROT
#define LF_KECCAK_RVV_ROT 2
#endif
#if LF_KECCAK_RVV_ROT == 0 /* shift/shift/or everywhere */
#define LF_KV_ROL(x, n) LF_KRVV_ROL_SO(x, n)
#elif LF_KECCAK_RVV_ROT == 1 /* vsrl + vmacc everywhere */
#define LF_KV_ROL(x, n) LF_KRVV_ROL_MACC(x, n)
#else /* vmacc for n >= 33, where vsrl takes an immediate (5 bits) */
#define LF_KV_ROL(x, n) ((n) >= 33 ? LF_KRVV_ROL_MACC(x, n) : LF_KRVV_ROL_SO(x, n))
#endif
#ifndef LF_KECCAK_RVV_DMACC
#define LF_KECCAK_RVV_DMACC 1
#endif
#if LF_KECCAK_RVV_DMACC
/* theta's D = a ^ rol(b, 1) in one temporary (vsrl, vmacc by 2, vxor) */
#undef LF_KV_D
#define LF_KV_D(a, b) LF_KV_XOR(a, LF_KRVV_ROL_MACC(b, 1))
#endif

/* The core: states j = 0..vl-1 (vl <= VLEN / 64), lane i of state j at
 * s[stride * i + j].  One copy per stride (1: f1600; 4, 8: the x4 / x8
 * layouts), so the 25 lane addresses are constant offsets. */
typedef vuint64m1_t LF_KV;
static inline __attribute__((always_inline)) void lf_keccak_rvv_core(uint64_t *s, size_t stride,
                                                                     size_t vl)
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_LC_FLIP(a);
    LF_KV_ROUNDS24_LC(a, e);
    LF_KV_LC_FLIP(a);
    LF_KV_STORE_ALL(a);
}

__attribute__((noinline)) static void lf_keccak_rvv_s1(uint64_t *s) { lf_keccak_rvv_core(s, 1, 1); }
__attribute__((noinline)) static void lf_keccak_rvv_s4(uint64_t *s, size_t vl)
{
    lf_keccak_rvv_core(s, 4, vl);
}
__attribute__((noinline)) static void lf_keccak_rvv_s8(uint64_t *s, size_t vl)
{
    lf_keccak_rvv_core(s, 8, vl);
}

/* x4 / x8: one pass over all states if VLEN / 64 >= n, else passes over
 * slices of VLEN / 64 states in place (VLEN 128: x4 in 2, x8 in 4; VLEN
 * 256: x8 in 2).  A single pass at LMUL 2 or 4 executed more instructions
 * than the slices: with 16 or 8 register groups for 25 lanes the compiler
 * spills on every round (src/hash/README.md). */
static void lf_keccakf1600_rvv(uint64_t s[25]) { lf_keccak_rvv_s1(s); }

static void lf_keccakf1600_x4_rvv(uint64_t s[100])
{
    size_t m = __riscv_vsetvlmax_e64m1(); /* VLEN / 64 >= 2 */
    for (size_t j = 0; j < 4; j += m) lf_keccak_rvv_s4(s + j, m < 4 ? m : 4);
}

static void lf_keccakf1600_x8_rvv(uint64_t s[200])
{
    size_t m = __riscv_vsetvlmax_e64m1();
    for (size_t j = 0; j < 8; j += m) lf_keccak_rvv_s8(s + j, m < 8 ? m : 8);
}

LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_rvv = {
    lf_keccakf1600_rvv, lf_keccakf1600_x4_rvv, lf_keccakf1600_x8_rvv, "rvv", 0};
