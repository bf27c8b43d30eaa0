/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM polynomial helpers, included by mlkem_body.h (so compiled once per
 * back end, see there; every function is static): products in the NTT domain
 * on the lazy NTT kernels, SampleNTT on several SHAKE128 streams at once,
 * CBD sampling on several SHAKE256 streams, the byte encodings and
 * Compress / Decompress with multiplications only (no division: the
 * KyberSlash class of leak). */
#ifndef LF_MLKEM_POLY_H
#define LF_MLKEM_POLY_H

#include <string.h>

#include "limbforge/ntt.h"
#include "hash/keccak_internal.h"
#include "mlkem/mlkem_internal.h"

static void lf_mlkem_dot(int16_t r[256], const int16_t (*a)[256], const int16_t (*b)[256],
                            unsigned k, int tomont)
{
    int16_t t[256];
    int32_t acc[256] = {0};
    for (unsigned j = 0; j < k; j++) {
        lf_mlkem_basemul_lazy(t, a[j], b[j]);
        for (int i = 0; i < 256; i++) acc[i] += t[i];
    }
    if (tomont) /* x * 2^32 * 2^-16: 1353 = 2^32 mod q */
        for (int i = 0; i < 256; i++) r[i] = lf_mlkem_montred(lf_mlkem_modq(acc[i]) * 1353);
    else
        for (int i = 0; i < 256; i++) r[i] = lf_mlkem_modq(acc[i]);
    lf_wipe(t, sizeof t);
    lf_wipe(acc, sizeof acc);
}

/* ------------------------------------------------------------ SampleNTT */
/* Rejection sampling of 12-bit candidates into a[ctr..] in FIPS order
 * (public data: the matrix seed is public, so the branches are allowed).
 * a has room for 256 + 16 entries (a vector sampler may write a whole
 * group past 256); returns the new count, >= 256 when done.  A back end
 * with a vector sampler defines LF_MLKEM_REJ_VEC(a, ctr, buf, len) before
 * including mlkem_body.h (len a multiple of 24). */
static unsigned lf_mlkem_rej(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
#ifdef LF_MLKEM_REJ_VEC
    return LF_MLKEM_REJ_VEC(a, ctr, buf, len);
#else
    for (size_t p = 0; ctr < 256 && p + 3 <= len; p += 3) {
        unsigned d1 = buf[p] | ((unsigned)buf[p + 1] & 15) << 8;
        unsigned d2 = buf[p + 1] >> 4 | (unsigned)buf[p + 2] << 4;
        if (d1 < LF_MLKEM_Q) a[ctr++] = (int16_t)d1;
        if (d2 < LF_MLKEM_Q && ctr < 256) a[ctr++] = (int16_t)d2;
    }
    return ctr;
#endif
}

/* ------------------------------------------------------------------ CBD */
static inline uint32_t lf_mlkem_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* FIPS 203 Algorithm 8 */
static void lf_mlkem_cbd_poly(int16_t r[256], const uint8_t *b, unsigned eta)
{
    if (eta == 2) { /* 8 coefficients per 32 bits: pairs of bits summed */
        for (int i = 0; i < 32; i++) {
            uint32_t t = lf_mlkem_le32(b + 4 * i);
            uint32_t d = (t & 0x55555555) + ((t >> 1) & 0x55555555);
            for (int j = 0; j < 8; j++) {
                int16_t x = (int16_t)((d >> (4 * j)) & 3), y = (int16_t)((d >> (4 * j + 2)) & 3);
                r[8 * i + j] = (int16_t)(x - y);
            }
        }
    } else { /* eta 3: 4 coefficients per 24 bits */
        for (int i = 0; i < 64; i++) {
            uint32_t t = (uint32_t)b[3 * i] | (uint32_t)b[3 * i + 1] << 8 | (uint32_t)b[3 * i + 2] << 16;
            uint32_t d = (t & 0x249249) + ((t >> 1) & 0x249249) + ((t >> 2) & 0x249249);
            for (int j = 0; j < 4; j++) {
                int16_t x = (int16_t)((d >> (6 * j)) & 7), y = (int16_t)((d >> (6 * j + 3)) & 7);
                r[4 * i + j] = (int16_t)(x - y);
            }
        }
    }
}


/* One batch of at most 8 XOF/PRF streams in the xN layout of the Keccak
 * kernels: lane j absorbs job j's seed (34 bytes: SHAKE128, rate 168, for
 * SampleNTT; 33 bytes: SHAKE256, rate 136, for CBD), and is squeezed block
 * by block until its job is done: 3 blocks first for SampleNTT (504 bytes,
 * 336 candidates: enough except with probability ~2^-40), then one more at
 * a time; 1 block for CBD_2 (128 bytes), 2 for CBD_3 (192).  Lanes of
 * different jobs share the permutations; the loop count depends only on the
 * public rejection counts. */
