/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "mlkem": ML-KEM-512/768/1024 (FIPS 203), the whole KEM.
 *
 * Subjects "mlkem512", "mlkem768", "mlkem1024"; ops (latency rows):
 *   keypair   key generation with d, z from the OS
 *   enc       encapsulation with m from the OS
 *   dec       decapsulation of a valid ciphertext
 * Impl "limbforge": lf_mlkem_keypair / lf_mlkem_encaps / lf_mlkem_decaps,
 * one set of rows per back end with NTT or Keccak kernels of its own that
 * can run here.  Anchor impl "pqclean": PQClean's AVX2 code as bundled by
 * the crate pqcrypto-mlkem (bench/anchors), PQCLEAN_MLKEM<n>_AVX2_crypto_kem_*
 * (randomness from the crate's randombytes, i.e. the OS): the same work.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/mlkem.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#ifndef LFB_HAVE_PQCLEAN_KEM512
#define LFB_HAVE_PQCLEAN_KEM512 0
#define LFB_HAVE_PQCLEAN_KEM1024 0
#endif

typedef struct {
    int set; /* k */
    uint8_t ek[LF_MLKEM1024_EK_BYTES], dk[LF_MLKEM1024_DK_BYTES];
    uint8_t ct[LF_MLKEM1024_CT_BYTES], ss[32];
} lfk_st;
static lfk_st lfk[3];

static void lfk_keypair(void *arg, uint64_t n)
{
    lfk_st *s = arg;
    lf_mlkem_set set = (lf_mlkem_set)s->set;
    int rc = 0;
    while (n--) rc |= lf_mlkem_keypair(set, s->ek, lf_mlkem_ek_bytes(set), s->dk, lf_mlkem_dk_bytes(set));
    lfb_keep(&rc);
}
static void lfk_enc(void *arg, uint64_t n)
{
    lfk_st *s = arg;
    lf_mlkem_set set = (lf_mlkem_set)s->set;
    int rc = 0;
    while (n--)
        rc |= lf_mlkem_encaps(set, s->ct, lf_mlkem_ct_bytes(set), s->ss, s->ek, lf_mlkem_ek_bytes(set));
    lfb_keep(&rc);
}
static void lfk_dec(void *arg, uint64_t n)
{
    lfk_st *s = arg;
    lf_mlkem_set set = (lf_mlkem_set)s->set;
    int rc = 0;
    while (n--)
        rc |= lf_mlkem_decaps(set, s->ss, s->ct, lf_mlkem_ct_bytes(set), s->dk, lf_mlkem_dk_bytes(set));
    lfb_keep(&rc);
}

static const char *const lfk_names[3] = {"mlkem512", "mlkem768", "mlkem1024"};

static void lfk_rows(lfb *h)
{
    static const char *const bes[] = {"c", "avx2", "avx512", "neon", "rvv", "armv7neon"};
    static const lfb_row_spec tab[] = {{"keypair", lfk_keypair, LFB_LATENCY, 1},
                                       {"enc", lfk_enc, LFB_LATENCY, 1},
                                       {"dec", lfk_dec, LFB_LATENCY, 1}};
    for (size_t k = 0; k < sizeof bes / sizeof bes[0]; k++) {
        if (!lfb_backend_runnable(bes[k])) continue;
        for (int p = 0; p < 3; p++) {
            lfk_st *s = &lfk[p];
            s->set = 2 + p;
            if (!lfb_listing(h)) {
                lf_mlkem_set set = (lf_mlkem_set)s->set;
                if (lf_mlkem_keypair(set, s->ek, lf_mlkem_ek_bytes(set), s->dk, lf_mlkem_dk_bytes(set)) ||
                    lf_mlkem_encaps(set, s->ct, lf_mlkem_ct_bytes(set), s->ss, s->ek,
                                    lf_mlkem_ek_bytes(set))) {
                    lfb_note(h, "limbforge: %s keypair/encaps failed; rows skipped", lfk_names[p]);
                    continue;
                }
            }
            lfb_case base = {.subject = lfk_names[p], .impl = "limbforge", .backend = bes[k],
                             .bytes = -1, .arg = s, .prepare = lfb_backend_prepare,
                             .parg = (void *)bes[k]};
            lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
        }
    }
}

/* ---- anchor: PQClean AVX2 ---- */
#if LFB_HAVE_PQCLEAN_KEM
typedef struct {
    int (*keypair)(uint8_t *pk, uint8_t *sk);
    int (*enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
    int (*dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
    uint8_t pk[1568], sk[3168], ct[1568], ss[32];
} pq_st;
static pq_st pqs[3];

#define PQ_DECL(n)                                                                                 \
    int PQCLEAN_MLKEM##n##_AVX2_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);                      \
    int PQCLEAN_MLKEM##n##_AVX2_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);       \
    int PQCLEAN_MLKEM##n##_AVX2_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
#define PQ_FNS(s, n)                                                                               \
    ((s)->keypair = PQCLEAN_MLKEM##n##_AVX2_crypto_kem_keypair,                                    \
     (s)->enc = PQCLEAN_MLKEM##n##_AVX2_crypto_kem_enc,                                            \
     (s)->dec = PQCLEAN_MLKEM##n##_AVX2_crypto_kem_dec)
PQ_DECL(768)
#if LFB_HAVE_PQCLEAN_KEM512
PQ_DECL(512)
#endif
#if LFB_HAVE_PQCLEAN_KEM1024
PQ_DECL(1024)
#endif

static void pq_keypair(void *arg, uint64_t n)
{
    pq_st *s = arg;
    int r = 0;
    while (n--) r |= s->keypair(s->pk, s->sk);
    lfb_keep(&r);
}
static void pq_enc(void *arg, uint64_t n)
{
    pq_st *s = arg;
    int r = 0;
    while (n--) r |= s->enc(s->ct, s->ss, s->pk);
    lfb_keep(&r);
}
static void pq_dec(void *arg, uint64_t n)
{
    pq_st *s = arg;
    int r = 0;
    while (n--) r |= s->dec(s->ss, s->ct, s->sk);
    lfb_keep(&r);
}

static void pq_rows(lfb *h)
{
    static const lfb_row_spec tab[] = {{"keypair", pq_keypair, LFB_LATENCY, 1},
                                       {"enc", pq_enc, LFB_LATENCY, 1},
                                       {"dec", pq_dec, LFB_LATENCY, 1}};
    if (!lfb_pqclean_avx2_ok()) {
        lfb_note(h, "pqclean: this CPU lacks AVX2/BMI2; PQClean AVX2 rows skipped");
        return;
    }
    lfb_version(h, "pqcrypto-mlkem", LFB_PQCRYPTO_MLKEM_VERSION);
#if LFB_HAVE_PQCLEAN_KEM512
    PQ_FNS(&pqs[0], 512);
#endif
    PQ_FNS(&pqs[1], 768);
#if LFB_HAVE_PQCLEAN_KEM1024
    PQ_FNS(&pqs[2], 1024);
#endif
    for (int p = 0; p < 3; p++) {
        pq_st *s = &pqs[p];
        if (!s->keypair) {
            lfb_note(h, "pqclean: %s not in the anchor archive; rows skipped", lfk_names[p]);
            continue;
        }
        if (!lfb_listing(h) && (s->keypair(s->pk, s->sk) || s->enc(s->ct, s->ss, s->pk))) {
            lfb_note(h, "pqclean: %s keypair/enc failed; rows skipped", lfk_names[p]);
            continue;
        }
        lfb_case base = {.subject = lfk_names[p], .impl = "pqclean", .bytes = -1, .arg = s};
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    }
}
#endif

void suite_mlkem(lfb *h)
{
    lfk_rows(h);
#if LFB_HAVE_PQCLEAN_KEM
    pq_rows(h);
#else
    lfb_note(h, "pqclean (crate pqcrypto-mlkem) not built (%s): rows skipped",
             LFB_RUST_ANCHORS_NOTE);
#endif
}
