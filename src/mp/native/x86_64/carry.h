/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mp carry chains on x86-64 (GCC and clang, not MemorySanitizer builds:
 * MSan checks every inline asm operand as a use), included by src/mp/mp.c.
 *
 * Why asm: the length-generic word loops of the Karatsuba glue and the
 * Montgomery/CRT corrections are adc/sbb chains.  Written with
 * _addcarry_u64, gcc 12 moves the carry through a register (setc, then
 * add $0xff) on every word, and two chains interleaved in one loop go
 * through memory too: measured 3.1 cycles/word for one chain (clang 1.6),
 * against 1.1 here.  Baseline x86-64 only (adc, sbb, mov, lea, dec, bt,
 * jrcxz): the x86_64 back end runs on CPUs without BMI2/ADX.
 *
 * lf_mp_adc_x86(r, a, b, cin, n): r = a + b + cin (cin 0 or 1) over n words,
 * returns the carry out (0 or 1).
 * lf_mp_sbb_x86(r, a, b, bin, n): r = a - b - bin, returns the borrow out.
 * r may alias a and/or b (each word is read before it is written).
 * Constant time: the loop counts depend on n only, and the instructions take
 * the same time for every operand.
 *
 * Registers: rcx holds the loop count (jrcxz skips an empty loop without
 * touching CF, dec keeps CF); everything else is chosen by the compiler.
 * No stack, no calls; flags and memory clobbered. */
#ifndef LF_MP_NATIVE_X86_64_CARRY_H
#define LF_MP_NATIVE_X86_64_CARRY_H

#include <stddef.h>
#include <stdint.h>

/* OP is "adc" or "sbb": four words per loop, then one at a time */
#define LF_MP_CHAIN_X86(OP, r, a, b, c, n)                                      \
    do {                                                                        \
        uint64_t t0_, rem_ = (n) & 3, cnt_ = (n) >> 2;                          \
        __asm__ volatile(                                                       \
        "bt $0, %[c]\n\t" /* CF = the carry (borrow) in */                      \
        "jrcxz 2f\n"                                                            \
        "1:\n\t"                                                                \
        "mov 0(%[a]), %[t0]\n\t"                                                \
        OP " 0(%[b]), %[t0]\n\t"                                                \
        "mov %[t0], 0(%[r])\n\t"                                                \
        "mov 8(%[a]), %[t0]\n\t"                                                \
        OP " 8(%[b]), %[t0]\n\t"                                                \
        "mov %[t0], 8(%[r])\n\t"                                                \
        "mov 16(%[a]), %[t0]\n\t"                                               \
        OP " 16(%[b]), %[t0]\n\t"                                               \
        "mov %[t0], 16(%[r])\n\t"                                               \
        "mov 24(%[a]), %[t0]\n\t"                                               \
        OP " 24(%[b]), %[t0]\n\t"                                               \
        "mov %[t0], 24(%[r])\n\t"                                               \
        "lea 32(%[a]), %[a]\n\t"                                                \
        "lea 32(%[b]), %[b]\n\t"                                                \
        "lea 32(%[r]), %[r]\n\t"                                                \
        "dec %[cnt]\n\t"                                                        \
        "jnz 1b\n"                                                              \
        "2:\n\t"                                                                \
        "mov %[rem], %[cnt]\n\t" /* mov keeps CF */                             \
        "jrcxz 4f\n"                                                            \
        "3:\n\t"                                                                \
        "mov 0(%[a]), %[t0]\n\t"                                                \
        OP " 0(%[b]), %[t0]\n\t"                                                \
        "mov %[t0], 0(%[r])\n\t"                                                \
        "lea 8(%[a]), %[a]\n\t"                                                 \
        "lea 8(%[b]), %[b]\n\t"                                                 \
        "lea 8(%[r]), %[r]\n\t"                                                 \
        "dec %[cnt]\n\t"                                                        \
        "jnz 3b\n"                                                              \
        "4:\n\t"                                                                \
        "mov $0, %k[c]\n\t" /* mov keeps CF */                                  \
        "adc $0, %k[c]\n\t"                                                     \
        : [a] "+r"(a), [b] "+r"(b), [r] "+r"(r), [cnt] "+c"(cnt_), [c] "+r"(c), \
          [t0] "=&r"(t0_)                                                       \
        : [rem] "r"(rem_)                                                       \
        : "cc", "memory");                                                      \
    } while (0)

static inline uint64_t lf_mp_adc_x86(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                     uint64_t cin, size_t n)
{
    uint64_t c = cin;
    LF_MP_CHAIN_X86("adc", r, a, b, c, n);
    return c;
}

static inline uint64_t lf_mp_sbb_x86(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                     uint64_t bin, size_t n)
{
    uint64_t c = bin;
    LF_MP_CHAIN_X86("sbb", r, a, b, c, n);
    return c;
}

#endif
