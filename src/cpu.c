/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Back-end selection: CPU feature detection once, LIMBFORGE_BACKEND override.
 * The chain of back ends is documented at lf_backend (limbforge/backends.h). */
#define _GNU_SOURCE 1 /* secure_getenv (glibc) */
#include "limbforge/limbforge.h"
#include "lf_internal.h"

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

/* lf_backends (names, parents): written from the generator's back-end table
 * (gen/limbforge/targets.py) by `make gen`. */
#include "backend_table.h"

/* -1 until chosen; read inline by the kernels' dispatch (lf_internal.h). */
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

#ifdef LF_ARCH_X86_64
/* Features of one back end alone (its parent's are checked separately). */
static int lf_x86_own(lf_backend b)
{
    unsigned a, bx, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return b == LF_BACKEND_X86_64;
    __cpuid_count(7, 0, a, bx, c, d);
    unsigned b1, c1, d1, a1;
    __cpuid(1, a1, b1, c1, d1);
    (void)a; (void)c; (void)d; (void)a1; (void)b1; (void)d1;
    unsigned long long xcr0 = 0;
    if ((c1 >> 27) & 1) { /* OSXSAVE: the OS manages extended state */
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((unsigned long long)hi << 32) | lo;
    }
    int ymm = (xcr0 & 0x6) == 0x6, zmm = (xcr0 & 0xe6) == 0xe6;
    switch (b) {
    case LF_BACKEND_X86_64: return 1;
    case LF_BACKEND_X86_64_ADX: return ((bx >> 8) & 1) /* BMI2 */ && ((bx >> 19) & 1) /* ADX */;
    case LF_BACKEND_AVX2: return ymm && ((c1 >> 28) & 1) /* AVX */ && ((bx >> 5) & 1) /* AVX2 */;
    case LF_BACKEND_AVX512:
        return zmm && ((bx >> 16) & 1) /* F */ && ((bx >> 17) & 1) /* DQ */ &&
               ((bx >> 30) & 1) /* BW */ && ((bx >> 31) & 1) /* VL */;
    /* IFMA and VBMI2 (vpshldq/vpshrdq): every CPU with IFMA but Cannon Lake */
    case LF_BACKEND_AVX512IFMA: return zmm && ((bx >> 21) & 1) && ((c >> 6) & 1);
    default: return 0;
    }
}
#endif

#if defined(__s390x__)
/* The s390x assembly uses z196 instructions (distinct operands, load on
 * condition): facility bit 45 of the list STFLE stores (its first
 * doubleword; CC 3 only says that the list is longer). */
static int lf_cpu_s390x_z196(void)
{
    unsigned long long fac[1] = {0};
    register unsigned long r0 __asm__("0") = 0; /* doublewords to store, minus one */
    __asm__ volatile("stfle %0" : "=Q"(fac), "+d"(r0) : : "cc");
    return (int)((fac[0] >> (63 - 45)) & 1);
}
#endif

static int lf_backend_own(lf_backend b)
{
    switch (b) {
    case LF_BACKEND_C: return 1;
#ifdef LF_ARCH_X86_64
    case LF_BACKEND_X86_64:
    case LF_BACKEND_X86_64_ADX:
    case LF_BACKEND_AVX2:
    case LF_BACKEND_AVX512:
    case LF_BACKEND_AVX512IFMA: return lf_x86_own(b);
#endif
#if defined(__aarch64__)
    case LF_BACKEND_AARCH64: return 1;
#ifdef LF_HAVE_AUXV
    case LF_BACKEND_NEON: return (getauxval(AT_HWCAP) >> 1) & 1; /* HWCAP_ASIMD */
#else
    case LF_BACKEND_NEON: return 1; /* Advanced SIMD is part of the AArch64 ABI */
#endif
#endif
#if defined(__riscv) && __riscv_xlen == 64
    case LF_BACKEND_RV64: return 1;
#ifdef LF_HAVE_AUXV
    case LF_BACKEND_RVV: return (getauxval(AT_HWCAP) >> ('V' - 'A')) & 1;
#endif
#endif
#if !defined(__SIZEOF_INT128__) || defined(__wasm32__) || defined(LF_FORCE_C32)
    case LF_BACKEND_C32: return 1; /* 32-bit limbs: compilers without __int128, wasm32 */
/* the condition of BACKEND_EXTRA["armv7"] in gen/limbforge/targets.py */
#if defined(__arm__) && defined(__ARMEL__) && __ARM_ARCH >= 7 && (__ARM_ARCH_PROFILE == 'A' || (__ARM_ARCH_PROFILE == 'M' && defined(__ARM_FEATURE_DSP)))
    case LF_BACKEND_ARMV7: return 1; /* Thumb-2 and umaal: ARMv7-A, ARMv7E-M */
#ifdef LF_HAVE_AUXV
    /* Advanced SIMD: HWCAP_NEON (bit 12 of AT_HWCAP on 32-bit Arm Linux) */
    case LF_BACKEND_ARMV7NEON: return (getauxval(AT_HWCAP) >> 12) & 1;
#elif defined(__ARM_NEON)
    case LF_BACKEND_ARMV7NEON: return 1; /* the whole build assumes NEON */
#endif
#endif
/* the condition of BACKEND_EXTRA["wasm_simd128"]: wasm has no run-time
 * feature test (an engine without SIMD rejects the whole module), so the back
 * end runs wherever it is built (-msimd128, CMake LF_WASM_SIMD) */
#if defined(__wasm_simd128__)
    case LF_BACKEND_WASM_SIMD128: return 1;
#endif
#endif
#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
    case LF_BACKEND_PPC64LE: return 1;
#ifdef LF_HAVE_AUXV
    case LF_BACKEND_POWER9: return (getauxval(AT_HWCAP2) & 0x00800000) != 0; /* ARCH_3_00 */
#endif
#endif
#if defined(__s390x__)
    case LF_BACKEND_S390X: return lf_cpu_s390x_z196();
#endif
    default: return 0;
    }
}

