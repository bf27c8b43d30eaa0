/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: ML-KEM-512/768/1024 (limbforge/mlkem.h) on arbitrary keys,
 * ciphertexts and lengths.  tests/mlkem/fuzz_replay.py parses inputs the same
 * way and replays them through mlkem_pipe against the Python model of FIPS 203
 * (mlkem_fips203.py); keep the two in step.
 *
 * Input (fz_in: big-endian u16, zero-padded when it runs out):
 *   sel   set = sel % 3 (0: ML-KEM-512, 1: 768, 2: 1024), op = sel / 3 % 4
 *   mode  the op's flags
 *   op 0 ENCAPS     m[32], ek[ek bytes]; mode & 1: every 12-bit coefficient
 *                   of ek reduced mod q; mode & 2: then u16 i, u16 v: coefficient
 *                   i % 256k set to v & 0xfff
 *   op 1 DECAPS     ct[ct bytes], dk[dk bytes]; mode & 1: the ek stored in dk
 *                   reduced mod q; mode & 2: u16 i, u16 v: its coefficient
 *                   i % 256k set to v & 0xfff; mode & 8: u16 i, u16 v: coefficient
 *                   i % 256k of dk_PKE set to v & 0xfff; mode & 4 (last): H(ek)
 *                   recomputed into dk (the hash check then passes)
 *   op 2 ROUNDTRIP  seed[64] (d || z), m[32], then up to 8 mutations of 3 bytes
 *                   (u16 pos, u8 x): mode & 3 = 1 ct, 2 dk, 3 dk if pos & 0x8000
 *                   else ct; byte (pos & 0x7fff) % len ^= x; mode & 4: H(ek)
 *                   recomputed into the mutated dk
 *   op 3 PARAMS     fn = mode % 3 (keypair_derand, encaps_derand, decaps); u8 s:
 *                   s & 0x80: the set value is the int32 of two u16 (hi, lo);
 *                   u8 nulls: bit i makes pointer argument i NULL; per length
 *                   argument a byte L (L % 8: 0, 7 the set's length, 1 one
 *                   short, 2 one long, 3 0, 4 another set's ((L >> 3) & 1 which),
 *                   5 SIZE_MAX, 6 u16 % 8193 read next); then the inputs' bytes
 *                   in argument order.  Lengths: keypair ek, dk, seed (another
 *                   set's seed length: 32 or 96); encaps ct, ek; decaps ct, dk.
 *                   Pointers: keypair ek, dk, seed; encaps ct, ss, ek, m; decaps
 *                   ss, ct, dk.  An unknown set takes ML-KEM-768's lengths.
 *
 * Checked, on every back end this CPU runs (lf_backend_set over them), each
 * result identical across back ends:
 *   lengths, NULL, unknown set: LF_ERR_PARAM, outputs zeroed over min(length
 *     passed, the set's) and not a byte further (each buffer allocated at
 *     exactly the length passed, the set's for SIZE_MAX, so ASan sees any
 *     overrun), ss zeroed; a SIZE_MAX input is a 1-byte buffer (nothing read);
 *     inputs unchanged;
 *   encaps: the modulus check recomputed here (every 12-bit value < 3329):
 *     LF_ERR_INVALID with ct and ss zeroed, else LF_OK with
 *     (ss, r) = G(m || H(ek)) and ct = K-PKE.Encrypt(ek, m, r) (Algorithm 17);
 *   decaps: the hash check recomputed here (H of the ek in dk against the
 *     stored hash): LF_ERR_INVALID with ss zeroed, else LF_OK and ss is
 *     K' of (K', r') = G(m' || h) when c equals c' = K-PKE.Encrypt(ek in dk,
 *     m', r'), m' = K-PKE.Decrypt(dk_PKE, c), and J(z || c) otherwise
 *     (implicit rejection; Algorithm 18); when the ek in dk passes the
 *     modulus check, lf_mlkem_encaps_derand(ek in dk, m') must give (c', K')
 *     too;
 *   keypair_derand: dk = dk_PKE || ek || H(ek) || z, z the seed's, ek and
 *     dk_PKE reduced; Decrypt(dk_PKE, encaps(ek, m)) = m and decaps gives
 *     encaps' secret (round trip).
 * K-PKE.Encrypt / Decrypt are computed here from FIPS 203 (Algorithms 5-15:
 * SampleNTT, SamplePolyCBD, the reference NTT and MultiplyNTTs, Compress,
 * ByteEncode / ByteDecode on uint32_t, nothing of the library's ML-KEM or
 * NTT code); H, G, J, PRF and XOF are the library's SHA-3 (limbforge/sha3.h,
 * a separate module with its own tests, tests/hash/).
 * The Python replay adds the model of tests/mlkem/mlkem_fips203.py. */
