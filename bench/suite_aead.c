/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "aead": ChaCha20-Poly1305 (RFC 8439, 96-bit nonce) encryption.
 *
 * op "chacha20poly1305_seal", subjects "<n>B" for n = 64, 1024, 16384
 * (row `bytes` = n), no associated data, key set once, a fresh nonce per
 * message (counter).  Latency: each tag is XORed into the first 16 bytes of
 * the next plaintext.
 *   openssl    EVP_chacha20_poly1305: EncryptInit (new nonce), EncryptUpdate,
 *              EncryptFinal, get tag
 *   libsodium  crypto_aead_chacha20poly1305_ietf_encrypt (one-shot)
 *   nettle     chacha_poly1305_set_nonce, _encrypt, _digest
 *   limbforge  lf_chacha20poly1305_seal (one-shot), one row per back end with
 *              its own kernels (c, avx2, avx512, avx512ifma, neon, power9:
 *              those available), selected with lf_backend_set.
 */
#include <stdio.h>
#include <string.h>

#include "suites.h"

#include <limbforge/aead.h>

#if LFB_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif
#if LFB_HAVE_SODIUM
#include <sodium.h>
#endif
#if LFB_HAVE_NETTLE
#include <nettle/chacha-poly1305.h>
#include <nettle/version.h>
#endif

static const long aead_lens[] = {64, 1024, 16384};
#define AEAD_MAXLEN 16384

typedef struct {
    size_t len;
    uint64_t counter;
    uint8_t key[32];
    uint8_t nonce[12];
    uint8_t tag[16];
    uint8_t msg[AEAD_MAXLEN];
    uint8_t out[AEAD_MAXLEN + 16];
#if LFB_HAVE_OPENSSL
    EVP_CIPHER_CTX *cctx;
#endif
#if LFB_HAVE_NETTLE
    struct chacha_poly1305_ctx nctx;
#endif
} aead_st;

static aead_st aead;

static inline void next_nonce(aead_st *s)
{
    s->counter++;
    memcpy(s->nonce + 4, &s->counter, 8);
}

static inline void fold_tag(aead_st *s)
{
    for (int i = 0; i < 16; i++) s->msg[i] ^= s->tag[i];
}

static void lf_seal(void *arg, uint64_t n)
{
    aead_st *s = arg;
    while (n--) {
        next_nonce(s);
        int rc = lf_chacha20poly1305_seal(s->out, s->tag, s->msg, s->len, NULL, 0, s->key, s->nonce);
        lfb_keep(&rc);
        fold_tag(s);
    }
}

static const char *const aead_backends[] = {"c", "avx2", "avx512", "avx512ifma", "neon", "power9",
                                           "armv7neon"};

static int aead_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

#if LFB_HAVE_OPENSSL
static void ossl_seal(void *arg, uint64_t n)
{
    aead_st *s = arg;
    while (n--) {
        int l1 = 0, l2 = 0;
        next_nonce(s);
        int ok = EVP_EncryptInit_ex(s->cctx, NULL, NULL, NULL, s->nonce);
        ok &= EVP_EncryptUpdate(s->cctx, s->out, &l1, s->msg, (int)s->len);
        ok &= EVP_EncryptFinal_ex(s->cctx, s->out + l1, &l2);
        ok &= EVP_CIPHER_CTX_ctrl(s->cctx, EVP_CTRL_AEAD_GET_TAG, 16, s->tag);
        lfb_keep(&ok);
        fold_tag(s);
    }
}
#endif

#if LFB_HAVE_SODIUM
static void sodium_seal(void *arg, uint64_t n)
{
    aead_st *s = arg;
    while (n--) {
        unsigned long long clen;
        next_nonce(s);
        crypto_aead_chacha20poly1305_ietf_encrypt(s->out, &clen, s->msg, s->len, NULL, 0, NULL,
                                                  s->nonce, s->key);
        memcpy(s->tag, s->out + s->len, 16);
        fold_tag(s);
    }
}
#endif

