/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI checker: context passed to the assembly trampoline, and the kernel
 * table entry.  See tests/abi/README.md. */
#ifndef LF_ABI_H
#define LF_ABI_H

#include <stddef.h>
#include <stdint.h>

#include "abi_layout.h"

/* Everything the trampoline needs to make one call, and what it saw after.
 * Layout fixed by abi_layout.h (checked in abi_check.c). */
struct lf_abi_ctx {
    uint64_t fn;                        /* function to call */
    uint64_t sp;                        /* stack pointer at the call */
    uint64_t sp_out;                    /* stack pointer after the return */
    uint64_t ret;                       /* integer return register after the return */
    uint64_t args[LF_ABI_MAX_ARGS];     /* integer argument registers */
    uint64_t gpr_in[LF_ABI_MAX_GPR];    /* callee-saved GPRs, loaded before the call */
    uint64_t gpr_out[LF_ABI_MAX_GPR];   /* ... and read back after it */
    uint64_t fpr_in[LF_ABI_MAX_FPR];    /* callee-saved FP registers (64 bits each) */
    uint64_t fpr_out[LF_ABI_MAX_FPR];
    uint64_t vr_in[2 * LF_ABI_MAX_VR];  /* callee-saved vector registers (128 bits) */
    uint64_t vr_out[2 * LF_ABI_MAX_VR];
    uint64_t misc_in[LF_ABI_MISC];      /* architecture-specific, see abi_layout.h */
    uint64_t misc_out[LF_ABI_MISC];
} __attribute__((aligned(16)));

/* The trampoline (tramp_<arch>.S).  Not reentrant. */
void lf_abi_tramp(struct lf_abi_ctx *ctx);

typedef void (*lf_abi_fn)(void);

/* The arguments of one call, built from the kernel's argument spec. */
typedef struct {
    int n;                                  /* number of arguments */
    int has_ret;                            /* spec starts with "ret": compare return values */
    char kind[LF_ABI_MAX_ARGS];             /* 'o' output, 'i' input, 'b' both, 'v' value */
    size_t size[LF_ABI_MAX_ARGS];           /* buffer bytes; for 'v' the value itself */
    unsigned char *buf[LF_ABI_MAX_ARGS];    /* buffers (NULL for 'v') */
} lf_abi_args;

/* Fills the input ('i' and 'b') buffers of `a` with valid inputs for the
 * kernel.  `trial` counts from 0 (use it for edge cases, e.g. zero on trial
 * 1); `rnd` is the harness's deterministic generator. */
typedef void (*lf_abi_init_fn)(lf_abi_args *a, int trial, uint64_t (*rnd)(void));

/* One kernel to check.  Argument spec: whitespace-separated tokens, one per
 * integer argument register, in order:
 *   o<N>  output buffer of N bytes (guarded on both sides)
 *   i<N>  input buffer of N bytes (guarded, must come back unchanged)
 *   b<N>  buffer read and written (in place)
 *   v<N>  the integer N itself (a length, a flag)
 * A size may end in 'w' to count 64-bit words: "o4w" = "o32".  A leading
 * token "ret" means the integer return value is compared with ref's. */
typedef struct {
    const char *name;       /* symbol, for messages */
    lf_abi_fn fn;           /* the kernel */
    int backend;            /* lf_backend the CPU must run (LF_BACKEND_C: any) */
    const char *spec;       /* argument spec, above */
    lf_abi_init_fn init;    /* NULL: input buffers get random bytes */
    lf_abi_fn ref;          /* NULL: outputs not compared; else a C function with the same signature */
} lf_abi_kernel;

#endif
