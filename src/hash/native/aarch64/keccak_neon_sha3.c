/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The neon_sha3 kernel set: keccak_neon.c with the ARMv8.2 SHA3 instructions
 * (EOR3, RAX1, XAR, BCAX), compiled with LF_ISA_FLAGS_neon_sha3
 * (cmake/native.cmake).  ABI: as keccak_neon.c. */
#define LF_KECCAK_NEON_SHA3 1
#include "keccak_neon.c"
