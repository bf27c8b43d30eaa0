/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Differential test of the secp256k1 API against libsecp256k1 (Debian's,
 * the oracle), 10^5 random cases x LF_TEST_ITERS (at least 1000), edge-biased:
 *   pubkey_create (both serializations), pubkey_parse of libsecp256k1's
 *   outputs, ecdsa_sign without and with extra data (byte-identical
 *   compact signatures and recovery ids), verify of the valid signature,
 *   of mutated ones (message, r, s, key, high s), normalize, DER
 *   serialize/parse against libsecp256k1's, recover, ECDH (hashed) and the
 *   six tweaks, each compared with libsecp256k1's result or verdict; every
 *   16th case also signs with s zeroed in the first attempt (the fault hook
 *   of src/secp256k1/secp256k1_internal.h): the signature released must be
 *   libsecp256k1's with RFC 6979's next nonce.
 * Usage: test_libsecp   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_recovery.h>

#include "limbforge/secp256k1.h"
#include "secp256k1/secp256k1_internal.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"

static lf_rng g;

/* the floor of the case count; every case makes at least one check */
#define MIN_ITERS 1000

/* edge-biased 32 bytes: random, small, near n, all ones, zero */
static void rand32(uint8_t b[32])
{
    static const uint8_t n[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                  0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    unsigned c = (unsigned)lf_rng_below(&g, 16);
    lf_rng_bytes(&g, b, 32);
    if (c == 0) {
        memset(b, 0, 31); /* small */
    } else if (c == 1) {
        memcpy(b, n, 32); /* n - d, n + d (d small) */
        int d = (int)lf_rng_below(&g, 5) - 2;
        int i = 31;
        b[i] = (uint8_t)(b[i] + d);
    } else if (c == 2) {
        memset(b, 0xff, 32);
    } else if (c == 3) {
        memset(b, 0, 16); /* 128-bit values: GLV halves */
    }
}

/* The signer's redraw (r or s zero in the first attempt, reached only by a
 * fault): the hook zeroes s once; libsecp256k1 signs with RFC 6979's next
 * nonce (its default nonce function at counter + 1), which is what the
 * signer must release. */
static long zero_hits;
static void zero_s_once(int site, void *obj, size_t len)
{
    if (site == LF_SIGN_FAULT_ECDSA_S && zero_hits++ == 0) memset(obj, 0, len);
}

static int next_nonce(unsigned char *nonce32, const unsigned char *msg32, const unsigned char *key32,
                      const unsigned char *algo16, void *data, unsigned int attempt)
{
    return secp256k1_nonce_function_rfc6979(nonce32, msg32, key32, algo16, data, attempt + 1);
}

static void redraw_case(secp256k1_context *ctx, const uint8_t sk[32], const uint8_t msg[32],
                        const uint8_t *extra, long it)
{
    uint8_t sig[64], rsig64[64];
    int recid = -1, rrecid = -2;
    secp256k1_ecdsa_recoverable_signature rsig;
    zero_hits = 0;
    lf_secp256k1_sign_fault_hook = zero_s_once;
    int rc = lf_secp256k1_ecdsa_sign(sig, &recid, msg, sk, extra);
    lf_secp256k1_sign_fault_hook = NULL;
    CHECK(secp256k1_ecdsa_sign_recoverable(ctx, &rsig, msg, sk, next_nonce, (void *)extra),
          "ref sign, next nonce");
    secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, rsig64, &rrecid, &rsig);
    CHECK(rc == LF_OK && zero_hits == 2 && !memcmp(sig, rsig64, 64) && recid == rrecid,
          "redraw %ld (extra %d): rc %d, %ld attempts, not RFC 6979's next nonce's signature", it,
          extra != NULL, rc, zero_hits);
}

