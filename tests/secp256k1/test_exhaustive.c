/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Exhaustive test of the secp256k1 group law (src/secp256k1/group.c) on a
 * small curve of the same shape, as libsecp256k1's exhaustive tests do.
 *
 * What: group.c touches field elements only through the kernel table
 * (k->mul/sqr/add/sub/neg/normalize, k->jdbl, the fused doubling, and
 * k->jadd/jaddz/jaddc, the fused additions: written here mod q, the
 * doubling from the textbook tangent, the additions from the formulas of
 * the generator's algos_point.jadd_program; the generated kernels are
 * checked against Python by gen/tests/test_kernels.py), the limb-wise zero test
 * lf_fe_is_zero_ct (0, or secp256k1's p, which never occurs here) and the
 * constants 0, 1 and 7.  Given kernels that compute mod a small prime q on
 * v[0] (v[1..3] = 0), group.c, compiled unchanged into this test, computes
 * on E: y^2 = x^3 + 7 over GF(q), whose group is small enough to try every
 * pair of points.
 *
 * The curve: q = 349.
 *   - prime, q = 1 mod 3: beta = 122 is a primitive cube root of unity
 *     (beta^2 = 226), so (x, y) -> (beta x, y) is an endomorphism;
 *   - 7 is not a square mod q (7^174 = -1): no point has x = 0, as on
 *     secp256k1.  lf_gej_add_ge's comment relies on it to say M = R = 0
 *     only when x2 = beta x1, but the formula does not need it: built with
 *     -DEXH_Q=199 (#E = 189, points with x = 0) the test passes, since
 *     a = -b with x = 0 gives M = R = 0 and the chord fallback then has
 *     u1 - u2 = 0, so Z3 = 0: infinity, the right answer;
 *   - #E odd, so no point has y = 0 (-7 is not a cube mod q), as on
 *     secp256k1.  This one the code does rely on: lf_gej_double keeps
 *     r.inf = a.inf, right only if 2P = infinity means P = infinity
 *     (libsecp256k1 makes the same remark); with -DEXH_Q=19 (#E = 12,
 *     three points with y = 0) lf_gej_double and the _var additions that
 *     double fail on them, as expected (lf_gej_add_ge stays right);
 *   - #E = 313 (312 affine points + infinity), prime, 313 = 1 mod 3, not
 *     anomalous (#E != q); every affine point generates, e.g. (2, 109);
 *   - lambda = 214: (beta x, y) = 214 (x, y) for every point, and
 *     lambda^2 + lambda + 1 = 0 mod 313 (beta^2 = 226 goes with 98).
 * Reproduce the choice (q, #E) for every candidate below 400 with a prime
 * order; 349 is the largest with #E != q (397 is anomalous):
 *   python3 -c "P=lambda n:n>1 and all(n%d for d in range(2,n));[print(q,n)
 *   for q in range(5,400) if P(q) and q%3==1 and pow(7,(q-1)//2,q)!=1 for n
 *   in [1+sum((y*y-x**3-7)%q==0 for x in range(q) for y in range(q))] if P(n)]"
 *
 * The kernels are plain C here, not generated: `limbforge gen field` takes
 * odd primes of 61 to 1024 bits only (its inversion works on 62-bit limbs,
 * so it refuses --modulus 349), and a 61-bit curve cannot be enumerated.
 * They keep the canonical form (to/from_internal are the identity), as
 * secp256k1_p's pseudo-Mersenne kernels do, so the constants group.c writes
 * as plain numbers (0, 1, 7) are right mod q as they stand (a Montgomery
 * form would have needed 7R).  Products are < q^2 < 2^18, and every value
 * stays below 2^32: uint32_t arithmetic (a 64-bit % is a libgcc call on the
 * 32-bit targets, 10x the run time under qemu-arm).  Every kernel checks that its inputs are fully reduced (< q, high
 * limbs 0), the kernels' contract: a violation fails the test.
 *
 * How: the points are found by brute force over (x, y) in [0, q)^2; the
 * reference is the textbook affine chord-and-tangent law with Fermat
 * inverses, tabulated once (sum[i][j]) and itself checked (identity,
 * inverses, commutativity, associativity on all triples, the lambda
 * endomorphism).  Jacobian results are mapped back to affine with a brute-
 * force inverse table (not lf_ge_set_gej: its inversion is mod p).  Every
 * point, infinity included, is tried in the Jacobian forms (x z^2, y z^3, z)
 * for z in zs[] (1, 2, q-1, 3, 1/2); infinity as (0, 0, 0) and
 * (z^2, z^3, 0).  Checked, for every ordered pair (a, b):
 *   lf_gej_neg, lf_ge_neg, lf_gej_double (ct);
 *   lf_gej_add_ge (ct; b not infinity; counts a = b, a = -b, a = infinity
 *     and the degenerate b = (beta^{1,2} x_a, -y_a));
 *   lf_gej_add_ge_var without rzr, and with rzr for a != infinity:
 *     r.z == a.z * rzr (also in the doubling case, beyond the contract);
 *   lf_gej_add_var (z for a and for b from zs[]);
 *   lf_gej_add_zinv_var, b = (x' bzinv^-2, y' bzinv^-3) for every point
 *     (x', y') and bzinv in zinvs[]: the result must be a + (x', y');
 *   lf_gej_eq_ge_var, and lf_ge_is_valid_var on all of [0, q)^2;
 *   aliasing r = a (and r = b for add_var): the same result.
 * Results: inf is 0/1, coordinates reduced, the point the reference gives;
 * the constant-time functions must keep inf == (z == 0), the _var ones
 * must not give z = 0 with inf = 0.  Not testable here (secp256k1 constants
 * or field functions mod p): lf_ge_mul_lambda, lf_ge_set_gej(_var),
 * lf_ge_set_xo_var, lf_fe_set_b32/get_b32.
 *
 * Usage: test_exhaustive   (no arguments; exit 1 on any failure).  Another
 * curve (q = 1 mod 3, a few hundred at most): build with -DEXH_Q=<prime>,
 * e.g. cc -DEXH_Q=199 -Isrc -Iinclude tests/secp256k1/test_exhaustive.c
 * src/secp256k1/group.c build/liblimbforge.a */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "secp256k1/group.h"
#include "../common/testenv.h"

#ifndef EXH_Q
#define EXH_Q 349
#define EXH_ORDER 313  /* expected #E, infinity included */
#define EXH_BETA 122   /* smallest cube root of unity */
#define EXH_LAMBDA 214 /* its eigenvalue */
#endif
#define Q ((uint64_t)(EXH_Q))

/* ----------------------------------------------------- kernels mod q */
static long bad_inputs;

static uint32_t kin(const uint64_t *a)
{
    if (a[0] >= Q || a[1] || a[2] || a[3]) {
        if (bad_inputs++ < 5)
            fprintf(stderr, "FAIL kernel input not reduced: %llu %llu %llu %llu\n",
                    (unsigned long long)a[0], (unsigned long long)a[1],
                    (unsigned long long)a[2], (unsigned long long)a[3]);
    }
    return (uint32_t)a[0] % Q; /* 32-bit: no libgcc division on 32-bit targets */
}
static void kout(uint64_t *r, uint32_t v)
{
    r[0] = v;
    r[1] = r[2] = r[3] = 0;
}
static void k_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint32_t x = kin(a), y = kin(b);
    kout(r, x * y % Q);
}
static void k_sqr(uint64_t *r, const uint64_t *a)
{
    uint32_t x = kin(a);
    kout(r, x * x % Q);
}
static void k_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint32_t x = kin(a), y = kin(b);
    kout(r, (x + y) % Q);
}
static void k_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint32_t x = kin(a), y = kin(b);
    kout(r, (x + Q - y) % Q);
}
static void k_neg(uint64_t *r, const uint64_t *a)
{
    uint32_t x = kin(a);
    kout(r, (Q - x) % Q);
}
static void k_id(uint64_t *r, const uint64_t *a)
{
    uint32_t x = kin(a);
    kout(r, x);
}
/* the fused doubling kernel: 2(X, Y, Z) from the textbook tangent
 * (M = 3X^2, S = 4XY^2; X3 = M^2 - 2S, Y3 = M(S - X3) - 8Y^4, Z3 = 2YZ) */
static void k_jdbl(uint64_t *r, const uint64_t *a)
{
    uint32_t x = kin(a), y = kin(a + 4), z = kin(a + 8);
    uint32_t m = 3 * x * x % Q, s = 4 * x % Q * y % Q * y % Q, y4 = y * y % Q * y % Q * y % Q;
    uint32_t x3 = (m * m % Q + 2 * Q - 2 * s) % Q;
    uint32_t y3 = (m * ((s + Q - x3) % Q) % Q + Q - 8 * y4 % Q) % Q;
    kout(r + 8, 2 * y * z % Q);
    kout(r, x3);
    kout(r + 4, y3);
}
/* the fused additions (gen: algos_point.jadd_program, whose formulas these
 * transcribe mod q): a = (X1, Y1, Z1), b = (x2, y2) or (x2, y2, zi) */
static uint32_t fm(uint32_t a, uint32_t b) { return a * b % Q; }
static uint32_t fs(uint32_t a, uint32_t b) { return (a + Q - b) % Q; }
static void k_jadd_kind(uint64_t *r, const uint64_t *a, const uint64_t *b, int zinv)
{
    uint32_t x1 = kin(a), y1 = kin(a + 4), z1 = kin(a + 8), x2 = kin(b), y2 = kin(b + 4);
    uint32_t zsc = zinv ? fm(z1, kin(b + 8)) : z1, zz = fm(zsc, zsc);
    uint32_t h = fs(fm(x2, zz), x1), i = fs(fm(fm(y2, zz), zsc), y1);
    uint32_t hh = fm(h, h), hhh = fm(hh, h), v = fm(x1, hh);
    uint32_t x3 = fs(fs(fs(fm(i, i), hhh), v), v);
    kout(r + 8, fm(z1, h));
    kout(r + 4, fs(fm(fs(v, x3), i), fm(y1, hhh)));
    kout(r, x3);
}
static void k_jadd(uint64_t *r, const uint64_t *a, const uint64_t *b) { k_jadd_kind(r, a, b, 0); }
static void k_jaddz(uint64_t *r, const uint64_t *a, const uint64_t *b) { k_jadd_kind(r, a, b, 1); }
static void k_jaddc(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint32_t x1 = kin(a), y1 = kin(a + 4), z1 = kin(a + 8), x2 = kin(b), y2 = kin(b + 4);
    uint32_t zz = fm(z1, z1), u2 = fm(x2, zz), s2 = fm(fm(y2, zz), z1);
    uint32_t t = (x1 + u2) % Q, m = (y1 + s2) % Q, rr = fs(fm(t, t), fm(x1, u2));
    int degen = m == 0 && rr == 0;
    if (degen) {
        rr = fs(y1, s2);
        m = fs(x1, u2);
    }
    uint32_t q = fm(m, m), tq = fm(t, q), m4 = degen ? 0 : fm(q, q);
    uint32_t x3 = fs(fm(rr, rr), tq);
    uint32_t y3 = fs(fm(fs(fs(tq, x3), x3), rr), m4);
    kout(r + 8, 2 * fm(m, z1) % Q);
    kout(r + 4, 4 * y3 % Q);
    kout(r, 4 * x3 % Q);
}
/* group.c's kernel table (lf_secp256k1_kernels, group.h): the lazy field
 * kernels, then the point kernels; here every value stays canonical mod q (a
 * lazy value too), so normalize is the identity */
static const lf_secp256k1_kernels small_k = {k_mul, k_sqr,  k_add,  k_sub,  k_neg,
                                             k_id,  k_jdbl, k_jadd, k_jaddz, k_jaddc};
#define K (&small_k)

/* ------------------------------------------------- the small curve */
static int n;                /* #E, infinity included: index 0 */
static uint64_t *px, *py;    /* affine coordinates of point i >= 1 */
static int *pidx;            /* pidx[x * Q + y]: index of (x, y), or -1 */
static int *negi;            /* index of -P */
static unsigned short *sum;  /* sum[i * n + j]: index of P_i + P_j */
static uint64_t binv[Q];     /* brute-force inverses (binv[0] = 0) */
static uint64_t beta, beta2; /* the cube roots of unity */
#define SUM(i, j) ((int)sum[(size_t)(i) * (size_t)n + (size_t)(j)])
#define PIDX(x, y) pidx[(x) * Q + (y)]

static const uint64_t zs[] = {1, 2, Q - 1, 3, (Q + 1) / 2};
#define NZ ((int)(sizeof zs / sizeof zs[0]))
static const uint64_t zinvs[] = {1, 2, Q - 1, 5};
#define NZI ((int)(sizeof zinvs / sizeof zinvs[0]))

static long checks, fails;
/* LF_TEST_ITERS < 0.1 (the emulated targets of make test-cross, where the
 * full run takes up to a minute): every ordered pair of points still, but
 * one Jacobian z of b (and one bzinv) per (a, a.z, b) instead of all, and an
 * eighth of the triples of the reference's associativity check */
static int quick;

static uint32_t fpow(uint32_t a, uint32_t e)
{
    uint32_t r = 1;
    a %= Q;
    for (; e; e >>= 1, a = a * a % Q)
        if (e & 1) r = r * a % Q;
    return r;
}

/* the reference: affine addition, Fermat inverses */
static int ref_add(int i, int j)
{
    if (i == 0) return j;
    if (j == 0) return i;
    uint32_t x1 = px[i], y1 = py[i], x2 = px[j], y2 = py[j], l;
    if (x1 == x2) {
        if ((y1 + y2) % Q == 0) return 0;
        l = 3 * x1 * x1 % Q * fpow(2 * y1, Q - 2) % Q;
    } else {
        l = (y2 + Q - y1) % Q * fpow(x2 + Q - x1, Q - 2) % Q;
    }
    uint32_t x3 = (l * l + 2 * Q - x1 - x2) % Q;
    uint32_t y3 = (l * ((x1 + Q - x3) % Q) + Q - y1) % Q;
    int r = PIDX(x3, y3);
    if (r < 0) {
        fprintf(stderr, "reference: P%d + P%d = (%llu, %llu) is off the curve\n", i, j,
                (unsigned long long)x3, (unsigned long long)y3);
        exit(1);
    }
    return r;
}

static int smul(uint64_t k, int i) /* k P_i by double-and-add on the table */
{
    int r = 0;
    for (; k; k >>= 1, i = SUM(i, i))
        if (k & 1) r = SUM(r, i);
    return r;
}

static int is_prime(uint64_t v)
{
    if (v < 2) return 0;
    for (uint64_t d = 2; d * d <= v; d++)
        if (v % d == 0) return 0;
    return 1;
}

static void ref_fail(const char *what)
{
    fprintf(stderr, "reference: %s\n", what);
    exit(1);
}

static void setup(void)
{
    if (!is_prime(Q) || Q % 3 != 1) ref_fail("q must be a prime = 1 mod 3");
    for (uint32_t z = 1; z < Q; z++)
        for (uint32_t w = 1; w < Q; w++)
            if (z * w % Q == 1) binv[z] = w;
    for (beta = 2; beta < Q && (fpow(beta, 3) != 1); beta++) {}
    beta2 = beta * beta % Q;
    pidx = malloc(Q * Q * sizeof *pidx);
    px = malloc((2 * Q + 2) * sizeof *px); /* Hasse: #E < 2q + 2 */
    py = malloc((2 * Q + 2) * sizeof *py);
    if (!pidx || !px || !py) ref_fail("out of memory");
    n = 1;
    px[0] = py[0] = 0;
    for (uint32_t x = 0; x < Q; x++)
        for (uint32_t y = 0; y < Q; y++) {
            PIDX(x, y) = -1;
            if (y * y % Q == (x * x % Q * x + 7) % Q) {
                px[n] = x, py[n] = y;
                PIDX(x, y) = n++;
            }
        }
    negi = malloc((size_t)n * sizeof *negi);
    sum = malloc((size_t)n * (size_t)n * sizeof *sum);
    if (!negi || !sum) ref_fail("out of memory");
    negi[0] = 0;
    for (int i = 1; i < n; i++) negi[i] = PIDX(px[i], (Q - py[i]) % Q);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) sum[(size_t)i * (size_t)n + (size_t)j] = (unsigned short)ref_add(i, j);
    /* the reference is a group: identity, inverses, commutative, associative */
    for (int i = 0; i < n; i++) {
        if (SUM(0, i) != i || SUM(i, negi[i]) != 0) ref_fail("identity/inverse");
        for (int j = 0; j < n; j++) {
            if (SUM(i, j) != SUM(j, i)) ref_fail("not commutative");
            for (int l = 0; l < n; l++)
                if ((!quick || (i + j + l) % 8 == 0) && SUM(SUM(i, j), l) != SUM(i, SUM(j, l))) ref_fail("not associative");
        }
    }
    int lambda = -1;
    if (is_prime((uint64_t)n)) { /* (beta x, y) = lambda P for every P */
        int t = PIDX(beta * px[1] % Q, py[1]);
        for (int l = 1; l < n && lambda < 0; l++)
            if (smul((uint64_t)l, 1) == t) lambda = l;
        if (lambda < 0 || ((uint64_t)lambda * (uint64_t)lambda + (uint64_t)lambda + 1) % (uint64_t)n)
            ref_fail("no lambda");
        for (int i = 1; i < n; i++)
            if (smul((uint64_t)lambda, i) != PIDX(beta * px[i] % Q, py[i])) ref_fail("lambda");
    }
#ifdef EXH_ORDER
    if (n != EXH_ORDER || beta != EXH_BETA || lambda != EXH_LAMBDA)
        ref_fail("the curve is not the one the header comment describes");
#endif
    int sq = fpow(7, (Q - 1) / 2) == 1;
    printf("q = %llu: #E = %d (%s), beta = %llu, lambda = %d, 7 is %sa square (%s x = 0)\n",
           (unsigned long long)Q, n, is_prime((uint64_t)n) ? "prime" : "composite",
           (unsigned long long)beta, lambda, sq ? "" : "not ", sq ? "points with" : "no point with");
}

