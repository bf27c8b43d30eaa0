/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Back-end selection: CPU capabilities detected once (LIMBFORGE_CAPS and
 * lf_caps_set() switch some off), the deepest back end they run or the one
 * LIMBFORGE_BACKEND / lf_backend_set() names, and from both the dispatch slot
 * every module's kernel table is read at (README.md, "Dispatch"). */
#define _GNU_SOURCE 1 /* secure_getenv (glibc) */
#include "limbforge/limbforge.h"
#include "lf_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define LF_ARCH_X86_64 1
#include <cpuid.h>
#elif defined(__linux__) && (defined(__aarch64__) || (defined(__riscv) && __riscv_xlen == 64) || \
                             (defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)) || \
                             defined(__arm__))
#include <sys/auxv.h>
#define LF_HAVE_AUXV 1
#endif

/* lf_backends, lf_features, lf_cap_names, the capability probes and
 * lf_slots: written from the generator's tables (gen/limbforge/targets.py)
 * by `make gen`. */
#include "generated/backend_table.h"

/* The selected slot (src/generated/dispatch_slots.h), -1 until chosen; read inline by
 * the kernels' dispatch (lf_internal.h).  The slot holds the level too
 * (lf_slots[].level): one word, so a reader never sees a level with
 * another level's kernels. */
LF_HIDDEN _Atomic int lf_backend_sel = -1;

const char *lf_backend_name(lf_backend b)
{
    if ((unsigned)b >= LF_BACKEND_COUNT) return NULL;
    return lf_backends[b].name;
}

lf_backend lf_backend_parent(lf_backend b)
{
    return (unsigned)b < LF_BACKEND_COUNT ? lf_backends[b].parent : LF_BACKEND_C;
}

/* ------------------------------------------------------------ capabilities */
#ifdef LF_ARCH_X86_64
static void lf_cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
    __cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

static uint64_t lf_caps_probe(void)
{
    uint64_t caps = 0;
    unsigned r[4], max = __get_cpuid_max(0, NULL), max7 = 0;
    unsigned long long xcr0 = 0;
    for (size_t i = 0; i < sizeof lf_cap_cpuid / sizeof lf_cap_cpuid[0]; i++) caps |= lf_cap_cpuid[i].cap;
    if (max < 1) return 0;
    lf_cpuid(1, 0, r);
    if ((r[2] >> 27) & 1) { /* OSXSAVE: the OS manages extended state */
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((unsigned long long)hi << 32) | lo;
    }
    if (max >= 7) {
        lf_cpuid(7, 0, r);
        max7 = r[0];
    }
    for (size_t i = 0; i < sizeof lf_cap_cpuid / sizeof lf_cap_cpuid[0]; i++) {
        unsigned leaf = lf_cap_cpuid[i].leaf, sub = lf_cap_cpuid[i].sub;
        int ok = leaf <= max && (leaf != 7 || sub <= max7) &&
                 (xcr0 & lf_cap_cpuid[i].xcr0) == lf_cap_cpuid[i].xcr0;
        if (ok) {
            lf_cpuid(leaf, sub, r);
            ok = (r[lf_cap_cpuid[i].reg] >> lf_cap_cpuid[i].bit) & 1;
        }
        if (!ok) caps &= ~lf_cap_cpuid[i].cap;
    }
    return caps;
}
#elif defined(__s390x__)
static uint64_t lf_caps_probe(void)
{
    unsigned long long fac[1] = {0};
    register unsigned long r0 __asm__("0") = 0; /* doublewords to store, minus one */
    /* CC 3 only says that the list is longer than the doubleword asked for */
    __asm__ volatile("stfle %0" : "=Q"(fac), "+d"(r0) : : "cc");
    uint64_t caps = 0;
    for (size_t i = 0; i < sizeof lf_cap_stfle / sizeof lf_cap_stfle[0]; i++)
        if ((fac[0] >> (63 - lf_cap_stfle[i].facility)) & 1) caps |= lf_cap_stfle[i].cap;
    return caps;
}
#elif defined(LF_CAP_HWCAP_PROBES) && defined(LF_HAVE_AUXV) /* backend_table.h has the rows */
static uint64_t lf_caps_probe(void)
{
    uint64_t caps = 0;
    for (size_t i = 0; i < sizeof lf_cap_hwcap / sizeof lf_cap_hwcap[0]; i++)
        if ((getauxval(lf_cap_hwcap[i].at) >> lf_cap_hwcap[i].bit) & 1) caps |= lf_cap_hwcap[i].cap;
    return caps;
}
#elif defined(LF_CAP_HWCAP_PROBES)
static uint64_t lf_caps_probe(void)
{
    return lf_cap_baseline; /* no auxv: what the compiler was told the CPU has */
}
#else
static uint64_t lf_caps_probe(void)
{
    return 0;
}
#endif