int main(void)
{
    long iters = lf_test_iters(100000, MIN_ITERS);
    lf_test_backend_or_skip("test_libsecp");
    lf_rng_seed(&g, lf_test_seed(0x5ec9256b1));
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[32], extra[32], tw[32];
        rand32(sk);
        rand32(msg);
        lf_rng_bytes(&g, extra, 32);
        rand32(tw);
        int use_extra = (int)lf_rng_below(&g, 2);

        /* --- keys */
        int ok_ref = secp256k1_ec_seckey_verify(ctx, sk);
        CHECK((lf_secp256k1_seckey_verify(sk) == LF_OK) == ok_ref, "seckey_verify %ld", it);
        secp256k1_pubkey rpk;
        lf_secp256k1_pubkey pk;
        int rc = lf_secp256k1_pubkey_create(&pk, sk);
        CHECK((rc == LF_OK) == ok_ref, "pubkey_create rc %d ref %d", rc, ok_ref);
        if (!ok_ref) {
            static const lf_secp256k1_pubkey zero;
            CHECK(rc == LF_ERR_RANGE && !memcmp(&pk, &zero, sizeof pk), "bad key output");
            continue;
        }
        CHECK(secp256k1_ec_pubkey_create(ctx, &rpk, sk), "ref create");
        uint8_t s1[65], s2[65];
        size_t l1, l2;
        for (int comp = 0; comp < 2; comp++) {
            l1 = l2 = 65;
            CHECK(lf_secp256k1_pubkey_serialize(s1, &l1, &pk, comp) == LF_OK, "serialize");
            secp256k1_ec_pubkey_serialize(ctx, s2, &l2, &rpk,
                                          comp ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED);
            CHECK(l1 == l2 && !memcmp(s1, s2, l1), "pubkey %ld comp %d", it, comp);
            lf_secp256k1_pubkey pk2;
            CHECK(lf_secp256k1_pubkey_parse(&pk2, s2, l2) == LF_OK &&
                      lf_secp256k1_pubkey_eq(&pk, &pk2),
                  "parse %ld", it);
        }

        /* --- ECDSA sign, byte-identical, with the recovery id */
        uint8_t sig[64], rsig64[64];
        int recid, rrecid;
        secp256k1_ecdsa_recoverable_signature rsig;
        CHECK(lf_secp256k1_ecdsa_sign(sig, &recid, msg, sk, use_extra ? extra : NULL) == LF_OK,
              "sign");
        CHECK(secp256k1_ecdsa_sign_recoverable(ctx, &rsig, msg, sk, NULL, use_extra ? extra : NULL),
              "ref sign");
        secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, rsig64, &rrecid, &rsig);
        CHECK(!memcmp(sig, rsig64, 64) && recid == rrecid, "signature %ld (extra %d)", it, use_extra);
        if (it % 16 == 0) redraw_case(ctx, sk, msg, use_extra ? extra : NULL, it);

        /* --- verify: valid and mutated */
        CHECK(lf_secp256k1_ecdsa_verify(sig, msg, &pk) == LF_OK, "verify %ld", it);
        for (int m = 0; m < 4; m++) {
            uint8_t bsig[64], bmsg[32];
            memcpy(bsig, sig, 64);
            memcpy(bmsg, msg, 32);
            const lf_secp256k1_pubkey *vpk = &pk;
            lf_secp256k1_pubkey opk;
            secp256k1_pubkey ropk = rpk;
            if (m == 0) bmsg[lf_rng_below(&g, 32)] ^= (uint8_t)(1 + lf_rng_below(&g, 255));
            if (m == 1) bsig[lf_rng_below(&g, 64)] ^= (uint8_t)(1 + lf_rng_below(&g, 255));
            if (m == 2) { /* high s: n - s */
                secp256k1_ecdsa_signature t;
                secp256k1_ecdsa_signature_parse_compact(ctx, &t, sig);
                uint8_t sb[32], one[32] = {0};
                one[31] = 1;
                memcpy(sb, sig + 32, 32);
                CHECK(secp256k1_ec_seckey_negate(ctx, sb), "negate s");
                memcpy(bsig + 32, sb, 32);
                uint8_t norm[64];
                CHECK(lf_secp256k1_ecdsa_normalize(norm, bsig) == 1 && !memcmp(norm, sig, 64),
                      "normalize %ld", it);
                (void)one;
            }
            if (m == 3) { /* another key */
                uint8_t sk2[32];
                memcpy(sk2, sk, 32);
                sk2[31] ^= 1;
                if (lf_secp256k1_pubkey_create(&opk, sk2) != LF_OK) continue;
                CHECK(secp256k1_ec_pubkey_create(ctx, &ropk, sk2), "ref create 2");
                vpk = &opk;
            }
            secp256k1_ecdsa_signature t;
            int ref = secp256k1_ecdsa_signature_parse_compact(ctx, &t, bsig) &&
                      secp256k1_ecdsa_verify(ctx, &t, bmsg, &ropk);
            int got = lf_secp256k1_ecdsa_verify(bsig, bmsg, vpk);
            CHECK((got == LF_OK) == ref && (got == LF_OK || got == LF_ERR_VERIFY),
                  "mutated verify %ld m %d: %d ref %d", it, m, got, ref);
        }

        /* --- DER */
        {
            secp256k1_ecdsa_signature t;
            uint8_t d1[72], d2[72], back[64];
            size_t n1 = sizeof d1, n2 = sizeof d2;
            secp256k1_ecdsa_signature_parse_compact(ctx, &t, sig);
            secp256k1_ecdsa_signature_serialize_der(ctx, d2, &n2, &t);
            CHECK(lf_secp256k1_ecdsa_der_serialize(d1, &n1, sig) == LF_OK && n1 == n2 &&
                      !memcmp(d1, d2, n1),
                  "der %ld", it);
            CHECK(lf_secp256k1_ecdsa_der_parse(back, d2, n2) == LF_OK && !memcmp(back, sig, 64),
                  "der parse %ld", it);
        }

        /* --- recover, every recid */
        for (int rid = 0; rid < 4; rid++) {
            lf_secp256k1_pubkey q;
            secp256k1_ecdsa_recoverable_signature t;
            secp256k1_pubkey rq;
            int got = lf_secp256k1_ecdsa_recover(&q, sig, rid, msg);
            secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, &t, sig, rid);
            int ref = secp256k1_ecdsa_recover(ctx, &rq, &t, msg);
            CHECK((got == LF_OK) == ref, "recover %ld rid %d: %d ref %d", it, rid, got, ref);
            if (got == LF_OK && ref) {
                uint8_t a[33], b[33];
                size_t la = 33, lb = 33;
                CHECK(lf_secp256k1_pubkey_serialize(a, &la, &q, 1) == LF_OK, "ser q");
                secp256k1_ec_pubkey_serialize(ctx, b, &lb, &rq, SECP256K1_EC_COMPRESSED);
                CHECK(!memcmp(a, b, 33), "recovered key %ld rid %d", it, rid);
                if (rid == recid) CHECK(lf_secp256k1_pubkey_eq(&q, &pk), "recid key %ld", it);
            }
        }

        /* --- ECDH with another key */
        {
            uint8_t sk2[32], o1[32], o2[32];
            rand32(sk2);
            if (secp256k1_ec_seckey_verify(ctx, sk2)) {
                CHECK(lf_secp256k1_ecdh(o1, &pk, sk2) == LF_OK, "ecdh");
                CHECK(secp256k1_ecdh(ctx, o2, &rpk, sk2, NULL, NULL), "ref ecdh");
                CHECK(!memcmp(o1, o2, 32), "ecdh %ld", it);
            } else {
                CHECK(lf_secp256k1_ecdh(o1, &pk, sk2) == LF_ERR_RANGE, "ecdh bad key");
            }
        }

        /* --- tweaks */
        for (int op = 0; op < 6; op++) {
            uint8_t a[32], b[32];
            memcpy(a, sk, 32);
            memcpy(b, sk, 32);
            lf_secp256k1_pubkey q = pk;
            secp256k1_pubkey rq = rpk;
            int got, ref;
            switch (op) {
            case 0: got = lf_secp256k1_seckey_negate(a); ref = secp256k1_ec_seckey_negate(ctx, b); break;
            case 1: got = lf_secp256k1_seckey_tweak_add(a, tw); ref = secp256k1_ec_seckey_tweak_add(ctx, b, tw); break;
            case 2: got = lf_secp256k1_seckey_tweak_mul(a, tw); ref = secp256k1_ec_seckey_tweak_mul(ctx, b, tw); break;
            case 3: got = lf_secp256k1_pubkey_negate(&q); ref = secp256k1_ec_pubkey_negate(ctx, &rq); break;
            case 4: got = lf_secp256k1_pubkey_tweak_add(&q, tw); ref = secp256k1_ec_pubkey_tweak_add(ctx, &rq, tw); break;
            default: got = lf_secp256k1_pubkey_tweak_mul(&q, tw); ref = secp256k1_ec_pubkey_tweak_mul(ctx, &rq, tw); break;
            }
            CHECK((got == LF_OK) == ref, "tweak op %d %ld: %d ref %d", op, it, got, ref);
            if (got != LF_OK || !ref) continue;
            if (op < 3) {
                CHECK(!memcmp(a, b, 32), "seckey tweak op %d %ld", op, it);
            } else {
                uint8_t x[33], y[33];
                size_t lx = 33, ly = 33;
                CHECK(lf_secp256k1_pubkey_serialize(x, &lx, &q, 1) == LF_OK, "ser");
                secp256k1_ec_pubkey_serialize(ctx, y, &ly, &rq, SECP256K1_EC_COMPRESSED);
                CHECK(!memcmp(x, y, 33), "pubkey tweak op %d %ld", op, it);
            }
        }
    }
    secp256k1_context_destroy(ctx);
    printf("test_libsecp: backend=%s, %ld iterations\n", lf_backend_name(lf_backend_current()), iters);
    return lf_test_report("test_libsecp", lf_check_n, lf_check_fails, MIN_ITERS);
}
