/* Back-end selection: CPU feature detection once, LIMBFORGE_BACKEND override. */
#include "limbforge/limbforge.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define LF_ARCH_X86_64 1
#include <cpuid.h>
#endif

static const char *const lf_backend_names[LF_BACKEND_COUNT] = {"c", "x86_64", "x86_64_adx"};

/* -1 until chosen; read inline by the kernels' dispatch (field_impl.h). */
__attribute__((visibility("hidden"))) _Atomic int lf_backend_sel = -1;

const char *lf_backend_name(lf_backend b)
{
    if ((unsigned)b >= LF_BACKEND_COUNT) return NULL;
    return lf_backend_names[b];
}

#ifdef LF_ARCH_X86_64
static int lf_cpu_has_bmi2_adx(void)
{
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    (void)a; (void)c; (void)d;
    return ((b >> 8) & 1) /* BMI2 */ && ((b >> 19) & 1) /* ADX */;
}
#endif

int lf_backend_available(lf_backend b)
{
    switch (b) {
    case LF_BACKEND_C: return 1;
#ifdef LF_ARCH_X86_64
    case LF_BACKEND_X86_64: return 1;
    case LF_BACKEND_X86_64_ADX: return lf_cpu_has_bmi2_adx();
#endif
    default: return 0;
    }
}

static int lf_backend_lookup(const char *name)
{
    for (int i = 0; i < LF_BACKEND_COUNT; i++)
        if (strcmp(name, lf_backend_names[i]) == 0) return i;
    return -1;
}

static int lf_backend_detect(void)
{
    const char *env = getenv("LIMBFORGE_BACKEND");
    if (env && *env) {
        int b = lf_backend_lookup(env);
        if (b >= 0 && lf_backend_available((lf_backend)b)) return b;
        /* An unknown or unavailable forced back end is a configuration error
         * that must not silently test or benchmark something else. */
        abort();
    }
    for (int i = LF_BACKEND_COUNT - 1; i > 0; i--)
        if (lf_backend_available((lf_backend)i)) return i;
    return LF_BACKEND_C;
}

lf_backend lf_backend_current(void)
{
    int b = atomic_load_explicit(&lf_backend_sel, memory_order_relaxed);
    if (b < 0) {
        b = lf_backend_detect();
        atomic_store_explicit(&lf_backend_sel, b, memory_order_relaxed);
    }
    return (lf_backend)b;
}

int lf_backend_set(const char *name)
{
    int b = name ? lf_backend_lookup(name) : -1;
    if (b < 0) return LF_ERR_PARAM;
    if (!lf_backend_available((lf_backend)b)) return LF_ERR_UNAVAILABLE;
    atomic_store_explicit(&lf_backend_sel, b, memory_order_relaxed);
    return LF_OK;
}
