/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: AVX-512 IFMA Montgomery exponentiation for run-time odd moduli, radix
 * 2^52 (vpmadd52luq / vpmadd52huq).  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake: LF_NATIVE_MP_AVX512IFMA); only
 * called from lf_mp_mexp / lf_mp_mexp2 (mont.c) when the selected back end
 * is avx512ifma and lf_mp_ifma_ok(n).
 *
 * Contract (mp_internal.h):
 *   lf_mp_mexp_ifma(acc[n], u[n], e[el], el, ctx, t[n], w)
 *     u = b R mod m (Montgomery form of the generic code, R = 2^(64n), u < m),
 *     t = R'^2 / R mod m with R' = 2^(52 L) (mont.c computes it: R mod m
 *     doubled 2(52 L - 64 n) times), w = window (0: chosen here).
 *     acc = b^e R mod m, acc < m.  acc may alias u.  Constant time in u, e,
 *     m (only n, el and w steer branches and addresses).
 *   lf_mp_mexp2_ifma(acc[2], u[2], e[2], el, ctx[2], t[2], w)
 *     the same for two independent exponentiations (v = 0, 1: acc[v] =
 *     u[v]^e[v] modulo ctx[v]), both moduli of n limbs, both exponents el
 *     limbs (the public length: the RSA-CRT halves, dp and dq of h limbs
 *     each), in one pass: the 2-way kernel.  acc[v] may alias u[v]; nothing
 *     else overlaps.  Constant time in both u, e and m.
 *   lf_mp_mexp_pub_ifma(acc[n], u[n], e, ctx, t[n])
 *     acc = b^e R mod m (< m) as lf_mp_mexp_ifma, for a public 64-bit e >= 1
 *     (the RSA public-exponent check): square-and-multiply over e's bits,
 *     the branches on e only.  acc may alias u.  Constant time in u and m.
 * Supported sizes: n = 16 (L = 20 limbs of 52 bits, 3 zmm), n = 24 (L = 30,
 * 4 zmm), n = 32 (L = 40, 5 zmm), n = 48 (L = 60, 8 zmm), n = 64 (L = 79,
 * 10 zmm); L = ceil(64n/52), as mont.c computes it for t.  One kernel
 * (lf_mp_ammw, always inlined) parameterised by the way count W (1 or 2),
 * the zmm count Z and the limb count L, and one exponentiation
 * (lf_mp_mexp_zw) over W ways, instantiated per size for W = 1 and W = 2.
 *
 * 2-way: one AMM step's dependency chain (x_0 -> q -> X += m q -> lane
 * shift, ~15 cycles) leaves the IFMA units mostly idle at n = 16 (14
 * vpmadd52 per step); the two CRT halves' products are independent, so
 * lf_mp_ammw issues both ways' steps interleaved (W = 2: two chains in
 * flight) and lf_mp_mexp_zw runs both exponentiations in lockstep: the
 * same window positions (same el), each way its own table, exponent
 * window and modulus.
 *
 * Almost Montgomery multiplication (AMM), operand scanning:
 *   for i < L: X += a b_i (lo parts); q = (X_0 m') mod 2^52;
 *              X += m q (lo parts); X_0 >> 52 carried into X_1; X >>= one
 *              limb; X += a b_i, m q (hi parts: they sit one limb up, i.e.
 *              at the same lane after the shift).
 *   then one vector carry round and a carry-lookahead ripple on k-masks
 *   normalise every limb to < 2^52 (vpmadd52 reads only 52 bits).
 * Bounds: m < 2^(64n) <= R'/2^12, a, b < 2m (limbs < 2^52) give
 * X = (a b + q m)/R' < (4m^2 + R' m)/R' < 2m: no subtraction in the loop.
 * A lane gains < 4 2^52 per step plus a carry < 2^12, so after L <= 80
 * steps lanes < 320 2^52 + 2^19 < 2^61 (< 2^64: no lane overflows).  After
 * the carry round lanes < 2^52 + 2^12, so each lane passes a carry of at
 * most 1: generate G (lane > 2^52 - 1), propagate P (lane == 2^52 - 1),
 * carries in = ((G << 1) + P) ^ P over the 8Z lanes as one integer mask.
 * Lanes L..8Z-1 are zero (padding) before and after.
 * Registers: X, H, A, M: 4Z zmm per way (20 at Z = 5, 24 at W = 2, Z = 3;
 * above 32, the compiler takes A and M from memory), plus a few
 * temporaries; no callee-saved state (C intrinsics).
 * Stack: the table, 2^w entries of 8Z words: 1-way at most TAB_WORDS = 2560
 * (20 KB: w = 6 up to Z = 5, w = 5 above), 2-way at most TAB2_WORDS = 1280
 * per way (10 KB each: w = 5 up to Z = 5, 4 above; the 2-way window is one
 * bit less, which measured faster), and per way (lf_mp_ifma_way) four
 * LMAX-word buffers (2.5 KB).  Measured (gcc 12 -O3, -fstack-usage):
 * lf_mp_mexp_ifma 27.3 KB (27.2 KB before the 2-way kernel),
 * lf_mp_mexp2_ifma 32.4 KB; the RSA private operation on this path (rsa.c
 * 11.7 + mont.c's lf_mp_mexp2 3.2 + 32.4) 47.3 KB.
 */
#include <immintrin.h>
#include <string.h>

#include "mp/mp_internal.h"

#define M52 ((UINT64_C(1) << 52) - 1)
#define ZMAX 10
#define TABW 6
#define LMAX (8 * ZMAX)
#define TAB_WORDS 2560 /* 2^w entries of 8Z words: w = 6 up to Z = 5, 5 above */
#define TAB2_WORDS 1280 /* per way, 2-way: w = 5 up to Z = 5, 4 above */
#define WMAX 2

/* one way's workspace: its table (the caller's, tw words), modulus and
 * buffers in radix 2^52 */
typedef struct {
    uint64_t *tab;
    uint64_t m52[LMAX], t52[LMAX], x[LMAX], y[LMAX];
    uint64_t m0; /* -m^-1 mod 2^52 */
} lf_mp_ifma_way;

int lf_mp_ifma_ok(size_t n)
{
    return n == 16 || n == 24 || n == 32 || n == 48 || n == 64;
}

/* n 64-bit limbs -> 8z 52-bit limbs (zero padded); public indices only */
static void to52(uint64_t *r, const uint64_t *a, size_t n, int z)
{
    for (int j = 0; j < 8 * z; j++) {
        size_t bit = (size_t)52 * (size_t)j, i = bit / 64, off = bit % 64;
        uint64_t v = 0;
        if (i < n) {
            v = a[i] >> off;
            if (off > 12 && i + 1 < n) v |= a[i + 1] << (64 - off);
        }
        r[j] = v & M52;
    }
}

/* 8z normalised 52-bit limbs -> n+1 64-bit limbs */
static void from52(uint64_t *r, const uint64_t *a, size_t n, int z)
{
    memset(r, 0, 8 * (n + 1));
    for (int j = 0; j < 8 * z; j++) {
        size_t bit = (size_t)52 * (size_t)j, i = bit / 64, off = bit % 64;
        if (i <= n) r[i] |= a[j] << off;
        if (off > 12 && i + 1 <= n) r[i + 1] |= a[j] >> (64 - off);
    }
}

/* W independent almost Montgomery products (W = 1 or 2, a compile-time
 * constant like Z and L): r[v] = a[v] b[v] / R' mod m[v] (< 2 m[v]), the
 * moduli and their m0 = -m^-1 mod 2^52 in way[v].  The ways' steps are
 * interleaved in program order, so two dependency chains share the vector
 * units.  r[v] may alias a[v] and b[v] (a is loaded first, b read before
 * r is stored); the ways' buffers must not overlap each other. */
static inline __attribute__((always_inline)) void
lf_mp_ammw(uint64_t *const r[], const uint64_t *const a[], const uint64_t *const b[],
           const lf_mp_ifma_way *way, const int W, const int Z, const int L)
{
    const __m512i zero = _mm512_setzero_si512(), vmask = _mm512_set1_epi64((long long)M52);
    __m512i A[WMAX][ZMAX], M[WMAX][ZMAX], X[WMAX][ZMAX], vm0[WMAX], am0[WMAX];
#pragma GCC unroll 2
    for (int v = 0; v < W; v++) {
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            A[v][k] = _mm512_loadu_si512((const void *)(a[v] + 8 * k));
            M[v][k] = _mm512_loadu_si512((const void *)(way[v].m52 + 8 * k));
            X[v][k] = zero;
        }
        vm0[v] = _mm512_set1_epi64((long long)way[v].m0);
        /* a_0 m' mod 2^52 in every lane: lo(a_0 b_i) m' = lo(b_i (a_0 m')) mod 2^52 */
        am0[v] = _mm512_madd52lo_epu64(zero, _mm512_permutexvar_epi64(zero, A[v][0]), vm0[v]);
    }
    for (int i = 0; i < L; i++) {
        /* dependency chain per step: X_0 -> q (madd, broadcast) -> X += m q
         * (lo) -> shift, carry and hi parts; the a b_i products and a_0 b_i's
         * share of q are off the chain */
        __m512i bi[WMAX], q[WMAX], H[WMAX][ZMAX];
#pragma GCC unroll 2
        for (int v = 0; v < W; v++) {
            bi[v] = _mm512_set1_epi64((long long)b[v][i]);
            /* q = (x_0 + lo(a_0 b_i)) m' mod 2^52: vpmadd52 reads only the
             * low 52 bits of q, so the 64-bit sum of the two parts is fine */
            q[v] = _mm512_madd52lo_epu64(zero, am0[v], bi[v]);
            q[v] = _mm512_madd52lo_epu64(q[v], X[v][0], vm0[v]);
            q[v] = _mm512_permutexvar_epi64(zero, q[v]); /* lane 0 everywhere */
        }
#pragma GCC unroll 2
        for (int v = 0; v < W; v++) {
#pragma GCC unroll 10
            for (int k = 0; k < Z; k++) {
                H[v][k] = _mm512_madd52hi_epu64(zero, A[v][k], bi[v]);
                X[v][k] = _mm512_madd52lo_epu64(X[v][k], A[v][k], bi[v]);
            }
        }
#pragma GCC unroll 2
        for (int v = 0; v < W; v++) {
#pragma GCC unroll 10
            for (int k = 0; k < Z; k++) {
                X[v][k] = _mm512_madd52lo_epu64(X[v][k], M[v][k], q[v]);
                H[v][k] = _mm512_madd52hi_epu64(H[v][k], M[v][k], q[v]);
            }
        }
#pragma GCC unroll 2
        for (int v = 0; v < W; v++) {
            /* x_0's carry joins H_0 while the lanes shift */
            H[v][0] = _mm512_add_epi64(H[v][0], _mm512_maskz_srli_epi64(1, X[v][0], 52));
#pragma GCC unroll 10
            for (int k = 0; k < Z - 1; k++)
                X[v][k] = _mm512_add_epi64(_mm512_alignr_epi64(X[v][k + 1], X[v][k], 1), H[v][k]);
            X[v][Z - 1] = _mm512_add_epi64(_mm512_alignr_epi64(zero, X[v][Z - 1], 1), H[v][Z - 1]);
        }
    }
    /* normalise: one carry round, then the k-mask ripple, per way */
    const __m512i one = _mm512_set1_epi64(1);
#pragma GCC unroll 2
    for (int v = 0; v < W; v++) {
        __m512i C[ZMAX];
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            C[k] = _mm512_srli_epi64(X[v][k], 52);
            X[v][k] = _mm512_and_si512(X[v][k], vmask);
        }
#pragma GCC unroll 10
        for (int k = Z - 1; k >= 0; k--) /* carries one lane up */
            X[v][k] = _mm512_add_epi64(X[v][k], _mm512_alignr_epi64(C[k], k ? C[k - 1] : zero, 7));
        /* the 8Z <= 80 lane masks as a two-word integer.  Not unsigned
         * __int128: with it, this file built by gcc 12.2 with -mavx512bw
         * gave wrong results at every size (right without -mavx512bw, and
         * with clang); not root-caused, the mp oracle test catches it */
        uint64_t g[2] = {0, 0}, p[2] = {0, 0};
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            g[k / 8] |= (uint64_t)_mm512_cmpgt_epu64_mask(X[v][k], vmask) << (8 * (k % 8));
            p[k / 8] |= (uint64_t)_mm512_cmpeq_epu64_mask(X[v][k], vmask) << (8 * (k % 8));
        }
        uint64_t s0 = (g[0] << 1) + p[0], g1 = g[0] << 1;
        uint64_t cy = ((g1 & p[0]) | ((g1 | p[0]) & ~s0)) >> 63; /* carry of the low word */
        uint64_t cin[2] = {s0 ^ p[0], (((g[1] << 1) | (g[0] >> 63)) + p[1] + cy) ^ p[1]};
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            __mmask8 km = (__mmask8)(cin[k / 8] >> (8 * (k % 8)));
            X[v][k] = _mm512_and_si512(_mm512_mask_add_epi64(X[v][k], km, X[v][k], one), vmask);
            _mm512_storeu_si512((void *)(r[v] + 8 * k), X[v][k]);
        }
    }
}

