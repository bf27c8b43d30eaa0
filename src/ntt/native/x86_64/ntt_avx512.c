/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX-512 (F/BW) kernels of the ML-KEM NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h), the fused checked FIPS-semantics kernels and the
 * cyclic product.
 *
 * 32 int16 lanes per zmm: a polynomial is 8 registers (AVX-512 has 32, so it
 * never leaves them).  16-bit lanes won over 32-bit lanes: see
 * src/ntt/README.md for both measurements.
 *   rows: zmm v = coefficients 32 v .. 32 v + 31 (matrix rows 2v, 2v + 1);
 *     len = 128, 64, 32 are butterflies between registers (broadcast zeta),
 *     len = 16 is between the two 256-bit halves of each register.
 *   B order: zmm w = B positions 32 w .. 32 w + 31 (columns 2w, 2w + 1 of the
 *     16 x 16 matrix); len = 8, 4, 2 are between registers (per-lane zetas,
 *     the 16-lane tables twice).
 * The transpose between them: an 8 x 8 transpose inside the 128-bit lanes,
 * then per register the even/odd rows interleaved, then 256-bit halves
 * exchanged between register pairs.  The same sequence maps B order back to
 * rows (a transpose is its own inverse).  Arithmetic and reduction schedule
 * are the scalar code's, so results are bit-identical. */
#include <immintrin.h>

#include "ntt/ntt_internal.h"

#define V __m512i
#define AI static inline __attribute__((always_inline))


AI V set1(int16_t x) { return _mm512_set1_epi16(x); }
AI V ld(const int16_t *p) { return _mm512_loadu_si512((const void *)p); }
AI void st(int16_t *p, V x) { _mm512_storeu_si512((void *)p, x); }
AI V keep(V x)
{
    __asm__("" : "+v"(x));
    return x;
}
/* 16 entries of a table, twice */
AI V ld2(const int16_t *p)
{
    return _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)p));
}

AI V mulc(V b, V z, V zq)
{
    V t = _mm512_mullo_epi16(b, zq);
    V h = _mm512_mulhi_epi16(b, z);
    return keep(_mm512_sub_epi16(h, _mm512_mulhi_epi16(t, set1(LF_NTT_Q))));
}

AI V mulv(V a, V b, V bq)
{
    V t = _mm512_mullo_epi16(a, bq);
    V h = _mm512_mulhi_epi16(a, b);
    return keep(_mm512_sub_epi16(h, _mm512_mulhi_epi16(t, set1(LF_NTT_Q))));
}

AI V barrett(V a)
{
    V t = _mm512_srai_epi16(_mm512_mulhi_epi16(a, set1(LF_NTT_BARRETT_V)), 10);
    return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, set1(LF_NTT_Q)));
}

#define CT(A, B, ...)                                                                    \
    do {                                                                                 \
        V t_ = mulc(B, __VA_ARGS__);                                                     \
        B = _mm512_sub_epi16(A, t_);                                                     \
        A = _mm512_add_epi16(A, t_);                                                     \
    } while (0)
#define GS(A, B, ...)                                                                    \
    do {                                                                                 \
        V d_ = _mm512_sub_epi16(B, A);                                                   \
        A = _mm512_add_epi16(A, B);                                                      \
        B = mulc(d_, __VA_ARGS__);                                                       \
    } while (0)
#define GSBAR(A, B, ...)                                                                 \
    do {                                                                                 \
        V d_ = _mm512_sub_epi16(B, A);                                                   \
        A = barrett(_mm512_add_epi16(A, B));                                             \
        B = mulc(d_, __VA_ARGS__);                                                       \
    } while (0)
/* one zeta broadcast from memory (gcc would otherwise fold the table value
 * into an immediate and rebuild it with mov + vpbroadcastw from a GPR) */
AI V bcast(const int16_t *p)
{
    V r;
    __asm__("vpbroadcastw %1, %0" : "=v"(r) : "m"(*p));
    return r;
}
#define ZS(k) bcast(&lf_mlkem_zeta[k]), bcast(&lf_mlkem_zeta_qinv[k])
#define IZS(k) bcast(&lf_mlkem_izeta[k]), bcast(&lf_mlkem_izeta_qinv[k])
#define ZB(o) ld2(lf_mlkem_zetaB + (o)), ld2(lf_mlkem_zetaB_qinv + (o))
#define IZB(o) ld2(lf_mlkem_izetaB + (o)), ld2(lf_mlkem_izetaB_qinv + (o))

