/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The RVV NTT kernels take one of three fixed-strip paths (32, 64 or 128
 * lanes per LMUL-4 group), chosen by VLMAX, or below 32 lanes the
 * vector-length-agnostic one, so a run at one VLEN reaches only one of them.
 * This test compiles the kernel file four more times with one path forced
 * each (rvv_path32/64/128/vla.c) and checks every kernel of each forced set
 * that the running VLEN can execute (a path of m lanes needs VLMAX >= m; the
 * VLA path runs everywhere) against the portable C kernels: bit-identical
 * outputs and verdicts, in place too, on random and extreme inputs and on
 * inputs with one coefficient out of range.  So each path runs at every VLEN
 * from its own up (test-cross: 128, 256, 512, 1024).  Exit 77 without RVV. */
#include <riscv_vector.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

#include "../common/check.h"
#include "../common/rng.h"
#include "limbforge/ntt.h"
#include "ntt/ntt_internal.h"

extern const lf_ntt_kernels lf_ntt_kernels_rvv_p32, lf_ntt_kernels_rvv_p64, lf_ntt_kernels_rvv_p128,
    lf_ntt_kernels_rvv_pvla;

static lf_rng rng = LF_RNG_INIT(0x243f6a8885a308d3u);
static uint32_t rnd(void) { return (uint32_t)lf_rng_u64(&rng); }
static void fill(int16_t *a, int n, int lo, int hi)
{
    for (int i = 0; i < n; i++)
        a[i] = (int16_t)(lo + (int)lf_rng_below(&rng, (uint64_t)(hi - lo + 1)));
}

