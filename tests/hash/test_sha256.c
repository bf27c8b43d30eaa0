/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-256 / HMAC-SHA256 on the back end LIMBFORGE_BACKEND names (ctest runs
 * it once per back end of the architecture; exit 77 when the CPU lacks it):
 *   - FIPS 180-4 examples (FIPS 180-4 appendix / NIST CSOR "SHA256.pdf",
 *     "SHA2_Additional" one-million-'a' value) and RFC 4231 section 4 test
 *     cases 1-7 (HMAC-SHA-256 rows; case 5 truncated to 128 bits)
 *   - every kernel of this build (C, SHA-NI, ARMv8 SHA2, when the CPU runs
 *     them) against the C kernel, random states and block counts
 *   - the API's table gives the hardware kernel on every back end but c where
 *     the CPU has it, and the C kernel at the same level with the capability
 *     switched off (lf_caps_set), where the vectors run again
 *   - streaming: every split point of short messages, random chunkings,
 *     state wiped after final, out overlapping the message and the key */
#include <stdio.h>
#include <string.h>

#include "../common/backend.h"
#include "../common/rng.h"
#include "hash/sha256_internal.h"
#include "limbforge/sha256.h"

static long failures, checks;
/* the streaming test alone: every split point of every length to 200 bytes */
#define MIN_CHECKS 20000
#define CHECK(c, ...)                                                                              \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(c)) {                                                                                \
            failures++;                                                                            \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static lf_rng rng = LF_RNG_INIT(0x5348413235360000ULL);

