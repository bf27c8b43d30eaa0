/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Bad input to every function of limbforge/secp256k1.h: every return code
 * exactly as the header documents, every output zeroed on error (outputs are
 * filled with 0xAA before each call).
 *   pubkey_parse  lengths 0..70 x prefixes 0..255; x or y = p, p+1, 2^256-1
 *                 (also where a reduction mod p would give a point); points
 *                 off the curve; hybrid prefix of the wrong parity; NULL
 *   serialize     every too small *outlen
 *   compact sigs  r or s = 0, n, n+1, p, 2^256-1 in verify and normalize; the
 *                 low/high s boundary
 *   DER           truncation at every length, trailing bytes, non-minimal /
 *                 long-form / indefinite / oversized lengths, 00 and ff
 *                 padding, negative INTEGERs, wrong tags, 33-byte INTEGERs with
 *                 and without the 00, empty, NULL, 73 bytes; serialize with
 *                 every too small *outlen
 *   recover       bad recids, r or s zero or >= n, r >= p - n with recid 2/3,
 *                 r not an x coordinate (and recid 2/3 where r + n is one)
 *   secret keys   0, n, n+1, 2^256-1 in every function taking one
 *   tweaks        sums of zero, tweak >= n, tweak 0 for mul (secret, public)
 *   all-zero key  a never parsed lf_secp256k1_pubkey everywhere it is taken
 * No other library needed (runs under qemu).
 * Usage: test_badinput   (LIMBFORGE_BACKEND; LF_TEST_SEED for the random keys) */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/secp256k1.h"

#include "../common/backend.h"
#include "../common/rng.h"

/* every byte of p[0..n) is v */
static int all_eq(const void *p, size_t n, uint8_t v)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v) return 0;
    return 1;
}
#define is_zero(p, n) all_eq(p, n, 0)
#define is_fill(p, n) all_eq(p, n, 0xAA) /* not written */
#define FILL(x) memset(&(x), 0xAA, sizeof(x))

