/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lfbench: limbforge benchmark harness.  See bench/README.md. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "suites.h"

static const lfb_suite suites[] = {
    {"field", suite_field, "prime-field mul/sqr/add/sub/inv/sqrt (limbforge, blst, GMP, OpenSSL)"},
    {"mp", suite_mp, "multi-precision mul/sqr/sec_mul, 256..8192 bits (limbforge, GMP)"},
    {"modexp", suite_modexp, "constant-time modexp 1024..4096 bits, RSA private key op (limbforge, GMP, OpenSSL)"},
    {"poly1305", suite_poly1305, "Poly1305 MAC, 16..16384 bytes (limbforge, OpenSSL, libsodium, nettle)"},
    {"aead", suite_aead, "ChaCha20-Poly1305 seal, 64..16384 bytes (limbforge, OpenSSL, libsodium, nettle)"},
    {"ntt", suite_ntt, "ML-KEM-768 NTT/basemul (PQClean AVX2)"},
    {"mlkem", suite_mlkem, "ML-KEM-512/768/1024 keypair/enc/dec (PQClean AVX2)"},
    {"secp256k1", suite_secp256k1, "secp256k1 keygen/ECDSA/Schnorr (libsecp256k1, secp256k1-sys)"},
    {"hash", suite_hash, "SHA-256 and HMAC-SHA256, 64..16384 bytes (OpenSSL, nettle)"},
    {"dispatch", suite_dispatch, "secp256k1_p chains of 1000 ops: public API vs internal kernel table"},
};
#define NSUITES (sizeof suites / sizeof suites[0])

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lfbench [--suite NAME[,NAME...]]... [--filter REGEX] [--quick]\n"
            "               [--json PATH] [--list]\n"
            "       lfbench --tune mp [--out DIR | --write-source]\n"
            "  --suite NAME   run only these suites (repeatable, or a comma list)\n"
            "  --filter REGEX run only rows whose key \"suite/op/subject/impl/backend\"\n"
            "                 matches this POSIX extended regex (backend is empty\n"
            "                 for anchors, e.g. field/mul/bls12_381_p/blst/)\n"
            "  --quick        short warm-up and few samples (smoke run, <= 30 s)\n"
            "  --json PATH    also write the results as JSON (see bench/schema.json);\n"
            "                 python3 bench/plot.py PATH draws charts beside it\n"
            "  --list         list suites and the rows they would run, then exit\n"
            "  --tune mp      measure, per back end with mp kernels of its own, up to\n"
            "                 which size the generated mul/sqr/redc kernels beat one\n"
            "                 Karatsuba level (reduction by multiplication for redc),\n"
            "                 and write <target>.h with LF_MP_{MUL,SQR,REDC}_MAX\n"
            "                 (a few seconds; run it on a quiet machine) into\n"
            "    (default)    mp_params/ beside the lfbench binary (the build tree)\n"
            "    --out DIR    DIR instead\n"
            "    --write-source  src/mp/params/ of the source tree, which `make gen`\n"
            "                 reads to regenerate the mp kernels (then rebuild)\n"
            "Progress goes to stderr (one line per row: row i/N, time left, best and\n"
            "median), the table to stdout.\n"
            "suites:\n");
    for (size_t i = 0; i < NSUITES; i++) fprintf(f, "  %-10s %s\n", suites[i].name, suites[i].what);
}

/* A usage error: one line naming the problem, then the usage; exit code 2. */
static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("lfbench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    usage(stderr);
    return 2;
}

static int select_suites(const char *arg, int *sel)
{
    char buf[256];
    if (strlen(arg) >= sizeof buf) {
        fprintf(stderr, "lfbench: --suite value too long\n");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", arg);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        size_t i;
        for (i = 0; i < NSUITES; i++)
            if (!strcmp(t, suites[i].name)) break;
        if (i == NSUITES) {
            char known[256] = "";
            for (size_t k = 0; k < NSUITES; k++) {
                size_t len = strlen(known);
                snprintf(known + len, sizeof known - len, "%s%s", k ? ", " : "", suites[k].name);
            }
            fprintf(stderr, "lfbench: unknown suite '%s' (suites: %s)\n", t, known);
            return -1;
        }
        sel[i] = 1;
        n++;
    }
    if (!n) {
        fprintf(stderr, "lfbench: --suite '%s' names no suite\n", arg);
        return -1;
    }
    return 0;
}