#include "common.h"
#include "fz_modq.h"
#include "limbforge/mlkem.h"
#include "limbforge/sha3.h"

#define KMAX 4
#define EKMAX LF_MLKEM1024_EK_BYTES
#define DKMAX LF_MLKEM1024_DK_BYTES
#define CTMAX LF_MLKEM1024_CT_BYTES
#define LENMAX 8192 /* PARAMS: largest arbitrary length (mlkem_pipe's MAXB) */

typedef struct {
    lf_mlkem_set set;
    unsigned k, eta1, du, dv;
    size_t ek, dk, ct;
} par;

static const par PARS[3] = {
    {LF_MLKEM_512, 2, 3, 10, 4, LF_MLKEM512_EK_BYTES, LF_MLKEM512_DK_BYTES, LF_MLKEM512_CT_BYTES},
    {LF_MLKEM_768, 3, 2, 10, 4, LF_MLKEM768_EK_BYTES, LF_MLKEM768_DK_BYTES, LF_MLKEM768_CT_BYTES},
    {LF_MLKEM_1024, 4, 2, 11, 5, LF_MLKEM1024_EK_BYTES, LF_MLKEM1024_DK_BYTES,
     LF_MLKEM1024_CT_BYTES},
};

/* ---------------------------------------------------------------- back ends */
static void zeta_init(void);
static lf_backend be_list[LF_BACKEND_COUNT];
static int be_n;

static void be_init(void)
{
    if (be_n) return;
    zeta_init();
    for (int b = 0; b < LF_BACKEND_COUNT; b++)
        if (lf_backend_available((lf_backend)b)) be_list[be_n++] = (lf_backend)b;
    FZ_CHECK(be_n > 0);
}

static void be_use(int i) { FZ_CHECK(lf_backend_set(lf_backend_name(be_list[i])) == LF_OK); }

/* ---------------------------------------------------------------- FIPS 203 pieces */
/* 12-bit value i of an encoded vector (ByteDecode_12 before the reduction) */
static unsigned get12(const uint8_t *b, size_t i)
{
    const uint8_t *t = b + 3 * (i / 2);
    return i & 1 ? (unsigned)(t[1] >> 4 | t[2] << 4) : (unsigned)(t[0] | (t[1] & 15) << 8);
}

static void set12(uint8_t *b, size_t i, unsigned v)
{
    uint8_t *t = b + 3 * (i / 2);
    if (i & 1) {
        t[1] = (uint8_t)((t[1] & 15) | (v & 15) << 4);
        t[2] = (uint8_t)(v >> 4);
    } else {
        t[0] = (uint8_t)v;
        t[1] = (uint8_t)((t[1] & 0xf0) | (v >> 8 & 15));
    }
}

/* FIPS 203 7.2: every 12-bit value of the k encoded polynomials < q */
static int modulus_ok(const uint8_t *ek, unsigned k)
{
    for (size_t i = 0; i < 256 * k; i++)
        if (get12(ek, i) >= Q) return 0;
    return 1;
}

static void reduce12(uint8_t *b, unsigned k)
{
    for (size_t i = 0; i < 256 * k; i++) set12(b, i, get12(b, i) % Q);
}

/* FIPS 203 7.3 on dk: SHA3-256 of the stored ek equals the stored hash */
static int hash_ok(const par *p, const uint8_t *dk)
{
    uint8_t h[32];
    lf_sha3_256(h, dk + 384 * p->k, p->ek);
    return memcmp(h, dk + 768 * p->k + 32, 32) == 0;
}

