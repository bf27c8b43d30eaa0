/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: mp against GMP.  Input: back-end byte, a selector, lengths
 * and operand bytes.  Checked: mul / sqr / mul_lo (1..128 limbs), from_bytes
 * / to_bytes (lengths that do and do not fit), Montgomery init (even, zero
 * and one moduli refused), mont_mul / mont_sqr (operands >= m refused with
 * r = 0), modexp (1..4 exponent limbs), RSA-CRT with primes from the input
 * (1..4 limbs per prime; e = 3, 65537 or an odd 64-bit e from the input): the
 * result, a fault injected through the test hook (refused, r = 0), bad keys
 * refused and zeroed. */
#include <gmp.h>

#include "common.h"
#include "limbforge/mp.h"

#define MAXL LF_MP_MAX_LIMBS

static void get_limbs(fz_in *in, uint64_t *r, size_t n)
{
    uint8_t b[8 * MAXL];
    fz_bytes(in, b, 8 * n);
    memcpy(r, b, 8 * n);
}

static void to_mpz(mpz_t x, const uint64_t *a, size_t n) { mpz_import(x, n, -1, 8, 0, 0, a); }

static int eq_mpz(const uint64_t *a, size_t n, const mpz_t x)
{
    mpz_t t;
    mpz_init(t);
    to_mpz(t, a, n);
    int ok = mpz_cmp(t, x) == 0;
    mpz_clear(t);
    return ok;
}

static void from_mpz(uint64_t *a, size_t n, const mpz_t x)
{
    memset(a, 0, 8 * n);
    FZ_CHECK(mpz_sizeinbase(x, 2) <= 64 * n || mpz_sgn(x) == 0);
    mpz_export(a, NULL, -1, 8, 0, 0, x);
}

static void products(fz_in *in)
{
    static uint64_t a[MAXL], b[MAXL], r[2 * MAXL];
    size_t n = 1 + fz_u8(in) % MAXL;
    get_limbs(in, a, n);
    get_limbs(in, b, n);
    mpz_t A, B, X;
    mpz_inits(A, B, X, NULL);
    to_mpz(A, a, n), to_mpz(B, b, n);
    FZ_CHECK(lf_mp_mul(r, a, b, n) == LF_OK);
    mpz_mul(X, A, B);
    FZ_CHECK(eq_mpz(r, 2 * n, X));
    FZ_CHECK(lf_mp_sqr(r, a, n) == LF_OK);
    mpz_mul(X, A, A);
    FZ_CHECK(eq_mpz(r, 2 * n, X));
    FZ_CHECK(lf_mp_mul_lo(r, a, b, n) == LF_OK);
    mpz_mul(X, A, B), mpz_fdiv_r_2exp(X, X, 64 * n);
    FZ_CHECK(eq_mpz(r, n, X));
    /* bytes: a as len bytes, len any of 0 .. 8n + 8 */
    uint8_t buf[8 * MAXL + 8];
    size_t len = fz_u16(in) % (8 * n + 9);
    int rc = lf_mp_to_bytes(buf, len, a, n);
    int fits = mpz_sizeinbase(A, 256) <= len || mpz_sgn(A) == 0;
    FZ_CHECK((rc == LF_OK) == fits);
    if (rc == LF_OK) {
        mpz_import(X, len, 1, 1, 1, 0, buf);
        FZ_CHECK(mpz_cmp(X, A) == 0);
        FZ_CHECK(lf_mp_from_bytes(r, n, buf, len) == LF_OK && !memcmp(r, a, 8 * n));
    } else {
        FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(buf, len));
    }
    fz_bytes(in, buf, len); /* arbitrary bytes: leading ones beyond 8n refused */
    mpz_import(X, len, 1, 1, 1, 0, buf);
    rc = lf_mp_from_bytes(r, n, buf, len);
    FZ_CHECK((rc == LF_OK) == (mpz_sizeinbase(X, 2) <= 64 * n || mpz_sgn(X) == 0));
    if (rc == LF_OK)
        FZ_CHECK(eq_mpz(r, n, X));
    else
        FZ_CHECK(fz_all_zero(r, 8 * n));
    mpz_clears(A, B, X, NULL);
}