/* ------------------------------------------------- points and checks */
static lf_fe fe(uint64_t v)
{
    lf_fe r = {{(uint32_t)v % Q, 0, 0, 0}}; /* v < 2^32 here */
    return r;
}

static lf_ge make_ge(int i)
{
    lf_ge r;
    memset(&r, 0, sizeof r);
    if (i == 0)
        r.inf = 1;
    else
        r.x = fe(px[i]), r.y = fe(py[i]);
    return r;
}

/* P_i in the Jacobian form zi: (x z^2, y z^3, z); infinity (0, 0, 0) for
 * zi = 0, else (z^2, z^3, 0) */
static lf_gej make_gej(int i, int zi)
{
    lf_gej r;
    uint64_t z = zs[zi], z2 = z * z % Q, z3 = z2 * z % Q;
    memset(&r, 0, sizeof r);
    if (i == 0) {
        r.inf = 1;
        if (zi) r.x = fe(z2), r.y = fe(z3);
    } else {
        r.x = fe(px[i] * z2), r.y = fe(py[i] * z3), r.z = fe(z);
    }
    return r;
}

static int reduced(const lf_fe *a) { return a->v[0] < Q && !a->v[1] && !a->v[2] && !a->v[3]; }

/* the index of the point r stands for, or -1 if malformed (ct: the
 * constant-time contract inf == (z == 0), coordinates reduced) */
