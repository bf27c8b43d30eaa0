/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: ML-KEM-768 key encapsulation (limbforge/mlkem.h).
 *
 * - a key exchange as a protocol runs it: Bob makes a key pair (randomness
 *   from the operating system) and publishes ek; Alice encapsulates to ek
 *   and sends the ciphertext; Bob decapsulates; both hold the same 32-byte
 *   shared secret;
 * - known answers: the key pair from the seed of Wycheproof's
 *   mlkem_768_test.json test 1 (the digest of its ek, SHA3-256, taken from
 *   the vector), then an encapsulation with m = 00 01 .. 1f, whose shared
 *   secret and ciphertext digest come from the FIPS 203 model in
 *   tests/mlkem/mlkem_fips203.py (checked against every Wycheproof case);
 * - a ciphertext changed in one bit still decapsulates (LF_OK), to the
 *   implicit-rejection secret J(z || c') and not to Alice's;
 * - a wrong buffer length is LF_ERR_PARAM, with the outputs zeroed.
 * The program exits 0 only if every check passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/mlkem.h>
#include <limbforge/sha3.h>

static int failures;

static void check(int ok, const char *what)
{
    printf("%-60s %s\n", what, ok ? "ok" : "FAILED");
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

static int eq_hex(const uint8_t *a, size_t len, const char *hex)
{
    uint8_t b[64];
    unhex(b, len, hex);
    return memcmp(a, b, len) == 0;
}

int main(void)
{
    static uint8_t ek[LF_MLKEM768_EK_BYTES], dk[LF_MLKEM768_DK_BYTES], ct[LF_MLKEM768_CT_BYTES];
    uint8_t ss_alice[LF_MLKEM_SS_BYTES], ss_bob[LF_MLKEM_SS_BYTES], digest[32];

    /* 1. a key exchange with fresh randomness */
    check(lf_mlkem_keypair(LF_MLKEM_768, ek, sizeof ek, dk, sizeof dk) == LF_OK, "Bob: keypair");
    check(lf_mlkem_encaps(LF_MLKEM_768, ct, sizeof ct, ss_alice, ek, sizeof ek) == LF_OK,
          "Alice: encaps to Bob's ek");
    check(lf_mlkem_decaps(LF_MLKEM_768, ss_bob, ct, sizeof ct, dk, sizeof dk) == LF_OK,
          "Bob: decaps");
    check(memcmp(ss_alice, ss_bob, sizeof ss_bob) == 0, "the same shared secret");

    /* 2. known answers */
    uint8_t seed[LF_MLKEM_SEED_BYTES], m[LF_MLKEM_MSG_BYTES];
    unhex(seed, sizeof seed,
          "cbfc4405d1b2a3a386c94c25e0f2d5f5ee92cb0388ff4d6aa04223086d51c3fd"
          "24752da14c9fc3b8ae0d9e4a8b1016b8d8fc69e229c03ea2ef08a4ae0cffc37f");
    check(lf_mlkem_keypair_derand(LF_MLKEM_768, ek, sizeof ek, dk, sizeof dk, seed, sizeof seed) ==
              LF_OK,
          "keypair from Wycheproof's seed (test 1)");
    lf_sha3_256(digest, ek, sizeof ek);
    check(eq_hex(digest, 32, "1369c4700afc1f4462f21bb71a2c07a74a3fa2e8822577588d6140aa692cff71"),
          "SHA3-256(ek) is the vector's");
    for (int i = 0; i < 32; i++) m[i] = (uint8_t)i;
    check(lf_mlkem_encaps_derand(LF_MLKEM_768, ct, sizeof ct, ss_alice, ek, sizeof ek, m) == LF_OK,
          "encaps with m = 00 01 .. 1f");
    check(eq_hex(ss_alice, 32, "6de86b0cb8eda7e25b9fdcb39de09ef88be6b21ed3884eccb2efb503c92be8a7"),
          "shared secret: the FIPS 203 model's");
    lf_sha3_256(digest, ct, sizeof ct);
    check(eq_hex(digest, 32, "6f3b7cad2eeaaddd1055ecb9a4127ce31cfae96daedeb5f7ee9b12d56c3d4207"),
          "SHA3-256(ciphertext): the model's");
    check(lf_mlkem_decaps(LF_MLKEM_768, ss_bob, ct, sizeof ct, dk, sizeof dk) == LF_OK &&
              memcmp(ss_alice, ss_bob, 32) == 0,
          "decaps gives the same secret");

    /* 3. implicit rejection: no error, a secret unrelated to Alice's */
    ct[0] ^= 1;
    check(lf_mlkem_decaps(LF_MLKEM_768, ss_bob, ct, sizeof ct, dk, sizeof dk) == LF_OK,
          "decaps of a changed ciphertext: LF_OK");
    check(eq_hex(ss_bob, 32, "1466863f277e994e9366b9181ffd98fc8c5fc08118e401fafe8daf4eaf1310fe"),
          "... and the rejection secret J(z || c')");

    /* 4. a ciphertext one byte short */
    memset(ss_bob, 0xaa, sizeof ss_bob);
    int rc = lf_mlkem_decaps(LF_MLKEM_768, ss_bob, ct, sizeof ct - 1, dk, sizeof dk);
    static const uint8_t zero[32];
    check(rc == LF_ERR_PARAM && memcmp(ss_bob, zero, 32) == 0,
          "a short ciphertext: LF_ERR_PARAM, secret zeroed");

    printf("%s\n", failures ? "FAILED" : "all ok");
    return failures != 0;
}
