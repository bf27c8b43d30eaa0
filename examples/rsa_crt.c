/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: RSA private-key operation with the Chinese remainder theorem
 * (mp.h), and the public operation with a Montgomery modular exponentiation.
 * Loading the key validates it (a wrong CRT coefficient is refused), and
 * every private result is checked with the public exponent before it is
 * returned (a fault in one CRT half would otherwise leak a prime).
 *
 * The 2048-bit key below was generated once, offline, with Python's
 * `cryptography` package (rsa.generate_private_key(65537, 2048)); the
 * message, signature and ciphertext were computed from it with Python ints:
 *   m = SHA-256("limbforge RSA-CRT example") as an integer,
 *   sig = m^d mod N, ct = m^65537 mod N.
 * This is textbook RSA, to show the arithmetic: a real scheme pads the
 * message (RSA-PSS for signatures, RSA-OAEP for encryption) and the private
 * key is never embedded in a program.  Never reuse this key.
 *
 * Numbers are little-endian arrays of 64-bit limbs; lf_mp_from_bytes and
 * lf_mp_to_bytes convert from and to big-endian bytes.  The program exits 0
 * only if every check passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/mp.h>

enum { H = 16, /* limbs per prime: 1024 bits */
       NL = 2 * H /* limbs of N: 2048 bits */ };

static const char rsa_p_hex[] =
    "fb36b9b57cb45208fb483582ba0b5080e9af952648720082b3f8522262eaabc4"
    "02c2c14d2add14eb363f15c1a1019e541306503946839b72feffffc45536482a"
    "182a141a327447ac6597a64125c1408e88167144e2565abaf202b629872a868e"
    "568d73a73aad1b44eea30f6ec6a217a25b3ffb3a7d9400edefc84fc900d55b69";
static const char rsa_q_hex[] =
    "e2d3403bc12508f5266e900d7e5ac455a95f06121bb47daea661570365351180"
    "b44bf19f579f83d2e0538e8a1b133ffa1409de435fc3d02c31f963331b3cddcc"
    "1c4d286315784187ec7a30a1d9fe347ff35f4a5d24bfb2032a026dacde853028"
    "9e7e528e5ab6946f558f4fc88251dcaff429b76f8e2de6f800137e7a1423b1af";
static const char rsa_dp_hex[] =
    "7cd3aba1cfce7638fa4bde331029111e8d7feed7f0059dd554821ea5f18af440"
    "d8b25784f5b8976d6d2e19ac7649ac97d04041dac3fc1f611beeaef3aaf7e711"
    "eba1f50d3366ee3a6edcd502e834c7d44b3103a59be616fd6fc603284d7ec70f"
    "b1586650816a84f352b4f9b52cc45c84135d8e8378e4f3354801bc0b7ffb8489";
static const char rsa_dq_hex[] =
    "5d0cb66c0cf6e96ed01e49200ff6a25655cdf28a992cf8e61dc10ed608bdb579"
    "6bfd3f98d3744fbac165e5b2881ae482ed9782c376d4b86078fbca931b986390"
    "a9078a0ae3b2da872d1e8f36c65bbf23c22e142e93b5c40c023ecec93cdbbc7e"
    "dd4e0b05f4f6b37bdcc896bd35a0e97c91184ff506899417a6c85879322bd667";
static const char rsa_qinv_hex[] =
    "7c3ead2cbf60b5058d7661c5505de1bb423544a5142d62fcfb8c56317fd7e02d"
    "8ca7c46b1e9540c110a3996a6ea9f8f76826eb7a2c6d13223f7d52f0af3c6370"
    "4e6c04beffcb23a0dd5cc7979c30cfb8d3986cdee50cae330127e6dda1d8fb4e"
    "a16b39ff41f97dada529abbaab7c328342d87a0aefad8425c586a0c1113931a6";
static const char rsa_n_hex[] =
    "de959d159a3fbec14e70ff94d89cc396d06b99e9fc8be73127fe0df4a3a9a8c2"
    "039b48040eaf56e3ecdc49efdc19541de0d6ccd21151fb2d6abf025398873584"
    "d5f2e66987818e6eb158633c2214194ac86df39cb777e6bb418449d941148001"
    "de5071b93a820998fe615d53c68e34bd0e5b514affbda65bdbab3baaf5a4e8a5"
    "47b40e2cf63819f70229769e5d2e61857b5765fb74a4d398341574943c682fdf"
    "47b6570aee284ded3fd390cb82e98581e6549032b893053b2c45cb5acc533ddf"
    "cda4e0059efbaeb1c4f902f5ba44cf454541ef8fb00f17a3014adae68c90325b"
    "039b4df5cf4934bf49ea85e6d9802456aa1853997b007bd0371a8a54c96815c7";
static const char rsa_msg_hex[] =
    "61d6c2e8f52694bd216ae11a593a7663cbb3a0955da4d20234e84c8f46bd3961";
static const char rsa_sig_hex[] =
    "65900771764579ab4682d372a37fdfe3e990067da02bb3bc00b301fe878da594"
    "6c7f118b6a3ab3c1d0cd8b93dfa1800292b805daa3ef6b362fe72c57773e5cec"
    "a9e05865fcdbae2baab4cb207b2b761bf4c1a49f4c00a594086c369e61000278"
    "e271f1a7f34e1b626de71db14ba0c248d6e6bbc538f963eb2bcdb8416da0fd28"
    "de4a9732e5472c2aa23e7fccb94931282ede7833aeecf1b1873edad3b21bde89"
    "c16560d6f8db0be9fd6bc4610f798b44af9c817299b1756acc6e7bc736f41532"
    "b2428228340cf83614d7054d1f7e70c62d2d0185e29e34213f84676929781709"
    "08ec24cba8002c2a88054a8510ecab930aacb69a1efaf61d97fd302a86bf8a87";
