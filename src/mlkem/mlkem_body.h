/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The ML-KEM scheme (FIPS 203): K-PKE (Algorithms 13-15) and the KEM
 * internals (16-18 after the API's checks), on the helpers of mlkem_poly.h.
 * Included once per back end by a wrapper that defines LF_MLKEM_NS(name)
 * (mlkem_c.c, native/x86_64/mlkem_avx2.c and mlkem_avx512.c,
 * native/aarch64/mlkem_neon.c, native/rv64/mlkem_rvv.c): the same C,
 * compiled with that back end's ISA flags at -O3 so the compiler vectorises
 * the coefficient loops (reductions, encodings, compression) for it; the
 * NTT and Keccak kernels are the dispatched ones, bound once per call
 * (lf_mlkem_bind, mlkem_poly.h).  Exports one
 * lf_mlkem_impl, LF_MLKEM_NS(lf_mlkem_impl). */
#include <string.h>

#include "limbforge/mlkem.h"
#include "limbforge/ntt.h"
#include "limbforge/sha3.h"
#include "mlkem/mlkem_internal.h"
#include "mlkem/mlkem_poly.h"

#ifndef LF_MLKEM_NS
#error "mlkem_body.h: define LF_MLKEM_NS first"
#endif

typedef int16_t lf_mlkem_poly[256];

/* ---------------------------------------------------------------- K-PKE */
/* Jobs for a[i][j] = SampleNTT(rho || j || i), or its transpose */
static unsigned lf_mlkem_matrix_jobs(lf_mlkem_job *jb, lf_mlkem_poly a[LF_MLKEM_KMAX][LF_MLKEM_KMAX],
                                     const uint8_t rho[32], unsigned k, int transposed)
{
    unsigned n = 0;
    for (unsigned i = 0; i < k; i++)
        for (unsigned j = 0; j < k; j++, n++) {
            jb[n].dst = &a[i][j];
            memcpy(jb[n].seed, rho, 32);
            jb[n].seed[32] = (uint8_t)(transposed ? i : j);
            jb[n].seed[33] = (uint8_t)(transposed ? j : i);
            jb[n].kind = LF_MLKEM_JOB_NTT;
        }
    return n;
}

/* Jobs for r[0..n) = CBD_eta(PRF(s, nonce0 + i)) */
static unsigned lf_mlkem_noise_jobs(lf_mlkem_job *jb, lf_mlkem_poly *r, unsigned n, const uint8_t s[32],
                                    unsigned nonce0, unsigned eta)
{
    for (unsigned i = 0; i < n; i++) {
        jb[i].dst = &r[i];
        memcpy(jb[i].seed, s, 32);
        jb[i].seed[32] = (uint8_t)(nonce0 + i);
        jb[i].seed[33] = 0;
        jb[i].eta = (uint8_t)eta;
        jb[i].kind = LF_MLKEM_JOB_CBD;
    }
    return n;
}

/* A hash job: out = H(a || b) (ds 0x06) or J(a || b) (ds 0x1f), 32 bytes */
static unsigned lf_mlkem_hash_job(lf_mlkem_job *jb, uint8_t ds, const uint8_t *a, size_t alen,
                                  const uint8_t *b, size_t blen, uint8_t out[32])
{
    jb->kind = LF_MLKEM_JOB_HASH;
    jb->ds = ds;
    jb->p[0] = a, jb->len[0] = alen;
    jb->p[1] = b, jb->len[1] = blen;
    jb->out = out;
    return 1;
}

#define LF_MLKEM_JOBS (LF_MLKEM_KMAX * LF_MLKEM_KMAX + 2 * LF_MLKEM_KMAX + 1)

/* Algorithm 13: ek = ByteEncode12(t) || rho, dkpke = ByteEncode12(s) */
static void lf_kpke_keygen(const lf_mlkem_k *kn, const lf_mlkem_params *p, uint8_t *ek,
                           uint8_t *dkpke, const uint8_t rho[32], const uint8_t sigma[32])
{
    unsigned k = p->k;
    lf_mlkem_poly a[LF_MLKEM_KMAX][LF_MLKEM_KMAX], se[2 * LF_MLKEM_KMAX], t;
    lf_mlkem_job jb[LF_MLKEM_JOBS]; /* each builder sets the fields its kind reads */
    unsigned n = lf_mlkem_matrix_jobs(jb, a, rho, k, 0);
    n += lf_mlkem_noise_jobs(jb + n, se, 2 * k, sigma, 0, p->eta1); /* s: 0..k-1, e: k..2k-1 */
    lf_mlkem_pool(kn, jb, n);
    for (unsigned i = 0; i < 2 * k; i++) lf_mlkem_ntt_k(kn, se[i]);
    for (unsigned i = 0; i < k; i++) {
        lf_mlkem_dot(kn, t, (const lf_mlkem_poly *)a[i], (const lf_mlkem_poly *)se, k, 1);
        for (int c = 0; c < 256; c++) t[c] = lf_mlkem_modq(t[c] + se[k + i][c]);
        lf_mlkem_encode12(ek + 384 * i, t);
    }
    memcpy(ek + 384 * k, rho, 32);
    for (unsigned i = 0; i < k; i++) {
        for (int c = 0; c < 256; c++) se[i][c] = lf_mlkem_modq(se[i][c]);
        lf_mlkem_encode12(dkpke + 384 * i, se[i]);
    }
    lf_wipe(se, sizeof se);
    lf_wipe(t, sizeof t);
    lf_wipe(jb, sizeof jb);
}

/* Algorithm 14: c = Encrypt(ek, m, r), with ek decoded by the caller: that
 * (canonical, NTT form) and the transposed matrix at[i][j] = A[j][i], which
 * the caller sampled from rho (in the pool beside its H(ek): the matrix
 * depends on rho only) */
static void lf_kpke_encrypt(const lf_mlkem_k *kn, const lf_mlkem_params *p, uint8_t *c,
                            const lf_mlkem_poly *that,
                            lf_mlkem_poly at[LF_MLKEM_KMAX][LF_MLKEM_KMAX], const uint8_t m[32],
                            const uint8_t r[32])
{
    unsigned k = p->k;
    lf_mlkem_poly y[LF_MLKEM_KMAX], e[LF_MLKEM_KMAX + 1], u, mu;
    lf_mlkem_job jb[2 * LF_MLKEM_KMAX + 1]; /* each builder sets the fields its kind reads */
    unsigned n = lf_mlkem_noise_jobs(jb, y, k, r, 0, p->eta1);
    n += lf_mlkem_noise_jobs(jb + n, e, k + 1, r, k, p->eta2); /* e1: k..2k-1, e2: 2k */
    lf_mlkem_pool(kn, jb, n);
    for (unsigned i = 0; i < k; i++) lf_mlkem_ntt_k(kn, y[i]);
    for (unsigned i = 0; i < k; i++) {
        lf_mlkem_dot(kn, u, (const lf_mlkem_poly *)at[i], (const lf_mlkem_poly *)y, k, 0);
        lf_mlkem_invntt_k(kn, u);
        for (int j = 0; j < 256; j++) u[j] = lf_mlkem_modq(u[j] + e[i][j]);
        lf_mlkem_compress(c + 32 * p->du * i, u, p->du);
    }
    lf_mlkem_decompress(mu, m, 1);
    lf_mlkem_dot(kn, u, that, (const lf_mlkem_poly *)y, k, 0);
    lf_mlkem_invntt_k(kn, u);
    for (int j = 0; j < 256; j++) u[j] = lf_mlkem_modq(u[j] + e[k][j] + mu[j]);
    lf_mlkem_compress(c + 32 * p->du * k, u, p->dv);
    lf_wipe(y, sizeof y);
    lf_wipe(e, sizeof e);
    lf_wipe(jb, sizeof jb);
    lf_wipe(u, sizeof u);
    lf_wipe(mu, sizeof mu);
}

/* Algorithm 15: m = Decrypt(dkpke, c) */
static void lf_kpke_decrypt(const lf_mlkem_k *kn, const lf_mlkem_params *p, uint8_t m[32],
                            const uint8_t *dkpke, const uint8_t *c)
{
    unsigned k = p->k;
    lf_mlkem_poly u[LF_MLKEM_KMAX], s[LF_MLKEM_KMAX], w, v;
    for (unsigned i = 0; i < k; i++) {
        lf_mlkem_decompress(u[i], c + 32 * p->du * i, p->du);
        lf_mlkem_ntt_k(kn, u[i]);
        (void)lf_mlkem_decode12(s[i], dkpke + 384 * i);
    }
    lf_mlkem_dot(kn, w, (const lf_mlkem_poly *)s, (const lf_mlkem_poly *)u, k, 0);
    lf_mlkem_invntt_k(kn, w);
    lf_mlkem_decompress(v, c + 32 * p->du * k, p->dv);
    for (int j = 0; j < 256; j++) w[j] = lf_mlkem_modq(v[j] - w[j]);
    lf_mlkem_compress(m, w, 1);
    lf_wipe(s, sizeof s);
    lf_wipe(w, sizeof w);
}

/* ------------------------------------------------------------- KEM core */
/* G(a || b) = SHA3-512 of the concatenation (alen + blen <= 64): out = 64
 * bytes; out may be a or b */
static void lf_mlkem_g(uint8_t out[64], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    uint8_t t[64];
    memcpy(t, a, alen);
    memcpy(t + alen, b, blen);
    lf_sha3_512(out, t, alen + blen);
    lf_wipe(t, sizeof t);
}

/* Algorithm 16: KeyGen_internal(d, z), seed = d || z */
static void lf_mlkem_keypair_(const lf_mlkem_params *p, uint8_t *ek, uint8_t *dk,
                              const uint8_t seed[64])
{
    const lf_mlkem_k kn = lf_mlkem_bind(); /* the kernels, once per call */
    unsigned k = p->k;
    size_t eklen = 384 * k + 32;
    uint8_t kb = (uint8_t)k, rs[64];
    lf_mlkem_g(rs, seed, 32, &kb, 1); /* (rho, sigma) = G(d || k) */
    /* rho becomes part of ek: public.  SampleNTT branches on the XOF output
     * from it (the rejections). */
    LF_DECLASSIFY(rs, 32);
    lf_kpke_keygen(&kn, p, ek, dk, rs, rs + 32);
    memcpy(dk + 384 * k, ek, eklen);
    lf_sha3_256(dk + 768 * k + 32, ek, eklen);
    memcpy(dk + 768 * k + 64, seed + 32, 32);
    lf_wipe(rs, sizeof rs);
}

/* Algorithm 17 after the modulus check (section 7.2) */
static int lf_mlkem_encaps_(const lf_mlkem_params *p, uint8_t *ct, uint8_t ss[32],
                            const uint8_t *ek, const uint8_t m[32])
{
    const lf_mlkem_k kn = lf_mlkem_bind(); /* the kernels, once per call */
    unsigned k = p->k;
    lf_mlkem_poly that[LF_MLKEM_KMAX], at[LF_MLKEM_KMAX][LF_MLKEM_KMAX];
    lf_mlkem_job jb[LF_MLKEM_KMAX * LF_MLKEM_KMAX + 1]; /* each builder sets the fields its kind reads */
    uint32_t bad = 0;
    uint8_t h[32], kr[64];
    for (unsigned i = 0; i < k; i++) bad |= lf_mlkem_decode12(that[i], ek + 384 * i);
    if (bad) return LF_ERR_INVALID; /* the modulus check: ek is public */
    /* H(ek) and the matrix in one pool */
    unsigned n = lf_mlkem_hash_job(jb, 0x06, ek, 384 * k + 32, NULL, 0, h);
    n += lf_mlkem_matrix_jobs(jb + n, at, ek + 384 * k, k, 1);
    lf_mlkem_pool(&kn, jb, n);
    lf_mlkem_g(kr, m, 32, h, 32); /* (K, r) = G(m || H(ek)) */
    lf_kpke_encrypt(&kn, p, ct, (const lf_mlkem_poly *)that, at, m, kr + 32);
    memcpy(ss, kr, 32);
    lf_wipe(kr, sizeof kr);
    return LF_OK;
}

/* Algorithm 18 after the hash check (section 7.3) */
static int lf_mlkem_decaps_(const lf_mlkem_params *p, uint8_t ss[32], const uint8_t *ct,
                            const uint8_t *dk)
{
    const lf_mlkem_k kn = lf_mlkem_bind(); /* the kernels, once per call */
    unsigned k = p->k;
    size_t ctlen = 32 * (p->du * k + p->dv);
    const uint8_t *ek = dk + 384 * k, *h = dk + 768 * k + 32, *z = dk + 768 * k + 64;
    uint8_t hh[32], mk[64], kbar[32], m[32], cc[LF_MLKEM1024_CT_BYTES];
    lf_mlkem_poly that[LF_MLKEM_KMAX];
    /* H(ek) for the hash check, Kbar = J(z || c) for the implicit rejection
     * and the matrix for the re-encryption (rho is public): one pool */
    lf_mlkem_poly at[LF_MLKEM_KMAX][LF_MLKEM_KMAX];
    lf_mlkem_job jb[LF_MLKEM_KMAX * LF_MLKEM_KMAX + 2]; /* each builder sets the fields its kind reads */
    unsigned n = lf_mlkem_hash_job(jb, 0x06, ek, 384 * k + 32, NULL, 0, hh);
    n += lf_mlkem_hash_job(jb + n, 0x1f, z, 32, ct, ctlen, kbar);
    n += lf_mlkem_matrix_jobs(jb + n, at, ek + 384 * k, k, 1);
    lf_mlkem_pool(&kn, jb, n);
    /* the hash check: a verdict on the key's integrity, made public */
    uint32_t bad = lf_mlkem_neq(hh, h, 32);
    LF_DECLASSIFY(&bad, sizeof bad);
    if (bad) {
        lf_wipe(kbar, sizeof kbar);
        return LF_ERR_INVALID;
    }
    lf_kpke_decrypt(&kn, p, m, dk, ct);  /* m' */
    lf_mlkem_g(mk, m, 32, h, 32);   /* (K', r') = G(m' || h) */
    /* c' = Encrypt(ek, m', r'): ek passed the hash check, so it is the
     * key's own (decode reduces mod q as ByteDecode_12 does) */
    for (unsigned i = 0; i < k; i++) (void)lf_mlkem_decode12(that[i], ek + 384 * i);
    lf_kpke_encrypt(&kn, p, cc, (const lf_mlkem_poly *)that, at, m, mk + 32);
    /* implicit rejection: K' if c == c', else Kbar; no branch */
    uint8_t mask = (uint8_t)lf_mlkem_neq(ct, cc, ctlen);
    for (int i = 0; i < 32; i++) ss[i] = (uint8_t)(mk[i] ^ (mask & (mk[i] ^ kbar[i])));
    lf_wipe(m, sizeof m);
    lf_wipe(mk, sizeof mk);
    lf_wipe(cc, sizeof cc);
    lf_wipe(kbar, sizeof kbar);
    return LF_OK;
}

#define LF_MLKEM_STR2(x) #x
#define LF_MLKEM_STR(x) LF_MLKEM_STR2(x)
LF_HIDDEN const lf_mlkem_impl LF_MLKEM_NS(lf_mlkem_impl) = {
    lf_mlkem_keypair_, lf_mlkem_encaps_, lf_mlkem_decaps_, LF_MLKEM_STR(LF_MLKEM_NS(mlkem))};
