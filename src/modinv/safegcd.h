/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* safegcd.h: modular inversion by Bernstein-Yang safegcd ("Fast constant-time
 * gcd computation and modular inversion", TCHES 2019), for any odd modulus
 * described by an lf_sg_mod.  Internal (not installed).
 *
 * Two ways in:
 *  - the core below, static inline: a caller whose descriptor is a
 *    compile-time constant (the field template builds one from its
 *    constants; a static const descriptor, LF_SG_MOD_CONST) gets the limb
 *    loops unrolled and the modulus folded in, as if written for that size;
 *  - lf_sg_mod_init / lf_sg_inv / lf_sg_inv_var (safegcd.c): compiled once,
 *    for descriptors known only at run time (mp's moduli).
 *
 * Descriptor contract (lf_sg_mod):
 *  - p odd, 3 <= p < 2^bits, 2 <= bits <= LF_SG_MAX_BITS (8192) and
 *    bits <= 64 n, 1 <= n <= LF_SG_MAX_N64 (128).  bits is an upper bound,
 *    not necessarily p's exact bit length (a tighter bound means fewer
 *    divsteps).  p need not be prime: x^-1 is returned for x coprime to p;
 *    otherwise there is no inverse and the result is some value < p.
 *  - n, bits, n62 and batches are public: the running time depends on them
 *    (and, in the constant-time entries, on nothing else).  p62 and pinv62
 *    may be secret (an RSA prime): the constant-time entries never branch on
 *    them or use them as memory indices.  For a secret p, take bits from its
 *    public size (64 n), not from its value.
 *  - n62 = LF_SG_N62(bits), batches = LF_SG_BATCHES(bits), pinv62 =
 *    p^-1 mod 2^62, p62[0..n62) = p in 62-bit limbs, each in [0, 2^62) (the
 *    rest unused).  lf_sg_mod_set (no checks, inline) and lf_sg_mod_init
 *    (checked) fill them in; LF_SG_MOD_CONST writes a static const one.
 *
 * Inversion contract (lf_sg_inv, lf_sg_inv_var, lf_sg_inv_core):
 *  - x: n 64-bit limbs, little-endian, x < p.  r: n limbs, r = x^-1 mod p
 *    in [0, p); 0 -> 0.  r may alias x exactly (r == x); no partial
 *    overlap; neither may overlap the descriptor or the work area.
 *  - lf_sg_inv (core with var = 0): constant time: always `batches` batches
 *    of 62 divsteps, no branch or memory index depending on x or p.
 *    lf_sg_inv_var (var = 1): VARIABLE TIME in x and p: public data only.
 *  - no heap.  Stack: the core needs LF_SG_WORK(n62) int64_t of work area
 *    from its caller; the compiled entries use about 4.4 KB (room for 8192
 *    bits), lf_sg_mod is about 1.1 KB.
 */
#ifndef LF_SAFEGCD_H
#define LF_SAFEGCD_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"
#include "lf_wide.h"

#define LF_SG_MAX_BITS 8192
#define LF_SG_MAX_N64 (LF_SG_MAX_BITS / 64)

/* Limbs of 62 bits for values of `bits` bits: see "Representation" below
 * (62 n62 >= bits + 2), and at least 2 (a batch reads 64 bits of f, g). */
#define LF_SG_N62(bits) (((bits) + 63) / 62 > 2 ? ((bits) + 63) / 62 : 2)
/* Divsteps that always suffice (Theorem 11.2, see below), rounded up. */
#define LF_SG_DIVSTEPS(bits) \
    ((bits) < 46 ? (49 * (bits) + 80 + 16) / 17 : (49 * (bits) + 57 + 16) / 17)
#define LF_SG_BATCHES(bits) ((LF_SG_DIVSTEPS(bits) + 61) / 62)
#define LF_SG_MAX_N62 LF_SG_N62(LF_SG_MAX_BITS)
/* Work area of the core, in int64_t: f, g, d, e. */
#define LF_SG_WORK(n62) (4 * (n62))

typedef struct {
    int n;                      /* 64-bit limbs of x and r */
    int bits;                   /* p < 2^bits */
    int n62;                    /* LF_SG_N62(bits) */
    int batches;                /* LF_SG_BATCHES(bits) */
    uint64_t pinv62;            /* p^-1 mod 2^62 */
    int64_t p62[LF_SG_MAX_N62]; /* p in 62-bit limbs; [0, n62) used */
} lf_sg_mod;

/* A static const descriptor: LF_SG_MOD_CONST(n, bits, pinv62, p62 limbs...) */
#define LF_SG_MOD_CONST(n, bits, pinv62, ...) \
    { (n), (bits), LF_SG_N62(bits), LF_SG_BATCHES(bits), (pinv62), { __VA_ARGS__ } }

/* Run-time descriptor: checks the contract above (p odd, 3 <= p < 2^bits,
 * bits and n in range) and fills m.  LF_OK, or LF_ERR_PARAM: for a bad
 * n or bits (or NULL) m is untouched; for a bad p m is written but unusable.
 * Constant time in p: the return value is its only data-dependent output. */
LF_HIDDEN int lf_sg_mod_init(lf_sg_mod *m, const uint64_t *p, size_t n, unsigned bits);
/* r = x^-1 mod p (0 -> 0), constant time; see the contract above. */
LF_HIDDEN void lf_sg_inv(const lf_sg_mod *m, uint64_t *r, const uint64_t *x);
/* The same, VARIABLE TIME (public x and p only). */
LF_HIDDEN void lf_sg_inv_var(const lf_sg_mod *m, uint64_t *r, const uint64_t *x);

#if defined(__GNUC__) || defined(__clang__)
#define LF_SG_INLINE static inline __attribute__((always_inline))
#else
#define LF_SG_INLINE static inline
#endif


#define LF_SG_M62 (((uint64_t)1 << 62) - 1)

/* p^-1 mod 2^62 for odd p0 = p mod 2^64: Newton, x <- x (2 - p0 x) doubles
 * the correct low bits; p0 p0 = 1 mod 8 gives 3 to start: 3, 6, 12, 24, 48,
 * 96.  Constant time. */
static inline uint64_t lf_sg_pinv62(uint64_t p0)
{
    uint64_t x = p0;
    for (int i = 0; i < 5; i++) x *= 2 - p0 * x;
    return x & LF_SG_M62;
}

/* a (n 64-bit limbs) < 2^(62 n62) -> r (n62 62-bit limbs, all in [0, 2^62)).
 * Limbs of a above 62 n62 bits are ignored (callers pass a < 2^bits). */
LF_SG_INLINE void lf_sg_to62(int64_t *r, int n62, const uint64_t *a, int n)
{
    for (int i = 0; i < n62; i++) {
        int w = 62 * i / 64, off = 62 * i % 64;
        uint64_t x = w < n ? a[w] >> off : 0;
        if (off > 2 && w + 1 < n) x |= a[w + 1] << (64 - off); /* the limb straddles two words */
        r[i] = (int64_t)(x & LF_SG_M62);
    }
}

/* a (n62 limbs in [0, 2^62), value < 2^(64 n)) -> r (n 64-bit limbs). */
LF_SG_INLINE void lf_sg_from62(uint64_t *r, int n, const int64_t *a, int n62)
{
    for (int i = 0; i < n; i++) {
        uint64_t x = 0;
        for (int j = 64 * i / 62; j <= (64 * i + 63) / 62 && j < n62; j++) {
            int sh = 62 * j - 64 * i; /* where limb j starts, relative to word i */
            x |= sh >= 0 ? (uint64_t)a[j] << sh : (uint64_t)a[j] >> -sh;
        }
        r[i] = x;
    }
}

/* Fill m for p (n limbs) < 2^bits, odd, with pinv62 = p^-1 mod 2^62, no
 * checks.  For constant arguments everything folds away. */
LF_SG_INLINE void lf_sg_mod_set(lf_sg_mod *m, const uint64_t *p, int n, int bits,
                                uint64_t pinv62)
{
    lf_sg_to62(m->p62, LF_SG_N62(bits), p, n);
    m->n = n;
    m->bits = bits;
    m->n62 = LF_SG_N62(bits);
    m->batches = LF_SG_BATCHES(bits);
    m->pinv62 = pinv62;
}

/* ---------------------------------------------------------------------------
 * The algorithm.  Original divstep with delta starting at 1:
 *     delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f)/2)
 *     g odd:                (delta, f, g) <- (1 + delta, f, (g + f)/2)
 *     otherwise:            (delta, f, g) <- (1 + delta, f, g/2)
 * from f = p (odd), g = x.  Theorem 11.2 of the paper: if f^2 + 4g^2 <=
 * 5*2^(2d), then after m >= (49d+80)/17 (d < 46) or m >= (49d+57)/17 (d >= 46)
 * divsteps g = 0 and f = +-gcd(p, x) = +-1 (x coprime to p).  Here
 * 0 <= x < p < 2^d with d = bits, so f^2 + 4g^2 < 5*2^(2d).  We take
 * m = ceil(bound) (LF_SG_DIVSTEPS), rounded up to whole batches of 62
 * (LF_SG_BATCHES; e.g. 256 bits: 742 -> 12 batches; 1024 bits: 2955 -> 48;
 * 8192 bits: 23616 -> 381).  Extra divsteps after g = 0 only halve g = 0 and
 * leave f alone, so overshooting is harmless.  delta changes by at most 1 per
 * divstep from 1, so |delta| <= 23616 + 62, far below 2^62.
 *
 * Each batch runs 62 divsteps on the low 64 bits of f and g (enough: the
 * i-th step reads bit 0 of a word whose low 64-i bits are exact) and records
 * the transition matrix T = [u v; q r] with 2^62 [f'; g'] = T [f; g];
 * |u|+|v| <= 2^62 and |q|+|r| <= 2^62 (each step at most doubles the row sums).
 * T is then applied to the full f, g and to d, e, which keep d*x == f and
 * e*x == g (mod p) (start d = 0, e = 1), the division by 2^62 of d and e done
 * modulo p with pinv62 = p^-1 mod 2^62.  At the end x^-1 = f*d mod p.
 *
 * Representation: n62 signed-62-bit limbs, limbs 0..n62-2 in [0, 2^62), the
 * top limb signed.  |f|, |g| <= p (max(|f|,|g|) never grows: |g +- f|/2 <=
 * max(|f|, |g|)) and d, e stay in (-2p, p), so values need bits+1 magnitude
 * bits plus a sign: 62*n62 >= bits + 2.  For bits <= 1024 that is <= 17
 * limbs; for 8192, 133.
 * ------------------------------------------------------------------------- */

typedef struct {
    int64_t u, v, q, r;
} lf_sg_mat;

/* 62 divsteps on the low words of f and g, constant time.  Returns the new
 * delta; writes the transition matrix.  Per step, with c1 = (delta > 0),
 * c2 = (g odd) and c12 = c1 and c2 (the swap case) as masks:
 *   f' = c12 ? g : f                 (row 1' = c12 ? row 2 : row 1)
 *   g' = (g + (c1 ? -f : f) & c2) / 2 (row 2 += +-row 1 likewise)
 *   delta' = (c12 ? -delta : delta) + 1, row 1' *= 2 (the common 2^i scale).
 * The same (f, g, delta, T) as the textbook step (swap (f, g) <- (g, -f),
 * then g += f if odd), but every new value is a select or a sum of the old
 * ones, so the longest dependency per step is 5 operations (7 with the swap
 * first: the matrix rows were the chain), and there is no swap: 31
 * operations per step instead of 38.  delta is kept as eta = -delta (its
 * sign is then one shift: c1 = eta >> 63; eta' = (c12 ? -eta : eta) - 1 =
 * (eta ^ c12) + ~c12). */
static inline int64_t lf_sg_divsteps62(int64_t delta, uint64_t f, uint64_t g, lf_sg_mat *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int64_t eta = -delta; /* |delta| stays far below 2^62 */
    for (int i = 0; i < 62; i++) {
        uint64_t c2 = lf_vb(0 - (g & 1));
        uint64_t c1 = lf_vb((uint64_t)(eta >> 63));
        uint64_t c12 = c1 & c2;
        uint64_t x = (f ^ c1) - c1, y = (u ^ c1) - c1, z = (v ^ c1) - c1;
        uint64_t fn = f ^ ((f ^ g) & c12), un = u ^ ((u ^ q) & c12), vn = v ^ ((v ^ r) & c12);
        g = (g + (x & c2)) >> 1; q += y & c2; r += z & c2;
        eta = (int64_t)(((uint64_t)eta ^ c12) + ~c12);
        f = fn; u = un << 1; v = vn << 1;
    }
    t->u = (int64_t)u; t->v = (int64_t)v; t->q = (int64_t)q; t->r = (int64_t)r;
    return -eta;
}

/* Variable-time version of lf_sg_divsteps62 (same result): runs of zero
 * bits of g are consumed at once. */
static inline int64_t lf_sg_divsteps62_var(int64_t delta, uint64_t f, uint64_t g, lf_sg_mat *t)
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
LF_SG_INLINE void lf_sg_update_fg(int64_t *f, int64_t *g, const lf_sg_mat *t, int n62)
{
    lf_wide_s128 cf = lf_wide_s128_mac(lf_wide_s128_mul(t->u, f[0]), t->v, g[0]);
    lf_wide_s128 cg = lf_wide_s128_mac(lf_wide_s128_mul(t->q, f[0]), t->r, g[0]);
    cf = lf_wide_s128_sar(cf, 62);
    cg = lf_wide_s128_sar(cg, 62);
    for (int i = 1; i < n62; i++) {
        cf = lf_wide_s128_mac(lf_wide_s128_mac(cf, t->u, f[i]), t->v, g[i]);
        cg = lf_wide_s128_mac(lf_wide_s128_mac(cg, t->q, f[i]), t->r, g[i]);
        f[i - 1] = (int64_t)(lf_wide_s128_lo(cf) & LF_SG_M62);
        g[i - 1] = (int64_t)(lf_wide_s128_lo(cg) & LF_SG_M62);
        cf = lf_wide_s128_sar(cf, 62);
        cg = lf_wide_s128_sar(cg, 62);
    }
    f[n62 - 1] = (int64_t)lf_wide_s128_lo(cf);
    g[n62 - 1] = (int64_t)lf_wide_s128_lo(cg);
}

/* [d; e] <- T [d; e] / 2^62 mod p, inputs and outputs in (-2p, p).
 * First add p to a negative d or e (folded into the multiplier: md =
 * u*[d<0] + v*[e<0]), giving values in (-p, p) and |u d + v e| < 2^62 p;
 * then subtract k*p, k in [0, 2^62) chosen (with p^-1 mod 2^62) to make the
 * sum divisible by 2^62.  Result in ((-2^62 p - 2^62 p), 2^62 p) / 2^62 =
 * (-2p, p).  |md| < 2^63; accumulators < 2^124 + 2^124 + 2^125 + carry. */
LF_SG_INLINE void lf_sg_update_de(int64_t *d, int64_t *e, const lf_sg_mat *t,
                                  const int64_t *p62, uint64_t pinv62, int n62)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    int64_t sd = d[n62 - 1] >> 63, se = e[n62 - 1] >> 63;
    int64_t md = (int64_t)lf_vb((uint64_t)((u & sd) + (v & se)));
    int64_t me = (int64_t)lf_vb((uint64_t)((q & sd) + (r & se)));
    lf_wide_s128 cd = lf_wide_s128_mac(lf_wide_s128_mul(u, d[0]), v, e[0]);
    lf_wide_s128 ce = lf_wide_s128_mac(lf_wide_s128_mul(q, d[0]), r, e[0]);
    md -= (int64_t)((pinv62 * lf_wide_s128_lo(cd) + (uint64_t)md) & LF_SG_M62);
    me -= (int64_t)((pinv62 * lf_wide_s128_lo(ce) + (uint64_t)me) & LF_SG_M62);
    cd = lf_wide_s128_sar(lf_wide_s128_mac(cd, md, p62[0]), 62);
    ce = lf_wide_s128_sar(lf_wide_s128_mac(ce, me, p62[0]), 62);
    for (int i = 1; i < n62; i++) {
        cd = lf_wide_s128_mac(lf_wide_s128_mac(lf_wide_s128_mac(cd, u, d[i]), v, e[i]), md, p62[i]);
        ce = lf_wide_s128_mac(lf_wide_s128_mac(lf_wide_s128_mac(ce, q, d[i]), r, e[i]), me, p62[i]);
        d[i - 1] = (int64_t)(lf_wide_s128_lo(cd) & LF_SG_M62);
        e[i - 1] = (int64_t)(lf_wide_s128_lo(ce) & LF_SG_M62);
        cd = lf_wide_s128_sar(cd, 62);
        ce = lf_wide_s128_sar(ce, 62);
    }
    d[n62 - 1] = (int64_t)lf_wide_s128_lo(cd);
    e[n62 - 1] = (int64_t)lf_wide_s128_lo(ce);
}

