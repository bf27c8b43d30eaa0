/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "dispatch": what a field operation costs through the public API
 * (exported call, back-end load, indirect call) against library-internal
 * code that fetches the kernel table once per top-level call and calls the
 * kernels directly (src/field/generated/<field>_internal.h).  Each row is one chain of 1000 dependent secp256k1_p operations
 * (ops = 1: the time is per chain), on every back end with field kernels
 * of its own:
 *   mul1000_api     1000 x lf_secp256k1_p_mul(&x, &x, &y)
 *   mul1000_kernel  k = lf_secp256k1_p_k() once, then 1000 x k->mul(x, x, y)
 *   add1000_api     1000 x lf_secp256k1_p_add(&x, &x, &y)
 *   add1000_kernel  1000 x k->add(x, x, y)
 * The inputs are fixed non-zero values < p (constant-time operations: the
 * time does not depend on them). */
#include <string.h>

#include "harness.h"
#include "suites.h"

#if defined(__has_include)
#if __has_include("field/generated/secp256k1_p_internal.h")
#include "field/generated/secp256k1_p_internal.h"
#define LFBD_HAVE_INTERNAL 1
#endif
#endif

#ifdef LFBD_HAVE_INTERNAL

#define LFBD_CHAIN 1000

static lf_secp256k1_p_t lfbd_x, lfbd_y;

static void lfbd_mul_api(void *arg, uint64_t n)
{
    (void)arg;
    while (n--)
        for (int i = 0; i < LFBD_CHAIN; i++) lf_secp256k1_p_mul(&lfbd_x, &lfbd_x, &lfbd_y);
}

static void lfbd_mul_kernel(void *arg, uint64_t n)
{
    (void)arg;
    while (n--) {
        const lf_field_kernels *k = lf_secp256k1_p_k();
        for (int i = 0; i < LFBD_CHAIN; i++) k->mul(lfbd_x.v, lfbd_x.v, lfbd_y.v);
    }
}

static void lfbd_add_api(void *arg, uint64_t n)
{
    (void)arg;
    while (n--)
        for (int i = 0; i < LFBD_CHAIN; i++) lf_secp256k1_p_add(&lfbd_x, &lfbd_x, &lfbd_y);
}

static void lfbd_add_kernel(void *arg, uint64_t n)
{
    (void)arg;
    while (n--) {
        const lf_field_kernels *k = lf_secp256k1_p_k();
        for (int i = 0; i < LFBD_CHAIN; i++) k->add(lfbd_x.v, lfbd_x.v, lfbd_y.v);
    }
}

static int lfbd_set_backend(void *parg)
{
    return lf_backend_set((const char *)parg) != 0;
}

void suite_dispatch(lfb *h)
{
    static const lfb_row_spec rows[] = {
        {"mul1000_api", lfbd_mul_api, NULL, 0},     {"mul1000_kernel", lfbd_mul_kernel, NULL, 0},
        {"add1000_api", lfbd_add_api, NULL, 0},     {"add1000_kernel", lfbd_add_kernel, NULL, 0},
    };
    uint8_t bx[32], by[32];
    for (int i = 0; i < 32; i++) bx[i] = (uint8_t)(0x3c + 7 * i), by[i] = (uint8_t)(0x11 + 13 * i);
    bx[0] = by[0] = 0x7f; /* < p */
    if (lf_secp256k1_p_from_bytes(&lfbd_x, bx) != LF_OK || lf_secp256k1_p_from_bytes(&lfbd_y, by) != LF_OK) {
        lfb_note(h, "dispatch: inputs not < p");
        return;
    }
    for (int b = 0; b < LF_BACKEND_COUNT; b++) {
        /* back ends with field kernels of their own (the others share them) */
        if (!(lf_secp256k1_p_dispatch.own & (1u << b))) continue;
        if (!lf_backend_available((lf_backend)b)) continue;
        const char *bn = lf_backend_name((lf_backend)b);
        lfb_case base = {.subject = "secp256k1_p", .impl = "limbforge", .backend = bn,
                         .kind = LFB_LATENCY, .bytes = -1, .prepare = lfbd_set_backend,
                         .parg = (void *)bn};
        lfb_run_rows(h, &base, rows, sizeof rows / sizeof rows[0]);
    }
}
#else
void suite_dispatch(lfb *h)
{
    lfb_note(h, "dispatch: built without limbforge's fields");
}
#endif