static int gej_index(const lf_gej *r, int ct)
{
    if (r->inf != 0 && r->inf != 1) return -1;
    if (r->inf) {
        if (ct && (!reduced(&r->x) || !reduced(&r->y) || !reduced(&r->z) || r->z.v[0])) return -1;
        return 0;
    }
    if (!reduced(&r->x) || !reduced(&r->y) || !reduced(&r->z) || !r->z.v[0]) return -1;
    uint64_t zi = binv[r->z.v[0]], zi2 = zi * zi % Q;
    return PIDX(r->x.v[0] * zi2 % Q, r->y.v[0] * zi2 % Q * zi % Q);
}

static int gej_same(const lf_gej *a, const lf_gej *b)
{
    return a->inf == b->inf && !memcmp(a->x.v, b->x.v, sizeof a->x.v) &&
           !memcmp(a->y.v, b->y.v, sizeof a->y.v) && !memcmp(a->z.v, b->z.v, sizeof a->z.v);
}

static void pr_point(int i)
{
    if (i < 0)
        fprintf(stderr, "malformed");
    else if (i == 0)
        fprintf(stderr, "inf");
    else
        fprintf(stderr, "(%llu,%llu)", (unsigned long long)px[i], (unsigned long long)py[i]);
}

/* one verdict: ok, or a report of the case (q, a, its z, b, its z) */
static void check(int ok, const char *fn, int a, int za, int b, const char *zbn, long long zb,
                  int want, const lf_gej *got)
{
    checks++;
    if (ok) return;
    if (fails++ >= 20) return;
    fprintf(stderr, "FAIL %s q=%llu a=", fn, (unsigned long long)Q);
    pr_point(a);
    fprintf(stderr, " a.z=%llu", za >= 0 ? (unsigned long long)(a ? zs[za] : 0) : 1ULL);
    if (b >= 0) {
        fprintf(stderr, " b=");
        pr_point(b);
        if (zbn) fprintf(stderr, " %s=%lld", zbn, zb);
    }
    fprintf(stderr, " want ");
    pr_point(want);
    if (got) {
        fprintf(stderr, " got (%llu,%llu,%llu) inf=%d = ", (unsigned long long)got->x.v[0],
                (unsigned long long)got->y.v[0], (unsigned long long)got->z.v[0], got->inf);
        pr_point(gej_index(got, 0));
    }
    fputc('\n', stderr);
}

