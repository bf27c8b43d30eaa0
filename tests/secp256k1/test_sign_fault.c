/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The verify-before-release signers (lf_secp256k1_ecdsa_sign_checked,
 * lf_secp256k1_schnorrsig_sign_checked / _sign32_checked) against the plain
 * ones, with and without faults injected through the signing code's test
 * hook (lf_secp256k1_sign_fault_hook, src/secp256k1/secp256k1_internal.h:
 * the hook flips one bit of the value computed at a site, as tests/mp's
 * fault hook does for RSA-CRT).
 *  - No fault, 10^4 x LF_TEST_ITERS random keys and messages (at least
 *    500; every 64th key invalid: 0, n, 2^256 - 1): the checked functions
 *    give the plain ones' return code, signature and recovery id byte for
 *    byte (ECDSA with and without extra32 and with recid NULL; BIP-340
 *    with aux NULL or set, messages of 0..100 bytes, sign32), also with the
 *    signature aliasing the message; errors zero the outputs; the plain
 *    ECDSA signature verifies and its recovery id recovers the key.
 *  - Faults, 200 x LF_TEST_ITERS cases per site (at least 40), a random
 *    key, message and bit each: ECDSA's nonce before R = kG, R (X, Y or Z),
 *    the nonce after R, the secret key after the nonce derivation, s;
 *    BIP-340's R, d, the challenge e, s.  The hook must fire once per call
 *    and the same in the plain and the checked call (the check itself never
 *    reaches it).  Whenever the plain function released a signature that
 *    does not verify (or, ECDSA with recid, whose recovery id does not
 *    recover the key) the checked one must return LF_ERR_FAULT with sig64
 *    (and *recid) zeroed; otherwise LF_OK and the same bytes.  Per site:
 *    every fault in the nonce after R, the secret key, s and the challenge
 *    gives a bad signature (all caught); in R, a flip in X or Z always
 *    does, a flip in Y leaves the signature as it was (ECDSA: the recovery
 *    id may change, caught when recid is asked for; BIP-340: either the
 *    correct signature or a bad one); a fault in the nonce before R gives a
 *    valid signature under another nonce, released by both (the documented
 *    limit of the check).  That the released bad signatures matter: from
 *    the correct and the faulty signature of one message the secret key is
 *    computed (ECDSA, fault in the secret key: s - s' = k^-1 r (d - d');
 *    BIP-340, fault in the challenge: d = (s - s') / (e - e')) and checked.
 *  - r = 0 and s = 0 in the first attempt (R's X or s zeroed by the hook,
 *    200 x LF_TEST_ITERS cases, at least 40): the signer redraws; the
 *    signature of the next nonce verifies, recovers the key and is not the
 *    unfaulted one; sign_checked gives the same.
 *  - A kept keypair with one bit of its secret or its public half flipped:
 *    sign_checked returns LF_ERR_FAULT (or the plain error if the secret
 *    is no longer a valid key); the plain sign, with a flip in the secret
 *    or in x, a signature that does not verify under the original key.
 * Usage: test_sign_fault   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <string.h>

#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"
#include "secp256k1/secp256k1_internal.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"

#define PROG "test_sign_fault"
#define MIN_PLAIN 500 /* floors of the case counts */
#define MIN_FAULT 40
/* the floor run (LF_TEST_ITERS small: 500 and 40 cases) makes ~4 550 checks
 * (a few less or more with another seed) */
#define MIN_CHECKS 4450

static lf_rng g;

