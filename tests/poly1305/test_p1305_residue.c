/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* No key material left on the stack by Poly1305, ChaCha20 and the AEAD:
 * each call runs on a stack of the test's (tests/common/stackscan.h), which
 * is then searched for the whole secrets it held:
 *   lf_poly1305, _init/_update/_final    the key, r (clamped: 16 bytes, 3 x
 *                                        44-bit and 5 x 26-bit limbs, the
 *                                        latter as 32- and 64-bit words), s
 *   lf_chacha20, lf_chacha20_block       the key, the keystream's first and
 *                                        last whole blocks (out xor in)
 *   seal, open (and open of a bad tag)   the key, the one-time Poly1305 key
 *                                        (OpenSSL's ChaCha20, block 0) in the
 *                                        forms above, the keystream's first
 *                                        block (ct xor pt); open of a bad
 *                                        tag: also the right tag
 * on messages of 0..1100 bytes (the vector kernels' block counts), 20 x
 * LF_TEST_ITERS rounds (at least 4).  Self-test first: a call that leaves
 * the key on its stack must be caught.
 * Usage: test_p1305_residue   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "limbforge/aead.h"
#include "limbforge/chacha20.h"
#include "limbforge/poly1305.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/stackscan.h"
#include "../common/testenv.h"

#define PROG "test_p1305_residue"
#define MIN_ROUNDS 4
#define MAXLEN 1100

static lf_rng g;
static long calls;

static struct {
    uint8_t key[32], nonce[12], tag[16], tag2[16];
    uint8_t pt[MAXLEN], ct[MAXLEN], out[MAXLEN], ad[40];
    size_t len, adlen, split;
    lf_poly1305_state st;
    int rc, op;
} io;

enum { OP_SELFTEST, OP_POLY, OP_POLY_STREAM, OP_CHACHA, OP_BLOCK, OP_SEAL, OP_OPEN, OP_OPEN_BAD };
static const char *const OP_NAME[] = {"self-test", "poly1305", "poly1305 init/update/final",
                                      "chacha20", "chacha20_block", "seal", "open",
                                      "open (bad tag)"};

static void call(void *unused)
{
    (void)unused;
    io.rc = LF_OK;
    switch (io.op) {
    case OP_SELFTEST: lf_stack_leak32(io.key); break;
    case OP_POLY: lf_poly1305(io.tag, io.pt, io.len, io.key); break;
    case OP_POLY_STREAM:
        lf_poly1305_init(&io.st, io.key);
        lf_poly1305_update(&io.st, io.pt, io.split);
        lf_poly1305_update(&io.st, io.pt + io.split, io.len - io.split);
        lf_poly1305_final(&io.st, io.tag2);
        break;
    case OP_CHACHA: io.rc = lf_chacha20(io.out, io.pt, io.len, io.key, io.nonce, 1); break;
    case OP_BLOCK: lf_chacha20_block(io.out, io.key, io.nonce, 7); break;
    case OP_SEAL:
        io.rc = lf_chacha20poly1305_seal(io.ct, io.tag, io.pt, io.len, io.ad, io.adlen, io.key,
                                         io.nonce);
        break;
    case OP_OPEN:
        io.rc = lf_chacha20poly1305_open(io.out, io.ct, io.len, io.tag, io.ad, io.adlen, io.key,
                                         io.nonce);
        break;
    case OP_OPEN_BAD:
        io.rc = lf_chacha20poly1305_open(io.out, io.ct, io.len, io.tag2, io.ad, io.adlen, io.key,
                                         io.nonce) == LF_ERR_AUTH
                    ? LF_OK
                    : -2;
        break;
    }
}

static void run(int op, const lf_needles *nd)
{
    io.op = op;
    io.rc = -1;
    calls++;
    size_t used = lf_stack_run(call, NULL);
    char what[48];
    snprintf(what, sizeof what, "%s (len %zu)", OP_NAME[op], io.len);
    CHECK(io.rc == LF_OK, "%s: rc %d", what, io.rc);
    lf_stack_expect(PROG, what, used, nd, op == OP_SELFTEST);
}

/* a Poly1305 key (r || s) in the forms an implementation keeps it */
static void add_polykey(lf_needles *nd, const char *name, const uint8_t k[32])
{
    uint8_t rb[16];
    memcpy(rb, k, 16);
    static const uint8_t clamp[16] = {0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
                                      0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f};
    for (int i = 0; i < 16; i++) rb[i] &= clamp[i];
    unsigned __int128 r = 0;
    for (int i = 15; i >= 0; i--) r = r << 8 | rb[i];
    uint64_t l44[3], l26[5];
    uint32_t w26[5];
    for (int i = 0; i < 3; i++) l44[i] = (uint64_t)(r >> (44 * i)) & ((UINT64_C(1) << 44) - 1);
    for (int i = 0; i < 5; i++) l26[i] = (uint64_t)(r >> (26 * i)) & ((1u << 26) - 1), w26[i] = (uint32_t)l26[i];
    lf_needles_add(nd, name, k, 32);
    lf_needles_add(nd, name, rb, 16);
    lf_needles_add(nd, name, k + 16, 16); /* s */
    lf_needles_add(nd, name, l44, sizeof l44);
    lf_needles_add(nd, name, l26, sizeof l26);
    lf_needles_add(nd, name, w26, sizeof w26);
}

static void otk(uint8_t k[32]) /* the AEAD's Poly1305 key: OpenSSL's ChaCha20 block 0 */
{
    uint8_t iv[16] = {0}, zero[32] = {0};
    memcpy(iv + 4, io.nonce, 12);
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(c && EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, io.key, iv) &&
              EVP_EncryptUpdate(c, k, &n, zero, 32) && n == 32,
          "OpenSSL ChaCha20");
    EVP_CIPHER_CTX_free(c);
}

int main(void)
{
    long rounds = lf_test_iters(20, MIN_ROUNDS);
    lf_test_backend_or_skip(PROG);
    lf_rng_seed(&g, lf_test_seed(0x1305e51d));
    static lf_needles nd;
    static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 128, 255, 256, 257, 511, 512, 1024, MAXLEN};
    const size_t nlens = sizeof lens / sizeof lens[0];

    for (long it = 0; it < rounds; it++) {
        lf_rng_bytes(&g, io.key, 32);
        lf_rng_bytes(&g, io.nonce, 12);
        io.len = it < (long)nlens ? lens[it] : (size_t)lf_rng_below(&g, MAXLEN + 1);
        io.split = (size_t)lf_rng_below(&g, io.len + 1);
        io.adlen = (size_t)lf_rng_below(&g, sizeof io.ad + 1);
        lf_rng_bytes(&g, io.pt, sizeof io.pt);
        lf_rng_bytes(&g, io.ad, sizeof io.ad);

        nd.n = 0;
        if (it == 0) {
            lf_needles_add(&nd, "the key", io.key, 32);
            run(OP_SELFTEST, &nd);
        }
        /* Poly1305 under io.key */
        nd.n = 0;
        add_polykey(&nd, "the Poly1305 key", io.key);
        run(OP_POLY, &nd);
        run(OP_POLY_STREAM, &nd);
        CHECK(memcmp(io.tag, io.tag2, 16) == 0, "poly1305: streaming tag differs");

        /* ChaCha20 under io.key: the key, then the keystream it made */
        nd.n = 0;
        lf_needles_add(&nd, "the ChaCha20 key", io.key, 32);
        run(OP_BLOCK, &nd);
        uint8_t ks[64];
        memcpy(ks, io.out, 64);
        lf_needles_add(&nd, "a keystream block", ks, 64);
        run(OP_CHACHA, &nd);
        nd.n = 0;
        lf_needles_add(&nd, "the ChaCha20 key", io.key, 32);
        uint8_t kfirst[64], klast[64];
        size_t whole = io.len / 64;
        if (whole) {
            for (int i = 0; i < 64; i++) kfirst[i] = io.out[i] ^ io.pt[i];
            for (int i = 0; i < 64; i++)
                klast[i] = io.out[64 * (whole - 1) + i] ^ io.pt[64 * (whole - 1) + i];
            lf_needles_add(&nd, "the keystream (first block)", kfirst, 64);
            lf_needles_add(&nd, "the keystream (last whole block)", klast, 64);
            run(OP_CHACHA, &nd); /* the same call, now with its keystream known */
        }

        /* the AEAD: its one-time key, the keystream from counter 1 */
        uint8_t pk[32];
        otk(pk);
        nd.n = 0;
        lf_needles_add(&nd, "the AEAD key", io.key, 32);
        add_polykey(&nd, "the one-time Poly1305 key", pk);
        run(OP_SEAL, &nd);
        if (whole) {
            for (int i = 0; i < 64; i++) kfirst[i] = io.ct[i] ^ io.pt[i];
            lf_needles_add(&nd, "the AEAD keystream", kfirst, 64);
        }
        run(OP_SEAL, &nd);
        run(OP_OPEN, &nd);
        CHECK(memcmp(io.out, io.pt, io.len) == 0, "open: not the plaintext");
        memcpy(io.tag2, io.tag, 16);
        io.tag2[lf_rng_below(&g, 16)] ^= (uint8_t)(1u << lf_rng_below(&g, 8));
        lf_needles_add(&nd, "the right tag (a forgery)", io.tag, 16);
        run(OP_OPEN_BAD, &nd);
    }
    printf("%s: backend=%s, %ld rounds, %ld calls scanned\n", PROG,
           lf_backend_name(lf_backend_current()), rounds, calls);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, MIN_ROUNDS * 25);
}
