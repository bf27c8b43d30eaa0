/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ABI-checker trampoline and self-test kernels, RISC-V RV64 LP64D.  Test code.
 *
 * void lf_abi_tramp(struct lf_abi_ctx *ctx)                    (a0 = ctx)
 *   Calls ctx->fn(args[0..7]) on the stack ctx->sp, with s0-s11 loaded from
 *   ctx->gpr_in[0..11] and fs0-fs11 from fpr_in[0..11]; afterwards stores
 *   s0-s11 into gpr_out, fs0-fs11 into fpr_out, sp into sp_out, a0 into
 *   ret, gp and tp (before: misc_out[2], [3]; after: [0], [1]).
 *   Registers clobbered: all caller-saved (ra, t0-t6, a0-a7, ft0-ft11,
 *   fa0-fa7); gp and tp are put back after they are recorded.
 *   Callee-saved: s0-s11, fs0-fs11 saved in a 208-byte frame on the caller's
 *   stack and restored.  The call runs on ctx->sp (16-byte aligned).
 *   Not reentrant: the context pointer and the caller's sp are kept in the
 *   static lf_abi_save while the callee runs, found again pc-relative
 *   (.option norelax: the address must not be formed from gp, which the
 *   callee may have broken).
 *
 * Self-test kernels, void f(uint64_t r[4], const uint64_t a[4],
 * const uint64_t b[4]), r = a XOR b:
 *   lf_abi_st_good   correct: saves s0, s1 and fs0 in a frame
 *   lf_abi_st_gpr    BROKEN: overwrites s2 and s11
 *   lf_abi_st_fpr    BROKEN: overwrites fs3
 *   lf_abi_st_gp     BROKEN: overwrites gp
 *   lf_abi_st_sp     BROKEN: returns with sp 16 bytes lower
 *   lf_abi_st_stack  BROKEN: writes 8(sp) of the caller's frame
 *   lf_abi_st_guard  BROKEN: writes r[4], one word past its output
 */
#include "abi_layout.h"

	.option norelax
	.text
	.globl lf_abi_tramp
	.hidden lf_abi_tramp
	.type lf_abi_tramp, @function
	.p2align 2
lf_abi_tramp:
	addi sp, sp, -224
	sd ra, 200(sp)
	sd gp, 208(sp)
	sd tp, 216(sp)
	sd s0, 0(sp)
	sd s1, 8(sp)
	sd s2, 16(sp)
	sd s3, 24(sp)
	sd s4, 32(sp)
	sd s5, 40(sp)
	sd s6, 48(sp)
	sd s7, 56(sp)
	sd s8, 64(sp)
	sd s9, 72(sp)
	sd s10, 80(sp)
	sd s11, 88(sp)
	fsd fs0, 96(sp)
	fsd fs1, 104(sp)
	fsd fs2, 112(sp)
	fsd fs3, 120(sp)
	fsd fs4, 128(sp)
	fsd fs5, 136(sp)
	fsd fs6, 144(sp)
	fsd fs7, 152(sp)
	fsd fs8, 160(sp)
	fsd fs9, 168(sp)
	fsd fs10, 176(sp)
	fsd fs11, 184(sp)
	lla t0, lf_abi_save
	sd a0, 0(t0)
	sd sp, 8(t0)
	sd gp, LF_ABI_OFF_MISC_OUT+16(a0)
	sd tp, LF_ABI_OFF_MISC_OUT+24(a0)
	ld s0, LF_ABI_OFF_GPR_IN+0(a0)
	ld s1, LF_ABI_OFF_GPR_IN+8(a0)
	ld s2, LF_ABI_OFF_GPR_IN+16(a0)
	ld s3, LF_ABI_OFF_GPR_IN+24(a0)
	ld s4, LF_ABI_OFF_GPR_IN+32(a0)
	ld s5, LF_ABI_OFF_GPR_IN+40(a0)
	ld s6, LF_ABI_OFF_GPR_IN+48(a0)
	ld s7, LF_ABI_OFF_GPR_IN+56(a0)
	ld s8, LF_ABI_OFF_GPR_IN+64(a0)
	ld s9, LF_ABI_OFF_GPR_IN+72(a0)
	ld s10, LF_ABI_OFF_GPR_IN+80(a0)
	ld s11, LF_ABI_OFF_GPR_IN+88(a0)
	fld fs0, LF_ABI_OFF_FPR_IN+0(a0)
	fld fs1, LF_ABI_OFF_FPR_IN+8(a0)
	fld fs2, LF_ABI_OFF_FPR_IN+16(a0)
	fld fs3, LF_ABI_OFF_FPR_IN+24(a0)
	fld fs4, LF_ABI_OFF_FPR_IN+32(a0)
	fld fs5, LF_ABI_OFF_FPR_IN+40(a0)
	fld fs6, LF_ABI_OFF_FPR_IN+48(a0)
	fld fs7, LF_ABI_OFF_FPR_IN+56(a0)
	fld fs8, LF_ABI_OFF_FPR_IN+64(a0)
	fld fs9, LF_ABI_OFF_FPR_IN+72(a0)
	fld fs10, LF_ABI_OFF_FPR_IN+80(a0)
	fld fs11, LF_ABI_OFF_FPR_IN+88(a0)
	ld t1, LF_ABI_OFF_FN(a0)
	ld t2, LF_ABI_OFF_SP(a0)
	ld a1, LF_ABI_OFF_ARGS+8(a0)
	ld a2, LF_ABI_OFF_ARGS+16(a0)
	ld a3, LF_ABI_OFF_ARGS+24(a0)
	ld a4, LF_ABI_OFF_ARGS+32(a0)
	ld a5, LF_ABI_OFF_ARGS+40(a0)
	ld a6, LF_ABI_OFF_ARGS+48(a0)
	ld a7, LF_ABI_OFF_ARGS+56(a0)
	ld a0, LF_ABI_OFF_ARGS+0(a0)
	mv sp, t2
	jalr t1
	lla t0, lf_abi_save
	ld t1, 0(t0)
	sd s0, LF_ABI_OFF_GPR_OUT+0(t1)
	sd s1, LF_ABI_OFF_GPR_OUT+8(t1)
	sd s2, LF_ABI_OFF_GPR_OUT+16(t1)
	sd s3, LF_ABI_OFF_GPR_OUT+24(t1)
	sd s4, LF_ABI_OFF_GPR_OUT+32(t1)
	sd s5, LF_ABI_OFF_GPR_OUT+40(t1)
	sd s6, LF_ABI_OFF_GPR_OUT+48(t1)
	sd s7, LF_ABI_OFF_GPR_OUT+56(t1)
	sd s8, LF_ABI_OFF_GPR_OUT+64(t1)
	sd s9, LF_ABI_OFF_GPR_OUT+72(t1)
	sd s10, LF_ABI_OFF_GPR_OUT+80(t1)
	sd s11, LF_ABI_OFF_GPR_OUT+88(t1)
	fsd fs0, LF_ABI_OFF_FPR_OUT+0(t1)
	fsd fs1, LF_ABI_OFF_FPR_OUT+8(t1)
	fsd fs2, LF_ABI_OFF_FPR_OUT+16(t1)
	fsd fs3, LF_ABI_OFF_FPR_OUT+24(t1)
	fsd fs4, LF_ABI_OFF_FPR_OUT+32(t1)
	fsd fs5, LF_ABI_OFF_FPR_OUT+40(t1)
	fsd fs6, LF_ABI_OFF_FPR_OUT+48(t1)
	fsd fs7, LF_ABI_OFF_FPR_OUT+56(t1)
	fsd fs8, LF_ABI_OFF_FPR_OUT+64(t1)
	fsd fs9, LF_ABI_OFF_FPR_OUT+72(t1)
	fsd fs10, LF_ABI_OFF_FPR_OUT+80(t1)
	fsd fs11, LF_ABI_OFF_FPR_OUT+88(t1)
	sd sp, LF_ABI_OFF_SP_OUT(t1)
	sd a0, LF_ABI_OFF_RET(t1)
	sd gp, LF_ABI_OFF_MISC_OUT+0(t1)
	sd tp, LF_ABI_OFF_MISC_OUT+8(t1)
	ld sp, 8(t0)
	ld gp, 208(sp)
	ld tp, 216(sp)
	ld s0, 0(sp)
	ld s1, 8(sp)
	ld s2, 16(sp)
	ld s3, 24(sp)
	ld s4, 32(sp)
	ld s5, 40(sp)
	ld s6, 48(sp)
	ld s7, 56(sp)
	ld s8, 64(sp)
	ld s9, 72(sp)
	ld s10, 80(sp)
	ld s11, 88(sp)
	fld fs0, 96(sp)
	fld fs1, 104(sp)
	fld fs2, 112(sp)
	fld fs3, 120(sp)
	fld fs4, 128(sp)
	fld fs5, 136(sp)
	fld fs6, 144(sp)
	fld fs7, 152(sp)
	fld fs8, 160(sp)
	fld fs9, 168(sp)
	fld fs10, 176(sp)
	fld fs11, 184(sp)
	ld ra, 200(sp)
	addi sp, sp, 224
	ret
	.size lf_abi_tramp, .-lf_abi_tramp

