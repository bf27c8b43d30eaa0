/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "mp": fixed-size multi-precision products.
 *
 * Subjects "<bits>bit" for 256, 384, 512, 1024, 2048, 4096, 8192 bits.
 * Ops (latency chains; the next left operand x is taken from the 2n-limb
 * product P, b is fixed):
 *   mul      n x n -> 2n limbs        (GMP mpn_mul_n; limbforge lf_mp_mul)
 *   sqr      n -> 2n limbs            (GMP mpn_sqr; limbforge lf_mp_sqr)
 *   sec_mul  constant-time product    (GMP mpn_sec_mul)
 *   sec_sqr  constant-time square     (GMP mpn_sec_sqr)
 * mul, sec_mul: x = the low half of P, with b odd, so x_k = x0 b^k mod
 * 2^(64n) never repeats in a run (an even b would reach 0 within 64n steps).
 * sqr, sec_sqr: x = limbs 1 .. n of P.  The low half cannot be used: x^2 mod
 * 2^(64n) reaches 0 or 1 within 64n steps (the trailing zero bits of an even
 * x double each step, and an odd x^(2^k) is 1 mod 2^(k+2)), after which GMP's
 * Toom code (data-dependent signs, at the larger sizes) would see one input
 * over and over.  Limb n is the bottom of the high half and depends on all
 * of x, so this chain does not repeat either, at no extra work; the next
 * square starts one limb later than with the low half.  Every implementation
 * starts each row from the same x0 and b (drawn once per subject).
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

/* One subject's inputs, the same for every implementation. */
static struct {
    size_t n;
    uint64_t x0[MP_MAXL], b[MP_MAXL];
} mp_in;

/* x_{i+1} is read from the last product P_i: limbs 0 .. n-1 for mul rows,
 * limbs MP_SQR_OFF .. n+MP_SQR_OFF-1 for sqr rows (see the top).  The products
 * alternate between t[k] and t[k^1]; k says where the last one is (a call with
 * an odd count flips it, so the next call goes on from there); a row's
 * prepare puts x0 in t[0] and sets k = 0.  The states are 64-byte aligned
 * so that their layout does not move with unrelated changes. */
#define MP_SQR_OFF 1

#if LFB_HAVE_GMP
typedef struct {
    mp_size_t n;
    mp_limb_t t[2][2 * MP_MAXL]; /* alternating products; part of each feeds the next */
    mp_limb_t b[MP_MAXL];
    mp_limb_t *scratch;
    unsigned k;
} gmpmp_st;

static _Alignas(64) gmpmp_st gmpmp;

static void gmpmp_mul(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    mp_limb_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        mpn_mul_n(q, p, s->b, s->n);
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        mpn_mul_n(p, q, s->b, s->n);
        n--;
    }
}
static void gmpmp_sqr(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    mp_limb_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        mpn_sqr(q, p + MP_SQR_OFF, s->n);
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        mpn_sqr(p, q + MP_SQR_OFF, s->n);
        n--;
    }
}
static void gmpmp_sec_mul(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    mp_limb_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        mpn_sec_mul(q, p, s->n, s->b, s->n, s->scratch);
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        mpn_sec_mul(p, q, s->n, s->b, s->n, s->scratch);
        n--;
    }
}
static void gmpmp_sec_sqr(void *arg, uint64_t n)
{
    gmpmp_st *s = arg;
    mp_limb_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        mpn_sec_sqr(q, p + MP_SQR_OFF, s->n, s->scratch);
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        mpn_sec_sqr(p, q + MP_SQR_OFF, s->n, s->scratch);
        n--;
    }
}

static int gmpmp_prep_mul(void *parg)
{
    gmpmp_st *s = parg;
    memcpy(s->t[0], mp_in.x0, 8 * mp_in.n);
    s->k = 0;
    return 0;
}
static int gmpmp_prep_sqr(void *parg)
{
    gmpmp_st *s = parg;
    memcpy(s->t[0] + MP_SQR_OFF, mp_in.x0, 8 * mp_in.n);
    s->k = 0;
    return 0;
}

