/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Example: Poly1305 and ChaCha20-Poly1305 (RFC 8439).
 *
 * - Poly1305 one-shot and streaming on the RFC 8439 section 2.5.2 example;
 * - ChaCha20-Poly1305 seal of the section 2.8.2 example (ciphertext and tag
 *   compared with the RFC), open of the result, and open of a tampered tag
 *   and of a tampered ciphertext, both rejected with LF_ERR_AUTH and no
 *   plaintext released.
 * The program exits 0 only if every check passes.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/aead.h>
#include <limbforge/poly1305.h>

static int failures;

static void check(int ok, const char *what) {
    printf("%-52s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

static void unhex(uint8_t *out, size_t len, const char *hex) {
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int all_zero(const uint8_t *p, size_t len) {
    uint8_t acc = 0;
    for (size_t i = 0; i < len; i++) acc |= p[i];
    return acc == 0;
}

/* ------------------------------------------------------------- Poly1305 */
static void poly1305_example(void) {
    /* RFC 8439 2.5.2 */
    static const char key_hex[] = "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
    static const char tag_hex[] = "a8061dc1305136c6c22b8baf0c0127a9";
    static const char msg[] = "Cryptographic Forum Research Group";
    uint8_t key[LF_POLY1305_KEYBYTES], want[LF_POLY1305_TAGBYTES], tag[LF_POLY1305_TAGBYTES];
    size_t len = strlen(msg);

    unhex(key, sizeof key, key_hex);
    unhex(want, sizeof want, tag_hex);

    /* one shot */
    lf_poly1305(tag, (const uint8_t *)msg, len, key);
    check(lf_poly1305_verify(tag, want), "poly1305: RFC 8439 2.5.2 tag");

    /* streaming, in uneven chunks: the same tag */
    lf_poly1305_state st;
    lf_poly1305_init(&st, key);
    lf_poly1305_update(&st, (const uint8_t *)msg, 5);
    lf_poly1305_update(&st, (const uint8_t *)msg + 5, 17);
    lf_poly1305_update(&st, (const uint8_t *)msg + 22, len - 22);
    lf_poly1305_final(&st, tag); /* also wipes st */
    check(lf_poly1305_verify(tag, want), "poly1305: streaming (5+17+12 bytes) gives the same");

    /* compare tags with lf_poly1305_verify (constant time), never memcmp */
    tag[0] ^= 1;
    check(!lf_poly1305_verify(tag, want), "poly1305: a changed tag does not verify");
}

/* ------------------------------------------------------ ChaCha20-Poly1305 */
static void aead_example(void) {
    /* RFC 8439 2.8.2 */
    static const char pt_str[] =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
        "the future, sunscreen would be it.";
    static const char nonce_hex[] = "070000004041424344454647";
    static const char ad_hex[] = "50515253c0c1c2c3c4c5c6c7";
    static const char ct_hex[] =
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
        "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
        "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
        "3ff4def08e4b7a9de576d26586cec64b6116";
    static const char tag_hex[] = "1ae10b594f09e26a7e902ecbd0600691";
    enum { LEN = sizeof pt_str - 1 }; /* 114 bytes */

    uint8_t key[LF_CHACHA20POLY1305_KEYBYTES], nonce[LF_CHACHA20POLY1305_NONCEBYTES], ad[12];
    uint8_t want_ct[LEN], want_tag[16], ct[LEN], tag[16], pt[LEN];

    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i); /* 80 81 ... 9f */
    unhex(nonce, sizeof nonce, nonce_hex);
    unhex(ad, sizeof ad, ad_hex);
    unhex(want_ct, sizeof want_ct, ct_hex);
    unhex(want_tag, sizeof want_tag, tag_hex);

    /* seal: ciphertext and detached tag */
    int rc = lf_chacha20poly1305_seal(ct, tag, (const uint8_t *)pt_str, LEN, ad, sizeof ad, key, nonce);
    check(rc == LF_OK, "aead: seal returns LF_OK");
    check(memcmp(ct, want_ct, LEN) == 0, "aead: ciphertext = RFC 8439 2.8.2");
    check(memcmp(tag, want_tag, 16) == 0, "aead: tag = RFC 8439 2.8.2");

    /* open: the tag is checked before anything is decrypted */
    rc = lf_chacha20poly1305_open(pt, ct, LEN, tag, ad, sizeof ad, key, nonce);
    check(rc == LF_OK && memcmp(pt, pt_str, LEN) == 0, "aead: open gives the plaintext back");

    /* a tampered tag: LF_ERR_AUTH, and pt is zeroed */
    uint8_t bad_tag[16];
    memcpy(bad_tag, tag, 16);
    bad_tag[15] ^= 0x80;
    memset(pt, 0xaa, LEN);
    rc = lf_chacha20poly1305_open(pt, ct, LEN, bad_tag, ad, sizeof ad, key, nonce);
    check(rc == LF_ERR_AUTH && all_zero(pt, LEN), "aead: tampered tag -> LF_ERR_AUTH, pt zeroed");

    /* a tampered ciphertext or associated data: rejected the same way */
    ct[40] ^= 1;
    rc = lf_chacha20poly1305_open(pt, ct, LEN, tag, ad, sizeof ad, key, nonce);
    check(rc == LF_ERR_AUTH, "aead: tampered ciphertext -> LF_ERR_AUTH");
    ct[40] ^= 1;
    ad[0] ^= 1;
    rc = lf_chacha20poly1305_open(pt, ct, LEN, tag, ad, sizeof ad, key, nonce);
    check(rc == LF_ERR_AUTH, "aead: tampered associated data -> LF_ERR_AUTH");
    ad[0] ^= 1;

    /* in place (pt == ct) works too */
    memcpy(pt, pt_str, LEN);
    rc = lf_chacha20poly1305_seal(pt, tag, pt, LEN, ad, sizeof ad, key, nonce);
    check(rc == LF_OK && memcmp(pt, want_ct, LEN) == 0 && memcmp(tag, want_tag, 16) == 0,
          "aead: in-place seal gives the same");
    rc = lf_chacha20poly1305_open(pt, pt, LEN, tag, ad, sizeof ad, key, nonce);
    check(rc == LF_OK && memcmp(pt, pt_str, LEN) == 0, "aead: in-place open");
}

int main(void) {
    poly1305_example();
    aead_example();
    if (failures) {
        printf("%d check(s) FAILED\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
