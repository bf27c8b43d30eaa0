/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "field": the anchors (blst, GMP, OpenSSL).  What each one runs is
 * described at the top of suite_field.c; the chain rows go through
 * run_chain_rows() (suite_field_chain.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lfb_rust_anchors.h"
#include "suite_field.h"

#if LFB_HAVE_GMP
#include <gmp.h>
#endif
#if LFB_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/crypto.h>
#endif

/* ------------------------------------------------------------------ */
/* Big-endian bytes <-> little-endian limbs                             */

/* big-endian bytes -> little-endian 64-bit limbs (nlimbs) */
__attribute__((unused)) static void be_to_limbs(uint64_t *l, int nlimbs, const uint8_t *be, int nbytes)
{
    memset(l, 0, sizeof(uint64_t) * (size_t)nlimbs);
    for (int i = 0; i < nbytes; i++) {
        int pos = nbytes - 1 - i; /* byte significance */
        if (pos / 8 < nlimbs) l[pos / 8] |= (uint64_t)be[i] << (8 * (pos % 8));
    }
}

/* little-endian 64-bit limbs -> big-endian bytes (nbytes) */
__attribute__((unused)) static void limbs_to_be(uint8_t *be, int nbytes, const uint64_t *l)
{
    for (int i = 0; i < nbytes; i++) {
        int pos = nbytes - 1 - i;
        be[i] = (uint8_t)(l[pos / 8] >> (8 * (pos % 8)));
    }
}

/* ------------------------------------------------------------------ */
/* blst (crate blst via bench/anchors)                                  */

#if LFB_HAVE_BLST
typedef struct { uint64_t l[6]; } blst_fp;
typedef struct { uint64_t l[4]; } blst_fr;
void blst_fp_mul(blst_fp *r, const blst_fp *a, const blst_fp *b);
void blst_fp_sqr(blst_fp *r, const blst_fp *a);
void blst_fp_add(blst_fp *r, const blst_fp *a, const blst_fp *b);
void blst_fp_sub(blst_fp *r, const blst_fp *a, const blst_fp *b);
void blst_fp_inverse(blst_fp *r, const blst_fp *a);
_Bool blst_fp_sqrt(blst_fp *r, const blst_fp *a);
void blst_fp_from_uint64(blst_fp *r, const uint64_t a[6]);
void blst_uint64_from_fp(uint64_t r[6], const blst_fp *a);
void blst_fr_mul(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_sqr(blst_fr *r, const blst_fr *a);
void blst_fr_add(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_sub(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_inverse(blst_fr *r, const blst_fr *a);
void blst_fr_from_uint64(blst_fr *r, const uint64_t a[4]);
void blst_uint64_from_fr(uint64_t r[4], const blst_fr *a);

/* T: blst type, P: function prefix, S: its suffix (fp, fr), NL: limbs */
#define BLSTF_BODIES(T, P, S, NL)                                                                \
    typedef struct { T a[LFB_CHAINS], b[LFB_CHAINS], t, x, y; } blstf_st_##T;                    \
    static blstf_st_##T blstf_state_##T;                                                         \
    static void blstf_##T##_mul_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) P##_mul(&s->a[0], &s->a[0], &s->b[0]);                                       \
    }                                                                                            \
    static void blstf_##T##_sqr_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) P##_sqr(&s->a[0], &s->a[0]);                                                 \
    }                                                                                            \
    static void blstf_##T##_add_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) P##_add(&s->a[0], &s->a[0], &s->b[0]);                                       \
    }                                                                                            \
    static void blstf_##T##_sub_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) P##_sub(&s->a[0], &s->a[0], &s->b[0]);                                       \
    }                                                                                            \
    static void blstf_##T##_mul_tp(void *arg, uint64_t n)                                        \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) P##_mul(&s->a[j], &s->a[j], &s->b[j]);          \
    }                                                                                            \
    static void blstf_##T##_sqr_tp(void *arg, uint64_t n)                                        \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) P##_sqr(&s->a[j], &s->a[j]);                    \
    }                                                                                            \
    static void blstf_##T##_add_tp(void *arg, uint64_t n)                                        \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) P##_add(&s->a[j], &s->a[j], &s->b[j]);          \
    }                                                                                            \
    static void blstf_##T##_sub_tp(void *arg, uint64_t n)                                        \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) P##_sub(&s->a[j], &s->a[j], &s->b[j]);          \
    }                                                                                            \
    static void blstf_##T##_inv_lat(void *arg, uint64_t n) /* x = 1/x + y */                     \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) {                                                                            \
            P##_inverse(&s->x, &s->x);                                                           \
            P##_add(&s->x, &s->x, &s->y);                                                        \
        }                                                                                        \
    }                                                                                            \
    static void blstf_##T##_set_x(void *arg, const uint8_t *be)                                  \
    {                                                                                            \
        uint64_t l[NL];                                                                          \
        be_to_limbs(l, NL, be, NL * 8);                                                          \
        P##_from_uint64(&((blstf_st_##T *)arg)->x, l);                                           \
    }                                                                                            \
    static void blstf_##T##_get_x(void *arg, uint8_t *be)                                        \
    {                                                                                            \
        uint64_t l[NL];                                                                          \
        blst_uint64_from_##S(l, &((blstf_st_##T *)arg)->x);                                      \
        limbs_to_be(be, NL * 8, l);                                                              \
    }

