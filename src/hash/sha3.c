/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA3-256, SHA3-512, SHAKE128, SHAKE256 (FIPS 202): the public streaming and
 * one-shot API (limbforge/sha3.h) on one Keccak-f[1600] state; the
 * permutation is the selected back end's single-state kernel (keccak.c). */
#include <string.h>

#include "limbforge/sha3.h"
#include "hash/keccak_internal.h"

#define LF_SHA3_DS 0x06
#define LF_SHAKE_DS 0x1f

static void lf_sha3_init_(lf_sha3_state *st, uint32_t rate, uint8_t ds, uint8_t outlen)
{
    memset(st, 0, sizeof *st);
    st->rate = rate;
    st->dsbyte = ds;
    st->outlen = outlen;
}

void lf_sha3_256_init(lf_sha3_state *st) { lf_sha3_init_(st, 136, LF_SHA3_DS, 32); }
void lf_sha3_512_init(lf_sha3_state *st) { lf_sha3_init_(st, 72, LF_SHA3_DS, 64); }
void lf_shake128_init(lf_sha3_state *st) { lf_sha3_init_(st, LF_SHAKE128_RATE, LF_SHAKE_DS, 0); }
void lf_shake256_init(lf_sha3_state *st) { lf_sha3_init_(st, LF_SHAKE256_RATE, LF_SHAKE_DS, 0); }

void lf_sha3_wipe(lf_sha3_state *st) { lf_wipe(st, sizeof *st); }

/* A state the functions of sha3.h can have made, field by field (sha3.h):
 *   rate, dsbyte, outlen  one of the four init combinations;
 *   squeezing             0, or 1 on a SHAKE state (final wipes a SHA3 state in
 *                         the same call that starts its squeeze);
 *   pos                   absorbing: < rate (a full block is permuted at once,
 *                         so pos == rate never stays); squeezing: <= rate
 *                         (rate: the block is used up, the next squeeze
 *                         permutes first).
 * s may hold any 1600 bits.  With these, every byte absorb and squeeze reach
 * is inside s (rate <= 168 < 200). */
static int lf_sha3_valid(const lf_sha3_state *st)
{
    int ok;
    switch (st->rate) {
    case 136:
        ok = (st->dsbyte == LF_SHA3_DS && st->outlen == 32) ||
             (st->dsbyte == LF_SHAKE_DS && st->outlen == 0);
        break;
    case 72: ok = st->dsbyte == LF_SHA3_DS && st->outlen == 64; break;
    case 168: ok = st->dsbyte == LF_SHAKE_DS && st->outlen == 0; break;
    default: ok = 0; break;
    }
    if (!ok) return 0;
    switch (st->squeezing) {
    case 0: return st->pos < st->rate;
    case 1: return st->outlen == 0 && st->pos <= st->rate;
    default: return 0;
    }
}

static inline uint8_t lf_sha3_get_byte(const uint64_t s[25], size_t pos)
{
    return (uint8_t)(s[pos / 8] >> (8 * (pos % 8)));
}

static void lf_sha3_absorb(lf_sha3_state *st, const uint8_t *msg, size_t len)
{
    void (*f)(uint64_t *) = lf_keccak_k()->f1600;
    size_t rate = st->rate, pos = st->pos;
    if (!len) return;
    /* fill the partial block byte by byte */
    while (pos % 8 && len) {
        lf_keccak_xor_byte(st->s, 1, 0, pos++, *msg++), len--;
        if (pos == rate) f(st->s), pos = 0;
    }
    while (len >= 8) {
        st->s[pos / 8] ^= lf_load64_le(msg);
        msg += 8, len -= 8, pos += 8;
        if (pos == rate) f(st->s), pos = 0;
    }
    while (len--) lf_keccak_xor_byte(st->s, 1, 0, pos++, *msg++);
    st->pos = (uint32_t)pos;
}

static void lf_sha3_pad(lf_sha3_state *st)
{
    lf_keccak_xor_byte(st->s, 1, 0, st->pos, st->dsbyte);
    lf_keccak_xor_byte(st->s, 1, 0, st->rate - 1, 0x80);
    st->pos = st->rate; /* nothing of the first output block given yet */
    st->squeezing = 1;
}

static void lf_sha3_squeeze(lf_sha3_state *st, uint8_t *out, size_t len)
{
    void (*f)(uint64_t *) = lf_keccak_k()->f1600;
    size_t rate = st->rate, pos = st->pos;
    while (len) {
        if (pos == rate) f(st->s), pos = 0;
        if (pos % 8 == 0 && len >= 8 && pos + 8 <= rate) {
            lf_store64_le(out, st->s[pos / 8]);
            out += 8, len -= 8, pos += 8;
        } else {
            *out++ = lf_sha3_get_byte(st->s, pos++), len--;
        }
    }
    st->pos = (uint32_t)pos;
}

int lf_sha3_update(lf_sha3_state *st, const uint8_t *msg, size_t len)
{
    if (!lf_sha3_valid(st) || st->squeezing) return LF_ERR_PARAM;
    lf_sha3_absorb(st, msg, len);
    return LF_OK;
}

int lf_sha3_final(lf_sha3_state *st, uint8_t *out)
{
    if (!lf_sha3_valid(st) || !st->outlen || st->squeezing) return LF_ERR_PARAM;
    lf_sha3_pad(st);
    lf_sha3_squeeze(st, out, st->outlen);
    lf_sha3_wipe(st);
    return LF_OK;
}

int lf_shake_squeeze(lf_sha3_state *st, uint8_t *out, size_t len)
{
    if (!lf_sha3_valid(st) || st->outlen) {
        if (len) memset(out, 0, len);
        return LF_ERR_PARAM;
    }
    if (!st->squeezing) lf_sha3_pad(st);
    lf_sha3_squeeze(st, out, len);
    return LF_OK;
}

/* One-shot: all input absorbed before any output is written (out may
 * overlap msg). */
static void lf_sha3_oneshot(void (*init)(lf_sha3_state *), uint8_t *out, size_t outlen,
                            const uint8_t *msg, size_t len)
{
    lf_sha3_state st;
    init(&st);
    lf_sha3_absorb(&st, msg, len);
    lf_sha3_pad(&st);
    lf_sha3_squeeze(&st, out, outlen);
    lf_sha3_wipe(&st);
}

void lf_sha3_256(uint8_t out[32], const uint8_t *msg, size_t len)
{
    lf_sha3_oneshot(lf_sha3_256_init, out, 32, msg, len);
}

void lf_sha3_512(uint8_t out[64], const uint8_t *msg, size_t len)
{
    lf_sha3_oneshot(lf_sha3_512_init, out, 64, msg, len);
}

void lf_shake128(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    lf_sha3_oneshot(lf_shake128_init, out, outlen, msg, len);
}

void lf_shake256(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    lf_sha3_oneshot(lf_shake256_init, out, outlen, msg, len);
}
