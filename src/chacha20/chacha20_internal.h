/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal contract of the ChaCha20 kernels and the helpers aead.c uses.  Not installed. */
#ifndef LF_CHACHA20_INTERNAL_H
#define LF_CHACHA20_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"

/* ChaCha20: nblocks full 64-byte blocks of keystream XORed into out (in may
 * be NULL: keystream only), block counters st[12], st[12]+1, ... (the caller
 * guarantees no wrap; keystream-only batches past the last needed block may
 * wrap, their output is discarded).  Defined in chacha20.c and native/<entry>/chacha20_*.c. */
typedef void (*lf_chacha_fn)(uint8_t *out, const uint8_t *in, size_t nblocks,
                             const uint32_t st[16]);
LF_HIDDEN void lf_chacha_blocks_c(uint8_t *out, const uint8_t *in, size_t nblocks,
                                  const uint32_t st[16]);
/* Multiples of 8 (AVX2), 16 (AVX-512), 4 (NEON) blocks. */
LF_HIDDEN void lf_chacha_blocks_avx2(uint8_t *out, const uint8_t *in, size_t nblocks,
                                     const uint32_t st[16]);
LF_HIDDEN void lf_chacha_blocks_avx512(uint8_t *out, const uint8_t *in, size_t nblocks,
                                       const uint32_t st[16]);
LF_HIDDEN void lf_chacha_blocks_neon(uint8_t *out, const uint8_t *in, size_t nblocks,
                                     const uint32_t st[16]);
/* RVV: any nblocks; lf_chacha_rvv_width() = min(16, VLEN / 32) blocks per
 * batch (the dispatcher's width). */
LF_HIDDEN void lf_chacha_blocks_rvv(uint8_t *out, const uint8_t *in, size_t nblocks,
                                    const uint32_t st[16]);
LF_HIDDEN size_t lf_chacha_rvv_width(void);
/* WebAssembly SIMD128 (builds with -msimd128 only): 4 blocks per batch. */
LF_HIDDEN void lf_chacha_blocks_wasm_simd128(uint8_t *out, const uint8_t *in, size_t nblocks,
                                             const uint32_t st[16]);

/* From this many tail blocks (after the whole vector batches) one more
 * vector batch into a buffer is used instead of the scalar block function.
 * Measured on Zen 5 (gcc 12, TSC ticks): scalar block 186, AVX2 batch of 8
 * 460, so 2 scalar blocks (372) beat a batch and 3 (558) do not.  (A
 * row-form AVX2 kernel for 1..4 blocks was tried: 371 for 2 blocks, it is
 * latency-bound; dropped.) */
#ifndef LF_CHACHA_TAIL_MIN
#define LF_CHACHA_TAIL_MIN 3
#endif

typedef struct {
    lf_chacha_fn fn; /* NULL: portable C only */
    size_t width;    /* blocks per vector batch */
    const char *name;
    size_t (*width_fn)(void); /* if not NULL: the width at run time (RVV) */
} lf_chacha_kernel;

/* Every back end's entry (chacha20.c; the one dispatch pattern of
 * lf_internal.h). */
extern LF_HIDDEN const lf_chacha_kernel *const lf_chacha_table[LF_DISPATCH_SLOTS];

/* The vector kernel of back end b, with its width resolved. */
static inline lf_chacha_kernel lf_chacha_kernel_for(int slot)
{
    lf_chacha_kernel k = *lf_chacha_table[slot];
    if (k.width_fn) k.width = k.width_fn();
    return k;
}
/* State words from key, nonce and counter (RFC 8439 2.3). */
LF_HIDDEN void lf_chacha_setup(uint32_t st[16], const uint8_t key[32], const uint8_t nonce[12],
                               uint32_t counter);
/* out = in XOR keystream (in NULL: keystream), any len; st[12] advances by
 * ceil(len/64).  The caller checked that the counter does not wrap. */
LF_HIDDEN void lf_chacha_xor(uint8_t *out, const uint8_t *in, size_t len, uint32_t st[16]);
/* The same with kernel k (from lf_chacha_kernel_for, bound once per call by
 * a caller that runs many chunks: the AEAD). */
LF_HIDDEN void lf_chacha_xor_k(const lf_chacha_kernel *k, uint8_t *out, const uint8_t *in, size_t len,
                               uint32_t st[16]);

#endif
