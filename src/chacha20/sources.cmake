# SPDX-License-Identifier: Apache-2.0 OR MIT
# ChaCha20 (included by the top-level CMakeLists through cmake/modules.cmake).
# Portable C always; vector kernels per architecture through lf_native_sources
# (cmake/native.cmake: each file compiled with its back end's ISA flags, and
# LF_NATIVE_CHACHA20_<B> tells the dispatch table in chacha20.c which back
# ends have kernels of their own).
set(LF_CHACHA20_DIR ${PROJECT_SOURCE_DIR}/src/chacha20)
list(APPEND LF_SOURCES ${LF_CHACHA20_DIR}/chacha20.c)

set(d ${LF_CHACHA20_DIR}/native/${LF_ARCH})
# Advanced SIMD, one source for AArch64 (neon) and AArch32 (armv7neon):
# src/poly1305/README.md, "Arm layout"
set(arm ${LF_CHACHA20_DIR}/native/aarch64)
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(chacha20 avx2 ${d}/chacha20_avx2.c)
  lf_native_sources(chacha20 avx512 ${d}/chacha20_avx512.c)
elseif(LF_ARCH STREQUAL "aarch64")
  lf_native_sources(chacha20 neon ${arm}/chacha20_neon.c)
elseif(LF_ARMV7_NEON) # cmake/native.cmake: armv7neon and a compiler with NEON
  lf_native_sources(chacha20 armv7neon ${arm}/chacha20_neon.c)
  # gcc: no scheduling before register allocation (on by default for Arm):
  # with the 16 state words in AArch32's 16 Q registers it spills; kernel at
  # 16 KiB 112 906 -> 99 210 instructions (Poly1305 loses: 32 138 -> 37 491)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    set_property(SOURCE ${arm}/chacha20_neon.c APPEND PROPERTY COMPILE_OPTIONS -fno-schedule-insns)
  endif()
elseif(LF_ARCH STREQUAL "rv64")
  # RVV intrinsics (v0.12 names, __riscv_ prefix): clang >= 16 (the riscv64-v
  # toolchain); gcc 12 has none, and rvv then uses the portable code.
  lf_isa_check(LF_CHACHA20_RVV_INTRINSICS rvv "
#include <riscv_vector.h>
int main(void) { uint32_t b[64] = {0}; size_t vl = __riscv_vsetvl_e32m1(4);
  vuint32m1_t a = __riscv_vmv_v_x_u32m1(1, vl);
  a = __riscv_vor_vv_u32m1(__riscv_vsll_vx_u32m1(a, 7, vl), __riscv_vsrl_vx_u32m1(a, 25, vl), vl);
  __riscv_vssseg2e32_v_u32m1(b, 64, a, a, vl);
  return (int)b[0]; }")
  if(LF_CHACHA20_RVV_INTRINSICS)
    lf_native_sources(chacha20 rvv ${d}/chacha20_rvv.c)
  else()
    message(STATUS "chacha20: compiler lacks the RVV intrinsics; rvv uses the portable code")
  endif()
endif()

# WebAssembly SIMD128: only in builds compiled with -msimd128 (CMakeLists.txt,
# LF_WASM_SIMD: an engine without SIMD rejects the whole module)
if("wasm_simd128" IN_LIST LF_ARCH_BACKENDS)
  lf_native_sources(chacha20 wasm_simd128 ${LF_CHACHA20_DIR}/native/wasm_simd128/chacha20_simd128.c)
endif()