BLSTF_BODIES(blst_fp, blst_fp, fp, 6)
BLSTF_BODIES(blst_fr, blst_fr, fr, 4)

static void blstf_fp_sqrt_lat(void *arg, uint64_t n) /* x = sqrt((x*y)^2) */
{
    blstf_st_blst_fp *s = arg;
    while (n--) {
        blst_fp_mul(&s->t, &s->x, &s->y);
        blst_fp_sqr(&s->t, &s->t);
        _Bool ok = blst_fp_sqrt(&s->x, &s->t);
        lfb_keep(&ok);
    }
}

static void run_blst(lfb *h, const fdesc *fd)
{
    int is_p = !strcmp(fd->name, "bls12_381_p"), is_r = !strcmp(fd->name, "bls12_381_r");
    if (!is_p && !is_r) return;
    lfb_row_spec tab[8];
    chain_spec chains[2];
    size_t nt = 0, nc = 0;
    void *arg;
    void (*set_x)(void *, const uint8_t *), (*get_x)(void *, uint8_t *);
#define BLST_TAB(T)                                                                              \
    tab[nt++] = (lfb_row_spec){"mul", blstf_##T##_mul_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"mul", blstf_##T##_mul_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"sqr", blstf_##T##_sqr_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"sqr", blstf_##T##_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"add", blstf_##T##_add_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"add", blstf_##T##_add_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"sub", blstf_##T##_sub_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"sub", blstf_##T##_sub_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    chains[nc++] = (chain_spec){"inv", blstf_##T##_inv_lat, CH_INV};                       \
    set_x = blstf_##T##_set_x;                                                             \
    get_x = blstf_##T##_get_x;
    if (is_p) {
        blstf_st_blst_fp *s = &blstf_state_blst_fp;
        for (int j = 0; j < LFB_CHAINS; j++) {
            uint64_t l[6];
            be_to_limbs(l, 6, fd->in[0][j], fd->nbytes);
            blst_fp_from_uint64(&s->a[j], l);
            be_to_limbs(l, 6, fd->in[1][j], fd->nbytes);
            blst_fp_from_uint64(&s->b[j], l);
        }
        s->y = s->b[0];
        arg = s;
        BLST_TAB(blst_fp)
        chains[nc++] = (chain_spec){"sqrt", blstf_fp_sqrt_lat, CH_SQRT};
    } else {
        blstf_st_blst_fr *s = &blstf_state_blst_fr;
        for (int j = 0; j < LFB_CHAINS; j++) {
            uint64_t l[4];
            be_to_limbs(l, 4, fd->in[0][j], fd->nbytes);
            blst_fr_from_uint64(&s->a[j], l);
            be_to_limbs(l, 4, fd->in[1][j], fd->nbytes);
            blst_fr_from_uint64(&s->b[j], l);
        }
        s->y = s->b[0];
        arg = s;
        BLST_TAB(blst_fr)
    }
#undef BLST_TAB
    lfb_case base = {.subject = fd->name, .impl = "blst", .bytes = -1, .arg = arg};
    lfb_run_rows(h, &base, tab, nt);
    run_chain_rows(h, &base, fd, chains, nc, set_x, get_x);
}
#endif /* LFB_HAVE_BLST */

/* ------------------------------------------------------------------ */
/* GMP: Montgomery arithmetic assembled from mpn primitives             */

#if LFB_HAVE_GMP
typedef struct {
    int n, nbytes;
    mp_limb_t p[FMAXL];
    mp_limb_t pinv; /* -p^-1 mod 2^64 */
    mp_limb_t a[LFB_CHAINS][FMAXL], b[LFB_CHAINS][FMAXL];
    mp_limb_t t[2 * FMAXL], u[FMAXL];
    mp_limb_t x[FMAXL], y[FMAXL]; /* inv chain, canonical */
    mp_limb_t *scratch;           /* mpn_sec_invert */
    mp_bitcnt_t invbits;
    mpz_t zx, zy, zp;             /* inv_var chain */
} gmpf_st;

static gmpf_st gmpf;

/* r = t / 2^(64n) mod p for t < p^2 (t is destroyed).  Montgomery REDC
 * one limb at a time: each step adds q*p so the lowest live limb becomes
 * zero; the carry out of each step is parked in that zero limb and all of
 * them are added to the upper half at the end.  Constant time. */
static inline void gmpf_redc(mp_limb_t *r, mp_limb_t *t, const gmpf_st *s)
{
    int n = s->n;
    for (int i = 0; i < n; i++) {
        mp_limb_t q = t[i] * s->pinv;
        t[i] = mpn_addmul_1(t + i, s->p, n, q);
    }
    mp_limb_t cy = mpn_add_n(r, t + n, t, n);
    /* value cy*2^(64n) + r < 2p: subtract p, add it back if that borrowed
     * and there was no carry. */
    mp_limb_t bw = mpn_sub_n(r, r, s->p, n);
    mpn_cnd_add_n(bw & (cy ^ 1), r, r, s->p, n);
}

static inline void gmpf_mul(mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b, gmpf_st *s)
{
    mpn_mul_n(s->t, a, b, s->n);
    gmpf_redc(r, s->t, s);
}

static inline void gmpf_sqr(mp_limb_t *r, const mp_limb_t *a, gmpf_st *s)
{
    mpn_sqr(s->t, a, s->n);
    gmpf_redc(r, s->t, s);
}

static inline void gmpf_add(mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b, const gmpf_st *s)
{
    int n = s->n;
    mp_limb_t cy = mpn_add_n(r, a, b, n);
    mp_limb_t bw = mpn_sub_n(r, r, s->p, n);
    mpn_cnd_add_n(bw & (cy ^ 1), r, r, s->p, n);
}

static inline void gmpf_sub(mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b, const gmpf_st *s)
{
    mp_limb_t bw = mpn_sub_n(r, a, b, s->n);
    mpn_cnd_add_n(bw, r, r, s->p, s->n);
}

static void gmpf_mul_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) gmpf_mul(s->a[0], s->a[0], s->b[0], s);
}
static void gmpf_sqr_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) gmpf_sqr(s->a[0], s->a[0], s);
}
static void gmpf_add_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) gmpf_add(s->a[0], s->a[0], s->b[0], s);
}
static void gmpf_sub_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) gmpf_sub(s->a[0], s->a[0], s->b[0], s);
}
static void gmpf_mul_tp(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) gmpf_mul(s->a[j], s->a[j], s->b[j], s);
}
static void gmpf_sqr_tp(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) gmpf_sqr(s->a[j], s->a[j], s);
}
static void gmpf_add_tp(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) gmpf_add(s->a[j], s->a[j], s->b[j], s);
}
static void gmpf_sub_tp(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) gmpf_sub(s->a[j], s->a[j], s->b[j], s);
}
static void gmpf_inv_lat(void *arg, uint64_t n) /* x = 1/x + y */
{
    gmpf_st *s = arg;
    while (n--) {
        mpn_copyi(s->u, s->x, s->n); /* mpn_sec_invert clobbers its input */
        int ok = mpn_sec_invert(s->x, s->u, s->p, s->n, s->invbits, s->scratch);
        lfb_keep(&ok);
        gmpf_add(s->x, s->x, s->y, s);
    }
}
static void gmpf_inv_var_lat(void *arg, uint64_t n) /* x = 1/x + y */
{
    gmpf_st *s = arg;
    while (n--) {
        int ok = mpz_invert(s->zx, s->zx, s->zp);
        lfb_keep(&ok);
        mpz_add(s->zx, s->zx, s->zy);
        if (mpz_cmp(s->zx, s->zp) >= 0) mpz_sub(s->zx, s->zx, s->zp);
    }
}
static void gmpf_set_x(void *arg, const uint8_t *be)
{
    gmpf_st *s = arg;
    memset(s->x, 0, sizeof s->x);
    be_to_limbs(s->x, s->n, be, s->nbytes);
}
static void gmpf_get_x(void *arg, uint8_t *be)
{
    gmpf_st *s = arg;
    limbs_to_be(be, s->nbytes, s->x);
}
static void gmpf_set_zx(void *arg, const uint8_t *be)
{
    gmpf_st *s = arg;
    mpz_import(s->zx, (size_t)s->nbytes, 1, 1, 0, 0, be);
}
static void gmpf_get_zx(void *arg, uint8_t *be)
{
    gmpf_st *s = arg;
    size_t nb = (size_t)s->nbytes, cnt = (mpz_sizeinbase(s->zx, 2) + 7) / 8;
    memset(be, 0, nb);
    if (cnt <= nb) mpz_export(be + nb - cnt, NULL, 1, 1, 0, 0, s->zx);
    else memset(be, 0xff, nb); /* >= 2^(8 nb) > p: fails the check */
}

