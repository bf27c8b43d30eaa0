/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Test driver: reads "op w0..w(N-1) v0..v(N-1)" lines (hex words, little
 * endian), runs kernel `op` of field LF_DRV_NAME for target LF_DRV_TARGET,
 * prints the result words.  Also runs each op in place (r aliasing a) and
 * checks both agree. */
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

static void run(int op, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    switch (op) {
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
    uint64_t a[N], b[N], r[N], r2[N];
    while (scanf("%d", &op) == 1) {
        for (int i = 0; i < N; i++) if (scanf("%lx", &a[i]) != 1) return 2;
        for (int i = 0; i < N; i++) if (scanf("%lx", &b[i]) != 1) return 2;
        memset(r, 0xa5, sizeof r);
        run(op, r, a, b);
        memcpy(r2, a, sizeof r2);          /* in place: r == a */
        run(op, r2, r2, b);
        if (memcmp(r, r2, sizeof r)) { printf("ALIAS\n"); continue; }
        if (op == 0 || op == 2 || op == 3) { /* r == b, and r == a == b */
            memcpy(r2, b, sizeof r2);
            run(op, r2, a, r2);
            uint64_t aa[N], r3[N];
            memcpy(aa, a, sizeof aa);
            run(op, r3, aa, aa);
            memcpy(aa, a, sizeof aa);
            run(op, aa, aa, aa);
            if (memcmp(r, r2, sizeof r) || memcmp(r3, aa, sizeof r3)) { printf("ALIAS\n"); continue; }
        }
        for (int i = 0; i < N; i++) printf("%lx%c", r[i], i == N - 1 ? '\n' : ' ');
    }
    return 0;
}