static void fix_hash(const par *p, uint8_t *dk) { lf_sha3_256(dk + 768 * p->k + 32, dk + 384 * p->k, p->ek); }



/* zeta[i] = 17^BitRev7(i), gamma[i] = 17^(2 BitRev7(i) + 1) mod q */
static uint32_t zeta[128], gamma_[128];

static void zeta_init(void)
{
    for (unsigned i = 0; i < 128; i++)
        zeta[i] = powq(17, brv7(i)), gamma_[i] = powq(17, 2 * brv7(i) + 1);
}

/* Algorithm 9 */
static void ntt_ref(uint32_t f[256])
{
    unsigned i = 1;
    for (unsigned len = 128; len >= 2; len /= 2)
        for (unsigned start = 0; start < 256; start += 2 * len) {
            uint32_t z = zeta[i++];
            for (unsigned j = start; j < start + len; j++) {
                uint32_t t = z * f[j + len] % Q;
                f[j + len] = (f[j] + Q - t) % Q;
                f[j] = (f[j] + t) % Q;
            }
        }
}

/* Algorithm 10 */
static void invntt_ref(uint32_t f[256])
{
    unsigned i = 127;
    for (unsigned len = 2; len <= 128; len *= 2)
        for (unsigned start = 0; start < 256; start += 2 * len) {
            uint32_t z = zeta[i--];
            for (unsigned j = start; j < start + len; j++) {
                uint32_t t = f[j];
                f[j] = (t + f[j + len]) % Q;
                f[j + len] = z * ((f[j + len] + Q - t) % Q) % Q;
            }
        }
    for (unsigned j = 0; j < 256; j++) f[j] = f[j] * 3303 % Q;
}

/* acc += MultiplyNTTs(a, b) (Algorithms 11, 12) */
static void basemul_acc(uint32_t acc[256], const uint32_t a[256], const uint32_t b[256])
{
    for (unsigned i = 0; i < 128; i++) {
        uint32_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
        acc[2 * i] = (acc[2 * i] + a0 * b0 + a1 * b1 % Q * gamma_[i]) % Q;
        acc[2 * i + 1] = (acc[2 * i + 1] + a0 * b1 + a1 * b0) % Q;
    }
}

/* bit i of a little-endian bit string */
static unsigned bit_of(const uint8_t *b, size_t i) { return (b[i / 8] >> (i % 8)) & 1; }

/* Algorithm 7: SampleNTT(rho || j || i) */
static void sample_ntt_ref(uint32_t a[256], const uint8_t rho[32], uint8_t j, uint8_t i)
{
    uint8_t seed[34], blk[LF_SHAKE128_RATE];
    lf_sha3_state st;
    memcpy(seed, rho, 32), seed[32] = j, seed[33] = i;
    lf_shake128_init(&st);
    FZ_CHECK(lf_sha3_update(&st, seed, 34) == LF_OK);
    unsigned n = 0;
    while (n < 256) {
        FZ_CHECK(lf_shake_squeeze(&st, blk, sizeof blk) == LF_OK);
        for (unsigned p = 0; p < sizeof blk && n < 256; p += 3) {
            uint32_t d1 = blk[p] | (uint32_t)(blk[p + 1] & 15) << 8;
            uint32_t d2 = (uint32_t)(blk[p + 1] >> 4) | (uint32_t)blk[p + 2] << 4;
            if (d1 < Q) a[n++] = d1;
            if (d2 < Q && n < 256) a[n++] = d2;
        }
    }
    lf_sha3_wipe(&st);
}

/* Algorithm 8 on PRF_eta(s, b) = SHAKE256(s || b, 64 eta) */
static void cbd_ref(uint32_t f[256], unsigned eta, const uint8_t s[32], uint8_t b)
{
    uint8_t in[33], buf[64 * 3];
    memcpy(in, s, 32), in[32] = b;
    lf_shake256(buf, 64 * eta, in, 33);
    for (unsigned i = 0; i < 256; i++) {
        unsigned x = 0, y = 0;
        for (unsigned j = 0; j < eta; j++)
            x += bit_of(buf, 2 * i * eta + j), y += bit_of(buf, 2 * i * eta + eta + j);
        f[i] = (x + Q - y) % Q;
    }
}

