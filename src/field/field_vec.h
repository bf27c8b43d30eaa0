/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* field_vec.h: the array API (vec_*, inner_product) and the lane-resident
 * x8 type of one prime field, written once; included by field_template.h
 * (same contract, plus LF_LANE_L, LF_VKERNELS() and lf_c_lane_fix below).
 *
 * The lane kernels (src/field/README.md, "Vector arithmetic") work on 8
 * elements at a time in radix 2^52: kernels vmul8 .. vmuls8 take and give
 * element arrays (8 consecutive lf_<field>_t), vmacl8 sums products of
 * them into the lane form, x8_* the lane form.  A back
 * end whose table has NULL entries (the back ends with scalar kernels of
 * their own, and standalone `gen field` output) has no vector path: the
 * array API and the x8 functions run the scalar kernels in a loop there.
 *
 * Extra contract of the instantiating file:
 *   LF_LANE_L            limbs of 52 bits of the lane form (ceil(64 N / 52))
 *   LF_LANE_MAC_NB  the most blocks of one vmacl8 call (its columns' bound)
 *   lf_c_mac_fix    2^(64N+52) mod p: vmacl8 gives sums / 2^(64N+52)
 *   LF_VKERNELS()   const lf_field_vec_kernels * of the back end in use
 *   lf_c_lane_fix   pseudo-Mersenne fields: 2^(64N) mod p (vmuls8 wants
 *                   c * 2^(64N)); Montgomery: 1
 *   LF_VEC_TAIL_MIN arrays of fewer than 8 elements run as one zero-padded
 *                   vector block from this many on, below on the scalar
 *                   kernels (measured: README.md); inner_product takes
 *                   its tail (n mod 8) the same way
 */
#ifndef LF_FIELD_TEMPLATE_INCLUDED
#error "field_vec.h: included by field_template.h only"
#endif

#define LFV_X LF_CAT(lf_, LF_FIELD, _, x8_t)

/* A vector kernel with its operands: v3(r, a, b or c, nb) or v2(r, a, nb);
 * c (not NULL) is an operand that stays put (vmuls8's constant). */
typedef struct {
    lf_vkernel3 v3;
    lf_vkernel2 v2;
    const uint64_t *c;
} lftv_k;

static void lftv_call(const lftv_k *k, uint64_t *r, const uint64_t *a, const uint64_t *b, size_t nb)
{
    if (k->v2)
        k->v2(r, a, nb);
    else
        k->v3(r, a, k->c ? k->c : b, nb);
}

/* The vector path over n elements (b NULL for unary kernels and vmuls8).
 * n >= 8: the blocks of 8, and for n mod 8 = t > 0 the last 8 elements as
 * one more block run first into a buffer (its inputs are read before any
 * output is written, so r may be a or b), of which the last t are copied.
 * LF_VEC_TAIL_MIN <= n < 8: one block on zero-padded copies (0 is an
 * element).  Returns n, or 0 if the scalar loop is cheaper (n small). */
static size_t lftv_vec(const lftv_k *k, uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t tr[8 * LF_N];
    size_t t = n % 8;
    if (n >= 8) {
        if (t) {
            size_t off = (n - 8) * LF_N;
            lftv_call(k, tr, a + off, b ? b + off : NULL, 1);
        }
        lftv_call(k, r, a, b, n / 8);
        if (t) {
            for (size_t i = 0; i < t * LF_N; i++) r[(n - t) * LF_N + i] = tr[(8 - t) * LF_N + i];
            lf_wipe(tr, sizeof tr);
        }
        return n;
    }
    if (n < LF_VEC_TAIL_MIN) return 0;
    {
        uint64_t ta[8 * LF_N] = {0}, tb[8 * LF_N] = {0};
        for (size_t i = 0; i < n * LF_N; i++) {
            ta[i] = a[i];
            if (b) tb[i] = b[i];
        }
        lftv_call(k, tr, ta, tb, 1);
        for (size_t i = 0; i < n * LF_N; i++) r[i] = tr[i];
        lf_wipe(ta, sizeof ta);
        lf_wipe(tb, sizeof tb);
        lf_wipe(tr, sizeof tr);
    }
    return n;
}

/* r[i] = op(a[i], b[i]) for i < n: v8 when the back end has it, s1 per
 * element for what it leaves */
static void lftv_map2(LF_T *r, const LF_T *a, const LF_T *b, size_t n, lf_vkernel3 v8,
                      lf_kernel3 s1)
{
    lftv_k k = {v8, NULL, NULL};
    size_t i = v8 ? lftv_vec(&k, r[0].v, a[0].v, b[0].v, n) : 0;
    for (; i < n; i++) s1(r[i].v, a[i].v, b[i].v);
}

/* r[i] = a[i] * b[i] for i < n.  r may alias a and/or b (the same array);
 * constant time in the values (n is public). */
void LF_FN(vec_mul)(LF_T *r, const LF_T *a, const LF_T *b, size_t n)
{
    lftv_map2(r, a, b, n, LF_VKERNELS()->vmul8, LF_KERNELS()->mul);
}

/* r[i] = a[i] + b[i] */
void LF_FN(vec_add)(LF_T *r, const LF_T *a, const LF_T *b, size_t n)
{
    lftv_map2(r, a, b, n, LF_VKERNELS()->vadd8, LF_KERNELS()->add);
}

/* r[i] = a[i] - b[i] */
void LF_FN(vec_sub)(LF_T *r, const LF_T *a, const LF_T *b, size_t n)
{
    lftv_map2(r, a, b, n, LF_VKERNELS()->vsub8, LF_KERNELS()->sub);
}

/* r[i] = a[i]^2 */
void LF_FN(vec_sqr)(LF_T *r, const LF_T *a, size_t n)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    const lf_field_kernels *k = LF_KERNELS();
    lftv_k vkk = {NULL, vk->vsqr8, NULL};
    size_t i = vk->vsqr8 ? lftv_vec(&vkk, r[0].v, a[0].v, NULL, n) : 0;
    for (; i < n; i++) k->sqr(r[i].v, a[i].v);
}

