/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the secp256k1 scalars (src/secp256k1/scalar.h; the
 * harness: tests/common/ctime_main.c, the method: tests/ctime/README.md).
 * Every input, and the flags of cmov / cond_negate, is marked secret; every
 * constant-time function runs on random values and on edge values (0, 1,
 * n-1, (n-1)/2, bytes >= n).  Not run: lf_sc_inv_var and lf_sc_wnaf_var
 * (variable time by contract). */
#include <string.h>

#include "../common/ctime_main.h"
#include "secp256k1/scalar.h"

#define SEC(x) LF_CT_SECRET(&(x), sizeof(x))

static const unsigned char edges[][32] = {
    {0},
    {[31] = 1},
    {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
     0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40},
    {0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0},
    {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
};
#define NEDGE (sizeof edges / sizeof edges[0])

/* value i: an edge value, or random bytes (reduced by set_b32, public here) */
static void pick(unsigned char *b, size_t i)
{
    if (i < NEDGE)
        memcpy(b, edges[i], 32);
    else
        lf_rng_bytes(&lf_ctime_rng, b, 32);
}

#define ROUNDS (NEDGE + 8)

static void case_bytes(void)
{
    for (size_t i = 0; i < ROUNDS; i++) {
        unsigned char b[32], o[32];
        lf_sc a;
        pick(b, i);
        LF_CT_SECRET(b, 32);
        int ovf = lf_sc_set_b32(&a, b);
        LF_CT_OUT(ovf);
        SEC(a);
        lf_sc_get_b32(o, &a);
        lf_ctime_out(o, 32);
        LF_CT_SECRET(b, 32);
        lf_sc_reduce32(&a, b);
        LF_CT_OUT(a);
    }
}

static void load(lf_sc *a, size_t i)
{
    unsigned char b[32];
    pick(b, i);
    (void)lf_sc_set_b32(a, b);
    LF_CT_SECRET(a, sizeof *a);
}

static void case_arith(void)
{
    for (size_t i = 0; i < ROUNDS; i++) {
        for (size_t j = 0; j < ROUNDS; j += 3) {
            lf_sc a, b, r;
            load(&a, i);
            load(&b, j);
            lf_sc_add(&r, &a, &b); LF_CT_OUT(r);
            lf_sc_sub(&r, &a, &b); LF_CT_OUT(r);
            lf_sc_mul(&r, &a, &b); LF_CT_OUT(r);
            int e = lf_sc_eq(&a, &b); LF_CT_OUT(e);
            for (int f = 0; f < 2; f++) {
                int fl = f;
                SEC(fl);
                r = a;
                lf_sc_cmov(&r, &b, fl); LF_CT_OUT(r);
                SEC(fl);
                lf_sc_cond_negate(&r, &b, fl); LF_CT_OUT(r);
                load(&a, i);
                load(&b, j);
            }
        }
    }
}

static void case_unary(void)
{
    for (size_t i = 0; i < ROUNDS; i++) {
        lf_sc a, r, k1, k2;
        int f;
        load(&a, i);
        lf_sc_neg(&r, &a); LF_CT_OUT(r);
        lf_sc_sqr(&r, &a); LF_CT_OUT(r);
        f = lf_sc_is_zero(&a); LF_CT_OUT(f);
        f = lf_sc_is_high(&a); LF_CT_OUT(f);
        lf_sc_inv(&r, &a); LF_CT_OUT(r);
        lf_sc_split_lambda(&k1, &k2, &a);
        LF_CT_OUT(k1);
        LF_CT_OUT(k2);
    }
}

static const lf_ctime_case cases[] = {
    {"bytes", case_bytes},
    {"arith", case_arith},
    {"unary", case_unary},
    {NULL, NULL},
};

const lf_ctime_suite lf_ctime_this = {"ctime_secp256k1", cases, NULL};
