/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Wycheproof secp256k1 vectors through the secp256k1 API, every test run and
 * counted (the total must equal the file's numberOfTests):
 *
 *   ecdsa          ecdsa_secp256k1_sha256_test.json: the group's public key
 *                  ("uncompressed", cross-checked with wx/wy and with the
 *                  point of publicKeyDer) through lf_secp256k1_pubkey_parse,
 *                  msg hashed with lf_sha256 (the groups must say SHA-256; the
 *                  hash is checked against FIPS 180 answers first), sig through
 *                  lf_secp256k1_ecdsa_der_parse, lf_secp256k1_ecdsa_normalize
 *                  (Wycheproof accepts high s, as libsecp256k1's own Wycheproof
 *                  test does), then lf_secp256k1_ecdsa_verify
 *   ecdsa_bitcoin  ecdsa_secp256k1_sha256_bitcoin_test.json: the same without
 *                  normalize (a high s is invalid)
 *   ecdh           ecdh_secp256k1_test.json: the public key is an X.509
 *                  SubjectPublicKeyInfo (encoding "asn"; "ecpoint" = raw SEC1
 *                  is read too), parsed by the strict DER reader below: the
 *                  algorithm must be id-ecPublicKey with the named curve
 *                  secp256k1 (another curve OID or explicit parameters is a
 *                  rejection), the SEC1 point is the BIT STRING's content;
 *                  private key left-padded / stripped to 32 bytes; then
 *                  lf_secp256k1_ecdh_x must equal "shared"
 *
 * valid: must be accepted with the right result; invalid: must be rejected
 * at some stage (the stage is counted); acceptable: either, but if accepted
 * the result must be right; each acceptable test prints how it was decided.
 * Valid ECDSA tests also check the DER round trip and that one recovery id
 * recovers the key (lf_secp256k1_ecdsa_recover).
 *
 * Usage: test_wycheproof_ec ecdsa|ecdsa_bitcoin|ecdh FILE.json
 *        (LIMBFORGE_BACKEND selects the back end; exit 77 if the file or the
 *        back end is absent) */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/secp256k1.h"
#include "limbforge/sha256.h"

#include "../common/backend.h"
#include "../common/check.h"
#include "../common/json_scan.h"

/* hex (any case) into out; returns the byte count, or (size_t)-1 if odd,
 * non-hex or longer than cap */
static size_t unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0, len = strlen(hex);
    if (len % 2) return (size_t)-1;
    for (size_t i = 0; i < len; i += 2) {
        unsigned v;
        if (n >= cap || sscanf(hex + i, "%2x", &v) != 1) return (size_t)-1;
        out[n++] = (uint8_t)v;
    }
    return n;
}

/* big-endian integer of n bytes into 32 bytes (leading zero bytes dropped,
 * left-padded): 0 if it does not fit */
static int to32(uint8_t out[32], const uint8_t *in, size_t n)
{
    while (n > 32 && *in == 0) {
        in++;
        n--;
    }
    if (n > 32) return 0;
    memset(out, 0, 32);
    memcpy(out + 32 - n, in, n);
    return 1;
}

/* ---------------------------------------------- strict DER: SubjectPublicKeyInfo */

/* tag and length at *p (advanced past them): 0 unless DER (short form below
 * 128, minimal long form up to 4 bytes) and the content fits before end */
static int der_tl(const uint8_t **p, const uint8_t *end, uint8_t tag, size_t *len)
{
    if (*p >= end || **p != tag) return 0;
    (*p)++;
    if (*p >= end) return 0;
    uint8_t b = *(*p)++;
    size_t v = b;
    if (b & 0x80) {
        size_t k = b & 0x7f;
        if (k == 0 || k > 4 || k > (size_t)(end - *p) || **p == 0) return 0;
        for (v = 0; k--;) v = v << 8 | *(*p)++;
        if (v < 0x80) return 0;
    }
    if (v > (size_t)(end - *p)) return 0;
    *len = v;
    return 1;
}

