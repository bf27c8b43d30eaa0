/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Multi-scalar multiplication and BIP-340 batch verification
 * (limbforge/secp256k1_schnorr.h) against libsecp256k1 (Debian's, the
 * oracle).
 *
 * MSM: lf_secp256k1_msm against an independent sum: each term scalar*point
 * by secp256k1_ec_pubkey_tweak_mul (scalar reduced mod n here; zero scalars
 * and infinite points left out), g_scalar*G by secp256k1_ec_pubkey_create,
 * all added by secp256k1_ec_pubkey_combine (failing: infinity, and lf's r
 * must be all zero); also checked against (sum scalar_i k_i + g) G with the
 * discrete logs k_i the points were made from.  Inputs: zero scalars,
 * scalars >= n, 128-bit and small ones; all-zero points (infinity),
 * repeated points, P and -P, lambda P; g_scalar NULL / zero / >= n /
 * random; sums that cancel to infinity (g = -sum s_i k_i, P and -P with
 * one scalar); n = 0, 1..64 (most rounds) and up to 300, then 256, 1024,
 * 4096 (from a fifth of the rounds) and 16384 points (at the full count).  Scratch
 * of lf_secp256k1_msm_scratch_size(n) bytes at offsets 0..7 from an
 * aligned block, filled with junk; one byte short, NULL, and NULL
 * points/scalars with n > 0: LF_ERR_PARAM and r zeroed.
 *
 * Batch verification: batches of valid BIP-340 signatures (signed by
 * libsecp256k1, messages of 0..100 bytes; keys repeated; one signature
 * twice; nonces chosen so that R = P for the item's own key or another
 * item's, or R_i = R_j) with 0, 1, several or all of them bad at random
 * positions (a bit of the signature, another key, the message, r >= p,
 * s >= n, r or s zero, a key that is all zero): the verdict of
 * lf_secp256k1_schnorrsig_verify_batch must be the AND of
 * secp256k1_schnorrsig_verify over the items, lf_secp256k1_schnorrsig_verify
 * must agree item by item, and lf_secp256k1_schnorrsig_find_invalid must set
 * bad[i] exactly where libsecp256k1 says invalid and return their count.
 * Sizes 0..3, 1..64 (most rounds), up to 300, then 256, 1024 and 4096 (from
 * a fifth of the rounds).
 * Scratch short by one byte, NULL, items NULL with n > 0: LF_ERR_PARAM
 * (bad zeroed); bad NULL with n > 0: LF_ERR_PARAM.  lf_*_scratch_size(SIZE_MAX): SIZE_MAX.
 *
 * Usage: test_msm_batch   (LF_TEST_SEED; LF_TEST_ITERS: random rounds of
 * each kind, 2000 x LF_TEST_ITERS, at least 20; LIMBFORGE_BACKEND) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include "limbforge/secp256k1_schnorr.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"

static lf_rng g;
static secp256k1_context *ctx;

static const uint8_t N_BYTES[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
static const uint8_t P_BYTES[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f};
static const uint8_t LAMBDA[32] = {
    0x53, 0x63, 0xad, 0x4c, 0xc0, 0x5c, 0x30, 0xe0, 0xa5, 0x26, 0x1c, 0x02, 0x88, 0x12, 0x64, 0x5a,
    0x12, 0x2e, 0x22, 0xea, 0x20, 0x81, 0x66, 0x78, 0xdf, 0x02, 0x96, 0x7c, 0x1b, 0x23, 0xbd, 0x72};

/* the floor of the round count; every round makes at least one check */
#define MIN_ROUNDS 20

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "test_msm_batch: out of memory (%zu bytes)\n", n);
        exit(2);
    }
    return p;
}

/* ---- scalars mod n, 32-byte big-endian (the test's own arithmetic) ---- */
static int ge_n(const uint8_t a[32]) { return memcmp(a, N_BYTES, 32) >= 0; }

static int is_zero32(const uint8_t a[32]) { return all_zero(a, 32); }

/* r = a + b mod n (a, b < n); r may alias */
static void add_mod(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    uint8_t t[32];
    unsigned c = 0;
    for (int i = 31; i >= 0; i--) {
        unsigned v = (unsigned)a[i] + b[i] + c;
        t[i] = (uint8_t)v;
        c = v >> 8;
    }
    if (c || ge_n(t)) { /* t - n (mod 2^256: the carry is dropped) */
        int bw = 0;
        for (int i = 31; i >= 0; i--) {
            int v = t[i] - N_BYTES[i] - bw;
            t[i] = (uint8_t)v;
            bw = v < 0;
        }
    }
    memcpy(r, t, 32);
}

