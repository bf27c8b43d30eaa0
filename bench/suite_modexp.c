/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "modexp": constant-time modular exponentiation and RSA.
 *
 * op "powm", subjects "<bits>bit" (1024, 2048, 3072, 4096): r = b^e mod m
 *   for a random odd m with its top bit set, a random exponent of the same
 *   size; latency: each result is the next base.
 *     gmp      mpn_sec_powm
 *     openssl  BN_mod_exp_mont_consttime (Montgomery context prepared once)
 * op "rsa_private", subjects "rsa2048", "rsa3072", "rsa4096": the raw RSA
 *   private operation c^d mod N, no padding, on one key per size generated
 *   once per run, in memory, by OpenSSL and shared by both rows (--quick:
 *   rsa2048 only); each result (limbforge: its low half) is the next input.
 *     limbforge  lf_mp_rsa_private_crt (two half-size exponentiations, Garner,
 *                the result checked with the public exponent)
 *     openssl    EVP_PKEY_decrypt with RSA_NO_PADDING (blinding, CRT and its
 *                own r^e check: what each side includes is in bench/README.md)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

#if LFB_HAVE_GMP
#include <gmp.h>
#endif
#if LFB_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#endif

static const int powm_bits[] = {1024, 2048, 3072, 4096};
#define PM_MAXL (4096 / 64)

/* random odd modulus with the top bit set, exponent and base (< modulus),
 * little-endian 64-bit limbs */
static void make_operands(lfb *h, int bits, uint64_t *m, uint64_t *e, uint64_t *b)
{
    int n = bits / 64;
    lfb_randbytes(h, m, 8 * (size_t)n);
    lfb_randbytes(h, e, 8 * (size_t)n);
    lfb_randbytes(h, b, 8 * (size_t)n);
    m[0] |= 1;
    m[n - 1] |= 1ull << 63;
    e[n - 1] |= 1ull << 63;
    b[n - 1] &= ~(1ull << 63); /* b < 2^(bits-1) <= m */
}

#if LFB_HAVE_GMP
typedef struct {
    mp_size_t n;
    mp_limb_t m[PM_MAXL], e[PM_MAXL], r[2][PM_MAXL];
    mp_bitcnt_t ebits;
    mp_limb_t *scratch;
} gmppm_st;
static gmppm_st gmppm;

static void gmppm_powm(void *arg, uint64_t n)
{
    gmppm_st *s = arg;
    while (n) {
        mpn_sec_powm(s->r[1], s->r[0], s->n, s->e, s->ebits, s->m, s->n, s->scratch);
        if (!--n) break;
        mpn_sec_powm(s->r[0], s->r[1], s->n, s->e, s->ebits, s->m, s->n, s->scratch);
        n--;
    }
}

static void run_gmp(lfb *h, int bits, const char *subject, const uint64_t *m, const uint64_t *e,
                    const uint64_t *b)
{
    gmppm_st *s = &gmppm;
    s->n = bits / 64;
    s->ebits = (mp_bitcnt_t)bits;
    memcpy(s->m, m, 8 * (size_t)s->n);
    memcpy(s->e, e, 8 * (size_t)s->n);
    memcpy(s->r[0], b, 8 * (size_t)s->n);
    s->scratch = malloc(sizeof(mp_limb_t) * (size_t)mpn_sec_powm_itch(s->n, s->ebits, s->n));
    if (!s->scratch) return;
    lfb_case c = {.op = "powm", .subject = subject, .impl = "gmp", .kind = LFB_LATENCY,
                  .bytes = -1, .body = gmppm_powm, .arg = s};
    lfb_run(h, &c);
    free(s->scratch);
    s->scratch = NULL;
}
#endif

#if LFB_HAVE_OPENSSL
typedef struct {
    BIGNUM *m, *e, *r[2];
    BN_MONT_CTX *mont;
    BN_CTX *ctx;
} osslpm_st;
static osslpm_st osslpm;

static void osslpm_powm(void *arg, uint64_t n)
{
    osslpm_st *s = arg;
    while (n--) {
        int ok = BN_mod_exp_mont_consttime(s->r[1], s->r[0], s->e, s->m, s->ctx, s->mont);
        lfb_keep(&ok);
        BIGNUM *t = s->r[0];
        s->r[0] = s->r[1];
        s->r[1] = t;
    }
}