/* ByteEncode_d(Compress_d(f)) (Algorithm 5, 4.2.1), d < 12 */
static void compress_encode(uint8_t *b, const uint32_t f[256], unsigned d)
{
    memset(b, 0, 32 * d);
    for (unsigned i = 0; i < 256; i++) {
        uint32_t y = ((f[i] << (d + 1)) + Q) / (2 * Q) % (1u << d);
        for (unsigned t = 0; t < d; t++)
            b[(i * d + t) / 8] |= (uint8_t)(((y >> t) & 1) << ((i * d + t) % 8));
    }
}

/* Algorithm 6 for d < 12 (no reduction), then Decompress_d */
static void decode_decompress(uint32_t f[256], const uint8_t *b, unsigned d)
{
    for (unsigned i = 0; i < 256; i++) {
        uint32_t y = 0;
        for (unsigned t = 0; t < d; t++) y |= (uint32_t)bit_of(b, i * d + t) << t;
        f[i] = (Q * y + (1u << (d - 1))) >> d;
    }
}

/* Algorithm 15: m = K-PKE.Decrypt(dk_PKE, c) */
static void kpke_decrypt_ref(const par *p, uint8_t m[32], const uint8_t *dk, const uint8_t *c)
{
    uint32_t u[256], s[256], acc[256] = {0}, v[256];
    for (unsigned i = 0; i < p->k; i++) {
        decode_decompress(u, c + 32 * p->du * i, p->du);
        ntt_ref(u);
        for (unsigned j = 0; j < 256; j++) s[j] = get12(dk + 384 * i, j) % Q;
        basemul_acc(acc, s, u);
    }
    invntt_ref(acc);
    decode_decompress(v, c + 32 * p->du * p->k, p->dv);
    memset(m, 0, 32);
    for (unsigned j = 0; j < 256; j++) {
        uint32_t w = (v[j] + Q - acc[j]) % Q;
        uint32_t bit = ((w << 2) + Q) / (2 * Q) % 2; /* Compress_1 */
        m[j / 8] |= (uint8_t)(bit << (j % 8));
    }
}

/* Algorithm 14: c = K-PKE.Encrypt(ek_PKE, m, r), ek decoded mod q */
static void kpke_encrypt_ref(const par *p, uint8_t *c, const uint8_t *ek, const uint8_t m[32],
                             const uint8_t r[32])
{
    const unsigned k = p->k;
    const uint8_t *rho = ek + 384 * k;
    uint32_t y[KMAX][256], a[256], t[256], acc[256], e[256];
    for (unsigned i = 0; i < k; i++) {
        cbd_ref(y[i], p->eta1, r, (uint8_t)i);
        ntt_ref(y[i]);
    }
    for (unsigned i = 0; i < k; i++) { /* u[i] = NTT^-1(sum_j A_hat[j][i] y_hat[j]) + e1[i] */
        memset(acc, 0, sizeof acc);
        for (unsigned j = 0; j < k; j++) {
            sample_ntt_ref(a, rho, (uint8_t)i, (uint8_t)j); /* A_hat[j][i] */
            basemul_acc(acc, a, y[j]);
        }
        invntt_ref(acc);
        cbd_ref(e, 2, r, (uint8_t)(k + i));
        for (unsigned n = 0; n < 256; n++) acc[n] = (acc[n] + e[n]) % Q;
        compress_encode(c + 32 * p->du * i, acc, p->du);
    }
    memset(acc, 0, sizeof acc); /* v = NTT^-1(t_hat . y_hat) + e2 + Decompress_1(m) */
    for (unsigned i = 0; i < k; i++) {
        for (unsigned n = 0; n < 256; n++) t[n] = get12(ek + 384 * i, n) % Q;
        basemul_acc(acc, t, y[i]);
    }
    invntt_ref(acc);
    cbd_ref(e, 2, r, (uint8_t)(2 * k));
    for (unsigned n = 0; n < 256; n++) acc[n] = (acc[n] + e[n] + bit_of(m, n) * 1665) % Q;
    compress_encode(c + 32 * p->du * k, acc, p->dv);
}