/* out = tab[idx] (entries of 8z words), every entry read (constant time) */
static inline __attribute__((always_inline)) void lf_mp_ifma_lookup(uint64_t *out,
                                                                    const uint64_t *tab,
                                                                    size_t cnt, uint64_t idx,
                                                                    const int Z)
{
    __m512i O[ZMAX];
    const __m512i vi = _mm512_set1_epi64((long long)idx);
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) O[k] = _mm512_setzero_si512();
    for (size_t j = 0; j < cnt; j++) {
        __mmask8 km = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)j), vi);
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++)
            O[k] = _mm512_mask_mov_epi64(O[k], km,
                                         _mm512_loadu_si512((const void *)(tab + (8 * Z) * j + 8 * k)));
    }
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) _mm512_storeu_si512((void *)(out + 8 * k), O[k]);
}

/* w bits of e at bit position pos (public position, secret bits) */
static uint64_t lf_mp_ifma_bits(const uint64_t *e, size_t el, size_t pos, int w)
{
    size_t limb = pos / 64, off = pos % 64;
    uint64_t v = e[limb] >> off;
    if (off + (size_t)w > 64 && limb + 1 < el) v |= e[limb + 1] << (64 - off);
    return v & ((UINT64_C(1) << w) - 1);
}

/* AMM for every way: R, A, B are expressions in the way index v */
#define AMMW(R, A, B)                                                                              \
    do {                                                                                           \
        uint64_t *r_[WMAX];                                                                        \
        const uint64_t *a_[WMAX], *b_[WMAX];                                                       \
        for (int v = 0; v < W; v++) r_[v] = (R), a_[v] = (A), b_[v] = (B);                          \
        lf_mp_ammw(r_, a_, b_, way, W, Z, L);                                                      \
    } while (0)

