/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sg_pipe: a driver of src/modinv, checked against Python ints (pow(x, -1,
 * p)) by tests/modinv/sg_oracle.py through the line format of
 * tests/common/pipe.h.  No GMP needed, so it runs natively and under
 * qemu-user alike.
 *
 * Numbers are big-endian hex of exactly 16 n digits (n limbs; for init with
 * n outside [1, 128], P has 16 clamp(n, 1, 128) digits: the limbs passed);
 * n, bits, k and return codes are decimal.  Requests and answers:
 *   init n bits P   -> rc              lf_sg_mod_init(p, n, bits) only
 *   inv n bits P X  -> rc R_ct R_var   run-time descriptor: lf_sg_inv and
 *                      lf_sg_inv_var (R only when rc is 0); each is also run
 *                      in place (r == x) and compared here: "fail ..." if
 *                      the in-place result differs
 *   consts          -> K n_0 bits_0 P_0 ... n_K-1 bits_K-1 P_K-1
 *                      the K static descriptors (LF_SG_MOD_CONST)
 *   cinv k X        -> R_ct R_var      the inline core with the k-th static
 *                      descriptor, a compile-time constant (as the fields
 *                      use it); X and R of that descriptor's n limbs
 *   ccheck          -> 0, or "fail ..." naming the first static descriptor
 *                      that differs from what lf_sg_mod_init builds from
 *                      its p (or that lf_sg_mod_init rejects)
 *   bshapes         -> K n_0 bits_0 ... n_K-1 bits_K-1
 *                      the shapes of src/modinv/bingcd.h instantiated here
 *                      (bg_shapes.h: n and bits are compile-time constants)
 *   binv k P X      -> R_asm R_c       lf_bg_inv_core for the k-th shape with
 *                      the prime P (< 2^bits, n limbs): the build's code (x86-64
 *                      asm when optimising; elsewhere the same portable C
 *                      again) and the portable C
 *                      (sg_pipe_bgc.c, LF_BG_NO_ASM); each also in place
 * Exit 77 if LIMBFORGE_BACKEND names a back end this CPU cannot run. */
#include "../common/pipe.h"
#include "modinv/safegcd.h"

#include "modinv/bingcd.h"
/* The build's own code is a second copy only where it is the x86-64 asm;
 * elsewhere it would be the portable C of sg_pipe_bgc.c once more, at -O3
 * (32 inlined shapes: 2.5 min of an i686 build, 30 s on aarch64), and the
 * fields do not use bingcd.h there, so both columns come from that file. */
#ifdef LF_BG_ASM
#define LF_BG_PREFIX a
#include "bg_shapes.h"
#undef LF_BG_PREFIX
#define LF_BG_OWN(n, bits) a_bg_##n##_##bits
#else
#define LF_BG_OWN(n, bits) c_bg_##n##_##bits
#endif
#define LF_BG_PREFIX c
#define LF_BG_DECL_ONLY
#include "bg_shapes.h"
#undef LF_BG_PREFIX

typedef void (*lf_bg_fn)(uint64_t *r, const uint64_t *x, const uint64_t *p);
static const struct {
    int n, bits;
    lf_bg_fn asm_, c;
} bshapes[] = {
#define LF_BG_ROW(n, bits) {n, bits, LF_BG_OWN(n, bits), c_bg_##n##_##bits},
    LF_BG_SHAPES(LF_BG_ROW)
#undef LF_BG_ROW
};
#define NBSHAPE ((int)(sizeof bshapes / sizeof bshapes[0]))

#define MAXN LF_SG_MAX_N64

/* Static descriptors, written as a compile-time-constant user (the coming
 * secp256k1 scalar field) writes them; p62 and pinv62 computed by Python. */
static const uint64_t P64_m61[1] = {UINT64_C(0x1fffffffffffffff)};
static const lf_sg_mod M_m61 = LF_SG_MOD_CONST(1, 61, UINT64_C(0x1fffffffffffffff),
    INT64_C(0x1fffffffffffffff), INT64_C(0x0000000000000000));
static const uint64_t P64_secp256k1_n[4] = {UINT64_C(0xbfd25e8cd0364141), UINT64_C(0xbaaedce6af48a03b), UINT64_C(0xfffffffffffffffe), UINT64_C(0xffffffffffffffff)};
static const lf_sg_mod M_secp256k1_n = LF_SG_MOD_CONST(4, 256, UINT64_C(0x34f20099aa774ec1),
    INT64_C(0x3fd25e8cd0364141), INT64_C(0x2abb739abd2280ee), INT64_C(0x3fffffffffffffeb), INT64_C(0x3fffffffffffffff), INT64_C(0x00000000000000ff));
