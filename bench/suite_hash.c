/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "hash": SHA-256 and HMAC-SHA256 (include/limbforge/sha256.h).
 *
 * ops "sha256" and "hmac_sha256", subjects "<n>B" for n = 64, 1024, 16384
 * (row `bytes` = n).  Latency: each digest is XORed into the first 32 bytes
 * of the next message.  HMAC rows use a 32-byte key, set up per message (as
 * a one-shot call does).
 *   openssl    SHA256() and HMAC(EVP_sha256()) one-shot
 *   nettle     sha256_init/update/digest; hmac_sha256_set_key/update/digest
 *   limbforge  lf_sha256 / lf_hmac_sha256, back ends c (portable C) and
 *              x86_64 or aarch64 (SHA-NI / ARMv8 SHA2 when the CPU has
 *              them: the module checks the feature itself, src/hash/README.md)
 */
#include <string.h>

#include "suites.h"

#include <limbforge/sha256.h>

#if LFB_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#endif
#if LFB_HAVE_NETTLE
#include <nettle/hmac.h>
#include <nettle/sha2.h>
#endif

static const long hash_lens[] = {64, 1024, 16384};
#define HASH_MAXLEN 16384

typedef struct {
    size_t len;
    uint8_t key[32];
    uint8_t out[32];
    uint8_t msg[HASH_MAXLEN];
} hash_st;

static hash_st hs;

static inline void fold_out(hash_st *s)
{
    for (int i = 0; i < 32; i++) s->msg[i] ^= s->out[i];
}

static void lf_sha(void *arg, uint64_t n)
{
    hash_st *s = arg;
    while (n--) {
        lf_sha256(s->out, s->msg, s->len);
        fold_out(s);
    }
}

static void lf_hmac(void *arg, uint64_t n)
{
    hash_st *s = arg;
    while (n--) {
        lf_hmac_sha256(s->out, s->key, sizeof s->key, s->msg, s->len);
        fold_out(s);
    }
}

#if LFB_HAVE_OPENSSL
static void ossl_sha(void *arg, uint64_t n)
{
    hash_st *s = arg;
    while (n--) {
        SHA256(s->msg, s->len, s->out);
        fold_out(s);
    }
}

static void ossl_hmac(void *arg, uint64_t n)
{
    hash_st *s = arg;
    while (n--) {
        unsigned int olen = 0;
        HMAC(EVP_sha256(), s->key, (int)sizeof s->key, s->msg, s->len, s->out, &olen);
        fold_out(s);
    }
}
#endif

#if LFB_HAVE_NETTLE
static void nettle_sha(void *arg, uint64_t n)
{
    hash_st *s = arg;
    struct sha256_ctx c;
    while (n--) {
        sha256_init(&c);
        sha256_update(&c, s->len, s->msg);
        sha256_digest(&c, sizeof s->out, s->out);
        fold_out(s);
    }
}

static void nettle_hmac(void *arg, uint64_t n)
{
    hash_st *s = arg;
    struct hmac_sha256_ctx c;
    while (n--) {
        hmac_sha256_set_key(&c, sizeof s->key, s->key);
        hmac_sha256_update(&c, s->len, s->msg);
        hmac_sha256_digest(&c, sizeof s->out, s->out);
        fold_out(s);
    }
}
#endif

static int hash_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

/* c, and the architecture's root back end (which runs the hardware
 * instructions when the CPU has them) */
static const char *const hash_backends[] = {"c", "x86_64", "aarch64"};

static void hash_rows(lfb *h, const char *op, lfb_body lf, lfb_body ossl, lfb_body nettle)
{
    lfb_impl_row rows[8];
    size_t n = 0;
    for (size_t i = 0; i < sizeof hash_backends / sizeof hash_backends[0]; i++)
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (!strcmp(lf_backend_name((lf_backend)b), hash_backends[i]) &&
                lf_backend_available((lf_backend)b))
                rows[n++] = (lfb_impl_row){"limbforge", hash_backends[i], lf, hash_set_backend,
                                           (void *)hash_backends[i]};
    rows[n++] = (lfb_impl_row){"openssl", NULL, ossl, NULL, NULL};
    rows[n++] = (lfb_impl_row){"nettle", NULL, nettle, NULL, NULL};
    lfb_case base = {.op = op, .kind = LFB_LATENCY, .arg = &hs};
    lfb_run_lengths(h, &base, hash_lens, sizeof hash_lens / sizeof hash_lens[0], &hs.len, rows, n);
}

void suite_hash(lfb *h)
{
    lfb_randbytes(h, hs.key, sizeof hs.key);
    lfb_randbytes(h, hs.msg, sizeof hs.msg);
    lfb_body ossl_s = NULL, ossl_h = NULL, nettle_s = NULL, nettle_h = NULL;
#if LFB_HAVE_OPENSSL
    lfb_version(h, "openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
    ossl_s = ossl_sha;
    ossl_h = ossl_hmac;
#else
    lfb_note(h, "OpenSSL not available at build time: openssl rows skipped");
#endif
#if LFB_HAVE_NETTLE
    nettle_s = nettle_sha;
    nettle_h = nettle_hmac;
#else
    lfb_note(h, "nettle not available at build time: nettle rows skipped");
#endif
    const char *initial_backend = lf_backend_name(lf_backend_current());
    hash_rows(h, "sha256", lf_sha, ossl_s, nettle_s);
    hash_rows(h, "hmac_sha256", lf_hmac, ossl_h, nettle_h);
    if (initial_backend && lf_backend_set(initial_backend) != 0)
        lfb_note(h, "hash: could not restore back end %s", initial_backend);
}
