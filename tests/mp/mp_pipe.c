/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp_pipe: a calculator over the mp API, driven by tests/mp/mp_oracle.py,
 * which checks every answer against Python ints, through the line format of
 * tests/common/pipe.h.  No GMP needed, so it runs natively and under
 * qemu-user alike.
 *
 * Numbers are big-endian hex of exactly the stated limb count (n limbs: 16 n
 * digits); n, t, len, el, bulk and f are decimal.  Requests and answers:
 *   mul n A B            -> rc R[2n]          (also sqr n A, mullo n A B -> rc R[n])
 *   kmul n t A B         -> rc R[2n]   Karatsuba forced above t limbs (ksqr n t A)
 *   add n A B / sub n A B -> rc R C     (C: the carry / borrow, decimal)
 *   cmov n R A f         -> rc R        cmp n A B -> rc c
 *   frombytes n HEX      -> rc R        tobytes n len A -> rc HEX ("-" when len is 0)
 *   mont n M A B         -> rc_init rc (A*B mod M via to/mul/from) (A^2 mod M via to/sqr/from)
 *   redc n M T bulk      -> rc R        (T < M R; bulk=1 forces the multiplication path)
 *   modexp n M B el E    -> rc R
 *   modexp2 n M1 B1 M2 B2 el E1 E2 -> rc R1 R2   the two exponentiations of
 *                           the RSA-CRT halves (lf_mp_mexp2: one 2-way pass on
 *                           avx512ifma at its sizes), Bi^Ei mod Mi; rc is the
 *                           contexts' (OR); the results alias the bases
 *   rsa h E P Q DP DQ QI C -> rc_init kz rc R[2h]   (E decimal; kz = 1 if the
 *                           key is all zero after lf_mp_rsa_key_init; r aliases c,
 *                           so R = C when nothing is written)
 *   rsaf h W B E P Q DP DQ QI C -> rc R[2h]   the fault hook flips bit B of m1
 *                           (W = 1) or m2 (W = 2) (W = 0: the hook runs, flips
 *                           nothing); the key must load
 *   badlen               -> 0, or "fail WHAT": the length/argument error checks
 * Exit 77 if LIMBFORGE_BACKEND names a back end this CPU cannot run. */
#include "../common/pipe.h"
#include "limbforge/mp.h"
#include "mp/mp_internal.h"

#define MAXL LF_MP_MAX_LIMBS

/* the fault hook of rsaf: flip bit fault_bit of m1 or m2 */
static int fault_which;
static size_t fault_bit;

static void flip_bit(uint64_t *m1, uint64_t *m2, size_t h)
{
    (void)h;
    uint64_t *m = fault_which == 1 ? m1 : m2;
    if (fault_which) m[fault_bit / 64] ^= UINT64_C(1) << (fault_bit % 64);
}

static int all_zero(const void *p, size_t len)
{
    const unsigned char *b = p;
    unsigned char acc = 0;
    for (size_t i = 0; i < len; i++) acc |= b[i];
    return acc == 0;
}

