/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* wasm_time: a small timing program for the wasm32 build under Node's WASI
 * (lfbench is not built for wasm32).  It times the current back end
 * (LIMBFORGE_BACKEND, e.g. c32 or wasm_simd128) on the operations the
 * wasm_simd128 kernels serve:
 *   chacha20 and poly1305 (one-shot), ns per byte at 16 KiB;
 *   the ML-KEM NTT (lazy and checked), ns per call.
 * Each row: a warm-up of ~0.3 s (so the engine's optimising tier has the
 * code), then 101 samples of a batch of calls sized to ~1 ms (short, so
 * that on a busy machine some samples run undisturbed); min and median ns
 * per call (and per byte).  With the argument "kernels" it times the
 * Poly1305 block kernels alone at several lengths instead (the scalar kernel
 * of the build, radix 2^26 on wasm32, and in a SIMD128 build the vector
 * kernel plus its powers, which is what the one-shot path pays: the
 * crossover LF_P1305_MIN_WASM_SIMD128), and the one-shot function.
 * Build and run: bench/README.md ("wasm32"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "limbforge/limbforge.h"
#include "limbforge/chacha20.h"
#include "limbforge/ntt.h"
#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"

#define REPS 101

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

typedef void (*op_fn)(void *ctx);

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static volatile uint32_t sink;

/* min and median ns per call of fn */
static void measure(op_fn fn, void *ctx, double *mn, double *med)
{
    double t0 = now_ns();
    long n = 0;
    while (now_ns() - t0 < 3e8) fn(ctx), n++; /* warm-up, ~0.3 s */
    double per = 3e8 / (double)n;
    long batch = (long)(1e6 / per) + 1;
    double s[REPS];
    for (int r = 0; r < REPS; r++) {
        double a = now_ns();
        for (long i = 0; i < batch; i++) fn(ctx);
        s[r] = (now_ns() - a) / (double)batch;
    }
    qsort(s, REPS, sizeof s[0], cmp_d);
    *mn = s[0];
    *med = s[REPS / 2];
}

static uint8_t buf[16384], out[16384], key[32] = {1, 2, 3}, nonce[12] = {4};
static int16_t pa[256], pb[256], pr[256];
static size_t cur_len = 16384;

static void op_chacha(void *c)
{
    (void)c;
    sink += (uint32_t)lf_chacha20(out, buf, cur_len, key, nonce, 1);
}
static void op_poly(void *c)
{
    (void)c;
    uint8_t tag[16];
    lf_poly1305(tag, buf, cur_len, key);
    sink += tag[0];
}
/* the lazy transforms run in place on their own output: the kernels are
 * constant time, so the values (out of their contract after a few calls)
 * do not change the time */
static void op_ntt_lazy(void *c) { (void)c; lf_mlkem_ntt_lazy(pr); }
static void op_invntt_lazy(void *c) { (void)c; lf_mlkem_invntt_lazy(pr); }
static void op_basemul_lazy(void *c) { (void)c; lf_mlkem_basemul_lazy(pr, pa, pb); }
static void op_ntt(void *c) { (void)c; sink += (uint32_t)lf_mlkem_ntt(pr, pa); }
static void op_invntt(void *c) { (void)c; sink += (uint32_t)lf_mlkem_invntt(pr, pa); }
static void op_basemul(void *c) { (void)c; sink += (uint32_t)lf_mlkem_basemul(pr, pa, pb); }
static void op_cyclic(void *c) { (void)c; sink += (uint32_t)lf_ntt128_cyclic_mul(pr, pa, pb); }

/* Poly1305 block kernels alone (internal symbols of the static library) */
static uint64_t kh[3], kr[2] = {0x0ffffffc0fffffffULL & 0x0123456789abcdefULL,
                                0x0ffffffc0ffffffcULL & 0xfedcba9876543210ULL};
static void op_r64(void *c) { (void)c; lf_p1305_blocks_scalar(kh, kr, buf, cur_len / 16, 1); }
static void op_r26(void *c) { (void)c; lf_p1305_blocks_r26(kh, kr, buf, cur_len / 16, 1); }
#if defined(__wasm_simd128__)
static void op_vec(void *c)
{
    (void)c;
    uint64_t pw[4][3];
    lf_p1305_powers(pw, kr, 4);
    lf_p1305_blocks_wasm_simd128(kh, (const uint64_t(*)[3])pw, buf, cur_len / 16);
}
#endif

static void row(const char *be, const char *op, op_fn fn, size_t bytes)
{
    double mn, med;
    measure(fn, NULL, &mn, &med);
    if (bytes)
        printf("%-12s %-22s %6zu B  %9.1f ns  %9.1f ns  %6.3f ns/B  %6.3f ns/B\n", be, op, bytes,
               mn, med, mn / (double)bytes, med / (double)bytes);
    else
        printf("%-12s %-22s          %9.1f ns  %9.1f ns\n", be, op, mn, med);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *be = lf_backend_name(lf_backend_current());
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 131 + 7);
    for (int i = 0; i < 256; i++) {
        pa[i] = (int16_t)((i * 1237 + 11) % 3329);
        pb[i] = (int16_t)((i * 2711 + 5) % 3329);
    }
    if (argc > 1 && !strcmp(argv[1], "kernels")) {
        static const size_t lens[] = {64, 128, 256, 384, 512, 768, 1024, 1536, 2048, 16384};
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            cur_len = lens[i];
            row(be, "p1305 scalar kernel", op_r64, cur_len);
            row(be, "p1305 r26 kernel", op_r26, cur_len);
#if defined(__wasm_simd128__)
            row(be, "p1305 simd+powers", op_vec, cur_len);
#endif
            row(be, "poly1305 one-shot", op_poly, cur_len);
        }
        return 0;
    }
    cur_len = 16384;
    row(be, "chacha20", op_chacha, cur_len);
    row(be, "poly1305", op_poly, cur_len);
    row(be, "mlkem_ntt_lazy", op_ntt_lazy, 0);
    row(be, "mlkem_invntt_lazy", op_invntt_lazy, 0);
    row(be, "mlkem_basemul_lazy", op_basemul_lazy, 0);
    row(be, "mlkem_ntt", op_ntt, 0);
    row(be, "mlkem_invntt", op_invntt, 0);
    row(be, "mlkem_basemul", op_basemul, 0);
    row(be, "ntt128_cyclic_mul", op_cyclic, 0);
    return (int)(sink & 0);
}
