/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 AVX2 kernel: 4 lanes, radix 2^26 (vpmuludq).  Method and bounds:
 * poly1305_vec26.h.  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake); only called when the selected
 * back end is avx2 or a descendant. */
#include <immintrin.h>

#include "poly1305/poly1305_internal.h"

#define V __m256i
#define VL 4
#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_ADD _mm256_add_epi64
#define V_AND _mm256_and_si256
#define V_OR _mm256_or_si256
#define V_SRLI _mm256_srli_epi64
#define V_SLLI _mm256_slli_epi64
#define V_MUL _mm256_mul_epu32
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define V_UNPACKLO _mm256_unpacklo_epi64
#define V_LANE0(x) _mm256_zextsi128_si256(_mm_cvtsi64_si128((long long)(x)))
#define V_UNPACKHI _mm256_unpackhi_epi64
/* loads of blocks 0,1 and 2,3, unpacked per 128-bit half: 0 2 | 1 3 */
#define P1305_ORDER {0, 2, 1, 3}
#define P1305_FN lf_p1305_blocks_avx2
#include "poly1305/native/x86_64/poly1305_vec26.h"
