/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time test of ML-KEM (include/limbforge/mlkem.h; the harness:
 * tests/common/ctime_main.c, the method: tests/ctime/README.md), on
 * ML-KEM-512, -768 and -1024.  Secret, as the header says: the seed d || z,
 * the message m, dk's secret part (dk_PKE and z), the shared secret and
 * whether decaps rejected.  Public: the set, the lengths, ek (also the copy
 * inside dk, and H(ek) there), the ciphertext, and the verdicts of the input
 * checks.  Cases:
 *   keygen   lf_mlkem_keypair_derand with a secret seed.  ek is public while
 *            computed from it: the library must declassify rho (LF_DECLASSIFY,
 *            src/lf_internal.h) before SampleNTT's rejection loop on it
 *   encaps   lf_mlkem_encaps_derand with a secret m; also on an ek that fails
 *            the modulus check (LF_ERR_INVALID, outputs zeroed)
 *   decaps   lf_mlkem_decaps with dk_PKE and z secret: the valid ciphertext,
 *            then ciphertexts with the first, a middle or the last byte
 *            changed (implicit rejection: the compare of c with the
 *            re-encryption and the selection of J(z || c) must not branch),
 *            and a dk whose stored H(ek) is wrong (LF_ERR_INVALID)
 * Return codes are public verdicts, declassified and checked (a call that
 * failed early would pass vacuously); every output goes through lf_ctime_out.
 * Extra self-test: --selftest-leak=reject, a ciphertext compare that exits
 * at the first differing byte of the (secret) re-encryption, must be
 * reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ctime_main.h"
#include "limbforge/mlkem.h"

#define NSETS 3
#define EKMAX LF_MLKEM1024_EK_BYTES
#define DKMAX LF_MLKEM1024_DK_BYTES
#define CTMAX LF_MLKEM1024_CT_BYTES

static const struct {
    lf_mlkem_set set;
    size_t k, ek, dk, ct;
} sets[NSETS] = {
    {LF_MLKEM_512, 2, LF_MLKEM512_EK_BYTES, LF_MLKEM512_DK_BYTES, LF_MLKEM512_CT_BYTES},
    {LF_MLKEM_768, 3, LF_MLKEM768_EK_BYTES, LF_MLKEM768_DK_BYTES, LF_MLKEM768_CT_BYTES},
    {LF_MLKEM_1024, 4, LF_MLKEM1024_EK_BYTES, LF_MLKEM1024_DK_BYTES, LF_MLKEM1024_CT_BYTES},
};

/* keys and ciphertexts of the earlier cases, for the later ones */
static uint8_t ek[NSETS][EKMAX], dk[NSETS][DKMAX], ct[NSETS][CTMAX], ss[NSETS][32];
static int have_keys, have_ct;

static void expect(int rc, int want, const char *what, size_t i)
{
    if (rc == want) return;
    fprintf(stderr, "ctime_mlkem: %s (k = %zu) returned %d, want %d\n", what, sets[i].k, rc, want);
    exit(1);
}