/* len = 16: [lo + hi z, lo - hi z] on the 256-bit halves */
AI V cthalf(V x, V z, V zq)
{
    V lo = _mm512_shuffle_i64x2(x, x, 0x44), hi = _mm512_shuffle_i64x2(x, x, 0xee);
    V t = mulc(hi, z, zq);
    return _mm512_mask_sub_epi16(_mm512_add_epi16(lo, t), (__mmask32)0xffff0000u, lo, t);
}
/* inverse len = 16: [Barrett(lo + hi), (hi - lo) z] */
AI V gshalf_bar(V x, V z, V zq)
{
    V lo = _mm512_shuffle_i64x2(x, x, 0x44), hi = _mm512_shuffle_i64x2(x, x, 0xee);
    V s = barrett(_mm512_add_epi16(lo, hi));
    V d = mulc(_mm512_sub_epi16(hi, lo), z, zq);
    return _mm512_mask_blend_epi64(0xf0, s, d);
}

/* 8 x 8 transpose inside each 128-bit lane */
AI void tr8(V *x0, V *x1, V *x2, V *x3, V *x4, V *x5, V *x6, V *x7)
{
    V t0 = _mm512_unpacklo_epi16(*x0, *x1), t1 = _mm512_unpackhi_epi16(*x0, *x1);
    V t2 = _mm512_unpacklo_epi16(*x2, *x3), t3 = _mm512_unpackhi_epi16(*x2, *x3);
    V t4 = _mm512_unpacklo_epi16(*x4, *x5), t5 = _mm512_unpackhi_epi16(*x4, *x5);
    V t6 = _mm512_unpacklo_epi16(*x6, *x7), t7 = _mm512_unpackhi_epi16(*x6, *x7);
    V u0 = _mm512_unpacklo_epi32(t0, t2), u1 = _mm512_unpackhi_epi32(t0, t2);
    V u2 = _mm512_unpacklo_epi32(t1, t3), u3 = _mm512_unpackhi_epi32(t1, t3);
    V u4 = _mm512_unpacklo_epi32(t4, t6), u5 = _mm512_unpackhi_epi32(t4, t6);
    V u6 = _mm512_unpacklo_epi32(t5, t7), u7 = _mm512_unpackhi_epi32(t5, t7);
    *x0 = _mm512_unpacklo_epi64(u0, u4);
    *x1 = _mm512_unpackhi_epi64(u0, u4);
    *x2 = _mm512_unpacklo_epi64(u1, u5);
    *x3 = _mm512_unpackhi_epi64(u1, u5);
    *x4 = _mm512_unpacklo_epi64(u2, u6);
    *x5 = _mm512_unpackhi_epi64(u2, u6);
    *x6 = _mm512_unpacklo_epi64(u3, u7);
    *x7 = _mm512_unpackhi_epi64(u3, u7);
}

/* [c_k even rows, c_8+k even, c_k odd, c_8+k odd] -> [c_k, c_8+k] */
AI V interleave_rows(V z)
{
    V p = _mm512_shuffle_i64x2(z, z, 0x50), q = _mm512_shuffle_i64x2(z, z, 0xfa);
    return _mm512_mask_blend_epi64(0xcc, _mm512_unpacklo_epi16(p, q), _mm512_unpackhi_epi16(p, q));
}

/* rows <-> B order on x0..x7 (results in x0..x7 in order) */
#define TRZ()                                                                            \
    do {                                                                                 \
        tr8(&x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7);                                     \
        x0 = interleave_rows(x0), x1 = interleave_rows(x1);                              \
        x2 = interleave_rows(x2), x3 = interleave_rows(x3);                              \
        x4 = interleave_rows(x4), x5 = interleave_rows(x5);                              \
        x6 = interleave_rows(x6), x7 = interleave_rows(x7);                              \
        V y0 = _mm512_shuffle_i64x2(x0, x1, 0x44), y4 = _mm512_shuffle_i64x2(x0, x1, 0xee);  \
        V y1 = _mm512_shuffle_i64x2(x2, x3, 0x44), y5 = _mm512_shuffle_i64x2(x2, x3, 0xee);  \
        V y2 = _mm512_shuffle_i64x2(x4, x5, 0x44), y6 = _mm512_shuffle_i64x2(x4, x5, 0xee);  \
        V y3 = _mm512_shuffle_i64x2(x6, x7, 0x44), y7 = _mm512_shuffle_i64x2(x6, x7, 0xee);  \
        x0 = y0, x1 = y1, x2 = y2, x3 = y3, x4 = y4, x5 = y5, x6 = y6, x7 = y7;           \
    } while (0)

