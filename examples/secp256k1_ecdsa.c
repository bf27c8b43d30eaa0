/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: secp256k1 keys and ECDSA (limbforge/secp256k1.h).
 *
 * - a secret key: 32 random bytes, redrawn until lf_secp256k1_seckey_verify
 *   accepts them (here the "random" bytes come from SHA-256 of a counter so
 *   the run is reproducible: use your OS's random source, e.g. getrandom);
 * - its public key, serialized compressed (33 bytes) and uncompressed (65),
 *   parsed back; the key 1 gives the generator G (a published constant);
 * - ECDSA: sign SHA-256("Satoshi Nakamoto") with the key 1 and compare with
 *   the widely published RFC 6979 signature of that message (r, s below);
 *   verify it; strict DER round trip; recover the public key from the
 *   signature and its recovery id; a tampered message is rejected.
 * The program exits 0 only if every check passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/secp256k1.h>
#include <limbforge/sha256.h>

static int failures;

static void check(int ok, const char *what)
{
    printf("%-56s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

int main(void)
{
    /* --- a fresh key pair (reproducible stand-in for random bytes) */
    uint8_t sk[32];
    uint32_t ctr = 0;
    do {
        uint8_t c[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8), (uint8_t)ctr};
        lf_sha256(sk, c, sizeof c); /* real code: getrandom(sk, 32, 0) */
        ctr++;
    } while (lf_secp256k1_seckey_verify(sk) != LF_OK);
    lf_secp256k1_pubkey pk, back;
    uint8_t ser[65];
    size_t len = sizeof ser;
    check(lf_secp256k1_pubkey_create(&pk, sk) == LF_OK, "public key of a fresh secret key");
    check(lf_secp256k1_pubkey_serialize(ser, &len, &pk, 1) == LF_OK && len == 33,
          "serialized compressed: 33 bytes");
    check(lf_secp256k1_pubkey_parse(&back, ser, len) == LF_OK && lf_secp256k1_pubkey_eq(&pk, &back),
          "parsed back: the same key");

    /* --- the key 1: its public key is G */
    uint8_t one[32] = {[31] = 1}, g[33], exp_g[33];
    unhex(exp_g, 33, "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    len = sizeof g;
    check(lf_secp256k1_pubkey_create(&pk, one) == LF_OK &&
              lf_secp256k1_pubkey_serialize(g, &len, &pk, 1) == LF_OK && !memcmp(g, exp_g, 33),
          "1*G is the generator");

    /* --- ECDSA: a published RFC 6979 signature */
    static const char text[] = "Satoshi Nakamoto";
    uint8_t msg[32], sig[64], exp_sig[64];
    int recid;
    lf_sha256(msg, (const uint8_t *)text, strlen(text));
    unhex(exp_sig, 64,
          "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
          "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5");
    check(lf_secp256k1_ecdsa_sign(sig, &recid, msg, one, NULL) == LF_OK && !memcmp(sig, exp_sig, 64),
          "sign: the published RFC 6979 signature");
    check(lf_secp256k1_ecdsa_verify(sig, msg, &pk) == LF_OK, "verify");

    uint8_t der[LF_SECP256K1_DER_MAX_BYTES], sig2[64];
    size_t dlen = sizeof der;
    check(lf_secp256k1_ecdsa_der_serialize(der, &dlen, sig) == LF_OK &&
              lf_secp256k1_ecdsa_der_parse(sig2, der, dlen) == LF_OK && !memcmp(sig, sig2, 64),
          "DER round trip");

    check(lf_secp256k1_ecdsa_recover(&back, sig, recid, msg) == LF_OK &&
              lf_secp256k1_pubkey_eq(&back, &pk),
          "recover the public key from (signature, recid)");

    msg[0] ^= 1;
    check(lf_secp256k1_ecdsa_verify(sig, msg, &pk) == LF_ERR_VERIFY, "a tampered message: rejected");

    printf(failures ? "FAILED\n" : "all ok\n");
    return failures != 0;
}
