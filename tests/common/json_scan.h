/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The two primitives of the tests' small JSON scanners (Wycheproof files,
 * read as a flat sequence of "key": value pairs in file order by
 * tests/aead/test_aead_wycheproof.c and tests/secp256k1/test_wycheproof_ec.c):
 *
 *   lf_json_string(&p, buf, cap)   p at an opening quote: copy the string's
 *                                  characters (a backslash escapes the next
 *                                  one; no \u decoding: the files are ASCII)
 *                                  into buf, truncated to cap - 1 and NUL
 *                                  terminated; p moves past the closing
 *                                  quote.  Returns the length copied.
 *   lf_json_ws(&p)                 skip blanks (space, tab, CR, LF).
 *   lf_json_load(path, &text, &len)  the whole file, NUL terminated, in a
 *                                  malloc'd buffer (never freed by the
 *                                  tests; len may be NULL).  Returns 0, or
 *                                  1 if it cannot be opened (errno tells,
 *                                  for perror), 2 if it cannot be read. */
#ifndef LF_TEST_COMMON_JSON_SCAN_H
#define LF_TEST_COMMON_JSON_SCAN_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static inline size_t lf_json_string(const char **pp, char *buf, size_t cap)
{
    const char *p = *pp;
    size_t n = 0;
    for (p++; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1]) p++;
        if (n + 1 < cap) buf[n++] = *p;
    }
    if (*p == '"') p++;
    buf[n] = 0;
    *pp = p;
    return n;
}

static inline void lf_json_ws(const char **pp)
{
    const char *p = *pp;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    *pp = p;
}

static inline int lf_json_load(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    *text = NULL;
    if (!f) return 1;
    char *t = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0)
        t = malloc((size_t)n + 1);
    if (t && fread(t, 1, (size_t)n, f) != (size_t)n) {
        free(t);
        t = NULL;
    }
    fclose(f);
    if (!t) return 2;
    t[n] = 0;
    *text = t;
    if (len) *len = (size_t)n;
    return 0;
}

#endif
