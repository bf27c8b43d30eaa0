/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Differential test of limbforge/secp256k1_schnorr.h (x-only keys,
 * keypairs, BIP-340) against libsecp256k1's extrakeys and schnorrsig
 * modules (Debian's, the oracle).  10^4 x LF_TEST_ITERS random cases (at
 * least 300), edge-biased (secret keys 0, n +- small, 2^256 - 1, 128-bit; x
 * coordinates 0, small, p - 1, p, p + small, 2^256 - 1; tweaks that cancel
 * the key), each case:
 *   keypair_create (verdict; on failure LF_ERR_RANGE and a zeroed keypair),
 *   keypair_sec / keypair_pub / keypair_xonly_pub with the parity,
 *   xonly_pubkey_from_pubkey (parity NULL too), xonly_pubkey_eq;
 *   xonly_pubkey_parse of random and edge x (verdict, LF_ERR_RANGE for
 *   x >= p, the lifted point through tweak_add with a zero tweak);
 *   sign32 with aux and with NULL aux, sign of 0..300-byte messages (msg
 *   NULL with length 0 too): byte-identical to secp256k1_schnorrsig_sign32
 *   / _sign_custom;
 *   verify of the valid signature and of mutated ones (a bit of r, of s, of
 *   the message, the length, another key, r >= p, s >= n): verdicts equal;
 *   keypair_xonly_tweak_add (then a signature with the tweaked keypair),
 *   xonly_pubkey_tweak_add, xonly_pubkey_tweak_add_check with the right
 *   and wrong parity and tweaked key: results equal.
 * Before the random cases, the error outputs of the functions given an
 * all-zero keypair / key (LF_ERR_INVALID, outputs zeroed).
 * Usage: test_schnorr_libsecp   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
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
static const uint8_t GX[32] = {
    0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b, 0x07,
    0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98};

/* the floor of the case count; every case makes at least one check */
#define MIN_ITERS 300

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

/* b = c + d (32-byte big-endian, d small and signed), wrapping mod 2^256 */
static void add_small(uint8_t b[32], const uint8_t c[32], int d)
{
    int carry = d;
    for (int i = 31; i >= 0; i--) {
        int v = c[i] + carry;
        b[i] = (uint8_t)v;
        carry = v >> 8; /* arithmetic: -1 borrows */
    }
}

/* edge-biased 32 bytes for secret keys and tweaks: random, small, n +- d,
 * all ones, 128-bit */
static void rand32(uint8_t b[32])
{
    unsigned c = (unsigned)lf_rng_below(&g, 16);
    lf_rng_bytes(&g, b, 32);
    if (c == 0) {
        memset(b, 0, 31);
    } else if (c == 1) {
        add_small(b, N_BYTES, (int)lf_rng_below(&g, 5) - 2);
    } else if (c == 2) {
        memset(b, 0xff, 32);
    } else if (c == 3) {
        memset(b, 0, 16);
    }
}

/* edge-biased x coordinates */
static void rand_x(uint8_t b[32])
{
    unsigned c = (unsigned)lf_rng_below(&g, 12);
    lf_rng_bytes(&g, b, 32);
    switch (c) {
    case 0: memset(b, 0, 31); break;                                       /* 0..255 */
    case 1: add_small(b, P_BYTES, (int)lf_rng_below(&g, 9) - 4); break;    /* p +- 4 */
    case 2: add_small(b, P_BYTES, (int)lf_rng_below(&g, 200)); break;      /* [p, p + 200) */
    case 3: memset(b, 0xff, 32); b[31] = (uint8_t)(0xff - lf_rng_below(&g, 4)); break;
    case 4: memcpy(b, GX, 32); break;
    case 5: add_small(b, N_BYTES, (int)lf_rng_below(&g, 5) - 2); break;
    default: break;
    }
}

static int ge_n(const uint8_t b[32]) { return memcmp(b, N_BYTES, 32) >= 0; }

static void ser_lf(uint8_t out[33], const lf_secp256k1_pubkey *pk)
{
    size_t len = 33;
    if (lf_secp256k1_pubkey_serialize(out, &len, pk, 1) != LF_OK || len != 33) memset(out, 0, 33);
}

