/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: Montgomery arithmetic for run-time odd moduli and constant-time
 * modular exponentiation (the RSA-CRT private operation is in rsa.c).
 *
 * Montgomery products are a product (generated Comba / Karatsuba, dedicated
 * squaring for squares) followed by a separate reduction: the generated
 * word-by-word reduction for n <= redc_max, and above that a reduction by
 * multiplication, q = (t mod R) * (-m^-1 mod R) mod R, r = (t + q m) / R,
 * whose two products ride on Karatsuba. */
#include <string.h>

#include "mp/mp_internal.h"

#define LF_MP_TAB_WORDS 4096 /* modexp table: 2^w entries of n limbs */

void lf_mp_redc(uint64_t *r, const uint64_t *t, const lf_mp_mont_ctx *ctx)
{
    lf_mp_redc_k(lf_mp_k(), r, t, ctx);
}

void lf_mp_redc_k(const lf_mp_kernels *k, uint64_t *r, const uint64_t *t, const lf_mp_mont_ctx *ctx)
{
    size_t n = ctx->n;
    if (n <= (size_t)k->redc_max) {
        k->redc[n](r, t, ctx->m);
        return;
    }
    uint64_t q[LF_MP_MAX_LIMBS], qm[2 * LF_MP_MAX_LIMBS], d[LF_MP_MAX_LIMBS];
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mullo_rec(k, q, t, ctx->minv, n, scratch);
    lf_mp_mul_rec(k, qm, q, ctx->m, n, -1, scratch);
    /* t + q m = 0 mod R; (t + q m)/R < 2m is qm[n..2n) plus the carry c */
    uint64_t c = lf_mp_add_n(qm, qm, t, 2 * n);
    uint64_t bo = lf_mp_sub_n(d, qm + n, ctx->m, n);
    memcpy(r, qm + n, 8 * n);
    lf_mp_csel(r, d, 0 - (c | (bo ^ 1)), n);
}

void lf_mp_mmul(uint64_t *r, const uint64_t *a, const uint64_t *b, const lf_mp_mont_ctx *ctx)
{
    uint64_t t[2 * LF_MP_MAX_LIMBS], scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_mul_rec(lf_mp_k(), t, a, b, ctx->n, -1, scratch);
    lf_mp_redc(r, t, ctx);
}

void lf_mp_msqr(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx)
{
    uint64_t t[2 * LF_MP_MAX_LIMBS], scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    lf_mp_sqr_rec(lf_mp_k(), t, a, ctx->n, -1, scratch);
    lf_mp_redc(r, t, ctx);
}

/* r = 2r mod m for r < m */
static void lf_mp_mdouble(uint64_t *r, const uint64_t *m, size_t n)
{
    uint64_t d[LF_MP_MAX_LIMBS], c = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = r[i];
        r[i] = (x << 1) | c;
        c = x >> 63;
    }
    uint64_t bo = lf_mp_sub_n(d, r, m, n);
    lf_mp_csel(r, d, 0 - (c | (bo ^ 1)), n);
}

