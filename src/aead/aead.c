/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20-Poly1305 AEAD (RFC 8439 2.8) on the ChaCha20 and Poly1305 code
 * of this module: seal encrypts and authenticates in chunks that stay in L1
 * cache; open authenticates the whole ciphertext first and decrypts only
 * after the tag matched. */
#include <string.h>

#include "limbforge/aead.h"
#include "limbforge/poly1305.h"
#include "chacha20/chacha20_internal.h"
#include "poly1305/poly1305_internal.h"

#define LF_AEAD_CHUNK 4096 /* bytes encrypted, then MACed, per step (multiple of 64) */

static const uint8_t lf_aead_zeros[16];

/* The kernels of one call, bound once (README.md, "Dispatch"): ChaCha20's
 * and Poly1305's vector kernels of the selected slot. */
typedef struct {
    lf_chacha_kernel ck;
    lf_p1305_vec pv;
} lf_aead_k;

static void lf_aead_bind(lf_aead_k *k)
{
    int slot = lf_dispatch_slot();
    k->ck = lf_chacha_kernel_for(slot);
    k->pv = lf_p1305_vec_for(slot);
}

static void lf_aead_pad16(lf_poly1305_state *ps, size_t n)
{
    if (n % 16) lf_poly1305_update(ps, lf_aead_zeros, 16 - n % 16);
}

static void lf_aead_lengths(lf_poly1305_state *ps, size_t adlen, size_t len)
{
    uint8_t b[16];
    lf_st_le64(b, (uint64_t)adlen);
    lf_st_le64(b + 8, (uint64_t)len);
    lf_poly1305_update(ps, b, 16);
}

/* The one-time Poly1305 key (block 0) and the state for block 1 onwards.
 * When the back end has a vector ChaCha20 kernel and the key block plus
 * the message's blocks are at least LF_CHACHA_TAIL_MIN and fit one batch
 * (1 + ceil(len/64) <= width), one batch from counter 0 gives the key and
 * all the keystream (ks receives it, 1 is returned): one batch costs less
 * than 3 scalar blocks (chacha20_internal.h).  Else block 0 by the scalar
 * block function (0 returned): 1 or 2 scalar blocks are the fastest way to
 * a 64-byte message's 2 blocks.  ks holds 64 16 bytes. */
static int lf_aead_setup(const lf_aead_k *kk, lf_poly1305_state *ps, uint32_t st[16], uint8_t *ks,
                         const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                         size_t len)
{
    lf_chacha_kernel k = kk->ck;
    size_t nb = 1 + (len + 63) / 64;
    int batch = k.fn && k.width <= 16 && nb >= LF_CHACHA_TAIL_MIN && nb <= k.width;
    lf_chacha_setup(st, key, nonce, 0);
    if (batch) k.fn(ks, NULL, k.width, st);
    else lf_chacha_blocks_c(ks, NULL, 1, st);
    lf_poly1305_init(ps, ks);
    if (!batch) lf_wipe(ks, 64);
    st[12] = 1;
    if (adlen) lf_p1305_update_k(ps, ad, adlen, &kk->pv);
    lf_aead_pad16(ps, adlen);
    return batch;
}

/* out = in XOR the keystream of blocks 1.. (from the batch ks when batch) */
static void lf_aead_xor(const lf_aead_k *k, uint8_t *out, const uint8_t *in, size_t len, uint32_t st[16],
                        const uint8_t *ks, int batch)
{
    if (batch) {
        for (size_t i = 0; i < len; i++) out[i] = in[i] ^ ks[64 + i];
    } else {
        lf_chacha_xor_k(&k->ck, out, in, len, st);
    }
}

static int lf_aead_too_long(size_t len)
{
#if SIZE_MAX > 0xffffffffu
    return (uint64_t)len > LF_CHACHA20POLY1305_MAXBYTES;
#else
    (void)len;
    return 0;
#endif
}

int lf_chacha20poly1305_seal(uint8_t *ct, uint8_t tag[16], const uint8_t *pt, size_t len,
                             const uint8_t *ad, size_t adlen, const uint8_t key[32],
                             const uint8_t nonce[12])
{
    if (!tag || !key || !nonce || (len && (!ct || !pt)) || (adlen && !ad)) return LF_ERR_PARAM;
    if (lf_aead_too_long(len)) { /* ct untouched (len may exceed it); the tag is 16 bytes */
        memset(tag, 0, 16);
        return LF_ERR_RANGE;
    }
    lf_poly1305_state ps;
    uint32_t st[16];
    uint8_t ks[64 * 16];
    lf_aead_k k;
    lf_aead_bind(&k);
    int batch = lf_aead_setup(&k, &ps, st, ks, key, nonce, ad, adlen, len);
    for (size_t off = 0; off < len;) {
        size_t n = len - off < LF_AEAD_CHUNK ? len - off : LF_AEAD_CHUNK;
        lf_aead_xor(&k, ct + off, pt + off, n, st, ks, batch);
        lf_p1305_update_k(&ps, ct + off, n, &k.pv);
        off += n;
    }
    lf_aead_pad16(&ps, len);
    lf_aead_lengths(&ps, adlen, len);
    lf_poly1305_final(&ps, tag);
    lf_wipe(st, sizeof st);
    if (batch) lf_wipe(ks, sizeof ks);
    return LF_OK;
}

int lf_chacha20poly1305_open(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                             const uint8_t *ad, size_t adlen, const uint8_t key[32],
                             const uint8_t nonce[12])
{
    if (!tag || !key || !nonce || (len && (!ct || !pt)) || (adlen && !ad)) return LF_ERR_PARAM;
    if (lf_aead_too_long(len)) return LF_ERR_RANGE; /* nothing written: len may exceed pt */
    lf_poly1305_state ps;
    uint32_t st[16];
    uint8_t want[16], ks[64 * 16];
    lf_aead_k k;
    lf_aead_bind(&k);
    int batch = lf_aead_setup(&k, &ps, st, ks, key, nonce, ad, adlen, len);
    lf_p1305_update_k(&ps, ct, len, &k.pv);
    lf_aead_pad16(&ps, len);
    lf_aead_lengths(&ps, adlen, len);
    lf_poly1305_final(&ps, want);
    int ok = lf_poly1305_verify(want, tag);
    lf_wipe(want, sizeof want);
    LF_DECLASSIFY(&ok, sizeof ok); /* the verdict is public (it is returned) */
    if (!ok) { /* no plaintext is ever produced */
        if (len) memset(pt, 0, len);
    } else if (len) {
        lf_aead_xor(&k, pt, ct, len, st, ks, batch);
    }
    lf_wipe(st, sizeof st);
    if (batch) lf_wipe(ks, sizeof ks);
    return ok ? LF_OK : LF_ERR_AUTH;
}