#define CHECK_GEJ(fn, r, ct, a, za, b, zbn, zb, want)                                     \
    check(gej_index(r, ct) == (want), fn, a, za, b, zbn, zb, want, r)

/* ---------------------------------------------------------- the tests */
static void test_neg_double(void)
{
    for (int i = 0; i < n; i++) {
        lf_ge g = make_ge(i), gr;
        lf_ge_neg(K, &gr, &g);
        int ok = gr.inf == g.inf && reduced(&gr.x) && reduced(&gr.y) &&
                 (gr.inf ? !gr.x.v[0] && !gr.y.v[0]
                         : PIDX(gr.x.v[0], gr.y.v[0]) == negi[i]);
        check(ok, "lf_ge_neg", i, -1, -1, NULL, 0, negi[i], NULL);
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi), r, t;
            lf_gej_neg(K, &r, &a);
            CHECK_GEJ("lf_gej_neg", &r, 1, i, zi, -1, NULL, 0, negi[i]);
            lf_gej_double(K, &r, &a);
            CHECK_GEJ("lf_gej_double", &r, 1, i, zi, -1, NULL, 0, SUM(i, i));
            t = a;
            lf_gej_double(K, &t, &t);
            check(gej_same(&t, &r), "lf_gej_double r = a", i, zi, -1, NULL, 0, SUM(i, i), &t);
        }
    }
}