/* ---------------------------------------------------------------- the checks */
/* decaps of (ct, dk) on every back end, checked as the header comment says:
 * -1 refused (hash check), 0 implicit rejection, 1 accepted; ss_out the key */
static int check_decaps(const par *p, const uint8_t *ct, const uint8_t *dk, uint8_t ss_out[32])
{
    uint8_t ss[32], ss0[32];
    int rc0 = 0;
    for (int i = 0; i < be_n; i++) {
        be_use(i);
        memset(ss, 0xa5, 32);
        int rc = lf_mlkem_decaps(p->set, ss, ct, p->ct, dk, p->dk);
        if (i == 0) rc0 = rc, memcpy(ss0, ss, 32);
        FZ_CHECK(rc == rc0 && !memcmp(ss, ss0, 32));
    }
    memcpy(ss_out, ss0, 32);
    if (!hash_ok(p, dk)) {
        FZ_CHECK(rc0 == LF_ERR_INVALID && fz_all_zero(ss0, 32));
        return -1;
    }
    FZ_CHECK(rc0 == LF_OK);
    const uint8_t *ekd = dk + 384 * p->k, *h = dk + 768 * p->k + 32, *z = dk + 768 * p->k + 64;
    uint8_t zc[32 + CTMAX], kbar[32], m2[32], g[64], mh[64], c2[CTMAX];
    memcpy(zc, z, 32), memcpy(zc + 32, ct, p->ct);
    lf_shake256(kbar, 32, zc, 32 + p->ct); /* J(z || c) */
    kpke_decrypt_ref(p, m2, dk, ct);
    memcpy(mh, m2, 32), memcpy(mh + 32, h, 32);
    lf_sha3_512(g, mh, 64); /* (K', r') = G(m' || h) */
    kpke_encrypt_ref(p, c2, ekd, m2, g + 32);
    const int accepted = memcmp(c2, ct, p->ct) == 0;
    FZ_CHECK(!memcmp(ss0, accepted ? g : kbar, 32));
    if (modulus_ok(ekd, p->k)) { /* the library's re-encryption: the same (c', K') */
        uint8_t c3[CTMAX], k3[32];
        FZ_CHECK(lf_mlkem_encaps_derand(p->set, c3, p->ct, k3, ekd, p->ek, m2) == LF_OK);
        FZ_CHECK(!memcmp(c3, c2, p->ct) && !memcmp(k3, g, 32));
    }
    return accepted;
}

/* encaps of (ek, m) on every back end; -1 refused (modulus check), else 0
 * with ct and ss */
static int check_encaps(const par *p, const uint8_t *ek, const uint8_t m[32], uint8_t *ct,
                        uint8_t ss[32])
{
    uint8_t c1[CTMAX], s1[32];
    int rc0 = 0;
    for (int i = 0; i < be_n; i++) {
        be_use(i);
        memset(c1, 0xa5, p->ct), memset(s1, 0xa5, 32);
        int rc = lf_mlkem_encaps_derand(p->set, c1, p->ct, s1, ek, p->ek, m);
        if (i == 0) rc0 = rc, memcpy(ct, c1, p->ct), memcpy(ss, s1, 32);
        FZ_CHECK(rc == rc0 && !memcmp(c1, ct, p->ct) && !memcmp(s1, ss, 32));
    }
    if (!modulus_ok(ek, p->k)) {
        FZ_CHECK(rc0 == LF_ERR_INVALID && fz_all_zero(ct, p->ct) && fz_all_zero(ss, 32));
        return -1;
    }
    uint8_t mh[64], g[64], c2[CTMAX];
    FZ_CHECK(rc0 == LF_OK);
    memcpy(mh, m, 32);
    lf_sha3_256(mh + 32, ek, p->ek);
    lf_sha3_512(g, mh, 64); /* (K, r) = G(m || H(ek)) */
    kpke_encrypt_ref(p, c2, ek, m, g + 32);
    FZ_CHECK(!memcmp(ss, g, 32) && !memcmp(ct, c2, p->ct));
    return 0;
}

