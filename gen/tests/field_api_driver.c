/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Test driver for a field written by `limbforge gen field` (test_custom_primes.py):
 * one source for every field, built with
 *   -DDRV_NAME=name -DDRV_UP=LF_NAME -DDRV_HEADER="limbforge/field/name.h"
 * and linked with name.c and its kernels.
 *
 * Reads one operation per line from stdin: an op name, then operands in hex
 * (no 0x); prints one line per operation with its results (values in hex
 * without leading zeros, return codes in decimal, bytes as exactly
 * 2*BYTES hex digits).  Field elements go in and come out as their raw
 * internal limbs (the test computes the internal form itself), so every
 * operation is checked without going through another one.
 *
 * Every result object sits in front of guard words; a write past it adds the
 * token OVERWRITE.  Inputs passed as const are compared with a copy after
 * the call; a change adds the token CLOBBERED.  A malformed line exits with
 * status 2 (a test bug, not a library one). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include DRV_HEADER

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(x) CAT(CAT(CAT(lf_, DRV_NAME), _), x)
#define T CAT(CAT(lf_, DRV_NAME), _t)
#define N CAT(DRV_UP, _LIMBS)
#define BYTES CAT(DRV_UP, _BYTES)
#define GUARD 0xa5a5a5a5deadbeefULL

_Static_assert(sizeof(T) == 8 * N, "element size");

/* an element followed by guard words */
typedef struct { T x; uint64_t g[2]; } gT;
typedef struct { uint8_t b[BYTES]; uint8_t g[16]; } gB;
typedef struct { uint64_t v[N]; uint64_t g[2]; } gL;

static int bad_guard;
static size_t lineno;

static void die(const char *what)
{
    fprintf(stderr, "driver: line %zu: %s\n", lineno, what);
    exit(2);
}

static void guard_set(uint64_t g[2]) { g[0] = g[1] = GUARD; }
static void guard_chk(const uint64_t g[2]) { if (g[0] != GUARD || g[1] != GUARD) bad_guard = 1; }
static void fill(void *p, size_t len) { memset(p, 0xa5, len); }  /* garbage before a call */

static char *tok(void)
{
    char *t = strtok(NULL, " \t\r\n");
    if (!t) die("missing operand");
    return t;
}

/* a hex integer into nw little-endian words (must fit) */
static void parse_words(uint64_t *w, size_t nw, const char *s)
{
    size_t len = strlen(s), i;
    for (i = 0; i < nw; i++) w[i] = 0;
    for (i = 0; i < len; i++) {
        char c = s[len - 1 - i];
        unsigned d;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else die("bad hex digit");
        if (i / 16 >= nw) {
            if (d) die("operand too wide");
            continue;
        }
        w[i / 16] |= (uint64_t)d << (4 * (i % 16));
    }
}

static void get_el(T *x) { parse_words(x->v, N, tok()); }

static void put_words(const uint64_t *w, size_t nw)
{
    size_t top = nw;
    while (top > 1 && w[top - 1] == 0) top--;
    printf(" %llx", (unsigned long long)w[top - 1]);
    while (top-- > 1) printf("%016llx", (unsigned long long)w[top - 1]);
}

static void put_el(const T *x) { put_words(x->v, N); }
static void put_int(int v) { printf(" %d", v); }
static void put_bytes(const uint8_t *b)
{
    putchar(' ');
    for (int i = 0; i < BYTES; i++) printf("%02x", b[i]);
}

static int same(const T *a, const T *b) { return memcmp(a, b, sizeof(T)) == 0; }

typedef void (*binop)(T *, const T *, const T *);
typedef void (*unop)(T *, const T *);

/* r = a op b: separate, r == a, r == b */
static void do_bin(binop f)
{
    gT r, ra, rb;
    T a, b, a0, b0;
    int clob;
    get_el(&a), get_el(&b);
    a0 = a, b0 = b;
    fill(&r.x, sizeof(T)), guard_set(r.g);
    f(&r.x, &a, &b);
    clob = !same(&a, &a0) || !same(&b, &b0);
    ra.x = a, guard_set(ra.g);
    f(&ra.x, &ra.x, &b);
    clob |= !same(&b, &b0);
    rb.x = b, guard_set(rb.g);
    f(&rb.x, &a, &rb.x);
    clob |= !same(&a, &a0);
    guard_chk(r.g), guard_chk(ra.g), guard_chk(rb.g);
    put_el(&r.x), put_el(&ra.x), put_el(&rb.x);
    if (clob) printf(" CLOBBERED");
}

