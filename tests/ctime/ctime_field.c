/* Constant-time test for the field API, run under valgrind memcheck.
 *
 * Every secret input is marked undefined (VALGRIND_MAKE_MEM_UNDEFINED) before
 * the call; memcheck then reports any conditional branch or memory address
 * that depends on it ("Conditional jump or move depends on uninitialised
 * value(s)", "Use of uninitialised value of size N").  Outputs are marked
 * defined again (declassified) before anything looks at them; the return
 * values that the API documents as public verdicts (from_bytes, to_internal,
 * sqrt, eq, is_zero) are declassified right after the call.
 *
 *   ctime_field --require-valgrind    the test (fails if not under valgrind)
 *   ctime_field --selftest-leak=branch|index
 *                                     a deliberately leaky function; memcheck
 *                                     MUST report it (ctest checks the message)
 *   ctime_field                       by hand, without valgrind: runs, proves nothing
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "ctime_common.h"
#include "limbforge/fields.h"
#include "limbforge/limbforge.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define SECRET_V(x) SECRET(&(x), sizeof(x))
#define PUBLIC_V(x) PUBLIC(&(x), sizeof(x))

#define ROUNDS 6   /* value patterns per op (edge values first) */
#define BATCH 7

static uint64_t rng_state = 0x243f6a8885a308d3ULL;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A digest of all (declassified) outputs, printed so nothing is dead code. */
static uint64_t digest;
static void absorb(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) digest = (digest ^ b[i]) * 0x100000001b3ULL;
}
#define OUT(x) (PUBLIC_V(x), absorb(&(x), sizeof(x)))

