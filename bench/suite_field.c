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
 *   inv      a = 1/a           constant-time inversion (latency)
 *   inv_var  a = 1/a           variable-time inversion (latency)
 *   sqrt     a = sqrt(a^2)     one squaring + square root (latency)
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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#if defined(__has_include)
#if __has_include(<limbforge/fields.h>)
#include <limbforge/fields.h>
#include <limbforge/limbforge.h>
#ifdef LF_FIELDS_FOREACH
#define LFB_HAVE_LIMBFORGE_FIELDS 1
#endif
#endif
#endif

#if LFB_HAVE_GMP
#include <gmp.h>
#endif
#if LFB_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/crypto.h>
#endif

#define FMAXL 16           /* largest field: 1024 bits */
#define FMAXB (FMAXL * 8)

typedef struct {
    char name[32];
    int nbytes, nlimbs, bits;
    uint8_t p[FMAXB];                     /* modulus, big-endian, nbytes */
    uint8_t in[2][LFB_CHAINS][FMAXB];     /* inputs a, b: uniform below p, big-endian */
} fdesc;

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

/* big-endian bytes -> little-endian 64-bit limbs (nlimbs) */
__attribute__((unused)) static void be_to_limbs(uint64_t *l, int nlimbs, const uint8_t *be, int nbytes)
{
    memset(l, 0, sizeof(uint64_t) * (size_t)nlimbs);
    for (int i = 0; i < nbytes; i++) {
        int pos = nbytes - 1 - i; /* byte significance */
        if (pos / 8 < nlimbs) l[pos / 8] |= (uint64_t)be[i] << (8 * (pos % 8));
    }
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
        for (int j = 0; j < LFB_CHAINS; j++) rand_below(h, f->in[w][j], f->p, f->nbytes);
}

/* ------------------------------------------------------------------ */
/* limbforge                                                            */

#if LFB_HAVE_LIMBFORGE_FIELDS

static int lfbf_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

/* Per field F: state, measured loops, p read back from the library, and a
 * runner that loops over back ends and ops. */
