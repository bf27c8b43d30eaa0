# SPDX-License-Identifier: Apache-2.0 OR MIT
# The fields (included by the top-level CMakeLists through cmake/modules.cmake,
# first of the modules): the generator's kernels, globbed, since a custom
# prime (python3 -m limbforge gen field) adds files of its own.
# its kernels compile to nothing where the back end is not built (their #if)
file(GLOB LF_FIELD_SOURCES CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/src/field/generated/*.c
     ${PROJECT_SOURCE_DIR}/src/field/generated/c/*.c
     ${PROJECT_SOURCE_DIR}/src/field/generated/c32/*.c)
list(APPEND LF_SOURCES ${LF_FIELD_SOURCES})
foreach(t ${LF_ASM_TARGETS})
  file(GLOB LF_T_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/field/generated/${t}/*.S)
  list(APPEND LF_SOURCES ${LF_T_SOURCES})
endforeach()
# the fields' lane kernels for AVX-512 IFMA and RVV (intrinsics: their ISA flags per file)
if(LF_ARCH STREQUAL "x86_64")
  file(GLOB LF_FIELD_IFMA_SOURCES CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/src/field/generated/avx512ifma/*.c)
  lf_native_sources(field avx512ifma ${LF_FIELD_IFMA_SOURCES})
elseif(LF_ARCH STREQUAL "rv64")
  # and for RVV: intrinsics (v0.12 names, __riscv_ prefix), clang >= 16; with
  # a compiler without them (gcc 12) the rvv back end keeps the scalar loops
  lf_isa_check(LF_FIELD_RVV_INTRINSICS rvv "
#include <riscv_vector.h>
#include <stdint.h>
int main(void) { size_t vl = __riscv_vsetvl_e64m2(8); uint64_t w[8] = {0};
  vuint64m2_t v = __riscv_vlse64_v_u64m2(w, 8, vl);
  v = __riscv_vmacc_vv_u64m2(__riscv_vmulhu_vx_u64m2(v, 3, vl), v, v, vl);
  v = __riscv_vmerge_vvm_u64m2(v, v, __riscv_vmsne_vx_u64m2_b32(v, 0, vl), vl);
  __riscv_vsse64_v_u64m2(w, 8, v, vl); return (int)w[0]; }")
  if(LF_FIELD_RVV_INTRINSICS)
    file(GLOB LF_FIELD_RVV_SOURCES CONFIGURE_DEPENDS
         ${PROJECT_SOURCE_DIR}/src/field/generated/rvv/*.c)
    lf_native_sources(field rvv ${LF_FIELD_RVV_SOURCES})
  else()
    message(STATUS "field: compiler lacks RVV intrinsics; rvv back end runs the array API on the scalar kernels")
  endif()
endif()

# cpu.c and the fields alone (the field ctime tests recompile just these;
# field is the first module, so LF_SOURCES holds nothing else yet)
set(LF_CORE_SOURCES ${LF_SOURCES})
