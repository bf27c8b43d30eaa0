# SPDX-License-Identifier: Apache-2.0 OR MIT
# NTT mod 3329 (src/ntt/README.md).  Included by the top-level CMakeLists.
# Portable C always; vector kernels per architecture through lf_native_sources
# (cmake/native.cmake: each file compiled with its back end's ISA flags, and
# LF_NATIVE_NTT_<B> tells ntt.c's dispatch table which sets exist).
set(LF_NTT_DIR ${PROJECT_SOURCE_DIR}/src/ntt)
list(APPEND LF_SOURCES ${LF_NTT_DIR}/ntt.c ${LF_NTT_DIR}/ntt_c.c)

set(d ${LF_NTT_DIR}/native/${LF_ARCH})
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(ntt avx2 ${d}/ntt_avx2.c)
  lf_native_sources(ntt avx512 ${d}/ntt_avx512.c)
  # gcc: scheduling before register allocation (off by default on x86) pays
  # with AVX-512's 32 registers (bench/RESULTS.md, "ntt"; with AVX2's 16 it loses)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    set_property(SOURCE ${d}/ntt_avx512.c APPEND PROPERTY COMPILE_OPTIONS
      -fschedule-insns -fsched-pressure)
  endif()
elseif(LF_ARCH STREQUAL "aarch64")
  # Advanced SIMD, one source for AArch64 and AArch32 (README.md)
  lf_native_sources(ntt neon ${LF_NTT_DIR}/native/aarch64/ntt_neon.c)
elseif(LF_ARMV7_NEON) # cmake/native.cmake: armv7neon and a compiler with NEON
  lf_native_sources(ntt armv7neon ${LF_NTT_DIR}/native/aarch64/ntt_neon.c)
  # gcc: no scheduling before register allocation (on by default for Arm):
  # 32 vectors in 16 Q registers spill less (bench/RESULTS.md, "ntt": cyclic
  # product 3 672 -> 2 778 instructions, NTT 2 885 -> 2 772)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    set_property(SOURCE ${LF_NTT_DIR}/native/aarch64/ntt_neon.c APPEND PROPERTY COMPILE_OPTIONS
      -fno-schedule-insns)
  endif()
elseif(LF_ARCH STREQUAL "rv64")
  # RVV intrinsics (v0.12 names, __riscv_ prefix): clang >= 16.  gcc 12 has
  # none, so with an rv64gc gcc toolchain the rvv back end uses the C kernels.
  lf_isa_check(LF_NTT_RVV_INTRINSICS rvv "
#include <riscv_vector.h>
int main(void) { size_t vl = __riscv_vsetvl_e16m1(8); vint16m1_t v = __riscv_vmv_v_x_i16m1(1, vl);
  v = __riscv_vmulh_vx_i16m1(v, 3, vl); return __riscv_vmv_x_s_i16m1_i16(v); }")
  if(LF_NTT_RVV_INTRINSICS)
    lf_native_sources(ntt rvv ${d}/ntt_rvv.c)
  else()
    message(STATUS "ntt: compiler lacks RVV intrinsics; rvv back end uses the portable NTT")
  endif()
endif()

# WebAssembly SIMD128: only in builds compiled with -msimd128 (CMakeLists.txt,
# LF_WASM_SIMD: an engine without SIMD rejects the whole module)
if("wasm_simd128" IN_LIST LF_ARCH_BACKENDS)
  lf_native_sources(ntt wasm_simd128 ${LF_NTT_DIR}/native/wasm_simd128/ntt_simd128.c)
endif()
