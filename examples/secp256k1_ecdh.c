/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: ECDH on secp256k1 (limbforge/secp256k1.h).
 *
 * - Alice and Bob each make a key pair and exchange public keys (as 33-byte
 *   compressed SEC1); both derive the same shared secret with
 *   lf_secp256k1_ecdh (libsecp256k1's hashed output) and the same raw x
 *   coordinate with lf_secp256k1_ecdh_x;
 * - the raw x of a published vector: Wycheproof ecdh_secp256k1_test.json,
 *   test 1 (the same file the test suite runs in full).
 * The program exits 0 only if every check passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/secp256k1.h>

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
    /* fixed keys for a reproducible run: real code draws 32 random bytes
     * until lf_secp256k1_seckey_verify accepts them */
    uint8_t ska[32], skb[32], wa[33], wb[33];
    memset(ska, 0x11, 32);
    memset(skb, 0x22, 32);
    lf_secp256k1_pubkey pa, pb, pa_recv, pb_recv;
    size_t la = sizeof wa, lb = sizeof wb;
    check(lf_secp256k1_pubkey_create(&pa, ska) == LF_OK &&
              lf_secp256k1_pubkey_serialize(wa, &la, &pa, 1) == LF_OK,
          "Alice's key pair");
    check(lf_secp256k1_pubkey_create(&pb, skb) == LF_OK &&
              lf_secp256k1_pubkey_serialize(wb, &lb, &pb, 1) == LF_OK,
          "Bob's key pair");
    /* what each receives over the wire, parsed (and validated: on the curve) */
    check(lf_secp256k1_pubkey_parse(&pb_recv, wb, lb) == LF_OK, "Alice parses Bob's public key");
    check(lf_secp256k1_pubkey_parse(&pa_recv, wa, la) == LF_OK, "Bob parses Alice's public key");

    uint8_t sa[32], sb[32], xa[32], xb[32];
    check(lf_secp256k1_ecdh(sa, &pb_recv, ska) == LF_OK && lf_secp256k1_ecdh(sb, &pa_recv, skb) == LF_OK &&
              !memcmp(sa, sb, 32),
          "both derive the same hashed secret");
    check(lf_secp256k1_ecdh_x(xa, &pb_recv, ska) == LF_OK &&
              lf_secp256k1_ecdh_x(xb, &pa_recv, skb) == LF_OK && !memcmp(xa, xb, 32),
          "both derive the same x coordinate");

    /* Wycheproof ecdh_secp256k1 test 1: uncompressed public key, private
     * key, shared x */
    uint8_t pub[65], sk[32], shared[32], out[32];
    lf_secp256k1_pubkey p;
    unhex(pub, 65,
          "04d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b"
          "396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4");
    unhex(sk, 32, "f4b7ff7cccc98813a69fae3df222bfe3f4e28f764bf91b4a10d8096ce446b254");
    unhex(shared, 32, "544dfae22af6af939042b1d85b71a1e49e9a5614123c4d6ad0c8af65baf87d65");
    check(lf_secp256k1_pubkey_parse(&p, pub, sizeof pub) == LF_OK &&
              lf_secp256k1_ecdh_x(out, &p, sk) == LF_OK && !memcmp(out, shared, 32),
          "Wycheproof test 1: the published shared x");

    /* a public key not on the curve is refused at parse time */
    pub[64] ^= 1;
    check(lf_secp256k1_pubkey_parse(&p, pub, sizeof pub) == LF_ERR_INVALID, "off-curve key: refused");

    printf(failures ? "FAILED\n" : "all ok\n");
    return failures != 0;
}