static long n_checks, n_fail;
/* a run makes a fixed number of checks; this floor is below it */
#define MIN_CHECKS 30000
__attribute__((format(printf, 3, 4))) static void check_(int ok, int line, const char *fmt, ...)
{
    va_list ap;
    n_checks++;
    if (ok || n_fail++ >= 40) return;
    fprintf(stderr, "FAIL %s:%d: ", __FILE__, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
#define CHECK(cond, ...) check_(!!(cond), __LINE__, __VA_ARGS__)

/* the return code must be want exactly; EXPECT_Z: and out[0..n) zero */
__attribute__((format(printf, 6, 7))) static void expect_(int rc, int want, const void *out,
                                                          size_t n, int line, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    check_(rc == want, line, "%s: rc %d, want %d", msg, rc, want);
    if (out) check_(is_zero(out, n), line, "%s: output not zeroed", msg);
}
#define EXPECT(rc, want, ...) expect_(rc, want, NULL, 0, __LINE__, __VA_ARGS__)
#define EXPECT_Z(rc, want, out, n, ...) expect_(rc, want, out, n, __LINE__, __VA_ARGS__)

static void unhex32(uint8_t out[32], const char *hex)
{
    for (int i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) abort();
        out[i] = (uint8_t)v;
    }
}

/* 32-byte big-endian numbers mod 2^256: o = a + v, o = a - b */
static void be_addu(uint8_t o[32], const uint8_t a[32], unsigned v)
{
    for (int i = 31; i >= 0; i--, v >>= 8) {
        v += a[i];
        o[i] = (uint8_t)v;
    }
}
static void be_sub(uint8_t o[32], const uint8_t a[32], const uint8_t b[32])
{
    int c = 0;
    for (int i = 31; i >= 0; i--) {
        int d = (int)a[i] - b[i] - c;
        o[i] = (uint8_t)d;
        c = d < 0;
    }
}
static void mksig(uint8_t sig[64], const uint8_t r[32], const uint8_t s[32])
{
    memcpy(sig, r, 32);
    memcpy(sig + 32, s, 32);
}

/* p, n, G (and -G's y); SQ8: the even y of x = 1; XY1: the x of y = 1;
 * HALF = (n-1)/2, HALF1 = (n+1)/2 (the smallest high s) */
static uint8_t P[32], N[32], GX[32], GY[32], GYN[32], SQ8[32], XY1[32], ZERO[32], ONE[32],
    FF[32], NM1[32], NP1[32], PP1[32], HALF[32], HALF1[32];
static lf_secp256k1_pubkey pk_g, pk_gneg;
static const lf_secp256k1_pubkey pk_zero;

/* SEC1: prefix || x (|| y if y) */
static size_t enc(uint8_t *out, uint8_t prefix, const uint8_t x[32], const uint8_t *y)
{
    out[0] = prefix;
    memcpy(out + 1, x, 32);
    if (y) memcpy(out + 33, y, 32);
    return y ? 65 : 33;
}

static void setup(void)
{
    uint8_t e[65];
    unhex32(P, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    unhex32(N, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    unhex32(GX, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    unhex32(GY, "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
    unhex32(SQ8, "4218f20ae6c646b363db68605822fb14264ca8d2587fdd6fbc750d587e76a7ee");
    unhex32(XY1, "146d3b65add9f54ccca28533c88e2cbc63f7443e1658783ab41f8ef97c2a10b5");
    unhex32(HALF, "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0");
    be_sub(GYN, P, GY);
    be_addu(ONE, ZERO, 1);
    memset(FF, 0xff, 32);
    be_sub(NM1, N, ONE);
    be_addu(NP1, N, 1);
    be_addu(PP1, P, 1);
    be_addu(HALF1, HALF, 1);
    if (lf_secp256k1_pubkey_parse(&pk_g, e, enc(e, 0x04, GX, GY)) != LF_OK ||
        lf_secp256k1_pubkey_parse(&pk_gneg, e, enc(e, 0x04, GX, GYN)) != LF_OK) {
        fprintf(stderr, "cannot parse G, -G\n");
        exit(1);
    }
}

/* ------------------------------------------------------------ public keys */

/* parse must return want; on error pk all zero; on success the point *same */
static void parse_expect(const uint8_t *in, size_t len, int want, const lf_secp256k1_pubkey *same,
                         const char *what)
{
    lf_secp256k1_pubkey pk;
    FILL(pk);
    int rc = lf_secp256k1_pubkey_parse(&pk, in, len);
    CHECK(rc == want, "pubkey_parse %s (len %zu, prefix %02x): rc %d, want %d", what, len,
          len && in ? in[0] : 0, rc, want);
    if (rc != LF_OK) CHECK(is_zero(&pk, sizeof pk), "pubkey_parse %s: output not zeroed", what);
    else if (same) CHECK(lf_secp256k1_pubkey_eq(&pk, same), "pubkey_parse %s: another point", what);
}

static void test_pubkey_parse(void)
{
    uint8_t buf[80], e[65], gy1[32], five[32];
    lf_secp256k1_pubkey pk;
    /* prefix || Gx || Gy || 11 11 ..: every length 0..70, every prefix */
    memcpy(buf + 1, GX, 32);
    memcpy(buf + 33, GY, 32);
    memset(buf + 65, 0x11, sizeof buf - 65);
    for (unsigned pre = 0; pre < 256; pre++) {
        buf[0] = (uint8_t)pre;
        for (size_t len = 0; len <= 70; len++) {
            int want = LF_ERR_PARAM;
            if (len == 33 && (pre == 2 || pre == 3)) want = LF_OK;
            if (len == 65 && (pre == 4 || pre == 6)) want = LF_OK;
            if (len == 65 && pre == 7) want = LF_ERR_INVALID; /* G's y is even */
            parse_expect(buf, len, want, pre == 3 ? &pk_gneg : &pk_g, "G");
        }
    }
    /* coordinates >= p: p, p + 1, 2^256 - 1 */
    const uint8_t *big[3] = {P, PP1, FF};
    static const uint8_t pres[5] = {2, 3, 4, 6, 7};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++) {
            if (pres[j] < 4) {
                parse_expect(e, enc(e, pres[j], big[i], NULL), LF_ERR_RANGE, NULL, "x >= p");
                continue;
            }
            parse_expect(e, enc(e, pres[j], big[i], GY), LF_ERR_RANGE, NULL, "x >= p");
            parse_expect(e, enc(e, pres[j], GX, big[i]), LF_ERR_RANGE, NULL, "y >= p");
            parse_expect(e, enc(e, pres[j], big[i], big[i]), LF_ERR_RANGE, NULL, "x, y >= p");
        }
    /* (1, sqrt 8) and (XY1, 1) are points: x or y = 1 + p must not be read mod p */
    EXPECT(lf_secp256k1_pubkey_parse(&pk, e, enc(e, 0x04, ONE, SQ8)), LF_OK, "(1, sqrt 8)");
    parse_expect(e, enc(e, 0x02, ONE, NULL), LF_OK, &pk, "02 x = 1");
    parse_expect(e, enc(e, 0x06, ONE, SQ8), LF_OK, &pk, "06 (1, sqrt 8)");
    parse_expect(e, enc(e, 0x07, ONE, SQ8), LF_ERR_INVALID, NULL, "07 (1, sqrt 8)");
    parse_expect(e, enc(e, 0x02, PP1, NULL), LF_ERR_RANGE, NULL, "02 x = p + 1");
    parse_expect(e, enc(e, 0x04, PP1, SQ8), LF_ERR_RANGE, NULL, "04 x = p + 1");
    EXPECT(lf_secp256k1_pubkey_parse(&pk, e, enc(e, 0x04, XY1, ONE)), LF_OK, "(x, 1)");
    parse_expect(e, enc(e, 0x07, XY1, ONE), LF_OK, &pk, "07 (x, 1)");
    parse_expect(e, enc(e, 0x04, XY1, PP1), LF_ERR_RANGE, NULL, "04 y = p + 1");
    parse_expect(e, enc(e, 0x07, XY1, PP1), LF_ERR_RANGE, NULL, "07 y = p + 1");
    /* off the curve; x = 0 and x = 5 are no x coordinate (7, 132: no squares) */
    be_addu(gy1, GY, 1);
    be_addu(five, ZERO, 5);
    parse_expect(e, enc(e, 0x04, GX, gy1), LF_ERR_INVALID, NULL, "(Gx, Gy + 1)");
    parse_expect(e, enc(e, 0x06, GX, gy1), LF_ERR_INVALID, NULL, "06 (Gx, Gy + 1)");
    parse_expect(e, enc(e, 0x07, GX, gy1), LF_ERR_INVALID, NULL, "07 (Gx, Gy + 1)");
    parse_expect(e, enc(e, 0x04, ZERO, ZERO), LF_ERR_INVALID, NULL, "(0, 0)");
    parse_expect(e, enc(e, 0x04, ONE, ONE), LF_ERR_INVALID, NULL, "(1, 1)");
    parse_expect(e, enc(e, 0x04, GX, ZERO), LF_ERR_INVALID, NULL, "(Gx, 0)");
    parse_expect(e, enc(e, 0x02, ZERO, NULL), LF_ERR_INVALID, NULL, "02 x = 0");
    parse_expect(e, enc(e, 0x03, ZERO, NULL), LF_ERR_INVALID, NULL, "03 x = 0");
    parse_expect(e, enc(e, 0x02, five, NULL), LF_ERR_INVALID, NULL, "02 x = 5");
    parse_expect(e, enc(e, 0x03, five, NULL), LF_ERR_INVALID, NULL, "03 x = 5");
    /* hybrid prefix of the wrong parity (G: y even, -G: y odd) */
    parse_expect(e, enc(e, 0x07, GX, GY), LF_ERR_INVALID, NULL, "07 G");
    parse_expect(e, enc(e, 0x06, GX, GYN), LF_ERR_INVALID, NULL, "06 -G");
    parse_expect(e, enc(e, 0x07, GX, GYN), LF_OK, &pk_gneg, "07 -G");
    parse_expect(NULL, 33, LF_ERR_PARAM, NULL, "NULL, 33");
    parse_expect(NULL, 65, LF_ERR_PARAM, NULL, "NULL, 65");
    parse_expect(NULL, 0, LF_ERR_PARAM, NULL, "NULL, 0");
}

static void test_serialize(void)
{
    uint8_t out[100];
    size_t len;
    for (int comp = 0; comp <= 1; comp++) {
        size_t need = comp ? 33 : 65;
        for (size_t cap = 0; cap < need; cap++) {
            FILL(out);
            len = cap;
            EXPECT(lf_secp256k1_pubkey_serialize(out, &len, &pk_g, comp), LF_ERR_PARAM,
                   "serialize into %zu bytes", cap);
            CHECK(len == 0 && is_zero(out, cap) && is_fill(out + cap, sizeof out - cap),
                  "serialize into %zu bytes: *outlen %zu, out not zeroed or written past", cap,
                  len);
        }
        FILL(out);
        len = sizeof out;
        EXPECT(lf_secp256k1_pubkey_serialize(out, &len, &pk_g, comp), LF_OK, "serialize");
        CHECK(len == need && out[0] == (comp ? 0x02 : 0x04) && !memcmp(out + 1, GX, 32) &&
                  (comp || !memcmp(out + 33, GY, 32)) && is_fill(out + need, sizeof out - need),
              "serialize G (compressed %d)", comp);
        /* the all-zero key: LF_ERR_INVALID, out zeroed, *outlen 0 */
        FILL(out);
        len = sizeof out;
        int rc = lf_secp256k1_pubkey_serialize(out, &len, &pk_zero, comp);
        CHECK(rc == LF_ERR_INVALID && len == 0 && is_zero(out, sizeof out),
              "serialize of the all-zero key: rc %d, *outlen %zu", rc, len);
    }
    len = 65;
    EXPECT(lf_secp256k1_pubkey_serialize(NULL, &len, &pk_g, 0), LF_ERR_PARAM, "out NULL");
    EXPECT(lf_secp256k1_pubkey_serialize(out, NULL, &pk_g, 0), LF_ERR_PARAM, "outlen NULL");
}

/* ------------------------------------------------------ compact signatures */

static void test_compact(void)
{
    uint8_t msg[32], sig[64], bad[64], out[64];
    memset(msg, 0x5c, 32);
    EXPECT(lf_secp256k1_ecdsa_sign(sig, NULL, msg, ONE, NULL), LF_OK, "sign"); /* pk = G */
    EXPECT(lf_secp256k1_ecdsa_verify(sig, msg, &pk_g), LF_OK, "verify");
    const uint8_t *vals[7] = {ZERO, N, NP1, P, FF, NM1, ONE};
    const char *names[7] = {"0", "n", "n+1", "p", "2^256-1", "n-1", "1"};
    for (int i = 0; i < 7; i++)
        for (int w = 0; w < 2; w++) { /* replace r, then s */
            const char *rs = w ? "s" : "r";
            memcpy(bad, sig, 64);
            memcpy(bad + 32 * w, vals[i], 32);
            EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk_g), LF_ERR_VERIFY, "%s = %s", rs,
                   names[i]);
            FILL(out);
            int rc = lf_secp256k1_ecdsa_normalize(out, bad);
            if (i >= 1 && i <= 4) { /* >= n */
                EXPECT_Z(rc, LF_ERR_RANGE, out, 64, "normalize %s = %s", rs, names[i]);
                memcpy(out, bad, 64);
                EXPECT_Z(lf_secp256k1_ecdsa_normalize(out, out), LF_ERR_RANGE, out, 64,
                         "normalize in place %s = %s", rs, names[i]);
            } else { /* 0, n-1, 1: in range; only s = n - 1 is high */
                int high = w && i == 5;
                EXPECT(rc, high, "normalize %s = %s", rs, names[i]);
                CHECK(!memcmp(out, bad, high ? 32 : 64) && (!high || !memcmp(out + 32, ONE, 32)),
                      "normalize %s = %s: output", rs, names[i]);
            }
        }
    mksig(bad, N, N);
    EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk_g), LF_ERR_VERIFY, "r = s = n");
    FILL(out);
    EXPECT_Z(lf_secp256k1_ecdsa_normalize(out, bad), LF_ERR_RANGE, out, 64, "r = s = n");
    mksig(bad, ZERO, ZERO);
    EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk_g), LF_ERR_VERIFY, "r = s = 0");
    /* high s: verify refuses, normalize (in place) restores */
    memcpy(bad, sig, 32);
    be_sub(bad + 32, N, sig + 32);
    EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk_g), LF_ERR_VERIFY, "high s");
    EXPECT(lf_secp256k1_ecdsa_normalize(bad, bad), 1, "normalize high s");
    CHECK(!memcmp(bad, sig, 64), "normalize high s gives the signature back");
    EXPECT(lf_secp256k1_ecdsa_normalize(out, sig), 0, "normalize low s");
    mksig(bad, ONE, HALF);
    EXPECT(lf_secp256k1_ecdsa_normalize(out, bad), 0, "s = (n-1)/2");
    mksig(bad, ONE, HALF1);
    EXPECT(lf_secp256k1_ecdsa_normalize(out, bad), 1, "s = (n+1)/2");
    CHECK(!memcmp(out + 32, HALF, 32), "n - (n+1)/2 = (n-1)/2");
    EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk_g), LF_ERR_VERIFY, "s = (n+1)/2 is high");
}

