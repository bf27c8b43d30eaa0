/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX2 kernels of the NTT mod 3329 (contract: src/ntt/ntt_internal.h): the
 * 16-lane transforms of ntt_ymm.h (16 vector registers here) and the two
 * base multiplications, written here. */
#define LF_NTT16_FN(name) avx2_##name
#include "ntt_ymm.h"


static void avx2_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    const V qinv = set1(LF_NTT_QINV);
    for (int u = 0; u < 8; u++) {
        V a0 = ld(a + 32 * u), a1 = ld(a + 32 * u + 16);
        V b0 = ld(b + 32 * u), b1 = ld(b + 32 * u + 16);
        V g = ld(lf_mlkem_gammaB + 16 * u), gq = ld(lf_mlkem_gammaB_qinv + 16 * u);
        V b0q = _mm256_mullo_epi16(b0, qinv), b1q = _mm256_mullo_epi16(b1, qinv);
        V c0 = _mm256_add_epi16(mulv(a0, b0, b0q), mulc(mulv(a1, b1, b1q), g, gq));
        V c1 = _mm256_add_epi16(mulv(a0, b1, b1q), mulv(a1, b0, b0q));
        st(r + 32 * u, c0);
        st(r + 32 * u + 16, c1);
    }
}

/* FIPS order (rows: pair m = lanes 2m, 2m + 1), checked, [0, q) out.
 * The check is a chain of its own (unsigned maximum of all 32 vectors in
 * four chains, one compare), off the products' path; the results wait for
 * its verdict and are stored ANDed with it (an operand zeroed by the verdict
 * instead put the check on the critical path: 146 against 142 cycles).
 * Per 16 lanes, exact pair sums in 32-bit lanes with vpmaddwd:
 *   e = mont(b, gammaF) = (b0 R, b1 gamma R), f = mont(b, R^2) = (b0 R, b1 R),
 *   x0 = a0 e0 + a1 e1 = (a0 b0 + gamma a1 b1) R, x1 = a0 f1 + a1 f0
 *   = (a0 b1 + a1 b0) R (|x| <= 2 (q - 1)^2 < 2^25);
 * then one 16-bit Montgomery reduction of both: the low halves (x0 at even,
 * x1 at odd lanes) times q^-1, subtracted from the high halves' multiple of
 * q: r = (x - t q) / 2^16 exactly, |r| <= 1841 < q, and min(r, r + q).
 * 10 multiplies per 16 lanes (the Montgomery form with its correction: 13).
 * Bounds: gen/limbforge/nttbounds.py basemul_madd_bound. */
AI V swap16(V x)
{
    const V idx = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0,
                                   1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    return _mm256_shuffle_epi8(x, idx);
}

static uint32_t avx2_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    V m4[4], c[16]; /* the check: four independent chains, then a tree */
    for (int k = 0; k < 4; k++) m4[k] = _mm256_max_epu16(ld(a + 16 * k), ld(b + 16 * k));
    for (int i = 4; i < 16; i++)
        m4[i & 3] = _mm256_max_epu16(m4[i & 3], _mm256_max_epu16(ld(a + 16 * i), ld(b + 16 * i)));
    V mx = _mm256_max_epu16(_mm256_max_epu16(m4[0], m4[1]), _mm256_max_epu16(m4[2], m4[3]));
    for (int i = 0; i < 16; i++) {
        V x = ld(a + 16 * i), y = ld(b + 16 * i);
        V e = mulc(y, ld(lf_mlkem_gammaF + 16 * i), ld(lf_mlkem_gammaF_qinv + 16 * i));
        V f = mulc(y, set1(LF_NTT_MONT_R2), set1(LF_NTT_MONT_R2_QINV));
        V x0 = _mm256_madd_epi16(x, e), x1 = _mm256_madd_epi16(x, swap16(f));
        V lo = _mm256_blend_epi16(x0, _mm256_slli_epi32(x1, 16), 0xaa);
        V hi = _mm256_blend_epi16(_mm256_srli_epi32(x0, 16), x1, 0xaa);
        V t = _mm256_mullo_epi16(lo, set1(LF_NTT_QINV));
        c[i] = caddq(_mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, set1(LF_NTT_Q))));
    }
    const uint32_t bad = verdict(mx);
    const V keep = _mm256_set1_epi32((int)~bad);
    for (int i = 0; i < 16; i++) st(r + 16 * i, _mm256_and_si256(c[i], keep));
    return bad;
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_avx2 = {
    avx2_ntt,         avx2_invntt,      avx2_basemul,        avx2_cyclic_lazy,
    avx2_cyclic,      avx2_ntt_fips,    avx2_invntt_fips,    avx2_basemul_fips};