static void run_gmp(lfb *h, const char *subject)
{
    gmpmp_st *s = &gmpmp;
    s->n = (mp_size_t)mp_in.n;
    mp_size_t itch = mpn_sec_mul_itch(s->n, s->n);
    if (mpn_sec_sqr_itch(s->n) > itch) itch = mpn_sec_sqr_itch(s->n);
    s->scratch = malloc(sizeof(mp_limb_t) * (size_t)itch);
    if (!s->scratch) {
        lfb_note(h, "gmp: out of memory");
        return;
    }
    memcpy(s->b, mp_in.b, sizeof(mp_limb_t) * (size_t)s->n);
    static const struct {
        const char *op;
        lfb_body body;
        int (*prep)(void *);
    } tab[] = {{"mul", gmpmp_mul, gmpmp_prep_mul}, {"sqr", gmpmp_sqr, gmpmp_prep_sqr},
               {"sec_mul", gmpmp_sec_mul, gmpmp_prep_mul}, {"sec_sqr", gmpmp_sec_sqr, gmpmp_prep_sqr}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        lfb_case c = {.op = tab[i].op, .subject = subject, .impl = "gmp", .kind = LFB_LATENCY,
                      .bytes = -1, .body = tab[i].body, .arg = s, .prepare = tab[i].prep, .parg = s};
        lfb_run(h, &c);
    }
    free(s->scratch);
    s->scratch = NULL;
}
#endif

/* ---- limbforge rows (mp module) ---------------------------------------
 * Same ops, shape and inputs as the GMP rows: latency chains in which part
 * of each product is the next left operand, one row set per back end with mp
 * kernels of its own (c, x86_64, x86_64_adx...; the others reuse their
 * parent's). */
#include <time.h>

#include "limbforge/mp.h"
#include "../src/mp/mp_internal.h"

typedef struct {
    size_t n;
    uint64_t t[2][2 * MP_MAXL];
    uint64_t b[MP_MAXL];
    unsigned k;
} lfmp_st;
static _Alignas(64) lfmp_st lfmp;

static void lfmp_mul(void *arg, uint64_t n)
{
    lfmp_st *s = arg;
    uint64_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        if (lf_mp_mul(q, p, s->b, s->n)) abort();
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        if (lf_mp_mul(p, q, s->b, s->n)) abort();
        n--;
    }
}
static void lfmp_sqr(void *arg, uint64_t n)
{
    lfmp_st *s = arg;
    uint64_t *p = s->t[s->k], *q = s->t[s->k ^ 1];
    while (n) {
        if (lf_mp_sqr(q, p + MP_SQR_OFF, s->n)) abort();
        if (!--n) {
            s->k ^= 1; /* the last product is in q */
            break;
        }
        if (lf_mp_sqr(p, q + MP_SQR_OFF, s->n)) abort();
        n--;
    }
}

/* select the back end; the row starts from x0 */
static int lfmp_prep_mul(void *parg)
{
    memcpy(lfmp.t[0], mp_in.x0, 8 * lfmp.n);
    lfmp.k = 0;
    return lf_backend_set((const char *)parg) != 0;
}
static int lfmp_prep_sqr(void *parg)
{
    memcpy(lfmp.t[0] + MP_SQR_OFF, mp_in.x0, 8 * lfmp.n);
    lfmp.k = 0;
    return lf_backend_set((const char *)parg) != 0;
}

/* back ends whose mp kernels are their own (not inherited) */
static int lfmp_own_kernels(int b)
{
    const char *kt = lf_mp_kernel_table[lf_slot_of((lf_backend)b)].target, *bn = lf_backend_name((lf_backend)b);
    return kt && bn && !strcmp(kt, bn) && lf_backend_available((lf_backend)b);
}