/* ------------------------------------------------------------------- DER */

/* DER parse must return want; on error sig zeroed; on success r, s (if given) */
static void der_expect(const uint8_t *der, size_t len, int want, const uint8_t *r, const uint8_t *s,
                       const char *what)
{
    uint8_t sig[64];
    FILL(sig);
    int rc = lf_secp256k1_ecdsa_der_parse(sig, der, len);
    CHECK(rc == want, "der_parse %s (len %zu): rc %d, want %d", what, len, rc, want);
    if (rc != LF_OK) CHECK(is_zero(sig, 64), "der_parse %s: output not zeroed", what);
    else
        CHECK((!r || !memcmp(sig, r, 32)) && (!s || !memcmp(sig + 32, s, 32)),
              "der_parse %s: wrong r or s", what);
}

/* 30 L 02 Lr r.. 02 Ls s.. (the INTEGERs' content bytes as given) */
static size_t der_build(uint8_t *out, const uint8_t *ri, size_t rn, const uint8_t *si, size_t sn)
{
    size_t n = 0;
    out[n++] = 0x30;
    out[n++] = (uint8_t)(4 + rn + sn);
    out[n++] = 0x02;
    out[n++] = (uint8_t)rn;
    memcpy(out + n, ri, rn);
    n += rn;
    out[n++] = 0x02;
    out[n++] = (uint8_t)sn;
    memcpy(out + n, si, sn);
    return n + sn;
}

