/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Field test: every public op of every built-in field against GMP.
 *
 * Fields come from LF_FIELDS_FOREACH in <limbforge/fields.h>; each one gets a
 * table of untyped wrappers so the checks below are written once.  Elements
 * are built from canonical values (to_internal / from_bytes) and results read
 * back as canonical values (from_internal / to_bytes); internal limb vectors
 * must also be < p.  Inputs are edge-biased (0, 1, 2, p-1, p-2, (p+-1)/2,
 * all-ones limbs, long bit runs, single bits, ...) plus uniform.
 *
 * Environment:
 *   LIMBFORGE_BACKEND  back end under test (read by the library)
 *   LF_TEST_ITERS      multiplier for the number of cases (default 1; at least
 *                      MIN_ITERS cases per op)
 *   LF_TEST_SEED       PRNG seed (default printed at start)
 *   LF_TEST_FIELDS     optional comma-separated subset of field names
 */
#include <stdio.h> /* before gmp.h, which declares gmp_fprintf only after it */
#include <gmp.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "limbforge/fields.h"
#include "limbforge/limbforge.h"

#include "../common/backend.h"
#include "../common/rng.h"

#define MAXN 16
#define MAXB (8 * MAXN)
#define BUFB (MAXB + 8) /* byte buffers: room to detect overruns */
#define BASE_ITERS 100000
#define MIN_ITERS 100 /* the floor of the cases per op; a field makes >= 5 x this many checks */
#define BATCH_MAX 1100 /* > 1024 reaches the in-place multi-block path */

#include "field_api.h" /* fields[]: an untyped view of every built-in field */

#include "known_primes.h" /* known_primes[]: published p of the built-in fields */

/* ---- PRNG: tests/common/rng.h, one stream per op and field (SEED below) - */
static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

/* ---- per-field context, bookkeeping ------------------------------------ */
enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_NEG, OP_BYTES, OP_BYTES_RANGE, OP_INTERNAL,
       OP_INTERNAL_RANGE, OP_CONST, OP_IS_ZERO, OP_EQ, OP_CMOV, OP_INV, OP_INV_FERMAT,
       OP_INV_VAR, OP_SQRT, OP_POW, OP_BATCH, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
    "mul", "sqr", "add", "sub", "neg", "bytes", "bytes_range", "internal",
    "internal_range", "consts", "is_zero", "eq", "cmov", "inv", "inv=pow(p-2)",
    "inv_var", "sqrt", "pow_var_exp", "batch_inv"};

typedef struct {
    const field_api *f;
    int n, nbytes, bits;
    mpz_t p, pm1, t0, t1, t2;
    mpz_t rinv; /* internal -> canonical factor: R^-1 (Montgomery) or 1 */
    lf_rng g;
    unsigned long checks[OP_COUNT], fails[OP_COUNT];
    int op;
} ctx;

static const char *backend_name;
static unsigned long total_checks, total_fails;

static void print_mpz(const char *label, const mpz_t z)
{
    gmp_fprintf(stderr, "    %s = 0x%Zx\n", label, z);
}

/* Records one check; on failure prints the case (up to 8 per op and field). */
static int expect(ctx *c, int ok, const char *what, int nin, const mpz_t *in,
                  const mpz_t want, const mpz_t got)
{
    c->checks[c->op]++;
    if (ok) return 1;
    if (c->fails[c->op]++ < 8) {
        fprintf(stderr, "FAIL field=%s backend=%s op=%s: %s\n", c->f->name, backend_name,
                op_names[c->op], what);
        for (int i = 0; i < nin; i++) {
            char lab[8];
            snprintf(lab, sizeof lab, "in%d", i);
            print_mpz(lab, in[i]);
        }
        if (want) print_mpz("want", want);
        if (got) print_mpz("got", got);
    }
    return 0;
}

static void limbs_to_mpz(mpz_t z, const uint64_t *l, int n)
{
    mpz_import(z, (size_t)n, -1, sizeof(uint64_t), 0, 0, l);
}
static void mpz_to_limbs(uint64_t *l, int n, const mpz_t z)
{
    size_t cnt = 0;
    memset(l, 0, (size_t)n * 8);
    if (mpz_sizeinbase(z, 2) > (size_t)n * 64) abort();
    mpz_export(l, &cnt, -1, sizeof(uint64_t), 0, 0, z);
}
static void mpz_to_be(uint8_t *out, int nb, const mpz_t z)
{
    uint64_t l[MAXN + 1];
    mpz_to_limbs(l, MAXN + 1, z);
    for (int i = 0; i < nb; i++) out[nb - 1 - i] = (uint8_t)(l[i / 8] >> (8 * (i % 8)));
}
static void be_to_mpz(mpz_t z, const uint8_t *in, int nb) { mpz_import(z, (size_t)nb, 1, 1, 1, 0, in); }

