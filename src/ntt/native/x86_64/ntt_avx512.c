/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX-512 (F/BW/VL) kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h).
 *
 * The transforms (ntt, invntt, the checked FIPS ones, the cyclic product) are
 * the 16-lane kernels of ntt_ymm.h compiled with AVX-512 flags: 256-bit
 * vectors, but 32 registers (a polynomial plus every temporary fits, nothing
 * spills) and mask registers for the verdict.  They replaced kernels on
 * 512-bit vectors, which took 1.3-1.4 x their time on Zen 4 (512-bit
 * operations run as two 256-bit halves there, and the zmm layouts need more
 * cross-lane shuffles; src/ntt/README.md, "Performance").
 *
 * The base multiplications stay on 512-bit vectors (32 int16 lanes per zmm),
 * where they are at least as fast (Zen 5: 40 against 68 cycles). */
#define LF_NTT16_FN(name) avx512_##name
#include "ntt_ymm.h"

/* ---- 512-bit helpers (prefix z) ---- */
typedef __m512i Z;

AI Z zset1(int16_t x) { return _mm512_set1_epi16(x); }
AI Z zld(const int16_t *p) { return _mm512_loadu_si512((const void *)p); }
AI void zst(int16_t *p, Z x) { _mm512_storeu_si512((void *)p, x); }
AI Z zkeep(Z x)
{
#if defined(LF_MSAN) /* MSan checks asm operands: a volatile round trip (lf_vb) */
    volatile Z v = x;
    return v;
#else
    __asm__("" : "+v"(x));
    return x;
#endif
}
AI Z zmulc(Z b, Z z, Z zq)
{
    Z t = _mm512_mullo_epi16(b, zq);
    Z h = _mm512_mulhi_epi16(b, z);
    return zkeep(_mm512_sub_epi16(h, _mm512_mulhi_epi16(t, zset1(LF_NTT_Q))));
}
AI Z zmulv(Z a, Z b, Z bq)
{
    Z t = _mm512_mullo_epi16(a, bq);
    Z h = _mm512_mulhi_epi16(a, b);
    return zkeep(_mm512_sub_epi16(h, _mm512_mulhi_epi16(t, zset1(LF_NTT_Q))));
}

/* FIPS order basemul, the arithmetic of avx2_basemul_fips (ntt_avx2.c: exact
 * pair sums by vpmaddwd, one Montgomery reduction) on 32 lanes; the range
 * check in mask registers as the loads happen, the output zero-masked */
AI Z zswap16(Z x)
{
    const Z idx = _mm512_set4_epi32(0x0d0c0f0e, 0x09080b0a, 0x05040706, 0x01000302);
    return _mm512_shuffle_epi8(x, idx);
}

/* vpmaddwd on zmm.  MemorySanitizer builds (LF_MSAN): clang 14's MSan has no
 * shadow rule for the 512-bit form and reports any secret operand as a use;
 * here the product is computed on unpoisoned copies and each 32-bit lane of
 * the result is poisoned when a lane of either operand was (the rule MSan
 * applies to the SSE2 / AVX2 forms), so secrets still propagate. */
#if defined(LF_MSAN)
#include <sanitizer/msan_interface.h>
static Z zmadd(Z a, Z b)
{
    Z r;
    uint32_t lanes = 0;
    for (int i = 0; i < 16; i++)
        if (__msan_test_shadow((const char *)&a + 4 * i, 4) >= 0 ||
            __msan_test_shadow((const char *)&b + 4 * i, 4) >= 0)
            lanes |= 1u << i;
    __msan_unpoison(&a, sizeof a);
    __msan_unpoison(&b, sizeof b);
    r = _mm512_madd_epi16(a, b);
    for (int i = 0; i < 16; i++)
        if (lanes >> i & 1) __msan_poison((char *)&r + 4 * i, 4);
    return r;
}
#else
AI Z zmadd(Z a, Z b) { return _mm512_madd_epi16(a, b); }
#endif

