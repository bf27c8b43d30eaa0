/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Field ops driven by a Python-int oracle (tests/field/field_oracle.py),
 * through the line format of tests/common/pipe.h.
 *
 * Needs no bignum library, so the same test runs natively and under
 * qemu-user on every cross target.  Requests (A, B: canonical values,
 * big-endian hex of the field's byte length; FIELD: a built-in field's name):
 *     mul|add|sub FIELD A B                   -> R        (hex, to_bytes)
 *     sqr|neg|inv|inv_var FIELD A             -> R
 *     sqrt FIELD A                            -> OK R     (OK: 0 or 1)
 *     from_bytes FIELD A                      -> RC R     (A may be >= p; R: the
 *                                                element read back, raw limbs
 *                                                after an error: must be zero)
 * Every op except sqrt and from_bytes also runs in place (r aliasing a); a
 * difference answers "fail alias".  The back end is the one LIMBFORGE_BACKEND
 * selects (exit 77 when the CPU cannot run it: ctest's skip code). */
#include "../common/pipe.h"
#include "limbforge/fields.h"

#define MAXB 128

typedef struct {
    const char *name;
    int nbytes;
    void (*bin)(int op, uint8_t *out, const uint8_t *a, const uint8_t *b, int *alias_bad);
    int (*sqrt)(uint8_t *out, const uint8_t *a);
    int (*from_bytes)(uint8_t *out, const uint8_t *a);
} field_drv;

/* op: 0 mul, 1 sqr, 2 add, 3 sub, 4 neg, 5 inv, 6 inv_var */
#define DRV(f, NL, NB)                                                                    \
    static void f##_bin(int op, uint8_t *out, const uint8_t *ab, const uint8_t *bb,       \
                        int *alias_bad)                                                    \
    {                                                                                      \
        lf_##f##_t a, b, r, s;                                                             \
        if (lf_##f##_from_bytes(&a, ab) != LF_OK || lf_##f##_from_bytes(&b, bb) != LF_OK) \
            abort();                                                                       \
        s = a;                                                                             \
        switch (op) {                                                                      \
        case 0: lf_##f##_mul(&r, &a, &b); lf_##f##_mul(&s, &s, &b); break;                 \
        case 1: lf_##f##_sqr(&r, &a); lf_##f##_sqr(&s, &s); break;                         \
        case 2: lf_##f##_add(&r, &a, &b); lf_##f##_add(&s, &s, &b); break;                 \
        case 3: lf_##f##_sub(&r, &a, &b); lf_##f##_sub(&s, &s, &b); break;                 \
        case 4: lf_##f##_neg(&r, &a); lf_##f##_neg(&s, &s); break;                         \
        case 5: lf_##f##_inv(&r, &a); lf_##f##_inv(&s, &s); break;                         \
        default: lf_##f##_inv_var(&r, &a); lf_##f##_inv_var(&s, &s); break;                \
        }                                                                                  \
        if (!lf_##f##_eq(&r, &s)) *alias_bad = 1;                                          \
        lf_##f##_to_bytes(out, &r);                                                        \
    }                                                                                      \
    static int f##_sqrt(uint8_t *out, const uint8_t *ab)                                   \
    {                                                                                      \
        lf_##f##_t a, r;                                                                   \
        if (lf_##f##_from_bytes(&a, ab) != LF_OK) abort();                                 \
        int ok = lf_##f##_sqrt(&r, &a);                                                    \
        lf_##f##_to_bytes(out, &r);                                                        \
        return ok;                                                                         \
    }                                                                                      \
    static int f##_from_bytes(uint8_t *out, const uint8_t *ab)                             \
    {                                                                                      \
        lf_##f##_t r;                                                                      \
        memset(&r, 0xa5, sizeof r);                                                        \
        int rc = lf_##f##_from_bytes(&r, ab);                                              \
        /* read the limbs back raw: after an error they must be zero */                    \
        for (int i = 0; i < NB; i++)                                                       \
            out[NB - 1 - i] = (uint8_t)(r.v[i / 8] >> (8 * (i % 8)));                      \
        if (rc == LF_OK) lf_##f##_to_bytes(out, &r);                                       \
        return rc;                                                                         \
    }
LF_FIELDS_FOREACH(DRV)
#define ENTRY(f, NL, NB) {#f, NB, f##_bin, f##_sqrt, f##_from_bytes},
static const field_drv fields[] = {LF_FIELDS_FOREACH(ENTRY)};
#define NFIELDS ((int)(sizeof fields / sizeof fields[0]))

/* ops 0..6 go through bin (0, 2, 3 binary), 7 sqrt, 8 from_bytes */
static const char *const ops[] = {"mul", "sqr", "add", "sub", "neg", "inv", "inv_var",
                                  "sqrt", "from_bytes"};

int main(void)
{
    static char line[4 * MAXB + 64];
    uint8_t a[MAXB], b[MAXB], r[MAXB];
    lf_pipe_req q;
    lf_pipe_start("field_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        int k = 0, fi = 0;
        while (k < 9 && strcmp(q.w[0], ops[k]) != 0) k++;
        if (k == 9) lf_pipe_die("unknown op %s", q.w[0]);
        int binary = k == 0 || k == 2 || k == 3;
        lf_pipe_arity(&q, binary ? 3 : 2);
        while (fi < NFIELDS && strcmp(q.w[1], fields[fi].name) != 0) fi++;
        if (fi == NFIELDS) lf_pipe_die("unknown field %s", q.w[1]);
        const field_drv *f = &fields[fi];
        lf_pipe_hex_be(a, (size_t)f->nbytes, q.w[2]);
        if (binary) lf_pipe_hex_be(b, (size_t)f->nbytes, q.w[3]);
        else memcpy(b, a, (size_t)f->nbytes);
        if (k < 7) {
            int alias_bad = 0;
            f->bin(k, r, a, b, &alias_bad);
            if (alias_bad) {
                lf_pipe_fail("alias");
                continue;
            }
        } else {
            lf_pipe_put_int(k == 7 ? f->sqrt(r, a) : f->from_bytes(r, a));
        }
        lf_pipe_put_hex(r, (size_t)f->nbytes);
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
