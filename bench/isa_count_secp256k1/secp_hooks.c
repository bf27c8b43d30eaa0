/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench/isa_count_secp256k1.py: tools/isa_count hooks for libsecp256k1
 * (the copy bundled by secp256k1-sys).  As lf_hooks.c: the setup functions
 * create and randomize the context, parse what the call needs, make one
 * warm-up call and check it, and put the counted call's arguments in args[];
 * the check functions compare the counted call's output with the known
 * answer (lfic_data.h). */
#include <stdint.h>
#include <string.h>

#include "lfic_data.h"
#include "secp_common.h"

static SECP(context) *lfic_ctx;
static SECP(pubkey) lfic_out, lfic_pk;
static SECP(ecdsa_signature) lfic_sig;

static int lfic_ctx_setup(void)
{
    static const unsigned char seed[32] = {0x6c, 0x66, 0x69, 0x63, 1, 2, 3, 4, 5, 6, 7, 8};
    lfic_ctx = lfic_secp_context();
    return lfic_ctx != NULL && SECP(context_randomize)(lfic_ctx, seed) == 1;
}

static int lfic_pk_is_expected(const SECP(pubkey) *pk)
{
    unsigned char out[33];
    size_t len = sizeof out;
    return SECP(ec_pubkey_serialize)(lfic_ctx, out, &len, pk, SECP256K1_EC_COMPRESSED) == 1 &&
           len == 33 && memcmp(out, lfic_pub33, 33) == 0;
}

/* secp256k1_ec_pubkey_create(ctx, &out, sk) */
int lfic_secp_create_setup(uint64_t args[8])
{
    if (!lfic_ctx_setup()) return 1;
    memset(&lfic_out, 0, sizeof lfic_out);
    if (SECP(ec_pubkey_create)(lfic_ctx, &lfic_out, lfic_sk) != 1 || !lfic_pk_is_expected(&lfic_out))
        return 1;
    memset(&lfic_out, 0, sizeof lfic_out);
    args[0] = (uint64_t)(uintptr_t)lfic_ctx;
    args[1] = (uint64_t)(uintptr_t)&lfic_out;
    args[2] = (uint64_t)(uintptr_t)lfic_sk;
    return 0;
}

int lfic_secp_create_check(const uint64_t args[8], uint64_t ret)
{
    (void)args;
    return (int)ret != 1 || !lfic_pk_is_expected(&lfic_out);
}

/* secp256k1_ecdsa_verify(ctx, &sig, msg32, &pk), sig and pk parsed here */
int lfic_secp_verify_setup(uint64_t args[8])
{
    if (!lfic_ctx_setup() || SECP(ec_pubkey_parse)(lfic_ctx, &lfic_pk, lfic_pub33, 33) != 1 ||
        SECP(ecdsa_signature_parse_compact)(lfic_ctx, &lfic_sig, lfic_sig64) != 1 ||
        SECP(ecdsa_verify)(lfic_ctx, &lfic_sig, lfic_msg, &lfic_pk) != 1)
        return 1;
    unsigned char bad[32];
    memcpy(bad, lfic_msg, 32);
    bad[31] ^= 1;
    if (SECP(ecdsa_verify)(lfic_ctx, &lfic_sig, bad, &lfic_pk) != 0) return 1;
    args[0] = (uint64_t)(uintptr_t)lfic_ctx;
    args[1] = (uint64_t)(uintptr_t)&lfic_sig;
    args[2] = (uint64_t)(uintptr_t)lfic_msg;
    args[3] = (uint64_t)(uintptr_t)&lfic_pk;
    return 0;
}

int lfic_secp_verify_check(const uint64_t args[8], uint64_t ret)
{
    (void)args;
    return (int)ret != 1;
}