/* d <- d + (p & mask), then carries renormalised (limbs < 2^62, top signed) */
LF_SG_INLINE void lf_sg_cadd_p62(int64_t *d, const int64_t *p62, uint64_t mask, int n62)
{
    for (int i = 0; i < n62; i++) d[i] += (int64_t)((uint64_t)p62[i] & mask);
    for (int i = 0; i < n62 - 1; i++) {
        d[i + 1] += d[i] >> 62;
        d[i] &= (int64_t)LF_SG_M62;
    }
}

/* d <- -d where mask is all-ones, then renormalised */
LF_SG_INLINE void lf_sg_cneg62(int64_t *d, uint64_t mask, int n62)
{
    for (int i = 0; i < n62; i++)
        d[i] = (int64_t)(((uint64_t)d[i] ^ mask) - mask);
    for (int i = 0; i < n62 - 1; i++) {
        d[i + 1] += d[i] >> 62;
        d[i] &= (int64_t)LF_SG_M62;
    }
}

/* 1 if g == 0 (variable time: the _var loop's exit test) */
LF_SG_INLINE int lf_sg_is_zero62(const int64_t *g, int n62)
{
    uint64_t acc = 0;
    for (int i = 0; i < n62; i++) acc |= (uint64_t)g[i];
    return acc == 0;
}