int lf_mp_mont_init(lf_mp_mont_ctx *ctx, const uint64_t *m, size_t n)
{
    if (!ctx) return LF_ERR_PARAM;
    memset(ctx, 0, sizeof *ctx);
    if (n < 1 || n > LF_MP_MAX_LIMBS || !m) return LF_ERR_PARAM;
    /* the modulus may be secret: its validity (odd, > 1) is the only thing
     * revealed, through the return value */
    uint64_t big = 0;
    for (size_t i = 1; i < n; i++) big |= m[i];
    uint64_t even = (m[0] & 1) ^ 1, is1 = ((m[0] ^ 1) | big);
    is1 = ((is1 | (0 - is1)) >> 63) ^ 1;                  /* 1 iff m == 1 */
    uint64_t bad = lf_vb(0 - (even | is1));
    ctx->n = n;
    memcpy(ctx->m, m, 8 * n);
    ctx->m[0] |= 1;  /* keep the arithmetic below well defined for an even m */
    /* m0^-1 mod 2^64 by Newton: 3 correct bits, doubled five times */
    uint64_t m0 = ctx->m[0], inv = m0;
    for (int i = 0; i < 5; i++) inv *= 2 - m0 * inv;
    ctx->m[n] = 0 - inv;
    m = ctx->m;
    /* -m^-1 mod R: Newton x <- x (2 - m x) on n limbs */
    const lf_mp_kernels *k = lf_mp_k();
    uint64_t x[LF_MP_MAX_LIMBS] = {0}, y[LF_MP_MAX_LIMBS], z[LF_MP_MAX_LIMBS];
    uint64_t scratch[LF_MP_SCRATCH(LF_MP_MAX_LIMBS)];
    x[0] = inv;
    for (size_t bits = 64; bits < 64 * n; bits *= 2) {
        lf_mp_mullo_rec(k, y, m, x, n, scratch);
        for (size_t i = 0; i < n; i++) y[i] = ~y[i]; /* 2 - y = ~y + 3 mod R */
        lf_mp_add_1(y, 3, n);
        lf_mp_mullo_rec(k, z, x, y, n, scratch);
        memcpy(x, z, 8 * n);
    }
    memset(z, 0, 8 * n);
    lf_mp_sub_n(ctx->minv, z, x, n);
    /* R mod m by 64n doublings of 1 (m >= 3), then R 2^n by n more; six
     * Montgomery squarings take R 2^n to R 2^(64n) = R^2 mod m */
    uint64_t *one = ctx->one;
    one[0] = 1;
    for (size_t i = 0; i < 64 * n; i++) lf_mp_mdouble(one, m, n);
    memcpy(x, one, 8 * n);
    for (size_t i = 0; i < n; i++) lf_mp_mdouble(x, m, n);
    for (int i = 0; i < 6; i++) lf_mp_msqr(x, x, ctx);
    memcpy(ctx->rr, x, 8 * n);
    lf_mp_mmul(ctx->rrr, ctx->rr, ctx->rr, ctx);
    /* an invalid modulus: zero the whole context (n included) */
    uint64_t keep = ~bad;
    ctx->n &= (size_t)keep;
    for (size_t i = 0; i <= n; i++) ctx->m[i] &= keep;
    for (size_t i = 0; i < n; i++) {
        ctx->minv[i] &= keep, ctx->one[i] &= keep, ctx->rr[i] &= keep, ctx->rrr[i] &= keep;
    }
    return lf_mp_rc(bad, LF_ERR_PARAM);
}

static int lf_mp_ctx_ok(const lf_mp_mont_ctx *ctx)
{
    return ctx && ctx->n >= 1 && ctx->n <= LF_MP_MAX_LIMBS;
}

int lf_mp_mont_to_internal(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx)
{
    if (!r || !a || !lf_mp_ctx_ok(ctx)) return LF_ERR_PARAM;
    uint64_t bad = lf_mp_ge(a, ctx->m, ctx->n);
    lf_mp_mmul(r, a, ctx->rr, ctx);  /* a < R, rr < m: defined even when a >= m */
    lf_mp_zero_if(r, bad, ctx->n);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}

int lf_mp_mont_from_internal(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx)
{
    if (!r || !a || !lf_mp_ctx_ok(ctx)) return LF_ERR_PARAM;
    size_t n = ctx->n;
    uint64_t bad = lf_mp_ge(a, ctx->m, n);
    uint64_t t[2 * LF_MP_MAX_LIMBS] = {0};
    memcpy(t, a, 8 * n);
    lf_mp_redc(r, t, ctx);
    lf_mp_zero_if(r, bad, n);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}

int lf_mp_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const lf_mp_mont_ctx *ctx)
{
    if (!r || !a || !b || !lf_mp_ctx_ok(ctx)) return LF_ERR_PARAM;
    uint64_t bad = lf_mp_ge(a, ctx->m, ctx->n) | lf_mp_ge(b, ctx->m, ctx->n);
    lf_mp_mmul(r, a, b, ctx);  /* out of contract when bad: result discarded */
    lf_mp_zero_if(r, bad, ctx->n);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}

int lf_mp_mont_sqr(uint64_t *r, const uint64_t *a, const lf_mp_mont_ctx *ctx)
{
    if (!r || !a || !lf_mp_ctx_ok(ctx)) return LF_ERR_PARAM;
    uint64_t bad = lf_mp_ge(a, ctx->m, ctx->n);
    lf_mp_msqr(r, a, ctx);
    lf_mp_zero_if(r, bad, ctx->n);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}

/* ------------------------------------------------------------ modexp */
/* Window size: minimises (exponent bits)/w multiplications + 2^w table
 * entries, with the table at most LF_MP_TAB_WORDS words. */
static int lf_mp_window(size_t bits, size_t n)
{
    int best = 1;
    double cost = 1e30;
    for (int w = 1; w <= 6; w++) {
        if ((n << w) > LF_MP_TAB_WORDS) break;
        double c = (double)bits / w + (double)(1 << w);
        if (c < cost) cost = c, best = w;
    }
    return best;
}