static void run_limbforge(lfb *h, const char *subject)
{
    static const struct {
        const char *op;
        lfb_body body;
        int (*prep)(void *);
    } tab[] = {{"mul", lfmp_mul, lfmp_prep_mul}, {"sqr", lfmp_sqr, lfmp_prep_sqr}};
    lfmp_st *s = &lfmp;
    s->n = mp_in.n;
    memcpy(s->b, mp_in.b, 8 * s->n);
    for (int b = 0; b < (int)LF_BACKEND_COUNT; b++) {
        if (!lfmp_own_kernels(b)) continue;
        const char *bn = lf_backend_name((lf_backend)b);
        for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
            lfb_case c = {.op = tab[i].op, .subject = subject, .impl = "limbforge", .backend = bn,
                          .kind = LFB_LATENCY, .bytes = -1, .body = tab[i].body, .arg = s,
                          .prepare = tab[i].prep, .parg = (void *)bn};
            lfb_run(h, &c);
        }
    }
}

/* ---- lfbench --tune mp ------------------------------------------------
 * For each back end with its own kernels, find per family the largest n
 * for which the generated kernel still beats the alternative built on the
 * smaller kernels (mul/sqr: one Karatsuba level; redc: reduction by
 * multiplication), and write DIR/<target>.h (main.c picks DIR: mp_params/
 * beside the binary, --out DIR, or src/mp/params with --write-source). */
static double lfmp_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

typedef struct {
    const lf_mp_kernels *k;
    int fam, n, alt;
    uint64_t a[2 * MP_MAXL], b[MP_MAXL], r[2 * MP_MAXL], scratch[LF_MP_SCRATCH(MP_MAXL)];
    lf_mp_mont_ctx ctx;
} lfmp_tune_st;

static void lfmp_tune_once(lfmp_tune_st *s)
{
    size_t n = (size_t)s->n;
    if (s->fam == 0) {
        lf_mp_mul_rec(s->k, s->r, s->a, s->b, n, s->alt ? s->n - 1 : s->n, s->scratch);
    } else if (s->fam == 1) {
        lf_mp_sqr_rec(s->k, s->r, s->a, n, s->alt ? s->n - 1 : s->n, s->scratch);
    } else {
        lf_mp_kernels k = *s->k;
        if (s->alt) k.redc_max = 0;
        lf_mp_redc_k(&k, s->r, s->a, &s->ctx);
    }
    s->a[0] ^= s->r[1]; /* dependency between calls */
}

/* ns per call: best of 7 samples of ~0.3 ms */
static double lfmp_tune_time(lfmp_tune_st *s)
{
    double best = 1e30;
    unsigned iters = 1;
    for (;;) { /* calibrate */
        double t0 = lfmp_now();
        for (unsigned i = 0; i < iters; i++) lfmp_tune_once(s);
        if (lfmp_now() - t0 > 3e5 || iters > (1u << 24)) break;
        iters *= 2;
    }
    for (int rep = 0; rep < 7; rep++) {
        double t0 = lfmp_now();
        for (unsigned i = 0; i < iters; i++) lfmp_tune_once(s);
        double dt = (lfmp_now() - t0) / iters;
        if (dt < best) best = dt;
    }
    return best;
}

