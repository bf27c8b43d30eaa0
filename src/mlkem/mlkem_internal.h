/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal pieces of ML-KEM (FIPS 203): polynomial helpers (mlkem_poly.c)
 * used by the scheme (mlkem.c).  Not installed.
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

#define LF_MLKEM_Q 3329
#define LF_MLKEM_KMAX 4

typedef struct {
    unsigned k, eta1, eta2, du, dv;
} lf_mlkem_params;

/* a mod q in [0, q), for any |a| < 2^31 */
static inline int16_t lf_mlkem_modq(int32_t a)
{
    int32_t t = (int32_t)(((int64_t)a * 1290167) >> 32); /* 1290167 = floor(2^32 / q) */
    int32_t r = a - t * LF_MLKEM_Q;                      /* (-q, 2q) */
    r += LF_MLKEM_Q & (r >> 31);
    r -= LF_MLKEM_Q;
    r += LF_MLKEM_Q & (r >> 31);
    return (int16_t)r;
}

/* a * 2^-16 mod q in (-q, q), for |a| < 2^15 q (Montgomery reduction) */
static inline int16_t lf_mlkem_montred(int32_t a)
{
    int16_t t = (int16_t)((int16_t)a * (int16_t)-3327); /* q^-1 mod 2^16 */
    return (int16_t)((a - (int32_t)t * LF_MLKEM_Q) >> 16);
}

/* r = sum_j a[j] o b[j] (k terms, NTT form, inputs within the lazy basemul
 * bound), times 2^16 when tomont (undoing basemul's 2^-16, r = the true
 * product) else times 1 ... see mlkem_poly.c; |r| < q. */
LF_HIDDEN void lf_mlkem_dot(int16_t r[256], const int16_t (*a)[256], const int16_t (*b)[256],
                            unsigned k, int tomont);

/* A sampling job: eta = 0: dst = SampleNTT(seed[0..34)) (Algorithm 7,
 * seed = rho || j || i), NTT (B) order, canonical; eta = 2 or 3: dst =
 * SamplePolyCBD_eta(PRF_eta(seed[0..32), seed[32])) (Algorithm 8), standard
 * order, |dst| <= eta. */
typedef struct {
    int16_t (*dst)[256];
    uint8_t seed[34];
    uint8_t eta;
} lf_mlkem_job;

/* Runs n jobs, as many streams per permutation as the selected Keccak
 * kernels take (eight, or one for the portable set). */
LF_HIDDEN void lf_mlkem_sample(const lf_mlkem_job *jobs, unsigned n);

/* ByteEncode_12 of a canonical polynomial in NTT (B) order -> FIPS order
 * bytes (384); ByteDecode_12 into B order, reduced mod q (canonical), and
 * the all-ones mask iff some 12-bit value was >= q (the modulus check). */
LF_HIDDEN void lf_mlkem_encode12(uint8_t out[384], const int16_t a[256]);
LF_HIDDEN uint32_t lf_mlkem_decode12(int16_t r[256], const uint8_t in[384]);

/* c = ByteEncode_d(Compress_d(a)), a canonical standard order, d in
 * {1, 4, 5, 10, 11}: 32 d bytes.  Decompress: r canonical. */
LF_HIDDEN void lf_mlkem_compress(uint8_t *out, const int16_t a[256], unsigned d);
LF_HIDDEN void lf_mlkem_decompress(int16_t r[256], const uint8_t *in, unsigned d);

/* all ones iff the n bytes differ (constant time) */
LF_HIDDEN uint32_t lf_mlkem_neq(const uint8_t *a, const uint8_t *b, size_t n);

#endif