static const uint8_t N_BYTES[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

/* --- the hook: flip bit (bit mod 8 len) of the value at site `site` ----------- */
static struct {
    int site;
    uint32_t bit;   /* drawn per case; reduced mod 8 len in the hook */
    size_t flipped; /* the bit flipped by the last call */
    long hits;
    lf_sc before, after; /* the scalar before and after the flip (scalar sites) */
} fi;

static void flip_hook(int site, void *obj, size_t len)
{
    if (site != fi.site) return;
    uint8_t *b = (uint8_t *)obj;
    fi.flipped = fi.bit % (8 * len);
    if (len == sizeof(lf_sc)) memcpy(&fi.before, obj, len);
    b[fi.flipped / 8] ^= (uint8_t)(1u << (fi.flipped % 8));
    if (len == sizeof(lf_sc)) memcpy(&fi.after, obj, len);
    fi.hits++;
}

static void arm(int site)
{
    fi.site = site;
    fi.bit = (uint32_t)lf_rng_u64(&g);
    fi.hits = 0;
}

/* a valid random secret key */
static void rand_sk(uint8_t sk[32])
{
    do lf_rng_bytes(&g, sk, 32);
    while (lf_secp256k1_seckey_verify(sk) != LF_OK);
}

/* --- no fault: checked == plain ------------------------------------------------ */
static void plain_cases(long iters)
{
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[100], extra[32], aux[32], s1[64], s2[64], s3[64], buf[100];
        int r1 = -1, r2 = 77, rc1, rc2, rc3;
        if (it % 64 == 63) { /* invalid keys: 0, n, 2^256 - 1 */
            int c = (int)((it / 64) % 3);
            if (c == 0) memset(sk, 0, 32);
            else if (c == 1) memcpy(sk, N_BYTES, 32);
            else memset(sk, 0xff, 32);
        } else {
            rand_sk(sk);
        }
        lf_rng_bytes(&g, msg, sizeof msg);
        lf_rng_bytes(&g, extra, 32);
        lf_rng_bytes(&g, aux, 32);
        const uint8_t *ex = (it & 1) ? extra : NULL;

        /* ECDSA */
        rc1 = lf_secp256k1_ecdsa_sign(s1, &r1, msg, sk, ex);
        memset(s2, 0xa5, 64);
        rc2 = lf_secp256k1_ecdsa_sign_checked(s2, &r2, msg, sk, ex);
        CHECK(rc1 == rc2 && !memcmp(s1, s2, 64) && r1 == r2,
              "case %ld: ecdsa_sign_checked rc %d recid %d, plain rc %d recid %d, or bytes differ",
              it, rc2, r2, rc1, r1);
        memset(s3, 0xa5, 64);
        rc3 = lf_secp256k1_ecdsa_sign_checked(s3, NULL, msg, sk, ex);
        CHECK(rc3 == rc1 && !memcmp(s3, s1, 64), "case %ld: ecdsa_sign_checked (recid NULL) rc %d",
              it, rc3);
        if (rc1 != LF_OK) {
            CHECK(rc2 == LF_ERR_RANGE && all_zero(s2, 64) && r2 == 0,
                  "case %ld: invalid key: rc %d, outputs not zeroed", it, rc2);
        } else {
            lf_secp256k1_pubkey pk, q;
            CHECK(lf_secp256k1_pubkey_create(&pk, sk) == LF_OK &&
                      lf_secp256k1_ecdsa_verify(s1, msg, &pk) == LF_OK &&
                      lf_secp256k1_ecdsa_recover(&q, s1, r1, msg) == LF_OK &&
                      lf_secp256k1_pubkey_eq(&q, &pk),
                  "case %ld: the plain signature does not verify or recover", it);
            if (it % 16 == 0) { /* sig64 aliasing msg32 */
                int r4 = 77;
                memcpy(buf, msg, 32);
                int rc4 = lf_secp256k1_ecdsa_sign_checked(buf, &r4, buf, sk, ex);
                CHECK(rc4 == LF_OK && !memcmp(buf, s1, 64) && r4 == r1,
                      "case %ld: ecdsa_sign_checked aliasing msg32: rc %d", it, rc4);
            }
        }

        /* BIP-340 */
        lf_secp256k1_keypair kp;
        int krc = lf_secp256k1_keypair_create(&kp, sk); /* invalid key: all-zero keypair */
        CHECK((krc == LF_OK) == (rc1 == LF_OK), "case %ld: keypair_create rc %d", it, krc);
        size_t len = (size_t)lf_rng_below(&g, 101);
        const uint8_t *m = len ? msg : NULL;
        const uint8_t *a = (it & 2) ? aux : NULL;
        rc1 = lf_secp256k1_schnorrsig_sign(s1, m, len, &kp, a);
        memset(s2, 0xa5, 64);
        rc2 = lf_secp256k1_schnorrsig_sign_checked(s2, m, len, &kp, a);
        CHECK(rc1 == rc2 && !memcmp(s1, s2, 64),
              "case %ld: schnorrsig_sign_checked (len %zu) rc %d, plain %d, or bytes differ", it,
              len, rc2, rc1);
        if (rc1 != LF_OK)
            CHECK(rc2 == LF_ERR_INVALID && all_zero(s2, 64),
                  "case %ld: no keypair: rc %d, sig not zeroed", it, rc2);
        rc1 = lf_secp256k1_schnorrsig_sign32(s1, msg, &kp, a);
        memset(s2, 0xa5, 64);
        rc2 = lf_secp256k1_schnorrsig_sign32_checked(s2, msg, &kp, a);
        CHECK(rc1 == rc2 && !memcmp(s1, s2, 64),
              "case %ld: schnorrsig_sign32_checked rc %d, plain %d, or bytes differ", it, rc2, rc1);
        if (rc1 == LF_OK && it % 16 == 1) { /* sig64 aliasing msg (a 100-byte message) */
            rc1 = lf_secp256k1_schnorrsig_sign(s1, msg, 100, &kp, a);
            memcpy(buf, msg, 100);
            rc2 = lf_secp256k1_schnorrsig_sign_checked(buf, buf, 100, &kp, a);
            CHECK(rc1 == LF_OK && rc2 == LF_OK && !memcmp(buf, s1, 64),
                  "case %ld: schnorrsig_sign_checked aliasing msg: rc %d", it, rc2);
        }
        lf_wipe(&kp, sizeof kp);
    }
}

