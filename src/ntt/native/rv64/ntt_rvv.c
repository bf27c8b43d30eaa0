/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* RISC-V Vector 1.0 kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h), vector-length agnostic: every loop asks vsetvl
 * for its vector length, so the same code is correct for any VLEN >= 128
 * (tested at 128, 256, 512, 1024).  Built only with a compiler that has the
 * RVV intrinsics (clang >= 16, -march=rv64gcv; see sources.cmake).
 *
 * Arithmetic as the scalar code, bit-identical: Montgomery with vmulh/vmul
 * (mulhi(b, z) - mulhi(b * zq, q)), Barrett with vmulh by 20159 and vsra 10.
 * Each level walks the polynomial once (standard order), with the access
 * pattern that gives long vectors at any VLEN:
 *   len >= 16   unit-stride runs inside each block (scalar zeta per block);
 *   len = 8     strided loads/stores (stride 16 coefficients), one element
 *               per block, per-lane zetas from the contiguous zeta table;
 *   len = 4, 2, 1   segment loads vlseg8/vlseg4/vlseg2 (fields = positions in
 *               the block), per-lane zetas likewise.
 * ML-KEM's B order is reached by a strided 16 x 16 transpose. */
#include <riscv_vector.h>
#include <string.h>

#include "ntt/ntt_internal.h"

typedef vint16m1_t V;
#define AI static inline __attribute__((always_inline))

AI V mulc(V b, V z, V zq, size_t vl)
{
    V t = __riscv_vmul_vv_i16m1(b, zq, vl);
    V h = __riscv_vmulh_vv_i16m1(b, z, vl);
    return __riscv_vsub_vv_i16m1(h, __riscv_vmulh_vx_i16m1(t, LF_NTT_Q, vl), vl);
}

AI V mulcs(V b, int16_t z, int16_t zq, size_t vl)
{
    V t = __riscv_vmul_vx_i16m1(b, zq, vl);
    V h = __riscv_vmulh_vx_i16m1(b, z, vl);
    return __riscv_vsub_vv_i16m1(h, __riscv_vmulh_vx_i16m1(t, LF_NTT_Q, vl), vl);
}

AI V mulv(V a, V b, size_t vl)
{
    V bq = __riscv_vmul_vx_i16m1(b, LF_NTT_QINV, vl);
    return mulc(a, b, bq, vl);
}

AI V barrett(V a, size_t vl)
{
    V t = __riscv_vsra_vx_i16m1(__riscv_vmulh_vx_i16m1(a, LF_NTT_BARRETT_V, vl), 10, vl);
    return __riscv_vsub_vv_i16m1(a, __riscv_vmul_vx_i16m1(t, LF_NTT_Q, vl), vl);
}

/* butterfly on (x, y) with vector zetas; inv: Gentleman-Sande */
AI void bfly(V *x, V *y, V z, V zq, int inv, int bar, size_t vl)
{
    if (!inv) {
        V t = mulc(*y, z, zq, vl);
        *y = __riscv_vsub_vv_i16m1(*x, t, vl);
        *x = __riscv_vadd_vv_i16m1(*x, t, vl);
    } else {
        V d = __riscv_vsub_vv_i16m1(*y, *x, vl);
        *x = __riscv_vadd_vv_i16m1(*x, *y, vl);
        if (bar) *x = barrett(*x, vl);
        *y = mulc(d, z, zq, vl);
    }
}

/* One level on n coefficients (standard order).  Block g uses zr[g], zq[g].
 * inv = 1: Gentleman-Sande; bar = 1: Barrett on the sums; last = 1 (ML-KEM's
 * final inverse level): scaled. */
