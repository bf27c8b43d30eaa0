/* mp_calc: a line-oriented calculator over the mp API, driven by
 * tests/mp/mp_oracle.py, which checks every answer against Python ints.
 * No GMP needed, so it runs natively and under qemu-user alike.
 *
 * Numbers are big-endian hex of exactly the stated limb count.  Requests
 * (one per line) and answers (one line each, space separated):
 *   mul n A B            -> rc R[2n]          (also sqr n A, mullo n A B -> R[n])
 *   kmul n t A B         -> rc R[2n]   Karatsuba forced above t limbs (ksqr n t A)
 *   add n A B / sub n A B -> rc R C
 *   cmov n R A f         -> rc R        cmp n A B -> rc c
 *   frombytes n HEX      -> rc R        tobytes n len A -> rc HEX
 *   mont n M A B         -> rc_init rc (A*B mod M via to/mul/from) (A^2 mod M via to/sqr/from)
 *   redc n M T bulk      -> rc R        (T < M R; bulk=1 forces the multiplication path)
 *   modexp n M B el E    -> rc R
 *   rsa h P Q DP DQ QI C -> rc_init rc R[2h]
 *   badlen               -> checks of the length/argument errors: "ok" or a message
 * Exit 77 if LIMBFORGE_BACKEND names a back end this CPU cannot run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/mp.h"
#include "mp/mp_internal.h"

#define MAXL LF_MP_MAX_LIMBS

static char *tok(void)
{
    return strtok(NULL, " \t\r\n");
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* big-endian hex of any length <= 16*n digits into n limbs */
static void rd(uint64_t *r, size_t n, const char *s)
{
    memset(r, 0, 8 * n);
    if (!s) return;
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i; /* nibble index */
        int v = hexval(s[i]);
        if (v < 0 || pos / 16 >= n) continue;
        r[pos / 16] |= (uint64_t)v << (4 * (pos % 16));
    }
}

static void wr(const uint64_t *a, size_t n)
{
    putchar(' ');
    for (size_t i = n; i-- > 0;) printf("%016llx", (unsigned long long)a[i]);
}

static int badlen(void)
{
    uint64_t a[2 * MAXL + 2] = {0}, b[MAXL + 1] = {0}, r[2 * MAXL + 2], c;
    int x;
    uint8_t buf[16];
    lf_mp_mont_ctx ctx;
    const size_t bad[] = {0, MAXL + 1, (size_t)-1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = bad[i];
        if (lf_mp_mul(r, a, b, n) != LF_ERR_PARAM || lf_mp_sqr(r, a, n) != LF_ERR_PARAM ||
            lf_mp_mul_lo(r, a, b, n) != LF_ERR_PARAM || lf_mp_add(r, &c, a, b, n) != LF_ERR_PARAM ||
            lf_mp_sub(r, &c, a, b, n) != LF_ERR_PARAM || lf_mp_cmov(r, a, 1, n) != LF_ERR_PARAM ||
            lf_mp_cmp(&x, a, b, n) != LF_ERR_PARAM || lf_mp_from_bytes(r, n, buf, 4) != LF_ERR_PARAM ||
            lf_mp_to_bytes(buf, 4, a, n) != LF_ERR_PARAM)
            return printf("bad length %zu accepted\n", n), 1;
        b[0] = 3;
        if (lf_mp_mont_init(&ctx, b, n) != LF_ERR_PARAM) return printf("mont_init n=%zu\n", n), 1;
    }
    if (lf_mp_mul(NULL, a, b, 1) != LF_ERR_PARAM) return puts("NULL accepted"), 1;
    /* even, zero and one moduli */
    uint64_t m[4] = {0, 0, 0, 0};
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return puts("zero modulus accepted"), 1;
    m[3] = 5;
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return puts("even modulus accepted"), 1;
    if (ctx.n != 0 || ctx.m[3] != 0) return puts("ctx not zeroed on error"), 1;
    m[3] = 0, m[0] = 1;
    if (lf_mp_mont_init(&ctx, m, 4) != LF_ERR_PARAM) return puts("modulus 1 accepted"), 1;
    m[0] = 7;
    if (lf_mp_mont_init(&ctx, m, 1) != LF_OK) return puts("modulus 7 rejected"), 1;
    uint64_t e = 3, base = 7;
    r[0] = 99;
    if (lf_mp_modexp(r, &base, &e, 1, &ctx) != LF_ERR_RANGE || r[0] != 0) return puts("base = m accepted"), 1;
    base = 6;
    if (lf_mp_modexp(r, &base, &e, 0, &ctx) != LF_ERR_PARAM) return puts("exp_limbs 0 accepted"), 1;
    if (lf_mp_modexp(r, &base, &e, 1, &ctx) != LF_OK || r[0] != 6) return puts("6^3 mod 7"), 1;
    base = 8;
    if (lf_mp_mont_mul(r, &base, &e, &ctx) != LF_ERR_RANGE || lf_mp_mont_to(r, &base, &ctx) != LF_ERR_RANGE)
        return puts("mont input >= m accepted"), 1;
    /* exact aliasing where documented */
    a[0] = ~0ull, b[0] = 1;
    if (lf_mp_add(a, &c, a, b, 1) != LF_OK || a[0] != 0 || c != 1) return puts("add alias"), 1;
    base = 3;
    if (lf_mp_modexp(&base, &base, &e, 1, &ctx) != LF_OK || base != 27 % 7) return puts("modexp alias"), 1;
    return puts("ok"), 0;
}