/* x R' -> x R for every way: times R mod m (ctx->one) / R'; the result < 2m,
 * one masked subtraction; acc[v] = x mod m, n limbs */
static inline __attribute__((always_inline)) void
lf_mp_ifma_finish(lf_mp_ifma_way *way, uint64_t *const acc[], const lf_mp_mont_ctx *const ctx[],
                  const int W, const int Z, const int L)
{
    size_t n = ctx[0]->n;
    for (int v = 0; v < W; v++) to52(way[v].y, ctx[v]->one, n, Z);
    AMMW(way[v].x, way[v].x, way[v].y);
    for (int v = 0; v < W; v++) {
        uint64_t r[LF_MP_MAX_LIMBS + 1], d[LF_MP_MAX_LIMBS + 1], mm[LF_MP_MAX_LIMBS + 1];
        from52(r, way[v].x, n, Z);
        memcpy(mm, ctx[v]->m, 8 * n);
        mm[n] = 0;
        uint64_t bo = lf_mp_sub_n(d, r, mm, n + 1);
        lf_mp_csel(r, d, 0 - (bo ^ 1), n + 1);
        memcpy(acc[v], r, 8 * n);
    }
}

/* W exponentiations side by side (W = 1 or 2), one per way: acc[v] =
 * u[v]^e[v] (Montgomery form) mod ctx[v]->m; every way has the same n (Z,
 * L), the same public exponent length el and window w.  way[W] and tabs[W
 * tw]: the caller's workspace (the tables: tw words per way) */
