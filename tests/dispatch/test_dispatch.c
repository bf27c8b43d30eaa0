/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one dispatch pattern (README.md, "Dispatch"): for every module's kernel
 * table and every back end of this architecture, the entry must be the one of
 * the back end's deepest ancestor (itself included) that has kernels of its
 * own.  The tables are filled at compile time by src/dispatch_table.h; this
 * test recomputes the answer from the parent links (lf_backend_parent) and
 * the module's own-kernel set, and compares entries byte for byte.  Also:
 * distinct back ends with kernels of their own have distinct entries, c has
 * its own, and other architectures' entries are empty.  A deliberately wrong
 * table must be reported (self-test).  The fields' vector tables
 * (lf_<f>_vec_dispatch) follow the same pattern, except that an own entry may
 * be all NULL (a scalar back end: field_vec.h runs the scalar kernels in a
 * loop), so there "empty" and "same as another back end's" are allowed for
 * all-NULL entries.
 *
 * LF_TEST_ARCH_BACKENDS (from CMake): this architecture's back ends, comma
 * separated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field/field_internal.h"
#include "lf_internal.h"
#include "limbforge/fields.h"

#define DECL(f, NL, NB) extern const lf_dispatch_info lf_##f##_dispatch, lf_##f##_vec_dispatch;
LF_FIELDS_FOREACH(DECL)
extern const lf_dispatch_info lf_mp_dispatch, lf_ntt_dispatch, lf_p1305_dispatch,
    lf_chacha_dispatch, lf_sha256_dispatch, lf_keccak_dispatch, lf_mlkem_dispatch;
/* the lazy-form kernels of the built-in fields that have them (full top limb) */
extern const lf_dispatch_info lf_secp256k1_p_lazy_dispatch;

#define ENTRY(f, NL, NB) &lf_##f##_dispatch,
static const lf_dispatch_info *const modules[] = {
    LF_FIELDS_FOREACH(ENTRY) &lf_mp_dispatch, &lf_ntt_dispatch, &lf_p1305_dispatch,
    &lf_chacha_dispatch, &lf_sha256_dispatch, &lf_keccak_dispatch, &lf_mlkem_dispatch,
    &lf_secp256k1_p_lazy_dispatch};

#define VENTRY(f, NL, NB) &lf_##f##_vec_dispatch,
static const lf_dispatch_info *const vec_modules[] = {LF_FIELDS_FOREACH(VENTRY)};

static int in_arch[LF_BACKEND_COUNT];

static const void *entry(const lf_dispatch_info *m, int b)
{
    return (const char *)m->table + (size_t)b * m->entry_size;
}

static int is_zero(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i]) return 0;
    return 1;
}

/* Number of problems in module m's table (printed).  null_ok: own entries
 * may be all NULL (vector tables). */
static int check_module(const lf_dispatch_info *m, int quiet, int null_ok)
{
    int bad = 0;
#define BAD(...)                                                                   \
    do {                                                                           \
        bad++;                                                                     \
        if (!quiet) {                                                              \
            fprintf(stderr, "FAIL %s: ", m->module);                               \
            fprintf(stderr, __VA_ARGS__);                                          \
            fputc('\n', stderr);                                                   \
        }                                                                          \
    } while (0)
    if (!(m->own & 1u << LF_BACKEND_C)) BAD("no portable C kernels");
    for (int b = 0; b < LF_BACKEND_COUNT; b++) {
        const char *name = lf_backend_name((lf_backend)b);
        if (!in_arch[b]) {
            if (m->own & 1u << b) BAD("own kernels for %s, not of this architecture", name);
            if (!is_zero(entry(m, b), m->entry_size)) BAD("entry for foreign back end %s", name);
            continue;
        }
        int d = b;
        while (!(m->own & 1u << d)) d = (int)lf_backend_parent((lf_backend)d);
        if (memcmp(entry(m, b), entry(m, d), m->entry_size) != 0)
            BAD("%s does not use the kernels of %s", name, lf_backend_name((lf_backend)d));
        int empty = is_zero(entry(m, b), m->entry_size);
        if (empty && !null_ok) BAD("empty entry for %s", name);
        for (int x = 0; x < b && !(empty && null_ok); x++)
            if (in_arch[x] && (m->own & 1u << x) && (m->own & 1u << b) &&
                memcmp(entry(m, b), entry(m, x), m->entry_size) == 0)
                BAD("%s and %s have the same own kernels", name, lf_backend_name((lf_backend)x));
    }
    return bad;
#undef BAD
}

