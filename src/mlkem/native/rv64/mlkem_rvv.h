/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hand-written RVV pieces of ML-KEM's rvv build: SampleNTT's rejection
 * step and the 16 x 16 transpose between FIPS order and the NTT kernels'
 * B order.  RVV intrinsics (v0.12 names), included by mlkem_rvv.c only,
 * which compiles with LF_ISA_FLAGS_rvv.
 *
 * ABI: static inline C functions (no symbols of their own): the compiler
 * allocates their registers under the standard RISC-V calling convention
 * like any C code; their results are checked by every ML-KEM test on back
 * end rvv, at VLEN 128 to 1024 (test-cross).
 *
 * Both use fixed vector lengths that fit every VLEN >= 128 (the V
 * extension's minimum): 8 triples of bytes (16 candidates) per rejection
 * step, one 16-element row per transpose step.  Rejection: three strided
 * byte loads (stride 3) give b0, b1, b2 of each triple, widened to 16
 * bits; d1 = b0 | (b1 & 15) << 8, d2 = b1 >> 4 | b2 << 4; d1 + 2^16 d2 as
 * 32-bit elements, read as 16-bit ones, is the 16 candidates in order;
 * vmsltu against q, vcompress, a whole 16-element store at a + ctr (the
 * caller leaves 16 entries of room past 256) and vcpop for the count.
 * Public data only (the matrix seed).  Transpose: row i loaded, stored with
 * a stride of 16 elements at r + i. */
#ifndef LF_MLKEM_RVV_H
#define LF_MLKEM_RVV_H

#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>

static inline unsigned lf_mlkem_rej_rvv(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
    size_t vl = __riscv_vsetvl_e16m1(8), vl2 = __riscv_vsetvl_e16m2(16);
    for (size_t p = 0; ctr < 256 && p + 24 <= len; p += 24) {
        vuint16m1_t w0 = __riscv_vzext_vf2_u16m1(__riscv_vlse8_v_u8mf2(buf + p, 3, vl), vl);
        vuint16m1_t w1 = __riscv_vzext_vf2_u16m1(__riscv_vlse8_v_u8mf2(buf + p + 1, 3, vl), vl);
        vuint16m1_t w2 = __riscv_vzext_vf2_u16m1(__riscv_vlse8_v_u8mf2(buf + p + 2, 3, vl), vl);
        vuint16m1_t d1 = __riscv_vor_vv_u16m1(
            w0, __riscv_vsll_vx_u16m1(__riscv_vand_vx_u16m1(w1, 15, vl), 8, vl), vl);
        vuint16m1_t d2 = __riscv_vor_vv_u16m1(__riscv_vsrl_vx_u16m1(w1, 4, vl),
                                              __riscv_vsll_vx_u16m1(w2, 4, vl), vl);
        vuint32m2_t pr = __riscv_vwmaccu_vx_u32m2(__riscv_vzext_vf2_u32m2(d1, vl), 65535, d2, vl);
        pr = __riscv_vwaddu_wv_u32m2(pr, d2, vl); /* d1 + 65536 d2 */
        vuint16m2_t c = __riscv_vreinterpret_v_u32m2_u16m2(pr);
        vbool8_t ok = __riscv_vmsltu_vx_u16m2_b8(c, 3329, vl2);
        __riscv_vse16_v_u16m2((uint16_t *)(void *)(a + ctr), __riscv_vcompress_vm_u16m2(c, ok, vl2), vl2);
        ctr += (unsigned)__riscv_vcpop_m_b8(ok, vl2);
    }
    return ctr;
}

static inline void lf_mlkem_transpose_rvv(int16_t r[256], const int16_t a[256])
{
    size_t vl = __riscv_vsetvl_e16m2(16);
    for (int i = 0; i < 16; i++)
        __riscv_vsse16_v_i16m2(r + i, 32, __riscv_vle16_v_i16m2(a + 16 * i, vl), vl);
}

#endif
