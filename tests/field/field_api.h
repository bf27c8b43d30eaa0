/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* An untyped view of every built-in field for tests/field/test_field.c: a
 * table `fields[]` of wrappers that take elements as plain limb arrays, so the
 * checks are written once for all fields.  Include once, after
 * <limbforge/fields.h>, with MAXN and MAXB defined (the largest limb and byte
 * counts the test handles). */
#ifndef LF_TEST_FIELD_API_H
#define LF_TEST_FIELD_API_H

typedef void (*op3_fn)(uint64_t *, const uint64_t *, const uint64_t *);
typedef void (*op2_fn)(uint64_t *, const uint64_t *);
typedef struct {
    const char *name;
    int n, nbytes;
    op3_fn mul, add, sub;
    op2_fn sqr, neg, inv, inv_var;
    int (*from_bytes)(uint64_t *, const uint8_t *);
    void (*to_bytes)(uint8_t *, const uint64_t *);
    int (*to_internal)(uint64_t *, const uint64_t *);
    void (*from_internal)(uint64_t *, const uint64_t *);
    void (*set_zero)(uint64_t *);
    void (*set_one)(uint64_t *);
    int (*is_zero)(const uint64_t *);
    int (*eq)(const uint64_t *, const uint64_t *);
    void (*cmov)(uint64_t *, const uint64_t *, int);
    int (*sqrt)(uint64_t *, const uint64_t *);
    void (*batch_inv)(uint64_t *, const uint64_t *, size_t);
    void (*pow)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
} field_api;

/* Wrappers: an element is handled as LF_N uint64_t limbs; lf_F_t is
 * { uint64_t v[LF_N]; } so a limb array of that length is its layout. */
#define TY(f) lf_##f##_t
#define WRAPPERS(f, NL, NB)                                                              \
    static void f##_w_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)             \
    { lf_##f##_mul((TY(f) *)r, (const TY(f) *)a, (const TY(f) *)b); }                   \
    static void f##_w_add(uint64_t *r, const uint64_t *a, const uint64_t *b)             \
    { lf_##f##_add((TY(f) *)r, (const TY(f) *)a, (const TY(f) *)b); }                   \
    static void f##_w_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)             \
    { lf_##f##_sub((TY(f) *)r, (const TY(f) *)a, (const TY(f) *)b); }                   \
    static void f##_w_sqr(uint64_t *r, const uint64_t *a)                                \
    { lf_##f##_sqr((TY(f) *)r, (const TY(f) *)a); }                                     \
    static void f##_w_neg(uint64_t *r, const uint64_t *a)                                \
    { lf_##f##_neg((TY(f) *)r, (const TY(f) *)a); }                                     \
    static void f##_w_inv(uint64_t *r, const uint64_t *a)                                \
    { lf_##f##_inv((TY(f) *)r, (const TY(f) *)a); }                                     \
    static void f##_w_inv_var(uint64_t *r, const uint64_t *a)                            \
    { lf_##f##_inv_var((TY(f) *)r, (const TY(f) *)a); }                                 \
    static int f##_w_from_bytes(uint64_t *r, const uint8_t *in)                          \
    { return lf_##f##_from_bytes((TY(f) *)r, in); }                                     \
    static void f##_w_to_bytes(uint8_t *out, const uint64_t *a)                          \
    { lf_##f##_to_bytes(out, (const TY(f) *)a); }                                       \
    static int f##_w_to_internal(uint64_t *r, const uint64_t *a)                         \
    { return lf_##f##_to_internal((TY(f) *)r, a); }                                     \
    static void f##_w_from_internal(uint64_t *r, const uint64_t *a)                      \
    { lf_##f##_from_internal(r, (const TY(f) *)a); }                                    \
    static void f##_w_set_zero(uint64_t *r) { lf_##f##_set_zero((TY(f) *)r); }          \
    static void f##_w_set_one(uint64_t *r) { lf_##f##_set_one((TY(f) *)r); }            \
    static int f##_w_is_zero(const uint64_t *a) { return lf_##f##_is_zero((const TY(f) *)a); } \
    static int f##_w_eq(const uint64_t *a, const uint64_t *b)                            \
    { return lf_##f##_eq((const TY(f) *)a, (const TY(f) *)b); }                         \
    static void f##_w_cmov(uint64_t *r, const uint64_t *a, int flag)                     \
    { lf_##f##_cmov((TY(f) *)r, (const TY(f) *)a, flag); }                              \
    static int f##_w_sqrt(uint64_t *r, const uint64_t *a)                                \
    { return lf_##f##_sqrt((TY(f) *)r, (const TY(f) *)a); }                             \
    static void f##_w_batch_inv(uint64_t *r, const uint64_t *a, size_t n)                \
    { lf_##f##_batch_inv((TY(f) *)r, (const TY(f) *)a, n); }                            \
    static void f##_w_pow(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t eb)  \
    { lf_##f##_pow_var_exp((TY(f) *)r, (const TY(f) *)a, e, eb); }                      \
    _Static_assert(sizeof(TY(f)) == 8 * (NL), #f ": element is not NLIMBS limbs");       \
    _Static_assert((NL) <= MAXN && (NB) <= MAXB, #f ": too large for this test");
LF_FIELDS_FOREACH(WRAPPERS)

#define ENTRY(f, NL, NB)                                                                 \
    {#f, NL, NB, f##_w_mul, f##_w_add, f##_w_sub, f##_w_sqr, f##_w_neg, f##_w_inv,      \
     f##_w_inv_var, f##_w_from_bytes, f##_w_to_bytes, f##_w_to_internal,                 \
     f##_w_from_internal, f##_w_set_zero, f##_w_set_one, f##_w_is_zero, f##_w_eq,        \
     f##_w_cmov, f##_w_sqrt, f##_w_batch_inv, f##_w_pow},
static const field_api fields[] = {LF_FIELDS_FOREACH(ENTRY)};
#define NFIELDS (sizeof fields / sizeof fields[0])

#endif
