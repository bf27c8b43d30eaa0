/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* NTT mod 3329: public API (include/limbforge/ntt.h) and back-end dispatch;
 * every function is one call of the back end's kernel (the checked ones:
 * range check, order conversion and reduction are in the kernels). */
#include "limbforge/ntt.h"

#include "ntt/ntt_internal.h"

/* The kernel set of every back end (src/generated/dispatch_table.h): the sets that
 * exist are those of LF_NATIVE_NTT_<B> (lf_native_sources in
 * src/ntt/sources.cmake). */
#define LF_NATIVE_NTT_C 1
/* AArch32 builds the AArch64 source (native/aarch64/), whose set is named neon */
#define lf_ntt_kernels_armv7neon lf_ntt_kernels_neon
#define LF_DISPATCH_OWN(B) LF_NATIVE_NTT_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_ntt_kernels_##b
static const lf_ntt_kernels *const lf_ntt_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_ntt_dispatch = {"ntt", lf_ntt_table, sizeof lf_ntt_table[0],
#include "generated/dispatch_table.h"
};

/* Before the first back-end selection lf_ntt_api_k() returns this set, whose
 * entries select the back end and call its kernel: so the API functions
 * have no call of their own besides the kernel's (a tail call, no stack
 * frame on the hot path; with lf_dispatch_slot() the rare selection call
 * made every one of them save its arguments). */
#define LF_NTT_SEL() lf_ntt_table[lf_dispatch_slot_slow()]
static void sel_ntt(int16_t a[256]) { LF_NTT_SEL()->ntt(a); }
static void sel_invntt(int16_t a[256]) { LF_NTT_SEL()->invntt(a); }
static void sel_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    LF_NTT_SEL()->basemul(r, a, b);
}
static void sel_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    LF_NTT_SEL()->cyclic(r, a, b);
}
static uint32_t sel_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    return LF_NTT_SEL()->cyclic_chk(r, a, b);
}
static uint32_t sel_ntt_fips(int16_t r[256], const int16_t a[256])
{
    return LF_NTT_SEL()->ntt_fips(r, a);
}
static uint32_t sel_invntt_fips(int16_t r[256], const int16_t a[256])
{
    return LF_NTT_SEL()->invntt_fips(r, a);
}
static uint32_t sel_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    return LF_NTT_SEL()->basemul_fips(r, a, b);
}
static const lf_ntt_kernels lf_ntt_kernels_sel = {
    sel_ntt,        sel_invntt,      sel_basemul,     sel_cyclic,
    sel_cyclic_chk, sel_ntt_fips,    sel_invntt_fips, sel_basemul_fips};

static inline const lf_ntt_kernels *lf_ntt_api_k(void)
{
    int b = atomic_load_explicit(&lf_backend_sel, memory_order_relaxed);
    return LF_LIKELY(b >= 0) ? lf_ntt_table[b] : &lf_ntt_kernels_sel;
}

LF_HIDDEN const lf_ntt_kernels *lf_ntt_k(void) { return lf_ntt_table[lf_dispatch_slot()]; }

/* a fused checked kernel's verdict as the return code (LF_VERIFY: r canonical) */
static int lf_ntt_checked(const int16_t *r, int n, uint32_t bad)
{
#ifdef LF_VERIFY
    for (int i = 0; i < n; i++)
        if (r[i] < 0 || r[i] >= LF_Q) abort();
#else
    (void)r, (void)n;
#endif
    return (int)bad;
}

void lf_mlkem_transpose(int16_t r[256], const int16_t a[256])
{
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) r[16 * j + i] = a[16 * i + j];
}

int lf_ntt128_cyclic_mul(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    return lf_ntt_checked(r, 128, lf_ntt_api_k()->cyclic_chk(r, a, b));
}

void lf_mlkem_ntt_lazy(int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_IN_MAX);
    lf_ntt_api_k()->ntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_OUT_MAX);
}

void lf_mlkem_invntt_lazy(int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_IN_MAX);
    lf_ntt_api_k()->invntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_OUT_MAX);
}

void lf_mlkem_basemul_lazy(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_BASEMUL_IN_MAX);
    LF_NTT_VERIFY(b, 256, LF_MLKEM_BASEMUL_IN_MAX);
    lf_ntt_api_k()->basemul(r, a, b);
    LF_NTT_VERIFY(r, 256, LF_MLKEM_BASEMUL_OUT_MAX);
}

/* The checked functions: every kernel set has them (fused vector kernels, or
 * the C composition of ntt_c.c), so the API is one call. */
int lf_mlkem_ntt(int16_t r[256], const int16_t a[256])
{
    return lf_ntt_checked(r, 256, lf_ntt_api_k()->ntt_fips(r, a));
}

int lf_mlkem_invntt(int16_t r[256], const int16_t a[256])
{
    return lf_ntt_checked(r, 256, lf_ntt_api_k()->invntt_fips(r, a));
}

int lf_mlkem_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    return lf_ntt_checked(r, 256, lf_ntt_api_k()->basemul_fips(r, a, b));
}