int lf_backend_available(lf_backend b)
{
    if ((unsigned)b >= LF_BACKEND_COUNT) return 0;
    for (;;) {
        if (!lf_backend_own(b)) return 0;
        if (b == LF_BACKEND_C) return 1;
        b = lf_backends[b].parent;
    }
}

static int lf_backend_lookup(const char *name)
{
    for (int i = 0; i < LF_BACKEND_COUNT; i++)
        if (strcmp(name, lf_backends[i].name) == 0) return i;
    return -1;
}

/* The environment, ignored in set-user-ID programs where the C library
 * offers that (a forced back end is a test and benchmark knob). */
static const char *lf_backend_env(void)
{
#if defined(__GLIBC__)
    return secure_getenv("LIMBFORGE_BACKEND");
#else
    return getenv("LIMBFORGE_BACKEND");
#endif
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
            known ? "this CPU cannot run that back end" : "no such back end", have);
    abort();
}

/* Test hook (tests/backend): called in the middle of first-use detection. */
LF_HIDDEN void (*lf_backend_detect_hook)(void);

/* The forced back end, else the deepest available one (the longest chain). */
static int lf_backend_detect(void)
{
    const char *env = lf_backend_env();
    if (lf_backend_detect_hook) lf_backend_detect_hook();
    if (env && *env) {
        int b = lf_backend_lookup(env);
        if (b < 0 || !lf_backend_available((lf_backend)b)) lf_backend_env_fail(env, b >= 0);
        return b;
    }
    int best = LF_BACKEND_C, best_depth = 0;
    for (int i = 1; i < LF_BACKEND_COUNT; i++) {
        if (!lf_backend_available((lf_backend)i)) continue;
        int depth = 0;
        for (lf_backend b = (lf_backend)i; b != LF_BACKEND_C; b = lf_backends[b].parent) depth++;
        if (depth > best_depth) best = i, best_depth = depth;
    }
    return best;
}

/* First use detects; the result is installed by compare-exchange, so a
 * back end set with lf_backend_set() meanwhile (another thread) is kept. */
lf_backend lf_backend_current(void)
{
    int b = atomic_load_explicit(&lf_backend_sel, memory_order_relaxed);
    if (b < 0) {
        int expect = -1, d = lf_backend_detect();
        if (atomic_compare_exchange_strong_explicit(&lf_backend_sel, &expect, d, memory_order_relaxed,
                                                    memory_order_relaxed))
            b = d;
        else
            b = expect;
    }
    return (lf_backend)b;
}

const char *lf_version(void)
{
    return LF_VERSION_STRING;
}

int lf_backend_set(const char *name)
{
    int b = name ? lf_backend_lookup(name) : -1;
    if (b < 0) return LF_ERR_PARAM;
    if (!lf_backend_available((lf_backend)b)) return LF_ERR_UNAVAILABLE;
    atomic_store_explicit(&lf_backend_sel, b, memory_order_relaxed);
    return LF_OK;
}
