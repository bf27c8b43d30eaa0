/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-256 and HMAC-SHA256 against OpenSSL's libcrypto (SHA256(), HMAC()),
 * on the back end LIMBFORGE_BACKEND names: every length 0..1024 (random
 * message; HMAC with a random key of 0..200 bytes), each also streamed in a
 * random chunking, plus random longer messages with random keys, and one
 * SHA-256 stream of 2^29 + 1000 bytes (a bit length of 2^32 or more: the
 * padding's high length word nonzero; about 4 s on c, 1 s with SHA-NI). */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <string.h>

#include "../common/backend.h"
#include "../common/rng.h"
#include "limbforge/sha256.h"

static long failures, checks;
static lf_rng rng = LF_RNG_INIT(0x6469666673686132ULL);

static void chunked(uint8_t sha[32], uint8_t mac[32], const uint8_t *key, size_t kl,
                    const uint8_t *msg, size_t len)
{
    lf_sha256_state st;
    lf_hmac_sha256_state h;
    lf_sha256_init(&st);
    lf_hmac_sha256_init(&h, key, kl);
    for (size_t off = 0; off < len;) {
        size_t c = (size_t)lf_rng_below(&rng, 3) == 0 ? (size_t)lf_rng_below(&rng, 4)
                                                        : (size_t)lf_rng_below(&rng, 200);
        if (c > len - off) c = len - off;
        lf_sha256_update(&st, msg + off, c);
        lf_hmac_sha256_update(&h, msg + off, c);
        off += c;
    }
    lf_sha256_final(&st, sha);
    lf_hmac_sha256_final(&h, mac);
}

static void one(const uint8_t *msg, size_t len, const uint8_t *key, size_t kl)
{
    uint8_t a[32], b[32], c[32], ma[32], mb[32], mc[32];
    unsigned mlen = 0;
    SHA256(msg, len, a);
    HMAC(EVP_sha256(), key, (int)kl, msg, len, ma, &mlen);
    lf_sha256(b, msg, len);
    lf_hmac_sha256(mb, key, kl, msg, len);
    chunked(c, mc, key, kl, msg, len);
    checks += 2;
    if (memcmp(a, b, 32) || memcmp(a, c, 32)) {
        if (failures++ < 10) printf("FAIL sha256 len %zu (one-shot %d, streamed %d)\n", len,
                                    !memcmp(a, b, 32), !memcmp(a, c, 32));
    }
    if (mlen != 32 || memcmp(ma, mb, 32) || memcmp(ma, mc, 32)) {
        if (failures++ < 10) printf("FAIL hmac len %zu key %zu\n", len, kl);
    }
}

/* 2^29 + 1000 bytes (1000, then 512 chunks of 1 MiB: every one straddling
 * the block buffer), streamed through lf_sha256_update and OpenSSL's
 * EVP_DigestUpdate: bits = 2^32 + 8000, so the padding's length words are
 * 1 and 8000, the high one nonzero only from 2^29 bytes on (lf_sha256_final's
 * bits >> 32: a >> 33 there survived every shorter message) */
static void long_stream(void)
{
    static uint8_t big[1 << 20];
    uint8_t a[32], b[32];
    unsigned mlen = 0;
    lf_rng_bytes(&rng, big, sizeof big);
    lf_sha256_state st;
    lf_sha256_init(&st);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
        printf("FAIL EVP_DigestInit_ex\n");
        failures++;
        EVP_MD_CTX_free(ctx);
        return;
    }
    lf_sha256_update(&st, big, 1000);
    int ok = EVP_DigestUpdate(ctx, big, 1000);
    for (int i = 0; i < 512; i++) {
        lf_sha256_update(&st, big, sizeof big);
        ok &= EVP_DigestUpdate(ctx, big, sizeof big);
    }
    lf_sha256_final(&st, a);
    ok &= EVP_DigestFinal_ex(ctx, b, &mlen);
    EVP_MD_CTX_free(ctx);
    checks++;
    if (!ok || mlen != 32 || memcmp(a, b, 32)) {
        failures++;
        printf("FAIL sha256 stream of 2^29 + 1000 bytes (OpenSSL ok %d)\n", ok);
    }
}

int main(void)
{
    lf_test_backend_or_skip("test_sha256_diff");
    rng.s = lf_test_seed(rng.s);
    static uint8_t msg[1 << 16], key[300];
    long cases = 0;
    for (size_t len = 0; len <= 1024; len++) {
        size_t kl = (size_t)lf_rng_below(&rng, 201);
        lf_rng_bytes(&rng, msg, len);
        lf_rng_bytes(&rng, key, kl);
        one(msg, len, key, kl);
        cases++;
    }
    for (int rep = 0; rep < 200; rep++) {
        size_t len = (size_t)lf_rng_below(&rng, sizeof msg + 1);
        size_t kl = (size_t)lf_rng_below(&rng, sizeof key + 1);
        lf_rng_bytes(&rng, msg, len);
        lf_rng_bytes(&rng, key, kl);
        one(msg, len, key, kl);
        cases++;
    }
    long_stream();
    printf("test_sha256_diff [%s]: %ld messages x (sha256, hmac) x (one-shot, streamed) and "
           "a 2^29 + 1000-byte stream vs OpenSSL\n",
           lf_backend_name(lf_backend_current()), cases);
    /* two checks per message: 1025 lengths and 200 random ones; the long stream */
    return lf_test_report("test_sha256_diff", checks, failures, 2 * (1025 + 200) + 1);
}
