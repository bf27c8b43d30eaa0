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
 *   inv      x = 1/x + y       constant-time inversion + one field add (latency)
 *   inv_var  x = 1/x + y       variable-time inversion + one field add (latency)
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
        for (int j = 0; j < LFB_CHAINS; j++) {
            /* in[0][0] and in[1][0] are the chain rows' x0 and y: not zero */
            do rand_below(h, f->in[w][j], f->p, f->nbytes);
            while (j == 0 && be_bits(f->in[w][j], f->nbytes) == 0);
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
/* Chain rows (inv, inv_var, sqrt): see the comment at the top.         */

enum { CH_INV, CH_SQRT };
#define CHAIN_CHECK 16 /* steps checked against mpz before a chain row is timed */

/* 0 if `got` (big-endian, nbytes) is, for chain `op`, the value after
 * CHAIN_CHECK steps from x0 = in[0][0] with y = in[1][0]:
 *   CH_INV:  x <- 1/x + y, exactly;
 *   CH_SQRT: x <- sqrt((x y)^2), up to sign: got^2 = (x0 y^CHAIN_CHECK)^2.
 * Also checks got < p.  Without GMP there is no reference: returns 0. */
static int chain_verify(const fdesc *fd, int op, const uint8_t *got)
{
#if LFB_HAVE_GMP
    mpz_t x, y, p, g;
    int bad = 0;
    mpz_inits(x, y, p, g, NULL);
    mpz_import(x, (size_t)fd->nbytes, 1, 1, 0, 0, fd->in[0][0]);
    mpz_import(y, (size_t)fd->nbytes, 1, 1, 0, 0, fd->in[1][0]);
    mpz_import(p, (size_t)fd->nbytes, 1, 1, 0, 0, fd->p);
    mpz_import(g, (size_t)fd->nbytes, 1, 1, 0, 0, got);
    bad |= mpz_cmp(g, p) >= 0;
    if (op == CH_INV) {
        for (int k = 0; k < CHAIN_CHECK; k++) {
            bad |= !mpz_invert(x, x, p); /* never 0 in practice; a 0 would be reported */
            mpz_add(x, x, y);
            mpz_mod(x, x, p);
        }
    } else {
        mpz_powm_ui(y, y, CHAIN_CHECK, p);
        mpz_mul(x, x, y);
        mpz_mul(x, x, x);
        mpz_mod(x, x, p);
        mpz_mul(g, g, g);
        mpz_mod(g, g, p);
    }
    bad |= mpz_cmp(g, x) != 0;
    mpz_clears(x, y, p, g, NULL);
    return bad;
#else
    (void)fd, (void)op, (void)got;
    return 0;
#endif
}

/* One chain row while it is being set up (lfb_case.prepare/.parg). */
typedef struct {
    const fdesc *fd;
    int op; /* CH_INV or CH_SQRT */
    lfb_body body;
    void *arg;
    void (*set)(void *arg, const uint8_t *be); /* chain value = be (< p) */
    void (*get)(void *arg, uint8_t *be);       /* be = chain value */
    int (*select)(void *parg);                 /* the row's own prepare (limbforge: back end) */
    void *sparg;
} chain_row;

static lfb *chain_h; /* for notes from chain_prepare */

static int chain_prepare(void *parg)
{
    const chain_row *c = parg;
    uint8_t got[FMAXB];
    if (c->select && c->select(c->sparg)) return 1;
    c->set(c->arg, c->fd->in[0][0]);
    c->body(c->arg, CHAIN_CHECK);
    c->get(c->arg, got);
    c->set(c->arg, c->fd->in[0][0]); /* timing starts from x0 */
    if (chain_verify(c->fd, c->op, got)) {
        lfb_note(chain_h, "%s: chain check against mpz failed (%s chain)", c->fd->name,
                 c->op == CH_INV ? "x = 1/x + y" : "x = sqrt((x y)^2)");
        return 1;
    }
    return 0;
}

typedef struct {
    const char *op;
    lfb_body body;
    int chain; /* CH_INV or CH_SQRT */
} chain_spec;

/* lfb_run() for each chain row (latency), other fields from *base; the
 * row's prepare is chain_prepare, which calls base->prepare first. */
static void run_chain_rows(lfb *h, const lfb_case *base, const fdesc *fd, const chain_spec *rows,
                           size_t n, void (*set)(void *, const uint8_t *),
                           void (*get)(void *, uint8_t *))
{
    chain_h = h;
    for (size_t k = 0; k < n; k++) {
        chain_row cr = {fd, rows[k].chain, rows[k].body, base->arg, set, get, base->prepare, base->parg};
        lfb_case c = *base;
        c.op = rows[k].op;
        c.body = rows[k].body;
        c.kind = LFB_LATENCY;
        c.ops = 1;
        c.prepare = chain_prepare;
        c.parg = &cr;
        lfb_run(h, &c);
    }
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
        lf_##F##_t a[LFB_CHAINS], b[LFB_CHAINS], t, x, y; /* x, y: chain rows */                 \
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
        };                                                                                       \
        static const chain_spec chains[] = {                                                     \
            {"inv", lfbf_##F##_inv_lat, CH_INV},                                                 \
            {"inv_var", lfbf_##F##_inv_var_lat, CH_INV},                                         \
            {"sqrt", lfbf_##F##_sqrt_lat, CH_SQRT},                                              \
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
                bad |= lf_##F##_from_bytes(&s->y, fd->in[1][0]) != 0;                            \
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
