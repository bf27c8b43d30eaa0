/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-256 (FIPS 180-4): the portable compression function, the dispatch to
 * the hardware kernels (native/<arch>/, contract in sha256_internal.h) and
 * the public streaming and one-shot API (limbforge/sha256.h). */
#include <string.h>

#include "limbforge/sha256.h"
#include "hash/sha256_internal.h"

LF_HIDDEN const uint32_t lf_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

/* H(0), FIPS 180-4 section 5.3.3 */
static const uint32_t lf_sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

/* ---------------------------------------------------------------- portable */
#define LF_SHA256_ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define LF_SHA256_BSIG0(x) (LF_SHA256_ROR32(x, 2) ^ LF_SHA256_ROR32(x, 13) ^ LF_SHA256_ROR32(x, 22))
#define LF_SHA256_BSIG1(x) (LF_SHA256_ROR32(x, 6) ^ LF_SHA256_ROR32(x, 11) ^ LF_SHA256_ROR32(x, 25))
#define LF_SHA256_SSIG0(x) (LF_SHA256_ROR32(x, 7) ^ LF_SHA256_ROR32(x, 18) ^ ((x) >> 3))
#define LF_SHA256_SSIG1(x) (LF_SHA256_ROR32(x, 17) ^ LF_SHA256_ROR32(x, 19) ^ ((x) >> 10))
#define LF_SHA256_CH(e, f, g) ((g) ^ ((e) & ((f) ^ (g))))
#define LF_SHA256_MAJ(a, b, c) (((a) & (b)) ^ ((c) & ((a) ^ (b))))

/* One round t = j + k (k a constant 0..15, so w[] stays in registers): the
 * variables rotate by renaming, as the caller passes them. */
#define LF_SHA256_R(a, b, c, d, e, f, g, h, k)                                                            \
    do {                                                                                           \
        uint32_t t1 = h + LF_SHA256_BSIG1(e) + LF_SHA256_CH(e, f, g) + lf_sha256_k[j + (k)] + w[k];              \
        d += t1;                                                                                   \
        h = t1 + LF_SHA256_BSIG0(a) + LF_SHA256_MAJ(a, b, c);                                                    \
    } while (0)
/* W[j + k] for j >= 16, in place in the 16-word window */
#define LF_SHA256_W(k) (w[k] += LF_SHA256_SSIG1(w[((k) + 14) & 15]) + w[((k) + 9) & 15] + LF_SHA256_SSIG0(w[((k) + 1) & 15]))

LF_HIDDEN void lf_sha256_blocks_c(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    uint32_t w[16];
    for (; nblocks; nblocks--, data += 64) {
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int k = 0; k < 16; k++) w[k] = lf_hash_be32(data + 4 * k);
        for (int j = 0; j < 64; j += 16) {
            if (j) {
                LF_SHA256_W(0), LF_SHA256_W(1), LF_SHA256_W(2), LF_SHA256_W(3), LF_SHA256_W(4), LF_SHA256_W(5), LF_SHA256_W(6), LF_SHA256_W(7);
                LF_SHA256_W(8), LF_SHA256_W(9), LF_SHA256_W(10), LF_SHA256_W(11), LF_SHA256_W(12), LF_SHA256_W(13), LF_SHA256_W(14), LF_SHA256_W(15);
            }
            LF_SHA256_R(a, b, c, d, e, f, g, h, 0);
            LF_SHA256_R(h, a, b, c, d, e, f, g, 1);
            LF_SHA256_R(g, h, a, b, c, d, e, f, 2);
            LF_SHA256_R(f, g, h, a, b, c, d, e, 3);
            LF_SHA256_R(e, f, g, h, a, b, c, d, 4);
            LF_SHA256_R(d, e, f, g, h, a, b, c, 5);
            LF_SHA256_R(c, d, e, f, g, h, a, b, 6);
            LF_SHA256_R(b, c, d, e, f, g, h, a, 7);
            LF_SHA256_R(a, b, c, d, e, f, g, h, 8);
            LF_SHA256_R(h, a, b, c, d, e, f, g, 9);
            LF_SHA256_R(g, h, a, b, c, d, e, f, 10);
            LF_SHA256_R(f, g, h, a, b, c, d, e, 11);
            LF_SHA256_R(e, f, g, h, a, b, c, d, 12);
            LF_SHA256_R(d, e, f, g, h, a, b, c, 13);
            LF_SHA256_R(c, d, e, f, g, h, a, b, 14);
            LF_SHA256_R(b, c, d, e, f, g, h, a, 15);
        }
        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
        state[4] += e, state[5] += f, state[6] += g, state[7] += h;
    }
    lf_wipe(w, sizeof w);
}

