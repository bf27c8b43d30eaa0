/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI checker for every assembly kernel of the architecture being built.
 *
 * Each kernel is called through an assembly trampoline (tramp_<arch>.S) that
 * loads every callee-saved register with a known random value, switches to a
 * private stack whose every word holds a known pattern, makes the call, and
 * records the registers and the stack pointer afterwards.  The checks:
 *   - every callee-saved register (and the architecture's other preserved
 *     state: see check_misc) holds its value again;
 *   - the stack pointer is back where it was;
 *   - nothing above the callee's allowed region changed (the caller's frame:
 *     the canary area; on ppc64le the CR/LR/TOC save words of the linkage
 *     area, on s390x the register save area, are the callee's to write);
 *   - the kernel wrote only its output buffers (guard bytes around every
 *     buffer; input buffers unchanged), and used < LF_ABI_STACK_BELOW bytes
 *     of stack;
 *   - when the entry names a reference, the outputs (and the return value
 *     for "ret" specs) equal those of the reference called the same way.
 *
 * Usage: test_abi [--backend NAME | --control] [--trials N] [--verbose] [--list]
 *   --control checks the portable C field kernels instead: compiled C that
 *   must pass (a positive control for the trampoline and the checks).
 *        test_abi --selftest MODE   (MODE: list, or one of selftest_modes[])
 * Exit 0 = pass, 1 = failures, 77 = nothing to check here (back end not
 * runnable on this CPU, or no kernels registered for it).  A self-test exits 0
 * only if the correct dummy kernel passes and the broken one is flagged for
 * the right reason.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "common/rng.h"
#include "kernels.h"
#include "limbforge/limbforge.h"

_Static_assert(offsetof(struct lf_abi_ctx, fn) == LF_ABI_OFF_FN, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, sp) == LF_ABI_OFF_SP, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, sp_out) == LF_ABI_OFF_SP_OUT, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, ret) == LF_ABI_OFF_RET, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, args) == LF_ABI_OFF_ARGS, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, gpr_in) == LF_ABI_OFF_GPR_IN, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, gpr_out) == LF_ABI_OFF_GPR_OUT, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, fpr_in) == LF_ABI_OFF_FPR_IN, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, fpr_out) == LF_ABI_OFF_FPR_OUT, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, vr_in) == LF_ABI_OFF_VR_IN, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, vr_out) == LF_ABI_OFF_VR_OUT, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, misc_in) == LF_ABI_OFF_MISC_IN, "layout");
_Static_assert(offsetof(struct lf_abi_ctx, misc_out) == LF_ABI_OFF_MISC_OUT, "layout");
_Static_assert(sizeof(struct lf_abi_ctx) == LF_ABI_CTX_SIZE, "layout");

/* ------------------------------------------------------------------ ABI */
#if defined(__x86_64__)
#define LF_ABI_NAME "x86-64 System V"
static const char *const gpr_names[] = {"rbx", "rbp", "r12", "r13", "r14", "r15"};
static const char *const fpr_names[] = {NULL};
static const char *const vr_names[] = {NULL};
#define NGPR 6
#define NFPR 0
#define NVR 0
#define ALLOWED_ABOVE_LO 0 /* no callee-writable words above the entry stack pointer */
#define ALLOWED_ABOVE_HI 0
#elif defined(__aarch64__)
#define LF_ABI_NAME "AArch64 AAPCS64"
static const char *const gpr_names[] = {"x19", "x20", "x21", "x22", "x23", "x24",
                                        "x25", "x26", "x27", "x28", "x29"};
static const char *const fpr_names[] = {"d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15"};
static const char *const vr_names[] = {NULL};
#define NGPR 11
#define NFPR 8
#define NVR 0
#define ALLOWED_ABOVE_LO 0
#define ALLOWED_ABOVE_HI 0
#elif defined(__riscv) && __riscv_xlen == 64
#define LF_ABI_NAME "RISC-V LP64D"
static const char *const gpr_names[] = {"s0", "s1", "s2", "s3", "s4", "s5",
                                        "s6", "s7", "s8", "s9", "s10", "s11"};
static const char *const fpr_names[] = {"fs0", "fs1", "fs2", "fs3", "fs4", "fs5",
                                        "fs6", "fs7", "fs8", "fs9", "fs10", "fs11"};