static void ser_ref(uint8_t out[33], const secp256k1_pubkey *pk)
{
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, out, &len, pk, SECP256K1_EC_COMPRESSED);
}

/* the message of a case: random length 0..300 (0, 32, 64 and 1 likelier) */
static size_t rand_msg(uint8_t *m)
{
    size_t len;
    switch (lf_rng_below(&g, 8)) {
    case 0: len = 0; break;
    case 1: len = 32; break;
    case 2: len = 1 + lf_rng_below(&g, 3); break;
    case 3: len = 64; break;
    default: len = (size_t)lf_rng_below(&g, 301); break;
    }
    lf_rng_bytes(&g, m, len);
    return len;
}

/* the API given an all-zero (failed) keypair / x-only key / public key */
static void zero_objects(void)
{
    lf_secp256k1_keypair kp0;
    lf_secp256k1_xonly_pubkey x0, xo;
    lf_secp256k1_pubkey p0, po;
    uint8_t b[64], msg[32] = {1}, tw[32] = {[31] = 1};
    int par;
    memset(&kp0, 0, sizeof kp0);
    memset(&x0, 0, sizeof x0);
    memset(&p0, 0, sizeof p0);

    memset(b, 0xa5, 64);
    CHECK(lf_secp256k1_keypair_sec(b, &kp0) == LF_ERR_INVALID && all_zero(b, 32), "keypair_sec of 0");
    memset(&po, 0xa5, sizeof po);
    CHECK(lf_secp256k1_keypair_pub(&po, &kp0) == LF_ERR_INVALID && all_zero(&po, sizeof po),
          "keypair_pub of 0");
    memset(&xo, 0xa5, sizeof xo);
    par = 7;
    CHECK(lf_secp256k1_keypair_xonly_pub(&xo, &par, &kp0) == LF_ERR_INVALID &&
              all_zero(&xo, sizeof xo) && par == 0,
          "keypair_xonly_pub of 0 (parity %d)", par);
    lf_secp256k1_keypair kt = kp0;
    CHECK(lf_secp256k1_keypair_xonly_tweak_add(&kt, tw) == LF_ERR_INVALID && all_zero(&kt, sizeof kt),
          "keypair_xonly_tweak_add of 0");
    memset(b, 0xa5, 64);
    CHECK(lf_secp256k1_schnorrsig_sign32(b, msg, &kp0, NULL) == LF_ERR_INVALID && all_zero(b, 64),
          "sign32 with keypair 0");
    memset(b, 0xa5, 64);
    CHECK(lf_secp256k1_schnorrsig_sign(b, NULL, 0, &kp0, msg) == LF_ERR_INVALID && all_zero(b, 64),
          "sign with keypair 0");
    memset(b, 0xa5, 64);
    CHECK(lf_secp256k1_xonly_pubkey_serialize(b, &x0) == LF_ERR_INVALID && all_zero(b, 32),
          "xonly serialize of 0");
    memset(&xo, 0xa5, sizeof xo);
    par = 7;
    CHECK(lf_secp256k1_xonly_pubkey_from_pubkey(&xo, &par, &p0) == LF_ERR_INVALID &&
              all_zero(&xo, sizeof xo) && par == 0,
          "xonly_pubkey_from_pubkey of 0 (parity %d)", par);
    memset(&po, 0xa5, sizeof po);
    CHECK(lf_secp256k1_xonly_pubkey_tweak_add(&po, &x0, tw) == LF_ERR_INVALID &&
              all_zero(&po, sizeof po),
          "xonly tweak_add of 0");
    CHECK(lf_secp256k1_xonly_pubkey_tweak_add_check(GX, 0, &x0, tw) == LF_ERR_INVALID,
          "tweak_add_check of 0");
    memset(b, 0, 64);
    CHECK(lf_secp256k1_schnorrsig_verify(b, msg, 32, &x0) == LF_ERR_VERIFY, "verify with key 0");
    CHECK(lf_secp256k1_keypair_create(&kt, b) == LF_ERR_RANGE && all_zero(&kt, sizeof kt),
          "keypair_create(0)");
}

