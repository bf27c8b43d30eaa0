/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sizeof and alignof of every public struct, as the C compiler sees them:
 * tests/layout.rs compares them with the Rust declarations.  Built into the
 * archive by build.rs (one small table, not part of limbforge's API). */
#include <stddef.h>
#include <stdint.h>
#include <stdalign.h>

#include "limbforge/limbforge.h"
#if defined(LFSYS_FIELD)
#include "limbforge/fields.h"
#endif
#if defined(LFSYS_MP)
#include "limbforge/mp.h"
#endif
#if defined(LFSYS_POLY1305)
#include "limbforge/poly1305.h"
#endif
#if defined(LFSYS_HASH)
#include "limbforge/sha256.h"
#include "limbforge/sha3.h"
#endif
#if defined(LFSYS_SECP256K1)
#include "limbforge/secp256k1_schnorr.h"
#endif
#include "limbforge/mlkem.h"

#define L(t) {#t, sizeof(t), alignof(t)},
#define F(name, limbs, bytes) L(lf_##name##_t) L(lf_##name##_x8_t)

const struct limbforge_sys_layout {
    const char *name;
    size_t size, align;
} limbforge_sys_layouts[] = {
    L(lf_backend)
    L(lf_mlkem_set)
#if defined(LFSYS_FIELD)
    LF_FIELDS_FOREACH(F)
#endif
#if defined(LFSYS_MP)
    L(lf_mp_mont_ctx)
    L(lf_mp_rsa_key)
#endif
#if defined(LFSYS_POLY1305)
    L(lf_poly1305_state)
#endif
#if defined(LFSYS_HASH)
    L(lf_sha256_state)
    L(lf_hmac_sha256_state)
    L(lf_sha3_state)
#endif
#if defined(LFSYS_SECP256K1)
    L(lf_secp256k1_pubkey)
    L(lf_secp256k1_xonly_pubkey)
    L(lf_secp256k1_keypair)
    L(lf_secp256k1_schnorrsig_item)
#endif
    {NULL, 0, 0},
};