/* w bits of e at bit position pos (public position, secret bits) */
static uint64_t lf_mp_bits(const uint64_t *e, size_t el, size_t pos, int w)
{
    size_t limb = pos / 64, off = pos % 64;
    uint64_t v = e[limb] >> off;
    if (off + (size_t)w > 64 && limb + 1 < el) v |= e[limb + 1] << (64 - off);
    return v & ((UINT64_C(1) << w) - 1);
}

/* out = tab[idx], reading every entry (constant time in idx) */
static void lf_mp_lookup(uint64_t *out, const uint64_t *tab, size_t cnt, uint64_t idx, size_t n)
{
    memset(out, 0, 8 * n);
    for (size_t j = 0; j < cnt; j++) {
        uint64_t x = (uint64_t)j ^ idx;
        uint64_t mask = lf_vb(((x | (0 - x)) >> 63) - 1); /* all-ones iff j == idx */
        const uint64_t *t = tab + j * n;
        for (size_t i = 0; i < n; i++) out[i] |= t[i] & mask;
    }
}

/* the generic exponentiation, in a frame of its own: its table and the IFMA
 * path's are never on the stack together */
static __attribute__((noinline)) void lf_mp_mexp_gen(uint64_t *acc, const uint64_t *b,
                                                     const uint64_t *e, size_t el,
                                                     const lf_mp_mont_ctx *ctx, int w)
{
    size_t n = ctx->n, bits = 64 * el;
    if (w <= 0 || (n << w) > LF_MP_TAB_WORDS) w = lf_mp_window(bits, n);
    size_t cnt = (size_t)1 << w;
    uint64_t tab[LF_MP_TAB_WORDS], t[LF_MP_MAX_LIMBS];
    memcpy(tab, ctx->one, 8 * n);
    memcpy(tab + n, b, 8 * n);
    for (size_t j = 2; j < cnt; j++) {
        if (j % 2 == 0) lf_mp_msqr(tab + j * n, tab + (j / 2) * n, ctx);
        else lf_mp_mmul(tab + j * n, tab + (j - 1) * n, b, ctx);
    }
    size_t nw = (bits + (size_t)w - 1) / (size_t)w;
    size_t pos = (nw - 1) * (size_t)w;
    lf_mp_lookup(acc, tab, cnt, lf_mp_bits(e, el, pos, (int)(bits - pos)), n);
    while (pos > 0) {
        pos -= (size_t)w;
        for (int i = 0; i < w; i++) lf_mp_msqr(acc, acc, ctx);
        lf_mp_lookup(t, tab, cnt, lf_mp_bits(e, el, pos, w), n);
        lf_mp_mmul(acc, acc, t, ctx);
    }
}

/* The radix-2^52 modexp kernels (src/mp/native/x86_64/mp_ifma.c): a table of
 * the one dispatch pattern, whose c entry has none (ok() says no for every
 * size) and whose avx512ifma entry has the IFMA ones. */
typedef struct {
    int (*ok)(size_t n); /* the sizes it has */
    void (*mexp)(uint64_t *acc, const uint64_t *u, const uint64_t *e, size_t el, const lf_mp_mont_ctx *ctx,
                 const uint64_t *t, int w);
    void (*mexp_pub)(uint64_t *acc, const uint64_t *u, uint64_t e, const lf_mp_mont_ctx *ctx, const uint64_t *t);
    void (*mexp2)(uint64_t *const acc[2], const uint64_t *const u[2], const uint64_t *const e[2], size_t el,
                  const lf_mp_mont_ctx *const ctx[2], const uint64_t *const t[2], int w);
} lf_mp_exp52;

static int lf_mp_exp52_none(size_t n)
{
    (void)n;
    return 0;
}
static const lf_mp_exp52 lf_mp_exp52_c = {lf_mp_exp52_none, NULL, NULL, NULL};
#ifdef LF_NATIVE_MP_AVX512IFMA
static const lf_mp_exp52 lf_mp_exp52_avx512ifma = {lf_mp_ifma_ok, lf_mp_mexp_ifma, lf_mp_mexp_pub_ifma,
                                                   lf_mp_mexp2_ifma};
#endif
/* the back ends with an exp52 set of their own: mp's native files
 * (LF_NATIVE_MP_<B>, src/mp/sources.cmake), and C's stand-in */
#define LF_NATIVE_MP_C 1
#define LF_DISPATCH_OWN(B) LF_NATIVE_MP_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_mp_exp52_##b
static const lf_mp_exp52 *const lf_mp_exp52_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_mp_exp52_dispatch = {"mp radix 2^52", lf_mp_exp52_table,
                                                         sizeof lf_mp_exp52_table[0],
#include "generated/dispatch_table.h"
};

