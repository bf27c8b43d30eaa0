/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "secp256k1", the anchors (the limbforge rows and the suite entry:
 * suite_secp256k1.c): keys and signatures on secp256k1.
 *
 * Subject "secp256k1".  Ops (all latency, one call after another):
 *   pubkey_create       secp256k1_ec_pubkey_create
 *   ecdsa_sign          secp256k1_ecdsa_sign (RFC 6979 nonces); the next
 *                       message hash is XORed with the signature
 *   ecdsa_verify        secp256k1_ecdsa_verify, walking a pool of valid
 *                       signatures (below)
 *   schnorrsig_sign32   secp256k1_schnorrsig_sign32 (BIP-340); chained like
 *                       ecdsa_sign
 *   schnorrsig_verify   secp256k1_schnorrsig_verify, walking a pool
 *   ecdsa_recover       secp256k1_ecdsa_recover (recovery module), walking
 *                       the pool's recoverable signatures like the verify rows
 *   ecdh                secp256k1_ecdh with the default (SHA-256) hash
 * Anchors:
 *   libsecp256k1      Debian's libsecp256k1 (pkg-config libsecp256k1)
 *   libsecp256k1-sys  the newer libsecp256k1 bundled by the crate
 *                     secp256k1-sys (bench/anchors), whose symbols carry the
 *                     prefix found with nm at build time (LFB_SECP_SYS_PREFIX)
 * Contexts are randomized once (side-channel blinding), as in real use.
 *
 * Verification is variable time (wNAF digits of the scalars decide the
 * point additions), so verifying one signature over and over lets the branch
 * predictor learn its path.  The verify rows walk a pool of SECP_POOL
 * (SECP_POOL_QUICK with --quick) distinct messages, each with a valid ECDSA
 * and a valid BIP-340 signature under one fixed key: entry i+1 after entry i,
 * the step taken from the verification result (i += ok), so the next call's
 * input depends on the last call.  The pool is signed once per run by the
 * first library that needs it; both libraries verify the same signatures
 * (ECDSA passed as 64-byte compact r||s and parsed into each library's own
 * type at set-up).  A failed verification is counted and reported as a note.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#if LFB_HAVE_SECP256K1
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>
#endif

#define SECP_POOL 4096      /* verify pool: distinct messages (a power of two) */
#define SECP_POOL_QUICK 512 /* --quick: more than a quick row's iterations */

/* The verify pool, shared by both libraries. */
static struct {
    unsigned n; /* entries filled: 0, SECP_POOL_QUICK or SECP_POOL */
    unsigned char seckey[32];
    unsigned char msg[SECP_POOL][32];
    unsigned char ecdsa64[SECP_POOL][64];   /* compact r || s, low s */
    int recid[SECP_POOL];                   /* its recovery id */
    unsigned char schnorr64[SECP_POOL][64]; /* BIP-340 */
} secp_pool;

static unsigned secp_pool_size(lfb *h)
{
    return lfb_quick(h) ? SECP_POOL_QUICK : SECP_POOL;
}

