/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: polynomial multiplication in ML-KEM's ring Z_q[X]/(X^256 + 1),
 * q = 3329, with the number-theoretic transform (ntt.h, FIPS 203).
 *
 *   a * b = NTT^-1( MultiplyNTTs( NTT(a), NTT(b) ) )
 *
 * The product is checked against a schoolbook product computed here (256^2
 * multiplications, with X^256 = -1), first with the checked API (canonical
 * coefficients in [0, q), FIPS 203 order), then with the lazy in-place API
 * an ML-KEM implementation chains without conversions.  Known values: the
 * NTT of a constant c is (c, 0) in every pair, the NTT of X is (0, 1) in
 * every pair, and X * X^255 = -1.  The program exits 0 only if every check
 * passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/ntt.h>

#define Q LF_NTT_Q

static int failures;

static void check(int ok, const char *what) {
    printf("%-52s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

/* r = a * b mod (X^256 + 1, q), the slow and obvious way */
static void schoolbook(int16_t r[256], const int16_t a[256], const int16_t b[256]) {
    int64_t acc[256] = {0};
    for (int i = 0; i < 256; i++)
        for (int j = 0; j < 256; j++) {
            int64_t t = (int64_t)a[i] * b[j];
            if (i + j < 256)
                acc[i + j] += t;
            else
                acc[i + j - 256] -= t; /* X^256 = -1 */
        }
    for (int i = 0; i < 256; i++) r[i] = (int16_t)(((acc[i] % Q) + Q) % Q);
}

/* deterministic test polynomials, coefficients in [0, q) */
static uint64_t rng_state = 0x0123456789abcdefULL;
static void random_poly(int16_t a[256]) {
    for (int i = 0; i < 256; i++) {
        rng_state ^= rng_state << 13; /* xorshift64 */
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        a[i] = (int16_t)(rng_state % Q);
    }
}

static int same(const int16_t *a, const int16_t *b) { return memcmp(a, b, 256 * sizeof *a) == 0; }

int main(void) {
    int16_t a[256], b[256], ah[256], bh[256], ch[256], c[256], want[256];
    int ok;

    /* ---- known transforms */
    for (int i = 0; i < 256; i++) a[i] = (int16_t)(i == 0 ? 1234 : 0); /* the constant 1234 */
    ok = lf_mlkem_ntt(ah, a) == LF_OK;
    for (int i = 0; i < 256; i++) ok &= ah[i] == (i % 2 == 0 ? 1234 : 0);
    check(ok, "NTT(1234) = (1234, 0) in every pair");
    for (int i = 0; i < 256; i++) a[i] = (int16_t)(i == 1); /* X */
    ok = lf_mlkem_ntt(ah, a) == LF_OK;
    for (int i = 0; i < 256; i++) ok &= ah[i] == (i % 2);
    check(ok, "NTT(X) = (0, 1) in every pair");

    /* ---- X * X^255 = X^256 = -1 */
    for (int i = 0; i < 256; i++) b[i] = (int16_t)(i == 255);
    ok = lf_mlkem_ntt(ah, a) == LF_OK && lf_mlkem_ntt(bh, b) == LF_OK &&
         lf_mlkem_basemul(ch, ah, bh) == LF_OK && lf_mlkem_invntt(c, ch) == LF_OK;
    for (int i = 0; i < 256; i++) ok &= c[i] == (i == 0 ? Q - 1 : 0);
    check(ok, "X * X^255 = -1 = (q - 1)");

    /* ---- random polynomials, checked API */
    random_poly(a);
    random_poly(b);
    schoolbook(want, a, b);
    ok = lf_mlkem_ntt(ah, a) == LF_OK && lf_mlkem_ntt(bh, b) == LF_OK;
    ok &= lf_mlkem_basemul(ch, ah, bh) == LF_OK; /* pointwise, pair by pair */
    ok &= lf_mlkem_invntt(c, ch) == LF_OK;
    check(ok && same(c, want), "invNTT(basemul(NTT a, NTT b)) == schoolbook a*b");
    ok = lf_mlkem_invntt(c, ah) == LF_OK;
    check(ok && same(c, a), "invNTT(NTT(a)) == a");

    /* ---- the lazy API: in place, internal order, no range checks, values
     * kept within documented bounds instead of reduced to [0, q) */
    memcpy(ah, a, sizeof ah);
    memcpy(bh, b, sizeof bh);
    lf_mlkem_ntt_lazy(ah);          /* |coefficient| <= 17052, "B order" */
    lf_mlkem_ntt_lazy(bh);
    lf_mlkem_basemul_lazy(ch, ah, bh); /* times 2^-16 ...                  */
    lf_mlkem_invntt_lazy(ch);          /* ... cancelled here: times 2^16   */
    ok = 1;
    for (int i = 0; i < 256; i++) {
        ok &= ch[i] >= -LF_MLKEM_INVNTT_LAZY_OUT_MAX && ch[i] <= LF_MLKEM_INVNTT_LAZY_OUT_MAX;
        c[i] = (int16_t)((ch[i] % Q + Q) % Q); /* to canonical form */
    }
    check(ok, "lazy: result within +-LF_MLKEM_INVNTT_LAZY_OUT_MAX");
    check(same(c, want), "lazy: product mod q == schoolbook a*b");

    /* ---- lazy NTT output in FIPS order equals the checked NTT mod q */
    lf_mlkem_transpose(bh, ah); /* B order -> FIPS 203 order */
    ok = lf_mlkem_ntt(c, a) == LF_OK;
    for (int i = 0; i < 256; i++) ok &= (bh[i] % Q + Q) % Q == c[i];
    check(ok, "lazy NTT, transposed, == checked NTT (mod q)");

    /* ---- non-canonical input is refused */
    a[17] = Q;
    check(lf_mlkem_ntt(ah, a) == LF_ERR_RANGE, "coefficient = q -> LF_ERR_RANGE");

    if (failures) {
        printf("%d check(s) FAILED\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
