/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 (RFC 8439 2.5): public API, length/back-end dispatch and the
 * portable radix 2^64 kernel.  Kernel contract: poly1305_internal.h. */
#include <string.h>

#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"

/* The scalar code is radix 2^64 where the compiler has a 64 x 64 -> 128-bit
 * multiply, else radix 2^26 (poly1305_r26.c).  wasm32 takes radix 2^26: its
 * unsigned __int128 products are calls to compiler-rt's __multi3 (Node 20,
 * 16 KiB: radix 2^64 2.3 ns/B, radix 2^26 0.74 ns/B; README.md). */
#if defined(__SIZEOF_INT128__) && !defined(__wasm32__)
#define LF_P1305_R64 1
#else
#define LF_P1305_R64 0
#endif

/* ---------------------------------------------------------------------------
 * Radix 2^64 scalar kernel.
 *
 * h = h0 + h1 2^64 + h2 2^128, r = r0 + r1 2^64 with the RFC clamp:
 * r0 < 2^60, r1 < 2^60 and r1 = 0 mod 4.  Since 2^130 = 5 (mod p), terms at
 * 2^128 and above fold down (all exact):
 *   a1 r1 2^128 = a1 (r1/4) 2^130 = a1 s1                 s1 = 5 r1/4 < 1.25 2^60
 *   a2 r1 2^192 = a2 s1 2^64
 *   a2 r0 2^128 = (a2 & 3) r0 2^128 + (a2 >> 2) (5 r0)     (a2 = 4 (a2>>2) + (a2&3))
 * Inside the loop the top word is kept lazily: it is NOT folded after the
 * multiplication but split as above by the next one, so each block is
 *   a = h + m + 2^128                      (add, adc, adc)
 *   lo  = a0 r0 + a1 s1 + (a2 >> 2) r05    r05 = 5 r0 < 1.25 2^62
 *   mid = a0 r1 + a1 r0 + a2 s1
 *   h0 = lo mod 2^64,  h1 + c 2^64 = (lo >> 64) + (mid mod 2^64),
 *   h2 = (mid >> 64) + (a2 & 3) r0 + c
 * with no reduction step on the loop-carried path (one multiply plus two
 * adds of latency after the message add).
 *
 * Bounds.  Loop invariant h2 < 2^63 - 2 (entry: the contract's h2 < 8).
 * Then a2 <= h2 + 2 < 2^63 (message carry + pad bit), a0, a1 < 2^64:
 *   lo  < 2^124 + 1.25 2^124 + 2^61 1.25 2^62 < 2^126     (lo >> 64 < 2^62)
 *   mid < 2^124 + 2^124 + 2^63 1.25 2^60 < 2^126          (mid >> 64 < 2^62)
 *   h1: (lo >> 64) + low word of mid, carry c <= 1
 *   h2 < 2^62 + 3 2^60 + 1 = 1.75 2^62 + 1 < 2^63 - 2      (invariant kept)
 * every 128-bit product and sum fits.  At the loop exit the contract's form
 * (h2 <= 4) is restored once: 5 (h2 >> 2) < 1.25 2^63 fits a word, h0 + it
 * carries at most 1 into h1, which carries at most 1 into (h2 & 3) <= 3.
 * ------------------------------------------------------------------------- */
/* Add with carry in and out: x86-64 _addcarry_u64 (one adc; gcc 12 keeps
 * unsigned __int128 sums in stack slots, which put store-to-load
 * forwarding on the critical path), else comparisons.  Not in MemorySanitizer
 * builds (LF_MSAN): clang 14's MSan has no shadow rule for the intrinsic and
 * reports any secret operand as a use; the comparisons are what it checks. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(LF_MSAN)
#include <x86intrin.h>
/* out must be a plain local (its address is taken) */
#define LF_ADC(c, a, b, out) c = _addcarry_u64(c, (a), (b), &(out))
typedef unsigned long long lf_adcw;
#else
#define LF_ADC(c, a, b, out)                                                                       \
    do {                                                                                           \
        uint64_t lf_a_ = (a), lf_s_ = lf_a_ + (b);                                                 \
        unsigned char lf_c_ = lf_s_ < lf_a_;                                                       \
        out = lf_s_ + (c);                                                                         \
        c = lf_c_ | (out < lf_s_);                                                                 \
    } while (0)
