/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* RISC-V Vector 1.0 kernels of the NTT mod 3329 (contract:
 * src/ntt/ntt_internal.h), all seven: the lazy ML-KEM transforms and
 * basemul, the cyclic product, and the fused checked (FIPS) kernels.  Built
 * only with a compiler that has the RVV intrinsics (clang >= 16,
 * -march=rv64gcv; see sources.cmake).
 *
 * Arithmetic as the scalar code, bit-identical: Montgomery with vmulh/vmul
 * (mulhi(b, z) - mulhi(b * zq, q)), Barrett with vmulh by 20159 and vsra 10.
 * Every transform is constant geometry (src/ntt/README.md, and the table
 * notes in ntt_consts.h): each level reads the butterfly pairs (j, j + n/2)
 * with unit-stride loads and writes them to (2 j, 2 j + 1) (vsseg2), the
 * inverse the mirror image (vlseg2), with per-lane zetas; ML-KEM's B order
 * is reached by the last forward level's indexed stores (and left by the
 * first inverse level's indexed loads).  LMUL 4 throughout; each kernel has
 * fixed-strip paths (32, 64 or 128 lanes: VLEN 128, 256, >= 512), straight-
 * line code chosen per call from VLMAX, each correct at any VLEN >= 128.
 * The checked kernels check their input first (mk_bad, mk_bad_xy) and zero
 * an operand for bad input; the kernel functions have no conditional branch
 * (ctest ntt_branchfree_rv64 checks the compiled object). */
#include <riscv_vector.h>

#include "ntt/ntt_internal.h"

typedef vint16m4_t W;
#define AI static inline __attribute__((always_inline))

/* The lanes of an LMUL-4 group, which choose the path.  A test build
 * (tests/ntt/test_ntt_rvv_paths.c) defines LF_NTT_RVV_STRIP to force one
 * path at any VLEN that can run it (0: the vector-length-agnostic one); the
 * library never does. */
#ifdef LF_NTT_RVV_STRIP
#define LF_NTT_RVV_VLMAX() ((size_t)LF_NTT_RVV_STRIP)
#else
#define LF_NTT_RVV_VLMAX() __riscv_vsetvlmax_e16m4()
#endif

/* mont(b z) with zq = z q^-1 mod 2^16 (vector zetas; scalar: mulcs_m4) */
AI W mulc_m4(W b, W z, W zq, size_t vl)
{
    W t = __riscv_vmul_vv_i16m4(b, zq, vl);
    W h = __riscv_vmulh_vv_i16m4(b, z, vl);
    return __riscv_vsub_vv_i16m4(h, __riscv_vmulh_vx_i16m4(t, LF_NTT_Q, vl), vl);
}

AI W mulcs_m4(W b, int16_t z, int16_t zq, size_t vl)
{
    W t = __riscv_vmul_vx_i16m4(b, zq, vl);
    W h = __riscv_vmulh_vx_i16m4(b, z, vl);
    return __riscv_vsub_vv_i16m4(h, __riscv_vmulh_vx_i16m4(t, LF_NTT_Q, vl), vl);
}

/* mont(a b) */
AI W mulv_m4(W a, W b, size_t vl)
{
    return mulc_m4(a, b, __riscv_vmul_vx_i16m4(b, LF_NTT_QINV, vl), vl);
}

/* Barrett: any int16 -> [0, q] */
AI W barrett_m4(W a, size_t vl)
{
    W t = __riscv_vsra_vx_i16m4(__riscv_vmulh_vx_i16m4(a, LF_NTT_BARRETT_V, vl), 10, vl);
    return __riscv_vsub_vv_i16m4(a, __riscv_vmul_vx_i16m4(t, LF_NTT_Q, vl), vl);
}

/* z q^-1 mod 2^16 (the _qinv tables' entries): one multiply, no load */
AI W zqinv(W z, size_t vl) { return __riscv_vmul_vx_i16m4(z, LF_NTT_QINV, vl); }

/* ---- ML-KEM NTT and inverse: constant geometry -----------------------------
 * As the cyclic product's (below), on 256 coefficients (MLKEM_CG_NOTE in
 * ntt_consts.h): 128 butterflies per level, read (j, j + 128) / write
 * (2 j, 2 j + 1) forward, the mirror image inverse; the forward transform's
 * last level scatters straight into B order and the inverse's first level
 * gathers from it (indexed loads/stores through lf_mlkem_cgBx/By), so no
 * transpose pass.  Same butterflies, zetas and Barrett/scaling levels as the
 * C kernels (bit-identical).  Strip vl = 32, 64 or 128 (VLEN 128, 256,
 * >= 512), a compile-time constant of each path. */
