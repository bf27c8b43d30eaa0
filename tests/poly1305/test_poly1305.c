/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Poly1305 tests that need no other library (ChaCha20: tests/chacha20/,
 * the AEAD: tests/aead/):
 *   - RFC 8439 example 2.5.2
 *   - the selected back end's vector kernels really run (the kernel the
 *     dispatcher picks is the one of this back end; called directly on
 *     lengths above the crossover and compared with the scalar kernels)
 *   - radix 2^64 vs radix 2^26 portable kernels vs the API, random lengths
 *   - streaming: every split point (and random multi-way chunkings)
 * Run once per back end (LIMBFORGE_BACKEND); 77 if the CPU lacks it. */
#include "../common/symm_test.h"

#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"

static void rfc_vectors(void)
{
    uint8_t key[32], tag[16], want[256];

    /* 2.5.2 */
    t_unhex(key, 32, "85:d6:be:78:57:55:6d:33:7f:44:52:fe:42:d5:06:a8"
                     "01:03:80:8a:fb:0d:b2:fd:4a:bf:f6:af:41:49:f5:1b");
    const char *s = "Cryptographic Forum Research Group";
    t_unhex(want, 16, "a8:06:1d:c1:30:51:36:c6:c2:2b:8b:af:0c:01:27:a9");
    lf_poly1305(tag, (const uint8_t *)s, strlen(s), key);
    CHECK(memcmp(tag, want, 16) == 0, "RFC 8439 2.5.2 poly1305 tag");
}

/* The dispatcher picks this back end's own kernels. */
static void dispatch_names(lf_backend be)
{
    const char *name = lf_backend_name(be);
    lf_p1305_vec v = lf_p1305_vec_for(lf_slot_of(be));
    const char *wp = "scalar";
    if (!strcmp(name, "avx2")) wp = "avx2";
    if (!strcmp(name, "avx512")) wp = "avx512";
    if (!strcmp(name, "avx512ifma")) wp = "ifma";
#ifdef LF_NATIVE_POLY1305_NEON
    if (!strcmp(name, "neon")) wp = "neon";
#endif
#ifdef LF_NATIVE_POLY1305_ARMV7NEON
    if (!strcmp(name, "armv7neon")) wp = "neon";
#endif
#ifdef LF_NATIVE_POLY1305_POWER9
    if (!strcmp(name, "power9")) wp = "power9";
#endif
#ifdef LF_NATIVE_POLY1305_RVV
    if (!strcmp(name, "rvv")) wp = "rvv";
#endif
#ifdef LF_NATIVE_POLY1305_WASM_SIMD128
    if (!strcmp(name, "wasm_simd128")) wp = "wasm_simd128";
#endif
    CHECK(!strcmp(v.name, wp), "backend %s: poly1305 vector kernel %s, want %s", name, v.name, wp);
    printf("  backend %s: poly1305 kernel %s (lanes %u, from %zu bytes)\n", name, v.name, v.lanes,
           v.min_bytes);
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
            lf_st_le64(key, r[0]);
            lf_st_le64(key + 8, r[1]);
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

int main(void)
{
    lf_backend be = t_backend_or_skip("test_poly1305");
    printf("test_poly1305: backend %s\n", lf_backend_name(be));
    rfc_vectors();
    dispatch_names(be);
    reduce_edges();
    kernels_agree(be);
    streaming();
    return t_done("test_poly1305", 5100);
}
