/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-256 compression with the ARMv8 SHA2 instructions (SHA256H, SHA256H2,
 * SHA256SU0, SHA256SU1) through arm_neon.h; compiled with the sha2 ISA flags
 * (-march=armv8-a+crypto, cmake/native.cmake).  Contract:
 * sha256_internal.h.  Only called when HWCAP_SHA2 is set (sha256.c).
 *
 * ABI: compiler-generated intrinsics code, an ordinary AAPCS64 function: it
 * may clobber x0-x18, v0-v7, v16-v31 and the flags, and keeps x19-x29, sp and
 * d8-d15 (the low halves of v8-v15), which the compiler saves if it uses them.  The ABI checker (tests/abi/) does not cover it: its kernel lists
 * name a back end a CPU must run, and SHA2 is not one (README.md of this
 * module).  Constant time: no branch or address depends on data.
 *
 * The state is used as two vectors ABCD and EFGH (lane 0 = A, E), the
 * layout the instructions take. */
#include <arm_neon.h>

#include "hash/sha256_internal.h"

/* Four rounds at t = 4 j with message words m = W[t..t+3]. */
#define LF_SHA256_A64_4R(m, j)                                                                            \
    do {                                                                                           \
        uint32x4_t wk = vaddq_u32(m, vld1q_u32(lf_sha256_k + 4 * (j)));                            \
        uint32x4_t abcd_in = abcd;                                                                 \
        abcd = vsha256hq_u32(abcd, efgh, wk);                                                      \
        efgh = vsha256h2q_u32(efgh, abcd_in, wk);                                                  \
    } while (0)

/* m0 = W[t..t+3] from W[t-16..] (m0), W[t-12..] (m1), W[t-8..] (m2), W[t-4..] (m3) */
#define LF_SHA256_A64_W(m0, m1, m2, m3) (m0 = vsha256su1q_u32(vsha256su0q_u32(m0, m1), m2, m3))

/* A block's 16 big-endian words. */
static inline uint32x4_t lf_sha256_a64_load_be(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

LF_HIDDEN void lf_sha256_blocks_armv8(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
    for (; nblocks; nblocks--, data += 64) {
        uint32x4_t abcd0 = abcd, efgh0 = efgh;
        uint32x4_t m0 = lf_sha256_a64_load_be(data), m1 = lf_sha256_a64_load_be(data + 16);
        uint32x4_t m2 = lf_sha256_a64_load_be(data + 32), m3 = lf_sha256_a64_load_be(data + 48);
        LF_SHA256_A64_4R(m0, 0);
        LF_SHA256_A64_4R(m1, 1);
        LF_SHA256_A64_4R(m2, 2);
        LF_SHA256_A64_4R(m3, 3);
        for (int j = 4; j < 16; j += 4) {
            LF_SHA256_A64_W(m0, m1, m2, m3);
            LF_SHA256_A64_4R(m0, j);
            LF_SHA256_A64_W(m1, m2, m3, m0);
            LF_SHA256_A64_4R(m1, j + 1);
            LF_SHA256_A64_W(m2, m3, m0, m1);
            LF_SHA256_A64_4R(m2, j + 2);
            LF_SHA256_A64_W(m3, m0, m1, m2);
            LF_SHA256_A64_4R(m3, j + 3);
        }
        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }
    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