#define MK_H 128 /* butterflies per level */

/* [0, q) from u = x + k q, 0 <= u < 2^16 as uint16 (the forward level
 * adds the offset k q to x before its butterfly): u - q floor(u 20159 / 2^26),
 * exact for every uint16 */
AI W mk_freeze(W x, size_t vl)
{
    vuint16m4_t u = __riscv_vreinterpret_v_i16m4_u16m4(x);
    vuint16m4_t t = __riscv_vsrl_vx_u16m4(__riscv_vmulhu_vx_u16m4(u, LF_NTT_BARRETT_V, vl), 10, vl);
    return __riscv_vreinterpret_v_u16m4_i16m4(__riscv_vnmsac_vx_u16m4(u, LF_NTT_Q, t, vl));
}

/* [0, q) from |x| < q: min(x, x + q) as uint16 */
AI W mk_fix(W x, size_t vl)
{
    vuint16m4_t u = __riscv_vreinterpret_v_i16m4_u16m4(x);
    u = __riscv_vminu_vv_u16m4(u, __riscv_vadd_vx_u16m4(u, LF_NTT_Q, vl), vl);
    return __riscv_vreinterpret_v_u16m4_i16m4(u);
}

/* 0 if all n lanes were good (good = n), else all ones (good < n: the sign
 * of good - n).  No value barrier here: its asm statement made clang emit a
 * second vsetvli (asm may change vl), and the mask only meets AND operands
 * (the kernels' code is checked for branches on it: tests/ntt, ctime note
 * in src/ntt/README.md). */
AI uint32_t mk_verdict(size_t good, size_t n)
{
    return (uint32_t)((int64_t)(good - n) >> 63);
}

/* The input check of the checked kernels, a pass of its own before any
 * level (so that no verdict state is live through the transform and r may
 * alias the inputs): the lane-wise unsigned maximum of a[0..n) (and of b if
 * two) at LMUL 8 (2 vl lanes: one load per 2 vl coefficients), one compare
 * with q (`vmsltu`) and a population count of the lanes in range.  Negative
 * int16 are >= 2^15 as uint16.  Returns all ones if a coefficient is outside
 * [0, q), else 0; the kernels then zero one operand (a scalar constant where
 * there is one) with its complement, so bad input gives r = 0 with no extra
 * pass. */
typedef vuint16m8_t U8;
AI U8 mk_ld8(const int16_t *a, size_t v8)
{
    return __riscv_vle16_v_u16m8((const uint16_t *)a, v8);
}
AI U8 mk_max8(U8 acc, const int16_t *a, size_t v8)
{
    acc = __riscv_vmaxu_vv_u16m8(acc, mk_ld8(a, v8), v8);
    /* keeps the scheduler from hoisting all loads first: with LMUL 8 only
     * four register groups exist, and clang 16 spilled them */
    __asm__ volatile("" ::: "memory");
    return acc;
}
AI uint32_t mk_bad(const int16_t *a, const int16_t *b, int two, size_t n, size_t vl)
{
    size_t v8 = 2 * vl;
    U8 acc = mk_ld8(a, v8);
    for (size_t j = v8; j < n; j += v8) acc = mk_max8(acc, a + j, v8);
    for (size_t j = 0; two && j < n; j += v8) acc = mk_max8(acc, b + j, v8);
    vbool2_t ok = __riscv_vmsltu_vx_u16m8_b2(acc, LF_NTT_Q, v8);
    return mk_verdict(__riscv_vcpop_m_b2(ok, v8), v8);
}

/* The same from two vectors already loaded (the single-strip paths, where
 * one level's loads are the whole input): all ones if a lane of x or y is
 * outside [0, q) */
AI uint32_t mk_bad_xy(W x, W y, size_t vl)
{
    vuint16m4_t acc = __riscv_vmaxu_vv_u16m4(__riscv_vreinterpret_v_i16m4_u16m4(x),
                                             __riscv_vreinterpret_v_i16m4_u16m4(y), vl);
    vbool4_t ok = __riscv_vmsltu_vx_u16m4_b4(acc, LF_NTT_Q, vl);
    return mk_verdict(__riscv_vcpop_m_b4(ok, vl), vl);
}

