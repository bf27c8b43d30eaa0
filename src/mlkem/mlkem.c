/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM (FIPS 203): the public API of limbforge/mlkem.h (the parameter and
 * length checks, the randomness, zeroing on error) and the dispatch to the
 * back end's implementation (mlkem_body.h, compiled per back end). */
#include <errno.h>
#include <string.h>
#if defined(__linux__) || defined(__wasi__)
#include <sys/random.h>
#else
#include <unistd.h>
#endif

#include "limbforge/mlkem.h"
#include "mlkem/mlkem_internal.h"

/* k, eta1, eta2, du, dv (FIPS 203 Table 2) */
static const lf_mlkem_params lf_mlkem_p512 = {2, 3, 2, 10, 4};
static const lf_mlkem_params lf_mlkem_p768 = {3, 2, 2, 10, 4};
static const lf_mlkem_params lf_mlkem_p1024 = {4, 2, 2, 11, 5};

static const lf_mlkem_params *lf_mlkem_par(lf_mlkem_set set)
{
    switch (set) {
    case LF_MLKEM_512: return &lf_mlkem_p512;
    case LF_MLKEM_768: return &lf_mlkem_p768;
    case LF_MLKEM_1024: return &lf_mlkem_p1024;
    default: return NULL;
    }
}

size_t lf_mlkem_ek_bytes(lf_mlkem_set set)
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    return p ? 384 * p->k + 32 : 0;
}

size_t lf_mlkem_dk_bytes(lf_mlkem_set set)
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    return p ? 768 * p->k + 96 : 0;
}

size_t lf_mlkem_ct_bytes(lf_mlkem_set set)
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    return p ? 32 * (p->du * p->k + p->dv) : 0;
}

/* ---------------------------------------------------------------- dispatch */
/* The implementations that exist: LF_NATIVE_MLKEM_<B> (src/mlkem/sources.cmake). */
#define LF_NATIVE_MLKEM_C 1
#define LF_DISPATCH_OWN(B) LF_NATIVE_MLKEM_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_mlkem_impl_##b
static const lf_mlkem_impl *const lf_mlkem_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_mlkem_dispatch = {"mlkem", lf_mlkem_table,
                                                      sizeof lf_mlkem_table[0],
#include "generated/dispatch_table.h"
};

static const lf_mlkem_impl *lf_mlkem_i(void) { return lf_mlkem_table[lf_dispatch_slot()]; }

LF_HIDDEN const lf_mlkem_impl *lf_mlkem_impl_of(int b)
{
    return (b >= 0 && b < LF_BACKEND_COUNT) ? lf_mlkem_table[b] : NULL;
}

/* ---------------------------------------------------------------- API */
/* The error policy of mlkem.h: an output is zeroed over min(n, cap) bytes,
 * n the length passed and cap the set's length of that buffer (0 for an
 * unknown set: nothing written), so a wrong length never makes the zeroing
 * run past the buffer (SIZE_MAX) or past the length passed (one too few). */
static void lf_mlkem_zero(void *b, size_t n, size_t cap)
{
    if (n > cap) n = cap;
    if (b && n) lf_wipe(b, n);
}

int lf_mlkem_keypair_derand(lf_mlkem_set set, uint8_t *ek, size_t eklen, uint8_t *dk,
                            size_t dklen, const uint8_t *seed, size_t seedlen)
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    if (!p || !ek || !dk || !seed || eklen != 384 * p->k + 32 || dklen != 768 * p->k + 96 ||
        seedlen != LF_MLKEM_SEED_BYTES) {
        lf_mlkem_zero(ek, eklen, lf_mlkem_ek_bytes(set));
        lf_mlkem_zero(dk, dklen, lf_mlkem_dk_bytes(set));
        return LF_ERR_PARAM;
    }
    lf_mlkem_i()->keypair(p, ek, dk, seed);
    return LF_OK;
}

/* random bytes from the OS; 0 on success */
static int lf_mlkem_random(uint8_t *b, size_t n)
{
#if defined(__linux__)
    while (n) {
        ssize_t r = getrandom(b, n, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        b += r, n -= (size_t)r;
    }
    return 0;
#else
    return getentropy(b, n); /* n <= 256 */
#endif
}

int lf_mlkem_keypair(lf_mlkem_set set, uint8_t *ek, size_t eklen, uint8_t *dk, size_t dklen)
{
    uint8_t seed[64];
    if (!lf_mlkem_par(set) || lf_mlkem_random(seed, sizeof seed)) {
        lf_mlkem_zero(ek, eklen, lf_mlkem_ek_bytes(set));
        lf_mlkem_zero(dk, dklen, lf_mlkem_dk_bytes(set));
        lf_wipe(seed, sizeof seed);
        return lf_mlkem_par(set) ? LF_ERR_UNAVAILABLE : LF_ERR_PARAM;
    }
    int rc = lf_mlkem_keypair_derand(set, ek, eklen, dk, dklen, seed, sizeof seed);
    lf_wipe(seed, sizeof seed);
    return rc;
}

int lf_mlkem_encaps_derand(lf_mlkem_set set, uint8_t *ct, size_t ctlen, uint8_t ss[32],
                           const uint8_t *ek, size_t eklen, const uint8_t m[32])
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    if (!p || !ct || !ss || !ek || !m || eklen != 384 * p->k + 32 ||
        ctlen != 32 * (p->du * p->k + p->dv)) {
        lf_mlkem_zero(ct, ctlen, lf_mlkem_ct_bytes(set));
        lf_mlkem_zero(ss, 32, 32);
        return LF_ERR_PARAM;
    }
    int rc = lf_mlkem_i()->encaps(p, ct, ss, ek, m);
    if (rc) {
        lf_wipe(ct, ctlen);
        lf_wipe(ss, 32);
    }
    return rc;
}

int lf_mlkem_encaps(lf_mlkem_set set, uint8_t *ct, size_t ctlen, uint8_t ss[32],
                    const uint8_t *ek, size_t eklen)
{
    uint8_t m[32];
    if (lf_mlkem_random(m, sizeof m)) {
        lf_mlkem_zero(ct, ctlen, lf_mlkem_ct_bytes(set));
        lf_mlkem_zero(ss, 32, 32);
        lf_wipe(m, sizeof m); /* what a failed read may have written */
        return lf_mlkem_par(set) ? LF_ERR_UNAVAILABLE : LF_ERR_PARAM;
    }
    int rc = lf_mlkem_encaps_derand(set, ct, ctlen, ss, ek, eklen, m);
    lf_wipe(m, sizeof m);
    return rc;
}

int lf_mlkem_decaps(lf_mlkem_set set, uint8_t ss[32], const uint8_t *ct, size_t ctlen,
                    const uint8_t *dk, size_t dklen)
{
    const lf_mlkem_params *p = lf_mlkem_par(set);
    if (!p || !ss || !ct || !dk || dklen != 768 * p->k + 96 ||
        ctlen != 32 * (p->du * p->k + p->dv)) {
        lf_mlkem_zero(ss, 32, 32);
        return LF_ERR_PARAM;
    }
    int rc = lf_mlkem_i()->decaps(p, ss, ct, dk);
    if (rc) lf_wipe(ss, 32);
    return rc;
}
