# NTT mod 3329 (src/ntt/README.md).  Included by the top-level CMakeLists.
# Portable C always; vector kernels per architecture, each with its own flags
# (the library itself stays buildable for the baseline ISA; dispatch decides
# at run time).  LF_NTT_HAVE_<X> tells ntt.c which kernel sets exist.
set(LF_NTT_DIR ${PROJECT_SOURCE_DIR}/src/ntt)
set(LF_NTT_DEFS)
list(APPEND LF_SOURCES ${LF_NTT_DIR}/ntt.c ${LF_NTT_DIR}/ntt_c.c)

include(CheckCSourceCompiles)
if(LF_ARCH STREQUAL "x86_64")
  list(APPEND LF_SOURCES ${LF_NTT_DIR}/native/x86_64/ntt_avx2.c)
  set_source_files_properties(${LF_NTT_DIR}/native/x86_64/ntt_avx2.c
    PROPERTIES COMPILE_OPTIONS "-mavx2")
  list(APPEND LF_NTT_DEFS LF_NTT_HAVE_AVX2)
  if(EXISTS ${LF_NTT_DIR}/native/x86_64/ntt_avx512.c)
    list(APPEND LF_SOURCES ${LF_NTT_DIR}/native/x86_64/ntt_avx512.c)
    set_source_files_properties(${LF_NTT_DIR}/native/x86_64/ntt_avx512.c
      PROPERTIES COMPILE_OPTIONS "-mavx512f;-mavx512bw;-mavx512dq;-mavx512vl;-mavx2")
    list(APPEND LF_NTT_DEFS LF_NTT_HAVE_AVX512)
  endif()
elseif(LF_ARCH STREQUAL "aarch64")
  list(APPEND LF_SOURCES ${LF_NTT_DIR}/native/aarch64/ntt_neon.c)
  list(APPEND LF_NTT_DEFS LF_NTT_HAVE_NEON)
elseif(LF_ARCH STREQUAL "rv64")
  # RVV intrinsics (v0.12 names, __riscv_ prefix): clang >= 16.  gcc 12 has
  # none, so with an rv64gc gcc toolchain the rvv back end uses the C kernels.
  set(CMAKE_REQUIRED_FLAGS "-march=rv64gcv")
  check_c_source_compiles("
#include <riscv_vector.h>
int main(void) { size_t vl = __riscv_vsetvl_e16m1(8); vint16m1_t v = __riscv_vmv_v_x_i16m1(1, vl);
  v = __riscv_vmulh_vx_i16m1(v, 3, vl); return __riscv_vmv_x_s_i16m1_i16(v); }" LF_NTT_RVV_INTRINSICS)
  unset(CMAKE_REQUIRED_FLAGS)
  if(LF_NTT_RVV_INTRINSICS)
    list(APPEND LF_SOURCES ${LF_NTT_DIR}/native/rv64/ntt_rvv.c)
    set_source_files_properties(${LF_NTT_DIR}/native/rv64/ntt_rvv.c
      PROPERTIES COMPILE_OPTIONS "-march=rv64gcv")
    list(APPEND LF_NTT_DEFS LF_NTT_HAVE_RVV)
  else()
    message(STATUS "ntt: compiler lacks RVV intrinsics; rvv back end uses the portable NTT")
  endif()
endif()
set_source_files_properties(${LF_NTT_DIR}/ntt.c PROPERTIES COMPILE_DEFINITIONS "${LF_NTT_DEFS}")
