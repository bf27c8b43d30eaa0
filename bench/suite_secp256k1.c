/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "secp256k1": its entry and the limbforge rows (the anchors, and the
 * ops described: suite_secp256k1_anchors.c; same op names,
 * subject "secp256k1"):
 *   pubkey_create   lf_secp256k1_pubkey_create
 *   ecdsa_sign      lf_secp256k1_ecdsa_sign (RFC 6979), the next message
 *                   hash XORed with the signature
 *   ecdsa_sign_checked  lf_secp256k1_ecdsa_sign_checked (sign, k*G, verify),
 *                   chained the same way; no anchor has it
 *   ecdsa_verify    lf_secp256k1_ecdsa_verify walking a pool of valid
 *                   signatures (i += ok), like the anchors' rows
 *   ecdsa_recover   lf_secp256k1_ecdsa_recover walking the same pool
 *   ecdh            lf_secp256k1_ecdh (hashed, libsecp256k1's default)
 *   schnorrsig_sign32  lf_secp256k1_schnorrsig_sign32, chained like ecdsa_sign
 *   schnorrsig_sign32_checked  lf_secp256k1_schnorrsig_sign32_checked (sign,
 *                   verify), chained the same way; no anchor has it
 *   schnorrsig_verify  lf_secp256k1_schnorrsig_verify walking a pool of
 *                   BIP-340 signatures (i += ok)
 *   schnorrsig_batch_verify, subjects n64, n1024, n16384: one
 *                   lf_secp256k1_schnorrsig_verify_batch of that many valid
 *                   signatures, each under a key of its own; reported per
 *                   signature (ops = n), so the row compares directly with
 *                   the anchors' single schnorrsig_verify
 *   msm, subjects n256, n4096, n65536: lf_secp256k1_msm of that many
 *                   distinct points and random 256-bit scalars (plus a G
 *                   scalar); reported per point (ops = n)
 * once per back end with secp256k1_p kernels of its own (the others run the
 * same code).  The pool is signed by limbforge with its own key and random
 * messages: the same distribution as the anchors' pool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

#if __has_include("limbforge/secp256k1.h") && __has_include("field/generated/secp256k1_p_internal.h")
#include "limbforge/secp256k1.h"
#include "limbforge/secp256k1_schnorr.h"
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
    lf_secp256k1_keypair kp;
    lf_secp256k1_xonly_pubkey vxo;
    uint8_t aux[32], pschnorr[LFBS_POOL][64];
} lfbs;

/* batch verification and MSM inputs (heap: a few MB; the bench may) */
#define LFBS_BATCH_MAX 16384
#define LFBS_MSM_MAX 65536
static struct {
    lf_secp256k1_schnorrsig_item *items;
    uint8_t (*sig)[64], (*msg)[32];
    lf_secp256k1_xonly_pubkey *xpk;
    size_t nitems;
    lf_secp256k1_pubkey *pts;
    uint8_t (*sc)[32], g[32];
    size_t npts;
    void *scratch;
    size_t scratch_len;
    uint64_t bad;
} lfbb;

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