#define LOAD8(f, p)                                                                      \
    V x0 = f(p), x1 = f(p + 32), x2 = f(p + 64), x3 = f(p + 96);                          \
    V x4 = f(p + 128), x5 = f(p + 160), x6 = f(p + 192), x7 = f(p + 224)
#define STORE8(p, g)                                                                     \
    st(p, g(x0)), st(p + 32, g(x1)), st(p + 64, g(x2)), st(p + 96, g(x3));               \
    st(p + 128, g(x4)), st(p + 160, g(x5)), st(p + 192, g(x6)), st(p + 224, g(x7))
#define ID(v) (v)

/* forward: rows levels len 128..16, to B order, B levels len 8, 4, 2 */
#define FWD_LEVELS()                                                                     \
    do {                                                                                 \
        CT(x0, x4, ZS(1)); CT(x1, x5, ZS(1)); CT(x2, x6, ZS(1)); CT(x3, x7, ZS(1));      \
        CT(x0, x2, ZS(2)); CT(x1, x3, ZS(2)); CT(x4, x6, ZS(3)); CT(x5, x7, ZS(3));      \
        CT(x0, x1, ZS(4)); CT(x2, x3, ZS(5)); CT(x4, x5, ZS(6)); CT(x6, x7, ZS(7));      \
        x0 = cthalf(x0, ZS(8)), x1 = cthalf(x1, ZS(9)), x2 = cthalf(x2, ZS(10));         \
        x3 = cthalf(x3, ZS(11)), x4 = cthalf(x4, ZS(12)), x5 = cthalf(x5, ZS(13));       \
        x6 = cthalf(x6, ZS(14)), x7 = cthalf(x7, ZS(15));                                \
        TRZ();                                                                           \
        CT(x0, x4, ZB(0)); CT(x1, x5, ZB(0)); CT(x2, x6, ZB(0)); CT(x3, x7, ZB(0));      \
        CT(x0, x2, ZB(16)); CT(x1, x3, ZB(16)); CT(x4, x6, ZB(32)); CT(x5, x7, ZB(32));  \
        CT(x0, x1, ZB(48)); CT(x2, x3, ZB(64)); CT(x4, x5, ZB(80)); CT(x6, x7, ZB(96));  \
    } while (0)

/* inverse up to (not including) the last level: B levels, to rows, rows levels */
#define INV_LEVELS()                                                                     \
    do {                                                                                 \
        GSBAR(x0, x1, IZB(48)); GSBAR(x2, x3, IZB(64)); GSBAR(x4, x5, IZB(80));          \
        GSBAR(x6, x7, IZB(96));                                                          \
        GS(x0, x2, IZB(16)); GS(x1, x3, IZB(16)); GS(x4, x6, IZB(32)); GS(x5, x7, IZB(32)); \
        GS(x0, x4, IZB(0)); GS(x1, x5, IZB(0)); GS(x2, x6, IZB(0)); GS(x3, x7, IZB(0));  \
        TRZ();                                                                           \
        x0 = gshalf_bar(x0, IZS(8)), x1 = gshalf_bar(x1, IZS(9));                        \
        x2 = gshalf_bar(x2, IZS(10)), x3 = gshalf_bar(x3, IZS(11));                      \
        x4 = gshalf_bar(x4, IZS(12)), x5 = gshalf_bar(x5, IZS(13));                      \
        x6 = gshalf_bar(x6, IZS(14)), x7 = gshalf_bar(x7, IZS(15));                      \
        GS(x0, x1, IZS(4)); GS(x2, x3, IZS(5)); GS(x4, x5, IZS(6)); GS(x6, x7, IZS(7));  \
        GS(x0, x2, IZS(2)); GS(x1, x3, IZS(2)); GS(x4, x6, IZS(3)); GS(x5, x7, IZS(3));  \
    } while (0)
/* the last level with the scaling: FA, FB = 128^-1 R^2 (lazy, "to Montgomery")
 * or 128^-1 R (FIPS: exact, |x| < q) */