/* random integer of exactly `bits` random bits (may be >= p) */
static void rand_bits(ctx *c, mpz_t z, int bits)
{
    uint64_t l[MAXN + 1] = {0};
    int nl = (bits + 63) / 64;
    lf_rng_limbs(&c->g, l, (size_t)nl);
    if (bits % 64) l[nl - 1] &= (((uint64_t)1) << (bits % 64)) - 1;
    limbs_to_mpz(z, l, nl ? nl : 1);
    if (!nl) mpz_set_ui(z, 0);
}

/* value in [p, 2^bits) (bits > log2 p): p + (random mod (2^bits - p)) */
static void above_p(ctx *c, mpz_t z, int bits)
{
    mpz_set_ui(c->t1, 0);
    mpz_setbit(c->t1, (mp_bitcnt_t)bits);
    mpz_sub(c->t1, c->t1, c->p);
    rand_bits(c, z, bits);
    mpz_mod(z, z, c->t1);
    mpz_add(z, z, c->p);
}

/* Edge-biased value in [0, p). */
static void gen_raw(ctx *c, mpz_t z)
{
    int bits = c->bits;
    uint64_t l[MAXN] = {0};
    switch (lf_rng_below(&c->g, 40)) {
    case 0: mpz_set_ui(z, 0); break;
    case 1: mpz_set_ui(z, 1); break;
    case 2: mpz_set_ui(z, 2); break;
    case 3: mpz_sub_ui(z, c->p, 1); break;
    case 4: mpz_sub_ui(z, c->p, 2); break;
    case 5: mpz_tdiv_q_2exp(z, c->pm1, 1); break;             /* (p-1)/2 */
    case 6: mpz_add_ui(z, c->p, 1); mpz_tdiv_q_2exp(z, z, 1); break; /* (p+1)/2 */
    case 7: mpz_set_ui(z, lf_rng_u64(&c->g) & 0xffff); break;
    case 8: mpz_sub_ui(z, c->pm1, lf_rng_u64(&c->g) & 0xffff); break;
    case 9: mpz_set_ui(z, 0); mpz_setbit(z, lf_rng_below(&c->g, (uint64_t)bits)); break;
    case 10: /* 2^k - 1 */
        mpz_set_ui(z, 0); mpz_setbit(z, 1 + lf_rng_below(&c->g, (uint64_t)bits)); mpz_sub_ui(z, z, 1);
        break;
    case 11: /* 2^k +- small */
        mpz_set_ui(z, 0); mpz_setbit(z, lf_rng_below(&c->g, (uint64_t)bits));
        if (lf_rng_u64(&c->g) & 1) mpz_add_ui(z, z, lf_rng_u64(&c->g) & 0xff);
        else if (mpz_cmp_ui(z, 256) > 0) mpz_sub_ui(z, z, lf_rng_u64(&c->g) & 0xff);
        break;
    case 12: case 13: case 14: /* limbs from {0, 1, ~0, 2^63, 2^63-1, random} */
        for (int i = 0; i < c->n; i++) {
            static const uint64_t pat[5] = {0, 1, ~(uint64_t)0, (uint64_t)1 << 63,
                                            ((uint64_t)1 << 63) - 1};
            uint64_t k = lf_rng_below(&c->g, 7);
            l[i] = k < 5 ? pat[k] : lf_rng_u64(&c->g);
        }
        limbs_to_mpz(z, l, c->n);
        break;
    case 15: case 16: case 17: { /* long runs of equal bits */
        int pos = 0, bit = (int)(lf_rng_u64(&c->g) & 1);
        mpz_set_ui(z, 0);
        while (pos < bits) {
            int len = 1 + (int)lf_rng_below(&c->g, lf_rng_u64(&c->g) & 1 ? 8 : 128);
            for (int i = 0; i < len && pos < bits; i++, pos++)
                if (bit) mpz_setbit(z, (mp_bitcnt_t)pos);
            bit ^= 1;
        }
        break;
    }
    case 18: /* p - 2^k */
        mpz_set_ui(z, 0); mpz_setbit(z, lf_rng_below(&c->g, (uint64_t)bits - 1));
        mpz_sub(z, c->p, z);
        break;
    case 19: /* 2^(64N) mod p and friends */
        mpz_set_ui(z, 0); mpz_setbit(z, (mp_bitcnt_t)(64 * c->n)); mpz_sub_ui(z, z, lf_rng_below(&c->g, 3));
        break;
    default: /* uniform */
        do rand_bits(c, z, bits);
        while (mpz_cmp(z, c->p) >= 0);
        break;
    }
    mpz_mod(z, z, c->p);
}

