/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: Poly1305 one-shot against OpenSSL's EVP_MAC "POLY1305", and
 * streaming with arbitrary chunk sizes and a back-end switch before every
 * chunk against the one-shot tag.  Input: key (32), back-end byte, chunk
 * plan (up to 8 bytes: chunk lengths, 0 ends it), message (the rest). */
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "common.h"
#include "limbforge/poly1305.h"

static void openssl_tag(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    FZ_CHECK(mac != NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    size_t outl = 0;
    FZ_CHECK(ctx && EVP_MAC_init(ctx, key, 32, NULL) == 1);
    FZ_CHECK(EVP_MAC_update(ctx, msg, len) == 1);
    FZ_CHECK(EVP_MAC_final(ctx, tag, &outl, 16) == 1 && outl == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint8_t key[32], plan[8], tag[16], ref[16], st_tag[16];
    fz_bytes(&in, key, 32);
    uint8_t be = fz_u8(&in);
    fz_bytes(&in, plan, sizeof plan);
    const uint8_t *msg = in.d;
    const size_t len = in.n;
    fz_backend(be);
    lf_poly1305(tag, msg, len, key);
    openssl_tag(ref, msg, len, key);
    FZ_CHECK(!memcmp(tag, ref, 16));
    FZ_CHECK(lf_poly1305_verify(tag, ref) == 1);
    ref[len % 16] ^= (uint8_t)(1u << (be & 7));
    FZ_CHECK(lf_poly1305_verify(tag, ref) == 0);
    /* streaming: chunk k has plan[k] * 3 bytes (a 0 ends the plan: then the rest) */
    lf_poly1305_state st;
    lf_poly1305_init(&st, key);
    size_t off = 0;
    for (int k = 0; k < 8 && plan[k] && off < len; k++) {
        size_t c = (size_t)plan[k] * 3;
        if (c > len - off) c = len - off;
        fz_backend((uint8_t)(be + k + 1));
        lf_poly1305_update(&st, msg + off, c);
        off += c;
    }
    fz_backend((uint8_t)(be + 9));
    lf_poly1305_update(&st, msg + off, len - off);
    lf_poly1305_update(&st, NULL, 0);
    lf_poly1305_final(&st, st_tag);
    FZ_CHECK(!memcmp(st_tag, tag, 16));
    return 0;
}