/* x-only parse of x, both; the lifted point compared through a zero tweak */
static void parse_case(long it, const uint8_t x[32])
{
    lf_secp256k1_xonly_pubkey xpk;
    secp256k1_xonly_pubkey rx;
    memset(&xpk, 0xa5, sizeof xpk);
    int rc = lf_secp256k1_xonly_pubkey_parse(&xpk, x);
    int ref = secp256k1_xonly_pubkey_parse(ctx, &rx, x);
    CHECK((rc == LF_OK) == ref, "xonly parse %ld: rc %d ref %d", it, rc, ref);
    if (rc != LF_OK) {
        int want = memcmp(x, P_BYTES, 32) >= 0 ? LF_ERR_RANGE : LF_ERR_INVALID;
        CHECK(rc == want && all_zero(&xpk, sizeof xpk), "xonly parse %ld: rc %d want %d, zeroed %d",
              it, rc, want, all_zero(&xpk, sizeof xpk));
        return;
    }
    if (!ref) return;
    uint8_t back[32], a[33], b[33], zero[32] = {0};
    CHECK(lf_secp256k1_xonly_pubkey_serialize(back, &xpk) == LF_OK && !memcmp(back, x, 32),
          "xonly serialize %ld", it);
    lf_secp256k1_pubkey full;
    secp256k1_pubkey rfull;
    CHECK(lf_secp256k1_xonly_pubkey_tweak_add(&full, &xpk, zero) == LF_OK, "tweak 0 %ld", it);
    CHECK(secp256k1_xonly_pubkey_tweak_add(ctx, &rfull, &rx, zero), "ref tweak 0");
    ser_lf(a, &full);
    ser_ref(b, &rfull);
    CHECK(!memcmp(a, b, 33) && a[0] == 2, "lifted point %ld", it);
}

/* verify (sig, msg, xpk) both ways; lf must say LF_OK or LF_ERR_VERIFY */
static void verify_both(long it, int m, const uint8_t sig[64], const uint8_t *msg, size_t len,
                        const lf_secp256k1_xonly_pubkey *xpk, const secp256k1_xonly_pubkey *rx)
{
    int got = lf_secp256k1_schnorrsig_verify(sig, msg, len, xpk);
    int ref = secp256k1_schnorrsig_verify(ctx, sig, msg, len, rx);
    CHECK((got == LF_OK) == ref && (got == LF_OK || got == LF_ERR_VERIFY),
          "verify %ld mutation %d (msglen %zu): %d ref %d", it, m, len, got, ref);
}