/* Edge-biased in either domain: a quarter of the values are chosen so that
 * their internal form (Montgomery fields: z*2^(64N) mod p) is the edge value,
 * which is what the kernels see. */
static void gen(ctx *c, mpz_t z)
{
    int internal_edge = lf_rng_below(&c->g, 4) == 0;
    gen_raw(c, z);
    if (internal_edge) {
        mpz_mul(z, z, c->rinv);
        mpz_mod(z, z, c->p);
    }
}

/* Internal form of canonical z (< p), via to_internal or from_bytes. */
static void mk(ctx *c, uint64_t *e, const mpz_t z)
{
    int rc;
    if (lf_rng_u64(&c->g) & 1) {
        uint64_t l[MAXN];
        mpz_to_limbs(l, c->n, z);
        rc = c->f->to_internal(e, l);
    } else {
        uint8_t b[MAXB];
        mpz_to_be(b, c->nbytes, z);
        rc = c->f->from_bytes(e, b);
    }
    if (rc != LF_OK) {
        int op = c->op;
        c->op = OP_INTERNAL;
        expect(c, 0, "building an element: unexpected range error", 0, NULL, z, NULL);
        c->op = op;
    }
}

/* Canonical value of element e; also checks the internal vector is < p. */
static int rd(ctx *c, mpz_t out, const uint64_t *e)
{
    uint64_t l[MAXN];
    limbs_to_mpz(out, e, c->n);
    if (mpz_cmp(out, c->p) >= 0) return 0;
    c->f->from_internal(l, e);
    limbs_to_mpz(out, l, c->n);
    return 1;
}

/* Check element r holds `want`. */
static int check_el(ctx *c, const char *what, const uint64_t *r, const mpz_t want, int nin,
                    const mpz_t *in)
{
    int ok = rd(c, c->t2, r);
    if (!ok) {
        limbs_to_mpz(c->t2, r, c->n);
        return expect(c, 0, "internal result not < p", nin, in, want, c->t2);
    }
    return expect(c, mpz_cmp(c->t2, want) == 0, what, nin, in, want, c->t2);
}

static int same(ctx *c, const uint64_t *a, const uint64_t *b) { return memcmp(a, b, (size_t)c->n * 8) == 0; }

/* ---- op tests ----------------------------------------------------------- */

/* Binary ops with the aliasing patterns r!=a!=b, r==a, r==b, r==a==b, a==b. */
static void test_binary(ctx *c, int op, long iters)
{
    op3_fn fn = op == OP_MUL ? c->f->mul : op == OP_ADD ? c->f->add : c->f->sub;
    mpz_t in[2], want;
    uint64_t a[MAXN], b[MAXN], r[MAXN], a0[MAXN], b0[MAXN];
    mpz_inits(in[0], in[1], want, NULL);
    c->op = op;
    for (long it = 0; it < iters; it++) {
        int v = (int)(it % 5);
        gen(c, in[0]);
        if (v >= 3) mpz_set(in[1], in[0]);
        else gen(c, in[1]);
        mk(c, a, in[0]);
        mk(c, b, in[1]);
        memcpy(a0, a, sizeof a);
        memcpy(b0, b, sizeof b);
        switch (v) {
        case 0: fn(r, a, b); break;
        case 1: memcpy(r, a, sizeof r); fn(r, r, b); break;
        case 2: memcpy(r, b, sizeof r); fn(r, a, r); break;
        case 3: memcpy(r, a, sizeof r); fn(r, r, r); break;
        case 4: fn(r, a, a); break;
        }
        if (op == OP_MUL) mpz_mul(want, in[0], in[1]);
        else if (op == OP_ADD) mpz_add(want, in[0], in[1]);
        else mpz_sub(want, in[0], in[1]);
        mpz_mod(want, want, c->p);
        check_el(c, v == 0 ? "r,a,b distinct" : v == 1 ? "r==a" : v == 2 ? "r==b" : v == 3 ? "r==a==b" : "a==b",
                 r, want, 2, in);
        expect(c, same(c, a, a0) && (v == 3 || v == 4 || same(c, b, b0)), "input modified", 2, in,
               NULL, NULL);
    }
    mpz_clears(in[0], in[1], want, NULL);
}

