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

static int ctime_host_has_adx(void)
{
    char line[4096];
    int bmi2 = 0, adx = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0) {
            bmi2 = strstr(line, " bmi2") != NULL;
            adx = strstr(line, " adx") != NULL;
            break;
        }
    fclose(f);
    return bmi2 && adx;
}

static inline int ctime_force_adx_under_valgrind(lf_backend b)
{
#if defined(__x86_64__)
    if (!RUNNING_ON_VALGRIND || !ctime_host_has_adx()) return 0;
    atomic_store(&lf_backend_sel, (int)b);
    return 1;
#else
    (void)b;
    return 0;
#endif
}

#endif