/* r[i] = a[i] * c; r may alias a, not c (c is read all along) */
void LF_FN(vec_mul_scalar)(LF_T *r, const LF_T *a, const LF_T *c, size_t n)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    const lf_field_kernels *k = LF_KERNELS();
    size_t i = 0;
    if (vk->vmuls8 && n >= LF_VEC_TAIL_MIN) {
        uint64_t cc[LF_N];
        /* vmuls8 computes a * c' / 2^(64N): c' = c for Montgomery fields,
         * c * 2^(64N) mod p for plain ones (one scalar product) */
        if (LF_MONT)
            lft_copy(cc, c->v);
        else
            k->mul(cc, c->v, lf_c_lane_fix);
        lftv_k vkk = {vk->vmuls8, NULL, cc};
        i = lftv_vec(&vkk, r[0].v, a[0].v, NULL, n);
        lf_wipe(cc, sizeof cc);
    }
    for (; i < n; i++) k->mul(r[i].v, a[i].v, c->v);
}

/* r = sum of a[i] * b[i] over i < n (0 for n = 0).  r may alias an element
 * of a or b (written last).  Vector path: vmacl8 over runs of at most
 * LF_LANE_MAC_NB blocks (its products summed unreduced, one reduction per
 * call: algos_lanes.mac_program), the tail (n mod 8 >= LF_VEC_TAIL_MIN) as
 * one zero-padded block; the 8 lanes hold sums of a b / 2^(64N+52) (both
 * forms, internal values), so their sum is multiplied by lf_c_mac_fix =
 * 2^(64N+52) mod p (one scalar product).  Call count and sizes depend on n
 * alone. */
void LF_FN(inner_product)(LF_T *r, const LF_T *a, const LF_T *b, size_t n)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    const lf_field_kernels *k = LF_KERNELS();
    uint64_t acc[LF_N] = {0}, t[LF_N];
    size_t i = 0;
    if (vk->vmacl8 && n >= 8) {
        uint64_t lanes[LF_LANE_L * 8] = {0}, sums[8 * LF_N];
        while (n - i >= 8) {
            size_t nb = (n - i) / 8;
            if (nb > LF_LANE_MAC_NB) nb = LF_LANE_MAC_NB;
            vk->vmacl8(lanes, lanes, a[i].v, b[i].v, nb);
            i += 8 * nb;
        }
        if (n - i >= LF_VEC_TAIL_MIN) {
            uint64_t ta[8 * LF_N] = {0}, tb[8 * LF_N] = {0};
            for (size_t e = 0; e < n - i; e++)
                for (size_t j = 0; j < LF_N; j++) {
                    ta[e * LF_N + j] = a[i + e].v[j];
                    tb[e * LF_N + j] = b[i + e].v[j];
                }
            vk->vmacl8(lanes, lanes, ta, tb, 1);
            lf_wipe(ta, sizeof ta);
            lf_wipe(tb, sizeof tb);
            i = n;
        }
        vk->x8_store(sums, lanes);
        for (int l = 0; l < 8; l++) k->add(acc, acc, sums + l * LF_N);
        k->mul(acc, acc, lf_c_mac_fix);
        lf_wipe(lanes, sizeof lanes);
        lf_wipe(sums, sizeof sums);
    }
    for (; i < n; i++) {
        k->mul(t, a[i].v, b[i].v);
        k->add(acc, acc, t);
    }
    lft_copy(r->v, acc);
    lf_wipe(acc, sizeof acc);
    lf_wipe(t, sizeof t);
}