static BIGNUM *limbs_to_bn(const uint64_t *l, int n)
{
    unsigned char be[PM_MAXL * 8];
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 8; k++) be[8 * (n - 1 - i) + (7 - k)] = (unsigned char)(l[i] >> (8 * k));
    return BN_bin2bn(be, 8 * n, NULL);
}

static void run_openssl_powm(lfb *h, int bits, const char *subject, const uint64_t *m,
                             const uint64_t *e, const uint64_t *b)
{
    osslpm_st *s = &osslpm;
    int n = bits / 64;
    s->ctx = BN_CTX_new();
    s->mont = BN_MONT_CTX_new();
    s->m = limbs_to_bn(m, n);
    s->e = limbs_to_bn(e, n);
    s->r[0] = limbs_to_bn(b, n);
    s->r[1] = BN_new();
    int ok = s->ctx && s->mont && s->m && s->e && s->r[0] && s->r[1] &&
             BN_MONT_CTX_set(s->mont, s->m, s->ctx);
    if (ok) {
        BN_set_flags(s->e, BN_FLG_CONSTTIME);
        lfb_case c = {.op = "powm", .subject = subject, .impl = "openssl", .kind = LFB_LATENCY,
                      .bytes = -1, .body = osslpm_powm, .arg = s};
        lfb_run(h, &c);
    } else {
        lfb_note(h, "openssl: powm set-up failed for %s", subject);
    }
    BN_free(s->m);
    BN_free(s->e);
    BN_free(s->r[0]);
    BN_free(s->r[1]);
    BN_MONT_CTX_free(s->mont);
    BN_CTX_free(s->ctx);
    memset(s, 0, sizeof *s);
}

/* One RSA key per size, generated in memory and shared by the limbforge
 * and OpenSSL rows (NULL on failure). */
static EVP_PKEY *rsa_keygen(int bits)
{
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    fprintf(stderr, "  (generating an RSA-%d key...)\n", bits);
    int ok = kctx && EVP_PKEY_keygen_init(kctx) == 1 &&
             EVP_PKEY_CTX_set_rsa_keygen_bits(kctx, bits) == 1 &&
             EVP_PKEY_generate(kctx, &pkey) == 1;
    EVP_PKEY_CTX_free(kctx);
    if (!ok) {
        EVP_PKEY_free(pkey);
        return NULL;
    }
    return pkey;
}

/* The raw private operation, as `openssl pkeyutl -decrypt -pkeyopt
 * rsa_padding_mode:none`: EVP_PKEY_decrypt with RSA_NO_PADDING (blinding,
 * CRT, OpenSSL's own r^e check: bench/README.md). */
typedef struct {
    EVP_PKEY_CTX *dctx;
    unsigned char in[PM_MAXL * 8], out[PM_MAXL * 8];
    size_t len;
} osslrsa_st;
static osslrsa_st osslrsa;

static void osslrsa_decrypt(void *arg, uint64_t n)
{
    osslrsa_st *s = arg;
    while (n--) {
        size_t len = sizeof s->out;
        int ok = EVP_PKEY_decrypt(s->dctx, s->out, &len, s->in, s->len);
        lfb_keep(&ok);
        memcpy(s->in, s->out, s->len); /* < N: the next input */
    }
}

static int osslrsa_prepare(void *arg)
{
    osslrsa_st *s = arg;
    size_t len = sizeof s->out;
    return EVP_PKEY_decrypt(s->dctx, s->out, &len, s->in, s->len) != 1 || len != s->len;
}

