/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, s390x ELF ABI (z/Architecture,
 * 64-bit).  Test code.
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (r2 = ctx)
 *   Calls ctx->fn(args[0..3]) (basr r14, with the arguments in r2-r5) on
 *   the stack ctx->sp, with r6-r13 loaded from ctx->gpr_in[0..7] and f8-f15
 *   from fpr_in[0..7]; afterwards stores r6-r13 and f8-f15 into gpr_out and
 *   fpr_out, r15 into sp_out, r2 into ret, and the access registers a0, a1
 *   (the thread pointer) before the call in misc_out[2], [3] and after it
 *   in misc_out[0], [1].  r6 is also the fifth argument register: the
 *   kernels checked here take at most four arguments, so it carries a test
 *   value (it is callee-saved).
 *   Registers clobbered: all volatile ones (r0-r5, r14, f0-f7, the CC).
 *   Callee-saved: r6-r15 saved with stmg in the caller's register save area
 *   (8*N(r15)), f8-f15 in the trampoline's own 224-byte frame (160-byte save
 *   area for the callee it does not use + 64 bytes), restored afterwards.
 *   The call runs on ctx->sp (8-byte aligned): the 160 bytes above it are
 *   the callee's register save area (the harness lets the callee write
 *   sp+16..sp+159, not the back chain word or the word after it).
 *   Not reentrant: the context pointer and the trampoline's r15 are kept in
 *   the static lf_abi_save while the callee runs (larl: no GOT).
 *
 * Self-test kernels, void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]), r = a XOR b:
 *   lf_abi_st_good   correct: r6, r7 saved in the register save area, f8
 *                    in a 168-byte frame of its own
 *   lf_abi_st_gpr    BROKEN: overwrites r6 and r13
 *   lf_abi_st_fpr    BROKEN: overwrites f8
 *   lf_abi_st_sp     BROKEN: returns with r15 32 bytes lower
 *   lf_abi_st_stack  BROKEN: writes 160(r15), the caller's frame above the save area
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

#define FRAME 224
#define SAVE_FPR 160

	.text
	.globl lf_abi_tramp
	.hidden lf_abi_tramp
	.type lf_abi_tramp, @function
	.p2align 3
lf_abi_tramp:
	stmg %r6,%r15,48(%r15)
	lay %r15,-FRAME(%r15)
	.irp i, 8,9,10,11,12,13,14,15
	std %f\i, SAVE_FPR+8*(\i-8)(%r15)
	.endr
	larl %r1,lf_abi_save
	stg %r2,0(%r1)
	stg %r15,8(%r1)
	ear %r0,%a0
	llgfr %r0,%r0
	stg %r0,LF_ABI_OFF_MISC_OUT+16(%r2)
	ear %r0,%a1
	llgfr %r0,%r0
	stg %r0,LF_ABI_OFF_MISC_OUT+24(%r2)
	.irp i, 8,9,10,11,12,13,14,15
	ld %f\i, LF_ABI_OFF_FPR_IN+8*(\i-8)(%r2)
	.endr
	lmg %r6,%r13,LF_ABI_OFF_GPR_IN(%r2)
	lg %r1,LF_ABI_OFF_FN(%r2)
	lg %r3,LF_ABI_OFF_ARGS+8(%r2)
	lg %r4,LF_ABI_OFF_ARGS+16(%r2)
	lg %r5,LF_ABI_OFF_ARGS+24(%r2)
	lg %r15,LF_ABI_OFF_SP(%r2)
	lg %r2,LF_ABI_OFF_ARGS+0(%r2)
	basr %r14,%r1
	larl %r1,lf_abi_save
	lg %r1,0(%r1)
	stg %r2,LF_ABI_OFF_RET(%r1)
	stg %r15,LF_ABI_OFF_SP_OUT(%r1)
	stmg %r6,%r13,LF_ABI_OFF_GPR_OUT(%r1)
	.irp i, 8,9,10,11,12,13,14,15
	std %f\i, LF_ABI_OFF_FPR_OUT+8*(\i-8)(%r1)
	.endr
	ear %r0,%a0
	llgfr %r0,%r0
	stg %r0,LF_ABI_OFF_MISC_OUT+0(%r1)
	ear %r0,%a1
	llgfr %r0,%r0
	stg %r0,LF_ABI_OFF_MISC_OUT+8(%r1)
	larl %r1,lf_abi_save
	lg %r15,8(%r1)
	.irp i, 8,9,10,11,12,13,14,15
	ld %f\i, SAVE_FPR+8*(\i-8)(%r15)
	.endr
	lay %r15,FRAME(%r15)
	lmg %r6,%r15,48(%r15)
	br %r14
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 4 limbs with r0, r1 only. */
#define XOR1(o) lg %r1,o(%r3); xg %r1,o(%r4); stg %r1,o(%r2)
#define XOR4 XOR1(0); XOR1(8); XOR1(16); XOR1(24)

#define FUNC(name) \
	.globl name; .hidden name; .type name, @function; .p2align 3; name:

FUNC(lf_abi_st_good)
	stmg %r6,%r7,48(%r15)
	lay %r15,-168(%r15)
	std %f8,160(%r15)
	lg %r6,0(%r3)
	lg %r7,0(%r4)
	xgr %r6,%r7
	stg %r6,0(%r2)
	ld %f8,0(%r2)
	XOR1(8)
	XOR1(16)
	XOR1(24)
	ld %f8,160(%r15)
	lay %r15,168(%r15)
	lmg %r6,%r7,48(%r15)
	br %r14
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	lgr %r6,%r1
	la %r13,1(%r1)
	br %r14
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_fpr)
	XOR4
	ld %f8,0(%r2)
	br %r14
	.size lf_abi_st_fpr, .-lf_abi_st_fpr

FUNC(lf_abi_st_sp)
	XOR4
	lay %r15,-32(%r15)
	br %r14
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	stg %r1,160(%r15)
	br %r14
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	stg %r1,32(%r2)
	br %r14
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 3
	.type lf_abi_save, @object
lf_abi_save:
	.zero 16
	.size lf_abi_save, 16

	.section .note.GNU-stack,"",@progbits