/* forward level k (0..6).  fips = 0: the lazy kernel (the last level
 * scatters to B order); fips = 1: the checked one, *m = the verdict (level
 * 0 computes it from its loads in the single-strip path): level 0 ANDs x
 * and its scalar zeta with the verdict's complement (bad input: all zero
 * from there on), the last level adds the freeze offset to x before its
 * butterfly, freezes to [0, q) and scatters to standard order. */
AI void mk_fwd(int16_t *dst, const int16_t *src, int k, int fips, uint32_t *m, size_t vl)
{
    const int16_t *zt = lf_mlkem_zetaCG + MK_H * k;
    const uint16_t *ix = fips ? lf_mlkem_cgSx : lf_mlkem_cgBx;
    const uint16_t *iy = fips ? lf_mlkem_cgSy : lf_mlkem_cgBy;
    for (size_t j = 0; j < MK_H; j += vl) {
        W x = __riscv_vle16_v_i16m4(src + j, vl), y = __riscv_vle16_v_i16m4(src + MK_H + j, vl), t;
        if (k == 0) { /* one block: one zeta */
            int16_t z = lf_mlkem_zeta[1], zq = lf_mlkem_zeta_qinv[1];
            if (fips) {
                if (vl == MK_H) *m = mk_bad_xy(x, y, vl);
                int16_t keep = (int16_t)~*m;
                x = __riscv_vand_vx_i16m4(x, keep, vl), z &= keep, zq &= keep;
            }
            t = mulcs_m4(y, z, zq, vl);
        } else {
            W z = __riscv_vle16_v_i16m4(zt + j, vl);
            t = mulc_m4(y, z, zqinv(z, vl), vl);
        }
        if (k == 6 && fips) x = __riscv_vadd_vx_i16m4(x, LF_NTT_FRZ_NTT_OFS, vl);
        W xo = __riscv_vadd_vv_i16m4(x, t, vl), yo = __riscv_vsub_vv_i16m4(x, t, vl);
        if (k < 6) {
            __riscv_vsseg2e16_v_i16m4(dst + 2 * j, xo, yo, vl);
            continue;
        }
        if (fips) {
            xo = mk_freeze(xo, vl);
            yo = mk_freeze(yo, vl);
        }
        __riscv_vsuxei16_v_i16m4(dst, __riscv_vle16_v_u16m4(ix + j, vl), xo, vl);
        __riscv_vsuxei16_v_i16m4(dst, __riscv_vle16_v_u16m4(iy + j, vl), yo, vl);
    }
}

/* inverse level s (1..7): Gentleman-Sande, Barrett on the sums of levels
 * LF_NTT_BARRETT_AFTER_A/B, level 7 scaled (128^-1 R^2 and the last zeta;
 * fips: 128^-1 R, exact, then [0, q); the scale factors ANDed with keep, so
 * bad input gives 0).  Level 1 gathers from B order (fips: standard order). */
AI void mk_inv(int16_t *dst, const int16_t *src, int s, int fips, uint32_t *m, size_t vl)
{
    const int16_t *zt = lf_mlkem_izetaCG + MK_H * (s - 1);
    const uint16_t *ix = fips ? lf_mlkem_cgSx : lf_mlkem_cgBx;
    const uint16_t *iy = fips ? lf_mlkem_cgSy : lf_mlkem_cgBy;
    for (size_t j = 0; j < MK_H; j += vl) {
        W x, y;
        if (s == 1) {
            x = __riscv_vluxei16_v_i16m4(src, __riscv_vle16_v_u16m4(ix + j, vl), vl);
            y = __riscv_vluxei16_v_i16m4(src, __riscv_vle16_v_u16m4(iy + j, vl), vl);
            if (fips && vl == MK_H) *m = mk_bad_xy(x, y, vl);
        } else {
            __riscv_vlseg2e16_v_i16m4(&x, &y, src + 2 * j, vl);
        }
        W d = __riscv_vsub_vv_i16m4(y, x, vl);
        x = __riscv_vadd_vv_i16m4(x, y, vl);
        if (s == 7 && fips) { /* |x|, |y| <= LF_NTT_INVNTT_FIPS_OUT_MAX < q */
            int16_t keep = (int16_t)~*m;
            x = mk_fix(mulcs_m4(x, LF_NTT_INV_FA_FIPS & keep, LF_NTT_INV_FA_FIPS_QINV & keep, vl), vl);
            y = mk_fix(mulcs_m4(d, LF_NTT_INV_FB_FIPS & keep, LF_NTT_INV_FB_FIPS_QINV & keep, vl), vl);
        } else if (s == 7) {
            x = mulcs_m4(x, LF_NTT_INV_FA, LF_NTT_INV_FA_QINV, vl);
            y = mulcs_m4(d, LF_NTT_INV_FB, LF_NTT_INV_FB_QINV, vl);
        } else {
            if (s == LF_NTT_BARRETT_AFTER_A || s == LF_NTT_BARRETT_AFTER_B) x = barrett_m4(x, vl);
            W z = __riscv_vle16_v_i16m4(zt + j, vl);
            y = mulc_m4(d, z, zqinv(z, vl), vl);
        }
        __riscv_vse16_v_i16m4(dst + j, x, vl);
        __riscv_vse16_v_i16m4(dst + MK_H + j, y, vl);
    }
}

