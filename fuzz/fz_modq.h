/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Arithmetic mod q = 3329 of the fuzz targets' own reference models
 * (fuzz_ntt.c's NTT, fuzz_mlkem.c's K-PKE), written from FIPS 203: nothing
 * of the library's NTT is used, so the models stay independent of it. */
#ifndef LF_FUZZ_FZ_MODQ_H
#define LF_FUZZ_FZ_MODQ_H

#include <stdint.h>

#define Q 3329

/* BitRev7 of FIPS 203: the 7-bit reversal of k */
static inline unsigned brv7(unsigned k)
{
    unsigned r = 0;
    for (int i = 0; i < 7; i++) r |= ((k >> i) & 1) << (6 - i);
    return r;
}

/* b^e mod q, b < q */
static inline uint32_t powq(uint32_t b, unsigned e)
{
    uint32_t r = 1;
    for (; e; e >>= 1, b = b * b % Q)
        if (e & 1) r = r * b % Q;
    return r;
}

#endif
