/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* main() of every constant-time test; see ctime_main.h for the command line
 * and tests/common/README.md for the method.  Compiled into each ctime
 * binary with that binary's flags (the -O level under test). */
#include "ctime_main.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "lf_internal.h"

lf_rng lf_ctime_rng = LF_RNG_INIT(0x243f6a8885a308d3ULL);

static uint64_t lf_ctime_digest = 0xcbf29ce484222325ULL;

void lf_ctime_out(const void *p, size_t n)
{
    LF_CT_PUBLIC(p, n);
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++) lf_ctime_digest = (lf_ctime_digest ^ b[i]) * 0x100000001b3ULL;
}

/* ---- back end ------------------------------------------------------------ */

#if defined(__x86_64__)
/* 1 if /proc/cpuinfo lists `flag` (a whole word) for this host. */
static int lf_ctime_host_has(const char *flag)
{
    char line[8192], pat[32];
    int found = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return 0;
    snprintf(pat, sizeof pat, " %s", flag);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0) {
            char *q = strstr(line, pat);
            found = q && (q[strlen(pat)] == ' ' || q[strlen(pat)] == '\n');
            break;
        }
    fclose(f);
    return found;
}
#endif

int lf_ctime_force_under_valgrind(lf_backend b)
{
#if defined(__x86_64__)
    if ((unsigned)b >= LF_BACKEND_COUNT || !lf_checkmem_under_valgrind()) return 0;
    if (!lf_backend_has((int)b, LF_BACKEND_X86_64_ADX)) return 0;
    if (!lf_ctime_host_has("bmi2") || !lf_ctime_host_has("adx")) return 0;
    if (lf_backend_has((int)b, LF_BACKEND_AVX2) && !lf_ctime_host_has("avx2")) return 0;
    if (lf_backend_has((int)b, LF_BACKEND_AVX512)) return 0;
    uint64_t caps = lf_caps() | LF_CAP_BMI2 | LF_CAP_ADX;
    if (lf_ctime_host_has("avx2")) caps |= LF_CAP_AVX2;
    lf_dispatch_force(b, caps);
    return 1;
#else
    (void)b;
    return 0;
#endif
}

/* LIMBFORGE_BACKEND: 0 to go on, or 77 (skip); an unknown name exits 2. */
static int lf_ctime_select_backend(const char *prog)
{
    int b = lf_test_backend_wanted(prog); /* exits 2 if unknown */
    if (b < 0 || lf_backend_available((lf_backend)b)) return 0;
    const char *want = lf_backend_name((lf_backend)b);
    if (lf_ctime_force_under_valgrind((lf_backend)b)) {
        printf("%s: valgrind's CPUID hides ADX; the host has what %s needs: %s forced\n", prog, want,
               want);
        return 0;
    }
    printf("%s: back end %s not available here: skipped\n", prog, want);
    return 77;
}

/* ---- deliberate leaks ---------------------------------------------------- */

static volatile int lf_ctime_sink;
__attribute__((noinline)) static void lf_ctime_side_effect(void) { lf_ctime_sink++; }

/* A branch on a secret bit; the call makes sure it stays a real branch. */
__attribute__((noinline)) static void lf_ctime_leak_branch_on(const uint64_t *secret)
{
    if (*secret & 1) lf_ctime_side_effect();
}

/* A table read at a secret index. */
__attribute__((noinline)) static int lf_ctime_leak_index_on(const uint64_t *secret)
{
    static const int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
    return ((volatile const int *)table)[*secret & 15];
}

static void lf_ctime_leak_branch(void)
{
    uint64_t s = lf_rng_u64(&lf_ctime_rng);
    LF_CT_SECRET_V(s);
    lf_ctime_leak_branch_on(&s);
}

static void lf_ctime_leak_index(void)
{
    uint64_t s = lf_rng_u64(&lf_ctime_rng);
    LF_CT_SECRET_V(s);
    lf_ctime_sink = lf_ctime_leak_index_on(&s);
}

static const lf_ctime_case lf_ctime_builtin_leaks[] = {
    {"branch", lf_ctime_leak_branch},
    {"index", lf_ctime_leak_index},
    {NULL, NULL},
};

static const lf_ctime_case *lf_ctime_find(const lf_ctime_case *list, const char *name)
{
    for (; list && list->name; list++)
        if (strcmp(list->name, name) == 0) return list;
    return NULL;
}

static int lf_ctime_usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--require-valgrind | --require-checker] [--selftest-leak=branch|index",
            argv0);
    for (const lf_ctime_case *l = lf_ctime_this.leaks; l && l->name; l++)
        fprintf(stderr, "|%s", l->name);
    fprintf(stderr, "]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *prog = lf_ctime_this.name, *leak = NULL;
    int require = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--require-valgrind") == 0 || strcmp(argv[i], "--require-checker") == 0)
            require = 1;
        else if (strncmp(argv[i], "--selftest-leak=", 16) == 0) leak = argv[i] + 16;
        else return lf_ctime_usage(argv[0]);
    }
    if (leak) {
        const lf_ctime_case *c = lf_ctime_find(lf_ctime_builtin_leaks, leak);
        if (!c) c = lf_ctime_find(lf_ctime_this.leaks, leak);
        if (!c) return lf_ctime_usage(argv[0]);
        c->run();
        printf("%s: selftest-leak=%s done (the checker must have reported it)\n", prog, leak);
        return 0;
    }
    const char *tool = lf_checkmem_tool();
    if (!tool) {
        printf("%s: not running under valgrind (nor built with MemorySanitizer): nothing is checked\n",
               prog);
        if (require) return 1;
    }
    int rc = lf_ctime_select_backend(prog);
    if (rc) return rc;
    printf("%s: backend=%s, checker %s\n", prog, lf_backend_name(lf_backend_current()),
           tool ? tool : "none");
    fflush(stdout);
    for (const lf_ctime_case *c = lf_ctime_this.cases; c->name; c++) {
        c->run();
        printf("  %-16s ok\n", c->name);
        fflush(stdout);
    }
    printf("%s: done, digest %016llx\n", prog, (unsigned long long)lf_ctime_digest);
    return 0;
}
