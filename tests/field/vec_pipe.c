/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The array API (vec_*, inner_product) and the x8 lane type of every
 * built-in field, driven by a Python-int oracle (tests/field/vec_oracle.py)
 * through the line format of tests/common/pipe.h.  Request:
 *     OP FIELD N AS BS
 * AS, BS: K values each (big-endian, the field's byte length, concatenated
 * in one hex word, 1 <= K <= 64); the inputs are a[i] = A[i mod K],
 * b[i] = B[(i + i/K) mod K] for i < N.  Answer: one hex word, the N results
 * concatenated (inner_product: its one result).  OP:
 *     vec_mul vec_sqr vec_add vec_sub vec_mul_scalar (c = B[0])
 *     inner_product
 *     x8_mul x8_sqr x8_add x8_sub (N = 8: x8_load a and b, the op, x8_store)
 *     x8_chain (N = 8: r = (a*b + a)^2 - b, through the lane form only)
 * Every op runs three times: into a separate array, in place on a, and in
 * place on b (or with r among the inputs, for inner_product); a difference
 * answers "fail alias", a byte written past the separate run's result (up to
 * 64 elements after it) "fail overrun".  The back end is LIMBFORGE_BACKEND's (exit 77 when
 * the CPU cannot run it). */
#include "../common/pipe.h"
#include "limbforge/fields.h"

#define MAXN 16400 /* inner_product: vec_oracle.IP_N */
#define MAXK 64
#define MAXB 128

typedef int (*vec_fn)(int op, size_t n, const uint8_t *as, const uint8_t *bs, size_t k,
                      uint8_t *out);

static const char *const ops[] = {"vec_mul",       "vec_sqr", "vec_add", "vec_sub",
                                  "vec_mul_scalar", "inner_product", "x8_mul", "x8_sqr",
                                  "x8_add",        "x8_sub",  "x8_chain"};
#define NOPS ((int)(sizeof ops / sizeof ops[0]))

/* returns 0, 1 when the aliased runs differ, 2 when the separate run wrote
 * past its result */