static inline __attribute__((always_inline)) void
lf_mp_mexp_zw(lf_mp_ifma_way *way, uint64_t *tabs, const size_t tw, uint64_t *const acc[],
              const uint64_t *const u[], const uint64_t *const e[], size_t el,
              const lf_mp_mont_ctx *const ctx[], const uint64_t *const t[], int w, const int W,
              const int Z, const int L)
{
    size_t n = ctx[0]->n, bits = 64 * el;
    const int S = 8 * Z;
    while (((size_t)S << w) > tw) w--;
    for (int v = 0; v < W; v++) {
        way[v].tab = tabs + (size_t)v * tw;
        way[v].m0 = ctx[v]->m[n] & M52; /* -m^-1 mod 2^52 */
        to52(way[v].m52, ctx[v]->m, n, Z);
        to52(way[v].t52, t[v], n, Z);
        to52(way[v].x, ctx[v]->one, n, Z);
    }
    AMMW(way[v].tab, way[v].x, way[v].t52); /* R' mod m (< 2m) */
    for (int v = 0; v < W; v++) to52(way[v].x, u[v], n, Z);
    AMMW(way[v].tab + S, way[v].x, way[v].t52); /* b R' */
    size_t cnt = (size_t)1 << w;
    for (size_t j = 2; j < cnt; j++) {
        if (j % 2 == 0) AMMW(way[v].tab + S * j, way[v].tab + S * (j / 2), way[v].tab + S * (j / 2));
        else AMMW(way[v].tab + S * j, way[v].tab + S * (j - 1), way[v].tab + S);
    }
    size_t nw = (bits + (size_t)w - 1) / (size_t)w;
    size_t pos = (nw - 1) * (size_t)w;
    for (int v = 0; v < W; v++)
        lf_mp_ifma_lookup(way[v].x, way[v].tab, cnt,
                          lf_mp_ifma_bits(e[v], el, pos, (int)(bits - pos)), Z);
    while (pos > 0) {
        pos -= (size_t)w;
        for (int i = 0; i < w; i++) AMMW(way[v].x, way[v].x, way[v].x);
        for (int v = 0; v < W; v++)
            lf_mp_ifma_lookup(way[v].y, way[v].tab, cnt, lf_mp_ifma_bits(e[v], el, pos, w), Z);
        AMMW(way[v].x, way[v].x, way[v].y);
    }
    lf_mp_ifma_finish(way, acc, ctx, W, Z, L);
}