/* r = a op a: a == b separate from r, then r == a == b */
static void do_bin_same(binop f)
{
    gT r, ra;
    T a, a0;
    get_el(&a);
    a0 = a;
    fill(&r.x, sizeof(T)), guard_set(r.g);
    f(&r.x, &a, &a);
    ra.x = a, guard_set(ra.g);
    f(&ra.x, &ra.x, &ra.x);
    guard_chk(r.g), guard_chk(ra.g);
    put_el(&r.x), put_el(&ra.x);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

/* r = op a: separate, r == a */
static void do_un(unop f)
{
    gT r, ra;
    T a, a0;
    get_el(&a);
    a0 = a;
    fill(&r.x, sizeof(T)), guard_set(r.g);
    f(&r.x, &a);
    ra.x = a, guard_set(ra.g);
    f(&ra.x, &ra.x);
    guard_chk(r.g), guard_chk(ra.g);
    put_el(&r.x), put_el(&ra.x);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

static void op_sqrt(void)
{
    gT r, ra;
    T a, a0;
    int k1, k2;
    get_el(&a);
    a0 = a;
    fill(&r.x, sizeof(T)), guard_set(r.g);
    k1 = FN(sqrt)(&r.x, &a);
    ra.x = a, guard_set(ra.g);
    k2 = FN(sqrt)(&ra.x, &ra.x);
    guard_chk(r.g), guard_chk(ra.g);
    put_int(k1), put_el(&r.x), put_int(k2), put_el(&ra.x);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

/* pow A EBITS E: e in exactly max(1, ceil(EBITS/64)) words of its own
 * allocation (bits at and above EBITS in the top word are junk to ignore) */
static void op_pow(void)
{
    gT r, ra;
    T a, a0;
    size_t ebits, nw;
    uint64_t *e, *e0;
    get_el(&a);
    a0 = a;
    ebits = (size_t)strtoull(tok(), NULL, 10);
    nw = ebits ? (ebits + 63) / 64 : 1;
    e = malloc(nw * 8), e0 = malloc(nw * 8);
    if (!e || !e0) die("out of memory");
    parse_words(e, nw, tok());
    memcpy(e0, e, nw * 8);
    fill(&r.x, sizeof(T)), guard_set(r.g);
    FN(pow_var_exp)(&r.x, &a, e, ebits);
    ra.x = a, guard_set(ra.g);
    FN(pow_var_exp)(&ra.x, &ra.x, e, ebits);
    guard_chk(r.g), guard_chk(ra.g);
    put_el(&r.x), put_el(&ra.x);
    if (!same(&a, &a0) || memcmp(e, e0, nw * 8)) printf(" CLOBBERED");
    free(e), free(e0);
}

/* from_bytes HEX (exactly 2*BYTES digits, big-endian) */
static void op_from_bytes(void)
{
    gT r;
    uint8_t in[BYTES], in0[BYTES];
    const char *s = tok();
    int k;
    if (strlen(s) != 2 * (size_t)BYTES) die("from_bytes: wrong length");
    for (int i = 0; i < BYTES; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) die("from_bytes: bad hex");
        in[i] = (uint8_t)v;
    }
    memcpy(in0, in, BYTES);
    fill(&r.x, sizeof(T)), guard_set(r.g);
    k = FN(from_bytes)(&r.x, in);
    guard_chk(r.g);
    put_int(k), put_el(&r.x);
    if (memcmp(in, in0, BYTES)) printf(" CLOBBERED");
}

static void op_to_bytes(void)
{
    gB out;
    T a, a0;
    get_el(&a);
    a0 = a;
    fill(&out, sizeof out);
    FN(to_bytes)(out.b, &a);
    for (int i = 0; i < 16; i++) if (out.g[i] != 0xa5) bad_guard = 1;
    put_bytes(out.b);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

/* to_internal L: separate, then r->v == a */
static void op_to_internal(void)
{
    gT r, ra;
    uint64_t l[N], l0[N];
    int k1, k2;
    parse_words(l, N, tok());
    memcpy(l0, l, sizeof l);
    fill(&r.x, sizeof(T)), guard_set(r.g);
    k1 = FN(to_internal)(&r.x, l);
    memcpy(ra.x.v, l, sizeof l), guard_set(ra.g);
    k2 = FN(to_internal)(&ra.x, ra.x.v);
    guard_chk(r.g), guard_chk(ra.g);
    put_int(k1), put_el(&r.x), put_int(k2), put_el(&ra.x);
    if (memcmp(l, l0, sizeof l)) printf(" CLOBBERED");
}

/* from_internal A: separate, then r == a->v */
static void op_from_internal(void)
{
    gL r;
    gT ra;
    T a, a0;
    get_el(&a);
    a0 = a;
    fill(r.v, sizeof r.v), guard_set(r.g);
    FN(from_internal)(r.v, &a);
    ra.x = a, guard_set(ra.g);
    FN(from_internal)(ra.x.v, &ra.x);
    guard_chk(r.g), guard_chk(ra.g);
    put_words(r.v, N), put_words(ra.x.v, N);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

/* cmov R A FLAG(decimal int): r separate from a, then r == a */
static void op_cmov(void)
{
    gT r, ra;
    T a, a0;
    int flag;
    get_el(&r.x), get_el(&a);
    flag = (int)strtol(tok(), NULL, 10);
    a0 = a;
    guard_set(r.g);
    FN(cmov)(&r.x, &a, flag);
    ra.x = a, guard_set(ra.g);
    FN(cmov)(&ra.x, &ra.x, flag);
    guard_chk(r.g), guard_chk(ra.g);
    put_el(&r.x), put_el(&ra.x);
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

static void op_eq(void)
{
    T a, b, a0, b0;
    get_el(&a), get_el(&b);
    a0 = a, b0 = b;
    put_int(FN(eq)(&a, &b)), put_int(FN(eq)(&a, &a)), put_int(FN(eq)(&b, &b));
    if (!same(&a, &a0) || !same(&b, &b0)) printf(" CLOBBERED");
}

static void op_is_zero(void)
{
    T a, a0;
    get_el(&a);
    a0 = a;
    put_int(FN(is_zero)(&a));
    if (!same(&a, &a0)) printf(" CLOBBERED");
}

static void op_set(int one)
{
    gT r;
    fill(&r.x, sizeof(T)), guard_set(r.g);
    if (one) FN(set_one)(&r.x);
    else FN(set_zero)(&r.x);
    guard_chk(r.g);
    put_el(&r.x);
}

/* batch COUNT A1..An: separate arrays (n results), then in place (n results);
 * each array has one guard element after it */
static void op_batch(void)
{
    size_t n = (size_t)strtoull(tok(), NULL, 10), i;
    T *a = malloc((n + 1) * sizeof(T)), *a0 = malloc((n + 1) * sizeof(T));
    T *r = malloc((n + 1) * sizeof(T)), *ip = malloc((n + 1) * sizeof(T));
    if (!a || !a0 || !r || !ip) die("out of memory");
    for (i = 0; i < n; i++) get_el(&a[i]);
    fill(&a[n], sizeof(T)), fill(r, (n + 1) * sizeof(T));
    memcpy(a0, a, (n + 1) * sizeof(T));
    memcpy(ip, a, (n + 1) * sizeof(T));
    FN(batch_inv)(r, a, n);
    FN(batch_inv)(ip, ip, n);
    if (!same(&r[n], &a0[n]) || !same(&ip[n], &a0[n])) bad_guard = 1;
    for (i = 0; i < n; i++) put_el(&r[i]);
    printf(" |");
    for (i = 0; i < n; i++) put_el(&ip[i]);
    if (memcmp(a, a0, (n + 1) * sizeof(T))) printf(" CLOBBERED");
    free(a), free(a0), free(r), free(ip);
}

/* vec OP COUNT A1..An [B1..Bn | C]: the array API (OP = mul, sqr, add, sub,
 * muls (r[i] = a[i] * c), ip (inner product: one result)); separate output
 * array (n results), then in place into a (n results; ip: r = a[0], or the
 * separate r again for n = 0); each array has one guard element after it */
static void op_vec(void)
{
    char *o = tok();
    size_t n = (size_t)strtoull(tok(), NULL, 10), i;
    int two = strcmp(o, "sqr") != 0, ip = !strcmp(o, "ip"), muls = !strcmp(o, "muls");
    T *a = malloc((n + 1) * sizeof(T)), *b = malloc((n + 1) * sizeof(T));
    T *a0 = malloc((n + 1) * sizeof(T)), *b0 = malloc((n + 1) * sizeof(T));
    size_t nr = ip ? 1 : n;
    T *r = malloc((nr + 1) * sizeof(T)), c, c0;
    if (!a || !b || !a0 || !b0 || !r) die("out of memory");
    for (i = 0; i < n; i++) get_el(&a[i]);
    if (muls) get_el(&c);
    else if (two)
        for (i = 0; i < n; i++) get_el(&b[i]);
    fill(&a[n], sizeof(T)), fill(&b[n], sizeof(T)), fill(r, (nr + 1) * sizeof(T));
    if (!muls) fill(&c, sizeof c);
    memcpy(a0, a, (n + 1) * sizeof(T)), memcpy(b0, b, (n + 1) * sizeof(T)), c0 = c;
    for (int pass = 0; pass < 2; pass++) {
        /* in place: into a; an inner product of no terms has no a[0] to write */
        T *out = pass && nr <= n ? a : r;
        if (!strcmp(o, "mul")) FN(vec_mul)(out, a, b, n);
        else if (!strcmp(o, "sqr")) FN(vec_sqr)(out, a, n);
        else if (!strcmp(o, "add")) FN(vec_add)(out, a, b, n);
        else if (!strcmp(o, "sub")) FN(vec_sub)(out, a, b, n);
        else if (muls) FN(vec_mul_scalar)(out, a, &c, n);
        else if (ip) FN(inner_product)(out, a, b, n);
        else die("unknown vec op");
        if (pass) printf(" |");
        for (i = 0; i < nr; i++) put_el(&out[i]);
        if (!pass) {
            T pat;
            fill(&pat, sizeof pat);
            if (!same(&r[nr], &pat)) bad_guard = 1; /* past the results */
        }
        if (!pass && memcmp(a, a0, (n + 1) * sizeof(T))) printf(" CLOBBERED");
    }
    if (memcmp(&a[n], &a0[n], sizeof(T)) || memcmp(b, b0, (n + 1) * sizeof(T)) ||
        (muls && memcmp(&c, &c0, sizeof c)))
        printf(" CLOBBERED");
    free(a), free(b), free(a0), free(b0), free(r);
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) != -1) {
        char *op;
        lineno++;
        op = strtok(line, " \t\r\n");
        if (!op) continue;
        bad_guard = 0;
        printf("%s", op);
        if (!strcmp(op, "mul")) do_bin(FN(mul));
        else if (!strcmp(op, "add")) do_bin(FN(add));
        else if (!strcmp(op, "sub")) do_bin(FN(sub));
        else if (!strcmp(op, "mul2")) do_bin_same(FN(mul));
        else if (!strcmp(op, "add2")) do_bin_same(FN(add));
        else if (!strcmp(op, "sub2")) do_bin_same(FN(sub));
        else if (!strcmp(op, "sqr")) do_un(FN(sqr));
        else if (!strcmp(op, "neg")) do_un(FN(neg));
        else if (!strcmp(op, "inv")) do_un(FN(inv));
        else if (!strcmp(op, "inv_var")) do_un(FN(inv_var));
        else if (!strcmp(op, "sqrt")) op_sqrt();
        else if (!strcmp(op, "pow")) op_pow();
        else if (!strcmp(op, "from_bytes")) op_from_bytes();
        else if (!strcmp(op, "to_bytes")) op_to_bytes();
        else if (!strcmp(op, "to_internal")) op_to_internal();
        else if (!strcmp(op, "from_internal")) op_from_internal();
        else if (!strcmp(op, "cmov")) op_cmov();
        else if (!strcmp(op, "eq")) op_eq();
        else if (!strcmp(op, "is_zero")) op_is_zero();
        else if (!strcmp(op, "set_zero")) op_set(0);
        else if (!strcmp(op, "set_one")) op_set(1);
        else if (!strcmp(op, "batch")) op_batch();
        else if (!strcmp(op, "vec")) op_vec();
        else die("unknown op");
        if (bad_guard) printf(" OVERWRITE");
        printf("\n");
        fflush(stdout);
    }
    free(line);
    return 0;
}
