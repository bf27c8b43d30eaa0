/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: the secp256k1 parsers against libsecp256k1.  Input: back-end
 * byte, a selector, then the bytes to parse (length chosen by the input).
 * Checked against secp256k1_ec_pubkey_parse / _serialize (SEC1: 33, 65 and
 * hybrid 65 bytes, any length), secp256k1_ecdsa_signature_parse_der /
 * _serialize_compact / _serialize_der (strict DER, out-of-range integers
 * parse as zero), secp256k1_xonly_pubkey_parse / _serialize, and
 * secp256k1_ecdsa_signature_parse_compact + _normalize against
 * lf_secp256k1_ecdsa_normalize: acceptance, and the bytes produced. */
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>

#include "common.h"
#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"

static secp256k1_context *ctx;

static void pubkeys(const uint8_t *in, size_t len)
{
    lf_secp256k1_pubkey pk;
    secp256k1_pubkey rp;
    int rc = lf_secp256k1_pubkey_parse(&pk, in, len);
    int ok = secp256k1_ec_pubkey_parse(ctx, &rp, in, len);
    FZ_CHECK((rc == LF_OK) == ok);
    if (!ok) {
        FZ_CHECK(rc == LF_ERR_PARAM || rc == LF_ERR_RANGE || rc == LF_ERR_INVALID);
        return;
    }
    for (int comp = 0; comp < 2; comp++) {
        uint8_t a[65], b[65];
        size_t al = sizeof a, bl = sizeof b;
        FZ_CHECK(lf_secp256k1_pubkey_serialize(a, &al, &pk, comp) == LF_OK);
        FZ_CHECK(secp256k1_ec_pubkey_serialize(ctx, b, &bl, &rp,
                                               comp ? SECP256K1_EC_COMPRESSED
                                                    : SECP256K1_EC_UNCOMPRESSED) == 1);
        FZ_CHECK(al == bl && !memcmp(a, b, al));
    }
}

static void der(const uint8_t *in, size_t len)
{
    uint8_t sig[64], rsig[64], d1[72], d2[72];
    secp256k1_ecdsa_signature rs;
    int rc = lf_secp256k1_ecdsa_der_parse(sig, in, len);
    int ok = secp256k1_ecdsa_signature_parse_der(ctx, &rs, in, len);
    FZ_CHECK((rc == LF_OK) == ok);
    if (!ok) {
        FZ_CHECK(rc == LF_ERR_PARAM);
        return;
    }
    FZ_CHECK(secp256k1_ecdsa_signature_serialize_compact(ctx, rsig, &rs) == 1);
    FZ_CHECK(!memcmp(sig, rsig, 64));
    size_t l1 = sizeof d1, l2 = sizeof d2;
    FZ_CHECK(lf_secp256k1_ecdsa_der_serialize(d1, &l1, sig) == LF_OK);
    FZ_CHECK(secp256k1_ecdsa_signature_serialize_der(ctx, d2, &l2, &rs) == 1);
    FZ_CHECK(l1 == l2 && !memcmp(d1, d2, l1));
    l1 = l2 - 1; /* one byte too small: refused */
    FZ_CHECK(lf_secp256k1_ecdsa_der_serialize(d1, &l1, sig) == LF_ERR_PARAM);
}

static void xonly(const uint8_t in[32])
{
    lf_secp256k1_xonly_pubkey x;
    secp256k1_xonly_pubkey rx;
    uint8_t a[32], b[32];
    int rc = lf_secp256k1_xonly_pubkey_parse(&x, in);
    int ok = secp256k1_xonly_pubkey_parse(ctx, &rx, in);
    FZ_CHECK((rc == LF_OK) == ok);
    if (!ok) {
        FZ_CHECK(rc == LF_ERR_RANGE || rc == LF_ERR_INVALID);
        return;
    }
    FZ_CHECK(lf_secp256k1_xonly_pubkey_serialize(a, &x) == LF_OK);
    FZ_CHECK(secp256k1_xonly_pubkey_serialize(ctx, b, &rx) == 1);
    FZ_CHECK(!memcmp(a, b, 32) && !memcmp(a, in, 32));
}

static void normalize(const uint8_t in[64])
{
    uint8_t out[64], rout[64];
    secp256k1_ecdsa_signature rs, rn;
    int rc = lf_secp256k1_ecdsa_normalize(out, in);
    int ok = secp256k1_ecdsa_signature_parse_compact(ctx, &rs, in);
    if (!ok) {
        FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(out, 64));
        return;
    }
    int high = secp256k1_ecdsa_signature_normalize(ctx, &rn, &rs);
    FZ_CHECK(rc == high);
    FZ_CHECK(secp256k1_ecdsa_signature_serialize_compact(ctx, rout, &rn) == 1);
    FZ_CHECK(!memcmp(out, rout, 64));
    memcpy(rout, in, 64); /* in place */
    FZ_CHECK(lf_secp256k1_ecdsa_normalize(rout, rout) == rc && !memcmp(rout, out, 64));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    fz_in in = {data, size};
    fz_backend(fz_u8(&in));
    uint8_t buf[80];
    switch (fz_u8(&in) % 4) {
    case 0: {
        size_t len = in.n < 70 ? in.n : 70;
        pubkeys(in.d, len);
        break;
    }
    case 1:
        der(in.d, in.n < 80 ? in.n : 80);
        break;
    case 2:
        fz_bytes(&in, buf, 32);
        xonly(buf);
        break;
    default:
        fz_bytes(&in, buf, 64);
        normalize(buf);
        break;
    }
    return 0;
}
