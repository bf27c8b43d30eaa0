/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* field_template.h: the public API of one prime field, written once.
 *
 * Included exactly once per translation unit, by src/field/generated/<field>_api.c,
 * after that file has defined the template contract (see README.md in this
 * directory): LF_FIELD, LF_N, LF_BITS, LF_BYTES, LF_MONT, lf_c_p, lf_c_one,
 * lf_c_inv_fix, LF_P_INV62, LF_SQRT_P3MOD4, lf_c_sqrt_exp, LF_SQRT_EXP_BITS,
 * LF_TS_S, lf_c_ts_z, lf_c_pm2, LF_PM2_BITS, LF_KERNELS() and
 * lft_sqrt_exp_chain() (a^lf_c_sqrt_exp by the field's generated addition
 * chain), and after the field's public header (which declares lf_<field>_t
 * and the functions below).
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
#include "modinv/bingcd.h"
#include "modinv/safegcd.h"
#include "lf_wide.h"

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

/* ---------------------------------------------------------------------------
 * Small constant-time helpers on raw limb vectors.
 * ------------------------------------------------------------------------- */

/* 1 if a < p, else 0.  Borrow chain, no data-dependent branch. */
static uint64_t lft_lt_p(const uint64_t a[LF_N])
{
    uint64_t borrow = 0;
    for (int i = 0; i < LF_N; i++) (void)lf_wide_subb(&borrow, a[i], lf_c_p[i], borrow);
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
    lf_wipe(t, sizeof t);
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
    int rc = lft_load_canonical(r->v, t, LF_KERNELS());
    lf_wipe(t, sizeof t);
    return rc;
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
    lf_wipe(t, sizeof t);
}

/* Canonical little-endian limbs -> internal form.  a >= p: r = 0 and
 * LF_ERR_RANGE, else LF_OK.  r may alias a.  Constant time in the value. */
