/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC-SHA256 (RFC 2104, FIPS 198-1) on the streaming SHA-256 of sha256.c.
 * Constant time in the key and the message (their lengths are public: a key
 * longer than the 64-byte block is hashed first). */
#include <string.h>

#include "limbforge/sha256.h"
#include "hash/sha256_internal.h"

void lf_hmac_sha256_init(lf_hmac_sha256_state *st, const uint8_t *key, size_t keylen)
{
    uint8_t k0[64], pad[64];
    memset(k0, 0, sizeof k0);
    if (keylen > 64) lf_sha256(k0, key, keylen);
    else if (keylen) memcpy(k0, key, keylen);
    for (int i = 0; i < 64; i++) pad[i] = (uint8_t)(k0[i] ^ 0x36);
    lf_sha256_init(&st->inner);
    lf_sha256_update(&st->inner, pad, 64);
    for (int i = 0; i < 64; i++) pad[i] = (uint8_t)(k0[i] ^ 0x5c);
    lf_sha256_init(&st->outer);
    lf_sha256_update(&st->outer, pad, 64);
    lf_wipe(k0, sizeof k0);
    lf_wipe(pad, sizeof pad);
}

void lf_hmac_sha256_update(lf_hmac_sha256_state *st, const uint8_t *msg, size_t len)
{
    lf_sha256_update(&st->inner, msg, len);
}

void lf_hmac_sha256_final(lf_hmac_sha256_state *st, uint8_t out[32])
{
    uint8_t ih[32];
    lf_sha256_final(&st->inner, ih); /* wipes the inner state */
    lf_sha256_update(&st->outer, ih, 32);
    lf_sha256_final(&st->outer, out); /* wipes the outer state */
    lf_wipe(ih, sizeof ih);
}

void lf_hmac_sha256(uint8_t out[32], const uint8_t *key, size_t keylen, const uint8_t *msg,
                    size_t len)
{
    lf_hmac_sha256_state st;
    lf_hmac_sha256_init(&st, key, keylen); /* key read here */
    lf_hmac_sha256_update(&st, msg, len);  /* msg read here */
    lf_hmac_sha256_final(&st, out);        /* out written last; st wiped */
}
