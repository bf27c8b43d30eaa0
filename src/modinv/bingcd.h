/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bingcd.h: constant-time modular inversion for a fixed PRIME modulus by
 * Pornin's optimized binary GCD (T. Pornin, "Optimized Binary GCD for
 * Modular Inversion", IACR eprint 2020/972, revised version: k - 1 inner
 * iterations on approximations made of the k + 1 top and k - 1 low bits).
 * Internal (not installed); used by the field template beside safegcd.h
 * where LF_BG_ASM is defined (below), safegcd.h's descriptor and entries
 * staying as they are for mp's run-time moduli, the secp256k1 scalar field
 * and the fields elsewhere.
 *
 * Contract (lf_bg_inv_core):
 *  - p prime (odd, >= 3) with p < 2^bits, 64 < bits <= 64 n, n >= 2; p62 and
 *    pinv62 as in lf_sg_mod (safegcd.h); all of these compile-time
 *    constants in practice (the core is unrolled for them).
 *  - x: n limbs, x < p.  r: n limbs, r = x^-1 mod p in [0, p), 0 -> 0.
 *    r may alias x.  Constant time in x (the modulus is public).
 *  - p must be prime (or x coprime to p, or x = 0): the count of inner
 *    steps is the paper's 2 bits - 2, which relies on gcd(x, p) = 1
 *    (below); for other x the result is some value < p.
 *
 * ---------------------------------------------------------------------------
 * The algorithm (the paper's Algorithm 2 with k = 32, 64-bit words).
 *   a = x, b = p (b stays odd), d = 1, e = 0; invariants a = d x and
 *   b = e x (mod p), a, b >= 0.
 *   Classic step (Algorithm 1): if a is odd: if a < b, swap (a, b) and
 *   (d, e); a <- a - b, d <- d - e.  Then a <- a / 2, d <- d / 2 (mod p).
 *   Each step lowers len(a) + len(b) by at least 1; it starts at most 2 bits
 *   and a = 0 (b = gcd(x, p)) is reached within 2 bits - 1 steps.
 *   Optimized: with n = max(len(a), len(b), 64), the 64-bit words
 *       A = (a mod 2^31) + 2^31 floor(a / 2^(n - 33)),  B likewise
 *   (exact when n <= 64) run 31 classic steps, recording the update
 *   factors (f0 g0; f1 g1) with [A'; B'] = (f0 g0; f1 g1) [A; B] / 2^31
 *   (|f0| + |g0| <= 2^31, |f1| + |g1| <= 2^31), which are then applied to
 *   the full a, b (exact division: the low 31 bits are exact), negating a
 *   row when its result is negative, and to d, e (mod p).
 *
 * Bound (paper, Appendix A, "Bounding the Number of Iterations"; the
 * revision that credits Tim Taubert with finding a gap in the first
 * version's proof): each run of k - 1 = 31 approximated steps lowers
 * len(a) + len(b) by at least 31, as 31 classic steps do; so 2 bits - 1
 * steps in total always reach a = 0 (optimal: x = 2^(len(p)-1) needs them
 * all).  When gcd(x, p) = 1 the last step can be dropped (the paper's
 * final remarks: the last step that starts with a != 0 has a = b = 1 and e
 * already holds the result): 2 bits - 2 steps, LF_BG_STEPS(bits).
 *
 * Schedule: LF_BG_APPROX(bits) approximated runs of 31 steps, then the
 * LF_BG_TAIL(bits) <= 62 steps left as exact runs on single words (31 and
 * the rest; exact once both fit in 64 bits, where the approximation is the
 * value itself): after t steps a = 0 or len(a) + len(b) <= 2 bits - t, and
 * the runs end where that is <= 64, so a, b < 2^64 (a != 0 gives
 * len(b) <= 63).  Tested on the worst known inputs by
 * tests/modinv/bg_bound.py and sg_oracle.py.
 * The same bound gives the limbs a and b still need after t steps:
 * max(len(a), len(b)) <= min(bits, 2 bits - t), and the later runs use
 * fewer limbs (segments, each unrolled for its limb count).  For x = 0, a
 * stays 0 and b stays p, whose top limbs then get dropped: harmless, as
 * with a = 0 every step only halves a, the factors are (1, 0; 0, 2^31), b
 * keeps its (truncated) value and e stays 0, so 0 -> 0.
 *
 * d, e are kept as in safegcd.h (signed 62-bit limbs, in (-2p, p)) and
 * updated by lf_sg_update_de with the product of two runs' factors
 * (entries of row sums <= 2^62, as that function requires), dividing by
 * 2^62 modulo p each time: so the result needs no final correction.
 * ------------------------------------------------------------------------- */
#ifndef LF_SAFEGCD_BINGCD_H
#define LF_SAFEGCD_BINGCD_H

#include <stdint.h>

#include "modinv/safegcd.h"

#define LF_BG_STEPS(bits) (2 * (bits) - 2)
/* approximated runs: the smallest count with 2 bits - 31 runs <= 64, so
 * that a, b < 2^64 afterwards and the tail is <= 62 steps */
#define LF_BG_APPROX(bits) ((2 * (bits) - 64 + 30) / 31)
#define LF_BG_TAIL(bits) (LF_BG_STEPS(bits) - 31 * LF_BG_APPROX(bits))

#define LF_BG_MAXN 16 /* limbs: the fields (LF_N <= 16) */

typedef struct {
    int64_t f0, g0, f1, g1;
} lf_bg_mat;

/* ---------------------------------------------------------------------------
 * Inner runs on 64-bit words.  Packed factors: fg0 = f0 + 2^32 g0 and
 * fg1 = f1 + 2^32 g1 modulo 2^64 (a linear encoding: sums, differences and
 * doublings act on both halves at once; unpacked once per run, see
 * lf_bg_unpack).  The classic step (if a odd: swap when a < b, a -= b; then
 * a >>= 1) is computed with be = (a odd ? b : 0) and fe = (a odd ? fg1 : 0)
 * known at the start of the step:
 *   t1 = b - a, t2 = fg1 - fg0, fg0 -= fe, a -= be (borrow c: the swap)
 *   if c: (a, b, fg0, fg1) = (t1, old a, t2, old fg0)
 *   a >>= 1, fg1 += fg1
 * and be, fe for the next step from its parity, bit 1 of (old a) ^ be (a - b
 * and b - a of odd a, b have bit 1 = a1 ^ b1; even a keeps its bit 1).  The
 * longest chain is 3 operations (a -= be, cmov, shr; be: xor, test, cmov
 * alongside), against 5 for the swap-then-subtract listing of the paper and
 * blst; 14 ALU operations, 6 of them cmov.  Measured alone (AMD EPYC
 * family 25): 5.36 cycles per step as a loop, against 6.0 for that listing;
 * the issue of 14 operations (6 cmov at two per cycle), not the 3-operation
 * chain (3.1 cycles alone), is what binds.
 * ------------------------------------------------------------------------- */
/* The x86-64 asm takes limb and step counts as assembler immediates ("i"),
 * which needs the constants propagated into the inlined core: not at -O0
 * (no __OPTIMIZE__), where the portable C below runs instead.  Not in
 * MemorySanitizer builds either (it reports asm operands; lf_internal.h). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(LF_MSAN) &&   \
    defined(__OPTIMIZE__) && !defined(LF_BG_NO_ASM)
#define LF_BG_ASM 1
#define LF_BG_STEP_ASM                                                                            \
    "mov %[b], %[t1]\n\t"                                                                         \
    "sub %[a], %[t1]\n\t"                                                                         \
    "mov %[a], %[x]\n\t"                                                                          \
    "xor %[be], %[x]\n\t"                                                                         \
    "mov %[fg1], %[t2]\n\t"                                                                       \
    "sub %[fg0], %[t2]\n\t"                                                                       \
    "mov %[fg0], %[t3]\n\t"                                                                       \
    "sub %[fe], %[fg0]\n\t"                                                                       \
    "mov %[a], %[t0]\n\t"                                                                         \
    "sub %[be], %[a]\n\t"                                                                         \
    "cmovc %[t1], %[a]\n\t"                                                                       \
    "cmovc %[t0], %[b]\n\t"                                                                       \
    "cmovc %[t2], %[fg0]\n\t"                                                                     \
    "cmovc %[t3], %[fg1]\n\t"                                                                     \
    "shr $1, %[a]\n\t"                                                                            \
    "add %[fg1], %[fg1]\n\t"                                                                      \
    "mov %[b], %[be]\n\t"                                                                         \
    "mov %[fg1], %[fe]\n\t"                                                                       \
    "test $2, %b[x]\n\t"                                                                          \
    "cmovz %[z], %[be]\n\t"                                                                       \
    "cmovz %[z], %[fe]\n\t"
#endif

/* steps classic steps on (a, b) (b odd), packed factors out.  steps is a
 * compile-time constant (<= 31 for packed factors). */
LF_SG_INLINE void lf_bg_run_packed(uint64_t *pa, uint64_t *pb, uint64_t *pfg0, uint64_t *pfg1,
                                   int steps)
{
    uint64_t a = *pa, b = *pb, fg0 = 1, fg1 = (uint64_t)1 << 32;
    uint64_t o = lf_vb(0 - (a & 1)), be = b & o, fe = fg1 & o;
#if defined(LF_BG_ASM)
    uint64_t t0, t1, t2, t3, x, cnt, z = 0;
    /* a counted loop (the count is public): measured 5.36 cycles per step
     * against 5.62 for the 31 steps unrolled (which vary from 4.7 to 6.6
     * with the code's alignment) */
    if (steps > 0)
        __asm__("mov %[n], %k[cnt]\n\t"
                "1:\n\t" LF_BG_STEP_ASM
                "dec %k[cnt]\n\t"
                "jnz 1b"
                : [a] "+&r"(a), [b] "+&r"(b), [fg0] "+&r"(fg0), [fg1] "+&r"(fg1), [be] "+&r"(be),
                  [fe] "+&r"(fe), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
                  [x] "=&r"(x), [cnt] "=&r"(cnt)
                : [z] "r"(z), [n] "i"(steps)
                : "cc");
#else
    for (int i = 0; i < steps; i++) {
        uint64_t d = a - be;
        uint64_t lt = ((~a & be) | ((~a | be) & d)) >> 63; /* a < be: the swap */
        uint64_t c = lf_vb(0 - lt);
        uint64_t x = a ^ be, ob = b, of0 = fg0;
        fg0 -= fe;
        b = ob ^ ((a ^ ob) & c);
        a = (d ^ c) - c;                 /* swap: b - a = -(a - b) */
        fg0 = fg0 ^ (((fg1 - of0) ^ fg0) & c);
        fg1 = fg1 ^ ((of0 ^ fg1) & c);
        a >>= 1;
        fg1 += fg1;
        o = lf_vb(0 - ((x >> 1) & 1));
        be = b & o;
        fe = fg1 & o;
    }
    (void)be;
    (void)fe;
#endif
    *pa = a;
    *pb = b;
    *pfg0 = fg0;
    *pfg1 = fg1;
}

/* Unpack fg = f + 2^32 g with f, g in (-2^31, 2^31]. */
LF_SG_INLINE void lf_bg_unpack(int64_t *f, int64_t *g, uint64_t fg)
{
    const uint64_t off = ((uint64_t)1 << 31) - 1;
    int64_t lo = (int64_t)((fg + off) & 0xffffffffu) - (int64_t)off;
    *f = lo;
    *g = (int64_t)(((fg - (uint64_t)lo) + (off << 32)) >> 32) - (int64_t)off;
}

/* ---------------------------------------------------------------------------
 * Approximation: A, B of a, b (n limbs, na of them possibly nonzero, na >= 2
 * public).  Constant time: a cascade of selects from the top limb down finds
 * the top nonzero limb of a | b (blst's __ab_approximation_31 does the same
 * with cmov), then a two-part shift by its bit length.
 * ------------------------------------------------------------------------- */
LF_SG_INLINE uint64_t lf_bg_sel(uint64_t m, uint64_t x, uint64_t y) /* m ? x : y */
{
    return y ^ ((x ^ y) & m);
}

/* bit length of x (0 for 0), no branch: a binary search with masks.  Not
 * __builtin_clzll: MemorySanitizer reports a secret operand of it (clang's
 * ctlz is undefined at 0), and without a count-leading-zeros instruction
 * (rv64 without Zbb) gcc calls libgcc's __clzdi2, which reads a table at an
 * index taken from the value. */
LF_SG_INLINE unsigned lf_bg_bitlen(uint64_t x)
{
    unsigned l = 0;
    for (int s = 32; s >= 1; s >>= 1) {
        uint64_t hi = x >> s;
        uint64_t nz = lf_vb((hi | (0 - hi)) >> 63); /* 1 if hi != 0 */
        l += (unsigned)(nz * (uint64_t)s);
        x = lf_bg_sel(0 - nz, hi, x);
    }
    return l + (unsigned)x; /* x is now 0 or 1 */
}

#if defined(LF_BG_ASM)
/* x86-64: the cascade with cmov (flags of ah | bh), then L by bsr (0 when
 * ah | bh = 0, as blst: bsr, lea 1, cmovz), two shrd by L/2 and L - L/2. */
LF_SG_INLINE void lf_bg_approx_x86(uint64_t *pA, uint64_t *pB, const uint64_t *a,
                                   const uint64_t *b, int na)
{
    uint64_t ah, al, bh, bl, t, cnt;
    __asm__(
        "mov 8*(%c[na]-1)(%[a]), %[ah]\n\t"
        "mov 8*(%c[na]-2)(%[a]), %[al]\n\t"
        "mov 8*(%c[na]-1)(%[b]), %[bh]\n\t"
        "mov 8*(%c[na]-2)(%[b]), %[bl]\n\t"
        ".set lf_bg_i, %c[na] - 2\n\t"
        ".rept %c[na] - 2\n\t"
        "mov %[ah], %[t]\n\t"
        "or %[bh], %[t]\n\t"
        "cmovz %[al], %[ah]\n\t"
        "cmovz %[bl], %[bh]\n\t"
        "cmovz 8*(lf_bg_i-1)(%[a]), %[al]\n\t"
        "cmovz 8*(lf_bg_i-1)(%[b]), %[bl]\n\t"
        ".set lf_bg_i, lf_bg_i - 1\n\t"
        ".endr\n\t"
        "mov %[ah], %[t]\n\t"
        "or %[bh], %[t]\n\t"
        "bsr %[t], %%rcx\n\t"
        "lea 1(%%rcx), %%rcx\n\t"
        "cmovz %[t], %%rcx\n\t"
        "mov %%rcx, %[cnt]\n\t"
        "shr $1, %%ecx\n\t"
        "sub %%rcx, %[cnt]\n\t"
        "shrd %%cl, %[ah], %[al]\n\t"
        "shr %%cl, %[ah]\n\t"
        "shrd %%cl, %[bh], %[bl]\n\t"
        "shr %%cl, %[bh]\n\t"
        "mov %[cnt], %%rcx\n\t"
        "shrd %%cl, %[ah], %[al]\n\t"
        "shrd %%cl, %[bh], %[bl]\n\t"
        : [ah] "=&r"(ah), [al] "=&r"(al), [bh] "=&r"(bh), [bl] "=&r"(bl), [t] "=&r"(t),
          [cnt] "=&r"(cnt)
        : [a] "r"(a), [b] "r"(b), [na] "i"(na), "m"(*(const uint64_t(*)[LF_BG_MAXN])a),
          "m"(*(const uint64_t(*)[LF_BG_MAXN])b)
        : "rcx", "cc");
    const uint64_t m31 = ((uint64_t)1 << 31) - 1;
    *pA = (al & ~m31) | (a[0] & m31);
    *pB = (bl & ~m31) | (b[0] & m31);
}
#endif

LF_SG_INLINE void lf_bg_approx(uint64_t *pA, uint64_t *pB, const uint64_t *a, const uint64_t *b,
                               int na)
{
#if defined(LF_BG_ASM)
    lf_bg_approx_x86(pA, pB, a, b, na);
#else
    uint64_t ah = a[na - 1], al = a[na - 2], bh = b[na - 1], bl = b[na - 2];
    for (int i = na - 2; i >= 1; i--) {
        uint64_t c = ah | bh;
        uint64_t z = lf_vb(((c | (0 - c)) >> 63) - 1); /* all-ones if c == 0 */
        ah = lf_bg_sel(z, al, ah);
        bh = lf_bg_sel(z, bl, bh);
        al = lf_bg_sel(z, a[i - 1], al);
        bl = lf_bg_sel(z, b[i - 1], bl);
    }
    /* (ah:al) >> L, L = bitlen(ah | bh) in [0, 64], as two shifts by <= 32 */
    unsigned L = lf_bg_bitlen(ah | bh), s1 = L >> 1, s2 = L - s1;
    al = (al >> s1) | (ah << 1 << (63 - s1));
    ah >>= s1;
    al = (al >> s2) | (ah << 1 << (63 - s2));
    bl = (bl >> s1) | (bh << 1 << (63 - s1));
    bh >>= s1;
    bl = (bl >> s2) | (bh << 1 << (63 - s2));
    const uint64_t m31 = ((uint64_t)1 << 31) - 1;
    *pA = (al & ~m31) | (a[0] & m31);
    *pB = (bl & ~m31) | (b[0] & m31);
#endif
}

/* ---------------------------------------------------------------------------
 * [a; b] <- |(f0 g0; f1 g1) [a; b] / 2^31| (na limbs), negating the rows of
 * the factors whose result was negative.
 * Within a run every row (f, g) has f g <= 0: true for (1, 0), (0, 1), and
 * kept by the three kinds of step, which map rows (r0, r1) with sign
 * patterns (+ -; - +) (or the opposite; zeros allowed) to (r0, 2 r1),
 * (r0 - r1, 2 r1) or (r1 - r0, 2 r0), each again of opposite patterns.  So
 * f a + g b = +-(a |f| - b |g|), and with D = a |f| - b |g| the new value
 * is |D| / 2^31 and the new row sign(D) (|f|, -|g|): two unsigned products
 * per limb, one signed carry, no bias.  |D| < 2^(64 na + 31).
 * ------------------------------------------------------------------------- */

#if defined(LF_BG_ASM)
/* Row in registers for na <= 6: the na + 1 limbs of D live in r8..r14
 * (one asm string per na, built from the pieces below). */
#define LF_BG_T0 "%%r8"
#define LF_BG_T1 "%%r9"
#define LF_BG_T2 "%%r10"
#define LF_BG_T3 "%%r11"
#define LF_BG_T4 "%%r12"
#define LF_BG_T5 "%%r13"
#define LF_BG_T6 "%%r14"
/* limb 0: (t1:t0) = a0 X - b0 Y */
#define LF_BG_RP0                                                                                 \
    "mov (%[a]), %%rax\n\t"                                                                       \
    "mulq %[X]\n\t"                                                                               \
    "mov %%rax, " LF_BG_T0 "\n\t"                                                                 \
    "mov %%rdx, " LF_BG_T1 "\n\t"                                                                 \
    "mov (%[b]), %%rax\n\t"                                                                       \
    "mulq %[Y]\n\t"                                                                               \
    "sub %%rax, " LF_BG_T0 "\n\t"                                                                 \
    "sbb %%rdx, " LF_BG_T1 "\n\t"
/* limb i >= 1, ti holding the signed carry c: (tj:ti) = ai X - bi Y + c */
#define LF_BG_RP(i, ti, tj)                                                                       \
    "mov " ti ", %%rcx\n\t"                                                                       \
    "mov 8*" #i "(%[a]), %%rax\n\t"                                                               \
    "mulq %[X]\n\t"                                                                               \
    "mov %%rax, " ti "\n\t"                                                                       \
    "mov %%rdx, " tj "\n\t"                                                                       \
    "mov 8*" #i "(%[b]), %%rax\n\t"                                                               \
    "mulq %[Y]\n\t"                                                                               \
    "sub %%rax, " ti "\n\t"                                                                       \
    "sbb %%rdx, " tj "\n\t"                                                                       \
    "mov %%rcx, %%rdx\n\t"                                                                        \
    "sar $63, %%rdx\n\t"                                                                          \
    "add %%rcx, " ti "\n\t"                                                                       \
    "adc %%rdx, " tj "\n\t"
#define LF_BG_SHR(ti, tj) "shrd $31, " tj ", " ti "\n\t"
#define LF_BG_XOR(ti) "xor %%rcx, " ti "\n\t"
#define LF_BG_ADC0(ti) "adc $0, " ti "\n\t"
#define LF_BG_ST(i, ti) "mov " ti ", 8*" #i "(%[r])\n\t"
/* the top limb tn final: m = sign mask in rcx, rdx = m & 1 */
#define LF_BG_SIGN(tn)                                                                            \
    "mov " tn ", %%rcx\n\t"                                                                       \
    "sar $63, %%rcx\n\t"                                                                          \
    "mov %%rcx, %%rdx\n\t"                                                                        \
    "and $1, %%rdx\n\t"
#define LF_BG_NEG0 "add %%rdx, " LF_BG_T0 "\n\t"
#define LF_BG_ROW2                                                                                \
    LF_BG_RP0 LF_BG_RP(1, LF_BG_T1, LF_BG_T2)                                                     \
    LF_BG_SHR(LF_BG_T0, LF_BG_T1) LF_BG_SHR(LF_BG_T1, LF_BG_T2)                                   \
    LF_BG_SIGN(LF_BG_T2) LF_BG_XOR(LF_BG_T0) LF_BG_XOR(LF_BG_T1)                                  \
    LF_BG_NEG0 LF_BG_ADC0(LF_BG_T1) LF_BG_ST(0, LF_BG_T0) LF_BG_ST(1, LF_BG_T1)
#define LF_BG_ROW3                                                                                \
    LF_BG_RP0 LF_BG_RP(1, LF_BG_T1, LF_BG_T2) LF_BG_RP(2, LF_BG_T2, LF_BG_T3)                     \
    LF_BG_SHR(LF_BG_T0, LF_BG_T1) LF_BG_SHR(LF_BG_T1, LF_BG_T2) LF_BG_SHR(LF_BG_T2, LF_BG_T3)     \
    LF_BG_SIGN(LF_BG_T3) LF_BG_XOR(LF_BG_T0) LF_BG_XOR(LF_BG_T1) LF_BG_XOR(LF_BG_T2)              \
    LF_BG_NEG0 LF_BG_ADC0(LF_BG_T1) LF_BG_ADC0(LF_BG_T2)                                          \
    LF_BG_ST(0, LF_BG_T0) LF_BG_ST(1, LF_BG_T1) LF_BG_ST(2, LF_BG_T2)
#define LF_BG_ROW4                                                                                \
    LF_BG_RP0 LF_BG_RP(1, LF_BG_T1, LF_BG_T2) LF_BG_RP(2, LF_BG_T2, LF_BG_T3)                     \
    LF_BG_RP(3, LF_BG_T3, LF_BG_T4)                                                               \
    LF_BG_SHR(LF_BG_T0, LF_BG_T1) LF_BG_SHR(LF_BG_T1, LF_BG_T2) LF_BG_SHR(LF_BG_T2, LF_BG_T3)     \
    LF_BG_SHR(LF_BG_T3, LF_BG_T4)                                                                 \
    LF_BG_SIGN(LF_BG_T4) LF_BG_XOR(LF_BG_T0) LF_BG_XOR(LF_BG_T1) LF_BG_XOR(LF_BG_T2)              \
    LF_BG_XOR(LF_BG_T3) LF_BG_NEG0 LF_BG_ADC0(LF_BG_T1) LF_BG_ADC0(LF_BG_T2) LF_BG_ADC0(LF_BG_T3) \
    LF_BG_ST(0, LF_BG_T0) LF_BG_ST(1, LF_BG_T1) LF_BG_ST(2, LF_BG_T2) LF_BG_ST(3, LF_BG_T3)
#define LF_BG_ROW5                                                                                \
    LF_BG_RP0 LF_BG_RP(1, LF_BG_T1, LF_BG_T2) LF_BG_RP(2, LF_BG_T2, LF_BG_T3)                     \
    LF_BG_RP(3, LF_BG_T3, LF_BG_T4) LF_BG_RP(4, LF_BG_T4, LF_BG_T5)                               \
    LF_BG_SHR(LF_BG_T0, LF_BG_T1) LF_BG_SHR(LF_BG_T1, LF_BG_T2) LF_BG_SHR(LF_BG_T2, LF_BG_T3)     \
    LF_BG_SHR(LF_BG_T3, LF_BG_T4) LF_BG_SHR(LF_BG_T4, LF_BG_T5)                                   \
    LF_BG_SIGN(LF_BG_T5) LF_BG_XOR(LF_BG_T0) LF_BG_XOR(LF_BG_T1) LF_BG_XOR(LF_BG_T2)              \
    LF_BG_XOR(LF_BG_T3) LF_BG_XOR(LF_BG_T4)                                                       \
    LF_BG_NEG0 LF_BG_ADC0(LF_BG_T1) LF_BG_ADC0(LF_BG_T2) LF_BG_ADC0(LF_BG_T3) LF_BG_ADC0(LF_BG_T4) \
    LF_BG_ST(0, LF_BG_T0) LF_BG_ST(1, LF_BG_T1) LF_BG_ST(2, LF_BG_T2) LF_BG_ST(3, LF_BG_T3)       \
    LF_BG_ST(4, LF_BG_T4)
#define LF_BG_ROW6                                                                                \
    LF_BG_RP0 LF_BG_RP(1, LF_BG_T1, LF_BG_T2) LF_BG_RP(2, LF_BG_T2, LF_BG_T3)                     \
    LF_BG_RP(3, LF_BG_T3, LF_BG_T4) LF_BG_RP(4, LF_BG_T4, LF_BG_T5)                               \
    LF_BG_RP(5, LF_BG_T5, LF_BG_T6)                                                               \
    LF_BG_SHR(LF_BG_T0, LF_BG_T1) LF_BG_SHR(LF_BG_T1, LF_BG_T2) LF_BG_SHR(LF_BG_T2, LF_BG_T3)     \
    LF_BG_SHR(LF_BG_T3, LF_BG_T4) LF_BG_SHR(LF_BG_T4, LF_BG_T5) LF_BG_SHR(LF_BG_T5, LF_BG_T6)     \
    LF_BG_SIGN(LF_BG_T6) LF_BG_XOR(LF_BG_T0) LF_BG_XOR(LF_BG_T1) LF_BG_XOR(LF_BG_T2)              \
    LF_BG_XOR(LF_BG_T3) LF_BG_XOR(LF_BG_T4) LF_BG_XOR(LF_BG_T5)                                   \
    LF_BG_NEG0 LF_BG_ADC0(LF_BG_T1) LF_BG_ADC0(LF_BG_T2) LF_BG_ADC0(LF_BG_T3) LF_BG_ADC0(LF_BG_T4) \
    LF_BG_ADC0(LF_BG_T5)                                                                          \
    LF_BG_ST(0, LF_BG_T0) LF_BG_ST(1, LF_BG_T1) LF_BG_ST(2, LF_BG_T2) LF_BG_ST(3, LF_BG_T3)       \
    LF_BG_ST(4, LF_BG_T4) LF_BG_ST(5, LF_BG_T5)
#define LF_BG_ROW_ASM(ROW)                                                                        \
    __asm__ volatile(ROW                                                                          \
                     : "=&c"(m)                                                                   \
                     : [r] "r"(r), [a] "r"(a), [b] "r"(b), [X] "m"(X), [Y] "m"(Y)                 \
                     : "rax", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc",         \
                       "memory")

/* r (na limbs) = |a X - b Y| / 2^31; returns the sign mask of a X - b Y.
 * t, e: na + 1 limbs of scratch (na > 6 only). */
LF_SG_INLINE uint64_t lf_bg_row_x86(uint64_t *r, uint64_t *t, uint64_t *e, const uint64_t *a,
                                    const uint64_t *b, uint64_t X, uint64_t Y, int na)
{
    uint64_t m, lo, hi, c, cs, rax, rdx;
    switch (na) {
    case 2: LF_BG_ROW_ASM(LF_BG_ROW2); return m;
    case 3: LF_BG_ROW_ASM(LF_BG_ROW3); return m;
    case 4: LF_BG_ROW_ASM(LF_BG_ROW4); return m;
    case 5: LF_BG_ROW_ASM(LF_BG_ROW5); return m;
    case 6: LF_BG_ROW_ASM(LF_BG_ROW6); return m;
    default: break;
    }
    __asm__ volatile(
        /* t = a X - b Y, na + 1 limbs, signed carry in c */
        "xor %k[c], %k[c]\n\t"
        ".set lf_bg_i, 0\n\t"
        ".rept %c[na]\n\t"
        "mov 8*lf_bg_i(%[a]), %%rax\n\t"
        "mulq %[X]\n\t"
        "mov %%rax, %[lo]\n\t"
        "mov %%rdx, %[hi]\n\t"
        "mov 8*lf_bg_i(%[b]), %%rax\n\t"
        "mulq %[Y]\n\t"
        "sub %%rax, %[lo]\n\t"
        "sbb %%rdx, %[hi]\n\t"
        "mov %[c], %[cs]\n\t"
        "sar $63, %[cs]\n\t"
        "add %[c], %[lo]\n\t"
        "adc %[cs], %[hi]\n\t"
        "mov %[lo], 8*lf_bg_i(%[t])\n\t"
        "mov %[hi], %[c]\n\t"
        ".set lf_bg_i, lf_bg_i + 1\n\t"
        ".endr\n\t"
        "mov %[c], 8*%c[na](%[t])\n\t"
        /* t >>= 31 (na limbs; the top one is then the sign) */
        "mov (%[t]), %[lo]\n\t"
        ".set lf_bg_i, 0\n\t"
        ".rept %c[na]\n\t"
        "mov 8*(lf_bg_i+1)(%[t]), %[hi]\n\t"
        "shrd $31, %[hi], %[lo]\n\t"
        "mov %[lo], 8*lf_bg_i(%[t])\n\t"
        "mov %[hi], %[lo]\n\t"
        ".set lf_bg_i, lf_bg_i + 1\n\t"
        ".endr\n\t"
        "mov %[lo], %[m]\n\t"
        "sar $63, %[m]\n\t"
        /* e = -t */
        "mov $0, %k[lo]\n\t"
        "sub (%[t]), %[lo]\n\t"
        "mov %[lo], (%[e])\n\t"
        ".set lf_bg_i, 1\n\t"
        ".rept %c[na] - 1\n\t"
        "mov $0, %k[lo]\n\t"
        "sbb 8*lf_bg_i(%[t]), %[lo]\n\t"
        "mov %[lo], 8*lf_bg_i(%[e])\n\t"
        ".set lf_bg_i, lf_bg_i + 1\n\t"
        ".endr\n\t"
        /* r = m ? e : t */
        "test %[m], %[m]\n\t"
        ".set lf_bg_i, 0\n\t"
        ".rept %c[na]\n\t"
        "mov 8*lf_bg_i(%[t]), %[lo]\n\t"
        "cmovnz 8*lf_bg_i(%[e]), %[lo]\n\t"
        "mov %[lo], 8*lf_bg_i(%[r])\n\t"
        ".set lf_bg_i, lf_bg_i + 1\n\t"
        ".endr\n\t"
        : [lo] "=&r"(lo), [hi] "=&r"(hi), [c] "=&r"(c), [cs] "=&r"(cs), [m] "=&r"(m),
          "=&a"(rax), "=&d"(rdx)
        : [r] "r"(r), [t] "r"(t), [e] "r"(e), [a] "r"(a), [b] "r"(b), [X] "m"(X), [Y] "m"(Y),
          [na] "i"(na)
        : "cc", "memory");
    return m;
}
#else
/* Portable: the same with 128-bit products (src/lf_wide.h). */
LF_SG_INLINE uint64_t lf_bg_row_c(uint64_t *r, const uint64_t *a, const uint64_t *b, uint64_t X,
                                  uint64_t Y, int na)
{
    uint64_t t[LF_BG_MAXN + 1];
    uint64_t clo = 0, chi = 0; /* c, 128-bit two's complement */
    for (int i = 0; i < na; i++) {
        uint64_t h1, h2, k, l1 = lf_wide_mul(&h1, a[i], X), l2 = lf_wide_mul(&h2, b[i], Y);
        clo = lf_wide_addc(&k, clo, l1, 0);
        chi += h1 + k;
        clo = lf_wide_subb(&k, clo, l2, 0);
        chi -= h2 + k;
        t[i] = clo; /* c >>= 64 */
        clo = chi;
        chi = 0 - (chi >> 63);
    }
    t[na] = clo;
    uint64_t m = lf_vb((uint64_t)((int64_t)t[na] >> 63));
    uint64_t cy = m & 1;
    for (int i = 0; i < na; i++)
        r[i] = lf_wide_addc(&cy, ((t[i] >> 31) | (t[i + 1] << 33)) ^ m, 0, cy);
    return m;
}
#endif

/* new a into ra (the caller swaps a and ra), new b in place */
LF_SG_INLINE void lf_bg_update_ab(const uint64_t *a, uint64_t *b, uint64_t *ra, lf_bg_mat *t,
                                  int na)
{
    uint64_t m;
    /* |f|, |g| <= 2^31; the new row is sign(D) (|f|, -|g|) */
    uint64_t sf, sg, X, Y;
#if defined(LF_BG_ASM)
    uint64_t tt[LF_BG_MAXN + 1], e[LF_BG_MAXN + 1];
#define LF_BG_ROW(r, X, Y) lf_bg_row_x86(r, tt, e, a, b, X, Y, na)
#else
#define LF_BG_ROW(r, X, Y) lf_bg_row_c(r, a, b, X, Y, na)
#endif
    sf = (uint64_t)(t->f0 >> 63);
    sg = (uint64_t)(t->g0 >> 63);
    X = ((uint64_t)t->f0 ^ sf) - sf;
    Y = ((uint64_t)t->g0 ^ sg) - sg;
    m = LF_BG_ROW(ra, X, Y);
    t->f0 = (int64_t)((X ^ m) - m);
    t->g0 = (int64_t)(m - (Y ^ m));
    sf = (uint64_t)(t->f1 >> 63);
    sg = (uint64_t)(t->g1 >> 63);
    X = ((uint64_t)t->f1 ^ sf) - sf;
    Y = ((uint64_t)t->g1 ^ sg) - sg;
    m = LF_BG_ROW(b, X, Y);
    t->f1 = (int64_t)((X ^ m) - m);
    t->g1 = (int64_t)(m - (Y ^ m));
#undef LF_BG_ROW
}

/* T = M2 M1 as an lf_sg_mat (rows u v; q r) */
LF_SG_INLINE void lf_bg_mul(lf_sg_mat *t, const lf_bg_mat *m2, const lf_bg_mat *m1)
{
    t->u = m2->f0 * m1->f0 + m2->g0 * m1->f1;
    t->v = m2->f0 * m1->g0 + m2->g0 * m1->g1;
    t->q = m2->f1 * m1->f0 + m2->g1 * m1->f1;
    t->r = m2->f1 * m1->g0 + m2->g1 * m1->g1;
}

/* Limbs of a, b that can be nonzero after t steps: max(len(a), len(b)) <=
 * min(bits, 2 bits - t) (see the top), at least 2 (the approximation reads
 * two limbs). */
#define LF_BG_MINB_(bits, t) (2 * (bits) - (t) < (bits) ? 2 * (bits) - (t) : (bits))
#define LF_BG_LIMBS(bits, t) ((LF_BG_MINB_(bits, t) + 63) / 64 < 2 ? 2 : (LF_BG_MINB_(bits, t) + 63) / 64)
/* first run index k >= 0 whose a, b fit in na - 1 limbs (na >= 3):
 * 2 bits - 31 k <= 64 (na - 1) */
#define LF_BG_KEND(bits, na)                                                                  \
    (2 * (bits) - 64 * ((na) - 1) <= 0 ? 0 : (2 * (bits) - 64 * ((na) - 1) + 30) / 31)

/* Runs k in [k0, k1) with na limbs (a compile-time constant); m1 holds the
 * factors of an odd run not yet applied to d, e (k odd: pending). */
LF_SG_INLINE void lf_bg_segment(int k0, int k1, int na, uint64_t **pa, uint64_t **pra, uint64_t *b,
                                int64_t *d, int64_t *e, lf_bg_mat *m1, const int64_t *p62,
                                uint64_t pinv62, int n62)
{
    uint64_t *a = *pa, *ra = *pra;
    for (int k = k0; k < k1; k++) {
        uint64_t A, B, fg0, fg1, *sw;
        lf_bg_mat m2, *m = (k & 1) ? &m2 : m1;
        lf_sg_mat t;
        lf_bg_approx(&A, &B, a, b, na);
        lf_bg_run_packed(&A, &B, &fg0, &fg1, 31);
        lf_bg_unpack(&m->f0, &m->g0, fg0);
        lf_bg_unpack(&m->f1, &m->g1, fg1);
        lf_bg_update_ab(a, b, ra, m, na);
        sw = a; /* public: the same swap every run */
        a = ra;
        ra = sw;
        if (k & 1) {
            lf_bg_mul(&t, &m2, m1);
            lf_sg_update_de(d, e, &t, p62, pinv62, n62);
        }
    }
    *pa = a;
    *pra = ra;
}

#define LF_BG_SEG(NA)                                                                         \
    if ((NA) <= n && (NA) >= 2) {                                                             \
        int k1_ = (NA) == 2 ? runs : LF_BG_KEND(bits, NA);                                    \
        if (k1_ > runs) k1_ = runs;                                                           \
        if (k1_ > k) {                                                                        \
            lf_bg_segment(k, k1_, (NA), &a, &ra, b, d, e, &m1, p62, pinv62, n62);                    \
            k = k1_;                                                                          \
        }                                                                                     \
    }

/* r = x^-1 mod p; see the contract at the top.  w: LF_SG_WORK(n62) int64_t.
 * n, bits (and p, p62, pinv62) compile-time constants. */
LF_SG_INLINE void lf_bg_inv_core(uint64_t *r, const uint64_t *x, const uint64_t *p, int n,
                                 int bits, const int64_t *p62, uint64_t pinv62, int64_t *w)
{
    const int n62 = LF_SG_N62(bits), runs = LF_BG_APPROX(bits), tail = LF_BG_TAIL(bits);
    int64_t *d = w, *e = w + n62;
    uint64_t abuf[2][LF_BG_MAXN], b[LF_BG_MAXN], *a = abuf[0], *ra = abuf[1];
    lf_bg_mat m1, m2;
    lf_sg_mat t;
    uint64_t fg0, fg1;
    int k = 0;

    for (int i = 0; i < n; i++) {
        a[i] = x[i];
        b[i] = p[i];
    }
    for (int i = 0; i < n62; i++) d[i] = e[i] = 0;
    d[0] = 1;
    /* runs with n limbs, then fewer as the bound allows (each segment
     * unrolled for its limb count; only NA <= n survive) */
    LF_BG_SEG(16) LF_BG_SEG(15) LF_BG_SEG(14) LF_BG_SEG(13) LF_BG_SEG(12) LF_BG_SEG(11)
    LF_BG_SEG(10) LF_BG_SEG(9) LF_BG_SEG(8) LF_BG_SEG(7) LF_BG_SEG(6) LF_BG_SEG(5)
    LF_BG_SEG(4) LF_BG_SEG(3) LF_BG_SEG(2)
    if (runs & 1) { /* the last approximated run alone, scaled by 2^31 */
        t.u = m1.f0 * ((int64_t)1 << 31);
        t.v = m1.g0 * ((int64_t)1 << 31);
        t.q = m1.f1 * ((int64_t)1 << 31);
        t.r = m1.g1 * ((int64_t)1 << 31);
        lf_sg_update_de(d, e, &t, p62, pinv62, n62);
    }
    /* exact tail: a, b < 2^64 now; only e is needed afterwards */
    {
        uint64_t a0 = a[0], b0 = b[0];
        int t1 = tail > 31 ? 31 : tail, t2 = tail - t1;
        lf_bg_run_packed(&a0, &b0, &fg0, &fg1, t1);
        lf_bg_unpack(&m1.f0, &m1.g0, fg0);
        lf_bg_unpack(&m1.f1, &m1.g1, fg1);
        if (t2 > 0) { /* exact run: a0, b0 are now the new a, b (>= 0) */
            lf_bg_run_packed(&a0, &b0, &fg0, &fg1, t2);
            lf_bg_unpack(&m2.f0, &m2.g0, fg0);
            lf_bg_unpack(&m2.f1, &m2.g1, fg1);
            lf_bg_mul(&t, &m2, &m1);
        } else {
            t.u = m1.f0;
            t.v = m1.g0;
            t.q = m1.f1;
            t.r = m1.g1;
        }
        /* scale to a division by 2^62 */
        t.u *= (int64_t)1 << (62 - tail);
        t.v *= (int64_t)1 << (62 - tail);
        t.q *= (int64_t)1 << (62 - tail);
        t.r *= (int64_t)1 << (62 - tail);
        lf_sg_update_de(d, e, &t, p62, pinv62, n62);
    }
    /* b = 1 and e = x^-1 (or x = 0, e = 0); e in (-2p, p) */
    lf_sg_cadd_p62(e, p62, lf_vb((uint64_t)(e[n62 - 1] >> 63)), n62);
    lf_sg_cadd_p62(e, p62, lf_vb((uint64_t)(e[n62 - 1] >> 63)), n62);
    lf_sg_from62(r, n, e, n62);
}

#endif
