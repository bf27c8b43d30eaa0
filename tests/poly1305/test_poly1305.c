/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 / ChaCha20 / ChaCha20-Poly1305 tests that need no other library:
 *   - RFC 8439 examples: 2.3.2 (block), 2.4.2 (encryption), 2.5.2 (Poly1305),
 *     2.8.2 (AEAD)
 *   - the selected back end's vector kernels really run (the kernel the
 *     dispatcher picks is the one of this back end; called directly on
 *     lengths above the crossover and compared with the scalar kernels)
 *   - radix 2^64 vs radix 2^26 portable kernels vs the API, random lengths
 *   - streaming: every split point (and random multi-way chunkings)
 *   - ChaCha20: any length = concatenated single blocks (vector kernels and
 *     tails), counter-wrap errors, output untouched on error
 *   - over-long lengths (SIZE_MAX, 2^38, counter wraps) into a 64-byte buffer
 *     that ends at a guard page: LF_ERR_RANGE, nothing written, no crash
 *   - AEAD: round trip, in place, bad tag / ad / ciphertext: LF_ERR_AUTH and
 *     zeroed plaintext; parameter errors
 * Run once per back end (LIMBFORGE_BACKEND); 77 if the CPU lacks it. */
#include "test_common.h"

#include "limbforge/aead.h"
#include "limbforge/chacha20.h"
#include "limbforge/poly1305.h"
#include "poly1305/chacha20_internal.h"
#include "poly1305/poly1305_internal.h"

static void rfc_vectors(void)
{
    uint8_t key[32], msg[256], tag[16], want[256], out[256], nonce[12];
    size_t n;

    /* 2.5.2 */
    t_unhex(key, 32, "85:d6:be:78:57:55:6d:33:7f:44:52:fe:42:d5:06:a8"
                     "01:03:80:8a:fb:0d:b2:fd:4a:bf:f6:af:41:49:f5:1b");
    const char *s = "Cryptographic Forum Research Group";
    t_unhex(want, 16, "a8:06:1d:c1:30:51:36:c6:c2:2b:8b:af:0c:01:27:a9");
    lf_poly1305(tag, (const uint8_t *)s, strlen(s), key);
    CHECK(memcmp(tag, want, 16) == 0, "RFC 8439 2.5.2 poly1305 tag");

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

    /* 2.8.2 */
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i);
    t_unhex(nonce, 12, "07 00 00 00 40 41 42 43 44 45 46 47");
    uint8_t ad[12], wtag[16];
    t_unhex(ad, 12, "50 51 52 53 c0 c1 c2 c3 c4 c5 c6 c7");
    t_unhex(want, sizeof want,
            "d3 1a 8d 34 64 8e 60 db 7b 86 af bc 53 ef 7e c2 a4 ad ed 51 29 6e 08 fe a9 e2 b5 a7"
            "36 ee 62 d6 3d be a4 5e 8c a9 67 12 82 fa fb 69 da 92 72 8b 1a 71 de 0a 9e 06 0b 29"
            "05 d6 a5 b6 7e cd 3b 36 92 dd bd 7f 2d 77 8b 8c 98 03 ae e3 28 09 1b 58 fa b3 24 e4"
            "fa d6 75 94 55 85 80 8b 48 31 d7 bc 3f f4 de f0 8e 4b 7a 9d e5 76 d2 65 86 ce c6 4b"
            "61 16");
    t_unhex(wtag, 16, "1a:e1:0b:59:4f:09:e2:6a:7e:90:2e:cb:d0:60:06:91");
    CHECK(lf_chacha20poly1305_seal(out, tag, (const uint8_t *)s, n, ad, 12, key, nonce) == LF_OK,
          "2.8.2 seal rc");
    CHECK(memcmp(out, want, n) == 0 && memcmp(tag, wtag, 16) == 0, "RFC 8439 2.8.2 AEAD");
    CHECK(lf_chacha20poly1305_open(msg, out, n, tag, ad, 12, key, nonce) == LF_OK &&
              memcmp(msg, s, n) == 0,
          "2.8.2 open");
}

