/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of SHA-3 (the harness: tests/common/ctime_main.c, the
 * method: tests/ctime/README.md).  Secret: messages and Keccak states;
 * lengths are public.  Covered: the four one-shot functions at lengths
 * around their rates, streaming (chunked updates, split squeezes), the
 * selected back end's kernel set called directly (f1600, x4, x8) and the
 * multi-stream absorb/squeeze helpers for 4 and 8 streams.  Outputs are
 * declassified (lf_ctime_out) before they are looked at.
 *
 * Back ends under ctest: c, x86_64 (the portable set too) and avx2 (its x4
 * kernel, and x8 by two x4 passes; selected under valgrind by
 * lf_ctime_force_under_valgrind).  valgrind cannot run AVX-512, so the
 * avx512 set is not covered here. */
#include <stdio.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "hash/keccak_internal.h"
#include "limbforge/sha3.h"

static const size_t lens[] = {0, 1, 71, 72, 135, 136, 167, 168, 169, 400};
#define NLENS (sizeof lens / sizeof lens[0])

static void case_oneshot(void)
{
    static uint8_t msg[400], out[200];
    for (size_t li = 0; li < NLENS; li++) {
        size_t len = lens[li];
        lf_rng_bytes(&lf_ctime_rng, msg, len);
        LF_CT_SECRET(msg, len);
        lf_sha3_256(out, msg, len);
        lf_ctime_out(out, 32);
        lf_sha3_512(out, msg, len);
        lf_ctime_out(out, 64);
        lf_shake128(out, 200, msg, len);
        lf_ctime_out(out, 200);
        lf_shake256(out, 200, msg, len);
        lf_ctime_out(out, 200);
        LF_CT_PUBLIC(msg, len);
    }
}

static void case_streaming(void)
{
    static uint8_t msg[400], out[300];
    for (size_t li = 0; li < NLENS; li += 3) {
        size_t len = lens[li];
        lf_rng_bytes(&lf_ctime_rng, msg, len);
        LF_CT_SECRET(msg, len);
        for (int f = 0; f < 4; f++) {
            lf_sha3_state st;
            if (f == 0) lf_sha3_256_init(&st);
            else if (f == 1) lf_sha3_512_init(&st);
            else if (f == 2) lf_shake128_init(&st);
            else lf_shake256_init(&st);
            int rc = 0;
            for (size_t off = 0; off < len; off += 37)
                rc |= lf_sha3_update(&st, msg + off, len - off < 37 ? len - off : 37);
            if (f < 2) {
                rc |= lf_sha3_final(&st, out);
                lf_ctime_out(out, f ? 64 : 32);
            } else {
                rc |= lf_shake_squeeze(&st, out, 5);
                rc |= lf_shake_squeeze(&st, out + 5, 170);
                rc |= lf_shake_squeeze(&st, out + 175, 125);
                lf_ctime_out(out, 300);
                lf_sha3_wipe(&st);
            }
            LF_CT_OUT(rc);
        }
        LF_CT_PUBLIC(msg, len);
    }
}

static void case_kernels(void)
{
    static uint64_t s[200];
    const lf_keccak_kernels *k = lf_keccak_k();
    printf("  kernel set: %s\n", k->name);
    lf_rng_limbs(&lf_ctime_rng, s, 200);
    LF_CT_SECRET(s, sizeof s);
    k->f1600(s);
    k->x4(s);
    k->x8(s);
    lf_ctime_out(s, sizeof s);
}

static void case_multi(void)
{
    static uint8_t in[8][200], out[8][168];
    static uint64_t s[200];
    const uint8_t *ip[8];
    uint8_t *op[8];
    for (int j = 0; j < 8; j++) ip[j] = in[j], op[j] = out[j];
    static const unsigned ns[] = {4, 8};
    for (int ni = 0; ni < 2; ni++) {
        unsigned n = ns[ni];
        size_t len = ni ? 200 : 33; /* two blocks at rate 168, one padded block */
        lf_rng_bytes(&lf_ctime_rng, in, sizeof in);
        LF_CT_SECRET(in, sizeof in);
        lf_keccak_absorb_once(s, n, 168, 0x1f, ip, len);
        lf_keccak_squeeze_blocks(s, n, 168, op, 1);
        lf_ctime_out(out, sizeof out);
        lf_ctime_out(s, 25 * n * sizeof s[0]);
        LF_CT_PUBLIC(in, sizeof in);
    }
}

static const lf_ctime_case cases[] = {{"sha3_oneshot", case_oneshot},
                                      {"sha3_streaming", case_streaming},
                                      {"keccak_kernels", case_kernels},
                                      {"keccak_multi", case_multi},
                                      {NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_sha3", cases, NULL};
