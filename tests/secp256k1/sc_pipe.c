/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sc_pipe: the secp256k1 scalars (src/secp256k1/scalar.h) behind the oracle
 * pipe (line format: tests/common/pipe.h; checks: sc_oracle.py).  Scalars
 * are 32-byte big-endian hex; operands of the arithmetic ops must be < n
 * (answer "fail input>=n" otherwise).  Every op also runs with the result
 * aliasing each input (and a == b) and answers "fail alias" on a mismatch.
 *   set B                -> OVF R          reduce B -> R
 *   add|sub|mul A B      -> R              sqr|neg A -> R
 *   inv A                -> R (ct == var checked here)
 *   is_zero|is_high A    -> F              eq A B -> F
 *   cmov A B F           -> R (A if !F)    cneg A F -> R
 *   split K              -> K1 K2          wnaf W K -> N D0 ... D(N-1)
 *   lambda               -> LAMBDA */
#include <string.h>

#include "../common/pipe.h"
#include "secp256k1/scalar.h"

static char buf[1 << 12];

static void get(lf_sc *r, const char *w)
{
    unsigned char b[32];
    lf_pipe_hex_be(b, 32, w);
    if (lf_sc_set_b32(r, b)) lf_pipe_die("operand >= n");
}

static void put(const lf_sc *a)
{
    unsigned char b[32];
    lf_sc_get_b32(b, a);
    lf_pipe_put_hex(b, 32);
}

typedef void (*op3)(lf_sc_k *, lf_sc *, const lf_sc *, const lf_sc *);
typedef void (*op2)(lf_sc_k *, lf_sc *, const lf_sc *);

/* r = f(a, b) out of place, then r aliasing a, b, and a == b == r */
static void run3(lf_sc_k *nk, op3 f, const lf_sc *a, const lf_sc *b)
{
    lf_sc r, t, u, v, aa;
    f(nk, &r, a, b);
    t = *a; f(nk, &t, &t, b);
    u = *b; f(nk, &u, a, &u);
    f(nk, &aa, a, a);
    v = *a; f(nk, &v, &v, &v);
    if (memcmp(&r, &t, sizeof r) || memcmp(&r, &u, sizeof r) || memcmp(&aa, &v, sizeof r)) {
        lf_pipe_fail("alias");
        return;
    }
    put(&r);
    lf_pipe_end();
}

static void run2(lf_sc_k *nk, op2 f, const lf_sc *a)
{
    lf_sc r, t = *a;
    f(nk, &r, a);
    f(nk, &t, &t);
    if (memcmp(&r, &t, sizeof r)) {
        lf_pipe_fail("alias");
        return;
    }
    put(&r);
    lf_pipe_end();
}

/* lf_sc_inv in run2's shape (it needs no kernels) */
static void inv(lf_sc_k *nk, lf_sc *r, const lf_sc *a)
{
    (void)nk;
    lf_sc_inv(r, a);
}

