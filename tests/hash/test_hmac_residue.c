/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* No HMAC key material left on the stack: lf_hmac_sha256 (one-shot) and
 * init/update/final (state in static memory) run on a stack of the test's
 * (tests/common/stackscan.h), which is then searched for the whole secrets
 * the call held: the padded key K0, K0 xor ipad, K0 xor opad, the message
 * schedule's first and last 16 words of those blocks (32-bit words), the inner
 * and outer midstates after them and the inner digest (OpenSSL's SHA-256
 * computes each), for keys of 1..100 bytes (hashed above 64) and messages
 * of 0..300 bytes, 20 x LF_TEST_ITERS keys (at least 4).  Self-test first:
 * a call that leaves the key on its stack must be caught.
 * lf_hmac_sha256_init also alone (what update and final would overwrite).
 * Usage: test_hmac_residue   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#define OPENSSL_SUPPRESS_DEPRECATED /* SHA256_CTX: the midstates */
#include <stdio.h>
#include <string.h>

#include <openssl/sha.h>

#include "limbforge/sha256.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/stackscan.h"
#include "../common/testenv.h"

#define PROG "test_hmac_residue"
#define MIN_KEYS 4

static lf_rng g;
static long calls;

static struct {
    uint8_t key[100], msg[300], out[32], out2[32];
    size_t keylen, len;
    lf_hmac_sha256_state st;
    int op;
} io;

enum { OP_SELFTEST, OP_HMAC, OP_STREAM, OP_INIT };
static const char *const OP_NAME[] = {"self-test", "hmac_sha256", "hmac_sha256 init/update/final",
                                    "hmac_sha256_init"};

static void call(void *unused)
{
    (void)unused;
    switch (io.op) {
    case OP_SELFTEST: lf_stack_leak32(io.key); break;
    case OP_HMAC: lf_hmac_sha256(io.out, io.key, io.keylen, io.msg, io.len); break;
    case OP_STREAM:
        lf_hmac_sha256_init(&io.st, io.key, io.keylen);
        lf_hmac_sha256_update(&io.st, io.msg, io.len);
        lf_hmac_sha256_final(&io.st, io.out2);
        break;
    case OP_INIT: lf_hmac_sha256_init(&io.st, io.key, io.keylen); break;
    }
}

static void run(int op, const lf_needles *nd)
{
    io.op = op;
    calls++;
    size_t used = lf_stack_run(call, NULL);
    char what[80];
    snprintf(what, sizeof what, "%s (key %zu bytes, message %zu)", OP_NAME[op], io.keylen, io.len);
    lf_stack_expect(PROG, what, used, nd, op == OP_SELFTEST);
}

/* a padded key block xor pad: the block, its schedule words, the midstate */
static void add_block(lf_needles *nd, const char *name, const uint8_t k0[64], uint8_t pad)
{
    uint8_t b[64];
    uint32_t w[16];
    for (int i = 0; i < 64; i++) b[i] = (uint8_t)(k0[i] ^ pad);
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 |
               (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
    uint32_t x[64]; /* the whole schedule: a rolling 16-word window ends with 48..63 */
    memcpy(x, w, sizeof w);
#define ROR(v, n) ((v) >> (n) | (v) << (32 - (n)))
    for (int t = 16; t < 64; t++)
        x[t] = (ROR(x[t - 2], 17) ^ ROR(x[t - 2], 19) ^ (x[t - 2] >> 10)) + x[t - 7] +
               (ROR(x[t - 15], 7) ^ ROR(x[t - 15], 18) ^ (x[t - 15] >> 3)) + x[t - 16];
#undef ROR
    SHA256_CTX c;
    CHECK(SHA256_Init(&c) && SHA256_Update(&c, b, 64), "OpenSSL SHA-256");
    lf_needles_add(nd, name, b, 64);
    lf_needles_add(nd, name, w, 64);
    lf_needles_add(nd, name, x + 48, 64);
    lf_needles_add(nd, name, c.h, 32);
}

int main(void)
{
    long keys = lf_test_iters(20, MIN_KEYS);
    lf_test_backend_or_skip(PROG);
    lf_rng_seed(&g, lf_test_seed(0x4ac5e51d));
    static lf_needles nd;
    static const size_t klens[] = {1, 16, 32, 63, 64, 65, 100};

    for (long it = 0; it < keys; it++) {
        io.keylen = it < 7 ? klens[it] : 1 + (size_t)lf_rng_below(&g, sizeof io.key);
        io.len = (size_t)lf_rng_below(&g, sizeof io.msg + 1);
        lf_rng_bytes(&g, io.key, sizeof io.key);
        lf_rng_bytes(&g, io.msg, sizeof io.msg);
        nd.n = 0;
        if (it == 0) {
            lf_needles_add(&nd, "the key", io.key, 32);
            run(OP_SELFTEST, &nd);
            nd.n = 0;
        }
        uint8_t k0[64] = {0}, ipad[64], ih[32];
        if (io.keylen > 64)
            SHA256(io.key, io.keylen, k0);
        else
            memcpy(k0, io.key, io.keylen);
        if (io.keylen >= 16) lf_needles_add(&nd, "the key", io.key, io.keylen > 64 ? 64 : io.keylen);
        lf_needles_add(&nd, "K0", k0, 64);
        add_block(&nd, "K0 xor ipad", k0, 0x36);
        add_block(&nd, "K0 xor opad", k0, 0x5c);
        for (int i = 0; i < 64; i++) ipad[i] = (uint8_t)(k0[i] ^ 0x36);
        SHA256_CTX c;
        CHECK(SHA256_Init(&c) && SHA256_Update(&c, ipad, 64) && SHA256_Update(&c, io.msg, io.len) &&
                  SHA256_Final(ih, &c),
              "OpenSSL SHA-256");
        lf_needles_add(&nd, "the inner digest", ih, 32);
        run(OP_HMAC, &nd);
        run(OP_STREAM, &nd);
        CHECK(memcmp(io.out, io.out2, 32) == 0, "streaming tag differs");
        run(OP_INIT, &nd); /* alone: nothing after it overwrites its frame */
        lf_hmac_sha256_final(&io.st, io.out2);
    }
    printf("%s: backend=%s, %ld keys, %ld calls scanned\n", PROG,
           lf_backend_name(lf_backend_current()), keys, calls);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, MIN_KEYS * 5);
}