#define LAST(A, B, FA, FB)                                                               \
    do {                                                                                 \
        V s_ = _mm512_add_epi16(A, B), d_ = _mm512_sub_epi16(B, A);                      \
        A = mulc(s_, set1(FA), set1(FA##_QINV));                                         \
        B = mulc(d_, set1(FB), set1(FB##_QINV));                                         \
    } while (0)

static void avx512_ntt(int16_t a[256])
{
    LOAD8(ld, a);
    FWD_LEVELS();
    STORE8(a, ID);
}

static void avx512_invntt(int16_t a[256])
{
    LOAD8(ld, a);
    INV_LEVELS();
    LAST(x0, x4, LF_NTT_INV_FA, LF_NTT_INV_FB); LAST(x1, x5, LF_NTT_INV_FA, LF_NTT_INV_FB);
    LAST(x2, x6, LF_NTT_INV_FA, LF_NTT_INV_FB); LAST(x3, x7, LF_NTT_INV_FA, LF_NTT_INV_FB);
    STORE8(a, ID);
}

/* ---- checked (FIPS-semantics) kernels: range check in mask registers,
 * final reduction, output masked by the verdict; no branch on the data ---- */
AI V ldc(const int16_t *p, __mmask32 *ok)
{
    V x = ld(p);
    *ok &= _mm512_cmplt_epu16_mask(x, set1(LF_NTT_Q));
    return x;
}
#define CHK_BEGIN() __mmask32 ok_ = (__mmask32)~0u
#define LDC(p) ldc(p, &ok_)
#define VERDICT()                                                                        \
    const uint32_t bad_ = lf_ntt_nzmask(~(uint32_t)_cvtmask32_u32(ok_));                 \
    const V keep_ = _mm512_set1_epi32((int)~bad_)
/* [0, q) from x + ofs in [0, 2^16): exact unsigned Barrett (ntt_bounds.py) */
AI V freeze_u(V x, int16_t ofs)
{
    V u = _mm512_add_epi16(x, set1(ofs));
    V t = _mm512_srli_epi16(_mm512_mulhi_epu16(u, set1(LF_NTT_BARRETT_V)), 10);
    return _mm512_sub_epi16(u, _mm512_mullo_epi16(t, set1(LF_NTT_Q)));
}
AI V caddq(V x)
{
    return _mm512_min_epu16(x, _mm512_add_epi16(x, set1(LF_NTT_Q))); /* x < 0: x + q */
}
#define KFRZ(v) _mm512_and_si512(freeze_u(v, LF_NTT_FRZ_NTT_OFS), keep_)
#define KCADD(v) _mm512_and_si512(caddq(v), keep_)

static uint32_t avx512_ntt_fips(int16_t r[256], const int16_t a[256])
{
    CHK_BEGIN();
    LOAD8(LDC, a);
    FWD_LEVELS();
    TRZ(); /* B order -> rows = FIPS order */
    VERDICT();
    STORE8(r, KFRZ);
    return bad_;
}

static uint32_t avx512_invntt_fips(int16_t r[256], const int16_t a[256])
{
    CHK_BEGIN();
    LOAD8(LDC, a);
    TRZ(); /* FIPS order (rows) -> B order */
    INV_LEVELS();
    LAST(x0, x4, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FB_FIPS);
    LAST(x1, x5, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FB_FIPS);
    LAST(x2, x6, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FB_FIPS);
    LAST(x3, x7, LF_NTT_INV_FA_FIPS, LF_NTT_INV_FB_FIPS);
    VERDICT();
    STORE8(r, KCADD);
    return bad_;
}

/* FIPS order basemul, the arithmetic of avx2_basemul_fips (ntt_avx2.c: exact
 * pair sums by vpmaddwd, one Montgomery reduction) on 32 lanes; the range
 * check in mask registers as the loads happen, the output masked */
AI V swap16(V x)
{
    const V idx = _mm512_set4_epi32(0x0d0c0f0e, 0x09080b0a, 0x05040706, 0x01000302);
    return _mm512_shuffle_epi8(x, idx);
}

static uint32_t avx512_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    CHK_BEGIN();
    V c[8];
    for (int i = 0; i < 8; i++) {
        V x = LDC(a + 32 * i), y = LDC(b + 32 * i);
        V e = mulc(y, ld(lf_mlkem_gammaF + 32 * i), ld(lf_mlkem_gammaF_qinv + 32 * i));
        V f = mulc(y, set1(LF_NTT_MONT_R2), set1(LF_NTT_MONT_R2_QINV));
        V x0 = _mm512_madd_epi16(x, e), x1 = _mm512_madd_epi16(x, swap16(f));
        V lo = _mm512_mask_blend_epi16(0xaaaaaaaau, x0, _mm512_slli_epi32(x1, 16));
        V hi = _mm512_mask_blend_epi16(0xaaaaaaaau, _mm512_srli_epi32(x0, 16), x1);
        V t = _mm512_mullo_epi16(lo, set1(LF_NTT_QINV));
        c[i] = caddq(_mm512_sub_epi16(hi, _mm512_mulhi_epi16(t, set1(LF_NTT_Q))));
    }
    VERDICT();
    for (int i = 0; i < 8; i++) st(r + 32 * i, _mm512_and_si512(c[i], keep_));
    return bad_;
}

/* B order: register lanes 0-15 = u = 2w, lanes 16-31 = u = 2w + 1 */
AI V ldpair(const int16_t *p)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                              _mm256_loadu_si256((const __m256i *)(p + 32)), 1);
}
AI void stpair(int16_t *p, V x)
{
    _mm256_storeu_si256((__m256i *)p, _mm512_castsi512_si256(x));
    _mm256_storeu_si256((__m256i *)(p + 32), _mm512_extracti64x4_epi64(x, 1));
}

static void avx512_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    const V qinv = set1(LF_NTT_QINV);
    for (int w = 0; w < 4; w++) {
        int p = 64 * w;
        V a0 = ldpair(a + p), a1 = ldpair(a + p + 16), b0 = ldpair(b + p), b1 = ldpair(b + p + 16);
        V g = ld(lf_mlkem_gammaB + 32 * w), gq = ld(lf_mlkem_gammaB_qinv + 32 * w);
        V b0q = _mm512_mullo_epi16(b0, qinv), b1q = _mm512_mullo_epi16(b1, qinv);
        V c0 = _mm512_add_epi16(mulv(a0, b0, b0q), mulc(mulv(a1, b1, b1q), g, gq));
        V c1 = _mm512_add_epi16(mulv(a0, b1, b1q), mulv(a1, b0, b0q));
        stpair(r + p, c0);
        stpair(r + p + 16, c1);
    }
}

