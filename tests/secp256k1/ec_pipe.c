/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ec_pipe: the secp256k1 API (limbforge/secp256k1.h) and its group law and
 * point multiplications (src/secp256k1/group.h, ecmult.h) behind the oracle
 * pipe (line format: tests/common/pipe.h; checks: ec_oracle.py, a pure
 * Python model of the curve, so this runs under qemu too):
 *     python3 tests/secp256k1/ec_oracle.py -- build/tests/secp256k1/ec_pipe
 *
 * Words: SK, MSG, EXTRA, T(weak), R, S, Z are 32 bytes; SIG 64 (r || s);
 * PUB a SEC1 key (33 or 65 bytes, parsed with lf_secp256k1_pubkey_parse);
 * DER a byte string ("-" empty); RC a return code (decimal).  A point (PT)
 * is one word: "inf", or 64 bytes x || y (affine, coordinates < p).  An
 * error answer carries zeros where the API zeroes a byte output; a pubkey
 * output zeroed on error is checked here ("fail not-zeroed") and left out.
 * A PUB that does not parse answers "parse RC" instead.
 *
 * The API (rc 0 = LF_OK):
 *   seckey_verify SK          -> RC
 *   pubkey_create SK          -> RC [PUB33 PUB65]
 *   pubkey_parse BYTES        -> RC [PUB33 PUB65]    (any byte string)
 *   sign MSG SK [EXTRA]       -> RC SIG RECID        (also recid NULL and
 *                                                     sig aliasing msg)
 *   verify SIG MSG PUB        -> RC
 *   recover SIG RECID MSG     -> RC [PUB33]          RECID decimal, any
 *   ecdh PUB SK               -> RC OUT32 RCX X32    (ecdh, ecdh_x)
 *   seckey_negate SK          -> RC SK'
 *   seckey_tweak_add|mul SK T -> RC SK'
 *   pubkey_negate PUB         -> RC [PUB33]
 *   pubkey_tweak_add|mul PUB T -> RC [PUB33]         (every pubkey op also
 *                                         checks LF_ERR_INVALID on a zeroed key)
 *   der_serialize SIG         -> RC DER              (too small a buffer is
 *                                                     checked here)
 *   der_parse DER             -> RC SIG
 *   normalize SIG             -> RC SIG'             (in place checked too)
 * BIP-340, x-only keys, keypairs, MSM, batch verification
 * (limbforge/secp256k1_schnorr.h; X an x-only key, 32 bytes; MSG a byte
 * string, "-" empty, passed as NULL when empty):
 *   keypair SK                -> RC [X PARITY PUB33]  (keypair_create, _xonly_pub,
 *                                                      _pub, _sec checked here)
 *   xonly_parse X             -> RC [PUB33]          the lifted point (via
 *                                                      xonly_pubkey_tweak_add of 0)
 *   schnorr_sign MSG SK [AUX] -> RC SIG              RC of keypair_create when it
 *                                                      fails, else of sign; sign32
 *                                                      (32 bytes) and sig aliasing
 *                                                      msg checked here
 *   schnorr_verify SIG MSG X  -> RC                  ("parse RC" if X does not)
 *   keypair_tweak SK T        -> RC [SK' PUB33]      keypair_xonly_tweak_add (SK valid)
 *   xonly_tweak_add X T       -> RC [PUB33]
 *   tweak_check TX PARITY X T -> RC                  xonly_pubkey_tweak_add_check
 *   msm G TERMS               -> RC PT               lf_secp256k1_msm; G 32 bytes or
 *                                                      "-" (NULL); TERMS the bytes of
 *                                                      n terms S (32) || x || y (64,
 *                                                      all zero: infinity), "-" if
 *                                                      none; scratch at an odd
 *                                                      offset; one byte short must
 *                                                      give LF_ERR_PARAM, r zeroed
 *   batch ITEM...             -> RC COUNT BITS       verify_batch, find_invalid (bad
 *                                                      as 0/1 digits, "-" if no
 *                                                      item); ITEM: SIG || X || MSG
 *                                                      (an X that does not parse:
 *                                                      the all-zero key)
 * The internals (scalars S, NA, NG < n; k = lf_fe_k_get()):
 *   ecmult_gen S              -> PT                  S*G
 *   ecmult_const PT S         -> PT                  S*PT (PT not inf)
 *   ecmult_var PT NA NG       -> PT                  NA*PT + NG*G
 *   add_ge PT1 PT2 Z1         -> PT                  lf_gej_add_ge
 *   add_ge_var PT1 PT2 Z1     -> PT RZR              lf_gej_add_ge_var
 *   add_var PT1 PT2 Z1 Z2     -> PT                  lf_gej_add_var
 *   add_zinv PT1 PT2 Z1 Z2    -> PT                  lf_gej_add_zinv_var
 *   double PT1 Z1             -> PT                  lf_gej_double
 * PT1 enters as Jacobian (x z^2, y z^3, z) with z = Z1 (nonzero); infinity
 * as the constant-time form (0, 0, 0) for add_ge and double, and with
 * junk coordinates (z^2, z^3, z) and the flag set for the _var functions
 * (an affine infinity given to a _var function has G's coordinates).
 * PT2 is affine for the mixed additions (never inf for add_ge); for add_var
 * it is Jacobian with Z2; for add_zinv it is (x Z2^2, y Z2^3) with bzinv =
 * 1/Z2.  Every group op runs in place too (r == a; r == b for add_var) and
 * answers "fail alias" on a different point; the constant-time ones must
 * keep inf == (Z == 0) ("fail inf-z").  RZR: "-" if PT1 is inf, else "ok"
 * if the call with rzr gives the same point and r.z == a.z * rzr (unless r
 * is inf), "bad" if not (the oracle holds it to that when a != b). */
#include <stdlib.h>
#include <string.h>

#include "../common/pipe.h"
#include "field/generated/secp256k1_p_internal.h"
#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/group.h"

static char buf[1 << 12];
static lf_fe_k *k;

/* ---- words ---- */
static void get_sc(lf_sc *r, const char *w)
{
    unsigned char b[32];
    lf_pipe_hex_be(b, 32, w);
    if (lf_sc_set_b32(r, b)) lf_pipe_die("scalar >= n");
}

static void get_fe(lf_fe *r, const unsigned char *b)
{
    if (!lf_fe_set_b32(r, b)) lf_pipe_die("coordinate >= p");
}

static void get_z(lf_fe *z, const char *w)
{
    unsigned char b[32];
    lf_pipe_hex_be(b, 32, w);
    get_fe(z, b);
    if (lf_secp256k1_p_is_zero(z)) lf_pipe_die("z = 0");
}

static void get_pt(lf_ge *r, const char *w)
{
    unsigned char b[64];
    memset(r, 0, sizeof *r);
    if (!strcmp(w, "inf")) {
        r->inf = 1;
        return;
    }
    lf_pipe_hex_be(b, 64, w);
    get_fe(&r->x, b);
    get_fe(&r->y, b + 32);
}

static void put_ge(const lf_ge *a)
{
    unsigned char b[64];
    if (a->inf) {
        lf_pipe_put("inf");
        return;
    }
    lf_fe_get_b32(b, &a->x);
    lf_fe_get_b32(b + 32, &a->y);
    lf_pipe_put_hex(b, 64);
}

static int ge_same(const lf_ge *a, const lf_ge *b)
{
    if (a->inf || b->inf) return a->inf == b->inf;
    return lf_fe_equal(k, &a->x, &b->x) && lf_fe_equal(k, &a->y, &b->y);
}

/* an affine infinity for the _var functions: junk coordinates (G's) */
static void junk(lf_ge *a)
{
    if (a->inf) a->x = lf_ge_g.x, a->y = lf_ge_g.y;
}

/* a as Jacobian with z; ct: infinity as (0, 0, 0), else junk coordinates */
static void to_gej(lf_gej *r, const lf_ge *a, const lf_fe *z, int ct)
{
    lf_fe z2, z3;
    lf_fe_sqr(k, &z2, z);
    lf_fe_mul(k, &z3, &z2, z);
    if (a->inf && ct) {
        lf_gej_set_infinity(r);
    } else if (a->inf) {
        r->x = z2, r->y = z3, r->z = *z, r->inf = 1;
    } else {
        lf_fe_mul(k, &r->x, &a->x, &z2);
        lf_fe_mul(k, &r->y, &a->y, &z3);
        r->z = *z;
        r->inf = 0;
    }
}

/* affine of a Jacobian result; ct: also checks inf == (Z == 0) */
static int from_gej(lf_ge *r, const lf_gej *a, int ct)
{
    if (ct) {
        if (a->inf != (int)lf_fe_is_zero_ct(&a->z)) return 0; /* z lazy: 0 or p */
        lf_ge_set_gej(k, r, a);
    } else {
        lf_ge_set_gej_var(k, r, a);
    }
    return 1;
}

/* the answer for r (and r2, the in-place run, if not NULL) */
static void answer_gej(const lf_gej *r, const lf_gej *r2, int ct, int end)
{
    lf_ge a, b;
    if (!from_gej(&a, r, ct) || (r2 && !from_gej(&b, r2, ct))) {
        lf_pipe_fail("inf-z");
        return;
    }
    if (r2 && !ge_same(&a, &b)) {
        lf_pipe_fail("alias");
        return;
    }
    put_ge(&a);
    if (end) lf_pipe_end();
}

/* ---- public keys ---- */
static int pk_zero(const lf_secp256k1_pubkey *pk)
{
    static const lf_secp256k1_pubkey zero;
    return memcmp(pk, &zero, sizeof zero) == 0;
}

/* PUB word into pk; 0 (answer "parse RC" given) if it does not parse */
static int get_pub(lf_secp256k1_pubkey *pk, const char *w)
{
    uint8_t b[80];
    size_t len = lf_pipe_hex_bytes(b, sizeof b, w);
    int rc = lf_secp256k1_pubkey_parse(pk, b, len);
    if (rc == LF_OK) return 1;
    if (!pk_zero(pk)) {
        lf_pipe_fail("parse-not-zeroed");
        return 0;
    }
    lf_pipe_put("parse");
    lf_pipe_put_int(rc);
    lf_pipe_end();
    return 0;
}

/* RC and, on success, the compressed (and uncompressed) key */
static void answer_pub(int rc, const lf_secp256k1_pubkey *pk, int both)
{
    uint8_t b[2][65];
    size_t len[2] = {33, 65};
    if (rc != LF_OK) {
        if (!pk_zero(pk)) {
            lf_pipe_fail("not-zeroed");
            return;
        }
        lf_pipe_put_int(rc);
        lf_pipe_end();
        return;
    }
    for (int i = 0; i <= both; i++) {
        size_t want = len[i];
        len[i] = sizeof b[i];
        if (lf_secp256k1_pubkey_serialize(b[i], &len[i], pk, i == 0) != LF_OK || len[i] != want) {
            lf_pipe_fail("serialize");
            return;
        }
    }
    lf_pipe_put_int(rc);
    for (int i = 0; i <= both; i++) lf_pipe_put_hex(b[i], len[i]);
    lf_pipe_end();
}

/* ---- the API ops; 1 if op was one of them ---- */
static int api(const lf_pipe_req *q)
{
    const char *op = q->w[0];
    uint8_t sk[32], t[32], msg[32], ex[32], sig[64], out[64], der[512];
    lf_secp256k1_pubkey pk, zero;
    size_t len;
    int rc;
    memset(&zero, 0, sizeof zero);
    if (!strcmp(op, "seckey_verify")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        lf_pipe_put_int(lf_secp256k1_seckey_verify(sk));
        lf_pipe_end();
    } else if (!strcmp(op, "pubkey_create")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        memset(&pk, 0xa5, sizeof pk);
        rc = lf_secp256k1_pubkey_create(&pk, sk);
        answer_pub(rc, &pk, 1);
    } else if (!strcmp(op, "pubkey_parse")) {
        lf_pipe_arity(q, 1);
        len = lf_pipe_hex_bytes(der, sizeof der, q->w[1]);
        memset(&pk, 0xa5, sizeof pk);
        rc = lf_secp256k1_pubkey_parse(&pk, der, len);
        answer_pub(rc, &pk, 1);
    } else if (!strcmp(op, "sign")) {
        if (q->n != 3) lf_pipe_arity(q, 3);
        lf_pipe_hex_be(msg, 32, q->w[1]);
        lf_pipe_hex_be(sk, 32, q->w[2]);
        if (q->n == 4) lf_pipe_hex_be(ex, 32, q->w[3]);
        const uint8_t *e = q->n == 4 ? ex : NULL;
        int recid = -1;
        memset(sig, 0xa5, 64);
        rc = lf_secp256k1_ecdsa_sign(sig, &recid, msg, sk, e);
        memcpy(out, msg, 32); /* sig aliasing msg, recid NULL */
        int rc2 = lf_secp256k1_ecdsa_sign(out, NULL, out, sk, e);
        if (rc2 != rc || memcmp(out, sig, 64)) {
            lf_pipe_fail("alias/recid-null");
            return 1;
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(sig, 64);
        lf_pipe_put_int(recid);
        lf_pipe_end();
    } else if (!strcmp(op, "verify")) {
        lf_pipe_arity(q, 3);
        lf_pipe_hex_be(sig, 64, q->w[1]);
        lf_pipe_hex_be(msg, 32, q->w[2]);
        if (!get_pub(&pk, q->w[3])) return 1;
        lf_pipe_put_int(lf_secp256k1_ecdsa_verify(sig, msg, &pk));
        lf_pipe_end();
    } else if (!strcmp(op, "recover")) {
        lf_pipe_arity(q, 3);
        lf_pipe_hex_be(sig, 64, q->w[1]);
        int recid = (int)lf_pipe_int(q->w[2], -100, 100);
        lf_pipe_hex_be(msg, 32, q->w[3]);
        memset(&pk, 0xa5, sizeof pk);
        rc = lf_secp256k1_ecdsa_recover(&pk, sig, recid, msg);
        answer_pub(rc, &pk, 0);
    } else if (!strcmp(op, "ecdh")) {
        lf_pipe_arity(q, 2);
        if (!get_pub(&pk, q->w[1])) return 1;
        lf_pipe_hex_be(sk, 32, q->w[2]);
        if (lf_secp256k1_ecdh(out, &zero, sk) != LF_ERR_INVALID) {
            lf_pipe_fail("unparsed-key");
            return 1;
        }
        memset(out, 0xa5, 64);
        rc = lf_secp256k1_ecdh(out, &pk, sk);
        int rcx = lf_secp256k1_ecdh_x(out + 32, &pk, sk);
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(out, 32);
        lf_pipe_put_int(rcx);
        lf_pipe_put_hex(out + 32, 32);
        lf_pipe_end();
    } else if (!strcmp(op, "seckey_negate")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        lf_pipe_put_int(lf_secp256k1_seckey_negate(sk));
        lf_pipe_put_hex(sk, 32);
        lf_pipe_end();
    } else if (!strcmp(op, "seckey_tweak_add") || !strcmp(op, "seckey_tweak_mul")) {
        lf_pipe_arity(q, 2);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        lf_pipe_hex_be(t, 32, q->w[2]);
        int add = op[13] == 'a'; /* seckey_tweak_[a]dd */
        rc = add ? lf_secp256k1_seckey_tweak_add(sk, t) : lf_secp256k1_seckey_tweak_mul(sk, t);
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(sk, 32);
        lf_pipe_end();
    } else if (!strcmp(op, "pubkey_negate")) {
        lf_pipe_arity(q, 1);
        if (!get_pub(&pk, q->w[1])) return 1;
        lf_secp256k1_pubkey z = zero;
        if (lf_secp256k1_pubkey_negate(&z) != LF_ERR_INVALID) {
            lf_pipe_fail("unparsed-key");
            return 1;
        }
        answer_pub(lf_secp256k1_pubkey_negate(&pk), &pk, 0);
    } else if (!strcmp(op, "pubkey_tweak_add") || !strcmp(op, "pubkey_tweak_mul")) {
        lf_pipe_arity(q, 2);
        if (!get_pub(&pk, q->w[1])) return 1;
        lf_pipe_hex_be(t, 32, q->w[2]);
        int add = op[13] == 'a'; /* pubkey_tweak_[a]dd */
        lf_secp256k1_pubkey z = zero;
        rc = add ? lf_secp256k1_pubkey_tweak_add(&z, t) : lf_secp256k1_pubkey_tweak_mul(&z, t);
        if (rc != LF_ERR_INVALID || !pk_zero(&z)) {
            lf_pipe_fail("unparsed-key");
            return 1;
        }
        rc = add ? lf_secp256k1_pubkey_tweak_add(&pk, t) : lf_secp256k1_pubkey_tweak_mul(&pk, t);
        answer_pub(rc, &pk, 0);
    } else if (!strcmp(op, "der_serialize")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sig, 64, q->w[1]);
        len = LF_SECP256K1_DER_MAX_BYTES;
        rc = lf_secp256k1_ecdsa_der_serialize(der, &len, sig);
        if (rc == LF_OK) { /* one byte short: LF_ERR_PARAM, *outlen 0 */
            size_t small = len - 1;
            uint8_t tmp[LF_SECP256K1_DER_MAX_BYTES];
            if (lf_secp256k1_ecdsa_der_serialize(tmp, &small, sig) != LF_ERR_PARAM || small) {
                lf_pipe_fail("short-buffer");
                return 1;
            }
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(der, rc == LF_OK ? len : 0);
        lf_pipe_end();
    } else if (!strcmp(op, "der_parse")) {
        lf_pipe_arity(q, 1);
        len = lf_pipe_hex_bytes(der, sizeof der, q->w[1]);
        memset(sig, 0xa5, 64);
        rc = lf_secp256k1_ecdsa_der_parse(sig, der, len);
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(sig, 64);
        lf_pipe_end();
    } else if (!strcmp(op, "normalize")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sig, 64, q->w[1]);
        memset(out, 0xa5, 64);
        rc = lf_secp256k1_ecdsa_normalize(out, sig);
        if (lf_secp256k1_ecdsa_normalize(sig, sig) != rc || memcmp(out, sig, 64)) {
            lf_pipe_fail("alias");
            return 1;
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(out, 64);
        lf_pipe_end();
    } else {
        return 0;
    }
    return 1;
}

/* ---- BIP-340, MSM, batch verification; 1 if op was one of them ---- */
static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

/* X word into xpk; 0 (answer "parse RC" given) if it does not parse */
static int get_xonly(lf_secp256k1_xonly_pubkey *xpk, const char *w)
{
    uint8_t x[32];
    lf_pipe_hex_be(x, 32, w);
    int rc = lf_secp256k1_xonly_pubkey_parse(xpk, x);
    if (rc == LF_OK) return 1;
    if (!all_zero(xpk, sizeof *xpk)) {
        lf_pipe_fail("parse-not-zeroed");
        return 0;
    }
    lf_pipe_put("parse");
    lf_pipe_put_int(rc);
    lf_pipe_end();
    return 0;
}

#define MAXTERMS 16
#define MAXITEMS 15

static int schnorr(const lf_pipe_req *q)
{
    const char *op = q->w[0];
    uint8_t sk[32], t[32], x[32], aux[32], sig[64], msg[512], out[512];
    lf_secp256k1_keypair kp;
    lf_secp256k1_xonly_pubkey xpk;
    lf_secp256k1_pubkey pk;
    size_t len;
    int rc, par;
    if (!strcmp(op, "keypair")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        memset(&kp, 0xa5, sizeof kp);
        rc = lf_secp256k1_keypair_create(&kp, sk);
        if (rc != LF_OK) {
            if (!all_zero(&kp, sizeof kp) ||
                lf_secp256k1_keypair_xonly_pub(&xpk, &par, &kp) != LF_ERR_INVALID) {
                lf_pipe_fail("failed-keypair");
                return 1;
            }
            lf_pipe_put_int(rc);
            lf_pipe_end();
            return 1;
        }
        par = -1;
        if (lf_secp256k1_keypair_xonly_pub(&xpk, &par, &kp) != LF_OK ||
            lf_secp256k1_xonly_pubkey_serialize(x, &xpk) != LF_OK ||
            lf_secp256k1_keypair_sec(t, &kp) != LF_OK || memcmp(t, sk, 32) ||
            lf_secp256k1_keypair_pub(&pk, &kp) != LF_OK) {
            lf_pipe_fail("keypair-parts");
            return 1;
        }
        len = 33;
        if (lf_secp256k1_pubkey_serialize(out, &len, &pk, 1) != LF_OK) {
            lf_pipe_fail("serialize");
            return 1;
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(x, 32);
        lf_pipe_put_int(par);
        lf_pipe_put_hex(out, 33);
        lf_pipe_end();
    } else if (!strcmp(op, "xonly_parse")) {
        lf_pipe_arity(q, 1);
        lf_pipe_hex_be(x, 32, q->w[1]);
        memset(&xpk, 0xa5, sizeof xpk);
        rc = lf_secp256k1_xonly_pubkey_parse(&xpk, x);
        if (rc != LF_OK) {
            if (!all_zero(&xpk, sizeof xpk)) {
                lf_pipe_fail("parse-not-zeroed");
                return 1;
            }
            lf_pipe_put_int(rc);
            lf_pipe_end();
            return 1;
        }
        memset(t, 0, 32);
        len = 33;
        if (lf_secp256k1_xonly_pubkey_serialize(sk, &xpk) != LF_OK || memcmp(sk, x, 32) ||
            lf_secp256k1_xonly_pubkey_tweak_add(&pk, &xpk, t) != LF_OK ||
            lf_secp256k1_pubkey_serialize(out, &len, &pk, 1) != LF_OK) {
            lf_pipe_fail("xonly-serialize");
            return 1;
        }
        lf_pipe_put_int(LF_OK);
        lf_pipe_put_hex(out, 33);
        lf_pipe_end();
    } else if (!strcmp(op, "schnorr_sign")) {
        if (q->n != 3) lf_pipe_arity(q, 3);
        len = lf_pipe_hex_bytes(msg, sizeof msg, q->w[1]);
        lf_pipe_hex_be(sk, 32, q->w[2]);
        if (q->n == 4) lf_pipe_hex_be(aux, 32, q->w[3]);
        const uint8_t *a = q->n == 4 ? aux : NULL, *m = len ? msg : NULL;
        memset(sig, 0xa5, 64);
        rc = lf_secp256k1_keypair_create(&kp, sk);
        if (rc == LF_OK) {
            rc = lf_secp256k1_schnorrsig_sign(sig, m, len, &kp, a);
            memset(out, 0x5a, sizeof out); /* sig64 aliasing msg */
            memcpy(out, msg, len);
            int rc2 = lf_secp256k1_schnorrsig_sign(out, len ? out : NULL, len, &kp, a);
            if (rc2 != rc || memcmp(out, sig, 64)) {
                lf_pipe_fail("alias");
                return 1;
            }
            if (len == 32 && (lf_secp256k1_schnorrsig_sign32(out, msg, &kp, a) != rc ||
                              memcmp(out, sig, 64))) {
                lf_pipe_fail("sign32");
                return 1;
            }
        } else {
            memset(sig, 0, 64);
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(sig, 64);
        lf_pipe_end();
    } else if (!strcmp(op, "schnorr_verify")) {
        lf_pipe_arity(q, 3);
        lf_pipe_hex_be(sig, 64, q->w[1]);
        len = lf_pipe_hex_bytes(msg, sizeof msg, q->w[2]);
        if (!get_xonly(&xpk, q->w[3])) return 1;
        lf_pipe_put_int(lf_secp256k1_schnorrsig_verify(sig, len ? msg : NULL, len, &xpk));
        lf_pipe_end();
    } else if (!strcmp(op, "keypair_tweak")) {
        lf_pipe_arity(q, 2);
        lf_pipe_hex_be(sk, 32, q->w[1]);
        lf_pipe_hex_be(t, 32, q->w[2]);
        if (lf_secp256k1_keypair_create(&kp, sk) != LF_OK) lf_pipe_die("keypair_tweak: invalid SK");
        rc = lf_secp256k1_keypair_xonly_tweak_add(&kp, t);
        if (rc != LF_OK) {
            if (!all_zero(&kp, sizeof kp)) {
                lf_pipe_fail("not-zeroed");
                return 1;
            }
            lf_pipe_put_int(rc);
            lf_pipe_end();
            return 1;
        }
        len = 33;
        if (lf_secp256k1_keypair_sec(sk, &kp) != LF_OK || lf_secp256k1_keypair_pub(&pk, &kp) != LF_OK ||
            lf_secp256k1_pubkey_serialize(out, &len, &pk, 1) != LF_OK) {
            lf_pipe_fail("keypair-parts");
            return 1;
        }
        lf_pipe_put_int(rc);
        lf_pipe_put_hex(sk, 32);
        lf_pipe_put_hex(out, 33);
        lf_pipe_end();
    } else if (!strcmp(op, "xonly_tweak_add")) {
        lf_pipe_arity(q, 2);
        if (!get_xonly(&xpk, q->w[1])) return 1;
        lf_pipe_hex_be(t, 32, q->w[2]);
        memset(&pk, 0xa5, sizeof pk);
        answer_pub(lf_secp256k1_xonly_pubkey_tweak_add(&pk, &xpk, t), &pk, 0);
    } else if (!strcmp(op, "tweak_check")) {
        lf_pipe_arity(q, 4);
        lf_pipe_hex_be(x, 32, q->w[1]);
        par = (int)lf_pipe_int(q->w[2], 0, 1);
        if (!get_xonly(&xpk, q->w[3])) return 1;
        lf_pipe_hex_be(t, 32, q->w[4]);
        lf_pipe_put_int(lf_secp256k1_xonly_pubkey_tweak_add_check(x, par, &xpk, t));
        lf_pipe_end();
    } else if (!strcmp(op, "msm")) {
        static uint8_t terms[MAXTERMS * 96];
        uint8_t sc[MAXTERMS][32], g[32];
        lf_secp256k1_pubkey pts[MAXTERMS], r;
        lf_pipe_arity(q, 2);
        const uint8_t *gs = NULL;
        if (strcmp(q->w[1], "-")) {
            lf_pipe_hex_be(g, 32, q->w[1]);
            gs = g;
        }
        len = lf_pipe_hex_bytes(terms, sizeof terms, q->w[2]);
        if (len % 96) lf_pipe_die("msm: terms of 96 bytes");
        size_t n = len / 96;
        for (size_t i = 0; i < n; i++) {
            uint8_t b[65];
            memcpy(sc[i], terms + 96 * i, 32);
            b[0] = 4;
            memcpy(b + 1, terms + 96 * i + 32, 64);
            memset(&pts[i], 0, sizeof pts[i]);
            if (!all_zero(b + 1, 64) && lf_secp256k1_pubkey_parse(&pts[i], b, 65) != LF_OK)
                lf_pipe_die("msm: point %zu not on the curve", i);
        }
        size_t need = lf_secp256k1_msm_scratch_size(n);
        uint8_t *blk = malloc(need + 8);
        if (!blk) lf_pipe_die("out of memory");
        memset(blk, 0xa5, need + 8);
        if (need > 0) {
            memset(&r, 0xa5, sizeof r);
            if (lf_secp256k1_msm(&r, blk + 3, need - 1, (const uint8_t (*)[32])sc, pts, n, gs) !=
                    LF_ERR_PARAM ||
                !all_zero(&r, sizeof r)) {
                free(blk);
                lf_pipe_fail("short-scratch");
                return 1;
            }
        }
        memset(&r, 0xa5, sizeof r);
        rc = lf_secp256k1_msm(&r, blk + 3, need, (const uint8_t (*)[32])sc, pts, n, gs);
        free(blk);
        lf_pipe_put_int(rc);
        if (all_zero(&r, sizeof r)) {
            lf_pipe_put("inf");
        } else {
            len = 65;
            if (lf_secp256k1_pubkey_serialize(out, &len, &r, 0) != LF_OK) {
                lf_pipe_col = 0;
                lf_pipe_fail("serialize");
                return 1;
            }
            lf_pipe_put_hex(out + 1, 64);
        }
        lf_pipe_end();
    } else if (!strcmp(op, "batch")) {
        static uint8_t data[MAXITEMS][512];
        lf_secp256k1_xonly_pubkey xs[MAXITEMS];
        lf_secp256k1_schnorrsig_item items[MAXITEMS];
        uint8_t bad[MAXITEMS + 1];
        size_t n = (size_t)q->n - 1;
        for (size_t i = 0; i < n; i++) {
            len = lf_pipe_hex_bytes(data[i], sizeof data[i], q->w[i + 1]);
            if (len < 96) lf_pipe_die("batch: item shorter than 96 bytes");
            if (lf_secp256k1_xonly_pubkey_parse(&xs[i], data[i] + 64) != LF_OK)
                memset(&xs[i], 0, sizeof xs[i]);
            items[i].sig64 = data[i];
            items[i].msglen = len - 96;
            items[i].msg = len > 96 ? data[i] + 96 : NULL;
            items[i].xpk = &xs[i];
        }
        size_t need = lf_secp256k1_schnorrsig_batch_scratch_size(n);
        uint8_t *blk = malloc(need + 8);
        if (!blk) lf_pipe_die("out of memory");
        memset(blk, 0x5a, need + 8);
        rc = lf_secp256k1_schnorrsig_verify_batch(blk + 5, need, items, n);
        memset(bad, 0xa5, sizeof bad);
        int cnt = lf_secp256k1_schnorrsig_find_invalid(bad, blk + 1, need, items, n);
        int short_rc = need ? lf_secp256k1_schnorrsig_verify_batch(blk, need - 1, items, n)
                            : LF_ERR_PARAM;
        free(blk);
        if (short_rc != LF_ERR_PARAM || bad[n] != 0xa5) {
            lf_pipe_fail(short_rc != LF_ERR_PARAM ? "short-scratch" : "bad-overrun");
            return 1;
        }
        char bits[MAXITEMS + 1];
        for (size_t i = 0; i < n; i++) bits[i] = bad[i] == 0 ? '0' : bad[i] == 1 ? '1' : '?';
        bits[n] = 0;
        lf_pipe_put_int(rc);
        lf_pipe_put_int(cnt);
        lf_pipe_put(n ? bits : "-");
        lf_pipe_end();
    } else {
        return 0;
    }
    return 1;
}

/* ---- the internals; 1 if op was one of them ---- */
static int internals(const lf_pipe_req *q)
{
    const char *op = q->w[0];
    lf_sc s, na, ng;
    lf_ge a, b, bs;
    lf_gej aj, bj, r, r2;
    lf_fe z1, z2, zi;
    if (!strcmp(op, "ecmult_gen")) {
        lf_pipe_arity(q, 1);
        get_sc(&s, q->w[1]);
        lf_ecmult_gen(k, &r, &s);
        answer_gej(&r, NULL, 1, 1);
    } else if (!strcmp(op, "ecmult_const")) {
        lf_pipe_arity(q, 2);
        get_pt(&a, q->w[1]);
        if (a.inf) lf_pipe_die("ecmult_const of infinity");
        get_sc(&s, q->w[2]);
        lf_ecmult_const(k, &r, &a, &s);
        answer_gej(&r, NULL, 1, 1);
    } else if (!strcmp(op, "ecmult_var")) {
        lf_pipe_arity(q, 3);
        get_pt(&a, q->w[1]);
        get_sc(&na, q->w[2]);
        get_sc(&ng, q->w[3]);
        junk(&a);
        lf_ecmult_var(k, &r, &a, &na, &ng);
        answer_gej(&r, NULL, 0, 1);
    } else if (!strcmp(op, "add_ge") || !strcmp(op, "add_ge_var")) {
        lf_pipe_arity(q, 3);
        int ct = !strcmp(op, "add_ge");
        get_pt(&a, q->w[1]);
        get_pt(&b, q->w[2]);
        get_z(&z1, q->w[3]);
        if (ct && b.inf) lf_pipe_die("add_ge: b is infinity");
        to_gej(&aj, &a, &z1, ct);
        r2 = aj;
        if (ct) {
            lf_gej_add_ge(k, &r, &aj, &b);
            lf_gej_add_ge(k, &r2, &r2, &b);
            answer_gej(&r, &r2, 1, 1);
            return 1;
        }
        junk(&b);
        lf_gej_add_ge_var(k, &r, &aj, &b, NULL);
        lf_gej_add_ge_var(k, &r2, &r2, &b, NULL);
        answer_gej(&r, &r2, 0, 0);
        if (!lf_pipe_col) return 1; /* failed */
        if (a.inf) {
            lf_pipe_put("-");
        } else {
            lf_fe rzr, t;
            lf_gej rr;
            lf_ge x, y;
            lf_gej_add_ge_var(k, &rr, &aj, &b, &rzr);
            lf_ge_set_gej_var(k, &x, &r);
            lf_ge_set_gej_var(k, &y, &rr);
            lf_fe_mul(k, &t, &aj.z, &rzr);
            int ok = ge_same(&x, &y) && (rr.inf || lf_fe_equal(k, &t, &rr.z));
            lf_pipe_put(ok ? "ok" : "bad");
        }
        lf_pipe_end();
    } else if (!strcmp(op, "add_var") || !strcmp(op, "add_zinv")) {
        lf_pipe_arity(q, 4);
        get_pt(&a, q->w[1]);
        get_pt(&b, q->w[2]);
        get_z(&z1, q->w[3]);
        get_z(&z2, q->w[4]);
        to_gej(&aj, &a, &z1, 0);
        to_gej(&bj, &b, &z2, 0);
        r2 = aj;
        if (op[4] == 'v') {
            lf_gej_add_var(k, &r, &aj, &bj);
            lf_gej_add_var(k, &r2, &r2, &bj);
            lf_gej r3 = bj;
            lf_gej_add_var(k, &r3, &aj, &r3);
            lf_ge x, y;
            lf_ge_set_gej_var(k, &x, &r);
            lf_ge_set_gej_var(k, &y, &r3);
            if (!ge_same(&x, &y)) {
                lf_pipe_fail("alias-b");
                return 1;
            }
        } else {
            bs.x = bj.x, bs.y = bj.y, bs.inf = b.inf;
            lf_secp256k1_p_inv_var(&zi, &z2);
            lf_gej_add_zinv_var(k, &r, &aj, &bs, &zi);
            lf_gej_add_zinv_var(k, &r2, &r2, &bs, &zi);
        }
        answer_gej(&r, &r2, 0, 1);
    } else if (!strcmp(op, "double")) {
        lf_pipe_arity(q, 2);
        get_pt(&a, q->w[1]);
        get_z(&z1, q->w[2]);
        to_gej(&aj, &a, &z1, 1);
        r2 = aj;
        lf_gej_double(k, &r, &aj);
        lf_gej_double(k, &r2, &r2);
        answer_gej(&r, &r2, 1, 1);
    } else {
        return 0;
    }
    return 1;
}

int main(void)
{
    lf_pipe_req q;
    lf_pipe_start("ec_pipe");
    k = lf_fe_k_get();
    while (lf_pipe_read(&q, buf, sizeof buf))
        if (!api(&q) && !schnorr(&q) && !internals(&q)) lf_pipe_die("unknown op '%s'", q.w[0]);
    return lf_pipe_finish();
}
