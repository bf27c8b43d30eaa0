/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test for the field API (the harness: tests/common/ctime_main.c,
 * the method: tests/ctime/README.md).
 *
 * Every secret input is marked with LF_CT_SECRET before the call; the
 * checker then reports any conditional branch or memory address that depends
 * on it.  Outputs are declassified (LF_CT_OUT) before anything looks at
 * them; the return values that the API documents as public verdicts
 * (from_bytes, to_internal, sqrt, eq, is_zero) are declassified right after
 * the call.  One case per built-in field. */
#include <stdint.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "ctime_field_pick.h"
#include "limbforge/fields.h"

#define ROUNDS 6   /* value patterns per op (edge values first) */
/* inv, sqrt and batch_inv (exponentiations: most of the run under valgrind,
 * 5-8 minutes at -O0) on the first two patterns only: memcheck flags a
 * branch or address that depends on a secret whatever the value, so more
 * values add time, not findings, to the same fixed sequence of operations */
#define POW_ROUNDS 2
#define BATCH 7
#define VN 19      /* array length for the vec_* functions */

#define FIELD_CTIME(f, NL, NB)                                                          \
    FIELD_CTIME_PICK(f, NB)                                                             \
    static void ctime_##f(void)                                                         \
    {                                                                                   \
        lf_##f##_t a, b, r, v[BATCH], w[BATCH], va[VN], vb[VN], vr[VN];                 \
        lf_##f##_x8_t xa, xb, xr;                                                       \
        uint8_t bytes[NB];                                                              \
        uint64_t limbs[NL];                                                             \
        int rc, flag;                                                                   \
        for (int round = 0; round < ROUNDS; round++) {                                  \
            pick_##f(&a, round);                                                        \
            pick_##f(&b, (round + 3) % ROUNDS);                                         \
            LF_CT_SECRET_V(a); LF_CT_SECRET_V(b);                                       \
            lf_##f##_mul(&r, &a, &b); LF_CT_OUT(r);                                     \
            lf_##f##_sqr(&r, &a); LF_CT_OUT(r);                                         \
            lf_##f##_add(&r, &a, &b); LF_CT_OUT(r);                                     \
            lf_##f##_sub(&r, &a, &b); LF_CT_OUT(r);                                     \
            lf_##f##_neg(&r, &a); LF_CT_OUT(r);                                         \
            if (round < POW_ROUNDS) { lf_##f##_inv(&r, &a); LF_CT_OUT(r); }             \
            rc = lf_##f##_is_zero(&a); LF_CT_OUT(rc);                                   \
            rc = lf_##f##_eq(&a, &b); LF_CT_OUT(rc);                                    \
            rc = lf_##f##_eq(&a, &a); LF_CT_OUT(rc);                                    \
            flag = round & 1; LF_CT_SECRET_V(flag);                                     \
            r = b; lf_##f##_cmov(&r, &a, flag); LF_CT_OUT(r);                           \
            lf_##f##_to_bytes(bytes, &a); LF_CT_OUT(bytes);                             \
            lf_##f##_from_internal(limbs, &a); LF_CT_OUT(limbs);                        \
            /* sqrt of a square and of (likely) a non-square */                         \
            if (round < POW_ROUNDS) {                                                   \
                lf_##f##_sqr(&r, &a);                                                   \
                rc = lf_##f##_sqrt(&r, &r); LF_CT_OUT(rc); LF_CT_OUT(r);                \
                rc = lf_##f##_sqrt(&r, &b); LF_CT_OUT(rc); LF_CT_OUT(r);                \
            }                                                                           \
            /* parsing secret encodings, in range and (last rounds) out of range */     \
            LF_CT_PUBLIC_V(a);                                                          \
            lf_##f##_to_bytes(bytes, &a);                                               \
            if (round >= ROUNDS - 2) memset(bytes, 0xff, sizeof bytes);                 \
            LF_CT_SECRET_V(bytes);                                                      \
            rc = lf_##f##_from_bytes(&r, bytes); LF_CT_OUT(rc);                         \
            LF_CT_OUT(r);                                                               \
            lf_##f##_from_internal(limbs, &a);                                          \
            if (round >= ROUNDS - 2) memset(limbs, 0xff, sizeof limbs);                 \
            LF_CT_SECRET_V(limbs);                                                      \
            rc = lf_##f##_to_internal(&r, limbs); LF_CT_OUT(rc);                        \
            LF_CT_OUT(r);                                                               \
            /* batch inversion, zeros mixed in, separate and in place */                \
            for (int i = 0; i < BATCH; i++) pick_##f(&v[i], (round + i) % ROUNDS);      \
            LF_CT_SECRET(v, sizeof v);                                                  \
            if (round < POW_ROUNDS) {                                                   \
                lf_##f##_batch_inv(w, v, BATCH); LF_CT_OUT(w);                          \
                lf_##f##_batch_inv(v, v, BATCH); LF_CT_OUT(v);                          \
            }                                                                           \
            /* arrays (19: two blocks and an overlapping last one; 7: the */            \
            /* padded block) and the x8 lane type */                                    \
            for (int i = 0; i < VN; i++) {                                              \
                pick_##f(&va[i], (round + i) % ROUNDS);                                 \
                pick_##f(&vb[i], (round + 2 * i + 1) % ROUNDS);                         \
            }                                                                           \
            LF_CT_SECRET(va, sizeof va); LF_CT_SECRET(vb, sizeof vb);                   \
            for (int k = 0; k < 2; k++) {                                               \
                size_t n = k ? 7 : VN;                                                  \
                lf_##f##_vec_mul(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_sqr(vr, va, n); LF_CT_OUT(vr);                             \
                lf_##f##_vec_add(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_sub(vr, va, vb, n); LF_CT_OUT(vr);                         \
                lf_##f##_vec_mul_scalar(vr, va, &vb[0], n); LF_CT_OUT(vr);              \
                lf_##f##_inner_product(&r, va, vb, n); LF_CT_OUT(r);                    \
            }                                                                           \
            lf_##f##_x8_load(&xa, va); lf_##f##_x8_load(&xb, vb);                       \
            lf_##f##_x8_mul(&xr, &xa, &xb); lf_##f##_x8_sqr(&xr, &xr);                  \
            lf_##f##_x8_add(&xr, &xr, &xa); lf_##f##_x8_sub(&xr, &xr, &xb);             \
            lf_##f##_x8_store(vr, &xr); LF_CT_OUT(vr);                                  \
        }                                                                               \
    }
LF_FIELDS_FOREACH(FIELD_CTIME)

#define FIELD_CASE(f, NL, NB) {#f, ctime_##f},
static const lf_ctime_case cases[] = {LF_FIELDS_FOREACH(FIELD_CASE){NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_field", cases, NULL};