/* r = a ^ b on 4 limbs with t3-t5 only. */
#define XOR1(o) ld t3, o(a1); ld t4, o(a2); xor t5, t3, t4; sd t5, o(a0)
#define XOR4 XOR1(0); XOR1(8); XOR1(16); XOR1(24)

#define FUNC(name) \
	.globl name; .hidden name; .type name, @function; .p2align 2; name:

FUNC(lf_abi_st_good)
	addi sp, sp, -32
	sd s0, 0(sp)
	sd s1, 8(sp)
	fsd fs0, 16(sp)
	ld s0, 0(a1)
	ld s1, 0(a2)
	xor s0, s0, s1
	fmv.d.x fs0, s0
	sd s0, 0(a0)
	XOR1(8)
	XOR1(16)
	XOR1(24)
	ld s0, 0(sp)
	ld s1, 8(sp)
	fld fs0, 16(sp)
	addi sp, sp, 32
	ret
	.size lf_abi_st_good, .-lf_abi_st_good

FUNC(lf_abi_st_gpr)
	XOR4
	mv s2, t5
	addi s11, t5, 1
	ret
	.size lf_abi_st_gpr, .-lf_abi_st_gpr

FUNC(lf_abi_st_fpr)
	XOR4
	fmv.d.x fs3, t5
	ret
	.size lf_abi_st_fpr, .-lf_abi_st_fpr

FUNC(lf_abi_st_gp)
	XOR4
	mv gp, t5
	ret
	.size lf_abi_st_gp, .-lf_abi_st_gp

FUNC(lf_abi_st_sp)
	XOR4
	addi sp, sp, -16
	ret
	.size lf_abi_st_sp, .-lf_abi_st_sp

FUNC(lf_abi_st_stack)
	XOR4
	sd t5, 8(sp)
	ret
	.size lf_abi_st_stack, .-lf_abi_st_stack

FUNC(lf_abi_st_guard)
	XOR4
	sd t5, 32(a0)
	ret
	.size lf_abi_st_guard, .-lf_abi_st_guard

	.bss
	.p2align 4
	.type lf_abi_save, @object
lf_abi_save:
	.zero 16
	.size lf_abi_save, 16

	.section .note.GNU-stack,"",@progbits