/* ---- the lane-resident type ---------------------------------------------- */

/* Without lane kernels: element l of lane-form x to its N words, and back
 * (shift counts are loop positions, not data) */
#define LFTV_M52 ((UINT64_C(1) << 52) - 1)
static void lftv_join(uint64_t w[LF_N], const uint64_t *x, int l)
{
    for (int j = 0; j < LF_N; j++) w[j] = 0;
    for (int i = 0; i < LF_LANE_L; i++) {
        uint64_t v = x[i * 8 + l];
        int word = 52 * i / 64, sh = 52 * i % 64;
        if (word < LF_N) w[word] |= v << sh;
        if (sh > 12 && word + 1 < LF_N) w[word + 1] |= v >> (64 - sh);
    }
}

static void lftv_split(uint64_t *x, int l, const uint64_t w[LF_N])
{
    for (int i = 0; i < LF_LANE_L; i++) {
        int word = 52 * i / 64, sh = 52 * i % 64;
        uint64_t v = word < LF_N ? w[word] >> sh : 0;
        if (sh > 12 && word + 1 < LF_N) v |= w[word + 1] << (64 - sh);
        x[i * 8 + l] = v & LFTV_M52;
    }
}

/* r = op(a, b) lane by lane through the scalar kernel (b NULL: unary) */
static void lftv_x8_scalar(uint64_t *r, const uint64_t *a, const uint64_t *b, lf_kernel3 k3,
                           lf_kernel2 k2)
{
    uint64_t ea[LF_N], eb[LF_N], er[LF_N];
    for (int l = 0; l < 8; l++) {
        lftv_join(ea, a, l);
        if (b) {
            lftv_join(eb, b, l);
            k3(er, ea, eb);
        } else {
            k2(er, ea);
        }
        lftv_split(r, l, er);
    }
    lf_wipe(ea, sizeof ea);
    lf_wipe(eb, sizeof eb);
    lf_wipe(er, sizeof er);
}

/* r = the lane form of a[0..7]; r must not overlap a */
void LF_FN(x8_load)(LFV_X *r, const LF_T a[8])
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_load)
        vk->x8_load(&r->l[0][0], a[0].v);
    else
        for (int l = 0; l < 8; l++) lftv_split(&r->l[0][0], l, a[l].v);
}

/* r[0..7] = the elements of a; r must not overlap a */
void LF_FN(x8_store)(LF_T r[8], const LFV_X *a)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_store)
        vk->x8_store(r[0].v, &a->l[0][0]);
    else
        for (int l = 0; l < 8; l++) lftv_join(r[l].v, &a->l[0][0], l);
}

void LF_FN(x8_mul)(LFV_X *r, const LFV_X *a, const LFV_X *b)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_mul)
        vk->x8_mul(&r->l[0][0], &a->l[0][0], &b->l[0][0]);
    else
        lftv_x8_scalar(&r->l[0][0], &a->l[0][0], &b->l[0][0], LF_KERNELS()->mul, NULL);
}

void LF_FN(x8_sqr)(LFV_X *r, const LFV_X *a)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_sqr)
        vk->x8_sqr(&r->l[0][0], &a->l[0][0]);
    else
        lftv_x8_scalar(&r->l[0][0], &a->l[0][0], NULL, NULL, LF_KERNELS()->sqr);
}

void LF_FN(x8_add)(LFV_X *r, const LFV_X *a, const LFV_X *b)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_add)
        vk->x8_add(&r->l[0][0], &a->l[0][0], &b->l[0][0]);
    else
        lftv_x8_scalar(&r->l[0][0], &a->l[0][0], &b->l[0][0], LF_KERNELS()->add, NULL);
}

void LF_FN(x8_sub)(LFV_X *r, const LFV_X *a, const LFV_X *b)
{
    const lf_field_vec_kernels *vk = LF_VKERNELS();
    if (vk->x8_sub)
        vk->x8_sub(&r->l[0][0], &a->l[0][0], &b->l[0][0]);
    else
        lftv_x8_scalar(&r->l[0][0], &a->l[0][0], &b->l[0][0], LF_KERNELS()->sub, NULL);
}

#undef LFTV_M52
#undef LFV_X