/* r = a mod n (any a < 2^256 < 2n) */
static void reduce(uint8_t r[32], const uint8_t a[32])
{
    static const uint8_t zero[32];
    if (ge_n(a)) {
        int bw = 0;
        for (int i = 31; i >= 0; i--) {
            int v = a[i] - N_BYTES[i] - bw;
            r[i] = (uint8_t)v;
            bw = v < 0;
        }
    } else {
        add_mod(r, a, zero);
    }
}

static void neg_mod(uint8_t r[32], const uint8_t a[32])
{
    if (is_zero32(a)) {
        memset(r, 0, 32);
        return;
    }
    int bw = 0;
    for (int i = 31; i >= 0; i--) {
        int v = N_BYTES[i] - a[i] - bw;
        r[i] = (uint8_t)v;
        bw = v < 0;
    }
}

/* r = a b mod n (a, b < n), double and add */
static void mul_mod(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    uint8_t t[32] = {0};
    for (int i = 0; i < 256; i++) {
        add_mod(t, t, t);
        if (b[i / 8] >> (7 - i % 8) & 1) add_mod(t, t, a);
    }
    memcpy(r, t, 32);
}

/* edge-biased scalar: zero, small, 128-bit, n - d, n + d, n - (128-bit), >= n,
 * all ones */
static void rand_scalar(uint8_t b[32])
{
    unsigned c = (unsigned)lf_rng_below(&g, 20);
    lf_rng_bytes(&g, b, 32);
    if (c == 0) {
        memset(b, 0, 32);
    } else if (c == 1) {
        memset(b, 0, 31);
    } else if (c == 2) {
        memset(b, 0, 16);
    } else if (c == 3 || c == 4) { /* n - 3 .. n + 3 */
        int d = (int)lf_rng_below(&g, 7) - 3, cy = d;
        for (int i = 31; i >= 0; i--) {
            int v = N_BYTES[i] + cy;
            b[i] = (uint8_t)v;
            cy = v >> 8;
        }
    } else if (c == 5) {
        memset(b, 0xff, 32);
    } else if (c == 6) {
        memset(b, 0xff, 16); /* >= n most of the time */
    } else if (c == 7) { /* n - t, t < 2^128: -s of 128 bits (lf_msm_split takes it whole) */
        int br = 0;
        for (int i = 31; i >= 0; i--) {
            int v = N_BYTES[i] - (i >= 16 ? b[i] : 0) - br;
            b[i] = (uint8_t)v;
            br = v < 0;
        }
    }
}

/* a random valid secret key */
static void rand_key(uint8_t k[32])
{
    do lf_rng_bytes(&g, k, 32);
    while (!secp256k1_ec_seckey_verify(ctx, k));
}

/* ---- points: lf and libsecp256k1 forms, with the discrete log ---- */
typedef struct {
    uint8_t k[32];         /* discrete log (0: infinity) */
    secp256k1_pubkey r;    /* unless infinity */
    lf_secp256k1_pubkey p; /* all zero: infinity */
} point;

static void to_lf(point *pt)
{
    uint8_t b[65];
    size_t len = 65;
    if (is_zero32(pt->k)) {
        memset(&pt->p, 0, sizeof pt->p);
        return;
    }
    secp256k1_ec_pubkey_serialize(ctx, b, &len, &pt->r, SECP256K1_EC_UNCOMPRESSED);
    if (lf_secp256k1_pubkey_parse(&pt->p, b, len) != LF_OK) {
        fprintf(stderr, "test_msm_batch: lf_secp256k1_pubkey_parse rejects a libsecp256k1 key\n");
        exit(2);
    }
}

static void point_of(point *pt, const uint8_t k[32])
{
    memcpy(pt->k, k, 32);
    if (!is_zero32(k) && !secp256k1_ec_pubkey_create(ctx, &pt->r, k)) {
        fprintf(stderr, "test_msm_batch: bad discrete log\n");
        exit(2);
    }
    to_lf(pt);
}

/* the result (compressed, or 33 zero bytes for infinity) */
static void ser_lf(uint8_t out[33], const lf_secp256k1_pubkey *pk)
{
    size_t len = 33;
    if (all_zero(pk, sizeof *pk) || lf_secp256k1_pubkey_serialize(out, &len, pk, 1) != LF_OK)
        memset(out, 0, 33);
}

static void ser_ref(uint8_t out[33], const secp256k1_pubkey *pk)
{
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, out, &len, pk, SECP256K1_EC_COMPRESSED);
}

/* ---- scratch: size bytes at offset off of a block, junk-filled ---- */
static uint8_t *scratch_block;
static size_t scratch_cap;

