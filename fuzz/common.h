/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared helpers of the libFuzzer targets (fuzz/README.md): a reader over the
 * fuzzer's input, back-end selection from an input byte, and a check that
 * aborts (libFuzzer saves the input as a crash). */
#ifndef LF_FUZZ_COMMON_H
#define LF_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limbforge/limbforge.h"

#define FZ_CHECK(c)                                                                      \
    do {                                                                                 \
        if (!(c)) {                                                                      \
            fprintf(stderr, "fuzz check failed: %s (%s:%d, back end %s)\n", #c, __FILE__, \
                    __LINE__, lf_backend_name(lf_backend_current()));                    \
            abort();                                                                     \
        }                                                                                \
    } while (0)

typedef struct {
    const uint8_t *d;
    size_t n;
} fz_in;

static inline uint8_t fz_u8(fz_in *in)
{
    if (in->n == 0) return 0;
    in->n--;
    return *in->d++;
}

static inline uint16_t fz_u16(fz_in *in)
{
    uint16_t hi = fz_u8(in);
    return (uint16_t)(hi << 8 | fz_u8(in));
}

/* out[0..len) from the input, zero-padded when it runs out */
static inline void fz_bytes(fz_in *in, uint8_t *out, size_t len)
{
    size_t k = len < in->n ? len : in->n;
    if (k) memcpy(out, in->d, k);
    memset(out + k, 0, len - k);
    in->d += k;
    in->n -= k;
}

/* Select one of the back ends this machine runs, by an input byte. */
static inline void fz_backend(uint8_t sel)
{
    lf_backend av[LF_BACKEND_COUNT];
    int k = 0;
    for (int b = 0; b < LF_BACKEND_COUNT; b++)
        if (lf_backend_available((lf_backend)b)) av[k++] = (lf_backend)b;
    FZ_CHECK(k > 0);
    FZ_CHECK(lf_backend_set(lf_backend_name(av[sel % k])) == LF_OK);
}

static inline int fz_all_zero(const void *p, size_t len)
{
    const uint8_t *b = (const uint8_t *)p;
    uint8_t acc = 0;
    for (size_t i = 0; i < len; i++) acc |= b[i];
    return acc == 0;
}

#endif