static void run_openssl_rsa(lfb *h, int bits, EVP_PKEY *pkey)
{
    char subject[16];
    snprintf(subject, sizeof subject, "rsa%d", bits);
    if (!lfb_want(h, "rsa_private", subject, "openssl", NULL)) return;
    lfb_case c = {.op = "rsa_private", .subject = subject, .impl = "openssl", .kind = LFB_LATENCY,
                  .bytes = -1, .body = osslrsa_decrypt, .arg = &osslrsa,
                  .prepare = osslrsa_prepare, .parg = &osslrsa};
    if (lfb_listing(h)) {
        lfb_run(h, &c);
        return;
    }
    osslrsa_st *s = &osslrsa;
    s->len = (size_t)bits / 8;
    s->dctx = pkey ? EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL) : NULL;
    int ok = s->dctx && EVP_PKEY_decrypt_init(s->dctx) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(s->dctx, RSA_NO_PADDING) == 1;
    lfb_randbytes(h, s->in, s->len);
    s->in[0] &= 0x7f; /* < 2^(bits-1) <= N */
    if (ok) lfb_run(h, &c);
    else lfb_note(h, "openssl: RSA-%d key generation or decrypt set-up failed; row skipped", bits);
    EVP_PKEY_CTX_free(s->dctx);
    s->dctx = NULL;
}
#endif

/* ---- limbforge rows (mp module) ----------------------------------------
 * powm: lf_mp_modexp with the Montgomery context prepared once (as the
 * OpenSSL row), full-size secret exponent; latency: result = next base.
 * rsa_private: lf_mp_rsa_private_crt on the raw RSA function (no padding,
 * no blinding; CRT, Garner and the public-exponent check of the result)
 * with the key of the OpenSSL row; each result's low limbs feed the next
 * input. */
#include "limbforge/mp.h"

typedef struct {
    lf_mp_mont_ctx ctx;
    uint64_t e[PM_MAXL], r[2][PM_MAXL];
    size_t n;
} lfpm_st;
static lfpm_st lfpm;

static void lfpm_powm(void *arg, uint64_t n)
{
    lfpm_st *s = arg;
    while (n) {
        if (lf_mp_modexp(s->r[1], s->r[0], s->e, s->n, &s->ctx)) abort();
        if (!--n) break;
        if (lf_mp_modexp(s->r[0], s->r[1], s->e, s->n, &s->ctx)) abort();
        n--;
    }
}

static int lfpm_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

static void run_limbforge_powm(lfb *h, int bits, const char *subject, const uint64_t *m,
                               const uint64_t *e, const uint64_t *b)
{
    lfpm_st *s = &lfpm;
    s->n = (size_t)bits / 64;
    if (lf_mp_mont_init(&s->ctx, m, s->n) != LF_OK) {
        lfb_note(h, "limbforge: lf_mp_mont_init failed for %s", subject);
        return;
    }
    memcpy(s->e, e, 8 * s->n);
    memcpy(s->r[0], b, 8 * s->n);
    /* the deepest back end and x86_64 (mulq) for comparison */
    const char *deepest = lf_backend_name(lf_backend_current());
    const char *bes[2] = {deepest, strcmp(deepest, "x86_64") && lf_backend_available(LF_BACKEND_X86_64) ? "x86_64" : NULL};
    for (int i = 0; i < 2 && bes[i]; i++) {
        lfb_case c = {.op = "powm", .subject = subject, .impl = "limbforge", .backend = bes[i],
                      .kind = LFB_LATENCY, .bytes = -1, .body = lfpm_powm, .arg = s,
                      .prepare = lfpm_set_backend, .parg = (void *)bes[i]};
        lfb_run(h, &c);
    }
    if (lf_backend_set(deepest) != 0) lfb_note(h, "could not restore back end %s", deepest);
}

#if LFB_HAVE_OPENSSL
#include <openssl/core_names.h>
typedef struct {
    lf_mp_rsa_key key;
    uint64_t c[2][PM_MAXL];
} lfrsa_st;
static lfrsa_st lfrsa;

static void lfrsa_sign(void *arg, uint64_t n)
{
    lfrsa_st *s = arg;
    size_t h = s->key.h;
    while (n--) {
        if (lf_mp_rsa_private_crt(s->c[1], s->c[0], &s->key)) abort();
        memcpy(s->c[0], s->c[1], 8 * h); /* low half: < N */
    }
}

static int bn_limbs(const BIGNUM *x, uint64_t *out, size_t n)
{
    unsigned char be[PM_MAXL * 8];
    if (BN_bn2binpad(x, be, (int)(8 * n)) < 0) return 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t w = 0;
        for (int k = 0; k < 8; k++) w = (w << 8) | be[8 * (n - 1 - i) + (size_t)k];
        out[i] = w;
    }
    return 1;
}

