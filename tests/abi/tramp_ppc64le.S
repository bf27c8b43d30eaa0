/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, ppc64le ELFv2.  Test code.
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (r3 = ctx)
 *   Calls ctx->fn(args[0..7]) (through ctr, with r12 = its address, as an
 *   ELFv2 indirect call) on the stack ctx->sp, with r14-r31 loaded from
 *   ctx->gpr_in[0..17], f14-f31 from fpr_in[0..17], v20-v31 from vr_in[0..11]
 *   and cr2-cr4 from misc_in[0]; afterwards stores r14-r31, f14-f31 and
 *   v20-v31 into gpr_out, fpr_out, vr_out, r1 into sp_out, r3 into ret, r2,
 *   r13 and the CR (before: misc_out[2], [3]; after: [0], [1], [4]).
 *   r2 and r13 are not loaded with test values (a global entry point may
 *   legitimately recompute r2 from r12; r13 is the thread pointer): the
 *   check is that they come back unchanged.
 *   Registers clobbered: all volatile ones (r0, r3-r12, f0-f13, v0-v19,
 *   cr0/1/5-7, lr, ctr, xer); r2, r13 and cr2-cr4 are restored.
 *   Callee-saved: r14-r31, f14-f31, v20-v31, r2, r13 and the CR saved in a
 *   544-byte frame (linkage area, then 144 + 144 + 192 bytes of saves and
 *   r2, r13, CR) and restored; LR saved at 16(r1) of the caller's frame.
 *   The call runs on ctx->sp (16-byte aligned; its linkage area belongs to
 *   the harness's canary area).
 *   Not reentrant: the context pointer and the caller's r1 are kept in the
 *   static lf_abi_save while the callee runs, found again pc-relative (no
 *   TOC: r2 may be broken).
 *
 * Self-test kernels, void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]), r = a XOR b:
 *   lf_abi_st_good   correct: frame with r14, r15, f14, v20 saved; LR saved
 *                    in the caller's linkage area
 *   lf_abi_st_gpr    BROKEN: overwrites r14 and r31
 *   lf_abi_st_fpr    BROKEN: overwrites f14
 *   lf_abi_st_vr     BROKEN: overwrites v21
 *   lf_abi_st_cr     BROKEN: flips a bit of cr2
 *   lf_abi_st_toc    BROKEN: changes r2
 *   lf_abi_st_sp     BROKEN: returns with r1 32 bytes lower
 *   lf_abi_st_stack  BROKEN: writes 40(r1), the caller's frame above the linkage area
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

#define FRAME 544
#define SAVE_GPR 32
#define SAVE_FPR 176
#define SAVE_VR 320
#define SAVE_R2 512
#define SAVE_R13 520
#define SAVE_CR 528

	.abiversion 2
	.text
	.globl lf_abi_tramp
	.hidden lf_abi_tramp
	.type lf_abi_tramp, @function
	.p2align 4
lf_abi_tramp:
	mflr %r0
	std %r0, 16(%r1)
	stdu %r1, -FRAME(%r1)
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std %r\i, SAVE_GPR+8*(\i-14)(%r1)
	.endr
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	stfd %f\i, SAVE_FPR+8*(\i-14)(%r1)
	.endr
	.irp i, 20,21,22,23,24,25,26,27,28,29,30,31
	li %r0, SAVE_VR+16*(\i-20)
	stvx %v\i, %r1, %r0
	.endr
	std %r2, SAVE_R2(%r1)
	std %r13, SAVE_R13(%r1)
	mfcr %r0
	std %r0, SAVE_CR(%r1)
	bcl 20, 31, 1f
1:	mflr %r11
	addis %r11, %r11, (lf_abi_save - 1b)@ha
	addi %r11, %r11, (lf_abi_save - 1b)@l
	std %r3, 0(%r11)
	std %r1, 8(%r11)
	std %r2, LF_ABI_OFF_MISC_OUT+16(%r3)
	std %r13, LF_ABI_OFF_MISC_OUT+24(%r3)
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld %r\i, LF_ABI_OFF_GPR_IN+8*(\i-14)(%r3)
	.endr
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	lfd %f\i, LF_ABI_OFF_FPR_IN+8*(\i-14)(%r3)
	.endr
	.irp i, 20,21,22,23,24,25,26,27,28,29,30,31
	li %r0, LF_ABI_OFF_VR_IN+16*(\i-20)
	lvx %v\i, %r3, %r0
	.endr
	ld %r0, LF_ABI_OFF_MISC_IN(%r3)
	mtcrf 0x38, %r0
	ld %r12, LF_ABI_OFF_FN(%r3)
	mtctr %r12
	ld %r11, LF_ABI_OFF_SP(%r3)
	ld %r4, LF_ABI_OFF_ARGS+8(%r3)
	ld %r5, LF_ABI_OFF_ARGS+16(%r3)
	ld %r6, LF_ABI_OFF_ARGS+24(%r3)
	ld %r7, LF_ABI_OFF_ARGS+32(%r3)
	ld %r8, LF_ABI_OFF_ARGS+40(%r3)
	ld %r9, LF_ABI_OFF_ARGS+48(%r3)
	ld %r10, LF_ABI_OFF_ARGS+56(%r3)
	ld %r3, LF_ABI_OFF_ARGS+0(%r3)
	mr %r1, %r11
	bctrl
	bcl 20, 31, 2f