static void level(int16_t *a, int n, int len, const int16_t *zr, const int16_t *zq, int inv,
                  int bar, int last)
{
    int blocks = n / (2 * len);
    if (len >= 16) {
        for (int g = 0; g < blocks; g++) {
            int16_t *p = a + 2 * len * g;
            for (int j = 0; j < len;) {
                size_t vl = __riscv_vsetvl_e16m1((size_t)(len - j));
                V x = __riscv_vle16_v_i16m1(p + j, vl), y = __riscv_vle16_v_i16m1(p + j + len, vl);
                if (last) {
                    V s = __riscv_vadd_vv_i16m1(x, y, vl), d = __riscv_vsub_vv_i16m1(y, x, vl);
                    x = mulcs(s, LF_NTT_INV_FA, LF_NTT_INV_FA_QINV, vl);
                    y = mulcs(d, LF_NTT_INV_FB, LF_NTT_INV_FB_QINV, vl);
                } else if (!inv) {
                    V t = mulcs(y, zr[g], zq[g], vl);
                    y = __riscv_vsub_vv_i16m1(x, t, vl);
                    x = __riscv_vadd_vv_i16m1(x, t, vl);
                } else {
                    V d = __riscv_vsub_vv_i16m1(y, x, vl);
                    x = __riscv_vadd_vv_i16m1(x, y, vl);
                    if (bar) x = barrett(x, vl);
                    y = mulcs(d, zr[g], zq[g], vl);
                }
                __riscv_vse16_v_i16m1(p + j, x, vl);
                __riscv_vse16_v_i16m1(p + j + len, y, vl);
                j += (int)vl;
            }
        }
        return;
    }
    for (int g = 0; g < blocks;) {
        size_t vl = __riscv_vsetvl_e16m1((size_t)(blocks - g));
        V z = __riscv_vle16_v_i16m1(zr + g, vl), w = __riscv_vle16_v_i16m1(zq + g, vl);
        int16_t *p = a + 2 * len * g;
        if (len == 8) {
            for (int t = 0; t < 8; t++) {
                V x = __riscv_vlse16_v_i16m1(p + t, 32, vl);
                V y = __riscv_vlse16_v_i16m1(p + t + 8, 32, vl);
                bfly(&x, &y, z, w, inv, bar, vl);
                __riscv_vsse16_v_i16m1(p + t, 32, x, vl);
                __riscv_vsse16_v_i16m1(p + t + 8, 32, y, vl);
            }
        } else if (len == 4) {
            V x0, x1, x2, x3, x4, x5, x6, x7;
            __riscv_vlseg8e16_v_i16m1(&x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7, p, vl);
            bfly(&x0, &x4, z, w, inv, bar, vl);
            bfly(&x1, &x5, z, w, inv, bar, vl);
            bfly(&x2, &x6, z, w, inv, bar, vl);
            bfly(&x3, &x7, z, w, inv, bar, vl);
            __riscv_vsseg8e16_v_i16m1(p, x0, x1, x2, x3, x4, x5, x6, x7, vl);
        } else if (len == 2) {
            V x0, x1, x2, x3;
            __riscv_vlseg4e16_v_i16m1(&x0, &x1, &x2, &x3, p, vl);
            bfly(&x0, &x2, z, w, inv, bar, vl);
            bfly(&x1, &x3, z, w, inv, bar, vl);
            __riscv_vsseg4e16_v_i16m1(p, x0, x1, x2, x3, vl);
        } else {
            V x0, x1;
            __riscv_vlseg2e16_v_i16m1(&x0, &x1, p, vl);
            bfly(&x0, &x1, z, w, inv, bar, vl);
            __riscv_vsseg2e16_v_i16m1(p, x0, x1, vl);
        }
        g += (int)vl;
    }
}

/* r[16 j + i] = a[16 i + j]: strided loads of 16 elements (LMUL 2 holds 16
 * at VLEN 128; vsetvl gives 16 at any VLEN >= 128). */
static void transpose(int16_t *r, const int16_t *a)
{
    for (int j = 0; j < 16; j++) {
        size_t vl = __riscv_vsetvl_e16m2(16);
        __riscv_vse16_v_i16m2(r + 16 * j, __riscv_vlse16_v_i16m2(a + j, 32, vl), vl);
    }
}

