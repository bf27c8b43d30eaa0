/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: every built-in field's API against GMP.
 * Input: field selector, back-end selector, operation mask, two operands of
 * the field's byte length (big-endian, any value: from_bytes must refuse
 * exactly the values >= p and give 0), an exponent, and a small batch.
 * Checked: from_bytes / to_bytes / to_internal / from_internal, mul, sqr,
 * add, sub, neg (also in place), inv and inv_var, sqrt (root or proof of a
 * non-residue by the Jacobi symbol), pow_var_exp, batch_inv (separate and
 * in place, zeros mixed in), eq, is_zero, cmov. */
#include <gmp.h>

#include "common.h"
#include "limbforge/fields.h"

/* the moduli, from the header comments of include/limbforge/field/ (data) */
static const struct {
    const char *name, *hex;
} moduli[] = {
    {"bls12_381_p", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"},
    {"bls12_381_r", "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"},
    {"bn254_p", "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"},
    {"bn254_r", "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"},
    {"p1024", "97ee81ccf797d41b6bcda3d185b0dd4d9cfab96bae3a8638c1e3adad356f23c5a3d673dc7c8dbb9d54115e4c08a2bc0ee252b99e8c5528de921e8ea2831ad15dbe0d63bbb2c3ec5970ee738a73ead4a220394b2d519446319ff8d7028278bd367c862151f790573b5c6d9a7a0c6f91a8863f96a767e8955c9018c7221f7e4039"},
    {"p25519", "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"},
    {"p256_n", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"},
    {"p256_p", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"},
    {"p448", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff"},
    {"secp256k1_n", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"},
    {"secp256k1_p", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"},
};

static void modulus(mpz_t p, const char *name)
{
    for (size_t i = 0; i < sizeof moduli / sizeof moduli[0]; i++)
        if (!strcmp(moduli[i].name, name)) {
            FZ_CHECK(mpz_set_str(p, moduli[i].hex, 16) == 0);
            return;
        }
    FZ_CHECK(!"unknown field");
}

static void import_be(mpz_t x, const uint8_t *b, size_t len) { mpz_import(x, len, 1, 1, 1, 0, b); }

/* bytes == x (x < 256^len) */
static int eq_be(const uint8_t *b, size_t len, const mpz_t x)
{
    mpz_t t;
    mpz_init(t);
    import_be(t, b, len);
    int ok = mpz_cmp(t, x) == 0;
    mpz_clear(t);
    return ok;
}

static void export_be(uint8_t *b, size_t len, const mpz_t x)
{
    size_t cnt = 0;
    memset(b, 0, len);
    FZ_CHECK(mpz_sizeinbase(x, 256) <= len || mpz_sgn(x) == 0);
    uint8_t tmp[256];
    mpz_export(tmp, &cnt, 1, 1, 1, 0, x);
    memcpy(b + len - cnt, tmp, cnt);
}

#define FIELD_RUN(F, L, NB)                                                              \
    static void run_##F(fz_in *in)                                                       \
    {                                                                                    \
        mpz_t p, A, B, X, T;                                                             \
        mpz_inits(p, A, B, X, T, NULL);                                                  \
        modulus(p, #F);                                                                  \
        const uint8_t ops = fz_u8(in);                                                   \
        uint8_t ab[NB], bb[NB], out[NB];                                                 \
        fz_bytes(in, ab, NB);                                                            \
        fz_bytes(in, bb, NB);                                                            \
        lf_##F##_t a, b, r, s;                                                           \
        /* parse: refused exactly when >= p, and then 0 */                              \
        import_be(A, ab, NB);                                                            \
        import_be(B, bb, NB);                                                            \
        int ra = lf_##F##_from_bytes(&a, ab), rb = lf_##F##_from_bytes(&b, bb);          \
        FZ_CHECK((ra == LF_OK) == (mpz_cmp(A, p) < 0));                                  \
        FZ_CHECK((rb == LF_OK) == (mpz_cmp(B, p) < 0));                                  \
        if (ra != LF_OK) {                                                               \
            FZ_CHECK(ra == LF_ERR_RANGE && lf_##F##_is_zero(&a));                        \
            mpz_mod(A, A, p);                                                            \
            export_be(ab, NB, A);                                                        \
            FZ_CHECK(lf_##F##_from_bytes(&a, ab) == LF_OK);                              \
        }                                                                                \
        if (rb != LF_OK) {                                                               \
            FZ_CHECK(rb == LF_ERR_RANGE && lf_##F##_is_zero(&b));                        \
            mpz_mod(B, B, p);                                                            \
            export_be(bb, NB, B);                                                        \
            FZ_CHECK(lf_##F##_from_bytes(&b, bb) == LF_OK);                              \
        }                                                                                \
        lf_##F##_to_bytes(out, &a);                                                      \
        FZ_CHECK(!memcmp(out, ab, NB));                                                  \
        /* limbs: from_internal gives the canonical value, to_internal the reverse */    \
        uint64_t limbs[L];                                                               \
        lf_##F##_from_internal(limbs, &a);                                               \
        mpz_import(T, L, -1, 8, 0, 0, limbs);                                            \
        FZ_CHECK(mpz_cmp(T, A) == 0);                                                    \
        FZ_CHECK(lf_##F##_to_internal(&r, limbs) == LF_OK && lf_##F##_eq(&r, &a));       \
        FZ_CHECK(lf_##F##_eq(&a, &b) == (mpz_cmp(A, B) == 0));                           \
        FZ_CHECK(lf_##F##_is_zero(&a) == (mpz_sgn(A) == 0));                             \
        /* ring operations, results also computed in place (r aliasing a) */           \
        lf_##F##_mul(&r, &a, &b);                                                        \
        mpz_mul(X, A, B), mpz_mod(X, X, p);                                              \
        lf_##F##_to_bytes(out, &r);                                                      \
        FZ_CHECK(eq_be(out, NB, X));                                                     \
        s = a, lf_##F##_mul(&s, &s, &b);                                                 \
        FZ_CHECK(lf_##F##_eq(&s, &r));                                                   \
        lf_##F##_sqr(&r, &a);                                                            \
        mpz_mul(X, A, A), mpz_mod(X, X, p);                                              \
        lf_##F##_to_bytes(out, &r);                                                      \
        FZ_CHECK(eq_be(out, NB, X));                                                     \
        lf_##F##_add(&r, &a, &b);                                                        \
        mpz_add(X, A, B), mpz_mod(X, X, p);                                              \
        lf_##F##_to_bytes(out, &r);                                                      \
        FZ_CHECK(eq_be(out, NB, X));                                                     \
        s = b, lf_##F##_sub(&s, &a, &s);                                                 \
        mpz_sub(X, A, B), mpz_mod(X, X, p);                                              \
        lf_##F##_to_bytes(out, &s);                                                      \
        FZ_CHECK(eq_be(out, NB, X));                                                     \
        s = a, lf_##F##_neg(&s, &s);                                                     \
        mpz_neg(X, A), mpz_mod(X, X, p);                                                 \
        lf_##F##_to_bytes(out, &s);                                                      \
        FZ_CHECK(eq_be(out, NB, X));                                                     \
        s = a, lf_##F##_cmov(&s, &b, ops & 1);                                           \
        FZ_CHECK(lf_##F##_eq(&s, (ops & 1) ? &b : &a));                                  \
        if (ops & 2) { /* inverse, both kinds; 0 -> 0 */                                 \
            if (mpz_sgn(A) == 0)                                                         \
                mpz_set_ui(X, 0);                                                        \
            else                                                                         \
                FZ_CHECK(mpz_invert(X, A, p));                                           \
            lf_##F##_inv(&r, &a);                                                        \
            lf_##F##_to_bytes(out, &r);                                                  \
            FZ_CHECK(eq_be(out, NB, X));                                                 \
            s = a, lf_##F##_inv_var(&s, &s);                                             \
            FZ_CHECK(lf_##F##_eq(&s, &r));                                               \
        }                                                                                \
        if (ops & 4) { /* square root or a non-residue */                               \
            int ok = lf_##F##_sqrt(&r, &a);                                              \
            lf_##F##_to_bytes(out, &r);                                                  \
            if (ok) {                                                                    \
                import_be(X, out, NB);                                                   \
                mpz_mul(X, X, X), mpz_mod(X, X, p);                                      \
                FZ_CHECK(mpz_cmp(X, A) == 0);                                            \
            } else {                                                                     \
                FZ_CHECK(mpz_jacobi(A, p) == -1 && fz_all_zero(out, NB));                \
            }                                                                            \
        }                                                                                \
        if (ops & 8) { /* public exponent, up to 192 bits */                            \
            uint64_t e[3];                                                               \
            uint8_t eb[24];                                                              \
            size_t ebits = fz_u8(in) % 193;                                              \
            fz_bytes(in, eb, sizeof eb);                                                 \
            memcpy(e, eb, sizeof e);                                                     \
            mpz_import(T, 3, -1, 8, 0, 0, e);                                            \
            mpz_fdiv_r_2exp(T, T, ebits);                                                \
            if (ebits % 64) e[ebits / 64] &= ((uint64_t)1 << (ebits % 64)) - 1;          \
            for (size_t w = (ebits + 63) / 64; w < 3; w++) e[w] = 0;                     \
            lf_##F##_pow_var_exp(&r, &a, e, ebits);                                      \
            mpz_powm(X, A, T, p);                                                        \
            lf_##F##_to_bytes(out, &r);                                                  \
            FZ_CHECK(eq_be(out, NB, X));                                                 \
        }                                                                                \
        if (ops & 16) { /* batch inversion of up to 6 elements, zeros mixed in */       \
            lf_##F##_t v[6], w[6];                                                       \
            size_t cnt = fz_u8(in) % 7;                                                  \
            for (size_t i = 0; i < cnt; i++) {                                           \
                uint8_t sel = fz_u8(in);                                                 \
                v[i] = sel & 1 ? a : b;                                                  \
                if (sel & 2) lf_##F##_set_zero(&v[i]);                                   \
                if (sel & 4) lf_##F##_set_one(&v[i]);                                    \
                if (sel & 8) lf_##F##_sqr(&v[i], &v[i]);                                 \
            }                                                                            \
            lf_##F##_batch_inv(w, v, cnt);                                               \
            for (size_t i = 0; i < cnt; i++) {                                           \
                lf_##F##_inv(&r, &v[i]);                                                 \
                FZ_CHECK(lf_##F##_eq(&w[i], &r));                                        \
            }                                                                            \
            lf_##F##_batch_inv(v, v, cnt);                                               \
            for (size_t i = 0; i < cnt; i++) FZ_CHECK(lf_##F##_eq(&w[i], &v[i]));        \
        }                                                                                \
        /* limbs >= p are refused by to_internal, and give 0 */                         \
        mpz_add(T, p, B);                                                                \
        if (mpz_sizeinbase(T, 2) <= 64 * (L)) {                                          \
            memset(limbs, 0, sizeof limbs);                                              \
            mpz_export(limbs, NULL, -1, 8, 0, 0, T);                                     \
            FZ_CHECK(lf_##F##_to_internal(&r, limbs) == LF_ERR_RANGE &&                  \
                     lf_##F##_is_zero(&r));                                              \
        }                                                                                \
        mpz_clears(p, A, B, X, T, NULL);                                                 \
    }

LF_FIELDS_FOREACH(FIELD_RUN)

#define FIELD_ENTRY(F, L, NB) run_##F,
static void (*const runs[])(fz_in *) = {LF_FIELDS_FOREACH(FIELD_ENTRY)};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const uint8_t f = fz_u8(&in);
    fz_backend(fz_u8(&in));
    runs[f % (sizeof runs / sizeof runs[0])](&in);
    return 0;
}
