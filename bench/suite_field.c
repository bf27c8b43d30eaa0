/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "field": prime-field arithmetic.
 *
 * Subjects are limbforge's field names.  Every implementation gets the same
 * random field elements (uniform below p, generated once per field from
 * lfbench's fixed seed) and converts them to its own internal form.
 *
 * Ops and chains (every implementation runs the same chain):
 *   mul      a = a*b           (latency; throughput: 8 independent chains)
 *   sqr      a = a^2           (latency; throughput)
 *   add      a = a+b           (latency; throughput)
 *   sub      a = a-b           (latency; throughput)
 *   vec_mul  a[i] = a[i]*b[i]  lf_<f>_vec_mul on 1024 elements (throughput, per element);
 *            vec_sqr, vec_add likewise; inner_product per term
 *   inv      x = 1/x + y       constant-time inversion + one field add (latency)
 *   inv_var  x = 1/x + y       variable-time inversion + one field add (latency)
 *   inv_fermat x = x^(p-2) + y Fermat inversion, lf_<F>_pow_var_exp (sliding
 *                              windows, public exponent) + one add; limbforge
 *                              only, for comparison with inv (latency)
 *   sqrt     x = sqrt((x*y)^2) one mul + one squaring + square root (latency)
 *
 * The inversion and square-root rows are "chain rows": a bare x = 1/x only
 * ever inverts two values (x and 1/x) and x = sqrt(x^2) one or two, so the
 * branch predictor learns a variable-time routine's path and the row reads
 * far too fast.  The chains above never repeat in a run, and every
 * implementation walks the same canonical sequence from the same x0 (the
 * sqrt inputs (x0 y^(i+1))^2 do not depend on which root an implementation
 * returns).  Before a chain row is timed, its body runs CHAIN_CHECK steps
 * from x0 and the result is compared with GMP's mpz (row skipped with a
 * note on a mismatch); timing then starts again from x0.
 *
 * Implementations:
 *   limbforge  every field of LF_FIELDS_FOREACH x every available back end
 *   blst       bls12_381_p (blst_fp_*), bls12_381_r (blst_fr_*)
 *   gmp        Montgomery multiplication from mpn_mul_n/mpn_sqr + a REDC
 *              written here from mpn_addmul_1; add/sub from mpn_add_n,
 *              mpn_sub_n, mpn_cnd_add_n; inv = mpn_sec_invert; inv_var =
 *              mpz_invert
 *   openssl    BN_mod_mul_montgomery, BN_mod_add_quick/BN_mod_sub_quick,
 *              BN_mod_inverse (BN_FLG_CONSTTIME for inv), BN_mod_sqrt
 *
 * Files: this one has the fields and their inputs, the chain-row machinery,
 * the limbforge rows and suite_field(); the anchors (blst, gmp, openssl) are
 * in suite_field_anchors.c; suite_field.h is what the two share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suite_field.h"

#if defined(__has_include)
#if __has_include(<limbforge/fields.h>)
#include <limbforge/fields.h>
#include <limbforge/limbforge.h>
#ifdef LF_FIELDS_FOREACH
#define LFB_HAVE_LIMBFORGE_FIELDS 1
#include "lf_internal.h" /* lf_backend_parent: lfbf_foreign_backend */
#endif
#endif
#endif

/* Moduli of the built-in fields that lfbench knows without limbforge (the
 * anchors need them even before the library exists).  With limbforge, the
 * modulus is read back from the library (p = -1 + 1) and checked against
 * this table. */
