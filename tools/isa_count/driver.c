/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* isa_count driver: calls one function once, so that qemu-user's execution
 * trace (tools/isa_count/isa_count.py) can count the instructions it runs.
 *
 * Built per measured symbol: cc -DLF_ISA_TARGET=<symbol> driver.c <objects>
 * -static.  Usage: driver "SPEC" [zero|small|rand]
 * SPEC has one token per argument word, as in tests/abi: o<N>, i<N>, b<N>
 * (output, input, in/out buffer of N bytes, or N 64-bit words with a 'w'
 * suffix) or v<N> (the integer N).  The target is called with eight
 * uintptr_t arguments: one register (or, on i686, stack slot) each, so a
 * buffer is one pointer on every target, a v<N> one word (N must fit in a
 * uintptr_t: on the 32-bit targets a 64-bit integer argument is two tokens,
 * low word first, on armhf in an even/odd register pair, as the AAPCS
 * passes it).  On the 64-bit targets uintptr_t is uint64_t, the type the
 * driver used before.  Input buffers are filled from a fixed
 * seed: "small" (default) = random words with the last word of each buffer
 * zero (so a field element is < p), "rand" = random words, "zero" = zeros.
 * The call goes through lf_isa_call (never inlined), whose address range the
 * counter uses to find the call and the return.
 *
 * Optional hooks, each a function linked in with the objects:
 *   -DLF_ISA_SETUP=<fn>  int fn(uint64_t args[8]): runs before the counted
 *       call (context creation, one-time initialisation, a warm-up call of
 *       the target); it may replace the arguments built from SPEC.  Nonzero
 *       return: exit 3, nothing is called.
 *   -DLF_ISA_CHECK=<fn>  int fn(const uint64_t args[8], uint64_t ret): runs
 *       after it, with the arguments and the return value (e.g. compares the
 *       output with a known answer).  Nonzero return: exit 4.
 * The hooks' args[] are uint64_t on every target (the same type as
 * uintptr_t on the 64-bit ones); on a 32-bit target each holds one argument
 * word, zero-extended: a hook stores a pointer as (uint64_t)(uintptr_t)p,
 * and a value that does not fit in a uintptr_t is refused (exit 5).
 * After the call the driver prints "lf_isa_ret 0x<return register>" on
 * stdout (isa_count.py --expect-ret).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef LF_ISA_TARGET
#error "define LF_ISA_TARGET to the symbol to call"
#endif

extern void LF_ISA_TARGET(void);
/* the target's address taken here, at file scope, where its name cannot be
 * hidden by a local one (a target called f, s or n) */
static void (*const lf_isa_target)(void) = LF_ISA_TARGET;
#ifdef LF_ISA_SETUP
int LF_ISA_SETUP(uint64_t args[8]);
#endif
#ifdef LF_ISA_CHECK
int LF_ISA_CHECK(const uint64_t args[8], uint64_t ret);
#endif

/* one argument word per register: uintptr_t (uint64_t on the 64-bit targets) */
typedef uintptr_t (*lf_isa_fn8)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                                uintptr_t, uintptr_t, uintptr_t);

#define MAXARGS 8
#define MAXBUF 65536
static uint64_t lf_isa_bufs[MAXARGS][MAXBUF / 8] __attribute__((aligned(64)));

__attribute__((noinline)) uintptr_t lf_isa_call(lf_isa_fn8 f, const uintptr_t *a)
{
    uintptr_t r = f(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    __asm__ volatile("" ::: "memory"); /* no tail call: the callee returns here */
    return r;
}

static uint64_t lf_isa_rng = 0x0123456789abcdefULL;
static uint64_t lf_isa_rnd(void)
{
    uint64_t z = (lf_isa_rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int bad_spec(const char *spec)
{
    fprintf(stderr, "lf_isa: bad argument spec \"%s\"\n", spec);
    return 2;
}

int main(int argc, char **argv)
{
    uint64_t args[MAXARGS] = {0};
    const char *s = argc > 1 ? argv[1] : "";
    const char *fill = argc > 2 ? argv[2] : "small";
    int n = 0;
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        char kind = *s++;
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        if (end == s || n == MAXARGS) return bad_spec(argv[1]);
        s = end;
        if (*s == 'w') v *= 8, s++;
        if (kind == 'v') {
            if (v > UINTPTR_MAX) return bad_spec(argv[1]);
            args[n++] = v;
            continue;
        }
        if (v > MAXBUF || (kind != 'o' && kind != 'i' && kind != 'b')) return bad_spec(argv[1]);
        size_t words = (size_t)(v + 7) / 8;
        for (size_t j = 0; j < words; j++) lf_isa_bufs[n][j] = lf_isa_rnd();
        if (strcmp(fill, "zero") == 0 || kind == 'o') memset(lf_isa_bufs[n], 0, words * 8);
        else if (strcmp(fill, "small") == 0 && words) lf_isa_bufs[n][words - 1] = 0;
        args[n] = (uint64_t)(uintptr_t)lf_isa_bufs[n];
        n++;
    }
    lf_isa_fn8 f = (lf_isa_fn8)(uintptr_t)lf_isa_target;
#ifdef LF_ISA_SETUP
    if (LF_ISA_SETUP(args) != 0) return 3;
#endif
    uintptr_t words[MAXARGS];
    for (int i = 0; i < MAXARGS; i++) {
        if (args[i] > UINTPTR_MAX) {
            fprintf(stderr, "lf_isa: args[%d] = %#llx does not fit in a uintptr_t\n", i,
                    (unsigned long long)args[i]);
            return 5;
        }
        words[i] = (uintptr_t)args[i];
    }
    volatile uintptr_t r = lf_isa_call(f, words);
#ifdef LF_ISA_CHECK
    if (LF_ISA_CHECK(args, r) != 0) return 4;
#endif
    printf("lf_isa_ret %#llx\n", (unsigned long long)r);
    return 0;
}
