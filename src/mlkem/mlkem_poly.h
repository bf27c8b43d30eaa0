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
#ifdef LF_VERIFY
#include <stdlib.h>
#endif
#if defined(__GNUC__) || defined(__clang__)
#define LF_MLKEM_UNUSED __attribute__((unused))
#else
#define LF_MLKEM_UNUSED
#endif

#include "limbforge/ntt.h"
#include "hash/keccak_internal.h"
#include "mlkem/mlkem_internal.h"
#include "ntt/ntt_internal.h"

/* The NTT and Keccak kernel sets, bound once per KEM call (lf_mlkem_bind) and
 * passed down: no dispatch per polynomial or per permutation.  Bound at run
 * time, not by the back end this file is compiled for: the Keccak set of a
 * slot may be a feature entry (neon_sha3) that the mlkem build does not
 * know, and the NTT's own sets are not mlkem's (tests run every mlkem build
 * with the kernels of the slot in use, as the lazy API did). */
typedef struct {
    const lf_ntt_kernels *ntt;
    const lf_keccak_kernels *kk;
} lf_mlkem_k;

static inline lf_mlkem_k lf_mlkem_bind(void)
{
    lf_mlkem_k k = {lf_ntt_k(), lf_keccak_k()};
    return k;
}

/* the lazy NTT kernels with the bounds checks of src/ntt/ntt.c (LF_VERIFY) */
static void lf_mlkem_ntt_k(const lf_mlkem_k *k, int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_IN_MAX);
    k->ntt->ntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_NTT_OUT_MAX);
}

static void lf_mlkem_invntt_k(const lf_mlkem_k *k, int16_t a[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_IN_MAX);
    k->ntt->invntt(a);
    LF_NTT_VERIFY(a, 256, LF_MLKEM_INVNTT_OUT_MAX);
}

static void lf_mlkem_basemul_k(const lf_mlkem_k *k, int16_t r[256], const int16_t a[256],
                               const int16_t b[256])
{
    LF_NTT_VERIFY(a, 256, LF_MLKEM_BASEMUL_IN_MAX);
    LF_NTT_VERIFY(b, 256, LF_MLKEM_BASEMUL_IN_MAX);
    k->ntt->basemul(r, a, b);
    LF_NTT_VERIFY(r, 256, LF_MLKEM_BASEMUL_OUT_MAX);
}