/* ---------------------------------------------------------------- dispatch */
/* The table of lf_internal.h's dispatch pattern: c runs the portable code
 * at every level; the feature entries x86_64_sha and aarch64_sha2 (the SHA
 * instructions, not a level of the chain: gen/limbforge/targets.py FEATURES)
 * their kernel wherever the CPU has them, when this build has the file. */
#define LF_NATIVE_SHA256_C 1
#define lf_sha256_entry_c lf_sha256_blocks_c
#define lf_sha256_entry_x86_64_sha lf_sha256_blocks_shani
#define lf_sha256_entry_aarch64_sha2 lf_sha256_blocks_armv8
#define LF_DISPATCH_OWN(B) LF_NATIVE_SHA256_##B
#define LF_DISPATCH_ENTRY(B, b) lf_sha256_entry_##b
LF_HIDDEN const lf_sha256_blocks_fn lf_sha256_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_sha256_dispatch = {"sha256", lf_sha256_table,
                                                       sizeof lf_sha256_table[0],
#include "generated/dispatch_table.h"
};

LF_HIDDEN lf_sha256_blocks_fn lf_sha256_kernel_current(void)
{
    return lf_sha256_table[lf_dispatch_slot()];
}

LF_HIDDEN lf_sha256_blocks_fn lf_sha256_hw_kernel(void)
{
#if defined(LF_NATIVE_SHA256_X86_64_SHA)
    return lf_sha256_blocks_shani;
#elif defined(LF_NATIVE_SHA256_AARCH64_SHA2)
    return lf_sha256_blocks_armv8;
#else
    return NULL;
#endif
}

LF_HIDDEN uint64_t lf_sha256_hw_cap(void)
{
#if defined(__x86_64__)
    return LF_CAP_SHA;
#elif defined(__aarch64__)
    return LF_CAP_SHA2;
#else
    return 0;
#endif
}

LF_HIDDEN const char *lf_sha256_hw_name(void)
{
#if defined(LF_NATIVE_SHA256_X86_64_SHA)
    return "shani";
#elif defined(LF_NATIVE_SHA256_AARCH64_SHA2)
    return "armv8";
#else
    return "none";
#endif
}

/* --------------------------------------------------------------------- API */
void lf_sha256_init(lf_sha256_state *st)
{
    memcpy(st->h, lf_sha256_iv, sizeof st->h);
    st->nbytes = 0;
}

void lf_sha256_update(lf_sha256_state *st, const uint8_t *msg, size_t len)
{
    if (!len) return;
    lf_sha256_blocks_fn f = lf_sha256_table[lf_dispatch_slot()];
    size_t fill = (size_t)(st->nbytes % 64);
    st->nbytes += len;
    if (fill) {
        size_t take = 64 - fill < len ? 64 - fill : len;
        memcpy(st->buf + fill, msg, take);
        msg += take, len -= take;
        if (fill + take < 64) return;
        f(st->h, st->buf, 1);
    }
    size_t nb = len / 64;
    if (nb) f(st->h, msg, nb);
    msg += 64 * nb, len -= 64 * nb;
    if (len) memcpy(st->buf, msg, len);
}

void lf_sha256_final(lf_sha256_state *st, uint8_t out[32])
{
    lf_sha256_blocks_fn f = lf_sha256_table[lf_dispatch_slot()];
    size_t fill = (size_t)(st->nbytes % 64);
    uint64_t bits = st->nbytes << 3; /* mod 2^64: see the header on lengths */
    st->buf[fill++] = 0x80;
    if (fill > 56) {
        memset(st->buf + fill, 0, 64 - fill);
        f(st->h, st->buf, 1);
        fill = 0;
    }
    memset(st->buf + fill, 0, 56 - fill);
    lf_hash_st_be32(st->buf + 56, (uint32_t)(bits >> 32));
    lf_hash_st_be32(st->buf + 60, (uint32_t)bits);
    f(st->h, st->buf, 1);
    for (int i = 0; i < 8; i++) lf_hash_st_be32(out + 4 * i, st->h[i]);
    lf_wipe(st, sizeof *st);
}

void lf_sha256(uint8_t out[32], const uint8_t *msg, size_t len)
{
    lf_sha256_state st;
    lf_sha256_init(&st);
    lf_sha256_update(&st, msg, len);
    lf_sha256_final(&st, out); /* wipes st */
}