/* the SEQUENCE's content of d (n bytes, short length) behind the length bytes lb */
static size_t der_relen(uint8_t *e, const uint8_t *d, size_t n, const uint8_t *lb, size_t lbn)
{
    e[0] = 0x30;
    memcpy(e + 1, lb, lbn);
    memcpy(e + 1 + lbn, d + 2, n - 2);
    return n - 1 + lbn;
}

static void der_case(const uint8_t *ri, size_t rn, const uint8_t *si, size_t sn, int want,
                     const uint8_t *r, const uint8_t *s, const char *what)
{
    uint8_t d[100];
    der_expect(d, der_build(d, ri, rn, si, sn), want, r, s, what);
}

static void test_der_serialize(void)
{
    uint8_t d[80], out[80], sig[64], back[64], t[32], pad[33] = {0};
    size_t len, n;
    memcpy(pad + 1, NM1, 32);
    n = der_build(d, pad, 33, pad, 33);
    CHECK(n == LF_SECP256K1_DER_MAX_BYTES, "the longest DER: %zu bytes", n);
    der_expect(d, n, LF_OK, NM1, NM1, "72 bytes");
    mksig(sig, NM1, NM1);
    for (size_t cap = 0; cap < n; cap++) {
        FILL(out);
        len = cap;
        EXPECT(lf_secp256k1_ecdsa_der_serialize(out, &len, sig), LF_ERR_PARAM, "into %zu", cap);
        CHECK(len == 0 && is_zero(out, cap) && is_fill(out + cap, sizeof out - cap),
              "der_serialize into %zu bytes: not zeroed or written past", cap);
    }
    len = n;
    EXPECT(lf_secp256k1_ecdsa_der_serialize(out, &len, sig), LF_OK, "der_serialize");
    CHECK(len == n && !memcmp(out, d, n), "der_serialize = the 72 bytes");
    EXPECT(lf_secp256k1_ecdsa_der_serialize(NULL, &len, sig), LF_ERR_PARAM, "out NULL");
    EXPECT(lf_secp256k1_ecdsa_der_serialize(out, NULL, sig), LF_ERR_PARAM, "outlen NULL");
    static const uint8_t der0[8] = {0x30, 6, 2, 1, 0, 2, 1, 0};
    memset(sig, 0, 64);
    len = sizeof out;
    EXPECT(lf_secp256k1_ecdsa_der_serialize(out, &len, sig), LF_OK, "der_serialize 0, 0");
    CHECK(len == 8 && !memcmp(out, der0, 8), "der_serialize r = s = 0");
    /* minimal INTEGERs of every length, top bit set or not: the round trip */
    for (unsigned k = 0; k < 64; k++) {
        memset(t, 0, 32);
        t[k / 2] = (uint8_t)(k & 1 ? 0x80 : 0x01);
        mksig(sig, t, NM1);
        len = sizeof out;
        EXPECT(lf_secp256k1_ecdsa_der_serialize(out, &len, sig), LF_OK, "der_serialize %u", k);
        EXPECT(lf_secp256k1_ecdsa_der_parse(back, out, len), LF_OK, "der round trip %u", k);
        CHECK(len == 6 + 32 - k / 2 + (k & 1) + 33 && !memcmp(back, sig, 64), "round trip %u", k);
    }
}

