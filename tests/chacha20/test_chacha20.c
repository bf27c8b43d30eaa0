/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 tests that need no other library:
 *   - RFC 8439 examples 2.3.2 (block) and 2.4.2 (encryption)
 *   - the dispatcher picks the back end's own kernel, which really runs
 *     (called directly, 1..3 batches, counters near the wrap, against the
 *     portable block function)
 *   - any length = concatenated single blocks (vector kernels and tails),
 *     in place, counter-wrap errors, output untouched on error
 * Run once per back end (LIMBFORGE_BACKEND); 77 if the CPU lacks it. */
#include "../common/symm_test.h"

#include "limbforge/chacha20.h"
#include "chacha20/chacha20_internal.h"

static void rfc_vectors(void)
{
    uint8_t key[32], want[256], out[256], nonce[12];
    size_t n;
    const char *s;

    /* 2.3.2 */
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
    t_unhex(nonce, 12, "00:00:00:09:00:00:00:4a:00:00:00:00");
    t_unhex(want, 64, "10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4 c7 d1 f4 c7 33 c0 68 03"
                      "04 22 aa 9a c3 d4 6c 4e d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2"
                      "b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e");
    lf_chacha20_block(out, key, nonce, 1);
    CHECK(memcmp(out, want, 64) == 0, "RFC 8439 2.3.2 block");
    CHECK(lf_chacha20(out, NULL, 64, key, nonce, 1) == LF_OK && memcmp(out, want, 64) == 0,
          "RFC 8439 2.3.2 keystream via lf_chacha20");

    /* 2.4.2 */
    t_unhex(nonce, 12, "00:00:00:00:00:00:00:4a:00:00:00:00");
    s = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
        "future, sunscreen would be it.";
    n = strlen(s);
    t_unhex(want, sizeof want,
            "6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81 e9 7e 7a ec 1d 43 60 c2 0a 27 af cc"
            "fd 9f ae 0b f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57 16 39 d6 24 e6 51 52 ab"
            "8f 53 0c 35 9f 08 61 d8 07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e 52 bc 51 4d"
            "16 cc f8 06 81 8c e9 1a b7 79 37 36 5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42"
            "87 4d");
    CHECK(lf_chacha20(out, (const uint8_t *)s, n, key, nonce, 1) == LF_OK &&
              memcmp(out, want, n) == 0,
          "RFC 8439 2.4.2 encryption");

}

/* The dispatcher picks this back end's own kernel. */
static void dispatch_name(lf_backend be)
{
    const char *name = lf_backend_name(be);
    lf_chacha_kernel k = lf_chacha_kernel_for(lf_slot_of(be));
    const char *wc = "c";
    if (!strcmp(name, "avx2")) wc = "avx2";
    if (!strcmp(name, "avx512") || !strcmp(name, "avx512ifma")) wc = "avx512";
#ifdef LF_NATIVE_CHACHA20_NEON
    if (!strcmp(name, "neon")) wc = "neon";
#endif
#ifdef LF_NATIVE_CHACHA20_ARMV7NEON
    if (!strcmp(name, "armv7neon")) wc = "neon";
#endif
#ifdef LF_NATIVE_CHACHA20_RVV
    if (!strcmp(name, "rvv")) wc = "rvv";
#endif
#ifdef LF_NATIVE_CHACHA20_WASM_SIMD128
    if (!strcmp(name, "wasm_simd128")) wc = "wasm_simd128";
#endif
    CHECK(!strcmp(k.name, wc), "backend %s: chacha20 kernel %s, want %s", name, k.name, wc);
    printf("  backend %s: chacha20 kernel %s (width %zu)\n", name, k.name, k.width);
}

