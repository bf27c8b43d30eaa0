/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "ntt": ML-KEM-768 polynomial arithmetic mod q = 3329 (the KEM
 * itself: suite "mlkem", suite_mlkem.c).
 *
 * Subject "mlkem768".  Anchor impl "pqclean": PQClean's ML-KEM-768 AVX2
 * code as bundled by the crate pqcrypto-mlkem (bench/anchors).
 *   poly_ntt                 PQCLEAN_MLKEM768_AVX2_poly_ntt, in place
 *   poly_invntt_tomont       PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont, in place
 *   poly_basemul_montgomery  PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery,
 *                            r = a o b with the previous r as a
 * All latency rows.  The polynomial chains feed each output back in without
 * reducing it; the AVX2 code has no data-dependent timing, so coefficient
 * growth does not change the cost.
 */
#include <stdio.h>
#include <string.h>

#include <limbforge/limbforge.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#if LFB_HAVE_PQCLEAN_POLY || LFB_HAVE_PQCLEAN_KEM
typedef struct {
    _Alignas(32) int16_t coeffs[256];
} pq_poly;

typedef struct {
    pq_poly p[2], b;
} pq_st;
static pq_st pq;

#endif

int lfb_pqclean_avx2_ok(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

int lfb_backend_prepare(void *parg) { return lf_backend_set((const char *)parg) != 0; }

int lfb_backend_runnable(const char *name)
{
    for (int j = 0; j < (int)LF_BACKEND_COUNT; j++) {
        const char *n = lf_backend_name((lf_backend)j);
        if (n && !strcmp(n, name)) return lf_backend_available((lf_backend)j);
    }
    return 0; /* another architecture's */
}

#if LFB_HAVE_PQCLEAN_POLY
void PQCLEAN_MLKEM768_AVX2_poly_ntt(pq_poly *r);
void PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont(pq_poly *r);
void PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(pq_poly *r, const pq_poly *a, const pq_poly *b);

static void pq_ntt(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) PQCLEAN_MLKEM768_AVX2_poly_ntt(&s->p[0]);
}
static void pq_invntt(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont(&s->p[0]);
}
static void pq_basemul(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n) {
        PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(&s->p[1], &s->p[0], &s->b);
        if (!--n) break;
        PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(&s->p[0], &s->p[1], &s->b);
        n--;
    }
}
#endif

/* ---- limbforge (ntt module) ----
 * poly_ntt, poly_invntt_tomont, poly_basemul_montgomery: the lazy API, which
 * has PQClean's semantics (internal order, Montgomery product, inverse "to
 * Montgomery"), chained like the anchor rows (outputs fed back unreduced:
 * the kernels have no data-dependent timing).  ntt_fips, invntt_fips,
 * basemul_fips: the checked FIPS 203 API (standard order, [0, q) in and out,
 * range check, conversions), on canonical inputs.  Subject "cyclic128",
 * op "mul": lf_ntt128_cyclic_mul (Z_q[X]/(X^128 - 1)).  One set of rows per
 * back end with NTT kernels of its own that can run here. */
#if __has_include(<limbforge/ntt.h>)
#include <limbforge/ntt.h>
#define LFB_HAVE_LF_NTT 1

typedef struct {
    _Alignas(64) int16_t p[2][256];
    _Alignas(64) int16_t b[256];
    _Alignas(64) int16_t c[3][128];
} lfn_st;
static lfn_st lfn;

static void lfn_ntt(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    while (n--) lf_mlkem_ntt_lazy(s->p[0]);
}
static void lfn_invntt(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    while (n--) lf_mlkem_invntt_lazy(s->p[0]);
}
static void lfn_basemul(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    while (n) {
        lf_mlkem_basemul_lazy(s->p[1], s->p[0], s->b);
        if (!--n) break;
        lf_mlkem_basemul_lazy(s->p[0], s->p[1], s->b);
        n--;
    }
}
/* The checked API needs canonical input: the chains stay canonical. */
static void lfn_ntt_fips(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    int rc = 0;
    while (n--) rc |= lf_mlkem_ntt(s->p[1], s->p[1]);
    lfb_keep(&rc);
}
static void lfn_invntt_fips(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    int rc = 0;
    while (n--) rc |= lf_mlkem_invntt(s->p[1], s->p[1]);
    lfb_keep(&rc);
}
static void lfn_basemul_fips(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    int rc = 0;
    while (n--) rc |= lf_mlkem_basemul(s->p[1], s->p[1], s->b);
    lfb_keep(&rc);
}
static void lfn_cyclic(void *arg, uint64_t n)
{
    lfn_st *s = arg;
    int rc = 0;
    while (n--) rc |= lf_ntt128_cyclic_mul(s->c[0], s->c[0], s->c[1]);
    lfb_keep(&rc);
}

