/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, AArch64 AAPCS64.  Test code.
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (x0 = ctx)
 *   Calls ctx->fn(args[0..7]) on the stack ctx->sp, with x19-x29 loaded
 *   from ctx->gpr_in[0..10] and d8-d15 from fpr_in[0..7]; afterwards stores
 *   x19-x29 into gpr_out, d8-d15 into fpr_out, sp into sp_out, x0 into ret,
 *   FPCR and x18 (before: misc_out[2], [3]; after: [0], [1]).
 *   Registers clobbered: all caller-saved (x0-x17, v0-v7, v16-v31), x18 is
 *   restored.  Callee-saved: x19-x30 and d8-d15 saved in a 176-byte frame on
 *   the caller's stack and restored.  The call runs on ctx->sp (16-aligned).
 *   Not reentrant: the context pointer and the caller's sp are kept in the
 *   static lf_abi_save while the callee runs, found again pc-relative.
 *
 * Self-test kernels, void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]), r = a XOR b:
 *   lf_abi_st_good   correct: saves x19/x20 and d8 in a frame
 *   lf_abi_st_gpr    BROKEN: overwrites x21 and x29
 *   lf_abi_st_fpr    BROKEN: overwrites d9 (low half of v9)
 *   lf_abi_st_sp     BROKEN: returns with sp 16 bytes lower
 *   lf_abi_st_stack  BROKEN: writes [sp, #8] of the caller's frame
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

	.text
	.globl lf_abi_tramp
	.hidden lf_abi_tramp
	.type lf_abi_tramp, %function
	.p2align 4
lf_abi_tramp:
	stp x29, x30, [sp, #-176]!
	mov x29, sp
	stp x19, x20, [sp, #16]
	stp x21, x22, [sp, #32]
	stp x23, x24, [sp, #48]
	stp x25, x26, [sp, #64]
	stp x27, x28, [sp, #80]
	stp d8, d9, [sp, #96]
	stp d10, d11, [sp, #112]
	stp d12, d13, [sp, #128]
	stp d14, d15, [sp, #144]
	str x18, [sp, #160]
	adrp x9, lf_abi_save
	add x9, x9, :lo12:lf_abi_save
	str x0, [x9]
	mov x10, sp
	str x10, [x9, #8]
	add x9, x0, #LF_ABI_OFF_MISC_OUT
	mrs x10, fpcr
	str x10, [x9, #16]
	str x18, [x9, #24]
	add x9, x0, #LF_ABI_OFF_GPR_IN
	ldp x19, x20, [x9, #0]
	ldp x21, x22, [x9, #16]
	ldp x23, x24, [x9, #32]
	ldp x25, x26, [x9, #48]
	ldp x27, x28, [x9, #64]
	ldr x29, [x9, #80]
	add x9, x0, #LF_ABI_OFF_FPR_IN
	ldp d8, d9, [x9, #0]
	ldp d10, d11, [x9, #16]
	ldp d12, d13, [x9, #32]
	ldp d14, d15, [x9, #48]
	ldr x16, [x0, #LF_ABI_OFF_FN]
	ldr x17, [x0, #LF_ABI_OFF_SP]
	mov sp, x17
	add x9, x0, #LF_ABI_OFF_ARGS
	ldp x0, x1, [x9, #0]
	ldp x2, x3, [x9, #16]
	ldp x4, x5, [x9, #32]
	ldp x6, x7, [x9, #48]
	blr x16
	adrp x9, lf_abi_save
	add x9, x9, :lo12:lf_abi_save
	ldr x10, [x9]
	add x11, x10, #LF_ABI_OFF_GPR_OUT
	stp x19, x20, [x11, #0]
	stp x21, x22, [x11, #16]
	stp x23, x24, [x11, #32]
	stp x25, x26, [x11, #48]
	stp x27, x28, [x11, #64]
	str x29, [x11, #80]
	add x11, x10, #LF_ABI_OFF_FPR_OUT
	stp d8, d9, [x11, #0]
	stp d10, d11, [x11, #16]
	stp d12, d13, [x11, #32]
	stp d14, d15, [x11, #48]
	mov x12, sp
	str x12, [x10, #LF_ABI_OFF_SP_OUT]
	str x0, [x10, #LF_ABI_OFF_RET]
	add x11, x10, #LF_ABI_OFF_MISC_OUT
	mrs x12, fpcr
	str x12, [x11, #0]
	str x18, [x11, #8]
	ldr x12, [x9, #8]
	mov sp, x12
	ldr x18, [sp, #160]
	ldp x19, x20, [sp, #16]
	ldp x21, x22, [sp, #32]
	ldp x23, x24, [sp, #48]
	ldp x25, x26, [sp, #64]
	ldp x27, x28, [sp, #80]
	ldp d8, d9, [sp, #96]
	ldp d10, d11, [sp, #112]
	ldp d12, d13, [sp, #128]
	ldp d14, d15, [sp, #144]
	ldp x29, x30, [sp], #176
	ret
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 4 limbs with x9-x12 only. */
#define XOR4 \
	ldp x9, x10, [x1]; ldp x11, x12, [x2]; eor x9, x9, x11; eor x10, x10, x12; stp x9, x10, [x0]; \
	ldp x9, x10, [x1, #16]; ldp x11, x12, [x2, #16]; eor x9, x9, x11; eor x10, x10, x12; stp x9, x10, [x0, #16]

#define FUNC(name) \
	.globl name; .hidden name; .type name, %function; .p2align 4; name:

FUNC(lf_abi_st_good)
	stp x19, x20, [sp, #-32]!
	str d8, [sp, #16]
	ldp x19, x20, [x1]
	ldp x11, x12, [x2]
	eor x19, x19, x11
	eor x20, x20, x12
	fmov d8, x19
	stp x19, x20, [x0]
	ldp x9, x10, [x1, #16]
	ldp x11, x12, [x2, #16]
	eor x9, x9, x11
	eor x10, x10, x12
	stp x9, x10, [x0, #16]
	ldr d8, [sp, #16]
	ldp x19, x20, [sp], #32
	ret
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	mov x21, x9
	add x29, x9, #1
	ret
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_fpr)
	XOR4
	fmov d9, x9
	ret
	.size lf_abi_st_fpr, .-lf_abi_st_fpr

FUNC(lf_abi_st_sp)
	XOR4
	sub sp, sp, #16
	ret
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	str x9, [sp, #8]
	ret
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	str x9, [x0, #32]
	ret
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 4
	.type lf_abi_save, %object
lf_abi_save:
	.zero 16
	.size lf_abi_save, 16

	.section .note.GNU-stack,"",%progbits