#define DRV(f, NL, NB)                                                                         \
    static lf_##f##_t f##_a[MAXN], f##_b[MAXN], f##_r[3][MAXN];                                \
    static void f##_run(int op, size_t n, lf_##f##_t *r, lf_##f##_t *a, lf_##f##_t *b)         \
    {                                                                                          \
        lf_##f##_x8_t xa, xb, xr;                                                              \
        switch (op) {                                                                          \
        case 0: lf_##f##_vec_mul(r, a, b, n); break;                                           \
        case 1: lf_##f##_vec_sqr(r, a, n); break;                                              \
        case 2: lf_##f##_vec_add(r, a, b, n); break;                                           \
        case 3: lf_##f##_vec_sub(r, a, b, n); break;                                           \
        case 4: {                                                                              \
            lf_##f##_t c = f##_b[0];                                                           \
            lf_##f##_vec_mul_scalar(r, a, &c, n);                                              \
            break;                                                                             \
        }                                                                                      \
        case 5: lf_##f##_inner_product(r, a, b, n); break;                                     \
        default:                                                                               \
            lf_##f##_x8_load(&xa, a);                                                          \
            lf_##f##_x8_load(&xb, b);                                                          \
            if (op == 6) lf_##f##_x8_mul(&xr, &xa, &xb);                                       \
            if (op == 7) lf_##f##_x8_sqr(&xr, &xa);                                            \
            if (op == 8) lf_##f##_x8_add(&xr, &xa, &xb);                                       \
            if (op == 9) lf_##f##_x8_sub(&xr, &xa, &xb);                                       \
            if (op == 10) {                                                                    \
                lf_##f##_x8_mul(&xr, &xa, &xb);                                                \
                lf_##f##_x8_add(&xr, &xr, &xa);                                                \
                lf_##f##_x8_sqr(&xr, &xr);                                                     \
                lf_##f##_x8_sub(&xr, &xr, &xb);                                                \
            }                                                                                  \
            lf_##f##_x8_store(r, &xr);                                                         \
        }                                                                                      \
    }                                                                                          \
    static int f##_vec(int op, size_t n, const uint8_t *as, const uint8_t *bs, size_t k,       \
                       uint8_t *out)                                                           \
    {                                                                                          \
        lf_##f##_t va[MAXK], vb[MAXK];                                                         \
        int bad = 0;                                                                           \
        for (size_t i = 0; i < k; i++)                                                         \
            if (lf_##f##_from_bytes(&va[i], as + i * NB) != LF_OK ||                           \
                lf_##f##_from_bytes(&vb[i], bs + i * NB) != LF_OK)                             \
                lf_pipe_die("input not below p");                                              \
        for (size_t i = 0; i < n; i++) {                                                       \
            f##_a[i] = va[i % k];                                                              \
            f##_b[i] = vb[(i + i / k) % k];                                                    \
        }                                                                                      \
        size_t nr = op == 5 ? 1 : n;                                                           \
        /* separate output (poisoned first) */                                                 \
        memset(f##_r[0], 0xa5, sizeof f##_r[0]);                                               \
        f##_run(op, n, f##_r[0], f##_a, f##_b);                                                \
        /* nothing written past the result (up to 64 elements checked) */                     \
        for (size_t i = nr * sizeof(lf_##f##_t);                                               \
             i < (nr + 64 < MAXN ? nr + 64 : MAXN) * sizeof(lf_##f##_t); i++)                  \
            if (((const uint8_t *)f##_r[0])[i] != 0xa5) return 2;                              \
        /* in place on a (inner_product: r = a[0]) */                                          \
        memcpy(f##_r[1], f##_a, n * sizeof(lf_##f##_t));                                       \
        if (op == 5)                                                                           \
            f##_run(op, n, &f##_r[1][0], f##_r[1], f##_b);                                     \
        else if (op < 6)                                                                       \
            f##_run(op, n, f##_r[1], f##_r[1], f##_b);                                         \
        else                                                                                   \
            f##_run(op, n, f##_r[1], f##_a, f##_b); /* x8: load/store take two types */        \
        /* in place on b (sqr, mul_scalar: on a again, a copy) */                              \
        memcpy(f##_r[2], (op == 1 || op == 4) ? f##_a : f##_b, n * sizeof(lf_##f##_t));        \
        if (op == 1 || op == 4)                                                                \
            f##_run(op, n, f##_r[2], f##_r[2], f##_b);                                         \
        else if (op == 5)                                                                      \
            f##_run(op, n, &f##_r[2][0], f##_a, f##_r[2]);                                     \
        else if (op < 6)                                                                       \
            f##_run(op, n, f##_r[2], f##_a, f##_r[2]);                                         \
        else                                                                                   \
            f##_run(op, n, f##_r[2], f##_a, f##_b);                                            \
        for (size_t i = 0; i < nr; i++) {                                                      \
            if (!lf_##f##_eq(&f##_r[0][i], &f##_r[1][i]) ||                                    \
                !lf_##f##_eq(&f##_r[0][i], &f##_r[2][i]))                                      \
                bad = 1;                                                                       \
            lf_##f##_to_bytes(out + i * NB, &f##_r[0][i]);                                     \
        }                                                                                      \
        return bad;                                                                            \
    }
LF_FIELDS_FOREACH(DRV)

typedef struct {
    const char *name;
    int nbytes;
    vec_fn fn;
} field_drv;
#define ENTRY(f, NL, NB) {#f, NB, f##_vec},
static const field_drv fields[] = {LF_FIELDS_FOREACH(ENTRY)};
#define NFIELDS ((int)(sizeof fields / sizeof fields[0]))

int main(void)
{
    static char line[8 * MAXK * MAXB + 256];
    static uint8_t as[MAXK * MAXB], bs[MAXK * MAXB], out[MAXN * MAXB];
    lf_pipe_req q;
    lf_pipe_start("vec_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        int k = 0, fi = 0;
        while (k < NOPS && strcmp(q.w[0], ops[k]) != 0) k++;
        if (k == NOPS) lf_pipe_die("unknown op %s", q.w[0]);
        lf_pipe_arity(&q, 4);
        while (fi < NFIELDS && strcmp(q.w[1], fields[fi].name) != 0) fi++;
        if (fi == NFIELDS) lf_pipe_die("unknown field %s", q.w[1]);
        const field_drv *f = &fields[fi];
        size_t n = (size_t)lf_pipe_int(q.w[2], 0, MAXN);
        size_t la = lf_pipe_hex_bytes(as, sizeof as, q.w[3]);
        size_t lb = lf_pipe_hex_bytes(bs, sizeof bs, q.w[4]);
        size_t nb = (size_t)f->nbytes, kk = la / nb;
        if (la != lb || la % nb || kk < 1 || kk > MAXK) lf_pipe_die("bad value lists");
        if (k >= 6 && n != 8) lf_pipe_die("x8 ops take N = 8");
        int bad = f->fn(k, n, as, bs, kk, out);
        if (bad) {
            lf_pipe_fail(bad == 2 ? "overrun: written past the result" : "alias");
            continue;
        }
        if (k == 5 || n > 0)
            lf_pipe_put_hex(out, k == 5 ? nb : n * nb);
        else
            lf_pipe_put("-");
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