/* The CPU's capabilities and the ones in use (both with LF_CAPS_KNOWN once
 * set): 32-bit atomics, which every target has without libatomic. */
#define LF_CAPS_KNOWN 0x80000000u
static _Atomic uint32_t lf_caps_hw, lf_caps_on;

static uint64_t lf_caps_detected(void)
{
    uint32_t c = atomic_load_explicit(&lf_caps_hw, memory_order_relaxed);
    if (!(c & LF_CAPS_KNOWN)) { /* racing threads store the same value */
        c = (uint32_t)lf_caps_probe() | LF_CAPS_KNOWN;
        atomic_store_explicit(&lf_caps_hw, c, memory_order_relaxed);
    }
    return c & ~LF_CAPS_KNOWN;
}

/* The environment, ignored in set-user-ID programs where the C library
 * offers that (a forced back end or capability mask is a test and benchmark
 * knob). */
static const char *lf_env(const char *name)
{
#if defined(__GLIBC__)
    return secure_getenv(name);
#else
    return getenv(name);
#endif
}

static int lf_cap_lookup(const char *name, size_t len)
{
    for (int i = 0; i < LF_CAP_COUNT; i++)
        if (strlen(lf_cap_names[i]) == len && memcmp(name, lf_cap_names[i], len) == 0) return i;
    return -1;
}

/* LIMBFORGE_CAPS (README.md, "Dispatch"): comma-separated capability names;
 * "-name" switches one off, a plain name keeps only the plain names given,
 * "none" keeps none.  A name this library does not know is a configuration
 * error (one line on stderr, then abort(), as for LIMBFORGE_BACKEND); a
 * capability the CPU lacks stays off whatever the list says. */
static uint64_t lf_caps_env(uint64_t caps)
{
    const char *env = lf_env("LIMBFORGE_CAPS");
    if (!env || !*env) return caps;
    uint64_t keep = 0, drop = 0;
    int plain = 0;
    for (const char *p = env;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int neg = len && *p == '-';
        int c = lf_cap_lookup(p + neg, len - (size_t)neg);
        if (!neg && len == 4 && memcmp(p, "none", 4) == 0) {
            plain = 1;
        } else if (c < 0) {
            fprintf(stderr, "limbforge: LIMBFORGE_CAPS=%s: no such capability '%.*s'; known:", env, (int)len,
                    p);
            for (int i = 0; i < LF_CAP_COUNT; i++) fprintf(stderr, " %s", lf_cap_names[i]);
            fputc('\n', stderr);
            abort();
        } else if (neg) {
            drop |= 1ull << c;
        } else {
            keep |= 1ull << c, plain = 1;
        }
        if (!end) break;
        p = end + 1;
    }
    return (plain ? caps & keep : caps) & ~drop;
}

uint64_t lf_caps(void)
{
    uint32_t c = atomic_load_explicit(&lf_caps_on, memory_order_relaxed);
    if (!(c & LF_CAPS_KNOWN)) {
        uint32_t want = (uint32_t)lf_caps_env(lf_caps_detected()) | LF_CAPS_KNOWN, expect = c;
        if (atomic_compare_exchange_strong_explicit(&lf_caps_on, &expect, want, memory_order_relaxed,
                                                    memory_order_relaxed))
            c = want;
        else
            c = expect;
    }
    return c & ~LF_CAPS_KNOWN;
}

