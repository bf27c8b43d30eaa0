/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Test driver: reads "op w0..w(N-1) v0..v(N-1)" lines (hex words, little
 * endian), runs kernel `op` of field LF_DRV_NAME with the name suffix
 * LF_DRV_SUFFIX (_<target>)
 * (ops 0..6 in fieldgen.OPS order, 7..12 fields.LAZY_OPS and 13..16
 * fields.POINT_OPS with LF_DRV_LAZY, the point kernels from their own file;
 * op 13, jdbl, reads and prints 3N words for a; ops 14..16, the point
 * additions jadd/jaddz/jaddc, read 3N words for a and 2N, 3N, 2N for b and
 * print 3N),
 * prints the result words.  Also runs each op in place (r aliasing a) and
 * checks both agree. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT5_(a, b, c, d, e) a##b##c##d##e
#define CAT5(a, b, c, d, e) CAT5_(a, b, c, d, e)
#define K(op) CAT5(lf_, LF_DRV_NAME, _, op, LF_DRV_SUFFIX)
#define N LF_DRV_N

void K(mul)(uint64_t *, const uint64_t *, const uint64_t *);
void K(sqr)(uint64_t *, const uint64_t *);
void K(add)(uint64_t *, const uint64_t *, const uint64_t *);
void K(sub)(uint64_t *, const uint64_t *, const uint64_t *);
void K(neg)(uint64_t *, const uint64_t *);
void K(to_internal)(uint64_t *, const uint64_t *);
void K(from_internal)(uint64_t *, const uint64_t *);

#ifdef LF_DRV_LAZY /* the lazy-form kernels, ops 7..13 */
void K(mul_lazy)(uint64_t *, const uint64_t *, const uint64_t *);
void K(sqr_lazy)(uint64_t *, const uint64_t *);
void K(add_lazy)(uint64_t *, const uint64_t *, const uint64_t *);
void K(sub_lazy)(uint64_t *, const uint64_t *, const uint64_t *);
void K(neg_lazy)(uint64_t *, const uint64_t *);
void K(normalize)(uint64_t *, const uint64_t *);
void K(jdbl)(uint64_t *, const uint64_t *); /* 3N words in and out */
void K(jadd)(uint64_t *, const uint64_t *, const uint64_t *);
void K(jaddz)(uint64_t *, const uint64_t *, const uint64_t *);
void K(jaddc)(uint64_t *, const uint64_t *, const uint64_t *);
#endif

static void run(int op, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    switch (op) {
#ifdef LF_DRV_LAZY
    case 7: K(mul_lazy)(r, a, b); break;
    case 8: K(sqr_lazy)(r, a); break;
    case 9: K(add_lazy)(r, a, b); break;
    case 10: K(sub_lazy)(r, a, b); break;
    case 11: K(neg_lazy)(r, a); break;
    case 12: K(normalize)(r, a); break;
    case 13: K(jdbl)(r, a); break;
    case 14: K(jadd)(r, a, b); break;
    case 15: K(jaddz)(r, a, b); break;
    case 16: K(jaddc)(r, a, b); break;
#endif
    case 0: K(mul)(r, a, b); break;
    case 1: K(sqr)(r, a); break;
    case 2: K(add)(r, a, b); break;
    case 3: K(sub)(r, a, b); break;
    case 4: K(neg)(r, a); break;
    case 5: K(to_internal)(r, a); break;
    case 6: K(from_internal)(r, a); break;
    default: exit(3);
    }
}

int main(void)
{
    int op;
    uint64_t a[3 * N] = {0}, b[3 * N], r[3 * N], r2[3 * N];
    while (scanf("%d", &op) == 1) {
        int na = op >= 13 ? 3 * N : N; /* jdbl, jadd*: a point (X, Y, Z) */
        int nb = op == 15 ? 3 * N : op == 14 || op == 16 ? 2 * N : N;
        size_t sz = (size_t)na * sizeof a[0];
        for (int i = 0; i < na; i++) if (scanf("%" SCNx64, &a[i]) != 1) return 2;
        for (int i = 0; i < nb; i++) if (scanf("%" SCNx64, &b[i]) != 1) return 2;
        memset(r, 0xa5, sizeof r);
        run(op, r, a, b);
        memcpy(r2, a, sz);                 /* in place: r == a */
        run(op, r2, r2, b);
        if (memcmp(r, r2, sz)) { printf("ALIAS\n"); continue; }
        if (op == 0 || op == 2 || op == 3 || op == 7 || op == 9 || op == 10) { /* r == b, r == a == b */
            memcpy(r2, b, N * sizeof b[0]);
            run(op, r2, a, r2);
            uint64_t aa[N], r3[N];
            memcpy(aa, a, sizeof aa);
            run(op, r3, aa, aa);
            memcpy(aa, a, sizeof aa);
            run(op, aa, aa, aa);
            if (memcmp(r, r2, N * sizeof b[0]) || memcmp(r3, aa, sizeof r3)) { printf("ALIAS\n"); continue; }
        }
        for (int i = 0; i < na; i++) printf("%" PRIx64 "%c", r[i], i == na - 1 ? '\n' : ' ');
    }
    return 0;
}
