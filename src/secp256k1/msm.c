/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Multi-scalar multiplication, VARIABLE TIME: r = g G + sum_i s_i P_i.
 *
 * Both methods first split every scalar with the endomorphism (GLV,
 * lf_sc_split_lambda): s P = s1 P + s2 (lambda P) with |s1|, |s2| < 2^128,
 * so every term has a 128-bit scalar.
 *
 * Strauss (n <= LF_MSM_STRAUSS_MAX): per point the odd multiples P, 3P, ..,
 * 15P (lf_ecmult_odd_multiples_var: no inversion, on a curve of its own),
 * brought to true affine coordinates by ONE inversion shared by all points
 * (Montgomery's trick), and their lambda images (x times beta); one
 * doubling chain of 129 steps over width-5 NAF digits of all halves, plus
 * G's halves on the generated width-12 tables as lf_ecmult_var does.
 *
 * Pippenger (larger n): signed window digits d in [-2^(c-1), 2^(c-1)] of
 * every 128-bit term, the window c from a cost model of the term count
 * (lf_msm_window).  Per window, from the top: each term with d != 0 is
 * added to bucket |d| (negated if d < 0).  Buckets are AFFINE and the
 * additions are batched: up to LF_MSM_BATCH pending additions, each into a
 * different bucket, share one field inversion (Montgomery's trick), so an
 * addition costs 5 mul + 1 sqr instead of the 8 mul + 3 sqr of a mixed
 * Jacobian one.  A term whose bucket already has a pending addition waits
 * for the next round; an empty bucket takes the point without arithmetic;
 * P + P (doubling: the same formula with the tangent slope) and P + (-P)
 * (the bucket empties) are decided before queueing, so no denominator is
 * zero.  A batch holds at most a quarter of the buckets (fewer waits); when
 * a round places under half a batch (a window with few distinct digits,
 * such as the top one), the remaining terms go to Jacobian buckets.  Then sum_b b * bucket_b by the running sums S += B_b, T += S
 * (Jacobian), and r = 2^c r + T. */
#include <string.h>

#include "secp256k1/generated/tables.h"
#include "secp256k1/msm.h"

#define LF_MSM_STRAUSS_MAX 128
#define LF_MSM_BATCH 256
#define LF_MSM_DIGITS 130 /* wNAF digits of a 128-bit half (129) + slack */

/* --- shared ----------------------------------------------------------------- */

static size_t lf_msm_round(size_t x) { return (x + (LF_MSM_ALIGN - 1)) & ~(size_t)(LF_MSM_ALIGN - 1); }

/* Montgomery's trick runs LF_MSM_LANES interleaved product chains (element
 * i is in chain i % LANES): a single chain of dependent multiplications is
 * bound by the multiplier's latency, independent ones overlap. */
#define LF_MSM_LANES 4

/* out[i] = 1/v[i], i < m <= LF_MSM_LANES (nonzero mod p): one inversion */
static void lf_fe_inv_few_var(lf_fe_k *k, lf_fe *out, const lf_fe *v, size_t m)
{
    lf_fe pr[LF_MSM_LANES], inv;
    pr[0] = v[0];
    for (size_t i = 1; i < m; i++) lf_fe_mul(k, &pr[i], &pr[i - 1], &v[i]);
    lf_fe_normalize(k, &inv, &pr[m - 1]);
    lf_secp256k1_p_inv_var(&inv, &inv);
    for (size_t i = m - 1; i > 0; i--) {
        lf_fe_mul(k, &out[i], &inv, &pr[i - 1]);
        lf_fe_mul(k, &inv, &inv, &v[i]);
    }
    out[0] = inv;
}

/* The last element of each chain of n: ends[j] = acc of it (j < m), m. */
static size_t lf_msm_chain_ends(size_t n)
{
    return n < LF_MSM_LANES ? n : LF_MSM_LANES;
}

/* a[i] = 1/a[i] for i < n (all nonzero mod p), one inversion; acc: n
 * elements of scratch.  3 mul per element. */
static void lf_fe_inv_all_var(lf_fe_k *k, lf_fe *a, lf_fe *acc, size_t n)
{
    lf_fe ends[LF_MSM_LANES], inv[LF_MSM_LANES], t;
    size_t m = lf_msm_chain_ends(n);
    if (n == 0) return;
    for (size_t i = 0; i < n; i++) {
        if (i < LF_MSM_LANES)
            acc[i] = a[i];
        else
            lf_fe_mul(k, &acc[i], &acc[i - LF_MSM_LANES], &a[i]);
    }
    for (size_t j = 0; j < m; j++) ends[j] = acc[j + LF_MSM_LANES * ((n - 1 - j) / LF_MSM_LANES)];
    lf_fe_inv_few_var(k, inv, ends, m);
    for (size_t i = n; i-- > 0;) {
        size_t j = i % LF_MSM_LANES;
        if (i >= LF_MSM_LANES) {
            lf_fe_mul(k, &t, &inv[j], &acc[i - LF_MSM_LANES]);
            lf_fe_mul(k, &inv[j], &inv[j], &a[i]);
            a[i] = t;
        } else {
            a[i] = inv[j];
        }
    }
}

/* The GLV halves of s as magnitudes (< 2^128, in m1/m2 limbs 0-1) and
 * signs (1: negative).  A scalar s or -s below 2^128 (the batch verifier's
 * coefficients of R_i) is taken whole, m2 = 0: the split of such a scalar
 * gives a second 128-bit half for about 4 in 10 of them (whenever
 * s >= n / (2 |b1|) ~ 2^127.2), a wasted term. */
static void lf_msm_split(lf_sc_k *nk, lf_sc *m1, int *n1, lf_sc *m2, int *n2, const lf_sc *s)
{
    lf_sc ns;
    lf_sc_neg(nk, &ns, s);
    memset(m2, 0, sizeof *m2);
    *n2 = 0;
    if ((s->d[2] | s->d[3]) == 0 || (ns.d[2] | ns.d[3]) == 0) {
        *n1 = (s->d[2] | s->d[3]) != 0;
        *m1 = *n1 ? ns : *s;
        return;
    }
    lf_sc_split_lambda(nk, m1, m2, s);
    *n1 = lf_sc_is_high(m1);
    *n2 = lf_sc_is_high(m2);
    lf_sc_cond_negate(nk, m1, m1, *n1);
    lf_sc_cond_negate(nk, m2, m2, *n2);
}

/* --- Strauss ------------------------------------------------------------------ */

typedef struct {
    lf_ge pre[LF_ECMULT_NA], prel[LF_ECMULT_NA]; /* (2i+1) P and lambda (2i+1) P */
    int w1[LF_MSM_DIGITS], w2[LF_MSM_DIGITS];   /* signed wNAF of the halves */
    int l1, l2;
} lf_msm_spt;

static size_t lf_msm_strauss_size(size_t n)
{
    return lf_msm_round(n * sizeof(lf_msm_spt)) + 2 * lf_msm_round(n * sizeof(lf_fe));
}

static void lf_msm_strauss(lf_fe_k *k, lf_gej *r, void *ws, const lf_ge *p, const lf_sc *s, size_t n,
                           const lf_sc *g)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_msm_spt *pt = ws;
    lf_fe *zs = (lf_fe *)((char *)ws + lf_msm_round(n * sizeof(lf_msm_spt)));
    lf_fe *acc = (lf_fe *)((char *)zs + lf_msm_round(n * sizeof(lf_fe)));
    int wg1[LF_MSM_DIGITS], wg2[LF_MSM_DIGITS], lg1 = 0, lg2 = 0, len = 0;
    size_t m = 0;
    lf_ge q;

    for (size_t i = 0; i < n; i++) {
        lf_sc m1, m2;
        int n1, n2;
        if (p[i].inf || lf_sc_is_zero(&s[i])) continue;
        lf_msm_split(nk, &m1, &n1, &m2, &n2, &s[i]);
        pt[m].l1 = lf_sc_wnaf_var(pt[m].w1, LF_MSM_DIGITS, &m1, LF_ECMULT_WA);
        pt[m].l2 = lf_sc_wnaf_var(pt[m].w2, LF_MSM_DIGITS, &m2, LF_ECMULT_WA);
        for (int j = 0; j < pt[m].l1; j++) pt[m].w1[j] = n1 ? -pt[m].w1[j] : pt[m].w1[j];
        for (int j = 0; j < pt[m].l2; j++) pt[m].w2[j] = n2 ? -pt[m].w2[j] : pt[m].w2[j];
        lf_ecmult_odd_multiples_var(k, pt[m].pre, &zs[m], &p[i]);
        len = pt[m].l1 > len ? pt[m].l1 : len;
        len = pt[m].l2 > len ? pt[m].l2 : len;
        m++;
    }
    /* every table to true affine coordinates: one inversion */
    lf_fe_inv_all_var(k, zs, acc, m);
    for (size_t i = 0; i < m; i++) {
        lf_fe z2, z3;
        lf_fe_sqr(k, &z2, &zs[i]);
        lf_fe_mul(k, &z3, &z2, &zs[i]);
        for (int j = 0; j < LF_ECMULT_NA; j++) {
            lf_fe_mul(k, &pt[i].pre[j].x, &pt[i].pre[j].x, &z2);
            lf_fe_mul(k, &pt[i].pre[j].y, &pt[i].pre[j].y, &z3);
            if (pt[i].l2) lf_ge_mul_lambda(k, &pt[i].prel[j], &pt[i].pre[j]);
        }
    }
    if (g && !lf_sc_is_zero(g)) {
        lf_sc g1, g2;
        lf_sc_split_128(&g1, &g2, g);
        lg1 = lf_sc_wnaf_var(wg1, LF_MSM_DIGITS, &g1, LF_ECMULT_G_WINDOW);
        lg2 = lf_sc_wnaf_var(wg2, LF_MSM_DIGITS, &g2, LF_ECMULT_G_WINDOW);
        len = lg1 > len ? lg1 : len;
        len = lg2 > len ? lg2 : len;
    }

    lf_gej_set_infinity(r);
    for (int d = len - 1; d >= 0; d--) {
        if (!r->inf) lf_gej_double(k, r, r);
        for (size_t i = 0; i < m; i++) {
            int dg = d < pt[i].l1 ? pt[i].w1[d] : 0;
            if (dg) {
                if (dg > 0)
                    q = pt[i].pre[(dg - 1) / 2];
                else
                    lf_ge_neg(k, &q, &pt[i].pre[(-dg - 1) / 2]);
                lf_gej_add_ge_var(k, r, r, &q, NULL);
            }
            dg = d < pt[i].l2 ? pt[i].w2[d] : 0;
            if (dg) {
                if (dg > 0)
                    q = pt[i].prel[(dg - 1) / 2];
                else
                    lf_ge_neg(k, &q, &pt[i].prel[(-dg - 1) / 2]);
                lf_gej_add_ge_var(k, r, r, &q, NULL);
            }
        }
        int dg = d < lg1 ? wg1[d] : 0;
        if (dg) {
            lf_ge_from_st(&q, &lf_ecmult_g_odd[(dg > 0 ? dg : -dg) / 2]);
            if (dg < 0) lf_fe_neg(k, &q.y, &q.y);
            lf_gej_add_ge_var(k, r, r, &q, NULL);
        }
        dg = d < lg2 ? wg2[d] : 0;
        if (dg) {
            lf_ge_from_st(&q, &lf_ecmult_g128_odd[(dg > 0 ? dg : -dg) / 2]);
            if (dg < 0) lf_fe_neg(k, &q.y, &q.y);
            lf_gej_add_ge_var(k, r, r, &q, NULL);
        }
    }
}

/* --- Pippenger ---------------------------------------------------------------- */

/* a queued affine addition: bucket b += q (dbl: q equals the bucket) */
typedef struct {
    lf_ge_st q;
    lf_fe den, acc;
    uint32_t b, dbl;
} lf_msm_add;

typedef struct {
    size_t t, w, c, nb;                         /* terms, windows, window bits, buckets */
    size_t o_pt, o_dig, o_bk, o_st, o_q, o_def, o_bj; /* offsets in the workspace */
    size_t lim;                                       /* additions per inversion */
    size_t size;
} lf_msm_layout;

/* The window for t terms: the c minimising the estimated cost in field
 * multiplications over ceil(129/c) windows: per window t affine additions
 * (5 mul + 1 sqr, plus the queueing and the shared inversion: ~8) and
 * 2^(c-1) buckets summed (a mixed and a Jacobian addition, ~27 counted as
 * 20: a fit to measurement, not a derivation).  Constants fitted on
 * x86_64_adx: at 1024 and 16384 batch signatures (t ~ 4100, 65500) c one
 * above the 6.5 / 27 model's choice measured 7% and 12% faster, at 65536
 * MSM points (t ~ 131000) one above was 5% slower (src/secp256k1/README.md). */
static size_t lf_msm_window(size_t t)
{
    size_t best = 2;
    double bc = 0;
    for (size_t c = 2; c <= 16; c++) {
        double w = (double)((129 + c - 1) / c);
        double cost = w * ((double)t * 8.0 + (double)((size_t)1 << (c - 1)) * 20.0 + 7.0 * (double)c);
        if (c == 2 || cost < bc) {
            bc = cost;
            best = c;
        }
    }
    return best;
}

static void lf_msm_layout_for(lf_msm_layout *l, size_t n)
{
    l->t = 2 * n + 2;
    l->c = lf_msm_window(l->t);
    l->w = (129 + l->c - 1) / l->c;
    l->nb = (size_t)1 << (l->c - 1);
    l->o_pt = 0;
    l->o_dig = l->o_pt + lf_msm_round(l->t * sizeof(lf_ge_st));
    l->o_bk = l->o_dig + lf_msm_round(l->t * l->w * sizeof(int16_t));
    l->o_st = l->o_bk + lf_msm_round(l->nb * sizeof(lf_ge_st));
    l->o_q = l->o_st + lf_msm_round(l->nb);
    l->o_def = l->o_q + lf_msm_round(LF_MSM_BATCH * sizeof(lf_msm_add));
    l->o_bj = l->o_def + 2 * lf_msm_round(l->t * sizeof(uint32_t));
    l->size = l->o_bj + lf_msm_round(l->nb * sizeof(lf_gej));
    /* a quarter of the buckets per batch: few terms wait for a busy bucket */
    l->lim = l->nb / 4 < 16 ? 16 : l->nb / 4 > LF_MSM_BATCH ? LF_MSM_BATCH : l->nb / 4;
}

/* bits [pos, pos + c) of the 128-bit m (limbs 0, 1) */
static uint32_t lf_msm_bits(const lf_sc *m, size_t pos, size_t c)
{
    uint64_t v;
    if (pos >= 128) return 0;
    if (pos >= 64) {
        v = m->d[1] >> (pos - 64);
    } else {
        v = m->d[0] >> pos;
        if (pos + c > 64 && pos > 0) v |= m->d[1] << (64 - pos);
    }
    return (uint32_t)(v & (((uint64_t)1 << c) - 1));
}

/* digits of m: m = sum_j dig[j] 2^(c j), |dig[j]| <= 2^(c-1) */
static void lf_msm_digits(int16_t *dig, const lf_sc *m, size_t c, size_t w)
{
    uint32_t carry = 0, half = (uint32_t)1 << (c - 1);
    for (size_t j = 0; j < w; j++) {
        uint32_t v = lf_msm_bits(m, j * c, c) + carry;
        carry = v > half;
        dig[j] = (int16_t)((int32_t)v - (int32_t)(carry << c));
    }
}

enum { LF_BK_EMPTY = 0, LF_BK_FULL = 1, LF_BK_BUSY = 2 };

typedef struct {
    lf_fe_k *k;
    lf_ge_st *bk;
    uint8_t *st;
    lf_msm_add *q;
    size_t nq, lim;
} lf_msm_acc;

/* the queued additions, one shared inversion */
static void lf_msm_flush(lf_msm_acc *a)
{
    lf_fe_k *k = a->k;
    lf_msm_add *q = a->q;
    size_t n = a->nq;
    lf_fe inv[LF_MSM_LANES], ends[LF_MSM_LANES], t, lam, num;
    size_t m = lf_msm_chain_ends(n);
    if (n == 0) return;
    for (size_t i = 0; i < n; i++) {
        lf_ge_st *b = &a->bk[q[i].b];
        if (q[i].dbl)
            lf_fe_add(k, &q[i].den, &b->y, &b->y);
        else
            lf_fe_sub(k, &q[i].den, &q[i].q.x, &b->x);
        if (i < LF_MSM_LANES)
            q[i].acc = q[i].den;
        else
            lf_fe_mul(k, &q[i].acc, &q[i - LF_MSM_LANES].acc, &q[i].den);
    }
    for (size_t j = 0; j < m; j++) ends[j] = q[j + LF_MSM_LANES * ((n - 1 - j) / LF_MSM_LANES)].acc;
    lf_fe_inv_few_var(k, inv, ends, m);
    for (size_t i = n; i-- > 0;) {
        lf_ge_st *b = &a->bk[q[i].b];
        size_t j = i % LF_MSM_LANES;
        if (i >= LF_MSM_LANES) {
            lf_fe_mul(k, &t, &inv[j], &q[i - LF_MSM_LANES].acc);
            lf_fe_mul(k, &inv[j], &inv[j], &q[i].den);
        } else {
            t = inv[j];
        }
        if (q[i].dbl) { /* slope 3x^2 / 2y */
            lf_fe_sqr(k, &num, &b->x);
            lf_fe_add(k, &lam, &num, &num);
            lf_fe_add(k, &num, &lam, &num);
        } else {
            lf_fe_sub(k, &num, &q[i].q.y, &b->y);
        }
        lf_fe_mul(k, &lam, &num, &t);
        /* x3 = lam^2 - x1 - x2, y3 = lam (x1 - x3) - y1 */
        lf_fe_sqr(k, &t, &lam);
        lf_fe_sub(k, &t, &t, &b->x);
        lf_fe_sub(k, &t, &t, &q[i].q.x);
        lf_fe_sub(k, &num, &b->x, &t);
        b->x = t;
        lf_fe_mul(k, &num, &num, &lam);
        lf_fe_sub(k, &b->y, &num, &b->y);
        a->st[q[i].b] = LF_BK_FULL;
    }
    a->nq = 0;
}

/* bucket b += pt (negated if neg); 0, or 1 if b is busy (retry later) */
static int lf_msm_put(lf_msm_acc *a, uint32_t b, const lf_ge_st *pt, int neg)
{
    lf_fe_k *k = a->k;
    if (a->st[b] == LF_BK_BUSY) return 1;
    lf_ge_st v = *pt;
    if (neg) lf_fe_neg(k, &v.y, &v.y);
    if (a->st[b] == LF_BK_EMPTY) {
        a->bk[b] = v;
        a->st[b] = LF_BK_FULL;
        return 0;
    }
    int dbl = 0;
    if (lf_fe_equal(k, &a->bk[b].x, &v.x)) {
        if (!lf_fe_equal(k, &a->bk[b].y, &v.y)) { /* P + (-P) */
            a->st[b] = LF_BK_EMPTY;
            return 0;
        }
        dbl = 1;
    }
    lf_msm_add *e = &a->q[a->nq++];
    e->q = v;
    e->b = b;
    e->dbl = (uint32_t)dbl;
    a->st[b] = LF_BK_BUSY;
    if (a->nq == a->lim) lf_msm_flush(a);
    return 0;
}

static void lf_msm_pippenger(lf_fe_k *k, lf_gej *r, void *ws, const lf_ge *p, const lf_sc *s,
                             size_t n, const lf_sc *g)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_msm_layout l;
    lf_msm_layout_for(&l, n);
    char *base = ws;
    lf_ge_st *pt = (lf_ge_st *)(base + l.o_pt);
    int16_t *dig = (int16_t *)(base + l.o_dig);
    uint32_t *def0 = (uint32_t *)(base + l.o_def);
    uint32_t *def1 = (uint32_t *)(base + l.o_def + lf_msm_round(l.t * sizeof(uint32_t)));
    lf_gej *bj = (lf_gej *)(base + l.o_bj);
    lf_msm_acc a = {k, (lf_ge_st *)(base + l.o_bk), (uint8_t *)(base + l.o_st),
                    (lf_msm_add *)(base + l.o_q), 0, l.lim};
    size_t t = 0;

    /* terms: (P, |s1|), (lambda P, |s2|), signs folded into the points */
    for (size_t i = 0; i < n; i++) {
        lf_sc m1, m2;
        int n1, n2;
        if (p[i].inf || lf_sc_is_zero(&s[i])) continue;
        lf_msm_split(nk, &m1, &n1, &m2, &n2, &s[i]);
        if (!lf_sc_is_zero(&m1)) {
            pt[t].x = p[i].x;
            pt[t].y = p[i].y;
            if (n1) lf_fe_neg(k, &pt[t].y, &pt[t].y);
            lf_msm_digits(dig + t * l.w, &m1, l.c, l.w);
            t++;
        }
        if (!lf_sc_is_zero(&m2)) {
            lf_fe_mul(k, &pt[t].x, &p[i].x, &lf_fe_beta);
            pt[t].y = p[i].y;
            if (n2) lf_fe_neg(k, &pt[t].y, &pt[t].y);
            lf_msm_digits(dig + t * l.w, &m2, l.c, l.w);
            t++;
        }
    }
    if (g) { /* g = g1 + g2 2^128 on G and 2^128 G */
        lf_sc g1, g2;
        lf_sc_split_128(&g1, &g2, g);
        if (!lf_sc_is_zero(&g1)) {
            pt[t] = lf_ecmult_g_odd[0];
            lf_msm_digits(dig + t * l.w, &g1, l.c, l.w);
            t++;
        }
        if (!lf_sc_is_zero(&g2)) {
            pt[t] = lf_ecmult_g128_odd[0];
            lf_msm_digits(dig + t * l.w, &g2, l.c, l.w);
            t++;
        }
    }

    lf_gej_set_infinity(r);
    for (size_t j = l.w; j-- > 0;) {
        lf_gej sum, run;
        lf_ge b;
        for (size_t d = 0; d < l.c && !r->inf; d++) lf_gej_double(k, r, r);
        memset(a.st, LF_BK_EMPTY, l.nb);
        for (size_t bi = 0; bi < l.nb; bi++) bj[bi].inf = 1;
        /* first pass over all terms, then over the ones that waited; when a
         * pass places under half a batch (a window with few distinct
         * digits: the top one), the rest go to Jacobian buckets bj */
        size_t nd = 0, placed = 0;
        for (size_t i = 0; i < t; i++) {
            int dg = dig[i * l.w + j];
            if (dg == 0) continue;
            uint32_t bi = (uint32_t)((dg > 0 ? dg : -dg) - 1);
            if (lf_msm_put(&a, bi, &pt[i], dg < 0))
                def0[nd++] = (uint32_t)i;
            else
                placed++;
        }
        while (nd > 0) {
            size_t nd1 = 0;
            lf_msm_flush(&a);
            if (placed < l.lim / 2) {
                for (size_t e = 0; e < nd; e++) {
                    uint32_t i = def0[e];
                    int dg = dig[i * l.w + j];
                    uint32_t bi = (uint32_t)((dg > 0 ? dg : -dg) - 1);
                    lf_ge_from_st(&b, &pt[i]);
                    if (dg < 0) lf_fe_neg(k, &b.y, &b.y);
                    lf_gej_add_ge_var(k, &bj[bi], &bj[bi], &b, NULL);
                }
                break;
            }
            placed = 0;
            for (size_t e = 0; e < nd; e++) {
                uint32_t i = def0[e];
                int dg = dig[i * l.w + j];
                uint32_t bi = (uint32_t)((dg > 0 ? dg : -dg) - 1);
                if (lf_msm_put(&a, bi, &pt[i], dg < 0))
                    def1[nd1++] = i;
                else
                    placed++;
            }
            uint32_t *tmp = def0;
            def0 = def1;
            def1 = tmp;
            nd = nd1;
        }
        lf_msm_flush(&a);
        /* sum_b (b + 1) bucket_b */
        lf_gej_set_infinity(&sum);
        lf_gej_set_infinity(&run);
        for (size_t bi = l.nb; bi-- > 0;) {
            if (a.st[bi] == LF_BK_FULL) {
                lf_ge_from_st(&b, &a.bk[bi]);
                lf_gej_add_ge_var(k, &run, &run, &b, NULL);
            }
            if (!bj[bi].inf) lf_gej_add_var(k, &run, &run, &bj[bi]);
            if (!run.inf) lf_gej_add_var(k, &sum, &sum, &run);
        }
        lf_gej_add_var(k, r, r, &sum);
    }
}

/* --- entry --------------------------------------------------------------------- */

size_t lf_msm_ws_size(size_t n)
{
    lf_msm_layout l;
#if SIZE_MAX > (UINT64_C(1) << 40)
    if (n > ((size_t)1 << 40)) return SIZE_MAX;
#endif
    if (n > SIZE_MAX / 4096) return SIZE_MAX;
    if (n <= LF_MSM_STRAUSS_MAX) return lf_msm_strauss_size(n);
    /* monotonic in n (the batch verifier's bisection runs sub-batches in
     * the scratch of the whole): at least Strauss's largest */
    lf_msm_layout_for(&l, n);
    size_t st = lf_msm_strauss_size(LF_MSM_STRAUSS_MAX);
    return l.size > st ? l.size : st;
}

void lf_msm_var(lf_fe_k *k, lf_gej *r, void *ws, const lf_ge *p, const lf_sc *s, size_t n,
                const lf_sc *g)
{
    if (n <= LF_MSM_STRAUSS_MAX)
        lf_msm_strauss(k, r, ws, p, s, n, g);
    else
        lf_msm_pippenger(k, r, ws, p, s, n, g);
}
