/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The C side of the oracle pipes (tests/common/README.md, "Oracle pipes"):
 * a small program reads requests from stdin, runs them through the library
 * and prints one answer line each; a Python oracle (tests/common/
 * pipe_oracle.py) writes the requests and checks the answers with Python
 * ints.  Nothing here needs a bignum library, so the pipes also run under
 * qemu-user.
 *
 * Line format, both ways: words separated by one space, one line each.
 *   request   OP WORD...     OP a lowercase name, then the op's arguments
 *   answer    WORD...        exactly one line per request, in order
 *             fail REASON    the C side itself saw an inconsistency (an
 *                            in-place result differing, streaming vs
 *                            one-shot, ...): always a failed check
 *   trailer   backend NAME   after the end of input, the back end that ran
 * Words: numbers are big-endian lowercase hex of the width the op states
 * (bytes: 2 digits each; limbs: 16 each); a byte string may be empty,
 * written "-"; counts, lengths, indices, flags and return codes are decimal.
 * A malformed request is a protocol error: message on stderr, exit 2.
 *
 *   static char buf[N]; lf_pipe_req q;
 *   lf_pipe_start("prog");                  LIMBFORGE_BACKEND: exit 77 if it
 *                                           cannot run here, 2 if unknown
 *   while (lf_pipe_read(&q, buf, sizeof buf)) {
 *       lf_pipe_arity(&q, 2);               exactly 2 words after OP
 *       lf_pipe_hex_be(a, 32, q.w[1]);      ...
 *       lf_pipe_put_int(rc); lf_pipe_put_hex(r, 32); lf_pipe_end();
 *   }
 *   return lf_pipe_finish();                the trailer; exit status 0 */
#ifndef LF_TEST_COMMON_PIPE_H
#define LF_TEST_COMMON_PIPE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "limbforge/limbforge.h"

#define LF_PIPE_MAXW 16

typedef struct {
    int n;                  /* words, OP included */
    char *w[LF_PIPE_MAXW];  /* w[0] is OP */
    long line;              /* request number, from 1 */
} lf_pipe_req;

static const char *lf_pipe_prog = "pipe";
static long lf_pipe_line;
static int lf_pipe_col; /* words written on the current answer line */

__attribute__((format(printf, 1, 2), noreturn)) static void lf_pipe_die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: request %ld: ", lf_pipe_prog, lf_pipe_line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* The back end from LIMBFORGE_BACKEND, before any library call. */
static inline void lf_pipe_start(const char *prog)
{
    lf_pipe_prog = prog;
    lf_test_backend_or_skip(prog); /* exit 77 / 2: tests/common/backend.h */
}

/* Next request into buf, split into words; 0 at the end of input.  Empty
 * lines are skipped. */
static inline int lf_pipe_read(lf_pipe_req *q, char *buf, size_t cap)
{
    for (;;) {
        if (!fgets(buf, (int)cap, stdin)) return 0;
        lf_pipe_line++;
        size_t len = strlen(buf);
        if (len && buf[len - 1] == '\n') buf[--len] = 0;
        else if (!feof(stdin)) lf_pipe_die("longer than %zu bytes", cap - 2);
        if (len && buf[len - 1] == '\r') buf[--len] = 0;
        q->n = 0;
        q->line = lf_pipe_line;
        for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) {
            if (q->n == LF_PIPE_MAXW) lf_pipe_die("more than %d words", LF_PIPE_MAXW);
            q->w[q->n++] = s;
        }
        if (q->n) return 1;
    }
}

/* Exactly `args` words after OP. */
static inline void lf_pipe_arity(const lf_pipe_req *q, int args)
{
    if (q->n != args + 1) lf_pipe_die("%s takes %d arguments, got %d", q->w[0], args, q->n - 1);
}

