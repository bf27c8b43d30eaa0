/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20 (RFC 8439 2.3/2.4): portable block function, public API and the
 * dispatch to the vector kernels (native/<arch>/chacha20_*.c).
 * Kernel contract: poly1305_internal.h. */
#include <string.h>

#include "limbforge/chacha20.h"
#include "chacha20/chacha20_internal.h"

#define LF_ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define LF_QR(a, b, c, d)                                                                          \
    do {                                                                                           \
        a += b; d ^= a; d = LF_ROTL32(d, 16);                                                      \
        c += d; b ^= c; b = LF_ROTL32(b, 12);                                                      \
        a += b; d ^= a; d = LF_ROTL32(d, 8);                                                       \
        c += d; b ^= c; b = LF_ROTL32(b, 7);                                                       \
    } while (0)

static void lf_chacha_core(uint8_t out[64], const uint32_t in[16])
{
    uint32_t x[16];
    memcpy(x, in, sizeof x);
    for (int i = 0; i < 10; i++) {
        LF_QR(x[0], x[4], x[8], x[12]);
        LF_QR(x[1], x[5], x[9], x[13]);
        LF_QR(x[2], x[6], x[10], x[14]);
        LF_QR(x[3], x[7], x[11], x[15]);
        LF_QR(x[0], x[5], x[10], x[15]);
        LF_QR(x[1], x[6], x[11], x[12]);
        LF_QR(x[2], x[7], x[8], x[13]);
        LF_QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++) {
        uint32_t v = x[i] + in[i];
        out[4 * i] = (uint8_t)v;
        out[4 * i + 1] = (uint8_t)(v >> 8);
        out[4 * i + 2] = (uint8_t)(v >> 16);
        out[4 * i + 3] = (uint8_t)(v >> 24);
    }
}

void lf_chacha_blocks_c(uint8_t *out, const uint8_t *in, size_t nblocks, const uint32_t st[16])
{
    uint32_t s[16];
    uint8_t ks[64];
    memcpy(s, st, sizeof s);
    for (; nblocks; nblocks--, s[12]++, out += 64) {
        lf_chacha_core(ks, s);
        if (in) {
            for (int i = 0; i < 64; i++) out[i] = in[i] ^ ks[i];
            in += 64;
        } else {
            memcpy(out, ks, 64);
        }
    }
    lf_wipe(ks, sizeof ks);
    lf_wipe(s, sizeof s); /* the key */
}

void lf_chacha_setup(uint32_t st[16], const uint8_t key[32], const uint8_t nonce[12],
                     uint32_t counter)
{
    st[0] = 0x61707865; /* "expand 32-byte k" */
    st[1] = 0x3320646e;
    st[2] = 0x79622d32;
    st[3] = 0x6b206574;
    for (int i = 0; i < 8; i++) st[4 + i] = lf_le32(key + 4 * i);
    st[12] = counter;
    for (int i = 0; i < 3; i++) st[13 + i] = lf_le32(nonce + 4 * i);
}

/* Each back end's own vector kernel (those this build has), and the table
 * of lf_internal.h's dispatch pattern; c has none (portable code only).
 * avx512ifma uses avx512's kernel by inheritance. */
static const lf_chacha_kernel lf_chacha_set_c = {NULL, 0, "c", NULL};
#define LF_NATIVE_CHACHA20_C 1
#ifdef LF_NATIVE_CHACHA20_AVX2
static const lf_chacha_kernel lf_chacha_set_avx2 = {lf_chacha_blocks_avx2, 8, "avx2", NULL};
#endif
#ifdef LF_NATIVE_CHACHA20_AVX512
static const lf_chacha_kernel lf_chacha_set_avx512 = {lf_chacha_blocks_avx512, 16, "avx512", NULL};
#endif
#ifdef LF_NATIVE_CHACHA20_NEON
static const lf_chacha_kernel lf_chacha_set_neon = {lf_chacha_blocks_neon, 4, "neon", NULL};
#endif
#ifdef LF_NATIVE_CHACHA20_ARMV7NEON /* AArch32: the same source (native/aarch64/) */
static const lf_chacha_kernel lf_chacha_set_armv7neon = {lf_chacha_blocks_neon, 4, "neon", NULL};
#endif
#ifdef LF_NATIVE_CHACHA20_RVV
static const lf_chacha_kernel lf_chacha_set_rvv = {lf_chacha_blocks_rvv, 0, "rvv",
                                                   lf_chacha_rvv_width};
