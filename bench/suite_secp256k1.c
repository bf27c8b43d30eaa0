/* Suite "secp256k1": keys and signatures on secp256k1.
 *
 * Subject "secp256k1".  Ops (all latency, one call after another):
 *   pubkey_create       secp256k1_ec_pubkey_create
 *   ecdsa_sign          secp256k1_ecdsa_sign (RFC 6979 nonces); the next
 *                       message hash is XORed with the signature
 *   ecdsa_verify        secp256k1_ecdsa_verify of one valid signature
 *   schnorrsig_sign32   secp256k1_schnorrsig_sign32 (BIP-340); chained like
 *                       ecdsa_sign
 *   schnorrsig_verify   secp256k1_schnorrsig_verify of one valid signature
 * Anchors:
 *   libsecp256k1      Debian's libsecp256k1 (pkg-config libsecp256k1)
 *   libsecp256k1-sys  the newer libsecp256k1 bundled by the crate
 *                     secp256k1-sys (bench/anchors), whose symbols carry the
 *                     prefix found with nm at build time (LFB_SECP_SYS_PREFIX)
 * Contexts are randomized once (side-channel blinding), as in real use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#if LFB_HAVE_SECP256K1
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#endif

/* The same five rows for either library: F(name) names its functions. */
#define SECP_BODIES(TAG, F, CTX, PUB, SIG, KP, XO)                                               \
    typedef struct {                                                                             \
        CTX *ctx;                                                                                \
        unsigned char seckey[32], msg[32], aux[32], sig64[64];                                   \
        PUB pub;                                                                                 \
        SIG sig;                                                                                 \
        KP kp;                                                                                   \
        XO xo;                                                                                   \
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
        while (n--) {                                                                            \
            int ok = F(ecdsa_verify)(s->ctx, &s->sig, s->msg, &s->pub);                          \
            lfb_keep(&ok);                                                                       \
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
        while (n--) {                                                                            \
            int ok = F(schnorrsig_verify)(s->ctx, s->sig64, s->msg, 32, &s->xo);                 \
            lfb_keep(&ok);                                                                       \
        }                                                                                        \
    }                                                                                            \
    /* keys, one valid ECDSA and one valid Schnorr signature; 0 on success */                   \
    static int TAG##_setup(lfb *h, TAG##_st *s)                                                  \
    {                                                                                            \
        unsigned char seed[32];                                                                  \
        lfb_randbytes(h, seed, 32);                                                              \
        lfb_randbytes(h, s->seckey, 32);                                                         \
        lfb_randbytes(h, s->msg, 32);                                                            \
        lfb_randbytes(h, s->aux, 32);                                                            \
        return !(F(context_randomize)(s->ctx, seed) && F(ec_pubkey_create)(s->ctx, &s->pub, s->seckey) && \
                 F(ecdsa_sign)(s->ctx, &s->sig, s->msg, s->seckey, NULL, NULL) &&               \
                 F(ecdsa_verify)(s->ctx, &s->sig, s->msg, &s->pub) &&                            \
                 F(keypair_create)(s->ctx, &s->kp, s->seckey) &&                                 \
                 F(keypair_xonly_pub)(s->ctx, &s->xo, NULL, &s->kp) &&                           \
                 F(schnorrsig_sign32)(s->ctx, s->sig64, s->msg, &s->kp, s->aux) &&               \
                 F(schnorrsig_verify)(s->ctx, s->sig64, s->msg, 32, &s->xo));                    \
    }                                                                                            \
    static void TAG##_rows(lfb *h, TAG##_st *s, const char *impl)                                \
    {                                                                                            \
        static const lfb_row_spec tab[] = {{"pubkey_create", TAG##_pubkey_create, LFB_LATENCY, 1},\
                   {"ecdsa_sign", TAG##_ecdsa_sign, LFB_LATENCY, 1},                             \
                   {"ecdsa_verify", TAG##_ecdsa_verify, LFB_LATENCY, 1},                         \
                   {"schnorrsig_sign32", TAG##_schnorr_sign, LFB_LATENCY, 1},                    \
                   {"schnorrsig_verify", TAG##_schnorr_verify, LFB_LATENCY, 1}};                 \
        lfb_case base = {.subject = "secp256k1", .impl = impl, .bytes = -1, .arg = s};           \
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);                                 \
    }

/* ---- Debian libsecp256k1 ---- */
#if LFB_HAVE_SECP256K1
#define DEB_F(name) secp256k1_##name
SECP_BODIES(deb, DEB_F, secp256k1_context, secp256k1_pubkey, secp256k1_ecdsa_signature,
            secp256k1_keypair, secp256k1_xonly_pubkey)
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
int SYS_F(keypair_create)(const sys_context *ctx, sys_keypair *kp, const unsigned char *sk);
int SYS_F(keypair_xonly_pub)(const sys_context *ctx, sys_xonly_pubkey *pk, int *parity,
                             const sys_keypair *kp);
int SYS_F(schnorrsig_sign32)(const sys_context *ctx, unsigned char *sig64,
                             const unsigned char *msg32, const sys_keypair *kp,
                             const unsigned char *aux32);
int SYS_F(schnorrsig_verify)(const sys_context *ctx, const unsigned char *sig64,
                             const unsigned char *msg, size_t msglen, const sys_xonly_pubkey *pk);
#define SYS_CONTEXT_NONE 1u /* SECP256K1_FLAGS_TYPE_CONTEXT */
SECP_BODIES(sys, SYS_F, sys_context, sys_pubkey, sys_ecdsa_signature, sys_keypair,
            sys_xonly_pubkey)
#endif

void suite_secp256k1(lfb *h)
{
    /* ---- limbforge rows (secp256k1 module): add here, subject "secp256k1",
     *      same op names ---- */

    /* ---- anchors ---- */
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
