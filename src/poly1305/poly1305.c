/* Poly1305 (RFC 8439 2.5): public API, length/back-end dispatch and the
 * portable radix 2^64 kernel.  Kernel contract: poly1305_internal.h. */
#include <string.h>

#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"

/* ---------------------------------------------------------------------------
 * Radix 2^64 scalar kernel.
 *
 * h = h0 + h1 2^64 + h2 2^128, r = r0 + r1 2^64 with the RFC clamp:
 * r0 < 2^60, r1 < 2^60 and r1 = 0 mod 4.  Since 2^130 = 5 (mod p), the
 * product terms at 2^128 and above fold down with s1 = r1 + r1/4 = 5 r1 / 4
 * (exact because 4 | r1; s1 < 1.25 * 2^60):
 *   h1 r1 2^128 = h1 (r1/4) 2^130 = h1 s1        (mod p)
 *   h2 r1 2^192 = h2 s1 2^64                      (mod p)
 * so h r = d0 + d1 2^64 + d2 2^128 (mod p) with
 *   d0 = h0 r0 + h1 s1,  d1 = h0 r1 + h1 r0 + h2 s1,  d2 = h2 r0.
 *
 * Bounds, per block.  Entry: h2 <= 7 (contract h < 2^131).  After adding the
 * block and its pad bit, h2 <= 7 + 1 + 1 = 9.  Then
 *   d0 < 2^64 2^60 + 2^64 1.25 2^60 = 2.25 2^124 < 2^126, so d0>>64 < 2^62
 *   d1 + (d0>>64) < 2^124 + 2^124 + 9 1.25 2^60 + 2^62 < 2^126, carry < 2^62
 *   t2 = d2 + carry < 9 2^60 + 2^62 = 13 2^60
 * (all products and sums fit their 128-/64-bit words).  Reduction: with
 * t2 = 4q + (t2 & 3), 2^130 q = 5 q, and 5q = (t2 & ~3) + (t2 >> 2)
 * < 1.25 13 2^60 < 2^64 fits one word.  h = t0 + t1 2^64 + (t2&3) 2^128 + 5q:
 * t0 + 5q < 2^65 carries at most 1 into t1, which carries at most 1 into the
 * top, so h2 <= 3 + 1 = 4 on exit (h < 5 2^128 < 2p).  In the loop the exit
 * bound 4 is the next entry bound (<= 7).
 * ------------------------------------------------------------------------- */
#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 lf_u128;


/* Add with carry in and out: x86-64 _addcarry_u64 (one adc; gcc 12 keeps
 * unsigned __int128 sums in stack slots, which put store-to-load
 * forwarding on the critical path: 17.5 cycles per block instead of ~11),
 * else comparisons. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
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

/* One block given as words: h = (h + m + hibit 2^128) r, lazily reduced
 * (the formulas and bounds of the comment above; 128-bit values only as
 * the products, the sums as 64-bit words with explicit carries). */
static inline void lf_p1305_block_words(uint64_t h[3], const uint64_t r[2], uint64_t m0,
                                        uint64_t m1, uint64_t hibit)
{
    /* separate locals for every carry-chain output: gcc 12 keeps a local
     * whose address reaches _addcarry_u64 in memory across the loop when
     * it is also the loop-carried h */
    lf_adcw a0, a1, d0l, d0h, d1l, d1h, d1h2, d1h3, n0, n1;
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    unsigned char c = 0;
    /* h += block + hibit 2^128 */
    LF_ADC(c, h[0], m0, a0);
    LF_ADC(c, h[1], m1, a1);
    uint64_t h2 = h[2] + c + hibit;
    /* d = h r (h2 s1 < 9 1.25 2^60 < 2^64 fits a word) */
    lf_u128 p11 = (lf_u128)a1 * s1, p00 = (lf_u128)a0 * r0;
    c = 0;
    LF_ADC(c, (uint64_t)p00, (uint64_t)p11, d0l);
    LF_ADC(c, (uint64_t)(p00 >> 64), (uint64_t)(p11 >> 64), d0h); /* no carry out: < 2^126 */
    lf_u128 p01 = (lf_u128)a0 * r1, p10 = (lf_u128)a1 * r0;
    c = 0;
    LF_ADC(c, (uint64_t)p01, (uint64_t)p10, d1l);
    LF_ADC(c, (uint64_t)(p01 >> 64), (uint64_t)(p10 >> 64), d1h);
    c = 0;
    LF_ADC(c, d1l, h2 * s1, d1l);
    LF_ADC(c, d1h, 0, d1h2);
    c = 0;
    LF_ADC(c, d1l, d0h, d1l);
    LF_ADC(c, d1h2, 0, d1h3);
    uint64_t d2 = h2 * r0 + d1h3;
    /* fold 2^130 q = 5 q */
    uint64_t q5 = (d2 & ~(uint64_t)3) + (d2 >> 2);
    c = 0;
    LF_ADC(c, d0l, q5, n0);
    LF_ADC(c, d1l, 0, n1);
    h[0] = n0;
    h[1] = n1;
    h[2] = (d2 & 3) + c;
}

