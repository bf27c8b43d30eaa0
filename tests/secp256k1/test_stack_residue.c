/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* No secret left on the stack: each secret-key API of secp256k1 runs on a
 * stack of ours (tests/common/stackscan.h), which is then searched for the
 * secrets the call held in locals: the secret key, and what the call
 * derived from it, each computed here with libsecp256k1 (the oracle):
 *   pubkey_create, seckey_verify              the key
 *   ecdsa_sign (+ extra32), _sign_checked     the key, the RFC 6979 nonce k
 *                                             (libsecp256k1's nonce function),
 *                                             r d + m (without extra32)
 *   ecdh, ecdh_x                              the key, the shared point's x
 *                                             and y (libsecp256k1's tweak_mul)
 *   seckey_negate / tweak_add / tweak_mul     the key before and after, the
 *                                             tweak
 *   keypair_create, _sec, _pub, _xonly_pub,
 *   schnorrsig_sign32 (+aux), _sign_checked,
 *   keypair_xonly_tweak_add                   the key and its negation, the
 *                                             BIP-340 nonce k and n - k
 *                                             (libsecp256k1's nonce function),
 *                                             bytes(d) xor hash_aux(aux)
 * 20 x LF_TEST_ITERS random keys (at least 4) on each call.  Inputs and
 * outputs live in static memory, off the scanned stack.  Self-test first: a
 * call that copies the key to its stack and returns without a wipe must be
 * caught, and every call must have used the stack (bytes changed).
 * Usage: test_stack_residue   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <string.h>

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/stackscan.h"
#include "../common/testenv.h"

#define PROG "test_stack_residue"
#define MIN_KEYS 4

static lf_rng g;
static secp256k1_context *ctx;
static long calls; /* the calls scanned */

/* the call's inputs and outputs (static: not on the scanned stack) */
static struct {
    uint8_t sk[32], sk2[32], msg[32], extra[32], out[64], tw[32];
    int recid, rc, op;
    lf_secp256k1_pubkey pk, peer;
    lf_secp256k1_keypair kp;
    lf_secp256k1_xonly_pubkey xpk;
} io;

enum { OP_SELFTEST, OP_PUBKEY, OP_VERIFY, OP_ECDSA, OP_ECDSA_EXTRA, OP_ECDSA_CHECKED, OP_ECDH,
       OP_ECDH_X, OP_NEGATE, OP_TWEAK_ADD, OP_TWEAK_MUL, OP_KEYPAIR, OP_SCHNORR, OP_SCHNORR_CHECKED,
       OP_XONLY_TWEAK, OP_KP_SEC, OP_KP_PUB, OP_KP_XONLY };
static const char *const OP_NAME[] = {
    "self-test", "pubkey_create", "seckey_verify", "ecdsa_sign", "ecdsa_sign(extra32)",
    "ecdsa_sign_checked", "ecdh", "ecdh_x", "seckey_negate", "seckey_tweak_add",
    "seckey_tweak_mul", "keypair_create", "schnorrsig_sign32(aux)", "schnorrsig_sign32_checked",
    "keypair_xonly_tweak_add", "keypair_sec", "keypair_pub", "keypair_xonly_pub"};

static void call(void *unused)
{
    (void)unused;
    switch (io.op) {
    case OP_SELFTEST: lf_stack_leak32(io.sk); io.rc = LF_OK; break;
    case OP_PUBKEY: io.rc = lf_secp256k1_pubkey_create(&io.pk, io.sk); break;
    case OP_VERIFY: io.rc = lf_secp256k1_seckey_verify(io.sk); break;
    case OP_ECDSA: io.rc = lf_secp256k1_ecdsa_sign(io.out, &io.recid, io.msg, io.sk, NULL); break;
    case OP_ECDSA_EXTRA:
        io.rc = lf_secp256k1_ecdsa_sign(io.out, &io.recid, io.msg, io.sk, io.extra);
        break;
    case OP_ECDSA_CHECKED:
        io.rc = lf_secp256k1_ecdsa_sign_checked(io.out, &io.recid, io.msg, io.sk, NULL);
        break;
    case OP_ECDH: io.rc = lf_secp256k1_ecdh(io.out, &io.peer, io.sk); break;
    case OP_ECDH_X: io.rc = lf_secp256k1_ecdh_x(io.out, &io.peer, io.sk); break;
    case OP_NEGATE: io.rc = lf_secp256k1_seckey_negate(io.sk2); break;
    case OP_TWEAK_ADD: io.rc = lf_secp256k1_seckey_tweak_add(io.sk2, io.tw); break;
    case OP_TWEAK_MUL: io.rc = lf_secp256k1_seckey_tweak_mul(io.sk2, io.tw); break;
    case OP_KEYPAIR: io.rc = lf_secp256k1_keypair_create(&io.kp, io.sk); break;
    case OP_SCHNORR: io.rc = lf_secp256k1_schnorrsig_sign32(io.out, io.msg, &io.kp, io.extra); break;
    case OP_SCHNORR_CHECKED:
        io.rc = lf_secp256k1_schnorrsig_sign32_checked(io.out, io.msg, &io.kp, io.extra);
        break;
    case OP_XONLY_TWEAK: io.rc = lf_secp256k1_keypair_xonly_tweak_add(&io.kp, io.tw); break;
    case OP_KP_SEC: io.rc = lf_secp256k1_keypair_sec(io.sk2, &io.kp); break;
    case OP_KP_PUB: io.rc = lf_secp256k1_keypair_pub(&io.pk, &io.kp); break;
    case OP_KP_XONLY: io.rc = lf_secp256k1_keypair_xonly_pub(&io.xpk, &io.recid, &io.kp); break;
    }
}

/* one call on the scanned stack: its result and that it left none of nd */
static void run(int op, const lf_needles *nd)
{
    io.op = op;
    io.rc = -1;
    calls++;
    size_t used = lf_stack_run(call, NULL);
    CHECK(io.rc == LF_OK, "%s: rc %d", OP_NAME[op], io.rc);
    lf_stack_expect(PROG, OP_NAME[op], used, nd, op == OP_SELFTEST);
}

static void rand_sk(uint8_t sk[32])
{
    do lf_rng_bytes(&g, sk, 32);
    while (!secp256k1_ec_seckey_verify(ctx, sk));
}

int main(void)
{
    long keys = lf_test_iters(20, MIN_KEYS);
    lf_test_backend_or_skip(PROG);
    lf_rng_seed(&g, lf_test_seed(0x57ac4e5));
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    static lf_needles nd;

    for (long it = 0; it < keys; it++) {
        uint8_t k[32], t[32], pt[65];
        rand_sk(io.sk);
        lf_rng_bytes(&g, io.msg, 32);
        lf_rng_bytes(&g, io.extra, 32);
        rand_sk(io.tw);

        nd.n = 0;
        lf_needles_add32(&nd, "the secret key", io.sk);
        if (it == 0) run(OP_SELFTEST, &nd);
        run(OP_PUBKEY, &nd);
        run(OP_VERIFY, &nd);

        /* ECDSA: the key and its RFC 6979 nonce, without and with extra32 */
        static lf_needles ne;
        ne = nd;
        CHECK(secp256k1_nonce_function_rfc6979(k, io.msg, io.sk, NULL, NULL, 0), "rfc6979");
        lf_needles_add32(&ne, "the ECDSA nonce", k);
        /* and r d + m (s k), from libsecp256k1's signature's r */
        secp256k1_ecdsa_signature rsig;
        uint8_t rs[64];
        CHECK(secp256k1_ecdsa_sign(ctx, &rsig, io.msg, io.sk, NULL, NULL) &&
                  secp256k1_ecdsa_signature_serialize_compact(ctx, rs, &rsig) &&
                  secp256k1_ec_seckey_tweak_mul(ctx, rs, io.sk),
              "r d");
        if (secp256k1_ec_seckey_tweak_add(ctx, rs, io.msg)) /* m < n: all but ~2^-128 */
            lf_needles_add32(&ne, "r d + m", rs);
        run(OP_ECDSA, &ne);
        run(OP_ECDSA_CHECKED, &ne);
        ne = nd;
        CHECK(secp256k1_nonce_function_rfc6979(k, io.msg, io.sk, NULL, io.extra, 0), "rfc6979");
        lf_needles_add32(&ne, "the ECDSA nonce (extra32)", k);
        run(OP_ECDSA_EXTRA, &ne);

        /* ECDH: the key and the shared point sk * peer */
        uint8_t psk[32];
        rand_sk(psk);
        secp256k1_pubkey rp;
        size_t len = sizeof pt;
        CHECK(secp256k1_ec_pubkey_create(ctx, &rp, psk) &&
                  lf_secp256k1_pubkey_create(&io.peer, psk) == LF_OK &&
                  secp256k1_ec_pubkey_tweak_mul(ctx, &rp, io.sk) &&
                  secp256k1_ec_pubkey_serialize(ctx, pt, &len, &rp, SECP256K1_EC_UNCOMPRESSED),
              "shared point");
        ne = nd;
        lf_needles_add32(&ne, "the shared x", pt + 1);
        lf_needles_add32(&ne, "the shared y", pt + 33);
        run(OP_ECDH, &ne);
        run(OP_ECDH_X, &ne);

        /* secret-key tweaks: the key before and after */
        const struct { int op; int (*ref)(const secp256k1_context *, unsigned char *,
                                          const unsigned char *); } tweaks[] = {
            {OP_NEGATE, NULL}, {OP_TWEAK_ADD, secp256k1_ec_seckey_tweak_add},
            {OP_TWEAK_MUL, secp256k1_ec_seckey_tweak_mul}};
        for (int w = 0; w < 3; w++) {
            memcpy(io.sk2, io.sk, 32);
            memcpy(t, io.sk, 32);
            int ok = tweaks[w].ref ? tweaks[w].ref(ctx, t, io.tw) : secp256k1_ec_seckey_negate(ctx, t);
            CHECK(ok, "libsecp256k1 tweak %d", w);
            ne = nd;
            lf_needles_add32(&ne, "the tweaked key", t);
            if (w) lf_needles_add32(&ne, "the tweak", io.tw);
            run(tweaks[w].op, &ne);
            CHECK(memcmp(io.sk2, t, 32) == 0, "%s: not libsecp256k1's key", OP_NAME[tweaks[w].op]);
        }

        /* BIP-340: the key as signed with (negated for odd y) and the nonce */
        secp256k1_keypair rkp;
        secp256k1_xonly_pubkey rx;
        int parity;
        uint8_t d[32], px[32];
        CHECK(secp256k1_keypair_create(ctx, &rkp, io.sk) &&
                  secp256k1_keypair_xonly_pub(ctx, &rx, &parity, &rkp) &&
                  secp256k1_xonly_pubkey_serialize(ctx, px, &rx),
              "keypair");
        memcpy(d, io.sk, 32);
        if (parity) CHECK(secp256k1_ec_seckey_negate(ctx, d), "negate");
        ne = nd;
        lf_needles_add32(&ne, "the BIP-340 key", d);
        run(OP_KEYPAIR, &ne);
        CHECK(secp256k1_nonce_function_bip340(k, io.msg, 32, d, px,
                                              (const unsigned char *)"BIP0340/nonce", 13, io.extra),
              "bip340 nonce");
        lf_needles_add32(&ne, "the BIP-340 nonce", k);
        memcpy(t, k, 32);
        CHECK(secp256k1_ec_seckey_negate(ctx, t), "negate");
        lf_needles_add32(&ne, "the BIP-340 nonce (negated)", t);
        run(OP_KP_SEC, &ne);
        run(OP_KP_PUB, &ne);
        run(OP_KP_XONLY, &ne);
        /* t = bytes(d) xor hash_aux(aux), hashed into the nonce */
        uint8_t ta[32];
        CHECK(secp256k1_tagged_sha256(ctx, ta, (const unsigned char *)"BIP0340/aux", 11, io.extra,
                                      32),
              "tagged hash");
        for (int i = 0; i < 32; i++) ta[i] ^= d[i];
        lf_needles_add32(&ne, "bytes(d) xor hash_aux(a)", ta);
        run(OP_SCHNORR, &ne);
        run(OP_SCHNORR_CHECKED, &ne);
        /* the tweaked keypair's key: d + tw, up to sign */
        memcpy(t, d, 32);
        CHECK(secp256k1_ec_seckey_tweak_add(ctx, t, io.tw), "tweak");
        lf_needles_add32(&ne, "the tweaked BIP-340 key", t);
        CHECK(secp256k1_ec_seckey_negate(ctx, t), "negate");
        lf_needles_add32(&ne, "the tweaked BIP-340 key (negated)", t);
        run(OP_XONLY_TWEAK, &ne);
    }
    secp256k1_context_destroy(ctx);
    printf("%s: backend=%s, %ld keys, %ld calls scanned\n", PROG,
           lf_backend_name(lf_backend_current()), keys, calls);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, MIN_KEYS * 20);
}
