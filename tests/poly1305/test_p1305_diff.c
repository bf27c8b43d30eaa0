/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Differential test against OpenSSL (EVP_MAC POLY1305, EVP_chacha20_poly1305)
 * and libsodium (crypto_onetimeauth_poly1305, crypto_stream_chacha20_ietf,
 * crypto_aead_chacha20poly1305_ietf): random keys, every message length
 * 0..2048 plus large ones, edge-valued keys and messages.  Native builds
 * only (built when either library is found); run once per back end. */
#include "../common/symm_test.h"

#include "limbforge/aead.h"
#include "limbforge/chacha20.h"
#include "limbforge/poly1305.h"

#if LF_HAVE_SODIUM
#include <sodium.h>
#endif
#if LF_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#define BIG ((1u << 20) + 77)
static uint8_t msg[BIG], ct[BIG], ref[BIG];
static long n_sodium, n_openssl;

#if LF_HAVE_OPENSSL
static EVP_MAC_CTX *mctx;
static void ossl_poly(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32])
{
    size_t outl = 0;
    int ok = EVP_MAC_init(mctx, key, 32, NULL) && EVP_MAC_update(mctx, m, len) &&
             EVP_MAC_final(mctx, tag, &outl, 16);
    if (!ok || outl != 16) { fprintf(stderr, "openssl poly1305 failed\n"); exit(2); }
}
static void ossl_seal(uint8_t *c, uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t *ad,
                      size_t adlen, const uint8_t key[32], const uint8_t nonce[12])
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok = EVP_EncryptInit_ex(x, EVP_chacha20_poly1305(), NULL, key, nonce);
    if (adlen) ok &= EVP_EncryptUpdate(x, NULL, &l, ad, (int)adlen);
    if (len) ok &= EVP_EncryptUpdate(x, c, &l, m, (int)len);
    ok &= EVP_EncryptFinal_ex(x, c + l, &l);
    ok &= EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(x);
    if (!ok) { fprintf(stderr, "openssl seal failed\n"); exit(2); }
}
#endif

static void one_poly(const uint8_t *m, size_t len, const uint8_t key[32])
{
    uint8_t t[16], w[16];
    lf_poly1305(t, m, len, key);
#if LF_HAVE_SODIUM
    crypto_onetimeauth_poly1305(w, m, len, key);
    CHECK(!memcmp(t, w, 16), "poly1305 vs libsodium, len %zu", len);
    n_sodium++;
#endif
#if LF_HAVE_OPENSSL
    ossl_poly(w, m, len, key);
    CHECK(!memcmp(t, w, 16), "poly1305 vs openssl, len %zu", len);
    n_openssl++;
#endif
    (void)w;
}

static void one_aead(size_t len, size_t adlen)
{
    uint8_t key[32], nonce[12], ad[64], tag[16], wtag[16];
    lf_rng_bytes(&t_rng, key, 32);
    lf_rng_bytes(&t_rng, nonce, 12);
    lf_rng_bytes(&t_rng, ad, adlen);
    CHECK(lf_chacha20poly1305_seal(ct, tag, msg, len, ad, adlen, key, nonce) == LF_OK, "seal");
#if LF_HAVE_SODIUM
    unsigned long long ml = 0;
    crypto_aead_chacha20poly1305_ietf_encrypt_detached(ref, wtag, &ml, msg, len, ad, adlen, NULL,
                                                       nonce, key);
    CHECK(!memcmp(ct, ref, len) && !memcmp(tag, wtag, 16), "aead vs libsodium, len %zu", len);
    /* chacha20 alone, at a random counter that does not wrap */
    uint32_t ctr = (uint32_t)lf_rng_u64(&t_rng) & 0x7fffffff;
    CHECK(lf_chacha20(ct, msg, len, key, nonce, ctr) == LF_OK, "chacha rc");
    crypto_stream_chacha20_ietf_xor_ic(ref, msg, len, nonce, ctr, key);
    CHECK(!memcmp(ct, ref, len), "chacha20 vs libsodium, len %zu ctr %u", len, ctr);
    n_sodium += 2;
#endif
#if LF_HAVE_OPENSSL
    if (len < (1u << 30)) {
        CHECK(lf_chacha20poly1305_seal(ct, tag, msg, len, ad, adlen, key, nonce) == LF_OK, "seal");
        ossl_seal(ref, wtag, msg, len, ad, adlen, key, nonce);
        CHECK(!memcmp(ct, ref, len) && !memcmp(tag, wtag, 16), "aead vs openssl, len %zu", len);
        n_openssl++;
    }
#endif
    (void)wtag;
}

int main(void)
{
    t_backend_or_skip("test_p1305_diff");
#if LF_HAVE_SODIUM
    if (sodium_init() < 0) { fprintf(stderr, "sodium_init failed\n"); return 1; }
#endif
#if LF_HAVE_OPENSSL
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    if (!mctx) { fprintf(stderr, "OpenSSL POLY1305 unavailable\n"); return 1; }
#endif
    uint8_t key[32];
    lf_rng_bytes(&t_rng, msg, BIG);
    for (size_t len = 0; len <= 2048; len++) {
        lf_rng_bytes(&t_rng, key, 32);
        one_poly(msg, len, key);
        /* edge keys/messages: r and s all ones (r clamps to its maximum), all-ones data */
        if (len % 8 == 0) {
            memset(key, 0xff, 32);
            one_poly(msg, len, key);
            memset(ref, 0xff, len);
            one_poly(ref, len, key);
        }
        one_aead(len, len % 37);
    }
    static const size_t big[] = {4096, 4097, 16384 + 15, 65536 + 3, 100000, BIG};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        lf_rng_bytes(&t_rng, key, 32);
        one_poly(msg, big[i], key);
        one_aead(big[i], 13);
    }
    printf("test_p1305_diff: %ld comparisons with libsodium, %ld with OpenSSL\n", n_sodium,
           n_openssl);
#if LF_HAVE_OPENSSL
    EVP_MAC_CTX_free(mctx);
    EVP_MAC_free(mac);
#endif
    return t_done("test_p1305_diff", 17000);
}
