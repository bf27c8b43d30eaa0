/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The (n, bits) shapes of src/modinv/bingcd.h that sg_pipe instantiates
 * (n and bits must be compile-time constants; p is passed at run time).
 * Included by sg_pipe.c (the x86-64 asm where it applies) and by
 * sg_pipe_bgc.c (compiled with LF_BG_NO_ASM: the portable C), each with
 * LF_BG_PREFIX naming its functions.  Every limb count 2..16, the sizes of
 * the built-in fields, the bit lengths around each 64-bit boundary (where
 * the segment limb counts change) and shapes with a leading zero limb. */
#ifndef LF_BG_PREFIX
#error "define LF_BG_PREFIX"
#endif
#include "modinv/bingcd.h"

#ifdef LF_BG_FEW_SHAPES
/* targets without the asm (CMake sets this there): bingcd.h is test-only on
 * them, and 32 shapes of the portable C take i686's gcc 75 s even at -O1 */
#define LF_BG_SHAPES(X)                                                                          \
    X(2, 65) X(3, 192) X(4, 255) X(5, 257) X(6, 381) X(8, 449) X(9, 521) X(16, 1024)
#else
#define LF_BG_SHAPES(X)                                                                          \
    X(2, 65) X(2, 100) X(2, 127) X(2, 128) X(3, 100) X(3, 129) X(3, 160) X(3, 191) X(3, 192)     \
    X(4, 193) X(4, 224) X(4, 254) X(4, 255) X(4, 256) X(5, 255) X(5, 257) X(5, 300) X(5, 320)    \
    X(6, 321) X(6, 381) X(6, 383) X(6, 384) X(7, 381) X(7, 385) X(7, 448) X(8, 449) X(8, 512)    \
    X(9, 521) X(10, 600) X(12, 768) X(16, 1000) X(16, 1024)
#endif

#define LF_BG_CAT_(a, b, c, d) a##_##b##_##c##_##d
#define LF_BG_CAT(a, b, c, d) LF_BG_CAT_(a, b, c, d)
#define LF_BG_FN(n, bits) LF_BG_CAT(LF_BG_PREFIX, bg, n, bits)

/* r = x^-1 mod p (p prime < 2^bits, n limbs, x < p) */
#define LF_BG_DECL(n, bits) void LF_BG_FN(n, bits)(uint64_t * r, const uint64_t *x, const uint64_t *p);
LF_BG_SHAPES(LF_BG_DECL)
#undef LF_BG_DECL
#ifndef LF_BG_DECL_ONLY
#define LF_BG_DEF(n, bits)                                                                       \
    void LF_BG_FN(n, bits)(uint64_t * r, const uint64_t *x, const uint64_t *p)                   \
    {                                                                                            \
        int64_t p62[LF_SG_N62(bits)], w[LF_SG_WORK(LF_SG_N62(bits))];                            \
        lf_sg_to62(p62, LF_SG_N62(bits), p, n);                                                  \
        lf_bg_inv_core(r, x, p, n, bits, p62, lf_sg_pinv62(p[0]), w);                            \
    }
LF_BG_SHAPES(LF_BG_DEF)
#undef LF_BG_DEF
#endif