int main(void)
{
    char list[] = LF_TEST_ARCH_BACKENDS;
    int n_arch = 0, fails = 0, checks = 0;
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
        int found = 0;
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (strcmp(t, lf_backend_name((lf_backend)b)) == 0) in_arch[b] = found = 1;
        if (!found) {
            fprintf(stderr, "FAIL: unknown back end %s in LF_TEST_ARCH_BACKENDS\n", t);
            return 1;
        }
        n_arch++;
    }
    size_t n_mod = sizeof modules / sizeof modules[0], n_vec = sizeof vec_modules / sizeof vec_modules[0];
    for (size_t i = 0; i < n_mod + n_vec; i++) {
        const lf_dispatch_info *m = i < n_mod ? modules[i] : vec_modules[i - n_mod];
        int bad = check_module(m, 0, i >= n_mod);
        fails += bad != 0;
        checks++;
        printf("%-22s own:", m->module);
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (m->own & 1u << b)
                printf(" %s%s", lf_backend_name((lf_backend)b),
                       i >= n_mod && is_zero(entry(m, b), m->entry_size) ? "(scalar loop)" : "");
        printf("%s\n", bad ? "  FAILED" : "");
    }

    /* Self-test: a table whose deepest back end skips its parent's own
     * kernels (uses c's), and one whose child has an empty entry, must be
     * reported. */
    if (n_arch >= 3) {
        int chain[LF_BACKEND_COUNT], len = 0;
        for (int b = 0; b < LF_BACKEND_COUNT; b++)
            if (in_arch[b]) chain[len++] = b;
        int deep = chain[len - 1];
        int parent = (int)lf_backend_parent((lf_backend)deep);
        const void *tbl[LF_BACKEND_COUNT] = {0};
        static const int k_c = 0, k_parent = 1;
        for (int i = 0; i < len; i++) tbl[chain[i]] = &k_c;
        tbl[parent] = &k_parent;
        lf_dispatch_info wrong = {"selftest skip", tbl, sizeof tbl[0],
                                  (1u << LF_BACKEND_C) | (1u << parent)};
        if (check_module(&wrong, 1, 0) == 0 || check_module(&wrong, 1, 1) == 0) {
            fprintf(stderr, "FAIL: self-test: a skipped ancestor was not reported\n");
            fails++;
        }
        tbl[deep] = NULL;
        tbl[parent] = &k_c;
        wrong.own = 1u << LF_BACKEND_C;
        if (check_module(&wrong, 1, 0) == 0) {
            fprintf(stderr, "FAIL: self-test: an empty entry was not reported\n");
            fails++;
        }
        /* vector tables: an all-NULL entry inherited from an ancestor that has
         * real kernels is still a skipped ancestor */
        static const int k_vec = 2;
        for (int i = 0; i < len; i++) tbl[chain[i]] = NULL;
        tbl[LF_BACKEND_C] = &k_vec;
        tbl[parent] = &k_vec;
        wrong.own = (1u << LF_BACKEND_C) | (1u << parent);
        if (check_module(&wrong, 1, 1) == 0) {
            fprintf(stderr, "FAIL: self-test: a vector table skipping its ancestor was not reported\n");
            fails++;
        }
        checks += 3;
    }
    printf("%d passed, %d failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