static const char *const vr_names[] = {NULL};
#define NGPR 12
#define NFPR 12
#define NVR 0
#define ALLOWED_ABOVE_LO 0
#define ALLOWED_ABOVE_HI 0
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#define LF_ABI_NAME "ppc64le ELFv2"
static const char *const gpr_names[] = {"r14", "r15", "r16", "r17", "r18", "r19",
                                        "r20", "r21", "r22", "r23", "r24", "r25",
                                        "r26", "r27", "r28", "r29", "r30", "r31"};
static const char *const fpr_names[] = {"f14", "f15", "f16", "f17", "f18", "f19",
                                        "f20", "f21", "f22", "f23", "f24", "f25",
                                        "f26", "f27", "f28", "f29", "f30", "f31"};
static const char *const vr_names[] = {"v20", "v21", "v22", "v23", "v24", "v25",
                                       "v26", "v27", "v28", "v29", "v30", "v31"};
#define NGPR 18
#define NFPR 18
#define NVR 12
/* The caller's linkage area: 0 back chain (caller's), 8 CR save and 16 LR
 * save (the callee's to write), 24 TOC save (written on the caller's behalf
 * by call stubs). */
#define ALLOWED_ABOVE_LO 8
#define ALLOWED_ABOVE_HI 32
#elif defined(__arm__)
#define LF_ABI_NAME "Arm AAPCS (VFP variant)"
static const char *const gpr_names[] = {"r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"};
static const char *const fpr_names[] = {"d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15"};
static const char *const vr_names[] = {NULL};
#define NGPR 8
#define NFPR 8
#define NVR 0
#define ALLOWED_ABOVE_LO 0
#define ALLOWED_ABOVE_HI 0
#define LF_ABI_GPR_BITS 32 /* the trampoline moves the low words of the GPR slots */
#elif defined(__s390x__)
#define LF_ABI_NAME "s390x ELF ABI"
static const char *const gpr_names[] = {"r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13"};
static const char *const fpr_names[] = {"f8", "f9", "f10", "f11", "f12", "f13", "f14", "f15"};
static const char *const vr_names[] = {NULL};
#define NGPR 8
#define NFPR 8
#define NVR 0
/* The 160 bytes above the stack pointer are the callee's register save
 * area (r2-r15 at 16..127, f0-f6 at 128..159); 0 is the caller's back chain. */
#define ALLOWED_ABOVE_LO 16
#define ALLOWED_ABOVE_HI 160
#else
#error "tests/abi: no trampoline for this architecture"
#endif

/* Problem classes, so self-tests can insist on the right diagnosis. */
enum {
    P_GPR = 1, P_FPR = 2, P_VR = 4, P_MISC = 8, P_SP = 16, P_CANARY = 32,
    P_GUARD = 64, P_INPUT = 128, P_STACKUSE = 256, P_RESULT = 512,
};

static int verbose;

static lf_rng rng = LF_RNG_INIT(0x243f6a8885a308d3ULL); /* tests/common/rng.h */
static uint64_t rnd(void)
{
    return lf_rng_u64(&rng);
}

/* --------------------------------------------------------------- stack */
/* The private stack: LF_ABI_STACK_BELOW bytes for the callee below the call
 * stack pointer, LF_ABI_STACK_ABOVE bytes of canary (the caller's frame). */
#define LF_ABI_STACK_BELOW (32 * 1024)
#define LF_ABI_STACK_ABOVE 1024
#define STACK_WORDS ((LF_ABI_STACK_BELOW + LF_ABI_STACK_ABOVE) / 8)
static uint64_t stack_area[STACK_WORDS] __attribute__((aligned(64)));
static uint64_t stack_salt;

static uint64_t stack_pattern(size_t i) { return (0xa5a5a5a55a5a5a5aULL ^ stack_salt) + i * 0x9e3779b97f4a7c15ULL; }

static uint64_t call_sp(void) { return (uint64_t)(uintptr_t)&stack_area[LF_ABI_STACK_BELOW / 8]; }

