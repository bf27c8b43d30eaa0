/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] on 4 and on 8 interleaved states with AVX-512
 * (src/hash/keccak_internal.h, "xN layout"): the avx512 back end's kernel
 * set.  Hand-written vector code (intrinsics), compiled with the avx512
 * back end's flags (-mavx512f/bw/dq/vl, cmake/native.cmake).
 *
 * ABI: compiler-generated intrinsics code, ordinary C functions of the
 * System V AMD64 calling convention: they may clobber every caller-saved
 * register (rax, rcx, rdx, rsi, rdi, r8-r11, zmm0-zmm31, k0-k7, flags) and
 * keep the callee-saved ones; no inline asm.  vzeroupper is emitted at
 * return.
 *
 * x4: one __m256i per lane of the 4 states (AVX-512VL on ymm registers);
 * x8: one __m512i per lane of the 8 states.  Both use the EVEX instructions
 * that make the round short: vprolq (a rotation in one instruction),
 * vpternlogq for the 3-way xors of theta (imm 0x96) and for chi
 * (a ^ (~b & c): imm 0xd2), and 32 vector registers, so the 25 lanes and the
 * temporaries of a round mostly stay in registers.  The rounds come from
 * src/hash/keccak_round.h, two per loop iteration on two sets of named lanes:
 * pi is a renaming.  No branch or address depends on the data: constant
 * time.  f1600 is the portable single-state permutation.
 *
 * Measured (src/hash/README.md): x8 on zmm costs about what x4 on ymm does,
 * so x8 is one zmm pass, not two ymm x4 passes; x4 stays on ymm. */
#include <immintrin.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_round.h"

/* ---- 4 states, ymm ---- */
#define LF_KV __m256i
#define LF_KV_XOR(a, b) _mm256_xor_si256(a, b)
#if defined(LF_MSAN) /* clang 14's MSan has no shadow rule for vpternlogq: it
                       * would report every secret operand; the same data flow
                       * in plain xor/andnot, for the MSan lane only */
#define LF_KV_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define LF_KV_CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#else
#define LF_KV_XOR3(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0x96)
#define LF_KV_CHI(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0xd2) /* a ^ (~b & c) */
#endif
#define LF_KV_RC(i) _mm256_set1_epi64x((long long)lf_keccak_rc[i])
#define LF_KV_ROL(x, n) _mm256_rol_epi64(x, n)
#define LF_KV_LOAD(i) _mm256_loadu_si256((const __m256i *)(s + 4 * (i)))
#define LF_KV_STORE(i, v) _mm256_storeu_si256((__m256i *)(s + 4 * (i)), v)

static void lf_keccakf1600_x4_avx512(uint64_t s[100])
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

#undef LF_KV
#undef LF_KV_XOR
#undef LF_KV_XOR3
#undef LF_KV_CHI
#undef LF_KV_RC
#undef LF_KV_ROL
#undef LF_KV_LOAD
#undef LF_KV_STORE

/* ---- 8 states, zmm ---- */
#define LF_KV __m512i
#define LF_KV_XOR(a, b) _mm512_xor_si512(a, b)
#if defined(LF_MSAN) /* clang 14's MSan has no shadow rule for vpternlogq: it
                       * would report every secret operand; the same data flow
                       * in plain xor/andnot, for the MSan lane only */
#define LF_KV_XOR3(a, b, c) _mm512_xor_si512(_mm512_xor_si512(a, b), c)
#define LF_KV_CHI(a, b, c) _mm512_xor_si512(a, _mm512_andnot_si512(b, c))
#else
#define LF_KV_XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#define LF_KV_CHI(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0xd2) /* a ^ (~b & c) */
#endif
#define LF_KV_RC(i) _mm512_set1_epi64((long long)lf_keccak_rc[i])
#define LF_KV_ROL(x, n) _mm512_rol_epi64(x, n)
#define LF_KV_LOAD(i) _mm512_loadu_si512((const void *)(s + 8 * (i)))
#define LF_KV_STORE(i, v) _mm512_storeu_si512((void *)(s + 8 * (i)), v)

static void lf_keccakf1600_x8_avx512(uint64_t s[200])
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

#undef LF_KV
#undef LF_KV_XOR
#undef LF_KV_XOR3
#undef LF_KV_CHI
#undef LF_KV_RC
#undef LF_KV_ROL
#undef LF_KV_LOAD
#undef LF_KV_STORE

/* ---- 1 state, the low lane of xmm ----
 * The same round on one state, a lane per xmm register (upper lane zero):
 * vprolq and vpternlogq do in one instruction what the scalar code needs
 * two or three for (rotation, and-not-xor, 3-way xor), and the 32 vector
 * registers hold the 25 lanes.  Measured against lf_keccakf1600_c: see
 * src/hash/README.md. */
#define LF_KV __m128i
#define LF_KV_XOR(a, b) _mm_xor_si128(a, b)
#if defined(LF_MSAN) /* as above: no MSan shadow rule for vpternlogq */
#define LF_KV_XOR3(a, b, c) _mm_xor_si128(_mm_xor_si128(a, b), c)
#define LF_KV_CHI(a, b, c) _mm_xor_si128(a, _mm_andnot_si128(b, c))
#else
#define LF_KV_XOR3(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#define LF_KV_CHI(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0xd2) /* a ^ (~b & c) */
#endif
#define LF_KV_RC(i) _mm_cvtsi64_si128((long long)lf_keccak_rc[i])
#define LF_KV_ROL(x, n) _mm_rol_epi64(x, n)
#define LF_KV_LOAD(i) _mm_loadl_epi64((const __m128i *)(const void *)(s + (i)))
#define LF_KV_STORE(i, v) _mm_storel_epi64((__m128i *)(void *)(s + (i)), v)

static void lf_keccakf1600_avx512(uint64_t s[25])
{
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_avx512 = {
    lf_keccakf1600_avx512, lf_keccakf1600_x4_avx512, lf_keccakf1600_x8_avx512, "avx512", 0};
