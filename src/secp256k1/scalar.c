/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Scalars mod the secp256k1 group order n (contracts: scalar.h).
 *
 * Canonical 4x64 limbs; products through the secp256k1_n Montgomery kernels
 * (mul gives a*b/R, to_internal multiplies by R), inversion by Pornin's
 * binary GCD (src/modinv/bingcd.h) where its x86-64 asm is built, else by
 * safegcd, with a static descriptor, the rest in plain C with masks through
 * lf_vb. */
#include <string.h>

#include "secp256k1/scalar.h"
#include "modinv/bingcd.h"
#include "modinv/safegcd.h"
#include "lf_wide.h"


/* n and (n-1)/2, little-endian limbs */
static const uint64_t lf_sc_n[4] = {
    UINT64_C(0xbfd25e8cd0364141), UINT64_C(0xbaaedce6af48a03b),
    UINT64_C(0xfffffffffffffffe), UINT64_C(0xffffffffffffffff)};
static const uint64_t lf_sc_nh[4] = {
    UINT64_C(0xdfe92f46681b20a0), UINT64_C(0x5d576e7357a4501d),
    UINT64_C(0xffffffffffffffff), UINT64_C(0x7fffffffffffffff)};

/* safegcd descriptor of n: 256 bits, 5 limbs of 62 bits, n^-1 mod 2^62
 * (python3: pow(n, -1, 2**62); limbs (n >> 62 i) & (2**62 - 1)). */
static const lf_sg_mod lf_sc_sg = LF_SG_MOD_CONST(
    4, 256, UINT64_C(0x34f20099aa774ec1),
    INT64_C(0x3fd25e8cd0364141), INT64_C(0x2abb739abd2280ee), INT64_C(0x3fffffffffffffeb),
    INT64_C(0x3fffffffffffffff), INT64_C(0xff));

/* r = a - b, returns the borrow (0 or 1); constant time */
static uint64_t lf_sc_sub4(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t br = 0;
    for (int i = 0; i < 4; i++) r[i] = lf_wide_subb(&br, a[i], b[i], br);
    return br;
}

int lf_sc_set_b32(lf_sc *r, const unsigned char *b32)
{
    uint64_t a[4], t[4];
    for (int i = 0; i < 4; i++) {
        uint64_t w = 0;
        for (int j = 0; j < 8; j++) w = (w << 8) | b32[8 * (3 - i) + j];
        a[i] = w;
    }
    /* a < 2^256 < 2n: a >= n <=> a - n does not borrow */
    uint64_t over = 1 ^ lf_sc_sub4(t, a, lf_sc_n);
    uint64_t m = lf_vb(0 - over);
    for (int i = 0; i < 4; i++) r->d[i] = (t[i] & m) | (a[i] & ~m);
    lf_wipe(a, sizeof a); /* the value may be a secret key */
    lf_wipe(t, sizeof t);
    return (int)over;
}

void lf_sc_reduce32(lf_sc *r, const unsigned char *b32)
{
    (void)lf_sc_set_b32(r, b32);
}

void lf_sc_get_b32(unsigned char *b32, const lf_sc *a)
{
    for (int i = 0; i < 4; i++) {
        uint64_t w = a->d[i];
        for (int j = 7; j >= 0; j--) {
            b32[8 * (3 - i) + j] = (unsigned char)w;
            w >>= 8;
        }
    }
}

void lf_sc_set_u64(lf_sc *r, uint64_t v)
{
    r->d[0] = v; /* v < 2^64 < n */
    r->d[1] = r->d[2] = r->d[3] = 0;
}

int lf_sc_is_zero(const lf_sc *a)
{
    uint64_t z = a->d[0] | a->d[1] | a->d[2] | a->d[3];
    /* z == 0 <=> (z | -z) has bit 63 clear */
    return (int)(1 ^ (lf_vb(z | (0 - z)) >> 63));
}

int lf_sc_eq(const lf_sc *a, const lf_sc *b)
{
    lf_sc x;
    for (int i = 0; i < 4; i++) x.d[i] = a->d[i] ^ b->d[i];
    return lf_sc_is_zero(&x);
}

int lf_sc_is_high(const lf_sc *a)
{
    uint64_t t[4];
    return (int)lf_vb(lf_sc_sub4(t, lf_sc_nh, a->d)); /* (n-1)/2 - a < 0 */
}

void lf_sc_cmov(lf_sc *r, const lf_sc *a, int flag)
{
    uint64_t m = lf_vb(0 - (uint64_t)(flag & 1));
    for (int i = 0; i < 4; i++) r->d[i] ^= (r->d[i] ^ a->d[i]) & m;
}