static const uint64_t P64_m127[2] = {UINT64_C(0xffffffffffffffff), UINT64_C(0x7fffffffffffffff)};
static const lf_sg_mod M_m127 = LF_SG_MOD_CONST(2, 127, UINT64_C(0x3fffffffffffffff),
    INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x0000000000000007));
static const uint64_t P64_r185[3] = {UINT64_C(0x93447cbaed90dafd), UINT64_C(0x10adf3482c4b7d89), UINT64_C(0x01a12a8ef87b2317)};
static const lf_sg_mod M_r185 = LF_SG_MOD_CONST(3, 185, UINT64_C(0x2bba9727e0ff9255),
    INT64_C(0x13447cbaed90dafd), INT64_C(0x02b7cd20b12df626), INT64_C(0x1a12a8ef87b23171), INT64_C(0x0000000000000000));
static const uint64_t P64_m521[9] = {UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0xffffffffffffffff), UINT64_C(0x00000000000001ff)};
static const lf_sg_mod M_m521 = LF_SG_MOD_CONST(9, 521, UINT64_C(0x3fffffffffffffff),
    INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x3fffffffffffffff), INT64_C(0x0000000001ffffff));

/* One function per descriptor, so each gets the constant-folded core. */
#define CINV(name, bits)                                                            \
    static void cinv_##name(uint64_t *r, const uint64_t *x, int var)               \
    {                                                                               \
        int64_t w[LF_SG_WORK(LF_SG_N62(bits))];                                     \
        if (M_##name.n62 != LF_SG_N62(bits)) abort();                               \
        if (var) lf_sg_inv_core(&M_##name, r, x, w, 1);                             \
        else lf_sg_inv_core(&M_##name, r, x, w, 0);                                 \
    }
CINV(m61, 61)
CINV(secp256k1_n, 256)
CINV(m127, 127)
CINV(r185, 185)
CINV(m521, 521)

static const struct {
    const char *name;
    const lf_sg_mod *m;
    const uint64_t *p;
    void (*inv)(uint64_t *r, const uint64_t *x, int var);
} consts[] = {
#define C(name) {#name, &M_##name, P64_##name, cinv_##name}
    C(m61), C(secp256k1_n), C(m127), C(r185), C(m521),
#undef C
};
#define NCONST ((int)(sizeof consts / sizeof consts[0]))

static int same_mod(const lf_sg_mod *a, const lf_sg_mod *b)
{
    if (a->n != b->n || a->bits != b->bits || a->n62 != b->n62 || a->batches != b->batches ||
        a->pinv62 != b->pinv62)
        return 0;
    return memcmp(a->p62, b->p62, sizeof(int64_t) * (size_t)a->n62) == 0;
}

/* NULL if every static descriptor equals lf_sg_mod_init's, else which not */
static const char *ccheck(void)
{
    static lf_sg_mod m;
    static char why[96];
    for (int k = 0; k < NCONST; k++) {
        const lf_sg_mod *c = consts[k].m;
        if (lf_sg_mod_init(&m, consts[k].p, (size_t)c->n, (unsigned)c->bits) != LF_OK || !same_mod(&m, c)) {
            snprintf(why, sizeof why, "static descriptor %s differs from lf_sg_mod_init's", consts[k].name);
            return why;
        }
    }
    return NULL;
}

int main(void)
{
    static char line[1 << 16];
    static uint64_t p[MAXN], x[MAXN], rc_[MAXN], rv[MAXN], t[MAXN];
    static lf_sg_mod m;
    lf_pipe_req q;
    lf_pipe_start("sg_pipe");

    while (lf_pipe_read(&q, line, sizeof line)) {
        const char *op = q.w[0];
        char **w = q.w;
        if (!strcmp(op, "init") || !strcmp(op, "inv")) {
            int inv = !strcmp(op, "inv");
            lf_pipe_arity(&q, inv ? 4 : 3);
            /* init takes any n (lf_sg_mod_init must reject the bad ones);
             * the limbs read are n clamped to [1, MAXN] */
            size_t n = (size_t)lf_pipe_int(w[1], inv ? 1 : 0, inv ? MAXN : 1L << 20);
            unsigned bits = (unsigned)lf_pipe_int(w[2], 0, 1L << 20);
            size_t nr = n < 1 ? 1 : n > MAXN ? MAXN : n;
            lf_pipe_hex_limbs(p, nr, w[3]);
            if (inv) lf_pipe_hex_limbs(x, n, w[4]);
            int rc = lf_sg_mod_init(&m, p, n, bits);
            if (!inv || rc != LF_OK) {
                lf_pipe_put_int(rc);
                lf_pipe_end();
                continue;
            }
            lf_sg_inv(&m, rc_, x);
            lf_sg_inv_var(&m, rv, x);
            memcpy(t, x, 8 * n);
            lf_sg_inv(&m, t, t);
            if (memcmp(t, rc_, 8 * n)) {
                lf_pipe_fail("lf_sg_inv in place (r == x) differs from out of place");
                continue;
            }
            memcpy(t, x, 8 * n);
            lf_sg_inv_var(&m, t, t);
            if (memcmp(t, rv, 8 * n)) {
                lf_pipe_fail("lf_sg_inv_var in place (r == x) differs from out of place");
                continue;
            }
            lf_pipe_put_int(rc);
            lf_pipe_put_limbs(rc_, n);
            lf_pipe_put_limbs(rv, n);
            lf_pipe_end();
        } else if (!strcmp(op, "consts")) {
            lf_pipe_arity(&q, 0);
            lf_pipe_put_int(NCONST);
            for (int k = 0; k < NCONST; k++) {
                lf_pipe_put_int(consts[k].m->n);
                lf_pipe_put_int(consts[k].m->bits);
                lf_pipe_put_limbs(consts[k].p, (size_t)consts[k].m->n);
            }
            lf_pipe_end();
        } else if (!strcmp(op, "cinv")) {
            lf_pipe_arity(&q, 2);
            int k = (int)lf_pipe_int(w[1], 0, NCONST - 1);
            size_t n = (size_t)consts[k].m->n;
            lf_pipe_hex_limbs(x, n, w[2]);
            consts[k].inv(rc_, x, 0);
            consts[k].inv(rv, x, 1);
            lf_pipe_put_limbs(rc_, n);
            lf_pipe_put_limbs(rv, n);
            lf_pipe_end();
        } else if (!strcmp(op, "bshapes")) {
            lf_pipe_arity(&q, 0);
            lf_pipe_put_int(NBSHAPE);
            for (int k = 0; k < NBSHAPE; k++) {
                lf_pipe_put_int(bshapes[k].n);
                lf_pipe_put_int(bshapes[k].bits);
            }
            lf_pipe_end();
        } else if (!strcmp(op, "binv")) {
            lf_pipe_arity(&q, 3);
            int k = (int)lf_pipe_int(w[1], 0, NBSHAPE - 1);
            size_t n = (size_t)bshapes[k].n;
            lf_pipe_hex_limbs(p, n, w[2]);
            lf_pipe_hex_limbs(x, n, w[3]);
            bshapes[k].c(rv, x, p);
            if (bshapes[k].asm_ != bshapes[k].c) { /* else both columns are rv */
                bshapes[k].asm_(rc_, x, p);
                memcpy(t, x, 8 * n);
                bshapes[k].asm_(t, t, p);
                if (memcmp(t, rc_, 8 * n)) {
                    lf_pipe_fail("lf_bg_inv_core in place (r == x) differs from out of place");
                    continue;
                }
            } else {
                memcpy(rc_, rv, 8 * n);
            }
            memcpy(t, x, 8 * n);
            bshapes[k].c(t, t, p);
            if (memcmp(t, rv, 8 * n)) {
                lf_pipe_fail("lf_bg_inv_core (portable C) in place differs from out of place");
                continue;
            }
            lf_pipe_put_limbs(rc_, n);
            lf_pipe_put_limbs(rv, n);
            lf_pipe_end();
        } else if (!strcmp(op, "ccheck")) {
            lf_pipe_arity(&q, 0);
            const char *why = ccheck();
            if (why) lf_pipe_fail(why);
            else lf_pipe_put_int(0), lf_pipe_end();
        } else {
            lf_pipe_die("unknown request %s", op);
        }
    }
    return lf_pipe_finish();
}