/* Unary ops sqr, neg, inv, inv_var; r separate and r == a. */
static void test_unary(ctx *c, int op, long iters)
{
    op2_fn fn = op == OP_SQR ? c->f->sqr : op == OP_NEG ? c->f->neg : op == OP_INV ? c->f->inv
                                                                                 : c->f->inv_var;
    mpz_t in, want;
    uint64_t a[MAXN], r[MAXN], a0[MAXN];
    mpz_inits(in, want, NULL);
    c->op = op;
    for (long it = 0; it < iters; it++) {
        int alias = (int)(it & 1);
        gen(c, in);
        mk(c, a, in);
        memcpy(a0, a, sizeof a);
        if (alias) { memcpy(r, a, sizeof r); fn(r, r); }
        else fn(r, a);
        switch (op) {
        case OP_SQR: mpz_mul(want, in, in); mpz_mod(want, want, c->p); break;
        case OP_NEG: mpz_neg(want, in); mpz_mod(want, want, c->p); break;
        default:
            if (mpz_sgn(in) == 0) mpz_set_ui(want, 0);
            else if (!mpz_invert(want, in, c->p)) abort();
        }
        check_el(c, alias ? "r==a" : "r!=a", r, want, 1, &in);
        if (!alias) expect(c, same(c, a, a0), "input modified", 1, &in, NULL, NULL);
    }
    mpz_clears(in, want, NULL);
}

/* inv(a) == pow_var_exp(a, p-2), the Fermat reference. */
static void test_inv_fermat(ctx *c, long iters)
{
    mpz_t in, pm2;
    uint64_t a[MAXN], r1[MAXN], r2[MAXN], e[MAXN];
    mpz_inits(in, pm2, NULL);
    mpz_sub_ui(pm2, c->p, 2);
    mpz_to_limbs(e, c->n, pm2);
    c->op = OP_INV_FERMAT;
    for (long it = 0; it < iters; it++) {
        gen(c, in);
        mk(c, a, in);
        c->f->inv(r1, a);
        c->f->pow(r2, a, e, mpz_sizeinbase(pm2, 2));
        expect(c, same(c, r1, r2), "inv(a) != a^(p-2)", 1, &in, NULL, NULL);
    }
    mpz_clears(in, pm2, NULL);
}

static void test_bytes(ctx *c, long iters)
{
    mpz_t in, got;
    uint8_t b[BUFB], b2[BUFB];
    uint64_t a[MAXN], r[MAXN];
    mpz_inits(in, got, NULL);
    c->op = OP_BYTES;
    for (long it = 0; it < iters; it++) {
        gen(c, in);
        mk(c, a, in);
        c->f->to_bytes(b, a);
        be_to_mpz(got, b, c->nbytes);
        expect(c, mpz_cmp(got, in) == 0, "to_bytes", 1, &in, in, got);
        memset(r, 0xa5, sizeof r);
        mpz_to_be(b2, c->nbytes, in);
        int rc = c->f->from_bytes(r, b2);
        expect(c, rc == LF_OK && same(c, r, a), "from_bytes(to_bytes(a)) != a", 1, &in, NULL, NULL);
        if (it & 1) { /* to_bytes writes exactly LF_BYTES bytes */
            memset(b, 0x5a, sizeof b);
            c->f->to_bytes(b, a);
            expect(c, b[c->nbytes] == 0x5a, "to_bytes wrote past LF_BYTES", 1, &in, NULL, NULL);
        }
    }
    /* values >= p must be rejected, output zeroed */
    c->op = OP_BYTES_RANGE;
    for (long it = 0; it < iters / 4 + 8; it++) {
        switch (it < 8 ? it : (long)lf_rng_below(&c->g, 8)) {
        case 0: mpz_set(in, c->p); break;
        case 1: mpz_add_ui(in, c->p, 1); break;
        case 2: mpz_set_ui(in, 0); mpz_setbit(in, (mp_bitcnt_t)c->bits); mpz_sub_ui(in, in, 1); break;
        case 3: mpz_set_ui(in, 0); mpz_setbit(in, (mp_bitcnt_t)(8 * c->nbytes)); mpz_sub_ui(in, in, 1); break; /* all 0xff */
        case 4: mpz_add_ui(in, c->p, lf_rng_u64(&c->g) & 0xffff); break;
        case 5: mpz_set_ui(in, 0); mpz_setbit(in, (mp_bitcnt_t)(8 * c->nbytes - 1)); break;
        default: /* uniform-ish in [p, 2^(8 nbytes)) */
            above_p(c, in, 8 * c->nbytes);
        }
        if (mpz_cmp(in, c->p) < 0) continue; /* 2^(bits) - 1 may be < p? never, p < 2^bits */
        mpz_to_be(b, c->nbytes, in);
        memset(r, 0xa5, sizeof r);
        int rc = c->f->from_bytes(r, b);
        uint64_t z[MAXN] = {0};
        expect(c, rc == LF_ERR_RANGE, "from_bytes(>= p) did not return LF_ERR_RANGE", 1, &in, NULL, NULL);
        expect(c, same(c, r, z), "from_bytes(>= p) output not zeroed", 1, &in, NULL, NULL);
    }
    /* p - 1 is accepted */
    mpz_sub_ui(in, c->p, 1);
    mpz_to_be(b, c->nbytes, in);
    expect(c, c->f->from_bytes(r, b) == LF_OK, "from_bytes(p-1) rejected", 1, &in, NULL, NULL);
    mpz_clears(in, got, NULL);
}