static void lf_mlkem_batch(const lf_mlkem_job *jobs, unsigned n, unsigned w)
{
    uint64_t s[25 * 8];
    uint8_t buf[8][3 * 168];
    int16_t stage[8][256 + 16]; /* SampleNTT output in FIPS order */
    unsigned need[8], ctr[8] = {0}, rate[8], have[8] = {0};
    memset(s, 0, 25 * w * sizeof s[0]);
    for (unsigned j = 0; j < n; j++) {
        const lf_mlkem_job *jb = &jobs[j];
        unsigned len = jb->eta ? 33 : 34;
        rate[j] = jb->eta ? 136 : 168;
        need[j] = jb->eta ? (jb->eta == 2 ? 1 : 2) : 3;
        for (unsigned i = 0; i < len; i++) s[w * (i / 8) + j] ^= (uint64_t)jb->seed[i] << (8 * (i % 8));
        s[w * (len / 8) + j] ^= (uint64_t)0x1f << (8 * (len % 8));
        s[w * ((rate[j] - 1) / 8) + j] ^= (uint64_t)0x80 << 56;
    }
    for (unsigned more = 1; more;) {
        lf_keccak_permute(s, w);
        more = 0;
        for (unsigned j = 0; j < n; j++) {
            const lf_mlkem_job *jb = &jobs[j];
            if (jb->eta ? have[j] >= need[j] : ctr[j] >= 256) continue;
            /* blocks 0..2 side by side, every later one over block 0 */
            uint8_t *o = buf[j] + (have[j] < 3 ? have[j] : 0) * rate[j];
            for (unsigned i = 0; i < rate[j] / 8; i++) lf_store64_le(o + 8 * i, s[w * i + j]);
            have[j]++;
            if (jb->eta) {
                if (have[j] == need[j]) lf_mlkem_cbd_poly(*jb->dst, buf[j], jb->eta);
                else more = 1;
            } else if (have[j] >= need[j]) { /* 3 blocks at first, then each new one */
                ctr[j] = lf_mlkem_rej(stage[j], ctr[j], have[j] == need[j] ? buf[j] : o,
                                      have[j] == need[j] ? 3 * 168 : 168);
                if (ctr[j] >= 256) lf_mlkem_transpose(*jb->dst, stage[j]); /* to B order */
                more |= ctr[j] < 256;
            } else {
                more = 1;
            }
        }
    }
    lf_wipe(s, sizeof s);
    lf_wipe(buf, sizeof buf);
}

static void lf_mlkem_sample(const lf_mlkem_job *jobs, unsigned n)
{
    /* the portable set permutes lane by lane: batching saves nothing and
     * lanes of finished jobs would cost full permutations */
    unsigned w = lf_keccak_k() == &lf_keccak_kernels_c ? 1 : 8;
    for (unsigned i = 0; i < n; i += w) lf_mlkem_batch(jobs + i, n - i < w ? n - i : w, w);
}

/* ------------------------------------------- long hashes, lanes in parallel */
/* out[j] = the first 32 bytes of Keccak[rate 136](in[j][0] || in[j][1],
 * padding ds[j]): ds 0x06 is SHA3-256, 0x1f SHAKE256 (H and J of FIPS 203).
 * n <= 4 messages of any lengths, absorbed in the lanes of one x4 state
 * (on the portable set, one at a time): the number of permutations is that
 * of the longest message, not the sum.  Lengths are public. */
typedef struct {
    const uint8_t *p[2];
    size_t len[2];
    uint8_t ds;
    uint8_t *out;
} lf_mlkem_hjob;

