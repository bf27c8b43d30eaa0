/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The state checks of limbforge/sha3.h: every call that takes an
 * lf_sha3_state (lf_sha3_update, lf_sha3_final, lf_shake_squeeze) refuses a
 * state with any field out of range, and touches no memory but the state
 * and the buffers passed.  Runs on the back end LIMBFORGE_BACKEND names
 * (ctest: once per back end; exit 77 when the CPU lacks it).  Linux only
 * (mmap guard pages, SIGSEGV caught): exit 77 elsewhere.
 *
 * Each state, output and message sits in its own page with a PROT_NONE
 * page on each side, either flush against the page after it or against the
 * page before it; the rest of the page is a 0x5c pattern.  A fault is
 * caught (siglongjmp) and counted as a failure.
 *   - starting points: each of the four functions absorbing (fresh, and 5
 *     bytes into a block), the SHAKEs also squeezing (7 bytes into a block,
 *     and with the block used up, pos = rate);
 *   - one field changed at a time: pos = rate (absorbing), rate + 1, 199,
 *     216, 10^9, UINT32_MAX; squeezing = 2, 255, 1 on a SHA3 state, and 0
 *     on a SHAKE state squeezed to pos = rate; rate =
 *     0, 8, rate + 8, 200, UINT32_MAX, and the other valid rates; dsbyte
 *     the other domain, 0, 0xff; outlen 0, 16, 32, 64, 255 where wrong;
 *     plus all-zero and wiped states;
 *   - each refused by update (lengths 0, 1, 200), final (64-byte out) and
 *     squeeze (lengths 0, 1, 300): LF_ERR_PARAM, no fault, the state byte
 *     for byte unchanged, squeeze's out[0..len) zeroed, final's out and
 *     update's message untouched, every pattern byte around them intact;
 *   - the states at the edges of the valid ranges (absorbing pos = rate - 1,
 *     squeezing pos = rate) still give the one-shot functions' output
 *     in the same guarded layout, and final writes exactly its 32 or 64
 *     bytes up to a guard page.
 * Prints the number of checks; fails below LF_SHA3_STATE_MIN_CHECKS. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__linux__)
int main(void)
{
    printf("test_sha3_state: needs Linux (mmap guard pages): skipped\n");
    return 77;
}
#else
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../common/backend.h"
#include "../common/check.h"
#include "../common/testenv.h"
#include "limbforge/sha3.h"

/* every run makes exactly this many (no branch depends on the back end) */
#define LF_SHA3_STATE_MIN_CHECKS 39520L

#define PAT 0x5c

/* ------------------------------------------------ guarded pages, faults */
static size_t pg;

/* one read-write page between two PROT_NONE pages */
static uint8_t *guarded_page(void)
{
    uint8_t *m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED || mprotect(m, pg, PROT_NONE) || mprotect(m + 2 * pg, pg, PROT_NONE)) {
        perror("test_sha3_state: mmap");
        exit(1);
    }
    return m + pg;
}

/* n bytes in page p: flush against the guard after it (end) or before it */
static uint8_t *place(uint8_t *p, size_t n, int at_end) { return at_end ? p + pg - n : p; }

/* the page's bytes outside [obj, obj + n) are still the pattern */
static int around_intact(const uint8_t *p, const uint8_t *obj, size_t n)
{
    for (const uint8_t *q = p; q < p + pg; q++)
        if ((q < obj || q >= obj + n) && *q != PAT) return 0;
    return 1;
}

static int all_eq(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v) return 0;
    return 1;
}

static sigjmp_buf fault_jb;
static volatile sig_atomic_t fault_armed;