static void *scratch_at(size_t size, unsigned off)
{
    if (size > SIZE_MAX - 16) return NULL;
    if (size + 16 > scratch_cap) {
        free(scratch_block);
        scratch_cap = size + 16 + size / 2;
        scratch_block = xmalloc(scratch_cap);
    }
    memset(scratch_block, 0x5a ^ (int)off, size + 16);
    return scratch_block + off;
}

/* ---- MSM ---- */
static long n_msm, n_msm_inf, n_msm_terms;

/* the libsecp256k1 sum; 1 and out if finite, 0 if infinity */
static int ref_msm(secp256k1_pubkey *out, const uint8_t (*sc)[32], const point *pts, size_t n,
                   const uint8_t *gs)
{
    secp256k1_pubkey *terms = xmalloc((n + 1) * sizeof *terms);
    const secp256k1_pubkey **ptrs = xmalloc((n + 1) * sizeof *ptrs);
    size_t m = 0;
    uint8_t s[32];
    for (size_t i = 0; i < n; i++) {
        reduce(s, sc[i]);
        if (is_zero32(s) || is_zero32(pts[i].k)) continue;
        terms[m] = pts[i].r;
        CHECK(secp256k1_ec_pubkey_tweak_mul(ctx, &terms[m], s), "ref tweak_mul");
        m++;
    }
    if (gs) {
        reduce(s, gs);
        if (!is_zero32(s)) CHECK(secp256k1_ec_pubkey_create(ctx, &terms[m++], s), "ref create");
    }
    for (size_t i = 0; i < m; i++) ptrs[i] = &terms[i];
    int fin = m > 0 && secp256k1_ec_pubkey_combine(ctx, out, ptrs, m);
    free(terms);
    free(ptrs);
    return fin;
}

/* (sum s_i k_i + g) mod n */
static void dlog_sum(uint8_t r[32], const uint8_t (*sc)[32], const point *pts, size_t n,
                     const uint8_t *gs)
{
    uint8_t s[32], t[32];
    memset(r, 0, 32);
    for (size_t i = 0; i < n; i++) {
        reduce(s, sc[i]);
        mul_mod(t, s, pts[i].k);
        add_mod(r, r, t);
    }
    if (gs) {
        reduce(s, gs);
        add_mod(r, r, s);
    }
}

static void msm_case(const char *what, const uint8_t (*sc)[32], const point *pts, size_t n,
                     const uint8_t *gs, int param_checks)
{
    lf_secp256k1_pubkey *lp = xmalloc(n * sizeof *lp);
    for (size_t i = 0; i < n; i++) lp[i] = pts[i].p;
    size_t need = lf_secp256k1_msm_scratch_size(n);
    CHECK(need != SIZE_MAX, "msm_scratch_size(%zu) = SIZE_MAX", n);
    unsigned off = (unsigned)lf_rng_below(&g, 8);
    void *scr = scratch_at(need, off);
    lf_secp256k1_pubkey r;
    memset(&r, 0xa5, sizeof r);
    int rc = lf_secp256k1_msm(&r, scr, need, sc, lp, n, gs);

    secp256k1_pubkey ro;
    int fin = ref_msm(&ro, sc, pts, n, gs);
    uint8_t a[33], b[33] = {0}, d[33] = {0}, k[32];
    dlog_sum(k, sc, pts, n, gs);
    if (fin) ser_ref(b, &ro);
    if (!is_zero32(k)) {
        secp256k1_pubkey q;
        CHECK(secp256k1_ec_pubkey_create(ctx, &q, k), "create");
        ser_ref(d, &q);
    }
    CHECK(!memcmp(b, d, 33), "%s n=%zu: the test's two sums differ (test bug)", what, n);
    ser_lf(a, &r);
    CHECK(rc == LF_OK, "%s n=%zu: msm rc %d", what, n, rc);
    CHECK(!memcmp(a, b, 33) && (fin || all_zero(&r, sizeof r)),
          "%s n=%zu (g %s, offset %u): msm result differs%s", what, n, gs ? "set" : "NULL", off,
          fin ? "" : " (want infinity: all zero)");
    n_msm++;
    n_msm_terms += (long)n;
    n_msm_inf += !fin;

    if (param_checks) {
        lf_secp256k1_pubkey r2;
        if (need > 0) {
            scr = scratch_at(need, off);
            memset(&r2, 0xa5, sizeof r2);
            rc = lf_secp256k1_msm(&r2, scr, need - 1, sc, lp, n, gs);
            CHECK(rc == LF_ERR_PARAM && all_zero(&r2, sizeof r2), "%s n=%zu: scratch 1 short: rc %d",
                  what, n, rc);
        }
        memset(&r2, 0xa5, sizeof r2);
        rc = lf_secp256k1_msm(&r2, NULL, need, sc, lp, n, gs);
        CHECK(rc == LF_ERR_PARAM && all_zero(&r2, sizeof r2), "%s n=%zu: NULL scratch: rc %d", what,
              n, rc);
        if (n > 0) {
            scr = scratch_at(need, off);
            memset(&r2, 0xa5, sizeof r2);
            rc = lf_secp256k1_msm(&r2, scr, need, NULL, lp, n, gs);
            CHECK(rc == LF_ERR_PARAM && all_zero(&r2, sizeof r2), "%s n=%zu: NULL scalars: rc %d",
                  what, n, rc);
            memset(&r2, 0xa5, sizeof r2);
            rc = lf_secp256k1_msm(&r2, scr, need, sc, NULL, n, gs);
            CHECK(rc == LF_ERR_PARAM && all_zero(&r2, sizeof r2), "%s n=%zu: NULL points: rc %d",
                  what, n, rc);
        }
        /* a larger scratch than needed is fine */
        scr = scratch_at(need + 64, off);
        rc = lf_secp256k1_msm(&r2, scr, need + 64, sc, lp, n, gs);
        ser_lf(d, &r2);
        CHECK(rc == LF_OK && !memcmp(a, d, 33), "%s n=%zu: larger scratch", what, n);
    }
    free(lp);
}

