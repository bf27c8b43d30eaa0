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
typedef vint16m4_t W; /* LMUL 4: the cyclic product's register groups */
#define AI static inline __attribute__((always_inline))

/* Montgomery and Barrett (as the scalar code) for one LMUL, suffix S:
 * mulc_S(b, z, zq) = mont(b z) with zq = z q^-1 (vector or scalar zetas:
 * mulcs_S), mulv_S(a, b) = mont(a b), barrett_S(a) in [0, q]. */
#define LF_RVV_ARITH(T, S)                                                              \
    AI T mulc_##S(T b, T z, T zq, size_t vl)                                            \
    {                                                                                   \
        T t = __riscv_vmul_vv_i16##S(b, zq, vl);                                        \
        T h = __riscv_vmulh_vv_i16##S(b, z, vl);                                        \
        return __riscv_vsub_vv_i16##S(h, __riscv_vmulh_vx_i16##S(t, LF_NTT_Q, vl), vl); \
    }                                                                                   \
    AI T mulcs_##S(T b, int16_t z, int16_t zq, size_t vl)                               \
    {                                                                                   \
        T t = __riscv_vmul_vx_i16##S(b, zq, vl);                                        \
        T h = __riscv_vmulh_vx_i16##S(b, z, vl);                                        \
        return __riscv_vsub_vv_i16##S(h, __riscv_vmulh_vx_i16##S(t, LF_NTT_Q, vl), vl); \
    }                                                                                   \
    AI T mulv_##S(T a, T b, size_t vl)                                                  \
    {                                                                                   \
        return mulc_##S(a, b, __riscv_vmul_vx_i16##S(b, LF_NTT_QINV, vl), vl);          \
    }                                                                                   \
    AI T barrett_##S(T a, size_t vl)                                                    \
    {                                                                                   \
        T t = __riscv_vsra_vx_i16##S(__riscv_vmulh_vx_i16##S(a, LF_NTT_BARRETT_V, vl), 10, vl); \
        return __riscv_vsub_vv_i16##S(a, __riscv_vmul_vx_i16##S(t, LF_NTT_Q, vl), vl);  \
    }
LF_RVV_ARITH(V, m1)
LF_RVV_ARITH(W, m4)
#define mulc mulc_m1
#define mulcs mulcs_m1
#define mulv mulv_m1
#define barrett barrett_m1

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

/* ---- the cyclic product: constant geometry --------------------------------
 * Every forward level reads the pairs (j, j + 64) with unit-stride loads and
 * writes them interleaved to (2 j, 2 j + 1) (vsseg2); every inverse level
 * reads (2 j, 2 j + 1) (vlseg2) and writes (j, j + 64); so all fourteen
 * levels have one access pattern, long vectors at any VLEN (64 lanes, LMUL
 * 4: two strips at VLEN 128, one at >= 256), per-lane zetas from
 * lf_cyc_zetaCG / lf_cyc_izetaCG (ntt_consts.h: which coefficient sits where
 * before each level), and after seven levels the order is the standard one
 * again.  The arithmetic of every butterfly is the C kernel's (bit-identical
 * results).  a and b go through the forward levels together (one zeta load
 * for both); the input range check is fused into the first level's loads;
 * the last forward level, the pointwise product with 128^-1 and the first
 * inverse level are one pass in registers (cg_mid); the final reduction and
 * the verdict mask are fused into the last inverse level, which writes r. */
#define CG_H 64 /* butterflies per level */

/* z q^-1 mod 2^16 (the _qinv tables' entries): one multiply, no load */
AI W zqinv(W z, size_t vl) { return __riscv_vmul_vx_i16m4(z, LF_NTT_QINV, vl); }

/* forward level k (0..6) of a and b: src (two polynomials, 128 apart in
 * sa/sb) -> dst; bad accumulates lanes >= q (first level only).  vl: the
 * strip, 32 or 64 (a compile-time constant of each path: straight-line). */