static void unhex(uint8_t *out, const char *h)
{
    for (size_t i = 0; h[2 * i]; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int eqhex(const uint8_t *d, size_t n, const char *h)
{
    uint8_t want[64];
    unhex(want, h);
    return strlen(h) == 2 * n && memcmp(d, want, n) == 0;
}

/* ------------------------------------------------------- published vectors */
static void test_vectors(void)
{
    uint8_t d[32];
    lf_sha256(d, (const uint8_t *)"abc", 3);
    CHECK(eqhex(d, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"), "abc");
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    lf_sha256(d, (const uint8_t *)m448, strlen(m448));
    CHECK(eqhex(d, 32, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"), "448 bits");
    lf_sha256(d, NULL, 0);
    CHECK(eqhex(d, 32, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"), "empty");
    static uint8_t million[1000000];
    memset(million, 'a', sizeof million);
    lf_sha256(d, million, sizeof million);
    const char *mh = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
    CHECK(eqhex(d, 32, mh), "one million a, one shot");
    lf_sha256_state st;
    lf_sha256_init(&st);
    for (int i = 0; i < 1000; i++) lf_sha256_update(&st, million, 1000);
    lf_sha256_final(&st, d);
    CHECK(eqhex(d, 32, mh), "one million a, 1000 x 1000");

    /* RFC 4231 section 4.2-4.8 (HMAC-SHA-256) */
    static const struct {
        int keyfill, keylen;
        const char *key, *data, *tag;
        int datafill, datalen;
    } t[] = {
        {0x0b, 20, NULL, "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", 0, 0},
        {0, 4, "Jefe", "what do ya want for nothing?",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", 0, 0},
        {0xaa, 20, NULL, NULL, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe", 0xdd, 50},
        {-1, 25, NULL, NULL, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b", 0xcd, 50},
        {0x0c, 20, NULL, "Test With Truncation", "a3b6167473100ee06e0c796c2955552b", 0, 0},
        {0xaa, 131, NULL, "Test Using Larger Than Block-Size Key - Hash Key First",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", 0, 0},
        {0xaa, 131, NULL,
         "This is a test using a larger than block-size key and a larger than block-size data. "
         "The key needs to be hashed before being used by the HMAC algorithm.",
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2", 0, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint8_t key[131], data[200];
        size_t kl = (size_t)t[i].keylen, dl;
        if (t[i].key) memcpy(key, t[i].key, kl);
        else if (t[i].keyfill < 0) for (size_t j = 0; j < kl; j++) key[j] = (uint8_t)(j + 1);
        else memset(key, t[i].keyfill, kl);
        if (t[i].data) dl = strlen(t[i].data), memcpy(data, t[i].data, dl);
        else dl = (size_t)t[i].datalen, memset(data, t[i].datafill, dl);
        size_t tl = strlen(t[i].tag) / 2;
        lf_hmac_sha256(d, key, kl, data, dl);
        CHECK(eqhex(d, tl, t[i].tag), "RFC 4231 case %zu", i + 1);
        lf_hmac_sha256_state h;
        lf_hmac_sha256_init(&h, key, kl);
        for (size_t off = 0; off < dl; off += 7)
            lf_hmac_sha256_update(&h, data + off, dl - off < 7 ? dl - off : 7);
        lf_hmac_sha256_final(&h, d);
        CHECK(eqhex(d, tl, t[i].tag), "RFC 4231 case %zu streaming", i + 1);
    }
}

/* ------------------------------------------------------------------ kernels */
static long kernel_cases;

static void kernel_vs_c(lf_sha256_blocks_fn f, const char *name)
{
    static uint8_t data[64 * 40];
    for (int rep = 0; rep < 300; rep++) {
        size_t nb = (size_t)lf_rng_below(&rng, 40);
        uint32_t s1[8], s2[8];
        for (int i = 0; i < 8; i++) s1[i] = s2[i] = (uint32_t)lf_rng_u64(&rng);
        lf_rng_bytes(&rng, data, 64 * nb);
        size_t off = (size_t)lf_rng_below(&rng, 8); /* unaligned data too */
        if (64 * nb + off > sizeof data) off = 0;
        lf_sha256_blocks_c(s1, data + off, nb);
        f(s2, data + off, nb);
        CHECK(!memcmp(s1, s2, sizeof s1), "kernel %s, %zu blocks", name, nb);
        kernel_cases++;
    }
}

static void test_kernels(const char *be)
{
    kernel_vs_c(lf_sha256_blocks_c, "c");
    kernel_vs_c(lf_sha256_kernel_current(), "current");
    uint64_t cap = lf_sha256_hw_cap();
    int hw = lf_sha256_hw_kernel() && cap && (lf_caps() & cap);
    if (hw) kernel_vs_c(lf_sha256_hw_kernel(), lf_sha256_hw_name());
    /* Which kernel the API runs: the hardware one wherever the CPU has it,
     * at every level but the portable ones (c, and c32: its own
     * architecture, built on a 64-bit CPU only with LF_C32=ON) */
    int is_c = strcmp(be, "c") == 0 || strcmp(be, "c32") == 0;
    lf_sha256_blocks_fn want = hw && !is_c ? lf_sha256_hw_kernel() : lf_sha256_blocks_c;
    CHECK(lf_sha256_kernel_current() == want, "resolved kernel on %s", be);
    /* with the capability switched off, the same level runs the C kernel,
     * and the vectors still hold; then back */
    if (hw && !is_c) {
        uint64_t caps = lf_caps();
        CHECK(lf_caps_set(caps & ~cap) == LF_OK, "lf_caps_set without %s", lf_cap_name(cap));
        CHECK(strcmp(lf_backend_name(lf_backend_current()), be) == 0, "level kept without %s", lf_cap_name(cap));
        CHECK(lf_sha256_kernel_current() == lf_sha256_blocks_c, "C kernel without %s", lf_cap_name(cap));
        test_vectors();
        CHECK(lf_caps_set(caps) == LF_OK, "lf_caps_set back");
        CHECK(lf_sha256_kernel_current() == want, "hardware kernel again");
    }
    printf("  kernels: %ld cases vs C; hardware kernel %s (%s), API on %s runs %s\n", kernel_cases,
           lf_sha256_hw_name(), hw ? "CPU has it" : "not on this CPU", be,
           want == lf_sha256_blocks_c ? "c" : lf_sha256_hw_name());
}

/* ---------------------------------------------------------------- streaming */
static void test_streaming(void)
{
    static uint8_t msg[700], buf[800];
    uint8_t d1[32], d2[32], key[100];
    long cases = 0;
    lf_rng_bytes(&rng, msg, sizeof msg);
    for (size_t len = 0; len <= 200; len++) {
        lf_sha256(d1, msg, len);
        for (size_t cut = 0; cut <= len; cut++) { /* every split point */
            lf_sha256_state st;
            lf_sha256_init(&st);
            lf_sha256_update(&st, msg, cut);
            lf_sha256_update(&st, msg + cut, len - cut);
            lf_sha256_final(&st, d2);
            CHECK(!memcmp(d1, d2, 32), "len %zu cut %zu", len, cut);
            uint8_t zero[sizeof st] = {0};
            CHECK(!memcmp(&st, zero, sizeof st), "state not wiped");
            cases++;
        }
    }
    for (int rep = 0; rep < 500; rep++) { /* random multi-way chunkings */
        size_t len = (size_t)lf_rng_below(&rng, sizeof msg + 1);
        size_t kl = (size_t)lf_rng_below(&rng, sizeof key + 1);
        lf_rng_bytes(&rng, key, kl);
        lf_sha256(d1, msg, len);
        lf_sha256_state st;
        lf_hmac_sha256_state h;
        lf_sha256_init(&st);
        lf_hmac_sha256_init(&h, key, kl);
        for (size_t off = 0; off < len;) {
            size_t c = (size_t)lf_rng_below(&rng, 150);
            if (c > len - off) c = len - off;
            lf_sha256_update(&st, msg + off, c);
            lf_hmac_sha256_update(&h, msg + off, c);
            off += c;
        }
        lf_sha256_final(&st, d2);
        CHECK(!memcmp(d1, d2, 32), "random chunking, len %zu", len);
        lf_hmac_sha256(d1, key, kl, msg, len);
        lf_hmac_sha256_final(&h, d2);
        CHECK(!memcmp(d1, d2, 32), "hmac random chunking, len %zu key %zu", len, kl);
        uint8_t zero[sizeof h] = {0};
        CHECK(!memcmp(&h, zero, sizeof h), "hmac state not wiped");
        /* out overlapping the input: at its start, inside it */
        size_t at = len ? (size_t)lf_rng_below(&rng, len) : 0;
        memcpy(buf, msg, len);
        lf_sha256(buf + at, buf, len);
        lf_sha256(d1, msg, len);
        CHECK(!memcmp(buf + at, d1, 32), "sha256 out inside msg, len %zu at %zu", len, at);
        memcpy(buf, key, kl);
        memcpy(buf + kl, msg, len);
        lf_hmac_sha256(d1, key, kl, msg, len);
        lf_hmac_sha256(buf, buf, kl, buf + kl, len); /* out over the key (and msg if kl < 32) */
        CHECK(!memcmp(buf, d1, 32), "hmac out over key, len %zu key %zu", len, kl);
        cases += 4;
    }
    printf("  streaming: %ld cases (every split point to 200 bytes, random chunkings, aliasing)\n",
           cases);
}

int main(void)
{
    lf_test_backend_or_skip("test_sha256");
    const char *be = lf_backend_name(lf_backend_current());
    rng.s = lf_test_seed(rng.s);
    test_vectors();
    test_kernels(be);
    test_streaming();
    printf("test_sha256 [%s]\n", be);
    return lf_test_report("test_sha256", checks, failures, MIN_CHECKS);
}
