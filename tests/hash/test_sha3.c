/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA3-256/512 and SHAKE128/256 (limbforge/sha3.h) and the Keccak kernels
 * (src/hash/keccak_internal.h) on the back end LIMBFORGE_BACKEND names (ctest
 * runs it once per back end of the architecture; exit 77 when the CPU lacks
 * it):
 *   - known answers: NIST's FIPS 202 example values (CSRC, "Cryptographic
 *     Standards and Guidelines: Examples with Intermediate Values":
 *     SHA3-256_Msg0, SHA3-256_1600, SHA3-512_Msg0, SHA3-512_1600,
 *     SHAKE128_Msg0, SHAKE128_Msg1600, SHAKE256_Msg0, SHAKE256_Msg1600; the
 *     1600-bit message is 200 bytes 0xa3; the SHAKE examples print 4096
 *     output bits, all of which are checked for the 1600-bit message)
 *   - every kernel set of every back end this CPU runs (lf_keccak_k_of):
 *     f1600, x4 and x8 against lf_keccakf1600_c on random states
 *   - lf_keccak_absorb_once / lf_keccak_squeeze_blocks for n = 1, 4, 8
 *     against the one-state API, at both SHAKE and both SHA3 rates
 *   - streaming: every split point of messages up to 400 bytes, random
 *     chunkings (empty chunks too), squeezes split at random
 *   - misuse: update after squeeze, final on SHAKE, squeeze on SHA3, a
 *     never-initialised (zero or garbage) and a wiped state: LF_ERR_PARAM,
 *     state unchanged, squeeze output zeroed, final's output untouched
 *   - state wiped after final; out overlapping msg in the one-shot calls */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/backend.h"
#include "../common/rng.h"
#include "hash/keccak_internal.h"
#include "limbforge/sha3.h"

