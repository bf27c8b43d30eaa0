/* field_template.h: the public API of one prime field, written once.
 *
 * Included exactly once per translation unit, by src/field/generated/<field>.c,
 * after that file has defined the template contract (see README.md in this
 * directory): LF_FIELD, LF_N, LF_BITS, LF_BYTES, LF_MONT, lf_c_p, lf_c_one,
 * lf_c_inv_fix, LF_P_INV62, LF_SQRT_P3MOD4, lf_c_sqrt_exp, LF_SQRT_EXP_BITS,
 * LF_TS_S, lf_c_ts_z, lf_c_pm2, LF_PM2_BITS and LF_KERNELS(), and after the
 * field's public header (which declares lf_<field>_t and the functions below).
 *
 * Conventions for every function here:
 *  - "element" = lf_<field>_t in internal form (Montgomery a*2^(64N) mod p if
 *    LF_MONT, else plain), always fully reduced: every limb vector is < p.
 *    Functions taking elements require that; under -DLF_VERIFY they abort()
 *    when an input (or a kernel's output) is not < p.
 *  - outputs may alias any input unless stated otherwise;
 *  - constant time (no branch, memory index or division depending on element
 *    values) unless the name ends in _var.  Masks derived from data pass
 *    through lf_vb() so the optimiser cannot turn them back into branches.
 * LF_N is a compile-time constant, so all limb loops have fixed trip counts.
 */
#ifndef LF_FIELD
#error "field_template.h: define the template contract first (src/field/README.md)"
#endif
#ifdef LF_FIELD_TEMPLATE_INCLUDED
#error "field_template.h: one field per translation unit"
#endif
#define LF_FIELD_TEMPLATE_INCLUDED 1

#include <stddef.h>
#include <stdint.h>
#ifdef LF_VERIFY
#include <stdlib.h>
#endif

#include "field_internal.h"

#define LF_CAT_(a, b, c, d) a##b##c##d
#define LF_CAT(a, b, c, d) LF_CAT_(a, b, c, d)
#define LF_FN(op) LF_CAT(lf_, LF_FIELD, _, op)
#define LF_T LF_CAT(lf_, LF_FIELD, _, t)

#if LF_N < 1 || LF_N > 16
#error "field_template.h: LF_N must be in 1..16"
#endif
#if LF_BITS > 64 * LF_N || LF_BYTES > 8 * LF_N || LF_BYTES * 8 < LF_BITS
#error "field_template.h: inconsistent LF_BITS / LF_BYTES / LF_N"
#endif

__extension__ typedef unsigned __int128 lft_u128; /* GCC/Clang (as the C kernels) */
__extension__ typedef __int128 lft_i128;

/* ---------------------------------------------------------------------------
 * Small constant-time helpers on raw limb vectors.
 * ------------------------------------------------------------------------- */