static void test_internal(ctx *c, long iters)
{
    mpz_t in, got;
    uint64_t l[MAXN], r[MAXN], z[MAXN] = {0};
    mpz_inits(in, got, NULL);
    c->op = OP_INTERNAL;
    for (long it = 0; it < iters; it++) {
        int alias = (int)(it & 1);
        gen(c, in);
        mpz_to_limbs(l, c->n, in);
        int rc;
        if (alias) { memcpy(r, l, sizeof r); rc = c->f->to_internal(r, r); }
        else rc = c->f->to_internal(r, l);
        expect(c, rc == LF_OK, "to_internal(< p) failed", 1, &in, NULL, NULL);
        check_el(c, alias ? "to_internal/from_internal round trip (r==a)" : "to_internal/from_internal round trip",
                 r, in, 1, &in);
        if (alias) { c->f->from_internal(r, r); limbs_to_mpz(got, r, c->n); }
        else { c->f->from_internal(l, r); limbs_to_mpz(got, l, c->n); }
        expect(c, mpz_cmp(got, in) == 0, "from_internal", 1, &in, in, got);
    }
    c->op = OP_INTERNAL_RANGE;
    for (long it = 0; it < iters / 4 + 6; it++) {
        switch (it < 6 ? it : (long)lf_rng_below(&c->g, 6)) {
        case 0: mpz_set(in, c->p); break;
        case 1: mpz_add_ui(in, c->p, 1); break;
        case 2: mpz_set_ui(in, 0); mpz_setbit(in, (mp_bitcnt_t)(64 * c->n)); mpz_sub_ui(in, in, 1); break;
        case 3: mpz_set_ui(in, 0); mpz_setbit(in, (mp_bitcnt_t)(64 * c->n - 1)); break;
        default:
            above_p(c, in, 64 * c->n);
        }
        if (mpz_cmp(in, c->p) < 0) continue;
        mpz_to_limbs(l, c->n, in);
        memset(r, 0xa5, sizeof r);
        int rc = c->f->to_internal(r, l);
        expect(c, rc == LF_ERR_RANGE && same(c, r, z), "to_internal(>= p): not LF_ERR_RANGE + zero", 1,
               &in, NULL, NULL);
    }
    mpz_clears(in, got, NULL);
}

static void test_consts(ctx *c)
{
    uint64_t r[MAXN];
    mpz_t w;
    mpz_init(w);
    c->op = OP_CONST;
    memset(r, 0xa5, sizeof r);
    c->f->set_zero(r);
    mpz_set_ui(w, 0);
    check_el(c, "set_zero", r, w, 0, NULL);
    expect(c, c->f->is_zero(r) == 1, "is_zero(set_zero)", 0, NULL, NULL, NULL);
    c->f->set_one(r);
    mpz_set_ui(w, 1);
    check_el(c, "set_one", r, w, 0, NULL);
    expect(c, c->f->is_zero(r) == 0, "is_zero(set_one)", 0, NULL, NULL, NULL);
    mpz_clear(w);
}

static void test_pred(ctx *c, long iters)
{
    mpz_t in[2];
    uint64_t a[MAXN], b[MAXN], r[MAXN];
    mpz_inits(in[0], in[1], NULL);
    for (long it = 0; it < iters; it++) {
        gen(c, in[0]);
        switch (lf_rng_below(&c->g, 4)) {
        case 0: mpz_set(in[1], in[0]); break;
        case 1: mpz_add_ui(in[1], in[0], 1); mpz_mod(in[1], in[1], c->p); break;
        case 2: mpz_combit(in[1], lf_rng_below(&c->g, (uint64_t)c->bits)); mpz_mod(in[1], in[1], c->p); break;
        default: gen(c, in[1]);
        }
        mk(c, a, in[0]);
        mk(c, b, in[1]);
        c->op = OP_IS_ZERO;
        expect(c, c->f->is_zero(a) == (mpz_sgn(in[0]) == 0), "is_zero", 1, in, NULL, NULL);
        c->op = OP_EQ;
        expect(c, c->f->eq(a, b) == (mpz_cmp(in[0], in[1]) == 0), "eq(a,b)", 2, in, NULL, NULL);
        expect(c, c->f->eq(a, a) == 1, "eq(a,a)", 1, in, NULL, NULL);
        c->op = OP_CMOV;
        int flag = (int)(lf_rng_u64(&c->g) & 1);
        memcpy(r, b, sizeof r);
        c->f->cmov(r, a, flag);
        check_el(c, flag ? "cmov flag=1" : "cmov flag=0", r, flag ? in[0] : in[1], 2, in);
        memcpy(r, a, sizeof r);
        c->f->cmov(r, r, flag); /* r == a */
        check_el(c, "cmov r==a", r, in[0], 1, in);
    }
    mpz_clears(in[0], in[1], NULL);
}

