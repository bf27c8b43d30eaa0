# SPDX-License-Identifier: Apache-2.0 OR MIT
# ML-KEM (FIPS 203), src/mlkem/README.md.  Included by the top-level
# CMakeLists.  mlkem.c: API and dispatch.  The scheme (mlkem_body.h) is
# compiled once per back end that has vector flags of its own, through a
# two-line wrapper: mlkem_c.c (portable), on x86-64 native/x86_64/
# mlkem_avx2.c and mlkem_avx512.c, on AArch64 native/aarch64/mlkem_neon.c, on
# RISC-V with the RVV intrinsics native/rv64/mlkem_rvv.c
# (lf_native_sources: that back end's ISA flags,
# LF_NATIVE_MLKEM_<B> for the dispatch table).  All at -O3: the coefficient
# loops are written to vectorise, and -O3 is what vectorises them (measured:
# README.md).  The NTT and Keccak kernels inside are the dispatched ones.
set(LF_MLKEM_DIR ${PROJECT_SOURCE_DIR}/src/mlkem)
list(APPEND LF_SOURCES ${LF_MLKEM_DIR}/mlkem.c ${LF_MLKEM_DIR}/mlkem_c.c)
set(_lf_mlkem_o3 ${LF_MLKEM_DIR}/mlkem_c.c)
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(mlkem avx2 ${LF_MLKEM_DIR}/native/x86_64/mlkem_avx2.c)
  lf_native_sources(mlkem avx512 ${LF_MLKEM_DIR}/native/x86_64/mlkem_avx512.c)
  list(APPEND _lf_mlkem_o3 ${LF_MLKEM_DIR}/native/x86_64/mlkem_avx2.c
       ${LF_MLKEM_DIR}/native/x86_64/mlkem_avx512.c)
elseif(LF_ARCH STREQUAL "aarch64")
  lf_native_sources(mlkem neon ${LF_MLKEM_DIR}/native/aarch64/mlkem_neon.c)
  list(APPEND _lf_mlkem_o3 ${LF_MLKEM_DIR}/native/aarch64/mlkem_neon.c)
elseif(LF_ARCH STREQUAL "rv64")
  # rvv: the body with -march=rv64gcv (clang >= 16; gcc 12 has no RVV, and the
  # rvv back end then keeps the portable body): its loops vectorise, vector-
  # length agnostic.  Its own check (the same program as ntt's: the compilers
  # that have one have both), not a variable of another module's.
  lf_isa_check(LF_MLKEM_RVV rvv "
#include <riscv_vector.h>
int main(void) { size_t vl = __riscv_vsetvl_e16m1(8); vint16m1_t v = __riscv_vmv_v_x_i16m1(1, vl);
  v = __riscv_vmulh_vx_i16m1(v, 3, vl); return __riscv_vmv_x_s_i16m1_i16(v); }")
  if(LF_MLKEM_RVV)
    lf_native_sources(mlkem rvv ${LF_MLKEM_DIR}/native/rv64/mlkem_rvv.c)
    list(APPEND _lf_mlkem_o3 ${LF_MLKEM_DIR}/native/rv64/mlkem_rvv.c)
  endif()
endif()
set_property(SOURCE ${_lf_mlkem_o3} APPEND PROPERTY COMPILE_OPTIONS -O3)