static void on_fault(int sig)
{
    if (fault_armed) {
        fault_armed = 0;
        siglongjmp(fault_jb, sig);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

enum { OP_UPDATE, OP_FINAL, OP_SQUEEZE };
static const char *const op_name[] = {"update", "final", "squeeze"};

/* One call; returns the signal that stopped it, else 0 with *rc set. */
static int call(int op, lf_sha3_state *st, uint8_t *buf, size_t len, int *rc)
{
    int sig = sigsetjmp(fault_jb, 1);
    if (sig) return sig;
    fault_armed = 1;
    int r;
    switch (op) {
    case OP_UPDATE: r = lf_sha3_update(st, buf, len); break;
    case OP_FINAL: r = lf_sha3_final(st, buf); break;
    default: r = lf_shake_squeeze(st, buf, len); break;
    }
    fault_armed = 0;
    *rc = r;
    return 0;
}

/* ------------------------------------------------------------ functions */
typedef struct {
    const char *name;
    void (*init)(lf_sha3_state *);
    uint32_t rate;
    uint8_t ds, outlen;
} kind;

static const kind kinds[4] = {
    {"sha3_256", lf_sha3_256_init, 136, 0x06, 32},
    {"sha3_512", lf_sha3_512_init, 72, 0x06, 64},
    {"shake128", lf_shake128_init, 168, 0x1f, 0},
    {"shake256", lf_shake256_init, 136, 0x1f, 0},
};

static uint8_t msg[400];

/* the starting points: 0, 1 absorbing; 2, 3 squeezing (SHAKE only) */
static void start(const kind *k, int which, lf_sha3_state *st)
{
    uint8_t tmp[200];
    k->init(st);
    int rc = LF_OK;
    if (which >= 1) rc |= lf_sha3_update(st, msg, 5);
    if (which == 2) rc |= lf_shake_squeeze(st, tmp, 7);
    if (which == 3) rc |= lf_shake_squeeze(st, tmp, k->rate); /* block used up: pos = rate */
    if (rc != LF_OK || st->pos != (which == 3 ? k->rate : which == 2 ? 7 : which ? 5 : 0)) {
        fprintf(stderr, "test_sha3_state: %s: could not build start %d\n", k->name, which);
        exit(1);
    }
}

/* ------------------------------------------------------------ refusals */
typedef struct {
    const char *what;
    int field; /* 0 pos, 1 squeezing, 2 rate, 3 dsbyte, 4 outlen, 5 all zero, 6 wiped */
    uint32_t v;
} corruption;

static long refusals;

/* every API on a copy of bad, the state at either end of its page, the
 * output at either end of its page */
static void refuse_all(const kind *k, const lf_sha3_state *bad, const char *what)
{
    static uint8_t *spage, *opage;
    if (!spage) spage = guarded_page(), opage = guarded_page();
    static const struct {
        int op;
        size_t len;
    } calls[] = {{OP_UPDATE, 0},  {OP_UPDATE, 1},  {OP_UPDATE, 200}, {OP_FINAL, 64},
                 {OP_SQUEEZE, 0}, {OP_SQUEEZE, 1}, {OP_SQUEEZE, 300}};
    for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
        for (int lay = 0; lay < 4; lay++) {
            int op = calls[c].op;
            size_t len = calls[c].len;
            memset(spage, PAT, pg);
            memset(opage, PAT, pg);
            lf_sha3_state *st = (lf_sha3_state *)place(spage, sizeof *st, lay & 1);
            memcpy(st, bad, sizeof *st);
            uint8_t *buf = place(opage, len, lay & 2);
            if (op == OP_UPDATE) memcpy(buf, msg, len);
            else memset(buf, 0xaa, len);
            int rc = -1000, sig = call(op, st, len || op == OP_FINAL ? buf : NULL, len, &rc);
            const char *lays = lay == 0 ? "state@start out@start"
                               : lay == 1 ? "state@end out@start"
                               : lay == 2 ? "state@start out@end"
                                          : "state@end out@end";
            CHECK(sig == 0, "%s %s: %s len %zu (%s): signal %d", k->name, what, op_name[op], len,
                  lays, sig);
            if (sig) {
                lf_check_n += 4; /* the checks it would have made */
                lf_check_fails += 4;
                continue;
            }
            CHECK(rc == LF_ERR_PARAM, "%s %s: %s len %zu (%s): rc %d", k->name, what, op_name[op],
                  len, lays, rc);
            CHECK(memcmp(st, bad, sizeof *st) == 0, "%s %s: %s len %zu (%s): state changed",
                  k->name, what, op_name[op], len, lays);
            CHECK(around_intact(spage, (uint8_t *)st, sizeof *st) &&
                      around_intact(opage, buf, len),
                  "%s %s: %s len %zu (%s): a byte outside the state or buffer changed", k->name,
                  what, op_name[op], len, lays);
            int out_ok = op == OP_UPDATE    ? memcmp(buf, msg, len) == 0
                         : op == OP_FINAL   ? all_eq(buf, len, 0xaa)
                                            : all_eq(buf, len, 0);
            CHECK(out_ok, "%s %s: %s len %zu (%s): %s", k->name, what, op_name[op], len, lays,
                  op == OP_SQUEEZE ? "out not zeroed" : "buffer changed");
        }
    }
    refusals++;
}

static void refusals_all(void)
{
    for (int ki = 0; ki < 4; ki++) {
        const kind *k = &kinds[ki];
        int shake = k->outlen == 0;
        for (int which = 0; which < (shake ? 4 : 2); which++) {
            lf_sha3_state base, bad;
            start(k, which, &base);
            int squeezing = which >= 2;
            const uint32_t other_rates[] = {72, 136, 168};
            corruption cs[40];
            int n = 0;
            if (!squeezing) cs[n++] = (corruption){"pos = rate (absorbing)", 0, k->rate};
            cs[n++] = (corruption){"pos = rate + 1", 0, k->rate + 1};
            cs[n++] = (corruption){"pos = 199", 0, 199};
            cs[n++] = (corruption){"pos = 216", 0, 216};
            cs[n++] = (corruption){"pos = 10^9", 0, 1000000000u};
            cs[n++] = (corruption){"pos = UINT32_MAX", 0, UINT32_MAX};
            cs[n++] = (corruption){"squeezing = 2", 1, 2};
            cs[n++] = (corruption){"squeezing = 255", 1, 255};
            if (!shake) cs[n++] = (corruption){"squeezing = 1 on SHA3", 1, 1};
            if (which == 3) cs[n++] = (corruption){"squeezing = 0 at pos = rate", 1, 0};
            cs[n++] = (corruption){"rate = 0", 2, 0};
            cs[n++] = (corruption){"rate = 8", 2, 8};
            cs[n++] = (corruption){"rate + 8", 2, k->rate + 8};
            cs[n++] = (corruption){"rate = 200", 2, 200};
            cs[n++] = (corruption){"rate = UINT32_MAX", 2, UINT32_MAX};
            for (int r = 0; r < 3; r++) {
                uint32_t nr = other_rates[r];
                if (nr == k->rate) continue;
                /* the one change that stays consistent: SHAKE128 <-> SHAKE256 */
                if (shake && nr != 72) continue;
                cs[n++] = (corruption){"rate = another function's", 2, nr};
            }
            cs[n++] = (corruption){"dsbyte = the other domain", 3, k->ds == 0x06 ? 0x1f : 0x06};
            cs[n++] = (corruption){"dsbyte = 0", 3, 0};
            cs[n++] = (corruption){"dsbyte = 0xff", 3, 0xff};
            const uint8_t outs[] = {0, 16, 32, 64, 255};
            for (int o = 0; o < 5; o++)
                if (outs[o] != k->outlen) cs[n++] = (corruption){"outlen wrong", 4, outs[o]};
            cs[n++] = (corruption){"all zero", 5, 0};
            cs[n++] = (corruption){"wiped", 6, 0};
            for (int i = 0; i < n; i++) {
                bad = base;
                switch (cs[i].field) {
                case 0: bad.pos = cs[i].v; break;
                case 1: bad.squeezing = (uint8_t)cs[i].v; break;
                case 2: bad.rate = cs[i].v; break;
                case 3: bad.dsbyte = (uint8_t)cs[i].v; break;
                case 4: bad.outlen = (uint8_t)cs[i].v; break;
                case 5: memset(&bad, 0, sizeof bad); break;
                default: lf_sha3_wipe(&bad); break;
                }
                char what[96];
                snprintf(what, sizeof what, "start %d, %s (%u)", which, cs[i].what,
                         (unsigned)cs[i].v);
                refuse_all(k, &bad, what);
            }
        }
    }
    printf("  refusals: %ld corrupted states, each through 7 calls in 4 layouts\n", refusals);
}

/* ------------------------------------------------- valid edges still work */
static void edges(void)
{
    uint8_t *spage = guarded_page(), *opage = guarded_page();
    uint8_t want[800], tmp[800];
    long n = 0;
    for (int ki = 0; ki < 4; ki++) {
        const kind *k = &kinds[ki];
        for (int lay = 0; lay < 2; lay++) {
            memset(spage, PAT, pg);
            lf_sha3_state *st = (lf_sha3_state *)place(spage, sizeof *st, lay);
            int rc = 0;
            k->init(st);
            /* absorbing, pos = rate - 1 */
            size_t m1 = k->rate - 1;
            rc |= lf_sha3_update(st, msg, m1);
            CHECK(st->pos == k->rate - 1, "%s: pos %u after rate - 1 bytes", k->name, st->pos);
            rc |= lf_sha3_update(st, msg + m1, 3); /* crosses the block */
            size_t mlen = m1 + 3;
            CHECK(rc == LF_OK, "%s: update at pos = rate - 1: rc %d", k->name, rc);
            if (k->outlen) {
                if (k->outlen == 32) lf_sha3_256(want, msg, mlen);
                else lf_sha3_512(want, msg, mlen);
                memset(opage, PAT, pg);
                uint8_t *out = place(opage, k->outlen, 1);
                int sig = call(OP_FINAL, st, out, k->outlen, &rc);
                CHECK(sig == 0 && rc == LF_OK && memcmp(out, want, k->outlen) == 0,
                      "%s: final up to the guard page (signal %d, rc %d)", k->name, sig, rc);
                CHECK(around_intact(opage, out, k->outlen) &&
                          all_eq((uint8_t *)st, sizeof *st, 0) &&
                          around_intact(spage, (uint8_t *)st, sizeof *st),
                      "%s: final wrote outside its 32/64 bytes or left the state", k->name);
                n++;
                continue;
            }
            if (k->rate == 168) lf_shake128(want, 3 * k->rate, msg, mlen);
            else lf_shake256(want, 3 * k->rate, msg, mlen);
            /* squeeze exactly one block: pos = rate stays, then on */
            rc = lf_shake_squeeze(st, tmp, k->rate);
            CHECK(rc == LF_OK && st->pos == k->rate && st->squeezing == 1,
                  "%s: rc %d, pos %u after a block", k->name, rc, st->pos);
            memset(opage, PAT, pg);
            uint8_t *out = place(opage, k->rate + 5, 1);
            int sig = call(OP_SQUEEZE, st, out, k->rate + 5, &rc);
            CHECK(sig == 0 && rc == LF_OK && memcmp(tmp, want, k->rate) == 0 &&
                      memcmp(out, want + k->rate, k->rate + 5) == 0,
                  "%s: squeeze from pos = rate (signal %d, rc %d)", k->name, sig, rc);
            CHECK(around_intact(opage, out, k->rate + 5) &&
                      around_intact(spage, (uint8_t *)st, sizeof *st),
                  "%s: squeeze wrote outside", k->name);
            CHECK(st->pos == 5, "%s: pos %u after rate + 5 more bytes", k->name, st->pos);
            lf_sha3_wipe(st);
            n++;
        }
    }
    printf("  edges: %ld runs through valid boundary states gave the one-shot output\n", n);
}

int main(void)
{
    lf_test_backend_or_skip("test_sha3_state");
    printf("test_sha3_state: backend %s\n", lf_backend_name(lf_backend_current()));
    pg = (size_t)sysconf(_SC_PAGESIZE);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 7 + 1);

    refusals_all();
    edges();

    return lf_test_report("test_sha3_state", lf_check_n, lf_check_fails, LF_SHA3_STATE_MIN_CHECKS);
}
#endif
