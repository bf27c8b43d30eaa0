/* Constant-time test of the NTT API under valgrind memcheck: every secret
 * input (ML-KEM polynomials are secret, and so are the cyclic product's
 * operands) is marked undefined; memcheck reports any branch or memory
 * address that depends on it.  The checked functions' return code is a
 * public verdict and is declassified after the call; outputs are
 * declassified before they are looked at.
 *   ctime_ntt --require-valgrind   the test (exit 1 if not under valgrind)
 *   ctime_ntt --selftest-leak      a branch on a secret: memcheck MUST report it
 * Back end: LIMBFORGE_BACKEND (exit 77 when it cannot run here).  Valgrind
 * hides ADX and AVX-512 from CPUID, so the avx2 back end (a child of
 * x86_64_adx) is never selected under it: with LF_CTIME_AVX2 the test also
 * calls the AVX2 kernel set directly (internal symbols of the static
 * library) when the CPU reports AVX2, the fused checked (FIPS-semantics)
 * kernels included. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "limbforge/limbforge.h"
#include "limbforge/ntt.h"
#ifdef LF_CTIME_AVX2
#include "ntt/ntt_internal.h"
#endif

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static uint64_t st = 0x0123456789abcdefULL, digest;
static uint16_t rnd(void)
{
    st = st * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint16_t)(st >> 48);
}
static void absorb(const int16_t *p, int n)
{
    PUBLIC(p, (size_t)n * 2);
    for (int i = 0; i < n; i++) digest = (digest ^ (uint16_t)p[i]) * 0x100000001b3ULL;
}

int main(int argc, char **argv)
{
    const char *be = getenv("LIMBFORGE_BACKEND");
    if (be && *be)
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (!strcmp(lf_backend_name((lf_backend)b), be) && !lf_backend_available((lf_backend)b))
                return 77;
    static int16_t a[256], b[256], r[256];
    if (argc > 1 && !strcmp(argv[1], "--selftest-leak")) {
        a[0] = 5;
        SECRET(a, sizeof a);
        volatile int x = 0;
        if (a[0] > 3) x = 1; /* must be reported */
        return x;
    }
    if (!(argc > 1 && !strcmp(argv[1], "--require-valgrind"))) {
        printf("usage: ctime_ntt --require-valgrind | --selftest-leak\n");
        return 2;
    }
    if (!RUNNING_ON_VALGRIND) {
        printf("ctime_ntt: not under valgrind\n");
        return 1;
    }
    for (int round = 0; round < 4; round++) {
        for (int i = 0; i < 256; i++) {
            a[i] = (int16_t)(round == 0 ? 0 : round == 1 ? 3328 : rnd() % 3329);
            b[i] = (int16_t)(rnd() % 3329);
        }
        if (round == 3) a[17] = 3329; /* out of range: the verdict path */
        SECRET(a, sizeof a);
        SECRET(b, sizeof b);
        int rc = lf_ntt128_cyclic_mul(r, a, b);
        PUBLIC(&rc, sizeof rc);
        absorb(r, 128);
        rc = lf_mlkem_ntt(r, a);
        PUBLIC(&rc, sizeof rc);
        absorb(r, 256);
        rc = lf_mlkem_invntt(r, a);
        PUBLIC(&rc, sizeof rc);
        absorb(r, 256);
        rc = lf_mlkem_basemul(r, a, b);
        PUBLIC(&rc, sizeof rc);
        absorb(r, 256);
        memcpy(r, b, sizeof r);
        SECRET(r, sizeof r);
        lf_mlkem_ntt_lazy(r);
        lf_mlkem_basemul_lazy(r, r, r);
        lf_mlkem_invntt_lazy(r);
        absorb(r, 256);
#ifdef LF_CTIME_AVX2
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx2")) {
            static int16_t c[256];
            memcpy(c, b, sizeof c);
            lf_ntt_kernels_avx2.ntt(c);
            lf_ntt_kernels_avx2.basemul(r, c, c);
            lf_ntt_kernels_avx2.invntt(r);
            absorb(r, 256);
            for (int i = 0; i < 256; i++) c[i] = (int16_t)(b[i] >> 1); /* still secret */
            lf_ntt_kernels_avx2.cyclic(r, c, c + 128);
            absorb(r, 128);
            /* the fused checked kernels (range check, order conversion,
             * final reduction, verdict mask), also on the bad input of
             * round 3; only the verdict is declassified */
            const lf_ntt_kernels *k = &lf_ntt_kernels_avx2;
            uint32_t v = k->cyclic_chk(r, a, b + 128);
            PUBLIC(&v, sizeof v);
            absorb(r, 128);
            v = k->ntt_fips(r, a);
            PUBLIC(&v, sizeof v);
            absorb(r, 256);
            v = k->invntt_fips(r, a);
            PUBLIC(&v, sizeof v);
            absorb(r, 256);
            v = k->basemul_fips(r, a, b);
            PUBLIC(&v, sizeof v);
            absorb(r, 256);
        }
#endif
        PUBLIC(a, sizeof a);
        PUBLIC(b, sizeof b);
    }
    printf("ctime_ntt [%s]: done, digest %016llx\n", lf_backend_name(lf_backend_current()),
           (unsigned long long)digest);
    return 0;
}