int lfb_tune_mp(const char *dir, int in_source)
{
    fprintf(stderr, "lfbench --tune mp: writing into %s\n"
                    "  per back end and family (MUL, SQR, REDC), n:kernel/alternative ns\n", dir);
    int written = 0;
    static lfmp_tune_st st;
    static const char *fams[3] = {"MUL", "SQR", "REDC"};
    for (int b = 0; b < (int)LF_BACKEND_COUNT; b++) {
        if (!lfmp_own_kernels(b)) continue;
        const char *bn = lf_backend_name((lf_backend)b);
        if (lf_backend_set(bn) != 0) continue;
        const lf_mp_kernels *k = &lf_mp_kernel_table[lf_slot_of((lf_backend)b)];
        int result[3];
        for (int fam = 0; fam < 3; fam++) {
            int gmax = fam == 0 ? k->mul_max : fam == 1 ? k->sqr_max : k->redc_max;
            int cut = gmax, streak = 0;
            fprintf(stderr, "%s %s:", bn, fams[fam]);
            for (int n = 4; n <= gmax; n++) {
                st.k = k, st.fam = fam, st.n = n;
                for (int i = 0; i < 2 * n; i++) st.a[i] = (uint64_t)rand() * 0x9e3779b97f4a7c15ull;
                for (int i = 0; i < n; i++) st.b[i] = (uint64_t)rand() * 0xc2b2ae3d27d4eb4full;
                if (fam == 2) {
                    st.b[0] |= 1;
                    st.b[n - 1] |= 1ull << 63;
                    if (lf_mp_mont_init(&st.ctx, st.b, (size_t)n)) return 1;
                    st.a[2 * n - 1] &= (1ull << 62) - 1; /* < m R */
                }
                st.alt = 0;
                double tk = lfmp_tune_time(&st);
                st.alt = 1;
                double ta = lfmp_tune_time(&st);
                fprintf(stderr, " %d:%.0f/%.0f", n, tk, ta);
                /* the alternative must win on three lengths in a row */
                if (ta < tk) {
                    if (++streak == 3) {
                        cut = n - 3;
                        break;
                    }
                } else {
                    streak = 0;
                }
            }
            fprintf(stderr, "\n  -> LF_MP_%s_MAX %d%s\n", fams[fam], cut,
                    cut == gmax ? " (kernels still win at the generated maximum: raise it, make gen, retune)" : "");
            result[fam] = cut;
        }
        char path[4200];
        snprintf(path, sizeof path, "%s/%s.h", dir, k->target);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "lfbench: cannot write %s\n", path);
            return 1;
        }
        char up[64];
        size_t j = 0;
        for (; k->target[j] && j < sizeof up - 1; j++) up[j] = (char)(k->target[j] >= 'a' && k->target[j] <= 'z' ? k->target[j] - 32 : k->target[j]);
        up[j] = 0;
        fprintf(f,
                "/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n"
                "/* mp thresholds for target %s, written by `lfbench --tune mp`.\n"
                " * LF_MP_MUL_MAX / LF_MP_SQR_MAX: generated Comba kernels for n <= MAX limbs,\n"
                " * constant-time Karatsuba above.  LF_MP_REDC_MAX: generated Montgomery\n"
                " * reduction for n <= MAX, reduction by multiplication above.\n"
                " * Read by the generator: run `make gen` after changing them. */\n"
                "#ifndef LF_MP_PARAMS_%s_H\n#define LF_MP_PARAMS_%s_H\n"
                "#define LF_MP_MUL_MAX %d\n#define LF_MP_SQR_MAX %d\n#define LF_MP_REDC_MAX %d\n#endif\n",
                k->target, up, up, result[0], result[1], result[2]);
        if (fclose(f) != 0) {
            fprintf(stderr, "lfbench: error writing %s\n", path);
            return 1;
        }
        fprintf(stderr, "wrote %s\n", path);
        written++;
    }
    if (!written) {
        fprintf(stderr, "lfbench: --tune mp: no back end with mp kernels of its own can run here\n");
        return 1;
    }
    if (in_source)
        fprintf(stderr, "next: review `git diff src/mp/params`, then `make gen` (regenerates the mp "
                        "kernels from src/mp/params/<target>.h) and rebuild\n");
    else
        fprintf(stderr, "to use them: copy the files to src/mp/params/ of the source tree (or run "
                        "lfbench --tune mp --write-source), then `make gen` and rebuild\n");
    return 0;
}

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
        mp_in.n = (size_t)mp_bits[i] / 64;
        lfb_randbytes(h, mp_in.x0, 8 * mp_in.n);
        lfb_randbytes(h, mp_in.b, 8 * mp_in.n);
        mp_in.b[0] |= 1; /* mul chains: see the top */
        /* ---- limbforge rows (mp module): add here, same subjects and ops ---- */
        {
            const char *initial = lf_backend_name(lf_backend_current());
            run_limbforge(h, subject);
            if (initial && lf_backend_set(initial) != 0) lfb_note(h, "could not restore back end %s", initial);
        }

        /* ---- anchors ---- */
#if LFB_HAVE_GMP
        run_gmp(h, subject);
#endif
        (void)subject;
    }
}