static void op_encaps(const par *p, uint8_t mode, fz_in *in)
{
    uint8_t m[32], ek[EKMAX], ct[CTMAX], ss[32];
    fz_bytes(in, m, 32);
    fz_bytes(in, ek, p->ek);
    if (mode & 1) reduce12(ek, p->k);
    if (mode & 2) {
        unsigned i = fz_u16(in) % (256 * p->k), v = fz_u16(in) & 0xfff;
        set12(ek, i, v);
    }
    check_encaps(p, ek, m, ct, ss);
}

static void op_decaps(const par *p, uint8_t mode, fz_in *in)
{
    uint8_t ct[CTMAX], dk[DKMAX], ss[32];
    fz_bytes(in, ct, p->ct);
    fz_bytes(in, dk, p->dk);
    if (mode & 1) reduce12(dk + 384 * p->k, p->k);
    if (mode & 2) {
        unsigned i = fz_u16(in) % (256 * p->k), v = fz_u16(in) & 0xfff;
        set12(dk + 384 * p->k, i, v);
    }
    if (mode & 8) {
        unsigned i = fz_u16(in) % (256 * p->k), v = fz_u16(in) & 0xfff;
        set12(dk, i, v);
    }
    if (mode & 4) fix_hash(p, dk);
    check_decaps(p, ct, dk, ss);
}

static void op_roundtrip(const par *p, uint8_t mode, fz_in *in)
{
    uint8_t seed[64], m[32], ek[EKMAX], dk[DKMAX], e1[EKMAX], d1[DKMAX], h[32];
    uint8_t ct[CTMAX], K[32], m2[32], ss[32];
    fz_bytes(in, seed, 64);
    fz_bytes(in, m, 32);
    for (int i = 0; i < be_n; i++) {
        be_use(i);
        memset(e1, 0xa5, p->ek), memset(d1, 0xa5, p->dk);
        FZ_CHECK(lf_mlkem_keypair_derand(p->set, e1, p->ek, d1, p->dk, seed, 64) == LF_OK);
        if (i == 0) memcpy(ek, e1, p->ek), memcpy(dk, d1, p->dk);
        FZ_CHECK(!memcmp(e1, ek, p->ek) && !memcmp(d1, dk, p->dk));
    }
    /* dk = dk_PKE || ek || H(ek) || z (Algorithm 16) */
    lf_sha3_256(h, ek, p->ek);
    FZ_CHECK(modulus_ok(ek, p->k) && modulus_ok(dk, p->k));
    FZ_CHECK(!memcmp(dk + 384 * p->k, ek, p->ek));
    FZ_CHECK(!memcmp(dk + 768 * p->k + 32, h, 32) && !memcmp(dk + 768 * p->k + 64, seed + 32, 32));
    FZ_CHECK(check_encaps(p, ek, m, ct, K) == 0);
    kpke_decrypt_ref(p, m2, dk, ct);
    FZ_CHECK(!memcmp(m2, m, 32));
    FZ_CHECK(check_decaps(p, ct, dk, ss) == 1 && !memcmp(ss, K, 32));
    /* mutations */
    const unsigned target = mode & 3;
    int changed = 0;
    for (int t = 0; t < 8 && target && in->n >= 3; t++) {
        unsigned pos = fz_u16(in);
        uint8_t x = fz_u8(in);
        int on_dk = target == 2 || (target == 3 && (pos & 0x8000));
        uint8_t *b = on_dk ? dk : ct;
        b[(pos & 0x7fff) % (on_dk ? p->dk : p->ct)] ^= x;
        changed |= x != 0;
    }
    if (mode & 4) fix_hash(p, dk);
    if (changed || (mode & 4)) check_decaps(p, ct, dk, ss);
}

