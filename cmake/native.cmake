# SPDX-License-Identifier: Apache-2.0 OR MIT
# How vector code enables its instruction set: per file and by back end (the
# one way besides -msimd128 for a whole wasm32 build: README.md, "Vector code
# and ISA flags"; no target attribute or pragma inside a file).
# The rest of the library is compiled for the target's baseline ISA, so it runs
# on every CPU of the architecture and dispatch decides at run time which
# kernels may run.
#
#   lf_native_sources(<module> <backend> <file>...)
#       Adds the files (src/<module>/native/<arch>/...) to LF_SOURCES, compiles
#       them with the flags of <backend> (LF_ISA_FLAGS_<backend>), and
#       defines LF_NATIVE_<MODULE>_<BACKEND>=1 for the whole library: the
#       module's dispatch table (src/generated/dispatch_table.h) reads it as "this back
#       end has kernels of its own".
#       <backend> may also be a feature entry (LF_ARCH_FEATURES: instructions
#       that CPUs of every chain level may have or lack); the table then
#       takes those kernels wherever the CPU has the feature (README.md,
#       "Dispatch").
#   lf_native_apply(<target>)
#       For a test target that compiles library sources itself (the
#       constant-time tests): the same per-file flags and definitions.
#   lf_isa_check(<var> <backend> <code>)
#       check_c_source_compiles of <code> with <backend>'s flags, for a module
#       whose kernels need more than the flags (intrinsics a compiler lacks).

# LF_ISA_FLAGS_<entry>: cmake/backends.cmake, written from ISA_FLAGS of
# gen/limbforge/targets.py (make gen).

set(LF_NATIVE_DEFINITIONS)
set_property(GLOBAL PROPERTY LF_NATIVE_FILES "")

macro(lf_native_sources module backend)
  if(NOT DEFINED LF_ISA_FLAGS_${backend})
    message(FATAL_ERROR "lf_native_sources: no ISA flags for back end ${backend}")
  endif()
  if(NOT "${backend}" IN_LIST LF_ARCH_BACKENDS AND NOT "${backend}" IN_LIST LF_ARCH_FEATURES)
    message(FATAL_ERROR "lf_native_sources: ${backend} is not a back end of ${LF_ARCH}")
  endif()
  foreach(f ${ARGN})
    list(APPEND LF_SOURCES ${f})
    if(LF_ISA_FLAGS_${backend})
      set_source_files_properties(${f} PROPERTIES COMPILE_OPTIONS "${LF_ISA_FLAGS_${backend}}")
    endif()
    set_property(GLOBAL APPEND PROPERTY LF_NATIVE_FILES "${f}|${backend}")
  endforeach()
  string(TOUPPER "LF_NATIVE_${module}_${backend}=1" _lf_def)
  list(APPEND LF_NATIVE_DEFINITIONS ${_lf_def})
endmacro()

function(lf_native_apply target)
  get_property(files GLOBAL PROPERTY LF_NATIVE_FILES)
  foreach(entry ${files})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 f)
    list(GET entry 1 backend)
    if(LF_ISA_FLAGS_${backend})
      set_source_files_properties(${f} TARGET_DIRECTORY ${target}
        PROPERTIES COMPILE_OPTIONS "${LF_ISA_FLAGS_${backend}}")
    endif()
  endforeach()
  target_compile_definitions(${target} PRIVATE ${LF_NATIVE_DEFINITIONS})
endfunction()

include(CheckCSourceCompiles)
function(lf_isa_check var backend code)
  string(REPLACE ";" " " CMAKE_REQUIRED_FLAGS "${LF_ISA_FLAGS_${backend}}")
  check_c_source_compiles("${code}" ${var})
  set(${var} ${${var}} PARENT_SCOPE)
endfunction()

# armv7neon (32-bit Arm): the NEON files need <arm_neon.h> with the flags above,
# which a soft-float ABI refuses (armel); without it armv7neon keeps armv7's
# kernels (the back end still exists and dispatch may select it).
if("armv7neon" IN_LIST LF_ARCH_BACKENDS)
  lf_isa_check(LF_ARMV7_NEON armv7neon "
#include <arm_neon.h>
int main(void) { uint32x2_t a = vdup_n_u32(3);
  uint64x2_t d = vmlal_lane_u32(vdupq_n_u64(1), a, a, 1);
  return (int)vgetq_lane_u64(d, 0); }")
  if(NOT LF_ARMV7_NEON)
    message(STATUS "armv7neon: no NEON intrinsics with ${LF_ISA_FLAGS_armv7neon}; it uses armv7's kernels")
  endif()
endif()
