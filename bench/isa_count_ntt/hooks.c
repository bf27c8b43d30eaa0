/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Setup hooks of bench/isa_count_ntt.py (tools/isa_count --setup): each fills
 * the inputs of the counted call with fixed pseudo-random coefficients in the
 * function's input range and makes one warm-up call (back-end detection,
 * first-touch), so the counted call is a steady-state one; the check hook
 * requires the checked functions to return LF_OK. */
#include <stdint.h>

#include "limbforge/ntt.h"

static void fill(int16_t *a, int n, uint32_t seed, int lo, int hi)
{
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (int16_t)(lo + (int)((seed >> 8) % (uint32_t)(hi - lo + 1)));
    }
}

#define P(k) ((int16_t *)(uintptr_t)args[k])

int lfic_ntt_lazy(uint64_t args[8])
{
    int16_t t[256];
    fill(P(0), 256, 1, 0, 3328);
    fill(t, 256, 1, 0, 3328);
    lf_mlkem_ntt_lazy(t);
    return 0;
}

int lfic_invntt_lazy(uint64_t args[8])
{
    int16_t t[256];
    fill(P(0), 256, 2, -3328, 3328);
    fill(t, 256, 2, -3328, 3328);
    lf_mlkem_invntt_lazy(t);
    return 0;
}

int lfic_basemul_lazy(uint64_t args[8])
{
    int16_t t[256];
    fill(P(1), 256, 3, -3328, 3328);
    fill(P(2), 256, 4, -3328, 3328);
    lf_mlkem_basemul_lazy(t, P(1), P(2));
    return 0;
}

int lfic_ntt(uint64_t args[8])
{
    int16_t t[256];
    fill(P(1), 256, 5, 0, 3328);
    return lf_mlkem_ntt(t, P(1));
}

int lfic_invntt(uint64_t args[8])
{
    int16_t t[256];
    fill(P(1), 256, 6, 0, 3328);
    return lf_mlkem_invntt(t, P(1));
}

int lfic_basemul(uint64_t args[8])
{
    int16_t t[256];
    fill(P(1), 256, 7, 0, 3328);
    fill(P(2), 256, 8, 0, 3328);
    return lf_mlkem_basemul(t, P(1), P(2));
}

int lfic_cyclic(uint64_t args[8])
{
    int16_t t[128];
    fill(P(1), 128, 9, 0, 3328);
    fill(P(2), 128, 10, 0, 3328);
    return lf_ntt128_cyclic_mul(t, P(1), P(2));
}

int lfic_ok(const uint64_t args[8], uint64_t ret)
{
    (void)args;
    return (int)ret;
}
