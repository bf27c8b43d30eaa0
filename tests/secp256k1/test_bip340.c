/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The BIP-340 reference vectors (tests/vectors/bip340/test-vectors.csv,
 * 19 rows) against limbforge/secp256k1_schnorr.h:
 *  - every row: lf_secp256k1_xonly_pubkey_parse of the public key column
 *    (LF_ERR_RANGE if x >= p, else LF_ERR_INVALID when it is not an x
 *    coordinate; output zeroed), serialize back; verify (msg NULL for the
 *    empty message) must give the verification result column, a key that
 *    does not parse counting as FALSE;
 *  - rows with a secret key: keypair_create, keypair_sec, keypair_xonly_pub
 *    (serializes to the public key column, eq to the parsed key), sign with
 *    the aux_rand column (sign32 too for 32-byte messages; the signature
 *    aliasing the message, then the aux bytes) byte-identical to the
 *    signature column;
 *  - valid rows: the signature with one bit flipped (in r, in s) and the
 *    message with one more byte no longer verify.
 * Fails unless all 19 rows were read and checked.  No dependencies: runs
 * under qemu too.
 * Usage: test_bip340 FILE.csv   (LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/secp256k1_schnorr.h"
#include "../common/backend.h"
#include "../common/check.h"

#define ROWS 19

static const uint8_t P_BYTES[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f};

/* hex (either case) of exactly 2 n digits into n bytes; 0 if malformed */
static int unhex(uint8_t *out, size_t n, const char *s, size_t len)
{
    if (len != 2 * n) return 0;
    for (size_t i = 0; i < 2 * n; i++) {
        int c = (unsigned char)s[i], v;
        if (c >= '0' && c <= '9') v = c - '0';
        else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
        else return 0;
        if (i % 2 == 0) out[i / 2] = (uint8_t)(v << 4);
        else out[i / 2] |= (uint8_t)v;
    }
    return 1;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

static long n_sign, n_valid, n_invalid, n_badkey;

/* one CSV row split into its 8 fields (f[i], lengths l[i]) */
static void row(long idx, char *const *f, const size_t *l)
{
    uint8_t sk[32], pkx[32], aux[32], sig[64], msg[128], got[64];
    uint8_t buf[192];
    size_t msglen = l[4] / 2;
    int has_sk = l[1] > 0, want, rc;
    if ((has_sk && !unhex(sk, 32, f[1], l[1])) || !unhex(pkx, 32, f[2], l[2]) ||
        (l[3] && !unhex(aux, 32, f[3], l[3])) || msglen > sizeof msg ||
        !unhex(msg, msglen, f[4], l[4]) || !unhex(sig, 64, f[5], l[5])) {
        CHECK(0, "row %ld: malformed field", idx);
        return;
    }
    if (l[6] == 4 && !memcmp(f[6], "TRUE", 4)) want = 1;
    else if (l[6] == 5 && !memcmp(f[6], "FALSE", 5)) want = 0;
    else {
        CHECK(0, "row %ld: result column is neither TRUE nor FALSE", idx);
        return;
    }
    const uint8_t *m = msglen ? msg : NULL;

    /* the public key column */
    lf_secp256k1_xonly_pubkey xpk;
    memset(&xpk, 0xa5, sizeof xpk);
    int prc = lf_secp256k1_xonly_pubkey_parse(&xpk, pkx);
    if (prc != LF_OK) {
        int want_rc = memcmp(pkx, P_BYTES, 32) >= 0 ? LF_ERR_RANGE : LF_ERR_INVALID;
        CHECK(prc == want_rc, "row %ld: xonly_pubkey_parse rc %d, want %d", idx, prc, want_rc);
        CHECK(all_zero(&xpk, sizeof xpk), "row %ld: failed parse left the key non-zero", idx);
        CHECK(!want, "row %ld: public key does not parse (rc %d) but the result is TRUE", idx, prc);
        CHECK(lf_secp256k1_schnorrsig_verify(sig, m, msglen, &xpk) == LF_ERR_VERIFY,
              "row %ld: verify with the zeroed key", idx);
        n_badkey++;
    } else {
        uint8_t back[32];
        CHECK(lf_secp256k1_xonly_pubkey_serialize(back, &xpk) == LF_OK && !memcmp(back, pkx, 32),
              "row %ld: xonly serialize", idx);
        rc = lf_secp256k1_schnorrsig_verify(sig, m, msglen, &xpk);
        CHECK(rc == (want ? LF_OK : LF_ERR_VERIFY), "row %ld: verify rc %d, want %s", idx, rc,
              want ? "TRUE" : "FALSE");
        if (want) { /* mutated: a bit of r, a bit of s, a longer message */
            uint8_t bad[64];
            memcpy(bad, sig, 64);
            bad[idx % 32] ^= 0x10;
            CHECK(lf_secp256k1_schnorrsig_verify(bad, m, msglen, &xpk) == LF_ERR_VERIFY,
                  "row %ld: r flipped still verifies", idx);
            memcpy(bad, sig, 64);
            bad[32 + idx % 32] ^= 0x01;
            CHECK(lf_secp256k1_schnorrsig_verify(bad, m, msglen, &xpk) == LF_ERR_VERIFY,
                  "row %ld: s flipped still verifies", idx);
            memcpy(buf, msg, msglen);
            buf[msglen] = 0;
            CHECK(lf_secp256k1_schnorrsig_verify(sig, buf, msglen + 1, &xpk) == LF_ERR_VERIFY,
                  "row %ld: longer message still verifies", idx);
        }
        if (want) n_valid++;
        else n_invalid++;
    }

    if (!has_sk) return;
    n_sign++;
    lf_secp256k1_keypair kp;
    lf_secp256k1_xonly_pubkey kx;
    int parity = -1;
    uint8_t t[32];
    CHECK(lf_secp256k1_keypair_create(&kp, sk) == LF_OK, "row %ld: keypair_create", idx);
    CHECK(lf_secp256k1_keypair_sec(t, &kp) == LF_OK && !memcmp(t, sk, 32), "row %ld: keypair_sec",
          idx);
    CHECK(lf_secp256k1_keypair_xonly_pub(&kx, &parity, &kp) == LF_OK && (parity == 0 || parity == 1),
          "row %ld: keypair_xonly_pub (parity %d)", idx, parity);
    CHECK(lf_secp256k1_xonly_pubkey_serialize(t, &kx) == LF_OK && !memcmp(t, pkx, 32),
          "row %ld: keypair's x-only key differs from the public key column", idx);
    CHECK(prc == LF_OK && lf_secp256k1_xonly_pubkey_eq(&kx, &xpk) == 1, "row %ld: xonly_pubkey_eq",
          idx);
    const uint8_t *a = l[3] ? aux : NULL;
    memset(got, 0xa5, 64);
    rc = lf_secp256k1_schnorrsig_sign(got, m, msglen, &kp, a);
    CHECK(rc == LF_OK && !memcmp(got, sig, 64), "row %ld: sign rc %d, signature differs", idx, rc);
    if (msglen == 32) {
        memset(got, 0xa5, 64);
        rc = lf_secp256k1_schnorrsig_sign32(got, msg, &kp, a);
        CHECK(rc == LF_OK && !memcmp(got, sig, 64), "row %ld: sign32 rc %d", idx, rc);
    }
    /* sig64 aliasing msg (buf holds the message, the signature over it) */
    memset(buf, 0x5a, sizeof buf);
    memcpy(buf, msg, msglen);
    rc = lf_secp256k1_schnorrsig_sign(buf, buf, msglen, &kp, a);
    CHECK(rc == LF_OK && !memcmp(buf, sig, 64), "row %ld: sign with sig aliasing msg", idx);
    if (a) { /* sig64 aliasing aux32 */
        memcpy(buf, aux, 32);
        rc = lf_secp256k1_schnorrsig_sign(buf, m, msglen, &kp, buf);
        CHECK(rc == LF_OK && !memcmp(buf, sig, 64), "row %ld: sign with sig aliasing aux", idx);
    }
    memset(&kp, 0, sizeof kp);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s test-vectors.csv\n", argv[0]);
        return 2;
    }
    lf_test_backend_or_skip("test_bip340");
    FILE *fp = fopen(argv[1], "rb");
    if (!fp) { /* vendored with the tests: missing is a failure, not a skip */
        perror(argv[1]);
        return 1;
    }
    char line[1024];
    long lineno = 0, rows = 0, seen[ROWS] = {0};
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            CHECK(0, "line %ld too long", lineno);
            break;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!len) continue;
        if (lineno == 1) { /* the header */
            CHECK(!strncmp(line, "index,secret key,public key,aux_rand,message,signature,"
                                 "verification result", 73),
                  "unexpected header: %.80s", line);
            continue;
        }
        char *f[8];
        size_t l[8];
        int nf = 0;
        char *s = line;
        while (nf < 7) { /* 7 fields up to a comma, the comment is the rest */
            char *c = strchr(s, ',');
            if (!c) break;
            f[nf] = s;
            l[nf++] = (size_t)(c - s);
            s = c + 1;
        }
        if (nf != 7) {
            CHECK(0, "line %ld: %d fields", lineno, nf + 1);
            continue;
        }
        f[7] = s;
        l[7] = strlen(s);
        char *end;
        long idx = strtol(f[0], &end, 10);
        if (end != f[0] + l[0] || idx < 0 || idx >= ROWS || seen[idx]) {
            CHECK(0, "line %ld: bad or repeated index %.*s", lineno, (int)l[0], f[0]);
            continue;
        }
        seen[idx] = 1;
        long fails = lf_check_fails;
        row(idx, f, l);
        if (lf_check_fails != fails) fprintf(stderr, "  (row %ld: %.*s)\n", idx, (int)l[7], f[7]);
        rows++;
    }
    fclose(fp);
    CHECK(rows == ROWS, "%ld rows checked, want %d", rows, ROWS);
    printf("test_bip340: backend=%s, %ld rows (%ld signed; verify: %ld valid, %ld invalid, "
           "%ld keys rejected by parse), %ld checks, %ld failed\n",
           lf_backend_name(lf_backend_current()), rows, n_sign, n_valid, n_invalid, n_badkey,
           lf_check_n, lf_check_fails);
    return lf_check_fails != 0;
}