static void rvv_ntt(int16_t a[256])
{
    int16_t t[256];
    for (int len = 128; len >= 2; len >>= 1)
        level(a, 256, len, lf_mlkem_zeta + 128 / len, lf_mlkem_zeta_qinv + 128 / len, 0, 0, 0);
    transpose(t, a);
    memcpy(a, t, sizeof t);
}

static void rvv_invntt(int16_t a[256])
{
    int16_t t[256];
    transpose(t, a);
    int lvl = 1;
    for (int len = 2; len <= 128; len <<= 1, lvl++) {
        level(t, 256, len, lf_mlkem_izeta + 128 / len, lf_mlkem_izeta_qinv + 128 / len, 1,
              lvl == LF_NTT_BARRETT_AFTER_A || lvl == LF_NTT_BARRETT_AFTER_B, len == 128);
    }
    memcpy(a, t, sizeof t);
}

/* B order: the pair halves are the runs 32 u .. 32 u + 15 and 32 u + 16 .. */
static void rvv_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (int u = 0; u < 8; u++)
        for (int i = 0; i < 16;) {
            size_t vl = __riscv_vsetvl_e16m1((size_t)(16 - i));
            int p = 32 * u + i;
            V a0 = __riscv_vle16_v_i16m1(a + p, vl), a1 = __riscv_vle16_v_i16m1(a + p + 16, vl);
            V b0 = __riscv_vle16_v_i16m1(b + p, vl), b1 = __riscv_vle16_v_i16m1(b + p + 16, vl);
            V g = __riscv_vle16_v_i16m1(lf_mlkem_gammaB + 16 * u + i, vl);
            V gq = __riscv_vle16_v_i16m1(lf_mlkem_gammaB_qinv + 16 * u + i, vl);
            V c0 = __riscv_vadd_vv_i16m1(mulv(a0, b0, vl), mulc(mulv(a1, b1, vl), g, gq, vl), vl);
            V c1 = __riscv_vadd_vv_i16m1(mulv(a0, b1, vl), mulv(a1, b0, vl), vl);
            __riscv_vse16_v_i16m1(r + p, c0, vl);
            __riscv_vse16_v_i16m1(r + p + 16, c1, vl);
            i += (int)vl;
        }
}

static void rvv_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    int16_t x[128], y[128];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    for (int len = 64; len >= 1; len >>= 1) {
        level(x, 128, len, lf_cyc_zeta, lf_cyc_zeta_qinv, 0, 0, 0);
        level(y, 128, len, lf_cyc_zeta, lf_cyc_zeta_qinv, 0, 0, 0);
    }
    for (int i = 0; i < 128;) {
        size_t vl = __riscv_vsetvl_e16m1((size_t)(128 - i));
        V p = mulv(__riscv_vle16_v_i16m1(x + i, vl), __riscv_vle16_v_i16m1(y + i, vl), vl);
        p = mulcs(p, LF_NTT_CYC_SCALE, LF_NTT_CYC_SCALE_QINV, vl);
        __riscv_vse16_v_i16m1(x + i, p, vl);
        i += (int)vl;
    }
    int lvl = 1;
    for (int len = 1; len <= 64; len <<= 1, lvl++) {
        level(x, 128, len, lf_cyc_izeta, lf_cyc_izeta_qinv, 1, lvl == LF_CYC_BARRETT_AFTER, 0);
    }
    for (int i = 0; i < 128;) {
        size_t vl = __riscv_vsetvl_e16m1((size_t)(128 - i));
        V t = __riscv_vsub_vx_i16m1(barrett(__riscv_vle16_v_i16m1(x + i, vl), vl), LF_NTT_Q, vl);
        V m = __riscv_vand_vx_i16m1(__riscv_vsra_vx_i16m1(t, 15, vl), LF_NTT_Q, vl);
        __riscv_vse16_v_i16m1(r + i, __riscv_vadd_vv_i16m1(t, m, vl), vl);
        i += (int)vl;
    }
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_rvv = {
    .ntt = rvv_ntt, .invntt = rvv_invntt, .basemul = rvv_basemul, .cyclic = rvv_cyclic};
