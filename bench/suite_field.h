/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Internal interface of the "field" suite, shared by suite_field.c (fields,
 * inputs, limbforge rows, suite_field()), suite_field_anchors.c (the blst,
 * GMP and OpenSSL anchors) and suite_field_chain.c (the chain rows both run).  Not part of
 * lfbench's suite API (that is suites.h). */
#ifndef LFBENCH_SUITE_FIELD_H
#define LFBENCH_SUITE_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "suites.h"

#define FMAXL 16           /* largest field: 1024 bits */
#define FMAXB (FMAXL * 8)

typedef struct {
    char name[32];
    int nbytes, nlimbs, bits;
    uint8_t p[FMAXB];                     /* modulus, big-endian, nbytes */
    uint8_t in[2][LFB_CHAINS][FMAXB];     /* inputs a, b: uniform below p, big-endian */
} fdesc;

/* Chain rows (inv, inv_var, sqrt): see the comment at the top of suite_field.c. */
enum { CH_INV, CH_SQRT };

typedef struct {
    const char *op;
    lfb_body body;
    int chain; /* CH_INV or CH_SQRT */
} chain_spec;

/* lfb_run() for each chain row (latency), other fields from *base; the
 * row's prepare is chain_prepare (suite_field_chain.c), which calls base->prepare
 * first and checks the chain against mpz.  set/get: the chain value, big-endian. */
void run_chain_rows(lfb *h, const lfb_case *base, const fdesc *fd, const chain_spec *rows,
                    size_t n, void (*set)(void *, const uint8_t *),
                    void (*get)(void *, uint8_t *));

/* suite_field_anchors.c: the anchors' lfb_version() lines (or a note for each
 * anchor not built), then, per field, every anchor's rows in the order blst,
 * gmp, openssl. */
void field_anchors_versions(lfb *h);
void field_anchors_run(lfb *h, const fdesc *fd);

#endif
