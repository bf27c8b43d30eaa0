/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: length-generic layer over the generated kernels.  Products above the
 * generated sizes use constant-time Karatsuba: the middle term is
 * |a0 - a1| * |b1 - b0| with the sign applied by masks, never by a branch;
 * every length-dependent branch depends on n only. */
#include <string.h>

#include "lf_wide.h"
#include "mp/mp_internal.h"

/* One word of an add/sub carry chain (the single words and short tails; the
 * long chains are lf_mp_adc/lf_mp_sbb below): x86-64 intrinsics; elsewhere,
 * and in MemorySanitizer builds (LF_MSAN: clang 14's MSan has no shadow rule
 * for the intrinsics and reports any secret operand as a use), src/lf_wide.h. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(LF_MSAN)
#include <x86intrin.h>
#include "mp/native/x86_64/carry.h"
#define LF_MP_CHAIN_ASM 1
#define LF_ADC(c, a, b, out) ((c) = _addcarry_u64((unsigned char)(c), (a), (b), (unsigned long long *)(out)))
#define LF_SBB(c, a, b, out) ((c) = _subborrow_u64((unsigned char)(c), (a), (b), (unsigned long long *)(out)))
#else
#define LF_ADC(c, a, b, out) (*(out) = lf_wide_addc(&(c), (a), (b), (c)))
#define LF_SBB(c, a, b, out) (*(out) = lf_wide_subb(&(c), (a), (b), (c)))
#endif

/* The carry chains of the length-generic code: r = a + b + cin (carry out)
 * and r = a - b - bin (borrow out) over n words, cin/bin 0 or 1; r may alias
 * a and/or b.  On x86-64 src/mp/native/x86_64/carry.h (a third of the time
 * of the intrinsics' loops under gcc). */
static inline uint64_t lf_mp_adc(uint64_t *r, const uint64_t *a, const uint64_t *b, uint64_t cin,
                                 size_t n)
{
#if defined(LF_MP_CHAIN_ASM)
    return lf_mp_adc_x86(r, a, b, cin, n);
#else
    uint64_t c = cin;
    for (size_t i = 0; i < n; i++) LF_ADC(c, a[i], b[i], &r[i]);
    return c;
#endif
}

static inline uint64_t lf_mp_sbb(uint64_t *r, const uint64_t *a, const uint64_t *b, uint64_t bin,
                                 size_t n)
{
#if defined(LF_MP_CHAIN_ASM)
    return lf_mp_sbb_x86(r, a, b, bin, n);
#else
    uint64_t c = bin;
    for (size_t i = 0; i < n; i++) LF_SBB(c, a[i], b[i], &r[i]);
    return c;
#endif
}

/* zeros: lf_mp_add_1's carry propagation is an adc chain with them */
static const uint64_t lf_mp_zeros[LF_MP_MAX_LIMBS];

uint64_t lf_mp_add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    return lf_mp_adc(r, a, b, 0, n);
}

uint64_t lf_mp_sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    return lf_mp_sbb(r, a, b, 0, n);
}

uint64_t lf_mp_add_1(uint64_t *r, uint64_t w, size_t n)
{
    /* w is a whole word (not a 0/1 carry): the first word adds it, the rest
     * propagate the carry */
    uint64_t c = 0;
    if (n == 0) return w; /* public n; nothing to add it to */
    LF_ADC(c, r[0], w, &r[0]);
    return lf_mp_adc(r + 1, r + 1, lf_mp_zeros, c, n - 1);
}

void lf_mp_csel(uint64_t *r, const uint64_t *a, uint64_t mask, size_t n)
{
    mask = lf_vb(mask);
    for (size_t i = 0; i < n; i++) r[i] = (a[i] & mask) | (r[i] & ~mask);
}

uint64_t lf_mp_lt_mask(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t c = 0, d;
    for (size_t i = 0; i < n; i++) LF_SBB(c, a[i], b[i], &d);
    return lf_vb(0 - c);
}

/* r[n] = |a - b| for a[n], b[m] (m <= n, b zero-extended); returns the mask
 * all-ones if a < b.  Both differences, then a masked select. */
static uint64_t lf_mp_absdiff(uint64_t *r, const uint64_t *a, size_t n, const uint64_t *b, size_t m)
{
    uint64_t t[LF_MP_MAX_LIMBS];
    uint64_t c1 = lf_mp_sbb(r, a, b, 0, m); /* a - b */
    uint64_t c2 = lf_mp_sbb(t, b, a, 0, m); /* b - a */
    for (size_t i = m; i < n; i++) {
        LF_SBB(c1, a[i], 0, &r[i]);
        LF_SBB(c2, 0, a[i], &t[i]);
    }
    uint64_t mask = lf_vb(0 - c1);
    for (size_t i = 0; i < n; i++) r[i] = (t[i] & mask) | (r[i] & ~mask);
    return mask;
}

