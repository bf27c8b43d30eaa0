/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Back-end selection around the edges (limbforge.h, lf_backend_current):
 *  - lf_version() is LF_VERSION_STRING, MAJOR.MINOR.PATCH, and the CMake
 *    project version (LF_TEST_PROJECT_VERSION);
 *  - first-use detection never overwrites a back end that another thread set
 *    with lf_backend_set() while the detection ran (src/cpu.c's test hook
 *    holds the detection until the other thread has set "c");
 *  - LIMBFORGE_BACKEND: empty counts as unset (the same back end as
 *    detection picks without it, nothing on stderr); an unknown name
 *    ("bogus", "AVX2", " c") or a back end
 *    this CPU cannot run makes the first use print one line on stderr that
 *    names the value and lists the back ends this CPU has (other lines, such
 *    as an emulator's note on the abort, are ignored), then abort; a valid
 *    name is taken.  Each case runs in a child process (fork).
 * The child cases read LIMBFORGE_BACKEND, so the test clears it first. */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "limbforge/limbforge.h"

extern void (*lf_backend_detect_hook)(void); /* src/cpu.c, hidden: static link */
extern void lf_dispatch_reset(void);         /* src/cpu.c: as in a new process */

static int fails, checks;
#define CHECK(c, ...)                                                              \
    do {                                                                           \
        checks++;                                                                  \
        if (!(c)) {                                                                \
            fails++;                                                               \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                   \
            fprintf(stderr, __VA_ARGS__);                                          \
            fputc('\n', stderr);                                                   \
        }                                                                          \
    } while (0)

/* ---------------------------------------------------------------- version */
static void test_version(void)
{
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", LF_VERSION_MAJOR, LF_VERSION_MINOR, LF_VERSION_PATCH);
    CHECK(strcmp(lf_version(), LF_VERSION_STRING) == 0, "lf_version() %s, header %s", lf_version(),
          LF_VERSION_STRING);
    CHECK(strcmp(want, LF_VERSION_STRING) == 0, "LF_VERSION_* %s vs %s", want, LF_VERSION_STRING);
    CHECK(strcmp(lf_version(), LF_TEST_PROJECT_VERSION) == 0, "lf_version() %s, CMake project %s",
          lf_version(), LF_TEST_PROJECT_VERSION);
}

/* ------------------------------------------- detection vs lf_backend_set */
static atomic_int stage; /* 1: detection is running; 2: the other thread has set "c" */

static void slow_detect(void)
{
    atomic_store(&stage, 1);
    while (atomic_load(&stage) != 2) usleep(100);
}

static void *first_use(void *arg)
{
    *(lf_backend *)arg = lf_backend_current();
    return NULL;
}

/* In a child: this process's first use of the library. */
static int child_race(void)
{
    pthread_t t;
    lf_backend seen = LF_BACKEND_COUNT;
    lf_backend_detect_hook = slow_detect;
    if (pthread_create(&t, NULL, first_use, &seen)) return 3;
    while (atomic_load(&stage) != 1) usleep(100);
    if (lf_backend_set("c") != LF_OK) return 4;
    atomic_store(&stage, 2);
    pthread_join(t, NULL);
    /* the detecting thread must return, and leave, the explicit choice */
    if (seen != LF_BACKEND_C) return 5;
    if (lf_backend_current() != LF_BACKEND_C) return 6;
    return 0;
}

/* Runs fn in a child with LIMBFORGE_BACKEND = env (NULL: unset); returns the
 * wait status and the child's stderr in err. */
static const char *child_var = "LIMBFORGE_BACKEND";
static int run_child(const char *env, int (*fn)(void), char *err, size_t errlen)
{
    int p[2];
    if (pipe(p)) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 2);
        close(p[0]);
        if (env) setenv(child_var, env, 1);
        else unsetenv(child_var);
        lf_dispatch_reset(); /* the parent's first use must not be inherited */
        _exit(fn());
    }
    close(p[1]);
    size_t len = 0;
    ssize_t n;
    while (len + 1 < errlen && (n = read(p[0], err + len, errlen - 1 - len)) > 0) len += (size_t)n;
    err[len] = 0;
    close(p[0]);
    int st;
    waitpid(pid, &st, 0);
    return st;
}

static int child_first_use(void)
{
    lf_backend b = lf_backend_current();
    printf("%s", ""); /* keep stdout untouched */
    return (int)b;
}

