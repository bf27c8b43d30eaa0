/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the NTT API (the harness: tests/common/ctime_main.c,
 * the method: tests/ctime/README.md): every secret input (ML-KEM polynomials
 * are secret, and so are the cyclic product's operands) is marked with
 * LF_CT_SECRET; the checker reports any branch or memory address that
 * depends on it.  The checked functions' return code is a public verdict
 * and is declassified after the call; outputs are declassified (LF_CT_OUT)
 * before they are looked at.
 *
 * The API runs on the back end LIMBFORGE_BACKEND selects (ctest: c, and
 * avx2 on x86-64, which the harness forces under valgrind because valgrind
 * hides ADX, avx2's parent).  With LF_CTIME_AVX2 (x86-64 builds) and the
 * avx2 back end selected, the case "avx2_kernels" also calls the AVX2
 * kernel set directly (internal symbols of the static library): the lazy
 * kernels, the unchecked cyclic product (which the API does not reach when
 * a fused checked one exists) and the fused checked (FIPS-semantics)
 * kernels, also on an out-of-range input. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "limbforge/ntt.h"
#ifdef LF_CTIME_AVX2
#include "ntt/ntt_internal.h"
#endif

#define ROUNDS 4

static int16_t a[ROUNDS][256], b[ROUNDS][256];

static void out16(const int16_t *p, int n) { lf_ctime_out(p, (size_t)n * 2); }

/* Round 0: a = 0, 1: a = q-1, 2-3: random; b random; round 3 has one
 * coefficient out of range (the verdict path).  Public until marked. */
static void make_inputs(void)
{
    static int made;
    if (made) return;
    made = 1;
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < 256; i++) {
            int16_t rnd = (int16_t)lf_rng_below(&lf_ctime_rng, 3329);
            a[round][i] = (int16_t)(round == 0 ? 0 : round == 1 ? 3328 : rnd);
            b[round][i] = (int16_t)lf_rng_below(&lf_ctime_rng, 3329);
        }
        if (round == 3) a[round][17] = 3329;
    }
}

static void case_api(void)
{
    static int16_t r[256];
    make_inputs();
    for (int round = 0; round < ROUNDS; round++) {
        int16_t *x = a[round], *y = b[round];
        LF_CT_SECRET(x, 512);
        LF_CT_SECRET(y, 512);
        int rc = lf_ntt128_cyclic_mul(r, x, y);
        LF_CT_PUBLIC_V(rc);
        out16(r, 128);
        rc = lf_mlkem_ntt(r, x);
        LF_CT_PUBLIC_V(rc);
        out16(r, 256);
        rc = lf_mlkem_invntt(r, x);
        LF_CT_PUBLIC_V(rc);
        out16(r, 256);
        rc = lf_mlkem_basemul(r, x, y);
        LF_CT_PUBLIC_V(rc);
        out16(r, 256);
        memcpy(r, y, sizeof r);
        LF_CT_SECRET(r, sizeof r);
        lf_mlkem_ntt_lazy(r);
        lf_mlkem_basemul_lazy(r, r, r);
        lf_mlkem_invntt_lazy(r);
        out16(r, 256);
        LF_CT_PUBLIC(x, 512);
        LF_CT_PUBLIC(y, 512);
    }
}

#ifdef LF_CTIME_AVX2
static void case_avx2_kernels(void)
{
    static int16_t r[256], c[256];
    if (lf_backend_current() != LF_BACKEND_AVX2) {
        printf("  (back end is not avx2: the AVX2 kernels are not called)\n");
        return;
    }
    make_inputs();
    const lf_ntt_kernels *k = &lf_ntt_kernels_avx2;
    for (int round = 0; round < ROUNDS; round++) {
        int16_t *x = a[round], *y = b[round];
        LF_CT_SECRET(x, 512);
        LF_CT_SECRET(y, 512);
        memcpy(c, y, sizeof c);
        k->ntt(c);
        k->basemul(r, c, c);
        k->invntt(r);
        out16(r, 256);
        for (int i = 0; i < 256; i++) c[i] = (int16_t)(y[i] >> 1); /* still secret */
        k->cyclic(r, c, c + 128);
        out16(r, 128);
        /* the fused checked kernels (range check, order conversion, final
         * reduction, verdict mask), also on the bad input of round 3; only
         * the verdict is declassified */
        uint32_t v = k->cyclic_chk(r, x, y + 128);
        LF_CT_PUBLIC_V(v);
        out16(r, 128);
        v = k->ntt_fips(r, x);
        LF_CT_PUBLIC_V(v);
        out16(r, 256);
        v = k->invntt_fips(r, x);
        LF_CT_PUBLIC_V(v);
        out16(r, 256);
        v = k->basemul_fips(r, x, y);
        LF_CT_PUBLIC_V(v);
        out16(r, 256);
        LF_CT_PUBLIC(x, 512);
        LF_CT_PUBLIC(y, 512);
    }
}
#endif

static const lf_ctime_case cases[] = {
    {"api", case_api},
#ifdef LF_CTIME_AVX2
    {"avx2_kernels", case_avx2_kernels},
#endif
    {NULL, NULL},
};
const lf_ctime_suite lf_ctime_this = {"ctime_ntt", cases, NULL};
