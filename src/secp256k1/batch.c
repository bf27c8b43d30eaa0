/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The public multi-scalar multiplication and BIP-340 batch verification
 * (API: limbforge/secp256k1_schnorr.h; the MSM itself: msm.c).  Variable
 * time: public inputs only.
 *
 * Batch verification of (sig_i = (r_i, s_i), m_i, P_i), i < n: with
 * R_i = lift_x(r_i) (even y) and e_i = hash_challenge(r_i || P_i || m_i),
 * every signature is valid iff D_i = s_i G - R_i - e_i P_i = 0 for all i
 * (that is the single verification: s G - e P has x = r and an even y iff
 * it equals lift_x(r)).  The batch checks the one equation
 *     (sum_i a_i s_i) G - sum_i a_i R_i - sum_i (a_i e_i) P_i = 0
 * with a_0 = 1 and a_1.. a_{n-1} 128-bit coefficients from ChaCha20 keyed
 * with seed = SHA-256 over the tag block of "limbforge/schnorrsig_batch"
 * and, for each i, sig_i || x(P_i) || the challenge hash of item i (which
 * binds m_i and its length).  Keystream bytes 16(i-1) .. 16i - 1 are a_i
 * (little-endian), block counter in the ChaCha20 counter, its high bits in
 * the nonce.
 *
 * Soundness: suppose some D_j != 0 (the group has prime order n, so D_j is
 * a generator).  If j = 0 is the only one, the sum is D_0 != 0.  Otherwise
 * take the largest such j >= 1: for every choice of the other
 * coefficients, exactly one value of a_j mod n makes the sum zero, so for
 * a_j uniform in [0, 2^128) the sum is zero with probability <= 2^-128.
 * The coefficients depend on every input through the seed, so inputs cannot
 * be chosen after the coefficients: modelling SHA-256 and ChaCha20 as
 * random, an attacker making q hash evaluations finds an accepted invalid
 * batch with probability about q 2^-128. */
#include <string.h>

#include "limbforge/chacha20.h"
#include "secp256k1/msm.h"
#include "secp256k1/schnorr_internal.h"

/* the chaining value after the tag block of "limbforge/schnorrsig_batch"
 * (computed as lf_bip340_mid_aux) */
static const uint32_t lf_batch_mid[8] = {0xfe6298a6u, 0x3ebd8641u, 0x87c70f01u, 0xf8a709d4u,
                                         0x0ea18c63u, 0x96f70867u, 0x604bcb5bu, 0xb9f67f8eu};

static size_t lf_round64(size_t x) { return (x + 63) & ~(size_t)63; }

/* the scratch of m (point, scalar) inputs: alignment slack, the loaded
 * inputs, the MSM workspace; SIZE_MAX on overflow */
static size_t lf_scratch_for(size_t m)
{
    size_t ws = lf_msm_ws_size(m);
    if (ws == SIZE_MAX) return SIZE_MAX;
    return LF_MSM_ALIGN + lf_round64(m * sizeof(lf_ge)) + lf_round64(m * sizeof(lf_sc)) + ws;
}

/* carve: points, scalars, workspace for up to m inputs */
static void lf_scratch_carve(void *scratch, size_t m, lf_ge **p, lf_sc **s, void **ws)
{
    char *b = lf_msm_align(scratch);
    *p = (lf_ge *)b;
    b += lf_round64(m * sizeof(lf_ge));
    *s = (lf_sc *)b;
    b += lf_round64(m * sizeof(lf_sc));
    *ws = b;
}

/* --- MSM ------------------------------------------------------------------------ */

size_t lf_secp256k1_msm_scratch_size(size_t n) { return lf_scratch_for(n); }

int lf_secp256k1_msm(lf_secp256k1_pubkey *r, void *scratch, size_t scratch_len,
                     const uint8_t (*scalars)[32], const lf_secp256k1_pubkey *points, size_t n,
                     const uint8_t *g_scalar)
{
    lf_fe_k *k = lf_fe_k_get();
    lf_ge *p, ra;
    lf_sc *s, g;
    lf_gej rj;
    void *ws;
    size_t need = lf_scratch_for(n);
    memset(r, 0, sizeof *r);
    if (scratch == NULL || need == SIZE_MAX || scratch_len < need ||
        (n > 0 && (scalars == NULL || points == NULL)))
        return LF_ERR_PARAM;
    lf_scratch_carve(scratch, n, &p, &s, &ws);
    for (size_t i = 0; i < n; i++) {
        p[i].inf = !lf_secp256k1_pk_load(&p[i], &points[i]);
        lf_sc_set_b32(&s[i], scalars[i]);
    }
    if (g_scalar) lf_sc_set_b32(&g, g_scalar);
    lf_msm_var(k, &rj, ws, p, s, n, g_scalar ? &g : NULL);
    if (!rj.inf) {
        lf_ge_set_gej_var(k, &ra, &rj);
        lf_secp256k1_pk_save(r, &ra);
    }
    return LF_OK;
}