/* acc = u^e mod m (Montgomery form, R = 2^(64n)) for a public 64-bit e >= 1
 * (the RSA public-exponent check): left-to-right square-and-multiply over
 * e's bits, which alone steer the branches; constant time in u and m */
static inline __attribute__((always_inline)) void
lf_mp_mexp_pub_z(lf_mp_ifma_way *way, uint64_t *acc, const uint64_t *u, uint64_t e,
                 const lf_mp_mont_ctx *ctx, const uint64_t *t, const int Z, const int L)
{
    const int W = 1;
    size_t n = ctx->n;
    uint64_t *const accs[1] = {acc};
    const lf_mp_mont_ctx *const ctxs[1] = {ctx};
    way->m0 = ctx->m[n] & M52;
    to52(way->m52, ctx->m, n, Z);
    to52(way->t52, t, n, Z);
    to52(way->x, u, n, Z);
    AMMW(way[v].y, way[v].x, way[v].t52); /* b R' (< 2m) */
    memcpy(way->x, way->y, sizeof way->x);
    int top = 63;
    while (top > 0 && !((e >> top) & 1)) top--;
    for (int i = top - 1; i >= 0; i--) {
        AMMW(way[v].x, way[v].x, way[v].x);
        if ((e >> i) & 1) AMMW(way[v].x, way[v].x, way[v].y);
    }
    lf_mp_ifma_finish(way, accs, ctxs, W, Z, L);
}