AI vbool4_t cg_fwd(int16_t *da, int16_t *db, const int16_t *sa, const int16_t *sb, int k,
                   vbool4_t bad, int check, size_t vl)
{
    const int16_t *zt = lf_cyc_zetaCG + CG_H * k;
    for (size_t j = 0; j < CG_H; j += vl) {
        W z = __riscv_vle16_v_i16m4(zt + j, vl), zq = zqinv(z, vl);
        const int16_t *src[2] = {sa, sb};
        int16_t *dst[2] = {da, db};
        for (int p = 0; p < 2; p++) {
            W x = __riscv_vle16_v_i16m4(src[p] + j, vl);
            W y = __riscv_vle16_v_i16m4(src[p] + j + CG_H, vl);
            if (check) {
                vbool4_t bx = __riscv_vmsgtu_vx_u16m4_b4(__riscv_vreinterpret_v_i16m4_u16m4(x),
                                                         LF_NTT_Q - 1, vl);
                vbool4_t by = __riscv_vmsgtu_vx_u16m4_b4(__riscv_vreinterpret_v_i16m4_u16m4(y),
                                                         LF_NTT_Q - 1, vl);
                bad = __riscv_vmor_mm_b4(bad, __riscv_vmor_mm_b4(bx, by, vl), vl);
            }
            /* level 0: one zeta for every lane, a scalar */
            W t = k ? mulc_m4(y, z, zq, vl) : mulcs_m4(y, lf_cyc_zeta[0], lf_cyc_zeta_qinv[0], vl);
            __riscv_vsseg2e16_v_i16m4(dst[p] + 2 * j, __riscv_vadd_vv_i16m4(x, t, vl),
                                      __riscv_vsub_vv_i16m4(x, t, vl), vl);
        }
    }
    return bad;
}

/* The middle, in registers: the last forward level (k = 6) of a and b,
 * whose outputs for lane j sit at positions 2 j, 2 j + 1, the pointwise
 * product with 128^-1 there, and the first inverse level (s = 0), which
 * reads exactly those two positions: dst = (j, j + 64) of the product. */
AI void cg_mid(int16_t *dst, const int16_t *sa, const int16_t *sb, size_t vl)
{
    const int16_t *zt = lf_cyc_zetaCG + CG_H * 6;
    for (size_t j = 0; j < CG_H; j += vl) {
        W z = __riscv_vle16_v_i16m4(zt + j, vl), zq = zqinv(z, vl);
        W xa = __riscv_vle16_v_i16m4(sa + j, vl);
        W ta = mulc_m4(__riscv_vle16_v_i16m4(sa + j + CG_H, vl), z, zq, vl);
        W xb = __riscv_vle16_v_i16m4(sb + j, vl);
        W tb = mulc_m4(__riscv_vle16_v_i16m4(sb + j + CG_H, vl), z, zq, vl);
        W p0 = mulv_m4(__riscv_vadd_vv_i16m4(xa, ta, vl), __riscv_vadd_vv_i16m4(xb, tb, vl), vl);
        W p1 = mulv_m4(__riscv_vsub_vv_i16m4(xa, ta, vl), __riscv_vsub_vv_i16m4(xb, tb, vl), vl);
        p0 = mulcs_m4(p0, LF_NTT_CYC_SCALE, LF_NTT_CYC_SCALE_QINV, vl);
        p1 = mulcs_m4(p1, LF_NTT_CYC_SCALE, LF_NTT_CYC_SCALE_QINV, vl);
        W d = __riscv_vsub_vv_i16m4(p1, p0, vl);
        __riscv_vse16_v_i16m4(dst + j, __riscv_vadd_vv_i16m4(p0, p1, vl), vl);
        W iz = __riscv_vle16_v_i16m4(lf_cyc_izetaCG + j, vl);
        __riscv_vse16_v_i16m4(dst + j + CG_H, mulc_m4(d, iz, zqinv(iz, vl), vl), vl);
    }
}