static void test_der_parse(void)
{
    uint8_t d[100], e[120], t[32], pad[33] = {0}, big[34];
    static const uint8_t one[1] = {1}, z1[1] = {0}, zz[2] = {0, 0}, z01[2] = {0, 1},
                         ff80[2] = {0xff, 0x80}, x80[1] = {0x80}, xff[1] = {0xff};
    size_t n, m;
    /* r = n - 1 (33 bytes with the 00), s = (n-1)/2 (32 bytes): 71 bytes */
    memcpy(pad + 1, NM1, 32);
    n = der_build(d, pad, 33, HALF, 32);
    der_expect(d, n, LF_OK, NM1, HALF, "r 33 bytes, s 32 bytes");
    for (size_t l = 0; l < n; l++) der_expect(d, l, LF_ERR_PARAM, NULL, NULL, "truncated");
    memcpy(e, d, n);
    e[n] = 0;
    der_expect(e, n + 1, LF_ERR_PARAM, NULL, NULL, "a trailing byte");
    e[1]++;
    der_expect(e, n + 1, LF_ERR_PARAM, NULL, NULL, "a trailing byte in the SEQUENCE");
    der_expect(d, 0, LF_ERR_PARAM, NULL, NULL, "empty");
    der_expect(NULL, 0, LF_ERR_PARAM, NULL, NULL, "NULL, 0");
    der_expect(NULL, 72, LF_ERR_PARAM, NULL, NULL, "NULL, 72");
    /* SEQUENCE lengths: long form below 128, leading zero bytes, indefinite,
     * reserved ff, longer than the input, off by one */
    static const struct {
        uint8_t lb[6];
        size_t n;
        const char *what;
    } lens[] = {{{0x81, 0x45}, 2, "81 45"}, {{0x82, 0x00, 0x45}, 3, "82 00 45"},
                {{0x84, 0x00, 0x00, 0x00, 0x45}, 5, "84 00 00 00 45"}, {{0xff}, 1, "ff"},
                {{0x80}, 1, "80 (indefinite)"}, {{0x81, 0x80}, 2, "81 80 > input"},
                {{0x82, 0x01, 0x00}, 3, "82 01 00 > input"}, {{0x44}, 1, "44 (one short)"},
                {{0x84, 0xff, 0xff, 0xff, 0xff}, 5, "2^32 - 1"}, {{0x46}, 1, "46 (one long)"},
                {{0x89, 1, 0, 0, 0, 0}, 6, "89 01 00 .."}};
    for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
        m = der_relen(e, d, n, lens[i].lb, lens[i].n);
        der_expect(e, m, LF_ERR_PARAM, NULL, NULL, lens[i].what);
    }
    e[0] = 0x30, e[1] = 0x80; /* indefinite with an end-of-contents */
    memcpy(e + 2, d + 2, n - 2);
    e[n] = e[n + 1] = 0;
    der_expect(e, n + 2, LF_ERR_PARAM, NULL, NULL, "indefinite + 00 00");
    /* r's length as 81 21 (the SEQUENCE's one longer), one too long, one short */
    e[0] = 0x30, e[1] = (uint8_t)(n - 1), e[2] = 0x02, e[3] = 0x81;
    memcpy(e + 4, d + 3, n - 3);
    der_expect(e, n + 1, LF_ERR_PARAM, NULL, NULL, "INTEGER length 81 21");
    for (int delta = -1; delta <= 1; delta += 2) {
        memcpy(e, d, n);
        e[3] = (uint8_t)(e[3] + delta);
        der_expect(e, n, LF_ERR_PARAM, NULL, NULL, "r's length off by one");
        memcpy(e, d, n);
        e[2 + 2 + 33 + 1] = (uint8_t)(e[2 + 2 + 33 + 1] + delta);
        der_expect(e, n, LF_ERR_PARAM, NULL, NULL, "s's length off by one");
    }
    /* wrong tags: the SEQUENCE's, r's, s's */
    static const uint8_t tags[] = {0x30, 0x31, 0x10, 0x20, 0x00, 0xa0,
                                   0x02, 0x03, 0x04, 0x22, 0xff};
    static const size_t at[3] = {0, 2, 2 + 2 + 33};
    for (size_t i = 0; i < sizeof tags; i++)
        for (int j = 0; j < 3; j++) {
            if (d[at[j]] == tags[i]) continue;
            memcpy(e, d, n);
            e[at[j]] = tags[i];
            der_expect(e, n, LF_ERR_PARAM, NULL, NULL, "wrong tag");
        }
    /* small ones */
    der_case(one, 1, one, 1, LF_OK, ONE, ONE, "r = s = 1");
    der_case(z1, 1, z1, 1, LF_OK, ZERO, ZERO, "r = s = 0 (parses, fails verification)");
    der_case(one, 0, one, 1, LF_ERR_PARAM, NULL, NULL, "r: empty INTEGER");
    der_case(one, 1, one, 0, LF_ERR_PARAM, NULL, NULL, "s: empty INTEGER");
    /* padding: 00 before a byte < 80, two 00, ff before a byte >= 80 */
    memcpy(pad + 1, HALF, 32);
    der_case(pad, 33, HALF, 32, LF_ERR_PARAM, NULL, NULL, "r: 00 7f ..");
    der_case(HALF, 32, pad, 33, LF_ERR_PARAM, NULL, NULL, "s: 00 7f ..");
    big[0] = big[1] = 0;
    memcpy(big + 2, NM1, 32);
    der_case(big, 34, HALF, 32, LF_ERR_PARAM, NULL, NULL, "r: 00 00 ff ..");
    der_case(zz, 2, one, 1, LF_ERR_PARAM, NULL, NULL, "r: 00 00");
    der_case(z01, 2, one, 1, LF_ERR_PARAM, NULL, NULL, "r: 00 01");
    der_case(one, 1, ff80, 2, LF_ERR_PARAM, NULL, NULL, "s: ff 80");
    der_case(NM1, 32, one, 1, LF_ERR_PARAM, NULL, NULL, "r: ff ff .. (32 bytes, no 00)");
    /* Negative INTEGERs and 33 bytes without the leading zero (>= 2^256):
     * libsecp256k1's secp256k1_ecdsa_signature_parse_der accepts both as the
     * value 0 (checked against Debian's libsecp256k1 2024), so does limbforge
     * (src/secp256k1/der.c) and its header; such a signature only fails
     * verification. */
    memcpy(t, GX, 32);
    t[0] = 0x80;
    der_case(t, 32, one, 1, LF_OK, ZERO, ONE, "r negative (80 be ..)");
    t[0] = 0xfe;
    der_case(one, 1, t, 32, LF_OK, ONE, ZERO, "s negative (fe be ..)");
    der_case(one, 1, x80, 1, LF_OK, ONE, ZERO, "s negative (80)");
    der_case(xff, 1, one, 1, LF_OK, ZERO, ONE, "r negative (ff)");
    big[0] = 0x01;
    memcpy(big + 1, ONE, 32);
    der_case(big, 33, one, 1, LF_OK, ZERO, ONE, "r: 33 bytes 01 .. (>= 2^256)");
    uint8_t sg[64];
    n = der_build(d, big, 33, one, 1);
    CHECK(lf_secp256k1_ecdsa_der_parse(sg, d, n) == LF_OK &&
              lf_secp256k1_ecdsa_verify(sg, ONE, &pk_g) == LF_ERR_VERIFY,
          "r >= 2^256 fails verification");
    /* 33 bytes with the leading zero: >= n parses as 0, < n as itself */
    memcpy(pad + 1, N, 32);
    der_case(pad, 33, one, 1, LF_OK, ZERO, ONE, "r = n");
    memcpy(pad + 1, FF, 32);
    der_case(one, 1, pad, 33, LF_OK, ONE, ZERO, "s = 2^256 - 1");
    memcpy(pad + 1, NM1, 32);
    der_case(one, 1, pad, 33, LF_OK, ONE, NM1, "s = n - 1");
    /* 73 bytes: s of 34 bytes, 00 00 padded (malformed) or 01 ff .. (>= 2^256) */
    big[0] = big[1] = 0;
    memcpy(big + 2, NM1, 32);
    n = der_build(d, pad, 33, big, 34);
    CHECK(n == 73, "73 bytes");
    der_expect(d, n, LF_ERR_PARAM, NULL, NULL, "73 bytes, s 00 00 ff ..");
    big[0] = 1, big[1] = 0xff;
    der_case(pad, 33, big, 34, LF_OK, NM1, ZERO, "73 bytes, s 01 ff .. (>= 2^256: 0)");
}