static void montgomery(fz_in *in)
{
    static lf_mp_mont_ctx ctx;
    static uint64_t m[MAXL], a[MAXL], b[MAXL], r[MAXL], e[4];
    size_t n = 1 + fz_u8(in) % 32;
    get_limbs(in, m, n);
    const uint8_t sel = fz_u8(in);
    mpz_t M, A, B, X, R;
    mpz_inits(M, A, B, X, R, NULL);
    to_mpz(M, m, n);
    int rc = lf_mp_mont_init(&ctx, m, n);
    FZ_CHECK((rc == LF_OK) == (mpz_odd_p(M) && mpz_cmp_ui(M, 1) > 0));
    if (rc != LF_OK) {
        FZ_CHECK(rc == LF_ERR_PARAM && fz_all_zero(&ctx, sizeof ctx));
        m[0] |= 1;
        to_mpz(M, m, n);
        if (mpz_cmp_ui(M, 1) == 0) m[0] = 3, to_mpz(M, m, n);
        FZ_CHECK(lf_mp_mont_init(&ctx, m, n) == LF_OK);
    }
    mpz_setbit(R, 64 * n);
    get_limbs(in, a, n);
    get_limbs(in, b, n);
    to_mpz(A, a, n), to_mpz(B, b, n);
    if (!(sel & 1)) { /* mostly in range */
        mpz_mod(A, A, M), mpz_mod(B, B, M);
        from_mpz(a, n, A), from_mpz(b, n, B);
    }
    int in_range = mpz_cmp(A, M) < 0 && mpz_cmp(B, M) < 0;
    rc = lf_mp_mont_mul(r, a, b, &ctx);
    FZ_CHECK((rc == LF_OK) == in_range);
    if (rc == LF_OK) { /* r R = a b mod m, r < m */
        to_mpz(X, r, n);
        FZ_CHECK(mpz_cmp(X, M) < 0);
        mpz_mul(X, X, R), mpz_submul(X, A, B);
        FZ_CHECK(mpz_divisible_p(X, M));
    } else {
        FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, 8 * n));
    }
    if (mpz_cmp(A, M) < 0) {
        FZ_CHECK(lf_mp_mont_sqr(r, a, &ctx) == LF_OK);
        to_mpz(X, r, n), mpz_mul(X, X, R), mpz_submul(X, A, A);
        FZ_CHECK(mpz_divisible_p(X, M));
        /* modexp: base^exp mod m, normal form */
        size_t el = 1 + (sel >> 1) % 4;
        get_limbs(in, e, el);
        if (sel & 0x20) e[el - 1] = 0; /* leading zero limbs allowed */
        memcpy(b, a, 8 * n);
        FZ_CHECK(lf_mp_modexp(b, b, e, el, &ctx) == LF_OK); /* r aliasing base */
        to_mpz(X, e, el);
        mpz_powm(X, A, X, M);
        FZ_CHECK(eq_mpz(b, n, X));
    } else {
        FZ_CHECK(lf_mp_modexp(r, a, e, 1, &ctx) == LF_ERR_RANGE && fz_all_zero(r, 8 * n));
    }
    mpz_clears(M, A, B, X, R, NULL);
}

/* a prime of exactly 64 h bits from the input, or 0 */
static int prime_from(fz_in *in, mpz_t p, size_t h)
{
    uint64_t v[4];
    get_limbs(in, v, h);
    to_mpz(p, v, h);
    mpz_setbit(p, 64 * h - 1);
    mpz_nextprime(p, p);
    return mpz_sizeinbase(p, 2) == 64 * h;
}

/* src/mp/rsa.c's test hook (hidden; reachable in a static link): flip one bit
 * of m1 or m2 */
extern void (*lf_mp_rsa_fault_hook)(uint64_t *m1, uint64_t *m2, size_t h);
static unsigned fault_bit;
static void flip_bit(uint64_t *m1, uint64_t *m2, size_t h)
{
    unsigned bit = fault_bit % (unsigned)(128 * h);
    uint64_t *m = bit < 64 * h ? m1 : m2;
    bit %= (unsigned)(64 * h);
    m[bit / 64] ^= UINT64_C(1) << (bit % 64);
}