typedef uint64_t lf_adcw;
#endif

/* h2 < 2^63 -> h2 <= 4 (the kernel contract), same value mod p. */
static inline void lf_p1305_normalize(uint64_t h[3])
{
    lf_adcw n0, n1;
    uint64_t q5 = (h[2] >> 2) * 5;
    unsigned char c = 0;
    LF_ADC(c, h[0], q5, n0);
    LF_ADC(c, h[1], 0, n1);
    h[0] = n0;
    h[1] = n1;
    h[2] = (h[2] & 3) + c;
}

#if LF_P1305_R64
typedef unsigned __int128 lf_u128;

/* The key half as the loop uses it. */
typedef struct {
    uint64_t r0, r1, s1, r05;
} lf_p1305_key;

static inline lf_p1305_key lf_p1305_key_of(const uint64_t r[2])
{
    lf_p1305_key k = {r[0], r[1], r[1] + (r[1] >> 2), 5 * r[0]};
    return k;
}

/* One block given as words: h = (h + m + hibit 2^128) r with the lazy top
 * word (formulas and bounds above; 128-bit values only as products, sums as
 * 64-bit words with explicit carries). */
static inline void lf_p1305_block_words(uint64_t h[3], const lf_p1305_key *k, uint64_t m0,
                                        uint64_t m1, uint64_t hibit)
{
    /* separate locals for every carry-chain output: gcc 12 keeps a local
     * whose address reaches _addcarry_u64 in memory across the loop when
     * it is also the loop-carried h */
    lf_adcw a0, a1, l0, l1, m0w, m1w, n1;
    unsigned char c = 0;
    LF_ADC(c, h[0], m0, a0);
    LF_ADC(c, h[1], m1, a1);
    uint64_t a2 = h[2] + c + hibit;
    lf_u128 p00 = (lf_u128)a0 * k->r0, p11 = (lf_u128)a1 * k->s1;
    lf_u128 p2 = (lf_u128)(a2 >> 2) * k->r05;
    lf_u128 p01 = (lf_u128)a0 * k->r1, p10 = (lf_u128)a1 * k->r0;
    lf_u128 p21 = (lf_u128)a2 * k->s1;
    c = 0;
    LF_ADC(c, (uint64_t)p00, (uint64_t)p11, l0);
    LF_ADC(c, (uint64_t)(p00 >> 64), (uint64_t)(p11 >> 64), l1);
    c = 0;
    LF_ADC(c, l0, (uint64_t)p2, l0);
    LF_ADC(c, l1, (uint64_t)(p2 >> 64), l1);
    c = 0;
    LF_ADC(c, (uint64_t)p01, (uint64_t)p10, m0w);
    LF_ADC(c, (uint64_t)(p01 >> 64), (uint64_t)(p10 >> 64), m1w);
    c = 0;
    LF_ADC(c, m0w, (uint64_t)p21, m0w);
    LF_ADC(c, m1w, (uint64_t)(p21 >> 64), m1w);
    c = 0;
    LF_ADC(c, l1, m0w, n1);
    h[0] = l0;
    h[1] = n1;
    h[2] = m1w + (a2 & 3) * k->r0 + c;
}

/* nblocks blocks, the top word left lazy (h2 < 2^63 - 2 in and out) */
static inline void lf_p1305_r64_lazy(uint64_t h[3], const lf_p1305_key *k, const uint8_t *m,
                                     size_t nblocks, uint64_t hibit)
{
    for (; nblocks; nblocks--, m += 16)
        lf_p1305_block_words(h, k, lf_le64(m), lf_le64(m + 8), hibit);
}

static inline void lf_p1305_r64_loop(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                     size_t nblocks, uint64_t hibit)
{
    const lf_p1305_key k = lf_p1305_key_of(r);
    uint64_t hh[3] = {h[0], h[1], h[2]};
    lf_p1305_r64_lazy(hh, &k, m, nblocks, hibit);
    lf_p1305_normalize(hh);
    h[0] = hh[0];
    h[1] = hh[1];
    h[2] = hh[2];
}

