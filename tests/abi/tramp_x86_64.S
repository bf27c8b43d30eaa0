/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, x86-64 System V.  Test code.
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (rdi = ctx)
 *   Calls ctx->fn(args[0..5]) on the stack ctx->sp, with rbx, rbp, r12-r15
 *   loaded from ctx->gpr_in[0..5], DF clear; afterwards stores rbx, rbp,
 *   r12-r15 into gpr_out, rsp into sp_out, rax into ret, and rflags, MXCSR
 *   and the x87 control word (before: misc_out[2], [4]; after: [0], [1], [3]).
 *   Registers clobbered: all caller-saved; callee-saved: rbx, rbp, r12-r15
 *   pushed on the caller's stack and restored; DF is cleared before return.
 *   Stack: 48 bytes pushed on the caller's stack; the call itself runs on
 *   ctx->sp (16-byte aligned, supplied by the harness).
 *   Not reentrant: the context pointer and the caller's rsp are kept in the
 *   static lf_abi_save while the callee runs (every register may be wrong
 *   when it returns, so they are found again rip-relative).
 *
 * Self-test kernels, all void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]) computing r = a XOR b:
 *   lf_abi_st_good   correct: saves/restores rbx and r12, uses the red zone
 *   lf_abi_st_gpr    BROKEN: overwrites rbx and r14 without restoring them
 *   lf_abi_st_flags  BROKEN: returns with the direction flag set
 *   lf_abi_st_sp     BROKEN: returns with rsp 16 bytes below where it was
 *   lf_abi_st_stack  BROKEN: writes into the caller's frame (16(%rsp) at entry)
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

	.text
	.globl lf_abi_tramp
	.hidden lf_abi_tramp
	.type lf_abi_tramp, @function
	.p2align 4
lf_abi_tramp:
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	leaq lf_abi_save(%rip), %rax
	movq %rdi, 0(%rax)
	movq %rsp, 8(%rax)
	stmxcsr LF_ABI_OFF_MISC_OUT+16(%rdi)
	fnstcw LF_ABI_OFF_MISC_OUT+32(%rdi)
	movq LF_ABI_OFF_GPR_IN+0(%rdi), %rbx
	movq LF_ABI_OFF_GPR_IN+8(%rdi), %rbp
	movq LF_ABI_OFF_GPR_IN+16(%rdi), %r12
	movq LF_ABI_OFF_GPR_IN+24(%rdi), %r13
	movq LF_ABI_OFF_GPR_IN+32(%rdi), %r14
	movq LF_ABI_OFF_GPR_IN+40(%rdi), %r15
	movq LF_ABI_OFF_FN(%rdi), %r11
	movq LF_ABI_OFF_SP(%rdi), %rsp
	movq LF_ABI_OFF_ARGS+8(%rdi), %rsi
	movq LF_ABI_OFF_ARGS+16(%rdi), %rdx
	movq LF_ABI_OFF_ARGS+24(%rdi), %rcx
	movq LF_ABI_OFF_ARGS+32(%rdi), %r8
	movq LF_ABI_OFF_ARGS+40(%rdi), %r9
	movq LF_ABI_OFF_ARGS+0(%rdi), %rdi
	cld
	call *%r11
	movq lf_abi_save(%rip), %r11
	movq %rbx, LF_ABI_OFF_GPR_OUT+0(%r11)
	movq %rbp, LF_ABI_OFF_GPR_OUT+8(%r11)
	movq %r12, LF_ABI_OFF_GPR_OUT+16(%r11)
	movq %r13, LF_ABI_OFF_GPR_OUT+24(%r11)
	movq %r14, LF_ABI_OFF_GPR_OUT+32(%r11)
	movq %r15, LF_ABI_OFF_GPR_OUT+40(%r11)
	movq %rsp, LF_ABI_OFF_SP_OUT(%r11)
	movq %rax, LF_ABI_OFF_RET(%r11)
	movq lf_abi_save+8(%rip), %rsp
	pushfq
	popq %rax
	movq %rax, LF_ABI_OFF_MISC_OUT+0(%r11)
	stmxcsr LF_ABI_OFF_MISC_OUT+8(%r11)
	fnstcw LF_ABI_OFF_MISC_OUT+24(%r11)
	cld
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 4 limbs with rax/rcx only; used by the broken kernels. */
#define XOR4 \
	movq 0(%rsi), %rax; xorq 0(%rdx), %rax; movq %rax, 0(%rdi); \
	movq 8(%rsi), %rax; xorq 8(%rdx), %rax; movq %rax, 8(%rdi); \
	movq 16(%rsi), %rax; xorq 16(%rdx), %rax; movq %rax, 16(%rdi); \
	movq 24(%rsi), %rax; xorq 24(%rdx), %rax; movq %rax, 24(%rdi)

#define FUNC(name) \
	.globl name; .hidden name; .type name, @function; .p2align 4; name:

FUNC(lf_abi_st_good)
	pushq %rbx
	pushq %r12
	subq $24, %rsp
	movq 0(%rsi), %rbx
	xorq 0(%rdx), %rbx
	movq %rbx, 0(%rsp)
	movq 8(%rsi), %r12
	xorq 8(%rdx), %r12
	movq %r12, -64(%rsp)            /* red zone: allowed */
	movq 16(%rsi), %rax
	xorq 16(%rdx), %rax
	movq 24(%rsi), %rcx
	xorq 24(%rdx), %rcx
	movq 0(%rsp), %rbx
	movq %rbx, 0(%rdi)
	movq -64(%rsp), %r12
	movq %r12, 8(%rdi)
	movq %rax, 16(%rdi)
	movq %rcx, 24(%rdi)
	addq $24, %rsp
	popq %r12
	popq %rbx
	ret
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	movq %rax, %rbx
	leaq 1(%rax), %r14
	ret
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_flags)
	XOR4
	std
	ret
	.size lf_abi_st_flags, .-lf_abi_st_flags

FUNC(lf_abi_st_sp)
	XOR4
	popq %rcx
	subq $16, %rsp
	jmp *%rcx
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	movq %rax, 16(%rsp)
	ret
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	movq %rax, 32(%rdi)
	ret
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 4
	.type lf_abi_save, @object
lf_abi_save:
	.zero 16
	.size lf_abi_save, 16

	.section .note.GNU-stack,"",@progbits