static inline int lf_pipe_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Exactly 2 nb hex digits into nb bytes (big-endian: as written). */
static inline void lf_pipe_hex_be(uint8_t *out, size_t nb, const char *w)
{
    if (strlen(w) != 2 * nb) lf_pipe_die("want %zu hex digits, got \"%.40s\"", 2 * nb, w);
    for (size_t i = 0; i < nb; i++) {
        int hi = lf_pipe_digit((unsigned char)w[2 * i]), lo = lf_pipe_digit((unsigned char)w[2 * i + 1]);
        if (hi < 0 || lo < 0) lf_pipe_die("bad hex \"%.40s\"", w);
        out[i] = (uint8_t)(hi << 4 | lo);
    }
}

/* A byte string of any length up to cap ("-" is empty); returns its length. */
static inline size_t lf_pipe_hex_bytes(uint8_t *out, size_t cap, const char *w)
{
    if (strcmp(w, "-") == 0) return 0;
    size_t len = strlen(w);
    if (len % 2 || len / 2 > cap)
        lf_pipe_die("bad byte string (%zu digits, room for %zu bytes)", len, cap);
    lf_pipe_hex_be(out, len / 2, w);
    return len / 2;
}

/* 1 to 16 n hex digits, big-endian, into n little-endian 64-bit limbs. */
static inline void lf_pipe_hex_limbs(uint64_t *r, size_t n, const char *w)
{
    size_t len = strlen(w);
    if (len == 0 || len > 16 * n) lf_pipe_die("want 1..%zu hex digits, got %zu", 16 * n, len);
    memset(r, 0, 8 * n);
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i; /* nibble index from the bottom */
        int v = lf_pipe_digit((unsigned char)w[i]);
        if (v < 0) lf_pipe_die("bad hex \"%.40s\"", w);
        r[pos / 16] |= (uint64_t)v << (4 * (pos % 16));
    }
}

/* A decimal word: signed (lf_pipe_int, within [lo, hi]) or any uint64_t. */
static inline long lf_pipe_int(const char *w, long lo, long hi)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!*w || *end || v < lo || v > hi)
        lf_pipe_die("want a number in [%ld, %ld], got \"%.40s\"", lo, hi, w);
    return v;
}

static inline uint64_t lf_pipe_u64(const char *w)
{
    char *end;
    unsigned long long v = strtoull(w, &end, 10);
    if (!*w || *end || *w == '-') lf_pipe_die("want a 64-bit number, got \"%.40s\"", w);
    return (uint64_t)v;
}

/* ---- answers ---- */
static inline void lf_pipe_put(const char *word)
{
    if (lf_pipe_col++) putchar(' ');
    fputs(word, stdout);
}

static inline void lf_pipe_put_int(long long v)
{
    char b[24];
    snprintf(b, sizeof b, "%lld", v);
    lf_pipe_put(b);
}

static inline void lf_pipe_put_u64(uint64_t v)
{
    char b[24];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    lf_pipe_put(b);
}

/* n bytes as 2 n hex digits ("-" when n is 0). */
static inline void lf_pipe_put_hex(const uint8_t *b, size_t n)
{
    static const char d[] = "0123456789abcdef";
    if (!n) {
        lf_pipe_put("-");
        return;
    }
    if (lf_pipe_col++) putchar(' ');
    for (size_t i = 0; i < n; i++) putchar(d[b[i] >> 4]), putchar(d[b[i] & 15]);
}

/* n limbs as 16 n hex digits, most significant first. */
static inline void lf_pipe_put_limbs(const uint64_t *a, size_t n)
{
    if (lf_pipe_col++) putchar(' ');
    for (size_t i = n; i-- > 0;) printf("%016llx", (unsigned long long)a[i]);
}

static inline void lf_pipe_end(void)
{
    putchar('\n');
    lf_pipe_col = 0;
}

/* The whole answer: the C side saw an inconsistency. */
static inline void lf_pipe_fail(const char *reason)
{
    if (lf_pipe_col) lf_pipe_die("lf_pipe_fail inside an answer");
    lf_pipe_put("fail");
    lf_pipe_put(reason);
    lf_pipe_end();
}

/* The trailer; returns main's exit status. */
static inline int lf_pipe_finish(void)
{
    lf_pipe_put("backend");
    lf_pipe_put(lf_backend_name(lf_backend_current()));
    lf_pipe_end();
    return fflush(stdout) == 0 ? 0 : 1;
}

#endif
