/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lfbench harness: see harness.h. */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

/* ------------------------------------------------------------------ */
/* State                                                               */

typedef struct {
    char *suite, *op, *subject, *impl, *backend; /* backend NULL: anchor */
    const char *kind;
    long bytes;
    double ns, ns_median; /* per operation: best and median of the samples */
    unsigned samples;
} lfb_row;

typedef struct {
    char *name, *version;
} lfb_kv;

struct lfb {
    lfb_options opt;
    regex_t re;
    int have_re;
    const char *suite;

    /* timing parameters */
    uint64_t sample_ns;  /* target length of one sample */
    uint64_t warmup_ns;  /* warm-up before the samples */
    uint64_t budget_ns;  /* cap on sampling time of one row when ops are slow */
    unsigned nsamples;   /* samples per row when ops are fast */

    double ghz; /* 0: unknown */
    char cpu[160];
    char features[512]; /* space separated */

    lfb_row *rows;
    size_t nrows, caprows;
    char **notes;
    size_t nnotes, capnotes;
    lfb_kv *versions;
    size_t nversions, capversions;

    uint64_t rng[4];

    /* Progress ("row i/N, ~T left"): lfb_plan counts the rows per suite up
     * front by walking the suites as --list does (counting: lfb_run only
     * counts, notes are dropped). */
    int counting;
    size_t counted;
    struct {
        const char *suite;
        size_t base, count; /* rows before this suite; rows in it */
    } *plan;
    size_t nplan;
    size_t total;     /* N */
    size_t extra;     /* rows beyond the count; N is then shown as ~N */
    size_t done;      /* i: rows reached so far (measured or skipped) */
    size_t suite_end; /* value of done at the current suite's last counted row */
    uint64_t t_start; /* lfb_progress_start */
};

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "lfbench: out of memory\n");
        exit(2);
    }
    return q;
}