/* ---------------------------------------------------------------- recovery */

static void test_recover(void)
{
    uint8_t msg[32], sk[32], sig[64], bad[64], rs[5][32], two[32];
    int recid = -1;
    lf_secp256k1_pubkey pk, want;
    memset(msg, 0x77, 32);
    unhex32(sk, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721");
    EXPECT(lf_secp256k1_pubkey_create(&want, sk), LF_OK, "create");
    EXPECT(lf_secp256k1_ecdsa_sign(sig, &recid, msg, sk, NULL), LF_OK, "sign");
    CHECK(recid >= 0 && recid <= 3, "recid %d", recid);
    FILL(pk);
    EXPECT(lf_secp256k1_ecdsa_recover(&pk, sig, recid, msg), LF_OK, "recover");
    CHECK(lf_secp256k1_pubkey_eq(&pk, &want), "recovered key");
    static const int bad_ids[] = {-1, 4, 5, -4, 255, 256, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad_ids / sizeof *bad_ids; i++) {
        FILL(pk);
        EXPECT_Z(lf_secp256k1_ecdsa_recover(&pk, sig, bad_ids[i], msg), LF_ERR_PARAM, &pk,
                 sizeof pk, "recid %d", bad_ids[i]);
    }
    /* r or s zero or >= n, every recid */
    const uint8_t *vals[4] = {ZERO, N, NP1, FF};
    for (int i = 0; i < 4; i++)
        for (int w = 0; w < 2; w++)
            for (int id = 0; id < 4; id++) {
                memcpy(bad, sig, 64);
                memcpy(bad + 32 * w, vals[i], 32);
                FILL(pk);
                EXPECT_Z(lf_secp256k1_ecdsa_recover(&pk, bad, id, msg), LF_ERR_VERIFY, &pk,
                         sizeof pk, "recover %s bad (%d), recid %d", w ? "s" : "r", i, id);
            }
    /* r >= p - n: r + n is no field element, so recid 2/3 cannot be */
    be_sub(rs[0], P, N);
    be_addu(rs[1], rs[0], 1);
    be_addu(rs[2], rs[0], 0x1000);
    memcpy(rs[3], HALF, 32);
    memcpy(rs[4], NM1, 32);
    for (int i = 0; i < 5; i++)
        for (int id = 2; id <= 3; id++) {
            mksig(bad, rs[i], ONE);
            FILL(pk);
            EXPECT_Z(lf_secp256k1_ecdsa_recover(&pk, bad, id, msg), LF_ERR_VERIFY, &pk, sizeof pk,
                     "r >= p - n (%d), recid %d", i, id);
        }
    /* r = 5: no point has x = 5 */
    be_addu(rs[0], ZERO, 5);
    mksig(bad, rs[0], ONE);
    for (int id = 0; id < 2; id++) {
        FILL(pk);
        EXPECT_Z(lf_secp256k1_ecdsa_recover(&pk, bad, id, msg), LF_ERR_VERIFY, &pk, sizeof pk,
                 "r = 5, recid %d", id);
    }
    /* r = 2: x = n + 2 < p is an x coordinate, so recid 2 and 3 give keys
     * for which (r, s = 1) verifies */
    be_addu(two, ZERO, 2);
    mksig(bad, two, ONE);
    for (int id = 2; id <= 3; id++) {
        EXPECT(lf_secp256k1_ecdsa_recover(&pk, bad, id, msg), LF_OK, "r = 2, recid %d", id);
        EXPECT(lf_secp256k1_ecdsa_verify(bad, msg, &pk), LF_OK, "r = 2, recid %d: verify", id);
    }
}

/* ------------------------------------------------------ secret keys, tweaks */

static void test_seckeys(void)
{
    uint8_t sk[32], out[32], sig[64], msg[32], tw[32];
    lf_secp256k1_pubkey pk;
    const uint8_t *badk[4] = {ZERO, N, NP1, FF};
    const char *names[4] = {"0", "n", "n+1", "2^256-1"};
    memset(msg, 0x42, 32);
    be_addu(tw, ZERO, 1);
    for (int i = 0; i < 4; i++) {
        const char *nm = names[i];
        EXPECT(lf_secp256k1_seckey_verify(badk[i]), LF_ERR_RANGE, "seckey_verify %s", nm);
        FILL(pk);
        EXPECT_Z(lf_secp256k1_pubkey_create(&pk, badk[i]), LF_ERR_RANGE, &pk, sizeof pk,
                 "pubkey_create %s", nm);
        int recid = 0x5a5a5a5a;
        FILL(sig);
        EXPECT_Z(lf_secp256k1_ecdsa_sign(sig, &recid, msg, badk[i], NULL), LF_ERR_RANGE, sig, 64,
                 "sign %s", nm);
        CHECK(recid == 0, "sign %s: recid %d, not zeroed", nm, recid);
        FILL(sig);
        EXPECT_Z(lf_secp256k1_ecdsa_sign(sig, NULL, msg, badk[i], msg), LF_ERR_RANGE, sig, 64,
                 "sign %s, extra data", nm);
        FILL(out);
        EXPECT_Z(lf_secp256k1_ecdh(out, &pk_g, badk[i]), LF_ERR_RANGE, out, 32, "ecdh %s", nm);
        FILL(out);
        EXPECT_Z(lf_secp256k1_ecdh_x(out, &pk_g, badk[i]), LF_ERR_RANGE, out, 32, "ecdh_x %s", nm);
        memcpy(sk, badk[i], 32);
        EXPECT_Z(lf_secp256k1_seckey_negate(sk), LF_ERR_RANGE, sk, 32, "negate %s", nm);
        memcpy(sk, badk[i], 32);
        EXPECT_Z(lf_secp256k1_seckey_tweak_add(sk, tw), LF_ERR_RANGE, sk, 32, "tweak_add %s", nm);
        memcpy(sk, badk[i], 32);
        EXPECT_Z(lf_secp256k1_seckey_tweak_mul(sk, tw), LF_ERR_RANGE, sk, 32, "tweak_mul %s", nm);
    }
    /* the valid edges: 1 and n - 1 */
    EXPECT(lf_secp256k1_seckey_verify(ONE), LF_OK, "seckey 1");
    EXPECT(lf_secp256k1_seckey_verify(NM1), LF_OK, "seckey n-1");
    EXPECT(lf_secp256k1_pubkey_create(&pk, ONE), LF_OK, "create 1");
    CHECK(lf_secp256k1_pubkey_eq(&pk, &pk_g), "1 G = G");
    EXPECT(lf_secp256k1_pubkey_create(&pk, NM1), LF_OK, "create n-1");
    CHECK(lf_secp256k1_pubkey_eq(&pk, &pk_gneg), "(n-1) G = -G");
    memcpy(sk, NM1, 32);
    EXPECT(lf_secp256k1_seckey_negate(sk), LF_OK, "negate n-1");
    CHECK(!memcmp(sk, ONE, 32), "-(n-1) = 1");
    EXPECT(lf_secp256k1_seckey_negate(sk), LF_OK, "negate 1");
    CHECK(!memcmp(sk, NM1, 32), "-1 = n-1");
    for (int i = 0; i < 2; i++) {
        EXPECT(lf_secp256k1_ecdh_x(out, &pk_g, i ? NM1 : ONE), LF_OK, "ecdh_x %d", i);
        CHECK(!memcmp(out, GX, 32), "ecdh_x(G, 1 or n-1) = Gx");
    }
}

static void test_tweaks(lf_rng *g)
{
    uint8_t sk[32], sk0[32], tw[32];
    lf_secp256k1_pubkey pk, pk0;
    const uint8_t *over[3] = {N, NP1, FF};
    for (int it = 0; it < 8; it++) {
        if (it == 0) memcpy(sk0, ONE, 32);
        else if (it == 1) memcpy(sk0, NM1, 32);
        else
            do lf_rng_bytes(g, sk0, 32);
            while (lf_secp256k1_seckey_verify(sk0) != LF_OK);
        EXPECT(lf_secp256k1_pubkey_create(&pk0, sk0), LF_OK, "create");
        /* tweak = n - sk: the sum is 0 */
        be_sub(tw, N, sk0);
        memcpy(sk, sk0, 32);
        EXPECT_Z(lf_secp256k1_seckey_tweak_add(sk, tw), LF_ERR_RANGE, sk, 32, "sk + (n - sk)");
        pk = pk0;
        EXPECT_Z(lf_secp256k1_pubkey_tweak_add(&pk, tw), LF_ERR_RANGE, &pk, sizeof pk,
                 "pk + (n - sk) G");
        /* tweak >= n; and 0 for mul */
        for (int i = 0; i < 4; i++) {
            const uint8_t *t = i < 3 ? over[i] : ZERO;
            if (i < 3) {
                memcpy(sk, sk0, 32);
                EXPECT_Z(lf_secp256k1_seckey_tweak_add(sk, t), LF_ERR_RANGE, sk, 32, "add %d", i);
                pk = pk0;
                EXPECT_Z(lf_secp256k1_pubkey_tweak_add(&pk, t), LF_ERR_RANGE, &pk, sizeof pk,
                         "pk add %d", i);
            }
            memcpy(sk, sk0, 32);
            EXPECT_Z(lf_secp256k1_seckey_tweak_mul(sk, t), LF_ERR_RANGE, sk, 32, "mul %d", i);
            pk = pk0;
            EXPECT_Z(lf_secp256k1_pubkey_tweak_mul(&pk, t), LF_ERR_RANGE, &pk, sizeof pk,
                     "pk mul %d", i);
        }
        /* the neutral tweaks + 0, * 1 */
        memcpy(sk, sk0, 32);
        EXPECT(lf_secp256k1_seckey_tweak_add(sk, ZERO), LF_OK, "sk + 0");
        EXPECT(lf_secp256k1_seckey_tweak_mul(sk, ONE), LF_OK, "sk * 1");
        CHECK(!memcmp(sk, sk0, 32), "sk + 0, * 1");
        pk = pk0;
        EXPECT(lf_secp256k1_pubkey_tweak_add(&pk, ZERO), LF_OK, "pk + 0");
        EXPECT(lf_secp256k1_pubkey_tweak_mul(&pk, ONE), LF_OK, "pk * 1");
        CHECK(lf_secp256k1_pubkey_eq(&pk, &pk0), "pk + 0, * 1");
        /* tweak = n - 1 - sk: the sum n - 1 is valid; pk + tweak G = -G */
        if (it == 1) continue;
        be_sub(tw, NM1, sk0);
        memcpy(sk, sk0, 32);
        EXPECT(lf_secp256k1_seckey_tweak_add(sk, tw), LF_OK, "sk + (n-1-sk)");
        CHECK(!memcmp(sk, NM1, 32), "sk + (n-1-sk) = n-1");
        pk = pk0;
        EXPECT(lf_secp256k1_pubkey_tweak_add(&pk, tw), LF_OK, "pk + (n-1-sk) G");
        CHECK(lf_secp256k1_pubkey_eq(&pk, &pk_gneg), "pk + (n-1-sk) G = -G");
    }
}

static void test_zero_key(void)
{
    lf_secp256k1_pubkey pk;
    uint8_t out[32], sig[64], msg[32], tw[32];
    memset(msg, 1, 32);
    be_addu(tw, ZERO, 3);
    EXPECT(lf_secp256k1_ecdsa_sign(sig, NULL, msg, ONE, NULL), LF_OK, "sign");
    EXPECT(lf_secp256k1_ecdsa_verify(sig, msg, &pk_zero), LF_ERR_VERIFY, "verify, all-zero key");
    /* ecdh: LF_ERR_INVALID (the key is checked first, so also when sk is
     * bad), out zeroed */
    for (int bad_sk = 0; bad_sk <= 1; bad_sk++) {
        const uint8_t *k = bad_sk ? N : ONE;
        FILL(out);
        int rc = lf_secp256k1_ecdh(out, &pk_zero, k);
        CHECK(rc == LF_ERR_INVALID && is_zero(out, 32), "ecdh, all-zero key (sk %d): rc %d", bad_sk, rc);
        FILL(out);
        rc = lf_secp256k1_ecdh_x(out, &pk_zero, k);
        CHECK(rc == LF_ERR_INVALID && is_zero(out, 32), "ecdh_x, all-zero key (sk %d): rc %d", bad_sk,
              rc);
    }
    pk = pk_zero;
    EXPECT_Z(lf_secp256k1_pubkey_negate(&pk), LF_ERR_INVALID, &pk, sizeof pk, "negate");
    pk = pk_zero;
    EXPECT_Z(lf_secp256k1_pubkey_tweak_add(&pk, tw), LF_ERR_INVALID, &pk, sizeof pk, "tweak_add");
    pk = pk_zero;
    EXPECT_Z(lf_secp256k1_pubkey_tweak_mul(&pk, tw), LF_ERR_INVALID, &pk, sizeof pk, "tweak_mul");
    /* with a bad tweak too (add n, mul 0): either error, zeroed */
    for (int mul = 0; mul <= 1; mul++) {
        pk = pk_zero;
        int rc = mul ? lf_secp256k1_pubkey_tweak_mul(&pk, ZERO)
                     : lf_secp256k1_pubkey_tweak_add(&pk, N);
        CHECK((rc == LF_ERR_INVALID || rc == LF_ERR_RANGE) && is_zero(&pk, sizeof pk),
              "tweak (mul %d) of the all-zero key with a bad tweak: rc %d", mul, rc);
    }
    CHECK(lf_secp256k1_pubkey_eq(&pk_zero, &pk_zero) == 1 &&
              lf_secp256k1_pubkey_eq(&pk_zero, &pk_g) == 0,
          "pubkey_eq");
}

int main(void)
{
    lf_test_backend_or_skip("test_badinput");
    lf_rng g = LF_RNG_INIT(lf_test_seed(0xbad1a9));
    setup();
    test_pubkey_parse();
    test_serialize();
    test_compact();
    test_der_serialize();
    test_der_parse();
    test_recover();
    test_seckeys();
    test_tweaks(&g);
    test_zero_key();
    printf("test_badinput: backend=%s\n", lf_backend_name(lf_backend_current()));
    return lf_test_report("test_badinput", n_checks, n_fail, MIN_CHECKS);
}