static inline void lf_p1305_r64_loop(uint64_t h[3], const uint64_t r[2], const uint8_t *m,
                                     size_t nblocks, uint64_t hibit)
{
    uint64_t hh[3] = {h[0], h[1], h[2]};
    for (; nblocks; nblocks--, m += 16)
        lf_p1305_block_words(hh, r, lf_p1305_le64(m), lf_p1305_le64(m + 8), hibit);
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
#if defined(__SIZEOF_INT128__)
    lf_p1305_r64_loop(h, r, m, nblocks, hibit);
#else
    lf_p1305_blocks_r26(h, r, m, nblocks, hibit);
#endif
}

/* h < 2^131 (h2 < 8) -> h mod p.  First fold bits 130.. : h < 2^130 + 35,
 * which is < 2p; then h - p = h + 5 - 2^130 is taken when it is >= 0.
 * Branch-free (masks). */
static inline void lf_p1305_reduce_inline(uint64_t h[3])
{
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
    uint64_t c = (h2 >> 2) * 5, k;
    h2 &= 3;
    h0 += c;
    k = h0 < c;
    h1 += k;
    k = h1 < k;
    h2 += k;
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

/* The short one-shot path's block loop: inlined radix 2^64 where there is
 * unsigned __int128, else the radix 2^26 kernel. */
#if defined(__SIZEOF_INT128__)
#define lf_p1305_short(h, r, m, nb) lf_p1305_r64_loop((h), (r), (m), (nb), 1)
#else
#define lf_p1305_short(h, r, m, nb) ((nb) ? lf_p1305_blocks_r26((h), (r), (m), (nb), 1) : (void)0)
static inline void lf_p1305_block_words(uint64_t h[3], const uint64_t r[2], uint64_t m0,
                                        uint64_t m1, uint64_t hibit)
{
    uint8_t b[16];
    lf_p1305_st64(b, m0);
    lf_p1305_st64(b + 8, m1);
    lf_p1305_blocks_r26(h, r, b, 1, hibit);
    lf_p1305_wipe(b, sizeof b);
}
#endif

#if defined(__SIZEOF_INT128__)
/* o = a b mod p (lazily) for any a, b in radix 2^44 with limbs < 2^45: the
 * product formula of poly1305_ifma.c in scalar code.  Products < 2^93.4,
 * columns < 2^95; out: l0 < 2^44, l1 < 2^44 + 2^14, l2 < 2^42. */
static void lf_p1305_mul44(uint64_t o[3], const uint64_t a[3], const uint64_t b[3])
{
    const uint64_t M = 0xfffffffffffULL, M42 = 0x3ffffffffffULL;
    const uint64_t s1 = b[1] * 20, s2 = b[2] * 20;
    lf_u128 d0 = (lf_u128)a[0] * b[0] + (lf_u128)a[1] * s2 + (lf_u128)a[2] * s1;
    lf_u128 d1 = (lf_u128)a[0] * b[1] + (lf_u128)a[1] * b[0] + (lf_u128)a[2] * s2;
    lf_u128 d2 = (lf_u128)a[0] * b[2] + (lf_u128)a[1] * b[1] + (lf_u128)a[2] * b[0];
    d1 += (uint64_t)(d0 >> 44);
    d2 += (uint64_t)(d1 >> 44);
    uint64_t l0 = (uint64_t)d0 & M, l1 = (uint64_t)d1 & M, l2 = (uint64_t)d2 & M42;
    l0 += (uint64_t)(d2 >> 42) * 5; /* d2 < 2^96: (d2 >> 42) 5 < 2^57 */
    l1 += l0 >> 44;
    o[0] = l0 & M;
    o[1] = l1;
    o[2] = l2;
}

/* r^1..r^n with depth 3 (r2; r3, r4; r5..r8), radix 2^44 (the format of
 * lf_poly1305_state.pw). */
void lf_p1305_powers(uint64_t pw[][3], const uint64_t r[2], unsigned n)
{
    const uint64_t rh[3] = {r[0], r[1], 0};
    lf_p1305_to44(pw[0], rh);
    if (n > 1) lf_p1305_mul44(pw[1], pw[0], pw[0]);
    if (n > 2) lf_p1305_mul44(pw[2], pw[1], pw[0]);
    if (n > 3) lf_p1305_mul44(pw[3], pw[1], pw[1]);
    for (unsigned k = 4; k < n && k < 8; k++) lf_p1305_mul44(pw[k], pw[3], pw[k - 4]);
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
lf_p1305_vec lf_p1305_vec_for(int b)
{
    lf_p1305_vec v = {NULL, 0, 0, "scalar"};
    /* The chains are fixed (limbforge.h): each back end below is the
     * deepest of its chain with a Poly1305 kernel of its own. */
    switch (b) {
#if LF_P1305_X86_VEC
    case LF_BACKEND_AVX2: v = (lf_p1305_vec){lf_p1305_blocks_avx2, 4, LF_P1305_MIN_AVX2, "avx2"}; break;
    case LF_BACKEND_AVX512:
        v = (lf_p1305_vec){lf_p1305_blocks_avx512, 8, LF_P1305_MIN_AVX512, "avx512"};
        break;
    case LF_BACKEND_AVX512IFMA:
        v = (lf_p1305_vec){lf_p1305_blocks_ifma, 8, LF_P1305_MIN_IFMA, "ifma"};
        break;
#endif
#if LF_P1305_NEON
    case LF_BACKEND_NEON: v = (lf_p1305_vec){lf_p1305_blocks_neon, 4, LF_P1305_MIN_NEON, "neon"}; break;
#endif
#if LF_P1305_POWER9
    case LF_BACKEND_POWER9:
        v = (lf_p1305_vec){lf_p1305_blocks_power9, 2, LF_P1305_MIN_POWER9, "power9"};
        break;
#endif
    default: break;
    }
    return v;
}

/* Absorb nblocks full blocks: the vector kernel for the bulk when the
 * length reaches its crossover, the scalar kernel for the rest. */
static void lf_p1305_absorb(lf_poly1305_state *st, const uint8_t *m, size_t nblocks)
{
    if (nblocks * 16 >= LF_P1305_MIN_ANY) {
        lf_p1305_vec v = lf_p1305_vec_for(lf_backend_fast());
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
    st->r[0] = lf_p1305_le64(key) & 0x0ffffffc0fffffffULL;
    st->r[1] = lf_p1305_le64(key + 8) & 0x0ffffffc0ffffffcULL;
    st->s[0] = lf_p1305_le64(key + 16);
    st->s[1] = lf_p1305_le64(key + 24);
    st->buflen = 0;
    st->npw = 0;
}

void lf_poly1305_update(lf_poly1305_state *st, const uint8_t *msg, size_t len)
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
    if (nb) lf_p1305_absorb(st, msg, nb);
    msg += 16 * nb;
    len -= 16 * nb;
    if (len) {
        memcpy(st->buf, msg, len);
        st->buflen = len;
    }
}

static void lf_p1305_clear(lf_poly1305_state *st)
{
    size_t n = st->npw ? sizeof *st : offsetof(lf_poly1305_state, pw);
    memset(st->buf, 0, sizeof st->buf);
    memset(st, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ volatile("" : : "r"(st) : "memory");
#endif
}

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
    lf_p1305_st64(tag, t0);
    lf_p1305_st64(tag + 8, t1);
    lf_p1305_clear(st);
}

/* One-shot.  Short messages (below every vector crossover) take a path
 * with no state struct and no copies: r and s stay in registers, full
 * blocks are read in place, a partial last block of a message of >= 16
 * bytes is read as the message's last 16 bytes shifted down (the length is
 * public, so the shift is too), and only a message shorter than 16 bytes
 * goes through a (wiped) stack buffer.  h, r, s live in locals that are
 * never arrays, so there is nothing in addressable memory to wipe. */
void lf_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32])
{
    if (len >= LF_P1305_MIN_ANY) {
        lf_poly1305_state st;
        lf_poly1305_init(&st, key);
        lf_poly1305_update(&st, msg, len);
        lf_poly1305_final(&st, tag);
        return;
    }
    uint64_t h[3] = {0, 0, 0};
    const uint64_t r[2] = {lf_p1305_le64(key) & 0x0ffffffc0fffffffULL,
                           lf_p1305_le64(key + 8) & 0x0ffffffc0ffffffcULL};
    size_t nb = len / 16, rest = len % 16;
    lf_p1305_short(h, r, msg, nb);
    if (rest) {
        uint64_t m0, m1;
        if (nb) {
#if defined(__SIZEOF_INT128__)
            lf_u128 w = (lf_u128)lf_p1305_le64(msg + len - 16) |
                        (lf_u128)lf_p1305_le64(msg + len - 8) << 64;
            w >>= 8 * (16 - rest);
            w |= (lf_u128)1 << (8 * rest);
            m0 = (uint64_t)w;
            m1 = (uint64_t)(w >> 64);
#else
            uint8_t b[16] = {0};
            memcpy(b, msg + 16 * nb, rest);
            b[rest] = 1;
            m0 = lf_p1305_le64(b);
            m1 = lf_p1305_le64(b + 8);
            lf_p1305_wipe(b, sizeof b);
#endif
        } else {
            uint8_t b[16] = {0};
            memcpy(b, msg, rest);
            b[rest] = 1;
            m0 = lf_p1305_le64(b);
            m1 = lf_p1305_le64(b + 8);
            lf_p1305_wipe(b, sizeof b);
        }
        lf_p1305_block_words(h, r, m0, m1, 0);
    }
    lf_p1305_reduce_inline(h);
    uint64_t s0 = lf_p1305_le64(key + 16), s1 = lf_p1305_le64(key + 24);
    uint64_t t0 = h[0] + s0, t1 = h[1] + s1 + (t0 < s0);
    lf_p1305_st64(tag, t0);
    lf_p1305_st64(tag + 8, t1);
}

int lf_poly1305_verify(const uint8_t a[16], const uint8_t b[16])
{
    uint32_t d = 0;
    for (int i = 0; i < 16; i++) d |= (uint32_t)(a[i] ^ b[i]);
    d = lf_vb32(d);
    return (int)(1 & ((d - 1) >> 8));
}