2:	mflr %r11
	addis %r11, %r11, (lf_abi_save - 2b)@ha
	addi %r11, %r11, (lf_abi_save - 2b)@l
	ld %r12, 0(%r11)
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std %r\i, LF_ABI_OFF_GPR_OUT+8*(\i-14)(%r12)
	.endr
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	stfd %f\i, LF_ABI_OFF_FPR_OUT+8*(\i-14)(%r12)
	.endr
	.irp i, 20,21,22,23,24,25,26,27,28,29,30,31
	li %r0, LF_ABI_OFF_VR_OUT+16*(\i-20)
	stvx %v\i, %r12, %r0
	.endr
	std %r1, LF_ABI_OFF_SP_OUT(%r12)
	std %r3, LF_ABI_OFF_RET(%r12)
	std %r2, LF_ABI_OFF_MISC_OUT+0(%r12)
	std %r13, LF_ABI_OFF_MISC_OUT+8(%r12)
	mfcr %r0
	std %r0, LF_ABI_OFF_MISC_OUT+32(%r12)
	ld %r1, 8(%r11)
	ld %r2, SAVE_R2(%r1)
	ld %r13, SAVE_R13(%r1)
	ld %r0, SAVE_CR(%r1)
	mtcrf 0x38, %r0
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld %r\i, SAVE_GPR+8*(\i-14)(%r1)
	.endr
	.irp i, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	lfd %f\i, SAVE_FPR+8*(\i-14)(%r1)
	.endr
	.irp i, 20,21,22,23,24,25,26,27,28,29,30,31
	li %r0, SAVE_VR+16*(\i-20)
	lvx %v\i, %r1, %r0
	.endr
	addi %r1, %r1, FRAME
	ld %r0, 16(%r1)
	mtlr %r0
	blr
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 4 limbs with r9, r10 only. */
#define XOR1(o) ld %r9, o(%r4); ld %r10, o(%r5); xor %r9, %r9, %r10; std %r9, o(%r3)
#define XOR4 XOR1(0); XOR1(8); XOR1(16); XOR1(24)

#define FUNC(name) \
	.globl name; .hidden name; .type name, @function; .p2align 4; name:

FUNC(lf_abi_st_good)
	mflr %r0
	std %r0, 16(%r1)
	stdu %r1, -96(%r1)
	std %r14, 32(%r1)
	std %r15, 40(%r1)
	stfd %f14, 48(%r1)
	li %r0, 64
	stvx %v20, %r1, %r0
	ld %r14, 0(%r4)
	ld %r15, 0(%r5)
	xor %r14, %r14, %r15
	std %r14, 0(%r3)
	lfd %f14, 0(%r3)
	lvx %v20, 0, %r4
	XOR1(8)
	XOR1(16)
	XOR1(24)
	ld %r14, 32(%r1)
	ld %r15, 40(%r1)
	lfd %f14, 48(%r1)
	li %r0, 64
	lvx %v20, %r1, %r0
	addi %r1, %r1, 96
	ld %r0, 16(%r1)
	mtlr %r0
	blr
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	mr %r14, %r9
	addi %r31, %r9, 1
	blr
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_fpr)
	XOR4
	lfd %f14, 0(%r3)
	blr
	.size lf_abi_st_fpr, .-lf_abi_st_fpr

FUNC(lf_abi_st_vr)
	XOR4
	vspltisw %v21, 5
	blr
	.size lf_abi_st_vr, .-lf_abi_st_vr

FUNC(lf_abi_st_cr)
	XOR4
	crnot 10, 10
	blr
	.size lf_abi_st_cr, .-lf_abi_st_cr

FUNC(lf_abi_st_toc)
	XOR4
	addi %r2, %r2, 8
	blr
	.size lf_abi_st_toc, .-lf_abi_st_toc

FUNC(lf_abi_st_sp)
	XOR4
	addi %r1, %r1, -32
	blr
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	std %r9, 40(%r1)
	blr
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	std %r9, 32(%r3)
	blr
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 4
	.type lf_abi_save, @object
lf_abi_save:
	.zero 16
	.size lf_abi_save, 16

	.section .note.GNU-stack,"",@progbits