/* ---------------------------------------------------------------- PARAMS */
typedef struct {
    size_t len;     /* the length passed */
    size_t alloc;   /* bytes allocated (exactly: ASan sees an overrun) */
    size_t zero;    /* an output: bytes an error must zero */
    uint8_t *b;     /* NULL when the input asked for a NULL pointer */
    uint8_t *copy;  /* an input: its bytes before the call */
    int out;
} arg;

static size_t pick_len(fz_in *in, uint8_t L, size_t right, size_t other0, size_t other1)
{
    switch (L % 8) {
    case 1: return right - 1;
    case 2: return right + 1;
    case 3: return 0;
    case 4: return (L >> 3) & 1 ? other1 : other0;
    case 5: return SIZE_MAX;
    case 6: return fz_u16(in) % (LENMAX + 1);
    default: return right;
    }
}

static void arg_alloc(arg *a, size_t len, size_t setlen, int out, int null)
{
    a->len = len, a->out = out;
    a->alloc = len == SIZE_MAX ? (out ? setlen : 1) : len;
    a->zero = out ? (len < setlen ? len : setlen) : 0;
    a->b = null ? NULL : malloc(a->alloc); /* ASan: malloc(0) is a valid 0-byte block */
    a->copy = malloc(a->alloc ? a->alloc : 1);
    FZ_CHECK(a->copy && (null || a->b));
}

