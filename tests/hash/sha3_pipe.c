/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helper for sha3_oracle.py, through the line format of tests/common/pipe.h:
 *     sha3_256 MSG                      -> DIGEST (32 bytes)
 *     sha3_512 MSG                      -> DIGEST (64 bytes)
 *     shake128 OUTLEN MSG               -> OUT (OUTLEN bytes)
 *     shake256 OUTLEN MSG               -> OUT
 *     xn N RATE DS NBLOCKS MSG_1..MSG_N -> OUT_1 .. OUT_N (NBLOCKS * RATE bytes each)
 * MSG up to MAXM bytes ("-" when empty), all hex; OUTLEN up to MAXO.  The
 * answer of the first four is the one-shot API's; the same value is also
 * computed streaming (message in chunks of 1, 71, 72, 137 and 200 bytes, and
 * SHAKE output squeezed in pieces of 1, 8, 135, 168 and 500 bytes) and the
 * answer is "fail stream" when any differs.  xn is the internal multi-stream
 * absorb_once + squeeze_blocks (src/hash/keccak_internal.h; N = 1, 4, 8, the
 * messages of one length), so the x4/x8 kernels of the back end run too.
 * Honours LIMBFORGE_BACKEND (exit 77 when the CPU lacks it). */
#include "../common/pipe.h"
#include "hash/keccak_internal.h"
#include "limbforge/sha3.h"

#define MAXM 3200
#define MAXO 5000

static const size_t steps[] = {1, 71, 72, 137, 200};
static const size_t osteps[] = {1, 8, 135, 168, 500};

int main(void)
{
    static char line[8 * 2 * MAXM + 200];
    static uint8_t m[8][MAXM], o0[8][MAXO], o[MAXO];
    static uint64_t s[200];
    lf_pipe_req q;
    lf_pipe_start("sha3_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        const char *op = q.w[0];
        if (strcmp(op, "xn") == 0) {
            if (q.n < 5) lf_pipe_die("xn: too few words");
            unsigned n = (unsigned)lf_pipe_int(q.w[1], 1, 8);
            unsigned rate = (unsigned)lf_pipe_int(q.w[2], 8, 200);
            uint8_t ds = (uint8_t)lf_pipe_int(q.w[3], 1, 255);
            size_t nb = (size_t)lf_pipe_int(q.w[4], 0, MAXO / 200);
            if ((n != 1 && n != 4 && n != 8) || rate % 8) lf_pipe_die("xn: bad n or rate");
            lf_pipe_arity(&q, 4 + (int)n);
            const uint8_t *in[8];
            uint8_t *out[8];
            size_t len = 0;
            for (unsigned j = 0; j < n; j++) {
                size_t l = lf_pipe_hex_bytes(m[j], MAXM, q.w[5 + j]);
                if (j && l != len) lf_pipe_die("xn: messages of different lengths");
                len = l, in[j] = m[j], out[j] = o0[j];
            }
            lf_keccak_absorb_once(s, n, rate, ds, in, len);
            lf_keccak_squeeze_blocks(s, n, rate, out, nb);
            for (unsigned j = 0; j < n; j++) lf_pipe_put_hex(o0[j], nb * rate);
            lf_pipe_end();
            continue;
        }
        int f = strcmp(op, "sha3_256") == 0   ? 0
                : strcmp(op, "sha3_512") == 0 ? 1
                : strcmp(op, "shake128") == 0 ? 2
                : strcmp(op, "shake256") == 0 ? 3
                                              : -1;
        if (f < 0) lf_pipe_die("unknown op %s", op);
        lf_pipe_arity(&q, f < 2 ? 1 : 2);
        size_t outlen = f == 0 ? 32 : f == 1 ? 64 : (size_t)lf_pipe_int(q.w[1], 0, MAXO);
        size_t len = lf_pipe_hex_bytes(m[0], MAXM, q.w[f < 2 ? 1 : 2]);
        switch (f) {
        case 0: lf_sha3_256(o0[0], m[0], len); break;
        case 1: lf_sha3_512(o0[0], m[0], len); break;
        case 2: lf_shake128(o0[0], outlen, m[0], len); break;
        default: lf_shake256(o0[0], outlen, m[0], len); break;
        }
        int ok = 1;
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            lf_sha3_state st;
            switch (f) {
            case 0: lf_sha3_256_init(&st); break;
            case 1: lf_sha3_512_init(&st); break;
            case 2: lf_shake128_init(&st); break;
            default: lf_shake256_init(&st); break;
            }
            for (size_t off = 0; off < len; off += steps[i])
                ok &= lf_sha3_update(&st, m[0] + off, len - off < steps[i] ? len - off : steps[i]) == LF_OK;
            if (f < 2) {
                ok &= lf_sha3_final(&st, o) == LF_OK;
            } else {
                for (size_t off = 0; off < outlen; off += osteps[i])
                    ok &= lf_shake_squeeze(&st, o + off,
                                           outlen - off < osteps[i] ? outlen - off : osteps[i]) == LF_OK;
                lf_sha3_wipe(&st);
            }
            ok &= !memcmp(o, o0[0], outlen);
        }
        if (!ok) {
            lf_pipe_fail("stream");
            continue;
        }
        lf_pipe_put_hex(o0[0], outlen);
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
