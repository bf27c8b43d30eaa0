/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Suite "field": the chain-row machinery (inv, inv_var, sqrt; the method is
 * described at the top of suite_field.c) that the limbforge rows
 * (suite_field.c) and the anchors (suite_field_anchors.c) both run: each
 * chain is checked against GMP for CHAIN_CHECK steps before it is timed.
 * Its own file, so the two callers depend on it and not on each other. */
#include <stdint.h>
#include <string.h>

#include "suite_field.h"

#if LFB_HAVE_GMP
#include <gmp.h> /* chain_verify's reference */
#endif

#define CHAIN_CHECK 16 /* steps checked against mpz before a chain row is timed */

/* 0 if `got` (big-endian, nbytes) is, for chain `op`, the value after
 * CHAIN_CHECK steps from x0 = in[0][0] with y = in[1][0]:
 *   CH_INV:  x <- 1/x + y, exactly;
 *   CH_SQRT: x <- sqrt((x y)^2), up to sign: got^2 = (x0 y^CHAIN_CHECK)^2.
 * Also checks got < p.  Without GMP there is no reference: returns 0. */
static int chain_verify(const fdesc *fd, int op, const uint8_t *got)
{
#if LFB_HAVE_GMP
    mpz_t x, y, p, g;
    int bad = 0;
    mpz_inits(x, y, p, g, NULL);
    mpz_import(x, (size_t)fd->nbytes, 1, 1, 0, 0, fd->in[0][0]);
    mpz_import(y, (size_t)fd->nbytes, 1, 1, 0, 0, fd->in[1][0]);
    mpz_import(p, (size_t)fd->nbytes, 1, 1, 0, 0, fd->p);
    mpz_import(g, (size_t)fd->nbytes, 1, 1, 0, 0, got);
    bad |= mpz_cmp(g, p) >= 0;
    if (op == CH_INV) {
        for (int k = 0; k < CHAIN_CHECK; k++) {
            bad |= !mpz_invert(x, x, p); /* never 0 in practice; a 0 would be reported */
            mpz_add(x, x, y);
            mpz_mod(x, x, p);
        }
    } else {
        mpz_powm_ui(y, y, CHAIN_CHECK, p);
        mpz_mul(x, x, y);
        mpz_mul(x, x, x);
        mpz_mod(x, x, p);
        mpz_mul(g, g, g);
        mpz_mod(g, g, p);
    }
    bad |= mpz_cmp(g, x) != 0;
    mpz_clears(x, y, p, g, NULL);
    return bad;
#else
    (void)fd, (void)op, (void)got;
    return 0;
#endif
}

/* One chain row while it is being set up (lfb_case.prepare/.parg). */
typedef struct {
    const fdesc *fd;
    int op; /* CH_INV or CH_SQRT */
    lfb_body body;
    void *arg;
    void (*set)(void *arg, const uint8_t *be); /* chain value = be (< p) */
    void (*get)(void *arg, uint8_t *be);       /* be = chain value */
    int (*select)(void *parg);                 /* the row's own prepare (limbforge: back end) */
    void *sparg;
} chain_row;

static lfb *chain_h; /* for notes from chain_prepare */

static int chain_prepare(void *parg)
{
    const chain_row *c = parg;
    uint8_t got[FMAXB];
    if (c->select && c->select(c->sparg)) return 1;
    c->set(c->arg, c->fd->in[0][0]);
    c->body(c->arg, CHAIN_CHECK);
    c->get(c->arg, got);
    c->set(c->arg, c->fd->in[0][0]); /* timing starts from x0 */
    if (chain_verify(c->fd, c->op, got)) {
        lfb_note(chain_h, "%s: chain check against mpz failed (%s chain)", c->fd->name,
                 c->op == CH_INV ? "x = 1/x + y" : "x = sqrt((x y)^2)");
        return 1;
    }
    return 0;
}

/* lfb_run() for each chain row (latency), other fields from *base; the
 * row's prepare is chain_prepare, which calls base->prepare first. */
void run_chain_rows(lfb *h, const lfb_case *base, const fdesc *fd, const chain_spec *rows,
                    size_t n, void (*set)(void *, const uint8_t *),
                    void (*get)(void *, uint8_t *))
{
    chain_h = h;
    for (size_t k = 0; k < n; k++) {
        chain_row cr = {fd, rows[k].chain, rows[k].body, base->arg, set, get, base->prepare, base->parg};
        lfb_case c = *base;
        c.op = rows[k].op;
        c.body = rows[k].body;
        c.kind = LFB_LATENCY;
        c.ops = 1;
        c.prepare = chain_prepare;
        c.parg = &cr;
        lfb_run(h, &c);
    }
}
