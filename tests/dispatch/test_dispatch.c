/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one dispatch pattern (README.md, "Dispatch"): every module's kernel
 * table has an entry per slot (src/generated/dispatch_slots.h), and a slot's entry must
 * be the kernels of the module's most preferred entry of its own among those
 * the slot runs: a feature entry before any back end (the later feature
 * first), else the deepest back end.  The tables are filled at compile time
 * by src/generated/dispatch_table.h; this test recomputes every slot's choice from the
 * slot list (lf_slot_usable), the parent links and the module's own-kernel
 * set, and checks that all slots with the same choice hold the same bytes,
 * that different choices hold different kernels, that c has its own, that
 * every own entry is chosen somewhere, and that no own entry is of another
 * architecture.  Deliberately wrong tables must be reported (self-test).
 * The fields' vector tables (lf_<f>_vec_dispatch) follow the same pattern,
 * except that an own entry may be all NULL (a scalar back end: field_vec.h
 * runs the scalar kernels in a loop), so there "empty" and "same as another
 * entry's" are allowed for all-NULL entries.
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
extern const lf_dispatch_info lf_mp_dispatch, lf_mp_exp52_dispatch, lf_ntt_dispatch, lf_p1305_dispatch,
    lf_chacha_dispatch, lf_sha256_dispatch, lf_keccak_dispatch, lf_mlkem_dispatch;
/* the secp256k1 group code's: secp256k1_p's lazy-form kernels and the point kernels */
extern const lf_dispatch_info lf_secp256k1_dispatch;

#define ENTRY(f, NL, NB) &lf_##f##_dispatch,
static const lf_dispatch_info *const modules[] = {
    LF_FIELDS_FOREACH(ENTRY) &lf_mp_dispatch, &lf_mp_exp52_dispatch, &lf_ntt_dispatch, &lf_p1305_dispatch,
    &lf_chacha_dispatch, &lf_sha256_dispatch, &lf_keccak_dispatch, &lf_mlkem_dispatch,
    &lf_secp256k1_dispatch};

#define VENTRY(f, NL, NB) &lf_##f##_vec_dispatch,
static const lf_dispatch_info *const vec_modules[] = {LF_FIELDS_FOREACH(VENTRY)};

static int in_arch[LF_BACKEND_COUNT];

static const void *entry(const lf_dispatch_info *m, int slot)
{
    return (const char *)m->table + (size_t)slot * m->entry_size;
}

static int is_zero(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i]) return 0;
    return 1;
}

/* Preference among entries (higher wins), as README.md "Dispatch" states it:
 * features first (the later the more), then back ends by depth. */
static int rank(int e)
{
    if (e >= LF_BACKEND_COUNT) return 100 + e - LF_BACKEND_COUNT;
    int d = 1;
    for (int b = e; b != LF_BACKEND_C; b = (int)lf_backend_parent((lf_backend)b)) d++;
    return d;
}

static int entry_in_arch(int e)
{
    return e < LF_BACKEND_COUNT ? in_arch[e] : in_arch[lf_entry_base(e)];
}

/* The entry slot s should use for a module with own-kernel set own. */
static int choice(uint32_t own, int s)
{
    uint32_t u = own & lf_slot_usable(s);
    int best = -1;
    for (int e = 0; e < LF_ENTRY_COUNT; e++)
        if ((u >> e & 1) && (best < 0 || rank(e) > rank(best))) best = e;
    return best;
}

/* Number of problems in module m's table (printed).  null_ok: own entries
 * may be all NULL (vector tables). */
static int check_module(const lf_dispatch_info *m, int quiet, int null_ok)
{
    int bad = 0, home[LF_ENTRY_COUNT];
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
    for (int e = 0; e < LF_ENTRY_COUNT; e++) {
        home[e] = -1;
        if ((m->own >> e & 1) && !entry_in_arch(e)) BAD("own kernels for %s, not of this architecture", lf_entry_name(e));
    }
    for (int s = 0; s < LF_DISPATCH_SLOTS; s++) {
        int d = choice(m->own, s);
        if (d < 0) {
            BAD("slot %d (%s) has no usable entry", s, lf_backend_name(lf_slot_level(s)));
            continue;
        }
        int empty = is_zero(entry(m, s), m->entry_size);
        if (empty && !null_ok) BAD("empty entry in slot %d (%s)", s, lf_backend_name(lf_slot_level(s)));
        if (home[d] < 0) {
            home[d] = s;
            for (int x = 0; x < d && !(empty && null_ok); x++)
                if (home[x] >= 0 && memcmp(entry(m, s), entry(m, home[x]), m->entry_size) == 0)
                    BAD("%s and %s have the same own kernels", lf_entry_name(d), lf_entry_name(x));
        } else if (memcmp(entry(m, s), entry(m, home[d]), m->entry_size) != 0) {
            BAD("slot %d (%s) does not use the kernels of %s", s, lf_backend_name(lf_slot_level(s)),
                lf_entry_name(d));
        }
    }
    for (int e = 0; e < LF_ENTRY_COUNT; e++)
        if ((m->own >> e & 1) && entry_in_arch(e) && home[e] < 0) BAD("own kernels of %s used by no slot", lf_entry_name(e));
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
        for (int e = 0; e < LF_ENTRY_COUNT; e++)
            if (m->own >> e & 1) printf(" %s", lf_entry_name(e));
        printf("%s\n", bad ? "  FAILED" : "");
    }

    /* Self-test: a table whose slots all hold c's kernels although it
     * claims own kernels for the deepest level's entry, one with an empty
     * slot, and a vector table in which one slot of c's group differs, must
     * be reported. */
    if (n_arch >= 2) {
        static const int k_c = 0, k_vec = 2;
        static const void *tbl[LF_DISPATCH_SLOTS];
        int deep = LF_DISPATCH_SLOTS - 1;
        lf_backend lv = lf_slot_level(deep);
        for (int s = 0; s < LF_DISPATCH_SLOTS; s++) tbl[s] = &k_c;
        lf_dispatch_info wrong = {"selftest skip", tbl, sizeof tbl[0], (1u << LF_BACKEND_C) | (1u << lv)};
        if (check_module(&wrong, 1, 0) == 0 || check_module(&wrong, 1, 1) == 0) {
            fprintf(stderr, "FAIL: self-test: own kernels of %s not used was not reported\n", lf_backend_name(lv));
            fails++;
        }
        wrong.own = 1u << LF_BACKEND_C;
        tbl[deep] = NULL;
        if (check_module(&wrong, 1, 0) == 0) {
            fprintf(stderr, "FAIL: self-test: an empty entry was not reported\n");
            fails++;
        }
        for (int s = 0; s < LF_DISPATCH_SLOTS; s++) tbl[s] = &k_vec;
        tbl[deep] = NULL;
        if (check_module(&wrong, 1, 1) == 0) {
            fprintf(stderr, "FAIL: self-test: a vector table skipping c's kernels was not reported\n");
            fails++;
        }
        checks += 3;
    }
    printf("%d passed, %d failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