/* Barrett to [0, q], then t - q + (q if negative): [0, q); AND keep */
AI W cg_final(W x, int16_t keep, size_t vl)
{
    W t = __riscv_vsub_vx_i16m4(barrett_m4(x, vl), LF_NTT_Q, vl);
    t = __riscv_vadd_vv_i16m4(t, __riscv_vand_vx_i16m4(__riscv_vsra_vx_i16m4(t, 15, vl), LF_NTT_Q, vl),
                              vl);
    return __riscv_vand_vx_i16m4(t, keep, vl);
}

/* inverse level s (0..6): src -> dst; the last one (s = 6) reduces to
 * [0, q) and ANDs with keep (all ones, or 0 for bad input) */
AI void cg_inv(int16_t *dst, const int16_t *src, int s, int16_t keep, size_t vl)
{
    const int16_t *zt = lf_cyc_izetaCG + CG_H * s;
    for (size_t j = 0; j < CG_H; j += vl) {
        W x, y;
        __riscv_vlseg2e16_v_i16m4(&x, &y, src + 2 * j, vl);
        W d = __riscv_vsub_vv_i16m4(y, x, vl);
        x = __riscv_vadd_vv_i16m4(x, y, vl);
        if (s + 1 == LF_CYC_BARRETT_AFTER) x = barrett_m4(x, vl);
        W z = __riscv_vle16_v_i16m4(zt + j, vl);
        y = mulc_m4(d, z, zqinv(z, vl), vl);
        if (s == 6) {
            x = cg_final(x, keep, vl);
            y = cg_final(y, keep, vl);
        }
        __riscv_vse16_v_i16m4(dst + j, x, vl);
        __riscv_vse16_v_i16m4(dst + j + CG_H, y, vl);
    }
}

/* r = a b mod (X^128 - 1); check: inputs outside [0, q) give all ones and
 * r = 0, else 0 (without check the inputs must be in [0, q)). */
AI uint32_t cg_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128], int check,
                      size_t vl)
{
    int16_t xa[128], xb[128], ya[128], yb[128];
    vbool4_t bad = __riscv_vmclr_m_b4(vl);
    bad = cg_fwd(xa, xb, a, b, 0, bad, check, vl);
    for (int k = 1; k < 5; k += 2) {
        cg_fwd(ya, yb, xa, xb, k, bad, 0, vl);
        cg_fwd(xa, xb, ya, yb, k + 1, bad, 0, vl);
    }
    cg_fwd(ya, yb, xa, xb, 5, bad, 0, vl);
    uint32_t m = 0;
    if (check) m = lf_ntt_nzmask((uint32_t)__riscv_vcpop_m_b4(bad, vl));
    cg_mid(xa, ya, yb, vl); /* forward level 6, pointwise, inverse level 0 */
    for (int s = 1; s < 5; s += 2) {
        cg_inv(ya, xa, s, 0, vl);
        cg_inv(xa, ya, s + 1, 0, vl);
    }
    cg_inv(ya, xa, 5, 0, vl);
    cg_inv(r, ya, 6, (int16_t)~m, vl);
    return m;
}

/* The two paths: VLEN 128 (an LMUL-4 group holds 32 lanes: two strips per
 * level) and VLEN >= 256 (one strip of 64), each straight-line with its
 * strip length a constant; chosen by VLMAX, read once per call. */
#define CG_PATHS(check)                                                                 \
    (__riscv_vsetvlmax_e16m4() >= CG_H ? cg_cyclic(r, a, b, check, CG_H)                \
                                       : cg_cyclic(r, a, b, check, CG_H / 2))

static void rvv_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)CG_PATHS(0);
}

static uint32_t rvv_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    return CG_PATHS(1);
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_rvv = {
    .ntt = rvv_ntt,
    .invntt = rvv_invntt,
    .basemul = rvv_basemul,
    .cyclic = rvv_cyclic,
    .cyclic_chk = rvv_cyclic_chk};