void lf_sc_cond_negate(lf_sc_k *nk, lf_sc *r, const lf_sc *a, int flag)
{
    lf_sc t;
    nk->neg(t.d, a->d);
    if (r != a) *r = *a;
    lf_sc_cmov(r, &t, flag);
}

/* constant time; var = 1 lets safegcd stop early (the binary GCD is faster
 * than that too: about 1.26 against 1.45 us for 4-limb fields,
 * src/field/README.md "Inversion") */
static void lf_sc_inv_any(lf_sc *r, const lf_sc *a, int var)
{
    int64_t w[LF_SG_WORK(LF_SG_N62(256))];
#if defined(LF_BG_ASM)
    (void)var;
    lf_bg_inv_core(r->d, a->d, lf_sc_n, 4, 256, lf_sc_sg.p62, lf_sc_sg.pinv62, w);
#else
    lf_sg_inv_core(&lf_sc_sg, r->d, a->d, w, var);
#endif
}

void lf_sc_inv(lf_sc *r, const lf_sc *a)
{
    lf_sc_inv_any(r, a, 0);
}

void lf_sc_inv_var(lf_sc *r, const lf_sc *a)
{
    lf_sc_inv_any(r, a, 1);
}

/* ---------------------------------------------------------------------------
 * GLV split (Gallant-Lambert-Vanstone; the rounding method and constants as
 * in libsecp256k1, derived here independently; tests/secp256k1/sc_oracle.py
 * re-derives them and checks the split):
 *   lambda: the cube root of unity mod n with lambda (x, y) = (beta x, y);
 *     the two nontrivial roots are x^((n-1)/3) mod n for small x and its
 *     square; this one is 0x5363ad4c...1b23bd72.
 *   Extended Euclid on (n, lambda), remainders r_i = s_i n + t_i lambda;
 *   with l the last index with r_l >= isqrt(n): v1 = (a1, b1) =
 *   (r_{l+1}, -t_{l+1}), v2 = (a2, b2) = the shorter of (r_l, -t_l) and
 *   (r_{l+2}, -t_{l+2}); a_i + b_i lambda = 0 mod n:
 *     a1 = 0x3086d221a7d46bcde86c90e49284eb15
 *     b1 = -0xe4437ed6010e88286f547fa90abfe4c3
 *     a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8
 *     b2 = 0x3086d221a7d46bcde86c90e49284eb15
 *   c1 = round(k b2 / n), c2 = round(-k b1 / n), computed as
 *   (k g + 2^383) >> 384 with g1 = round(2^384 b2 / n),
 *   g2 = round(2^384 (-b1) / n); then
 *     k2 = c1 (-b1) + c2 (-b2),  k1 = k - k2 lambda  (mod n),
 *   i.e. (k1, k2) = (k, 0) - c1 v1 - c2 v2: k1, k2 in (-2^128, 2^128)
 *   (libsecp256k1's bound analysis; checked by the test on 10^4 k).
 * ------------------------------------------------------------------------- */
const lf_sc lf_sc_half = {{UINT64_C(0xdfe92f46681b20a1), UINT64_C(0x5d576e7357a4501d),
                           UINT64_C(0xffffffffffffffff), UINT64_C(0x7fffffffffffffff)}};
const lf_sc lf_sc_lambda = {{UINT64_C(0xdf02967c1b23bd72), UINT64_C(0x122e22ea20816678),
                             UINT64_C(0xa5261c028812645a), UINT64_C(0x5363ad4cc05c30e0)}};
static const lf_sc lf_sc_mlambda = {{UINT64_C(0xe0cfc810b51283cf), UINT64_C(0xa880b9fc8ec739c2),
                                     UINT64_C(0x5ad9e3fd77ed9ba4), UINT64_C(0xac9c52b33fa3cf1f)}};
static const uint64_t lf_sc_g1[4] = {UINT64_C(0xe893209a45dbb031), UINT64_C(0x3daa8a1471e8ca7f),
                                     UINT64_C(0xe86c90e49284eb15), UINT64_C(0x3086d221a7d46bcd)};
static const uint64_t lf_sc_g2[4] = {UINT64_C(0x1571b4ae8ac47f71), UINT64_C(0x221208ac9df506c6),
                                     UINT64_C(0x6f547fa90abfe4c4), UINT64_C(0xe4437ed6010e8828)};
static const lf_sc lf_sc_mb1 = {{UINT64_C(0x6f547fa90abfe4c3), UINT64_C(0xe4437ed6010e8828), 0, 0}};
static const lf_sc lf_sc_mb2 = {{UINT64_C(0xd765cda83db1562c), UINT64_C(0x8a280ac50774346d),
                                 UINT64_C(0xfffffffffffffffe), UINT64_C(0xffffffffffffffff)}};

