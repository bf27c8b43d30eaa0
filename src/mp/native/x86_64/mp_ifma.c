/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp: AVX-512 IFMA Montgomery exponentiation for run-time odd moduli, radix
 * 2^52 (vpmadd52luq / vpmadd52huq).  Compiled with its back end's ISA flags
 * (lf_native_sources, cmake/native.cmake: LF_NATIVE_MP_AVX512IFMA); only
 * called from lf_mp_mexp (mont.c) when the selected back end is avx512ifma
 * and lf_mp_ifma_ok(n).
 *
 * Contract (mp_internal.h):
 *   lf_mp_mexp_ifma(acc[n], u[n], e[el], el, ctx, t[n], w)
 *     u = b R mod m (Montgomery form of the generic code, R = 2^(64n), u < m),
 *     t = R'^2 / R mod m with R' = 2^(52 L) (mont.c computes it: R mod m
 *     doubled 2(52 L - 64 n) times), w = window (0: chosen here).
 *     acc = b^e R mod m, acc < m.  acc may alias u.  Constant time in u, e,
 *     m (only n, el and w steer branches and addresses).
 * Supported sizes: n = 16 (L = 20 limbs of 52 bits, 3 zmm), n = 24 (L = 30,
 * 4 zmm), n = 32 (L = 40, 5 zmm), n = 48 (L = 60, 8 zmm), n = 64 (L = 79,
 * 10 zmm); L = ceil(64n/52), as mont.c computes it for t.  One kernel (lf_mp_amm, always inlined)
 * parameterised by the zmm count Z and the limb count L, instantiated per size.
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
 * Registers: X, H, A, M: 4Z zmm (20 at Z = 5; above, the compiler takes A
 * and M from memory), plus a few temporaries; no callee-saved state (C
 * intrinsics).  Stack: the table, 2^w entries of 8Z words, at most
 * TAB_WORDS = 2560 (20 KB: w = 6 up to Z = 5, w = 5 above), a few 8Z-word
 * buffers.
 */
#include <immintrin.h>
#include <string.h>

#include "mp/mp_internal.h"

#define M52 ((UINT64_C(1) << 52) - 1)
#define ZMAX 10
#define TABW 6
#define LMAX (8 * ZMAX)
#define TAB_WORDS 2560 /* 2^w entries of 8Z words: w = 6 up to Z = 5, 5 above */

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

static inline __attribute__((always_inline)) void lf_mp_amm(uint64_t *r, const uint64_t *a,
                                                            const uint64_t *b, const uint64_t *m,
                                                            uint64_t m0, const int Z, const int L)
{
    const __m512i zero = _mm512_setzero_si512(), vm0 = _mm512_set1_epi64((long long)m0),
                  vmask = _mm512_set1_epi64((long long)M52);
    __m512i A[ZMAX], M[ZMAX], X[ZMAX];
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) {
        A[k] = _mm512_loadu_si512((const void *)(a + 8 * k));
        M[k] = _mm512_loadu_si512((const void *)(m + 8 * k));
        X[k] = zero;
    }
    /* a_0 m' mod 2^52 in every lane: lo(a_0 b_i) m' = lo(b_i (a_0 m')) mod 2^52 */
    const __m512i am0 = _mm512_madd52lo_epu64(zero, _mm512_permutexvar_epi64(zero, A[0]), vm0);
    for (int i = 0; i < L; i++) {
        /* dependency chain per step: X_0 -> q (madd, broadcast) -> X += m q
         * (lo) -> shift, carry and hi parts; the a b_i products and a_0 b_i's
         * share of q are off the chain */
        __m512i bi = _mm512_set1_epi64((long long)b[i]), H[ZMAX];
        /* q = (x_0 + lo(a_0 b_i)) m' mod 2^52: vpmadd52 reads only the low
         * 52 bits of q, so the 64-bit sum of the two parts is fine */
        __m512i q = _mm512_madd52lo_epu64(zero, am0, bi);
        q = _mm512_madd52lo_epu64(q, X[0], vm0);
        q = _mm512_permutexvar_epi64(zero, q); /* lane 0 everywhere */
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            H[k] = _mm512_madd52hi_epu64(zero, A[k], bi);
            X[k] = _mm512_madd52lo_epu64(X[k], A[k], bi);
        }
#pragma GCC unroll 10
        for (int k = 0; k < Z; k++) {
            X[k] = _mm512_madd52lo_epu64(X[k], M[k], q);
            H[k] = _mm512_madd52hi_epu64(H[k], M[k], q);
        }
        /* x_0's carry joins H_0 while the lanes shift */
        H[0] = _mm512_add_epi64(H[0], _mm512_maskz_srli_epi64(1, X[0], 52));
#pragma GCC unroll 10
        for (int k = 0; k < Z - 1; k++)
            X[k] = _mm512_add_epi64(_mm512_alignr_epi64(X[k + 1], X[k], 1), H[k]);
        X[Z - 1] = _mm512_add_epi64(_mm512_alignr_epi64(zero, X[Z - 1], 1), H[Z - 1]);
    }
    /* normalise: one carry round, then the k-mask ripple */
    __m512i C[ZMAX];
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) {
        C[k] = _mm512_srli_epi64(X[k], 52);
        X[k] = _mm512_and_si512(X[k], vmask);
    }
