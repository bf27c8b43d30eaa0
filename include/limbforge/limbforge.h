/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* limbforge: constant-time arithmetic kernels for cryptography.
 *
 * Common definitions: error codes, attributes and back-end selection.
 * Per-field APIs live in <limbforge/field/NAME.h>; <limbforge/fields.h>
 * includes all built-in fields.
 */
#ifndef LIMBFORGE_LIMBFORGE_H
#define LIMBFORGE_LIMBFORGE_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/backends.h" /* lf_backend: the back ends and their chains */

#ifdef __cplusplus
extern "C" {
#endif

/* The version of these headers; lf_version() gives the library's (they
 * differ only if a program runs against another build than it was compiled
 * with). */
#define LF_VERSION_MAJOR 0
#define LF_VERSION_MINOR 1
#define LF_VERSION_PATCH 0
#define LF_VERSION_STRING "0.1.0"

/* Error codes: 0 is success, negative values are errors. */
#define LF_OK 0
#define LF_ERR_RANGE (-1)   /* an encoded value is >= the modulus */
#define LF_ERR_PARAM (-2)   /* a parameter is invalid (unknown name, bad length...) */
#define LF_ERR_UNAVAILABLE (-3) /* the requested back end cannot run on this CPU */
#define LF_ERR_AUTH (-4)    /* authentication failed (AEAD open: tag mismatch) */
#define LF_ERR_VERIFY (-5)  /* a signature does not verify (or recover) */
#define LF_ERR_INVALID (-6) /* well-formed input that is not valid (a point off the curve,
                               an inconsistent RSA key) */
#define LF_ERR_FAULT (-7)   /* a result failed its own check (RSA-CRT: r^e != c mod N;
                               the _checked secp256k1 signers: the signature does not
                               verify), a computing fault or a key whose p or q is not
                               prime / a keypair whose halves do not match; the output
                               is zeroed */

#if defined(__GNUC__) || defined(__clang__)
#define LF_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define LF_WARN_UNUSED
#endif

/* The library is built with -fvisibility=hidden: only functions declared
 * between LF_API_BEGIN and LF_API_END in the installed headers are exported
 * from the shared library (tests/symbols checks it). */
#if defined(__GNUC__) || defined(__clang__)
#define LF_API_BEGIN _Pragma("GCC visibility push(default)")
#define LF_API_END _Pragma("GCC visibility pop")
#else
#define LF_API_BEGIN
#define LF_API_END
#endif

LF_API_BEGIN

/* The library's version, "MAJOR.MINOR.PATCH" (LF_VERSION_STRING of its build). */
const char *lf_version(void);

/* The back end in use.  Chosen once, on first use: the environment variable
 * LIMBFORGE_BACKEND (a back-end name) forces one if it can run here; an
 * unknown name, or one this CPU cannot run, prints one line to stderr (the
 * value and the back ends this CPU has) and aborts the program (a forced back
 * end must never silently be replaced).  Set to the empty string it counts
 * as unset (no message, no abort: the detection below), so
 * "LIMBFORGE_BACKEND= prog" runs the default back end.  It is ignored in
 * set-user-ID programs (secure_getenv) where the C library has that.  Otherwise the
 * deepest back end the CPU supports is taken.  A back end set with
 * lf_backend_set() before or during that first use is kept. */
lf_backend lf_backend_current(void);

/* Name of a back end (the names are listed in limbforge/backends.h); NULL
 * if out of range. */
const char *lf_backend_name(lf_backend b);

/* 1 if back end b is compiled in and the CPU can run it with the
 * capabilities in use (lf_caps()), else 0. */
int lf_backend_available(lf_backend b);

/* Force back end `name` for all later calls (tests and benchmarks).  Returns
 * LF_OK, LF_ERR_PARAM for an unknown name, LF_ERR_UNAVAILABLE if it cannot run
 * here.  Changing the back end while other threads call into the library is
 * safe (the switch is atomic) but those calls may use either back end. */
LF_WARN_UNUSED int lf_backend_set(const char *name);

/* CPU capabilities (LF_CAP_* in limbforge/backends.h), detected once.  A back
 * end runs where the CPU has everything it needs; kernels for instructions
 * outside the chain (SHA-NI, ARMv8 SHA2) are used where the CPU has them, at
 * every level; a module falls back to the kernels of the next entry the CPU
 * runs (AVX2 code runs without ADX, with the scalar x86_64 kernels beside it).
 *
 * lf_caps_cpu(): what the CPU has.  lf_caps(): what is in use: the CPU's,
 * less what the environment variable LIMBFORGE_CAPS switches off on first use
 * (comma-separated names as lf_cap_name() gives them: "-adx,-sha" switches
 * those off, "avx2,bmi2" keeps only those, "none" keeps none; an unknown name
 * prints one line to stderr and aborts, as a bad LIMBFORGE_BACKEND does;
 * ignored in set-user-ID programs where the C library can tell).
 * lf_caps_set(caps): use only caps from now on (tests and benchmarks);
 * LF_ERR_UNAVAILABLE, changing nothing, if the CPU lacks one of them.  The
 * back end in use is kept if it still runs, else the deepest one that does
 * is taken.  lf_cap_name(LF_CAP_ADX): "adx"; NULL for anything but one known
 * bit. */
uint64_t lf_caps_cpu(void);
uint64_t lf_caps(void);
LF_WARN_UNUSED int lf_caps_set(uint64_t caps);
const char *lf_cap_name(uint64_t cap);

LF_API_END
#ifdef __cplusplus
}
#endif
#endif
