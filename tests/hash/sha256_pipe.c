/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helper for sha256_oracle.py, through the line format of tests/common/pipe.h:
 *     sha256 MSG        -> DIGEST
 *     hmac KEY MSG      -> TAG
 * MSG up to MAXM bytes, KEY up to MAXK ("-" when empty), DIGEST and TAG 32
 * bytes, all hex.  The answer is the one-shot API's; the same value is also
 * computed streaming (chunks of 1, 63, 64, 65 and 200 bytes) and the answer is
 * "fail stream" when any differs, so the oracle checks every path with one
 * expected value.  Honours LIMBFORGE_BACKEND (exit 77 when the CPU lacks it). */
#include "../common/pipe.h"
#include "limbforge/sha256.h"

#define MAXM 5000
#define MAXK 300

static const size_t steps[] = {1, 63, 64, 65, 200};

int main(void)
{
    static char line[2 * (MAXM + MAXK) + 200];
    static uint8_t m[MAXM], key[MAXK];
    uint8_t d0[32], d[32];
    lf_pipe_req q;
    lf_pipe_start("sha256_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        int mac = strcmp(q.w[0], "hmac") == 0;
        if (!mac && strcmp(q.w[0], "sha256") != 0) lf_pipe_die("unknown op %s", q.w[0]);
        lf_pipe_arity(&q, mac ? 2 : 1);
        size_t kl = mac ? lf_pipe_hex_bytes(key, sizeof key, q.w[1]) : 0;
        size_t len = lf_pipe_hex_bytes(m, sizeof m, q.w[mac ? 2 : 1]);
        if (mac) lf_hmac_sha256(d0, key, kl, m, len);
        else lf_sha256(d0, m, len);
        int ok = 1;
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            size_t step = steps[i];
            lf_sha256_state st;
            lf_hmac_sha256_state h;
            if (mac) lf_hmac_sha256_init(&h, key, kl);
            else lf_sha256_init(&st);
            for (size_t off = 0; off < len; off += step) {
                size_t c = len - off < step ? len - off : step;
                if (mac) lf_hmac_sha256_update(&h, m + off, c);
                else lf_sha256_update(&st, m + off, c);
            }
            if (mac) lf_hmac_sha256_final(&h, d);
            else lf_sha256_final(&st, d);
            ok &= !memcmp(d, d0, 32);
        }
        if (!ok) {
            lf_pipe_fail("stream");
            continue;
        }
        lf_pipe_put_hex(d0, 32);
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