static long failures, checks;
/* at LF_TEST_ITERS < 0.3 the streaming test alone makes 4 x 201 x 202 / 2 */
#define MIN_CHECKS 80000
#define CHECK(c, ...)                                                                              \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(c)) {                                                                                \
            if (++failures <= 30) {                                                                \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                        \
                printf(__VA_ARGS__);                                                               \
                printf("\n");                                                                      \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static lf_rng rng = LF_RNG_INIT(0x5348413300000000ULL);

static size_t unhex(uint8_t *out, const char *h)
{
    size_t i = 0;
    for (; h[2 * i]; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
    return i;
}

static int eqhex(const uint8_t *d, size_t n, const char *h)
{
    static uint8_t want[600];
    return strlen(h) == 2 * n && unhex(want, h) == n && memcmp(d, want, n) == 0;
}

/* ------------------------------------------------------- published vectors */
static const char shake128_1600[] =
    "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037cf232ef7164a6d1eb448c8908186ad85"
    "2d3f85a5cf28da1ab6fe3438171978467f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802"
    "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270c904556bfcb47a7d40778d390923642b"
    "3cbd0579e60908d5a000c1d08b98ef933f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db"
    "0066e16a85e0493f07df4809aec084a593748ac3dde5a6d7aae1e8b6e5352b2d71efbb47d4caeed5e6d633805d2d323e"
    "6fd81b4684b93a2677d45e7421c2c6aea259b855a698fd7d13477a1fe53e5a4a6197dbec5ce95f505b520bcd9570c4a8"
    "265a7e01f89c0c002c59bfec6cd4a5c109258953ee5ee70cd577ee217af21fa70178f0946c9bf6ca8751793479f6b537"
    "737e40b6ed28511d8a2d7e73eb75f8daac912ff906e0ab955b083bac45a8e5e9b744c8506f37e9b4e749a184b30f43eb"
    "188d855f1b70d71ff3e50c537ac1b0f8974f0fe1a6ad295ba42f6aec74d123a7abedde6e2c0711cab36be5acb1a5a11a"
    "4b1db08ba6982efccd716929a7741cfc63aa4435e0b69a9063e880795c3dc5ef3272e11c497a91acf699fefee206227a"
    "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439";
static const char shake256_1600[] =
    "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d2d700caae7396ece96604440577da4f3"
    "aa22aeb8857f961c4cd8e06f0ae6610b1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628"
    "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317d7f47d750b8f5499512bb85a226c4243"
    "556e696f6bd072c5aa2d9b69730244b56853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b"
    "61ef0e9114a92cdbb6cccb98615cfe76e3510dd88d1cc28ff99287512f24bfafa1a76877b6f37198e3a641c68a7c42d4"
    "5fa7acc10dae5f3cefb7b735f12d4e589f7a456e78c0f5e4c4471fffa5e4fa0514ae974d8c2648513b5db494cea84715"
    "6d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05b364ff8c4d8b59bc303e25328c09a882e952"
    "518e1a8ae0ff265d61c465896973d7490499dc639fb8502b39456791b1b6ec5bcc5d9ac36a6df622a070d43fed781f5f"
    "149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505c3ad4b26b6822377257aa152037560a7"
    "39714a3ca79bd605547c9b78dd1f596f2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d4e0807"
    "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb";

static void test_vectors(void)
{
    static uint8_t a3[200], d[512];
    memset(a3, 0xa3, sizeof a3);
    lf_sha3_256(d, NULL, 0);
    CHECK(eqhex(d, 32, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
          "SHA3-256 empty");
    lf_sha3_256(d, a3, 200);
    CHECK(eqhex(d, 32, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"),
          "SHA3-256 1600 bits");
    lf_sha3_512(d, NULL, 0);
    CHECK(eqhex(d, 64, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                       "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
          "SHA3-512 empty");
    lf_sha3_512(d, a3, 200);
    CHECK(eqhex(d, 64, "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
                       "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"),
          "SHA3-512 1600 bits");
    lf_shake128(d, 32, NULL, 0);
    CHECK(eqhex(d, 32, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"),
          "SHAKE128 empty");
    lf_shake256(d, 64, NULL, 0);
    CHECK(eqhex(d, 64, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                       "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"),
          "SHAKE256 empty");
    lf_shake128(d, 512, a3, 200);
    CHECK(eqhex(d, 512, shake128_1600), "SHAKE128 1600 bits");
    lf_shake256(d, 512, a3, 200);
    CHECK(eqhex(d, 512, shake256_1600), "SHAKE256 1600 bits");
    /* the same through the streaming API: the message in 3 parts, output
     * squeezed in pieces of 1, 7, 168, ... bytes */
    lf_sha3_state st;
    lf_shake128_init(&st);
    int rc = lf_sha3_update(&st, a3, 1) | lf_sha3_update(&st, a3 + 1, 170) |
             lf_sha3_update(&st, a3 + 171, 29);
    static const size_t pieces[] = {1, 7, 168, 0, 100, 236};
    for (size_t i = 0, off = 0; i < sizeof pieces / sizeof pieces[0]; off += pieces[i++])
        rc |= lf_shake_squeeze(&st, d + off, pieces[i]);
    CHECK(rc == LF_OK && eqhex(d, 512, shake128_1600), "SHAKE128 1600 bits, streaming");
    lf_sha3_wipe(&st);
    lf_sha3_512_init(&st);
    rc = lf_sha3_update(&st, a3, 72) | lf_sha3_update(&st, a3 + 72, 128) | lf_sha3_final(&st, d);
    CHECK(rc == LF_OK && eqhex(d, 64, "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
                                      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"),
          "SHA3-512 1600 bits, streaming");
}

/* ------------------------------------------------------------------ kernels */
static void c_xn(uint64_t *s, unsigned n) /* n states, one at a time, with C */
{
    uint64_t t[25];
    for (unsigned j = 0; j < n; j++) {
        for (int i = 0; i < 25; i++) t[i] = s[n * i + j];
        lf_keccakf1600_c(t);
        for (int i = 0; i < 25; i++) s[n * i + j] = t[i];
    }
}

/* One kernel set (of back end b's slot) against the portable permutation:
 * f1600, x4 and x8 on 100 random states each; 1 if it was complete. */
static int check_set(const lf_keccak_kernels *k, int b)
{
    CHECK(k->f1600 && k->x4 && k->x8 && k->name, "back end %s: incomplete set", lf_backend_name((lf_backend)b));
    if (!(k->f1600 && k->x4 && k->x8)) return 0;
    for (int rep = 0; rep < 100; rep++) {
        uint64_t s[200], r[200];
        for (int i = 0; i < 200; i++) s[i] = r[i] = lf_rng_u64(&rng);
        k->f1600(s);
        lf_keccakf1600_c(r);
        CHECK(!memcmp(s, r, 25 * 8), "%s f1600 (%s)", k->name, lf_backend_name((lf_backend)b));
        memcpy(r, s, sizeof s);
        k->x4(s);
        c_xn(r, 4);
        CHECK(!memcmp(s, r, 100 * 8) && !memcmp(s + 100, r + 100, 100 * 8), "%s x4 (%s)", k->name,
              lf_backend_name((lf_backend)b));
        memcpy(r, s, sizeof s);
        k->x8(s);
        c_xn(r, 8);
        CHECK(!memcmp(s, r, sizeof s), "%s x8 (%s)", k->name, lf_backend_name((lf_backend)b));
    }
    printf("  kernels of %s: set %s, f1600/x4/x8 vs C, 100 random states each\n",
           lf_backend_name((lf_backend)b), k->name);
    return 1;
}

static void test_kernels(void)
{
    /* f1600 of the all-zero state: the first lanes of Keccak-f[1600]
     * applied to zero (the Keccak team's KeccakF-1600-IntermediateValues.txt) */
    uint64_t z[25] = {0};
    lf_keccakf1600_c(z);
    CHECK(z[0] == 0xf1258f7940e1dde7ull && z[1] == 0x84d5ccf933c0478aull &&
              z[24] == 0xeaf1ff7b5ceca249ull,
          "Keccak-f[1600](0)");
    /* every set of every back end the CPU runs, with all its capabilities
     * and with each one switched off (a feature entry's set, neon_sha3,
     * and the one it falls back to), each set once */
    int sets = 0, nseen = 0;
    const lf_keccak_kernels *seen[LF_DISPATCH_SLOTS];
    uint64_t cpu = lf_caps_cpu();
    lf_backend level = lf_backend_current();
    for (int m = -1; m < LF_CAP_COUNT; m++) {
        if (m >= 0 && !(cpu >> m & 1)) continue;
        if (lf_caps_set(m < 0 ? cpu : cpu & ~(1ull << m)) != LF_OK) CHECK(0, "lf_caps_set");
        for (int b = 0; b < LF_BACKEND_COUNT; b++) {
            const lf_keccak_kernels *k = lf_keccak_k_of(lf_slot_of((lf_backend)b));
            if (!lf_backend_available((lf_backend)b) || !k) continue;
            int dup = 0;
            for (int i = 0; i < nseen; i++) dup |= seen[i] == k;
            if (dup || nseen == LF_DISPATCH_SLOTS) continue;
            seen[nseen++] = k;
            sets += check_set(k, b);
        }
    }
    /* (a capability off may have lowered the level: back to the tested one) */
    CHECK(lf_caps_set(cpu) == LF_OK && lf_backend_set(lf_backend_name(level)) == LF_OK, "caps and level back");
    const lf_keccak_kernels *cur = lf_keccak_k();
    /* an LF_VERIFY build runs a native set through its checking wrapper */
    CHECK(cur == lf_keccak_k_of(lf_slot_of(lf_backend_current())) || !strcmp(cur->name, "verify"),
          "lf_keccak_k is not the current set");
    printf("  %d kernel sets checked; the API runs set %s\n", sets, cur->name);
}

/* ------------------------------------------- multi-stream absorb / squeeze */
static void test_multi(void)
{
    static const struct {
        unsigned rate;
        uint8_t ds;
        size_t outlen; /* SHA3: digest bytes; SHAKE: 0 */
    } modes[] = {{168, 0x1f, 0}, {136, 0x1f, 0}, {136, 0x06, 32}, {72, 0x06, 64}};
    static const unsigned ns[] = {1, 4, 8};
    static uint8_t in[8][1200], out[8][3 * 168], ref[3 * 168];
    static uint64_t s[200];
    long cases = 0;
    for (size_t m = 0; m < 4; m++) {
        unsigned rate = modes[m].rate;
        size_t lens[] = {0, 1, 7, 8, rate - 1, rate, rate + 1, 2 * rate + 13, 0, 0, 0, 0};
        for (size_t li = 8; li < 12; li++) lens[li] = (size_t)lf_rng_below(&rng, sizeof in[0] + 1);
        for (size_t ni = 0; ni < 3; ni++) {
            unsigned n = ns[ni];
            for (size_t li = 0; li < 12; li++) {
                size_t len = lens[li], nb = 1 + (size_t)lf_rng_below(&rng, 3), first = nb / 2;
                const uint8_t *ip[8];
                uint8_t *op[8], *op2[8];
                for (unsigned j = 0; j < n; j++) {
                    lf_rng_bytes(&rng, in[j], len);
                    ip[j] = in[j];
                    op[j] = out[j];
                    op2[j] = out[j] + first * rate;
                }
                lf_keccak_absorb_once(s, n, rate, modes[m].ds, ip, len);
                /* squeezed in two calls: nb/2 blocks, then the rest */
                lf_keccak_squeeze_blocks(s, n, rate, op, first);
                lf_keccak_squeeze_blocks(s, n, rate, op2, nb - first);
                for (unsigned j = 0; j < n; j++) {
                    size_t cmp = modes[m].outlen ? modes[m].outlen : nb * rate;
                    if (rate == 168) lf_shake128(ref, cmp, in[j], len);
                    else if (modes[m].outlen == 0) lf_shake256(ref, cmp, in[j], len);
                    else if (rate == 136) lf_sha3_256(ref, in[j], len);
                    else lf_sha3_512(ref, in[j], len);
                    CHECK(!memcmp(ref, out[j], cmp), "multi-stream n=%u rate %u ds %#x len %zu stream %u",
                          n, rate, modes[m].ds, len, j);
                    cases++;
                }
            }
        }
    }
    printf("  multi-stream absorb/squeeze: %ld streams (n = 1, 4, 8) vs the one-state API\n", cases);
}

/* ---------------------------------------------------------------- streaming */
enum { F_SHA3_256, F_SHA3_512, F_SHAKE128, F_SHAKE256 };
static const char *const fname[] = {"SHA3-256", "SHA3-512", "SHAKE128", "SHAKE256"};

static void oneshot(int f, uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    switch (f) {
    case F_SHA3_256: lf_sha3_256(out, msg, len); break;
    case F_SHA3_512: lf_sha3_512(out, msg, len); break;
    case F_SHAKE128: lf_shake128(out, outlen, msg, len); break;
    default: lf_shake256(out, outlen, msg, len); break;
    }
}

static void init(int f, lf_sha3_state *st)
{
    switch (f) {
    case F_SHA3_256: lf_sha3_256_init(st); break;
    case F_SHA3_512: lf_sha3_512_init(st); break;
    case F_SHAKE128: lf_shake128_init(st); break;
    default: lf_shake256_init(st); break;
    }
}

static int is_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

static void test_streaming(void)
{
    static uint8_t msg[2500], buf[3200], d1[1000], d2[1000];
    long cases = 0;
    /* every split point of every length to 400 bytes; below LF_TEST_ITERS
     * 0.3 (the emulated cross runs) to 200 bytes, which still crosses every
     * rate (72, 136, 168) with a cut on each side of it */
    size_t maxlen = lf_test_scale() < 0.3 ? 200 : 400;
    lf_rng_bytes(&rng, msg, sizeof msg);
    for (int f = 0; f < 4; f++) {
        size_t outlen = f == F_SHA3_256 ? 32 : f == F_SHA3_512 ? 64 : 50;
        for (size_t len = 0; len <= maxlen; len++) {
            oneshot(f, d1, outlen, msg, len);
            for (size_t cut = 0; cut <= len; cut++) { /* every split point */
                lf_sha3_state st;
                init(f, &st);
                int rc = lf_sha3_update(&st, msg, cut) | lf_sha3_update(&st, msg + cut, len - cut);
                if (f <= F_SHA3_512) {
                    rc |= lf_sha3_final(&st, d2);
                    CHECK(is_zero(&st, sizeof st), "%s: state not wiped after final", fname[f]);
                } else {
                    rc |= lf_shake_squeeze(&st, d2, outlen);
                    lf_sha3_wipe(&st);
                }
                CHECK(rc == LF_OK && !memcmp(d1, d2, outlen), "%s len %zu cut %zu", fname[f], len, cut);
                cases++;
            }
        }
        for (int rep = 0; rep < 300; rep++) { /* random chunkings and squeezes */
            size_t len = (size_t)lf_rng_below(&rng, sizeof msg + 1);
            if (f >= F_SHAKE128) outlen = (size_t)lf_rng_below(&rng, sizeof d1 + 1);
            oneshot(f, d1, outlen, msg, len);
            lf_sha3_state st;
            init(f, &st);
            int rc = 0;
            for (size_t off = 0; off < len;) {
                size_t c = (size_t)lf_rng_below(&rng, rep & 1 ? 12 : 400); /* empty chunks too */
                if (c > len - off) c = len - off;
                rc |= lf_sha3_update(&st, msg + off, c);
                off += c;
            }
            if (f <= F_SHA3_512) {
                rc |= lf_sha3_final(&st, d2);
            } else {
                for (size_t off = 0; off < outlen;) {
                    size_t c = (size_t)lf_rng_below(&rng, rep & 2 ? 10 : 350);
                    if (c > outlen - off) c = outlen - off;
                    rc |= lf_shake_squeeze(&st, d2 + off, c);
                    off += c;
                }
                lf_sha3_wipe(&st);
            }
            CHECK(rc == LF_OK && !memcmp(d1, d2, outlen), "%s random chunking, len %zu out %zu",
                  fname[f], len, outlen);
            CHECK(is_zero(&st, sizeof st), "%s: state not wiped", fname[f]);
            /* out overlapping msg: at its start, inside it, straddling its end */
            size_t at = (size_t)lf_rng_below(&rng, len + 1);
            memcpy(buf, msg, len);
            oneshot(f, buf + at, outlen, buf, len);
            CHECK(!memcmp(buf + at, d1, outlen), "%s out inside msg, len %zu at %zu out %zu",
                  fname[f], len, at, outlen);
            cases += 2;
        }
    }
    printf("  streaming: %ld cases (every split point to %zu bytes, random chunkings and "
           "squeezes, aliasing)\n",
           cases, maxlen);
}

/* ------------------------------------------------------------------- misuse */
static void test_misuse(void)
{
    lf_sha3_state st, copy;
    uint8_t out[40], ones[40];
    memset(ones, 0x5a, sizeof ones);
    /* update after the first squeeze */
    lf_shake128_init(&st);
    CHECK(lf_sha3_update(&st, (const uint8_t *)"abc", 3) == LF_OK, "update");
    CHECK(lf_shake_squeeze(&st, out, 10) == LF_OK, "squeeze");
    copy = st;
    CHECK(lf_sha3_update(&st, (const uint8_t *)"d", 1) == LF_ERR_PARAM, "update after squeeze");
    CHECK(lf_sha3_update(&st, NULL, 0) == LF_ERR_PARAM, "empty update after squeeze");
    CHECK(!memcmp(&st, &copy, sizeof st), "state changed by a refused update");
    /* final on a SHAKE state, before and after squeezing: out untouched */
    memcpy(out, ones, sizeof out);
    CHECK(lf_sha3_final(&st, out) == LF_ERR_PARAM, "final on SHAKE (squeezing)");
    CHECK(!memcmp(out, ones, sizeof out) && !memcmp(&st, &copy, sizeof st), "final on SHAKE: out/state");
    lf_shake256_init(&st);
    copy = st;
    CHECK(lf_sha3_final(&st, out) == LF_ERR_PARAM, "final on SHAKE (absorbing)");
    CHECK(!memcmp(out, ones, sizeof out) && !memcmp(&st, &copy, sizeof st), "final on SHAKE: out/state");
    /* squeeze on a SHA3 state: out zeroed */
    lf_sha3_256_init(&st);
    CHECK(lf_sha3_update(&st, (const uint8_t *)"abc", 3) == LF_OK, "update");
    copy = st;
    CHECK(lf_shake_squeeze(&st, out, sizeof out) == LF_ERR_PARAM, "squeeze on SHA3");
    CHECK(is_zero(out, sizeof out) && !memcmp(&st, &copy, sizeof st), "squeeze on SHA3: out/state");
    CHECK(lf_sha3_final(&st, out) == LF_OK, "final after a refused squeeze");
    uint8_t d[32];
    lf_sha3_256(d, (const uint8_t *)"abc", 3);
    CHECK(!memcmp(out, d, 32), "refused squeeze changed the digest");
    /* wiped (after final, or lf_sha3_wipe), all-zero and garbage states */
    for (int kind = 0; kind < 4; kind++) {
        if (kind == 0) { /* st is the state final wiped */
        } else if (kind == 1) {
            lf_shake128_init(&st);
            lf_sha3_wipe(&st);
        } else if (kind == 2) {
            memset(&st, 0, sizeof st);
        } else {
            lf_rng_bytes(&rng, &st, sizeof st);
            st.rate = 100; /* not a rate */
        }
        copy = st;
        memcpy(out, ones, sizeof out);
        CHECK(lf_sha3_update(&st, (const uint8_t *)"abc", 3) == LF_ERR_PARAM, "update, state kind %d", kind);
        CHECK(lf_sha3_final(&st, out) == LF_ERR_PARAM, "final, state kind %d", kind);
        CHECK(!memcmp(out, ones, sizeof out), "final touched out, state kind %d", kind);
        CHECK(lf_shake_squeeze(&st, out, sizeof out) == LF_ERR_PARAM, "squeeze, state kind %d", kind);
        CHECK(is_zero(out, sizeof out), "squeeze left out, state kind %d", kind);
        CHECK(!memcmp(&st, &copy, sizeof st), "state changed, kind %d", kind);
    }
    /* consistent-looking fields of the wrong pairs: SHA3 padding at a SHAKE
     * rate, SHAKE padding with a digest length */
    lf_shake128_init(&st);
    st.dsbyte = 0x06;
    CHECK(lf_sha3_update(&st, NULL, 0) == LF_ERR_PARAM, "rate 168 with SHA3 padding");
    lf_sha3_512_init(&st);
    st.dsbyte = 0x1f;
    CHECK(lf_shake_squeeze(&st, out, 1) == LF_ERR_PARAM, "rate 72 with SHAKE padding");
    /* squeezes of 0 bytes are fine and do not change the stream */
    uint8_t a[300], b[300];
    lf_shake256(a, sizeof a, (const uint8_t *)"abc", 3);
    lf_shake256_init(&st);
    int rc = lf_sha3_update(&st, (const uint8_t *)"abc", 3) | lf_shake_squeeze(&st, NULL, 0) |
             lf_shake_squeeze(&st, b, 136) | lf_shake_squeeze(&st, NULL, 0) |
             lf_shake_squeeze(&st, b + 136, 164);
    CHECK(rc == LF_OK && !memcmp(a, b, sizeof a), "zero-length squeezes");
    lf_sha3_wipe(&st);
    CHECK(is_zero(&st, sizeof st), "lf_sha3_wipe");
}

int main(void)
{
    lf_test_backend_or_skip("test_sha3");
    const char *be = lf_backend_name(lf_backend_current());
    rng.s = lf_test_seed(rng.s);
    test_vectors();
    test_kernels();
    test_multi();
    test_streaming();
    test_misuse();
    printf("test_sha3 [%s]\n", be);
    return lf_test_report("test_sha3", checks, failures, MIN_CHECKS);
}
