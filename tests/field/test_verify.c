/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* LF_VERIFY builds only: an element that is not < p must make the library
 * abort().  For every field, add() is called with all-ones limbs (>= p for
 * every field, since p < 2^(64N)); SIGABRT is caught and counted. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "limbforge/fields.h"

static sigjmp_buf env;
static void on_abort(int sig)
{
    (void)sig;
    siglongjmp(env, 1);
}

static int fields, aborted;

#define CASE(f, NL, NB)                                                                  \
    {                                                                                    \
        lf_##f##_t bad, one, r;                                                          \
        memset(&bad, 0xff, sizeof bad);                                                  \
        lf_##f##_set_one(&one);                                                          \
        fields++;                                                                        \
        if (sigsetjmp(env, 1) == 0) {                                                    \
            lf_##f##_add(&r, &one, &bad);                                                \
            printf("FAIL: %s: add(1, all-ones) returned instead of aborting\n", #f);     \
        } else {                                                                         \
            aborted++;                                                                   \
        }                                                                                \
    }

int main(void)
{
    signal(SIGABRT, on_abort);
    LF_FIELDS_FOREACH(CASE)
    printf("test_verify: %d fields, %d aborted on an out-of-range input as required\n", fields,
           aborted);
    return aborted == fields ? 0 : 1;
}