/* The same five rows for either library: F(name) names its functions. */
#define SECP_BODIES(TAG, F, CTX, PUB, SIG, KP, XO, RSIG)                                              \
    typedef struct {                                                                             \
        CTX *ctx;                                                                                \
        unsigned char seckey[32], msg[32], aux[32];                                              \
        PUB pub;                                                                                 \
        KP kp;                                                                                   \
        /* verify rows: the pool's key, its signatures parsed, position, failures */             \
        PUB vpub;                                                                                \
        XO vxo;                                                                                  \
        SIG vsig[SECP_POOL];                                                                     \
        RSIG vrsig[SECP_POOL];                                                                   \
        unsigned vmask, vi;                                                                      \
        uint64_t vbad;                                                                           \
    } TAG##_st;                                                                                  \
    static TAG##_st TAG##_state;                                                                 \
    static void TAG##_pubkey_create(void *arg, uint64_t n)                                       \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        while (n--) {                                                                            \
            int ok = F(ec_pubkey_create)(s->ctx, &s->pub, s->seckey);                            \
            lfb_keep(&ok);                                                                       \
        }                                                                                        \
    }                                                                                            \
    static void TAG##_ecdsa_sign(void *arg, uint64_t n)                                          \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        SIG sig;                                                                                 \
        while (n--) {                                                                            \
            int ok = F(ecdsa_sign)(s->ctx, &sig, s->msg, s->seckey, NULL, NULL);                 \
            lfb_keep(&ok);                                                                       \
            for (int i = 0; i < 32; i++) s->msg[i] ^= ((const unsigned char *)&sig)[i];          \
        }                                                                                        \
    }                                                                                            \
    static void TAG##_ecdsa_verify(void *arg, uint64_t n)                                        \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        unsigned i = s->vi;                                                                      \
        while (n--) {                                                                            \
            int ok = F(ecdsa_verify)(s->ctx, &s->vsig[i], secp_pool.msg[i], &s->vpub);           \
            s->vbad += (unsigned)ok ^ 1u;                                                        \
            i = (i + (unsigned)ok) & s->vmask;                                                   \
        }                                                                                        \
        s->vi = i;                                                                               \
    }                                                                                            \
    static void TAG##_ecdsa_recover(void *arg, uint64_t n)                                       \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        unsigned i = s->vi;                                                                      \
        PUB q;                                                                                   \
        while (n--) {                                                                            \
            int ok = F(ecdsa_recover)(s->ctx, &q, &s->vrsig[i], secp_pool.msg[i]);               \
            s->vbad += (unsigned)ok ^ 1u;                                                        \
            i = (i + (unsigned)ok) & s->vmask;                                                   \
        }                                                                                        \
        s->vi = i;                                                                               \
    }                                                                                            \
    static void TAG##_ecdh(void *arg, uint64_t n)                                                \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        unsigned char out[32];                                                                   \
        while (n--) {                                                                            \
            int ok = F(ecdh)(s->ctx, out, &s->pub, s->seckey, NULL, NULL);                       \
            lfb_keep(&ok);                                                                       \
            lfb_keep(out);                                                                       \
        }                                                                                        \
    }                                                                                            \
    static void TAG##_schnorr_sign(void *arg, uint64_t n)                                        \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        unsigned char sig64[64];                                                                 \
        while (n--) {                                                                            \
            int ok = F(schnorrsig_sign32)(s->ctx, sig64, s->msg, &s->kp, s->aux);                \
            lfb_keep(&ok);                                                                       \
            for (int i = 0; i < 32; i++) s->msg[i] ^= sig64[i];                                  \
        }                                                                                        \
    }                                                                                            \
    static void TAG##_schnorr_verify(void *arg, uint64_t n)                                      \
    {                                                                                            \
        TAG##_st *s = arg;                                                                       \
        unsigned i = s->vi;                                                                      \
        while (n--) {                                                                            \
            int ok = F(schnorrsig_verify)(s->ctx, secp_pool.schnorr64[i], secp_pool.msg[i], 32,  \
                                          &s->vxo);                                              \
            s->vbad += (unsigned)ok ^ 1u;                                                        \
            i = (i + (unsigned)ok) & s->vmask;                                                   \
        }                                                                                        \
        s->vi = i;                                                                               \
    }                                                                                            \
    /* each verify row starts at pool entry 0 */                                                 \
    static int TAG##_verify_prepare(void *parg)                                                  \
    {                                                                                            \
        ((TAG##_st *)parg)->vi = 0;                                                              \
        return 0;                                                                                \
    }                                                                                            \
    /* keys and the sign rows' inputs; 0 on success */                                          \
    static int TAG##_setup(lfb *h, TAG##_st *s)                                                  \
    {                                                                                            \
        unsigned char seed[32];                                                                  \
        lfb_randbytes(h, seed, 32);                                                              \
        lfb_randbytes(h, s->seckey, 32);                                                         \
        lfb_randbytes(h, s->msg, 32);                                                            \
        lfb_randbytes(h, s->aux, 32);                                                            \
        return !(F(context_randomize)(s->ctx, seed) && F(ec_pubkey_create)(s->ctx, &s->pub, s->seckey) && \
                 F(keypair_create)(s->ctx, &s->kp, s->seckey));                                 \
    }                                                                                            \
    /* The verify pool: signed here if no library has done it yet, then parsed                  \
     * into this library's types; the first entries are verified.  0 on success. */            \
    static int TAG##_pool(lfb *h, TAG##_st *s)                                                   \
    {                                                                                            \
        unsigned np = secp_pool_size(h);                                                         \
        KP kp;                                                                                   \
        if (secp_pool.n != np) {                                                                 \
            unsigned char aux[32];                                                               \
            RSIG sig;                                                                            \
            secp_pool.n = 0;                                                                     \
            lfb_randbytes(h, secp_pool.seckey, 32);                                              \
            lfb_randbytes(h, secp_pool.msg, 32 * (size_t)np);                                    \
            if (!F(keypair_create)(s->ctx, &kp, secp_pool.seckey)) return 1;                     \
            for (unsigned i = 0; i < np; i++) {                                                  \
                lfb_randbytes(h, aux, 32);                                                       \
                if (!F(ecdsa_sign_recoverable)(s->ctx, &sig, secp_pool.msg[i], secp_pool.seckey, NULL, \
                                               NULL) ||                                          \
                    !F(ecdsa_recoverable_signature_serialize_compact)(s->ctx, secp_pool.ecdsa64[i], \
                                                                      &secp_pool.recid[i], &sig) || \
                    !F(schnorrsig_sign32)(s->ctx, secp_pool.schnorr64[i], secp_pool.msg[i], &kp, aux)) \
                    return 1;                                                                    \
            }                                                                                    \
            secp_pool.n = np;                                                                    \
        }                                                                                        \
        if (!F(ec_pubkey_create)(s->ctx, &s->vpub, secp_pool.seckey) ||                          \
            !F(keypair_create)(s->ctx, &kp, secp_pool.seckey) ||                                 \
            !F(keypair_xonly_pub)(s->ctx, &s->vxo, NULL, &kp))                                   \
            return 1;                                                                            \
        for (unsigned i = 0; i < np; i++)                                                        \
            if (!F(ecdsa_signature_parse_compact)(s->ctx, &s->vsig[i], secp_pool.ecdsa64[i]) ||  \
                !F(ecdsa_recoverable_signature_parse_compact)(s->ctx, &s->vrsig[i],              \
                                                              secp_pool.ecdsa64[i],              \
                                                              secp_pool.recid[i]))               \
                return 1;                                                                        \
        s->vmask = np - 1;                                                                       \
        for (unsigned i = 0; i < 8; i++)                                                         \
            if (!F(ecdsa_verify)(s->ctx, &s->vsig[i], secp_pool.msg[i], &s->vpub) ||             \
                !F(schnorrsig_verify)(s->ctx, secp_pool.schnorr64[i], secp_pool.msg[i], 32, &s->vxo)) \
                return 1;                                                                        \
        return 0;                                                                                \
    }                                                                                            \
    static void TAG##_rows(lfb *h, TAG##_st *s, const char *impl)                                \
    {                                                                                            \
        static const struct {                                                                    \
            const char *op;                                                                      \
            lfb_body body;                                                                       \
            int verify;                                                                          \
        } tab[] = {{"pubkey_create", TAG##_pubkey_create, 0}, {"ecdsa_sign", TAG##_ecdsa_sign, 0}, \
                   {"ecdsa_verify", TAG##_ecdsa_verify, 1},                                      \
                   {"ecdsa_recover", TAG##_ecdsa_recover, 1}, {"ecdh", TAG##_ecdh, 0},            \
                   {"schnorrsig_sign32", TAG##_schnorr_sign, 0},                                 \
                   {"schnorrsig_verify", TAG##_schnorr_verify, 1}};                              \
        int pool_ok = lfb_listing(h) || !(lfb_want(h, "ecdsa_verify", "secp256k1", impl, NULL) ||  \
                                          lfb_want(h, "ecdsa_recover", "secp256k1", impl, NULL) || \
                                          lfb_want(h, "schnorrsig_verify", "secp256k1", impl, NULL)); \
        if (!pool_ok) {                                                                          \
            pool_ok = !TAG##_pool(h, s);                                                         \
            if (!pool_ok) lfb_note(h, "%s: verify pool set-up failed; verify rows skipped", impl); \
        }                                                                                        \
        s->vbad = 0;                                                                             \
        for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++) {                                \
            lfb_case c = {.op = tab[k].op, .subject = "secp256k1", .impl = impl,                 \
                          .kind = LFB_LATENCY, .bytes = -1, .body = tab[k].body, .arg = s};      \
            if (tab[k].verify) {                                                                 \
                if (!pool_ok) continue;                                                          \
                c.prepare = TAG##_verify_prepare;                                                \
                c.parg = s;                                                                      \
            }                                                                                    \
            lfb_run(h, &c);                                                                      \
        }                                                                                        \
        if (s->vbad)                                                                             \
            lfb_note(h, "%s: %llu verifications of valid pool signatures failed", impl,          \
                     (unsigned long long)s->vbad);                                               \
    }

/* ---- Debian libsecp256k1 ---- */
#if LFB_HAVE_SECP256K1
#define DEB_F(name) secp256k1_##name
SECP_BODIES(deb, DEB_F, secp256k1_context, secp256k1_pubkey, secp256k1_ecdsa_signature,
            secp256k1_keypair, secp256k1_xonly_pubkey, secp256k1_ecdsa_recoverable_signature)
#endif

/* ---- secp256k1-sys (crate), renamed symbols ---- */
#if LFB_HAVE_SECP_SYS
#define SYS_CAT2(a, b) a##b
#define SYS_CAT(a, b) SYS_CAT2(a, b)
#define SYS_F(name) SYS_CAT(LFB_SECP_SYS_PREFIX, name)
/* libsecp256k1's public types: opaque 64- and 96-byte blobs */
typedef struct sys_context sys_context;
typedef struct { unsigned char data[64]; } sys_pubkey;
typedef struct { unsigned char data[64]; } sys_ecdsa_signature;
typedef struct { unsigned char data[96]; } sys_keypair;
typedef struct { unsigned char data[64]; } sys_xonly_pubkey;
typedef struct { unsigned char data[65]; } sys_recoverable_signature;
typedef int (*sys_nonce_fn)(unsigned char *, const unsigned char *, const unsigned char *,
                            const unsigned char *, void *, unsigned int);
size_t SYS_F(context_preallocated_size)(unsigned int flags);
sys_context *SYS_F(context_preallocated_create)(void *prealloc, unsigned int flags);
void SYS_F(context_preallocated_destroy)(sys_context *ctx);
int SYS_F(context_randomize)(sys_context *ctx, const unsigned char *seed32);
int SYS_F(ec_pubkey_create)(const sys_context *ctx, sys_pubkey *pk, const unsigned char *sk);
int SYS_F(ecdsa_sign)(const sys_context *ctx, sys_ecdsa_signature *sig, const unsigned char *msg32,
                      const unsigned char *sk, sys_nonce_fn noncefp, const void *ndata);
int SYS_F(ecdsa_verify)(const sys_context *ctx, const sys_ecdsa_signature *sig,
                        const unsigned char *msg32, const sys_pubkey *pk);
int SYS_F(ecdsa_signature_serialize_compact)(const sys_context *ctx, unsigned char *out64,
                                             const sys_ecdsa_signature *sig);
int SYS_F(ecdsa_signature_parse_compact)(const sys_context *ctx, sys_ecdsa_signature *sig,
                                         const unsigned char *in64);
int SYS_F(keypair_create)(const sys_context *ctx, sys_keypair *kp, const unsigned char *sk);
int SYS_F(keypair_xonly_pub)(const sys_context *ctx, sys_xonly_pubkey *pk, int *parity,
                             const sys_keypair *kp);
int SYS_F(schnorrsig_sign32)(const sys_context *ctx, unsigned char *sig64,
                             const unsigned char *msg32, const sys_keypair *kp,
                             const unsigned char *aux32);
int SYS_F(schnorrsig_verify)(const sys_context *ctx, const unsigned char *sig64,
                             const unsigned char *msg, size_t msglen, const sys_xonly_pubkey *pk);
int SYS_F(ecdsa_sign_recoverable)(const sys_context *ctx, sys_recoverable_signature *sig,
                                  const unsigned char *msg32, const unsigned char *sk,
                                  sys_nonce_fn noncefp, const void *ndata);
int SYS_F(ecdsa_recoverable_signature_serialize_compact)(const sys_context *ctx,
                                                         unsigned char *out64, int *recid,
                                                         const sys_recoverable_signature *sig);
int SYS_F(ecdsa_recoverable_signature_parse_compact)(const sys_context *ctx,
                                                     sys_recoverable_signature *sig,
                                                     const unsigned char *in64, int recid);
int SYS_F(ecdsa_recover)(const sys_context *ctx, sys_pubkey *pk,
                         const sys_recoverable_signature *sig, const unsigned char *msg32);
/* hashfp: NULL (the default SHA-256 hash) is all lfbench passes */
int SYS_F(ecdh)(const sys_context *ctx, unsigned char *out, const sys_pubkey *pk,
                const unsigned char *sk, void *hashfp, void *data);
#define SYS_CONTEXT_NONE 1u /* SECP256K1_FLAGS_TYPE_CONTEXT */
SECP_BODIES(sys, SYS_F, sys_context, sys_pubkey, sys_ecdsa_signature, sys_keypair,
            sys_xonly_pubkey, sys_recoverable_signature)
#endif

/* The anchors' rows (suite_secp256k1() in suite_secp256k1.c runs them
 * after limbforge's). */
void lfb_secp256k1_anchors(lfb *h)
{
#if LFB_HAVE_SECP256K1
    {
#ifdef LFB_SECP256K1_VERSION
        lfb_version(h, "libsecp256k1", LFB_SECP256K1_VERSION);
#endif
        deb_st *s = &deb_state;
#ifdef SECP256K1_CONTEXT_NONE
        s->ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
#else
        s->ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
#endif
        if (!s->ctx || (!lfb_listing(h) && deb_setup(h, s)))
            lfb_note(h, "libsecp256k1: context or signature set-up failed; rows skipped");
        else
            deb_rows(h, s, "libsecp256k1");
        if (s->ctx) secp256k1_context_destroy(s->ctx);
        s->ctx = NULL;
    }
#else
    lfb_note(h, "libsecp256k1 (Debian) not available at build time: its rows skipped");
#endif
#if LFB_HAVE_SECP_SYS
    {
        lfb_version(h, "secp256k1-sys", LFB_SECP_SYS_VERSION);
        sys_st *s = &sys_state;
        size_t sz = SYS_F(context_preallocated_size)(SYS_CONTEXT_NONE);
        void *mem = aligned_alloc(64, (sz + 63) & ~(size_t)63);
        s->ctx = mem ? SYS_F(context_preallocated_create)(mem, SYS_CONTEXT_NONE) : NULL;
        if (!s->ctx || (!lfb_listing(h) && sys_setup(h, s)))
            lfb_note(h, "libsecp256k1-sys: context or signature set-up failed; rows skipped");
        else
            sys_rows(h, s, "libsecp256k1-sys");
        if (s->ctx) SYS_F(context_preallocated_destroy)(s->ctx);
        s->ctx = NULL;
        free(mem);
    }
#else
    lfb_note(h, "libsecp256k1-sys (crate secp256k1-sys) not built (%s): its rows skipped",
             LFB_RUST_ANCHORS_NOTE);
#endif
}
