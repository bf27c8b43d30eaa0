/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal definitions shared by every module: back-end dispatch and the
 * value barrier.  Not installed. */
#ifndef LF_INTERNAL_H
#define LF_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "limbforge/limbforge.h"

#if defined(__GNUC__) || defined(__clang__)
#define LF_HIDDEN __attribute__((visibility("hidden")))
#define LF_LIKELY(x) __builtin_expect(!!(x), 1)
#define LF_NOINLINE __attribute__((noinline))
#else
#define LF_HIDDEN
#define LF_LIKELY(x) (x)
#define LF_NOINLINE
#endif

#include "generated/dispatch_slots.h"

/* The selected dispatch slot (src/cpu.c), -1 before the first call. */
extern LF_HIDDEN _Atomic int lf_backend_sel;
LF_HIDDEN int lf_dispatch_slot_slow(void);

/* The index of every module's kernel table: one relaxed load on the hot path. */
static inline int lf_dispatch_slot(void)
{
    int s = atomic_load_explicit(&lf_backend_sel, memory_order_relaxed);
    return LF_LIKELY(s >= 0) ? s : lf_dispatch_slot_slow();
}

/* A slot's level (the back end lf_backend_current() reports) and its usable
 * entries (a bit per entry, src/generated/dispatch_slots.h): for tests and set-up. */
LF_HIDDEN lf_backend lf_slot_level(int slot);
/* The slot level b runs at with the capabilities in use (tests, benchmarks). */
LF_HIDDEN int lf_slot_of(lf_backend b);
LF_HIDDEN uint32_t lf_slot_usable(int slot);
/* An entry's name and base back end (itself for a back end): for tests. */
LF_HIDDEN const char *lf_entry_name(int e);
LF_HIDDEN lf_backend lf_entry_base(int e);
/* Tests only: level b with capabilities caps, unchecked (src/cpu.c). */
LF_HIDDEN void lf_dispatch_force(lf_backend b, uint64_t caps);

/* The one dispatch pattern (README.md, "Dispatch").  Each module has a
 * table with an entry per slot (LF_DISPATCH_SLOTS), filled at compile time by
 * including the generated src/generated/dispatch_table.h (a slot gets the kernels of
 * the module's most preferred entry of its own among those the slot runs),
 * and reads it as table[lf_dispatch_slot()], once per API call.  It also
 * describes the table for tests/dispatch/, which recomputes every slot's
 * choice from the generated slot list and the module's own-kernel set. */
typedef struct {
    const char *module;   /* "ntt", "field secp256k1_p", ...            */
    const void *table;    /* the table: LF_DISPATCH_SLOTS entries        */
    size_t entry_size;    /* bytes per entry                             */
    uint32_t own;         /* entries with kernels of their own (bits)    */
} lf_dispatch_info;

/* The parent of back end b (LF_BACKEND_C for the roots; c's parent is c).
 * For tests and tools: modules never walk the chain, their dispatch tables
 * are resolved at compile time. */
LF_HIDDEN lf_backend lf_backend_parent(lf_backend b);

/* 1 if back end `anc` is b or one of its ancestors (b a valid back end).
 * A walk up the chain: for tests and set-up, never per kernel call (the
 * dispatch tables already hold each back end's resolved entry). */
static inline int lf_backend_has(int b, lf_backend anc)
{
    for (;;) {
        if (b == (int)anc) return 1;
        if (b == LF_BACKEND_C) return 0;
        b = (int)lf_backend_parent((lf_backend)b);
    }
}

/* LF_MSAN: this is a MemorySanitizer build (clang -fsanitize=memory; the
 * constant-time lane scripts/test-msan.sh, tests/ctime/README.md). */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define LF_MSAN 1
#endif
#endif

/* Value barrier: hides a value from the optimiser so masks stay masks.
 * MemorySanitizer checks every operand of an inline asm (a secret operand is
 * reported as a use) and marks its outputs initialised (the secret would be
 * lost): in MSan builds only, the barrier is a volatile round trip instead,
 * as opaque to the optimiser, and MSan carries the shadow through it. */
static inline uint64_t lf_vb(uint64_t x)
{
#if defined(LF_MSAN)
    volatile uint64_t v = x;
    return v;
#else
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
#endif
}

static inline uint32_t lf_vb32(uint32_t x)
{
#if defined(LF_MSAN)
    volatile uint32_t v = x;
    return v;
#else
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
#endif
}

/* Declassify: a value the API makes public on purpose (a verdict it
 * returns: AEAD open's tag check, a secret key's validity) is marked as
 * defined for valgrind in the constant-time test builds (tests/common/
 * ctime.cmake compiles the library sources with LF_CTIME_VALGRIND), and
 * unpoisoned in every MemorySanitizer build; a no-op otherwise. */
#if defined(LF_MSAN)
#include <sanitizer/msan_interface.h>
#define LF_DECLASSIFY(p, n) __msan_unpoison((const void *)(p), (size_t)(n))
#elif defined(LF_CTIME_VALGRIND) && LF_CTIME_VALGRIND
#include <valgrind/memcheck.h>
#define LF_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define LF_DECLASSIFY(p, n) ((void)0)
#endif

/* Zero n bytes in a way the compiler keeps (secrets on the stack). */
static inline void lf_wipe(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, n);
    __asm__ volatile("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    while (n--) *v++ = 0;
#endif
}

/* Little-endian loads and stores.  On little-endian hosts a memcpy of the
 * word, which compilers turn into one unaligned mov (the byte-by-byte
 * form made gcc 12 emit ~50 shift/or instructions per stored tag). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint64_t lf_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline uint32_t lf_le32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline void lf_st_le64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}
#else
static inline uint64_t lf_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

static inline uint32_t lf_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void lf_st_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
#endif

#endif
