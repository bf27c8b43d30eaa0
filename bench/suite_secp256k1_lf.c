/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The limbforge rows of suite "secp256k1" (the anchors and the row
 * definitions are in suite_secp256k1.c; same op names, subject "secp256k1"):
 *   pubkey_create   lf_secp256k1_pubkey_create
 *   ecdsa_sign      lf_secp256k1_ecdsa_sign (RFC 6979), the next message
 *                   hash XORed with the signature
 *   ecdsa_verify    lf_secp256k1_ecdsa_verify walking a pool of valid
 *                   signatures (i += ok), like the anchors' rows
 *   ecdsa_recover   lf_secp256k1_ecdsa_recover walking the same pool
 *   ecdh            lf_secp256k1_ecdh (hashed, libsecp256k1's default)
 * once per back end with secp256k1_p kernels of its own (the others run the
 * same code).  The pool is signed by limbforge with its own key and random
 * messages: the same distribution as the anchors' pool. */
#include <stdio.h>
#include <string.h>

#include "suites.h"

#if __has_include("limbforge/secp256k1.h") && __has_include("field/generated/secp256k1_p_internal.h")
#include "limbforge/secp256k1.h"
#include "field/generated/secp256k1_p_internal.h"

#define LFBS_POOL 4096
#define LFBS_POOL_QUICK 512

static struct {
    uint8_t sk[32], msg[32], sk2[32];
    lf_secp256k1_pubkey pk, pk2;
    unsigned n, mask, vi;
    uint64_t bad;
    uint8_t pmsg[LFBS_POOL][32], psig[LFBS_POOL][64];
    int precid[LFBS_POOL];
    lf_secp256k1_pubkey vpk;
} lfbs;

static void lfbs_create(void *arg, uint64_t n)
{
    (void)arg;
    while (n--) {
        int rc = lf_secp256k1_pubkey_create(&lfbs.pk, lfbs.sk);
        lfb_keep(&rc);
    }
}

static void lfbs_sign(void *arg, uint64_t n)
{
    (void)arg;
    uint8_t sig[64];
    while (n--) {
        int rc = lf_secp256k1_ecdsa_sign(sig, NULL, lfbs.msg, lfbs.sk, NULL);
        lfb_keep(&rc);
        for (int i = 0; i < 32; i++) lfbs.msg[i] ^= sig[i];
    }
}

static void lfbs_verify(void *arg, uint64_t n)
{
    (void)arg;
    unsigned i = lfbs.vi;
    while (n--) {
        int ok = lf_secp256k1_ecdsa_verify(lfbs.psig[i], lfbs.pmsg[i], &lfbs.vpk) == LF_OK;
        lfbs.bad += (unsigned)ok ^ 1u;
        i = (i + (unsigned)ok) & lfbs.mask;
    }
    lfbs.vi = i;
}

static void lfbs_recover(void *arg, uint64_t n)
{
    (void)arg;
    unsigned i = lfbs.vi;
    lf_secp256k1_pubkey q;
    while (n--) {
        int ok = lf_secp256k1_ecdsa_recover(&q, lfbs.psig[i], lfbs.precid[i], lfbs.pmsg[i]) == LF_OK;
        lfbs.bad += (unsigned)ok ^ 1u;
        i = (i + (unsigned)ok) & lfbs.mask;
    }
    lfbs.vi = i;
}

static void lfbs_ecdh(void *arg, uint64_t n)
{
    (void)arg;
    uint8_t out[32];
    while (n--) {
        int rc = lf_secp256k1_ecdh(out, &lfbs.pk2, lfbs.sk);
        lfb_keep(&rc);
        lfb_keep(out);
    }
}

static int lfbs_prepare(void *parg)
{
    lfbs.vi = 0;
    return lf_backend_set((const char *)parg) != 0;
}

/* keys and the verify pool; 0 on success */
static int lfbs_setup(lfb *h)
{
    lfbs.n = lfb_quick(h) ? LFBS_POOL_QUICK : LFBS_POOL;
    lfbs.mask = lfbs.n - 1;
    do {
        lfb_randbytes(h, lfbs.sk, 32);
        lfb_randbytes(h, lfbs.sk2, 32);
    } while (lf_secp256k1_seckey_verify(lfbs.sk) != LF_OK ||
             lf_secp256k1_seckey_verify(lfbs.sk2) != LF_OK);
    lfb_randbytes(h, lfbs.msg, 32);
    if (lf_secp256k1_pubkey_create(&lfbs.pk, lfbs.sk) != LF_OK ||
        lf_secp256k1_pubkey_create(&lfbs.pk2, lfbs.sk2) != LF_OK ||
        lf_secp256k1_pubkey_create(&lfbs.vpk, lfbs.sk2) != LF_OK)
        return 1;
    lfb_randbytes(h, lfbs.pmsg, 32 * (size_t)lfbs.n);
    for (unsigned i = 0; i < lfbs.n; i++)
        if (lf_secp256k1_ecdsa_sign(lfbs.psig[i], &lfbs.precid[i], lfbs.pmsg[i], lfbs.sk2, NULL) != LF_OK ||
            lf_secp256k1_ecdsa_verify(lfbs.psig[i], lfbs.pmsg[i], &lfbs.vpk) != LF_OK)
            return 1;
    return 0;
}

void lfb_secp256k1_limbforge(lfb *h)
{
    static const lfb_row_spec rows[] = {
        {"pubkey_create", lfbs_create, NULL, 0}, {"ecdsa_sign", lfbs_sign, NULL, 0},
        {"ecdsa_verify", lfbs_verify, NULL, 0},  {"ecdsa_recover", lfbs_recover, NULL, 0},
        {"ecdh", lfbs_ecdh, NULL, 0},
    };
    const char *initial = lf_backend_name(lf_backend_current());
    if (!lfb_listing(h) && lfbs_setup(h)) {
        lfb_note(h, "limbforge secp256k1: set-up failed; rows skipped");
        return;
    }
    lfbs.bad = 0;
    for (int b = 0; b < LF_BACKEND_COUNT; b++) {
        if (!(lf_secp256k1_p_dispatch.own & (1u << b))) continue;
        if (!lf_backend_available((lf_backend)b)) continue;
        const char *bn = lf_backend_name((lf_backend)b);
        lfb_case base = {.subject = "secp256k1", .impl = "limbforge", .backend = bn,
                         .kind = LFB_LATENCY, .bytes = -1, .prepare = lfbs_prepare,
                         .parg = (void *)bn};
        lfb_run_rows(h, &base, rows, sizeof rows / sizeof rows[0]);
    }
    if (lfbs.bad)
        lfb_note(h, "limbforge: %llu verifications/recoveries of valid pool signatures failed",
                 (unsigned long long)lfbs.bad);
    if (initial && lf_backend_set(initial) != 0) lfb_note(h, "secp256k1: could not restore back end");
}
#else
void lfb_secp256k1_limbforge(lfb *h)
{
    lfb_note(h, "secp256k1: built without limbforge's secp256k1 module");
}
#endif