static void check_set(const char *name, const lf_ntt_kernels *k, int iters)
{
    const lf_ntt_kernels *c = &lf_ntt_kernels_c;
    int16_t a[256], b[256], e[256], r[256], t[256];
    for (int it = 0; it < iters; it++) {
        int ext = it % 4 == 0; /* the lazy bounds' extremes */
        /* lazy kernels */
        fill(a, 256, ext ? -LF_MLKEM_NTT_IN_MAX : 0, ext ? LF_MLKEM_NTT_IN_MAX : LF_NTT_Q - 1);
        memcpy(e, a, sizeof e), memcpy(r, a, sizeof r);
        c->ntt(e), k->ntt(r);
        CHECK(!memcmp(e, r, sizeof e), "%s: ntt (%d)", name, it);
        fill(a, 256, -LF_MLKEM_INVNTT_IN_MAX, LF_MLKEM_INVNTT_IN_MAX);
        memcpy(e, a, sizeof e), memcpy(r, a, sizeof r);
        c->invntt(e), k->invntt(r);
        CHECK(!memcmp(e, r, sizeof e), "%s: invntt (%d)", name, it);
        fill(a, 256, -LF_MLKEM_BASEMUL_IN_MAX, LF_MLKEM_BASEMUL_IN_MAX);
        fill(b, 256, -LF_MLKEM_BASEMUL_IN_MAX, LF_MLKEM_BASEMUL_IN_MAX);
        c->basemul(e, a, b), k->basemul(r, a, b);
        memcpy(t, a, sizeof t), k->basemul(t, t, b);
        CHECK(!memcmp(e, r, sizeof e) && !memcmp(e, t, sizeof e), "%s: basemul (%d)", name,
              it);
        /* checked kernels: in range, then one coefficient out of range */
        for (int bad = 0; bad < 2; bad++) {
            fill(a, 256, 0, LF_NTT_Q - 1);
            fill(b, 256, 0, LF_NTT_Q - 1);
            int pos = (int)(rnd() % 256), cbad = bad && pos < 128; /* cyclic: a, b[0..128) */
            if (bad) a[pos] = (int16_t)(rnd() & 1 ? LF_NTT_Q : -1); /* b bad: a, b swapped below */
            uint32_t want = bad ? 0xffffffffu : 0;
            memset(e, 0, sizeof e);
            if (!cbad) c->cyclic(e, a, b);
            memset(r, 0x55, sizeof r);
            CHECK(k->cyclic_chk(r, a, b) == (cbad ? 0xffffffffu : 0) && !memcmp(e, r, 256),
                  "%s: cyclic_chk bad=%d (%d)", name, cbad, it);
            memset(r, 0x55, sizeof r);
            CHECK(k->cyclic_chk(r, b, a) == (cbad ? 0xffffffffu : 0) && !memcmp(e, r, 256),
                  "%s: cyclic_chk swapped bad=%d (%d)", name, cbad, it);
            if (!bad) {
                memcpy(t, a, 256);
                CHECK(k->cyclic_chk(t, t, b) == 0 && !memcmp(e, t, 256),
                      "%s: cyclic_chk r == a (%d)", name, it);
            }
            /* FIPS NTT = lazy NTT, transposed out of B order, reduced to [0, q) */
            int16_t u[256];
            memset(e, 0, sizeof e);
            if (!bad) {
                memcpy(u, a, sizeof u);
                c->ntt(u);
                lf_mlkem_transpose(e, u);
                for (int i = 0; i < 256; i++)
                    e[i] = (int16_t)((e[i] % LF_NTT_Q + LF_NTT_Q) % LF_NTT_Q);
            }
            CHECK(k->ntt_fips(r, a) == want && !memcmp(e, r, sizeof e),
                  "%s: ntt_fips bad=%d (%d)", name, bad, it);
            if (!bad) {
                /* invntt_fips(ntt_fips(a)) = a; basemul_fips against the C composition */
                CHECK(k->invntt_fips(t, r) == 0 && !memcmp(t, a, sizeof t),
                      "%s: invntt_fips (%d)", name, it);
                int16_t ta[256], tb[256];
                lf_mlkem_transpose(ta, a);
                lf_mlkem_transpose(tb, b);
                c->basemul(u, ta, tb);
                lf_mlkem_transpose(e, u);
                for (int i = 0; i < 256; i++) { /* times 2^16 */
                    int32_t x = (int32_t)e[i] * ((1 << 16) % LF_NTT_Q) % LF_NTT_Q;
                    e[i] = (int16_t)((x + LF_NTT_Q) % LF_NTT_Q);
                }
                CHECK(k->basemul_fips(r, a, b) == 0 && !memcmp(e, r, sizeof e),
                      "%s: basemul_fips (%d)", name, it);
                memcpy(t, b, sizeof t);
                CHECK(k->basemul_fips(t, a, t) == 0 && !memcmp(e, t, sizeof e),
                      "%s: basemul_fips r == b (%d)", name, it);
            } else {
                memset(e, 0, sizeof e);
                CHECK(k->invntt_fips(r, a) == want && !memcmp(e, r, sizeof e),
                      "%s: invntt_fips bad (%d)", name, it);
                CHECK(k->basemul_fips(r, a, b) == want && !memcmp(e, r, sizeof e),
                      "%s: basemul_fips bad (%d)", name, it);
                CHECK(k->basemul_fips(r, b, a) == want && !memcmp(e, r, sizeof e),
                      "%s: basemul_fips b bad (%d)", name, it);
            }
        }
    }
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    if (!(getauxval(AT_HWCAP) & (1ul << ('v' - 'a')))) {
        printf("no RVV here: skipped\n");
        return 77;
    }
    size_t vm = __riscv_vsetvlmax_e16m4();
    static const struct { const char *name; const lf_ntt_kernels *k; size_t lanes; } sets[] = {
        {"path32", &lf_ntt_kernels_rvv_p32, 32},
        {"path64", &lf_ntt_kernels_rvv_p64, 64},
        {"path128", &lf_ntt_kernels_rvv_p128, 128},
        {"vla", &lf_ntt_kernels_rvv_pvla, 0},
    };
    int ran = 0;
    for (int i = 0; i < 4; i++) {
        if (vm < sets[i].lanes) continue;
        check_set(sets[i].name, sets[i].k, iters);
        printf("%s at VLMAX(e16, m4) = %zu: checked\n", sets[i].name, vm);
        ran++;
    }
    printf("%d path(s)\n", ran);
    /* the VLA set always runs, one check at least per case */
    return lf_test_report("test_ntt_rvv_paths", lf_check_n, lf_check_fails, iters);
}