/* The dispatcher picks this back end's own kernels. */
static void dispatch_names(lf_backend be)
{
    const char *name = lf_backend_name(be);
    lf_p1305_vec v = lf_p1305_vec_for(lf_slot_of(be));
    lf_chacha_kernel k = lf_chacha_kernel_for(lf_slot_of(be));
    const char *wp = "scalar", *wc = "c";
    if (!strcmp(name, "avx2")) wp = wc = "avx2";
    if (!strcmp(name, "avx512")) wp = wc = "avx512";
    if (!strcmp(name, "avx512ifma")) wp = "ifma", wc = "avx512";
#ifdef LF_NATIVE_POLY1305_NEON
    if (!strcmp(name, "neon")) wp = "neon";
#endif
#ifdef LF_NATIVE_CHACHA20_NEON
    if (!strcmp(name, "neon")) wc = "neon";
#endif
#ifdef LF_NATIVE_POLY1305_ARMV7NEON
    if (!strcmp(name, "armv7neon")) wp = "neon";
#endif
#ifdef LF_NATIVE_CHACHA20_ARMV7NEON
    if (!strcmp(name, "armv7neon")) wc = "neon";
#endif
#ifdef LF_NATIVE_POLY1305_POWER9
    if (!strcmp(name, "power9")) wp = "power9";
#endif
#ifdef LF_NATIVE_POLY1305_RVV
    if (!strcmp(name, "rvv")) wp = "rvv";
#endif
#ifdef LF_NATIVE_CHACHA20_RVV
    if (!strcmp(name, "rvv")) wc = "rvv";
#endif
#ifdef LF_NATIVE_POLY1305_WASM_SIMD128
    if (!strcmp(name, "wasm_simd128")) wp = "wasm_simd128";
#endif
#ifdef LF_NATIVE_CHACHA20_WASM_SIMD128
    if (!strcmp(name, "wasm_simd128")) wc = "wasm_simd128";
#endif
    CHECK(!strcmp(v.name, wp), "backend %s: poly1305 vector kernel %s, want %s", name, v.name, wp);
    CHECK(!strcmp(k.name, wc), "backend %s: chacha20 kernel %s, want %s", name, k.name, wc);
    printf("  backend %s: poly1305 kernel %s (lanes %u, from %zu bytes), chacha20 kernel %s "
           "(width %zu)\n",
           name, v.name, v.lanes, v.min_bytes, k.name, k.width);
}

/* tag with the scalar kernels only (radix 2^64 or 2^26) */
static void tag_scalar(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32],
                       int radix26)
{
    lf_poly1305_state st;
    lf_poly1305_init(&st, key);
    size_t nb = len / 16;
    if (radix26) lf_p1305_blocks_r26(st.h, st.r, m, nb, 1);
    else lf_p1305_blocks_scalar(st.h, st.r, m, nb, 1);
    st.buflen = len - 16 * nb;
    memcpy(st.buf, m + 16 * nb, st.buflen);
    if (radix26 && st.buflen) { /* final's partial block through r26 as well */
        st.buf[st.buflen] = 1;
        memset(st.buf + st.buflen + 1, 0, 15 - st.buflen);
        lf_p1305_blocks_r26(st.h, st.r, st.buf, 1, 0);
        st.buflen = 0;
    }
    lf_poly1305_final(&st, tag);
}

/* One direct run of a vector kernel (pw != NULL: the power-table entry,
 * else the entry taking r) on nb blocks at mv from h = h0, against the
 * scalar kernel on the same blocks at m: the contract's h2 <= 4 on exit and
 * the same value mod p. */
static void vec_vs_scalar(const lf_p1305_vec *v, const uint64_t (*pw)[3], const uint64_t r[2],
                          const uint8_t *mv, const uint8_t *m, size_t nb, const uint64_t h0[3],
                          const char *what)
{
    uint64_t h[3] = {h0[0], h0[1], h0[2]}, hs[3] = {h0[0], h0[1], h0[2]};
    if (pw) v->fn(h, pw, mv, nb);
    else v->fn_r(h, r, mv, nb);
    lf_p1305_blocks_scalar(hs, r, m, nb, 1);
    CHECK(h[2] <= 4, "vector kernel %s h2 bound (%s), %zu blocks", v->name, what, nb);
    lf_p1305_reduce(h);
    lf_p1305_reduce(hs);
    CHECK(!memcmp(h, hs, sizeof h), "vector kernel %s vs scalar (%s), %zu blocks", v->name, what,
          nb);
}