static void lfn_rows(lfb *h)
{
    static const char *const bes[] = {"c", "avx2", "avx512", "neon", "rvv", "armv7neon"};
    static const lfb_row_spec tab[] = {{"poly_ntt", lfn_ntt, LFB_LATENCY, 1},
                                       {"poly_invntt_tomont", lfn_invntt, LFB_LATENCY, 1},
                                       {"poly_basemul_montgomery", lfn_basemul, LFB_LATENCY, 1},
                                       {"ntt_fips", lfn_ntt_fips, LFB_LATENCY, 1},
                                       {"invntt_fips", lfn_invntt_fips, LFB_LATENCY, 1},
                                       {"basemul_fips", lfn_basemul_fips, LFB_LATENCY, 1}};
    static const lfb_row_spec ctab[] = {{"mul", lfn_cyclic, LFB_LATENCY, 1}};
    lfn_st *s = &lfn;
    for (int i = 0; i < 256; i++) {
        s->p[0][i] = (int16_t)(lfb_rand64(h) % 3329);
        s->p[1][i] = s->p[0][i];
        s->b[i] = (int16_t)(lfb_rand64(h) % 3329);
    }
    for (int i = 0; i < 128; i++) {
        s->c[0][i] = (int16_t)(lfb_rand64(h) % 3329);
        s->c[1][i] = (int16_t)(lfb_rand64(h) % 3329);
    }
    for (size_t k = 0; k < sizeof bes / sizeof bes[0]; k++) {
        if (!lfb_backend_runnable(bes[k])) continue;
        lfb_case base = {.subject = "mlkem768", .impl = "limbforge", .backend = bes[k],
                         .bytes = -1, .arg = s, .prepare = lfb_backend_prepare,
                         .parg = (void *)bes[k]};
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
        base.subject = "cyclic128";
        lfb_run_rows(h, &base, ctab, 1);
    }
}
#endif

void suite_ntt(lfb *h)
{
    /* ---- limbforge rows (ntt module, later mlkem): add here, subject "mlkem768",
     *      same op names ---- */
#ifdef LFB_HAVE_LF_NTT
    lfn_rows(h);
#endif

    /* ---- anchors ---- */
#if LFB_HAVE_PQCLEAN_POLY || LFB_HAVE_PQCLEAN_KEM
    if (!lfb_pqclean_avx2_ok()) {
        lfb_note(h, "pqclean: this CPU lacks AVX2/BMI2; PQClean AVX2 rows skipped");
        return;
    }
    lfb_version(h, "pqcrypto-mlkem", LFB_PQCRYPTO_MLKEM_VERSION);
    pq_st *s = &pq;
    for (int i = 0; i < 256; i++) {
        s->p[0].coeffs[i] = (int16_t)(lfb_rand64(h) % 3329);
        s->b.coeffs[i] = (int16_t)(lfb_rand64(h) % 3329);
    }
#endif
#if LFB_HAVE_PQCLEAN_POLY
    {
        static const lfb_row_spec tab[] = {{"poly_ntt", pq_ntt, LFB_LATENCY, 1},
                   {"poly_invntt_tomont", pq_invntt, LFB_LATENCY, 1},
                   {"poly_basemul_montgomery", pq_basemul, LFB_LATENCY, 1}};
        lfb_case base = {.subject = "mlkem768", .impl = "pqclean", .bytes = -1, .arg = s};
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    }
#elif LFB_HAVE_PQCLEAN_KEM
    lfb_note(h, "pqclean: PQCLEAN_MLKEM768_AVX2_poly_* not exported by the anchor archive; "
                "polynomial rows skipped");
#endif
#if !LFB_HAVE_PQCLEAN_POLY && !LFB_HAVE_PQCLEAN_KEM
    lfb_note(h, "pqclean (crate pqcrypto-mlkem) not built (%s): rows skipped",
             LFB_RUST_ANCHORS_NOTE);
#endif
}