/* --- the parameter errors of the checked BIP-340 signer ------------------------- */
static void error_cases(void)
{
    lf_secp256k1_keypair kp;
    uint8_t sk[32] = {[31] = 3}, sig[64];
    memset(&kp, 0, sizeof kp);
    memset(sig, 0xa5, 64);
    CHECK(lf_secp256k1_schnorrsig_sign_checked(sig, NULL, 0, &kp, NULL) == LF_ERR_INVALID &&
              all_zero(sig, 64),
          "all-zero keypair: not LF_ERR_INVALID with sig zeroed");
    CHECK(lf_secp256k1_keypair_create(&kp, sk) == LF_OK, "keypair_create(3)");
    memset(sig, 0xa5, 64);
    CHECK(lf_secp256k1_schnorrsig_sign_checked(sig, NULL, 5, &kp, NULL) == LF_ERR_PARAM &&
              all_zero(sig, 64),
          "msg NULL with msglen 5: not LF_ERR_PARAM with sig zeroed");
}

/* --- key recovery from a correct and a faulty signature ---------------------------- */

/* ECDSA, fault d' = d + delta in the secret key (same k, same r): with
 * s1 = k^-1 (m + r d), s2 = k^-1 (m + r d'), k = -r delta / (s1 - s2) and
 * d = (s1 k - m) / r; the released s are +-s (low s): the four signs are
 * tried, the key is the candidate equal to sk. */
static int ecdsa_key_from_fault(const uint8_t good[64], const uint8_t bad[64],
                                const uint8_t msg[32], const uint8_t sk[32])
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc r, s1n, s2n, m, delta, d, want;
    (void)lf_sc_set_b32(&r, good);
    (void)lf_sc_set_b32(&s1n, good + 32);
    (void)lf_sc_set_b32(&s2n, bad + 32);
    (void)lf_sc_set_b32(&want, sk);
    lf_sc_reduce32(&m, msg);
    lf_sc_sub(nk, &delta, &fi.after, &fi.before); /* d' - d */
    for (int sg = 0; sg < 4; sg++) {
        lf_sc s1 = s1n, s2 = s2n, t, k, ri;
        lf_sc_cond_negate(nk, &s1, &s1n, sg & 1);
        lf_sc_cond_negate(nk, &s2, &s2n, sg >> 1);
        lf_sc_sub(nk, &t, &s1, &s2);
        if (lf_sc_is_zero(&t)) continue;
        lf_sc_inv_var(&t, &t);
        lf_sc_mul(nk, &k, &r, &delta);
        lf_sc_neg(nk, &k, &k);
        lf_sc_mul(nk, &k, &k, &t); /* k = -r (d' - d) / (s1 - s2) */
        lf_sc_mul(nk, &t, &s1, &k);
        lf_sc_sub(nk, &t, &t, &m);
        lf_sc_inv_var(&ri, &r);
        lf_sc_mul(nk, &d, &t, &ri);
        if (lf_sc_eq(&d, &want)) return 1;
    }
    return 0;
}