/* a random accumulator within the kernel contract (h2 < 8) */
static void rand_h(uint64_t h[3])
{
    h[0] = lf_rng_u64(&t_rng);
    h[1] = lf_rng_u64(&t_rng);
    h[2] = lf_rng_u64(&t_rng) & 7;
}

/* lf_p1305_reduce fully reduces h < 2^131 (h[2] < 8) mod p in all three
 * words: final and the one-shot API read only h[0], h[1], but the radix 2^26
 * build's lf_p1305_powers stores h[2] in the power table.  Against h - k p
 * by subtraction, at the edges (0, p - 1, p, p + 1, 2^130 - 1, 2^130, 2p,
 * 2^131 - 1, ...) and for random h. */
static int ge_p(const uint64_t h[3])
{
    return h[2] > 3 || (h[2] == 3 && h[1] == ~0ULL && h[0] >= 0xfffffffffffffffbULL);
}

static void reduce_edges(void)
{
#define P0 0xfffffffffffffffbULL /* p = 3 2^128 + (2^64 - 1) 2^64 + P0 */
    static const uint64_t P[3] = {P0, ~0ULL, 3};
    static const uint64_t base[][3] = {
        {0, 0, 0},          {1, 0, 0},      {P0 - 1, ~0ULL, 3}, {P0, ~0ULL, 3},
        {P0 + 1, ~0ULL, 3}, {~0ULL, ~0ULL, 3}, {0, 0, 4},       {4, 0, 4},
        {5, 0, 4},          {0xfffffffffffffff6ULL, ~0ULL, 7}, {~0ULL, ~0ULL, 7}, {0, 1, 2},
    };
#undef P0
    long n = (long)(sizeof base / sizeof base[0]) + t_iters(200, 20);
    for (long i = 0; i < n; i++) {
        uint64_t h[3], want[3];
        if (i < (long)(sizeof base / sizeof base[0])) memcpy(h, base[i], sizeof h);
        else rand_h(h);
        memcpy(want, h, sizeof h);
        while (ge_p(want)) { /* want -= p, word by word with borrows */
            uint64_t c = 0;
            for (int w = 0; w < 3; w++) {
                uint64_t d = want[w] - P[w], c2 = want[w] < P[w];
                c2 |= d < c;
                want[w] = d - c;
                c = c2;
            }
        }
        uint64_t in[3] = {h[0], h[1], h[2]};
        lf_p1305_reduce(h);
        CHECK(!memcmp(h, want, sizeof h),
              "lf_p1305_reduce(%016llx %016llx %llx) = %016llx %016llx %llx", (unsigned long long)in[2],
              (unsigned long long)in[1], (unsigned long long)in[0], (unsigned long long)h[2],
              (unsigned long long)h[1], (unsigned long long)h[0]);
    }
}