/* NULL if every check holds, else what failed */
static const char *badlen(void)
{
    uint64_t a[2 * MAXL + 2] = {0}, b[MAXL + 1] = {0}, r[2 * MAXL + 2], c;
    int x;
    uint8_t buf[16];
    lf_mp_mont_ctx ctx;
    static char why[64];
    const size_t bad[] = {0, MAXL + 1, (size_t)-1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = bad[i];
        if (lf_mp_mul(r, a, b, n) != LF_ERR_PARAM || lf_mp_sqr(r, a, n) != LF_ERR_PARAM ||
            lf_mp_mul_lo(r, a, b, n) != LF_ERR_PARAM || lf_mp_add(r, &c, a, b, n) != LF_ERR_PARAM ||
            lf_mp_sub(r, &c, a, b, n) != LF_ERR_PARAM || lf_mp_cmov(r, a, 1, n) != LF_ERR_PARAM ||
            lf_mp_cmp(&x, a, b, n) != LF_ERR_PARAM || lf_mp_from_bytes(r, n, buf, 4) != LF_ERR_PARAM ||
            lf_mp_to_bytes(buf, 4, a, n) != LF_ERR_PARAM)
            return snprintf(why, sizeof why, "bad length %zu accepted", n), why;
        b[0] = 3;
        if (lf_mp_mont_init(&ctx, b, n) != LF_ERR_PARAM)
            return snprintf(why, sizeof why, "mont_init n=%zu accepted", n), why;
    }
    if (lf_mp_mul(NULL, a, b, 1) != LF_ERR_PARAM) return "NULL accepted";
    /* RSA: bad h and NULL pointers refused, key zeroed; a zeroed key refused */
    {
        static lf_mp_rsa_key k;
        const size_t hs[] = {0, MAXL / 2 + 1, (size_t)-1};
        b[0] = 3;
        for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
            memset(&k, 0x55, sizeof k);
            if (lf_mp_rsa_key_init(&k, 3, b, b, a, a, a, hs[i]) != LF_ERR_PARAM || k.h != 0)
                return snprintf(why, sizeof why, "rsa_key_init h=%zu accepted", hs[i]), why;
        }
        if (lf_mp_rsa_key_init(&k, 3, NULL, b, a, a, a, 1) != LF_ERR_PARAM ||
            lf_mp_rsa_key_init(&k, 3, b, b, a, a, NULL, 1) != LF_ERR_PARAM ||
            lf_mp_rsa_key_init(NULL, 3, b, b, a, a, a, 1) != LF_ERR_PARAM)
            return "rsa_key_init NULL accepted";
        r[0] = 99;
        if (lf_mp_rsa_private_crt(r, a, &k) != LF_ERR_PARAM || r[0] != 99 ||
            lf_mp_rsa_private_crt(r, a, NULL) != LF_ERR_PARAM ||
            lf_mp_rsa_private_crt(r, NULL, &k) != LF_ERR_PARAM)
            return "rsa_private_crt: zeroed key or NULL accepted";
    }
    /* even, zero and one moduli */
    uint64_t m[4] = {0, 0, 0, 0};
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return "zero modulus accepted";
    m[3] = 5;
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return "even modulus accepted";
    if (ctx.n != 0 || ctx.m[3] != 0) return "ctx not zeroed on error";
    m[3] = 0, m[0] = 1;
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return "modulus 1 accepted";
    m[0] = 7;
    if (lf_mp_mont_init(&ctx, m, 1) != LF_OK) return "modulus 7 rejected";
    uint64_t e = 3, base = 7;
    r[0] = 99;
    if (lf_mp_modexp(r, &base, &e, 1, &ctx) != LF_ERR_RANGE || r[0] != 0) return "base = m accepted";
    base = 6;
    if (lf_mp_modexp(r, &base, &e, 0, &ctx) != LF_ERR_PARAM) return "exp_limbs 0 accepted";
    if (lf_mp_modexp(r, &base, &e, 1, &ctx) != LF_OK || r[0] != 6) return "6^3 mod 7";
    base = 8;
    if (lf_mp_mont_mul(r, &base, &e, &ctx) != LF_ERR_RANGE || lf_mp_mont_to_internal(r, &base, &ctx) != LF_ERR_RANGE)
        return "mont input >= m accepted";
    /* exact aliasing where documented */
    a[0] = ~0ull, b[0] = 1;
    if (lf_mp_add(a, &c, a, b, 1) != LF_OK || a[0] != 0 || c != 1) return "add alias";
    base = 3;
    if (lf_mp_modexp(&base, &base, &e, 1, &ctx) != LF_OK || base != 27 % 7) return "modexp alias";
    return NULL;
}