/* BIP-340, fault e' in the challenge (same k, same R): s - s' = (e - e') d;
 * the key found must give the x-only key xpk */
static int bip340_key_from_fault(const uint8_t good[64], const uint8_t bad[64],
                                 const lf_secp256k1_xonly_pubkey *xpk)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_sc s, s2, t, de, d;
    uint8_t db[32];
    lf_secp256k1_keypair kp;
    lf_secp256k1_xonly_pubkey x2;
    (void)lf_sc_set_b32(&s, good + 32);
    (void)lf_sc_set_b32(&s2, bad + 32);
    lf_sc_sub(nk, &t, &s, &s2);
    lf_sc_sub(nk, &de, &fi.before, &fi.after); /* e - e' */
    if (lf_sc_is_zero(&de)) return 0;
    lf_sc_inv_var(&de, &de);
    lf_sc_mul(nk, &d, &t, &de);
    lf_sc_get_b32(db, &d);
    return lf_secp256k1_keypair_create(&kp, db) == LF_OK &&
           lf_secp256k1_keypair_xonly_pub(&x2, NULL, &kp) == LF_OK &&
           lf_secp256k1_xonly_pubkey_eq(&x2, xpk);
}

/* --- faults ------------------------------------------------------------------------ */
static const struct {
    int site;
    const char *name;
} ecdsa_sites[] = {{LF_SIGN_FAULT_ECDSA_NONCE_PRE, "ecdsa nonce before R"},
                   {LF_SIGN_FAULT_ECDSA_R, "ecdsa R"},
                   {LF_SIGN_FAULT_ECDSA_NONCE, "ecdsa nonce after R"},
                   {LF_SIGN_FAULT_ECDSA_SECRET, "ecdsa secret key"},
                   {LF_SIGN_FAULT_ECDSA_S, "ecdsa s"}},
  bip340_sites[] = {{LF_SIGN_FAULT_BIP340_R, "bip340 R"},
                    {LF_SIGN_FAULT_BIP340_SECRET, "bip340 d"},
                    {LF_SIGN_FAULT_BIP340_CHALLENGE, "bip340 challenge"},
                    {LF_SIGN_FAULT_BIP340_S, "bip340 s"}};