int main(void)
{
    lf_sc_k *nk = lf_sc_k_get();
    lf_pipe_req q;
    lf_pipe_start("sc_pipe");
    while (lf_pipe_read(&q, buf, sizeof buf)) {
        const char *op = q.w[0];
        lf_sc a, b, r, t;
        unsigned char bb[32];
        if (!strcmp(op, "set") || !strcmp(op, "reduce")) {
            lf_pipe_arity(&q, 1);
            lf_pipe_hex_be(bb, 32, q.w[1]);
            int ovf = lf_sc_set_b32(&r, bb);
            lf_sc_reduce32(&t, bb);
            if (memcmp(&r, &t, sizeof r)) { lf_pipe_fail("reduce!=set"); continue; }
            if (!strcmp(op, "set")) lf_pipe_put_int(ovf);
            put(&r);
            lf_pipe_end();
        } else if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul")) {
            lf_pipe_arity(&q, 2);
            get(&a, q.w[1]);
            get(&b, q.w[2]);
            run3(nk, op[0] == 'a' ? lf_sc_add : op[0] == 's' ? lf_sc_sub : lf_sc_mul, &a, &b);
        } else if (!strcmp(op, "sqr") || !strcmp(op, "neg")) {
            lf_pipe_arity(&q, 1);
            get(&a, q.w[1]);
            run2(nk, op[0] == 's' ? lf_sc_sqr : lf_sc_neg, &a);
        } else if (!strcmp(op, "inv")) {
            lf_pipe_arity(&q, 1);
            get(&a, q.w[1]);
            lf_sc_inv_var(&t, &a);
            b = a;
            lf_sc_inv_var(&b, &b);
            if (memcmp(&t, &b, sizeof t)) { lf_pipe_fail("alias_var"); continue; }
            lf_sc_inv(&r, &a);
            if (memcmp(&r, &t, sizeof r)) { lf_pipe_fail("ct!=var"); continue; }
            run2(nk, inv, &a);
        } else if (!strcmp(op, "is_zero") || !strcmp(op, "is_high")) {
            lf_pipe_arity(&q, 1);
            get(&a, q.w[1]);
            lf_pipe_put_int(op[3] == 'z' ? lf_sc_is_zero(&a) : lf_sc_is_high(&a));
            lf_pipe_end();
        } else if (!strcmp(op, "eq")) {
            lf_pipe_arity(&q, 2);
            get(&a, q.w[1]);
            get(&b, q.w[2]);
            if (lf_sc_eq(&a, &a) != 1) { lf_pipe_fail("eq(a,a)"); continue; }
            lf_pipe_put_int(lf_sc_eq(&a, &b));
            lf_pipe_end();
        } else if (!strcmp(op, "cmov")) {
            lf_pipe_arity(&q, 3);
            get(&a, q.w[1]);
            get(&b, q.w[2]);
            int f = (int)lf_pipe_int(q.w[3], 0, 1);
            r = a;
            lf_sc_cmov(&r, &b, f);
            t = a;
            lf_sc_cmov(&t, &t, f);
            if (memcmp(&t, &a, sizeof t)) { lf_pipe_fail("alias"); continue; }
            put(&r);
            lf_pipe_end();
        } else if (!strcmp(op, "cneg")) {
            lf_pipe_arity(&q, 2);
            get(&a, q.w[1]);
            int f = (int)lf_pipe_int(q.w[2], 0, 1);
            lf_sc_cond_negate(nk, &r, &a, f);
            t = a;
            lf_sc_cond_negate(nk, &t, &t, f);
            if (memcmp(&t, &r, sizeof t)) { lf_pipe_fail("alias"); continue; }
            put(&r);
            lf_pipe_end();
        } else if (!strcmp(op, "split")) {
            lf_pipe_arity(&q, 1);
            get(&a, q.w[1]);
            lf_sc_split_lambda(nk, &r, &t, &a);
            lf_sc k2;
            b = a;
            lf_sc_split_lambda(nk, &b, &k2, &b); /* k1 aliasing k */
            if (memcmp(&b, &r, sizeof b) || memcmp(&k2, &t, sizeof t)) {
                lf_pipe_fail("alias");
                continue;
            }
            b = a;
            lf_sc_split_lambda(nk, &k2, &b, &b); /* k2 aliasing k */
            if (memcmp(&k2, &r, sizeof b) || memcmp(&b, &t, sizeof t)) {
                lf_pipe_fail("alias2");
                continue;
            }
            put(&r);
            put(&t);
            lf_pipe_end();
        } else if (!strcmp(op, "wnaf")) {
            lf_pipe_arity(&q, 2);
            int w = (int)lf_pipe_int(q.w[1], 2, 31), d[LF_SC_WNAF_MAX];
            get(&a, q.w[2]);
            int n = lf_sc_wnaf_var(d, LF_SC_WNAF_MAX, &a, w);
            lf_pipe_put_int(n);
            for (int i = 0; i < n; i++) lf_pipe_put_int(d[i]);
            lf_pipe_end();
        } else if (!strcmp(op, "lambda")) {
            lf_pipe_arity(&q, 0);
            put(&lf_sc_lambda);
            lf_pipe_end();
        } else {
            lf_pipe_die("unknown op '%s'", op);
        }
    }
    return lf_pipe_finish();
}