/* r[h .. 2n) += z0[2h] + z2[2l] + (-1)^neg zm[2h] where r holds z0 | z2:
 * the Karatsuba middle term, computed in 2h+1 words (it is non-negative).
 * zm is scratch: overwritten. */
static void lf_mp_kara_finish(uint64_t *r, uint64_t *zm, uint64_t negmask, size_t n, size_t h,
                              uint64_t *mid)
{
    size_t l = n - h, w = 2 * h + 1;
    const uint64_t *z0 = r, *z2 = r + 2 * h;
    /* mid = z0 + z2 + (zm ^ negmask) + (negmask & 1), zm sign-extended */
    negmask = lf_vb(negmask);
    for (size_t i = 0; i < 2 * h; i++) zm[i] ^= negmask;
    uint64_t c1 = lf_mp_adc(mid, z0, z2, 0, 2 * l);
    for (size_t i = 2 * l; i < 2 * h; i++) LF_ADC(c1, z0[i], 0, &mid[i]);
    uint64_t c2 = lf_mp_adc(mid, mid, zm, negmask & 1, 2 * h);
    mid[2 * h] = c1 + c2 + negmask; /* mod 2^64: the top word of a non-negative sum */
    /* add at offset h; the true product fits 2n words, so words of mid beyond
     * r's end are zero and the final carry out is zero */
    size_t span = 2 * n - h < w ? 2 * n - h : w;
    uint64_t c = lf_mp_adc(r + h, r + h, mid, 0, span);
    lf_mp_add_1(r + h + span, c, 2 * n - h - span);
}

static inline size_t lf_mp_cut(int tmax, int kmax)
{
    int t = tmax >= 0 && tmax < kmax ? tmax : kmax;
    return t < 1 ? 1 : (size_t)t;
}

void lf_mp_mul_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a, const uint64_t *b,
                   size_t n, int tmax, uint64_t *scratch)
{
    if (n <= lf_mp_cut(tmax, k->mul_max)) {
        k->mul[n](r, a, b);
        return;
    }
    size_t h = (n + 1) / 2, l = n - h;
    uint64_t *da = scratch, *db = da + h, *zm = db + h, *mid = zm + 2 * h, *next = mid + 2 * h + 1;
    uint64_t sa = lf_mp_absdiff(da, a, h, a + h, l);  /* a0 - a1 */
    uint64_t sb;
    {
        /* b1 - b0 with b1 zero-extended to h words: |b0 - b1|, sign flipped */
        sb = ~lf_mp_absdiff(db, b, h, b + h, l);
        /* b0 == b1 gives db = 0 and any sign: harmless */
    }
    lf_mp_mul_rec(k, zm, da, db, h, tmax, next);
    lf_mp_mul_rec(k, r, a, b, h, tmax, next);
    lf_mp_mul_rec(k, r + 2 * h, a + h, b + h, l, tmax, next);
    lf_mp_kara_finish(r, zm, sa ^ sb, n, h, mid);
}

void lf_mp_sqr_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a, size_t n, int tmax,
                   uint64_t *scratch)
{
    if (n <= lf_mp_cut(tmax, k->sqr_max)) {
        k->sqr[n](r, a);
        return;
    }
    size_t h = (n + 1) / 2, l = n - h;
    uint64_t *da = scratch, *zm = da + h, *mid = zm + 2 * h, *next = mid + 2 * h + 1;
    (void)lf_mp_absdiff(da, a, h, a + h, l);
    lf_mp_sqr_rec(k, zm, da, h, tmax, next);
    lf_mp_sqr_rec(k, r, a, h, tmax, next);
    lf_mp_sqr_rec(k, r + 2 * h, a + h, l, tmax, next);
    lf_mp_kara_finish(r, zm, ~(uint64_t)0, n, h, mid);   /* z0 + z2 - (a0-a1)^2 */
}

void lf_mp_mullo_rec(const lf_mp_kernels *k, uint64_t *r, const uint64_t *a, const uint64_t *b,
                     size_t n, uint64_t *scratch)
{
    if (n <= (size_t)k->mul_max) {
        k->mul[n](scratch, a, b);
        memcpy(r, scratch, 8 * n);
        return;
    }
    /* low n words of (a0 + a1 B^h)(b0 + b1 B^h) = a0 b0 + (a1 b0 + a0 b1 mod B^l) B^h */
    size_t h = (n + 1) / 2, l = n - h;
    uint64_t *z = scratch, *t = z + 2 * h, *next = t + l;
    lf_mp_mul_rec(k, z, a, b, h, -1, next);
    memcpy(r, z, 8 * n);
    lf_mp_mullo_rec(k, t, a + h, b, l, next);
    lf_mp_add_n(r + h, r + h, t, l);
    lf_mp_mullo_rec(k, t, a, b + h, l, next);
    lf_mp_add_n(r + h, r + h, t, l);
}