static void ecdsa_faults(int site, const char *name, long iters)
{
    long bad = 0, caught = 0, leaked = 0, rid_only = 0;
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[32], extra[32], ref[64], sp[64], sc[64], sn[64];
        int rref = -1, rp = -1, rcid = 77;
        lf_secp256k1_pubkey pk, q;
        rand_sk(sk);
        lf_rng_bytes(&g, msg, 32);
        lf_rng_bytes(&g, extra, 32);
        const uint8_t *ex = (it & 1) ? extra : NULL;
        if (lf_secp256k1_pubkey_create(&pk, sk) != LF_OK ||
            lf_secp256k1_ecdsa_sign(ref, &rref, msg, sk, ex) != LF_OK) {
            CHECK(0, "%s case %ld: set-up failed", name, it);
            continue;
        }
        arm(site);
        int rcp = lf_secp256k1_ecdsa_sign(sp, &rp, msg, sk, ex);
        long hp = fi.hits;
        size_t flipped = fi.flipped;
        fi.hits = 0;
        memset(sc, 0xa5, 64);
        int rcc = lf_secp256k1_ecdsa_sign_checked(sc, &rcid, msg, sk, ex);
        long hc = fi.hits;
        fi.hits = 0;
        memset(sn, 0xa5, 64);
        int rcn = lf_secp256k1_ecdsa_sign_checked(sn, NULL, msg, sk, ex);
        long hn = fi.hits;
        fi.site = 0;
        CHECK(hp == 1 && hc == 1 && hn == 1 && rcp == LF_OK,
              "%s case %ld: hook hits %ld/%ld/%ld, plain rc %d", name, it, hp, hc, hn, rcp);
        int valid = lf_secp256k1_ecdsa_verify(sp, msg, &pk) == LF_OK;
        int ridok = valid && lf_secp256k1_ecdsa_recover(&q, sp, rp, msg) == LF_OK &&
                    lf_secp256k1_pubkey_eq(&q, &pk);
        if (!ridok) {
            bad++;
            CHECK(rcc == LF_ERR_FAULT && all_zero(sc, 64) && rcid == 0,
                  "%s case %ld (bit %zu): bad signature (valid %d), checked rc %d recid %d", name,
                  it, flipped, valid, rcc, rcid);
            caught += rcc == LF_ERR_FAULT;
        } else {
            CHECK(rcc == LF_OK && !memcmp(sc, sp, 64) && rcid == rp,
                  "%s case %ld (bit %zu): good signature, checked rc %d", name, it, flipped, rcc);
        }
        if (!valid)
            CHECK(rcn == LF_ERR_FAULT && all_zero(sn, 64),
                  "%s case %ld: recid NULL: rc %d", name, it, rcn);
        else
            CHECK(rcn == LF_OK && !memcmp(sn, sp, 64), "%s case %ld: recid NULL: rc %d", name, it,
                  rcn);
        switch (site) {
        case LF_SIGN_FAULT_ECDSA_NONCE_PRE: /* the limit: valid, another nonce */
            CHECK(ridok && memcmp(sp, ref, 64) != 0,
                  "%s case %ld: want a valid signature under another nonce", name, it);
            break;
        case LF_SIGN_FAULT_ECDSA_R:
            if (flipped / 256 == 1) { /* Y: r and s unchanged, the recovery id may differ */
                CHECK(valid && !memcmp(sp, ref, 64), "%s case %ld: Y flip changed r or s", name,
                      it);
                rid_only += rp != rref;
            } else {
                CHECK(!valid, "%s case %ld: X/Z flip (bit %zu) still verifies", name, it, flipped);
            }
            break;
        case LF_SIGN_FAULT_ECDSA_SECRET:
            CHECK(!valid, "%s case %ld: still verifies", name, it);
            if (!valid) {
                int got = ecdsa_key_from_fault(ref, sp, msg, sk);
                CHECK(got, "%s case %ld: the secret key not found from the faulty signature", name,
                      it);
                leaked += got;
            }
            break;
        default:
            CHECK(!valid, "%s case %ld: still verifies", name, it);
        }
    }
    printf("  %-22s %5ld faults, %5ld bad signatures released by sign, %5ld refused by "
           "sign_checked",
           name, iters, bad, caught);
    if (site == LF_SIGN_FAULT_ECDSA_R) printf(" (%ld: the recovery id only)", rid_only);
    if (site == LF_SIGN_FAULT_ECDSA_SECRET) printf(", key computed from %ld", leaked);
    printf("\n");
    if (site != LF_SIGN_FAULT_ECDSA_NONCE_PRE)
        CHECK(bad > iters / 2, "%s: only %ld of %ld faults gave a bad signature", name, bad, iters);
}