const char *lf_cap_name(uint64_t cap)
{
    for (int i = 0; i < LF_CAP_COUNT; i++)
        if (cap == 1ull << i) return lf_cap_names[i];
    return NULL;
}

/* --------------------------------------------------------------- back ends */
static int lf_backend_runs(lf_backend b, uint64_t caps)
{
    return (unsigned)b < LF_BACKEND_COUNT && lf_backend_built[b] && (lf_backends[b].needs & ~caps) == 0;
}

int lf_backend_available(lf_backend b)
{
    return lf_backend_runs(b, lf_caps());
}

/* The slot of level b (it runs with caps): the one whose usable entries are
 * those of b's chain and of the features on it that the CPU runs. */
static int lf_slot_for(lf_backend b, uint64_t caps)
{
    uint32_t usable = 0;
    for (lf_backend a = b;; a = lf_backends[a].parent) {
        if ((lf_backends[a].needs & ~caps) == 0) usable |= 1u << a;
        for (int f = 0; f < LF_FEATURE_COUNT; f++)
            if (lf_features[f].base == a && (lf_features[f].needs & ~caps) == 0)
                usable |= 1u << (LF_BACKEND_COUNT + f);
        if (a == LF_BACKEND_C) break;
    }
    for (int s = 0; s < LF_DISPATCH_SLOTS; s++)
        if (lf_slots[s].level == b && lf_slots[s].usable == usable) return s;
    return 0; /* unreachable: tests/backend checks every level and mask */
}

/* The deepest back end that runs with caps (the longest chain). */
static lf_backend lf_backend_deepest(uint64_t caps)
{
    int best = LF_BACKEND_C, best_depth = 0;
    for (int i = 1; i < LF_BACKEND_COUNT; i++) {
        if (!lf_backend_runs((lf_backend)i, caps)) continue;
        int depth = 0;
        for (lf_backend b = (lf_backend)i; b != LF_BACKEND_C; b = lf_backends[b].parent) depth++;
        if (depth > best_depth) best = i, best_depth = depth;
    }
    return (lf_backend)best;
}

LF_HIDDEN int lf_slot_of(lf_backend b)
{
    return (unsigned)b < LF_BACKEND_COUNT ? lf_slot_for(b, lf_caps()) : 0;
}

LF_HIDDEN lf_backend lf_slot_level(int slot)
{
    return (unsigned)slot < LF_DISPATCH_SLOTS ? lf_slots[slot].level : LF_BACKEND_C;
}

LF_HIDDEN uint32_t lf_slot_usable(int slot)
{
    return (unsigned)slot < LF_DISPATCH_SLOTS ? lf_slots[slot].usable : 0;
}

LF_HIDDEN const char *lf_entry_name(int e)
{
    if (e >= 0 && e < LF_BACKEND_COUNT) return lf_backends[e].name;
    return e >= LF_BACKEND_COUNT && e < LF_ENTRY_COUNT ? lf_features[e - LF_BACKEND_COUNT].name : NULL;
}

LF_HIDDEN lf_backend lf_entry_base(int e)
{
    if (e >= LF_BACKEND_COUNT && e < LF_ENTRY_COUNT) return lf_features[e - LF_BACKEND_COUNT].base;
    return (unsigned)e < LF_BACKEND_COUNT ? (lf_backend)e : LF_BACKEND_C;
}

static int lf_backend_lookup(const char *name)
{
    for (int i = 0; i < LF_BACKEND_COUNT; i++)
        if (strcmp(name, lf_backends[i].name) == 0) return i;
    return -1;
}

/* A forced back end that is unknown or cannot run here is a configuration
 * error that must not silently test or benchmark something else: one line
 * on stderr naming it and the back ends this CPU has, then abort(). */