/* ------------------------------------------------------------- public API */
static inline int lf_mp_bad_n(size_t n)
{
    return n < 1 || n > LF_MP_MAX_LIMBS;
}

/* Above the generated sizes: Karatsuba with its scratch in a frame of its
 * own, so the common small case pays for no large stack frame. */
static __attribute__((noinline)) void lf_mp_mul_big(const lf_mp_kernels *k, uint64_t *r,
                                                    const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(k, r, a, b, n, -1, scratch);
}

static __attribute__((noinline)) void lf_mp_sqr_big(const lf_mp_kernels *k, uint64_t *r,
                                                    const uint64_t *a, size_t n)
{
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_sqr_rec(k, r, a, n, -1, scratch);
}

int lf_mp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a || !b) return LF_ERR_PARAM;
    const lf_mp_kernels *k = lf_mp_k();
    if (n <= (size_t)k->mul_max) k->mul[n](r, a, b);
    else lf_mp_mul_big(k, r, a, b, n);
    return LF_OK;
}

int lf_mp_sqr(uint64_t *r, const uint64_t *a, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a) return LF_ERR_PARAM;
    const lf_mp_kernels *k = lf_mp_k();
    if (n <= (size_t)k->sqr_max) k->sqr[n](r, a);
    else lf_mp_sqr_big(k, r, a, n);
    return LF_OK;
}

int lf_mp_mul_lo(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a || !b) return LF_ERR_PARAM;
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mullo_rec(lf_mp_k(), r, a, b, n, scratch);
    return LF_OK;
}

int lf_mp_add(uint64_t *r, uint64_t *carry, const uint64_t *a, const uint64_t *b, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a || !b) return LF_ERR_PARAM;
    uint64_t c = lf_mp_add_n(r, a, b, n);
    if (carry) *carry = c;
    return LF_OK;
}

int lf_mp_sub(uint64_t *r, uint64_t *borrow, const uint64_t *a, const uint64_t *b, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a || !b) return LF_ERR_PARAM;
    uint64_t c = lf_mp_sub_n(r, a, b, n);
    if (borrow) *borrow = c;
    return LF_OK;
}

int lf_mp_cmov(uint64_t *r, const uint64_t *a, uint64_t flag, size_t n)
{
    if (lf_mp_bad_n(n) || !r || !a) return LF_ERR_PARAM;
    flag = lf_vb(flag);
    uint64_t nz = (flag | (0 - flag)) >> 63; /* 1 iff flag != 0 */
    lf_mp_csel(r, a, 0 - nz, n);
    return LF_OK;
}

int lf_mp_cmp(int *res, const uint64_t *a, const uint64_t *b, size_t n)
{
    if (lf_mp_bad_n(n) || !res || !a || !b) return LF_ERR_PARAM;
    uint64_t lt = lf_mp_lt_mask(a, b, n) & 1, gt = lf_mp_lt_mask(b, a, n) & 1;
    *res = (int)gt - (int)lt;
    return LF_OK;
}

int lf_mp_from_bytes(uint64_t *r, size_t n, const uint8_t *in, size_t len)
{
    if (lf_mp_bad_n(n) || !r || (!in && len)) return LF_ERR_PARAM;
    uint64_t extra = 0;
    memset(r, 0, 8 * n);
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i; /* byte weight 256^pos; public */
        if (pos < 8 * n) r[pos / 8] |= (uint64_t)in[i] << (8 * (pos % 8));
        else extra |= in[i];
    }
    uint64_t bad = lf_vb(0 - ((extra | (0 - extra)) >> 63));
    for (size_t i = 0; i < n; i++) r[i] &= ~bad;
    return (int)(bad & 1) * LF_ERR_RANGE;
}

int lf_mp_to_bytes(uint8_t *out, size_t len, const uint64_t *a, size_t n)
{
    if (lf_mp_bad_n(n) || !a || (!out && len)) return LF_ERR_PARAM;
    uint64_t extra = 0;
    for (size_t i = 0; i < len; i++) out[len - 1 - i] = i < 8 * n ? (uint8_t)(a[i / 8] >> (8 * (i % 8))) : 0;
    for (size_t i = len; i < 8 * n; i++) extra |= (a[i / 8] >> (8 * (i % 8))) & 0xff;
    uint8_t keep = (uint8_t)~lf_vb(0 - ((extra | (0 - extra)) >> 63));
    for (size_t i = 0; i < len; i++) out[i] &= keep;
    return (int)(~keep & 1) * LF_ERR_RANGE;
}
