/* Suite "mp": fixed-size multi-precision products.
 *
 * Subjects "<bits>bit" for 256, 384, 512, 1024, 2048, 4096, 8192 bits.
 * Ops (latency: the low half of each product is the next left operand):
 *   mul      n x n -> 2n limbs        (GMP mpn_mul_n)
 *   sqr      n -> 2n limbs            (GMP mpn_sqr)
 *   sec_mul  constant-time product    (GMP mpn_sec_mul)
 *   sec_sqr  constant-time square     (GMP mpn_sec_sqr)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

#if LFB_HAVE_GMP
#include <gmp.h>
#endif

static const int mp_bits[] = {256, 384, 512, 1024, 2048, 4096, 8192};
#define MP_MAXL (8192 / 64)

#if LFB_HAVE_GMP
typedef struct {
    mp_size_t n;
    mp_limb_t t[2][2 * MP_MAXL]; /* alternating products; low half feeds the next */
    mp_limb_t b[MP_MAXL];
    mp_limb_t *scratch;
} gmpmp_st;

static gmpmp_st gmpmp;

static void gmpmp_mul(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    while (n) {
        mpn_mul_n(s->t[1], s->t[0], s->b, s->n);
        if (!--n) break;
        mpn_mul_n(s->t[0], s->t[1], s->b, s->n);
        n--;
    }
}
static void gmpmp_sqr(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    while (n) {
        mpn_sqr(s->t[1], s->t[0], s->n);
        if (!--n) break;
        mpn_sqr(s->t[0], s->t[1], s->n);
        n--;
    }
}
static void gmpmp_sec_mul(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    while (n) {
        mpn_sec_mul(s->t[1], s->t[0], s->n, s->b, s->n, s->scratch);
        if (!--n) break;
        mpn_sec_mul(s->t[0], s->t[1], s->n, s->b, s->n, s->scratch);
        n--;
    }
}
static void gmpmp_sec_sqr(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    while (n) {
        mpn_sec_sqr(s->t[1], s->t[0], s->n, s->scratch);
        if (!--n) break;
        mpn_sec_sqr(s->t[0], s->t[1], s->n, s->scratch);
        n--;
    }
}

static void run_gmp(lfb *h, int bits, const char *subject)
{
    gmpmp_st *s = &gmpmp;
    s->n = bits / 64;
    mp_size_t itch = mpn_sec_mul_itch(s->n, s->n);
    if (mpn_sec_sqr_itch(s->n) > itch) itch = mpn_sec_sqr_itch(s->n);
    s->scratch = malloc(sizeof(mp_limb_t) * (size_t)itch);
    if (!s->scratch) {
        lfb_note(h, "gmp: out of memory");
        return;
    }
    lfb_randbytes(h, s->t[0], sizeof(mp_limb_t) * (size_t)s->n);
    lfb_randbytes(h, s->b, sizeof(mp_limb_t) * (size_t)s->n);
    static const lfb_row_spec tab[] = {
        {"mul", gmpmp_mul, LFB_LATENCY, 1}, {"sqr", gmpmp_sqr, LFB_LATENCY, 1}, {"sec_mul", gmpmp_sec_mul, LFB_LATENCY, 1}, {"sec_sqr", gmpmp_sec_sqr, LFB_LATENCY, 1},
    };
    lfb_case base = {.subject = subject, .impl = "gmp", .bytes = -1, .arg = s};
    lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    free(s->scratch);
    s->scratch = NULL;
}
#endif

void suite_mp(lfb *h)
{
#if LFB_HAVE_GMP
    lfb_version(h, "gmp", gmp_version);
#else
    lfb_note(h, "GMP not available at build time: gmp rows skipped");
#endif
    for (size_t i = 0; i < sizeof mp_bits / sizeof mp_bits[0]; i++) {
        char subject[16];
        snprintf(subject, sizeof subject, "%dbit", mp_bits[i]);
        /* ---- limbforge rows (mp module): add here, same subjects and ops ---- */

        /* ---- anchors ---- */
#if LFB_HAVE_GMP
        run_gmp(h, mp_bits[i], subject);
#endif
        (void)subject;
    }
}