/* a random MSM of n terms in one of several shapes */
static void msm_random(size_t n, int param_checks)
{
    uint8_t (*sc)[32] = xmalloc((n + 1) * 32);
    point *pts = xmalloc((n + 1) * sizeof *pts);
    point pool[4];
    uint8_t k[32], gsb[32];
    int npool = 1 + (int)lf_rng_below(&g, 4);
    for (int i = 0; i < npool; i++) {
        rand_key(k);
        point_of(&pool[i], k);
    }
    unsigned shape = (unsigned)lf_rng_below(&g, 8);
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned)lf_rng_below(&g, 16);
        rand_scalar(sc[i]);
        if (c == 0) { /* infinity */
            memset(k, 0, 32);
            point_of(&pts[i], k);
        } else if (c <= 3 || shape == 1) { /* a repeated point */
            pts[i] = pool[lf_rng_below(&g, (uint64_t)npool)];
        } else if (c == 4 && i > 0) { /* -P of an earlier term, maybe its scalar */
            size_t j = (size_t)lf_rng_below(&g, i);
            neg_mod(k, pts[j].k);
            point_of(&pts[i], k);
            if (lf_rng_below(&g, 2)) memcpy(sc[i], sc[j], 32);
        } else if (c == 5 && i > 0) { /* lambda P */
            size_t j = (size_t)lf_rng_below(&g, i);
            mul_mod(k, pts[j].k, LAMBDA);
            point_of(&pts[i], k);
        } else if (c == 6) { /* G, -G */
            memset(k, 0, 32);
            k[31] = 1;
            if (lf_rng_below(&g, 2)) neg_mod(k, k);
            point_of(&pts[i], k);
        } else {
            rand_key(k);
            point_of(&pts[i], k);
        }
        if (shape == 2) memcpy(sc[i], sc[0], 32); /* one scalar for all */
    }
    const uint8_t *gs = NULL;
    const char *what = "random";
    unsigned gc = (unsigned)lf_rng_below(&g, 4);
    if (gc == 1) {
        memset(gsb, 0, 32);
        gs = gsb;
    } else if (gc >= 2) {
        rand_scalar(gsb);
        gs = gsb;
    }
    if (shape == 3) { /* cancel: g = -(sum s_i k_i), the sum is infinity */
        dlog_sum(k, sc, pts, n, NULL);
        neg_mod(gsb, k);
        gs = gsb;
        what = "cancelling";
    } else if (shape == 4 && n >= 2) { /* pairs P, -P with one scalar (partial sums hit infinity) */
        for (size_t i = 1; i < n; i += 2) {
            neg_mod(k, pts[i - 1].k);
            point_of(&pts[i], k);
            memcpy(sc[i], sc[i - 1], 32);
        }
        what = "pairs P, -P";
    } else if (shape == 5) { /* mostly zero scalars */
        for (size_t i = 0; i < n; i++)
            if (lf_rng_below(&g, 4)) memset(sc[i], 0, 32);
        what = "sparse";
    }
    msm_case(what, (const uint8_t (*)[32])sc, pts, n, gs, param_checks);
    free(sc);
    free(pts);
}