static void kernels_agree(lf_backend be)
{
    static uint8_t m[4096 + 64];
    uint8_t key[32], t1[16], t2[16], t3[16];
    lf_p1305_vec v = lf_p1305_vec_for(lf_slot_of(be));
    long rounds = t_iters(1000, 30);
    long vec_runs = 0;
    for (long i = 0; i < rounds; i++) {
        size_t len = (size_t)lf_rng_below(&t_rng, i < rounds / 2 ? 300 : 4096);
        lf_rng_bytes(&t_rng, key, 32);
        lf_rng_bytes(&t_rng, m, len);
        if (i % 7 == 0) memset(m, 0xff, len);
        if (i % 11 == 0) memset(key, 0xff, 32);
        lf_poly1305(t1, m, len, key);
        tag_scalar(t2, m, len, key, 0);
        tag_scalar(t3, m, len, key, 1);
        CHECK(!memcmp(t1, t2, 16), "api vs r64 scalar, len %zu", len);
        CHECK(!memcmp(t2, t3, 16), "r64 vs r26, len %zu", len);
        /* the vector kernel itself, on every multiple of its lane count */
        if (v.fn && len >= 16 * v.lanes) {
            uint64_t r[2], pw[8][3], h0[3];
            lf_poly1305_state st;
            lf_poly1305_init(&st, key);
            r[0] = st.r[0];
            r[1] = st.r[1];
            size_t nb = len / 16 - (len / 16) % v.lanes;
            lf_p1305_powers(pw, r, v.lanes);
            /* a non-zero incoming h as well */
            rand_h(h0);
            vec_vs_scalar(&v, (const uint64_t(*)[3])pw, r, m, m, nb, h0, "random h");
            /* the same blocks at an address that is not 8-byte aligned
             * (the RVV kernel reads those through a bounce buffer) */
            static uint8_t mis[4096 + 64];
            size_t off = 1 + (size_t)i % 7;
            memcpy(mis + off, m, 16 * nb);
            rand_h(h0);
            vec_vs_scalar(&v, (const uint64_t(*)[3])pw, r, mis + off, m, nb, h0, "misaligned");
            if (v.fn_r) { /* the entry that computes the powers itself */
                rand_h(h0);
                vec_vs_scalar(&v, NULL, r, m, m, nb, h0, "r entry");
            }
            vec_runs++;
        }
    }
    /* the bounds at their extremes: h at the contract's maximum (all-ones
     * words, h2 = 7), the largest clamped r, all-ones blocks */
    if (v.fn) {
        const uint64_t r[2] = {0x0ffffffc0fffffffULL, 0x0ffffffc0ffffffcULL};
        uint64_t pw[8][3];
        memset(m, 0xff, sizeof m);
        lf_p1305_powers(pw, r, v.lanes);
        for (size_t nb = v.lanes; 16 * nb <= 4096; nb += nb < 4 * v.lanes ? v.lanes : 9 * v.lanes) {
            const uint64_t h0[3] = {~0ULL, ~0ULL, 7};
            vec_vs_scalar(&v, (const uint64_t(*)[3])pw, r, m, m, nb, h0, "extremes");
            if (v.fn_r) vec_vs_scalar(&v, NULL, r, m, m, nb, h0, "extremes, r entry");
        }
    }
    /* the r entry's own powers (fn_r: avx512ifma computes r^2 .. r^8 in
     * radix 2^44 and tidies each product with one carry pass): r = r0 + t 2^44
     * with t small and r0 by a root of 2 t r0 + r0^2 / 2^44 = k 2^44, so that
     * limb 1 of r^2 after the product's lazy carry round is >= 2^44 and the
     * tidy pass must carry it into limb 2 (random r: about 2^-33 per product;
     * found with a model of the kernel's arithmetic) */
    if (v.fn_r) {
        static const uint64_t carry_r[][2] = {{0x81fc0fb1b5c1ULL, 0}, {0x126280b34760aULL, 0}};
        for (size_t k = 0; k < sizeof carry_r / sizeof carry_r[0]; k++) {
            const uint64_t *r = carry_r[k];
            lf_rng_bytes(&t_rng, m, 16 * 64);
            for (size_t nb = v.lanes; nb <= 64; nb *= 2) {
                uint64_t h0[3] = {0, 0, 0};
                vec_vs_scalar(&v, NULL, r, m, m, nb, h0, "limb-1 carry r");
                rand_h(h0);
                vec_vs_scalar(&v, NULL, r, m, m, nb, h0, "limb-1 carry r, random h");
            }
            /* and through the one-shot API, which takes the r entry from its crossover */
            lf_p1305_st64(key, r[0]);
            lf_p1305_st64(key + 8, r[1]);
            lf_rng_bytes(&t_rng, key + 16, 16);
            for (size_t len = 16 * v.lanes; len <= 1024; len += 16 * v.lanes + 5) {
                lf_poly1305(t1, m, len, key);
                tag_scalar(t2, m, len, key, 0);
                CHECK(!memcmp(t1, t2, 16), "api vs scalar, limb-1 carry r %zu, len %zu", k, len);
            }
        }
    }
    if (v.fn) CHECK(vec_runs > 10, "vector kernel ran %ld times", vec_runs);
    printf("  kernels agree: %ld messages (%ld direct vector-kernel runs)\n", rounds, vec_runs);
}