/* 1 if a < p, else 0.  Borrow chain, no data-dependent branch. */
static uint64_t lft_lt_p(const uint64_t a[LF_N])
{
    uint64_t borrow = 0;
    for (int i = 0; i < LF_N; i++) {
        lft_u128 t = (lft_u128)a[i] - lf_c_p[i] - borrow;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    return borrow;
}

/* all-ones if x != 0, else 0 */
static uint64_t lft_mask_nz(uint64_t x)
{
    return lf_vb(0 - ((x | (0 - x)) >> 63));
}

static void lft_copy(uint64_t r[LF_N], const uint64_t a[LF_N])
{
    for (int i = 0; i < LF_N; i++) r[i] = a[i];
}

/* r = a where mask is all-ones; r unchanged where mask is 0 */
static void lft_cmov_mask(uint64_t r[LF_N], const uint64_t a[LF_N], uint64_t mask)
{
    for (int i = 0; i < LF_N; i++) r[i] ^= (r[i] ^ a[i]) & mask;
}

static uint64_t lft_is_zero_u(const uint64_t a[LF_N])
{
    uint64_t acc = 0;
    for (int i = 0; i < LF_N; i++) acc |= a[i];
    return 1 & ~lft_mask_nz(acc);
}

static uint64_t lft_eq_u(const uint64_t a[LF_N], const uint64_t b[LF_N])
{
    uint64_t acc = 0;
    for (int i = 0; i < LF_N; i++) acc |= a[i] ^ b[i];
    return 1 & ~lft_mask_nz(acc);
}

#ifdef LF_VERIFY
static void lft_verify(const uint64_t a[LF_N])
{
    if (!lft_lt_p(a)) abort();
}
#define LFT_VERIFY(a) lft_verify(a)
#else
#define LFT_VERIFY(a) ((void)0)
#endif

/* Canonical limbs (maybe >= p) -> internal form.  Out of range: r = 0 and
 * LF_ERR_RANGE; the comparison result is the only thing that leaks (through
 * the return value). */
static int lft_load_canonical(uint64_t r[LF_N], const uint64_t a[LF_N],
                              const lf_field_kernels *k)
{
    uint64_t t[LF_N];
    uint64_t ok = lf_vb(0 - lft_lt_p(a));
    for (int i = 0; i < LF_N; i++) t[i] = a[i] & ok;
    k->to_internal(r, t);
    for (int i = 0; i < LF_N; i++) r[i] &= ok;
    LFT_VERIFY(r);
    /* LF_ERR_RANGE where ok == 0, LF_OK (0) where ok is all-ones */
    return (int)(int64_t)((uint64_t)(int64_t)LF_ERR_RANGE & ~ok);
}

/* ---------------------------------------------------------------------------
 * Kernels.  Thin wrappers over the back end's table.
 * ------------------------------------------------------------------------- */

/* r = a*b.  Inputs < p, output < p; r may alias a and/or b; constant time. */
void LF_FN(mul)(LF_T *r, const LF_T *a, const LF_T *b)
{
    LFT_VERIFY(a->v);
    LFT_VERIFY(b->v);
    LF_KERNELS()->mul(r->v, a->v, b->v);
    LFT_VERIFY(r->v);
}

/* r = a^2.  Input < p, output < p; r may alias a; constant time. */
void LF_FN(sqr)(LF_T *r, const LF_T *a)
{
    LFT_VERIFY(a->v);
    LF_KERNELS()->sqr(r->v, a->v);
    LFT_VERIFY(r->v);
}

/* r = a+b mod p.  Inputs < p, output < p; any aliasing; constant time. */
void LF_FN(add)(LF_T *r, const LF_T *a, const LF_T *b)
{
    LFT_VERIFY(a->v);
    LFT_VERIFY(b->v);
    LF_KERNELS()->add(r->v, a->v, b->v);
    LFT_VERIFY(r->v);
}

/* r = a-b mod p.  Inputs < p, output < p; any aliasing; constant time. */
void LF_FN(sub)(LF_T *r, const LF_T *a, const LF_T *b)
{
    LFT_VERIFY(a->v);
    LFT_VERIFY(b->v);
    LF_KERNELS()->sub(r->v, a->v, b->v);
    LFT_VERIFY(r->v);
}

/* r = -a mod p (neg(0) = 0).  Input < p, output < p; r may alias a; constant time. */
void LF_FN(neg)(LF_T *r, const LF_T *a)
{
    LFT_VERIFY(a->v);
    LF_KERNELS()->neg(r->v, a->v);
    LFT_VERIFY(r->v);
}

/* ---------------------------------------------------------------------------
 * Encoding and simple predicates.
 * ------------------------------------------------------------------------- */

/* Parse LF_BYTES big-endian bytes as a canonical value.  Value < p: r = that
 * value in internal form, returns LF_OK.  Value >= p: r = 0, returns
 * LF_ERR_RANGE.  Constant time in the value (only the range verdict leaks,
 * through the return value).  r may not overlap in. */
int LF_FN(from_bytes)(LF_T *r, const uint8_t in[LF_BYTES])
{
    uint64_t t[LF_N] = {0};
    for (int i = 0; i < LF_BYTES; i++)
        t[i / 8] |= (uint64_t)in[LF_BYTES - 1 - i] << (8 * (i % 8));
    return lft_load_canonical(r->v, t, LF_KERNELS());
}

/* Write the canonical value of a (< p) as LF_BYTES big-endian bytes.
 * Constant time. */
void LF_FN(to_bytes)(uint8_t out[LF_BYTES], const LF_T *a)
{
    uint64_t t[LF_N];
    LFT_VERIFY(a->v);
    LF_KERNELS()->from_internal(t, a->v);
    for (int i = 0; i < LF_BYTES; i++)
        out[LF_BYTES - 1 - i] = (uint8_t)(t[i / 8] >> (8 * (i % 8)));
}

/* Canonical little-endian limbs -> internal form.  a >= p: r = 0 and
 * LF_ERR_RANGE, else LF_OK.  r may alias a.  Constant time in the value. */
int LF_FN(to_internal)(LF_T *r, const uint64_t a[LF_N])
{
    uint64_t t[LF_N];
    lft_copy(t, a);
    return lft_load_canonical(r->v, t, LF_KERNELS());
}

/* Internal form (< p) -> canonical little-endian limbs.  r may alias a->v.
 * Constant time. */
void LF_FN(from_internal)(uint64_t r[LF_N], const LF_T *a)
{
    LFT_VERIFY(a->v);
    LF_KERNELS()->from_internal(r, a->v);
}

/* r = 0 */
void LF_FN(set_zero)(LF_T *r)
{
    for (int i = 0; i < LF_N; i++) r->v[i] = 0;
}

/* r = 1 (internal form) */
void LF_FN(set_one)(LF_T *r)
{
    lft_copy(r->v, lf_c_one);
}

/* 1 if a == 0 else 0.  a < p.  Constant time. */
int LF_FN(is_zero)(const LF_T *a)
{
    LFT_VERIFY(a->v);
    return (int)lft_is_zero_u(a->v);
}

/* 1 if a == b else 0.  Inputs < p (so the internal form is unique).
 * Constant time. */
int LF_FN(eq)(const LF_T *a, const LF_T *b)
{
    LFT_VERIFY(a->v);
    LFT_VERIFY(b->v);
    return (int)lft_eq_u(a->v, b->v);
}

/* r = a if flag != 0 (callers pass 0 or 1), r unchanged if flag == 0.
 * r may alias a.  Constant time in flag and in the values. */
void LF_FN(cmov)(LF_T *r, const LF_T *a, int flag)
{
    LFT_VERIFY(a->v);
    lft_cmov_mask(r->v, a->v, lft_mask_nz((uint64_t)(unsigned)flag));
}

/* ---------------------------------------------------------------------------
 * Exponentiation with a public exponent.
 * ------------------------------------------------------------------------- */

/* r = a^e, e = sum e[i]*2^(64 i) over its low ebits bits (a^0 = 1, 0^e = 0
 * for e > 0).  a < p, output < p; r may alias a.  Time depends on e (public)
 * only: fixed 4-bit windows; table entries are selected by exponent bits. */
static void lft_pow(uint64_t r[LF_N], const uint64_t a[LF_N], const uint64_t *e,
                    size_t ebits, const lf_field_kernels *k)
{
    uint64_t tbl[16][LF_N], acc[LF_N];
    int started = 0;
    lft_copy(tbl[0], lf_c_one);
    lft_copy(tbl[1], a);
    for (int i = 2; i < 16; i++) k->mul(tbl[i], tbl[i - 1], a);
    lft_copy(acc, lf_c_one);
    for (size_t w = (ebits + 3) / 4; w-- > 0;) {
        unsigned bits = 0;
        for (int j = 3; j >= 0; j--) {
            size_t bit = 4 * w + (size_t)j;
            bits <<= 1;
            if (bit < ebits) bits |= (unsigned)(e[bit / 64] >> (bit % 64)) & 1;
        }
        if (started)
            for (int j = 0; j < 4; j++) k->sqr(acc, acc);
        if (bits) {
            if (started) k->mul(acc, acc, tbl[bits]);
            else lft_copy(acc, tbl[bits]);
            started = 1;
        }
    }
    lft_copy(r, acc);
}

/* r = a^e (see lft_pow).  a < p; e public (branches on e), a may be secret;
 * r may alias a.  Used by sqrt, and by the tests as the Fermat reference. */
void LF_FN(pow_var_exp)(LF_T *r, const LF_T *a, const uint64_t *e, size_t ebits)
{
    LFT_VERIFY(a->v);
    lft_pow(r->v, a->v, e, ebits, LF_KERNELS());
    LFT_VERIFY(r->v);
}

/* ---------------------------------------------------------------------------
 * Inversion: Bernstein-Yang safegcd ("Fast constant-time gcd computation and
 * modular inversion", TCHES 2019), original divstep with delta starting at 1:
 *     delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f)/2)
 *     g odd:                (delta, f, g) <- (1 + delta, f, (g + f)/2)
 *     otherwise:            (delta, f, g) <- (1 + delta, f, g/2)
 * from f = p (odd), g = x.  Theorem 11.2 of the paper: if f^2 + 4g^2 <=
 * 5*2^(2d), then after m >= (49d+80)/17 (d < 46) or m >= (49d+57)/17 (d >= 46)
 * divsteps g = 0 and f = +-gcd(p, x) = +-1 (x != 0).  Here 0 <= x < p < 2^d
 * with d = LF_BITS, so f^2 + 4g^2 < 5*2^(2d).  We take m = ceil(bound),
 * rounded up to whole batches of 62 (e.g. 256 bits: 742 -> 12 batches;
 * 1024 bits: 2955 -> 48 batches).  Extra divsteps after g = 0 only halve
 * g = 0 and leave f alone, so overshooting is harmless.
 *
 * Each batch runs 62 divsteps on the low 64 bits of f and g (enough: the
 * i-th step reads bit 0 of a word whose low 64-i bits are exact) and records
 * the transition matrix T = [u v; q r] with 2^62 [f'; g'] = T [f; g];
 * |u|+|v| <= 2^62 and |q|+|r| <= 2^62 (each step at most doubles the row sums).
 * T is then applied to the full f, g and to d, e, which keep d*x == f and
 * e*x == g (mod p) (start d = 0, e = 1), the division by 2^62 of d and e done
 * modulo p with LF_P_INV62 = p^-1 mod 2^62.  At the end x^-1 = f*d mod p.
 *
 * Numbers are kept in LF_N62 signed-62-bit limbs: limbs 0..LF_N62-2 in
 * [0, 2^62), the top limb signed.  |f|, |g| <= p (max(|f|,|g|) never grows)
 * and d, e stay in (-2p, p), so values need LF_BITS+1 magnitude bits plus a
 * sign: 62*LF_N62 >= LF_BITS + 2.  For LF_BITS <= 1024 that is <= 17 limbs.
 * ------------------------------------------------------------------------- */
#define LF_N62 ((LF_BITS + 2 + 61) / 62)
#if LF_BITS < 46
#define LF_DIVSTEPS ((49 * LF_BITS + 80 + 16) / 17)
#else
#define LF_DIVSTEPS ((49 * LF_BITS + 57 + 16) / 17)
#endif
#define LF_DIVSTEP_BATCHES ((LF_DIVSTEPS + 61) / 62)
#if LF_N62 < 2
#error "field_template.h: safegcd needs LF_BITS > 60"
#endif

#define LFT_M62 (((uint64_t)1 << 62) - 1)

typedef struct {
    int64_t u, v, q, r;
} lft_mat;

/* value < 2^(62*LF_N62), in 64-bit limbs -> 62-bit limbs (all non-negative) */
static void lft_to62(int64_t r[LF_N62], const uint64_t a[LF_N])
{
    lft_u128 acc = 0;
    int have = 0, j = 0;
    for (int i = 0; i < LF_N62; i++) {
        if (have < 62 && j < LF_N) {
            acc |= (lft_u128)a[j++] << have;
            have += 64;
        }
        r[i] = (int64_t)((uint64_t)acc & LFT_M62);
        acc >>= 62;
        have -= 62;
    }
}

/* non-negative value < 2^(64*LF_N), all limbs in [0, 2^62) -> 64-bit limbs */
static void lft_from62(uint64_t r[LF_N], const int64_t a[LF_N62])
{
    lft_u128 acc = 0;
    int have = 0, j = 0;
    for (int i = 0; i < LF_N; i++) {
        while (have < 64 && j < LF_N62) {
            acc |= (lft_u128)(uint64_t)a[j++] << have;
            have += 62;
        }
        r[i] = (uint64_t)acc;
        acc >>= 64;
        have -= 64;
    }
}

/* 62 divsteps on the low words of f and g, constant time.  Returns the new
 * delta; writes the transition matrix.  Per step, with c1 = (delta > 0 and g
 * odd) and c2 = (g odd) as masks: if c1, (f, g, delta) <- (g, -f, -delta) and
 * the rows of T likewise; if c2, g += f (row 2 += row 1); then g /= 2,
 * row 1 *= 2 (keeps the common 2^i scale), delta += 1. */
static int64_t lft_divsteps62(int64_t delta, uint64_t f, uint64_t g, lft_mat *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, x;
    for (int i = 0; i < 62; i++) {
        uint64_t c2 = lf_vb(0 - (g & 1));
        /* delta > 0 <=> -delta < 0 (|delta| stays far below 2^62) */
        uint64_t c1 = lf_vb(c2 & (0 - (((uint64_t)0 - (uint64_t)delta) >> 63)));
        x = (f ^ g) & c1; f ^= x; g ^= x; g = (g ^ c1) - c1;
        x = (u ^ q) & c1; u ^= x; q ^= x; q = (q ^ c1) - c1;
        x = (v ^ r) & c1; v ^= x; r ^= x; r = (r ^ c1) - c1;
        delta = (int64_t)(((uint64_t)delta ^ c1) - c1);
        g += f & c2; q += u & c2; r += v & c2;
        g >>= 1; u <<= 1; v <<= 1; delta += 1;
    }
    t->u = (int64_t)u; t->v = (int64_t)v; t->q = (int64_t)q; t->r = (int64_t)r;
    return delta;
}

/* Variable-time version of lft_divsteps62 (same result): runs of zero bits
 * of g are consumed at once. */
static int64_t lft_divsteps62_var(int64_t delta, uint64_t f, uint64_t g, lft_mat *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, x;
    int left = 62;
    for (;;) {
        int z = g ? __builtin_ctzll(g) : 64;
        if (z > left) z = left;
        g >>= z; u <<= z; v <<= z; delta += z; left -= z;
        if (left == 0) break;
        if (delta > 0) {
            x = f; f = g; g = 0 - x;
            x = u; u = q; q = 0 - x;
            x = v; v = r; r = 0 - x;
            delta = -delta;
        }
        g += f; q += u; r += v;
        g >>= 1; u <<= 1; v <<= 1; delta += 1;
        if (--left == 0) break;
    }
    t->u = (int64_t)u; t->v = (int64_t)v; t->q = (int64_t)q; t->r = (int64_t)r;
    return delta;
}

/* [f; g] <- T [f; g] / 2^62 (exact).  Accumulators: |u*f_i| + |v*g_i| < 2^125. */
static void lft_update_fg(int64_t f[LF_N62], int64_t g[LF_N62], const lft_mat *t)
{
    lft_i128 cf = (lft_i128)t->u * f[0] + (lft_i128)t->v * g[0];
    lft_i128 cg = (lft_i128)t->q * f[0] + (lft_i128)t->r * g[0];
    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < LF_N62; i++) {
        cf += (lft_i128)t->u * f[i] + (lft_i128)t->v * g[i];
        cg += (lft_i128)t->q * f[i] + (lft_i128)t->r * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & LFT_M62);
        g[i - 1] = (int64_t)((uint64_t)cg & LFT_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[LF_N62 - 1] = (int64_t)cf;
    g[LF_N62 - 1] = (int64_t)cg;
}

/* [d; e] <- T [d; e] / 2^62 mod p, inputs and outputs in (-2p, p).
 * First add p to a negative d or e (folded into the multiplier: md =
 * u*[d<0] + v*[e<0]), giving values in (-p, p) and |u d + v e| < 2^62 p;
 * then subtract k*p, k in [0, 2^62) chosen (with p^-1 mod 2^62) to make the
 * sum divisible by 2^62.  Result in ((-2^62 p - 2^62 p), 2^62 p) / 2^62 =
 * (-2p, p).  |md| < 2^63; accumulators < 2^124 + 2^124 + 2^125 + carry. */
static void lft_update_de(int64_t d[LF_N62], int64_t e[LF_N62], const lft_mat *t,
                          const int64_t p62[LF_N62])
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    int64_t sd = d[LF_N62 - 1] >> 63, se = e[LF_N62 - 1] >> 63;
    int64_t md = (int64_t)lf_vb((uint64_t)((u & sd) + (v & se)));
    int64_t me = (int64_t)lf_vb((uint64_t)((q & sd) + (r & se)));
    lft_i128 cd = (lft_i128)u * d[0] + (lft_i128)v * e[0];
    lft_i128 ce = (lft_i128)q * d[0] + (lft_i128)r * e[0];
    md -= (int64_t)(((uint64_t)LF_P_INV62 * (uint64_t)cd + (uint64_t)md) & LFT_M62);
    me -= (int64_t)(((uint64_t)LF_P_INV62 * (uint64_t)ce + (uint64_t)me) & LFT_M62);
    cd += (lft_i128)md * p62[0];
    ce += (lft_i128)me * p62[0];
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < LF_N62; i++) {
        cd += (lft_i128)u * d[i] + (lft_i128)v * e[i] + (lft_i128)md * p62[i];
        ce += (lft_i128)q * d[i] + (lft_i128)r * e[i] + (lft_i128)me * p62[i];
        d[i - 1] = (int64_t)((uint64_t)cd & LFT_M62);
        e[i - 1] = (int64_t)((uint64_t)ce & LFT_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[LF_N62 - 1] = (int64_t)cd;
    e[LF_N62 - 1] = (int64_t)ce;
}

/* d <- d + (p & mask), then carries renormalised (limbs < 2^62, top signed) */
static void lft_cadd_p62(int64_t d[LF_N62], const int64_t p62[LF_N62], uint64_t mask)
{
    for (int i = 0; i < LF_N62; i++) d[i] += (int64_t)((uint64_t)p62[i] & mask);
    for (int i = 0; i < LF_N62 - 1; i++) {
        d[i + 1] += d[i] >> 62;
        d[i] &= (int64_t)LFT_M62;
    }
}

/* d <- -d where mask is all-ones, then renormalised */
static void lft_cneg62(int64_t d[LF_N62], uint64_t mask)
{
    for (int i = 0; i < LF_N62; i++)
        d[i] = (int64_t)(((uint64_t)d[i] ^ mask) - mask);
    for (int i = 0; i < LF_N62 - 1; i++) {
        d[i + 1] += d[i] >> 62;
        d[i] &= (int64_t)LFT_M62;
    }
}

static uint64_t lft_g_is_zero62(const int64_t g[LF_N62])
{
    uint64_t acc = 0;
    for (int i = 0; i < LF_N62; i++) acc |= (uint64_t)g[i];
    return acc == 0;
}

/* r = internal inverse of internal x (< p); 0 -> 0.  var = 0: constant time,
 * always LF_DIVSTEP_BATCHES batches.  var = 1: variable time, stops when
 * g = 0.  r may alias x. */
static void lft_inv(uint64_t r[LF_N], const uint64_t x[LF_N], const lf_field_kernels *k,
                    int var)
{
    int64_t f[LF_N62], g[LF_N62], d[LF_N62] = {0}, e[LF_N62] = {0}, p62[LF_N62];
    int64_t delta = 1;
    uint64_t plain[LF_N];
    lft_mat t;

    lft_to62(p62, lf_c_p);
    lft_to62(f, lf_c_p);
    lft_to62(g, x);
    e[0] = 1;
    for (int b = 0; b < LF_DIVSTEP_BATCHES; b++) {
        if (var) {
            if (lft_g_is_zero62(g)) break;
            delta = lft_divsteps62_var(delta, (uint64_t)f[0] | ((uint64_t)f[1] << 62),
                                       (uint64_t)g[0] | ((uint64_t)g[1] << 62), &t);
        } else {
            delta = lft_divsteps62(delta, (uint64_t)f[0] | ((uint64_t)f[1] << 62),
                                   (uint64_t)g[0] | ((uint64_t)g[1] << 62), &t);
        }
        lft_update_fg(f, g, &t);
        lft_update_de(d, e, &t, p62);
    }
    /* Now g = 0 and f = +-1 (x != 0), or f = p, d = 0 (x = 0).
     * d in (-2p, p): normalise to [0, p) and apply the sign of f. */
    lft_cadd_p62(d, p62, lf_vb((uint64_t)(d[LF_N62 - 1] >> 63)));
    lft_cneg62(d, lf_vb((uint64_t)(f[LF_N62 - 1] >> 63)));
    lft_cadd_p62(d, p62, lf_vb((uint64_t)(d[LF_N62 - 1] >> 63)));
    lft_from62(plain, d);
    /* plain = (internal x)^-1; turn it into the internal form of x^-1
     * (a multiplication by 1 for plain fields) */
    k->mul(r, plain, lf_c_inv_fix);
}

/* r = a^-1 (internal form), inv(0) = 0.  a < p; r may alias a; constant time. */
void LF_FN(inv)(LF_T *r, const LF_T *a)
{
#ifdef LF_VERIFY
    uint64_t fermat[LF_N];
    lft_verify(a->v);
    lft_pow(fermat, a->v, lf_c_pm2, LF_PM2_BITS, LF_KERNELS());
    lft_inv(r->v, a->v, LF_KERNELS(), 0);
    if (!lft_eq_u(r->v, fermat)) abort(); /* a^(p-2) is the reference */
#else
    (void)lf_c_pm2;
    lft_inv(r->v, a->v, LF_KERNELS(), 0);
#endif
}

/* r = a^-1, inv_var(0) = 0.  VARIABLE TIME: public inputs only.  r may alias a. */
void LF_FN(inv_var)(LF_T *r, const LF_T *a)
{
    LFT_VERIFY(a->v);
    lft_inv(r->v, a->v, LF_KERNELS(), 1);
    LFT_VERIFY(r->v);
}

/* ---------------------------------------------------------------------------
 * Square root.
 * ------------------------------------------------------------------------- */

/* If a is a square (0 included): r = a square root of a, returns 1.
 * Otherwise r = 0, returns 0.  a < p; r may alias a; constant time (the
 * returned verdict is the only data-dependent output besides r).
 * p = 3 mod 4: r = a^((p+1)/4).  Otherwise Tonelli-Shanks with p-1 = 2^S T,
 * run with fixed (public) loop counts:
 *   w = a^((T-1)/2), x = a w, b = x w = a^T, c = z^T (order 2^S);
 *   invariant x^2 = a b; for k = S..2: if b^(2^(k-2)) != 1 then
 *   x *= c, b *= c^2 (masked, both always computed); c = c^2.
 * Finally r = x if x^2 == a, else 0. */
int LF_FN(sqrt)(LF_T *r, const LF_T *a)
{
    const lf_field_kernels *k = LF_KERNELS();
    uint64_t x[LF_N], s[LF_N], zero[LF_N] = {0};
    uint64_t ok;
    LFT_VERIFY(a->v);
    lft_copy(x, a->v);
#if LF_SQRT_P3MOD4
    (void)lf_c_ts_z;
    lft_pow(s, x, lf_c_sqrt_exp, LF_SQRT_EXP_BITS, k);
#else
    {
        uint64_t w[LF_N], b[LF_N], c[LF_N], tt[LF_N], t1[LF_N];
        lft_pow(w, x, lf_c_sqrt_exp, LF_SQRT_EXP_BITS, k);
        k->mul(s, x, w);
        k->mul(b, s, w);
        lft_copy(c, lf_c_ts_z);
        for (int kk = LF_TS_S; kk >= 2; kk--) {
            uint64_t fix;
            lft_copy(tt, b);
            for (int j = 0; j < kk - 2; j++) k->sqr(tt, tt);
            fix = lf_vb(0 - (1 ^ lft_eq_u(tt, lf_c_one)));
            k->mul(t1, s, c);
            lft_cmov_mask(s, t1, fix);
            k->sqr(c, c);
            k->mul(t1, b, c);
            lft_cmov_mask(b, t1, fix);
        }
    }
#endif
    {
        uint64_t chk[LF_N];
        k->sqr(chk, s);
        ok = lft_eq_u(chk, x);
    }
    lft_cmov_mask(s, zero, lf_vb(ok - 1));
    lft_copy(r->v, s);
    LFT_VERIFY(r->v);
    return (int)ok;
}

/* ---------------------------------------------------------------------------
 * Batch inversion (Montgomery's trick).
 * ------------------------------------------------------------------------- */

/* a with 0 replaced by 1 (internal), constant time; returns the zero mask */
static uint64_t lft_nonzero(uint64_t r[LF_N], const uint64_t a[LF_N])
{
    uint64_t z = lf_vb(0 - lft_is_zero_u(a));
    lft_copy(r, a);
    lft_cmov_mask(r, lf_c_one, z);
    return z;
}

/* Disjoint r and a: r[i] = a[i]^-1 (0 -> 0) with one inversion; r holds the
 * prefix products in between.  3(n-1) multiplications + 1 inversion. */
static void lft_batch_disjoint(LF_T *r, const LF_T *a, size_t n, const lf_field_kernels *k)
{
    uint64_t acc[LF_N], ai[LF_N], t[LF_N], zero[LF_N] = {0};
    if (n == 0) return;
    lft_copy(acc, lf_c_one);
    for (size_t i = 0; i < n; i++) {
        lft_copy(r[i].v, acc); /* product of a[0..i-1] (zeros as 1) */
        (void)lft_nonzero(ai, a[i].v);
        if (i == 0) lft_copy(acc, ai);
        else k->mul(acc, acc, ai);
    }
    lft_inv(acc, acc, k, 0); /* product of all nonzero a[i]: never 0 */
    for (size_t i = n; i-- > 0;) {
        uint64_t z = lft_nonzero(ai, a[i].v);
        if (i > 0) k->mul(t, r[i].v, acc);
        else lft_copy(t, acc);
        k->mul(acc, acc, ai);
        lft_cmov_mask(t, zero, z);
        lft_copy(r[i].v, t);
    }
}

/* In place: r == a.  The inputs must survive until their own backward step,
 * so prefix products live in two stack buffers of LFT_BK elements: the array
 * is cut into chunks of LFT_BK, the chunk products are inverted together
 * (one inversion per LFT_BK^2 elements), then each chunk is finished with
 * its own prefix products.  About 4n multiplications. */
#define LFT_BK 32
static void lft_batch_inplace(LF_T *r, size_t n, const lf_field_kernels *k)
{
    LF_T prod[LFT_BK], pinv[LFT_BK];
    uint64_t acc[LF_N], ai[LF_N], t[LF_N], zero[LF_N] = {0};
    for (size_t base = 0; base < n; base += (size_t)LFT_BK * LFT_BK) {
        size_t m = n - base < (size_t)LFT_BK * LFT_BK ? n - base : (size_t)LFT_BK * LFT_BK;
        size_t nc = (m + LFT_BK - 1) / LFT_BK;
        LF_T *blk = r + base;
        for (size_t c = 0; c < nc; c++) {
            size_t len = m - c * LFT_BK < LFT_BK ? m - c * LFT_BK : LFT_BK;
            (void)lft_nonzero(prod[c].v, blk[c * LFT_BK].v);
            for (size_t j = 1; j < len; j++) {
                (void)lft_nonzero(ai, blk[c * LFT_BK + j].v);
                k->mul(prod[c].v, prod[c].v, ai);
            }
        }
        lft_batch_disjoint(pinv, prod, nc, k);
        for (size_t c = 0; c < nc; c++) {
            size_t len = m - c * LFT_BK < LFT_BK ? m - c * LFT_BK : LFT_BK;
            LF_T *e = blk + c * LFT_BK;
            lft_copy(acc, lf_c_one);
            for (size_t j = 0; j < len; j++) { /* prod[j] = e[0..j-1] product */
                lft_copy(prod[j].v, acc);
                (void)lft_nonzero(ai, e[j].v);
                k->mul(acc, acc, ai);
            }
            lft_copy(acc, pinv[c].v);
            for (size_t j = len; j-- > 0;) {
                uint64_t z = lft_nonzero(ai, e[j].v);
                k->mul(t, prod[j].v, acc);
                k->mul(acc, acc, ai);
                lft_cmov_mask(t, zero, z);
                lft_copy(e[j].v, t);
            }
        }
    }
}

/* r[i] = a[i]^-1 for i < n, zero elements giving zero without affecting the
 * others.  Inputs < p.  r and a are either the same array or disjoint
 * (partial overlap is not allowed).  Constant time in the values; n public.
 * Disjoint: one inversion in total; in place: one per 1024 elements.  No
 * heap; stack use 2*32 elements in place. */
void LF_FN(batch_inv)(LF_T *r, const LF_T *a, size_t n)
{
    const lf_field_kernels *k = LF_KERNELS();
#ifdef LF_VERIFY
    for (size_t i = 0; i < n; i++) lft_verify(a[i].v);
#endif
    if ((const void *)r == (const void *)a) lft_batch_inplace(r, n, k);
    else lft_batch_disjoint(r, a, n, k);
#ifdef LF_VERIFY
    for (size_t i = 0; i < n; i++) lft_verify(r[i].v);
#endif
}
