/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The error paths of limbforge/mlkem.h never write or read past a buffer:
 * on an error ek, dk and ct are zeroed over min(the length passed, the
 * set's length) bytes and no further, not at all for an unknown set, and ss
 * (32 bytes) always.  Runs on the back end LIMBFORGE_BACKEND names (ctest:
 * once per back end; exit 77 when the CPU lacks it).  Linux only (mmap
 * guard pages, SIGSEGV caught): exit 77 elsewhere.
 *
 * Every buffer (ek, dk, ct, ss, seed, m) is exactly its set's size and ends
 * at a PROT_NONE page; the bytes before it in its page hold a pattern.  A
 * fault is caught (siglongjmp) and counted as a failure.  For ML-KEM-512,
 * 768 and 1024 and each of lf_mlkem_keypair_derand, lf_mlkem_keypair,
 * lf_mlkem_encaps_derand, lf_mlkem_encaps, lf_mlkem_decaps:
 *   - each length argument in turn SIZE_MAX, SIZE_MAX - 1, real + 1,
 *     real - 1, 0, the other sets' lengths (seed: also 32 and 128), the
 *     others right: LF_ERR_PARAM, no fault, each output zero over
 *     min(length passed, real) and 0xaa after it, inputs unchanged, the
 *     patterns intact;
 *   - each pointer NULL in turn: LF_ERR_PARAM, the other outputs zeroed;
 *   - unknown sets (0, 1, 5, -1, 258, INT_MAX, INT_MIN) with ML-KEM-1024's
 *     lengths and with every length SIZE_MAX: LF_ERR_PARAM, ek, dk, ct
 *     untouched, ss zeroed;
 *   - and, in the same layout, the valid calls: keypair_derand, encaps_derand,
 *     decaps agree (and keypair / encaps with OS randomness), write right up
 *     to the guard pages; an ek with a coefficient >= q (LF_ERR_INVALID: ct
 *     and ss zeroed) and a dk with a changed H(ek) (LF_ERR_INVALID: ss
 *     zeroed).
 * Prints the number of checks; fails below LF_MLKEM_BOUNDS_MIN_CHECKS. */
#define _GNU_SOURCE 1
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__linux__)
int main(void)
{
    printf("test_mlkem_bounds: needs Linux (mmap guard pages): skipped\n");
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
#include "limbforge/mlkem.h"

/* every run makes exactly this many (no branch depends on the back end) */
#define LF_MLKEM_BOUNDS_MIN_CHECKS 1763L

#define PAT 0x5c
#define FILL 0xaa

/* ------------------------------------------------ guarded pages, faults */
static size_t pg;

/* one read-write page (or more, for n bytes) ending at a PROT_NONE page */
static uint8_t *guarded(size_t n)
{
    size_t np = (n + pg - 1) / pg;
    uint8_t *m = mmap(NULL, (np + 1) * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (m == MAP_FAILED || mprotect(m + np * pg, pg, PROT_NONE)) {
        perror("test_mlkem_bounds: mmap");
        exit(1);
    }
    return m;
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

/* ------------------------------------------------------------- buffers */
enum { B_EK, B_DK, B_CT, B_SS, B_SEED, B_M, NBUF };
static const char *const buf_name[NBUF] = {"ek", "dk", "ct", "ss", "seed", "m"};
#define MAXB 3168 /* the largest buffer: ML-KEM-1024's dk */

/* each buffer kind has its own guarded page(s); the buffer of n bytes is
 * the last n bytes before the guard */
static uint8_t *page[NBUF];
static size_t page_len; /* bytes of each mapping before its guard */

static uint8_t *at_end(int b, size_t n) { return page[b] + page_len - n; }

/* the set's size of buffer b; 0 for an unknown set (ss, seed, m: fixed) */
static size_t real(int set, int b)
{
    static const size_t t[3][3] = {
        {LF_MLKEM512_EK_BYTES, LF_MLKEM512_DK_BYTES, LF_MLKEM512_CT_BYTES},
        {LF_MLKEM768_EK_BYTES, LF_MLKEM768_DK_BYTES, LF_MLKEM768_CT_BYTES},
        {LF_MLKEM1024_EK_BYTES, LF_MLKEM1024_DK_BYTES, LF_MLKEM1024_CT_BYTES}};
    if (b == B_SS || b == B_M) return 32;
    if (b == B_SEED) return 64;
    if (set < 2 || set > 4) return 0;
    return t[set - 2][b];
}

/* ---------------------------------------------------------------- APIs */
enum { A_KEYPAIR_DERAND, A_KEYPAIR, A_ENCAPS_DERAND, A_ENCAPS, A_DECAPS, NAPI };
typedef struct {
    const char *name;
    int n;
    int buf[4];
    int out[4];    /* 1: an output */
    int haslen[4]; /* 1: passed with a length */
} api;
static const api apis[NAPI] = {
    {"keypair_derand", 3, {B_EK, B_DK, B_SEED}, {1, 1, 0}, {1, 1, 1}},
    {"keypair", 2, {B_EK, B_DK}, {1, 1}, {1, 1}},
    {"encaps_derand", 4, {B_CT, B_SS, B_EK, B_M}, {1, 1, 0, 0}, {1, 0, 1, 0}},
    {"encaps", 3, {B_CT, B_SS, B_EK}, {1, 1, 0}, {1, 0, 1}},
    {"decaps", 3, {B_SS, B_CT, B_DK}, {1, 0, 0}, {0, 1, 1}},
};

/* One call; returns the signal that stopped it, else 0 with *rc set. */
static int call(int a, int set, uint8_t *const p[NBUF], const size_t len[NBUF], int *rc)
{
    int sig = sigsetjmp(fault_jb, 1);
    if (sig) return sig;
    fault_armed = 1;
    lf_mlkem_set s = (lf_mlkem_set)set;
    int r;
    switch (a) {
    case A_KEYPAIR_DERAND:
        r = lf_mlkem_keypair_derand(s, p[B_EK], len[B_EK], p[B_DK], len[B_DK], p[B_SEED],
                                    len[B_SEED]);
        break;
    case A_KEYPAIR: r = lf_mlkem_keypair(s, p[B_EK], len[B_EK], p[B_DK], len[B_DK]); break;
    case A_ENCAPS_DERAND:
        r = lf_mlkem_encaps_derand(s, p[B_CT], len[B_CT], p[B_SS], p[B_EK], len[B_EK], p[B_M]);
        break;
    case A_ENCAPS: r = lf_mlkem_encaps(s, p[B_CT], len[B_CT], p[B_SS], p[B_EK], len[B_EK]); break;
    default: r = lf_mlkem_decaps(s, p[B_SS], p[B_CT], len[B_CT], p[B_DK], len[B_DK]); break;
    }
    fault_armed = 0;
    *rc = r;
    return 0;
}

/* valid inputs of each set: seed, m, and the ek, dk, ct they give */
static uint8_t good[5][NBUF][MAXB];

/* Lay out the buffers of api a (sizes sz[b]): outputs 0xaa, inputs the good
 * values (in is the set whose values to copy; for an unknown set 1024's),
 * the rest of each page the pattern. */
static void lay_out(const api *ap, int in, const size_t sz[NBUF], uint8_t *p[NBUF])
{
    for (int b = 0; b < NBUF; b++) p[b] = NULL;
    for (int i = 0; i < ap->n; i++) {
        int b = ap->buf[i];
        memset(page[b], PAT, page_len);
        p[b] = at_end(b, sz[b]);
        if (ap->out[i]) memset(p[b], FILL, sz[b]);
        else memcpy(p[b], good[in][b], sz[b]);
    }
}

/* The checks after a refused call: rc, each output zero over
 * min(len, cap) and FILL after that, inputs unchanged, patterns intact. */
static void check_refused(const api *ap, int set, int in, const size_t sz[NBUF],
                          uint8_t *const p[NBUF], const size_t len[NBUF], const int isnull[NBUF],
                          int sig, int rc, const char *what)
{
    CHECK(sig == 0, "%s set %d %s: signal %d", ap->name, set, what, sig);
    if (sig) { /* count the checks it would have made */
        lf_check_n += 1 + ap->n;
        lf_check_fails += 1 + ap->n;
        return;
    }
    CHECK(rc == LF_ERR_PARAM, "%s set %d %s: rc %d", ap->name, set, what, rc);
    for (int i = 0; i < ap->n; i++) {
        int b = ap->buf[i];
        int ok = all_eq(page[b], page_len - sz[b], PAT);
        if (isnull[b]) {
            ok = ok && (ap->out[i] ? all_eq(p[b], sz[b], FILL)
                                   : memcmp(p[b], good[in][b], sz[b]) == 0);
        } else if (ap->out[i]) {
            size_t cap = real(set, b), n = ap->haslen[i] ? len[b] : 32;
            size_t z = n < cap ? n : cap;
            ok = ok && all_eq(p[b], z, 0) && all_eq(p[b] + z, sz[b] - z, FILL);
        } else {
            ok = ok && memcmp(p[b], good[in][b], sz[b]) == 0;
        }
        CHECK(ok, "%s set %d %s: %s %s", ap->name, set, what, buf_name[b],
              isnull[b]          ? "(passed as NULL) was touched"
              : ap->out[i] ? "not zeroed over min(length, the set's) or written past it"
                           : "(an input) changed, or the pattern before it");
    }
}

static const int sets[3] = {LF_MLKEM_512, LF_MLKEM_768, LF_MLKEM_1024};

/* each length argument wrong in turn, each pointer NULL in turn */
static void wrong_lengths(void)
{
    long calls = 0;
    for (int si = 0; si < 3; si++) {
        int set = sets[si];
        size_t sz[NBUF];
        for (int b = 0; b < NBUF; b++) sz[b] = real(set, b);
        for (int a = 0; a < NAPI; a++) {
            const api *ap = &apis[a];
            for (int i = 0; i < ap->n; i++) {
                if (!ap->haslen[i]) continue;
                int b = ap->buf[i];
                size_t r = sz[b];
                size_t bad[12];
                int nb = 0;
                bad[nb++] = SIZE_MAX;
                bad[nb++] = SIZE_MAX - 1;
                bad[nb++] = r + 1;
                bad[nb++] = r - 1;
                bad[nb++] = 0;
                if (b == B_SEED) bad[nb++] = 32, bad[nb++] = 128;
                else
                    for (int o = 0; o < 3; o++)
                        if (sets[o] != set) bad[nb++] = real(sets[o], b);
                for (int k = 0; k < nb; k++) {
                    uint8_t *p[NBUF];
                    size_t len[NBUF];
                    int isnull[NBUF] = {0};
                    lay_out(ap, set, sz, p);
                    for (int c = 0; c < NBUF; c++) len[c] = sz[c];
                    len[b] = bad[k];
                    int rc = -1000, sig = call(a, set, p, len, &rc);
                    char what[64];
                    snprintf(what, sizeof what, "%slen = %zu (real %zu)", buf_name[b], bad[k], r);
                    check_refused(ap, set, set, sz, p, len, isnull, sig, rc, what);
                    calls++;
                }
            }
            for (int i = 0; i < ap->n; i++) {
                int b = ap->buf[i];
                uint8_t *p[NBUF];
                size_t len[NBUF];
                int isnull[NBUF] = {0};
                lay_out(ap, set, sz, p);
                for (int c = 0; c < NBUF; c++) len[c] = sz[c];
                uint8_t *keep = p[b];
                p[b] = NULL;
                isnull[b] = 1;
                int rc = -1000, sig = call(a, set, p, len, &rc);
                p[b] = keep;
                char what[64];
                snprintf(what, sizeof what, "%s = NULL", buf_name[b]);
                check_refused(ap, set, set, sz, p, len, isnull, sig, rc, what);
                calls++;
            }
        }
    }
    printf("  wrong lengths and NULLs: %ld refused calls\n", calls);
}

static void unknown_sets(void)
{
    static const int unknown[] = {0, 1, 5, -1, 258, INT_MAX, INT_MIN};
    long calls = 0;
    size_t sz[NBUF];
    for (int b = 0; b < NBUF; b++) sz[b] = real(LF_MLKEM_1024, b);
    for (size_t u = 0; u < sizeof unknown / sizeof unknown[0]; u++) {
        for (int a = 0; a < NAPI; a++) {
            const api *ap = &apis[a];
            for (int allmax = 0; allmax < 2; allmax++) {
                uint8_t *p[NBUF];
                size_t len[NBUF];
                int isnull[NBUF] = {0};
                lay_out(ap, 4, sz, p);
                for (int c = 0; c < NBUF; c++) len[c] = allmax ? SIZE_MAX : sz[c];
                int rc = -1000, sig = call(a, unknown[u], p, len, &rc);
                check_refused(ap, unknown[u], 4, sz, p, len, isnull, sig, rc,
                              allmax ? "(unknown set, lengths SIZE_MAX)"
                                     : "(unknown set, ML-KEM-1024's lengths)");
                calls++;
            }
        }
    }
    printf("  unknown sets: %ld refused calls (ek, dk, ct untouched, ss zeroed)\n", calls);
}

/* ------------------------------------------- the valid calls, same layout */
static void valid_calls(void)
{
    for (int si = 0; si < 3; si++) {
        int set = sets[si];
        size_t sz[NBUF], len[NBUF];
        uint8_t *p[NBUF];
        for (int b = 0; b < NBUF; b++) sz[b] = len[b] = real(set, b);
        int rc = -1000, sig;
        /* keypair_derand from good seed: ek, dk up to the guard page */
        lay_out(&apis[A_KEYPAIR_DERAND], set, sz, p);
        sig = call(A_KEYPAIR_DERAND, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_OK, "set %d keypair_derand: signal %d rc %d", set, sig, rc);
        CHECK(memcmp(p[B_EK], good[set][B_EK], sz[B_EK]) == 0 &&
                  memcmp(p[B_DK], good[set][B_DK], sz[B_DK]) == 0,
              "set %d keypair_derand: not the keys of the seed", set);
        /* encaps_derand: the good ct and its ss */
        lay_out(&apis[A_ENCAPS_DERAND], set, sz, p);
        sig = call(A_ENCAPS_DERAND, set, p, len, &rc);
        uint8_t ss[32];
        memcpy(ss, p[B_SS], 32);
        CHECK(sig == 0 && rc == LF_OK && memcmp(p[B_CT], good[set][B_CT], sz[B_CT]) == 0,
              "set %d encaps_derand: signal %d rc %d or another ct", set, sig, rc);
        lay_out(&apis[A_DECAPS], set, sz, p);
        sig = call(A_DECAPS, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_OK && memcmp(p[B_SS], ss, 32) == 0,
              "set %d decaps: signal %d rc %d or another ss", set, sig, rc);
        /* OS randomness: keypair, then encaps on its ek decapsulates */
        lay_out(&apis[A_KEYPAIR], set, sz, p);
        sig = call(A_KEYPAIR, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_OK, "set %d keypair: signal %d rc %d", set, sig, rc);
        uint8_t ek[MAXB], dk[MAXB];
        memcpy(ek, p[B_EK], sz[B_EK]);
        memcpy(dk, p[B_DK], sz[B_DK]);
        lay_out(&apis[A_ENCAPS], set, sz, p);
        memcpy(p[B_EK], ek, sz[B_EK]);
        sig = call(A_ENCAPS, set, p, len, &rc);
        memcpy(ss, p[B_SS], 32);
        CHECK(sig == 0 && rc == LF_OK, "set %d encaps: signal %d rc %d", set, sig, rc);
        uint8_t ct[MAXB];
        memcpy(ct, p[B_CT], sz[B_CT]);
        lay_out(&apis[A_DECAPS], set, sz, p);
        memcpy(p[B_DK], dk, sz[B_DK]);
        memcpy(p[B_CT], ct, sz[B_CT]);
        sig = call(A_DECAPS, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_OK && memcmp(p[B_SS], ss, 32) == 0,
              "set %d keypair/encaps/decaps (OS random) disagree", set);
        /* the FIPS 203 input checks: LF_ERR_INVALID, outputs zeroed */
        lay_out(&apis[A_ENCAPS_DERAND], set, sz, p);
        p[B_EK][0] = 0xff, p[B_EK][1] |= 0x0f; /* coefficient 0 = 4095 >= q */
        sig = call(A_ENCAPS_DERAND, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_ERR_INVALID && all_eq(p[B_CT], sz[B_CT], 0) &&
                  all_eq(p[B_SS], 32, 0),
              "set %d encaps on ek >= q: signal %d rc %d, or not zeroed", set, sig, rc);
        lay_out(&apis[A_DECAPS], set, sz, p);
        p[B_DK][sz[B_DK] - 64] ^= 1; /* H(ek) */
        sig = call(A_DECAPS, set, p, len, &rc);
        CHECK(sig == 0 && rc == LF_ERR_INVALID && all_eq(p[B_SS], 32, 0),
              "set %d decaps with a changed H(ek): signal %d rc %d, or ss not zeroed", set, sig,
              rc);
    }
    printf("  valid calls: keypair, encaps, decaps up to the guard pages; input checks\n");
}

int main(void)
{
    lf_test_backend_or_skip("test_mlkem_bounds");
    printf("test_mlkem_bounds: backend %s\n", lf_backend_name(lf_backend_current()));
    pg = (size_t)sysconf(_SC_PAGESIZE);
    page_len = (MAXB + pg - 1) / pg * pg;
    for (int b = 0; b < NBUF; b++) page[b] = guarded(MAXB);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);

    for (int si = 0; si < 3; si++) {
        int set = sets[si];
        uint8_t(*g)[MAXB] = good[set];
        for (int i = 0; i < 64; i++) g[B_SEED][i] = (uint8_t)(17 * i + set);
        for (int i = 0; i < 32; i++) g[B_M][i] = (uint8_t)(29 * i + 3 * set);
        int rc = lf_mlkem_keypair_derand((lf_mlkem_set)set, g[B_EK], real(set, B_EK), g[B_DK],
                                         real(set, B_DK), g[B_SEED], 64);
        rc |= lf_mlkem_encaps_derand((lf_mlkem_set)set, g[B_CT], real(set, B_CT), g[B_SS],
                                     g[B_EK], real(set, B_EK), g[B_M]);
        if (rc != LF_OK) {
            fprintf(stderr, "test_mlkem_bounds: set %d: no valid keys to start from\n", set);
            return 1;
        }
    }

    wrong_lengths();
    unknown_sets();
    valid_calls();

    return lf_test_report("test_mlkem_bounds", lf_check_n, lf_check_fails, LF_MLKEM_BOUNDS_MIN_CHECKS);
}
#endif
