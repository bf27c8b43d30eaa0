/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker entries for the generated field kernels: every assembly kernel
 * src/field/generated/<target>/<field>.S built for this architecture, seven
 * ops each, called with fully reduced inputs (< p) and compared with the
 * portable C kernel lf_<field>_<op>_c.
 *
 * Nothing to edit here when a target or field is added: the (field, limbs,
 * target, BACKEND) list, LF_ABI_FIELD_TARGETS, is written by
 * tests/abi/CMakeLists.txt from the .S files that exist (abi_field_targets.h
 * in the build directory). */
#ifndef LF_ABI_KERNELS_FIELD_H
#define LF_ABI_KERNELS_FIELD_H

#include <string.h>

#include "limbforge/fields.h"
#include "abi.h"
#include "abi_field_targets.h"

/* Kernel prototypes are not in any header (each field's .c declares its
 * own); only addresses are taken here, so a plain declaration will do. */
#define LF_ABI_FIELD_DECL1(f, t, op) extern void lf_##f##_##op##_##t(void); extern void lf_##f##_##op##_c(void);
#define LF_ABI_FIELD_DECL(f, NL, t, BE)                                             \
    LF_ABI_FIELD_DECL1(f, t, mul) LF_ABI_FIELD_DECL1(f, t, sqr)                     \
    LF_ABI_FIELD_DECL1(f, t, add) LF_ABI_FIELD_DECL1(f, t, sub)                     \
    LF_ABI_FIELD_DECL1(f, t, neg) LF_ABI_FIELD_DECL1(f, t, to_internal)             \
    LF_ABI_FIELD_DECL1(f, t, from_internal)                                         \
    _Static_assert(sizeof(lf_##f##_t) == 8 * (NL), "limb count of " #f);
LF_ABI_FIELD_TARGETS(LF_ABI_FIELD_DECL)

/* Valid inputs: by trial and argument, zero, p - (internal one), or a
 * uniform element (random bytes until from_bytes accepts them). */
#define LF_ABI_FIELD_INIT(f, NL, NB)                                                   \
    static __attribute__((unused)) void lf_abi_init_##f(lf_abi_args *a, int trial,   \
                                                        uint64_t (*rnd)(void))        \
    {                                                                                  \
        for (int k = 0; k < a->n; k++) {                                               \
            if (a->kind[k] != 'i' && a->kind[k] != 'b') continue;                      \
            lf_##f##_t e;                                                              \
            int sel = (trial + k) % 4;                                                 \
            if (sel == 1) {                                                            \
                lf_##f##_set_zero(&e);                                                 \
            } else if (sel == 2) {                                                     \
                lf_##f##_set_one(&e);                                                  \
                lf_##f##_neg(&e, &e);                                                  \
            } else {                                                                   \
                uint8_t by[NB];                                                        \
                do {                                                                   \
                    for (int j = 0; j < (NB); j++) by[j] = (uint8_t)rnd();             \
                } while (lf_##f##_from_bytes(&e, by) != LF_OK);                        \
            }                                                                          \
            memcpy(a->buf[k], &e, sizeof e);                                           \
        }                                                                              \
    }
LF_FIELDS_FOREACH(LF_ABI_FIELD_INIT)

#define LF_ABI_FIELD_SPEC3(NL) "o" #NL "w i" #NL "w i" #NL "w"
#define LF_ABI_FIELD_SPEC2(NL) "o" #NL "w i" #NL "w"
#define LF_ABI_FIELD_OP(K, f, t, BE, op, spec) \
    K(lf_##f##_##op##_##t, BE, spec, lf_abi_init_##f, lf_##f##_##op##_c)
#define LF_ABI_FIELD_ALL(K, f, NL, t, BE)                                           \
    LF_ABI_FIELD_OP(K, f, t, BE, mul, LF_ABI_FIELD_SPEC3(NL))                       \
    LF_ABI_FIELD_OP(K, f, t, BE, sqr, LF_ABI_FIELD_SPEC2(NL))                       \
    LF_ABI_FIELD_OP(K, f, t, BE, add, LF_ABI_FIELD_SPEC3(NL))                       \
    LF_ABI_FIELD_OP(K, f, t, BE, sub, LF_ABI_FIELD_SPEC3(NL))                       \
    LF_ABI_FIELD_OP(K, f, t, BE, neg, LF_ABI_FIELD_SPEC2(NL))                       \
    LF_ABI_FIELD_OP(K, f, t, BE, to_internal, LF_ABI_FIELD_SPEC2(NL))               \
    LF_ABI_FIELD_OP(K, f, t, BE, from_internal, LF_ABI_FIELD_SPEC2(NL))

/* The lazy-form kernels (src/field/field_internal.h) of the fields whose .S
 * defines them: LF_ABI_LAZY_TARGETS(X), X(field, limbs, target, BACKEND,
 * 2 * limbs, 3 * limbs), also written by tests/abi/CMakeLists.txt.  Fully
 * reduced inputs are lazy values too; jdbl takes and gives a point of
 * 3 * limbs words, the additions jadd/jaddc add an affine point (2 * limbs)
 * to it, jaddz a point with its zi (3 * limbs) (words past the first
 * element are the harness's fill). */
#define LF_ABI_JADD_SPEC(NL3, NLB) "o" #NL3 "w i" #NL3 "w i" #NLB "w"
#define LF_ABI_LAZY_DECL(f, NL, t, BE, NL2, NL3)                                          \
    LF_ABI_FIELD_DECL1(f, t, mul_lazy) LF_ABI_FIELD_DECL1(f, t, sqr_lazy)           \
    LF_ABI_FIELD_DECL1(f, t, add_lazy) LF_ABI_FIELD_DECL1(f, t, sub_lazy)           \
    LF_ABI_FIELD_DECL1(f, t, neg_lazy) LF_ABI_FIELD_DECL1(f, t, normalize)          \
    LF_ABI_FIELD_DECL1(f, t, jdbl) LF_ABI_FIELD_DECL1(f, t, jadd)                    \
    LF_ABI_FIELD_DECL1(f, t, jaddz) LF_ABI_FIELD_DECL1(f, t, jaddc)
LF_ABI_LAZY_TARGETS(LF_ABI_LAZY_DECL)
#define LF_ABI_LAZY_EACH_K(f, NL, t, BE, NL2, NL3)                                        \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, mul_lazy, LF_ABI_FIELD_SPEC3(NL))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, sqr_lazy, LF_ABI_FIELD_SPEC2(NL))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, add_lazy, LF_ABI_FIELD_SPEC3(NL))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, sub_lazy, LF_ABI_FIELD_SPEC3(NL))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, neg_lazy, LF_ABI_FIELD_SPEC2(NL))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, normalize, LF_ABI_FIELD_SPEC2(NL))          \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, jdbl, LF_ABI_FIELD_SPEC2(NL3))                \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, jadd, LF_ABI_JADD_SPEC(NL3, NL2))            \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, jaddz, LF_ABI_JADD_SPEC(NL3, NL3))           \
    LF_ABI_FIELD_OP(LF_ABI_K, f, t, BE, jaddc, LF_ABI_JADD_SPEC(NL3, NL2))

/* The harness's table entries: LF_ABI_KERNELS_FIELD(K) with
 * K(symbol, BACKEND, "spec", init, ref), like every kernels_<module>.h. */
#define LF_ABI_FIELD_EACH_K(f, NL, t, BE) LF_ABI_FIELD_ALL(LF_ABI_K, f, NL, t, BE)
#define LF_ABI_KERNELS_FIELD(K) LF_ABI_FIELD_TARGETS(LF_ABI_FIELD_EACH_K) \
    LF_ABI_LAZY_TARGETS(LF_ABI_LAZY_EACH_K)

/* Positive control (test_abi --control): the portable C kernels of every
 * field, compiled C that must pass every check on every architecture. */
#define LF_ABI_FIELD_C_DECL(f, NL, NB) LF_ABI_FIELD_DECL(f, NL, c, C)
LF_FIELDS_FOREACH(LF_ABI_FIELD_C_DECL)
#define LF_ABI_FIELD_C_EACH_K(f, NL, NB) LF_ABI_FIELD_ALL(LF_ABI_K, f, NL, c, C)
#define LF_ABI_CONTROL_FIELD(K) LF_FIELDS_FOREACH(LF_ABI_FIELD_C_EACH_K)

#endif
