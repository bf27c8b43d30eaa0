/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The tables of a rejection step without a compress instruction (AVX2,
 * NEON): for each 8-bit accept mask m, the positions of its set bits
 * (lf_mlkem_rej_nib, lowest first, one per nibble) and their count
 * (lf_mlkem_rej_pop), computed by the compiler from the macros below.
 * Indexed by masks of public data only (the matrix seed's XOF output).
 * Included by the back ends' vector headers (native/<arch>/mlkem_*.h). */
#ifndef LF_MLKEM_REJ_TABLE_H
#define LF_MLKEM_REJ_TABLE_H

#include <stdint.h>

/* entry m: the positions of the set bits of m, lowest first, one per
 * nibble; LF_MLKEM_POP8 counts the bits below position k */
#define LF_MLKEM_POP8(x)                                                                           \
    (((x) & 1) + ((x) >> 1 & 1) + ((x) >> 2 & 1) + ((x) >> 3 & 1) + ((x) >> 4 & 1) +                 \
     ((x) >> 5 & 1) + ((x) >> 6 & 1) + ((x) >> 7 & 1))
#define LF_MLKEM_NIB(m, k) ((uint64_t)((m) >> (k) & 1) * ((uint64_t)(k) << (4 * LF_MLKEM_POP8((m) & ((1 << (k)) - 1)))))
#define LF_MLKEM_E1(m)                                                                             \
    (LF_MLKEM_NIB(m, 0) | LF_MLKEM_NIB(m, 1) | LF_MLKEM_NIB(m, 2) | LF_MLKEM_NIB(m, 3) |             \
     LF_MLKEM_NIB(m, 4) | LF_MLKEM_NIB(m, 5) | LF_MLKEM_NIB(m, 6) | LF_MLKEM_NIB(m, 7))
#define LF_MLKEM_E4(m) LF_MLKEM_E1(m), LF_MLKEM_E1(m + 1), LF_MLKEM_E1(m + 2), LF_MLKEM_E1(m + 3)
#define LF_MLKEM_E16(m) LF_MLKEM_E4(m), LF_MLKEM_E4(m + 4), LF_MLKEM_E4(m + 8), LF_MLKEM_E4(m + 12)
#define LF_MLKEM_E64(m) LF_MLKEM_E16(m), LF_MLKEM_E16(m + 16), LF_MLKEM_E16(m + 32), LF_MLKEM_E16(m + 48)
static const uint64_t lf_mlkem_rej_nib[256] = {LF_MLKEM_E64(0), LF_MLKEM_E64(64), LF_MLKEM_E64(128),
                                               LF_MLKEM_E64(192)};
#define LF_MLKEM_P1(m) LF_MLKEM_POP8(m)
#define LF_MLKEM_P4(m) LF_MLKEM_P1(m), LF_MLKEM_P1(m + 1), LF_MLKEM_P1(m + 2), LF_MLKEM_P1(m + 3)
#define LF_MLKEM_P16(m) LF_MLKEM_P4(m), LF_MLKEM_P4(m + 4), LF_MLKEM_P4(m + 8), LF_MLKEM_P4(m + 12)
#define LF_MLKEM_P64(m) LF_MLKEM_P16(m), LF_MLKEM_P16(m + 16), LF_MLKEM_P16(m + 32), LF_MLKEM_P16(m + 48)
static const uint8_t lf_mlkem_rej_pop[256] = {LF_MLKEM_P64(0), LF_MLKEM_P64(64), LF_MLKEM_P64(128),
                                              LF_MLKEM_P64(192)};

#endif