#pragma GCC unroll 10
    for (int k = Z - 1; k >= 0; k--) /* carries one lane up */
        X[k] = _mm512_add_epi64(X[k], _mm512_alignr_epi64(C[k], k ? C[k - 1] : zero, 7));
    /* the 8Z <= 80 lane masks as a two-word integer.  Not unsigned __int128:
     * with it, this file built by gcc 12.2 with -mavx512bw gave wrong results
     * at every size (right without -mavx512bw, and with clang); not
     * root-caused, the mp oracle test catches it */
    uint64_t g[2] = {0, 0}, p[2] = {0, 0};
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) {
        g[k / 8] |= (uint64_t)_mm512_cmpgt_epu64_mask(X[k], vmask) << (8 * (k % 8));
        p[k / 8] |= (uint64_t)_mm512_cmpeq_epu64_mask(X[k], vmask) << (8 * (k % 8));
    }
    uint64_t s0 = (g[0] << 1) + p[0], g1 = g[0] << 1;
    uint64_t cy = ((g1 & p[0]) | ((g1 | p[0]) & ~s0)) >> 63; /* carry of the low word */
    uint64_t cin[2] = {s0 ^ p[0], (((g[1] << 1) | (g[0] >> 63)) + p[1] + cy) ^ p[1]};
    const __m512i one = _mm512_set1_epi64(1);
#pragma GCC unroll 10
    for (int k = 0; k < Z; k++) {
        __mmask8 km = (__mmask8)(cin[k / 8] >> (8 * (k % 8)));
        X[k] = _mm512_and_si512(_mm512_mask_add_epi64(X[k], km, X[k], one), vmask);
        _mm512_storeu_si512((void *)(r + 8 * k), X[k]);
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

static inline __attribute__((always_inline)) void
lf_mp_mexp_z(uint64_t *acc, const uint64_t *u, const uint64_t *e, size_t el,
             const lf_mp_mont_ctx *ctx, const uint64_t *t, int w, const int Z, const int L)
{
    size_t n = ctx->n, bits = 64 * el;
    const int S = 8 * Z;
    uint64_t m52[LMAX], t52[LMAX], x[LMAX], y[LMAX];
    uint64_t tab[TAB_WORDS];
    while (((size_t)S << w) > TAB_WORDS) w--;
    uint64_t m0 = ctx->m[n] & M52; /* -m^-1 mod 2^52 */
    to52(m52, ctx->m, n, Z);
    to52(t52, t, n, Z);
    to52(x, ctx->one, n, Z);
    lf_mp_amm(tab, x, t52, m52, m0, Z, L); /* R' mod m (< 2m) */
    to52(x, u, n, Z);
    lf_mp_amm(tab + S, x, t52, m52, m0, Z, L); /* b R' */
    size_t cnt = (size_t)1 << w;
    for (size_t j = 2; j < cnt; j++) {
        if (j % 2 == 0) lf_mp_amm(tab + S * j, tab + S * (j / 2), tab + S * (j / 2), m52, m0, Z, L);
        else lf_mp_amm(tab + S * j, tab + S * (j - 1), tab + S, m52, m0, Z, L);
    }
    size_t nw = (bits + (size_t)w - 1) / (size_t)w;
    size_t pos = (nw - 1) * (size_t)w;
    lf_mp_ifma_lookup(x, tab, cnt, lf_mp_ifma_bits(e, el, pos, (int)(bits - pos)), Z);
    while (pos > 0) {
        pos -= (size_t)w;
        for (int i = 0; i < w; i++) lf_mp_amm(x, x, x, m52, m0, Z, L);
        lf_mp_ifma_lookup(y, tab, cnt, lf_mp_ifma_bits(e, el, pos, w), Z);
        lf_mp_amm(x, x, y, m52, m0, Z, L);
    }
    /* b^e R' -> b^e R: times R mod m (ctx->one) / R'; < 2m, one masked subtraction */
    to52(y, ctx->one, n, Z);
    lf_mp_amm(x, x, y, m52, m0, Z, L);
    uint64_t r[LF_MP_MAX_LIMBS + 1], d[LF_MP_MAX_LIMBS + 1], mm[LF_MP_MAX_LIMBS + 1];
    from52(r, x, n, Z);
    memcpy(mm, ctx->m, 8 * n);
    mm[n] = 0;
    uint64_t bo = lf_mp_sub_n(d, r, mm, n + 1);
    lf_mp_csel(r, d, 0 - (bo ^ 1), n + 1);
    memcpy(acc, r, 8 * n);
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

void lf_mp_mexp_ifma(uint64_t *acc, const uint64_t *u, const uint64_t *e, size_t el,
                     const lf_mp_mont_ctx *ctx, const uint64_t *t, int w)
{
    if (w <= 0 || w > TABW) w = lf_mp_ifma_window(64 * el);
    switch (ctx->n) {
    case 16: lf_mp_mexp_z(acc, u, e, el, ctx, t, w, 3, 20); break;
    case 24: lf_mp_mexp_z(acc, u, e, el, ctx, t, w, 4, 30); break;
    case 32: lf_mp_mexp_z(acc, u, e, el, ctx, t, w, 5, 40); break;
    case 48: lf_mp_mexp_z(acc, u, e, el, ctx, t, w, 8, 60); break;
    case 64: lf_mp_mexp_z(acc, u, e, el, ctx, t, w, 10, 79); break;
    default: break; /* not reached: lf_mp_ifma_ok */
    }
}