int main(void)
{
    const char *be = getenv("LIMBFORGE_BACKEND");
    if (be && *be) {
        int ok = 0;
        for (int i = 0; i < LF_BACKEND_COUNT; i++)
            if (!strcmp(be, lf_backend_name((lf_backend)i))) ok = lf_backend_available((lf_backend)i);
        if (!ok) return 77;
    }
    static char line[1 << 16];
    static uint64_t A[2 * MAXL], B[2 * MAXL], C[2 * MAXL], D[MAXL], E[MAXL], F[MAXL], R[2 * MAXL];
    static uint64_t scratch[LF_MP_SCRATCH(MAXL)];
    static lf_mp_mont_ctx ctx;
    static lf_mp_rsa_key key;
    static uint8_t bytes[8 * MAXL + 64];
    fprintf(stderr, "mp_calc: back end %s (kernels of %s)\n", lf_backend_name(lf_backend_current()),
            lf_mp_k()->target);
    while (fgets(line, sizeof line, stdin)) {
        char *op = strtok(line, " \t\r\n");
        if (!op) continue;
        if (!strcmp(op, "badlen")) {
            if (badlen()) return 1;
            fflush(stdout);
            continue;
        }
        size_t n = strtoul(tok(), NULL, 0);
        if (n < 1 || n > MAXL) return fprintf(stderr, "bad n\n"), 2;
        int rc = 0;
        if (!strcmp(op, "mul") || !strcmp(op, "mullo") || !strcmp(op, "sqr")) {
            rd(A, n, tok());
            if (op[1] == 'q') {
                rc = lf_mp_sqr(R, A, n);
            } else {
                rd(B, n, tok());
                rc = op[3] ? lf_mp_mul_lo(R, A, B, n) : lf_mp_mul(R, A, B, n);
            }
            printf("%d", rc);
            wr(R, op[3] == 'l' ? n : 2 * n);
        } else if (!strcmp(op, "kmul") || !strcmp(op, "ksqr")) {
            int t = atoi(tok());
            rd(A, n, tok());
            if (op[1] == 'm') {
                rd(B, n, tok());
                lf_mp_mul_rec(lf_mp_k(), R, A, B, n, t, scratch);
            } else {
                lf_mp_sqr_rec(lf_mp_k(), R, A, n, t, scratch);
            }
            printf("0");
            wr(R, 2 * n);
        } else if (!strcmp(op, "add") || !strcmp(op, "sub")) {
            uint64_t c = 7;
            rd(A, n, tok());
            rd(B, n, tok());
            rc = op[0] == 'a' ? lf_mp_add(R, &c, A, B, n) : lf_mp_sub(R, &c, A, B, n);
            printf("%d", rc);
            wr(R, n);
            printf(" %llu", (unsigned long long)c);
        } else if (!strcmp(op, "cmov")) {
            rd(R, n, tok());
            rd(A, n, tok());
            uint64_t f = strtoull(tok(), NULL, 0);
            printf("%d", lf_mp_cmov(R, A, f, n));
            wr(R, n);
        } else if (!strcmp(op, "cmp")) {
            int c = 5;
            rd(A, n, tok());
            rd(B, n, tok());
            rc = lf_mp_cmp(&c, A, B, n);
            printf("%d %d", rc, c);
        } else if (!strcmp(op, "frombytes")) {
            char *h = tok();
            size_t len = strlen(h) / 2;
            for (size_t i = 0; i < len; i++) bytes[i] = (uint8_t)(hexval(h[2 * i]) * 16 + hexval(h[2 * i + 1]));
            memset(R, 0x55, 8 * n);
            rc = lf_mp_from_bytes(R, n, bytes, len);
            printf("%d", rc);
            wr(R, n);
        } else if (!strcmp(op, "tobytes")) {
            size_t len = strtoul(tok(), NULL, 0);
            rd(A, n, tok());
            memset(bytes, 0x55, len);
            rc = lf_mp_to_bytes(bytes, len, A, n);
            printf("%d ", rc);
            for (size_t i = 0; i < len; i++) printf("%02x", bytes[i]);
        } else if (!strcmp(op, "mont")) {
            rd(D, n, tok());
            rd(A, n, tok());
            rd(B, n, tok());
            int r0 = lf_mp_mont_init(&ctx, D, n);
            int r1 = lf_mp_mont_to(A, A, &ctx) | lf_mp_mont_to(B, B, &ctx);
            r1 |= lf_mp_mont_mul(R, A, B, &ctx) | lf_mp_mont_from(R, R, &ctx);
            r1 |= lf_mp_mont_sqr(C, A, &ctx) | lf_mp_mont_from(C, C, &ctx);
            printf("%d %d", r0, r1);
            wr(R, n);
            wr(C, n);
        } else if (!strcmp(op, "redc")) {
            rd(D, n, tok());
            rd(A, 2 * n, tok());
            int bulk = atoi(tok());
            rc = lf_mp_mont_init(&ctx, D, n);
            lf_mp_kernels k = *lf_mp_k();
            if (bulk) k.redc_max = 0;
            lf_mp_redc_k(&k, R, A, &ctx);
            printf("%d", rc);
            wr(R, n);
        } else if (!strcmp(op, "modexp")) {
            rd(D, n, tok());
            rd(A, n, tok());
            size_t el = strtoul(tok(), NULL, 0);
            rd(E, el, tok());
            int r0 = lf_mp_mont_init(&ctx, D, n);
            memset(R, 0x55, 8 * n);
            rc = lf_mp_modexp(R, A, E, el, &ctx);
            printf("%d", r0 | rc);
            wr(R, n);
        } else if (!strcmp(op, "rsa")) {
            size_t h = n;
            rd(A, h, tok());
            rd(B, h, tok());
            rd(D, h, tok());
            rd(E, h, tok());
            rd(F, h, tok());
            rd(C, 2 * h, tok());
            int r0 = lf_mp_rsa_key_init(&key, A, B, D, E, F, h);
            rc = lf_mp_rsa_private_crt(C, C, &key); /* r aliases c */
            printf("%d %d", r0, rc);
            wr(C, 2 * h);
        } else {
            fprintf(stderr, "unknown request %s\n", op);
            return 2;
        }
        putchar('\n');
    }
    return 0;
}
