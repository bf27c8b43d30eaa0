/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* NTT mod 3329: public API (include/limbforge/ntt.h), back-end dispatch,
 * range checks and the conversions between FIPS 203 semantics and the
 * kernels' lazy B-order domain. */
#include "limbforge/ntt.h"

#include <string.h>

#include "ntt/ntt_internal.h"

/* The kernel set of every back end (src/dispatch_table.h): the sets that
 * exist are those of LF_NATIVE_NTT_<B> (lf_native_sources in
 * src/ntt/sources.cmake). */
#define LF_NATIVE_NTT_C 1
#define LF_DISPATCH_OWN(B) LF_NATIVE_NTT_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_ntt_kernels_##b
static const lf_ntt_kernels *const lf_ntt_table[LF_BACKEND_COUNT] = {
#include "dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_ntt_dispatch = {"ntt", lf_ntt_table, sizeof lf_ntt_table[0],
#include "dispatch_table.h"
};

static inline const lf_ntt_kernels *lf_ntt_k(void)
{
    return lf_ntt_table[lf_backend_fast()];
}

/* dst = src with every coefficient outside [0, q) replaced by 0; returns 0
 * if all were in range, else all ones.  No branch on the values: the checked
 * functions run the kernels on the cleaned input either way and mask the
 * output, so only the returned verdict (public by design) depends on them. */
static uint32_t lf_ntt_clean(int16_t *dst, const int16_t *src, int n)
{
    uint32_t bad = 0;
    for (int i = 0; i < n; i++) {
        int32_t x = src[i];
        uint32_t m = (uint32_t)(x >> 31) | (uint32_t)((LF_Q - 1 - x) >> 31);
        dst[i] = (int16_t)(x & (int32_t)~m);
        bad |= m;
    }
    return lf_vb32(bad);
}

/* r &= ~bad; the return code without a branch: LF_ERR_RANGE is -1. */
static int lf_ntt_finish(int16_t *r, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++) r[i] = (int16_t)(r[i] & (int16_t)~bad);
    return (int)bad; /* 0 = LF_OK, all ones = -1 = LF_ERR_RANGE */
}

/* r = mont(a, k) brought to [0, q): |mont| < q for any int16 input. */
static void lf_ntt_fix(int16_t *r, const int16_t *a, int16_t k)
{
    for (int i = 0; i < 256; i++) {
        int16_t x = lf_ntt_fqmul(a[i], k);
        r[i] = (int16_t)(x + ((x >> 15) & LF_Q));
    }
}

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
    const lf_ntt_kernels *k = lf_ntt_k();
    if (k->cyclic_chk) return lf_ntt_checked(r, 128, k->cyclic_chk(r, a, b));
    _Alignas(64) int16_t ta[128], tb[128];
    uint32_t bad = lf_ntt_clean(ta, a, 128) | lf_ntt_clean(tb, b, 128);
    k->cyclic(r, ta, tb);
    LF_NTT_VERIFY(r, 128, LF_Q - 1);
    return lf_ntt_finish(r, 128, bad);
}

void lf_mlkem_ntt_lazy(int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_IN_MAX);
    lf_ntt_k()->ntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_OUT_MAX);
}

void lf_mlkem_invntt_lazy(int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_IN_MAX);
    lf_ntt_k()->invntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_OUT_MAX);
}

void lf_mlkem_basemul_lazy(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_BASEMUL_IN_MAX);
    LF_NTT_VERIFY(b, 256, LF_MLKEM_BASEMUL_IN_MAX);
    lf_ntt_k()->basemul(r, a, b);
    LF_NTT_VERIFY(r, 256, LF_MLKEM_BASEMUL_OUT_MAX);
}

/* The checked functions: the kernel set's fused kernel when it has one
 * (range check, order conversion and final reduction inside the vector
 * code), else the lazy kernel between C loops. */
/* The C compositions of the checked functions (kernel sets without fused
 * kernels), apart so that the fused path has no frame for their buffers. */
static LF_NOINLINE int lf_ntt_fips_c(int16_t r[256], const int16_t a[256])
{
    _Alignas(64) int16_t t[256], u[256];
    uint32_t bad = lf_ntt_clean(t, a, 256);
    lf_mlkem_ntt_lazy(t);
    lf_mlkem_transpose(u, t);
    lf_ntt_fix(r, u, LF_NTT_MONT_R); /* mont(x, R) = x */
    return lf_ntt_finish(r, 256, bad);
}

static LF_NOINLINE int lf_ntt_invntt_fips_c(int16_t r[256], const int16_t a[256])
{
    _Alignas(64) int16_t t[256], u[256];
    uint32_t bad = lf_ntt_clean(u, a, 256);
    lf_mlkem_transpose(t, u);
    lf_mlkem_invntt_lazy(t);
    lf_ntt_fix(r, t, 1); /* mont(x, 1) = x 2^-16 removes the 2^16 */
    return lf_ntt_finish(r, 256, bad);
}

static LF_NOINLINE int lf_ntt_basemul_fips_c(int16_t r[256], const int16_t a[256],
                                             const int16_t b[256])
{
    _Alignas(64) int16_t ta[256], tb[256], u[256];
    uint32_t bad = lf_ntt_clean(u, a, 256);
    lf_mlkem_transpose(ta, u);
    bad |= lf_ntt_clean(u, b, 256);
    lf_mlkem_transpose(tb, u);
    lf_mlkem_basemul_lazy(ta, ta, tb);
    lf_mlkem_transpose(tb, ta);
    lf_ntt_fix(r, tb, LF_NTT_MONT_R2); /* mont(x, R^2) = x R: removes the 2^-16 */
    return lf_ntt_finish(r, 256, bad);
}

int lf_mlkem_ntt(int16_t r[256], const int16_t a[256])
{
    const lf_ntt_kernels *k = lf_ntt_k();
    if (k->ntt_fips) return lf_ntt_checked(r, 256, k->ntt_fips(r, a));
    return lf_ntt_fips_c(r, a);
}

int lf_mlkem_invntt(int16_t r[256], const int16_t a[256])
{
    const lf_ntt_kernels *k = lf_ntt_k();
    if (k->invntt_fips) return lf_ntt_checked(r, 256, k->invntt_fips(r, a));
    return lf_ntt_invntt_fips_c(r, a);
}

int lf_mlkem_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    const lf_ntt_kernels *k = lf_ntt_k();
    if (k->basemul_fips) return lf_ntt_checked(r, 256, k->basemul_fips(r, a, b));
    return lf_ntt_basemul_fips_c(r, a, b);
}