static char *xstrdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = xrealloc(NULL, n);
    memcpy(d, s, n);
    return d;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Random numbers: xoshiro256** seeded by splitmix64 (fixed seed, so    */
/* runs use the same inputs).                                          */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t lfb_rand64(lfb *h)
{
    uint64_t *s = h->rng;
    uint64_t r = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

void lfb_randbytes(lfb *h, void *out, size_t n)
{
    uint8_t *o = out;
    while (n) {
        uint64_t r = lfb_rand64(h);
        size_t k = n < 8 ? n : 8;
        memcpy(o, &r, k);
        o += k;
        n -= k;
    }
}

/* ------------------------------------------------------------------ */
/* Cycle estimate: a dependent chain of register-register adds runs at  */
/* one add per core cycle.  (Not add-immediate: some cores fold chains  */
/* of immediate adds and would read too fast.)                          */

#define LFB_ADDS_PER_ITER 128

static double ns_per_add(uint64_t iters)
{
    uint64_t a = 1, b = (uint64_t)(uintptr_t)&a | 1, n = iters;
    uint64_t t0 = now_ns();
#if defined(__x86_64__)
    __asm__ volatile("1:\n\t"
                     ".rept 128\n\t"
                     "addq %[b], %[a]\n\t"
                     ".endr\n\t"
                     "decq %[n]\n\t"
                     "jnz 1b"
                     : [a] "+r"(a), [n] "+r"(n)
                     : [b] "r"(b)
                     : "cc");
#elif defined(__aarch64__)
    __asm__ volatile("1:\n\t"
                     ".rept 128\n\t"
                     "add %[a], %[a], %[b]\n\t"
                     ".endr\n\t"
                     "subs %[n], %[n], #1\n\t"
                     "b.ne 1b"
                     : [a] "+r"(a), [n] "+r"(n)
                     : [b] "r"(b)
                     : "cc");
#else
    for (; n; n--)
        for (int i = 0; i < LFB_ADDS_PER_ITER; i++) {
            a += b;
            __asm__ volatile("" : "+r"(a));
        }
#endif
    uint64_t t1 = now_ns();
    lfb_keep(&a);
    return (double)(t1 - t0) / ((double)iters * LFB_ADDS_PER_ITER);
}

/* Many short windows, best one wins: on a shared machine a window that
 * contains a preemption or an interrupt is simply slower, never faster. */
static double calibrate_ghz(void)
{
    /* Spin ~50 ms first so the core leaves any idle clock state. */
    uint64_t t_end = now_ns() + 50000000u;
    while (now_ns() < t_end) (void)ns_per_add(1000);
    double best = 1e9;
    t_end = now_ns() + 60000000u; /* ~60 ms of windows of 256k adds */
    for (int i = 0; i < 20 || now_ns() < t_end; i++) {
        double v = ns_per_add(2048);
        if (v < best) best = v;
        if (i > 100000) break;
    }
    return best > 0 ? 1.0 / best : 0;
}

/* ------------------------------------------------------------------ */
/* CPU description                                                      */

static void feat_add(lfb *h, const char *f)
{
    size_t len = strlen(h->features);
    snprintf(h->features + len, sizeof h->features - len, "%s%s", len ? " " : "", f);
}

static void detect_cpu(lfb *h)
{
    strcpy(h->cpu, "unknown");
    h->features[0] = 0;
#if defined(__x86_64__)
    unsigned a, b, c, d, max_ext = __get_cpuid_max(0x80000000u, NULL);
    if (max_ext >= 0x80000004u) {
        unsigned regs[12];
        for (unsigned i = 0; i < 3; i++)
            __cpuid(0x80000002u + i, regs[4 * i], regs[4 * i + 1], regs[4 * i + 2], regs[4 * i + 3]);
        char brand[49];
        memcpy(brand, regs, 48);
        brand[48] = 0;
        char *s = brand;
        while (*s == ' ') s++;
        size_t n = strlen(s);
        while (n && s[n - 1] == ' ') s[--n] = 0;
        if (*s) snprintf(h->cpu, sizeof h->cpu, "%s", s);
    }
    unsigned max = __get_cpuid_max(0, NULL);
    unsigned ecx1 = 0, ebx7 = 0, ecx7 = 0, edx7 = 0;
    if (max >= 1) {
        __cpuid(1, a, b, c, d);
        ecx1 = c;
        unsigned fam = (a >> 8) & 0xf, model = (a >> 4) & 0xf, step = a & 0xf;
        if (fam == 0xf) fam += (a >> 20) & 0xff;
        if (fam == 0x6 || fam >= 0xf) model |= ((a >> 16) & 0xf) << 4;
        size_t len = strlen(h->cpu);
        snprintf(h->cpu + len, sizeof h->cpu - len, " (family %u model %u stepping %u)", fam, model,
                 step);
    }
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        ebx7 = b;
        ecx7 = c;
        edx7 = d;
    }
    (void)edx7;
    /* OS support for AVX / AVX-512 state */
    int os_avx = 0, os_avx512 = 0;
    if ((ecx1 >> 27) & 1) { /* OSXSAVE */
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        os_avx = (lo & 0x6) == 0x6;
        os_avx512 = os_avx && (lo & 0xe0) == 0xe0;
    }
    struct { unsigned reg, bit; int need; const char *name; } ft[] = {
        {1, 1, 0, "pclmulqdq"}, {1, 9, 0, "ssse3"},   {1, 19, 0, "sse4_1"},  {1, 20, 0, "sse4_2"},
        {1, 23, 0, "popcnt"},   {1, 25, 0, "aes"},    {1, 28, 1, "avx"},     {1, 12, 1, "fma"},
        {7, 3, 0, "bmi1"},      {7, 8, 0, "bmi2"},    {7, 19, 0, "adx"},     {7, 29, 0, "sha"},
        {7, 5, 1, "avx2"},      {7, 16, 2, "avx512f"}, {7, 17, 2, "avx512dq"},
        {7, 21, 2, "avx512ifma"}, {7, 30, 2, "avx512bw"}, {7, 31, 2, "avx512vl"},
        {8, 1, 2, "avx512vbmi"}, {8, 9, 1, "vaes"}, {8, 10, 1, "vpclmulqdq"},
        {1, 31, 0, "hypervisor"},
    };
    for (size_t i = 0; i < sizeof ft / sizeof ft[0]; i++) {
        unsigned r = ft[i].reg == 1 ? ecx1 : ft[i].reg == 7 ? ebx7 : ecx7;
        if (!((r >> ft[i].bit) & 1)) continue;
        if (ft[i].need == 1 && !os_avx) continue;
        if (ft[i].need == 2 && !os_avx512) continue;
        feat_add(h, ft[i].name);
    }
#else
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f)) {
            char *colon = strchr(line, ':');
            if (!colon) continue;
            if (!strncmp(line, "model name", 10) || !strncmp(line, "CPU part", 8) ||
                !strncmp(line, "uarch", 5) || !strncmp(line, "cpu\t", 4)) {
                char *v = colon + 1;
                while (*v == ' ') v++;
                v[strcspn(v, "\n")] = 0;
                if (*v && !strcmp(h->cpu, "unknown")) snprintf(h->cpu, sizeof h->cpu, "%s", v);
            }
        }
        fclose(f);
    }
