/* Constant-time test of the mp module under valgrind memcheck.
 *
 * Secrets (operands, modulus values, base, exponent, RSA key and input) are
 * marked undefined; memcheck reports any branch or memory index that depends
 * on them.  Covers mul, sqr (generated kernels and Karatsuba sizes), mul_lo,
 * add/sub/cmov/cmp, byte conversion, Montgomery context creation (secret
 * modulus, as for RSA primes), mont_mul/mont_sqr (both reduction paths),
 * modexp and the RSA-CRT helper.  Results are marked defined only where the
 * API's documented error result is computed (the range check of the base).
 *
 *   ctime_mp --require-valgrind           the test
 *   ctime_mp --selftest-leak=branch|index  must be reported by memcheck
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "limbforge/mp.h"
#include "mp/mp_internal.h"
#include "ctime/ctime_common.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static uint64_t rs = 0x243f6a8885a308d3ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
    return rs;
}
static volatile uint64_t sink;

static void fill(uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++) a[i] = rnd();
}

static void digest(const uint64_t *a, size_t n)
{
    PUBLIC(a, 8 * n); /* results are outputs: only their computation is checked */
    for (size_t i = 0; i < n; i++) sink ^= a[i];
}

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int rc_ = (x);                                                                             \
        PUBLIC(&rc_, sizeof rc_);                                                                  \
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
    SECRET(a, 8 * n), SECRET(b, 8 * n);
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
    PUBLIC(&cmp, sizeof cmp);
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
    SECRET(m, 8 * n);                /* a secret modulus (RSA prime) */
    int rc = lf_mp_mont_init(&ctx, m, n);
    /* the validity of the modulus is the documented public result (the
     * length fields are masked by it) */
    PUBLIC(&rc, sizeof rc);
    PUBLIC(&ctx.n, sizeof ctx.n);
    if (rc != LF_OK) exit(1);
    SECRET(a, 8 * n), SECRET(b, 8 * n), SECRET(e, 8 * el);
    CHECK(lf_mp_mont_to(a, a, &ctx));
    CHECK(lf_mp_mont_mul(r, a, b, &ctx));
    CHECK(lf_mp_mont_sqr(r, r, &ctx));
    CHECK(lf_mp_mont_from(r, r, &ctx));
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
    SECRET(p, 8 * h), SECRET(q, 8 * h), SECRET(dp, 8 * h), SECRET(dq, 8 * h), SECRET(qi, 8 * h);
    SECRET(c, 16 * h);
    CHECK(lf_mp_rsa_key_init(&key, p, q, dp, dq, qi, h));
    PUBLIC(&key.h, sizeof key.h);  /* lengths, masked by the public validity */
    PUBLIC(&key.p.n, sizeof key.p.n);
    PUBLIC(&key.q.n, sizeof key.q.n);
    CHECK(lf_mp_rsa_private_crt(c, c, &key));
    digest(c, 2 * h);
}

int main(int argc, char **argv)
{
    int require = 0;
    const char *leak = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--require-valgrind")) require = 1;
        else if (!strncmp(argv[i], "--selftest-leak=", 16)) leak = argv[i] + 16;
        else return 2;
    }
    if (leak) {
        uint64_t s = rnd();
        SECRET(&s, sizeof s);
        if (!strcmp(leak, "branch")) ctime_leak_branch(&s);
        else if (!strcmp(leak, "index")) sink = (uint64_t)ctime_leak_index(&s);
        else return 2;
        printf("selftest-leak=%s done (memcheck must have reported it)\n", leak);
        return 0;
    }
    if (!RUNNING_ON_VALGRIND) {
        printf("ctime_mp: not running under valgrind: nothing is checked\n");
        if (require) return 1;
    }
    const char *want = getenv("LIMBFORGE_BACKEND");
    if (want && *want) {
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (!strcmp(want, lf_backend_name((lf_backend)b)) && !lf_backend_available((lf_backend)b)) {
#if defined(__x86_64__)
                /* valgrind's CPUID hides ADX; the host may have it (see ctime_field.c) */
                if (b == LF_BACKEND_X86_64_ADX && ctime_force_under_valgrind(LF_BACKEND_X86_64_ADX)) {
                    break;
                }
#endif
                printf("ctime_mp: back end %s not available here: skipped\n", want);
                return 77;
            }
    }
    const lf_mp_kernels *k = lf_mp_k();
    printf("ctime_mp: backend=%s (mp kernels %s, mul<=%d sqr<=%d redc<=%d)\n",
           lf_backend_name(lf_backend_current()), k->target, k->mul_max, k->sqr_max, k->redc_max);
    /* generated sizes, Karatsuba sizes (odd and even splits) */
    const size_t ns[] = {1, 2, 4, 5, 8, 16, (size_t)k->mul_max + 1, 2 * (size_t)k->mul_max + 3, 128};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        if (ns[i] <= LF_MP_MAX_LIMBS) products(ns[i]);
    /* Montgomery: generated reduction and reduction by multiplication */
    montgomery(1, 1);
    montgomery(4, 4);
    montgomery(16, 2);
    montgomery((size_t)k->redc_max + 1, 1);
    rsa(2);
    rsa(8);
    printf("ctime_mp: done\n");
    return 0;
}