static void lf_mlkem_hash_lanes(const lf_mlkem_hjob *hj, unsigned n)
{
    unsigned w = 4;
    if (lf_keccak_k() == &lf_keccak_kernels_c) {
        w = 1;
        if (n > 1) {
            for (unsigned j = 0; j < n; j++) lf_mlkem_hash_lanes(hj + j, 1);
            return;
        }
    }
    uint64_t s[25 * 4];
    uint8_t blk[136];
    size_t nblk[4], maxblk = 0;
    memset(s, 0, 25 * w * sizeof s[0]);
    for (unsigned j = 0; j < n; j++) {
        /* full blocks plus the padded last one (counted, not divided: no
         * division instruction anywhere in the module, tests/mlkem/test_nodiv.py) */
        size_t l = hj[j].len[0] + hj[j].len[1];
        for (nblk[j] = 1; l >= 136; l -= 136) nblk[j]++;
        maxblk = nblk[j] > maxblk ? nblk[j] : maxblk;
    }
    for (size_t b = 0; b < maxblk; b++) {
        for (unsigned j = 0; j < n; j++) {
            if (b >= nblk[j]) continue;
            size_t off = 136 * b, l0 = hj[j].len[0], l1 = hj[j].len[1], got = 0;
            if (off < l0) { /* from the first piece */
                got = l0 - off < 136 ? l0 - off : 136;
                memcpy(blk, hj[j].p[0] + off, got);
            }
            if (got < 136 && off + got < l0 + l1) { /* then the second */
                size_t o1 = off + got - l0, c = l1 - o1 < 136 - got ? l1 - o1 : 136 - got;
                memcpy(blk + got, hj[j].p[1] + o1, c);
                got += c;
            }
            if (b + 1 == nblk[j]) { /* pad */
                memset(blk + got, 0, 136 - got);
                blk[got] = hj[j].ds;
                blk[135] |= 0x80;
            }
            for (unsigned i = 0; i < 17; i++) s[w * i + j] ^= lf_load64_le(blk + 8 * i);
        }
        lf_keccak_permute(s, w);
        for (unsigned j = 0; j < n; j++)
            if (b + 1 == nblk[j])
                for (unsigned i = 0; i < 4; i++) lf_store64_le(hj[j].out + 8 * i, s[w * i + j]);
    }
    lf_wipe(s, sizeof s);
    lf_wipe(blk, sizeof blk);
}

/* ------------------------------------------------------------- encoding */
static void lf_mlkem_encode12(uint8_t out[384], const int16_t a[256])
{
    int16_t f[256];
    lf_mlkem_transpose(f, a);
    for (int i = 0; i < 128; i++) {
        uint16_t x = (uint16_t)f[2 * i], y = (uint16_t)f[2 * i + 1];
        out[3 * i] = (uint8_t)x;
        out[3 * i + 1] = (uint8_t)(x >> 8 | y << 4);
        out[3 * i + 2] = (uint8_t)(y >> 4);
    }
    lf_wipe(f, sizeof f);
}

static uint32_t lf_mlkem_decode12(int16_t r[256], const uint8_t in[384])
{
    int16_t f[256];
    uint32_t bad = 0;
    for (int i = 0; i < 128; i++) {
        int32_t x = in[3 * i] | (in[3 * i + 1] & 15) << 8;
        int32_t y = in[3 * i + 1] >> 4 | in[3 * i + 2] << 4;
        x -= LF_MLKEM_Q, y -= LF_MLKEM_Q;                     /* < 0 iff canonical */
        bad |= (uint32_t)~(x >> 31) | (uint32_t)~(y >> 31);   /* high bit set iff >= q */
        x += LF_MLKEM_Q & (x >> 31), y += LF_MLKEM_Q & (y >> 31);
        f[2 * i] = (int16_t)x, f[2 * i + 1] = (int16_t)y;
    }
    lf_mlkem_transpose(r, f);
    lf_wipe(f, sizeof f);
    return (uint32_t)0 - (bad >> 31);
}

/* Compress_d(x) = round(2^d x / q) mod 2^d for canonical x, as
 * ((x A + 2^(S-1)) >> S) mod 2^d: one multiplication, no division (the
 * KyberSlash class of leak).  (A, S) per d, each checked for every x in
 * [0, q) (src/mlkem/README.md): 32-bit products for d <= 5, 32 x 32 -> 64
 * for d = 10, 11 (so the loops vectorise). */
static void lf_mlkem_compress_vals(uint16_t t[256], const int16_t a[256], unsigned d)
{
    if (d >= 10) {
        unsigned sh = d == 10 ? 23 : 22;
        for (int i = 0; i < 256; i++)
            t[i] = (uint16_t)((((uint64_t)(uint16_t)a[i] * 2580335u) + ((uint64_t)1 << (sh - 1))) >> sh) &
                   (uint16_t)((1u << d) - 1);
    } else {
        uint32_t m = d == 1 ? 630 : d == 4 ? 5040 : 20159;
        unsigned sh = d == 5 ? 21 : 20;
        for (int i = 0; i < 256; i++)
            t[i] = (uint16_t)((((uint32_t)(uint16_t)a[i] * m) + (1u << (sh - 1))) >> sh) &
                   (uint16_t)((1u << d) - 1);
    }
}