static void test_env(void)
{
    char err[512], have[256] = "";
    size_t len = 0;
    for (int i = 0; i < LF_BACKEND_COUNT; i++)
        if (lf_backend_available((lf_backend)i))
            len += (size_t)snprintf(have + len, sizeof have - len, "%s%s", len ? " " : "",
                                    lf_backend_name((lf_backend)i));
    /* a name of another architecture's back end, which this CPU cannot run */
    const char *foreign = NULL;
    for (int i = 0; i < LF_BACKEND_COUNT && !foreign; i++)
        if (!lf_backend_available((lf_backend)i)) foreign = lf_backend_name((lf_backend)i);
    const char *bad[] = {"bogus", "AVX2", " c", "", foreign};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!bad[i]) continue;
        int st = run_child(bad[i], child_first_use, err, sizeof err);
        if (!*bad[i]) { /* empty: not set, detection as usual, silently */
            char err0[512];
            int st0 = run_child(NULL, child_first_use, err0, sizeof err0);
            CHECK(WIFEXITED(st) && WIFEXITED(st0) && WEXITSTATUS(st) == WEXITSTATUS(st0),
                  "LIMBFORGE_BACKEND='' did not pick what detection picks unset (%d vs %d)", st, st0);
            CHECK(!err[0], "LIMBFORGE_BACKEND='' wrote to stderr: %s", err);
            continue;
        }
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, "LIMBFORGE_BACKEND='%s': no abort", bad[i]);
        char want[96];
        snprintf(want, sizeof want, "LIMBFORGE_BACKEND=%s: ", bad[i]);
        CHECK(strstr(err, want) != NULL, "message does not name '%s': %s", bad[i], err);
        CHECK(strstr(err, have) != NULL, "message does not list '%s': %s", have, err);
        /* one line from the library (an emulator may add its own lines
         * about the abort, e.g. qemu-user's "uncaught target signal") */
        const char *line = strstr(err, "limbforge: ");
        const char *nl = line ? strchr(line, '\n') : NULL;
        CHECK(line && (line == err || line[-1] == '\n') && nl && !strstr(nl, "limbforge"),
              "not one line from the library: %s", err);
    }
    for (int i = 0; i < LF_BACKEND_COUNT; i++) {
        if (!lf_backend_available((lf_backend)i)) continue;
        int st = run_child(lf_backend_name((lf_backend)i), child_first_use, err, sizeof err);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == i, "LIMBFORGE_BACKEND=%s not taken (status %d)",
              lf_backend_name((lf_backend)i), st);
    }
    int st = run_child(NULL, child_race, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
          "first-use detection overwrote lf_backend_set(\"c\") (child status %d)", st);
}

/* LIMBFORGE_CAPS: the child reports 0 if lf_caps() is caps_want and its
 * back end runs with it, else 1. */
static uint64_t caps_want;
static int child_caps(void)
{
    lf_backend b = lf_backend_current();
    return lf_caps() == caps_want && lf_backend_available(b) ? 0 : 1;
}

static void test_caps_env(void)
{
    char err[512], list[64];
    uint64_t cpu = lf_caps_cpu();
    child_var = "LIMBFORGE_CAPS";
    CHECK(lf_caps() == cpu, "lf_caps() %llx is not the CPU's %llx with LIMBFORGE_CAPS unset",
          (unsigned long long)lf_caps(), (unsigned long long)cpu);
    /* one capability off at a time, and one the CPU lacks (accepted, no change) */
    int n = 0;
    for (int i = 0; i < LF_CAP_COUNT; i++) {
        uint64_t c = 1ull << i;
        snprintf(list, sizeof list, "-%s", lf_cap_name(c));
        caps_want = cpu & ~c;
        int st = run_child(list, child_caps, err, sizeof err);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "LIMBFORGE_CAPS=%s: caps or back end wrong (%d)", list, st);
        CHECK(!err[0], "LIMBFORGE_CAPS=%s wrote to stderr: %s", list, err);
        n++;
    }
    /* a list keeps only what it names; "none" keeps nothing; "" is unset */
    const char *a = NULL, *b = NULL;
    for (int i = 0; i < LF_CAP_COUNT; i++)
        if (cpu >> i & 1) {
            if (!a) a = lf_cap_name(1ull << i);
            else if (!b) b = lf_cap_name(1ull << i);
        }
    struct { const char *env; uint64_t want; } keep[] = {{"none", 0}, {"", cpu}, {a, 0}, {NULL, 0}};
    if (a) keep[2].want = cpu & (~cpu + 1); /* a names the lowest bit */
    char ab[64] = "";
    if (a && b) {
        snprintf(ab, sizeof ab, "%s,%s", a, b);
        keep[3].env = ab;
        for (int i = 0; i < LF_CAP_COUNT; i++)
            if (lf_cap_name(1ull << i) == a || lf_cap_name(1ull << i) == b) keep[3].want |= 1ull << i;
    }
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        if (!keep[i].env) continue;
        caps_want = keep[i].want;
        int st = run_child(keep[i].env, child_caps, err, sizeof err);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "LIMBFORGE_CAPS='%s': caps or back end wrong (%d)",
              keep[i].env, st);
        n++;
    }
    /* unknown names abort with one line naming the value and the known names */
    const char *bad[] = {"bogus", "-ADX", "adx,", "-adx,-bogus", "+adx"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = run_child(bad[i], child_caps, err, sizeof err);
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, "LIMBFORGE_CAPS='%s': no abort", bad[i]);
        char want[96];
        snprintf(want, sizeof want, "LIMBFORGE_CAPS=%s: ", bad[i]);
        CHECK(strstr(err, want) != NULL && strstr(err, " bmi2 ") != NULL, "message for '%s': %s", bad[i], err);
        n++;
    }
    child_var = "LIMBFORGE_BACKEND";
    printf("LIMBFORGE_CAPS: %d cases\n", n);
}

int main(void)
{
    test_version();
    test_env();
    test_caps_env();
    printf("%d passed, %d failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