#endif
#ifdef LF_NATIVE_CHACHA20_WASM_SIMD128
static const lf_chacha_kernel lf_chacha_set_wasm_simd128 = {lf_chacha_blocks_wasm_simd128, 4,
                                                            "wasm_simd128", NULL};
#endif
#define LF_DISPATCH_OWN(B) LF_NATIVE_CHACHA20_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_chacha_set_##b
LF_HIDDEN const lf_chacha_kernel *const lf_chacha_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_chacha_dispatch = {"chacha20", lf_chacha_table,
                                                       sizeof lf_chacha_table[0],
#include "generated/dispatch_table.h"
};

void lf_chacha_xor(uint8_t *out, const uint8_t *in, size_t len, uint32_t st[16])
{
    lf_chacha_kernel k = lf_chacha_kernel_for(lf_dispatch_slot());
    lf_chacha_xor_k(&k, out, in, len, st);
}

LF_HIDDEN void lf_chacha_xor_k(const lf_chacha_kernel *kp, uint8_t *out, const uint8_t *in, size_t len,
                               uint32_t st[16])
{
    lf_chacha_kernel k = *kp;
    size_t nb = len / 64;
    if (k.fn && nb >= k.width) {
        size_t nv = nb - nb % k.width;
        k.fn(out, in, nv, st);
        st[12] += (uint32_t)nv;
        out += 64 * nv;
        if (in) in += 64 * nv;
        len -= 64 * nv;
    }
    if (!len) return;
    /* The tail (< width blocks): one vector batch into a buffer when that
     * beats the scalar blocks, else the scalar block function. */
    size_t tb = (len + 63) / 64;
    if (k.fn && tb >= LF_CHACHA_TAIL_MIN) {
        uint8_t ks[64 * 16];
        k.fn(ks, NULL, k.width, st);
        if (in) for (size_t i = 0; i < len; i++) out[i] = in[i] ^ ks[i];
        else memcpy(out, ks, len);
        lf_wipe(ks, 64 * k.width);
    } else {
        size_t full = len / 64;
        if (full) lf_chacha_blocks_c(out, in, full, st);
        size_t rest = len - 64 * full;
        if (rest) {
            uint8_t ks[64];
            uint32_t s[16];
            memcpy(s, st, sizeof s);
            s[12] += (uint32_t)full;
            lf_chacha_core(ks, s);
            out += 64 * full;
            if (in) {
                in += 64 * full;
                for (size_t i = 0; i < rest; i++) out[i] = in[i] ^ ks[i];
            } else {
                memcpy(out, ks, rest);
            }
            lf_wipe(ks, sizeof ks);
            lf_wipe(s, sizeof s);
        }
    }
    st[12] += (uint32_t)tb;
}

int lf_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                const uint8_t nonce[12], uint32_t counter)
{
    if (len == 0) return LF_OK;
    if (!out) return LF_ERR_PARAM;
    /* blocks counter .. counter + ceil(len/64) - 1 must all be < 2^32 */
    uint64_t room = (uint64_t)0x100000000ULL - counter; /* blocks left */
    /* a request that cannot be served writes nothing: len may be a caller's
     * bug (SIZE_MAX, or far past the buffer), so out[0..len) is not known
     * to be writable */
    if ((uint64_t)(len / 64) + ((len % 64) != 0) > room) return LF_ERR_RANGE;
    uint32_t st[16];
    lf_chacha_setup(st, key, nonce, counter);
    lf_chacha_xor(out, in, len, st);
    lf_wipe(st, sizeof st);
    return LF_OK;
}

void lf_chacha20_block(uint8_t out[64], const uint8_t key[32], const uint8_t nonce[12],
                       uint32_t counter)
{
    uint32_t st[16];
    lf_chacha_setup(st, key, nonce, counter);
    lf_chacha_core(out, st);
    lf_wipe(st, sizeof st);
}