int LF_FN(to_internal)(LF_T *r, const uint64_t a[LF_N])
{
    uint64_t t[LF_N];
    lft_copy(t, a);
    int rc = lft_load_canonical(r->v, t, LF_KERNELS());
    lf_wipe(t, sizeof t);
    return rc;
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
 * only: left-to-right sliding windows of up to LFT_POW_W bits over the odd
 * powers a, a^3, .., a^(2^W - 1) (W = 5 for exponents of 240 bits and more,
 * else 4); the table index is an exponent window, never a value of a.
 * For a 381-bit exponent: 1 + 15 + ~64 multiplications and ~380 squarings,
 * against ~95 + 14 with fixed 4-bit windows.  sqrt's fixed exponent has a
 * chain of its own (lft_sqrt_exp_chain, generated per field). */
#define LFT_POW_W 5
static void lft_pow(uint64_t r[LF_N], const uint64_t a[LF_N], const uint64_t *e,
                    size_t ebits, const lf_field_kernels *k)
{
    uint64_t tbl[1 << (LFT_POW_W - 1)][LF_N], acc[LF_N];
    int w = ebits >= 240 ? LFT_POW_W : 4, started = 0;
    lft_copy(tbl[0], a);
    k->sqr(acc, a);
    for (int i = 1; i < 1 << (w - 1); i++) k->mul(tbl[i], tbl[i - 1], acc);
    lft_copy(acc, lf_c_one);
#define LFT_EBIT(i) ((unsigned)(e[(i) / 64] >> ((i) % 64)) & 1)
    for (size_t i = ebits; i-- > 0;) {
        if (!LFT_EBIT(i)) {
            if (started) k->sqr(acc, acc);
            continue;
        }
        /* the window: bits i..j, j >= i - w + 1, ending in a 1 */
        size_t j = i + 1 >= (size_t)w ? i + 1 - (size_t)w : 0;
        while (!LFT_EBIT(j)) j++;
        unsigned v = 0;
        for (size_t b = i + 1; b-- > j;) v = v << 1 | LFT_EBIT(b);
        if (started) {
            for (size_t b = i + 1; b-- > j;) k->sqr(acc, acc);
            k->mul(acc, acc, tbl[v >> 1]);
        } else {
            lft_copy(acc, tbl[v >> 1]);
            started = 1;
        }
        i = j; /* the loop's i-- moves below the window */
    }
#undef LFT_EBIT
    lft_copy(r, acc);
}

/* r = a^e (see lft_pow).  a < p; e public (branches on e), a may be secret;
 * r may alias a.  The tests' Fermat reference; sqrt uses the field's own
 * chain, lft_sqrt_exp_chain (checked against lft_pow under LF_VERIFY). */
void LF_FN(pow_var_exp)(LF_T *r, const LF_T *a, const uint64_t *e, size_t ebits)
{
    LFT_VERIFY(a->v);
    lft_pow(r->v, a->v, e, ebits, LF_KERNELS());
    LFT_VERIFY(r->v);
}

/* ---------------------------------------------------------------------------
 * Inversion.  Constant time: Pornin's optimized binary GCD,
 * src/modinv/bingcd.h (algorithm, bound proof, contract: p prime, more than
 * 64 bits, at least 2 limbs), where its x86-64 asm is built (LF_BG_ASM:
 * x86-64, optimising, not MemorySanitizer); elsewhere, and for one-limb
 * custom primes, Bernstein-Yang safegcd (bingcd.h's portable C was not
 * faster than safegcd everywhere: src/field/README.md, "Inversion").
 * Variable time: safegcd, src/modinv/safegcd.h, or the binary GCD where
 * that is faster (LFT_BG_VAR).  LF_N and LF_BITS are
 * compile-time constants, so the inline cores come out unrolled for this
 * size with p folded in.
 * ------------------------------------------------------------------------- */
#if defined(LF_BG_ASM) && LF_N >= 2 && LF_BITS > 64 && LF_N <= LF_BG_MAXN
#define LFT_BG 1
#else
#define LFT_BG 0
#endif
/* inv_var takes the constant-time binary GCD too where that is faster than
 * variable-time safegcd: up to 7 limbs (lfbench, one run, ns: bls12_381_p
 * 2090 against 2241, 4-limb fields 1254-1270 against 1378-1452, p448 2698
 * against 2685, p1024 9870 against 8534) */
#define LFT_BG_VAR (LFT_BG && LF_N <= 7)

/* r = internal inverse of internal x (< p); 0 -> 0.  var = 0: constant time.
 * var = 1: variable time allowed (safegcd, stops when g = 0; the binary GCD
 * under LFT_BG_VAR).  r may alias x. */
static void lft_inv(uint64_t r[LF_N], const uint64_t x[LF_N], const lf_field_kernels *k,
                    int var)
{
    lf_sg_mod m;
    int64_t w[LF_SG_WORK(LF_SG_N62(LF_BITS))];
    uint64_t plain[LF_N];

    lf_sg_mod_set(&m, lf_c_p, LF_N, LF_BITS, LF_P_INV62);
#if LFT_BG
    if (!var || LFT_BG_VAR)
        lf_bg_inv_core(plain, x, lf_c_p, LF_N, LF_BITS, m.p62, LF_P_INV62, w);
    else
#endif
        lf_sg_inv_core(&m, plain, x, w, var);
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
 * Finally r = x if x^2 == a, else 0.  The power a^((p+1)/4) or a^((T-1)/2)
 * is lft_sqrt_exp_chain, the field's generated addition chain (its
 * comment gives the counts); LF_VERIFY builds check it against lft_pow. */
int LF_FN(sqrt)(LF_T *r, const LF_T *a)
{
    const lf_field_kernels *k = LF_KERNELS();
    uint64_t x[LF_N], s[LF_N], zero[LF_N] = {0};
    uint64_t ok;
    LFT_VERIFY(a->v);
    lft_copy(x, a->v);
#ifdef LF_VERIFY
    {
        uint64_t ref[LF_N], got[LF_N];
        lft_pow(ref, x, lf_c_sqrt_exp, LF_SQRT_EXP_BITS, k);
        lft_sqrt_exp_chain(got, x, k);
        if (!lft_eq_u(ref, got)) abort(); /* the chain against the windows */
    }
#else
    (void)lf_c_sqrt_exp;
#endif
#if LF_SQRT_P3MOD4
    (void)lf_c_ts_z;
    lft_sqrt_exp_chain(s, x, k);
#else
    {
        uint64_t w[LF_N], b[LF_N], c[LF_N], tt[LF_N], t1[LF_N];
        lft_sqrt_exp_chain(w, x, k);
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

/* The array API and the x8 lane type. */
#include "field_vec.h"