/* r = x^-1 mod p (0 -> 0) for the descriptor m; w: LF_SG_WORK(m->n62)
 * int64_t of scratch.  var = 0: constant time, always m->batches batches;
 * var = 1: variable time, stops when g = 0.  r may alias x.  Meant to be
 * called with constant var (and, for unrolled code, a constant m). */
LF_SG_INLINE void lf_sg_inv_core(const lf_sg_mod *m, uint64_t *r, const uint64_t *x,
                                 int64_t *w, int var)
{
    const int n = m->n, n62 = m->n62, batches = m->batches;
    const uint64_t pinv62 = m->pinv62;
    const int64_t *p62 = m->p62;
    int64_t *f = w, *g = w + n62, *d = w + 2 * n62, *e = w + 3 * n62;
    int64_t delta = 1;
    lf_sg_mat t;

    for (int i = 0; i < n62; i++) {
        f[i] = p62[i];
        d[i] = 0;
        e[i] = 0;
    }
    lf_sg_to62(g, n62, x, n);
    e[0] = 1;
    for (int b = 0; b < batches; b++) {
        if (var) {
            if (lf_sg_is_zero62(g, n62)) break;
            delta = lf_sg_divsteps62_var(delta, (uint64_t)f[0] | ((uint64_t)f[1] << 62),
                                         (uint64_t)g[0] | ((uint64_t)g[1] << 62), &t);
        } else {
            delta = lf_sg_divsteps62(delta, (uint64_t)f[0] | ((uint64_t)f[1] << 62),
                                     (uint64_t)g[0] | ((uint64_t)g[1] << 62), &t);
        }
        lf_sg_update_fg(f, g, &t, n62);
        lf_sg_update_de(d, e, &t, p62, pinv62, n62);
    }
    /* Now g = 0 and f = +-1 (x coprime to p), or f = p, d = 0 (x = 0).
     * d in (-2p, p): normalise to [0, p) and apply the sign of f. */
    lf_sg_cadd_p62(d, p62, lf_vb((uint64_t)(d[n62 - 1] >> 63)), n62);
    lf_sg_cneg62(d, lf_vb((uint64_t)(f[n62 - 1] >> 63)), n62);
    lf_sg_cadd_p62(d, p62, lf_vb((uint64_t)(d[n62 - 1] >> 63)), n62);
    lf_sg_from62(r, n, d, n62);
}

#endif
