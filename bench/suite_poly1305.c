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
 */
#include <stdio.h>
#include <string.h>

#include "suites.h"

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

    for (size_t i = 0; i < sizeof p1305_lens / sizeof p1305_lens[0]; i++) {
        long len = p1305_lens[i];
        char subject[16];
        snprintf(subject, sizeof subject, "%ldB", len);
        s->len = (size_t)len;
        lfb_case c = {.op = "mac", .subject = subject, .kind = LFB_LATENCY, .bytes = len,
                      .arg = s};
        /* ---- limbforge rows (poly1305 module): add here, op "mac", impl "limbforge" ---- */

        /* ---- anchors ---- */
#if LFB_HAVE_OPENSSL
        if (s->mctx) {
            c.impl = "openssl";
            c.body = ossl_mac;
            lfb_run(h, &c);
        }
#endif
#if LFB_HAVE_SODIUM
        if (sodium_ok) {
            c.impl = "libsodium";
            c.body = sodium_mac;
            lfb_run(h, &c);
        }
#endif
#if LFB_HAVE_NETTLE
        c.impl = "nettle";
        c.body = nettle_mac;
        lfb_run(h, &c);
#endif
        (void)c;
    }
#if LFB_HAVE_OPENSSL
    EVP_MAC_CTX_free(s->mctx);
    s->mctx = NULL;
    EVP_MAC_free(mac);
#endif
}
