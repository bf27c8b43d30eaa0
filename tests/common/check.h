/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* CHECK for the C tests that count their checks and go on after a failure
 * (so one run reports every kind of mismatch): the first 30 failures are
 * printed with file, line and a printf message; lf_check_n and
 * lf_check_fails count; a test ends with `return lf_check_fails != 0;`. */
#ifndef LF_TEST_COMMON_CHECK_H
#define LF_TEST_COMMON_CHECK_H

#include <stdio.h>

static long lf_check_n, lf_check_fails;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        lf_check_n++;                                                                              \
        if (!(cond) && lf_check_fails++ < 30) {                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

#endif