/* -------------------------------------------------------------- buffers */
#define BUF_MAX 65536
#define GUARD 64
static unsigned char slab[LF_ABI_MAX_ARGS][GUARD + BUF_MAX + GUARD] __attribute__((aligned(64)));
static unsigned char saved_in[LF_ABI_MAX_ARGS][BUF_MAX];
static unsigned char out_kernel[LF_ABI_MAX_ARGS][BUF_MAX];

static unsigned char guard_byte(int k, size_t off) { return (unsigned char)(0xc3 ^ (k * 37) ^ (off * 11)); }

/* Parse "ret o4w i32 v16" into a; 0 on success. */
static int parse_spec(const char *spec, lf_abi_args *a)
{
    memset(a, 0, sizeof *a);
    const char *s = spec;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) break;
        if (strncmp(s, "ret", 3) == 0 && (s[3] == ' ' || s[3] == 0) && a->n == 0 && !a->has_ret) {
            a->has_ret = 1;
            s += 3;
            continue;
        }
        char kind = *s++;
        if (!strchr("oibv", kind) || a->n == LF_ABI_MAX_ARGS) return -1;
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        if (end == s) return -1;
        s = end;
        if (*s == 'w') v *= 8, s++;
        if (*s && *s != ' ' && *s != '\t') return -1;
        if (kind != 'v' && (v == 0 || v > BUF_MAX)) return -1;
        a->kind[a->n] = kind;
        a->size[a->n] = (size_t)v;
        a->buf[a->n] = kind == 'v' ? NULL : &slab[a->n][GUARD];
        a->n++;
    }
    return 0;
}

static void fill_guards(const lf_abi_args *a, int i)
{
    for (size_t j = 0; j < GUARD; j++) {
        slab[i][j] = guard_byte(i, j);
        slab[i][GUARD + a->size[i] + j] = guard_byte(i, GUARD + j);
    }
}

/* Guards and output buffers get patterns; inputs come from the entry's init
 * (or random bytes) and are saved. */
static void prepare(const lf_abi_kernel *k, lf_abi_args *a, int trial)
{
    for (int i = 0; i < a->n; i++) {
        if (a->kind[i] == 'v') continue;
        fill_guards(a, i);
        memset(a->buf[i], 0xcc, a->size[i]);
        if (a->kind[i] != 'o' && !k->init)
            for (size_t j = 0; j < a->size[i]; j++) a->buf[i][j] = (unsigned char)rnd();
    }
    if (k->init) k->init(a, trial, rnd);
    for (int i = 0; i < a->n; i++)
        if (a->kind[i] == 'i' || a->kind[i] == 'b') memcpy(saved_in[i], a->buf[i], a->size[i]);
}

/* Restore the guards and inputs set by prepare (for the reference call). */
static void restore_inputs(lf_abi_args *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->kind[i] == 'v') continue;
        fill_guards(a, i);
        if (a->kind[i] == 'o') memset(a->buf[i], 0xcc, a->size[i]);
        else memcpy(a->buf[i], saved_in[i], a->size[i]);
    }
}

/* ---------------------------------------------------------------- check */
#define U(x) ((unsigned long long)(x))
static const char *cur_name;
static int report_limit;

