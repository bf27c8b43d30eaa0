/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 WebAssembly SIMD128 kernel: 4 blocks in parallel, one state word
 * per v128 (lane j = block j of the batch, counter + j), as the NEON kernel.
 * Built only into wasm32 builds compiled with -msimd128 (CMake LF_WASM_SIMD,
 * src/poly1305/sources.cmake); without __wasm_simd128__ the file is empty.
 * Used for back end wasm_simd128.  Contract: poly1305_internal.h (nblocks a
 * multiple of 4; in may be NULL: keystream only).
 * Rotations: 16 and 8 are byte shuffles (i8x16.shuffle; engines lower them
 * to one byte permute), 12 and 7 shift left, shift right and or.
 * The keystream of the 4 blocks leaves through 4x4 transposes of each group
 * of 4 words (i32x4/i64x2 interleaves).  Constant time: no branch or index
 * depends on the key, nonce or data. */
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "chacha20/chacha20_internal.h"

#define ROTN(v, n) wasm_v128_or(wasm_i32x4_shl((v), (n)), wasm_u32x4_shr((v), 32 - (n)))
#define ROT16(v) wasm_i8x16_shuffle((v), (v), 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)
#define ROT8(v) wasm_i8x16_shuffle((v), (v), 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14)
#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        x[a] = wasm_i32x4_add(x[a], x[b]); x[d] = ROT16(wasm_v128_xor(x[d], x[a]));                \
        x[c] = wasm_i32x4_add(x[c], x[d]); x[b] = ROTN(wasm_v128_xor(x[b], x[c]), 12);             \
        x[a] = wasm_i32x4_add(x[a], x[b]); x[d] = ROT8(wasm_v128_xor(x[d], x[a]));                 \
        x[c] = wasm_i32x4_add(x[c], x[d]); x[b] = ROTN(wasm_v128_xor(x[b], x[c]), 7);              \
    } while (0)

static inline void store16(uint8_t *out, const uint8_t *in, v128_t v)
{
    if (in) v = wasm_v128_xor(v, wasm_v128_load(in));
    wasm_v128_store(out, v);
}

void lf_chacha_blocks_wasm_simd128(uint8_t *out, const uint8_t *in, size_t nblocks,
                                   const uint32_t st[16])
{
    v128_t base[16], x[16];
    for (int i = 0; i < 16; i++) base[i] = wasm_i32x4_splat((int32_t)st[i]);
    base[12] = wasm_i32x4_add(base[12], wasm_i32x4_make(0, 1, 2, 3));
    const v128_t four = wasm_i32x4_splat(4);
    for (; nblocks >= 4; nblocks -= 4) {
        for (int i = 0; i < 16; i++) x[i] = base[i];
        for (int r = 0; r < 10; r++) {
            QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
            QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
        }
        for (int i = 0; i < 16; i++) x[i] = wasm_i32x4_add(x[i], base[i]);
        /* word group g (words 4g..4g+3) of block k goes to out + 64 k + 16 g */
        for (int g = 0; g < 4; g++) {
            v128_t a = x[4 * g], b = x[4 * g + 1], c = x[4 * g + 2], d = x[4 * g + 3];
            v128_t ab0 = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);
            v128_t ab1 = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
            v128_t cd0 = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
            v128_t cd1 = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
            v128_t k[4] = {wasm_i64x2_shuffle(ab0, cd0, 0, 2), wasm_i64x2_shuffle(ab0, cd0, 1, 3),
                           wasm_i64x2_shuffle(ab1, cd1, 0, 2), wasm_i64x2_shuffle(ab1, cd1, 1, 3)};
            for (int j = 0; j < 4; j++)
                store16(out + 64 * j + 16 * g, in ? in + 64 * j + 16 * g : NULL, k[j]);
        }
        base[12] = wasm_i32x4_add(base[12], four);
        out += 256;
        if (in) in += 256;
    }
}
#else
typedef int lf_chacha20_simd128_unused; /* not a SIMD128 build */
#endif
