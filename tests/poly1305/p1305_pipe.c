/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helper for p1305_oracle.py, through the line format of tests/common/pipe.h:
 *     tag KEY MSG   -> TAG
 * KEY: 32 bytes, MSG: any length up to MAXM ("-" when empty), TAG: 16 bytes,
 * all hex.  TAG is the one-shot API's; the tag is also computed streaming
 * (in chunks of 1 (messages up to 2000 bytes), 16, 17, 64, 250 and 1000
 * bytes) and the answer is "fail stream" when any of them differs, so the
 * oracle checks every path with one expected tag.  Honours LIMBFORGE_BACKEND
 * (exit 77 when the CPU lacks the back end). */
#include "../common/pipe.h"
#include "limbforge/poly1305.h"

#define MAXM 20000

static void stream(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t *key, size_t step)
{
    lf_poly1305_state st;
    lf_poly1305_init(&st, key);
    for (size_t off = 0; off < len; off += step)
        lf_poly1305_update(&st, m + off, len - off < step ? len - off : step);
    lf_poly1305_final(&st, tag);
}

int main(void)
{
    static char line[2 * MAXM + 200];
    static uint8_t m[MAXM];
    uint8_t key[32], t0[16], t[16];
    lf_pipe_req q;
    lf_pipe_start("p1305_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        if (strcmp(q.w[0], "tag") != 0) lf_pipe_die("unknown op %s", q.w[0]);
        lf_pipe_arity(&q, 2);
        lf_pipe_hex_be(key, sizeof key, q.w[1]);
        size_t len = lf_pipe_hex_bytes(m, sizeof m, q.w[2]);
        lf_poly1305(t0, m, len, key);
        int ok = 1;
        static const size_t steps[] = {1, 16, 17, 64, 250, 1000};
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            if (steps[i] == 1 && len > 2000) continue;
            stream(t, m, len, key, steps[i]);
            ok &= !memcmp(t, t0, 16);
        }
        if (!ok) {
            lf_pipe_fail("stream");
            continue;
        }
        lf_pipe_put_hex(t0, 16);
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