static void op_params(const par *p0, uint8_t mode, fz_in *in)
{
    const unsigned fn = mode % 3;
    const uint8_t s = fz_u8(in);
    lf_mlkem_set set = p0->set;
    if (s & 0x80) {
        uint32_t hi = fz_u16(in), lo = fz_u16(in);
        set = (lf_mlkem_set)(int32_t)(hi << 16 | lo);
    }
    const uint8_t nulls = fz_u8(in);
    const int known = set == LF_MLKEM_512 || set == LF_MLKEM_768 || set == LF_MLKEM_1024;
    const par *p = known ? &PARS[set - 2] : &PARS[1]; /* the lengths "right" for the set */
    const par *o0 = &PARS[(p - PARS + 1) % 3], *o1 = &PARS[(p - PARS + 2) % 3];
    const size_t sek = lf_mlkem_ek_bytes(set), sdk = lf_mlkem_dk_bytes(set),
                 sct = lf_mlkem_ct_bytes(set);
    FZ_CHECK(sek == (known ? p->ek : 0) && sdk == (known ? p->dk : 0) &&
             sct == (known ? p->ct : 0));
    arg a[4];
    uint8_t ss[32], ss0[32], *ssp = NULL, *outs0[4] = {NULL, NULL, NULL, NULL};
    const uint8_t *mp = NULL;
    uint8_t m[32], mcopy[32];
    int nargs = 0, nss = -1, valid = known;
    size_t l0, l1, l2;
    if (fn == 0) { /* keypair_derand(set, ek, eklen, dk, dklen, seed, seedlen) */
        l0 = pick_len(in, fz_u8(in), p->ek, o0->ek, o1->ek);
        l1 = pick_len(in, fz_u8(in), p->dk, o0->dk, o1->dk);
        l2 = pick_len(in, fz_u8(in), 64, 32, 96);
        arg_alloc(&a[0], l0, sek, 1, nulls & 1);
        arg_alloc(&a[1], l1, sdk, 1, nulls & 2);
        arg_alloc(&a[2], l2, 0, 0, nulls & 4);
        nargs = 3;
        valid = valid && l0 == p->ek && l1 == p->dk && l2 == 64 && !(nulls & 7);
    } else if (fn == 1) { /* encaps_derand(set, ct, ctlen, ss, ek, eklen, m) */
        l0 = pick_len(in, fz_u8(in), p->ct, o0->ct, o1->ct);
        l1 = pick_len(in, fz_u8(in), p->ek, o0->ek, o1->ek);
        arg_alloc(&a[0], l0, sct, 1, nulls & 1);
        nss = (nulls & 2) ? -1 : 1;
        arg_alloc(&a[1], l1, 0, 0, nulls & 4);
        nargs = 2;
        valid = valid && l0 == p->ct && l1 == p->ek && !(nulls & 15);
    } else { /* decaps(set, ss, ct, ctlen, dk, dklen) */
        nss = (nulls & 1) ? -1 : 1;
        l0 = pick_len(in, fz_u8(in), p->ct, o0->ct, o1->ct);
        l1 = pick_len(in, fz_u8(in), p->dk, o0->dk, o1->dk);
        arg_alloc(&a[0], l0, 0, 0, nulls & 2);
        arg_alloc(&a[1], l1, 0, 0, nulls & 4);
        nargs = 2;
        valid = valid && l0 == p->ct && l1 == p->dk && !(nulls & 7);
    }
    /* the inputs' bytes, in argument order (m last) */
    for (int i = 0; i < nargs; i++)
        if (!a[i].out && a[i].b) {
            fz_bytes(in, a[i].b, a[i].alloc);
            memcpy(a[i].copy, a[i].b, a[i].alloc);
        }
    if (fn == 1) {
        fz_bytes(in, m, 32);
        memcpy(mcopy, m, 32);
        mp = (nulls & 8) ? NULL : m;
    }
    if (nss > 0) ssp = ss;
    for (int i = 0; i < nargs; i++)
        if (a[i].out && a[i].b) {
            outs0[i] = malloc(a[i].alloc ? a[i].alloc : 1);
            FZ_CHECK(outs0[i]);
        }
    int rc0 = 0;
    for (int b = 0; b < be_n; b++) {
        be_use(b);
        for (int i = 0; i < nargs; i++)
            if (a[i].out && a[i].b) memset(a[i].b, 0xa5, a[i].alloc);
        memset(ss, 0xa5, 32);
        int rc;
        if (fn == 0)
            rc = lf_mlkem_keypair_derand(set, a[0].b, a[0].len, a[1].b, a[1].len, a[2].b, a[2].len);
        else if (fn == 1)
            rc = lf_mlkem_encaps_derand(set, a[0].b, a[0].len, ssp, a[1].b, a[1].len, mp);
        else
            rc = lf_mlkem_decaps(set, ssp, a[0].b, a[0].len, a[1].b, a[1].len);
        for (int i = 0; i < nargs; i++) {
            if (!a[i].b) continue;
            if (a[i].out) {
                if (b == 0) memcpy(outs0[i], a[i].b, a[i].alloc);
                FZ_CHECK(!memcmp(outs0[i], a[i].b, a[i].alloc));
            } else {
                FZ_CHECK(!memcmp(a[i].copy, a[i].b, a[i].alloc)); /* input unchanged */
            }
        }
        if (b == 0) rc0 = rc, memcpy(ss0, ss, 32);
        FZ_CHECK(rc == rc0 && !memcmp(ss, ss0, 32));
    }
    if (fn == 1) FZ_CHECK(!memcmp(m, mcopy, 32));
    int want;
    if (!valid) want = LF_ERR_PARAM;
    else if (fn == 0) want = LF_OK;
    else if (fn == 1) want = modulus_ok(a[1].b, p->k) ? LF_OK : LF_ERR_INVALID;
    else want = hash_ok(p, a[1].b) ? LF_OK : LF_ERR_INVALID;
    FZ_CHECK(rc0 == want);
    if (rc0 != LF_OK) {
        for (int i = 0; i < nargs; i++) {
            if (!a[i].out || !a[i].b) continue;
            FZ_CHECK(fz_all_zero(a[i].b, a[i].zero));
            for (size_t j = a[i].zero; j < a[i].alloc; j++) FZ_CHECK(a[i].b[j] == 0xa5);
        }
        if (ssp) FZ_CHECK(fz_all_zero(ss, 32));
    }
    for (int i = 0; i < nargs; i++) free(a[i].b), free(a[i].copy), free(outs0[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    be_init();
    const uint8_t sel = fz_u8(&in), mode = fz_u8(&in);
    const par *p = &PARS[sel % 3];
    switch (sel / 3 % 4) {
    case 0: op_encaps(p, mode, &in); break;
    case 1: op_decaps(p, mode, &in); break;
    case 2: op_roundtrip(p, mode, &in); break;
    default: op_params(p, mode, &in); break;
    }
    return 0;
}