static void msm_tests(long rounds, size_t max_large)
{
    /* fixed small cases */
    uint8_t sc[2][32], gs[32], one[32] = {[31] = 1};
    point pts[2];
    msm_case("n=0, g NULL", NULL, NULL, 0, NULL, 1);
    msm_case("n=0, g = 1", NULL, NULL, 0, one, 1);
    memcpy(gs, N_BYTES, 32);
    msm_case("n=0, g = n", NULL, NULL, 0, gs, 1);
    point_of(&pts[0], one);
    memcpy(sc[0], N_BYTES, 32);
    msm_case("n=1, G times n", (const uint8_t (*)[32])sc, pts, 1, NULL, 1);
    memset(sc[0], 0xff, 32);
    msm_case("n=1, G times 2^256 - 1", (const uint8_t (*)[32])sc, pts, 1, NULL, 1);
    neg_mod(gs, one);
    memcpy(sc[0], one, 32);
    msm_case("n=1, G - G", (const uint8_t (*)[32])sc, pts, 1, gs, 1);
    memset(pts[0].k, 0, 32);
    point_of(&pts[0], pts[0].k);
    msm_case("n=1, infinity", (const uint8_t (*)[32])sc, pts, 1, one, 1);
    rand_key(gs);
    point_of(&pts[0], gs);
    neg_mod(gs, gs);
    point_of(&pts[1], gs);
    rand_scalar(sc[0]);
    memcpy(sc[1], sc[0], 32);
    msm_case("n=2, P - P", (const uint8_t (*)[32])sc, pts, 2, NULL, 1);
    pts[1] = pts[0];
    msm_case("n=2, P + P", (const uint8_t (*)[32])sc, pts, 2, NULL, 1);

    for (long r = 0; r < rounds; r++) {
        size_t n;
        unsigned c = (unsigned)lf_rng_below(&g, 32);
        if (c < 4) n = c;                                       /* 0..3 */
        else if (c < 30) n = 1 + (size_t)lf_rng_below(&g, 64);  /* 1..64 */
        else n = 65 + (size_t)lf_rng_below(&g, 236);            /* 65..300 */
        msm_random(n, r % 8 == 0);
    }
    static const size_t large[] = {256, 1024, 4096, 16384};
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        if (large[i] > max_large) continue;
        msm_random(large[i], 1);
    }
}

/* ---- batch verification ---- */
typedef struct {
    uint8_t sk[32], d[32]; /* d: the even-y secret */
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey rx;
    lf_secp256k1_xonly_pubkey x;
} key;

static void key_new(key *k)
{
    uint8_t x32[32];
    int par;
    rand_key(k->sk);
    CHECK(secp256k1_keypair_create(ctx, &k->kp, k->sk), "ref keypair");
    CHECK(secp256k1_keypair_xonly_pub(ctx, &k->rx, &par, &k->kp), "ref xonly");
    secp256k1_xonly_pubkey_serialize(ctx, x32, &k->rx);
    if (par) neg_mod(k->d, k->sk);
    else memcpy(k->d, k->sk, 32);
    CHECK(lf_secp256k1_xonly_pubkey_parse(&k->x, x32) == LF_OK, "lf parse of a libsecp256k1 key");
}

/* nonce functions: data (32 bytes) as the nonce, or the signer's own d */
static int nonce_data(unsigned char *nonce32, const unsigned char *msg, size_t msglen,
                      const unsigned char *key32, const unsigned char *xonly_pk32,
                      const unsigned char *algo, size_t algolen, void *data)
{
    (void)msg, (void)msglen, (void)key32, (void)xonly_pk32, (void)algo, (void)algolen;
    memcpy(nonce32, data, 32);
    return 1;
}

static int nonce_self(unsigned char *nonce32, const unsigned char *msg, size_t msglen,
                      const unsigned char *key32, const unsigned char *xonly_pk32,
                      const unsigned char *algo, size_t algolen, void *data)
{
    (void)msg, (void)msglen, (void)xonly_pk32, (void)algo, (void)algolen;
    if (data) neg_mod(nonce32, key32); /* R = -P: BIP-340 negates k, R = P again */
    else memcpy(nonce32, key32, 32);
    return 1;
}

#define MAXMSG 100

typedef struct {
    size_t n;
    uint8_t *sig, *msg;          /* n * 64, n * MAXMSG */
    size_t *len;
    lf_secp256k1_xonly_pubkey *x; /* each item's key (a copy: a zeroed one for "not a key") */
    const secp256k1_xonly_pubkey **rx; /* NULL: not a key */
    lf_secp256k1_schnorrsig_item *items;
    int *want;                   /* libsecp256k1's verdict */
} batch;