void lf_p1305_blocks_r64(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t nblocks,
                         uint64_t hibit)
{
    lf_p1305_r64_loop(h, r, m, nblocks, hibit);
}
#endif

void lf_p1305_blocks_scalar(uint64_t h[3], const uint64_t r[2], const uint8_t *m, size_t nblocks,
                            uint64_t hibit)
{
#if LF_P1305_R64
    lf_p1305_r64_loop(h, r, m, nblocks, hibit);
#else
    lf_p1305_blocks_r26(h, r, m, nblocks, hibit);
#endif
}

/* h2 < 2^63 -> h mod p: lf_p1305_normalize (then h < 2^130 + 2^65 < 2p),
 * then h - p = h + 5 - 2^130 is taken when it is >= 0.  Branch-free (masks). */
static inline void lf_p1305_reduce_inline(uint64_t h[3])
{
    lf_p1305_normalize(h);
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], k;
    uint64_t g0 = h0 + 5;
    k = g0 < 5;
    uint64_t g1 = h1 + k;
    k = g1 < k;
    uint64_t g2 = h2 + k - 4; /* borrows (top bit set) iff h + 5 < 2^130 */
    uint64_t keep = lf_vb(0 - (g2 >> 63));
    h[0] = (h0 & keep) | (g0 & ~keep);
    h[1] = (h1 & keep) | (g1 & ~keep);
    h[2] = (h2 & keep) | (g2 & ~keep);
}

void lf_p1305_reduce(uint64_t h[3])
{
    lf_p1305_reduce_inline(h);
}

/* The short one-shot path's block loop: inlined radix 2^64 with the top
 * word left lazy where there is unsigned __int128, else the radix 2^26
 * kernel. */
#if LF_P1305_R64
#define lf_p1305_short(h, k, m, nb) lf_p1305_r64_lazy((h), (k), (m), (nb), 1)
#else
typedef struct {
    uint64_t r[2];
} lf_p1305_key;

static inline lf_p1305_key lf_p1305_key_of(const uint64_t r[2])
{
    lf_p1305_key k = {{r[0], r[1]}};
    return k;
}

#define lf_p1305_short(h, k, m, nb)                                                               \
    ((nb) ? lf_p1305_blocks_r26((h), (k)->r, (m), (nb), 1) : (void)0)
static inline void lf_p1305_block_words(uint64_t h[3], const lf_p1305_key *k, uint64_t m0,
                                        uint64_t m1, uint64_t hibit)
{
    uint8_t b[16];
    lf_st_le64(b, m0);
    lf_st_le64(b + 8, m1);
    lf_p1305_blocks_r26(h, k->r, b, 1, hibit);
    lf_wipe(b, sizeof b);
}
#endif

#if LF_P1305_R64
/* r^1..r^n, radix 2^44 (the format of lf_poly1305_state.pw): a serial
 * chain of multiplications by the clamped r, the cheap product of the
 * radix 2^64 kernel (6 products, lazy top word), each power normalised and
 * converted on the side: 8 powers in 70 TSC ticks, against 91 for a depth-3
 * tree of general radix 2^44 products (9 products each). */
void lf_p1305_powers(uint64_t pw[][3], const uint64_t r[2], unsigned n)
{
    const lf_p1305_key k = lf_p1305_key_of(r);
    uint64_t x[3] = {r[0], r[1], 0};
    for (unsigned i = 0;; i++) {
        uint64_t t[3] = {x[0], x[1], x[2]};
        lf_p1305_normalize(t);
        lf_p1305_to44(pw[i], t);
        if (i + 1 >= n) break;
        lf_p1305_block_words(x, &k, 0, 0, 0);
    }
}
#else
void lf_p1305_powers(uint64_t pw[][3], const uint64_t r[2], unsigned n)
{
    static const uint8_t zero[16];
    pw[0][0] = r[0];
    pw[0][1] = r[1];
    pw[0][2] = 0;
    for (unsigned k = 1; k < n; k++) {
        uint64_t t[3] = {pw[k - 1][0], pw[k - 1][1], pw[k - 1][2]};
        /* (t + 0) * r with no pad bit is the multiplication alone */
        lf_p1305_blocks_scalar(t, r, zero, 1, 0);
        lf_p1305_reduce(t);
        pw[k][0] = t[0];
        pw[k][1] = t[1];
        pw[k][2] = t[2];
    }
    for (unsigned k = 0; k < n; k++) {
        uint64_t t[3] = {pw[k][0], pw[k][1], pw[k][2]};
        lf_p1305_to44(pw[k], t);
    }
}
#endif

