/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Setup and check hooks of bench/isa_count_field_vec.py (tools/isa_count
 * --setup / --check) for the array API of every built-in field:
 *   lfic_<field>_<backend>_<op>(args)   setup: select the back end (rvv or
 *       rv64: the scalar kernels in a loop), fill a and b (args[1], args[2]
 *       for vec_mul/vec_add; args[1] for vec_sqr) with args[n] fixed
 *       pseudo-random elements below p, one warm-up call (back-end
 *       detection, first touch).  Fails (nonzero) if the back end cannot run.
 *   lfic_<field>_check_<op>(args, ret)  check: the counted call's results
 *       equal the one-element functions'. */
#include <stdint.h>
#include <string.h>

#include "limbforge/fields.h"

static uint64_t seed = 0x243f6a8885a308d3u;
static uint8_t rnd8(void)
{
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return (uint8_t)(seed >> 56);
}

#define A(k, T) ((T *)(uintptr_t)args[k])

#define HOOKS(f, NL, NB)                                                                     \
    static void f##_fill(lf_##f##_t *x, size_t n)                                            \
    {                                                                                        \
        uint8_t b[NB];                                                                       \
        for (size_t i = 0; i < n; i++) {                                                     \
            for (int j = 0; j < NB; j++) b[j] = rnd8();                                      \
            b[0] = 0; /* below 2^(8 NB - 8) < p for the built-in fields */                   \
            if (lf_##f##_from_bytes(&x[i], b) != LF_OK) lf_##f##_set_zero(&x[i]);           \
        }                                                                                    \
    }                                                                                        \
    static int f##_setup(uint64_t args[8], const char *be, int op)                          \
    {                                                                                        \
        if (lf_backend_set(be) != LF_OK) return 1;                                           \
        size_t n = op == 1 ? (size_t)args[2] : (size_t)args[3];                             \
        f##_fill(A(1, lf_##f##_t), n);                                                       \
        if (op != 1) f##_fill(A(2, lf_##f##_t), n);                                          \
        if (op == 0) lf_##f##_vec_mul(A(0, lf_##f##_t), A(1, lf_##f##_t), A(2, lf_##f##_t), n); \
        if (op == 1) lf_##f##_vec_sqr(A(0, lf_##f##_t), A(1, lf_##f##_t), n);                \
        if (op == 2) lf_##f##_vec_add(A(0, lf_##f##_t), A(1, lf_##f##_t), A(2, lf_##f##_t), n); \
        return 0;                                                                            \
    }                                                                                        \
    int lfic_##f##_rvv_vec_mul(uint64_t args[8]) { return f##_setup(args, "rvv", 0); }      \
    int lfic_##f##_rvv_vec_sqr(uint64_t args[8]) { return f##_setup(args, "rvv", 1); }      \
    int lfic_##f##_rvv_vec_add(uint64_t args[8]) { return f##_setup(args, "rvv", 2); }      \
    int lfic_##f##_rv64_vec_mul(uint64_t args[8]) { return f##_setup(args, "rv64", 0); }    \
    int lfic_##f##_rv64_vec_sqr(uint64_t args[8]) { return f##_setup(args, "rv64", 1); }    \
    int lfic_##f##_rv64_vec_add(uint64_t args[8]) { return f##_setup(args, "rv64", 2); }    \
    static int f##_check(const uint64_t args[8], int op)                                     \
    {                                                                                        \
        size_t n = op == 1 ? (size_t)args[2] : (size_t)args[3];                             \
        const lf_##f##_t *r = A(0, const lf_##f##_t), *a = A(1, const lf_##f##_t);          \
        const lf_##f##_t *b = A(2, const lf_##f##_t);                                        \
        for (size_t i = 0; i < n; i++) {                                                     \
            lf_##f##_t t;                                                                    \
            if (op == 0) lf_##f##_mul(&t, &a[i], &b[i]);                                     \
            if (op == 1) lf_##f##_sqr(&t, &a[i]);                                            \
            if (op == 2) lf_##f##_add(&t, &a[i], &b[i]);                                     \
            if (!lf_##f##_eq(&t, &r[i])) return 1;                                           \
        }                                                                                    \
        return 0;                                                                            \
    }                                                                                        \
    int lfic_##f##_check_vec_mul(const uint64_t args[8], uint64_t ret)                       \
    {                                                                                        \
        (void)ret;                                                                           \
        return f##_check(args, 0);                                                           \
    }                                                                                        \
    int lfic_##f##_check_vec_sqr(const uint64_t args[8], uint64_t ret)                       \
    {                                                                                        \
        (void)ret;                                                                           \
        return f##_check(args, 1);                                                           \
    }                                                                                        \
    int lfic_##f##_check_vec_add(const uint64_t args[8], uint64_t ret)                       \
    {                                                                                        \
        (void)ret;                                                                           \
        return f##_check(args, 2);                                                           \
    }
LF_FIELDS_FOREACH(HOOKS)