static void rsa(fz_in *in)
{
    static lf_mp_rsa_key key;
    uint64_t p[4], q[4], dp[4], dq[4], qi[4], c[8], r[8], e;
    size_t h = 1 + fz_u8(in) % 4;
    uint8_t sel = fz_u8(in);
    get_limbs(in, &e, 1);
    e = sel % 3 == 0 ? 3 : sel % 3 == 1 ? 65537 : e | 1;
    if (e == 1) e = 3;
    mpz_t P, Q, Dp, Dq, Qi, C, N, M1, M2, X, E, T;
    mpz_inits(P, Q, Dp, Dq, Qi, C, N, M1, M2, X, E, T, NULL);
    mpz_import(E, 1, -1, 8, 0, 0, &e);
    if (!prime_from(in, P, h) || !prime_from(in, Q, h) || mpz_cmp(P, Q) == 0) goto out;
    /* dp = e^-1 mod (p-1), dq = e^-1 mod (q-1): none when e shares a factor */
    mpz_sub_ui(T, P, 1);
    if (!mpz_invert(Dp, E, T)) goto out;
    mpz_sub_ui(T, Q, 1);
    if (!mpz_invert(Dq, E, T)) goto out;
    get_limbs(in, c, 2 * h);
    to_mpz(C, c, 2 * h);
    FZ_CHECK(mpz_invert(Qi, Q, P));
    from_mpz(p, h, P), from_mpz(q, h, Q), from_mpz(dp, h, Dp), from_mpz(dq, h, Dq);
    from_mpz(qi, h, Qi);
    FZ_CHECK(lf_mp_rsa_key_init(&key, e, p, q, dp, dq, qi, h) == LF_OK);
    mpz_mul(N, P, Q);
    int rc = lf_mp_rsa_private_crt(r, c, &key);
    FZ_CHECK((rc == LF_OK) == (mpz_cmp(C, N) < 0));
    if (rc != LF_OK) {
        FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, 16 * h));
        goto out;
    }
    /* x = c^d mod N through CRT: x = m1 mod p, x = m2 mod q; and x^e = c mod N */
    mpz_powm(M1, C, Dp, P), mpz_powm(M2, C, Dq, Q);
    mpz_sub(X, M1, M2), mpz_mul(X, X, Qi), mpz_mod(X, X, P), mpz_mul(X, X, Q), mpz_add(X, X, M2);
    FZ_CHECK(eq_mpz(r, 2 * h, X));
    mpz_powm(T, X, E, N);
    FZ_CHECK(mpz_cmp(T, C) == 0);
    /* a bit of m1 or m2 flipped: the public-exponent check refuses the result */
    fault_bit = fz_u16(in);
    lf_mp_rsa_fault_hook = flip_bit;
    rc = lf_mp_rsa_private_crt(r, c, &key);
    lf_mp_rsa_fault_hook = NULL;
    FZ_CHECK(rc == LF_ERR_FAULT && fz_all_zero(r, 16 * h));
    /* bad keys, each refused and zeroed: dp >= p; a wrong dp; a wrong qinv; e even */
    from_mpz(dp, h, P);
    FZ_CHECK(lf_mp_rsa_key_init(&key, e, p, q, dp, dq, qi, h) == LF_ERR_RANGE &&
             fz_all_zero(&key, sizeof key));
    mpz_add_ui(T, Dp, 2 + (sel >> 2) % 8), mpz_sub_ui(X, P, 1), mpz_mod(T, T, X);
    from_mpz(dp, h, T);
    FZ_CHECK(lf_mp_rsa_key_init(&key, e, p, q, dp, dq, qi, h) == LF_ERR_INVALID &&
             fz_all_zero(&key, sizeof key));
    from_mpz(dp, h, Dp);
    mpz_add_ui(T, Qi, 1), mpz_mod(T, T, P);
    from_mpz(qi, h, T);
    FZ_CHECK(lf_mp_rsa_key_init(&key, e, p, q, dp, dq, qi, h) == LF_ERR_INVALID &&
             fz_all_zero(&key, sizeof key));
    from_mpz(qi, h, Qi);
    FZ_CHECK(lf_mp_rsa_key_init(&key, e + 1, p, q, dp, dq, qi, h) == LF_ERR_PARAM &&
             fz_all_zero(&key, sizeof key));
out:
    mpz_clears(P, Q, Dp, Dq, Qi, C, N, M1, M2, X, E, T, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    fz_backend(fz_u8(&in));
    switch (fz_u8(&in) % 3) {
    case 0: products(&in); break;
    case 1: montgomery(&in); break;
    default: rsa(&in); break;
    }
    return 0;
}