#if defined(__aarch64__) && defined(__linux__)
    unsigned long hw = getauxval(AT_HWCAP);
    if (hw & (1ul << 1)) feat_add(h, "asimd");
    if (hw & (1ul << 3)) feat_add(h, "aes");
    if (hw & (1ul << 4)) feat_add(h, "pmull");
    if (hw & (1ul << 6)) feat_add(h, "sha2");
    if (hw & (1ul << 22)) feat_add(h, "sve");
#endif
#endif
}

/* ------------------------------------------------------------------ */

lfb *lfb_new(const lfb_options *o)
{
    lfb *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->opt = *o;
    if (o->filter && *o->filter) {
        int e = regcomp(&h->re, o->filter, REG_EXTENDED | REG_NOSUB);
        if (e) {
            char msg[256];
            regerror(e, &h->re, msg, sizeof msg);
            fprintf(stderr, "lfbench: bad --filter regex '%s': %s\n", o->filter, msg);
            free(h);
            return NULL;
        }
        h->have_re = 1;
    }
    /* Short samples: on a busy machine a sample shorter than a scheduler
     * time slice often runs undisturbed, and the best sample is kept. */
    if (o->quick) {
        h->sample_ns = 100000;   /* 0.1 ms */
        h->warmup_ns = 2000000;  /* 2 ms */
        h->budget_ns = 40000000; /* 40 ms */
        h->nsamples = 9;
    } else {
        h->sample_ns = 250000;    /* 0.25 ms */
        h->warmup_ns = 20000000;  /* 20 ms */
        h->budget_ns = 500000000; /* 0.5 s */
        h->nsamples = 41;
    }
    uint64_t seed = 0x6c696d62666f7267u; /* "limbforg" */
    for (int i = 0; i < 4; i++) h->rng[i] = splitmix64(&seed);
    return h;
}

void lfb_free(lfb *h)
{
    if (!h) return;
    if (h->have_re) regfree(&h->re);
    for (size_t i = 0; i < h->nrows; i++) {
        lfb_row *r = &h->rows[i];
        free(r->suite); free(r->op); free(r->subject); free(r->impl); free(r->backend);
    }
    free(h->rows);
    for (size_t i = 0; i < h->nnotes; i++) free(h->notes[i]);
    free(h->notes);
    for (size_t i = 0; i < h->nversions; i++) {
        free(h->versions[i].name);
        free(h->versions[i].version);
    }
    free(h->versions);
    free(h->plan);
    free(h);
}

int lfb_quick(const lfb *h) { return h->opt.quick; }
int lfb_listing(const lfb *h) { return h->opt.list || h->counting; }

void lfb_begin_suite(lfb *h, const char *suite)
{
    h->suite = suite;
    if (h->counting || h->opt.list) return;
    for (size_t k = 0; k < h->nplan; k++)
        if (!strcmp(h->plan[k].suite, suite)) {
            /* rows a failed set-up skipped in the suite before are passed over */
            h->done = h->plan[k].base + h->extra;
            h->suite_end = h->done + h->plan[k].count;
            break;
        }
    fprintf(stderr, "== suite %s\n", suite);
}