static const char rsa_ct_hex[] =
    "c608c57284a26a439e30c1c2bd17fc4e0a4ce8973b88cece5cf4e3431676c216"
    "16d9367291100701ac00d6b9e886f626a2e75ce6b2030d73c6467096b9f0b92c"
    "5ab64acda66baac18199a2851ee791dca1fd6c87a05d482ca9438ef5be1cfd59"
    "23e4d6099da6a7a2a69f34995d357a873e4e3d24b7af35d818143aec0d010a5d"
    "20ac24f41c97c09f5e2759a896cb0fc2b68bda4d0ab4a3c363f9b524afe5b481"
    "1f01f3554944eeefa135b6c0a03f7c75385b861b7d098e8de2070ac03ceb427f"
    "66c16794452af88b4b357657c7f3000cbe852bd5f53a92d96336cc7efc3a2ccc"
    "6aaf473fbffb2c6150fd4ba49c5846e1e81117c94d5e0b733e43604e32cd49a4";

static int failures;

static void check(int ok, const char *what) {
    printf("%-48s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

/* Big-endian hex string -> n limbs (the string's length decides the size). */
static int from_hex(uint64_t *r, size_t n, const char *hex) {
    uint8_t buf[8 * LF_MP_MAX_LIMBS];
    size_t len = strlen(hex) / 2;
    if (len > sizeof buf) return LF_ERR_PARAM;
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        buf[i] = (uint8_t)v;
    }
    return lf_mp_from_bytes(r, n, buf, len);
}

static int eq(const uint64_t *a, const uint64_t *b, size_t n) {
    int c = 1;
    return lf_mp_cmp(&c, a, b, n) == LF_OK && c == 0;
}

int main(void) {
    /* These structures are large (lf_mp_rsa_key about 17 KB): static. */
    static lf_mp_rsa_key key;
    static lf_mp_mont_ctx pub; /* Montgomery context for N */
    uint64_t p[H], q[H], dp[H], dq[H], qinv[H];
    uint64_t n[NL], pq[NL], m[NL], sig[NL], ct[NL], r[NL];
    const uint64_t e[1] = {65537}; /* the public exponent */

    /* Load the key */
    int rc = from_hex(p, H, rsa_p_hex) | from_hex(q, H, rsa_q_hex) | from_hex(dp, H, rsa_dp_hex) |
             from_hex(dq, H, rsa_dq_hex) | from_hex(qinv, H, rsa_qinv_hex) |
             from_hex(n, NL, rsa_n_hex);
    check(rc == LF_OK, "parse the key");
    check(lf_mp_rsa_key_init(&key, e[0], p, q, dp, dq, qinv, H) == LF_OK, "lf_mp_rsa_key_init");

    /* N = p * q: the full 2048-bit product, and the key's own copy */
    check(lf_mp_mul(pq, p, q, H) == LF_OK && eq(pq, n, NL), "p * q == N");
    check(eq(key.n.m, n, NL), "key.n.m == N");

    /* An inconsistent key is refused (here qinv*q != 1 mod p), the key zeroed */
    {
        static lf_mp_rsa_key bad;
        uint64_t qinv2[H];
        memcpy(qinv2, qinv, sizeof qinv2);
        qinv2[0] ^= 1;
        int rb = lf_mp_rsa_key_init(&bad, e[0], p, q, dp, dq, qinv2, H);
        check(rb == LF_ERR_INVALID && bad.h == 0, "wrong qinv -> LF_ERR_INVALID, key zeroed");
    }

    /* Public key context: modulus N, exponent 65537 */
    check(lf_mp_mont_init(&pub, n, NL) == LF_OK, "Montgomery context for N");

    /* Sign: sig = m^d mod N with CRT (two 1024-bit exponentiations) */
    check(from_hex(m, NL, rsa_msg_hex) == LF_OK, "parse the message");
    check(lf_mp_rsa_private_crt(sig, m, &key) == LF_OK, "sign: lf_mp_rsa_private_crt");
    check(from_hex(r, NL, rsa_sig_hex) == LF_OK && eq(sig, r, NL), "signature = known value");

    /* Verify: sig^e mod N == m */
    check(lf_mp_modexp(r, sig, e, 1, &pub) == LF_OK && eq(r, m, NL), "verify: sig^65537 mod N == m");

    /* Encrypt with the public key, decrypt with the private key */
    check(lf_mp_modexp(ct, m, e, 1, &pub) == LF_OK, "encrypt: m^65537 mod N");
    check(from_hex(r, NL, rsa_ct_hex) == LF_OK && eq(ct, r, NL), "ciphertext = known value");
    check(lf_mp_rsa_private_crt(r, ct, &key) == LF_OK && eq(r, m, NL), "decrypt: ct^d mod N == m");

    /* Out of range input (>= N) is refused with a zeroed output */
    {
        uint64_t zero[NL] = {0};
        check(lf_mp_rsa_private_crt(r, n, &key) == LF_ERR_RANGE && eq(r, zero, NL),
              "c = N -> LF_ERR_RANGE, output zeroed");
    }

    /* Back to bytes: the signature as 256 big-endian bytes */
    {
        uint8_t out[8 * NL];
        char hex[2 * sizeof out + 1];
        check(lf_mp_to_bytes(out, sizeof out, sig, NL) == LF_OK, "signature to bytes");
        for (size_t i = 0; i < sizeof out; i++) snprintf(hex + 2 * i, 3, "%02x", out[i]);
        check(strcmp(hex, rsa_sig_hex) == 0, "encoded signature = known value");
        printf("signature: %.32s...\n", hex);
    }

    if (failures) {
        printf("%d check(s) FAILED\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