/* --- batch verification ---------------------------------------------------------- */

size_t lf_secp256k1_schnorrsig_batch_scratch_size(size_t n)
{
    if (n > SIZE_MAX / 4) return SIZE_MAX;
    return lf_scratch_for(2 * n);
}

/* The checks of items it[0..m) (m <= LF_FE_SQRT_LANES) before the MSM, the
 * square roots of their R interleaved: returns 1 and, for each, p[2j] = R
 * (even y), p[2j+1] = P, s[2j] = s, s[2j+1] = e mod n, with the seed hash
 * absorbing sig || x(P) || challenge hash; or 0 if one cannot be valid. */
static int lf_batch_items(lf_fe_k *k, lf_ge *p, lf_sc *s, lf_sha256_state *seed,
                          const lf_secp256k1_schnorrsig_item *it, size_t m)
{
    lf_fe rx[LF_FE_SQRT_LANES], c[LF_FE_SQRT_LANES], y[LF_FE_SQRT_LANES];
    for (size_t j = 0; j < m; j++) {
        if (it[j].sig64 == NULL || it[j].xpk == NULL || (it[j].msg == NULL && it[j].msglen > 0))
            return 0;
        if (!lf_bip340_xpk_load(&p[2 * j + 1], it[j].xpk)) return 0;
        if (!lf_fe_set_b32(&rx[j], it[j].sig64)) return 0;
        if (lf_sc_set_b32(&s[2 * j], it[j].sig64 + 32)) return 0;
        /* c = x^3 + 7 */
        lf_fe_sqr(k, &c[j], &rx[j]);
        lf_fe_mul(k, &c[j], &c[j], &rx[j]);
        lf_fe_add(k, &c[j], &c[j], &lf_fe_seven);
    }
    if (lf_fe_sqrt_multi(k, y, c, m) != (1u << m) - 1) return 0;
    for (size_t j = 0; j < m; j++) {
        lf_sha256_state st;
        uint8_t px[32], eh[32];
        lf_ge *r = &p[2 * j];
        r->x = rx[j];
        lf_fe_normalize(k, &r->y, &y[j]);
        if (lf_fe_is_odd(&r->y)) {
            lf_fe_neg(k, &r->y, &r->y);
            lf_fe_normalize(k, &r->y, &r->y);
        }
        r->inf = 0;
        lf_fe_get_b32(px, &p[2 * j + 1].x);
        lf_bip340_tagged_init(&st, lf_bip340_mid_challenge);
        lf_sha256_update(&st, it[j].sig64, 32);
        lf_sha256_update(&st, px, 32);
        lf_sha256_update(&st, it[j].msg, it[j].msglen);
        lf_sha256_final(&st, eh);
        lf_sc_reduce32(&s[2 * j + 1], eh);
        lf_sha256_update(seed, it[j].sig64, 64);
        lf_sha256_update(seed, px, 32);
        lf_sha256_update(seed, eh, 32);
    }
    return 1;
}