int main(void)
{
    long iters = lf_test_iters(10000, MIN_ITERS);
    lf_test_backend_or_skip("test_schnorr_libsecp");
    lf_rng_seed(&g, lf_test_seed(0x5c4e5b340));
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    long n_keys = 0, n_sigs = 0, n_ver = 0, n_tw = 0, n_parse = 0, n_inf = 0;
    static uint8_t msg[301], bmsg[302];

    zero_objects();
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], aux[32], tw[32], x[32];
        rand32(sk);
        lf_rng_bytes(&g, aux, 32);
        rand_x(x);
        parse_case(it, x);
        n_parse++;

        /* --- keypair */
        lf_secp256k1_keypair kp;
        secp256k1_keypair rkp;
        memset(&kp, 0xa5, sizeof kp);
        int rc = lf_secp256k1_keypair_create(&kp, sk);
        int ref = secp256k1_keypair_create(ctx, &rkp, sk);
        CHECK((rc == LF_OK) == ref, "keypair_create %ld: rc %d ref %d", it, rc, ref);
        if (rc != LF_OK || !ref) {
            CHECK(rc == LF_ERR_RANGE && all_zero(&kp, sizeof kp), "failed keypair_create %ld: %d", it,
                  rc);
            continue;
        }
        n_keys++;
        uint8_t a[33], b[33], t[32];
        lf_secp256k1_pubkey pk;
        secp256k1_pubkey rpk;
        CHECK(lf_secp256k1_keypair_sec(t, &kp) == LF_OK && !memcmp(t, sk, 32), "keypair_sec %ld", it);
        CHECK(lf_secp256k1_keypair_pub(&pk, &kp) == LF_OK, "keypair_pub %ld", it);
        CHECK(secp256k1_keypair_pub(ctx, &rpk, &rkp), "ref keypair_pub");
        ser_lf(a, &pk);
        ser_ref(b, &rpk);
        CHECK(!memcmp(a, b, 33), "keypair_pub %ld differs", it);

        lf_secp256k1_xonly_pubkey xpk, xpk2;
        secp256k1_xonly_pubkey rx;
        int par = -1, rpar = -1, par2 = -1;
        CHECK(lf_secp256k1_keypair_xonly_pub(&xpk, &par, &kp) == LF_OK, "keypair_xonly_pub %ld", it);
        CHECK(secp256k1_keypair_xonly_pub(ctx, &rx, &rpar, &rkp), "ref keypair_xonly_pub");
        uint8_t xs[32], rxs[32];
        CHECK(lf_secp256k1_xonly_pubkey_serialize(xs, &xpk) == LF_OK, "xonly serialize %ld", it);
        secp256k1_xonly_pubkey_serialize(ctx, rxs, &rx);
        CHECK(!memcmp(xs, rxs, 32) && par == rpar, "x-only key %ld: parity %d ref %d", it, par, rpar);
        CHECK(lf_secp256k1_xonly_pubkey_from_pubkey(&xpk2, &par2, &pk) == LF_OK && par2 == rpar &&
                  lf_secp256k1_xonly_pubkey_eq(&xpk, &xpk2) == 1,
              "xonly_pubkey_from_pubkey %ld (parity %d)", it, par2);
        {
            secp256k1_xonly_pubkey rx2;
            int rpar2 = -1;
            CHECK(secp256k1_xonly_pubkey_from_pubkey(ctx, &rx2, &rpar2, &rpk) && rpar2 == rpar &&
                      !secp256k1_xonly_pubkey_cmp(ctx, &rx, &rx2),
                  "ref xonly_pubkey_from_pubkey");
        }
        CHECK(lf_secp256k1_xonly_pubkey_from_pubkey(&xpk2, NULL, &pk) == LF_OK &&
                  lf_secp256k1_xonly_pubkey_eq(&xpk, &xpk2) == 1,
              "xonly_pubkey_from_pubkey parity NULL %ld", it);
        CHECK(lf_secp256k1_keypair_xonly_pub(&xpk2, NULL, &kp) == LF_OK &&
                  lf_secp256k1_xonly_pubkey_eq(&xpk, &xpk2) == 1,
              "keypair_xonly_pub parity NULL %ld", it);
        CHECK(lf_secp256k1_xonly_pubkey_parse(&xpk2, xs) == LF_OK &&
                  lf_secp256k1_xonly_pubkey_eq(&xpk, &xpk2) == 1,
              "parse of the serialized key %ld", it);

        /* --- sign32 with aux and with NULL aux; sign of 0..300 bytes */
        uint8_t m32[32], sig[64], rsig[64];
        rand32(m32);
        for (int na = 0; na < 2; na++) {
            const uint8_t *ax = na ? NULL : aux;
            memset(sig, 0xa5, 64);
            rc = lf_secp256k1_schnorrsig_sign32(sig, m32, &kp, ax);
            CHECK(secp256k1_schnorrsig_sign32(ctx, rsig, m32, &rkp, ax), "ref sign32");
            CHECK(rc == LF_OK && !memcmp(sig, rsig, 64), "sign32 %ld aux %s: rc %d", it,
                  ax ? "set" : "NULL", rc);
            n_sigs++;
        }
        size_t len = rand_msg(msg);
        const uint8_t *mp = len == 0 && lf_rng_below(&g, 2) ? NULL : msg;
        const uint8_t *ax = lf_rng_below(&g, 4) ? aux : NULL;
        {
            secp256k1_schnorrsig_extraparams ep = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
            ep.ndata = (void *)(uintptr_t)ax;
            CHECK(secp256k1_schnorrsig_sign_custom(ctx, rsig, mp, len, &rkp, &ep), "ref sign_custom");
        }
        memset(sig, 0xa5, 64);
        rc = lf_secp256k1_schnorrsig_sign(sig, mp, len, &kp, ax);
        CHECK(rc == LF_OK && !memcmp(sig, rsig, 64), "sign %ld (msglen %zu, msg %s, aux %s): rc %d",
              it, len, mp ? "set" : "NULL", ax ? "set" : "NULL", rc);
        n_sigs++;

        /* --- verify: valid, then mutated */
        verify_both(it, -1, sig, mp, len, &xpk, &rx);
        n_ver++;
        for (int m = 0; m < 8; m++) {
            uint8_t bs[64];
            const uint8_t *vm = mp;
            size_t vl = len;
            const lf_secp256k1_xonly_pubkey *vx = &xpk;
            const secp256k1_xonly_pubkey *vrx = &rx;
            lf_secp256k1_xonly_pubkey ox;
            secp256k1_xonly_pubkey orx;
            memcpy(bs, sig, 64);
            switch (m) {
            case 0: bs[lf_rng_below(&g, 32)] ^= (uint8_t)(1u << lf_rng_below(&g, 8)); break;
            case 1: bs[32 + lf_rng_below(&g, 32)] ^= (uint8_t)(1u << lf_rng_below(&g, 8)); break;
            case 2: /* a bit of the message, or one byte more than none */
                memcpy(bmsg, msg, len);
                if (len) bmsg[lf_rng_below(&g, len)] ^= (uint8_t)(1u << lf_rng_below(&g, 8));
                else bmsg[0] = 0, vl = 1;
                vm = bmsg;
                break;
            case 3: /* the length: one byte less or more */
                memcpy(bmsg, msg, len);
                bmsg[len] = (uint8_t)lf_rng_u64(&g);
                vl = len && lf_rng_below(&g, 2) ? len - 1 : len + 1;
                vm = bmsg;
                break;
            case 4: { /* another key (an edge or random x that parses) */
                uint8_t ox32[32];
                rand_x(ox32);
                if (lf_rng_below(&g, 4) == 0) memcpy(ox32, xs, 32), ox32[31] ^= 1;
                int ok1 = lf_secp256k1_xonly_pubkey_parse(&ox, ox32) == LF_OK;
                int ok2 = secp256k1_xonly_pubkey_parse(ctx, &orx, ox32);
                CHECK(ok1 == ok2, "parse of another key %ld", it);
                if (!ok1 || !ok2) continue;
                vx = &ox;
                vrx = &orx;
                break;
            }
            case 5: /* r >= p */
                if (lf_rng_below(&g, 2)) add_small(bs, P_BYTES, (int)lf_rng_below(&g, 1000));
                else memset(bs, 0xff, 32);
                break;
            case 6: /* s >= n: n + d, 2^256 - 1 */
                if (lf_rng_below(&g, 2)) add_small(bs + 32, N_BYTES, (int)lf_rng_below(&g, 1000));
                else memset(bs + 32, 0xff, 32);
                break;
            default: /* r: the x of another point (G), or zero s */
                if (lf_rng_below(&g, 2)) memcpy(bs, GX, 32);
                else memset(bs + 32, 0, 32);
                break;
            }
            verify_both(it, m, bs, vm, vl, vx, vrx);
            n_ver++;
        }

        /* --- tweaks: random / edge, or the one cancelling the key */
        rand32(tw);
        if (lf_rng_below(&g, 8) == 0) { /* n - d, d the even-y secret: d' = 0, P + tw G = inf */
            memcpy(tw, sk, 32);
            if (!rpar) CHECK(secp256k1_ec_seckey_negate(ctx, tw), "negate");
            n_inf++;
        }
        int tw_bad = ge_n(tw);
        {
            lf_secp256k1_keypair k2 = kp;
            secp256k1_keypair rk2 = rkp;
            rc = lf_secp256k1_keypair_xonly_tweak_add(&k2, tw);
            ref = secp256k1_keypair_xonly_tweak_add(ctx, &rk2, tw);
            CHECK((rc == LF_OK) == ref, "keypair_xonly_tweak_add %ld: rc %d ref %d", it, rc, ref);
            if (rc != LF_OK) {
                CHECK(rc == LF_ERR_RANGE && all_zero(&k2, sizeof k2),
                      "failed keypair_xonly_tweak_add %ld: rc %d", it, rc);
            } else if (ref) {
                uint8_t s1[32], s2[32];
                lf_secp256k1_pubkey q;
                secp256k1_pubkey rq;
                CHECK(lf_secp256k1_keypair_sec(s1, &k2) == LF_OK, "tweaked keypair_sec");
                CHECK(secp256k1_keypair_sec(ctx, s2, &rk2), "ref tweaked keypair_sec");
                CHECK(!memcmp(s1, s2, 32), "tweaked secret key %ld", it);
                CHECK(lf_secp256k1_keypair_pub(&q, &k2) == LF_OK, "tweaked keypair_pub");
                CHECK(secp256k1_keypair_pub(ctx, &rq, &rk2), "ref tweaked keypair_pub");
                ser_lf(a, &q);
                ser_ref(b, &rq);
                CHECK(!memcmp(a, b, 33), "tweaked public key %ld", it);
                rc = lf_secp256k1_schnorrsig_sign32(sig, m32, &k2, aux);
                CHECK(secp256k1_schnorrsig_sign32(ctx, rsig, m32, &rk2, aux), "ref sign tweaked");
                CHECK(rc == LF_OK && !memcmp(sig, rsig, 64), "sign with the tweaked keypair %ld", it);
            }
        }
        {
            lf_secp256k1_pubkey q;
            secp256k1_pubkey rq;
            memset(&q, 0xa5, sizeof q);
            rc = lf_secp256k1_xonly_pubkey_tweak_add(&q, &xpk, tw);
            ref = secp256k1_xonly_pubkey_tweak_add(ctx, &rq, &rx, tw);
            CHECK((rc == LF_OK) == ref, "xonly_pubkey_tweak_add %ld: rc %d ref %d", it, rc, ref);
            uint8_t tx[32] = {0};
            int tpar = 0;
            if (rc != LF_OK) {
                CHECK(rc == LF_ERR_RANGE && all_zero(&q, sizeof q),
                      "failed xonly_pubkey_tweak_add %ld: rc %d", it, rc);
                rand_x(tx); /* a check against anything must fail with LF_ERR_RANGE */
                tpar = (int)lf_rng_below(&g, 2);
            } else if (ref) {
                ser_lf(a, &q);
                ser_ref(b, &rq);
                CHECK(!memcmp(a, b, 33), "xonly_pubkey_tweak_add %ld: result differs", it);
                secp256k1_xonly_pubkey rtx;
                CHECK(secp256k1_xonly_pubkey_from_pubkey(ctx, &rtx, &tpar, &rq), "ref from_pubkey");
                secp256k1_xonly_pubkey_serialize(ctx, tx, &rtx);
            }
            int ok_rc = (tw_bad || rc != LF_OK) ? LF_ERR_RANGE : LF_OK;
            int bad_rc = (tw_bad || rc != LF_OK) ? LF_ERR_RANGE : LF_ERR_VERIFY;
            for (int v = 0; v < 3; v++) { /* right; wrong parity; wrong key */
                uint8_t cx[32];
                int cp = v == 1 ? !tpar : tpar;
                memcpy(cx, tx, 32);
                if (v == 2) cx[lf_rng_below(&g, 32)] ^= (uint8_t)(1u << lf_rng_below(&g, 8));
                int got = lf_secp256k1_xonly_pubkey_tweak_add_check(cx, cp, &xpk, tw);
                int rref = secp256k1_xonly_pubkey_tweak_add_check(ctx, cx, cp, &rx, tw);
                int want = v == 0 ? ok_rc : bad_rc;
                CHECK((got == LF_OK) == rref && got == want,
                      "tweak_add_check %ld variant %d: %d ref %d (want %d)", it, v, got, rref, want);
            }
            n_tw++;
        }
        memset(&kp, 0, sizeof kp);
    }
    secp256k1_context_destroy(ctx);
    printf("test_schnorr_libsecp: backend=%s, %ld iterations (%ld keypairs, %ld x parses, %ld "
           "signatures, %ld verifications, %ld tweaks, %ld cancelling tweaks)\n",
           lf_backend_name(lf_backend_current()), iters, n_keys, n_parse, n_sigs, n_ver, n_tw, n_inf);
    return lf_test_report("test_schnorr_libsecp", lf_check_n, lf_check_fails, MIN_ITERS);
}
