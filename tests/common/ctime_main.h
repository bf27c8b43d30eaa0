/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one main() of the constant-time tests (tests/common/ctime_main.c).
 *
 * A module's ctime file holds only its cases: functions that mark their
 * secret inputs with LF_CT_SECRET (checkmem.h), call the API, and pass every
 * result through lf_ctime_out before anyone looks at it.  It defines
 *
 *     const lf_ctime_suite lf_ctime_this = {"ctime_mp", cases, leaks};
 *
 * and is linked with ctime_main.c, whose main() does:
 *
 *   prog --require-valgrind   the test: exit 1 unless a checker watches the
 *                             run (valgrind, or an MSan build; the alias
 *                             --require-checker reads better for MSan)
 *   prog                      the same, but without a checker it runs anyway
 *                             and says nothing is checked
 *   prog --selftest-leak=NAME run one deliberate leak and exit 0; the checker
 *                             MUST report it (ctest matches its message).
 *                             NAME: "branch" (a branch on a secret bit),
 *                             "index" (a table read at a secret index), or a
 *                             leak the module registers (e.g. poly1305's
 *                             early-exit tag compare "verify").
 *
 * Back end: LIMBFORGE_BACKEND names it.  If the CPU (as the library sees
 * it) cannot run it, lf_ctime_force_under_valgrind may still select it
 * (valgrind hides ADX, see there); else the run exits 77 (ctest: skipped).
 * An unknown name exits 2.  Then every case runs in order, each printing
 * "  NAME ok", and the last line gives the digest of all outputs (so no
 * result is dead code to the compiler). */
#ifndef LF_TEST_COMMON_CTIME_MAIN_H
#define LF_TEST_COMMON_CTIME_MAIN_H

#include <stddef.h>
#include <stdint.h>

#include "checkmem.h"
#include "limbforge/limbforge.h"
#include "rng.h"

typedef struct {
    const char *name;
    void (*run)(void);
} lf_ctime_case;

typedef struct {
    const char *name;            /* program name in messages */
    const lf_ctime_case *cases;  /* the checks, ended by {NULL, NULL} */
    const lf_ctime_case *leaks;  /* extra --selftest-leak cases, or NULL */
} lf_ctime_suite;

/* Defined by the module's ctime file. */
extern const lf_ctime_suite lf_ctime_this;

/* Declassify n bytes of output and fold them into the digest. */
void lf_ctime_out(const void *p, size_t n);
#define LF_CT_OUT(x) lf_ctime_out(&(x), sizeof(x))

/* The harness's generator (seeded by main, 0x243f6a8885a308d3), for cases
 * that want random public values; a case may keep its own stream instead. */
extern lf_rng lf_ctime_rng;

/* Valgrind 3.19 executes mulx/adcx/adox but its synthetic CPUID clears the
 * ADX bit, so under valgrind the library never offers x86_64_adx nor its
 * descendants (avx2, avx512, avx512ifma).  When running under valgrind on
 * x86-64, with the host CPU having what back end b's chain needs (BMI2 and
 * ADX, plus AVX2 for avx2; read from /proc/cpuinfo, which valgrind does not
 * rewrite), and b needing no AVX-512 (valgrind 3.19 cannot run it), this
 * selects b directly through the library's selection variable
 * (lf_backend_sel, src/lf_internal.h) and returns 1; else 0.  Call it
 * before anything asks the library for its back end. */
int lf_ctime_force_under_valgrind(lf_backend b);

#endif
