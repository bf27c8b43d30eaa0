/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the poly1305 module (the harness:
 * tests/common/ctime_main.c, the method: tests/ctime/README.md).  Secret:
 * keys, nonces, messages, plaintexts, ciphertexts, tags.  Covered: one-shot
 * and streaming Poly1305 (lengths below and above the vector crossover), the
 * radix 2^26 kernel, lf_poly1305_verify, ChaCha20, AEAD seal, AEAD open with
 * a right and a wrong tag (its verdict is declassified inside the library,
 * see LF_DECLASSIFY in src/poly1305/poly1305_internal.h: these binaries are
 * built with LF_CTIME_VALGRIND).  Outputs are declassified (LF_CT_OUT)
 * before they are looked at.
 *
 * Extra self-test: --selftest-leak=verify, an early-exit tag compare, must
 * be reported.  Back ends under ctest: c and avx2 (valgrind 3.19 has no
 * AVX-512; avx2 is forced by the harness, valgrind hiding ADX, its parent in
 * the chain; the poly1305 module uses no ADX instruction). */
#include <stdio.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "limbforge/aead.h"
#include "limbforge/chacha20.h"
#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"

/* pattern 0: random, 1: all 0xff, 2: all zero */
static void fill(uint8_t *p, size_t n, int pattern)
{
    if (pattern == 0) lf_rng_bytes(&lf_ctime_rng, p, n);
    else memset(p, pattern == 1 ? 0xff : 0, n);
}

static void case_all(void)
{
    static uint8_t msg[2100], out[2100], back[2100];
    uint8_t key[32], tag[16], tag2[16], nonce[12], ad[40];
    static const size_t lens[] = {0, 1, 15, 16, 17, 64, 100, 255, 256, 300, 1024, 2048};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int pat = 0; pat < 3; pat++) {
            fill(key, 32, pat == 2 ? 0 : pat);
            fill(msg, len, pat);
            fill(nonce, 12, 0);
            fill(ad, sizeof ad, 0);
            LF_CT_SECRET(key, 32), LF_CT_SECRET(msg, len);
            LF_CT_SECRET(nonce, 12), LF_CT_SECRET(ad, sizeof ad);
            lf_poly1305(tag, msg, len, key);
            lf_ctime_out(tag, 16);
            lf_poly1305_state st; /* streaming, odd chunks */
            lf_poly1305_init(&st, key);
            for (size_t off = 0; off < len; off += 37)
                lf_poly1305_update(&st, msg + off, len - off < 37 ? len - off : 37);
            lf_poly1305_final(&st, tag2);
            lf_ctime_out(tag2, 16);
            uint64_t h[3] = {0, 0, 0}, r[2] = {0x0ffffffc0fffffffULL, 0x0ffffffc0ffffffcULL};
            LF_CT_SECRET(h, sizeof h), LF_CT_SECRET(r, sizeof r);
            lf_p1305_blocks_r26(h, r, msg, len / 16, 1);
            lf_ctime_out(h, sizeof h);
            /* verify: secret tags, equal and unequal */
            LF_CT_SECRET(tag, 16), LF_CT_SECRET(tag2, 16);
            int v = lf_poly1305_verify(tag, tag2);
            lf_ctime_out(&v, sizeof v);
            tag2[len % 16] ^= 1;
            LF_CT_SECRET(tag2, 16);
            v = lf_poly1305_verify(tag, tag2);
            lf_ctime_out(&v, sizeof v);
            /* chacha20 */
            LF_CT_SECRET(key, 32), LF_CT_SECRET(nonce, 12);
            int rc = lf_chacha20(out, msg, len, key, nonce, 7);
            lf_ctime_out(&rc, sizeof rc);
            lf_ctime_out(out, len);
            /* seal, then open right and wrong */
            LF_CT_SECRET(key, 32), LF_CT_SECRET(nonce, 12), LF_CT_SECRET(msg, len);
            rc = lf_chacha20poly1305_seal(out, tag, msg, len, ad, len % 40, key, nonce);
            lf_ctime_out(&rc, sizeof rc);
            lf_ctime_out(out, len);
            lf_ctime_out(tag, 16);
            for (int wrong = 0; wrong < 2; wrong++) {
                tag[0] ^= (uint8_t)wrong;
                LF_CT_SECRET(out, len), LF_CT_SECRET(tag, 16);
                LF_CT_SECRET(key, 32), LF_CT_SECRET(nonce, 12);
                rc = lf_chacha20poly1305_open(back, out, len, tag, ad, len % 40, key, nonce);
                lf_ctime_out(&rc, sizeof rc);
                lf_ctime_out(back, len);
                LF_CT_PUBLIC(tag, 16);
                tag[0] ^= (uint8_t)wrong;
            }
            LF_CT_PUBLIC(key, 32), LF_CT_PUBLIC(msg, len);
            LF_CT_PUBLIC(nonce, 12), LF_CT_PUBLIC(ad, sizeof ad);
        }
    }
}

__attribute__((noinline)) static int leaky_verify(const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 16; i++)
        if (a[i] != b[i]) return 0; /* early exit on a secret byte */
    return 1;
}

/* A tag compare that exits early: the checker must report the branch. */
static void leak_verify(void)
{
    uint8_t a[16], b[16], key[32] = {1};
    lf_poly1305(a, (const uint8_t *)"x", 1, key);
    memcpy(b, a, 16);
    LF_CT_SECRET(a, 16);
    int v = leaky_verify(a, b);
    printf("selftest-leak: verdict %d\n", v);
}

static const lf_ctime_case cases[] = {{"poly1305_chacha20_aead", case_all}, {NULL, NULL}};
static const lf_ctime_case leaks[] = {{"verify", leak_verify}, {NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_poly1305", cases, leaks};