/* id-ecPublicKey 1.2.840.10045.2.1, secp256k1 1.3.132.0.10 */
static const uint8_t oid_ecpk[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
static const uint8_t oid_k1[] = {0x2b, 0x81, 0x04, 0x00, 0x0a};

/* SubjectPublicKeyInfo { AlgorithmIdentifier { id-ecPublicKey, namedCurve
 * secp256k1 }, BIT STRING point }: NULL and *pt, *ptlen on success, else why not */
static const char *spki_point(const uint8_t **pt, size_t *ptlen, const uint8_t *in, size_t len)
{
    const uint8_t *p = in, *end = in + len, *aend;
    size_t l;
    if (!der_tl(&p, end, 0x30, &l) || p + l != end) return "SPKI: not one DER SEQUENCE";
    if (!der_tl(&p, end, 0x30, &l)) return "SPKI: no AlgorithmIdentifier SEQUENCE";
    aend = p + l;
    if (!der_tl(&p, aend, 0x06, &l) || l != sizeof oid_ecpk || memcmp(p, oid_ecpk, l))
        return "SPKI: algorithm is not id-ecPublicKey";
    p += l;
    if (p < aend && *p == 0x30) return "SPKI: explicit curve parameters (only named secp256k1)";
    if (!der_tl(&p, aend, 0x06, &l)) return "SPKI: bad curve parameters";
    if (l != sizeof oid_k1 || memcmp(p, oid_k1, l)) return "SPKI: named curve is not secp256k1";
    p += l;
    if (p != aend) return "SPKI: bytes after the curve OID";
    if (!der_tl(&p, end, 0x03, &l) || p + l != end) return "SPKI: bad BIT STRING";
    if (l < 1 || p[0] != 0) return "SPKI: BIT STRING with unused bits";
    *pt = p + 1;
    *ptlen = l - 1;
    return NULL;
}

static const char *rc_name(int rc)
{
    switch (rc) {
    case LF_OK: return "LF_OK";
    case LF_ERR_RANGE: return "LF_ERR_RANGE";
    case LF_ERR_PARAM: return "LF_ERR_PARAM";
    case LF_ERR_VERIFY: return "LF_ERR_VERIFY";
    case LF_ERR_INVALID: return "LF_ERR_INVALID";
    default: return "?";
    }
}

/* ------------------------------------------------------------------ one test */

#define MAXB 8192

typedef struct { /* group fields, then the test's */
    char sha[32], encoding[32], curve[32];
    uint8_t unc[80], wx[40], wy[40], keyder[256];
    size_t uncn, wxn, wyn, keydern;
    long tcid;
    char flags[256], comment[256], result[16];
    uint8_t msg[MAXB], sig[MAXB], pub[MAXB], priv[64], shared[64];
    size_t msgn, sign, pubn, privn, sharedn;
} wtest;

enum { MODE_ECDSA, MODE_BITCOIN, MODE_ECDH };
static int mode;

enum { R_VALID, R_INVALID, R_ACCEPTABLE };
static long n_tests, n_res[3], n_pass[3];
/* where the invalid [R_INVALID] and acceptable [R_ACCEPTABLE] tests were
 * rejected (cur: the running test's class) */
static int cur;
static long st_key[3], st_der[3], st_range[3], st_verify[3], st_spki[3], st_parse[3], st_ecdh[3];
static long st_wrong;
static long n_recid_hi; /* accepted ECDSA tests whose key needed recid 2/3 */
static long n_high;     /* ECDSA tests normalize changed (high s) */

/* the verdict: 1 accepted with the right result, 0 rejected (why in *why),
 * -1 accepted with a wrong result */
static int run_ecdsa(const wtest *t, const char **why)
{
    lf_secp256k1_pubkey pk, pk2, rec;
    uint8_t h[32], sig[64], der[80];
    size_t dern = sizeof der;
    int rc = lf_secp256k1_pubkey_parse(&pk, t->unc, t->uncn);
    /* the group's key three ways: uncompressed, wx/wy, keyDer */
    uint8_t x[32], y[32];
    CHECK(to32(x, t->wx, t->wxn) && to32(y, t->wy, t->wyn) && t->uncn == 65 &&
              !memcmp(x, t->unc + 1, 32) && !memcmp(y, t->unc + 33, 32),
          "tc %ld: uncompressed key != wx, wy", t->tcid);
    const uint8_t *pt;
    size_t ptn;
    const char *e = spki_point(&pt, &ptn, t->keyder, t->keydern);
    CHECK(!e && lf_secp256k1_pubkey_parse(&pk2, pt, ptn) == rc &&
              (rc != LF_OK || lf_secp256k1_pubkey_eq(&pk, &pk2)),
          "tc %ld: publicKeyDer gives another key (%s)", t->tcid, e ? e : "point differs");
    if (rc != LF_OK) {
        *why = "public key parse";
        st_key[cur]++;
        return 0;
    }
    lf_sha256(h, t->msg, t->msgn);
    rc = lf_secp256k1_ecdsa_der_parse(sig, t->sig, t->sign);
    if (rc != LF_OK) {
        CHECK(rc == LF_ERR_PARAM, "tc %ld: der_parse returned %s", t->tcid, rc_name(rc));
        *why = "DER parse";
        st_der[cur]++;
        return 0;
    }
    if (mode == MODE_ECDSA) {
        CHECK(lf_secp256k1_ecdsa_der_serialize(der, &dern, sig) == LF_OK, "tc %ld", t->tcid);
        if (!strcmp(t->result, "valid"))
            CHECK(dern == t->sign && !memcmp(der, t->sig, dern), "tc %ld: DER round trip",
                  t->tcid);
        rc = lf_secp256k1_ecdsa_normalize(sig, sig);
        if (rc < 0) {
            CHECK(rc == LF_ERR_RANGE, "tc %ld: normalize returned %d", t->tcid, rc);
            *why = "normalize: r or s >= n";
            st_range[cur]++;
            return 0;
        }
        n_high += rc;
    }
    rc = lf_secp256k1_ecdsa_verify(sig, h, &pk);
    if (rc != LF_OK) {
        CHECK(rc == LF_ERR_VERIFY, "tc %ld: verify returned %s", t->tcid, rc_name(rc));
        *why = "verify";
        st_verify[cur]++;
        return 0;
    }
    /* accepted: one recovery id must give the key back */
    int found = 0;
    for (int id = 0; id < 4; id++) {
        if (lf_secp256k1_ecdsa_recover(&rec, sig, id, h) == LF_OK &&
            lf_secp256k1_pubkey_eq(&rec, &pk)) {
            found++;
            if (id >= 2) n_recid_hi++;
        }
    }
    CHECK(found == 1, "tc %ld: %d recovery ids give the key", t->tcid, found);
    return 1;
}

static int run_ecdh(const wtest *t, const char **why)
{
    const uint8_t *pt = t->pub;
    size_t ptn = t->pubn;
    lf_secp256k1_pubkey pk;
    uint8_t sk[32], out[32], hashed[32], ser[33], want[32];
    if (strcmp(t->curve, "secp256k1")) {
        *why = "group curve is not secp256k1";
        st_spki[cur]++;
        return 0;
    }
    if (!strcmp(t->encoding, "asn")) {
        const char *e = spki_point(&pt, &ptn, t->pub, t->pubn);
        if (e) {
            *why = e;
            st_spki[cur]++;
            return 0;
        }
    } else {
        CHECK(!strcmp(t->encoding, "ecpoint"), "tc %ld: unknown encoding %s", t->tcid, t->encoding);
    }
    int rc = lf_secp256k1_pubkey_parse(&pk, pt, ptn);
    if (rc != LF_OK) {
        static char buf[64];
        snprintf(buf, sizeof buf, "pubkey_parse: %s", rc_name(rc));
        *why = buf;
        st_parse[cur]++;
        return 0;
    }
    if (!to32(sk, t->priv, t->privn) || lf_secp256k1_seckey_verify(sk) != LF_OK) {
        *why = "private key out of range";
        st_ecdh[cur]++;
        return 0;
    }
    rc = lf_secp256k1_ecdh_x(out, &pk, sk);
    if (rc != LF_OK) {
        *why = "ecdh_x";
        st_ecdh[cur]++;
        return 0;
    }
    /* hashed ECDH: SHA-256(02|03 || x) of the same point */
    CHECK(lf_secp256k1_ecdh(hashed, &pk, sk) == LF_OK, "tc %ld: ecdh", t->tcid);
    int ok2 = 0;
    for (int par = 2; par <= 3; par++) {
        ser[0] = (uint8_t)par;
        memcpy(ser + 1, out, 32);
        lf_sha256(want, ser, 33);
        ok2 |= !memcmp(want, hashed, 32);
    }
    CHECK(ok2, "tc %ld: lf_secp256k1_ecdh is not SHA-256(02|03 || ecdh_x)", t->tcid);
    if (t->sharedn != 32 || memcmp(out, t->shared, 32)) {
        *why = "wrong shared secret";
        return -1;
    }
    return 1;
}

static void run_test(wtest *t)
{
    const char *why = "";
    int r = !strcmp(t->result, "valid")        ? R_VALID
            : !strcmp(t->result, "invalid")    ? R_INVALID
            : !strcmp(t->result, "acceptable") ? R_ACCEPTABLE
                                               : -1;
    n_tests++;
    if (r < 0) {
        CHECK(0, "tc %ld: unknown result \"%s\"", t->tcid, t->result);
        return;
    }
    n_res[r]++;
    cur = r;
    if (mode != MODE_ECDH)
        CHECK(!strcmp(t->sha, "SHA-256"), "tc %ld: hash %s, not SHA-256", t->tcid, t->sha);
    int v = mode == MODE_ECDH ? run_ecdh(t, &why) : run_ecdsa(t, &why);
    int pass = r == R_VALID ? v == 1 : r == R_INVALID ? v == 0 : v >= 0;
    if (r == R_INVALID && v != 0) st_wrong++;
    n_pass[r] += pass;
    CHECK(pass, "tc %ld (%s, %s, [%s]): %s", t->tcid, t->result, t->comment, t->flags,
          v == 1 ? "accepted" : why);
    if (r == R_ACCEPTABLE)
        printf("  tc %ld acceptable [%s] %s: %s%s\n", t->tcid, t->flags, t->comment,
               v == 1 ? "accepted, result matches" : v == 0 ? "rejected: " : "WRONG: ",
               v == 1 ? "" : why);
}

/* ---------------------------------------------------------------- the scanner */
static const char *p;

static void copy_str(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src);
}

