/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* include/limbforge/mlkem.h: "every secret on the stack is wiped before
 * return".  Each call runs on a stack of the test's (tests/common/
 * stackscan.h), which is then searched for the whole secrets it held:
 *   keypair_derand(d || z)   d, z, sigma (G(d || k), OpenSSL's SHA3-512),
 *                            every 16 coefficients of each polynomial of
 *                            s-hat (ByteDecode12 of dk, decoded here; in
 *                            FIPS and in the vector kernels' transposed order)
 *   keypair                  z and s-hat (from the dk it returned)
 *   encaps_derand(m)         m, K and r ((K, r) = G(m || H(ek))),
 *                            Decompress1(m)'s first 16 coefficients
 *   encaps                   K (the shared secret it returned)
 *   decaps (valid ct)        s-hat, m, K, r, Kbar = J(z || c) (SHAKE256),
 *                            every 16 coefficients of K-PKE.Decrypt's w
 *                            (computed here with the FIPS 203 NTT; checked:
 *                            Compress1(w) = m)
 *   decaps (one bit flipped) s-hat, Kbar
 * for ML-KEM-512, -768 and -1024, 4 x LF_TEST_ITERS keys each (at least 1).
 * Self-test first: a call that leaves d on its stack must be caught.
 * Usage: test_mlkem_residue   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "limbforge/mlkem.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/stackscan.h"
#include "../common/testenv.h"

#define PROG "test_mlkem_residue"
#define MIN_KEYS 1

static lf_rng g;
static long calls;

static struct {
    lf_mlkem_set set;
    uint8_t seed[64], m[32], ss[32];
    uint8_t ek[LF_MLKEM1024_EK_BYTES], dk[LF_MLKEM1024_DK_BYTES], ct[LF_MLKEM1024_CT_BYTES];
    int rc, op;
} io;

enum { OP_SELFTEST, OP_KEYPAIR_DERAND, OP_KEYPAIR, OP_ENCAPS_DERAND, OP_ENCAPS, OP_DECAPS };
static const char *const OP_NAME[] = {"self-test", "keypair_derand", "keypair", "encaps_derand",
                                      "encaps", "decaps"};

static void call(void *unused)
{
    (void)unused;
    size_t ekl = lf_mlkem_ek_bytes(io.set), dkl = lf_mlkem_dk_bytes(io.set);
    size_t ctl = lf_mlkem_ct_bytes(io.set);
    switch (io.op) {
    case OP_SELFTEST: lf_stack_leak32(io.seed); io.rc = LF_OK; break;
    case OP_KEYPAIR_DERAND:
        io.rc = lf_mlkem_keypair_derand(io.set, io.ek, ekl, io.dk, dkl, io.seed, 64);
        break;
    case OP_KEYPAIR: io.rc = lf_mlkem_keypair(io.set, io.ek, ekl, io.dk, dkl); break;
    case OP_ENCAPS_DERAND:
        io.rc = lf_mlkem_encaps_derand(io.set, io.ct, ctl, io.ss, io.ek, ekl, io.m);
        break;
    case OP_ENCAPS: io.rc = lf_mlkem_encaps(io.set, io.ct, ctl, io.ss, io.ek, ekl); break;
    case OP_DECAPS: io.rc = lf_mlkem_decaps(io.set, io.ss, io.ct, ctl, io.dk, dkl); break;
    }
}

/* the call on the scanned stack, then the scan for nd (built from the
 * call's outputs where the secrets are drawn inside it) */
static size_t used; /* of the last call */

static void exec_op(int op)
{
    io.op = op;
    io.rc = -1;
    calls++;
    used = lf_stack_run(call, NULL);
    CHECK(io.rc == LF_OK, "ML-KEM-%d %s: rc %d", 256 * (int)io.set, OP_NAME[op], io.rc);
}

static void scan(int op, const lf_needles *nd)
{
    char what[48];
    snprintf(what, sizeof what, "ML-KEM-%d %s", 256 * (int)io.set, OP_NAME[op]);
    lf_stack_expect(PROG, what, used, nd, op == OP_SELFTEST);
}

static void run(int op, const lf_needles *nd)
{
    exec_op(op);
    scan(op, nd);
}

/* OpenSSL: SHA3-512 / SHA3-256 / SHAKE256 of a || b */
static void md(const EVP_MD *alg, uint8_t *out, size_t outlen, const uint8_t *a, size_t alen,
               const uint8_t *b, size_t blen)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = c && EVP_DigestInit_ex(c, alg, NULL) && EVP_DigestUpdate(c, a, alen) &&
             EVP_DigestUpdate(c, b, blen) &&
             (EVP_MD_flags(alg) & EVP_MD_FLAG_XOF ? EVP_DigestFinalXOF(c, out, outlen)
                                                   : EVP_DigestFinal_ex(c, out, NULL));
    CHECK(ok, "OpenSSL digest");
    EVP_MD_CTX_free(c);
}

/* every run of 16 coefficients of f (int16), in FIPS order (16 t .. 16 t + 15)
 * and in the 16 x 16 transposed order (t, 16 + t, .., 240 + t), as needles */
static void add_runs(lf_needles *nd, const char *name, const char *name_t, const int16_t f[256])
{
    int16_t c[16], b16[16];
    for (int t = 0; t < 16; t++) {
        for (int j = 0; j < 16; j++) c[j] = f[16 * t + j], b16[j] = f[16 * j + t];
        lf_needles_add(nd, name, c, sizeof c);
        lf_needles_add(nd, name_t, b16, sizeof b16);
    }
}

/* s-hat from dk: every run of 16 coefficients (int16, as the library keeps
 * them) of each polynomial, in FIPS order (16 t .. 16 t + 15) and in the
 * 16 x 16 transposed order of the vector kernels (t, 16 + t, .., 240 + t:
 * lf_mlkem_transpose), 32 needles per polynomial: a copy of any part of it
 * left on the stack (a decode buffer whose wipe is lost) is found */
static void add_shat(lf_needles *nd, unsigned k)
{
    for (unsigned i = 0; i < k; i++) {
        int16_t f[256];
        const uint8_t *b = io.dk + 384 * i;
        for (int j = 0; j < 128; j++) {
            f[2 * j] = (int16_t)(b[3 * j] | ((b[3 * j + 1] & 15) << 8));
            f[2 * j + 1] = (int16_t)((b[3 * j + 1] >> 4) | (b[3 * j + 2] << 4));
        }
        add_runs(nd, "s-hat", "s-hat (transposed)", f);
    }
}

/* --- w = v - NTT^-1(s-hat . NTT(u)) of K-PKE.Decrypt (FIPS 203, Algorithm
 * 15), computed here from dk and c with the plain FIPS 203 NTT (Algorithms
 * 9-12), every coefficient in [0, q): the polynomial the decryption holds
 * before Compress1.  Checked: Compress1(w) = m. */
#define Q 3329
static int16_t zetas[128];

static void ntt_init(void)
{
    for (int i = 0; i < 128; i++) { /* 17^BitRev7(i) mod q */
        int r = 0, z = 1;
        for (int b = 0; b < 7; b++) r |= ((i >> b) & 1) << (6 - b);
        for (int e = 0; e < r; e++) z = z * 17 % Q;
        zetas[i] = (int16_t)z;
    }
}

static void fips_ntt(int32_t f[256], int inverse)
{
    int k = inverse ? 127 : 1;
    for (int len = inverse ? 2 : 128; inverse ? len <= 128 : len >= 2; len = inverse ? 2 * len : len / 2)
        for (int st = 0; st < 256; st += 2 * len) {
            int32_t z = zetas[inverse ? k-- : k++];
            for (int j = st; j < st + len; j++) {
                int32_t a = f[j], b = f[j + len];
                if (inverse) {
                    f[j] = (a + b) % Q;
                    f[j + len] = (int32_t)((int64_t)z * ((b - a + Q) % Q) % Q);
                } else {
                    int32_t t = (int32_t)((int64_t)z * b % Q);
                    f[j] = (a + t) % Q;
                    f[j + len] = (a - t + Q) % Q;
                }
            }
        }
    if (inverse)
        for (int j = 0; j < 256; j++) f[j] = f[j] * 3303 % Q; /* 128^-1 */
}

/* ByteDecode_d then Decompress_d of 256 coefficients */
static void decode_decompress(int32_t f[256], const uint8_t *b, int d)
{
    for (int j = 0; j < 256; j++) {
        uint32_t y = 0;
        for (int i = 0; i < d; i++) y |= (uint32_t)((b[(d * j + i) / 8] >> ((d * j + i) % 8)) & 1) << i;
        f[j] = (int32_t)((Q * y + (1u << (d - 1))) >> d);
    }
}

static void kpke_w(int16_t w[256], unsigned k, const uint8_t *dk, const uint8_t *c)
{
    int du = k == 4 ? 11 : 10, dv = k == 4 ? 5 : 4;
    int32_t acc[256] = {0}, u[256], v[256];
    for (unsigned i = 0; i < k; i++) {
        const uint8_t *b = dk + 384 * i;
        decode_decompress(u, c + 32 * du * i, du);
        fips_ntt(u, 0);
        for (int j = 0; j < 128; j++) { /* BaseCaseMultiply, gamma = 17^(2 BitRev7(j) + 1) */
            int32_t s0 = b[3 * j] | ((b[3 * j + 1] & 15) << 8);
            int32_t s1 = (b[3 * j + 1] >> 4) | (b[3 * j + 2] << 4);
            int32_t gamma = (int32_t)((int64_t)zetas[j] * zetas[j] % Q * 17 % Q);
            int64_t a0 = s0, a1 = s1, b0 = u[2 * j], b1 = u[2 * j + 1];
            acc[2 * j] = (int32_t)((acc[2 * j] + a0 * b0 + a1 * b1 % Q * gamma) % Q);
            acc[2 * j + 1] = (int32_t)((acc[2 * j + 1] + a0 * b1 + a1 * b0) % Q);
        }
    }
    fips_ntt(acc, 1);
    decode_decompress(v, c + 32 * du * k, dv);
    for (int j = 0; j < 256; j++) w[j] = (int16_t)((v[j] - acc[j] + Q) % Q);
}

/* needles for every 16 coefficients of w, in FIPS and in transposed order */
static void add_w(lf_needles *nd, unsigned k)
{
    int16_t w[256];
    kpke_w(w, k, io.dk, io.ct);
    int ok = 1;
    for (int j = 0; j < 256; j++) /* Compress1 */
        ok &= (((2 * w[j] + Q / 2) / Q) & 1) == ((io.m[j / 8] >> (j % 8)) & 1);
    CHECK(ok, "the test's K-PKE.Decrypt does not give m back");
    add_runs(nd, "w", "w (transposed)", w);
}

int main(void)
{
    long keys = lf_test_iters(4, MIN_KEYS);
    lf_test_backend_or_skip(PROG);
    ntt_init();
    lf_rng_seed(&g, lf_test_seed(0x3e51d0e));
    static const lf_mlkem_set sets[] = {LF_MLKEM_512, LF_MLKEM_768, LF_MLKEM_1024};
    static lf_needles nd, ne;
    long nkeys = 0;

    for (int si = 0; si < 3; si++)
        for (long it = 0; it < keys; it++, nkeys++) {
            unsigned k = (unsigned)sets[si];
            io.set = sets[si];
            size_t ekl = lf_mlkem_ek_bytes(io.set), ctl = lf_mlkem_ct_bytes(io.set);
            const uint8_t *z = io.dk + 768 * k + 64;
            uint8_t t[64], kb = (uint8_t)k, h[32], kr[64], kbar[32];
            lf_rng_bytes(&g, io.seed, 64);
            lf_rng_bytes(&g, io.m, 32);

            nd.n = 0;
            lf_needles_add(&nd, "d", io.seed, 32);
            if (si == 0 && it == 0) run(OP_SELFTEST, &nd);
            lf_needles_add(&nd, "z", io.seed + 32, 32);
            md(EVP_sha3_512(), t, 64, io.seed, 32, &kb, 1);
            lf_needles_add(&nd, "sigma", t + 32, 32);
            exec_op(OP_KEYPAIR_DERAND);
            add_shat(&nd, k); /* from the dk it made */
            scan(OP_KEYPAIR_DERAND, &nd);

            /* encaps_derand: m, (K, r), Decompress1(m) */
            md(EVP_sha3_256(), h, 32, io.ek, ekl, NULL, 0);
            md(EVP_sha3_512(), kr, 64, io.m, 32, h, 32);
            ne.n = 0;
            lf_needles_add(&ne, "m", io.m, 32);
            lf_needles_add(&ne, "K", kr, 32);
            lf_needles_add(&ne, "r", kr + 32, 32);
            int16_t mu[16];
            for (int j = 0; j < 16; j++) mu[j] = (int16_t)(((io.m[j / 8] >> (j % 8)) & 1) * 1665);
            lf_needles_add(&ne, "Decompress1(m)", mu, sizeof mu);
            run(OP_ENCAPS_DERAND, &ne);
            CHECK(memcmp(io.ss, kr, 32) == 0, "encaps_derand: K is not G(m || H(ek))'s");

            /* decaps of it: s-hat, m, K, r, Kbar, w */
            add_shat(&ne, k);
            add_w(&ne, k);
            md(EVP_shake256(), kbar, 32, z, 32, io.ct, ctl);
            lf_needles_add(&ne, "Kbar", kbar, 32);
            run(OP_DECAPS, &ne);
            CHECK(memcmp(io.ss, kr, 32) == 0, "decaps: not K");
            /* a rejected ciphertext: s-hat, Kbar */
            io.ct[lf_rng_below(&g, ctl)] ^= (uint8_t)(1u << lf_rng_below(&g, 8));
            ne.n = 0;
            add_shat(&ne, k);
            md(EVP_shake256(), kbar, 32, z, 32, io.ct, ctl);
            lf_needles_add(&ne, "Kbar", kbar, 32);
            run(OP_DECAPS, &ne);
            CHECK(memcmp(io.ss, kbar, 32) == 0, "decaps of a bad ciphertext: not Kbar");

            /* the OS-random calls: the secrets their outputs tell */
            exec_op(OP_ENCAPS);
            ne.n = 0;
            lf_needles_add(&ne, "K", io.ss, 32);
            scan(OP_ENCAPS, &ne);
            exec_op(OP_KEYPAIR);
            ne.n = 0;
            lf_needles_add(&ne, "z", z, 32);
            add_shat(&ne, k);
            scan(OP_KEYPAIR, &ne);
        }
    printf("%s: backend=%s, %ld keys, %ld calls scanned\n", PROG,
           lf_backend_name(lf_backend_current()), nkeys, calls);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, MIN_KEYS * 3 * 25); /* 27 a key */
}