static long degen_beta, degen_beta2, ge_dbl, ge_opp, ge_ainf;

static void test_add_ge(void)
{
    for (int i = 0; i < n; i++)
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi), r, t;
            for (int j = 1; j < n; j++) {
                lf_ge b = make_ge(j);
                lf_gej_add_ge(K, &r, &a, &b);
                CHECK_GEJ("lf_gej_add_ge", &r, 1, i, zi, j, NULL, 0, SUM(i, j));
                t = a;
                lf_gej_add_ge(K, &t, &t, &b);
                check(gej_same(&t, &r), "lf_gej_add_ge r = a", i, zi, j, NULL, 0, SUM(i, j), &t);
                if (i == 0) {
                    ge_ainf++;
                    continue;
                }
                ge_dbl += i == j;
                ge_opp += j == negi[i];
                if (py[j] == (Q - py[i]) % Q) { /* b = -lambda a: M = R = 0 */
                    degen_beta += px[j] == beta * px[i] % Q;
                    degen_beta2 += px[j] == beta2 * px[i] % Q;
                }
            }
        }
}

static long rzr_checks, rzr_dbl;

static void test_add_ge_var(void)
{
    for (int i = 0; i < n; i++)
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi), r, r2, t;
            for (int j = 0; j < n; j++) {
                lf_ge b = make_ge(j);
                int want = SUM(i, j);
                lf_gej_add_ge_var(K, &r, &a, &b, NULL);
                CHECK_GEJ("lf_gej_add_ge_var", &r, 0, i, zi, j, NULL, 0, want);
                t = a;
                lf_gej_add_ge_var(K, &t, &t, &b, NULL);
                check(gej_same(&t, &r), "lf_gej_add_ge_var r = a", i, zi, j, NULL, 0, want, &t);
                if (i == 0) continue; /* rzr: a must not be infinity */
                lf_fe rzr;
                memset(&rzr, 0xa5, sizeof rzr);
                lf_gej_add_ge_var(K, &r2, &a, &b, &rzr);
                CHECK_GEJ("lf_gej_add_ge_var (rzr)", &r2, 0, i, zi, j, NULL, 0, want);
                /* r.z == a.z * rzr: the contract (a != b), and the doubling
                 * case, which the code handles too (rzr = 2Y) */
                int ok = reduced(&rzr) && reduced(&r2.z) &&
                         r2.z.v[0] == a.z.v[0] * rzr.v[0] % Q;
                check(ok, i == j ? "lf_gej_add_ge_var r.z == a.z*rzr (doubling, beyond contract)"
                                 : "lf_gej_add_ge_var r.z == a.z*rzr",
                      i, zi, j, "rzr", (long long)rzr.v[0], want, &r2);
                rzr_checks++;
                rzr_dbl += i == j;
            }
        }
}