static int lf_mp_ifma_window(size_t bits)
{
    int best = 1;
    double cost = 1e30;
    for (int w = 1; w <= TABW; w++) {
        double c = (double)bits / w + (double)(1 << w);
        if (c < cost) cost = c, best = w;
    }
    return best;
}

/* the instantiations: n -> (Z, L) */
#define LF_MP_IFMA_SIZES(W)                                                                        \
    do {                                                                                           \
        const size_t tw_ = sizeof tab[0] / 8;                                                      \
        switch (ctx[0]->n) {                                                                       \
        case 16: lf_mp_mexp_zw(way, tab[0], tw_, acc, u, e, el, ctx, t, w, W, 3, 20); break;       \
        case 24: lf_mp_mexp_zw(way, tab[0], tw_, acc, u, e, el, ctx, t, w, W, 4, 30); break;       \
        case 32: lf_mp_mexp_zw(way, tab[0], tw_, acc, u, e, el, ctx, t, w, W, 5, 40); break;       \
        case 48: lf_mp_mexp_zw(way, tab[0], tw_, acc, u, e, el, ctx, t, w, W, 8, 60); break;       \
        case 64: lf_mp_mexp_zw(way, tab[0], tw_, acc, u, e, el, ctx, t, w, W, 10, 79); break;      \
        default: break; /* not reached: lf_mp_ifma_ok */                                           \
        }                                                                                          \
    } while (0)

void lf_mp_mexp_ifma(uint64_t *acc1, const uint64_t *u1, const uint64_t *e1, size_t el,
                     const lf_mp_mont_ctx *ctx1, const uint64_t *t1, int w)
{
    lf_mp_ifma_way way[1];
    uint64_t tab[1][TAB_WORDS];
    uint64_t *const acc[1] = {acc1};
    const uint64_t *const u[1] = {u1}, *const e[1] = {e1}, *const t[1] = {t1};
    const lf_mp_mont_ctx *const ctx[1] = {ctx1};
    if (w <= 0 || w > TABW) w = lf_mp_ifma_window(64 * el);
    LF_MP_IFMA_SIZES(1);
}

void lf_mp_mexp2_ifma(uint64_t *const acc[2], const uint64_t *const u[2],
                      const uint64_t *const e[2], size_t el, const lf_mp_mont_ctx *const ctx[2],
                      const uint64_t *const t[2], int w)
{
    lf_mp_ifma_way way[2];
    uint64_t tab[2][TAB2_WORDS];
    /* one window bit less than 1-way: the 2-way AMM is cheaper per product,
     * the table scan not (measured at n = 16, 24, 32: w = 5 beats 6 by 4%,
     * 1.5%, 3%; w = 4 is even at n = 16, slower above) */
    if (w <= 0 || w > TABW) w = lf_mp_ifma_window(64 * el) - 1;
    if (w < 1) w = 1;
    LF_MP_IFMA_SIZES(2);
}

void lf_mp_mexp_pub_ifma(uint64_t *acc, const uint64_t *u, uint64_t e, const lf_mp_mont_ctx *ctx,
                         const uint64_t *t)
{
    lf_mp_ifma_way way[1];
    switch (ctx->n) {
    case 16: lf_mp_mexp_pub_z(way, acc, u, e, ctx, t, 3, 20); break;
    case 24: lf_mp_mexp_pub_z(way, acc, u, e, ctx, t, 4, 30); break;
    case 32: lf_mp_mexp_pub_z(way, acc, u, e, ctx, t, 5, 40); break;
    case 48: lf_mp_mexp_pub_z(way, acc, u, e, ctx, t, 8, 60); break;
    case 64: lf_mp_mexp_pub_z(way, acc, u, e, ctx, t, 10, 79); break;
    default: break; /* not reached: lf_mp_ifma_ok */
    }
}