size_t lfb_plan(lfb *h, const lfb_suite *suites, const int *sel, size_t n)
{
    uint64_t rng[4];
    memcpy(rng, h->rng, sizeof rng);
    free(h->plan);
    h->plan = xrealloc(NULL, (n ? n : 1) * sizeof *h->plan);
    h->nplan = h->total = h->extra = h->done = 0;
    h->counting = 1;
    for (size_t i = 0; i < n; i++) {
        if (!sel[i]) continue;
        h->counted = 0;
        lfb_begin_suite(h, suites[i].name);
        suites[i].fn(h);
        h->plan[h->nplan].suite = suites[i].name;
        h->plan[h->nplan].base = h->total;
        h->plan[h->nplan].count = h->counted;
        h->nplan++;
        h->total += h->counted;
    }
    h->counting = 0;
    h->suite = NULL;
    memcpy(h->rng, rng, sizeof rng); /* the run draws the same inputs */
    return h->total;
}

void lfb_progress_start(lfb *h) { h->t_start = now_ns(); }

/* m:ss or h:mm:ss */
static void fmt_duration(char *buf, size_t n, double s)
{
    long t = (long)(s + 0.5);
    if (t < 3600) snprintf(buf, n, "%ld:%02ld", t / 60, t % 60);
    else snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t % 3600 / 60, t % 60);
}

/* "row i/N (~m:ss left)" for the progress line: the mean time per row so far
 * times the rows left.  Empty without lfb_plan. */
static void progress_prefix(lfb *h, char *buf, size_t n)
{
    buf[0] = 0;
    if (!h->nplan || !h->total) return;
    double elapsed = 1e-9 * (double)(now_ns() - h->t_start);
    size_t i = h->done, total = h->total;
    double left = i && total > i ? elapsed / (double)i * (double)(total - i) : 0;
    char t[32], eta[48];
    fmt_duration(t, sizeof t, left);
    snprintf(eta, sizeof eta, "(~%s left)", t);
    int w = snprintf(NULL, 0, "%zu", total);
    snprintf(buf, n, "row %*zu/%s%zu %-13s ", w, i, h->extra ? "~" : "", total, eta);
}

void lfb_machine_info(lfb *h)
{
    detect_cpu(h);
    h->ghz = calibrate_ghz();
    fprintf(stderr, "lfbench: cpu: %s\n", h->cpu);
    fprintf(stderr, "lfbench: features: %s\n", h->features);
    fprintf(stderr, "lfbench: clock estimate %.3f GHz (dependent reg-reg add chain)\n", h->ghz);
}

void lfb_clock_recheck(lfb *h)
{
    if (h->opt.list || h->ghz <= 0) return;
    double g = calibrate_ghz();
    fprintf(stderr, "lfbench: clock estimate at the end %.3f GHz (start %.3f GHz)\n", g, h->ghz);
    if (g > 0 && (g / h->ghz > 1.05 || h->ghz / g > 1.05)) {
        h->suite = NULL;
        lfb_note(h, "clock estimate moved from %.3f to %.3f GHz during the run: cycle counts "
                    "use the start value", h->ghz, g);
    }
}

void lfb_note(lfb *h, const char *fmt, ...)
{
    if (h->counting) return; /* lfb_plan's walk: the run notes it */
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char line[600];
    snprintf(line, sizeof line, "[%s] %s", h->suite ? h->suite : "lfbench", buf);
    for (size_t i = 0; i < h->nnotes; i++)
        if (!strcmp(h->notes[i], line)) return; /* once is enough */
    fprintf(stderr, "note: %s\n", line);
    if (h->nnotes == h->capnotes) {
        h->capnotes = h->capnotes ? 2 * h->capnotes : 16;
        h->notes = xrealloc(h->notes, h->capnotes * sizeof *h->notes);
    }
    h->notes[h->nnotes++] = xstrdup(line);
}