static void bip340_faults(int site, const char *name, long iters)
{
    long bad = 0, caught = 0, leaked = 0;
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[64], aux[32], ref[64], sp[64], sc[64];
        lf_secp256k1_keypair kp;
        lf_secp256k1_xonly_pubkey xpk;
        rand_sk(sk);
        lf_rng_bytes(&g, msg, sizeof msg);
        lf_rng_bytes(&g, aux, 32);
        size_t len = (it & 2) ? 32 : (size_t)lf_rng_below(&g, 65);
        const uint8_t *m = len ? msg : NULL;
        const uint8_t *a = (it & 1) ? aux : NULL;
        if (lf_secp256k1_keypair_create(&kp, sk) != LF_OK ||
            lf_secp256k1_keypair_xonly_pub(&xpk, NULL, &kp) != LF_OK ||
            lf_secp256k1_schnorrsig_sign(ref, m, len, &kp, a) != LF_OK) {
            CHECK(0, "%s case %ld: set-up failed", name, it);
            continue;
        }
        arm(site);
        int rcp = lf_secp256k1_schnorrsig_sign(sp, m, len, &kp, a);
        long hp = fi.hits;
        size_t flipped = fi.flipped;
        lf_sc before = fi.before, after = fi.after;
        fi.hits = 0;
        memset(sc, 0xa5, 64);
        int rcc = len == 32 ? lf_secp256k1_schnorrsig_sign32_checked(sc, msg, &kp, a)
                            : lf_secp256k1_schnorrsig_sign_checked(sc, m, len, &kp, a);
        long hc = fi.hits;
        fi.site = 0;
        CHECK(hp == 1 && hc == 1 && rcp == LF_OK, "%s case %ld: hook hits %ld/%ld, plain rc %d",
              name, it, hp, hc, rcp);
        int valid = lf_secp256k1_schnorrsig_verify(sp, m, len, &xpk) == LF_OK;
        if (!valid) {
            bad++;
            CHECK(rcc == LF_ERR_FAULT && all_zero(sc, 64),
                  "%s case %ld (bit %zu): bad signature, checked rc %d", name, it, flipped, rcc);
            caught += rcc == LF_ERR_FAULT;
        } else {
            CHECK(rcc == LF_OK && !memcmp(sc, sp, 64),
                  "%s case %ld (bit %zu): good signature, checked rc %d", name, it, flipped, rcc);
        }
        if (site == LF_SIGN_FAULT_BIP340_R) {
            if (flipped / 256 == 1) /* Y: only R's parity can change */
                CHECK(!valid || !memcmp(sp, ref, 64),
                      "%s case %ld: Y flip gave another valid signature", name, it);
            else
                CHECK(!valid, "%s case %ld: X/Z flip (bit %zu) still verifies", name, it, flipped);
        } else {
            CHECK(!valid, "%s case %ld: still verifies", name, it);
        }
        if (site == LF_SIGN_FAULT_BIP340_CHALLENGE && !valid) {
            fi.before = before;
            fi.after = after;
            int got = bip340_key_from_fault(ref, sp, &xpk);
            CHECK(got, "%s case %ld: the secret key not found from the faulty signature", name, it);
            leaked += got;
        }
        lf_wipe(&kp, sizeof kp);
    }
    printf("  %-22s %5ld faults, %5ld bad signatures released by sign, %5ld refused by "
           "sign_checked",
           name, iters, bad, caught);
    if (site == LF_SIGN_FAULT_BIP340_CHALLENGE) printf(", key computed from %ld", leaked);
    printf("\n");
    CHECK(bad > iters / 4, "%s: only %ld of %ld faults gave a bad signature", name, bad, iters);
}

/* --- r = 0 or s = 0: the signer draws the next nonce ------------------------------ */
static void zero_hook(int site, void *obj, size_t len)
{
    if (site != fi.site) return;
    /* ECDSA_R: X = 0 makes R.x and r 0; ECDSA_S: s = 0 */
    if (fi.hits++ == 0) memset(obj, 0, site == LF_SIGN_FAULT_ECDSA_R ? len / 3 : len);
}

/* A zero r or s in the first attempt (probability ~2^-255 without a fault)
 * must not be released: the signer redraws, and the signature of the next
 * nonce verifies, recovers the key and differs from the unfaulted one. */
static void ecdsa_redraw(long iters)
{
    static const int sites[2] = {LF_SIGN_FAULT_ECDSA_R, LF_SIGN_FAULT_ECDSA_S};
    long redrawn = 0;
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[32], ref[64], sp[64], sc[64];
        int rref = -1, rp = -1, rc = -1;
        lf_secp256k1_pubkey pk, q;
        rand_sk(sk);
        lf_rng_bytes(&g, msg, 32);
        const char *name = it & 1 ? "s = 0" : "r = 0";
        if (lf_secp256k1_pubkey_create(&pk, sk) != LF_OK ||
            lf_secp256k1_ecdsa_sign(ref, &rref, msg, sk, NULL) != LF_OK) {
            CHECK(0, "redraw case %ld: set-up failed", it);
            continue;
        }
        fi.site = sites[it & 1];
        fi.hits = 0;
        int rcp = lf_secp256k1_ecdsa_sign(sp, &rp, msg, sk, NULL);
        long hp = fi.hits;
        fi.hits = 0;
        int rcc = lf_secp256k1_ecdsa_sign_checked(sc, &rc, msg, sk, NULL);
        long hc = fi.hits;
        fi.site = 0;
        int ok = rcp == LF_OK && lf_secp256k1_ecdsa_verify(sp, msg, &pk) == LF_OK &&
                 lf_secp256k1_ecdsa_recover(&q, sp, rp, msg) == LF_OK &&
                 lf_secp256k1_pubkey_eq(&q, &pk) && memcmp(sp, ref, 64) != 0;
        CHECK(ok && hp == 2 && hc == 2 && rcc == LF_OK && !memcmp(sc, sp, 64) && rc == rp,
              "redraw case %ld (%s): rc %d/%d, hook hits %ld/%ld, the next nonce's signature "
              "%s", it, name, rcp, rcc, hp, hc, ok ? "ok" : "bad or missing");
        redrawn += ok;
    }
    printf("  %-22s %5ld cases (r = 0, s = 0 in the first attempt), %5ld redrawn and valid\n",
           "ecdsa redraw", iters, redrawn);
}