/* A whole transform (inv: the inverse), level l = 0..6 being forward level
 * l or inverse level l + 1: ping-pong through two stack buffers, the first
 * level reading a, the last writing r; fips: the input check first, returns
 * the verdict (0 or all ones). */
AI void mk_level(int16_t *dst, const int16_t *src, int inv, int l, int fips, uint32_t *m,
                 size_t vl)
{
    if (inv)
        mk_inv(dst, src, l + 1, fips, m, vl);
    else
        mk_fwd(dst, src, l, fips, m, vl);
}

AI uint32_t mk_transform(int16_t *r, const int16_t *a, int inv, int fips, size_t vl)
{
    int16_t t0[256], t1[256];
    uint32_t m = fips && vl < MK_H ? mk_bad(a, a, 0, 2 * MK_H, vl) : 0;
    mk_level(t0, a, inv, 0, fips, &m, vl);
    for (int l = 1; l < 5; l += 2) {
        mk_level(t1, t0, inv, l, 0, NULL, vl);
        mk_level(t0, t1, inv, l + 1, 0, NULL, vl);
    }
    mk_level(t1, t0, inv, 5, 0, NULL, vl);
    mk_level(r, t1, inv, 6, fips, &m, vl);
    return m;
}

AI uint32_t mk_ntt(int16_t *r, const int16_t *a, int fips, size_t vl)
{
    return mk_transform(r, a, 0, fips, vl);
}

AI uint32_t mk_invntt(int16_t *r, const int16_t *a, int fips, size_t vl)
{
    return mk_transform(r, a, 1, fips, vl);
}

/* The checked (FIPS) base multiplication, in standard order (pair m at
 * 2 m, 2 m + 1: segment loads and store), exact products in 32-bit lanes
 * (gen/limbforge/nttbounds.py: basemul_wide_bound): x1 = a0 b1 + a1 b0 and
 * x0 = a0 b0 + gU (mont(a1, b1) + q) by widening unsigned multiply-adds
 * (gU = gamma R mod q, so x0 = a0 b0 + gamma a1 b1 mod q), both below 2^25;
 * Barrett with floor(2^32 / q) to [0, 2q), narrowed to 16 bits, then
 * min(r, r - q) as uint16.  Bad input: the narrowed r ANDed to 0 (keep)
 * before that step, so r = 0. */
typedef vuint32m8_t D;
AI W bm_reduce(D x, int16_t keep, size_t vl)
{
    D t = __riscv_vmulhu_vx_u32m8(x, LF_NTT_BASEMUL_W_M, vl);
    x = __riscv_vnmsac_vx_u32m8(x, LF_NTT_Q, t, vl);
    vuint16m4_t u = __riscv_vand_vx_u16m4(__riscv_vncvt_x_x_w_u16m4(x, vl), (uint16_t)keep, vl);
    u = __riscv_vminu_vv_u16m4(u, __riscv_vsub_vx_u16m4(u, LF_NTT_Q, vl), vl);
    return __riscv_vreinterpret_v_u16m4_i16m4(u);
}

AI vuint16m4_t bm_u(W x) { return __riscv_vreinterpret_v_i16m4_u16m4(x); }

