/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the mp module (the harness: tests/common/ctime_main.c,
 * the method: tests/ctime/README.md).
 *
 * Secrets (operands, modulus values, base, exponent, RSA key and input) are
 * marked with LF_CT_SECRET; the checker reports any branch or memory index
 * that depends on them.  Covers mul, sqr (generated kernels and Karatsuba
 * sizes), mul_lo, add/sub/cmov/cmp, byte conversion, Montgomery context
 * creation (secret modulus, as for RSA primes), mont_mul/mont_sqr (both
 * reduction paths), modexp and the RSA-CRT helper.  Results are declassified
 * only where the API's documented error result is computed (the range check
 * of the base) and where they are outputs (LF_CT_OUT). */
#include <stdio.h>
#include <stdlib.h>

#include "../common/ctime_main.h"
#include "limbforge/mp.h"
#include "mp/mp_internal.h"

static void fill(uint64_t *a, size_t n) { lf_rng_limbs(&lf_ctime_rng, a, n); }

/* results are outputs: only their computation is checked */
static void digest(const uint64_t *a, size_t n) { lf_ctime_out(a, 8 * n); }

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int rc_ = (x);                                                                             \
        LF_CT_PUBLIC(&rc_, sizeof rc_);                                                            \
        if (rc_ != LF_OK) {                                                                        \
            printf("ctime_mp: %s failed (%d)\n", #x, rc_);                                         \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void products(size_t n)
{
    static uint64_t a[LF_MP_MAX_LIMBS], b[LF_MP_MAX_LIMBS], r[2 * LF_MP_MAX_LIMBS], c;
    static uint8_t bytes[8 * LF_MP_MAX_LIMBS];
    int cmp;
    fill(a, n), fill(b, n);
    LF_CT_SECRET(a, 8 * n), LF_CT_SECRET(b, 8 * n);
    CHECK(lf_mp_mul(r, a, b, n));
    digest(r, 2 * n);
    CHECK(lf_mp_sqr(r, a, n));
    digest(r, 2 * n);
    CHECK(lf_mp_mul_lo(r, a, b, n));
    digest(r, n);
    CHECK(lf_mp_add(r, &c, a, b, n));
    CHECK(lf_mp_sub(r, &c, r, b, n));
    CHECK(lf_mp_cmov(r, a, b[0], n));
    CHECK(lf_mp_cmp(&cmp, a, b, n));
    digest(r, n);
    LF_CT_PUBLIC(&cmp, sizeof cmp);
    CHECK(lf_mp_to_bytes(bytes, 8 * n, a, n));
    CHECK(lf_mp_from_bytes(r, n, bytes, 8 * n));
    digest(r, n);
}

static void montgomery(size_t n, size_t el)
{
    static lf_mp_mont_ctx ctx;
    static uint64_t m[LF_MP_MAX_LIMBS], a[LF_MP_MAX_LIMBS], b[LF_MP_MAX_LIMBS], e[LF_MP_MAX_LIMBS],
        r[LF_MP_MAX_LIMBS];
    fill(m, n);
    m[0] |= 1, m[n - 1] |= 1ull << 63;
    fill(a, n), fill(b, n), fill(e, el);
    a[n - 1] >>= 1, b[n - 1] >>= 1; /* < m */
    LF_CT_SECRET(m, 8 * n);                /* a secret modulus (RSA prime) */
    int rc = lf_mp_mont_init(&ctx, m, n);
    /* the validity of the modulus is the documented public result (the
     * length fields are masked by it) */
    LF_CT_PUBLIC(&rc, sizeof rc);
    LF_CT_PUBLIC(&ctx.n, sizeof ctx.n);
    if (rc != LF_OK) exit(1);
    LF_CT_SECRET(a, 8 * n), LF_CT_SECRET(b, 8 * n), LF_CT_SECRET(e, 8 * el);
    CHECK(lf_mp_mont_to_internal(a, a, &ctx));
    CHECK(lf_mp_mont_mul(r, a, b, &ctx));
    CHECK(lf_mp_mont_sqr(r, r, &ctx));
    CHECK(lf_mp_mont_from_internal(r, r, &ctx));
    digest(r, n);
    CHECK(lf_mp_modexp(r, b, e, el, &ctx));
    digest(r, n);
}

static void rsa(size_t h)
{
    static lf_mp_rsa_key key;
    static uint64_t p[64], q[64], dp[64], dq[64], qi[64], c[128];
    fill(p, h), fill(q, h), fill(dp, h), fill(dq, h), fill(qi, h), fill(c, 2 * h);
    /* not real primes: the arithmetic (and its timing) does not care */
    p[0] |= 1, q[0] |= 1, p[h - 1] |= 1ull << 63, q[h - 1] |= 1ull << 63;
    dp[h - 1] >>= 1, dq[h - 1] >>= 1, qi[h - 1] >>= 1, c[2 * h - 1] >>= 2;
    LF_CT_SECRET(p, 8 * h), LF_CT_SECRET(q, 8 * h);
    LF_CT_SECRET(dp, 8 * h), LF_CT_SECRET(dq, 8 * h), LF_CT_SECRET(qi, 8 * h);
    LF_CT_SECRET(c, 16 * h);
    CHECK(lf_mp_rsa_key_init(&key, p, q, dp, dq, qi, h));
    LF_CT_PUBLIC(&key.h, sizeof key.h);  /* lengths, masked by the public validity */
    LF_CT_PUBLIC(&key.p.n, sizeof key.p.n);
    LF_CT_PUBLIC(&key.q.n, sizeof key.q.n);
    CHECK(lf_mp_rsa_private_crt(c, c, &key));
    digest(c, 2 * h);
}

static void case_products(void)
{
    const lf_mp_kernels *k = lf_mp_k();
    printf("  (mp kernels %s, mul<=%d sqr<=%d redc<=%d)\n", k->target, k->mul_max, k->sqr_max,
           k->redc_max);
    /* generated sizes, Karatsuba sizes (odd and even splits) */
    const size_t ns[] = {1, 2, 4, 5, 8, 16, (size_t)k->mul_max + 1, 2 * (size_t)k->mul_max + 3,
                         128};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        if (ns[i] <= LF_MP_MAX_LIMBS) products(ns[i]);
}

/* generated reduction and reduction by multiplication */
static void case_montgomery(void)
{
    montgomery(1, 1);
    montgomery(4, 4);
    montgomery(16, 2);
    /* the AVX-512 IFMA modexp sizes (mp_ifma.c: 16, 24, 32, 48, 64 limbs),
     * only where that path runs (the MemorySanitizer lane: valgrind hides
     * AVX-512, and the generic code is covered above at a fraction of the
     * time under valgrind at -O0) */
    if (lf_backend_fast() == LF_BACKEND_AVX512IFMA) {
        montgomery(24, 2);
        montgomery(32, 1);
        montgomery(48, 1);
        montgomery(64, 1);
    }
    montgomery((size_t)lf_mp_k()->redc_max + 1, 1);
}

static void case_rsa(void)
{
    rsa(2);
    rsa(8);
    if (lf_backend_fast() == LF_BACKEND_AVX512IFMA)
        rsa(16); /* RSA-2048: 1024-bit halves, the IFMA path (as above) */
}

static const lf_ctime_case cases[] = {
    {"products", case_products},
    {"montgomery", case_montgomery},
    {"rsa_crt", case_rsa},
    {NULL, NULL},
};
const lf_ctime_suite lf_ctime_this = {"ctime_mp", cases, NULL};
