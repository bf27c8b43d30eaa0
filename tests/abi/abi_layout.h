/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Layout of struct lf_abi_ctx (abi.h), shared by the C harness and the
 * assembly trampolines (tramp_<arch>.S include this file through cpp).
 * All offsets are in bytes; the C side checks them with _Static_assert.
 *
 * The register slots are indexed per architecture, in this order:
 *   x86_64   GPR: rbx rbp r12 r13 r14 r15
 *   aarch64  GPR: x19..x28 x29            FPR: d8..d15
 *   rv64     GPR: s0..s11                 FPR: fs0..fs11
 *   ppc64le  GPR: r14..r31                FPR: f14..f31   VR: v20..v31
 *   s390x    GPR: r6..r13                 FPR: f8..f15
 * MISC slots (architecture-specific state that must survive a call, read
 * before the kernel runs ("pre") and after it returns ("post")):
 *   x86_64   post: [0] rflags [1] mxcsr [3] x87 control word
 *            pre:  [2] mxcsr [4] x87 control word
 *   aarch64  post: [0] fpcr [1] x18     pre: [2] fpcr [3] x18
 *   rv64     post: [0] gp [1] tp        pre: [2] gp [3] tp
 *   ppc64le  post: [0] r2 [1] r13 [4] cr   pre: [2] r2 [3] r13
 *            in:   MISC_IN[0] the value put in cr2..cr4 before the call
 *   s390x    post: [0] a0 [1] a1        pre: [2] a0 [3] a1
 */
#ifndef LF_ABI_LAYOUT_H
#define LF_ABI_LAYOUT_H

#define LF_ABI_MAX_GPR 32
#define LF_ABI_MAX_FPR 32
#define LF_ABI_MAX_VR 12
#define LF_ABI_MAX_ARGS 8
#define LF_ABI_MISC 8

#define LF_ABI_OFF_FN 0          /* address of the function to call */
#define LF_ABI_OFF_SP 8          /* stack pointer at the call instruction */
#define LF_ABI_OFF_SP_OUT 16     /* stack pointer after the call returned */
#define LF_ABI_OFF_RET 24        /* first integer return register after the call */
#define LF_ABI_OFF_ARGS 32       /* 8 integer arguments */
#define LF_ABI_OFF_GPR_IN 96     /* 32 slots */
#define LF_ABI_OFF_GPR_OUT 352
#define LF_ABI_OFF_FPR_IN 608    /* 32 slots */
#define LF_ABI_OFF_FPR_OUT 864
#define LF_ABI_OFF_VR_IN 1120    /* 12 slots of 16 bytes, 16-byte aligned */
#define LF_ABI_OFF_VR_OUT 1312
#define LF_ABI_OFF_MISC_IN 1504  /* 8 slots */
#define LF_ABI_OFF_MISC_OUT 1568 /* 8 slots */
#define LF_ABI_CTX_SIZE 1632

#endif
