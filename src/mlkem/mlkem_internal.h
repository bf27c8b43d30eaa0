/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal pieces of ML-KEM (FIPS 203), shared by the API (mlkem.c), the
 * scheme (mlkem_body.h) and its polynomial helpers (mlkem_poly.h).  Not
 * installed.
 *
 * A polynomial is int16_t[256].  "NTT form" means the B order of the lazy
 * NTT kernels (limbforge/ntt.h: position 16 j + i holds FIPS 203 NTT
 * coefficient 16 i + j); the byte encodings are in FIPS order, so encode
 * and decode of NTT-domain vectors transpose.  Coefficient bounds are
 * stated per function; "canonical" is [0, q).  Constant time in every
 * coefficient; the only data-dependent control flow is SampleNTT's
 * rejection, on the public matrix seed. */
#ifndef LF_MLKEM_INTERNAL_H
#define LF_MLKEM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h"
#include "ntt/ntt_internal.h" /* q, the Barrett constant, lf_ntt_mont */

#define LF_MLKEM_Q LF_NTT_Q
#define LF_MLKEM_KMAX 4

typedef struct {
    unsigned k, eta1, eta2, du, dv;
} lf_mlkem_params;

/* a mod q in [0, q), for |a| <= 104862 (Barrett with 32-bit products, so
 * that loops of it vectorise; the range is checked exhaustively in
 * src/mlkem/README.md's derivation and by tests/mlkem) */
static inline int16_t lf_mlkem_modq(int32_t a)
{
    int32_t t = (a * LF_NTT_BARRETT_V + (1 << 25)) >> 26; /* round(2^26 / q) = 20159 */
    int32_t r = a - t * LF_MLKEM_Q;             /* (-q, 2q) */
    r += LF_MLKEM_Q & (r >> 31);
    r -= LF_MLKEM_Q;
    r += LF_MLKEM_Q & (r >> 31);
    return (int16_t)r;
}

/* A Keccak job of the lane pool (mlkem_poly.h):
 *   LF_MLKEM_JOB_NTT   dst = SampleNTT(seed[0..34)) (Algorithm 7, seed =
 *                      rho || j || i), NTT (B) order, canonical
 *   LF_MLKEM_JOB_CBD   dst = SamplePolyCBD_eta(PRF_eta(seed[0..32),
 *                      seed[32])) (Algorithm 8), standard order, |dst| <= eta
 *   LF_MLKEM_JOB_HASH  out[0..32) = Keccak[rate 136](p[0] || p[1]) with
 *                      padding byte ds: 0x06 SHA3-256 (H), 0x1f SHAKE256 (J) */
enum { LF_MLKEM_JOB_NTT, LF_MLKEM_JOB_CBD, LF_MLKEM_JOB_HASH };
typedef struct {
    uint8_t kind, eta, ds;
    uint8_t seed[34];
    int16_t (*dst)[256];
    const uint8_t *p[2];
    size_t len[2];
    uint8_t *out;
} lf_mlkem_job;

/* An implementation of the scheme (mlkem_body.h, compiled once per back
 * end with vector code of its own).  The API (mlkem.c) has checked the set,
 * every pointer and every length; these return LF_OK or LF_ERR_INVALID (a
 * failed input check: then they have written nothing) and leave the
 * zeroing to the API. */
typedef struct {
    void (*keypair)(const lf_mlkem_params *p, uint8_t *ek, uint8_t *dk, const uint8_t seed[64]);
    int (*encaps)(const lf_mlkem_params *p, uint8_t *ct, uint8_t ss[32], const uint8_t *ek,
                  const uint8_t m[32]);
    int (*decaps)(const lf_mlkem_params *p, uint8_t ss[32], const uint8_t *ct, const uint8_t *dk);
    const char *name;
} lf_mlkem_impl;

extern LF_HIDDEN const lf_mlkem_impl lf_mlkem_impl_c;
#ifdef LF_NATIVE_MLKEM_AVX2
extern LF_HIDDEN const lf_mlkem_impl lf_mlkem_impl_avx2;
#endif
#ifdef LF_NATIVE_MLKEM_NEON
extern LF_HIDDEN const lf_mlkem_impl lf_mlkem_impl_neon;
#endif
#ifdef LF_NATIVE_MLKEM_RVV
extern LF_HIDDEN const lf_mlkem_impl lf_mlkem_impl_rvv;
#endif
#ifdef LF_NATIVE_MLKEM_AVX512
extern LF_HIDDEN const lf_mlkem_impl lf_mlkem_impl_avx512;
#endif

/* The implementation of back end b (tests). */
LF_HIDDEN const lf_mlkem_impl *lf_mlkem_impl_of(int b);

#endif