void lfb_version(lfb *h, const char *name, const char *version)
{
    for (size_t i = 0; i < h->nversions; i++)
        if (!strcmp(h->versions[i].name, name)) return;
    if (h->nversions == h->capversions) {
        h->capversions = h->capversions ? 2 * h->capversions : 8;
        h->versions = xrealloc(h->versions, h->capversions * sizeof *h->versions);
    }
    h->versions[h->nversions].name = xstrdup(name);
    h->versions[h->nversions].version = xstrdup(version);
    h->nversions++;
}

static void make_key(char *buf, size_t n, const char *suite, const char *op, const char *subject,
                     const char *impl, const char *backend)
{
    snprintf(buf, n, "%s/%s/%s/%s/%s", suite, op, subject, impl, backend ? backend : "");
}

int lfb_want(lfb *h, const char *op, const char *subject, const char *impl, const char *backend)
{
    if (!h->have_re) return 1;
    char key[256];
    make_key(key, sizeof key, h->suite, op, subject, impl, backend);
    return regexec(&h->re, key, 0, NULL, 0) == 0;
}

/* ------------------------------------------------------------------ */
/* Measurement                                                          */

static uint64_t time_body(const lfb_case *c, uint64_t iters)
{
    uint64_t t0 = now_ns();
    c->body(c->arg, iters);
    uint64_t t1 = now_ns();
    return t1 - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void add_row(lfb *h, const lfb_case *c, double best, double median, unsigned samples)
{
    if (h->nrows == h->caprows) {
        h->caprows = h->caprows ? 2 * h->caprows : 256;
        h->rows = xrealloc(h->rows, h->caprows * sizeof *h->rows);
    }
    lfb_row *r = &h->rows[h->nrows++];
    r->suite = xstrdup(h->suite);
    r->op = xstrdup(c->op);
    r->subject = xstrdup(c->subject);
    r->impl = xstrdup(c->impl);
    r->backend = xstrdup(c->backend);
    r->kind = c->kind;
    r->bytes = c->bytes;
    r->ns = best;
    r->ns_median = median;
    r->samples = samples;
}

void lfb_run(lfb *h, const lfb_case *c)
{
    char key[256];
    make_key(key, sizeof key, h->suite, c->op, c->subject, c->impl, c->backend);
    if (h->have_re && regexec(&h->re, key, 0, NULL, 0) != 0) return;
    if (h->counting) {
        h->counted++;
        return;
    }
    if (h->opt.list) {
        printf("%-60s %s\n", key, c->kind);
        return;
    }
    if (h->nplan && h->done >= h->suite_end) { /* more rows than counted */
        h->extra++;
        h->total++;
        h->suite_end++;
    }
    h->done++;
    if (c->prepare && c->prepare(c->parg)) {
        lfb_note(h, "%s: set-up failed, row skipped", key);
        return;
    }
    unsigned ops = c->ops ? c->ops : 1;

    /* Calibrate the iteration count so one sample lasts about sample_ns. */
    uint64_t iters = 1, t = time_body(c, 1);
    while (t < h->sample_ns / 8 && iters < (1ull << 40)) {
        uint64_t grow = t < 1000 ? 16 : (h->sample_ns / 4) / t + 1;
        if (grow > 16) grow = 16;
        if (grow < 2) grow = 2;
        iters *= grow;
        t = time_body(c, iters);
    }
    if (t < h->sample_ns && t > 0) {
        double scale = (double)h->sample_ns / (double)t;
        iters = (uint64_t)((double)iters * scale);
        if (iters < 1) iters = 1;
    }

    /* Warm-up: caches, branch predictors, clock. */
    uint64_t w0 = now_ns(), tone = 0;
    do {
        tone = time_body(c, iters);
    } while (now_ns() - w0 < h->warmup_ns);

    /* Samples: nsamples, fewer (but at least 3) when one sample is long. */
    unsigned n = h->nsamples;
    if (tone > 0 && (uint64_t)n * tone > h->budget_ns) {
        uint64_t fit = h->budget_ns / tone;
        n = fit < 3 ? 3 : (unsigned)fit;
    }
    double v[64];
    if (n > 64) n = 64;
    for (unsigned i = 0; i < n; i++)
        v[i] = (double)time_body(c, iters) / ((double)iters * ops);
    qsort(v, n, sizeof v[0], cmp_double);
    double best = v[0];
    double median = (n & 1) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);

    add_row(h, c, best, median, n);
    char pre[128];
    progress_prefix(h, pre, sizeof pre);
    if (h->ghz > 0)
        fprintf(stderr, "  %s%-56s %-10s %10.2f ns %10.1f cyc  (median %.2f ns, %u x %llu)\n", pre,
                key, c->kind, best, best * h->ghz, median, n, (unsigned long long)iters * ops);
    else
        fprintf(stderr, "  %s%-56s %-10s %10.2f ns  (median %.2f ns, %u x %llu)\n", pre, key,
                c->kind, best, median, n, (unsigned long long)iters * ops);
}