static void chacha(void)
{
    static uint8_t in[3000], out[3000], ref[3000 + 64];
    uint8_t key[32], nonce[12];
    long cases = 0;
    static const uint32_t ctrs[] = {0, 1, 7, 0xfffffff0u, 0xffffffc0u};
    for (size_t len = 0; len <= 2200; len += (len < 1100 ? 1 : 37)) {
        lf_rng_bytes(&t_rng, key, 32);
        lf_rng_bytes(&t_rng, nonce, 12);
        lf_rng_bytes(&t_rng, in, len);
        uint32_t ctr = ctrs[len % 5];
        size_t nb = (len + 63) / 64;
        if ((uint64_t)ctr + nb > 0x100000000ULL) ctr = 0xffffffffu - (uint32_t)nb + 1;
        for (size_t b = 0; b < nb; b++) lf_chacha20_block(ref + 64 * b, key, nonce, ctr + (uint32_t)b);
        for (size_t i = 0; i < len; i++) ref[i] ^= in[i];
        memset(out, 0xaa, len);
        CHECK(lf_chacha20(out, in, len, key, nonce, ctr) == LF_OK, "chacha rc");
        CHECK(!memcmp(out, ref, len), "chacha len %zu ctr %08x", len, ctr);
        memcpy(out, in, len); /* in place */
        CHECK(lf_chacha20(out, out, len, key, nonce, ctr) == LF_OK && !memcmp(out, ref, len),
              "chacha in place len %zu", len);
        cases += 2;
    }
    /* the back end's vector kernel itself (keystream and XOR, 1..3 batches,
     * counters near the wrap) against the portable block function */
    lf_chacha_kernel k = lf_chacha_kernel_for(lf_slot_of(lf_backend_current()));
    long direct = 0;
    if (k.fn) {
        uint32_t st[16];
        for (int rep = 0; rep < 12; rep++) {
            size_t nb = k.width * (size_t)(1 + rep % 3);
            while (64 * nb > sizeof in) nb -= k.width;
            lf_rng_bytes(&t_rng, key, 32);
            lf_rng_bytes(&t_rng, nonce, 12);
            lf_rng_bytes(&t_rng, in, 64 * nb);
            lf_chacha_setup(st, key, nonce,
                            rep < 6 ? (uint32_t)lf_rng_u64(&t_rng) : 0xffffffffu - (uint32_t)nb);
            lf_chacha_blocks_c(ref, rep & 1 ? in : NULL, nb, st);
            memset(out, 0x5a, 64 * nb);
            k.fn(out, rep & 1 ? in : NULL, nb, st);
            CHECK(!memcmp(out, ref, 64 * nb), "chacha kernel %s vs c, %zu blocks", k.name, nb);
            direct++;
        }
        CHECK(direct >= 12, "chacha kernel %s ran %ld times", k.name, direct);
    }
    /* counter wrap */
    memset(out, 0xaa, 200);
    CHECK(lf_chacha20(out, in, 64, key, nonce, 0xffffffffu) == LF_OK, "last block ok");
    memset(out, 0xaa, 200);
    CHECK(lf_chacha20(out, in, 65, key, nonce, 0xffffffffu) == LF_ERR_RANGE, "wrap -> error");
    int z = 1;
    for (int i = 0; i < 200; i++) z &= out[i] == 0xaa;
    CHECK(z, "output untouched on wrap error");
    CHECK(lf_chacha20(out, in, 129, key, nonce, 0xfffffffeu) == LF_ERR_RANGE, "wrap 3 blocks");
    CHECK(lf_chacha20(out, in, 128, key, nonce, 0xfffffffeu) == LF_OK, "2 blocks to the end");
    CHECK(lf_chacha20(NULL, in, 0, key, nonce, 0xffffffffu) == LF_OK, "empty");
    CHECK(lf_chacha20(NULL, in, 5, key, nonce, 0) == LF_ERR_PARAM, "NULL out");
    printf("  chacha20: %ld lengths/counters vs single blocks, %ld direct %s kernel runs\n", cases,
           direct, k.name);
}

int main(void)
{
    lf_backend be = t_backend_or_skip("test_chacha20");
    printf("test_chacha20: backend %s\n", lf_backend_name(be));
    rfc_vectors();
    dispatch_name(be);
    chacha();
    return t_done("test_chacha20", 3300);
}