static long n_batch, n_items, n_bad, n_rp;

static void batch_alloc(batch *b, size_t n)
{
    b->n = n;
    b->sig = xmalloc(n * 64);
    b->msg = xmalloc(n * MAXMSG);
    b->len = xmalloc(n * sizeof *b->len);
    b->x = xmalloc(n * sizeof *b->x);
    b->rx = xmalloc(n * sizeof *b->rx);
    b->items = xmalloc(n * sizeof *b->items);
    b->want = xmalloc(n * sizeof *b->want);
}

static void batch_free(batch *b)
{
    free(b->sig), free(b->msg), free(b->len), free(b->x), free(b->rx), free(b->items), free(b->want);
}

static void add_small(uint8_t b[32], const uint8_t c[32], int d)
{
    int carry = d;
    for (int i = 31; i >= 0; i--) {
        int v = c[i] + carry;
        b[i] = (uint8_t)v;
        carry = v >> 8;
    }
}

/* make item i bad in one of several ways (the oracle still decides) */
static void spoil(batch *b, size_t i, const key *keys, size_t nkeys, const lf_secp256k1_xonly_pubkey *zx)
{
    uint8_t *s = b->sig + 64 * i, *m = b->msg + MAXMSG * i;
    switch (lf_rng_below(&g, 8)) {
    case 0: s[lf_rng_below(&g, 64)] ^= (uint8_t)(1u << lf_rng_below(&g, 8)); break;
    case 1: { /* another key (may be the same one: a duplicate key) */
        const key *k = &keys[lf_rng_below(&g, nkeys)];
        b->x[i] = k->x;
        b->rx[i] = &k->rx;
        break;
    }
    case 2:
        if (b->len[i] && lf_rng_below(&g, 2)) m[lf_rng_below(&g, b->len[i])] ^= 1;
        else if (b->len[i] < MAXMSG) m[b->len[i]++] = 0;
        else b->len[i]--;
        break;
    case 3: /* r >= p */
        if (lf_rng_below(&g, 2)) add_small(s, P_BYTES, (int)lf_rng_below(&g, 100));
        else memset(s, 0xff, 32);
        break;
    case 4: /* s >= n */
        if (lf_rng_below(&g, 2)) add_small(s + 32, N_BYTES, (int)lf_rng_below(&g, 100));
        else memset(s + 32, 0xff, 32);
        break;
    case 5: memset(s + 32 * lf_rng_below(&g, 2), 0, 32); break; /* r or s zero */
    case 6: /* a key that is not a key (all zero) */
        b->x[i] = *zx;
        b->rx[i] = NULL;
        break;
    default: /* s + 1 */
        add_small(s + 32, s + 32, 1);
        break;
    }
}