static void test_sqrt(ctx *c, long iters)
{
    mpz_t in, x, got;
    uint64_t a[MAXN], r[MAXN], z[MAXN] = {0};
    mpz_inits(in, x, got, NULL);
    c->op = OP_SQRT;
    for (long it = 0; it < iters; it++) {
        int alias = (int)(it & 1);
        gen(c, in);
        if (it & 2) { mpz_mul(in, in, in); mpz_mod(in, in, c->p); } /* half are squares */
        int leg = mpz_legendre(in, c->p);
        mk(c, a, in);
        memset(r, 0xa5, sizeof r);
        int ok;
        if (alias) { memcpy(r, a, sizeof r); ok = c->f->sqrt(r, r); }
        else ok = c->f->sqrt(r, a);
        if (leg >= 0) {
            if (!expect(c, ok == 1, "square reported as non-square", 1, &in, NULL, NULL)) continue;
            if (!rd(c, got, r)) { expect(c, 0, "root not < p", 1, &in, NULL, NULL); continue; }
            mpz_mul(x, got, got);
            mpz_mod(x, x, c->p);
            expect(c, mpz_cmp(x, in) == 0, "root^2 != a", 1, &in, in, x);
        } else {
            expect(c, ok == 0, "non-square reported as square", 1, &in, NULL, NULL);
            expect(c, same(c, r, z), "non-square: output not zeroed", 1, &in, NULL, NULL);
        }
    }
    mpz_clears(in, x, got, NULL);
}

static void test_pow(ctx *c, long iters)
{
    mpz_t in[2], want;
    uint64_t a[MAXN], r[MAXN], e[MAXN + 2];
    mpz_inits(in[0], in[1], want, NULL);
    c->op = OP_POW;
    for (long it = 0; it < iters; it++) {
        static const int fixed[] = {0, 1, 2, 3, 4, 5, 63, 64, 65, 128};
        int eb = it < 10 ? fixed[it] : (int)lf_rng_below(&c->g, (uint64_t)c->bits + 64);
        gen(c, in[0]);
        if (lf_rng_u64(&c->g) & 1) {
            rand_bits(c, in[1], eb);
        } else { /* exponent with many ones / edge values */
            mpz_set_ui(in[1], 0);
            if (eb) {
                mpz_setbit(in[1], (mp_bitcnt_t)eb);
                mpz_sub_ui(in[1], in[1], 1 + (lf_rng_u64(&c->g) & 1));
            }
        }
        if (it == 10) mpz_sub_ui(in[1], c->p, 1);
        size_t ebits = mpz_sgn(in[1]) ? mpz_sizeinbase(in[1], 2) : 0;
        if (lf_rng_u64(&c->g) & 1) ebits += lf_rng_below(&c->g, 3); /* leading zero bits are fine */
        memset(e, 0, sizeof e);
        mpz_export(e, NULL, -1, 8, 0, 0, in[1]);
        mk(c, a, in[0]);
        if (it & 1) { memcpy(r, a, sizeof r); c->f->pow(r, r, e, ebits); }
        else c->f->pow(r, a, e, ebits);
        mpz_powm(want, in[0], in[1], c->p);
        check_el(c, it & 1 ? "pow r==a" : "pow", r, want, 2, in);
    }
    mpz_clears(in[0], in[1], want, NULL);
}