static void run_limbforge_rsa(lfb *h, int bits, EVP_PKEY *pkey)
{
    char subject[16];
    snprintf(subject, sizeof subject, "rsa%d", bits);
    const char *be = lf_backend_name(lf_backend_current());
    lfb_case c = {.op = "rsa_private", .subject = subject, .impl = "limbforge", .backend = be,
                  .kind = LFB_LATENCY, .bytes = -1, .body = lfrsa_sign, .arg = &lfrsa};
    if (!lfb_want(h, "rsa_private", subject, "limbforge", be)) return;
    if (lfb_listing(h)) {
        lfb_run(h, &c);
        return;
    }
    BIGNUM *p = NULL, *q = NULL, *dp = NULL, *dq = NULL, *qi = NULL, *e = NULL;
    size_t hl = (size_t)bits / 128;
    uint64_t E = 0;
    static uint64_t P[PM_MAXL], Q[PM_MAXL], DP[PM_MAXL], DQ[PM_MAXL], QI[PM_MAXL];
    int ok = pkey && EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_E, &e) == 1 &&
             bn_limbs(e, &E, 1) &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR1, &p) == 1 &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR2, &q) == 1 &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT1, &dp) == 1 &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT2, &dq) == 1 &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, &qi) == 1 &&
             bn_limbs(p, P, hl) && bn_limbs(q, Q, hl) && bn_limbs(dp, DP, hl) &&
             bn_limbs(dq, DQ, hl) && bn_limbs(qi, QI, hl) &&
             lf_mp_rsa_key_init(&lfrsa.key, E, P, Q, DP, DQ, QI, hl) == LF_OK;
    if (ok) {
        lfb_randbytes(h, lfrsa.c[0], 8 * hl); /* < 2^(bits/2) < N */
        lfb_run(h, &c);
    } else {
        lfb_note(h, "limbforge: RSA-%d key set-up failed; row skipped", bits);
    }
    BN_free(p), BN_free(q), BN_free(dp), BN_free(dq), BN_free(qi), BN_free(e);
}
#endif

void suite_modexp(lfb *h)
{
    lfb_gmp_openssl_versions(h); /* suite_field_anchors.c */
    for (size_t i = 0; i < sizeof powm_bits / sizeof powm_bits[0]; i++) {
        int bits = powm_bits[i];
        char subject[16];
        snprintf(subject, sizeof subject, "%dbit", bits);
        static uint64_t m[PM_MAXL], e[PM_MAXL], b[PM_MAXL];
        make_operands(h, bits, m, e, b);
        /* ---- limbforge rows (mp module, CT modexp): add here, op "powm" ---- */
        run_limbforge_powm(h, bits, subject, m, e, b);

        /* ---- anchors ---- */
#if LFB_HAVE_GMP
        run_gmp(h, bits, subject, m, e, b);
#endif
#if LFB_HAVE_OPENSSL
        run_openssl_powm(h, bits, subject, m, e, b);
#endif
    }
#if LFB_HAVE_OPENSSL
    static const int rsa_bits[] = {2048, 3072, 4096};
    for (size_t i = 0; i < sizeof rsa_bits / sizeof rsa_bits[0]; i++) {
        if (lfb_quick(h) && rsa_bits[i] != 2048) continue;
        int bits = rsa_bits[i];
        char subject[16];
        snprintf(subject, sizeof subject, "rsa%d", bits);
        int want = lfb_want(h, "rsa_private", subject, "limbforge",
                            lf_backend_name(lf_backend_current())) ||
                   lfb_want(h, "rsa_private", subject, "openssl", NULL);
        EVP_PKEY *pkey = want && !lfb_listing(h) ? rsa_keygen(bits) : NULL;
        /* ---- limbforge rows (RSA private op from mp): add here, op "rsa_private" ---- */
        run_limbforge_rsa(h, bits, pkey);
        run_openssl_rsa(h, bits, pkey);
        EVP_PKEY_free(pkey);
    }
#endif
}
