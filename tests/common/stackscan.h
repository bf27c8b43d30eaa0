/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Secrets left behind on the stack.  The library wipes the secrets it keeps
 * in locals (lf_wipe, src/lf_internal.h) before it returns; a wipe that is
 * lost (deleted, the wrong size, optimised out) changes no result, so only
 * a look at the stack afterwards can see it.
 *
 *   lf_stack_run(fn, arg)     runs fn(arg) on a thread whose stack is a
 *                             buffer of ours (pthread_attr_setstack), filled
 *                             with a pattern first; returns how many of its
 *                             bytes the call changed (0: it did not run there)
 *   lf_needles_add32(nd, name, v)  a secret of 32 bytes (big-endian) in the
 *                             forms a back end keeps it in: the 32 bytes, the
 *                             4 x 64-bit limbs (little-endian), the 5 x
 *                             52-bit limbs (40 bytes)
 *   lf_needles_add(nd, name, p, n)  n bytes (at most 64) as stored
 *   lf_stack_scan(prog, what, nd)   how many needles are in the buffer (each
 *                             hit printed with its offset from the top)
 *   lf_stack_leak32(p)        the self-tests' call: 32 bytes of p left in an
 *                             uncleared local
 *   lf_stack_expect(prog, what, used, nd, leak)  the checks (check.h) every
 *                             test makes of a call: it changed at least 64
 *                             bytes of the stack (it ran there), and the scan
 *                             found a needle if and only if leak (the
 *                             self-test)
 *
 * A needle is a whole object, as a local holding it keeps it: what the
 * compiler spills of a secret (a register pushed, a limb in the red zone)
 * is out of the library's reach in C; what the spills leave is single
 * 8-byte words, not the whole value in order (gcc 12 -O2: 1 to 4 scattered
 * words of the key from the c back end's scalar kernels, which push the
 * caller's registers and use the red zone).  So this sees a local that is
 * not wiped, not the spills.  Each program checks first that a call
 * leaving its key behind is caught.  The programs link with -z now
 * (stackscan.cmake, lf_residue_test): a new
 * thread starts with its creator's vector registers (the test's own oracle
 * values among them), and the dynamic linker's lazy binding saves them on
 * the thread's stack at the first call of a libc function. */
#ifndef LF_TEST_COMMON_STACKSCAN_H
#define LF_TEST_COMMON_STACKSCAN_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define LF_STACK_BYTES (1u << 20)
#define LF_STACK_FILL 0xa5
#define LF_NEEDLES_MAX 256

static _Alignas(4096) unsigned char lf_stack_buf[LF_STACK_BYTES];

typedef struct {
    unsigned char b[LF_NEEDLES_MAX][64];
    size_t len[LF_NEEDLES_MAX];
    const char *name[LF_NEEDLES_MAX];
    int n;
} lf_needles;

typedef struct {
    void (*fn)(void *);
    void *arg;
} lf_stack_call;

/* The call runs below a pad of untouched stack, out of reach of what the
 * thread's exit (glibc's start_thread) then writes near the top. */
#define LF_STACK_PAD 16384
static void *lf_stack_trampoline(void *p)
{
    lf_stack_call *c = (lf_stack_call *)p;
    volatile unsigned char pad[LF_STACK_PAD];
    pad[0] = 0;
    c->fn(c->arg);
    __asm__ volatile("" : : "r"(pad) : "memory");
    return NULL;
}

static inline size_t lf_stack_run(void (*fn)(void *), void *arg)
{
    memset(lf_stack_buf, LF_STACK_FILL, sizeof lf_stack_buf);
    lf_stack_call c = {fn, arg};
    pthread_attr_t at;
    pthread_t th;
    if (pthread_attr_init(&at) || pthread_attr_setstack(&at, lf_stack_buf, sizeof lf_stack_buf) ||
        pthread_create(&th, &at, lf_stack_trampoline, &c) || pthread_join(th, NULL))
        return 0;
    pthread_attr_destroy(&at);
    size_t changed = 0;
    for (size_t i = 0; i < sizeof lf_stack_buf; i++) changed += lf_stack_buf[i] != LF_STACK_FILL;
    return changed;
}

/* A needle of under 16 or over 64 bytes, or one too many, is the test's
 * bug: exit 2 rather than search for less than the test says. */
static inline void lf_needles_add(lf_needles *nd, const char *name, const void *p, size_t n)
{
    if (nd->n >= LF_NEEDLES_MAX || n > sizeof nd->b[0] || n < 16) {
        fprintf(stderr, "stackscan: needle %s of %zu bytes not taken (%d held)\n", name, n, nd->n);
        exit(2);
    }
    memcpy(nd->b[nd->n], p, n);
    nd->len[nd->n] = n;
    nd->name[nd->n++] = name;
}

static inline void lf_needles_add32(lf_needles *nd, const char *name, const uint8_t v[32])
{
    uint64_t w[4]; /* w[0] least significant */
    unsigned char le[32], l52[40];
    for (int i = 0; i < 4; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] |= (uint64_t)v[31 - 8 * i - j] << (8 * j);
        for (int j = 0; j < 8; j++) le[8 * i + j] = (unsigned char)(w[i] >> (8 * j));
    }
    for (int i = 0; i < 5; i++) {
        int bit = 52 * i, k = bit / 64, sh = bit % 64;
        uint64_t limb = w[k] >> sh;
        if (sh > 12 && k < 3) limb |= w[k + 1] << (64 - sh);
        limb &= i < 4 ? (UINT64_C(1) << 52) - 1 : (UINT64_C(1) << 48) - 1;
        for (int j = 0; j < 8; j++) l52[8 * i + j] = (unsigned char)(limb >> (8 * j));
    }
    lf_needles_add(nd, name, v, 32);
    lf_needles_add(nd, name, le, 32);
    lf_needles_add(nd, name, l52, 40);
}

/* The self-test's call: what a lost wipe leaves, 32 bytes of p in a local
 * that is not cleared. */
static __attribute__((noinline)) void lf_stack_leak32(const void *p)
{
    volatile unsigned char copy[32];
    for (int i = 0; i < 32; i++) copy[i] = ((const unsigned char *)p)[i];
    __asm__ volatile("" : : "r"(copy) : "memory");
}

/* the number of needle hits in the buffer; each is printed */
static inline int lf_stack_scan(const char *prog, const char *what, const lf_needles *nd)
{
    int hits = 0;
    for (size_t i = 0; i + 16 <= sizeof lf_stack_buf; i++) {
        if (lf_stack_buf[i] == LF_STACK_FILL) continue;
        for (int k = 0; k < nd->n; k++) {
            if (i + nd->len[k] > sizeof lf_stack_buf ||
                memcmp(lf_stack_buf + i, nd->b[k], nd->len[k]) != 0)
                continue;
            if (hits++ < 8)
                printf("%s: %s: %s left on the stack, %zu bytes below its top\n", prog, what,
                       nd->name[k], sizeof lf_stack_buf - i);
        }
    }
    return hits;
}

static inline void lf_stack_expect(const char *prog, const char *what, size_t used,
                                   const lf_needles *nd, int leak)
{
    CHECK(used >= 64, "%s: the call changed %zu bytes of its stack", what, used);
    int hits = lf_stack_scan(prog, what, nd);
    if (leak)
        CHECK(hits > 0, "%s: the secret it left on the stack was not found", what);
    else
        CHECK(hits == 0, "%s: %d secrets left on the stack", what, hits);
}

#endif
