/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared helpers of the poly1305, chacha20 and aead tests: hex, RNG stream,
 * checks, back-end selection with exit 77 when the forced back end cannot run
 * here. */
#ifndef LF_TEST_SYMM_TEST_H
#define LF_TEST_SYMM_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/limbforge.h"

#include "backend.h"
#include "rng.h"

static long t_checks, t_fail;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        t_checks++;                                                                                \
        if (!(cond)) {                                                                             \
            t_fail++;                                                                              \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            if (t_fail > 20) exit(1);                                                              \
        }                                                                                          \
    } while (0)

/* The tests' one random stream (tests/common/rng.h). */
static __attribute__((unused)) lf_rng t_rng = LF_RNG_INIT(0x9e3779b97f4a7c15ULL);

static inline int t_hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
/* Parse hex (spaces and colons ignored) into out; returns the byte count. */
static inline size_t t_unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0;
    int hi = -1;
    for (; *hex; hex++) {
        int v = t_hexval((unsigned char)*hex);
        if (v < 0) continue;
        if (hi < 0) hi = v;
        else {
            if (n >= cap) { fprintf(stderr, "t_unhex: overflow\n"); exit(2); }
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return n;
}

/* LIMBFORGE_BACKEND forced but not runnable here: skip (77) instead of the
 * library's abort (tests/common/backend.h).  Returns the selected back end. */
static inline lf_backend t_backend_or_skip(const char *prog)
{
    lf_test_backend_or_skip(prog);
    return lf_backend_current();
}

/* The random round count: dflt x LF_TEST_ITERS, at least min
 * (tests/common/testenv.h). */
static inline long t_iters(long dflt, long min) { return lf_test_iters(dflt, min); }

/* The closing line; fails when a check failed or fewer than min ran. */
static inline int t_done(const char *prog, long min)
{
    printf("%s: backend=%s\n", prog, lf_backend_name(lf_backend_current()));
    return lf_test_report(prog, t_checks, t_fail, min);
}

#endif