static void fail(const char *what, size_t i)
{
    fprintf(stderr, "ctime_mlkem: %s (k = %zu)\n", what, sets[i].k);
    exit(1);
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

/* dk's secret part: dk_PKE (384 k bytes) and z (the last 32 bytes). */
static void dk_secret(size_t i, uint8_t *d)
{
    LF_CT_SECRET(d, 384 * sets[i].k);
    LF_CT_SECRET(d + sets[i].dk - 32, 32);
}

static void dk_public(size_t i, uint8_t *d) { LF_CT_PUBLIC(d, sets[i].dk); }

static void case_keygen(void)
{
    uint8_t seed[64];
    for (size_t i = 0; i < NSETS; i++) {
        lf_rng_bytes(&lf_ctime_rng, seed, 64);
        LF_CT_SECRET(seed, 64);
        int rc =
            lf_mlkem_keypair_derand(sets[i].set, ek[i], sets[i].ek, dk[i], sets[i].dk, seed, 64);
        LF_CT_PUBLIC_V(rc);
        expect(rc, LF_OK, "keypair_derand", i);
        lf_ctime_out(ek[i], sets[i].ek);
        lf_ctime_out(dk[i], sets[i].dk); /* declassified for the next cases */
        LF_CT_PUBLIC(seed, 64);
    }
    have_keys = 1;
}

static void case_encaps(void)
{
    uint8_t m[32], bad[EKMAX], c[CTMAX], k[32];
    if (!have_keys) case_keygen();
    for (size_t i = 0; i < NSETS; i++) {
        lf_rng_bytes(&lf_ctime_rng, m, 32);
        LF_CT_SECRET(m, 32);
        int rc =
            lf_mlkem_encaps_derand(sets[i].set, ct[i], sets[i].ct, ss[i], ek[i], sets[i].ek, m);
        LF_CT_PUBLIC_V(rc);
        expect(rc, LF_OK, "encaps_derand", i);
        lf_ctime_out(ct[i], sets[i].ct);
        lf_ctime_out(ss[i], 32);
        /* the modulus check fails: the first coefficient of t_hat is 4095 */
        memcpy(bad, ek[i], sets[i].ek);
        bad[0] = 0xff, bad[1] |= 0x0f;
        rc = lf_mlkem_encaps_derand(sets[i].set, c, sets[i].ct, k, bad, sets[i].ek, m);
        LF_CT_PUBLIC_V(rc);
        expect(rc, LF_ERR_INVALID, "encaps_derand, ek >= q", i);
        lf_ctime_out(c, sets[i].ct);
        lf_ctime_out(k, 32);
        if (!all_zero(c, sets[i].ct) || !all_zero(k, 32))
            fail("encaps_derand: outputs not zeroed", i);
        LF_CT_PUBLIC(m, 32);
    }
    have_ct = 1;
}

static void case_decaps(void)
{
    uint8_t k[32], c[CTMAX];
    if (!have_ct) case_encaps();
    for (size_t i = 0; i < NSETS; i++) {
        size_t n = sets[i].ct;
        /* the valid ciphertext */
        dk_secret(i, dk[i]);
        int rc = lf_mlkem_decaps(sets[i].set, k, ct[i], n, dk[i], sets[i].dk);
        LF_CT_PUBLIC_V(rc);
        expect(rc, LF_OK, "decaps", i);
        lf_ctime_out(k, 32);
        if (memcmp(k, ss[i], 32) != 0) fail("decaps: not encaps' key", i);
        /* rejected: first, middle, last byte changed */
        const size_t pos[3] = {0, n / 2 + i, n - 1};
        for (int j = 0; j < 3; j++) {
            memcpy(c, ct[i], n);
            c[pos[j]] ^= (uint8_t)(1u << j);
            dk_secret(i, dk[i]);
            rc = lf_mlkem_decaps(sets[i].set, k, c, n, dk[i], sets[i].dk);
            LF_CT_PUBLIC_V(rc);
            expect(rc, LF_OK, "decaps, rejected ciphertext", i);
            lf_ctime_out(k, 32);
            if (memcmp(k, ss[i], 32) == 0) fail("decaps: changed ciphertext accepted", i);
        }
        dk_public(i, dk[i]);
    }
}

static void case_decaps_bad_dk(void)
{
    static uint8_t d[DKMAX];
    uint8_t k[32];
    if (!have_ct) case_encaps();
    for (size_t i = 0; i < NSETS; i++) {
        memcpy(d, dk[i], sets[i].dk);
        d[768 * sets[i].k + 32 + 5] ^= 0x40; /* the stored H(ek) */
        dk_secret(i, d);
        int rc = lf_mlkem_decaps(sets[i].set, k, ct[i], sets[i].ct, d, sets[i].dk);
        LF_CT_PUBLIC_V(rc);
        expect(rc, LF_ERR_INVALID, "decaps, hash check", i);
        lf_ctime_out(k, 32);
        if (!all_zero(k, 32)) fail("decaps: output not zeroed", i);
        dk_public(i, d);
    }
}

/* The strcmp/memcmp class: stop at the first byte where the ciphertext and
 * its (secret) re-encryption differ. */
__attribute__((noinline)) static int leaky_compare(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static void leak_reject(void)
{
    static uint8_t e[LF_MLKEM768_EK_BYTES], d[LF_MLKEM768_DK_BYTES], c[LF_MLKEM768_CT_BYTES],
        c2[LF_MLKEM768_CT_BYTES];
    uint8_t seed[64] = {1}, m[32] = {2}, k[32];
    int rc = lf_mlkem_keypair_derand(LF_MLKEM_768, e, sizeof e, d, sizeof d, seed, 64);
    rc |= lf_mlkem_encaps_derand(LF_MLKEM_768, c, sizeof c, k, e, sizeof e, m);
    memcpy(c2, c, sizeof c);
    c2[100] ^= 1;
    LF_CT_SECRET(c2, sizeof c2);
    printf("selftest-leak: rc %d, verdict %d\n", rc, leaky_compare(c, c2, sizeof c));
}

static const lf_ctime_case cases[] = {{"keygen", case_keygen},
                                      {"encaps", case_encaps},
                                      {"decaps", case_decaps},
                                      {"decaps_bad_dk", case_decaps_bad_dk},
                                      {NULL, NULL}};
static const lf_ctime_case leaks[] = {{"reject", leak_reject}, {NULL, NULL}};
const lf_ctime_suite lf_ctime_this = {"ctime_mlkem", cases, leaks};
