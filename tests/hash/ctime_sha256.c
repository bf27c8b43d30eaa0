/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the hash module (the harness:
 * tests/common/ctime_main.c, the method: tests/ctime/README.md).  Secret:
 * messages, keys, chaining values; lengths are public.  Covered: one-shot
 * and streaming SHA-256 at lengths around the padding boundaries, one-shot
 * and streaming HMAC-SHA256 with keys shorter than, equal to and longer than
 * the block, and the kernel the selected back end runs, called directly.
 * Outputs are declassified (lf_ctime_out) before they are looked at.
 *
 * Back ends under ctest: c, and on x86-64 also x86_64 -- but valgrind 3.19
 * clears the SHA bit of its synthetic CPUID (and cannot execute
 * sha256rnds2: SIGILL), so there the hardware entry resolves to the
 * portable kernel too: that test checks the first-use detection and the
 * entry, not the SHA-NI instructions (which have no data-dependent
 * branches or addresses by construction). */
#include <stdio.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "hash/sha256_internal.h"
#include "limbforge/sha256.h"

static void case_sha256(void)
{
    static uint8_t msg[1100];
    uint8_t d[32];
    static const size_t lens[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 200, 1024};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        lf_rng_bytes(&lf_ctime_rng, msg, len);
        LF_CT_SECRET(msg, len);
        lf_sha256(d, msg, len);
        lf_ctime_out(d, 32);
        lf_sha256_state st;
        lf_sha256_init(&st);
        for (size_t off = 0; off < len; off += 37)
            lf_sha256_update(&st, msg + off, len - off < 37 ? len - off : 37);
        lf_sha256_final(&st, d);
        lf_ctime_out(d, 32);
        LF_CT_PUBLIC(msg, len);
    }
}

static void case_hmac(void)
{
    static uint8_t msg[300], key[200];
    uint8_t t[32];
    static const size_t klens[] = {0, 1, 20, 32, 63, 64, 65, 131, 200};
    for (size_t ki = 0; ki < sizeof klens / sizeof klens[0]; ki++) {
        size_t kl = klens[ki], len = (ki * 37) % sizeof msg;
        lf_rng_bytes(&lf_ctime_rng, key, kl);
        lf_rng_bytes(&lf_ctime_rng, msg, len);
        LF_CT_SECRET(key, kl), LF_CT_SECRET(msg, len);
        lf_hmac_sha256(t, key, kl, msg, len);
        lf_ctime_out(t, 32);
        lf_hmac_sha256_state h;
        lf_hmac_sha256_init(&h, key, kl);
        lf_hmac_sha256_update(&h, msg, len / 3);
        lf_hmac_sha256_update(&h, msg + len / 3, len - len / 3);
        lf_hmac_sha256_final(&h, t);
        lf_ctime_out(t, 32);
        LF_CT_PUBLIC(key, kl), LF_CT_PUBLIC(msg, len);
    }
}

static void case_kernel(void)
{
    static uint8_t data[64 * 5];
    uint32_t s[8];
    lf_sha256_blocks_fn f = lf_sha256_kernel_current();
    printf("  kernel: %s\n", f == lf_sha256_blocks_c ? "c" : lf_sha256_hw_name());
    for (size_t nb = 0; nb <= 5; nb++) {
        lf_rng_bytes(&lf_ctime_rng, data, 64 * nb);
        lf_rng_bytes(&lf_ctime_rng, s, sizeof s);
        LF_CT_SECRET(data, 64 * nb), LF_CT_SECRET(s, sizeof s);
        f(s, data, nb);
        lf_ctime_out(s, sizeof s);
        LF_CT_PUBLIC(data, 64 * nb);
    }
}

static const lf_ctime_case cases[] = {
    {"sha256", case_sha256}, {"hmac_sha256", case_hmac}, {"kernel", case_kernel}, {NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_sha256", cases, NULL};
