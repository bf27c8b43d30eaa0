/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Secret / public marks for the constant-time tests, under either checker:
 *
 *   valgrind memcheck   when <valgrind/memcheck.h> exists (the Debian valgrind
 *                       package ships it): VALGRIND_MAKE_MEM_UNDEFINED /
 *                       VALGRIND_MAKE_MEM_DEFINED.  The marks only act when
 *                       the program runs under valgrind.
 *   MemorySanitizer     when the build has -fsanitize=memory (clang;
 *                       __has_feature(memory_sanitizer)): __msan_allocated_memory
 *                       / __msan_unpoison.  Every file that handles secrets
 *                       must be built with it, library sources included.
 *   neither             the marks are no-ops (the test runs, proves nothing).
 *
 *   LF_CT_SECRET(ptr, len)   from here on, the len bytes at ptr are secret:
 *                            the checker reports any branch or memory address
 *                            computed from them ("Conditional jump or move
 *                            depends on uninitialised value(s)" / "Use of
 *                            uninitialised value of size N" under memcheck,
 *                            "use-of-uninitialized-value" under MSan).
 *   LF_CT_PUBLIC(ptr, len)   declassify: the bytes are public again (a
 *                            result about to be looked at, or a verdict the
 *                            API returns on purpose).  Contents unchanged.
 *   LF_CT_SECRET_V(x), LF_CT_PUBLIC_V(x)   the same for an lvalue x.
 *   lf_checkmem_tool()       "valgrind" or "memorysanitizer" when a checker is
 *                            watching this run, else NULL.
 *
 * The names differ from the library's LF_DECLASSIFY (src/lf_internal.h) on
 * purpose: that one lives in the library and is enabled by LF_CTIME_VALGRIND
 * (or a MemorySanitizer build).  Define
 * LF_CHECKMEM_NO_VALGRIND to build without the valgrind requests. */
#ifndef LF_TEST_COMMON_CHECKMEM_H
#define LF_TEST_COMMON_CHECKMEM_H

#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define LF_CHECKMEM_MSAN 1
#endif
#endif

#if defined(LF_CHECKMEM_MSAN)
#include <sanitizer/msan_interface.h>
#define LF_CT_SECRET(p, n) __msan_allocated_memory((const void *)(p), (size_t)(n))
#define LF_CT_PUBLIC(p, n) __msan_unpoison((const void *)(p), (size_t)(n))
static inline const char *lf_checkmem_tool(void) { return "memorysanitizer"; }

#else
#if !defined(LF_CHECKMEM_NO_VALGRIND) && defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define LF_CHECKMEM_VALGRIND 1
#endif
#endif

#if defined(LF_CHECKMEM_VALGRIND)
#define LF_CT_SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define LF_CT_PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
static inline const char *lf_checkmem_tool(void) { return RUNNING_ON_VALGRIND ? "valgrind" : NULL; }
#else
#define LF_CT_SECRET(p, n) ((void)(p), (void)(n))
#define LF_CT_PUBLIC(p, n) ((void)(p), (void)(n))
static inline const char *lf_checkmem_tool(void) { return NULL; }
#endif
#endif

#define LF_CT_SECRET_V(x) LF_CT_SECRET(&(x), sizeof(x))
#define LF_CT_PUBLIC_V(x) LF_CT_PUBLIC(&(x), sizeof(x))

/* 1 if running under valgrind (whatever the tool), for the back-end
 * workaround in ctime_main.c; 0 in MSan builds and without the header. */
static inline int lf_checkmem_under_valgrind(void)
{
#if defined(LF_CHECKMEM_VALGRIND)
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

#endif