static void run_gmp(lfb *h, const fdesc *fd)
{
    gmpf_st *s = &gmpf;
    int n = fd->nlimbs;
    s->n = n;
    be_to_limbs(s->p, n, fd->p, fd->nbytes);
    mp_limb_t inv = s->p[0]; /* Newton: inv = p^-1 mod 2^64 */
    for (int i = 0; i < 6; i++) inv *= 2 - s->p[0] * inv;
    s->pinv = (mp_limb_t)0 - inv;
    for (int j = 0; j < LFB_CHAINS; j++) {
        be_to_limbs(s->a[j], n, fd->in[0][j], fd->nbytes);
        be_to_limbs(s->b[j], n, fd->in[1][j], fd->nbytes);
    }
    s->invbits = 2 * (mp_bitcnt_t)fd->bits;
    s->nbytes = fd->nbytes;
    be_to_limbs(s->y, n, fd->in[1][0], fd->nbytes);
    s->scratch = malloc(sizeof(mp_limb_t) * (size_t)mpn_sec_invert_itch(n));
    if (!s->scratch) {
        lfb_note(h, "gmp: out of memory");
        return;
    }
    mpz_inits(s->zx, s->zy, s->zp, NULL);
    mpz_import(s->zy, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, s->y);
    mpz_import(s->zp, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, s->p);
    static const lfb_row_spec tab[] = {
        {"mul", gmpf_mul_lat, LFB_LATENCY, 1},     {"mul", gmpf_mul_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sqr", gmpf_sqr_lat, LFB_LATENCY, 1},     {"sqr", gmpf_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"add", gmpf_add_lat, LFB_LATENCY, 1},     {"add", gmpf_add_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sub", gmpf_sub_lat, LFB_LATENCY, 1},     {"sub", gmpf_sub_tp, LFB_THROUGHPUT, LFB_CHAINS},
    };
    static const chain_spec inv_ct[] = {{"inv", gmpf_inv_lat, CH_INV}};
    static const chain_spec inv_var[] = {{"inv_var", gmpf_inv_var_lat, CH_INV}};
    lfb_case base = {.subject = fd->name, .impl = "gmp", .bytes = -1, .arg = s};
    lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    run_chain_rows(h, &base, fd, inv_ct, 1, gmpf_set_x, gmpf_get_x);
    run_chain_rows(h, &base, fd, inv_var, 1, gmpf_set_zx, gmpf_get_zx);
    free(s->scratch);
    s->scratch = NULL;
    mpz_clears(s->zx, s->zy, s->zp, NULL);
}

