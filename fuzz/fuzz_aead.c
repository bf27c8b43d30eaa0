/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: ChaCha20-Poly1305 against OpenSSL.  Input: key (32), nonce
 * (12), back-end byte, flags, ad length byte, then ad and plaintext.  seal
 * must give OpenSSL's ciphertext and tag (also in place); open must accept
 * it and, after an input-chosen corruption of tag, ciphertext or ad, give the
 * verdict OpenSSL gives, with the plaintext buffer zeroed on failure. */
#include <openssl/evp.h>

#include "common.h"
#include "limbforge/aead.h"

/* OpenSSL: 1 = decrypted and authentic, 0 = tag mismatch */
static int ossl(int enc, uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len,
                const uint8_t *ad, size_t adlen, const uint8_t key[32], const uint8_t nonce[12])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int outl = 0, ok;
    FZ_CHECK(c && EVP_CipherInit_ex(c, EVP_chacha20_poly1305(), NULL, key, nonce, enc) == 1);
    if (!enc) FZ_CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, 16, tag) == 1);
    if (adlen) FZ_CHECK(EVP_CipherUpdate(c, NULL, &outl, ad, (int)adlen) == 1);
    if (len) FZ_CHECK(EVP_CipherUpdate(c, out, &outl, in, (int)len) == 1 && (size_t)outl == len);
    ok = EVP_CipherFinal_ex(c, out + len, &outl);
    if (enc) FZ_CHECK(ok == 1 && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
    EVP_CIPHER_CTX_free(c);
    return ok == 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint8_t key[32], nonce[12], tag[16], rtag[16];
    fz_bytes(&in, key, 32);
    fz_bytes(&in, nonce, 12);
    fz_backend(fz_u8(&in));
    const uint8_t flags = fz_u8(&in);
    size_t adlen = fz_u8(&in);
    if (adlen > in.n) adlen = in.n;
    uint8_t *ad = malloc(adlen + 1);
    fz_bytes(&in, ad, adlen);
    const size_t len = in.n;
    uint8_t *pt = malloc(len + 1), *ct = malloc(len + 16), *rct = malloc(len + 16),
            *back = malloc(len + 1);
    FZ_CHECK(ad && pt && ct && rct && back);
    fz_bytes(&in, pt, len);
    FZ_CHECK(lf_chacha20poly1305_seal(ct, tag, pt, len, adlen ? ad : NULL, adlen, key, nonce) ==
             LF_OK);
    ossl(1, rct, rtag, pt, len, ad, adlen, key, nonce);
    FZ_CHECK(!memcmp(ct, rct, len) && !memcmp(tag, rtag, 16));
    memcpy(back, pt, len); /* in place */
    FZ_CHECK(lf_chacha20poly1305_seal(back, rtag, back, len, ad, adlen, key, nonce) == LF_OK);
    FZ_CHECK(!memcmp(back, ct, len) && !memcmp(rtag, tag, 16));
    FZ_CHECK(lf_chacha20poly1305_open(back, ct, len, tag, ad, adlen, key, nonce) == LF_OK);
    FZ_CHECK(!memcmp(back, pt, len));
    /* corrupt one of tag / ciphertext / ad (or nothing) */
    const uint8_t bit = (uint8_t)(1u << (flags >> 5));
    switch (flags & 3) {
    case 1: tag[flags % 16] ^= bit; break;
    case 2: if (len) ct[(flags * 7u) % len] ^= bit; break;
    case 3: if (adlen) ad[(flags * 5u) % adlen] ^= bit; break;
    default: break;
    }
    memset(back, 0xa5, len);
    int rc = lf_chacha20poly1305_open(back, ct, len, tag, ad, adlen, key, nonce);
    int ok = ossl(0, rct, tag, ct, len, ad, adlen, key, nonce);
    FZ_CHECK((rc == LF_OK) == ok);
    FZ_CHECK(rc == LF_OK || rc == LF_ERR_AUTH);
    if (rc == LF_OK)
        FZ_CHECK(!memcmp(back, rct, len));
    else
        FZ_CHECK(fz_all_zero(back, len));
    free(ad), free(pt), free(ct), free(rct), free(back);
    return 0;
}
