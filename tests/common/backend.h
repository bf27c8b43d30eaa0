/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The back end a test runs on: LIMBFORGE_BACKEND, read by the library on
 * first use (it aborts if the named back end cannot run here, so a forced
 * back end is never silently replaced).  A test calls one of these first,
 * before anything asks the library for its back end:
 *
 *   lf_test_backend_or_skip(prog)   exit 77 (ctest: skipped) if the back end
 *                                   cannot run on this CPU; exit 2 if the
 *                                   name is unknown; else return
 *   lf_test_backend_wanted(prog)    the named back end (-1 if none; exit 2
 *                                   if unknown), runnable or not: for
 *                                   callers that may force it (ctime_main.c)
 *
 * Messages go to stderr (the pipes keep stdout for their answers). */
#ifndef LF_TEST_COMMON_BACKEND_H
#define LF_TEST_COMMON_BACKEND_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/limbforge.h"

static inline int lf_test_backend_wanted(const char *prog)
{
    const char *want = getenv("LIMBFORGE_BACKEND");
    if (!want || !*want) return -1;
    for (int b = 0; b < LF_BACKEND_COUNT; b++)
        if (strcmp(want, lf_backend_name((lf_backend)b)) == 0) return b;
    fprintf(stderr, "%s: unknown back end %s (LIMBFORGE_BACKEND)\n", prog, want);
    exit(2);
}

static inline void lf_test_backend_or_skip(const char *prog)
{
    int b = lf_test_backend_wanted(prog);
    if (b < 0 || lf_backend_available((lf_backend)b)) return;
    fprintf(stderr, "%s: back end %s not available on this CPU: skipped\n", prog,
            lf_backend_name((lf_backend)b));
    exit(77);
}

#endif
