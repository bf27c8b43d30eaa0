/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Back-end selection API, and agreement of all back ends on every field.
 *
 * lf_backend_set: unknown names -> LF_ERR_PARAM; known names -> LF_OK if the
 * CPU runs them (and lf_backend_current follows), else LF_ERR_UNAVAILABLE.
 * Then, for every field and every available back end, a fixed pseudo-random
 * workload (mul, sqr, add, sub, neg, inv, sqrt, batch_inv, encodings) must give
 * byte-identical results to the portable C back end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/fields.h"
#include "limbforge/limbforge.h"

#include "common/rng.h"

static int fails, checks;

static void check(int ok, const char *what, const char *detail)
{
    checks++;
    if (!ok) {
        fails++;
        fprintf(stderr, "FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    }
}

/* one stream, restarted at the same seed for each field and back end */
static lf_rng rng;

/* rounds per field and back end: 200 x LF_TEST_ITERS, at least 25 (the
 * emulated lanes run at 0.01-0.02; field_oracle checks the values) */
static int work_rounds;
#define MAXB 128

/* Workload for field f: a digest of work_rounds rounds of all ops, written to
 * out (work_rounds * (6 encodings + 1 byte)). */
#define WORKLOAD(f, NL, NB)                                                              \
    static void work_##f(uint8_t *out)                                                   \
    {                                                                                    \
        lf_##f##_t a, b, r, s, v[5];                                                     \
        uint8_t buf[NB];                                                                 \
        lf_rng_seed(&rng, 0x1234567);                                                    \
        for (int i = 0; i < work_rounds; i++) {                                          \
            lf_rng_bytes(&rng, buf, NB);                                                 \
            buf[0] &= (uint8_t)(i & 1 ? 0x0f : 0xff);                                    \
            if (lf_##f##_from_bytes(&a, buf) != LF_OK) lf_##f##_set_one(&a);             \
            lf_rng_bytes(&rng, buf, NB);                                                 \
            buf[0] = 0;                                                                  \
            if (lf_##f##_from_bytes(&b, buf) != LF_OK) lf_##f##_set_zero(&b);            \
            lf_##f##_mul(&r, &a, &b);                                                    \
            lf_##f##_sqr(&s, &r);                                                        \
            lf_##f##_add(&r, &r, &s);                                                    \
            lf_##f##_sub(&s, &s, &a);                                                    \
            lf_##f##_neg(&s, &s);                                                        \
            lf_##f##_to_bytes(out, &r); out += NB;                                       \
            lf_##f##_to_bytes(out, &s); out += NB;                                       \
            lf_##f##_inv(&r, &r);                                                        \
            lf_##f##_to_bytes(out, &r); out += NB;                                       \
            int ok = lf_##f##_sqrt(&s, &s);                                              \
            lf_##f##_to_bytes(out, &s); out += NB;                                       \
            *out++ = (uint8_t)ok;                                                        \
            v[0] = a; v[1] = b; v[2] = r; v[3] = s; lf_##f##_set_zero(&v[4]);            \
            lf_##f##_batch_inv(v, v, 5);                                                 \
            lf_##f##_to_bytes(out, &v[0]); out += NB;                                    \
            lf_##f##_to_bytes(out, &v[2]); out += NB;                                    \
        }                                                                                \
    }
LF_FIELDS_FOREACH(WORKLOAD)

typedef struct {
    const char *name;
    size_t nbytes;
    void (*work)(uint8_t *);
} field_work;
#define WENTRY(f, NL, NB) {#f, NB, work_##f},
static const field_work works[] = {LF_FIELDS_FOREACH(WENTRY)};

int main(void)
{
    /* Before anything forces one: the default choice.  LF_EXPECT_BACKEND
     * (set by make test-cross, e.g. x86_64 under qemu -cpu Nehalem) names the
     * back end detection must pick on this CPU. */
    const char *expect_default = getenv("LF_EXPECT_BACKEND");
    work_rounds = (int)lf_test_iters(200, 25);
    lf_backend dflt = lf_backend_current();
    printf("default back end: %s\n", lf_backend_name(dflt));
    check(lf_backend_available(dflt) == 1, "default back end not available", lf_backend_name(dflt));
    if (expect_default && *expect_default)
        check(strcmp(lf_backend_name(dflt), expect_default) == 0, "default back end is not LF_EXPECT_BACKEND",
              expect_default);
    static const char *const bad[] = {"bogus", "", "C", "x86_64 ", "avx", "neon2", "c\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check(lf_backend_set(bad[i]) == LF_ERR_PARAM, "lf_backend_set(bad name) != LF_ERR_PARAM", bad[i]);
    check(lf_backend_set(NULL) == LF_ERR_PARAM, "lf_backend_set(NULL) != LF_ERR_PARAM", NULL);
    check(lf_backend_name(LF_BACKEND_COUNT) == NULL, "lf_backend_name(out of range) != NULL", NULL);
    check(lf_backend_available(LF_BACKEND_C) == 1, "portable C back end not available", NULL);

    int avail[LF_BACKEND_COUNT];
    for (int b = 0; b < LF_BACKEND_COUNT; b++) {
        const char *name = lf_backend_name((lf_backend)b);
        avail[b] = lf_backend_available((lf_backend)b);
        int rc = lf_backend_set(name);
        check(rc == (avail[b] ? LF_OK : LF_ERR_UNAVAILABLE), "lf_backend_set(known name)", name);
        if (avail[b]) check(lf_backend_current() == (lf_backend)b, "lf_backend_current after set", name);
        printf("back end %-11s %s\n", name, avail[b] ? "available" : "not available here");
    }

    size_t maxlen = (size_t)work_rounds * (6 * MAXB + 1);
    int fixed_checks = checks, navail = 0;
    for (int b = 1; b < LF_BACKEND_COUNT; b++) navail += avail[b];
    uint8_t *ref = malloc(maxlen), *got = malloc(maxlen);
    if (!ref || !got) return 2;
    for (size_t i = 0; i < sizeof works / sizeof works[0]; i++) {
        size_t len = (size_t)work_rounds * (6 * works[i].nbytes + 1);
        if (lf_backend_set("c") != LF_OK) return 2;
        works[i].work(ref);
        for (int b = 1; b < LF_BACKEND_COUNT; b++) {
            if (!avail[b]) continue;
            if (lf_backend_set(lf_backend_name((lf_backend)b)) != LF_OK) return 2;
            memset(got, 0, maxlen);
            works[i].work(got);
            char detail[96];
            snprintf(detail, sizeof detail, "field %s, back end %s differs from c", works[i].name,
                     lf_backend_name((lf_backend)b));
            check(memcmp(ref, got, len) == 0, "cross-back-end agreement", detail);
        }
    }
    /* Capabilities: with each one the CPU has switched off (lf_caps_set),
     * every level that still runs must pick its slot (lf_backend_current
     * follows, the level's availability follows its needs) and give the
     * portable results: AVX2 without ADX, the SHA kernels off, ... */
    uint64_t cpu = lf_caps_cpu();
    int cap_runs = 0;
    check(lf_caps_set(cpu | (1ull << 62)) == LF_ERR_UNAVAILABLE, "lf_caps_set(beyond the CPU)", NULL);
    check(lf_caps() == cpu, "lf_caps() after a refused lf_caps_set", NULL);
    check(lf_cap_name(0) == NULL && lf_cap_name(3) == NULL && lf_cap_name(1ull << LF_CAP_COUNT) == NULL,
          "lf_cap_name(not one known bit) != NULL", NULL);
    for (int i = 0; i < LF_CAP_COUNT; i++) {
        uint64_t c = 1ull << i;
        if (!(cpu & c)) continue;
        check(lf_caps_set(cpu & ~c) == LF_OK, "lf_caps_set(without one)", lf_cap_name(c));
        check(lf_caps() == (cpu & ~c), "lf_caps() after lf_caps_set", lf_cap_name(c));
        int lost = 0;
        for (int b = 1; b < LF_BACKEND_COUNT; b++) {
            if (!avail[b]) continue;
            if (lf_backend_set(lf_backend_name((lf_backend)b)) != LF_OK) {
                lost++;
                check(!lf_backend_available((lf_backend)b), "lf_backend_set refused an available level",
                      lf_backend_name((lf_backend)b));
                continue;
            }
            check(lf_backend_current() == (lf_backend)b, "lf_backend_current under a capability mask",
                  lf_backend_name((lf_backend)b));
            for (size_t w = 0; w < sizeof works / sizeof works[0]; w += 4) { /* every 4th field */
                size_t len = (size_t)work_rounds * (6 * works[w].nbytes + 1);
                if (lf_backend_set("c") != LF_OK) return 2;
                works[w].work(ref);
                if (lf_backend_set(lf_backend_name((lf_backend)b)) != LF_OK) return 2;
                works[w].work(got);
                char detail[128];
                snprintf(detail, sizeof detail, "field %s, back end %s without %s differs from c", works[w].name,
                         lf_backend_name((lf_backend)b), lf_cap_name(c));
                check(memcmp(ref, got, len) == 0, "cross-back-end agreement", detail);
                cap_runs++;
            }
        }
        printf("without %-11s %d levels lost\n", lf_cap_name(c), lost);
    }
    check(lf_caps_set(cpu) == LF_OK && lf_caps() == cpu, "lf_caps_set(all) restores", NULL);
    /* x86-64: AVX2 needs no ADX (Haswell; VMs that hide ADX) */
#if defined(__x86_64__)
    if ((cpu & LF_CAP_AVX2) && (cpu & LF_CAP_ADX)) {
        check(lf_caps_set(cpu & ~LF_CAP_ADX) == LF_OK, "lf_caps_set(-adx)", NULL);
        check(lf_backend_available(LF_BACKEND_AVX2) && !lf_backend_available(LF_BACKEND_X86_64_ADX),
              "without ADX: avx2 available, x86_64_adx not", NULL);
        check(lf_caps_set(cpu) == LF_OK, "lf_caps_set(all)", NULL);
    }
#endif
    free(ref);
    free(got);
    /* the checks above, then one comparison per field and back end beside c */
    long min = fixed_checks + (long)navail * (long)(sizeof works / sizeof works[0]) + cap_runs;
    printf("test_backend: %d rounds per field, %d back ends beside c, %d runs under capability masks\n",
           work_rounds, navail, cap_runs);
    return lf_test_report("test_backend", checks, fails, min);
}
