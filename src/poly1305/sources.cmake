# SPDX-License-Identifier: Apache-2.0 OR MIT
# Poly1305 (included by the top-level CMakeLists through cmake/modules.cmake).
# Portable C always; vector kernels per architecture through lf_native_sources
# (cmake/native.cmake: each file compiled with its back end's ISA flags, and
# LF_NATIVE_POLY1305_<B> tells the dispatch table in poly1305.c which back
# ends have kernels of their own).
set(LF_P1305_DIR ${PROJECT_SOURCE_DIR}/src/poly1305)
list(APPEND LF_SOURCES
  ${LF_P1305_DIR}/poly1305.c
  ${LF_P1305_DIR}/poly1305_r26.c)

set(d ${LF_P1305_DIR}/native/${LF_ARCH})
# Advanced SIMD, one source for AArch64 (neon) and AArch32 (armv7neon): README.md
set(arm ${LF_P1305_DIR}/native/aarch64)
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(poly1305 avx2 ${d}/poly1305_avx2.c)
  lf_native_sources(poly1305 avx512 ${d}/poly1305_avx512.c)
  lf_native_sources(poly1305 avx512ifma ${d}/poly1305_ifma.c)
elseif(LF_ARCH STREQUAL "aarch64")
  lf_native_sources(poly1305 neon ${arm}/poly1305_neon.c)
elseif(LF_ARMV7_NEON) # cmake/native.cmake: armv7neon and a compiler with NEON
  lf_native_sources(poly1305 armv7neon ${arm}/poly1305_neon.c)
elseif(LF_ARCH STREQUAL "ppc64le")
  # POWER9 (ISA 3.0): vec_msum on doublewords (vmsumudm) in the compiler
  lf_isa_check(LF_P1305_HAVE_VMSUMUDM power9 "
#include <altivec.h>
int main(void) { __vector unsigned long long a = {1, 2};
  __vector unsigned __int128 c = vec_msum(a, a, (__vector unsigned __int128){0});
  return (int)c[0]; }")
  if(LF_P1305_HAVE_VMSUMUDM)
    lf_native_sources(poly1305 power9 ${d}/poly1305_power9.c)
  else()
    message(STATUS "poly1305: compiler lacks POWER9 vec_msum; power9 uses the scalar kernel")
  endif()
elseif(LF_ARCH STREQUAL "rv64")
  # RVV intrinsics (v0.12 names, __riscv_ prefix): clang >= 16 (the riscv64-v
  # toolchain); gcc 12 has none, and rvv then uses the portable code.
  lf_isa_check(LF_P1305_RVV_INTRINSICS rvv "
#include <riscv_vector.h>
int main(void) { uint32_t b[64] = {0}; size_t vl = __riscv_vsetvl_e64m2(4);
  vuint64m2_t x, y; __riscv_vlseg2e64_v_u64m2(&x, &y, (const uint64_t *)b, vl);
  x = __riscv_vmacc_vx_u64m2(x, 5, y, vl);
  return (int)__riscv_vmv_x_s_u64m1_u64(
    __riscv_vredsum_vs_u64m2_u64m1(x, __riscv_vmv_v_x_u64m1(0, 1), vl)); }")
  if(LF_P1305_RVV_INTRINSICS)
    lf_native_sources(poly1305 rvv ${d}/poly1305_rvv.c)
  else()
    message(STATUS "poly1305: compiler lacks the RVV intrinsics; rvv uses the portable code")
  endif()
endif()

# WebAssembly SIMD128: only in builds compiled with -msimd128 (CMakeLists.txt,
# LF_WASM_SIMD: an engine without SIMD rejects the whole module)
if("wasm_simd128" IN_LIST LF_ARCH_BACKENDS)
  lf_native_sources(poly1305 wasm_simd128 ${LF_P1305_DIR}/native/wasm_simd128/poly1305_simd128.c)
endif()
