/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, 32-bit Arm AAPCS with the
 * VFP (hard-float) variant: the armv7 back end.  Test code, Arm state (the
 * kernels it calls may be Thumb: blx and pop {pc} interwork).
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (r0 = ctx)
 *   Calls ctx->fn(args[0..3]) on the stack ctx->sp, with r4-r11 loaded from
 *   the low words of ctx->gpr_in[0..7] (the harness gives them 32-bit values)
 *   and d8-d15 from fpr_in[0..7]; afterwards stores r4-r11 into the low
 *   words of gpr_out (their high words stay 0), d8-d15 into fpr_out, sp into
 *   sp_out, r0 into ret, and FPSCR (before: misc_out[2]; after: [0]).
 *   Only four arguments (r0-r3): the stack arguments of a fifth and later
 *   would sit in the canary area.  Every ctx word is read or written as its
 *   low 32 bits (little-endian).
 *   Callee-saved: r4-r11, lr and d8-d15 pushed on the caller's stack (sp kept
 *   8-byte aligned) and restored.  Not reentrant: the context pointer and the
 *   caller's sp are kept in the static lf_abi_save while the callee runs,
 *   found again pc-relative.
 *
 * Self-test kernels, void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]), r = a XOR b:
 *   lf_abi_st_good   correct: saves r4/r5 and d8, uses them
 *   lf_abi_st_gpr    BROKEN: overwrites r5
 *   lf_abi_st_fpr    BROKEN: overwrites d9
 *   lf_abi_st_sp     BROKEN: returns with sp 8 bytes lower
 *   lf_abi_st_stack  BROKEN: writes [sp, #4] of the caller's frame
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

	.syntax unified
	.arch armv7-a
	.fpu vfpv3-d16
	.arm

#define FUNC(name) \
	.globl name; .hidden name; .type name, %function; .p2align 2; name:

	.text
FUNC(lf_abi_tramp)
	push {r4-r11, lr}
	vpush {d8-d15}
	sub sp, sp, #4
	ldr r12, .Lsave1
.Lpc1:	add r12, pc, r12
	str r0, [r12]
	str sp, [r12, #4]
	vmrs r1, fpscr
	str r1, [r0, #LF_ABI_OFF_MISC_OUT + 16]
	ldr r4, [r0, #LF_ABI_OFF_GPR_IN + 0]
	ldr r5, [r0, #LF_ABI_OFF_GPR_IN + 8]
	ldr r6, [r0, #LF_ABI_OFF_GPR_IN + 16]
	ldr r7, [r0, #LF_ABI_OFF_GPR_IN + 24]
	ldr r8, [r0, #LF_ABI_OFF_GPR_IN + 32]
	ldr r9, [r0, #LF_ABI_OFF_GPR_IN + 40]
	ldr r10, [r0, #LF_ABI_OFF_GPR_IN + 48]
	ldr r11, [r0, #LF_ABI_OFF_GPR_IN + 56]
	add r1, r0, #LF_ABI_OFF_FPR_IN
	vldm r1, {d8-d15}
	ldr r12, [r0, #LF_ABI_OFF_FN]
	ldr r1, [r0, #LF_ABI_OFF_SP]
	mov sp, r1
	ldr r3, [r0, #LF_ABI_OFF_ARGS + 24]
	ldr r2, [r0, #LF_ABI_OFF_ARGS + 16]
	ldr r1, [r0, #LF_ABI_OFF_ARGS + 8]
	ldr r0, [r0, #LF_ABI_OFF_ARGS]
	blx r12
	ldr r12, .Lsave2
.Lpc2:	add r12, pc, r12
	ldr r1, [r12]
	str r0, [r1, #LF_ABI_OFF_RET]
	str sp, [r1, #LF_ABI_OFF_SP_OUT]
	str r4, [r1, #LF_ABI_OFF_GPR_OUT + 0]
	str r5, [r1, #LF_ABI_OFF_GPR_OUT + 8]
	str r6, [r1, #LF_ABI_OFF_GPR_OUT + 16]
	str r7, [r1, #LF_ABI_OFF_GPR_OUT + 24]
	str r8, [r1, #LF_ABI_OFF_GPR_OUT + 32]
	str r9, [r1, #LF_ABI_OFF_GPR_OUT + 40]
	str r10, [r1, #LF_ABI_OFF_GPR_OUT + 48]
	str r11, [r1, #LF_ABI_OFF_GPR_OUT + 56]
	add r2, r1, #LF_ABI_OFF_FPR_OUT
	vstm r2, {d8-d15}
	vmrs r3, fpscr
	str r3, [r1, #LF_ABI_OFF_MISC_OUT]
	ldr sp, [r12, #4]
	add sp, sp, #4
	vpop {d8-d15}
	pop {r4-r11, pc}
.Lsave1:
	.word lf_abi_save - (.Lpc1 + 8)
.Lsave2:
	.word lf_abi_save - (.Lpc2 + 8)
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 8 words with r3 and r12 only. */
#define X1(o) ldr r3, [r1, #0 + o]; ldr r12, [r2, #0 + o]; eor r3, r3, r12; str r3, [r0, #0 + o]
#define XOR4 X1(0); X1(4); X1(8); X1(12); X1(16); X1(20); X1(24); X1(28)

FUNC(lf_abi_st_good)
	push {r4, r5}
	vpush {d8}
	ldr r4, [r1]
	ldr r5, [r2]
	eor r4, r4, r5
	vmov d8, r4, r5
	XOR4
	vpop {d8}
	pop {r4, r5}
	bx lr
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	mov r5, r3
	bx lr
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_fpr)
	XOR4
	vmov d9, r3, r3
	bx lr
	.size lf_abi_st_fpr, .-lf_abi_st_fpr

FUNC(lf_abi_st_sp)
	XOR4
	sub sp, sp, #8
	bx lr
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	str r3, [sp, #4]
	bx lr
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	str r3, [r0, #32]
	bx lr
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 3
	.type lf_abi_save, %object
lf_abi_save:
	.zero 8
	.size lf_abi_save, 8

	.section .note.GNU-stack,"",%progbits