static void lf_backend_env_fail(const char *env, int known)
{
    char have[160] = "";
    size_t len = 0;
    for (int i = 0; i < LF_BACKEND_COUNT; i++) {
        if (!lf_backend_available((lf_backend)i)) continue;
        int n = snprintf(have + len, sizeof have - len, "%s%s", len ? " " : "", lf_backends[i].name);
        if (n < 0 || (size_t)n >= sizeof have - len) break;
        len += (size_t)n;
    }
    fprintf(stderr, "limbforge: LIMBFORGE_BACKEND=%s: %s; this CPU runs: %s\n", env,
            known ? "this CPU cannot run that back end (with LIMBFORGE_CAPS)" : "no such back end", have);
    abort();
}

/* Test hook (tests/backend): called in the middle of first-use detection. */
LF_HIDDEN void (*lf_backend_detect_hook)(void);

/* The slot of the forced back end, else of the deepest available one. */
static int lf_backend_detect(void)
{
    const char *env = lf_env("LIMBFORGE_BACKEND");
    uint64_t caps = lf_caps();
    if (lf_backend_detect_hook) lf_backend_detect_hook();
    if (env && *env) {
        int b = lf_backend_lookup(env);
        if (b < 0 || !lf_backend_runs((lf_backend)b, caps)) lf_backend_env_fail(env, b >= 0);
        return lf_slot_for((lf_backend)b, caps);
    }
    return lf_slot_for(lf_backend_deepest(caps), caps);
}

/* First use detects; the result is installed by compare-exchange, so a
 * back end set with lf_backend_set() meanwhile (another thread) is kept. */
LF_HIDDEN int lf_dispatch_slot_slow(void)
{
    int s = atomic_load_explicit(&lf_backend_sel, memory_order_relaxed);
    if (s < 0) {
        int expect = -1, d = lf_backend_detect();
        if (atomic_compare_exchange_strong_explicit(&lf_backend_sel, &expect, d, memory_order_relaxed,
                                                    memory_order_relaxed))
            s = d;
        else
            s = expect;
    }
    return s;
}

lf_backend lf_backend_current(void)
{
    return lf_slots[lf_dispatch_slot_slow()].level;
}

const char *lf_version(void)
{
    return LF_VERSION_STRING;
}

int lf_backend_set(const char *name)
{
    int b = name ? lf_backend_lookup(name) : -1;
    if (b < 0) return LF_ERR_PARAM;
    uint64_t caps = lf_caps();
    if (!lf_backend_runs((lf_backend)b, caps)) return LF_ERR_UNAVAILABLE;
    atomic_store_explicit(&lf_backend_sel, lf_slot_for((lf_backend)b, caps), memory_order_relaxed);
    return LF_OK;
}

/* Capabilities caps and level b from now on (b runs with caps). */
static void lf_dispatch_install(lf_backend b, uint64_t caps)
{
    atomic_store_explicit(&lf_caps_on, (uint32_t)caps | LF_CAPS_KNOWN, memory_order_relaxed);
    atomic_store_explicit(&lf_backend_sel, lf_slot_for(b, caps), memory_order_relaxed);
}

int lf_caps_set(uint64_t caps)
{
    if (caps & ~lf_caps_detected()) return LF_ERR_UNAVAILABLE;
    lf_backend cur = lf_backend_current();
    lf_dispatch_install(lf_backend_runs(cur, caps) ? cur : lf_backend_deepest(caps), caps);
    return LF_OK;
}

uint64_t lf_caps_cpu(void)
{
    return lf_caps_detected();
}

/* Tests only (tests/common/ctime_main.c): valgrind's CPUID hides what the
 * host has; use caps and level b without asking the CPU. */
LF_HIDDEN void lf_dispatch_force(lf_backend b, uint64_t caps)
{
    lf_dispatch_install(b, caps);
}

/* Tests only (tests/backend/test_backend_env.c): forget the capabilities in
 * use and the slot, as in a new process (a forked child reads the
 * environment again). */
LF_HIDDEN void lf_dispatch_reset(void)
{
    atomic_store_explicit(&lf_caps_on, 0, memory_order_relaxed);
    atomic_store_explicit(&lf_backend_sel, -1, memory_order_relaxed);
}
