/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Wycheproof chacha20_poly1305_test.json through the AEAD API, every test:
 *   valid:   seal gives exactly ct and tag; open gives msg
 *   invalid: open returns LF_ERR_AUTH and zeroes the output; tests whose
 *            nonce is not 96 bits cannot be expressed with this API (fixed
 *            12-byte nonce) and are counted as rejected
 * The JSON is read with a small scanner: every "key": value pair in file
 * order; "tcId" starts a test, "result" ends it, "ivSize" is per group.
 * Usage: test_aead_wycheproof FILE.json   (run per back end, exit 77 if absent) */
#include "../common/symm_test.h"
#include "../common/json_scan.h"

#include "limbforge/aead.h"

#define MAXB 2048

typedef struct {
    long tcid, ivsize;
    uint8_t key[64], iv[64], aad[MAXB], msg[MAXB], ct[MAXB], tag[64];
    size_t keyn, ivn, aadn, msgn, ctn, tagn;
    char result[16];
} wtest;

static long n_total, n_valid, n_invalid, n_rejected_iv;

static void run_test(const wtest *t)
{
    static uint8_t out[MAXB], back[MAXB];
    uint8_t tag[16];
    int valid = !strcmp(t->result, "valid");
    n_total++;
    if (t->ivsize != 96 || t->ivn != 12 || t->keyn != 32 || t->tagn != 16) {
        CHECK(!valid, "tc %ld: valid test with a nonce/key/tag size the API lacks", t->tcid);
        n_rejected_iv++;
        return;
    }
    if (valid) {
        n_valid++;
        CHECK(t->ctn == t->msgn, "tc %ld lengths", t->tcid);
        CHECK(lf_chacha20poly1305_seal(out, tag, t->msg, t->msgn, t->aad, t->aadn, t->key, t->iv) ==
                  LF_OK,
              "tc %ld seal rc", t->tcid);
        CHECK(!memcmp(out, t->ct, t->msgn) && !memcmp(tag, t->tag, 16), "tc %ld seal", t->tcid);
        memset(back, 0xee, sizeof back);
        CHECK(lf_chacha20poly1305_open(back, t->ct, t->ctn, t->tag, t->aad, t->aadn, t->key,
                                       t->iv) == LF_OK &&
                  !memcmp(back, t->msg, t->msgn),
              "tc %ld open", t->tcid);
    } else {
        n_invalid++;
        memset(back, 0xee, sizeof back);
        int rc = lf_chacha20poly1305_open(back, t->ct, t->ctn, t->tag, t->aad, t->aadn, t->key,
                                          t->iv);
        int zero = 1;
        for (size_t i = 0; i < t->ctn; i++) zero &= back[i] == 0;
        CHECK(rc == LF_ERR_AUTH && zero, "tc %ld (invalid): rc %d, output zeroed %d", t->tcid, rc,
              zero);
    }
}

/* ---- the scanner ---- */
static const char *p;

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s chacha20_poly1305_test.json\n", argv[0]);
        return 2;
    }
    t_backend_or_skip("test_aead_wycheproof");
    char *text;
    int lrc = lf_json_load(argv[1], &text, NULL);
    if (lrc) {
        if (lrc == 1) perror(argv[1]);
        else fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 1;
    }

    static wtest t;
    static char key[64], val[2 * MAXB + 8];
    long declared = -1, ivsize = 0;
    int in_test = 0;
    for (p = text; *p;) {
        if (*p != '"') {
            p++;
            continue;
        }
        lf_json_string(&p, key, sizeof key);
        lf_json_ws(&p);
        if (*p != ':') continue; /* a string value inside an array */
        p++;
        lf_json_ws(&p);
        int is_str = *p == '"';
        long num = 0;
        if (is_str) lf_json_string(&p, val, sizeof val);
        else if (*p >= '0' && *p <= '9') num = strtol(p, (char **)&p, 10);
        else continue; /* object or array: its pairs follow */
        if (!strcmp(key, "numberOfTests")) declared = num;
        else if (!strcmp(key, "ivSize")) ivsize = num;
        else if (!strcmp(key, "tcId")) {
            memset(&t, 0, sizeof t);
            t.tcid = num;
            t.ivsize = ivsize;
            in_test = 1;
        } else if (in_test && is_str) {
            if (!strcmp(key, "key")) t.keyn = t_unhex(t.key, sizeof t.key, val);
            else if (!strcmp(key, "iv")) t.ivn = t_unhex(t.iv, sizeof t.iv, val);
            else if (!strcmp(key, "aad")) t.aadn = t_unhex(t.aad, sizeof t.aad, val);
            else if (!strcmp(key, "msg")) t.msgn = t_unhex(t.msg, sizeof t.msg, val);
            else if (!strcmp(key, "ct")) t.ctn = t_unhex(t.ct, sizeof t.ct, val);
            else if (!strcmp(key, "tag")) t.tagn = t_unhex(t.tag, sizeof t.tag, val);
            else if (!strcmp(key, "result")) {
                {
                    size_t n = strlen(val) < sizeof t.result - 1 ? strlen(val) : sizeof t.result - 1;
                    memcpy(t.result, val, n);
                    t.result[n] = 0;
                }
                run_test(&t);
                in_test = 0;
            }
        }
    }
    printf("test_aead_wycheproof: %ld tests (file declares %ld): %ld valid, %ld invalid via open, "
           "%ld invalid nonce sizes rejected by the API\n",
           n_total, declared, n_valid, n_invalid, n_rejected_iv);
    CHECK(n_total == declared && n_total > 0, "ran %ld of %ld tests", n_total, declared);
    return t_done("test_aead_wycheproof", 300);
}
