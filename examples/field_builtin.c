/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: arithmetic in a built-in prime field (secp256k1's base field).
 *
 * Shows the life cycle of field elements: parse canonical big-endian bytes,
 * compute (mul, add, inv, sqrt), encode back to bytes.  Every result is
 * checked against a value computed independently (Python ints), so the
 * program exits 0 only if the library gave the right answers.
 *
 * Build against an installed limbforge:
 *   cc $(pkg-config --cflags limbforge) field_builtin.c $(pkg-config --libs limbforge)
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/fields.h> /* every built-in field; or <limbforge/field/secp256k1_p.h> */

/* The secp256k1 generator point G = (x, y): y^2 = x^3 + 7 (mod p). */
static const char gx_hex[] = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
static const char gy_hex[] = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";
/* Known results, computed with Python: gx*gy mod p and gx^-1 mod p. */
static const char gxgy_hex[] = "fd3dc529c6eb60fb9d166034cf3c1a5a72324aa9dfd3428a56d7e1ce0179fd9b";
static const char gxinv_hex[] = "237afdf1d2938d86870aaeb8ad77626a67b8e794abfb076be61d003687ca9ef6";
/* p itself: not a canonical encoding of any element. */
static const char p_hex[] = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";

static int failures;

static void check(int ok, const char *what) {
    printf("%-44s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

/* hex string (2*len digits) -> len bytes */
static void unhex(uint8_t *out, size_t len, const char *hex) {
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

/* Is element a, encoded, equal to the expected hex string? */
static int eq_hex(const lf_secp256k1_p_t *a, const char *hex) {
    uint8_t got[LF_SECP256K1_P_BYTES], want[LF_SECP256K1_P_BYTES];
    lf_secp256k1_p_to_bytes(got, a);
    unhex(want, sizeof want, hex);
    return memcmp(got, want, sizeof got) == 0;
}

int main(void) {
    uint8_t buf[LF_SECP256K1_P_BYTES];
    lf_secp256k1_p_t x, y, t, u, seven, one;

    printf("limbforge %s, back end %s\n", lf_version(), lf_backend_name(lf_backend_current()));

    /* Parse: from_bytes accepts only canonical values (< p). */
    unhex(buf, sizeof buf, gx_hex);
    check(lf_secp256k1_p_from_bytes(&x, buf) == LF_OK, "parse Gx");
    unhex(buf, sizeof buf, gy_hex);
    check(lf_secp256k1_p_from_bytes(&y, buf) == LF_OK, "parse Gy");
    unhex(buf, sizeof buf, p_hex);
    check(lf_secp256k1_p_from_bytes(&t, buf) == LF_ERR_RANGE && lf_secp256k1_p_is_zero(&t),
          "parse p is rejected (LF_ERR_RANGE, zeroed)");

    /* A product against a known value. */
    lf_secp256k1_p_mul(&t, &x, &y);
    check(eq_hex(&t, gxgy_hex), "Gx * Gy = known value");

    /* Inversion: constant time (inv) and variable time (inv_var, public
     * inputs only) agree, match the known value, and x * x^-1 = 1. */
    lf_secp256k1_p_inv(&t, &x);
    lf_secp256k1_p_inv_var(&u, &x);
    check(lf_secp256k1_p_eq(&t, &u), "inv(Gx) == inv_var(Gx)");
    check(eq_hex(&t, gxinv_hex), "inv(Gx) = known value");
    lf_secp256k1_p_mul(&u, &x, &t);
    lf_secp256k1_p_set_one(&one);
    check(lf_secp256k1_p_eq(&u, &one), "Gx * Gx^-1 == 1");

    /* G is on the curve: rhs = x^3 + 7 equals y^2. */
    memset(buf, 0, sizeof buf);
    buf[31] = 7;
    if (lf_secp256k1_p_from_bytes(&seven, buf) != LF_OK) return 1;
    lf_secp256k1_p_sqr(&t, &x);
    lf_secp256k1_p_mul(&t, &t, &x); /* r may alias an input */
    lf_secp256k1_p_add(&t, &t, &seven);
    lf_secp256k1_p_sqr(&u, &y);
    check(lf_secp256k1_p_eq(&t, &u), "Gy^2 == Gx^3 + 7");

    /* Square root: sqrt(x^3 + 7) is y or -y; pick the one with y's parity
     * (as a compressed point decoder would) and compare its encoding. */
    check(lf_secp256k1_p_sqrt(&u, &t) == 1, "x^3 + 7 is a square");
    lf_secp256k1_p_to_bytes(buf, &u);
    {
        lf_secp256k1_p_t negu;
        lf_secp256k1_p_neg(&negu, &u);
        /* Gy is even: take -u if u is odd (constant time select) */
        lf_secp256k1_p_cmov(&u, &negu, buf[31] & 1);
    }
    check(eq_hex(&u, gy_hex), "sqrt(Gx^3 + 7) with even parity == Gy");

    /* A non-residue has no root: -1 is not a square when p = 3 mod 4. */
    lf_secp256k1_p_neg(&t, &one);
    check(lf_secp256k1_p_sqrt(&u, &t) == 0 && lf_secp256k1_p_is_zero(&u), "sqrt(-1) does not exist");

    if (failures) {
        printf("%d check(s) FAILED\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