/* Self-check of the REDC above against mpz on the first inputs: a mismatch
 * would mean the anchor measures something else; then it is skipped. */
static int gmpf_selfcheck(const fdesc *fd)
{
    gmpf_st *s = &gmpf;
    int n = fd->nlimbs;
    s->n = n;
    be_to_limbs(s->p, n, fd->p, fd->nbytes);
    mp_limb_t inv = s->p[0];
    for (int i = 0; i < 6; i++) inv *= 2 - s->p[0] * inv;
    s->pinv = (mp_limb_t)0 - inv;
    mp_limb_t a[FMAXL], b[FMAXL], r[FMAXL];
    be_to_limbs(a, n, fd->in[0][0], fd->nbytes);
    be_to_limbs(b, n, fd->in[1][0], fd->nbytes);
    gmpf_mul(r, a, b, s);
    mpz_t za, zb, zp, zr, zR;
    mpz_inits(za, zb, zp, zr, zR, NULL);
    mpz_import(za, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, a);
    mpz_import(zb, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, b);
    mpz_import(zp, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, s->p);
    mpz_import(zr, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, r);
    /* expect r * 2^(64n) == a*b (mod p) and r < p */
    mpz_mul_2exp(zR, zr, 64 * (mp_bitcnt_t)n);
    mpz_submul(zR, za, zb);
    mpz_mod(zR, zR, zp);
    int ok = mpz_sgn(zR) == 0 && mpz_cmp(zr, zp) < 0;
    mpz_clears(za, zb, zp, zr, zR, NULL);
    return ok;
}
#endif /* LFB_HAVE_GMP */