/* the radix-2^52 kernels for this context, or NULL */
static const lf_mp_exp52 *lf_mp_exp52_for(const lf_mp_mont_ctx *ctx)
{
    const lf_mp_exp52 *k = lf_mp_exp52_table[lf_dispatch_slot()];
    return k->ok(ctx->n) ? k : NULL;
}

/* t = R'^2/R mod m, R' = 2^(52L), L = ceil(64n/52): 2(52L - 64n) doublings
 * of R mod m (constant time in m) */
static void lf_mp_ifma_t(uint64_t *t, const lf_mp_mont_ctx *ctx)
{
    size_t n = ctx->n, L = (64 * n + 51) / 52;
    memcpy(t, ctx->one, 8 * n);
    for (size_t i = 0; i < 2 * (52 * L - 64 * n); i++) lf_mp_mdouble(t, ctx->m, n);
}

void lf_mp_mexp(uint64_t *acc, const uint64_t *b, const uint64_t *e, size_t el,
                const lf_mp_mont_ctx *ctx, int w)
{
    /* radix 2^52 (AVX-512 IFMA) for the sizes it has */
    const lf_mp_exp52 *k = lf_mp_exp52_for(ctx);
    if (k) {
        uint64_t t[LF_MP_MAX_LIMBS];
        lf_mp_ifma_t(t, ctx);
        k->mexp(acc, b, e, el, ctx, t, w);
        return;
    }
    lf_mp_mexp_gen(acc, b, e, el, ctx, w);
}

void lf_mp_mexp2(uint64_t *acc1, const uint64_t *b1, const uint64_t *e1, const lf_mp_mont_ctx *ctx1,
                 uint64_t *acc2, const uint64_t *b2, const uint64_t *e2, const lf_mp_mont_ctx *ctx2,
                 size_t el)
{
    /* both in one 2-way IFMA pass: two independent chains fill the vector units */
    const lf_mp_exp52 *k = lf_mp_exp52_for(ctx1);
    if (ctx1->n == ctx2->n && k) {
        uint64_t t1[LF_MP_MAX_LIMBS], t2[LF_MP_MAX_LIMBS];
        lf_mp_ifma_t(t1, ctx1);
        lf_mp_ifma_t(t2, ctx2);
        uint64_t *const acc[2] = {acc1, acc2};
        const uint64_t *const b[2] = {b1, b2}, *const e[2] = {e1, e2}, *const t[2] = {t1, t2};
        const lf_mp_mont_ctx *const ctx[2] = {ctx1, ctx2};
        k->mexp2(acc, b, e, el, ctx, t, 0);
        return;
    }
    lf_mp_mexp(acc1, b1, e1, el, ctx1, 0);
    lf_mp_mexp(acc2, b2, e2, el, ctx2, 0);
}

void lf_mp_mexp_pub(uint64_t *acc, const uint64_t *b, uint64_t e, const lf_mp_mont_ctx *ctx)
{
    const lf_mp_exp52 *k = lf_mp_exp52_for(ctx);
    if (k) {
        uint64_t t[LF_MP_MAX_LIMBS];
        lf_mp_ifma_t(t, ctx);
        k->mexp_pub(acc, b, e, ctx, t);
        return;
    }
    /* left-to-right square-and-multiply over the bits of the public e */
    size_t n = ctx->n;
    uint64_t x[LF_MP_MAX_LIMBS];
    memcpy(x, b, 8 * n);
    int top = 63;
    while (top > 0 && !((e >> top) & 1)) top--;
    memcpy(acc, x, 8 * n);
    for (int i = top - 1; i >= 0; i--) {
        lf_mp_msqr(acc, acc, ctx);
        if ((e >> i) & 1) lf_mp_mmul(acc, acc, x, ctx);
    }
}

int lf_mp_modexp(uint64_t *r, const uint64_t *base, const uint64_t *exp, size_t exp_limbs,
                 const lf_mp_mont_ctx *ctx)
{
    if (!r || !base || !exp || !lf_mp_ctx_ok(ctx) || exp_limbs < 1 ||
        exp_limbs > LF_MP_MAX_LIMBS)
        return LF_ERR_PARAM;
    size_t n = ctx->n;
    uint64_t bad = lf_mp_ge(base, ctx->m, n);
    uint64_t bm[LF_MP_MAX_LIMBS], t[2 * LF_MP_MAX_LIMBS] = {0};
    lf_mp_mmul(bm, base, ctx->rr, ctx);  /* base < R, rr < m: bm < m even when base >= m */
    lf_mp_mexp(t, bm, exp, exp_limbs, ctx, 0);
    memset(t + n, 0, 8 * n);
    lf_mp_redc(r, t, ctx);
    lf_mp_zero_if(r, bad, n);
    return lf_mp_rc(bad, LF_ERR_RANGE);
}