#if LFB_HAVE_NETTLE
static void nettle_seal(void *arg, uint64_t n)
{
    aead_st *s = arg;
    while (n--) {
        next_nonce(s);
        chacha_poly1305_set_nonce(&s->nctx, s->nonce);
        chacha_poly1305_encrypt(&s->nctx, s->len, s->out, s->msg);
        chacha_poly1305_digest(&s->nctx, 16, s->tag);
        fold_tag(s);
    }
}
#endif

void suite_aead(lfb *h)
{
    aead_st *s = &aead;
    lfb_randbytes(h, s->key, sizeof s->key);
    lfb_randbytes(h, s->nonce, sizeof s->nonce);
    lfb_randbytes(h, s->msg, sizeof s->msg);
#if LFB_HAVE_OPENSSL
    lfb_version(h, "openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
    s->cctx = EVP_CIPHER_CTX_new();
    if (!s->cctx ||
        EVP_EncryptInit_ex(s->cctx, EVP_chacha20_poly1305(), NULL, s->key, s->nonce) != 1) {
        lfb_note(h, "openssl: EVP_chacha20_poly1305 unavailable; openssl rows skipped");
        EVP_CIPHER_CTX_free(s->cctx);
        s->cctx = NULL;
    }
#else
    lfb_note(h, "OpenSSL not available at build time: openssl rows skipped");
#endif
#if LFB_HAVE_SODIUM
    int sodium_ok = sodium_init() >= 0;
    if (sodium_ok) lfb_version(h, "libsodium", sodium_version_string());
    else lfb_note(h, "libsodium: sodium_init failed; rows skipped");
#else
    lfb_note(h, "libsodium not available at build time: libsodium rows skipped");
#endif
#if LFB_HAVE_NETTLE
    {
#ifdef LFB_NETTLE_VERSION
        lfb_version(h, "nettle", LFB_NETTLE_VERSION); /* pkg-config: major.minor.patch */
#else
        char v[32];
        snprintf(v, sizeof v, "%d.%d", nettle_version_major(), nettle_version_minor());
        lfb_version(h, "nettle", v);
#endif
        chacha_poly1305_set_key(&s->nctx, s->key);
    }
#else
    lfb_note(h, "nettle not available at build time: nettle rows skipped");
#endif

    const char *initial_backend = lf_backend_name(lf_backend_current());
    lfb_impl_row rows[16];
    size_t nrows = 0;
    for (size_t i = 0; i < sizeof aead_backends / sizeof aead_backends[0]; i++)
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (!strcmp(lf_backend_name((lf_backend)b), aead_backends[i]) &&
                lf_backend_available((lf_backend)b))
                rows[nrows++] = (lfb_impl_row){"limbforge", aead_backends[i], lf_seal,
                                               aead_set_backend, (void *)aead_backends[i]};
#if LFB_HAVE_OPENSSL
    rows[nrows++] = (lfb_impl_row){"openssl", NULL, s->cctx ? ossl_seal : NULL, NULL, NULL};
#endif
#if LFB_HAVE_SODIUM
    rows[nrows++] = (lfb_impl_row){"libsodium", NULL, sodium_ok ? sodium_seal : NULL, NULL, NULL};
#endif
#if LFB_HAVE_NETTLE
    rows[nrows++] = (lfb_impl_row){"nettle", NULL, nettle_seal, NULL, NULL};
#endif
    lfb_case base = {.op = "chacha20poly1305_seal", .kind = LFB_LATENCY, .arg = s};
    lfb_run_lengths(h, &base, aead_lens, sizeof aead_lens / sizeof aead_lens[0], &s->len, rows,
                    nrows);
    if (initial_backend && lf_backend_set(initial_backend) != 0)
        lfb_note(h, "aead: could not restore back end %s", initial_backend);
#if LFB_HAVE_OPENSSL
    EVP_CIPHER_CTX_free(s->cctx);
    s->cctx = NULL;
#endif
}
