/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench/isa_count_secp256k1.py: tools/isa_count hooks for limbforge.
 *
 * The setup functions run before the counted call (tools/isa_count
 * --setup): they make the first use of the library (back-end detection),
 * parse what the call needs, make one warm-up call of the measured function
 * and check its result, print the back end, and put the call's arguments in
 * args[].  The check functions (--check) run after it and compare its
 * output with the known answer.  The fixed data (secret key, message hash,
 * compressed public key, compact signature) is in lfic_data.h, written by
 * the script.  Built with the cross gcc and the flags of the library.  Only
 * the public API is used: which back end's kernels ran is read from the
 * trace by the script (the kernels' names end in their back end). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lfic_data.h"
#include "limbforge/limbforge.h"
#include "limbforge/secp256k1.h"

static lf_secp256k1_pubkey lfic_out, lfic_pk;

/* The back end dispatch selects (its first use: detection) */
static void lfic_print_backend(void)
{
    printf("lfic backend %s\n", lf_backend_name(lf_backend_current()));
}

static int lfic_pk_is_expected(const lf_secp256k1_pubkey *pk)
{
    uint8_t out[33];
    size_t len = sizeof out;
    return lf_secp256k1_pubkey_serialize(out, &len, pk, 1) == LF_OK && len == 33 &&
           memcmp(out, lfic_pub33, 33) == 0;
}

/* lf_secp256k1_pubkey_create(&out, sk) */
int lfic_lf_create_setup(uint64_t args[8])
{
    lfic_print_backend();
    memset(&lfic_out, 0, sizeof lfic_out);
    if (lf_secp256k1_pubkey_create(&lfic_out, lfic_sk) != LF_OK || !lfic_pk_is_expected(&lfic_out))
        return 1;
    memset(&lfic_out, 0, sizeof lfic_out);
    args[0] = (uint64_t)(uintptr_t)&lfic_out;
    args[1] = (uint64_t)(uintptr_t)lfic_sk;
    return 0;
}

int lfic_lf_create_check(const uint64_t args[8], uint64_t ret)
{
    (void)args;
    return (int)ret != LF_OK || !lfic_pk_is_expected(&lfic_out);
}

/* lf_secp256k1_ecdsa_verify(sig64, msg32, &pk), pk parsed here */
int lfic_lf_verify_setup(uint64_t args[8])
{
    lfic_print_backend();
    if (lf_secp256k1_pubkey_parse(&lfic_pk, lfic_pub33, 33) != LF_OK ||
        lf_secp256k1_ecdsa_verify(lfic_sig64, lfic_msg, &lfic_pk) != LF_OK)
        return 1;
    /* a wrong message must fail: the call really checks */
    uint8_t bad[32];
    memcpy(bad, lfic_msg, 32);
    bad[31] ^= 1;
    if (lf_secp256k1_ecdsa_verify(lfic_sig64, bad, &lfic_pk) != LF_ERR_VERIFY) return 1;
    args[0] = (uint64_t)(uintptr_t)lfic_sig64;
    args[1] = (uint64_t)(uintptr_t)lfic_msg;
    args[2] = (uint64_t)(uintptr_t)&lfic_pk;
    return 0;
}

int lfic_lf_verify_check(const uint64_t args[8], uint64_t ret)
{
    (void)args;
    return (int)ret != LF_OK;
}