/* ------------------------------------------------------------------ */
/* OpenSSL BIGNUM                                                       */

#if LFB_HAVE_OPENSSL
typedef struct {
    BIGNUM *p, *pct; /* modulus; pct: the same with BN_FLG_CONSTTIME */
    BIGNUM *a[LFB_CHAINS], *b[LFB_CHAINS], *t;
    BIGNUM *x, *y; /* chain rows */
    BN_MONT_CTX *mont;
    BN_CTX *ctx;
    int nbytes;
} osslf_st;

static osslf_st osslf;

static void osslf_mul_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) BN_mod_mul_montgomery(s->a[0], s->a[0], s->b[0], s->mont, s->ctx);
}
static void osslf_sqr_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) BN_mod_mul_montgomery(s->a[0], s->a[0], s->a[0], s->mont, s->ctx);
}
static void osslf_add_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) BN_mod_add_quick(s->a[0], s->a[0], s->b[0], s->p);
}
static void osslf_sub_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) BN_mod_sub_quick(s->a[0], s->a[0], s->b[0], s->p);
}
static void osslf_mul_tp(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++)
            BN_mod_mul_montgomery(s->a[j], s->a[j], s->b[j], s->mont, s->ctx);
}
static void osslf_sqr_tp(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++)
            BN_mod_mul_montgomery(s->a[j], s->a[j], s->a[j], s->mont, s->ctx);
}
static void osslf_add_tp(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) BN_mod_add_quick(s->a[j], s->a[j], s->b[j], s->p);
}
static void osslf_sub_tp(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--)
        for (int j = 0; j < LFB_CHAINS; j++) BN_mod_sub_quick(s->a[j], s->a[j], s->b[j], s->p);
}
static void osslf_inv_lat(void *arg, uint64_t n) /* x = 1/x + y */
{
    osslf_st *s = arg;
    while (n--) {
        BN_set_flags(s->x, BN_FLG_CONSTTIME);
        BIGNUM *r = BN_mod_inverse(s->t, s->x, s->pct, s->ctx);
        lfb_keep(r);
        BN_mod_add_quick(s->x, s->t, s->y, s->p);
    }
}
static void osslf_inv_var_lat(void *arg, uint64_t n) /* x = 1/x + y */
{
    osslf_st *s = arg;
    while (n--) {
        BIGNUM *r = BN_mod_inverse(s->t, s->x, s->p, s->ctx);
        lfb_keep(r);
        BN_mod_add_quick(s->x, s->t, s->y, s->p);
    }
}
static void osslf_sqrt_lat(void *arg, uint64_t n) /* x = sqrt((x*y)^2) */
{
    osslf_st *s = arg;
    while (n--) {
        BN_mod_mul(s->t, s->x, s->y, s->p, s->ctx);
        BN_mod_sqr(s->t, s->t, s->p, s->ctx);
        BIGNUM *r = BN_mod_sqrt(s->x, s->t, s->p, s->ctx);
        lfb_keep(r);
    }
}
static void osslf_set_x(void *arg, const uint8_t *be)
{
    osslf_st *s = arg;
    if (!BN_bin2bn(be, s->nbytes, s->x)) abort();
}
static void osslf_get_x(void *arg, uint8_t *be)
{
    osslf_st *s = arg;
    if (BN_bn2binpad(s->x, be, s->nbytes) < 0) memset(be, 0xff, (size_t)s->nbytes);
}

