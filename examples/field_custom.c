/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: a field for your own prime, written by the limbforge generator.
 *
 * The build (examples/CMakeLists.txt) runs, from the limbforge source tree,
 *   cd gen
 *   python3 -m limbforge gen field \
 *       --modulus 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed \
 *       --name ed25519_l --target c --out <build dir>/ed25519_l
 * (L, the order of the ed25519 group) and compiles the two C files it writes,
 * ed25519_l.c and ed25519_l_c.c, into this program with -I<out dir>.  The
 * header limbforge/field/ed25519_l.h has the API of a built-in field with
 * the prefix lf_ed25519_l_.  The generated field needs nothing else; this
 * program also links limbforge itself to cross-check the generated code
 * against the library's run-time-modulus Montgomery arithmetic (mp.h).
 *
 * Every check compares with a value computed independently (Python ints or
 * lf_mp_*); the program exits 0 only if all of them pass.
 */
#include <stdio.h>
#include <string.h>

#include "limbforge/field/ed25519_l.h" /* generated */
#include <limbforge/mp.h>              /* from the installed library */

/* L = 2^252 + 27742317777372353535851937790883648493 */
static const char l_hex[] = "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed";
/* b = int.from_bytes(b"limbforge custom field example!!", "big") mod L, and
 * known results computed with Python. */
static const char b_hex[] = "0c696d62666f72676520637573746f6ca32c8e2d9a96735f67f31ad23ea22993";
static const char bb_hex[] = "0826c7a2c13c61897d5d0cf9f9701acbda3ee958a46e61a453505ab71415db7c";
static const char binv_hex[] = "09f37b7ff00239f4b5653dc02a69f1db99a19f4583b2bec7e86c4bc6123867c1";
/* (2^252)^2 mod L */
static const char a2_hex[] = "01b399411b7c309a3dceec73d217f5be680392762298a31de2edf685ab128969";

static int failures;

static void check(int ok, const char *what) {
    printf("%-44s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

static void unhex(uint8_t *out, size_t len, const char *hex) {
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int eq_hex(const lf_ed25519_l_t *a, const char *hex) {
    uint8_t got[LF_ED25519_L_BYTES], want[LF_ED25519_L_BYTES];
    lf_ed25519_l_to_bytes(got, a);
    unhex(want, sizeof want, hex);
    return memcmp(got, want, sizeof got) == 0;
}

static int parse(lf_ed25519_l_t *r, const char *hex) {
    uint8_t buf[LF_ED25519_L_BYTES];
    unhex(buf, sizeof buf, hex);
    return lf_ed25519_l_from_bytes(r, buf);
}

int main(void) {
    enum { N = LF_ED25519_L_LIMBS };
    lf_ed25519_l_t a, b, t, u, one;
    uint8_t buf[LF_ED25519_L_BYTES];

    printf("custom field ed25519_l: %d bits, %d limbs\n", LF_ED25519_L_BITS, N);

    check(parse(&b, b_hex) == LF_OK, "parse b");
    check(parse(&t, l_hex) == LF_ERR_RANGE, "parse L is rejected (LF_ERR_RANGE)");
    memset(buf, 0, sizeof buf);
    buf[0] = 0x10; /* 2^252 < L */
    check(lf_ed25519_l_from_bytes(&a, buf) == LF_OK, "parse 2^252");

    /* Products and squares against known values. */
    lf_ed25519_l_sqr(&t, &a);
    check(eq_hex(&t, a2_hex), "(2^252)^2 = known value");
    lf_ed25519_l_mul(&t, &b, &b);
    check(eq_hex(&t, bb_hex), "b * b = known value");

    /* Inversion */
    lf_ed25519_l_inv(&t, &b);
    check(eq_hex(&t, binv_hex), "inv(b) = known value");
    lf_ed25519_l_mul(&u, &t, &b);
    lf_ed25519_l_set_one(&one);
    check(lf_ed25519_l_eq(&u, &one), "b * b^-1 == 1");

    /* Square roots: L = 5 mod 8.  b is a non-residue (Python says so), b^2
     * is a square whose roots are +-b. */
    check(lf_ed25519_l_sqrt(&u, &b) == 0, "b is not a square");
    lf_ed25519_l_sqr(&t, &b);
    check(lf_ed25519_l_sqrt(&u, &t) == 1, "b^2 is a square");
    lf_ed25519_l_neg(&a, &b);
    check(lf_ed25519_l_eq(&u, &b) || lf_ed25519_l_eq(&u, &a), "sqrt(b^2) == +-b");

    /* Cross-check against limbforge's mp module (Montgomery arithmetic
     * modulo a run-time modulus): b^(L-2) mod L is b^-1 (Fermat). */
    {
        static lf_mp_mont_ctx ctx; /* about 5 KB: keep it off the stack */
        uint64_t l[N], e[N], bl[N], r[N], fl[N], one_l[N] = {1};
        uint64_t two[N] = {2};
        unhex(buf, sizeof buf, l_hex);
        check(lf_mp_from_bytes(l, N, buf, sizeof buf) == LF_OK &&
                  lf_mp_mont_init(&ctx, l, N) == LF_OK,
              "mp: Montgomery context for L");
        if (lf_mp_sub(e, NULL, l, two, N) != LF_OK) return 1; /* e = L - 2 */
        lf_ed25519_l_from_internal(bl, &b);                   /* b as plain limbs */
        check(lf_mp_modexp(r, bl, e, N, &ctx) == LF_OK, "mp: b^(L-2) mod L");
        lf_ed25519_l_inv(&t, &b);
        lf_ed25519_l_from_internal(fl, &t);
        check(memcmp(r, fl, sizeof r) == 0, "generated inv(b) == mp b^(L-2)");

        /* The field's own exponentiation with a public exponent: b^(L-1) = 1 */
        if (lf_mp_sub(e, NULL, l, one_l, N) != LF_OK) return 1;
        lf_ed25519_l_pow_var_exp(&t, &b, e, LF_ED25519_L_BITS);
        check(lf_ed25519_l_eq(&t, &one), "b^(L-1) == 1");
    }

    if (failures) {
        printf("%d check(s) FAILED\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
