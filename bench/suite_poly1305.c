/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "poly1305": one-time authenticator.
 *
 * op "mac", subjects "<n>B" for n = 16, 64, 256, 1024, 16384 (row `bytes` = n).
 * Latency: each tag is XORed into the first 16 bytes of the next message.
 *   openssl    EVP_MAC "POLY1305": init with the 32-byte one-time key,
 *              update, final (key set-up is part of every message, as in
 *              real use of a one-time key)
 *   libsodium  crypto_onetimeauth (one-shot, key per message)
 *   nettle     poly1305_aes_update + poly1305_aes_digest.  nettle's public
 *              API has no raw Poly1305 (only Poly1305-AES; the raw block
 *              functions are internal), so this row also pays one AES-128
 *              block per message for the nonce, and its r/s key is set once
 *              (poly1305_aes_set_key) with the nonce advancing per message.
 *   limbforge  lf_poly1305 (one-shot, key per message), one row per back end
 *              with its own Poly1305 kernel (c, avx2, avx512, avx512ifma,
 *              neon, power9: those available), selected with lf_backend_set.
 */
#include <stdio.h>
#include <string.h>

#include "suites.h"

#include <limbforge/poly1305.h>

#if LFB_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif
#if LFB_HAVE_SODIUM
#include <sodium.h>
#endif
#if LFB_HAVE_NETTLE
#include <nettle/poly1305.h>
#include <nettle/version.h>
#endif

static const long p1305_lens[] = {16, 64, 256, 1024, 16384};
#define P1305_MAXLEN 16384

typedef struct {
    size_t len;
    uint8_t key[32];
    uint8_t tag[16];
    uint8_t msg[P1305_MAXLEN];
#if LFB_HAVE_OPENSSL
    EVP_MAC_CTX *mctx;
#endif
#if LFB_HAVE_NETTLE
    struct poly1305_aes_ctx nctx;
#endif
} p1305_st;

static p1305_st p1305;

static inline void fold_tag(p1305_st *s)
{
    for (int i = 0; i < 16; i++) s->msg[i] ^= s->tag[i];
}

static void lf_mac(void *arg, uint64_t n)
{
    p1305_st *s = arg;
    while (n--) {
        lf_poly1305(s->tag, s->msg, s->len, s->key);
        fold_tag(s);
    }
}

/* Back ends with a Poly1305 kernel of their own (the others run their
 * parent's); rows for the available ones. */
static const char *const p1305_backends[] = {"c", "avx2", "avx512", "avx512ifma", "neon", "power9",
                                             "armv7neon"};

static int p1305_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

static size_t p1305_lf_rows(lfb_impl_row *rows, lfb_body body)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof p1305_backends / sizeof p1305_backends[0]; i++)
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (!strcmp(lf_backend_name((lf_backend)b), p1305_backends[i]) &&
                lf_backend_available((lf_backend)b))
                rows[n++] = (lfb_impl_row){"limbforge", p1305_backends[i], body, p1305_set_backend,
                                           (void *)p1305_backends[i]};
    return n;
}

#if LFB_HAVE_OPENSSL
static void ossl_mac(void *arg, uint64_t n)
{
    p1305_st *s = arg;
    while (n--) {
        size_t outl = 0;
        int ok = EVP_MAC_init(s->mctx, s->key, sizeof s->key, NULL);
        ok &= EVP_MAC_update(s->mctx, s->msg, s->len);
        ok &= EVP_MAC_final(s->mctx, s->tag, &outl, sizeof s->tag);
        lfb_keep(&ok);
        fold_tag(s);
    }
}
#endif

#if LFB_HAVE_SODIUM
static void sodium_mac(void *arg, uint64_t n)
{
    p1305_st *s = arg;
    while (n--) {
        crypto_onetimeauth(s->tag, s->msg, s->len, s->key);
        fold_tag(s);
    }
}
#endif

#if LFB_HAVE_NETTLE
static void nettle_mac(void *arg, uint64_t n)
{
    p1305_st *s = arg;
    while (n--) {
        poly1305_aes_update(&s->nctx, s->len, s->msg);
        poly1305_aes_digest(&s->nctx, sizeof s->tag, s->tag);
        fold_tag(s);
    }
}
#endif

void suite_poly1305(lfb *h)
{
    p1305_st *s = &p1305;
    lfb_randbytes(h, s->key, sizeof s->key);
    lfb_randbytes(h, s->msg, sizeof s->msg);
#if LFB_HAVE_OPENSSL
    lfb_version(h, "openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    s->mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    if (!s->mctx) lfb_note(h, "openssl: EVP_MAC POLY1305 unavailable; openssl rows skipped");
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
        uint8_t nonce[POLY1305_AES_NONCE_SIZE] = {0};
        poly1305_aes_set_key(&s->nctx, s->key);
        poly1305_aes_set_nonce(&s->nctx, nonce);
    }
#else
    lfb_note(h, "nettle not available at build time: nettle rows skipped");
#endif

    const char *initial_backend = lf_backend_name(lf_backend_current());
    lfb_impl_row rows[16];
    size_t nrows = p1305_lf_rows(rows, lf_mac);
#if LFB_HAVE_OPENSSL
    rows[nrows++] = (lfb_impl_row){"openssl", NULL, s->mctx ? ossl_mac : NULL, NULL, NULL};
#endif
#if LFB_HAVE_SODIUM
    rows[nrows++] = (lfb_impl_row){"libsodium", NULL, sodium_ok ? sodium_mac : NULL, NULL, NULL};
#endif
#if LFB_HAVE_NETTLE
    rows[nrows++] = (lfb_impl_row){"nettle", NULL, nettle_mac, NULL, NULL};
#endif
    lfb_case base = {.op = "mac", .kind = LFB_LATENCY, .arg = s};
    lfb_run_lengths(h, &base, p1305_lens, sizeof p1305_lens / sizeof p1305_lens[0], &s->len, rows,
                    nrows);
    if (initial_backend && lf_backend_set(initial_backend) != 0)
        lfb_note(h, "poly1305: could not restore back end %s", initial_backend);
#if LFB_HAVE_OPENSSL
    EVP_MAC_CTX_free(s->mctx);
    s->mctx = NULL;
    EVP_MAC_free(mac);
#endif
}
