/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 AVX-512 kernel: 8 lanes, radix 2^26 (vpmuludq on zmm).  Method
 * and bounds: poly1305_vec26.h.  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake); only
 * called when the selected back end is avx512 or a descendant. */
#include <immintrin.h>

#include "poly1305/poly1305_internal.h"

#define V __m512i
#define VL 8
#define V_SET1(x) _mm512_set1_epi64((long long)(x))
#define V_ADD _mm512_add_epi64
#define V_AND _mm512_and_si512
#define V_OR _mm512_or_si512
#define V_SRLI _mm512_srli_epi64
#define V_SLLI _mm512_slli_epi64
#define V_MUL _mm512_mul_epu32
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define V_UNPACKLO _mm512_unpacklo_epi64
#define V_LANE0(x) _mm512_maskz_mov_epi64(1, _mm512_set1_epi64((long long)(x)))
#define V_UNPACKHI _mm512_unpackhi_epi64
/* loads of blocks 0-3 and 4-7, unpacked per 128-bit lane: 0 4 | 1 5 | 2 6 | 3 7 */
#define P1305_ORDER {0, 4, 1, 5, 2, 6, 3, 7}
#define P1305_FN lf_p1305_blocks_avx512
#include "poly1305/native/x86_64/poly1305_vec26.h"