static void test_batch(ctx *c, long iters)
{
    static const size_t sizes[] = {0, 1, 2, 7, 64, 3, 33};
    uint64_t *a = calloc(BATCH_MAX * (size_t)c->n, 8), *r = calloc(BATCH_MAX * (size_t)c->n, 8),
             *a0 = calloc(BATCH_MAX * (size_t)c->n, 8);
    mpz_t *v = malloc(BATCH_MAX * sizeof(mpz_t)), want;
    if (!a || !r || !a0 || !v) abort();
    for (size_t i = 0; i < BATCH_MAX; i++) mpz_init(v[i]);
    mpz_init(want);
    c->op = OP_BATCH;
    for (long it = 0; it < iters; it++) {
        /* first cases: around the in-place block size (1024) */
        static const size_t big_n[4] = {BATCH_MAX, 1025, 1024, BATCH_MAX};
        size_t n = it < 4 ? big_n[it] : sizes[(size_t)it % (sizeof sizes / sizeof sizes[0])];
        int alias = it < 4 ? it > 0 : (int)(it & 1) ^ (int)((it >> 3) & 1);
        int zmode = (int)lf_rng_below(&c->g, 4); /* 0: no zeros, 1: some, 2: many, 3: all */
        for (size_t i = 0; i < n; i++) {
            int zero = zmode == 3 || (zmode == 1 && lf_rng_below(&c->g, 8) == 0) ||
                       (zmode == 2 && lf_rng_below(&c->g, 2) == 0);
            if (zero) mpz_set_ui(v[i], 0);
            else gen(c, v[i]);
            mk(c, a + i * (size_t)c->n, v[i]);
        }
        memcpy(a0, a, n * (size_t)c->n * 8);
        memset(r, 0xa5, BATCH_MAX * (size_t)c->n * 8);
        uint64_t *out = alias ? a : r;
        c->f->batch_inv(out, a, n);
        int bad = 0;
        for (size_t i = 0; i < n && !bad; i++) {
            if (mpz_sgn(v[i]) == 0) mpz_set_ui(want, 0);
            else mpz_invert(want, v[i], c->p);
            char what[64];
            snprintf(what, sizeof what, "%s n=%zu element %zu", alias ? "in place" : "separate", n, i);
            bad = !check_el(c, what, out + i * (size_t)c->n, want, 1, &v[i]);
        }
        if (!alias) expect(c, memcmp(a, a0, n * (size_t)c->n * 8) == 0, "input modified", 0, NULL, NULL, NULL);
        /* nothing written past n elements */
        if (!alias && n < BATCH_MAX)
            expect(c, r[n * (size_t)c->n] == 0xa5a5a5a5a5a5a5a5ULL, "wrote past n", 0, NULL, NULL, NULL);
    }
    for (size_t i = 0; i < BATCH_MAX; i++) mpz_clear(v[i]);
    mpz_clear(want);
    free(v); free(a); free(r); free(a0);
}

/* ---- driver ------------------------------------------------------------- */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int field_selected(const char *name)
{
    const char *sel = getenv("LF_TEST_FIELDS");
    if (!sel || !*sel) return 1;
    size_t len = strlen(name);
    for (const char *s = sel; *s;) {
        const char *e = strchr(s, ',');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l == len && strncmp(s, name, len) == 0) return 1;
        if (!e) break;
        s = e + 1;
    }
    return 0;
}

/* p from the API: from_internal(-1) + 1 */
static void api_prime(ctx *c, mpz_t out)
{
    uint64_t one[MAXN], m1[MAXN], l[MAXN];
    c->f->set_one(one);
    c->f->neg(m1, one);
    c->f->from_internal(l, m1);
    limbs_to_mpz(out, l, c->n);
    mpz_add_ui(out, out, 1);
}

static int run_field(const field_api *f, uint64_t seed, long it)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.f = f;
    c.n = f->n;
    c.nbytes = f->nbytes;
    mpz_inits(c.p, c.pm1, c.t0, c.t1, c.t2, NULL);
    const char *hex = NULL;
    for (size_t i = 0; i < sizeof known_primes / sizeof known_primes[0]; i++)
        if (strcmp(known_primes[i].name, f->name) == 0) hex = known_primes[i].hex;
    api_prime(&c, c.t0);
    if (hex) {
        mpz_set_str(c.p, hex, 16);
        if (mpz_cmp(c.p, c.t0) != 0) {
            gmp_fprintf(stderr, "FAIL field=%s: -1 + 1 from the API is 0x%Zx, expected p = 0x%Zx\n",
                        f->name, c.t0, c.p);
            total_fails++;
        }
    } else {
        mpz_set(c.p, c.t0);
    }
    c.bits = (int)mpz_sizeinbase(c.p, 2);
    if (!mpz_probab_prime_p(c.p, 30) || (c.bits + 7) / 8 != c.nbytes || (c.bits + 63) / 64 != c.n) {
        gmp_fprintf(stderr, "FAIL field=%s: p = 0x%Zx is not a prime of the declared size\n", f->name, c.p);
        total_fails++;
        mpz_clears(c.p, c.pm1, c.t0, c.t1, c.t2, NULL);
        return 1;
    }
    mpz_sub_ui(c.pm1, c.p, 1);

    /* Which internal form?  set_one's limbs are 1 (plain) or 2^(64N) mod p. */
    const char *form;
    {
        uint64_t one[MAXN];
        f->set_one(one);
        limbs_to_mpz(c.t0, one, c.n);
        mpz_set_ui(c.t1, 0);
        mpz_setbit(c.t1, (mp_bitcnt_t)(64 * c.n));
        mpz_mod(c.t1, c.t1, c.p);
        mpz_init(c.rinv);
        if (mpz_cmp_ui(c.t0, 1) == 0) {
            mpz_set_ui(c.rinv, 1);
            form = "plain";
        } else if (mpz_cmp(c.t0, c.t1) == 0) {
            mpz_invert(c.rinv, c.t1, c.p);
            form = "Montgomery";
        } else {
            gmp_fprintf(stderr, "FAIL field=%s: set_one limbs 0x%Zx are neither 1 nor 2^(64N) mod p\n",
                        f->name, c.t0);
            total_fails++;
            mpz_set_ui(c.rinv, 1);
            form = "unknown";
        }
    }

    /* Costly ops (pow-based: sqrt, Fermat, pow; and inversions) scale with
     * bits^2..bits^3: above 512 bits they run 1/4 as many cases. */
    long heavy = c.bits > 512 ? it / 4 : it;
    if (heavy < 1) heavy = 1;
    long nbatch = it / 50 > 8 ? it / 50 : 8;
    printf("field %-12s N=%-2d bits=%-4d %s, p %s; %ld cases/op, inv/inv_var/sqrt %ld%s, "
           "Fermat/pow %ld, batches %ld\n", f->name, c.n, c.bits, form,
           hex ? "matches reference" : "from API (no reference entry)", it, heavy,
           heavy != it ? " (reduced: > 512 bits)" : "", heavy / 10 > 10 ? heavy / 10 : 11, nbatch);
    fflush(stdout);
    double t0 = now();
    uint64_t fseed = seed ^ str_hash(f->name);