AI uint32_t mk_basemul_fips(int16_t *r, const int16_t *a, const int16_t *b, size_t vl)
{
    uint32_t m = vl < MK_H ? mk_bad(a, b, 1, 2 * MK_H, vl) : 0;
    for (size_t j = 0; j < MK_H; j += vl) {
        W a0, a1, b0, b1;
        __riscv_vlseg2e16_v_i16m4(&a0, &a1, a + 2 * j, vl);
        __riscv_vlseg2e16_v_i16m4(&b0, &b1, b + 2 * j, vl);
        if (vl == MK_H) /* one strip: the loads are the whole input */
            m = mk_bad_xy(__riscv_vreinterpret_v_u16m4_i16m4(__riscv_vmaxu_vv_u16m4(bm_u(a0), bm_u(a1), vl)),
                          __riscv_vreinterpret_v_u16m4_i16m4(__riscv_vmaxu_vv_u16m4(bm_u(b0), bm_u(b1), vl)), vl);
        int16_t keep = (int16_t)~m;
        W p = __riscv_vadd_vx_i16m4(mulv_m4(a1, b1, vl), LF_NTT_Q, vl);
        D x0 = __riscv_vwmulu_vv_u32m8(bm_u(a0), bm_u(b0), vl);
        x0 = __riscv_vwmaccu_vv_u32m8(x0, bm_u(p), __riscv_vle16_v_u16m4(lf_mlkem_gammaU + j, vl),
                                      vl);
        W x0r = bm_reduce(x0, keep, vl);
        D x1 = __riscv_vwmulu_vv_u32m8(bm_u(a0), bm_u(b1), vl);
        x1 = __riscv_vwmaccu_vv_u32m8(x1, bm_u(a1), bm_u(b0), vl);
        __riscv_vsseg2e16_v_i16m4(r + 2 * j, x0r, bm_reduce(x1, keep, vl), vl);
    }
    return m;
}

/* The lazy base multiplication, r = a o b 2^-16 per pair (BaseCaseMultiply),
 * in B order (lane 16 u + i is the pair at 32 u + i and 32 u + 16 + i,
 * reached by indexed loads/stores through lf_mlkem_bmB; gamma from
 * lf_mlkem_gammaB): the C kernel's arithmetic. */
AI uint32_t mk_basemul(int16_t *r, const int16_t *a, const int16_t *b, int fips, size_t vl)
{
    if (fips) return mk_basemul_fips(r, a, b, vl);
    for (size_t j = 0; j < MK_H; j += vl) {
        /* ordered so that at most 8 LMUL-4 groups are live (no spills) */
        vuint16m4_t o = __riscv_vle16_v_u16m4(lf_mlkem_bmB + j, vl);
        W b1 = __riscv_vluxei16_v_i16m4(b + 16, o, vl);
        W a1 = __riscv_vluxei16_v_i16m4(a + 16, o, vl);
        W a0 = __riscv_vluxei16_v_i16m4(a, o, vl);
        W q = zqinv(b1, vl);
        W p11 = mulc_m4(a1, b1, q, vl);
        W p01 = mulc_m4(a0, b1, q, vl);
        W b0 = __riscv_vluxei16_v_i16m4(b, o, vl);
        q = zqinv(b0, vl);
        W x1 = __riscv_vadd_vv_i16m4(p01, mulc_m4(a1, b0, q, vl), vl);
        W g = __riscv_vle16_v_i16m4(lf_mlkem_gammaB + j, vl);
        W x0 = __riscv_vadd_vv_i16m4(mulc_m4(a0, b0, q, vl), mulc_m4(p11, g, zqinv(g, vl), vl), vl);
        __riscv_vsuxei16_v_i16m4(r, o, x0, vl);
        __riscv_vsuxei16_v_i16m4(r + 16, o, x1, vl);
    }
    return 0;
}

/* The vector-length-agnostic strip: the machine's VLMAX(e16, m4), at most h
 * (both powers of two, so it divides h): the same kernel code as the fixed
 * paths with a run-time strip and loops, for any VLEN (also below 128,
 * where no fixed path fits; Zve64x cores). */
AI size_t vla_strip(size_t h)
{
    size_t vm = __riscv_vsetvlmax_e16m4();
    return vm < h ? vm : h;
}