static void streaming(void)
{
    static uint8_t m[5000];
    uint8_t key[32], t1[16], t2[16];
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255,
                                  256, 257, 300, 511, 512, 513, 1024, 1040, 2049, 4103};
    long splits = 0;
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        lf_rng_bytes(&t_rng, key, 32);
        lf_rng_bytes(&t_rng, m, len);
        lf_poly1305(t1, m, len, key);
        size_t step = len > 600 ? 7 : 1; /* every split point up to 600 bytes */
        for (size_t sp = 0; sp <= len; sp += step) {
            lf_poly1305_state st;
            lf_poly1305_init(&st, key);
            lf_poly1305_update(&st, m, sp);
            lf_poly1305_update(&st, m + sp, len - sp);
            lf_poly1305_final(&st, t2);
            CHECK(!memcmp(t1, t2, 16), "split %zu of %zu", sp, len);
            splits++;
        }
        for (int rep = 0; rep < 20; rep++) { /* random chunkings */
            lf_poly1305_state st;
            lf_poly1305_init(&st, key);
            for (size_t off = 0; off < len;) {
                size_t c = (size_t)lf_rng_below(&t_rng, rep & 1 ? 40 : 700);
                if (c > len - off) c = len - off;
                lf_poly1305_update(&st, m + off, c);
                off += c;
            }
            lf_poly1305_final(&st, t2);
            CHECK(!memcmp(t1, t2, 16), "random chunking of %zu", len);
            splits++;
        }
    }
    printf("  streaming: %ld chunkings\n", splits);
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

static void aead(void)
{
    static uint8_t pt[5000], ct[5000], back[5000];
    uint8_t key[32], nonce[12], ad[64], tag[16];
    long cases = 0;
    for (size_t len = 0; len <= 4200; len += (len < 300 ? 1 : 97)) {
        size_t adlen = (size_t)lf_rng_below(&t_rng, 40);
        lf_rng_bytes(&t_rng, key, 32);
        lf_rng_bytes(&t_rng, nonce, 12);
        lf_rng_bytes(&t_rng, ad, adlen);
        lf_rng_bytes(&t_rng, pt, len);
        CHECK(lf_chacha20poly1305_seal(ct, tag, pt, len, ad, adlen, key, nonce) == LF_OK, "seal");
        memset(back, 0x55, len);
        CHECK(lf_chacha20poly1305_open(back, ct, len, tag, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, pt, len),
              "open len %zu", len);
        /* in place both ways */
        memcpy(back, pt, len);
        uint8_t tag2[16];
        CHECK(lf_chacha20poly1305_seal(back, tag2, back, len, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, ct, len) && !memcmp(tag, tag2, 16),
              "seal in place %zu", len);
        CHECK(lf_chacha20poly1305_open(back, back, len, tag, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, pt, len),
              "open in place %zu", len);
        /* forgeries: every one must fail and zero the output */
        for (int f = 0; f < 3; f++) {
            uint8_t bt[16];
            memcpy(bt, tag, 16);
            memcpy(back, ct, len);
            if (f == 0) bt[lf_rng_below(&t_rng, 16)] ^= (uint8_t)(1u << lf_rng_below(&t_rng, 8));
            if (f == 1) { if (!len) continue; back[lf_rng_below(&t_rng, len)] ^= 1; }
            if (f == 2) { if (!adlen) continue; ad[0] ^= 0x80; }
            uint8_t *dst = f == 1 ? back : pt; /* f==1 in place */
            if (dst == pt) memset(pt, 0x77, len);
            int rc = lf_chacha20poly1305_open(dst, back, len, bt, ad, adlen, key, nonce);
            int zero = 1;
            for (size_t i = 0; i < len; i++) zero &= dst[i] == 0;
            CHECK(rc == LF_ERR_AUTH && zero, "forgery %d len %zu: rc %d", f, len, rc);
            if (f == 2) ad[0] ^= 0x80;
            lf_rng_bytes(&t_rng, pt, len); /* pt was clobbered */
            CHECK(lf_chacha20poly1305_seal(ct, tag, pt, len, ad, adlen, key, nonce) == LF_OK, "reseal");
        }
        cases++;
    }
    CHECK(lf_chacha20poly1305_seal(NULL, tag, NULL, 0, NULL, 0, key, nonce) == LF_OK, "empty seal");
    CHECK(lf_chacha20poly1305_seal(NULL, tag, pt, 5, NULL, 0, key, nonce) == LF_ERR_PARAM, "NULL ct");
    CHECK(lf_chacha20poly1305_open(pt, ct, 5, NULL, NULL, 0, key, nonce) == LF_ERR_PARAM, "NULL tag");
    printf("  aead: %ld lengths (round trip, in place, 3 forgeries each)\n", cases);
}