#define SEED(op) lf_rng_seed(&c.g, fseed ^ (0x100000001b3ULL * (uint64_t)((op) + 1)))
    SEED(OP_CONST); test_consts(&c);
    SEED(OP_MUL); test_binary(&c, OP_MUL, it);
    SEED(OP_ADD); test_binary(&c, OP_ADD, it);
    SEED(OP_SUB); test_binary(&c, OP_SUB, it);
    SEED(OP_SQR); test_unary(&c, OP_SQR, it);
    SEED(OP_NEG); test_unary(&c, OP_NEG, it);
    SEED(OP_BYTES); test_bytes(&c, it);
    SEED(OP_INTERNAL); test_internal(&c, it);
    SEED(OP_EQ); test_pred(&c, it);
    SEED(OP_INV); test_unary(&c, OP_INV, heavy);
    SEED(OP_INV_VAR); test_unary(&c, OP_INV_VAR, heavy);
    SEED(OP_INV_FERMAT); test_inv_fermat(&c, heavy / 10 > 10 ? heavy / 10 : 11);
    SEED(OP_SQRT); test_sqrt(&c, heavy);
    SEED(OP_POW); test_pow(&c, heavy / 10 > 10 ? heavy / 10 : 11);
    SEED(OP_BATCH); test_batch(&c, nbatch);
#undef SEED
    unsigned long ch = 0, fl = 0;
    printf("  ");
    for (int op = 0; op < OP_COUNT; op++) {
        printf("%s%s=%lu%s", op ? " " : "", op_names[op], c.checks[op], c.fails[op] ? "(FAILED)" : "");
        ch += c.checks[op];
        fl += c.fails[op];
    }
    printf("\n  %s: %lu checks, %lu failures, %.1f s\n", f->name, ch, fl, now() - t0);
    fflush(stdout);
    total_checks += ch;
    total_fails += fl;
    mpz_clears(c.p, c.pm1, c.t0, c.t1, c.t2, c.rinv, NULL);
    return fl != 0;
}

int main(void)
{
    lf_test_backend_or_skip("test_field"); /* 77 if the CPU cannot run it */
    uint64_t seed = lf_test_seed(0x6c696d62666f7267ULL);
    double mult = lf_test_scale();
    long it = lf_test_iters(BASE_ITERS, MIN_ITERS);
    backend_name = lf_backend_name(lf_backend_current());
    printf("test_field: backend=%s seed=0x%016" PRIx64 " (LF_TEST_SEED) iters x%g (LF_TEST_ITERS), %zu fields\n",
           backend_name, seed, mult, (size_t)NFIELDS);
    int failed_fields = 0, ran = 0;
    double t0 = now();
    for (size_t i = 0; i < NFIELDS; i++) {
        if (!field_selected(fields[i].name)) continue;
        ran++;
        failed_fields += run_field(&fields[i], seed, it);
    }
    printf("test_field: backend=%s: %d fields, %lu checks, %lu failures (%d fields failed), %.1f s\n",
           backend_name, ran, total_checks, total_fails, failed_fields, now() - t0);
    return lf_test_report("test_field", (long)total_checks, (long)total_fails, 5L * MIN_ITERS * (ran ? ran : 1));
}