/* The paths of each kernel: strips of 32, 64 or 128 lanes (LMUL 4, VLEN
 * 128, 256, >= 512), each its own function (straight-line code, a frame of
 * its own) and chosen per call from VLMAX, and the vector-length-agnostic
 * path for VLMAX < 32. */
#define MK_PATHS(f, fips, P, ...)                                                       \
    static LF_NOINLINE uint32_t f##_##fips##_32 P { return f(__VA_ARGS__, fips, 32); }   \
    static LF_NOINLINE uint32_t f##_##fips##_64 P { return f(__VA_ARGS__, fips, 64); }   \
    static LF_NOINLINE uint32_t f##_##fips##_128 P { return f(__VA_ARGS__, fips, 128); } \
    static LF_NOINLINE uint32_t f##_##fips##_vla P                                      \
    {                                                                                   \
        return f(__VA_ARGS__, fips, vla_strip(MK_H));                                   \
    }                                                                                   \
    AI uint32_t f##_##fips P                                                            \
    {                                                                                   \
        size_t vm = LF_NTT_RVV_VLMAX();                                                 \
        return vm >= 128  ? f##_##fips##_128(__VA_ARGS__)                               \
               : vm >= 64 ? f##_##fips##_64(__VA_ARGS__)                                \
               : vm >= 32 ? f##_##fips##_32(__VA_ARGS__)                                \
                          : f##_##fips##_vla(__VA_ARGS__);                              \
    }
MK_PATHS(mk_ntt, 0, (int16_t * r, const int16_t *a), r, a)
MK_PATHS(mk_ntt, 1, (int16_t * r, const int16_t *a), r, a)
MK_PATHS(mk_invntt, 0, (int16_t * r, const int16_t *a), r, a)
MK_PATHS(mk_invntt, 1, (int16_t * r, const int16_t *a), r, a)
MK_PATHS(mk_basemul, 0, (int16_t * r, const int16_t *a, const int16_t *b), r, a, b)
MK_PATHS(mk_basemul, 1, (int16_t * r, const int16_t *a, const int16_t *b), r, a, b)

static void rvv_ntt(int16_t a[256]) { (void)mk_ntt_0(a, a); }
static void rvv_invntt(int16_t a[256]) { (void)mk_invntt_0(a, a); }
static void rvv_basemul(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    (void)mk_basemul_0(r, a, b);
}
static uint32_t rvv_ntt_fips(int16_t r[256], const int16_t a[256]) { return mk_ntt_1(r, a); }
static uint32_t rvv_invntt_fips(int16_t r[256], const int16_t a[256]) { return mk_invntt_1(r, a); }
static uint32_t rvv_basemul_fips(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    return mk_basemul_1(r, a, b);
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
 * for both); the input range check is a pass of its own (mk_bad) and zeroes a
 * at the first level for bad input;
 * the last forward level, the pointwise product with 128^-1 and the first
 * inverse level are one pass in registers (cg_mid); the final reduction is
 * fused into the last inverse level, which writes r. */
#define CG_H 64 /* butterflies per level */


/* forward level k (0..6) of a and b: src (two polynomials in sa/sb) ->
 * dst; check (first level only): a's x and a's zeta ANDed with keep (bad
 * input: a is zero from there on, so is the product).  vl: the strip, 32 or
 * 64 (a compile-time constant of each path: straight-line). */