static const struct {
    const char *name, *hex;
} known_fields[] = {
    {"bls12_381_p", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"},
    {"bls12_381_r", "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"},
    {"bn254_p", "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"},
    {"bn254_r", "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"},
    {"secp256k1_p", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"},
    {"secp256k1_n", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"},
    {"p256_p", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"},
    {"p256_n", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"},
    {"p25519", "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"},
    {"p448", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff"},
};
#define NKNOWN (sizeof known_fields / sizeof known_fields[0])

/* ------------------------------------------------------------------ */
/* Big-endian byte helpers                                              */

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* hex -> big-endian bytes, right-aligned in nbytes; 0 on success */
static int hex_to_be(const char *hex, uint8_t *out, int nbytes)
{
    int len = (int)strlen(hex);
    memset(out, 0, (size_t)nbytes);
    for (int i = 0; i < len; i++) {
        int v = hexval(hex[len - 1 - i]);
        if (v < 0 || i / 2 >= nbytes) return -1;
        out[nbytes - 1 - i / 2] |= (uint8_t)(v << (4 * (i & 1)));
    }
    return 0;
}

static int be_cmp(const uint8_t *a, const uint8_t *b, int n)
{
    return memcmp(a, b, (size_t)n);
}

static int be_bits(const uint8_t *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i]) {
            int b = 8;
            while (!(a[i] & (1u << (b - 1)))) b--;
            return 8 * (n - 1 - i) + b;
        }
    return 0;
}

/* uniform random value below p (big-endian, n bytes) */
static void rand_below(lfb *h, uint8_t *out, const uint8_t *p, int n)
{
    int k = 0;
    while (k < n && !p[k]) k++;
    uint8_t mask = p[k];
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4;
    do {
        lfb_randbytes(h, out, (size_t)n);
        memset(out, 0, (size_t)k);
        out[k] &= mask;
    } while (be_cmp(out, p, n) >= 0);
}

static void fdesc_finish(lfb *h, fdesc *f)
{
    f->bits = be_bits(f->p, f->nbytes);
    f->nlimbs = (f->bits + 63) / 64;
    for (int w = 0; w < 2; w++)
        for (int j = 0; j < LFB_CHAINS; j++) {
            /* in[0][0] and in[1][0] are the chain rows' x0 and y: not zero */
            do rand_below(h, f->in[w][j], f->p, f->nbytes);
            while (j == 0 && be_bits(f->in[w][j], f->nbytes) == 0);
        }
}

/* ------------------------------------------------------------------ */
/* limbforge                                                            */

#if LFB_HAVE_LIMBFORGE_FIELDS

static int lfbf_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

/* 1 if back end b belongs to another architecture's chain than this build's
 * (aarch64/neon on x86-64, ...): it can never run here, so an unavailable
 * one is not worth a note.  The chain's root (the back end whose parent is
 * c) is found with the library's parent links (src/lf_internal.h) and
 * compared with this build's root, from the compiler's macros; c itself
 * belongs everywhere. */
static int lfbf_foreign_backend(lf_backend b)
{
#if defined(__x86_64__)
    static const char *const root = "x86_64";
#elif defined(__aarch64__)
    static const char *const root = "aarch64";
#elif defined(__riscv) && __riscv_xlen == 64
    static const char *const root = "rv64";
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
    static const char *const root = "ppc64le";
#else
    static const char *const root = NULL; /* portable C only */
#endif
    if (b == LF_BACKEND_C) return 0;
    lf_backend r = b;
    for (int depth = 0; depth < (int)LF_BACKEND_COUNT && lf_backend_parent(r) != LF_BACKEND_C; depth++)
        r = lf_backend_parent(r);
    const char *rn = lf_backend_name(r);
    return !root || !rn || strcmp(rn, root) != 0;
}

/* elements per call of the array-API rows (the arrays stay in L2); the
 * sweep rows (vec_mul_<field>, subject n<count>) take the first n of
 * LFBF_VMAX, for the crossover plot (bench/plot.py: cost against count) */
#define LFBF_VN 1024
#define LFBF_VMAX 4096
static const unsigned lfbf_sweep_ns[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 64, 256, 1024, 4096};
#define LFBF_NSWEEP (sizeof lfbf_sweep_ns / sizeof lfbf_sweep_ns[0])
static unsigned lfbf_sweep_n;
static char lfbf_sweep_subj[LFBF_NSWEEP][8];
/* the fields with sweep rows */
static int lfbf_sweep_field(const char *f)
{
    return !strcmp(f, "bls12_381_r") || !strcmp(f, "bls12_381_p");
}

/* Per field F: state, measured loops, p read back from the library, and a
 * runner that loops over back ends and ops. */
#define LFBF_FIELD(F, NL, NB)                                                                    \
    typedef struct {                                                                             \
        lf_##F##_t a[LFB_CHAINS], b[LFB_CHAINS], t, x, y; /* x, y: chain rows */                 \
        uint64_t pm2[NL];                                   /* p - 2: inv_fermat */              \
    } lfbf_st_##F;                                                                               \
    static lfbf_st_##F lfbf_state_##F;                                                           \
    static void lfbf_##F##_mul_lat(void *arg, uint64_t n)                                        \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_mul(&s->a[0], &s->a[0], &s->b[0]);                                  \
    }                                                                                            \
    static void lfbf_##F##_sqr_lat(void *arg, uint64_t n)                                        \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_sqr(&s->a[0], &s->a[0]);                                            \
    }                                                                                            \
    static void lfbf_##F##_add_lat(void *arg, uint64_t n)                                        \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_add(&s->a[0], &s->a[0], &s->b[0]);                                  \
    }                                                                                            \
    static void lfbf_##F##_sub_lat(void *arg, uint64_t n)                                        \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_sub(&s->a[0], &s->a[0], &s->b[0]);                                  \
    }                                                                                            \
    static void lfbf_##F##_mul_tp(void *arg, uint64_t n)                                         \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) lf_##F##_mul(&s->a[j], &s->a[j], &s->b[j]);     \
    }                                                                                            \
    static void lfbf_##F##_sqr_tp(void *arg, uint64_t n)                                         \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) lf_##F##_sqr(&s->a[j], &s->a[j]);               \
    }                                                                                            \
    static void lfbf_##F##_add_tp(void *arg, uint64_t n)                                         \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) lf_##F##_add(&s->a[j], &s->a[j], &s->b[j]);     \
    }                                                                                            \
    static void lfbf_##F##_sub_tp(void *arg, uint64_t n)                                         \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--)                                                                              \
            for (int j = 0; j < LFB_CHAINS; j++) lf_##F##_sub(&s->a[j], &s->a[j], &s->b[j]);     \
    }                                                                                            \
    static void lfbf_##F##_inv_lat(void *arg, uint64_t n) /* x = 1/x + y */                      \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_inv(&s->x, &s->x);                                                          \
            lf_##F##_add(&s->x, &s->x, &s->y);                                                   \
        }                                                                                        \
    }                                                                                            \
    /* Fermat, x = x^(p-2) + y: pow_var_exp's sliding windows, for comparison with inv */     \
    static void lfbf_##F##_inv_fermat_lat(void *arg, uint64_t n)                                 \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_pow_var_exp(&s->x, &s->x, s->pm2, 64 * NL);                                 \
            lf_##F##_add(&s->x, &s->x, &s->y);                                                   \
        }                                                                                        \
    }                                                                                            \
    static void lfbf_##F##_inv_var_lat(void *arg, uint64_t n)                                    \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_inv_var(&s->x, &s->x);                                                      \
            lf_##F##_add(&s->x, &s->x, &s->y);                                                   \
        }                                                                                        \
    }                                                                                            \
    static void lfbf_##F##_sqrt_lat(void *arg, uint64_t n) /* x = sqrt((x*y)^2) */               \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_mul(&s->t, &s->x, &s->y);                                                   \
            lf_##F##_sqr(&s->t, &s->t);                                                          \
            int ok_ = lf_##F##_sqrt(&s->x, &s->t);                                               \
            lfb_keep(&ok_);                                                                      \
        }                                                                                        \
    }                                                                                            \
    static void lfbf_##F##_set_x(void *arg, const uint8_t *be)                                   \
    {                                                                                            \
        if (lf_##F##_from_bytes(&((lfbf_st_##F *)arg)->x, be) != 0) abort(); /* be < p */         \
    }                                                                                            \
    static void lfbf_##F##_get_x(void *arg, uint8_t *be)                                         \
    {                                                                                            \
        lf_##F##_to_bytes(be, &((lfbf_st_##F *)arg)->x);                                         \
    }                                                                                            \
    /* p = (-1) + 1, read back through the public API; 0 on success */                         \
    static int lfbf_##F##_modulus(uint8_t *p)                                                    \
    {                                                                                            \
        lf_##F##_t one, m1;                                                                      \
        uint8_t buf[NB];                                                                         \
        memset(buf, 0, sizeof buf);                                                              \
        buf[NB - 1] = 1;                                                                         \
        if (lf_##F##_from_bytes(&one, buf) != 0) return -1;                                      \
        lf_##F##_neg(&m1, &one);                                                                 \
        lf_##F##_to_bytes(buf, &m1);                                                             \
        for (int i = NB - 1; i >= 0; i--) /* + 1 */                                              \
            if (++buf[i] != 0) break;                                                            \
        memcpy(p, buf, NB);                                                                      \
        return 0;                                                                                \
    }                                                                                            \
    /* array API: LFBF_VN elements per call, rows per element */                                \
    static lf_##F##_t lfbf_va_##F[LFBF_VMAX], lfbf_vb_##F[LFBF_VMAX];                            \
    static void lfbf_##F##_vec_mul_n(void *arg, uint64_t n)                                      \
    {                                                                                            \
        (void)arg;                                                                               \
        while (n--) lf_##F##_vec_mul(lfbf_va_##F, lfbf_va_##F, lfbf_vb_##F, lfbf_sweep_n);      \
    }                                                                                            \
    static void lfbf_##F##_vec_mul(void *arg, uint64_t n)                                        \
    {                                                                                            \
        (void)arg;                                                                               \
        while (n--) lf_##F##_vec_mul(lfbf_va_##F, lfbf_va_##F, lfbf_vb_##F, LFBF_VN);           \
    }                                                                                            \
    static void lfbf_##F##_vec_sqr(void *arg, uint64_t n)                                        \
    {                                                                                            \
        (void)arg;                                                                               \
        while (n--) lf_##F##_vec_sqr(lfbf_va_##F, lfbf_va_##F, LFBF_VN);                         \
    }                                                                                            \
    static void lfbf_##F##_vec_add(void *arg, uint64_t n)                                        \
    {                                                                                            \
        (void)arg;                                                                               \
        while (n--) lf_##F##_vec_add(lfbf_va_##F, lfbf_va_##F, lfbf_vb_##F, LFBF_VN);           \
    }                                                                                            \
    static void lfbf_##F##_inner_product(void *arg, uint64_t n)                                  \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_inner_product(&s->t, lfbf_va_##F, lfbf_vb_##F, LFBF_VN);                    \
            lfbf_va_##F[0] = s->t; /* a dependency from call to call */                          \
        }                                                                                        \
    }                                                                                            \
    static void lfbf_##F##_run(lfb *h, const fdesc *fd)                                          \
    {                                                                                            \
        static const lfb_row_spec tab[] = {                                                           \
            {"mul", lfbf_##F##_mul_lat, LFB_LATENCY, 1},                                         \
            {"mul", lfbf_##F##_mul_tp, LFB_THROUGHPUT, LFB_CHAINS},                              \
            {"sqr", lfbf_##F##_sqr_lat, LFB_LATENCY, 1},                                         \
            {"sqr", lfbf_##F##_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS},                              \
            {"add", lfbf_##F##_add_lat, LFB_LATENCY, 1},                                         \
            {"add", lfbf_##F##_add_tp, LFB_THROUGHPUT, LFB_CHAINS},                              \
            {"sub", lfbf_##F##_sub_lat, LFB_LATENCY, 1},                                         \
            {"sub", lfbf_##F##_sub_tp, LFB_THROUGHPUT, LFB_CHAINS},                              \
            {"vec_mul", lfbf_##F##_vec_mul, LFB_THROUGHPUT, LFBF_VN},                            \
            {"vec_sqr", lfbf_##F##_vec_sqr, LFB_THROUGHPUT, LFBF_VN},                            \
            {"vec_add", lfbf_##F##_vec_add, LFB_THROUGHPUT, LFBF_VN},                            \
            {"inner_product", lfbf_##F##_inner_product, LFB_THROUGHPUT, LFBF_VN},                \
        };                                                                                       \
        static const chain_spec chains[] = {                                                     \
            {"inv", lfbf_##F##_inv_lat, CH_INV},                                                 \
            {"inv_var", lfbf_##F##_inv_var_lat, CH_INV},                                         \
            {"inv_fermat", lfbf_##F##_inv_fermat_lat, CH_INV},                                   \
            {"sqrt", lfbf_##F##_sqrt_lat, CH_SQRT},                                              \
        };                                                                                       \
        lfbf_st_##F *s = &lfbf_state_##F;                                                        \
        for (int i = 0; i < NL; i++) { /* p - 2 from p, big-endian bytes */                      \
            s->pm2[i] = 0;                                                                       \
            for (int j = 7; j >= 0; j--) {                                                       \
                int at = NB - 1 - (8 * i + j);                                                   \
                s->pm2[i] = s->pm2[i] << 8 | (at >= 0 ? fd->p[at] : 0);                          \
            }                                                                                    \
        }                                                                                        \
        for (int i = 0, bw = 2; i < NL; i++) { /* - 2 */                                         \
            uint64_t v_ = s->pm2[i];                                                             \
            s->pm2[i] = v_ - (uint64_t)bw;                                                       \
            bw = v_ < (uint64_t)bw;                                                              \
        }                                                                                        \
        for (int b = 0; b < (int)LF_BACKEND_COUNT; b++) {                                        \
            const char *bn = lf_backend_name((lf_backend)b);                                     \
            if (!bn) continue;                                                                   \
            if (!lf_backend_available((lf_backend)b)) {                                          \
                if (!lfbf_foreign_backend((lf_backend)b))                                        \
                    lfb_note(h, "limbforge back end %s not available on this CPU/build", bn);    \
                continue;                                                                        \
            }                                                                                    \
            if (!lfb_listing(h)) {                                                               \
                if (lf_backend_set(bn) != 0) {                                                   \
                    lfb_note(h, "lf_backend_set(%s) failed", bn);                                \
                    continue;                                                                    \
                }                                                                                \
                int bad = 0;                                                                     \
                for (int j = 0; j < LFB_CHAINS; j++) {                                           \
                    bad |= lf_##F##_from_bytes(&s->a[j], fd->in[0][j]) != 0;                     \
                    bad |= lf_##F##_from_bytes(&s->b[j], fd->in[1][j]) != 0;                     \
                }                                                                                \
                bad |= lf_##F##_from_bytes(&s->y, fd->in[1][0]) != 0;                            \
                for (int j = 0; j < LFBF_VMAX; j++) {                                            \
                    lfbf_va_##F[j] = s->a[j % LFB_CHAINS];                                       \
                    lfbf_vb_##F[j] = s->b[(j / LFB_CHAINS + j) % LFB_CHAINS];                    \
                }                                                                                \
                if (bad) {                                                                       \
                    lfb_note(h, "%s: lf_%s_from_bytes rejected an input < p", #F, #F);          \
                    return;                                                                      \
                }                                                                                \
            }                                                                                    \
            lfb_case base = {.subject = #F, .impl = "limbforge", .backend = bn, .bytes = -1,     \
                             .arg = s, .prepare = lfbf_set_backend, .parg = (void *)bn};         \
            lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);                             \
            run_chain_rows(h, &base, fd, chains, sizeof chains / sizeof chains[0],               \
                           lfbf_##F##_set_x, lfbf_##F##_get_x);                                  \
            for (size_t k = 0; lfbf_sweep_field(#F) && k < LFBF_NSWEEP; k++) {                   \
                lfb_case c = base;                                                               \
                snprintf(lfbf_sweep_subj[k], sizeof lfbf_sweep_subj[k], "n%u", lfbf_sweep_ns[k]);\
                c.subject = lfbf_sweep_subj[k];                                                  \
                lfbf_sweep_n = lfbf_sweep_ns[k];                                                 \
                lfb_row_spec sw = {"vec_mul_" #F, lfbf_##F##_vec_mul_n, LFB_THROUGHPUT,          \
                                   lfbf_sweep_ns[k]};                                            \
                lfb_run_rows(h, &c, &sw, 1);                                                     \
            }                                                                                    \
        }                                                                                        \
    }

LF_FIELDS_FOREACH(LFBF_FIELD)
#undef LFBF_FIELD

typedef struct {
    const char *name;
    int nbytes;
    int (*modulus)(uint8_t *p);
    void (*run)(lfb *h, const fdesc *fd);
} lfbf_field;

static const lfbf_field lf_fields[] = {
#define LFBF_ENTRY(F, NL, NB) {#F, NB, lfbf_##F##_modulus, lfbf_##F##_run},
    LF_FIELDS_FOREACH(LFBF_ENTRY)
#undef LFBF_ENTRY
};
#define NLF_FIELDS (sizeof lf_fields / sizeof lf_fields[0])

#endif /* LFB_HAVE_LIMBFORGE_FIELDS */

/* ------------------------------------------------------------------ */

void suite_field(lfb *h)
{
    static fdesc fields[24];
    int nf = 0;

#if LFB_HAVE_LIMBFORGE_FIELDS
    lfb_version(h, "limbforge", LF_VERSION_STRING);
    const char *initial_backend = lf_backend_name(lf_backend_current());
    for (size_t i = 0; i < NLF_FIELDS && nf < 24; i++) {
        fdesc *f = &fields[nf];
        memset(f, 0, sizeof *f);
        snprintf(f->name, sizeof f->name, "%s", lf_fields[i].name);
        f->nbytes = lf_fields[i].nbytes;
        if (f->nbytes > FMAXB || lf_fields[i].modulus(f->p) != 0) {
            lfb_note(h, "%s: cannot read the modulus back from limbforge; field skipped", f->name);
            continue;
        }
        for (size_t k = 0; k < NKNOWN; k++) {
            if (strcmp(known_fields[k].name, f->name)) continue;
            uint8_t kp[FMAXB];
            if (hex_to_be(known_fields[k].hex, kp, f->nbytes) || be_cmp(kp, f->p, f->nbytes))
                lfb_note(h, "%s: limbforge's modulus differs from lfbench's table; "
                            "anchors use limbforge's", f->name);
        }
        fdesc_finish(h, f);
        nf++;
    }
#else
    lfb_note(h, "limbforge field API (<limbforge/fields.h>) not available at build time: "
                "anchor rows only");
    for (size_t k = 0; k < NKNOWN; k++) {
        fdesc *f = &fields[nf];
        memset(f, 0, sizeof *f);
        snprintf(f->name, sizeof f->name, "%s", known_fields[k].name);
        f->nbytes = ((int)strlen(known_fields[k].hex) + 1) / 2;
        if (hex_to_be(known_fields[k].hex, f->p, f->nbytes)) continue;
        fdesc_finish(h, f);
        nf++;
    }
#endif

    field_anchors_versions(h);

    for (int i = 0; i < nf; i++) {
        const fdesc *fd = &fields[i];
        /* ---- limbforge rows ---- */
#if LFB_HAVE_LIMBFORGE_FIELDS
        for (size_t k = 0; k < NLF_FIELDS; k++)
            if (!strcmp(lf_fields[k].name, fd->name)) lf_fields[k].run(h, fd);
#endif
        /* ---- anchors ---- */
        field_anchors_run(h, fd);
    }
#if LFB_HAVE_LIMBFORGE_FIELDS
    if (initial_backend && lf_backend_set(initial_backend) != 0)
        lfb_note(h, "could not restore limbforge back end %s", initial_backend);
#endif
}