static void osslf_free(osslf_st *s)
{
    BN_free(s->p);
    BN_free(s->pct);
    BN_free(s->t);
    BN_free(s->x);
    BN_free(s->y);
    for (int j = 0; j < LFB_CHAINS; j++) {
        BN_free(s->a[j]);
        BN_free(s->b[j]);
    }
    BN_MONT_CTX_free(s->mont);
    BN_CTX_free(s->ctx);
    memset(s, 0, sizeof *s);
}

static void run_openssl(lfb *h, const fdesc *fd)
{
    osslf_st *s = &osslf;
    int ok = 1;
    s->ctx = BN_CTX_new();
    s->mont = BN_MONT_CTX_new();
    s->p = BN_bin2bn(fd->p, fd->nbytes, NULL);
    s->pct = BN_bin2bn(fd->p, fd->nbytes, NULL);
    s->t = BN_new();
    s->x = BN_new();
    s->y = BN_bin2bn(fd->in[1][0], fd->nbytes, NULL);
    s->nbytes = fd->nbytes;
    ok = s->ctx && s->mont && s->p && s->pct && s->t && s->x && s->y &&
         BN_MONT_CTX_set(s->mont, s->p, s->ctx);
    if (ok) BN_set_flags(s->pct, BN_FLG_CONSTTIME);
    for (int j = 0; ok && j < LFB_CHAINS; j++) {
        s->a[j] = BN_bin2bn(fd->in[0][j], fd->nbytes, NULL);
        s->b[j] = BN_bin2bn(fd->in[1][j], fd->nbytes, NULL);
        ok = s->a[j] && s->b[j];
    }
    /* one sqrt round as a check (BN_mod_sqrt also verifies its result) */
    if (ok) {
        BIGNUM *sq = BN_new(), *r = BN_new();
        ok = sq && r && BN_mod_sqr(sq, s->a[0], s->p, s->ctx) &&
             BN_mod_sqrt(r, sq, s->p, s->ctx) != NULL;
        BN_free(sq);
        BN_free(r);
    }
    if (!ok) {
        lfb_note(h, "openssl: set-up failed for %s, rows skipped", fd->name);
        osslf_free(s);
        return;
    }
    static const lfb_row_spec tab[] = {
        {"mul", osslf_mul_lat, LFB_LATENCY, 1},   {"mul", osslf_mul_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sqr", osslf_sqr_lat, LFB_LATENCY, 1},   {"sqr", osslf_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"add", osslf_add_lat, LFB_LATENCY, 1},   {"add", osslf_add_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sub", osslf_sub_lat, LFB_LATENCY, 1},   {"sub", osslf_sub_tp, LFB_THROUGHPUT, LFB_CHAINS},
    };
    static const chain_spec chains[] = {
        {"inv", osslf_inv_lat, CH_INV}, {"inv_var", osslf_inv_var_lat, CH_INV}, {"sqrt", osslf_sqrt_lat, CH_SQRT},
    };
    lfb_case base = {.subject = fd->name, .impl = "openssl", .bytes = -1, .arg = s};
    lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    run_chain_rows(h, &base, fd, chains, sizeof chains / sizeof chains[0], osslf_set_x, osslf_get_x);
    osslf_free(s);
}
#endif /* LFB_HAVE_OPENSSL */

/* ------------------------------------------------------------------ */

void lfb_gmp_openssl_versions(lfb *h)
{
#if LFB_HAVE_GMP
    lfb_version(h, "gmp", gmp_version);
#else
    lfb_note(h, "GMP not available at build time: gmp rows skipped");
#endif
#if LFB_HAVE_OPENSSL
    lfb_version(h, "openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
#else
    lfb_note(h, "OpenSSL not available at build time: openssl rows skipped");
#endif
}

void field_anchors_versions(lfb *h)
{
#if LFB_HAVE_BLST
    lfb_version(h, "blst", LFB_BLST_VERSION);
#else
    lfb_note(h, "blst anchor not built (%s)", LFB_RUST_ANCHORS_NOTE);
#endif
    lfb_gmp_openssl_versions(h);
}

void field_anchors_run(lfb *h, const fdesc *fd)
{
    (void)h, (void)fd; /* unused when no anchor is built */
#if LFB_HAVE_BLST
    run_blst(h, fd);
#endif
#if LFB_HAVE_GMP
    if (gmpf_selfcheck(fd)) run_gmp(h, fd);
    else lfb_note(h, "gmp: Montgomery self-check failed for %s; rows skipped", fd->name);
#endif
#if LFB_HAVE_OPENSSL
    run_openssl(h, fd);
#endif
}