static void lfbs_sign_checked(void *arg, uint64_t n)
{
    (void)arg;
    uint8_t sig[64];
    while (n--) {
        int rc = lf_secp256k1_ecdsa_sign_checked(sig, NULL, lfbs.msg, lfbs.sk, NULL);
        lfbs.bad += rc != LF_OK;
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

static void lfbs_schnorr_sign(void *arg, uint64_t n)
{
    (void)arg;
    uint8_t sig[64];
    while (n--) {
        int rc = lf_secp256k1_schnorrsig_sign32(sig, lfbs.msg, &lfbs.kp, lfbs.aux);
        lfb_keep(&rc);
        for (int i = 0; i < 32; i++) lfbs.msg[i] ^= sig[i];
    }
}

static void lfbs_schnorr_sign_checked(void *arg, uint64_t n)
{
    (void)arg;
    uint8_t sig[64];
    while (n--) {
        int rc = lf_secp256k1_schnorrsig_sign32_checked(sig, lfbs.msg, &lfbs.kp, lfbs.aux);
        lfbs.bad += rc != LF_OK;
        for (int i = 0; i < 32; i++) lfbs.msg[i] ^= sig[i];
    }
}

static void lfbs_schnorr_verify(void *arg, uint64_t n)
{
    (void)arg;
    unsigned i = lfbs.vi;
    while (n--) {
        int ok = lf_secp256k1_schnorrsig_verify(lfbs.pschnorr[i], lfbs.pmsg[i], 32, &lfbs.vxo) == LF_OK;
        lfbs.bad += (unsigned)ok ^ 1u;
        i = (i + (unsigned)ok) & lfbs.mask;
    }
    lfbs.vi = i;
}

/* arg: the batch size (items 0..n of the pool) */
static void lfbs_batch(void *arg, uint64_t n)
{
    size_t m = (size_t)(uintptr_t)arg;
    while (n--) {
        int rc = lf_secp256k1_schnorrsig_verify_batch(lfbb.scratch, lfbb.scratch_len, lfbb.items, m);
        lfbb.bad += rc != LF_OK;
    }
}

static void lfbs_msm(void *arg, uint64_t n)
{
    size_t m = (size_t)(uintptr_t)arg;
    lf_secp256k1_pubkey r;
    while (n--) {
        int rc = lf_secp256k1_msm(&r, lfbb.scratch, lfbb.scratch_len, (const uint8_t(*)[32])lfbb.sc,
                                  lfbb.pts, m, lfbb.g);
        lfbb.bad += rc != LF_OK;
        lfb_keep(&r);
        lfbb.g[0] ^= (uint8_t)r.d[0]; /* chained */
    }
}

/* the batch pool (distinct keys) and the MSM points; 0 on success */
static int lfbs_setup_batch(lfb *h)
{
    size_t nb = LFBS_BATCH_MAX, np = LFBS_MSM_MAX;
    size_t sl = lf_secp256k1_schnorrsig_batch_scratch_size(nb);
    size_t ml = lf_secp256k1_msm_scratch_size(np);
    lfbb.scratch_len = sl > ml ? sl : ml;
    lfbb.items = calloc(nb, sizeof *lfbb.items);
    lfbb.sig = calloc(nb, 64);
    lfbb.msg = calloc(nb, 32);
    lfbb.xpk = calloc(nb, sizeof *lfbb.xpk);
    lfbb.pts = calloc(np, sizeof *lfbb.pts);
    lfbb.sc = calloc(np, 32);
    lfbb.scratch = malloc(lfbb.scratch_len);
    if (!lfbb.items || !lfbb.sig || !lfbb.msg || !lfbb.xpk || !lfbb.pts || !lfbb.sc || !lfbb.scratch)
        return 1;
    lfb_randbytes(h, lfbb.msg, 32 * nb);
    lfb_randbytes(h, lfbb.sc, 32 * np);
    lfb_randbytes(h, lfbb.g, 32);
    for (size_t i = 0; i < nb; i++) {
        uint8_t sk[32], aux[32];
        lf_secp256k1_keypair kp;
        do lfb_randbytes(h, sk, 32);
        while (lf_secp256k1_keypair_create(&kp, sk) != LF_OK);
        lfb_randbytes(h, aux, 32);
        if (lf_secp256k1_schnorrsig_sign32(lfbb.sig[i], lfbb.msg[i], &kp, aux) != LF_OK ||
            lf_secp256k1_keypair_xonly_pub(&lfbb.xpk[i], NULL, &kp) != LF_OK)
            return 1;
        lfbb.items[i] = (lf_secp256k1_schnorrsig_item){lfbb.sig[i], lfbb.msg[i], 32, &lfbb.xpk[i]};
    }
    /* distinct points: P_0 random, P_{i+1} = P_i + t G for a fixed random t */
    uint8_t sk[32], tw[32];
    do lfb_randbytes(h, sk, 32);
    while (lf_secp256k1_pubkey_create(&lfbb.pts[0], sk) != LF_OK);
    lfb_randbytes(h, tw, 32);
    tw[0] &= 0x7f;
    for (size_t i = 1; i < np; i++) {
        lfbb.pts[i] = lfbb.pts[i - 1];
        if (lf_secp256k1_pubkey_tweak_add(&lfbb.pts[i], tw) != LF_OK) return 1;
    }
    lfbb.nitems = nb;
    lfbb.npts = np;
    return lf_secp256k1_schnorrsig_verify_batch(lfbb.scratch, lfbb.scratch_len, lfbb.items, nb) != LF_OK;
}

static int lfbs_prepare(void *parg);

static const struct {
    const char *op, *subject;
    size_t n;
} lfbs_btab[] = {{"schnorrsig_batch_verify", "n64", 64},     {"schnorrsig_batch_verify", "n1024", 1024},
           {"schnorrsig_batch_verify", "n16384", 16384}, {"msm", "n256", 256},
           {"msm", "n4096", 4096},                     {"msm", "n65536", 65536}};

/* is any batch/MSM row of back end bn selected? */
static int lfbs_batch_wanted(lfb *h, const char *bn)
{
    for (size_t i = 0; i < sizeof lfbs_btab / sizeof lfbs_btab[0]; i++)
        if (lfb_want(h, lfbs_btab[i].op, lfbs_btab[i].subject, "limbforge", bn)) return 1;
    return 0;
}

static void lfbs_batch_rows(lfb *h, const char *bn)
{
    for (size_t i = 0; i < sizeof lfbs_btab / sizeof lfbs_btab[0]; i++) {
        int batch = lfbs_btab[i].op[0] == 's';
        if (!lfb_listing(h) && !(batch ? lfbb.nitems : lfbb.npts)) continue;
        lfb_case c = {.op = lfbs_btab[i].op, .subject = lfbs_btab[i].subject, .impl = "limbforge", .backend = bn,
                      .kind = LFB_LATENCY, .bytes = -1, .ops = (unsigned)lfbs_btab[i].n,
                      .body = batch ? lfbs_batch : lfbs_msm, .arg = (void *)(uintptr_t)lfbs_btab[i].n,
                      .prepare = lfbs_prepare, .parg = (void *)bn};
        lfb_run(h, &c);
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
    lfb_randbytes(h, lfbs.aux, 32);
    lfb_randbytes(h, lfbs.pmsg, 32 * (size_t)lfbs.n);
    if (lf_secp256k1_keypair_create(&lfbs.kp, lfbs.sk) != LF_OK) return 1;
    {
        lf_secp256k1_keypair vkp;
        if (lf_secp256k1_keypair_create(&vkp, lfbs.sk2) != LF_OK ||
            lf_secp256k1_keypair_xonly_pub(&lfbs.vxo, NULL, &vkp) != LF_OK)
            return 1;
        for (unsigned i = 0; i < lfbs.n; i++)
            if (lf_secp256k1_schnorrsig_sign32(lfbs.pschnorr[i], lfbs.pmsg[i], &vkp, lfbs.aux) != LF_OK)
                return 1;
    }
    if (lf_secp256k1_pubkey_create(&lfbs.pk, lfbs.sk) != LF_OK ||
        lf_secp256k1_pubkey_create(&lfbs.pk2, lfbs.sk2) != LF_OK ||
        lf_secp256k1_pubkey_create(&lfbs.vpk, lfbs.sk2) != LF_OK)
        return 1;
    for (unsigned i = 0; i < lfbs.n; i++)
        if (lf_secp256k1_ecdsa_sign(lfbs.psig[i], &lfbs.precid[i], lfbs.pmsg[i], lfbs.sk2, NULL) != LF_OK ||
            lf_secp256k1_ecdsa_verify(lfbs.psig[i], lfbs.pmsg[i], &lfbs.vpk) != LF_OK)
            return 1;
    return 0;
}

static void secp256k1_limbforge(lfb *h)
{
    static const lfb_row_spec rows[] = {
        {"pubkey_create", lfbs_create, NULL, 0},
        {"ecdsa_sign", lfbs_sign, NULL, 0},
        {"ecdsa_sign_checked", lfbs_sign_checked, NULL, 0},
        {"ecdsa_verify", lfbs_verify, NULL, 0},
        {"ecdsa_recover", lfbs_recover, NULL, 0},
        {"ecdh", lfbs_ecdh, NULL, 0},
        {"schnorrsig_sign32", lfbs_schnorr_sign, NULL, 0},
        {"schnorrsig_sign32_checked", lfbs_schnorr_sign_checked, NULL, 0},
        {"schnorrsig_verify", lfbs_schnorr_verify, NULL, 0},
    };
    const char *initial = lf_backend_name(lf_backend_current());
    if (!lfb_listing(h) && lfbs_setup(h)) {
        lfb_note(h, "limbforge secp256k1: set-up failed; rows skipped");
        return;
    }
    lfbs.bad = 0;
    lfbb.bad = 0;
    int want = 0;
    for (int b = 0; b < LF_BACKEND_COUNT; b++)
        if ((lf_secp256k1_p_dispatch.own & (1u << b)) && lf_backend_available((lf_backend)b))
            want |= lfbs_batch_wanted(h, lf_backend_name((lf_backend)b));
    if (!lfb_listing(h) && want && lfbs_setup_batch(h)) {
        lfb_note(h, "limbforge secp256k1: batch/MSM set-up failed; rows skipped");
        lfbb.nitems = lfbb.npts = 0;
    }
    for (int b = 0; b < LF_BACKEND_COUNT; b++) {
        if (!(lf_secp256k1_p_dispatch.own & (1u << b))) continue;
        if (!lf_backend_available((lf_backend)b)) continue;
        const char *bn = lf_backend_name((lf_backend)b);
        lfb_case base = {.subject = "secp256k1", .impl = "limbforge", .backend = bn,
                         .kind = LFB_LATENCY, .bytes = -1, .prepare = lfbs_prepare,
                         .parg = (void *)bn};
        lfb_run_rows(h, &base, rows, sizeof rows / sizeof rows[0]);
        lfbs_batch_rows(h, bn);
    }
    if (lfbb.bad)
        lfb_note(h, "limbforge: %llu batch verifications / MSMs failed", (unsigned long long)lfbb.bad);
    free(lfbb.items);
    free(lfbb.sig);
    free(lfbb.msg);
    free(lfbb.xpk);
    free(lfbb.pts);
    free(lfbb.sc);
    free(lfbb.scratch);
    memset(&lfbb, 0, sizeof lfbb);
    if (lfbs.bad)
        lfb_note(h, "limbforge: %llu verifications/recoveries of valid pool signatures "
                    "or checked signings failed",
                 (unsigned long long)lfbs.bad);
    if (initial && lf_backend_set(initial) != 0) lfb_note(h, "secp256k1: could not restore back end");
}
#else
static void secp256k1_limbforge(lfb *h)
{
    lfb_note(h, "secp256k1: built without limbforge's secp256k1 module");
}
#endif

void suite_secp256k1(lfb *h)
{
    secp256k1_limbforge(h);
    lfb_secp256k1_anchors(h); /* suite_secp256k1_anchors.c */
}
