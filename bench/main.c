/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lfbench: limbforge benchmark harness.  See bench/README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "suites.h"

static const lfb_suite suites[] = {
    {"field", suite_field, "prime-field mul/sqr/add/sub/inv/sqrt (limbforge, blst, GMP, OpenSSL)"},
    {"mp", suite_mp, "multi-precision mul/sqr/sec_mul, 256..8192 bits (GMP)"},
    {"modexp", suite_modexp, "constant-time modexp 1024..4096 bits, RSA private key op (GMP, OpenSSL)"},
    {"poly1305", suite_poly1305, "Poly1305 MAC, 16..16384 bytes (OpenSSL, libsodium, nettle)"},
    {"aead", suite_aead, "ChaCha20-Poly1305 seal, 64..16384 bytes (OpenSSL, libsodium, nettle)"},
    {"ntt", suite_ntt, "ML-KEM-768 NTT/basemul and KEM (PQClean AVX2)"},
    {"secp256k1", suite_secp256k1, "secp256k1 keygen/ECDSA/Schnorr (libsecp256k1, secp256k1-sys)"},
    {"dispatch", suite_dispatch, "secp256k1_p chains of 1000 ops: public API vs internal kernel table"},
};
#define NSUITES (sizeof suites / sizeof suites[0])

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lfbench [--suite NAME[,NAME...]]... [--filter REGEX] [--quick]\n"
            "               [--json PATH] [--list]\n"
            "  --suite NAME   run only these suites (repeatable, or a comma list)\n"
            "  --filter REGEX run only rows whose key \"suite/op/subject/impl/backend\"\n"
            "                 matches this POSIX extended regex (backend is empty\n"
            "                 for anchors, e.g. field/mul/bls12_381_p/blst/)\n"
            "  --quick        short warm-up and few samples (smoke run, <= 30 s)\n"
            "  --json PATH    also write the results as JSON (see bench/schema.json)\n"
            "  --list         list suites and the rows they would run, then exit\n"
            "  --tune mp [--out DIR]  tune the mp thresholds, write DIR/<target>.h\n"
            "                 (default: src/mp/params of the source tree)\n"
            "suites:\n");
    for (size_t i = 0; i < NSUITES; i++) fprintf(f, "  %-10s %s\n", suites[i].name, suites[i].what);
}

static int select_suites(const char *arg, int *sel)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        size_t i;
        for (i = 0; i < NSUITES; i++)
            if (!strcmp(t, suites[i].name)) break;
        if (i == NSUITES) {
            fprintf(stderr, "lfbench: unknown suite '%s'\n", t);
            return -1;
        }
        sel[i] = 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    lfb_options o = {0};
    int sel[NSUITES] = {0}, any_sel = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
#define OPT_WITH_VALUE(name)                                                                     \
    (!strcmp(a, name) ? (i + 1 < argc ? (val = argv[++i], 1) : -1)                               \
                      : (!strncmp(a, name "=", sizeof(name)) ? (val = a + sizeof(name), 1) : 0))
        int r;
        if ((r = OPT_WITH_VALUE("--suite"))) {
            if (r < 0 || select_suites(val, sel)) return 2;
            any_sel = 1;
        } else if ((r = OPT_WITH_VALUE("--filter"))) {
            if (r < 0) return 2;
            o.filter = val;
        } else if ((r = OPT_WITH_VALUE("--tune"))) { /* lfbench --tune mp [--out DIR] */
            if (r < 0) return 2;
            int lfb_tune_mp_main(const char *what, int argc, char **argv); /* suite_mp.c */
            return lfb_tune_mp_main(val, argc - i - 1, argv + i + 1);
        } else if ((r = OPT_WITH_VALUE("--json"))) {
            if (r < 0) return 2;
            o.json_path = val;
        } else if (!strcmp(a, "--quick")) {
            o.quick = 1;
        } else if (!strcmp(a, "--list")) {
            o.list = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "lfbench: unknown argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
#undef OPT_WITH_VALUE
    }
    if (!any_sel)
        for (size_t i = 0; i < NSUITES; i++) sel[i] = 1;

    lfb *h = lfb_new(&o);
    if (!h) return 2;
    if (o.list) {
        printf("suites:\n");
        for (size_t i = 0; i < NSUITES; i++)
            printf("  %-10s %s%s\n", suites[i].name, suites[i].what, sel[i] ? "" : "  (not selected)");
        printf("rows (key, kind):\n");
    } else {
        lfb_machine_info(h);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i < NSUITES; i++) {
        if (!sel[i]) continue;
        lfb_begin_suite(h, suites[i].name);
        suites[i].fn(h);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int rc = 0;
    if (!o.list) {
        lfb_clock_recheck(h);
        fprintf(stderr, "lfbench: measured in %.1f s\n",
                (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
        lfb_print_table(h);
        if (o.json_path && lfb_write_json(h, o.json_path)) rc = 1;
    }
    lfb_free(h);
    return rc;
}