static void problem(int *mask, int cls, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void problem(int *mask, int cls, const char *fmt, ...)
{
    *mask |= cls;
    if (report_limit-- > 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "abi: %s: ", cur_name);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

static int check_misc(const struct lf_abi_ctx *c)
{
    int m = 0;
#if defined(__x86_64__)
    if (c->misc_out[0] & (1u << 10)) problem(&m, P_MISC, "direction flag set on return (rflags %#llx)", U(c->misc_out[0]));
    if ((c->misc_out[1] & 0xffc0) != (c->misc_out[2] & 0xffc0))
        problem(&m, P_MISC, "MXCSR control bits changed: %#llx -> %#llx", U(c->misc_out[2]), U(c->misc_out[1]));
    if ((c->misc_out[3] & 0xffff) != (c->misc_out[4] & 0xffff))
        problem(&m, P_MISC, "x87 control word changed: %#llx -> %#llx", U(c->misc_out[4] & 0xffff), U(c->misc_out[3] & 0xffff));
#elif defined(__aarch64__)
    if (c->misc_out[0] != c->misc_out[2])
        problem(&m, P_MISC, "FPCR changed: %#llx -> %#llx", U(c->misc_out[2]), U(c->misc_out[0]));
    /* gcc uses x18 as a temporary on Linux: a note for assembly kernels only */
    if (c->misc_out[1] != c->misc_out[3] && verbose && strcmp(cur_name, "reference") != 0)
        fprintf(stderr, "abi: %s: note: x18 (platform register, reserved on some OSes) changed\n", cur_name);
#elif defined(__riscv)
    if (c->misc_out[0] != c->misc_out[2])
        problem(&m, P_MISC, "gp changed: %#llx -> %#llx", U(c->misc_out[2]), U(c->misc_out[0]));
    if (c->misc_out[1] != c->misc_out[3])
        problem(&m, P_MISC, "tp changed: %#llx -> %#llx", U(c->misc_out[3]), U(c->misc_out[1]));
#elif defined(__powerpc64__)
    if (c->misc_out[0] != c->misc_out[2])
        problem(&m, P_MISC, "r2 (TOC pointer) changed: %#llx -> %#llx", U(c->misc_out[2]), U(c->misc_out[0]));
    if (c->misc_out[1] != c->misc_out[3])
        problem(&m, P_MISC, "r13 (thread pointer) changed: %#llx -> %#llx", U(c->misc_out[3]), U(c->misc_out[1]));
    if ((c->misc_out[4] & 0x00fff000) != (c->misc_in[0] & 0x00fff000))
        problem(&m, P_MISC, "cr2..cr4 changed: %#llx -> %#llx", U(c->misc_in[0] & 0x00fff000), U(c->misc_out[4] & 0x00fff000));
#elif defined(__s390x__)
    if (c->misc_out[0] != c->misc_out[2] || c->misc_out[1] != c->misc_out[3])
        problem(&m, P_MISC, "access registers a0:a1 (thread pointer) changed: %#llx:%#llx -> %#llx:%#llx",
                U(c->misc_out[2]), U(c->misc_out[3]), U(c->misc_out[0]), U(c->misc_out[1]));
#elif defined(__arm__)
    /* FPSCR control: AHP, DN, FZ, RMode (bits 22..26) */
    if ((c->misc_out[0] ^ c->misc_out[2]) & 0x07c00000)
        problem(&m, P_MISC, "FPSCR control bits changed: %#llx -> %#llx", U(c->misc_out[2]), U(c->misc_out[0]));
#endif
    return m;
}

/* One call of fn through the trampoline with the arguments in a; returns the
 * problem mask and the return register in *ret; *stack_used gets the depth
 * of the lowest stack word the call changed. */
static int checked_call(lf_abi_fn fn, lf_abi_args *a, uint64_t *ret, size_t *stack_used)
{
    static struct lf_abi_ctx c;
    int m = 0;
    memset(&c, 0, sizeof c);
    stack_salt = rnd();
    for (size_t i = 0; i < STACK_WORDS; i++) stack_area[i] = stack_pattern(i);
    c.fn = (uint64_t)(uintptr_t)fn;
    c.sp = call_sp();
    for (int i = 0; i < a->n; i++)
        c.args[i] = a->kind[i] == 'v' ? (uint64_t)a->size[i] : (uint64_t)(uintptr_t)a->buf[i];
    for (int i = 0; i < LF_ABI_MAX_GPR; i++) c.gpr_in[i] = rnd();
#ifdef LF_ABI_GPR_BITS
    for (int i = 0; i < LF_ABI_MAX_GPR; i++) c.gpr_in[i] &= (UINT64_C(1) << LF_ABI_GPR_BITS) - 1;
#endif
    for (int i = 0; i < LF_ABI_MAX_FPR; i++) c.fpr_in[i] = rnd();
    for (int i = 0; i < 2 * LF_ABI_MAX_VR; i++) c.vr_in[i] = rnd();
    for (int i = 0; i < LF_ABI_MISC; i++) c.misc_in[i] = rnd();

    lf_abi_tramp(&c);

    *ret = c.ret;
    for (int i = 0; i < NGPR; i++)
        if (c.gpr_out[i] != c.gpr_in[i])
            problem(&m, P_GPR, "callee-saved %s not preserved (%#llx -> %#llx)", gpr_names[i],
                    U(c.gpr_in[i]), U(c.gpr_out[i]));
    for (int i = 0; i < NFPR; i++)
        if (c.fpr_out[i] != c.fpr_in[i])
            problem(&m, P_FPR, "callee-saved %s not preserved (%#llx -> %#llx)", fpr_names[i],
                    U(c.fpr_in[i]), U(c.fpr_out[i]));
    for (int i = 0; i < NVR; i++)
        if (c.vr_out[2 * i] != c.vr_in[2 * i] || c.vr_out[2 * i + 1] != c.vr_in[2 * i + 1])
            problem(&m, P_VR, "callee-saved %s not preserved (%#llx:%#llx -> %#llx:%#llx)", vr_names[i],
                    U(c.vr_in[2 * i + 1]), U(c.vr_in[2 * i]), U(c.vr_out[2 * i + 1]), U(c.vr_out[2 * i]));
    m |= check_misc(&c);
    if (c.sp_out != c.sp) problem(&m, P_SP, "stack pointer not restored (%#llx -> %#llx)", U(c.sp), U(c.sp_out));

    /* Canary: the caller's frame above the call stack pointer. */
    for (size_t i = LF_ABI_STACK_BELOW / 8; i < STACK_WORDS; i++) {
        size_t off = (i - LF_ABI_STACK_BELOW / 8) * 8;
        if ((long)off >= ALLOWED_ABOVE_LO && (long)off < ALLOWED_ABOVE_HI) continue;
        if (stack_area[i] != stack_pattern(i)) {
            problem(&m, P_CANARY, "wrote the caller's stack frame at sp+%zu (now %#llx)", off, U(stack_area[i]));
            break;
        }
    }
    size_t low = 0;
    while (low < LF_ABI_STACK_BELOW / 8 && stack_area[low] == stack_pattern(low)) low++;
    *stack_used = LF_ABI_STACK_BELOW - low * 8;
    if (low == 0) problem(&m, P_STACKUSE, "used %d bytes of stack or more", LF_ABI_STACK_BELOW);

    for (int i = 0; i < a->n; i++) {
        if (a->kind[i] == 'v') continue;
        for (size_t j = 0; j < GUARD; j++) {
            if (slab[i][j] != guard_byte(i, j)) {
                problem(&m, P_GUARD, "wrote %zu bytes before argument %d", GUARD - j, i);
                break;
            }
            if (slab[i][GUARD + a->size[i] + j] != guard_byte(i, GUARD + j)) {
                problem(&m, P_GUARD, "wrote byte %zu past the end of argument %d", j, i);
                break;
            }
        }
        if (a->kind[i] == 'i' && memcmp(a->buf[i], saved_in[i], a->size[i]) != 0)
            problem(&m, P_INPUT, "modified input argument %d", i);
    }
    return m;
}

/* ------------------------------------------------------- kernel tables */
#define LF_ABI_K(sym, BE, spec, init, ref) \
    {#sym, (lf_abi_fn)(sym), LF_BACKEND_##BE, spec, init, (lf_abi_fn)(ref)},
static const lf_abi_kernel kernels[] = {
    LF_ABI_KERNELS_FIELD(LF_ABI_K)
    LF_ABI_KERNELS_MPGEN(LF_ABI_K)
    LF_ABI_KERNELS_HAND(LF_ABI_K)
    {NULL, NULL, 0, NULL, NULL, NULL},
};
static const lf_abi_kernel controls[] = {
    LF_ABI_CONTROL_FIELD(LF_ABI_K)
    {NULL, NULL, 0, NULL, NULL, NULL},
};

/* Self-test kernels (tramp_<arch>.S): r = a ^ b on 4 words. */
static void xor4_ref(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    for (int i = 0; i < 4; i++) r[i] = a[i] ^ b[i];
}
static void xor4_wrong(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    xor4_ref(r, a, b);
    r[3] ^= 1;
}
void lf_abi_st_good(void);
void lf_abi_st_gpr(void);
void lf_abi_st_sp(void);
void lf_abi_st_stack(void);
void lf_abi_st_guard(void);
#define ST_COMMON(X) X(gpr, P_GPR) X(sp, P_SP) X(stack, P_CANARY) X(guard, P_GUARD)
#if defined(__x86_64__)
void lf_abi_st_flags(void);
#define ST_ARCH(X) X(flags, P_MISC)
#elif defined(__aarch64__)
void lf_abi_st_fpr(void);
#define ST_ARCH(X) X(fpr, P_FPR)
#elif defined(__riscv)
void lf_abi_st_fpr(void);
void lf_abi_st_gp(void);
#define ST_ARCH(X) X(fpr, P_FPR) X(gp, P_MISC)
#elif defined(__powerpc64__)
void lf_abi_st_fpr(void);
void lf_abi_st_vr(void);
void lf_abi_st_cr(void);
void lf_abi_st_toc(void);
#define ST_ARCH(X) X(fpr, P_FPR) X(vr, P_VR) X(cr, P_MISC) X(toc, P_MISC)
#elif defined(__arm__) || defined(__s390x__)
void lf_abi_st_fpr(void);
#define ST_ARCH(X) X(fpr, P_FPR)
#endif
static const struct {
    const char *mode;
    lf_abi_fn fn;
    int expect;
} selftests[] = {
#define ST_ENTRY(m, cls) {#m, lf_abi_st_##m, cls},
    ST_COMMON(ST_ENTRY) ST_ARCH(ST_ENTRY)
};
#define NSELFTESTS ((int)(sizeof selftests / sizeof selftests[0]))

/* ------------------------------------------------------------- driving */
/* Checks kernel k over `trials` calls; returns its problem mask. */
static int run_kernel(const lf_abi_kernel *k, int trials, size_t *stack_max)
{
    lf_abi_args a;
    int mask = 0;
    cur_name = k->name;
    report_limit = 8;
    if (parse_spec(k->spec, &a) != 0) {
        fprintf(stderr, "abi: %s: bad argument spec \"%s\"\n", k->name, k->spec);
        return P_RESULT;
    }
    for (int t = 0; t < trials; t++) {
        uint64_t ret, ret_ref;
        size_t used;
        prepare(k, &a, t);
        mask |= checked_call(k->fn, &a, &ret, &used);
        if (used > *stack_max) *stack_max = used;
        if (!k->ref) continue;
        for (int i = 0; i < a.n; i++)
            if (a.kind[i] == 'o' || a.kind[i] == 'b') memcpy(out_kernel[i], a.buf[i], a.size[i]);
        restore_inputs(&a);
        const char *name = cur_name;
        cur_name = "reference";
        int mref = checked_call(k->ref, &a, &ret_ref, &used);
        cur_name = name;
        if (mref) {
            fprintf(stderr, "abi: %s: its reference fails the check too: harness or reference broken\n", name);
            mask |= mref;
        }
        for (int i = 0; i < a.n; i++)
            if ((a.kind[i] == 'o' || a.kind[i] == 'b') && memcmp(out_kernel[i], a.buf[i], a.size[i]) != 0)
                problem(&mask, P_RESULT, "argument %d differs from the reference (trial %d)", i, t);
        if (a.has_ret && ret != ret_ref)
            problem(&mask, P_RESULT, "return value %#llx, reference %#llx (trial %d)", U(ret), U(ret_ref), t);
    }
    return mask;
}

static int selftest(const char *mode)
{
    int found = -1;
    for (int i = 0; i < NSELFTESTS; i++)
        if (strcmp(selftests[i].mode, mode) == 0) found = i;
    if (strcmp(mode, "result") == 0) {
        /* The comparison with the reference must be able to fail too. */
        size_t used = 0;
        lf_abi_kernel k = {"lf_abi_st_good vs a wrong reference", lf_abi_st_good, LF_BACKEND_C,
                           "o4w i4w i4w", NULL, (lf_abi_fn)xor4_wrong};
        int m = run_kernel(&k, 2, &used);
        if (m != P_RESULT) {
            fprintf(stderr, "abi selftest result: FAIL: mask %#x, expected %#x\n", m, P_RESULT);
            return 1;
        }
        printf("abi selftest result: a wrong result was flagged (mask %#x)\n", m);
        return 0;
    }
    if (found < 0) {
        fprintf(stderr, "abi: self-test modes on %s: result", LF_ABI_NAME);
        for (int i = 0; i < NSELFTESTS; i++) fprintf(stderr, " %s", selftests[i].mode);
        fputc('\n', stderr);
        return strcmp(mode, "list") == 0 ? 0 : 2;
    }
    size_t stack_max = 0;
    lf_abi_kernel good = {"lf_abi_st_good", lf_abi_st_good, LF_BACKEND_C, "o4w i4w i4w", NULL,
                          (lf_abi_fn)xor4_ref};
    int mg = run_kernel(&good, 4, &stack_max);
    if (mg) {
        fprintf(stderr, "abi selftest %s: FAIL: the correct dummy kernel was flagged (mask %#x)\n", mode, mg);
        return 1;
    }
    char name[64];
    snprintf(name, sizeof name, "lf_abi_st_%s", mode);
    lf_abi_kernel bad = {name, selftests[found].fn, LF_BACKEND_C, "o4w i4w i4w", NULL, (lf_abi_fn)xor4_ref};
    int mb = run_kernel(&bad, 2, &stack_max);
    if (!(mb & selftests[found].expect)) {
        fprintf(stderr, "abi selftest %s: FAIL: the broken kernel was not flagged for the right reason "
                        "(mask %#x, expected %#x)\n", mode, mb, selftests[found].expect);
        return 1;
    }
    printf("abi selftest %s (%s): the correct dummy passed, the broken kernel was flagged (mask %#x)\n",
           mode, LF_ABI_NAME, mb);
    return 0;
}

static int backend_by_name(const char *s)
{
    for (int b = 0; b < LF_BACKEND_COUNT; b++)
        if (strcmp(lf_backend_name((lf_backend)b), s) == 0) return b;
    return -1;
}

int main(int argc, char **argv)
{
    const char *only = NULL, *st = NULL;
    int trials = 4, list = 0, control = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) only = argv[++i];
        else if (strcmp(argv[i], "--selftest") == 0 && i + 1 < argc) st = argv[++i];
        else if (strcmp(argv[i], "--trials") == 0 && i + 1 < argc) trials = atoi(argv[++i]);
        else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) verbose = 1;
        else if (strcmp(argv[i], "--list") == 0) list = 1;
        else if (strcmp(argv[i], "--control") == 0) control = 1;
        else {
            fprintf(stderr, "usage: %s [--backend NAME | --control] [--trials N] [--verbose] [--list] | --selftest MODE|list\n", argv[0]);
            return 2;
        }
    }
    if (trials < 1) trials = 1;
    if (st) return selftest(st);

    int want = -1;
    if (only) {
        want = backend_by_name(only);
        if (want < 0) {
            fprintf(stderr, "abi: unknown back end %s\n", only);
            return 2;
        }
    }
    int checked = 0, failed = 0, skipped = 0;
    size_t stack_max = 0;
    const char *stack_max_name = "-";
    for (const lf_abi_kernel *k = control ? controls : kernels; k->name; k++) {
        if (want >= 0 && k->backend != want) continue;
        if (list) {
            printf("%-44s %-12s %s%s\n", k->name, lf_backend_name((lf_backend)k->backend), k->spec,
                   k->ref ? " (with reference)" : "");
            continue;
        }
        if (!lf_backend_available((lf_backend)k->backend)) {
            skipped++;
            continue;
        }
        size_t used = 0;
        int m = run_kernel(k, trials, &used);
        checked++;
        if (m) failed++;
        if (used > stack_max) stack_max = used, stack_max_name = k->name;
        if (verbose) printf("%-44s %s  stack %zu bytes\n", k->name, m ? "FAIL" : "ok", used);
    }
    if (list) return 0;
    printf("abi (%s, back end %s): %d kernels checked, %d trials each, %d failed, %d skipped "
           "(CPU lacks their back end); deepest stack use %zu bytes (%s)\n",
           LF_ABI_NAME, control ? "c (control: compiled C kernels)" : only ? only : "all", checked, trials, failed, skipped, stack_max, stack_max_name);
    if (failed) return 1;
    if (checked == 0) {
        printf("abi: nothing to check%s\n", skipped ? " (back end not available on this CPU)" : "");
        return 77;
    }
    return 0;
}
