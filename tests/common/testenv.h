/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one reader of the test knobs LF_TEST_ITERS and LF_TEST_SEED in the C
 * tests (tests/common/testenv.py is the Python twin, the Rust tests' common
 * module the third; tests/lint_testenv.py rejects reading either variable
 * anywhere else).
 *
 *   lf_test_scale()                 LF_TEST_ITERS: a multiplier of every
 *                                   randomised test's default count (unset or
 *                                   empty: 1).  Anything but a positive finite
 *                                   number is an error: exit 2 with a message
 *                                   (a typo must not turn a test off).
 *   lf_test_iters(dflt, min)        dflt * lf_test_scale(), rounded, never below
 *                                   min (min > 0: a randomised test always runs)
 *   lf_test_seed(dflt)              LF_TEST_SEED (any strtoull base-0 number),
 *                                   else dflt; a malformed value exits 2
 *   lf_test_report(prog, checks, fails, min)
 *                                   the closing line "PROG: N checks, F failed
 *                                   (minimum M)"; returns the exit status: 1 when
 *                                   a check failed or fewer than min checks ran
 *                                   (a test that silently did nothing fails)
 */
#ifndef LF_TEST_COMMON_TESTENV_H
#define LF_TEST_COMMON_TESTENV_H

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline double lf_test_scale(void)
{
    const char *e = getenv("LF_TEST_ITERS");
    if (!e || !*e) return 1.0;
    char *end;
    errno = 0;
    double v = strtod(e, &end);
    if (errno || *end || !(v > 0) || !isfinite(v)) {
        fprintf(stderr, "LF_TEST_ITERS=\"%s\": not a positive number\n", e);
        exit(2);
    }
    return v;
}

static inline long lf_test_iters(long dflt, long min)
{
    if (min < 1) min = 1;
    double v = (double)dflt * lf_test_scale() + 0.5;
    if (v > 1e15) v = 1e15;
    long n = (long)v;
    return n < min ? min : n;
}

static inline uint64_t lf_test_seed(uint64_t dflt)
{
    const char *s = getenv("LF_TEST_SEED");
    if (!s || !*s) return dflt;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end) {
        fprintf(stderr, "LF_TEST_SEED=\"%s\": not a number\n", s);
        exit(2);
    }
    return (uint64_t)v;
}

static inline int lf_test_report(const char *prog, long checks, long fails, long min)
{
    printf("%s: %ld checks, %ld failed (minimum %ld)\n", prog, checks, fails, min);
    if (checks < min) fprintf(stderr, "%s: FAIL: %ld checks, fewer than the minimum %ld\n", prog, checks, min);
    return fails || checks < min ? 1 : 0;
}

#endif
