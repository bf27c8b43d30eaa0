/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench/isa_count_secp256k1.py: the fixed test data, made once by the
 * bundled libsecp256k1 built for the host.  Usage: make_data SK_HEX MSG_HEX
 * (32 bytes each); prints "pub <33-byte compressed key>" and
 * "sig <64-byte compact r || s>" (RFC 6979 nonce, low s) in hex, after
 * checking that the signature verifies. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "secp_common.h"

static int unhex(unsigned char *out, size_t n, const char *s)
{
    if (strlen(s) != 2 * n) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (unsigned char)v;
    }
    return 1;
}

static void hex(const char *tag, const unsigned char *p, size_t n)
{
    printf("%s ", tag);
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    unsigned char sk[32], msg[32], pub[33], sig64[64];
    size_t len = sizeof pub;
    SECP(pubkey) pk;
    SECP(ecdsa_signature) sig;
    if (argc != 3 || !unhex(sk, 32, argv[1]) || !unhex(msg, 32, argv[2])) return 2;
    SECP(context) *ctx = lfic_secp_context();
    if (!ctx || SECP(ec_seckey_verify)(ctx, sk) != 1 || SECP(ec_pubkey_create)(ctx, &pk, sk) != 1 ||
        SECP(ec_pubkey_serialize)(ctx, pub, &len, &pk, SECP256K1_EC_COMPRESSED) != 1 ||
        SECP(ecdsa_sign)(ctx, &sig, msg, sk, NULL, NULL) != 1 ||
        SECP(ecdsa_signature_serialize_compact)(ctx, sig64, &sig) != 1 ||
        SECP(ecdsa_verify)(ctx, &sig, msg, &pk) != 1)
        return 1;
    hex("pub", pub, 33);
    hex("sig", sig64, 64);
    return 0;
}