static void lf_mlkem_dot(const lf_mlkem_k *kn, int16_t r[256], const int16_t (*a)[256],
                         const int16_t (*b)[256], unsigned k, int tomont)
{
    int16_t t[256];
    int32_t acc[256]; /* set from the first product: no zeroing pass */
    lf_mlkem_basemul_k(kn, t, a[0], b[0]);
    for (int i = 0; i < 256; i++) acc[i] = t[i];
    for (unsigned j = 1; j < k; j++) {
        lf_mlkem_basemul_k(kn, t, a[j], b[j]);
        for (int i = 0; i < 256; i++) acc[i] += t[i];
    }
    if (tomont) /* x * 2^32 * 2^-16: 1353 = 2^32 mod q */
        for (int i = 0; i < 256; i++) r[i] = lf_ntt_mont(lf_mlkem_modq(acc[i]) * 1353);
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
 * including mlkem_body.h (len a multiple of 24; it may read 8 bytes past
 * len: the pool's block buffers leave that room). */
static LF_MLKEM_UNUSED unsigned lf_mlkem_rej_c(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
    for (size_t p = 0; ctr < 256 && p + 3 <= len; p += 3) {
        unsigned d1 = buf[p] | ((unsigned)buf[p + 1] & 15) << 8;
        unsigned d2 = buf[p + 1] >> 4 | (unsigned)buf[p + 2] << 4;
        if (d1 < LF_MLKEM_Q) a[ctr++] = (int16_t)d1;
        if (d2 < LF_MLKEM_Q && ctr < 256) a[ctr++] = (int16_t)d2;
    }
    return ctr;
}

static unsigned lf_mlkem_rej(int16_t *a, unsigned ctr, const uint8_t *buf, size_t len)
{
#if defined(LF_MLKEM_REJ_VEC) && defined(LF_VERIFY)
    /* the hook's contract: ctr < 256 and len % 24 == 0 before; after, the
     * same accepted values as the scalar sampler, at most 16 past 256 */
    int16_t ref[256];
    if (ctr >= 256 || len % 24) abort();
    memcpy(ref, a, ctr * sizeof *a);
    unsigned want = lf_mlkem_rej_c(ref, ctr, buf, len);
    unsigned got = LF_MLKEM_REJ_VEC(a, ctr, buf, len);
    if (got > 256 + 16 || (want < 256 ? got != want : got < 256) ||
        memcmp(a, ref, (want < 256 ? want : 256) * sizeof *a))
        abort();
    return got;
#elif defined(LF_MLKEM_REJ_VEC)
    return LF_MLKEM_REJ_VEC(a, ctr, buf, len);
#else
    return lf_mlkem_rej_c(a, ctr, buf, len);
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


/* ------------------------------------------------------- the Keccak lane pool */
/* Every Keccak computation of the scheme except G is a job of the pool
 * (mlkem_internal.h, lf_mlkem_job): SampleNTT on SHAKE128, CBD on SHAKE256,
 * and the long hashes H (SHA3-256) and J (SHAKE256, 32 bytes).  The pool
 * keeps up to LF_MLKEM_LANES states in the xN layout of the Keccak kernels
 * and runs them all with one permutation call per step; a lane whose job is
 * done takes the next pending job.  On AVX-512 one x8 call costs what one
 * single-state permutation does, so what counts is the number of calls:
 * e.g. encapsulation runs H(ek) and the nine matrix entries of ML-KEM-768
 * together in 9 calls, where one after the other took 9 + 6.
 * All control flow depends on public data only: the job list, lengths and
 * the rejection counts (of the public matrix seed). */
/* the 16 x 16 transpose between FIPS and B order: the ntt module's, or a
 * back end's own (defined before including mlkem_body.h) */
#ifndef LF_MLKEM_TRANSPOSE
#define LF_MLKEM_TRANSPOSE lf_mlkem_transpose
#endif

#ifndef LF_MLKEM_LANES
#define LF_MLKEM_LANES 4 /* a back end whose x8 costs what its x4 does sets 8 */
#endif

typedef struct {
    unsigned job, have, ctr;
    size_t nblk; /* HASH: blocks to absorb (the last one padded) */
} lf_mlkem_lane;

/* zero lane j of the w-lane state and, for SampleNTT and CBD, absorb the
 * job's seed with its padding (one block: 34 or 33 bytes) */
static void lf_mlkem_lane_start(uint64_t *s, unsigned w, unsigned j, const lf_mlkem_job *jb,
                                lf_mlkem_lane *ln)
{
    for (unsigned i = 0; i < 25; i++) s[w * i + j] = 0;
    ln->have = ln->ctr = 0;
    if (jb->kind == LF_MLKEM_JOB_HASH) {
        size_t l = jb->len[0] + jb->len[1];
        for (ln->nblk = 1; l >= 136; l -= 136) ln->nblk++; /* counted: no division */
        return;
    }
    /* the seed block as words: 32 bytes, then the index byte(s) and the
     * padding 0x1f in word 4, the final 0x80 in the last word of the rate */
    int cbd = jb->kind == LF_MLKEM_JOB_CBD;
    for (unsigned i = 0; i < 4; i++) s[w * i + j] = lf_load64_le(jb->seed + 8 * i);
    s[w * 4 + j] = cbd ? (uint64_t)jb->seed[32] | (uint64_t)0x1f << 8
                       : (uint64_t)jb->seed[32] | (uint64_t)jb->seed[33] << 8 | (uint64_t)0x1f << 16;
    s[w * (cbd ? 16 : 20) + j] = (uint64_t)0x80 << 56; /* byte 135 or 167 */
}

/* HASH: xor input block b (bytes 136 b.. of p[0] || p[1], padded if last) */
static void lf_mlkem_lane_absorb(uint64_t *s, unsigned w, unsigned j, const lf_mlkem_job *jb,
                                 size_t b, int last)
{
    uint8_t blk[136];
    size_t off = 136 * b, l0 = jb->len[0], l1 = jb->len[1], got = 0;
    if (off < l0) { /* from the first piece */
        got = l0 - off < 136 ? l0 - off : 136;
        memcpy(blk, jb->p[0] + off, got);
    }
    if (got < 136 && off + got < l0 + l1) { /* then the second */
        size_t o1 = off + got - l0, c = l1 - o1 < 136 - got ? l1 - o1 : 136 - got;
        memcpy(blk + got, jb->p[1] + o1, c);
        got += c;
    }
    if (last) {
        memset(blk + got, 0, 136 - got);
        blk[got] = jb->ds;
        blk[135] |= 0x80;
    }
    for (unsigned i = 0; i < 17; i++) s[w * i + j] ^= lf_load64_le(blk + 8 * i);
    lf_wipe(blk, sizeof blk);
}

static void lf_mlkem_pool_w(const lf_keccak_kernels *kk, lf_mlkem_job *jobs, unsigned n, unsigned w)
{
    uint64_t s[25 * 8];
    lf_mlkem_lane ln[8];
    uint8_t buf[8][2 * 168];    /* the squeezed blocks of a lane (room for a
                                 * back end that stores 24 words at offset 136) */
    int16_t stage[8][256 + 16]; /* SampleNTT output in FIPS order */
    unsigned next = 0, active = 0;
    int busy[8] = {0};
    for (unsigned j = 0; j < w && next < n; j++, next++, active++) {
        ln[j].job = next, busy[j] = 1;
        lf_mlkem_lane_start(s, w, j, &jobs[next], &ln[j]);
    }
    while (active) {
        for (unsigned j = 0; j < w; j++) { /* hash input before the permutation */
            const lf_mlkem_job *jb = &jobs[ln[j].job];
            if (busy[j] && jb->kind == LF_MLKEM_JOB_HASH)
                lf_mlkem_lane_absorb(s, w, j, jb, ln[j].have, ln[j].have + 1 == ln[j].nblk);
        }
        lf_keccak_permute_k(kk, s, w);
        int ext = 0; /* squeezed blocks already stored by the back end's hook */
#if defined(LF_MLKEM_EXTRACT8) && !defined(LF_MSAN)
        /* a back end's extraction of 24 words of all 8 lanes at once (lanes
         * with nothing to store write to a scratch block).  Not in MSan
         * builds: MSan's shadow of a two-source permute is the union of
         * its sources, so the public matrix lanes would come out tainted by
         * the secret noise lanes beside them and their (allowed) rejection
         * branches reported; the scalar copy keeps the lanes apart there.
         * The extraction itself only moves words: no branch, no index. */
        if (w == 8) {
            uint8_t scratch[192], *dst[8];
            unsigned used = 0;
            for (unsigned j = 0; j < 8; j++) {
                unsigned kind = busy[j] ? jobs[ln[j].job].kind : LF_MLKEM_JOB_HASH;
                used += kind != LF_MLKEM_JOB_HASH;
                dst[j] = kind == LF_MLKEM_JOB_HASH ? scratch
                         : buf[j] + (kind == LF_MLKEM_JOB_CBD ? 136 * ln[j].have : 0);
            }
            if (used >= LF_MLKEM_EXTRACT8_MIN) { /* else the lanes one by one are cheaper */
                LF_MLKEM_EXTRACT8(s, dst);
                lf_wipe(scratch, sizeof scratch);
                ext = 1;
            }
        }
#endif
        for (unsigned j = 0; j < w; j++) {
            if (!busy[j]) continue;
            const lf_mlkem_job *jb = &jobs[ln[j].job];
            int done = 0;
            if (jb->kind == LF_MLKEM_JOB_HASH) {
                if (++ln[j].have == ln[j].nblk) {
                    for (unsigned i = 0; i < 4; i++) lf_store64_le(jb->out + 8 * i, s[w * i + j]);
                    done = 1;
                }
            } else if (jb->kind == LF_MLKEM_JOB_CBD) {
                uint8_t *o = buf[j] + 136 * ln[j].have;
                for (unsigned i = 0; !ext && i < 17; i++) lf_store64_le(o + 8 * i, s[w * i + j]);
                if (++ln[j].have == (jb->eta == 2 ? 1u : 2u)) { /* 128 or 192 bytes */
                    lf_mlkem_cbd_poly(*jb->dst, buf[j], jb->eta);
                    done = 1;
                }
            } else {
                for (unsigned i = 0; !ext && i < 21; i++) lf_store64_le(buf[j] + 8 * i, s[w * i + j]);
                ln[j].ctr = lf_mlkem_rej(stage[j], ln[j].ctr, buf[j], 168);
                if (ln[j].ctr >= 256) {
                    LF_MLKEM_TRANSPOSE(*jb->dst, stage[j]); /* to B order */
                    done = 1;
                }
            }
            if (!done) continue;
            if (next < n) { /* the lane takes the next job */
                ln[j].job = next;
                lf_mlkem_lane_start(s, w, j, &jobs[next++], &ln[j]);
            } else {
                busy[j] = 0, active--;
            }
        }
    }
    lf_wipe(s, sizeof s);
    lf_wipe(buf, sizeof buf);
}

/* jobs is read only; not const because the builders set only the fields a
 * job's kind reads, and gcc's -Wmaybe-uninitialized takes a const pointer to
 * a partly set array as a read of all of it */
static void lf_mlkem_pool(const lf_mlkem_k *k, lf_mlkem_job *jobs, unsigned n)
{
    /* the portable set permutes lane by lane: one lane, no idle permutations */
    unsigned w = k->kk->serial ? 1 : LF_MLKEM_LANES;
    lf_mlkem_pool_w(k->kk, jobs, n, w);
}

/* ------------------------------------------------------------- encoding */
static void lf_mlkem_encode12(uint8_t out[384], const int16_t a[256])
{
    int16_t f[256];
    LF_MLKEM_TRANSPOSE(f, a);
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
    LF_MLKEM_TRANSPOSE(r, f);
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
#if defined(LF_MLKEM_PACK_VEC) && defined(LF_VERIFY)
    /* the hook's contract: every t[i] < 2^d before; the scalar encoding after */
    uint8_t ref[32 * 12];
    for (int i = 0; i < 256; i++)
        if (t[i] >> d) abort();
    lf_mlkem_pack(ref, t, d);
    if (LF_MLKEM_PACK_VEC(out, t, d) && memcmp(out, ref, 32 * d)) abort();
    memcpy(out, ref, 32 * d);
    lf_wipe(ref, sizeof ref);
#else
#ifdef LF_MLKEM_PACK_VEC /* a back end's ByteEncode_d for some d: 0 for the others */
    if (!LF_MLKEM_PACK_VEC(out, t, d))
#endif
        lf_mlkem_pack(out, t, d);
#endif
    lf_wipe(t, sizeof t);
}

/* r = Decompress_d(ByteDecode_d(in)) = round(q y / 2^d), canonical */
static void lf_mlkem_decompress(int16_t r[256], const uint8_t *in, unsigned d)
{
#if defined(LF_MLKEM_DECOMPRESS_VEC) && !defined(LF_VERIFY)
    if (LF_MLKEM_DECOMPRESS_VEC(r, in, d)) return;
#endif
    uint16_t t[256];
    lf_mlkem_unpack(t, in, d);
    for (int i = 0; i < 256; i++) r[i] = (int16_t)(((uint32_t)t[i] * LF_MLKEM_Q + (1u << (d - 1))) >> d);
    lf_wipe(t, sizeof t);
#if defined(LF_MLKEM_DECOMPRESS_VEC) && defined(LF_VERIFY)
    /* the hook's contract: the scalar values, canonical, after */
    int16_t v[256];
    if (LF_MLKEM_DECOMPRESS_VEC(v, in, d) && memcmp(v, r, sizeof v)) abort();
    for (int i = 0; i < 256; i++)
        if (r[i] < 0 || r[i] >= LF_MLKEM_Q) abort();
    lf_wipe(v, sizeof v);
#endif
}

static uint32_t lf_mlkem_neq(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint32_t d = 0;
    for (size_t i = 0; i < n; i++) d |= (uint32_t)(a[i] ^ b[i]);
    return lf_vb32((uint32_t)0 - ((d + 0xff) >> 8));
}

#endif