/* LF_OK / LF_ERR_VERIFY for items[0..n), n >= 1; scratch carved for >= n */
static int lf_batch_run(void *scratch, size_t cap, const lf_secp256k1_schnorrsig_item *items,
                        size_t n)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_fe_k *k = lf_fe_k_get();
    lf_ge *p;
    lf_sc *s, g, si, ei;
    lf_gej rj;
    lf_sha256_state st;
    void *ws;
    uint8_t seed[32], nonce[12] = {0}, blk[64];
    lf_scratch_carve(scratch, 2 * cap, &p, &s, &ws);
    lf_bip340_tagged_init(&st, lf_batch_mid);
    /* pass 1: the per-item checks, R_i, P_i, s_i and e_i (kept in the
     * scalar slots), and the seed */
    for (size_t i = 0; i < n; i += LF_FE_SQRT_LANES) {
        size_t m = n - i < LF_FE_SQRT_LANES ? n - i : LF_FE_SQRT_LANES;
        if (!lf_batch_items(k, &p[2 * i], &s[2 * i], &st, &items[i], m)) return LF_ERR_VERIFY;
    }
    lf_sha256_final(&st, seed);
    /* pass 2: g = sum a_i s_i; inputs (-R_i, a_i), (-P_i, a_i e_i) */
    memset(&g, 0, sizeof g);
    for (size_t i = 0; i < n; i++) {
        lf_sc a;
        memset(&a, 0, sizeof a);
        if (i == 0) {
            a.d[0] = 1;
        } else {
            size_t j = i - 1; /* coefficient j: block j / 4, bytes 16 (j % 4) */
            if (j % 4 == 0) {
                uint64_t b = (uint64_t)(j / 4);
                for (int q = 0; q < 4; q++) nonce[q] = (uint8_t)(b >> (32 + 8 * q));
                lf_chacha20_block(blk, seed, nonce, (uint32_t)b);
            }
            for (int q = 0; q < 8; q++) {
                a.d[0] |= (uint64_t)blk[16 * (j % 4) + q] << (8 * q);
                a.d[1] |= (uint64_t)blk[16 * (j % 4) + 8 + q] << (8 * q);
            }
        }
        si = s[2 * i];
        ei = s[2 * i + 1];
        lf_sc_mul(nk, &si, &si, &a);
        lf_sc_add(nk, &g, &g, &si);
        lf_sc_mul(nk, &s[2 * i + 1], &ei, &a);
        s[2 * i] = a;
        lf_ge_neg(k, &p[2 * i], &p[2 * i]);
        lf_ge_neg(k, &p[2 * i + 1], &p[2 * i + 1]);
    }
    lf_msm_var(k, &rj, ws, p, s, 2 * n, &g);
    return rj.inf ? LF_OK : LF_ERR_VERIFY;
}

int lf_secp256k1_schnorrsig_verify_batch(void *scratch, size_t scratch_len,
                                         const lf_secp256k1_schnorrsig_item *items, size_t n)
{
    size_t need = lf_secp256k1_schnorrsig_batch_scratch_size(n);
    if (scratch == NULL || need == SIZE_MAX || scratch_len < need || (items == NULL && n > 0))
        return LF_ERR_PARAM;
    if (n == 0) return LF_OK;
    return lf_batch_run(scratch, n, items, n);
}

/* bad[lo..hi) by bisection; returns the number of bad items */
static int lf_batch_find(uint8_t *bad, void *scratch, size_t cap,
                         const lf_secp256k1_schnorrsig_item *items, size_t lo, size_t hi)
{
    size_t n = hi - lo;
    if (n <= 2) {
        int c = 0;
        for (size_t i = lo; i < hi; i++) {
            const lf_secp256k1_schnorrsig_item *it = &items[i];
            int ok = it->sig64 != NULL && it->xpk != NULL &&
                     lf_secp256k1_schnorrsig_verify(it->sig64, it->msg, it->msglen, it->xpk) == LF_OK;
            bad[i] = (uint8_t)!ok;
            c += !ok;
        }
        return c;
    }
    if (lf_batch_run(scratch, cap, items + lo, n) == LF_OK) {
        memset(bad + lo, 0, n);
        return 0;
    }
    size_t mid = lo + n / 2;
    return lf_batch_find(bad, scratch, cap, items, lo, mid) +
           lf_batch_find(bad, scratch, cap, items, mid, hi);
}

int lf_secp256k1_schnorrsig_find_invalid(uint8_t *bad, void *scratch, size_t scratch_len,
                                         const lf_secp256k1_schnorrsig_item *items, size_t n)
{
    size_t need = lf_secp256k1_schnorrsig_batch_scratch_size(n);
    if (n > 0 && bad == NULL) return LF_ERR_PARAM;
    if (scratch == NULL || need == SIZE_MAX || scratch_len < need || (items == NULL && n > 0)) {
        if (bad) memset(bad, 0, n);
        return LF_ERR_PARAM;
    }
    if (n == 0) return 0;
    return lf_batch_find(bad, scratch, n, items, 0, n);
}