AI void cg_fwd(int16_t *da, int16_t *db, const int16_t *sa, const int16_t *sb, int k, int check,
               int16_t keep, size_t vl)
{
    const int16_t *zt = lf_cyc_zetaCG + CG_H * k;
    for (size_t j = 0; j < CG_H; j += vl) {
        W z = __riscv_vle16_v_i16m4(zt + j, vl), zq = zqinv(z, vl);
        const int16_t *src[2] = {sa, sb};
        int16_t *dst[2] = {da, db};
        for (int p = 0; p < 2; p++) {
            W x = __riscv_vle16_v_i16m4(src[p] + j, vl);
            W y = __riscv_vle16_v_i16m4(src[p] + j + CG_H, vl);
            W t;
            if (k) {
                t = mulc_m4(y, z, zq, vl);
            } else { /* one zeta for every lane, a scalar */
                int16_t z0 = lf_cyc_zeta[0], z0q = lf_cyc_zeta_qinv[0];
                if (check && p == 0) x = __riscv_vand_vx_i16m4(x, keep, vl), z0 &= keep, z0q &= keep;
                t = mulcs_m4(y, z0, z0q, vl);
            }
            __riscv_vsseg2e16_v_i16m4(dst[p] + 2 * j, __riscv_vadd_vv_i16m4(x, t, vl),
                                      __riscv_vsub_vv_i16m4(x, t, vl), vl);
        }
    }
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

/* [0, q) from |x| <= the cyclic inverse's bound: the freeze with 8 q */
AI W cg_final(W x, size_t vl)
{
    return mk_freeze(__riscv_vadd_vx_i16m4(x, LF_NTT_FRZ_CYC_OFS, vl), vl);
}

/* inverse level s (0..6): src -> dst; the last one (s = 6) reduces to
 * [0, q) */
AI void cg_inv(int16_t *dst, const int16_t *src, int s, size_t vl)
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
            x = cg_final(x, vl);
            y = cg_final(y, vl);
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
    uint32_t m = check ? mk_bad(a, b, 1, 2 * CG_H, vl) : 0;
    cg_fwd(xa, xb, a, b, 0, check, (int16_t)~m, vl);
    for (int k = 1; k < 5; k += 2) {
        cg_fwd(ya, yb, xa, xb, k, 0, 0, vl);
        cg_fwd(xa, xb, ya, yb, k + 1, 0, 0, vl);
    }
    cg_fwd(ya, yb, xa, xb, 5, 0, 0, vl);
    cg_mid(xa, ya, yb, vl); /* forward level 6, pointwise, inverse level 0 */
    for (int s = 1; s < 5; s += 2) {
        cg_inv(ya, xa, s, vl);
        cg_inv(xa, ya, s + 1, vl);
    }
    cg_inv(ya, xa, 5, vl);
    cg_inv(r, ya, 6, vl);
    return m;
}

/* The paths: VLEN 128 (an LMUL-4 group holds 32 lanes: two strips per
 * level) and VLEN >= 256 (one strip of 64), each straight-line with its
 * strip length a constant and a function of its own; chosen by VLMAX, read
 * once per call; below 32 lanes the vector-length-agnostic one. */
#define CG_PATHS(chk)                                                                   \
    static LF_NOINLINE uint32_t cg_cyclic_##chk##_32(int16_t *r, const int16_t *a,      \
                                                     const int16_t *b)                  \
    {                                                                                   \
        return cg_cyclic(r, a, b, chk, CG_H / 2);                                       \
    }                                                                                   \
    static LF_NOINLINE uint32_t cg_cyclic_##chk##_64(int16_t *r, const int16_t *a,      \
                                                     const int16_t *b)                  \
    {                                                                                   \
        return cg_cyclic(r, a, b, chk, CG_H);                                           \
    }                                                                                   \
    static LF_NOINLINE uint32_t cg_cyclic_##chk##_vla(int16_t *r, const int16_t *a,     \
                                                      const int16_t *b)                 \
    {                                                                                   \
        return cg_cyclic(r, a, b, chk, vla_strip(CG_H));                                \
    }                                                                                   \
    AI uint32_t cg_cyclic_##chk(int16_t *r, const int16_t *a, const int16_t *b)         \
    {                                                                                   \
        size_t vm = LF_NTT_RVV_VLMAX();                                                 \
        return vm >= CG_H       ? cg_cyclic_##chk##_64(r, a, b)                         \
               : vm >= CG_H / 2 ? cg_cyclic_##chk##_32(r, a, b)                         \
                                : cg_cyclic_##chk##_vla(r, a, b);                       \
    }
CG_PATHS(0)
CG_PATHS(1)

static void rvv_cyclic(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    (void)cg_cyclic_0(r, a, b);
}

static uint32_t rvv_cyclic_chk(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    return cg_cyclic_1(r, a, b);
}

LF_HIDDEN const lf_ntt_kernels lf_ntt_kernels_rvv = {
    .ntt = rvv_ntt,
    .invntt = rvv_invntt,
    .basemul = rvv_basemul,
    .cyclic = rvv_cyclic,
    .cyclic_chk = rvv_cyclic_chk,
    .ntt_fips = rvv_ntt_fips,
    .invntt_fips = rvv_invntt_fips,
    .basemul_fips = rvv_basemul_fips};