/* ---- the cyclic product (128 coefficients, own kernel) ----
 * a in x0..x3 and b in x4..x7 (rows: zmm v = coefficients 32 v ..), both
 * transformed at once: len 64, 32 between registers, len 16 between the
 * 256-bit halves; TRZ makes the pair one transposed 16 x 16 matrix (zmm w =
 * columns 2w, 2w + 1; lanes 0-7 rows of a, 8-15 rows of b), where len 8, 4, 2
 * are between registers and len 1 between the halves (per-lane zetas
 * lf_cyc_zeta16).  The pointwise product multiplies the a lanes by the b
 * lanes (128-bit lanes swapped), so both copies hold a o b; the inverse runs
 * on both copies through the column levels (same instructions), then on a's
 * rows only.  Reduction schedule as the C kernel (tools/ntt_bounds.py). */
#define CZ(k) bcast(&lf_cyc_zeta[k]), bcast(&lf_cyc_zeta_qinv[k])
#define ICZ(k) bcast(&lf_cyc_izeta[k]), bcast(&lf_cyc_izeta_qinv[k])
#define CZ16(o) ld2(lf_cyc_zeta16 + (o)), ld2(lf_cyc_zeta16_qinv + (o))
#define ICZ16(o) ld2(lf_cyc_izeta16 + (o)), ld2(lf_cyc_izeta16_qinv + (o))

/* [lo + hi, (hi - lo) z] on the 256-bit halves */
AI V gshalf(V x, V z, V zq)
{
    V lo = _mm512_shuffle_i64x2(x, x, 0x44), hi = _mm512_shuffle_i64x2(x, x, 0xee);
    return _mm512_mask_blend_epi64(0xf0, _mm512_add_epi16(lo, hi),
                                   mulc(_mm512_sub_epi16(hi, lo), z, zq));
}

AI V pointwise(V x)
{
    V y = _mm512_shuffle_i64x2(x, x, 0xb1); /* a lanes <-> b lanes */
    V p = mulv(x, y, _mm512_mullo_epi16(y, set1(LF_NTT_QINV)));
    return mulc(p, set1(LF_NTT_CYC_SCALE), set1(LF_NTT_CYC_SCALE_QINV));
}

