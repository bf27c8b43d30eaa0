/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench/isa_count_secp256k1.py: the bundled libsecp256k1's names.  The
 * secp256k1-sys copy renames every symbol and type (rustsecp256k1_v0_14_*):
 * the script passes the prefix it found in the header as LFIC_SECP_PREFIX
 * (secp256k1_ for an unrenamed copy). */
#ifndef LFIC_SECP_COMMON_H
#define LFIC_SECP_COMMON_H
#include <stdio.h>
#include <stdlib.h>

#include "secp256k1.h"
#include "secp256k1_preallocated.h"

#ifndef LFIC_SECP_PREFIX
#define LFIC_SECP_PREFIX secp256k1_
#endif
#define LFIC_CAT2(a, b) a##b
#define LFIC_CAT(a, b) LFIC_CAT2(a, b)
#define SECP(name) LFIC_CAT(LFIC_SECP_PREFIX, name)

/* secp256k1-sys builds with USE_EXTERNAL_DEFAULT_CALLBACKS: the program
 * supplies the default illegal-argument and error callbacks. */
void SECP(default_illegal_callback_fn)(const char *message, void *data);
void SECP(default_error_callback_fn)(const char *message, void *data);
void SECP(default_illegal_callback_fn)(const char *message, void *data)
{
    (void)data;
    fprintf(stderr, "libsecp256k1 illegal argument: %s\n", message);
    abort();
}
void SECP(default_error_callback_fn)(const char *message, void *data)
{
    (void)data;
    fprintf(stderr, "libsecp256k1 error: %s\n", message);
    abort();
}

/* secp256k1-sys patches context_create/destroy out of the C source (the crate
 * allocates in Rust): a context in malloc'd memory through the preallocated
 * API, as the crate and lfbench make it. */
static SECP(context) *lfic_secp_context(void)
{
    void *mem = malloc(SECP(context_preallocated_size)(SECP256K1_CONTEXT_NONE));
    return mem ? SECP(context_preallocated_create)(mem, SECP256K1_CONTEXT_NONE) : NULL;
}
#endif
