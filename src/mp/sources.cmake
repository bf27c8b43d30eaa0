# SPDX-License-Identifier: Apache-2.0 OR MIT
# mp module: length-generic C (Karatsuba, Montgomery, modexp, RSA-CRT) over the
# generated kernels of src/mp/generated/<target>/ (sizes per target from
# src/mp/params/<target>.h; regenerate with `make gen`).
file(GLOB LF_MP_GEN_SOURCES CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/src/mp/generated/*.c
     ${PROJECT_SOURCE_DIR}/src/mp/generated/c/*.c
     ${PROJECT_SOURCE_DIR}/src/mp/generated/c32/*.c)
list(APPEND LF_SOURCES src/mp/mp.c src/mp/mont.c src/mp/rsa.c ${LF_MP_GEN_SOURCES})
foreach(t ${LF_ASM_TARGETS})
  file(GLOB LF_MP_T_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/mp/generated/${t}/*.S)
  list(APPEND LF_SOURCES ${LF_MP_T_SOURCES})
endforeach()

# AVX-512 IFMA radix-2^52 modexp (mont.c's lf_mp_mexp calls it on the
# avx512ifma back end for the sizes it has: mp_internal.h)
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(mp avx512ifma ${PROJECT_SOURCE_DIR}/src/mp/native/x86_64/mp_ifma.c)
  # In a UBSan build (scripts/test-san.sh) this file keeps ASan but not
  # UBSan: UBSan's checks on its always-inlined 1- and 2-way kernels (15
  # instantiations, fully unrolled) took clang 14 ~200 s for this one file
  # (ASan alone ~70 s), the longest step of make test's sanitizer lane.  Its
  # arithmetic is unsigned vector intrinsics; the mp oracle runs it in the
  # sanitized tree all the same.
  if(CMAKE_C_FLAGS MATCHES "-fsanitize=[^ ]*undefined")
    set_property(SOURCE ${PROJECT_SOURCE_DIR}/src/mp/native/x86_64/mp_ifma.c APPEND
                 PROPERTY COMPILE_OPTIONS -fno-sanitize=undefined)
  endif()
endif()
