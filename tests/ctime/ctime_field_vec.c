/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of the field array API and x8 lane type alone, for
 * MemorySanitizer on the avx512ifma back end (scripts/test-msan.sh; valgrind
 * cannot run AVX-512, and ctime_field.c's other functions call the
 * uninstrumented assembly kernels there).  Lengths 16 and 19 keep every
 * element on the lane kernels (two blocks; two blocks and an overlapping
 * last one).  Same harness and conventions as ctime_field.c. */
#include <stdint.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "ctime_field_pick.h"
#include "limbforge/fields.h"

#define ROUNDS 4   /* pick_<f>: 0, 1, p-1, random */
#define VN 19

#define FIELD_VEC_CTIME(f, NL, NB)                                                      \
    FIELD_CTIME_PICK(f, NB)                                                             \
    static void ctime_vec_##f(void)                                                     \
    {                                                                                   \
        lf_##f##_t r, va[VN], vb[VN], vr[VN];                                           \
        lf_##f##_x8_t xa, xb, xr;                                                       \
        for (int round = 0; round < ROUNDS; round++) {                                  \
            for (int i = 0; i < VN; i++) {                                              \
                pick_##f(&va[i], (round + i) % ROUNDS);                                \
                pick_##f(&vb[i], (round + 2 * i + 1) % ROUNDS);                        \
            }                                                                           \
            LF_CT_SECRET(va, sizeof va); LF_CT_SECRET(vb, sizeof vb);                   \
            for (int k = 0; k < 2; k++) {                                               \
                size_t n = k ? 16 : VN;                                                 \
                lf_##f##_vec_mul(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_sqr(vr, va, n); LF_CT_OUT(vr);                             \
                lf_##f##_vec_add(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_sub(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_mul_scalar(vr, va, &vb[0], n); LF_CT_OUT(vr);              \
                lf_##f##_inner_product(&r, va, vb, 16); LF_CT_OUT(r);                   \
            }                                                                           \
            lf_##f##_x8_load(&xa, va); lf_##f##_x8_load(&xb, vb);                       \
            lf_##f##_x8_mul(&xr, &xa, &xb); lf_##f##_x8_sqr(&xr, &xr);                  \
            lf_##f##_x8_add(&xr, &xr, &xa); lf_##f##_x8_sub(&xr, &xr, &xb);             \
            lf_##f##_x8_store(vr, &xr); LF_CT_OUT(vr);                                  \
        }                                                                               \
    }
LF_FIELDS_FOREACH(FIELD_VEC_CTIME)

#define FIELD_VEC_CASE(f, NL, NB) {#f, ctime_vec_##f},
static const lf_ctime_case cases[] = {LF_FIELDS_FOREACH(FIELD_VEC_CASE){NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_field_vec", cases, NULL};