static void batch_case(const char *what, batch *b, int param_checks)
{
    size_t n = b->n, nbad = 0;
    int all = 1;
    for (size_t i = 0; i < n; i++) {
        b->items[i].sig64 = b->sig + 64 * i;
        b->items[i].msglen = b->len[i];
        b->items[i].msg = b->len[i] == 0 && (i & 1) ? NULL : b->msg + MAXMSG * i;
        b->items[i].xpk = &b->x[i];
        b->want[i] = b->rx[i] && secp256k1_schnorrsig_verify(ctx, b->sig + 64 * i, b->items[i].msg,
                                                             b->len[i], b->rx[i]);
        int one = lf_secp256k1_schnorrsig_verify(b->items[i].sig64, b->items[i].msg, b->len[i],
                                                 b->items[i].xpk);
        CHECK((one == LF_OK) == b->want[i], "%s n=%zu item %zu: verify %d, libsecp256k1 %d", what, n,
              i, one, b->want[i]);
        all &= b->want[i];
        nbad += !b->want[i];
    }
    size_t need = lf_secp256k1_schnorrsig_batch_scratch_size(n);
    CHECK(need != SIZE_MAX, "batch_scratch_size(%zu) = SIZE_MAX", n);
    unsigned off = (unsigned)lf_rng_below(&g, 8);
    const lf_secp256k1_schnorrsig_item *it = n || lf_rng_below(&g, 2) ? b->items : NULL;
    int rc = lf_secp256k1_schnorrsig_verify_batch(scratch_at(need, off), need, it, n);
    CHECK(rc == (all ? LF_OK : LF_ERR_VERIFY), "%s n=%zu (%zu bad, offset %u): verify_batch %d", what,
          n, nbad, off, rc);
    uint8_t *bad = xmalloc(n + 1);
    memset(bad, 0xa5, n + 1);
    int cnt = lf_secp256k1_schnorrsig_find_invalid(bad, scratch_at(need, off), need, it, n);
    CHECK(cnt == (int)nbad, "%s n=%zu: find_invalid returned %d, want %zu", what, n, cnt, nbad);
    for (size_t i = 0; i < n; i++)
        CHECK(bad[i] == !b->want[i], "%s n=%zu: bad[%zu] = %d, libsecp256k1 says %s", what, n, i,
              bad[i], b->want[i] ? "valid" : "invalid");
    CHECK(bad[n] == 0xa5, "%s n=%zu: find_invalid wrote past bad[n-1]", what, n);
    if (param_checks) {
        if (need > 0) {
            rc = lf_secp256k1_schnorrsig_verify_batch(scratch_at(need, off), need - 1, b->items, n);
            CHECK(rc == LF_ERR_PARAM, "%s n=%zu: verify_batch scratch 1 short: %d", what, n, rc);
            memset(bad, 0xa5, n + 1);
            rc = lf_secp256k1_schnorrsig_find_invalid(bad, scratch_at(need, off), need - 1, b->items, n);
            CHECK(rc == LF_ERR_PARAM && all_zero(bad, n), "%s n=%zu: find_invalid scratch 1 short: %d",
                  what, n, rc);
        }
        rc = lf_secp256k1_schnorrsig_verify_batch(NULL, need, b->items, n);
        CHECK(rc == LF_ERR_PARAM, "%s n=%zu: verify_batch NULL scratch: %d", what, n, rc);
        memset(bad, 0xa5, n + 1);
        rc = lf_secp256k1_schnorrsig_find_invalid(bad, NULL, need, b->items, n);
        CHECK(rc == LF_ERR_PARAM && all_zero(bad, n), "%s n=%zu: find_invalid NULL scratch: %d", what,
              n, rc);
        if (n > 0) {
            rc = lf_secp256k1_schnorrsig_verify_batch(scratch_at(need, off), need, NULL, n);
            CHECK(rc == LF_ERR_PARAM, "%s n=%zu: verify_batch NULL items: %d", what, n, rc);
            memset(bad, 0xa5, n + 1);
            rc = lf_secp256k1_schnorrsig_find_invalid(bad, scratch_at(need, off), need, NULL, n);
            CHECK(rc == LF_ERR_PARAM && all_zero(bad, n), "%s n=%zu: find_invalid NULL items: %d",
                  what, n, rc);
            rc = lf_secp256k1_schnorrsig_find_invalid(NULL, scratch_at(need, off), need, b->items, n);
            CHECK(rc == LF_ERR_PARAM, "%s n=%zu: find_invalid NULL bad: %d", what, n, rc);
        }
    }
    free(bad);
    n_batch++;
    n_items += (long)n;
    n_bad += (long)nbad;
}

/* a batch of n valid signatures, then nbad of them spoiled */
static void batch_random(size_t n, size_t nbad, int param_checks)
{
    batch b;
    batch_alloc(&b, n);
    size_t nkeys = 1 + (size_t)lf_rng_below(&g, lf_rng_below(&g, 2) ? 4 : n + 1);
    key *keys = xmalloc(nkeys * sizeof *keys);
    for (size_t i = 0; i < nkeys; i++) key_new(&keys[i]);
    lf_secp256k1_xonly_pubkey zx;
    memset(&zx, 0, sizeof zx);
    uint8_t shared_nonce[32];
    rand_key(shared_nonce);
    for (size_t i = 0; i < n; i++) {
        const key *k = &keys[lf_rng_below(&g, nkeys)];
        uint8_t *m = b.msg + MAXMSG * i, aux[32], nonce[32];
        unsigned c = (unsigned)lf_rng_below(&g, 8);
        b.len[i] = c == 0 ? 0 : c == 1 ? 32 : (size_t)lf_rng_below(&g, MAXMSG + 1);
        lf_rng_bytes(&g, m, b.len[i]);
        lf_rng_bytes(&g, aux, 32);
        b.x[i] = k->x;
        b.rx[i] = &k->rx;
        secp256k1_schnorrsig_extraparams ep = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
        ep.ndata = aux;
        unsigned rp = (unsigned)lf_rng_below(&g, 16);
        if (rp == 0) { /* R = P (own key) */
            ep.noncefp = nonce_self;
            ep.ndata = lf_rng_below(&g, 2) ? aux : NULL;
            n_rp++;
        } else if (rp == 1) { /* R = another key's P, or -P */
            const key *o = &keys[lf_rng_below(&g, nkeys)];
            if (lf_rng_below(&g, 2)) neg_mod(nonce, o->d);
            else memcpy(nonce, o->d, 32);
            ep.noncefp = nonce_data;
            ep.ndata = nonce;
            n_rp++;
        } else if (rp == 2) { /* R_i = R_j */
            ep.noncefp = nonce_data;
            ep.ndata = shared_nonce;
        }
        if (i > 0 && lf_rng_below(&g, 16) == 0) { /* the same signature twice */
            size_t j = (size_t)lf_rng_below(&g, i);
            memcpy(b.sig + 64 * i, b.sig + 64 * j, 64);
            memcpy(m, b.msg + MAXMSG * j, b.len[j]);
            b.len[i] = b.len[j];
            b.x[i] = b.x[j];
            b.rx[i] = b.rx[j];
            continue;
        }
        CHECK(secp256k1_schnorrsig_sign_custom(ctx, b.sig + 64 * i, b.len[i] ? m : NULL, b.len[i],
                                               &k->kp, &ep),
              "ref sign");
    }
    /* nbad distinct positions */
    for (size_t j = 0; j < nbad && j < n; j++) {
        size_t i = (size_t)lf_rng_below(&g, n);
        spoil(&b, i, keys, nkeys, &zx);
    }
    char what[64];
    snprintf(what, sizeof what, "batch (%zu spoiled, %zu keys)", nbad, nkeys);
    batch_case(what, &b, param_checks);
    batch_free(&b);
    free(keys);
}