static void test_add_var(void)
{
    for (int i = 0; i < n; i++)
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi), r, t;
            for (int j = 0; j < n; j++)
                for (int zj = 0; zj < NZ; zj++) {
                    if (quick && zj != (i + zi + j) % NZ) continue;
                    lf_gej b = make_gej(j, zj);
                    int want = SUM(i, j);
                    long long zb = j ? (long long)zs[zj] : 0;
                    lf_gej_add_var(K, &r, &a, &b);
                    CHECK_GEJ("lf_gej_add_var", &r, 0, i, zi, j, "b.z", zb, want);
                    t = a;
                    lf_gej_add_var(K, &t, &t, &b);
                    check(gej_same(&t, &r), "lf_gej_add_var r = a", i, zi, j, "b.z", zb, want, &t);
                    t = b;
                    lf_gej_add_var(K, &t, &a, &t);
                    check(gej_same(&t, &r), "lf_gej_add_var r = b", i, zi, j, "b.z", zb, want, &t);
                }
        }
}

static void test_add_zinv_var(void)
{
    for (int i = 0; i < n; i++)
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi), r, t;
            for (int j = 0; j < n; j++)
                for (int w = 0; w < NZI; w++) {
                    if (quick && w != (i + zi + j) % NZI) continue;
                    /* b' = P_j = Jacobian (b.x, b.y, 1/bzinv) */
                    uint64_t bzinv = zinvs[w], bz = binv[bzinv], bz2 = bz * bz % Q;
                    lf_ge b = make_ge(j);
                    lf_fe zv = fe(bzinv);
                    if (j) b.x = fe(px[j] * bz2), b.y = fe(py[j] * bz2 % Q * bz);
                    lf_gej_add_zinv_var(K, &r, &a, &b, &zv);
                    CHECK_GEJ("lf_gej_add_zinv_var", &r, 0, i, zi, j, "bzinv", (long long)bzinv,
                              SUM(i, j));
                    t = a;
                    lf_gej_add_zinv_var(K, &t, &t, &b, &zv);
                    check(gej_same(&t, &r), "lf_gej_add_zinv_var r = a", i, zi, j, "bzinv",
                          (long long)bzinv, SUM(i, j), &t);
                }
        }
}