/* a kept keypair with a bit flipped (no hook) */
static void keypair_faults(long iters)
{
    long refused = 0;
    for (long it = 0; it < iters; it++) {
        uint8_t sk[32], msg[32], sp[64], sc[64];
        lf_secp256k1_keypair kp, kb;
        lf_secp256k1_xonly_pubkey xpk;
        rand_sk(sk);
        lf_rng_bytes(&g, msg, 32);
        if (lf_secp256k1_keypair_create(&kp, sk) != LF_OK ||
            lf_secp256k1_keypair_xonly_pub(&xpk, NULL, &kp) != LF_OK) {
            CHECK(0, "keypair case %ld: set-up failed", it);
            continue;
        }
        kb = kp;
        size_t bit = (size_t)lf_rng_below(&g, 8 * (32 + 64)); /* sk, then the public half */
        uint8_t *p = bit < 256 ? kb.sk + bit / 8 : (uint8_t *)kb.pk.d + (bit - 256) / 8;
        *p ^= (uint8_t)(1u << (bit % 8));
        int rcp = lf_secp256k1_schnorrsig_sign32(sp, msg, &kb, NULL);
        memset(sc, 0xa5, 64);
        int rcc = lf_secp256k1_schnorrsig_sign32_checked(sc, msg, &kb, NULL);
        if (rcp != LF_OK) { /* the flipped secret is no longer a key */
            CHECK(rcc == rcp && all_zero(sc, 64), "keypair case %ld: checked rc %d, plain %d", it,
                  rcc, rcp);
            continue;
        }
        /* a flip in the secret or in x changes the signature; one in y
         * only the key the check uses (the signature is the right one
         * unless y's parity flipped), still a keypair that is not one */
        if (bit < 512)
            CHECK(lf_secp256k1_schnorrsig_verify(sp, msg, 32, &xpk) != LF_OK,
                  "keypair case %ld (bit %zu): the plain signature verifies", it, bit);
        CHECK(rcc == LF_ERR_FAULT && all_zero(sc, 64), "keypair case %ld (bit %zu): checked rc %d",
              it, bit, rcc);
        refused += rcc == LF_ERR_FAULT;
    }
    printf("  %-22s %5ld faults, %5ld refused by sign_checked\n", "bip340 kept keypair", iters,
           refused);
}

int main(void)
{
    lf_test_backend_or_skip(PROG);
    long plain = lf_test_iters(10000, MIN_PLAIN);
    long faults = lf_test_iters(200, MIN_FAULT);
    lf_rng_seed(&g, lf_test_seed(0x5167fa17u));
    printf("%s: backend=%s, %ld fault-free cases, %ld faults per site\n", PROG,
           lf_backend_name(lf_backend_current()), plain, faults);
    error_cases();
    plain_cases(plain);
    lf_secp256k1_sign_fault_hook = flip_hook;
    for (size_t i = 0; i < sizeof ecdsa_sites / sizeof ecdsa_sites[0]; i++)
        ecdsa_faults(ecdsa_sites[i].site, ecdsa_sites[i].name, faults);
    for (size_t i = 0; i < sizeof bip340_sites / sizeof bip340_sites[0]; i++)
        bip340_faults(bip340_sites[i].site, bip340_sites[i].name, faults);
    lf_secp256k1_sign_fault_hook = zero_hook;
    ecdsa_redraw(faults);
    lf_secp256k1_sign_fault_hook = NULL;
    keypair_faults(faults);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, MIN_CHECKS);
}
