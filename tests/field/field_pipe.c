/* Field ops driven by a Python-int oracle (tests/field/field_oracle.py).
 *
 * Needs no bignum library, so the same test runs natively and under
 * qemu-user on every cross target.  Reads lines from stdin:
 *     <field index> <op> <a hex> <b hex>
 * (canonical values, big-endian hex of the field's byte length; the index is
 * the position in LF_FIELDS_FOREACH) and prints one line per request:
 *     mul sqr add sub neg inv inv_var   result as hex (to_bytes)
 *     sqrt                              "<0|1> <hex>"
 *     from_bytes                        "<rc> <hex of the element read back>"
 * Every op also runs in place (r aliasing a); a difference prints "ALIAS".
 * The back end is the one LIMBFORGE_BACKEND selects (exit 77 when the CPU
 * cannot run it: ctest's skip code). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/fields.h"
#include "limbforge/limbforge.h"

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

static const char *const ops[] = {"mul", "sqr", "add", "sub", "neg", "inv", "inv_var",
                                  "sqrt", "from_bytes"};

static int unhex(uint8_t *out, int nb, const char *s)
{
    if ((int)strlen(s) != 2 * nb) return -1;
    for (int i = 0; i < nb; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static void puthex(const uint8_t *b, int nb)
{
    static const char d[] = "0123456789abcdef";
    char buf[2 * MAXB + 1];
    for (int i = 0; i < nb; i++) buf[2 * i] = d[b[i] >> 4], buf[2 * i + 1] = d[b[i] & 15];
    buf[2 * nb] = 0;
    fputs(buf, stdout);
}

int main(void)
{
    const char *want = getenv("LIMBFORGE_BACKEND");
    if (want && *want && lf_backend_set(want) == LF_ERR_UNAVAILABLE) return 77;
    static char line[4 * MAXB + 64];
    char op[16], ah[2 * MAXB + 2], bh[2 * MAXB + 2];
    uint8_t a[MAXB], b[MAXB], r[MAXB];
    int fi;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%d %15s %257s %257s", &fi, op, ah, bh) != 4 || fi < 0 || fi >= NFIELDS) {
            fprintf(stderr, "field_pipe: bad request: %s", line);
            return 2;
        }
        const field_drv *f = &fields[fi];
        if (unhex(a, f->nbytes, ah) || unhex(b, f->nbytes, bh)) {
            fprintf(stderr, "field_pipe: bad hex: %s", line);
            return 2;
        }
        int k = 0;
        while (k < 9 && strcmp(op, ops[k]) != 0) k++;
        int alias_bad = 0;
        if (k < 7) {
            f->bin(k, r, a, b, &alias_bad);
            if (alias_bad) { puts("ALIAS"); continue; }
            puthex(r, f->nbytes);
        } else if (k == 7) {
            printf("%d ", f->sqrt(r, a));
            puthex(r, f->nbytes);
        } else if (k == 8) {
            printf("%d ", f->from_bytes(r, a));
            puthex(r, f->nbytes);
        } else {
            fprintf(stderr, "field_pipe: unknown op %s\n", op);
            return 2;
        }
        putchar('\n');
    }
    printf("backend %s\n", lf_backend_name(lf_backend_current()));
    return 0;
}
