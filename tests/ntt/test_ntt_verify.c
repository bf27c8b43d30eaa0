/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* LF_VERIFY builds only: inputs beyond the documented bounds of the lazy API
 * must make the library abort() (on every back end: the checks sit in the
 * dispatch layer).  Each case catches SIGABRT; a case that returns is a
 * failure.  Exit 77 when the forced back end cannot run here. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/limbforge.h"
#include "limbforge/ntt.h"

#include "../common/backend.h"

static sigjmp_buf env;
static void on_abort(int sig)
{
    (void)sig;
    siglongjmp(env, 1);
}

int main(void)
{
    /* before the SIGABRT handler: an unknown back end must not pass as an abort */
    lf_test_backend_or_skip("test_ntt_verify");
    static int16_t a[256], b[256], r[256];
    volatile int cases = 0, aborted = 0;
    signal(SIGABRT, on_abort);
#define CASE(setup, call)                                                                \
    do {                                                                                 \
        memset(a, 0, sizeof a), memset(b, 0, sizeof b);                                  \
        setup;                                                                           \
        cases++;                                                                         \
        if (sigsetjmp(env, 1) == 0) {                                                    \
            call;                                                                        \
            printf("FAIL: %s with %s returned instead of aborting\n", #call, #setup);    \
        } else {                                                                         \
            aborted++;                                                                   \
        }                                                                                \
    } while (0)
    CASE(a[7] = LF_MLKEM_NTT_LAZY_IN_MAX + 1, lf_mlkem_ntt_lazy(a));
    CASE(a[200] = -LF_MLKEM_NTT_LAZY_IN_MAX - 1, lf_mlkem_ntt_lazy(a));
    CASE(a[3] = LF_MLKEM_INVNTT_LAZY_IN_MAX + 1, lf_mlkem_invntt_lazy(a));
    CASE(b[255] = LF_MLKEM_BASEMUL_LAZY_IN_MAX + 1, lf_mlkem_basemul_lazy(r, a, b));
    CASE(a[0] = -LF_MLKEM_BASEMUL_LAZY_IN_MAX - 1, lf_mlkem_basemul_lazy(r, a, b));
    /* in range: must not abort */
    volatile int ok = 1;
    if (sigsetjmp(env, 1) == 0) {
        for (int i = 0; i < 256; i++) a[i] = (int16_t)((i & 1) ? LF_MLKEM_NTT_LAZY_IN_MAX
                                                               : -LF_MLKEM_NTT_LAZY_IN_MAX);
        lf_mlkem_ntt_lazy(a);
        lf_mlkem_basemul_lazy(r, a, a);
        lf_mlkem_invntt_lazy(r);
    } else {
        ok = 0;
        printf("FAIL: in-range lazy chain aborted\n");
    }
    printf("test_ntt_verify [%s]: %d cases, %d aborted as required, in-range chain %s\n",
           lf_backend_name(lf_backend_current()), cases, aborted, ok ? "ok" : "ABORTED");
    return (aborted == cases && ok) ? 0 : 1;
}