/* Public test values: round 0 = 0, 1 = 1, 2 = p-1 (via -1), others random. */
#define FIELD_CTIME(f, NL, NB)                                                           \
    static void pick_##f(lf_##f##_t *r, int round)                                       \
    {                                                                                    \
        uint8_t b[NB];                                                                   \
        lf_##f##_t one;                                                                  \
        lf_##f##_set_one(&one);                                                          \
        if (round == 0) { lf_##f##_set_zero(r); return; }                                \
        if (round == 1) { *r = one; return; }                                            \
        if (round == 2) { lf_##f##_neg(r, &one); return; }                               \
        do {                                                                             \
            for (int i = 0; i < NB; i++) b[i] = (uint8_t)rnd();                          \
            b[0] >>= (unsigned)(rnd() % 3);                                              \
        } while (lf_##f##_from_bytes(r, b) != LF_OK);                                    \
    }                                                                                    \
    static void ctime_##f(void)                                                          \
    {                                                                                    \
        lf_##f##_t a, b, r, v[BATCH], w[BATCH];                                          \
        uint8_t bytes[NB];                                                               \
        uint64_t limbs[NL];                                                              \
        int rc, flag;                                                                    \
        for (int round = 0; round < ROUNDS; round++) {                                   \
            pick_##f(&a, round);                                                         \
            pick_##f(&b, (round + 3) % ROUNDS);                                          \
            SECRET_V(a); SECRET_V(b);                                                    \
            lf_##f##_mul(&r, &a, &b); OUT(r);                                            \
            lf_##f##_sqr(&r, &a); OUT(r);                                                \
            lf_##f##_add(&r, &a, &b); OUT(r);                                            \
            lf_##f##_sub(&r, &a, &b); OUT(r);                                            \
            lf_##f##_neg(&r, &a); OUT(r);                                                \
            lf_##f##_inv(&r, &a); OUT(r);                                                \
            rc = lf_##f##_is_zero(&a); PUBLIC_V(rc); absorb(&rc, sizeof rc);             \
            rc = lf_##f##_eq(&a, &b); PUBLIC_V(rc); absorb(&rc, sizeof rc);              \
            rc = lf_##f##_eq(&a, &a); PUBLIC_V(rc); absorb(&rc, sizeof rc);              \
            flag = round & 1; SECRET_V(flag);                                            \
            r = b; lf_##f##_cmov(&r, &a, flag); OUT(r);                                  \
            lf_##f##_to_bytes(bytes, &a); OUT(bytes);                                    \
            lf_##f##_from_internal(limbs, &a); OUT(limbs);                               \
            /* sqrt of a square and of (likely) a non-square */                          \
            lf_##f##_sqr(&r, &a);                                                        \
            rc = lf_##f##_sqrt(&r, &r); PUBLIC_V(rc); absorb(&rc, sizeof rc); OUT(r);    \
            rc = lf_##f##_sqrt(&r, &b); PUBLIC_V(rc); absorb(&rc, sizeof rc); OUT(r);    \
            /* parsing secret encodings, in range and (last rounds) out of range */      \
            PUBLIC_V(a);                                                                 \
            lf_##f##_to_bytes(bytes, &a);                                                \
            if (round >= ROUNDS - 2) memset(bytes, 0xff, sizeof bytes);                  \
            SECRET_V(bytes);                                                             \
            rc = lf_##f##_from_bytes(&r, bytes); PUBLIC_V(rc); absorb(&rc, sizeof rc);   \
            OUT(r);                                                                      \
            lf_##f##_from_internal(limbs, &a);                                           \
            if (round >= ROUNDS - 2) memset(limbs, 0xff, sizeof limbs);                  \
            SECRET_V(limbs);                                                             \
            rc = lf_##f##_to_internal(&r, limbs); PUBLIC_V(rc); absorb(&rc, sizeof rc);  \
            OUT(r);                                                                      \
            /* batch inversion, zeros mixed in, separate and in place */                 \
            for (int i = 0; i < BATCH; i++) pick_##f(&v[i], (round + i) % ROUNDS);       \
            SECRET(v, sizeof v);                                                         \
            lf_##f##_batch_inv(w, v, BATCH); OUT(w);                                     \
            lf_##f##_batch_inv(v, v, BATCH); OUT(v);                                     \
        }                                                                                \
        printf("  %-12s ok\n", #f);                                                      \
    }
LF_FIELDS_FOREACH(FIELD_CTIME)

int main(int argc, char **argv)
{
    int require = 0;
    const char *leak = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--require-valgrind") == 0) require = 1;
        else if (strncmp(argv[i], "--selftest-leak=", 16) == 0) leak = argv[i] + 16;
        else {
            fprintf(stderr, "usage: %s [--require-valgrind] [--selftest-leak=branch|index]\n", argv[0]);
            return 2;
        }
    }
    if (leak) {
        uint64_t s = rnd();
        SECRET_V(s);
        if (strcmp(leak, "branch") == 0) ctime_leak_branch(&s);
        else if (strcmp(leak, "index") == 0) ctime_sink = ctime_leak_index(&s);
        else return 2;
        printf("selftest-leak=%s done (memcheck must have reported it)\n", leak);
        return 0;
    }
    if (!RUNNING_ON_VALGRIND) {
        printf("ctime_field: not running under valgrind: nothing is checked\n");
        if (require) return 1;
    }
    const char *want = getenv("LIMBFORGE_BACKEND");
    if (want && *want) {
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (strcmp(want, lf_backend_name((lf_backend)b)) == 0 && !lf_backend_available((lf_backend)b)) {
                if (b == LF_BACKEND_X86_64_ADX && ctime_force_under_valgrind(LF_BACKEND_X86_64_ADX)) {
                    printf("ctime_field: valgrind hides ADX from CPUID; the host has it: "
                           "x86_64_adx forced\n");
                    break;
                }
                printf("ctime_field: back end %s not available here: skipped\n", want);
                return 77;
            }
    }
    printf("ctime_field: backend=%s\n", lf_backend_name(lf_backend_current()));
#define RUN(f, NL, NB) ctime_##f();
    LF_FIELDS_FOREACH(RUN)
    printf("ctime_field: done, digest %016llx\n", (unsigned long long)digest);
    return 0;
}