static uint32_t avx512_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    CHK_BEGIN();
    V x0 = LDC(a), x1 = LDC(a + 32), x2 = LDC(a + 64), x3 = LDC(a + 96);
    V x4 = LDC(b), x5 = LDC(b + 32), x6 = LDC(b + 64), x7 = LDC(b + 96);
    CT(x0, x2, CZ(0)); CT(x1, x3, CZ(0)); CT(x4, x6, CZ(0)); CT(x5, x7, CZ(0));
    CT(x0, x1, CZ(0)); CT(x2, x3, CZ(1)); CT(x4, x5, CZ(0)); CT(x6, x7, CZ(1));
    x0 = cthalf(x0, CZ(0)), x1 = cthalf(x1, CZ(1)), x2 = cthalf(x2, CZ(2));
    x3 = cthalf(x3, CZ(3)), x4 = cthalf(x4, CZ(0)), x5 = cthalf(x5, CZ(1));
    x6 = cthalf(x6, CZ(2)), x7 = cthalf(x7, CZ(3));
    TRZ();
    CT(x0, x4, CZ16(0)); CT(x1, x5, CZ16(0)); CT(x2, x6, CZ16(0)); CT(x3, x7, CZ16(0));
    CT(x0, x2, CZ16(16)); CT(x1, x3, CZ16(16)); CT(x4, x6, CZ16(32)); CT(x5, x7, CZ16(32));
    CT(x0, x1, CZ16(48)); CT(x2, x3, CZ16(64)); CT(x4, x5, CZ16(80)); CT(x6, x7, CZ16(96));
    x0 = cthalf(x0, CZ16(112)), x1 = cthalf(x1, CZ16(128)), x2 = cthalf(x2, CZ16(144));
    x3 = cthalf(x3, CZ16(160)), x4 = cthalf(x4, CZ16(176)), x5 = cthalf(x5, CZ16(192));
    x6 = cthalf(x6, CZ16(208)), x7 = cthalf(x7, CZ16(224));
    x0 = pointwise(x0), x1 = pointwise(x1), x2 = pointwise(x2), x3 = pointwise(x3);
    x4 = pointwise(x4), x5 = pointwise(x5), x6 = pointwise(x6), x7 = pointwise(x7);
    x0 = gshalf(x0, ICZ16(112)), x1 = gshalf(x1, ICZ16(128)), x2 = gshalf(x2, ICZ16(144));
    x3 = gshalf(x3, ICZ16(160)), x4 = gshalf(x4, ICZ16(176)), x5 = gshalf(x5, ICZ16(192));
    x6 = gshalf(x6, ICZ16(208)), x7 = gshalf(x7, ICZ16(224));
    GS(x0, x1, ICZ16(48)); GS(x2, x3, ICZ16(64)); GS(x4, x5, ICZ16(80)); GS(x6, x7, ICZ16(96));
    GS(x0, x2, ICZ16(16)); GS(x1, x3, ICZ16(16)); GS(x4, x6, ICZ16(32)); GS(x5, x7, ICZ16(32));
    GSBAR(x0, x4, ICZ16(0)); GSBAR(x1, x5, ICZ16(0)); GSBAR(x2, x6, ICZ16(0));
    GSBAR(x3, x7, ICZ16(0)); /* level 4: Barrett on the sums */
    TRZ(); /* x0..x3: a o b in rows (x4..x7: the same for the b copy, unused) */
    x0 = gshalf(x0, ICZ(0)), x1 = gshalf(x1, ICZ(1)), x2 = gshalf(x2, ICZ(2));
    x3 = gshalf(x3, ICZ(3));
    GS(x0, x1, ICZ(0)); GS(x2, x3, ICZ(1));
    GS(x0, x2, ICZ(0)); GS(x1, x3, ICZ(0));
    VERDICT();
    st(r, _mm512_and_si512(freeze_u(x0, LF_NTT_FRZ_CYC_OFS), keep_));
    st(r + 32, _mm512_and_si512(freeze_u(x1, LF_NTT_FRZ_CYC_OFS), keep_));
    st(r + 64, _mm512_and_si512(freeze_u(x2, LF_NTT_FRZ_CYC_OFS), keep_));
    st(r + 96, _mm512_and_si512(freeze_u(x3, LF_NTT_FRZ_CYC_OFS), keep_));
    return bad_;
}

static void avx512_cyclic_lazy(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)avx512_cyclic(r, a, b);
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_avx512 = {
    .ntt = avx512_ntt, .invntt = avx512_invntt, .basemul = avx512_basemul,
    .cyclic = avx512_cyclic_lazy, .cyclic_chk = avx512_cyclic,
    .ntt_fips = avx512_ntt_fips, .invntt_fips = avx512_invntt_fips,
    .basemul_fips = avx512_basemul_fips};