/* ByteEncode_d of 256 d-bit values (little-endian bit order), one fixed
 * pattern per d: groups of 8 values (d bytes), 4 for d = 10 (5 bytes). */
static void lf_mlkem_pack(uint8_t *out, const uint16_t t[256], unsigned d)
{
    if (d == 10) {
        for (int i = 0; i < 64; i++, t += 4, out += 5) {
            uint64_t v = (uint64_t)t[0] | (uint64_t)t[1] << 10 | (uint64_t)t[2] << 20 | (uint64_t)t[3] << 30;
            for (int b = 0; b < 5; b++) out[b] = (uint8_t)(v >> (8 * b));
        }
    } else if (d == 11) {
        for (int i = 0; i < 32; i++, t += 8, out += 11) {
            uint64_t lo = (uint64_t)t[0] | (uint64_t)t[1] << 11 | (uint64_t)t[2] << 22 |
                          (uint64_t)t[3] << 33 | (uint64_t)t[4] << 44 | (uint64_t)t[5] << 55;
            uint32_t hi = (uint32_t)(t[5] >> 9) | (uint32_t)t[6] << 2 | (uint32_t)t[7] << 13;
            for (int b = 0; b < 8; b++) out[b] = (uint8_t)(lo >> (8 * b));
            for (int b = 0; b < 3; b++) out[8 + b] = (uint8_t)(hi >> (8 * b));
        }
    } else { /* d = 1, 4, 5: 8 values in d <= 8 bytes */
        for (int i = 0; i < 32; i++, t += 8, out += d) {
            uint64_t v = 0;
            for (unsigned j = 0; j < 8; j++) v |= (uint64_t)t[j] << (d * j);
            for (unsigned b = 0; b < d; b++) out[b] = (uint8_t)(v >> (8 * b));
        }
    }
}

/* ByteDecode_d, the inverse of lf_mlkem_pack */
static void lf_mlkem_unpack(uint16_t t[256], const uint8_t *in, unsigned d)
{
    if (d == 10) {
        for (int i = 0; i < 64; i++, t += 4, in += 5) {
            uint64_t v = 0;
            for (int b = 0; b < 5; b++) v |= (uint64_t)in[b] << (8 * b);
            for (int j = 0; j < 4; j++) t[j] = (uint16_t)(v >> (10 * j)) & 1023;
        }
    } else if (d == 11) {
        for (int i = 0; i < 32; i++, t += 8, in += 11) {
            uint64_t lo = 0;
            uint32_t hi = 0;
            for (int b = 0; b < 8; b++) lo |= (uint64_t)in[b] << (8 * b);
            for (int b = 0; b < 3; b++) hi |= (uint32_t)in[8 + b] << (8 * b);
            for (int j = 0; j < 5; j++) t[j] = (uint16_t)(lo >> (11 * j)) & 2047;
            t[5] = (uint16_t)((lo >> 55) | hi << 9) & 2047;
            t[6] = (uint16_t)(hi >> 2) & 2047;
            t[7] = (uint16_t)(hi >> 13) & 2047;
        }
    } else {
        for (int i = 0; i < 32; i++, t += 8, in += d) {
            uint64_t v = 0;
            for (unsigned b = 0; b < d; b++) v |= (uint64_t)in[b] << (8 * b);
            for (unsigned j = 0; j < 8; j++) t[j] = (uint16_t)(v >> (d * j)) & (uint16_t)((1u << d) - 1);
        }
    }
}

/* c = ByteEncode_d(Compress_d(a)), a canonical, standard order: 32 d bytes */
static void lf_mlkem_compress(uint8_t *out, const int16_t a[256], unsigned d)
{
    uint16_t t[256];
    lf_mlkem_compress_vals(t, a, d);
    lf_mlkem_pack(out, t, d);
    lf_wipe(t, sizeof t);
}

/* r = Decompress_d(ByteDecode_d(in)) = round(q y / 2^d), canonical */
static void lf_mlkem_decompress(int16_t r[256], const uint8_t *in, unsigned d)
{
    uint16_t t[256];
    lf_mlkem_unpack(t, in, d);
    for (int i = 0; i < 256; i++) r[i] = (int16_t)(((uint32_t)t[i] * LF_MLKEM_Q + (1u << (d - 1))) >> d);
    lf_wipe(t, sizeof t);
}

static uint32_t lf_mlkem_neq(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint32_t d = 0;
    for (size_t i = 0; i < n; i++) d |= (uint32_t)(a[i] ^ b[i]);
    return lf_vb32((uint32_t)0 - ((d + 0xff) >> 8));
}

#endif