/* ------------------------------------------------------------------ */
/* Output                                                               */

static int row_group_eq(const lfb_row *a, const lfb_row *b)
{
    return !strcmp(a->suite, b->suite) && !strcmp(a->op, b->op) &&
           !strcmp(a->subject, b->subject) && !strcmp(a->kind, b->kind);
}

static void fmt_ns(char *buf, size_t n, double ns)
{
    if (ns >= 1e6) snprintf(buf, n, "%.3f ms", ns / 1e6);
    else if (ns >= 1e4) snprintf(buf, n, "%.2f us", ns / 1e3);
    else snprintf(buf, n, "%.2f ns", ns);
}

void lfb_print_table(lfb *h)
{
    if (h->opt.list) return;
    char *done = calloc(h->nrows ? h->nrows : 1, 1);
    if (!done) return;
    printf("lfbench %s: cpu %s, %.3f GHz (estimate)\n", h->opt.quick ? "--quick" : "default",
           h->cpu, h->ghz);
    printf("best of repeated runs per operation; ratio = limbforge (fastest back end) / best "
           "anchor, < 1: limbforge faster;\nother anchors as multiples of the best anchor's time\n");
    const char *cur_suite = NULL;
    for (size_t i = 0; i < h->nrows; i++) {
        if (done[i]) continue;
        const lfb_row *g = &h->rows[i];
        const lfb_row *lf = NULL, *an = NULL;
        for (size_t j = i; j < h->nrows; j++) {
            const lfb_row *r = &h->rows[j];
            if (!row_group_eq(g, r)) continue;
            done[j] = 1;
            if (!strcmp(r->impl, "limbforge")) {
                if (!lf || r->ns < lf->ns) lf = r;
            } else if (!an || r->ns < an->ns) {
                an = r;
            }
        }
        if (!cur_suite || strcmp(cur_suite, g->suite)) {
            cur_suite = g->suite;
            printf("\n%-9s %-25s %-12s %-10s | %10s %9s %-10s | %10s %9s %-16s | %6s | %s\n",
                   "suite", "op", "subject", "kind", "limbforge", "cycles", "backend", "anchor",
                   "cycles", "impl", "ratio", "others");
        }
        char lfs[32] = "-", lfc[32] = "-", ans[32] = "-", anc[32] = "-", ratio[32] = "-";
        char others[256] = "";
        if (lf) {
            fmt_ns(lfs, sizeof lfs, lf->ns);
            if (h->ghz > 0) snprintf(lfc, sizeof lfc, "%.1f", lf->ns * h->ghz);
        }
        if (an) {
            fmt_ns(ans, sizeof ans, an->ns);
            if (h->ghz > 0) snprintf(anc, sizeof anc, "%.1f", an->ns * h->ghz);
            for (size_t j = i; j < h->nrows; j++) {
                const lfb_row *r = &h->rows[j];
                if (r == an || !row_group_eq(g, r) || !strcmp(r->impl, "limbforge")) continue;
                size_t len = strlen(others);
                snprintf(others + len, sizeof others - len, "%s%s %.2fx", len ? ", " : "",
                         r->impl, r->ns / an->ns);
            }
        }
        if (lf && an && an->ns > 0) snprintf(ratio, sizeof ratio, "%.2f", lf->ns / an->ns);
        printf("%-9s %-25s %-12s %-10s | %10s %9s %-10s | %10s %9s %-16s | %6s | %s\n", g->suite,
               g->op, g->subject, g->kind, lfs, lfc, lf ? lf->backend : "-", ans, anc,
               an ? an->impl : "-", ratio, others);
    }
    free(done);
    if (h->nnotes) {
        printf("\nnotes:\n");
        for (size_t i = 0; i < h->nnotes; i++) printf("  %s\n", h->notes[i]);
    }
}