/* r = round(a g / 2^384) = (a g + 2^383) >> 384, constant time.  a < n,
 * g < 2^254: a g < 2^510, so r < 2^126 (a valid scalar). */
static void lf_sc_mul_shift384(lf_sc *r, const lf_sc *a, const uint64_t *g)
{
    uint64_t l[8] = {0};
    for (int i = 0; i < 4; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 4; j++) l[i + j] = lf_wide_mul_add2(&c, a->d[i], g[j], l[i + j], c);
        l[i + 4] = c;
    }
    uint64_t k;
    r->d[0] = lf_wide_addc(&k, l[6], l[5] >> 63, 0);
    r->d[1] = l[7] + k;
    r->d[2] = r->d[3] = 0;
}

void lf_sc_split_lambda(lf_sc_k *nk, lf_sc *k1, lf_sc *k2, const lf_sc *k)
{
    lf_sc c1, c2, r1, r2;
    lf_sc_mul_shift384(&c1, k, lf_sc_g1);
    lf_sc_mul_shift384(&c2, k, lf_sc_g2);
    lf_sc_mul(nk, &c1, &c1, &lf_sc_mb1);
    lf_sc_mul(nk, &c2, &c2, &lf_sc_mb2);
    lf_sc_add(nk, &r2, &c1, &c2);
    lf_sc_mul(nk, &r1, &r2, &lf_sc_mlambda);
    lf_sc_add(nk, &r1, &r1, k);
    *k1 = r1;
    *k2 = r2;
}

/* ---------------------------------------------------------------------------
 * wNAF, variable time: the textbook recoding on a 5-limb copy (the value
 * may exceed 2^256 by 2^(w-1) after subtracting a negative digit).  At each
 * position: if x is odd, d = x mods 2^w (in (-2^(w-1), 2^(w-1)), odd), x -= d
 * (now x = 0 mod 2^w: the next w-1 digits are 0); then x >>= 1.  Length: at
 * most bitlen(a) + 1.
 * ------------------------------------------------------------------------- */
/* cnt (<= 31) bits of x at position pos (bits above 256 read as 0) */
static uint32_t lf_sc_bits_var(const uint64_t *x, int pos, int cnt)
{
    int l = pos >> 6, o = pos & 63;
    uint64_t v = l < 4 ? x[l] >> o : 0;
    if (o + cnt > 64 && l + 1 < 4) v |= x[l + 1] << (64 - o);
    return (uint32_t)v & ((UINT32_C(1) << cnt) - 1);
}

int lf_sc_wnaf_var(int *wnaf, int len, const lf_sc *a, int w)
{
    /* Left to right over the bits with a carry: a position whose bit equals
     * the carry contributes no digit; otherwise the next w bits plus the
     * carry (odd) become a digit in (-2^(w-1), 2^(w-1)) and the carry
     * records whether it was taken negative (then 2^w is owed above).
     * Runs of zero digits are crossed with ctz, a word at a time. */
    const uint64_t *x = a->d;
    int bits = 0, n = 0, carry = 0, bit = 0;
    for (int i = 3; i >= 0; i--) {
        if (x[i]) {
            bits = 64 * i + 64 - __builtin_clzll(x[i]);
            break;
        }
    }
    if (w < 2 || w > 31 || len < 0 || (bits && len < bits + 1)) return -1;
    for (int i = 0; i < len; i++) wnaf[i] = 0;
    while (bit < bits) {
        /* skip positions whose bit equals the carry */
        int l = bit >> 6, o = bit & 63;
        uint64_t v = (x[l] ^ (0 - (uint64_t)carry)) >> o;
        if (v == 0) {
            bit = 64 * (l + 1);
            continue;
        }
        bit += __builtin_ctzll(v);
        if (bit >= bits) break;
        uint32_t word = lf_sc_bits_var(x, bit, w) + (uint32_t)carry;
        carry = (int)((word >> (w - 1)) & 1);
        wnaf[bit] = (int)word - (carry << w);
        n = bit + 1;
        bit += w;
    }
    if (carry) {
        /* a = digits + 2^bit: bit <= bits (a digit whose window reaches
         * past the top bit cannot set the carry), so bit < len */
        wnaf[bit] = 1;
        n = bit + 1;
    }
    return n;
}

void lf_sc_split_128(lf_sc *lo, lf_sc *hi, const lf_sc *a)
{
    uint64_t h0 = a->d[2], h1 = a->d[3];
    lo->d[0] = a->d[0];
    lo->d[1] = a->d[1];
    lo->d[2] = lo->d[3] = 0;
    hi->d[0] = h0;
    hi->d[1] = h1;
    hi->d[2] = hi->d[3] = 0;
}
