/* sg_calc: a line-oriented driver of src/safegcd, checked against Python ints
 * by tests/safegcd/sg_oracle.py (no GMP: runs natively and under qemu-user).
 *
 * Numbers are big-endian hex of any length (at most 16 n digits).  Requests,
 * one per line, and answers (one line each, space separated):
 *   init n bits P      -> rc                      lf_sg_mod_init only
 *   inv n bits P X     -> rc R_ct R_var           run-time descriptor
 *                         (lf_sg_inv, lf_sg_inv_var; each also run in place,
 *                         r == x, and compared here: "alias-mismatch" if not)
 *   cinfo k            -> n bits P                the k-th static descriptor
 *   cinv k X           -> R_ct R_var              the inline core with that
 *                         compile-time-constant descriptor (as the fields use it)
 *   ccheck             -> "ok" if every static descriptor (LF_SG_MOD_CONST)
 *                         equals what lf_sg_mod_init builds from its p, or
 *                         the name of the first that does not */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/limbforge.h"
#include "safegcd/safegcd.h"

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

/* big-endian hex into n limbs; 0 if missing, malformed or too long */
static int rd(uint64_t *r, size_t n, const char *s)
{
    size_t len;
    memset(r, 0, 8 * n);
    if (!s) return 0;
    len = strlen(s);
    if (len == 0 || len > 16 * n) return 0;
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i; /* nibble index */
        int v = hexval(s[i]);
        if (v < 0) return 0;
        r[pos / 16] |= (uint64_t)v << (4 * (pos % 16));
    }
    return 1;
}

static void wr(const uint64_t *a, size_t n)
{
    putchar(' ');
    for (size_t i = n; i-- > 0;) printf("%016llx", (unsigned long long)a[i]);
}

/* n and bits as given (init checks them); *nr = n clamped to [1, MAXN],
 * the limbs actually read */
static int rd_size(size_t *n, size_t *nr, unsigned *bits)
{
    const char *sn = tok(), *sb = tok();
    if (!sn || !sb) return 0;
    *n = strtoul(sn, NULL, 10);
    *bits = (unsigned)strtoul(sb, NULL, 10);
    *nr = *n < 1 ? 1 : *n > MAXN ? MAXN : *n;
    return 1;
}

static int same_mod(const lf_sg_mod *a, const lf_sg_mod *b)
{
    if (a->n != b->n || a->bits != b->bits || a->n62 != b->n62 || a->batches != b->batches ||
        a->pinv62 != b->pinv62)
        return 0;
    return memcmp(a->p62, b->p62, sizeof(int64_t) * (size_t)a->n62) == 0;
}

int main(void)
{
    static char line[4 * 16 * MAXN + 256];
    static uint64_t p[MAXN], x[MAXN], rc_[MAXN], rv[MAXN], t[MAXN];
    static lf_sg_mod m;

    while (fgets(line, sizeof line, stdin)) {
        char *cmd = strtok(line, " \t\r\n");
        size_t n, nr;
        unsigned bits;
        if (!cmd) continue;
        if (!strcmp(cmd, "init") || !strcmp(cmd, "inv")) {
            int inv = !strcmp(cmd, "inv"), rc;
            if (!rd_size(&n, &nr, &bits) || !rd(p, nr, tok()) || (inv && (n != nr || !rd(x, n, tok())))) {
                printf("bad request\n");
                return 2;
            }
            rc = lf_sg_mod_init(&m, p, n, bits);
            printf("%d", rc);
            if (inv && rc == LF_OK) {
                lf_sg_inv(&m, rc_, x);
                lf_sg_inv_var(&m, rv, x);
                wr(rc_, n);
                wr(rv, n);
                memcpy(t, x, 8 * n);
                lf_sg_inv(&m, t, t);
                if (memcmp(t, rc_, 8 * n)) printf(" alias-mismatch");
                memcpy(t, x, 8 * n);
                lf_sg_inv_var(&m, t, t);
                if (memcmp(t, rv, 8 * n)) printf(" alias-mismatch");
            }
            putchar('\n');
        } else if (!strcmp(cmd, "cinfo") || !strcmp(cmd, "cinv")) {
            const char *sk = tok();
            int k = sk ? atoi(sk) : -1;
            if (k < 0 || k >= NCONST) {
                printf("bad request\n");
                return 2;
            }
            n = (size_t)consts[k].m->n;
            if (!strcmp(cmd, "cinfo")) {
                printf("%d %d", consts[k].m->n, consts[k].m->bits);
                wr(consts[k].p, n);
            } else {
                if (!rd(x, n, tok())) {
                    printf("bad request\n");
                    return 2;
                }
                consts[k].inv(rc_, x, 0);
                consts[k].inv(rv, x, 1);
                wr(rc_, n);
                wr(rv, n);
            }
            putchar('\n');
        } else if (!strcmp(cmd, "ccheck")) {
            const char *bad = "ok";
            for (int k = 0; k < NCONST; k++) {
                const lf_sg_mod *c = consts[k].m;
                if (lf_sg_mod_init(&m, consts[k].p, (size_t)c->n, (unsigned)c->bits) != LF_OK ||
                    !same_mod(&m, c)) {
                    bad = consts[k].name;
                    break;
                }
            }
            printf("%s\n", bad);
        } else {
            printf("unknown request %s\n", cmd);
            return 2;
        }
    }
    return 0;
}
