/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the mp module (the harness: tests/common/ctime_main.c,
 * the method: tests/ctime/README.md).
 *
 * Secrets (operands, modulus values, base, exponent, RSA key and input) are
 * marked with LF_CT_SECRET; the checker reports any branch or memory index
 * that depends on them.  Covers mul, sqr (generated kernels and Karatsuba
 * sizes), mul_lo, add/sub/cmov/cmp, byte conversion, Montgomery context
 * creation (secret modulus, as for RSA primes), mont_mul/mont_sqr (both
 * reduction paths), modexp and RSA-CRT: key loading with its validation
 * (a valid key and one with a wrong qinv), the private operation with its
 * public-exponent check, and with a fault injected through the test hook (the
 * mismatch path).  Results are declassified only where the API's documented
 * error result is computed (the range check of the base, the verdicts of the
 * RSA key checks and of the fault check) and where they are outputs
 * (LF_CT_OUT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* RSA keys made by Python (tests/mp/rsa_keys.py python_key, seed 20240611,
 * primes checked by 40 Miller-Rabin rounds), e = 65537: the private operation
 * now checks its result, so the key must be a real one.  Limbs little-endian. */
typedef struct {
    size_t h;
    uint64_t e;
    uint64_t p[16], q[16], dp[16], dq[16], qinv[16];
} ct_rsa_key;

static const ct_rsa_key ct_keys[] = {
    /* h = 2: 256-bit N */
    {2, 65537,
     {0xdde3aa614163e669u, 0xe161642dcce67426u},  /* p */
     {0xcc99d6891aff8d8fu, 0xf211b58e67d22dabu},  /* q */
     {0x2127169e1708a291u, 0x91cac85d0040cb3eu},  /* dp */
     {0xb3e7b14c3994312fu, 0x87debaca58a9d72au},  /* dq */
     {0x80ae19237f661e8du, 0x701ffbf5ea069491u}}, /* qinv */
    /* h = 8: 1024-bit N */
    {8, 65537,
     {0x7211063126d815dbu, 0x29d88cd3464361eau, 0xb7b990cf043ac588u,
      0xb9e24d198417412au, 0x0b67da0f92817274u, 0x957e6b0b2bd5582au,
      0x6f870b1f647f98ffu, 0xdbd43edc0c660f17u},  /* p */
     {0xb89779946241d3ffu, 0x408e99a231f06bfbu, 0xe447ccc77f732cdfu,
      0xc1cee694152a79bdu, 0x83ee80595299b20cu, 0x27d4cf7dc48016e8u,
      0xef484e0c442576a9u, 0xec2be83918054b62u},  /* q */
     {0x71c5b76d4de0a5e9u, 0x1cbfb02cd3a134fau, 0x4ae5ce3b4d383fffu,
      0xcc145476f0c2b08bu, 0x76ebec83b3a55f41u, 0x4e583af16cd18d7eu,
      0x5e7d06995cbb49e5u, 0x184582fb40d333efu},  /* dp */
     {0x1daf508055144271u, 0xa06a6e98bd177a24u, 0x22931c50b8718b99u,
      0xe9d7ad3b124318ccu, 0x45e2a781ab1e7af2u, 0xc8b092da20b66779u,
      0x68a785dba7f8509eu, 0x2b283adf740c43a2u},  /* dq */
     {0x4def1506ceaa962fu, 0xeb356048abb37a15u, 0x72ecb2a8eea79da0u,
      0x70884894ad704ef5u, 0xc2dbbf409c558c61u, 0x89042cbbba954132u,
      0xbe0a7c897074a05cu, 0x8af0fedc799dcf50u}}, /* qinv */
    /* h = 16: 2048-bit N (the IFMA path: run on avx512ifma only) */
    {16, 65537,
     {
      0x499ee50fba655f21u, 0x7647df25960fb819u, 0xa6f56192e71dec3cu,
      0x1601cd6695c0acf6u, 0x75342b84403110afu, 0x581b2f7fca1b0980u,
      0x693e32bfef6a6055u, 0xa88be2c70a4bf5edu, 0x01e4b9f8a9839dfcu,
      0x4f51d66321d24314u, 0x2af70858408ae290u, 0x5ee041ba115dc885u,
      0xad31bc4c4bb94b86u, 0x9303a62a6e57ebfdu, 0xdc457d87e9c93148u,
      0xdd86a3eed1b4daabu},  /* p */
     {
      0xd4897c749ed8e313u, 0xaf6d7e579dbf276eu, 0x937ff19c1cf528e0u,
      0x6c2caf649eb37b51u, 0xa54ac4def4c98150u, 0x0bb57e43a6e7019cu,
      0x0ede27a8636f7230u, 0x76d07689d8116bcdu, 0x35b24dcbd295d110u,
      0x3885f06a26ad59b5u, 0x701c61cfa8c12df2u, 0x4e0667f3c6e147ebu,
      0x0e2db653b09c6c4eu, 0xe31dc38416251b22u, 0x10b3f2ba11f0ca50u,
      0xd63b859f6b449feau},  /* q */
     {
      0xcdd4af0a9d979a01u, 0x61fbb1e96e2c2c99u, 0x669c2ff816d1548du,
      0xb319a28c80991778u, 0xebabe3d1a56a1668u, 0x7170127719e3eb3du,
      0x4990e4e829a9ab79u, 0x136db4a81ade88b9u, 0x292460b5ce1097d0u,
      0x69e78c059b4dfaa4u, 0x9a72927f65451354u, 0x829378a68589bce8u,
      0x8d91c93abfd7be21u, 0xea90f9ef428c50bfu, 0x78718dc692bc2afcu,
      0xb364653cf0f5d45fu},  /* dp */
     {
      0x91538c746c4d8f91u, 0x332a50ae451f5cfdu, 0x0dd2c702064afb3au,
      0xf667ac586bd6edb0u, 0x15b8d1aa6037a1fbu, 0x6757dab6c9067b7fu,
      0x85c595ec04dd17fdu, 0x22536739f431798au, 0xa28258cf18f1195du,
      0xb80ac161a032eb65u, 0x4a4e594ba1bddaadu, 0x2ac67632b2f8b763u,
      0x09f52bc7354c3788u, 0xeda77e26e701452bu, 0x318ff3734e4cadfcu,
      0x6ab8ec3026b7e112u},  /* dq */
     {
      0x4486193a4f3f6213u, 0x8b4574898e03528au, 0x5545ff6f9a4f6f89u,
      0x53d46119878555dbu, 0x89693b2a21ca06d6u, 0xd471d7fc9ba460acu,
      0xd6f24edf22f40066u, 0xf188d4a4cbaf35bbu, 0x0e2d5b87996dd9a2u,
      0x37da198950fd4e09u, 0xf4fb5f789288d5b9u, 0x4ac48406d2389662u,
      0xd261bf765e6f7800u, 0xdc01c65da3d5136fu, 0xb384fb1bc9d3bd5fu,
      0x6de7587055f3810bu},  /* qinv */},
};

/* the fault hook (src/mp/mp_internal.h): flip the lowest bit of m2 */
static void flip_m2(uint64_t *m1, uint64_t *m2, size_t h)
{
    (void)m1, (void)h;
    m2[0] ^= 1;
}

/* key_init with a secret key (validation included) and, separately, the
 * same with a wrong qinv (the rejection path); the private operation with
 * its public-exponent check on a secret input, and with a fault injected
 * (the mismatch path).  Only the return codes and the lengths are
 * declassified: the verdicts are the API's public results. */
static void rsa(const ct_rsa_key *kk)
{
    static lf_mp_rsa_key key;
    static uint64_t p[64], q[64], dp[64], dq[64], qi[64], c[128];
    size_t h = kk->h;
    int rc;
    memcpy(p, kk->p, 8 * h), memcpy(q, kk->q, 8 * h), memcpy(dp, kk->dp, 8 * h);
    memcpy(dq, kk->dq, 8 * h), memcpy(qi, kk->qinv, 8 * h);
    fill(c, 2 * h);
    c[2 * h - 1] >>= 2; /* < 2^(128h - 2) < N: both primes have their top bits set */
    for (int wrong = 1; wrong >= 0; wrong--) {
        qi[0] ^= (uint64_t)wrong;
        LF_CT_SECRET(p, 8 * h), LF_CT_SECRET(q, 8 * h);
        LF_CT_SECRET(dp, 8 * h), LF_CT_SECRET(dq, 8 * h), LF_CT_SECRET(qi, 8 * h);
        rc = lf_mp_rsa_key_init(&key, kk->e, p, q, dp, dq, qi, h);
        LF_CT_PUBLIC(&rc, sizeof rc);
        if (rc != (wrong ? LF_ERR_INVALID : LF_OK)) {
            printf("ctime_mp: rsa_key_init (h = %zu, wrong qinv %d): %d\n", h, wrong, rc);
            exit(1);
        }
        qi[0] ^= (uint64_t)wrong;
    }
    /* lengths and e: masked by the (public) validity */
    LF_CT_PUBLIC(&key.h, sizeof key.h), LF_CT_PUBLIC(&key.e, sizeof key.e);
    LF_CT_PUBLIC(&key.p.n, sizeof key.p.n), LF_CT_PUBLIC(&key.q.n, sizeof key.q.n);
    LF_CT_PUBLIC(&key.n.n, sizeof key.n.n);
    LF_CT_SECRET(c, 16 * h);
    CHECK(lf_mp_rsa_private_crt(c, c, &key));
    digest(c, 2 * h);
    LF_CT_SECRET(c, 16 * h);
    lf_mp_rsa_fault_hook = flip_m2;
    rc = lf_mp_rsa_private_crt(c, c, &key);
    lf_mp_rsa_fault_hook = NULL;
    LF_CT_PUBLIC(&rc, sizeof rc);
    if (rc != LF_ERR_FAULT) {
        printf("ctime_mp: rsa_private_crt with a fault (h = %zu): %d\n", h, rc);
        exit(1);
    }
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
    if (lf_backend_current() == LF_BACKEND_AVX512IFMA) {
        montgomery(24, 2);
        montgomery(32, 1);
        montgomery(48, 1);
        montgomery(64, 1);
    }
    montgomery((size_t)lf_mp_k()->redc_max + 1, 1);
}

static void case_rsa(void)
{
    /* h = 16 (RSA-2048: 1024-bit halves) is the IFMA modexp's size: only
     * where that path runs (the MemorySanitizer lane), as above */
    for (size_t i = 0; i < sizeof ct_keys / sizeof ct_keys[0]; i++)
        if (ct_keys[i].h < 16 || lf_backend_current() == LF_BACKEND_AVX512IFMA) rsa(&ct_keys[i]);
}

static const lf_ctime_case cases[] = {
    {"products", case_products},
    {"montgomery", case_montgomery},
    {"rsa_crt", case_rsa},
    {NULL, NULL},
};
const lf_ctime_suite lf_ctime_this = {"ctime_mp", cases, NULL};
