/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fuzz target: the checked NTT functions against direct evaluation.
 * Input: back-end byte, a selector, then int16 coefficients (any value:
 * every function must refuse any coefficient outside [0, q) with
 * LF_ERR_RANGE and r zeroed; a selector bit folds them into [0, q) first).
 * Oracles, all computed here from the definitions (FIPS 203):
 *   lf_mlkem_ntt      pair i = a mod (X^2 - 17^(2 BitRev7(i) + 1))
 *   lf_mlkem_invntt   its inverse: invntt(ntt(a)) = a, ntt(invntt(b)) = b
 *   lf_mlkem_basemul  per pair (a0 + a1 X)(b0 + b1 X) mod (X^2 - gamma_i)
 *   lf_ntt128_cyclic_mul  schoolbook product mod (X^128 - 1, q)
 * Outputs are computed once into separate arrays and once in place. */
#include "common.h"
#include "fz_modq.h"
#include "limbforge/ntt.h"




static int in_range(const int16_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] < 0 || a[i] >= Q) return 0;
    return 1;
}

static void get(fz_in *in, int16_t *a, size_t n, int fold)
{
    for (size_t i = 0; i < n; i++) {
        int16_t v = (int16_t)fz_u16(in);
        a[i] = fold ? (int16_t)(((v % Q) + Q) % Q) : v;
    }
}

static void ntt_ref(int16_t r[256], const int16_t a[256])
{
    for (unsigned i = 0; i < 128; i++) {
        uint32_t g = powq(17, 2 * brv7(i) + 1), gk = 1, c0 = 0, c1 = 0;
        for (unsigned k = 0; k < 128; k++) {
            c0 = (c0 + (uint32_t)a[2 * k] * gk) % Q;
            c1 = (c1 + (uint32_t)a[2 * k + 1] * gk) % Q;
            gk = gk * g % Q;
        }
        r[2 * i] = (int16_t)c0, r[2 * i + 1] = (int16_t)c1;
    }
}

static void basemul_ref(int16_t r[256], const int16_t a[256], const int16_t b[256])
{
    for (unsigned i = 0; i < 128; i++) {
        uint32_t g = powq(17, 2 * brv7(i) + 1);
        uint32_t a0 = (uint32_t)a[2 * i], a1 = (uint32_t)a[2 * i + 1];
        uint32_t b0 = (uint32_t)b[2 * i], b1 = (uint32_t)b[2 * i + 1];
        r[2 * i] = (int16_t)((a0 * b0 + a1 * b1 % Q * g) % Q);
        r[2 * i + 1] = (int16_t)((a0 * b1 + a1 * b0) % Q);
    }
}

static void cyclic_ref(int16_t r[128], const int16_t a[128], const int16_t b[128])
{
    uint32_t acc[128] = {0};
    for (unsigned i = 0; i < 128; i++)
        for (unsigned j = 0; j < 128; j++)
            acc[(i + j) & 127] = (acc[(i + j) & 127] + (uint32_t)a[i] * (uint32_t)b[j]) % Q;
    for (unsigned i = 0; i < 128; i++) r[i] = (int16_t)acc[i];
}

/* r = f(a) into a separate array and in place; both must agree */
#define BOTH1(f, r, a, n)                                                                \
    do {                                                                                 \
        int16_t t_[n];                                                                   \
        memcpy(t_, a, sizeof t_);                                                        \
        rc = f(r, a);                                                                    \
        FZ_CHECK(f(t_, t_) == rc && !memcmp(t_, r, sizeof t_));                          \
    } while (0)
#define BOTH2(f, r, a, b, n)                                                             \
    do {                                                                                 \
        int16_t t_[n];                                                                   \
        memcpy(t_, b, sizeof t_);                                                        \
        rc = f(r, a, b);                                                                 \
        FZ_CHECK(f(t_, a, t_) == rc && !memcmp(t_, r, sizeof t_));                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    int16_t a[256], b[256], r[256], e[256], s[256];
    int rc;
    fz_backend(fz_u8(&in));
    const uint8_t sel = fz_u8(&in);
    const int fold = !(sel & 0x80);
    switch (sel % 4) {
    case 0: /* ntt, then invntt back */
        get(&in, a, 256, fold);
        BOTH1(lf_mlkem_ntt, r, a, 256);
        if (!in_range(a, 256)) {
            FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, sizeof r));
            break;
        }
        ntt_ref(e, a);
        FZ_CHECK(rc == LF_OK && !memcmp(r, e, sizeof r));
        BOTH1(lf_mlkem_invntt, s, r, 256);
        FZ_CHECK(rc == LF_OK && !memcmp(s, a, sizeof s));
        break;
    case 1: /* invntt of arbitrary input, then ntt back */
        get(&in, a, 256, fold);
        BOTH1(lf_mlkem_invntt, r, a, 256);
        if (!in_range(a, 256)) {
            FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, sizeof r));
            break;
        }
        FZ_CHECK(rc == LF_OK && in_range(r, 256));
        ntt_ref(e, r);
        FZ_CHECK(!memcmp(e, a, sizeof e));
        break;
    case 2:
        get(&in, a, 256, fold);
        get(&in, b, 256, fold);
        BOTH2(lf_mlkem_basemul, r, a, b, 256);
        if (!in_range(a, 256) || !in_range(b, 256)) {
            FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, sizeof r));
            break;
        }
        basemul_ref(e, a, b);
        FZ_CHECK(rc == LF_OK && !memcmp(r, e, sizeof r));
        break;
    default:
        get(&in, a, 128, fold);
        get(&in, b, 128, fold);
        BOTH2(lf_ntt128_cyclic_mul, r, a, b, 128);
        if (!in_range(a, 128) || !in_range(b, 128)) {
            FZ_CHECK(rc == LF_ERR_RANGE && fz_all_zero(r, 128 * sizeof r[0]));
            break;
        }
        cyclic_ref(e, a, b);
        FZ_CHECK(rc == LF_OK && !memcmp(r, e, 128 * sizeof r[0]));
        break;
    }
    return 0;
}
