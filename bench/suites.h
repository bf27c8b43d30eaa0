/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lfbench suites: one C file each, registered in main.c. */
#ifndef LFBENCH_SUITES_H
#define LFBENCH_SUITES_H

#include "harness.h"

void suite_field(lfb *h);
void suite_mp(lfb *h);
void suite_modexp(lfb *h);
void suite_poly1305(lfb *h);
void suite_aead(lfb *h);
void suite_ntt(lfb *h);
void suite_mlkem(lfb *h);
void suite_secp256k1(lfb *h);
/* the anchor rows of suite secp256k1 (suite_secp256k1_anchors.c) */
void lfb_secp256k1_anchors(lfb *h);
void suite_dispatch(lfb *h);
void suite_hash(lfb *h);

/* lfbench --tune mp (suite_mp.c): write DIR/<target>.h per back end with
 * mp kernels of its own; in_source: DIR is the source tree's src/mp/params.
 * Returns the exit code. */
int lfb_tune_mp(const char *dir, int in_source);

/* Shared by the ntt and mlkem suites (suite_ntt.c):
 * lfb_backend_prepare   an lfb_case prepare hook: selects back end parg (a name)
 * lfb_backend_runnable  1 if this build has back end `name` and this CPU runs it
 * lfb_pqclean_avx2_ok   1 if this CPU runs PQClean's AVX2 code (AVX2, BMI2, POPCNT) */
int lfb_backend_prepare(void *parg);
int lfb_backend_runnable(const char *name);
int lfb_pqclean_avx2_ok(void);

/* The GMP and OpenSSL anchors' versions (or the notes that they are
 * missing), for the suites that use both (suite_field_anchors.c). */
void lfb_gmp_openssl_versions(lfb *h);

/* Independent chains interleaved in "throughput" rows. */
#define LFB_CHAINS 8

#endif