/* A 64-byte buffer whose end is the start of an inaccessible page: a write
 * of one byte past it faults.  NULL where mmap is missing. */
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
static uint8_t *guarded64(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (m == MAP_FAILED) return NULL;
    if (mprotect(m + pg, (size_t)pg, PROT_NONE)) return NULL;
    return m + pg - 64;
}
#else
static uint8_t *guarded64(void) { return NULL; }
#endif

/* Lengths no buffer can hold (a caller's length bug): the functions must
 * answer LF_ERR_RANGE and write nothing; before, they zeroed out[0..len)
 * and so ran into the guard page. */
/* (a function, so that no compiler sees a comparison that is always true
 * with a 32-bit size_t) */
static int aead_len_ok(uint64_t len) { return len <= LF_CHACHA20POLY1305_MAXBYTES; }

static void overlong(void)
{
    uint8_t *b = guarded64(), key[32] = {1}, nonce[12] = {2}, tag[16];
    if (!b) {
        printf("  overlong: no mmap here, skipped\n");
        return;
    }
    static const size_t lens[] = {SIZE_MAX, SIZE_MAX - 63,
#if SIZE_MAX > 0xffffffffu /* lengths past 2^32 exist only with a 64-bit size_t */
                                  (size_t)1 << 38, (size_t)LF_CHACHA20POLY1305_MAXBYTES + 1
#endif
    };
    static const uint32_t ctrs[] = {0, 1, 0xffffffffu};
    long n = 0;
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        for (size_t c = 0; c < sizeof ctrs / sizeof ctrs[0]; c++) {
            /* up to 2^32 blocks from counter 0 (2^38 bytes) is a valid
             * request: only lengths past the counter's room are refused */
            if (lens[i] / 64 + (lens[i] % 64 != 0) <= 0x100000000ull - ctrs[c]) continue;
            memset(b, 0x5c, 64);
            CHECK(lf_chacha20(b, b, lens[i], key, nonce, ctrs[c]) == LF_ERR_RANGE,
                  "chacha20 len %zu counter %u: LF_ERR_RANGE", lens[i], ctrs[c]);
            int same = 1;
            for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
            CHECK(same, "chacha20 len %zu counter %u: buffer untouched", lens[i], ctrs[c]);
            n++;
        }
        if (aead_len_ok(lens[i])) continue; /* 32-bit size_t */
        memset(b, 0x5c, 64);
        memset(tag, 0x33, 16);
        CHECK(lf_chacha20poly1305_seal(b, tag, b, lens[i], NULL, 0, key, nonce) == LF_ERR_RANGE,
              "seal len %zu: LF_ERR_RANGE", lens[i]);
        int same = 1, tz = 1;
        for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
        for (int k = 0; k < 16; k++) tz &= tag[k] == 0;
        CHECK(same && tz, "seal len %zu: ct untouched, tag zeroed", lens[i]);
        memset(tag, 0x33, 16);
        CHECK(lf_chacha20poly1305_open(b, b, lens[i], tag, NULL, 0, key, nonce) == LF_ERR_RANGE,
              "open len %zu: LF_ERR_RANGE", lens[i]);
        for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
        CHECK(same, "open len %zu: pt untouched", lens[i]);
        n += 2;
    }
    /* a valid request still writes right up to the guard page: the last
     * counter block, 64 bytes */
    memset(b, 0, 64);
    CHECK(lf_chacha20(b, NULL, 64, key, nonce, 0xffffffffu) == LF_OK, "last block into the guarded buffer");
    printf("  overlong: %ld over-long requests into a guarded 64-byte buffer refused, nothing written\n", n);
}

int main(void)
{
    lf_backend be = t_backend_or_skip("test_poly1305");
    printf("test_poly1305: backend %s\n", lf_backend_name(be));
    rfc_vectors();
    dispatch_names(be);
    reduce_edges();
    kernels_agree(be);
    streaming();
    chacha();
    overlong();
    aead();
    return t_done("test_poly1305", 11000);
}