static uint32_t avx512_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    __mmask32 ok = (__mmask32)~0u;
    Z c[8];
    /* word 2k + 1 of the second source is index 32 + 2k + ... */
    const Z ilo = _mm512_set_epi16(62, 30, 60, 28, 58, 26, 56, 24, 54, 22, 52, 20, 50, 18, 48, 16,
                                   46, 14, 44, 12, 42, 10, 40, 8, 38, 6, 36, 4, 34, 2, 32, 0);
    const Z ihi = _mm512_add_epi16(ilo, zset1(1));
    for (int i = 0; i < 8; i++) {
        Z x = zld(a + 32 * i), y = zld(b + 32 * i);
        ok &= _mm512_cmplt_epu16_mask(x, zset1(LF_NTT_Q)) & _mm512_cmplt_epu16_mask(y, zset1(LF_NTT_Q));
        Z e = zmulc(y, zld(lf_mlkem_gammaF + 32 * i), zld(lf_mlkem_gammaF_qinv + 32 * i));
        Z f = zmulc(y, zset1(LF_NTT_MONT_R2), zset1(LF_NTT_MONT_R2_QINV));
        Z x0 = zmadd(x, e), x1 = zmadd(x, zswap16(f));
        Z lo = _mm512_permutex2var_epi16(x0, ilo, x1), hi = _mm512_permutex2var_epi16(x0, ihi, x1);
        Z t = _mm512_mullo_epi16(lo, zset1(LF_NTT_QINV));
        c[i] = _mm512_sub_epi16(hi, _mm512_mulhi_epi16(t, zset1(LF_NTT_Q)));
    }
    const uint32_t bad = lf_ntt_nzmask(~(uint32_t)_cvtmask32_u32(ok));
    const __mmask32 keep = (__mmask32)~bad;
    /* (-q, q) -> [0, q): min as uint16 of x and x + q, zeroed on a bad input */
    for (int i = 0; i < 8; i++)
        zst(r + 32 * i, _mm512_maskz_min_epu16(keep, c[i], _mm512_add_epi16(c[i], zset1(LF_NTT_Q))));
    return bad;
}

/* B order: register lanes 0-15 = u = 2w, lanes 16-31 = u = 2w + 1 */
AI Z ldpair(const int16_t *p)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                              _mm256_loadu_si256((const __m256i *)(p + 32)), 1);
}
AI void stpair(int16_t *p, Z x)
{
    _mm256_storeu_si256((__m256i *)p, _mm512_castsi512_si256(x));
    _mm256_storeu_si256((__m256i *)(p + 32), _mm512_extracti64x4_epi64(x, 1));
}

static void avx512_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    const Z qinv = zset1(LF_NTT_QINV);
    for (int w = 0; w < 4; w++) {
        int p = 64 * w;
        Z a0 = ldpair(a + p), a1 = ldpair(a + p + 16), b0 = ldpair(b + p), b1 = ldpair(b + p + 16);
        Z g = zld(lf_mlkem_gammaB + 32 * w), gq = zld(lf_mlkem_gammaB_qinv + 32 * w);
        Z b0q = _mm512_mullo_epi16(b0, qinv), b1q = _mm512_mullo_epi16(b1, qinv);
        Z c0 = _mm512_add_epi16(zmulv(a0, b0, b0q), zmulc(zmulv(a1, b1, b1q), g, gq));
        Z c1 = _mm512_add_epi16(zmulv(a0, b1, b1q), zmulv(a1, b0, b0q));
        stpair(r + p, c0);
        stpair(r + p + 16, c1);
    }
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_avx512 = {
    .ntt = avx512_ntt, .invntt = avx512_invntt, .basemul = avx512_basemul,
    .cyclic = avx512_cyclic_lazy, .cyclic_chk = avx512_cyclic,
    .ntt_fips = avx512_ntt_fips, .invntt_fips = avx512_invntt_fips,
    .basemul_fips = avx512_basemul_fips};