int main(void)
{
    static char line[1 << 16];
    static uint64_t A[2 * MAXL], B[2 * MAXL], C[2 * MAXL], D[MAXL], E[MAXL], F[MAXL], R[2 * MAXL];
    static uint64_t scratch[LF_MP_SCRATCH(MAXL)];
    static lf_mp_mont_ctx ctx;
    static lf_mp_rsa_key key;
    static uint8_t bytes[8 * MAXL + 64];
    lf_pipe_req q;
    lf_pipe_start("mp_pipe");
    fprintf(stderr, "mp_pipe: back end %s (kernels of %s)\n", lf_backend_name(lf_backend_current()),
            lf_mp_k()->target);
    while (lf_pipe_read(&q, line, sizeof line)) {
        const char *op = q.w[0];
        char **w = q.w;
        if (!strcmp(op, "badlen")) {
            lf_pipe_arity(&q, 0);
            const char *why = badlen();
            if (why) lf_pipe_fail(why);
            else lf_pipe_put_int(0), lf_pipe_end();
            continue;
        }
        if (q.n < 2) lf_pipe_die("%s: no length", op);
        size_t n = (size_t)lf_pipe_int(w[1], 1, MAXL);
        if (!strcmp(op, "mul") || !strcmp(op, "mullo") || !strcmp(op, "sqr")) {
            int sqr = !strcmp(op, "sqr"), lo = !strcmp(op, "mullo");
            lf_pipe_arity(&q, sqr ? 2 : 3);
            lf_pipe_hex_limbs(A, n, w[2]);
            if (!sqr) lf_pipe_hex_limbs(B, n, w[3]);
            int rc = sqr ? lf_mp_sqr(R, A, n) : lo ? lf_mp_mul_lo(R, A, B, n) : lf_mp_mul(R, A, B, n);
            lf_pipe_put_int(rc);
            lf_pipe_put_limbs(R, lo ? n : 2 * n);
        } else if (!strcmp(op, "kmul") || !strcmp(op, "ksqr")) {
            int sqr = op[1] == 's';
            lf_pipe_arity(&q, sqr ? 3 : 4);
            int t = (int)lf_pipe_int(w[2], 0, MAXL);
            lf_pipe_hex_limbs(A, n, w[3]);
            if (!sqr) {
                lf_pipe_hex_limbs(B, n, w[4]);
                lf_mp_mul_rec(lf_mp_k(), R, A, B, n, t, scratch);
            } else {
                lf_mp_sqr_rec(lf_mp_k(), R, A, n, t, scratch);
            }
            lf_pipe_put_int(0);
            lf_pipe_put_limbs(R, 2 * n);
        } else if (!strcmp(op, "add") || !strcmp(op, "sub")) {
            uint64_t c = 7;
            lf_pipe_arity(&q, 3);
            lf_pipe_hex_limbs(A, n, w[2]);
            lf_pipe_hex_limbs(B, n, w[3]);
            lf_pipe_put_int(op[0] == 'a' ? lf_mp_add(R, &c, A, B, n) : lf_mp_sub(R, &c, A, B, n));
            lf_pipe_put_limbs(R, n);
            lf_pipe_put_u64(c);
        } else if (!strcmp(op, "cmov")) {
            lf_pipe_arity(&q, 4);
            lf_pipe_hex_limbs(R, n, w[2]);
            lf_pipe_hex_limbs(A, n, w[3]);
            lf_pipe_put_int(lf_mp_cmov(R, A, lf_pipe_u64(w[4]), n));
            lf_pipe_put_limbs(R, n);
        } else if (!strcmp(op, "cmp")) {
            int c = 5;
            lf_pipe_arity(&q, 3);
            lf_pipe_hex_limbs(A, n, w[2]);
            lf_pipe_hex_limbs(B, n, w[3]);
            lf_pipe_put_int(lf_mp_cmp(&c, A, B, n));
            lf_pipe_put_int(c);
        } else if (!strcmp(op, "frombytes")) {
            lf_pipe_arity(&q, 2);
            size_t len = lf_pipe_hex_bytes(bytes, sizeof bytes, w[2]);
            memset(R, 0x55, 8 * n);
            lf_pipe_put_int(lf_mp_from_bytes(R, n, bytes, len));
            lf_pipe_put_limbs(R, n);
        } else if (!strcmp(op, "tobytes")) {
            lf_pipe_arity(&q, 3);
            size_t len = (size_t)lf_pipe_int(w[2], 0, (long)sizeof bytes);
            lf_pipe_hex_limbs(A, n, w[3]);
            memset(bytes, 0x55, len);
            lf_pipe_put_int(lf_mp_to_bytes(bytes, len, A, n));
            lf_pipe_put_hex(bytes, len);
        } else if (!strcmp(op, "mont")) {
            lf_pipe_arity(&q, 4);
            lf_pipe_hex_limbs(D, n, w[2]);
            lf_pipe_hex_limbs(A, n, w[3]);
            lf_pipe_hex_limbs(B, n, w[4]);
            int r0 = lf_mp_mont_init(&ctx, D, n);
            int r1 = lf_mp_mont_to_internal(A, A, &ctx) | lf_mp_mont_to_internal(B, B, &ctx);
            r1 |= lf_mp_mont_mul(R, A, B, &ctx) | lf_mp_mont_from_internal(R, R, &ctx);
            r1 |= lf_mp_mont_sqr(C, A, &ctx) | lf_mp_mont_from_internal(C, C, &ctx);
            lf_pipe_put_int(r0);
            lf_pipe_put_int(r1);
            lf_pipe_put_limbs(R, n);
            lf_pipe_put_limbs(C, n);
        } else if (!strcmp(op, "redc")) {
            lf_pipe_arity(&q, 4);
            lf_pipe_hex_limbs(D, n, w[2]);
            lf_pipe_hex_limbs(A, 2 * n, w[3]);
            int bulk = (int)lf_pipe_int(w[4], 0, 1);
            int rc = lf_mp_mont_init(&ctx, D, n);
            lf_mp_kernels k = *lf_mp_k();
            if (bulk) k.redc_max = 0;
            lf_mp_redc_k(&k, R, A, &ctx);
            lf_pipe_put_int(rc);
            lf_pipe_put_limbs(R, n);
        } else if (!strcmp(op, "modexp")) {
            lf_pipe_arity(&q, 5);
            lf_pipe_hex_limbs(D, n, w[2]);
            lf_pipe_hex_limbs(A, n, w[3]);
            size_t el = (size_t)lf_pipe_int(w[4], 1, MAXL);
            lf_pipe_hex_limbs(E, el, w[5]);
            int r0 = lf_mp_mont_init(&ctx, D, n);
            memset(R, 0x55, 8 * n);
            int rc = lf_mp_modexp(R, A, E, el, &ctx);
            lf_pipe_put_int(r0 | rc);
            lf_pipe_put_limbs(R, n);
        } else if (!strcmp(op, "modexp2")) {
            static lf_mp_mont_ctx ctx2;
            lf_pipe_arity(&q, 8);
            lf_pipe_hex_limbs(D, n, w[2]);
            lf_pipe_hex_limbs(A, n, w[3]);
            lf_pipe_hex_limbs(F, n, w[4]);
            lf_pipe_hex_limbs(B, n, w[5]);
            size_t el = (size_t)lf_pipe_int(w[6], 1, MAXL);
            lf_pipe_hex_limbs(E, el, w[7]);
            lf_pipe_hex_limbs(C, el, w[8]);
            int r0 = lf_mp_mont_init(&ctx, D, n) | lf_mp_mont_init(&ctx2, F, n);
            if (r0 != LF_OK) {
                lf_pipe_fail("modexp2: a modulus was refused");
                continue;
            }
            lf_mp_mmul(A, A, ctx.rr, &ctx);  /* B R mod M: B < R, rr < M */
            lf_mp_mmul(B, B, ctx2.rr, &ctx2);
            lf_mp_mexp2(A, A, E, &ctx, B, B, C, &ctx2, el);
            memset(R, 0, 16 * n);
            memcpy(R, A, 8 * n);
            lf_mp_redc(A, R, &ctx);
            memcpy(R, B, 8 * n);
            lf_mp_redc(B, R, &ctx2);
            lf_pipe_put_int(r0);
            lf_pipe_put_limbs(A, n);
            lf_pipe_put_limbs(B, n);
        } else if (!strcmp(op, "rsa") || !strcmp(op, "rsaf")) {
            size_t h = n;
            int fault = op[3] == 'f';
            lf_pipe_arity(&q, fault ? 10 : 8);
            if (h > MAXL / 2) lf_pipe_die("rsa: h %zu > %d", h, MAXL / 2);
            if (fault) {
                fault_which = (int)lf_pipe_int(w[2], 0, 2);
                fault_bit = (size_t)lf_pipe_int(w[3], 0, 64 * (long)h - 1);
                w += 2;
            }
            uint64_t e = lf_pipe_u64(w[2]);
            lf_pipe_hex_limbs(A, h, w[3]);
            lf_pipe_hex_limbs(B, h, w[4]);
            lf_pipe_hex_limbs(D, h, w[5]);
            lf_pipe_hex_limbs(E, h, w[6]);
            lf_pipe_hex_limbs(F, h, w[7]);
            lf_pipe_hex_limbs(C, 2 * h, w[8]);
            memset(&key, 0x55, sizeof key);
            int r0 = lf_mp_rsa_key_init(&key, e, A, B, D, E, F, h);
            if (fault && r0 != LF_OK) {
                lf_pipe_fail("rsaf: the key did not load");
                continue;
            }
            if (fault) lf_mp_rsa_fault_hook = flip_bit;
            int rc = lf_mp_rsa_private_crt(C, C, &key); /* r aliases c */
            lf_mp_rsa_fault_hook = NULL;
            if (!fault) {
                lf_pipe_put_int(r0);
                lf_pipe_put_int(all_zero(&key, sizeof key));
            }
            lf_pipe_put_int(rc);
            lf_pipe_put_limbs(C, 2 * h);
        } else {
            lf_pipe_die("unknown request %s", op);
        }
        lf_pipe_end();
    }
    return lf_pipe_finish();
}