static size_t rand_nbad(size_t n)
{
    unsigned c = (unsigned)lf_rng_below(&g, 8);
    if (n == 0 || c < 4) return 0;
    if (c < 6) return 1;
    if (c == 6) return 2 + (size_t)lf_rng_below(&g, n < 8 ? n : 8);
    return n; /* all (a position may repeat: most of them) */
}

static void batch_tests(long rounds, size_t max_large)
{
    for (long r = 0; r < rounds; r++) {
        size_t n;
        unsigned c = (unsigned)lf_rng_below(&g, 32);
        if (c < 4) n = c;
        else if (c < 30) n = 1 + (size_t)lf_rng_below(&g, 64);
        else n = 65 + (size_t)lf_rng_below(&g, 236);
        batch_random(n, rand_nbad(n), r % 8 == 0);
    }
    static const size_t large[] = {256, 1024, 4096};
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        if (large[i] > max_large) continue;
        batch_random(large[i], 0, 1);
        batch_random(large[i], 1, 0);
        batch_random(large[i], 2 + (size_t)lf_rng_below(&g, 6), 0);
    }
}

int main(void)
{
    long rounds = lf_test_iters(2000, MIN_ROUNDS);
    lf_test_backend_or_skip("test_msm_batch");
    lf_rng_seed(&g, lf_test_seed(0x3531b47c4));
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    CHECK(lf_secp256k1_msm_scratch_size(SIZE_MAX) == SIZE_MAX, "msm_scratch_size(SIZE_MAX)");
    CHECK(lf_secp256k1_schnorrsig_batch_scratch_size(SIZE_MAX) == SIZE_MAX,
          "batch_scratch_size(SIZE_MAX)");
    CHECK(lf_secp256k1_msm_scratch_size(SIZE_MAX / 2) == SIZE_MAX, "msm_scratch_size(SIZE_MAX / 2)");
    CHECK(lf_secp256k1_schnorrsig_batch_scratch_size(SIZE_MAX / 2) == SIZE_MAX,
          "batch_scratch_size(SIZE_MAX / 2)");
    /* the largest sizes take most of a run at few rounds: 16384 points at
     * the full count, 4096 from a fifth of it (make test's native run,
     * LF_TEST_ITERS 0.3), else up to 1024 (the sanitizer run at 0.1, qemu) */
    size_t max_large = rounds >= 2000 ? 16384 : rounds >= 400 ? 4096 : 1024;
    msm_tests(rounds, max_large);
    batch_tests(rounds, max_large);
    free(scratch_block);
    secp256k1_context_destroy(ctx);
    printf("test_msm_batch: backend=%s, %ld rounds; msm: %ld cases (%ld terms, %ld infinite sums); "
           "batches: %ld (%ld signatures, %ld invalid, %ld with R = +-P)\n",
           lf_backend_name(lf_backend_current()), rounds, n_msm, n_msm_terms, n_msm_inf, n_batch,
           n_items, n_bad, n_rp);
    return lf_test_report("test_msm_batch", lf_check_n, lf_check_fails, MIN_ROUNDS);
}
