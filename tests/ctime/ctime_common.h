/* Shared by the valgrind constant-time tests (tests/ctime/, tests/<module>/).
 *
 * - ctime_leak_branch / ctime_leak_index: deliberate leaks for each test's
 *   self-test: memcheck must report them, or the harness proves nothing.
 * - ctime_force_adx_under_valgrind: Valgrind 3.19 executes mulx/adcx/adox but
 *   its synthetic CPUID clears the ADX bit, so under valgrind the library
 *   never offers x86_64_adx (nor avx2 and deeper, its descendants).  When the
 *   host CPU has BMI2 and ADX (from /proc/cpuinfo, which valgrind does not
 *   rewrite), select back end `b` directly through the library's internal
 *   selection variable (the test binaries are built from the library
 *   sources).  Returns 1 if it did. */
#ifndef LF_CTIME_COMMON_H
#define LF_CTIME_COMMON_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "lf_internal.h"

static volatile int ctime_sink;
__attribute__((noinline)) static void ctime_side_effect(void) { ctime_sink++; }

/* A branch on a secret bit; the call makes sure it stays a real branch. */
__attribute__((noinline)) static void ctime_leak_branch(const uint64_t *secret)
{
    if (*secret & 1) ctime_side_effect();
}

/* A table lookup at a secret index. */
__attribute__((noinline)) static int ctime_leak_index(const uint64_t *secret)
{
    static const int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
    return ((volatile const int *)table)[*secret & 15];
}

/* 1 if /proc/cpuinfo lists `flag` (a whole word) for this host. */
static int ctime_host_has(const char *flag)
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

static inline int ctime_force_under_valgrind(lf_backend b)
{
#if defined(__x86_64__)
    if (!RUNNING_ON_VALGRIND || !ctime_host_has("bmi2") || !ctime_host_has("adx")) return 0;
    if (!lf_backend_has((int)b, LF_BACKEND_X86_64_ADX)) return 0;
    if (lf_backend_has((int)b, LF_BACKEND_AVX2) && !ctime_host_has("avx2")) return 0;
    if (lf_backend_has((int)b, LF_BACKEND_AVX512)) return 0; /* valgrind 3.19 has no AVX-512 */
    atomic_store(&lf_backend_sel, (int)b);
    return 1;
#else
    (void)b;
    return 0;
#endif
}

#endif