/* Options that take a value: "--name VALUE" or "--name=VALUE". */
static const struct {
    const char *name, *meta;
} value_opts[] = {{"--suite", "NAME[,NAME...]"}, {"--filter", "REGEX"}, {"--json", "PATH"},
                  {"--tune", "mp"}, {"--out", "DIR"}};

/* argv[*i] is one of value_opts: 1 and *k, *val set (*i advanced past a
 * separate value); -1 and *k set if the value is missing (end of the
 * arguments, an empty value, or the next argument is an option); 0 if
 * argv[*i] is no such option. */
static int value_opt(int argc, char **argv, int *i, size_t *k, const char **val)
{
    const char *a = argv[*i];
    for (*k = 0; *k < sizeof value_opts / sizeof value_opts[0]; ++*k) {
        const char *name = value_opts[*k].name;
        size_t n = strlen(name);
        if (strncmp(a, name, n) != 0) continue;
        if (a[n] == '=') {
            *val = a + n + 1;
        } else if (a[n] == 0) {
            if (*i + 1 >= argc || !strncmp(argv[*i + 1], "--", 2)) return -1;
            *val = argv[++*i];
        } else {
            continue;
        }
        return **val ? 1 : -1;
    }
    return 0;
}

/* mkdir -p; 0 on success (or if it exists). */
static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) return -1;
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* The directory --tune writes into: --out DIR, src/mp/params of the source
 * tree with --write-source, else mp_params/ beside the binary. */
static int tune_dir(char *dir, size_t n, const char *out, int write_source, const char *argv0)
{
    if (out) {
        snprintf(dir, n, "%s", out);
    } else if (write_source) {
        snprintf(dir, n, "%s/src/mp/params", LFB_SOURCE_DIR);
        struct stat st;
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "lfbench: --write-source: %s is not a directory (source tree moved?)\n", dir);
            return -1;
        }
    } else {
        char exe[4000];
        ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (len > 0) exe[len] = 0;
        else snprintf(exe, sizeof exe, "%s", argv0);
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        else snprintf(exe, sizeof exe, ".");
        snprintf(dir, n, "%s/mp_params", exe);
    }
    if (make_dirs(dir) != 0 || access(dir, W_OK) != 0) {
        fprintf(stderr, "lfbench: --tune: cannot write into %s: %s\n", dir, strerror(errno));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    lfb_options o = {0};
    int sel[NSUITES] = {0}, any_sel = 0, write_source = 0;
    const char *tune = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        size_t k;
        int r = value_opt(argc, argv, &i, &k, &val);
        if (r < 0)
            return usage_error("option %s needs a value (%s %s)", value_opts[k].name,
                               value_opts[k].name, value_opts[k].meta);
        if (r > 0) {
            const char *name = value_opts[k].name;
            if (!strcmp(name, "--suite")) {
                if (select_suites(val, sel)) return 2;
                any_sel = 1;
            } else if (!strcmp(name, "--filter")) {
                o.filter = val;
            } else if (!strcmp(name, "--json")) {
                o.json_path = val;
            } else if (!strcmp(name, "--tune")) {
                tune = val;
            } else {
                out = val;
            }
        } else if (!strcmp(a, "--quick")) {
            o.quick = 1;
        } else if (!strcmp(a, "--list")) {
            o.list = 1;
        } else if (!strcmp(a, "--write-source")) {
            write_source = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            return usage_error("unknown argument '%s'", a);
        }
    }

    if (tune) {
        if (strcmp(tune, "mp") != 0) {
            fprintf(stderr, "lfbench: --tune: unknown target '%s' (lfbench tunes only 'mp')\n", tune);
            return 2;
        }
        if (any_sel || o.filter || o.json_path || o.list || o.quick)
            return usage_error("--tune mp takes only --out DIR or --write-source");
        if (out && write_source) return usage_error("--out and --write-source exclude each other");
        char dir[4096];
        if (tune_dir(dir, sizeof dir, out, write_source, argv[0])) return 1;
        return lfb_tune_mp(dir, write_source);
    }
    if (out || write_source) return usage_error("%s goes with --tune mp", out ? "--out" : "--write-source");

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
        /* Count the rows first (the --list walk, silent) for "row i/N". */
        size_t n = lfb_plan(h, suites, sel, NSUITES);
        if (n == 0 && o.filter) {
            fprintf(stderr, "lfbench: no row of the selected suites matches --filter '%s' "
                            "(lfbench --list shows the keys)\n", o.filter);
            lfb_free(h);
            return 2;
        }
        lfb_machine_info(h);
        lfb_progress_start(h);
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