static long valid_points, valid_nonpoints;

static void test_eq_valid(void)
{
    for (int i = 0; i < n; i++)
        for (int zi = 0; zi < NZ; zi++) {
            lf_gej a = make_gej(i, zi);
            for (int j = 0; j < n; j++) {
                lf_ge b = make_ge(j);
                int eq = lf_gej_eq_ge_var(K, &a, &b);
                check(eq == (i == j), i == j ? "lf_gej_eq_ge_var (want 1)" : "lf_gej_eq_ge_var (want 0)",
                      i, zi, j, NULL, 0, j, NULL);
            }
        }
    for (uint32_t x = 0; x < Q; x++)
        for (uint32_t y = 0; y < Q; y++) {
            lf_ge g;
            memset(&g, 0, sizeof g);
            g.x = fe(x), g.y = fe(y);
            int on = PIDX(x, y) >= 0;
            checks++;
            if (lf_ge_is_valid_var(K, &g) != on && fails++ < 20)
                fprintf(stderr, "FAIL lf_ge_is_valid_var q=%llu (%llu,%llu): want %d\n",
                        (unsigned long long)Q, (unsigned long long)x, (unsigned long long)y, on);
            valid_points += on;
            valid_nonpoints += !on;
        }
}

/* lf_fe_is_zero_ct on whole limb patterns (the small curve above only ever
 * sets v[0]): 1 for 0 and for secp256k1's p, 0 for every value that differs
 * from both in one limb or one bit (each limb must be looked at) */