static void hexfield(uint8_t *dst, size_t cap, size_t *n, const char *val, long tcid,
                     const char *key)
{
    *n = unhex(dst, cap, val);
    if (*n == (size_t)-1) {
        fprintf(stderr, "tc %ld: bad hex in \"%s\"\n", tcid, key);
        exit(2);
    }
}

/* FIPS 180-2 answers: lf_sha256 must be SHA-256 before it hashes the messages */
static void check_sha256(void)
{
    static const char *msgs[3] = {"", "abc",
                                  "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"};
    static const char *want[3] = {
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"};
    for (int i = 0; i < 3; i++) {
        uint8_t h[32], w[32];
        lf_sha256(h, (const uint8_t *)msgs[i], strlen(msgs[i]));
        unhex(w, 32, want[i]);
        CHECK(!memcmp(h, w, 32), "lf_sha256 FIPS 180-2 example %d", i);
    }
}

int main(int argc, char **argv)
{
    static const char *modes[3] = {"ecdsa", "ecdsa_bitcoin", "ecdh"};
    static const char *schemas[3] = {"ecdsa_verify_schema", "ecdsa_bitcoin_verify_schema", "ecdh_"};
    mode = -1;
    for (int i = 0; argc == 3 && i < 3; i++)
        if (!strcmp(argv[1], modes[i])) mode = i;
    if (mode < 0) {
        fprintf(stderr, "usage: %s ecdsa|ecdsa_bitcoin|ecdh FILE.json\n", argv[0]);
        return 2;
    }
    lf_test_backend_or_skip("test_wycheproof_ec");
    size_t fsize = 0;
    char *text;
    int lrc = lf_json_load(argv[2], &text, &fsize);
    if (lrc == 1) {
        perror(argv[2]);
        return 77;
    }
    char *val = malloc(fsize + 1);
    wtest *t = calloc(1, sizeof *t);
    if (lrc || !val || !t) {
        fprintf(stderr, "%s: cannot read\n", argv[2]);
        return 2;
    }
    check_sha256();

    static char key[64];
#define HEX(f) hexfield(t->f, sizeof t->f, &t->f##n, val, t->tcid, key)
    char schema[64] = "";
    long declared = -1;
    int in_test = 0;
    for (p = text; *p;) {
        if (*p != '"') {
            p++;
            continue;
        }
        lf_json_string(&p, key, sizeof key);
        lf_json_ws(&p);
        if (*p != ':') continue; /* a string inside an array */
        p++;
        lf_json_ws(&p);
        if (*p == '[' && in_test && !strcmp(key, "flags")) { /* the test's flags, joined */
            for (p++, lf_json_ws(&p); *p == '"'; lf_json_ws(&p)) {
                lf_json_string(&p, val, (size_t)fsize + 1);
                size_t l = strlen(t->flags);
                snprintf(t->flags + l, sizeof t->flags - l, "%s%s", l ? "," : "", val);
                lf_json_ws(&p);
                if (*p == ',') p++;
            }
            continue;
        }
        int is_str = *p == '"';
        long num = 0;
        if (is_str) lf_json_string(&p, val, (size_t)fsize + 1);
        else if (*p >= '0' && *p <= '9') num = strtol(p, (char **)&p, 10);
        else continue; /* object, array, true/false/null: scanning goes on inside */
        if (!strcmp(key, "numberOfTests")) declared = num;
        else if (!strcmp(key, "schema")) copy_str(schema, sizeof schema, val);
        else if (!strcmp(key, "tcId")) {
            /* a new test: keep the group's fields, clear the test's */
            size_t off = offsetof(wtest, tcid);
            memset((char *)t + off, 0, sizeof *t - off);
            t->tcid = num;
            in_test = 1;
        } else if (!in_test || !is_str) {
            /* group (or publicKey) fields: a later group overwrites them */
            if (!strcmp(key, "sha")) copy_str(t->sha, sizeof t->sha, val);
            else if (!strcmp(key, "encoding")) copy_str(t->encoding, sizeof t->encoding, val);
            else if (!strcmp(key, "curve")) copy_str(t->curve, sizeof t->curve, val);
            else if (!strcmp(key, "uncompressed")) HEX(unc);
            else if (!strcmp(key, "wx")) HEX(wx);
            else if (!strcmp(key, "wy")) HEX(wy);
            else if (!strcmp(key, "publicKeyDer")) HEX(keyder);
        } else if (!strcmp(key, "comment")) copy_str(t->comment, sizeof t->comment, val);
        else if (!strcmp(key, "msg")) HEX(msg);
        else if (!strcmp(key, "sig")) HEX(sig);
        else if (!strcmp(key, "public")) HEX(pub);
        else if (!strcmp(key, "private")) HEX(priv);
        else if (!strcmp(key, "shared")) HEX(shared);
        else if (!strcmp(key, "result")) {
            copy_str(t->result, sizeof t->result, val);
            run_test(t);
            in_test = 0;
        }
    }
    CHECK(!strncmp(schema, schemas[mode], strlen(schemas[mode])), "schema %s is not for mode %s",
          schema, modes[mode]);
    printf("test_wycheproof_ec %s: %ld tests (file declares %ld): valid %ld (%ld pass), invalid "
           "%ld (%ld rejected), acceptable %ld (%ld consistent)\n",
           modes[mode], n_tests, declared, n_res[R_VALID], n_pass[R_VALID], n_res[R_INVALID],
           n_pass[R_INVALID], n_res[R_ACCEPTABLE], n_pass[R_ACCEPTABLE]);
    for (int r = R_INVALID; r <= R_ACCEPTABLE; r++) {
        if (!n_res[r]) continue;
        const char *what = r == R_INVALID ? "invalid" : "acceptable";
        if (mode == MODE_ECDH)
            printf("  %s rejected at: SPKI %ld, pubkey_parse %ld, private key / ecdh_x %ld\n",
                   what, st_spki[r], st_parse[r], st_ecdh[r]);
        else
            printf("  %s rejected at: public key %ld, DER parse %ld, normalize (r or s >= n) %ld, "
                   "verify %ld\n",
                   what, st_key[r], st_der[r], st_range[r], st_verify[r]);
    }
    if (mode == MODE_ECDSA)
        printf("  high s normalized: %ld tests; accepted signatures whose key came back with "
               "recovery id 2 or 3: %ld\n",
               n_high, n_recid_hi);
    if (mode == MODE_BITCOIN)
        printf("  accepted signatures whose key came back with recovery id 2 or 3: %ld\n",
               n_recid_hi);
    CHECK(st_wrong == 0, "%ld invalid tests accepted", st_wrong);
    CHECK(n_tests == declared && n_tests > 0, "ran %ld of %ld tests", n_tests, declared);
    printf("test_wycheproof_ec %s: backend=%s, %ld checks, %ld failed\n", modes[mode],
           lf_backend_name(lf_backend_current()), lf_check_n, lf_check_fails);
    free(text);
    free(val);
    free(t);
    return lf_check_fails ? 1 : 0;
}
