/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of src/modinv (the harness: tests/common/ctime_main.c,
 * the method: tests/ctime/README.md).
 *
 * Secrets are marked with LF_CT_SECRET; the checker reports any branch or
 * memory index that depends on them.  Cases: lf_sg_mod_init with a secret
 * modulus (only its verdict is declassified) followed by lf_sg_inv with
 * secret p and x, 1..128 limbs, out of place and in place; lf_sg_inv with a
 * public modulus of 61..1085 bits; the inline core with a static const
 * descriptor (secp256k1_n, as a compile-time-constant user calls it); and
 * bingcd.h (the fields' constant-time inversion) with a public modulus and
 * secret x for 2, 4, 6, 7 and 16 limbs: its x86-64 asm where this file is
 * compiled optimising, its portable C at -O0 and under MemorySanitizer.  The
 * _var entry is variable time by contract and not run.  safegcd has no
 * back ends of its own: one run (on the c back end). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "limbforge/limbforge.h"
#include "modinv/bingcd.h"
#include "modinv/safegcd.h"

/* results are outputs: only their computation is checked */
static void out(const uint64_t *a, size_t n) { lf_ctime_out(a, 8 * n); }

/* odd p of exactly 64 n bits; x < p (top limb smaller) */
static void pick(uint64_t *p, uint64_t *x, size_t n)
{
    lf_rng_limbs(&lf_ctime_rng, p, n);
    lf_rng_limbs(&lf_ctime_rng, x, n);
    p[0] |= 1;
    p[n - 1] |= UINT64_C(1) << 63;
    x[n - 1] &= ~(UINT64_C(1) << 63);
}

static void secret_modulus(size_t n)
{
    static uint64_t p[LF_SG_MAX_N64], x[LF_SG_MAX_N64], r[LF_SG_MAX_N64];
    static lf_sg_mod m;
    int rc;
    pick(p, x, n);
    LF_CT_SECRET(p, 8 * n);
    rc = lf_sg_mod_init(&m, p, n, (unsigned)(64 * n));
    LF_CT_PUBLIC(&rc, sizeof rc); /* the verdict is the one public output */
    if (rc != LF_OK) {
        printf("ctime_modinv: lf_sg_mod_init failed for n = %zu\n", n);
        exit(1);
    }
    LF_CT_SECRET(x, 8 * n);
    lf_sg_inv(&m, r, x);
    out(r, n);
    LF_CT_SECRET(r, 8 * n);
    lf_sg_inv(&m, r, r); /* in place (correctness: sg_oracle.py) */
    out(r, n);
    /* x = 0 and x = 1 with the same secret modulus */
    memset(x, 0, 8 * n);
    LF_CT_SECRET(x, 8 * n);
    lf_sg_inv(&m, r, x);
    out(r, n);
    x[0] = 1;
    LF_CT_SECRET(x, 8 * n);
    lf_sg_inv(&m, r, x);
    out(r, n);
}

static void public_modulus(size_t n, unsigned bits)
{
    static uint64_t p[LF_SG_MAX_N64], x[LF_SG_MAX_N64], r[LF_SG_MAX_N64];
    static lf_sg_mod m;
    pick(p, x, n);
    if (bits < 64 * n) {
        p[n - 1] &= (UINT64_C(1) << (bits % 64)) - 1;
        p[n - 1] |= UINT64_C(1) << (bits % 64 - 1);
        x[n - 1] &= (UINT64_C(1) << (bits % 64 - 1)) - 1;
    }
    if (lf_sg_mod_init(&m, p, n, bits) != LF_OK) {
        printf("ctime_modinv: lf_sg_mod_init failed for %u bits\n", bits);
        exit(1);
    }
    LF_CT_SECRET(x, 8 * n);
    lf_sg_inv(&m, r, x);
    out(r, n);
}

static const lf_sg_mod secp256k1_n = LF_SG_MOD_CONST(
    4, 256, UINT64_C(0x34f20099aa774ec1), INT64_C(0x3fd25e8cd0364141), INT64_C(0x2abb739abd2280ee),
    INT64_C(0x3fffffffffffffeb), INT64_C(0x3fffffffffffffff), INT64_C(0x00000000000000ff));

static void const_descriptor(void)
{
    uint64_t x[4], r[4];
    int64_t w[LF_SG_WORK(LF_SG_N62(256))];
    lf_rng_limbs(&lf_ctime_rng, x, 4);
    x[3] &= ~(UINT64_C(1) << 63);
    LF_CT_SECRET(x, sizeof x);
    lf_sg_inv_core(&secp256k1_n, r, x, w, 0);
    out(r, 4);
}

/* bingcd.h for n limbs and bits (compile-time constants), public odd p of
 * exactly bits bits (prime or not: the running time does not depend on it,
 * correctness is sg_oracle.py's), secret x: random, 0, 1, 2^(bits-1) */
#define BG_CASE(n, bits)                                                                         \
    static void bg_##n##_##bits(void)                                                          \
    {                                                                                          \
        uint64_t p[n], x[n], r[n];                                                             \
        int64_t p62[LF_SG_N62(bits)], w[LF_SG_WORK(LF_SG_N62(bits))];                          \
        pick(p, x, n);                                                                         \
        const int tb = (bits) - 64 * ((n) - 1); /* bits of the top limb, 1..64 */              \
        if (tb < 64) {                                                                         \
            p[(n) - 1] &= (UINT64_C(1) << (tb & 63)) - 1;                                      \
            p[(n) - 1] |= UINT64_C(1) << ((tb - 1) & 63);                                      \
            x[(n) - 1] &= (UINT64_C(1) << ((tb - 1) & 63)) - 1;                                \
        }                                                                                      \
        lf_sg_to62(p62, LF_SG_N62(bits), p, n);                                                \
        for (int k = 0; k < 4; k++) {                                                          \
            if (k > 0) memset(x, 0, sizeof x);                                                 \
            if (k == 2) x[0] = 1;                                                              \
            if (k == 3) x[((bits) - 1) / 64] = UINT64_C(1) << (((bits) - 1) % 64);             \
            LF_CT_SECRET(x, sizeof x);                                                         \
            lf_bg_inv_core(r, x, p, n, bits, p62, lf_sg_pinv62(p[0]), w);                      \
            out(r, n);                                                                         \
        }                                                                                      \
    }
BG_CASE(2, 127)
BG_CASE(4, 255)
BG_CASE(6, 381)
BG_CASE(7, 448)
BG_CASE(16, 1024)

static void case_bingcd(void)
{
    bg_2_127();
    bg_4_255();
    bg_6_381();
    bg_7_448();
    bg_16_1024();
}

static void case_secret_modulus(void)
{
    static const size_t sizes[] = {1, 2, 4, 6, 7, 16, 17, 64, 128};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) secret_modulus(sizes[i]);
}

static void case_public_modulus(void)
{
    public_modulus(1, 61);
    public_modulus(2, 123);
    public_modulus(4, 255);
    public_modulus(9, 521);
    public_modulus(17, 1085);
}

static const lf_ctime_case cases[] = {
    {"secret_modulus", case_secret_modulus},
    {"public_modulus", case_public_modulus},
    {"static_descriptor", const_descriptor},
    {"bingcd", case_bingcd},
    {NULL, NULL},
};
const lf_ctime_suite lf_ctime_this = {"ctime_modinv", cases, NULL};