static void zero_ct_check(const lf_fe *f, uint64_t want, const char *what, int limb)
{
    checks++;
    if (lf_fe_is_zero_ct(f) == want) return;
    if (fails++ < 20)
        fprintf(stderr, "FAIL lf_fe_is_zero_ct(%s, limb %d) = %llu, want %llu\n", what, limb,
                (unsigned long long)lf_fe_is_zero_ct(f), (unsigned long long)want);
}

static void test_is_zero_ct(void)
{
    static const uint64_t P[4] = {UINT64_C(0xfffffffefffffc2f), ~UINT64_C(0), ~UINT64_C(0),
                                  ~UINT64_C(0)};
    static const uint64_t W[] = {1, 2, UINT64_C(1) << 31, UINT64_C(1) << 63, ~UINT64_C(0)};
    lf_fe f;
    memset(&f, 0, sizeof f);
    zero_ct_check(&f, 1, "0", -1);
    memcpy(f.v, P, sizeof P);
    zero_ct_check(&f, 1, "p", -1);
    for (int l = 0; l < 4; l++)
        for (size_t w = 0; w < sizeof W / sizeof W[0]; w++) {
            memset(&f, 0, sizeof f);
            f.v[l] = W[w]; /* one limb of zero set */
            zero_ct_check(&f, 0, "0 with one limb set", l);
            memcpy(f.v, P, sizeof P);
            f.v[l] ^= W[w]; /* p with bits of one limb flipped */
            zero_ct_check(&f, 0, "p with bits of one limb flipped", l);
        }
}

int main(void)
{
    quick = lf_test_scale() < 0.1;
    setup();
    long c0 = checks;
#define RUN(f)                                                                            \
    do {                                                                                  \
        c0 = checks;                                                                      \
        f();                                                                              \
        printf("  %-18s %9ld checks\n", &#f[5], checks - c0);                            \
    } while (0)
    RUN(test_neg_double);
    RUN(test_add_ge);
    RUN(test_add_ge_var);
    RUN(test_add_var);
    RUN(test_add_zinv_var);
    RUN(test_eq_valid);
    RUN(test_is_zero_ct);
    printf("ordered pairs %d x %d, Jacobian z values %d (a), %d (b, add_var), bzinv %d%s\n", n, n,
           NZ, quick ? 1 : NZ, quick ? 1 : NZI, quick ? " (LF_TEST_ITERS < 0.1: one z of b per pair)" : "");
    printf("add_ge: degenerate b = (beta x_a, -y_a) %ld, b = (beta^2 x_a, -y_a) %ld, "
           "a = b %ld, a = -b %ld, a = inf %ld\n",
           degen_beta, degen_beta2, ge_dbl, ge_opp, ge_ainf);
    printf("add_ge_var rzr checks %ld (%ld doubling); is_valid: %ld points, %ld non-points\n",
           rzr_checks, rzr_dbl, valid_points, valid_nonpoints);
    if (bad_inputs) {
        fprintf(stderr, "FAIL %ld kernel calls with unreduced inputs\n", bad_inputs);
        fails++;
    }
    if (!degen_beta || !degen_beta2) {
        fprintf(stderr, "FAIL the degenerate case of lf_gej_add_ge was not reached\n");
        fails++;
    }
    /* every test visits every ordered pair of points at least once */
    return lf_test_report("test_exhaustive", checks, fails, (long)n * n);
}