#define LFBF_FIELD(F, NL, NB)                                                                    \
    typedef struct {                                                                             \
        lf_##F##_t a[LFB_CHAINS], b[LFB_CHAINS], t;                                              \
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
    static void lfbf_##F##_inv_lat(void *arg, uint64_t n)                                        \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_inv(&s->a[0], &s->a[0]);                                            \
    }                                                                                            \
    static void lfbf_##F##_inv_var_lat(void *arg, uint64_t n)                                    \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) lf_##F##_inv_var(&s->a[0], &s->a[0]);                                        \
    }                                                                                            \
    static void lfbf_##F##_sqrt_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        lfbf_st_##F *s = arg;                                                                    \
        while (n--) {                                                                            \
            lf_##F##_sqr(&s->t, &s->a[0]);                                                       \
            int ok_ = lf_##F##_sqrt(&s->a[0], &s->t);                                            \
            lfb_keep(&ok_);                                                                      \
        }                                                                                        \
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
            {"inv", lfbf_##F##_inv_lat, LFB_LATENCY, 1},                                         \
            {"inv_var", lfbf_##F##_inv_var_lat, LFB_LATENCY, 1},                                 \
            {"sqrt", lfbf_##F##_sqrt_lat, LFB_LATENCY, 1},                                       \
        };                                                                                       \
        lfbf_st_##F *s = &lfbf_state_##F;                                                        \
        for (int b = 0; b < (int)LF_BACKEND_COUNT; b++) {                                        \
            const char *bn = lf_backend_name((lf_backend)b);                                     \
            if (!bn) continue;                                                                   \
            if (!lf_backend_available((lf_backend)b)) {                                          \
                lfb_note(h, "limbforge back end %s not available on this CPU/build", bn);        \
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
                if (bad) {                                                                       \
                    lfb_note(h, "%s: lf_%s_from_bytes rejected an input < p", #F, #F);          \
                    return;                                                                      \
                }                                                                                \
            }                                                                                    \
            lfb_case base = {.subject = #F, .impl = "limbforge", .backend = bn, .bytes = -1,     \
                             .arg = s, .prepare = lfbf_set_backend, .parg = (void *)bn};         \
            lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);                             \
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
void blst_fr_mul(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_sqr(blst_fr *r, const blst_fr *a);
void blst_fr_add(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_sub(blst_fr *r, const blst_fr *a, const blst_fr *b);
void blst_fr_inverse(blst_fr *r, const blst_fr *a);
void blst_fr_from_uint64(blst_fr *r, const uint64_t a[4]);

#define BLSTF_BODIES(T, P)                                                                       \
    typedef struct { T a[LFB_CHAINS], b[LFB_CHAINS], t; } blstf_st_##T;                          \
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
    static void blstf_##T##_inv_lat(void *arg, uint64_t n)                                       \
    {                                                                                            \
        blstf_st_##T *s = arg;                                                                   \
        while (n--) P##_inverse(&s->a[0], &s->a[0]);                                             \
    }

BLSTF_BODIES(blst_fp, blst_fp)
BLSTF_BODIES(blst_fr, blst_fr)

static void blstf_fp_sqrt_lat(void *arg, uint64_t n)
{
    blstf_st_blst_fp *s = arg;
    while (n--) {
        blst_fp_sqr(&s->t, &s->a[0]);
        _Bool ok = blst_fp_sqrt(&s->a[0], &s->t);
        lfb_keep(&ok);
    }
}

static void run_blst(lfb *h, const fdesc *fd)
{
    int is_p = !strcmp(fd->name, "bls12_381_p"), is_r = !strcmp(fd->name, "bls12_381_r");
    if (!is_p && !is_r) return;
    lfb_row_spec tab[9];
    size_t nt = 0;
    void *arg;
#define BLST_TAB(T)                                                                              \
    tab[nt++] = (lfb_row_spec){"mul", blstf_##T##_mul_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"mul", blstf_##T##_mul_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"sqr", blstf_##T##_sqr_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"sqr", blstf_##T##_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"add", blstf_##T##_add_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"add", blstf_##T##_add_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"sub", blstf_##T##_sub_lat, LFB_LATENCY, 1};                \
    tab[nt++] = (lfb_row_spec){"sub", blstf_##T##_sub_tp, LFB_THROUGHPUT, LFB_CHAINS};     \
    tab[nt++] = (lfb_row_spec){"inv", blstf_##T##_inv_lat, LFB_LATENCY, 1};
    if (is_p) {
        blstf_st_blst_fp *s = &blstf_state_blst_fp;
        for (int j = 0; j < LFB_CHAINS; j++) {
            uint64_t l[6];
            be_to_limbs(l, 6, fd->in[0][j], fd->nbytes);
            blst_fp_from_uint64(&s->a[j], l);
            be_to_limbs(l, 6, fd->in[1][j], fd->nbytes);
            blst_fp_from_uint64(&s->b[j], l);
        }
        arg = s;
        BLST_TAB(blst_fp)
    } else {
        blstf_st_blst_fr *s = &blstf_state_blst_fr;
        for (int j = 0; j < LFB_CHAINS; j++) {
            uint64_t l[4];
            be_to_limbs(l, 4, fd->in[0][j], fd->nbytes);
            blst_fr_from_uint64(&s->a[j], l);
            be_to_limbs(l, 4, fd->in[1][j], fd->nbytes);
            blst_fr_from_uint64(&s->b[j], l);
        }
        arg = s;
        BLST_TAB(blst_fr)
    }
#undef BLST_TAB
    lfb_case base = {.subject = fd->name, .impl = "blst", .bytes = -1, .arg = arg};
    lfb_run_rows(h, &base, tab, nt);
    if (is_p) {
        lfb_case c = {.op = "sqrt", .subject = fd->name, .impl = "blst", .kind = LFB_LATENCY,
                      .bytes = -1, .body = blstf_fp_sqrt_lat, .arg = &blstf_state_blst_fp};
        lfb_run(h, &c);
    }
}
#endif /* LFB_HAVE_BLST */

/* ------------------------------------------------------------------ */
/* GMP: Montgomery arithmetic assembled from mpn primitives             */

#if LFB_HAVE_GMP
typedef struct {
    int n;
    mp_limb_t p[FMAXL];
    mp_limb_t pinv; /* -p^-1 mod 2^64 */
    mp_limb_t a[LFB_CHAINS][FMAXL], b[LFB_CHAINS][FMAXL];
    mp_limb_t t[2 * FMAXL], u[FMAXL];
    mp_limb_t *scratch; /* mpn_sec_invert */
    mp_bitcnt_t invbits;
    mpz_t za, zp;
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
static void gmpf_inv_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) {
        mpn_copyi(s->u, s->a[0], s->n); /* mpn_sec_invert clobbers its input */
        int ok = mpn_sec_invert(s->a[0], s->u, s->p, s->n, s->invbits, s->scratch);
        lfb_keep(&ok);
    }
}
static void gmpf_inv_var_lat(void *arg, uint64_t n)
{
    gmpf_st *s = arg;
    while (n--) {
        int ok = mpz_invert(s->za, s->za, s->zp);
        lfb_keep(&ok);
    }
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
    s->scratch = malloc(sizeof(mp_limb_t) * (size_t)mpn_sec_invert_itch(n));
    mpz_init(s->za);
    mpz_init(s->zp);
    mpz_import(s->za, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, s->a[0]);
    mpz_import(s->zp, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, s->p);
    if (!s->scratch) {
        lfb_note(h, "gmp: out of memory");
        return;
    }
    static const lfb_row_spec tab[] = {
        {"mul", gmpf_mul_lat, LFB_LATENCY, 1},     {"mul", gmpf_mul_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sqr", gmpf_sqr_lat, LFB_LATENCY, 1},     {"sqr", gmpf_sqr_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"add", gmpf_add_lat, LFB_LATENCY, 1},     {"add", gmpf_add_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"sub", gmpf_sub_lat, LFB_LATENCY, 1},     {"sub", gmpf_sub_tp, LFB_THROUGHPUT, LFB_CHAINS},
        {"inv", gmpf_inv_lat, LFB_LATENCY, 1},     {"inv_var", gmpf_inv_var_lat, LFB_LATENCY, 1},
    };
    lfb_case base = {.subject = fd->name, .impl = "gmp", .bytes = -1, .arg = s};
    lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    free(s->scratch);
    s->scratch = NULL;
    mpz_clear(s->za);
    mpz_clear(s->zp);
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
    BN_MONT_CTX *mont;
    BN_CTX *ctx;
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
static void osslf_inv_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) {
        BIGNUM *x;
        BN_set_flags(s->a[0], BN_FLG_CONSTTIME);
        x = BN_mod_inverse(s->t, s->a[0], s->pct, s->ctx);
        BN_swap(s->t, s->a[0]);
        lfb_keep(x);
    }
}
static void osslf_inv_var_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) {
        BIGNUM *x = BN_mod_inverse(s->t, s->a[0], s->p, s->ctx);
        BN_swap(s->t, s->a[0]);
        lfb_keep(x);
    }
}
static void osslf_sqrt_lat(void *arg, uint64_t n)
{
    osslf_st *s = arg;
    while (n--) {
        BN_mod_sqr(s->t, s->a[0], s->p, s->ctx);
        BIGNUM *x = BN_mod_sqrt(s->a[0], s->t, s->p, s->ctx);
        lfb_keep(x);
    }
}

static void osslf_free(osslf_st *s)
{
    BN_free(s->p);
    BN_free(s->pct);
    BN_free(s->t);
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
    ok = s->ctx && s->mont && s->p && s->pct && s->t && BN_MONT_CTX_set(s->mont, s->p, s->ctx);
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
        {"inv", osslf_inv_lat, LFB_LATENCY, 1},   {"inv_var", osslf_inv_var_lat, LFB_LATENCY, 1},
        {"sqrt", osslf_sqrt_lat, LFB_LATENCY, 1},
    };
    lfb_case base = {.subject = fd->name, .impl = "openssl", .bytes = -1, .arg = s};
    lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    osslf_free(s);
}
#endif /* LFB_HAVE_OPENSSL */

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

#if LFB_HAVE_BLST
    lfb_version(h, "blst", LFB_BLST_VERSION);
#else
    lfb_note(h, "blst anchor not built (%s)", LFB_RUST_ANCHORS_NOTE);
#endif
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

    for (int i = 0; i < nf; i++) {
        const fdesc *fd = &fields[i];
        /* ---- limbforge rows ---- */
#if LFB_HAVE_LIMBFORGE_FIELDS
        for (size_t k = 0; k < NLF_FIELDS; k++)
            if (!strcmp(lf_fields[k].name, fd->name)) lf_fields[k].run(h, fd);
#endif
        /* ---- anchors ---- */
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
#if LFB_HAVE_LIMBFORGE_FIELDS
    if (initial_backend && lf_backend_set(initial_backend) != 0)
        lfb_note(h, "could not restore limbforge back end %s", initial_backend);
#endif
}