static void json_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

static void json_num(FILE *f, double v)
{
    if (!isfinite(v)) fputs("null", f);
    else fprintf(f, "%.6g", v);
}

int lfb_write_json(lfb *h, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "lfbench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fputs("{\"machine\": {\"cpu\": ", f);
    json_str(f, h->cpu);
    fputs(", \"ghz_est\": ", f);
    if (h->ghz > 0) json_num(f, h->ghz);
    else fputs("null", f);
    fputs(", \"features\": [", f);
    {
        char tmp[sizeof h->features];
        memcpy(tmp, h->features, sizeof tmp);
        int first = 1;
        for (char *save = NULL, *t = strtok_r(tmp, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            if (!first) fputs(", ", f);
            json_str(f, t);
            first = 0;
        }
    }
    fputs("], \"versions\": {", f);
    for (size_t i = 0; i < h->nversions; i++) {
        if (i) fputs(", ", f);
        json_str(f, h->versions[i].name);
        fputs(": ", f);
        json_str(f, h->versions[i].version);
    }
    fprintf(f, "}, \"mode\": \"%s\"},\n \"results\": [", h->opt.quick ? "quick" : "default");
    for (size_t i = 0; i < h->nrows; i++) {
        const lfb_row *r = &h->rows[i];
        fputs(i ? ",\n  {" : "\n  {", f);
        fputs("\"suite\": ", f); json_str(f, r->suite);
        fputs(", \"op\": ", f); json_str(f, r->op);
        fputs(", \"subject\": ", f); json_str(f, r->subject);
        fputs(", \"impl\": ", f); json_str(f, r->impl);
        fputs(", \"backend\": ", f); json_str(f, r->backend);
        fputs(", \"kind\": ", f); json_str(f, r->kind);
        fputs(", \"ns\": ", f); json_num(f, r->ns);
        fputs(", \"cycles\": ", f);
        if (h->ghz > 0) json_num(f, r->ns * h->ghz);
        else fputs("null", f);
        fputs(", \"bytes\": ", f);
        if (r->bytes >= 0) fprintf(f, "%ld", r->bytes);
        else fputs("null", f);
        fputs(", \"ns_median\": ", f); json_num(f, r->ns_median);
        fprintf(f, ", \"samples\": %u}", r->samples);
    }
    fputs("\n ]}\n", f);
    if (fclose(f) != 0) {
        fprintf(stderr, "lfbench: error writing %s\n", path);
        return -1;
    }
    fprintf(stderr, "lfbench: wrote %zu rows to %s\n", h->nrows, path);
    return 0;
}

void lfb_run_rows(lfb *h, const lfb_case *base, const lfb_row_spec *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        lfb_case c = *base;
        c.op = rows[i].op;
        c.body = rows[i].body;
        c.kind = rows[i].kind ? rows[i].kind : LFB_LATENCY;
        c.ops = rows[i].ops;
        lfb_run(h, &c);
    }
}

void lfb_run_lengths(lfb *h, const lfb_case *base, const long *lens, size_t nlens,
                     size_t *len_out, const lfb_impl_row *rows, size_t nrows)
{
    for (size_t i = 0; i < nlens; i++) {
        char subject[24];
        snprintf(subject, sizeof subject, "%ldB", lens[i]);
        *len_out = (size_t)lens[i];
        for (size_t k = 0; k < nrows; k++) {
            if (!rows[k].body) continue;
            lfb_case c = *base;
            c.subject = subject;
            c.bytes = lens[i];
            c.impl = rows[k].impl;
            c.backend = rows[k].backend;
            c.body = rows[k].body;
            c.prepare = rows[k].prepare;
            c.parg = rows[k].parg;
            lfb_run(h, &c);
        }
    }
}
