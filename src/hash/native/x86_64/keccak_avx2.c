/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] on 4 interleaved states with AVX2 (src/hash/keccak_internal.h,
 * "x4 layout"): the avx2 back end's kernel set.  Hand-written vector code
 * (intrinsics), compiled with -mavx2 only (cmake/native.cmake).
 *
 * ABI: compiler-generated intrinsics code, ordinary C functions of the
 * System V AMD64 calling convention: they may clobber every caller-saved
 * register (rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm15, flags) and keep the
 * callee-saved ones; no inline asm.  The compiler spills lanes to the stack
 * (25 lanes, 16 ymm registers); vzeroupper is emitted at return.
 *
 * One __m256i holds lane (x, y) of the 4 states.  The rounds come from
 * src/hash/keccak_round.h: they alternate between two sets of named lanes,
 * two rounds per loop iteration, so pi is a renaming and no lane is moved or
 * shuffled between rounds (written out to 24 rounds it was slower: see
 * there).  Rotations
 * are two shifts and an or, except by 8 and 56 (a byte shuffle, vpshufb);
 * chi is vpandn + vpxor.  No branch or address depends on the data:
 * constant time.
 *
 * The set: f1600 = the portable single-state permutation (one state does not
 * fill a vector); x4 = this; x8 = this on lanes 0..3 and then 4..7 of the x8
 * layout, read in place (lane i of states 4k..4k+3 is 4 consecutive words at
 * s + 8 i + 4 k), so no de-interleaving. */
#include <immintrin.h>

#include "hash/keccak_internal.h"
#include "hash/keccak_round.h"

#define LF_KV __m256i
#define LF_KV_XOR(a, b) _mm256_xor_si256(a, b)
#define LF_KV_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define LF_KV_CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define LF_KV_RC(i) _mm256_set1_epi64x((long long)lf_keccak_rc[i])
#define LF_KV_ROL(x, n)                                                                            \
    ((n) == 8    ? _mm256_shuffle_epi8(x, rot8)                                                     \
     : (n) == 56 ? _mm256_shuffle_epi8(x, rot56)                                                    \
                 : _mm256_or_si256(_mm256_slli_epi64(x, (n)), _mm256_srli_epi64(x, 64 - (n))))
#define LF_KV_LOAD(i) _mm256_loadu_si256((const __m256i *)(s + stride * (i)))
#define LF_KV_STORE(i, v) _mm256_storeu_si256((__m256i *)(s + stride * (i)), v)

/* 4 states: lane i of state j at s[stride * i + j], j = 0..3 (one copy of
 * the code for x4 and x8) */
__attribute__((noinline)) static void lf_keccak_avx2_core(uint64_t *s, size_t stride)
{
    /* byte shuffles rotating each 64-bit element left by 8 and by 56 bits */
    const __m256i rot8 = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7,
                                          0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14);
    const __m256i rot56 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1,
                                           2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    LF_KV_DECLARE(a);
    LF_KV_DECLARE(e);
    LF_KV_LOAD_ALL(a);
    LF_KV_ROUNDS24(a, e);
    LF_KV_STORE_ALL(a);
}

static void lf_keccakf1600_x4_avx2(uint64_t s[100]) { lf_keccak_avx2_core(s, 4); }

static void lf_keccakf1600_x8_avx2(uint64_t s[200])
{
    lf_keccak_avx2_core(s, 8);
    lf_keccak_avx2_core(s + 4, 8);
}

LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_avx2 = {
    lf_keccakf1600_c, lf_keccakf1600_x4_avx2, lf_keccakf1600_x8_avx2, "avx2", 0};
