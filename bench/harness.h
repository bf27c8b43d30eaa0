/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lfbench harness: timing, calibration, filtering, progress, results.
 *
 * A suite is a function `void suite_NAME(lfb *h)` that sets up inputs and
 * calls lfb_run() once per row.  lfb_run() applies the --filter, measures
 * (warm-up, calibrated iteration count, repeated samples, best and median)
 * and records the row.  Expensive set-up (key generation...) is guarded with
 * lfb_want(), which says whether any row with that key would be run.
 *
 * Row key, as matched by --filter: "suite/op/subject/impl/backend", with an
 * empty backend for anchors (e.g. "field/mul/bls12_381_p/blst/").
 */
#ifndef LFBENCH_HARNESS_H
#define LFBENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

typedef struct lfb lfb;

/* Runs `iters` iterations of the measured operation.  One iteration performs
 * lfb_case.ops operations (e.g. 8 for eight interleaved independent chains). */
typedef void (*lfb_body)(void *arg, uint64_t iters);

#define LFB_LATENCY "latency"       /* dependent chain: output feeds the next input */
#define LFB_THROUGHPUT "throughput" /* independent operations interleaved */

typedef struct {
    const char *op;      /* "mul", "sqr", "mac", "ecdsa_sign"... */
    const char *subject; /* field name, size ("2048bit"), message length ("64B")... */
    const char *impl;    /* "limbforge" or the anchor's name */
    const char *backend; /* limbforge back end; NULL for anchors */
    const char *kind;    /* LFB_LATENCY or LFB_THROUGHPUT */
    long bytes;          /* bytes processed per operation; < 0: not byte-oriented */
    unsigned ops;        /* operations per iteration of body (0 means 1) */
    lfb_body body;
    void *arg;
    /* Optional: called right before measuring (e.g. to select a back end);
     * a non-zero return skips the row with a note. */
    int (*prepare)(void *parg);
    void *parg;
} lfb_case;

/* Is any row with this key selected by --filter?  (Suites call this before
 * expensive set-up; under --list they also check lfb_listing() and skip the
 * set-up but still call lfb_run() so the row is listed.)  backend NULL for
 * anchors. */
int lfb_want(lfb *h, const char *op, const char *subject, const char *impl,
             const char *backend);

/* Measure (or, under --list, print) one row. */
void lfb_run(lfb *h, const lfb_case *c);

/* What varies between the rows of one table: op and body, and optionally the
 * kind (NULL: LFB_LATENCY) and operations per iteration (0: 1). */
typedef struct {
    const char *op;
    lfb_body body;
    const char *kind;
    unsigned ops;
} lfb_row_spec;

/* lfb_run() for each row, every other field taken from *base. */
void lfb_run_rows(lfb *h, const lfb_case *base, const lfb_row_spec *rows, size_t n);

/* One implementation row of a per-length table (lfb_run_lengths): impl,
 * body and, for limbforge rows, the back end and the prepare hook that
 * selects it.  Rows with a NULL body are left out. */
typedef struct {
    const char *impl;
    const char *backend;
    lfb_body body;
    int (*prepare)(void *parg);
    void *parg;
} lfb_impl_row;

/* For each length lens[i]: *len_out = lens[i], subject "<n>B", bytes = n,
 * and lfb_run() for every row, other fields taken from *base (byte-oriented
 * suites such as poly1305 and aead). */
void lfb_run_lengths(lfb *h, const lfb_case *base, const long *lens, size_t nlens,
                     size_t *len_out, const lfb_impl_row *rows, size_t nrows);

/* A note (skipped anchor, failed set-up...).  Printed to stderr at once and
 * again in the summary after the table. */
void lfb_note(lfb *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Record a library version for the JSON "machine.versions" object. */
void lfb_version(lfb *h, const char *name, const char *version);

int lfb_quick(const lfb *h);   /* --quick given */
int lfb_listing(const lfb *h); /* --list given: rows are printed, not run */

/* Deterministic pseudo-random bytes (benchmark inputs, not secrets). */
uint64_t lfb_rand64(lfb *h);
void lfb_randbytes(lfb *h, void *out, size_t n);

/* Keep a value alive so the optimiser cannot drop the work that made it. */
static inline void lfb_keep(const void *p)
{
    __asm__ volatile("" : : "r"(p) : "memory");
}

/* ---- used by main.c ---- */
typedef struct {
    const char *name;
    void (*fn)(lfb *h);
    const char *what;
} lfb_suite;

typedef struct {
    int quick;
    int list;
    const char *filter;    /* POSIX extended regex or NULL */
    const char *json_path; /* or NULL */
} lfb_options;

lfb *lfb_new(const lfb_options *o); /* NULL on error (bad regex), message printed */
/* Count the rows the selected suites (sel[i] != 0) will run, for the progress
 * line's "row i/N": the --list walk, silently (no output, no notes; the input
 * generator is restored afterwards, so the run sees the same inputs).  Suites
 * skip their expensive set-up while listing, so this takes milliseconds.
 * Returns N. */
size_t lfb_plan(lfb *h, const lfb_suite *suites, const int *sel, size_t n);
void lfb_progress_start(lfb *h);    /* the time estimate counts from here */
void lfb_begin_suite(lfb *h, const char *suite);
void lfb_machine_info(lfb *h);      /* calibrate clock, detect CPU; prints to stderr */
void lfb_clock_recheck(lfb *h);     /* estimate the clock again; note a drift > 5% */
void lfb_print_table(lfb *h);       /* stdout */
int lfb_write_json(lfb *h, const char *path);
void lfb_free(lfb *h);

#endif