/* ---------------------------------------------------------------------------
 * Dispatch.  The vector kernel of a back end is used from min_bytes on
 * (measured crossovers, see README.md); below that the scalar kernel is
 * faster because the vector kernels pay for loading the powers, the lane
 * set-up and the horizontal sum.
 * ------------------------------------------------------------------------- */
_Static_assert(LF_P1305_MIN_ANY <= LF_P1305_MIN_AVX2 && LF_P1305_MIN_ANY <= LF_P1305_MIN_AVX512 &&
                   LF_P1305_MIN_ANY <= LF_P1305_MIN_IFMA && LF_P1305_MIN_ANY <= LF_P1305_MIN_NEON &&
                   LF_P1305_MIN_ANY <= LF_P1305_MIN_POWER9 &&
                   LF_P1305_MIN_ANY <= LF_P1305_MIN_RVV && LF_P1305_MIN_ANY <= LF_P1305_MIN_ARMV7NEON,
               "LF_P1305_MIN_ANY must not exceed any vector crossover");

/* Each back end's own vector kernel (those this build has), and the table
 * of lf_internal.h's dispatch pattern: a back end without one of its own
 * uses its nearest ancestor's; c has none (scalar only). */
static const lf_p1305_vec lf_p1305_set_c = {NULL, 0, 0, "scalar", NULL, NULL};
#define LF_NATIVE_POLY1305_C 1
#ifdef LF_NATIVE_POLY1305_AVX2
static const lf_p1305_vec lf_p1305_set_avx2 = {lf_p1305_blocks_avx2, 4, LF_P1305_MIN_AVX2, "avx2",
                                               NULL, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_AVX512
static const lf_p1305_vec lf_p1305_set_avx512 = {lf_p1305_blocks_avx512, 8, LF_P1305_MIN_AVX512,
                                                 "avx512", NULL, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_AVX512IFMA
static const lf_p1305_vec lf_p1305_set_avx512ifma = {lf_p1305_blocks_ifma, 8, LF_P1305_MIN_IFMA,
                                                     "ifma", lf_p1305_blocks_ifma_r, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_NEON
static const lf_p1305_vec lf_p1305_set_neon = {lf_p1305_blocks_neon, 4, LF_P1305_MIN_NEON, "neon",
                                               NULL, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_ARMV7NEON
/* the same source built for AArch32 (native/aarch64/poly1305_neon.c) */
static const lf_p1305_vec lf_p1305_set_armv7neon = {lf_p1305_blocks_neon, 4, LF_P1305_MIN_ARMV7NEON,
                                                    "neon", NULL, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_POWER9
/* 4 blocks per step (pw = r^1..r^4), native/ppc64le/poly1305_power9.c */
static const lf_p1305_vec lf_p1305_set_power9 = {lf_p1305_blocks_power9, 4, LF_P1305_MIN_POWER9,
                                                 "power9", NULL, NULL};
#endif
#ifdef LF_NATIVE_POLY1305_RVV
static const lf_p1305_vec lf_p1305_set_rvv = {lf_p1305_blocks_rvv, 0, LF_P1305_MIN_RVV, "rvv", NULL,
                                              lf_p1305_rvv_lanes};
#endif
#ifdef LF_NATIVE_POLY1305_WASM_SIMD128
/* 4 blocks per step (pw = r^1..r^4), native/wasm_simd128/poly1305_simd128.c */
_Static_assert(LF_P1305_MIN_ANY <= LF_P1305_MIN_WASM_SIMD128,
               "LF_P1305_MIN_ANY must not exceed any vector crossover");
static const lf_p1305_vec lf_p1305_set_wasm_simd128 = {
    lf_p1305_blocks_wasm_simd128, 4, LF_P1305_MIN_WASM_SIMD128, "wasm_simd128", NULL, NULL};
#endif
#define LF_DISPATCH_OWN(B) LF_NATIVE_POLY1305_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_p1305_set_##b
LF_HIDDEN const lf_p1305_vec *const lf_p1305_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_p1305_dispatch = {"poly1305", lf_p1305_table,
                                                      sizeof lf_p1305_table[0],
#include "generated/dispatch_table.h"
};

/* Absorb nblocks full blocks: the vector kernel for the bulk when the
 * length reaches its crossover, the scalar kernel for the rest.  bound: the
 * caller's kernels (bound once per call), or NULL to read the table here. */
static void lf_p1305_absorb(lf_poly1305_state *st, const uint8_t *m, size_t nblocks, const lf_p1305_vec *bound)
{
    if (nblocks * 16 >= LF_P1305_MIN_ANY) {
        lf_p1305_vec v = bound ? *bound : lf_p1305_vec_for(lf_dispatch_slot());
        if (v.fn && nblocks * 16 >= v.min_bytes && nblocks >= v.lanes) {
            if (st->npw < v.lanes) {
                lf_p1305_powers(st->pw, st->r, v.lanes);
                st->npw = v.lanes;
            }
            size_t nv = nblocks - nblocks % v.lanes;
            v.fn(st->h, (const uint64_t(*)[3])st->pw, m, nv);
            m += 16 * nv;
            nblocks -= nv;
        }
    }
    if (nblocks) lf_p1305_blocks_scalar(st->h, st->r, m, nblocks, 1);
}

/* ------------------------------------------------------------------ API */
void lf_poly1305_init(lf_poly1305_state *st, const uint8_t key[32])
{
    st->h[0] = st->h[1] = st->h[2] = 0;
    st->r[0] = lf_le64(key) & 0x0ffffffc0fffffffULL;
    st->r[1] = lf_le64(key + 8) & 0x0ffffffc0ffffffcULL;
    st->s[0] = lf_le64(key + 16);
    st->s[1] = lf_le64(key + 24);
    st->buflen = 0;
    st->npw = 0;
}

void lf_poly1305_update(lf_poly1305_state *st, const uint8_t *msg, size_t len)
{
    lf_p1305_update_k(st, msg, len, NULL);
}

LF_HIDDEN void lf_p1305_update_k(lf_poly1305_state *st, const uint8_t *msg, size_t len, const lf_p1305_vec *v)
{
    if (len == 0) return;
    if (st->buflen) {
        size_t take = 16 - st->buflen;
        if (take > len) take = len;
        memcpy(st->buf + st->buflen, msg, take);
        st->buflen += take;
        msg += take;
        len -= take;
        if (st->buflen < 16) return;
        lf_p1305_blocks_scalar(st->h, st->r, st->buf, 1, 1);
        st->buflen = 0;
    }
    size_t nb = len / 16;
    if (nb) lf_p1305_absorb(st, msg, nb, v);
    msg += 16 * nb;
    len -= 16 * nb;
    if (len) {
        memcpy(st->buf, msg, len);
        st->buflen = len;
    }
}

/* final's wipe: every byte of the state (h, r, s, pw, buf, buflen, npw and
 * the padding), as poly1305.h promises.  pw too when npw is 0: a state
 * re-initialised without final still holds an earlier key's powers there. */
static void lf_p1305_clear(lf_poly1305_state *st) { lf_wipe(st, sizeof *st); }

void lf_poly1305_final(lf_poly1305_state *st, uint8_t tag[16])
{
    if (st->buflen) {
        /* the last partial block: its bytes, then 0x01, then zeros, no 2^128 */
        st->buf[st->buflen] = 1;
        memset(st->buf + st->buflen + 1, 0, 15 - st->buflen);
        lf_p1305_blocks_scalar(st->h, st->r, st->buf, 1, 0);
    }
    lf_p1305_reduce(st->h);
    uint64_t t0 = st->h[0] + st->s[0];
    uint64_t t1 = st->h[1] + st->s[1] + (t0 < st->s[0]);
    lf_st_le64(tag, t0);
    lf_st_le64(tag + 8, t1);
    lf_p1305_clear(st);
}

/* The full blocks of a one-shot message from the vector crossover on.  The
 * scalar blocks (nb mod lanes) go first: they do not depend on the powers,
 * so the core computes both at once.  Out of line: inlined, it made gcc 12
 * keep the short path's h in memory (64 B: 1.3x slower). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void lf_p1305_oneshot_vec(uint64_t h[3], const uint64_t r[2], const uint8_t *msg,
                                 size_t nb, const lf_p1305_vec *v)
{
    const lf_p1305_key k = lf_p1305_key_of(r);
    uint64_t pw[8][3];
    size_t ns = nb % v->lanes;
    lf_p1305_short(h, &k, msg, ns);
    lf_p1305_normalize(h);
    if (v->fn_r) {
        v->fn_r(h, r, msg + 16 * ns, nb - ns);
        return;
    }
    lf_p1305_powers(pw, r, v->lanes);
    v->fn(h, (const uint64_t(*)[3])pw, msg + 16 * ns, nb - ns);
    lf_wipe(pw, sizeof pw);
}

/* One-shot, with no state struct and no copies: r and s stay in registers,
 * full blocks are read in place (the vector kernel, from its crossover on,
 * with the powers on the stack and wiped), a partial last block of a message of >= 16
 * bytes is read as the message's last 16 bytes shifted down (the length is
 * public, so the shift is too), and only a message shorter than 16 bytes
 * goes through a (wiped) stack buffer.  h, r, s live in locals (small
 * arrays the compiler keeps in registers; gcc and clang -O1..-O3 do). */
void lf_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32])
{
    uint64_t h[3] = {0, 0, 0};
    uint64_t r[2] = {lf_le64(key) & 0x0ffffffc0fffffffULL,
                     lf_le64(key + 8) & 0x0ffffffc0ffffffcULL};
    lf_p1305_key k = lf_p1305_key_of(r);
    size_t nb = len / 16, rest = len % 16;
    lf_p1305_vec v = lf_p1305_set_c;
    if (len >= LF_P1305_MIN_ANY) v = lf_p1305_vec_for(lf_dispatch_slot());
    if (v.fn && len >= v.min_bytes && nb >= v.lanes) {
        uint64_t hv[3] = {0, 0, 0}; /* h's address must not escape (see above) */
        lf_p1305_oneshot_vec(hv, r, msg, nb, &v);
        h[0] = hv[0];
        h[1] = hv[1];
        h[2] = hv[2];
    } else {
        lf_p1305_short(h, &k, msg, nb);
    }
    if (rest) {
        uint64_t m0, m1;
        if (nb) {
#if LF_P1305_R64
            lf_u128 w = (lf_u128)lf_le64(msg + len - 16) |
                        (lf_u128)lf_le64(msg + len - 8) << 64;
            w >>= 8 * (16 - rest);
            w |= (lf_u128)1 << (8 * rest);
            m0 = (uint64_t)w;
            m1 = (uint64_t)(w >> 64);
#else
            uint8_t b[16] = {0};
            memcpy(b, msg + 16 * nb, rest);
            b[rest] = 1;
            m0 = lf_le64(b);
            m1 = lf_le64(b + 8);
            lf_wipe(b, sizeof b);
#endif
        } else {
            uint8_t b[16] = {0};
            memcpy(b, msg, rest);
            b[rest] = 1;
            m0 = lf_le64(b);
            m1 = lf_le64(b + 8);
            lf_wipe(b, sizeof b);
        }
        lf_p1305_block_words(h, &k, m0, m1, 0);
    }
    lf_p1305_reduce_inline(h);
    uint64_t s0 = lf_le64(key + 16), s1 = lf_le64(key + 24);
    uint64_t t0 = h[0] + s0, t1 = h[1] + s1 + (t0 < s0);
    lf_st_le64(tag, t0);
    lf_st_le64(tag + 8, t1);
    /* r and its forms: in memory (their addresses reach the kernels) */
    lf_wipe(r, sizeof r);
    lf_wipe(&k, sizeof k);
}

int lf_poly1305_verify(const uint8_t a[16], const uint8_t b[16])
{
    uint32_t d = 0;
    for (int i = 0; i < 16; i++) d |= (uint32_t)(a[i] ^ b[i]);
    d = lf_vb32(d);
    return (int)(1 & ((d - 1) >> 8));
}
