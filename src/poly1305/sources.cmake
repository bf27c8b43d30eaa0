# Poly1305, ChaCha20 and ChaCha20-Poly1305 (included by the top-level CMakeLists).
# Portable C always; vector kernels per architecture.  The x86 kernels enable
# their ISA per function (__attribute__((target("avx2"))) ...), not with
# per-file -m flags: source-file properties are scoped to this directory, and
# the ctime tests compile these same files from tests/ (LF_SOURCES).  They
# only run when the selected back end has the ISA.
set(LF_P1305_DIR ${PROJECT_SOURCE_DIR}/src/poly1305)
list(APPEND LF_SOURCES
  ${LF_P1305_DIR}/poly1305.c
  ${LF_P1305_DIR}/poly1305_r26.c
  ${LF_P1305_DIR}/chacha20.c
  ${LF_P1305_DIR}/aead.c)

if(LF_ARCH STREQUAL "x86_64")
  set(d ${LF_P1305_DIR}/native/x86_64)
  list(APPEND LF_SOURCES ${d}/poly1305_avx2.c ${d}/poly1305_avx512.c ${d}/poly1305_ifma.c
    ${d}/chacha20_avx2.c ${d}/chacha20_avx512.c)
elseif(LF_ARCH STREQUAL "aarch64")
  set(d ${LF_P1305_DIR}/native/aarch64)
  list(APPEND LF_SOURCES ${d}/poly1305_neon.c ${d}/chacha20_neon.c)
elseif(LF_ARCH STREQUAL "ppc64le")
  # POWER9 (ISA 3.0) Poly1305 kernel: this one file is compiled with
  # -mcpu=power9 (the rest of the library keeps the toolchain's baseline);
  # it only runs for back end power9 (HWCAP2 ARCH_3_00).  LF_P1305_WANT_POWER9
  # enables the hook in poly1305_internal.h for poly1305.c and this file only
  # (tests/poly1305 gives it to test_poly1305 too); the ctime tests compile
  # the sources without these properties and get neither (the file is empty
  # there).
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-mcpu=power9")
  check_c_source_compiles("
#include <altivec.h>
int main(void) { __vector unsigned long long a = {1, 2};
  __vector unsigned __int128 c = vec_msum(a, a, (__vector unsigned __int128){0});
  return (int)c[0]; }" LF_P1305_HAVE_VMSUMUDM)
  unset(CMAKE_REQUIRED_FLAGS)
  if(LF_P1305_HAVE_VMSUMUDM)
    set(d ${LF_P1305_DIR}/native/ppc64le)
    list(APPEND LF_SOURCES ${d}/poly1305_power9.c)
    set_source_files_properties(${d}/poly1305_power9.c PROPERTIES
      COMPILE_OPTIONS "-mcpu=power9" COMPILE_DEFINITIONS LF_P1305_WANT_POWER9)
    set_source_files_properties(${LF_P1305_DIR}/poly1305.c PROPERTIES
      COMPILE_DEFINITIONS LF_P1305_WANT_POWER9)
  else()
    message(STATUS "poly1305: compiler lacks POWER9 vec_msum; power9 uses the scalar kernel")
  endif()
elseif(LF_ARCH STREQUAL "rv64")
  # RVV kernels (v0.12 intrinsic names, __riscv_ prefix).  They are built
  # with the build's own flags: poly1305_internal.h enables them
  # (LF_P1305_RVV) when the compiler targets V (-march=rv64gcv: the
  # riscv64-v toolchain, clang-16), so the library, its tests and the ctime
  # builds all agree; otherwise (gcc 12 rv64gc) the files compile to nothing
  # and rvv uses the portable code.  A compiler that targets V but fails
  # this check gets LF_P1305_NO_RVV.
  include(CheckCSourceCompiles)
  check_c_source_compiles("
#include <riscv_vector.h>
int main(void) { uint32_t b[64] = {0}; size_t vl = __riscv_vsetvl_e64m2(4);
  vuint64m2_t x, y; __riscv_vlseg2e64_v_u64m2(&x, &y, (const uint64_t *)b, vl);
  x = __riscv_vmacc_vx_u64m2(x, 5, y, vl);
  vuint32m1_t a = __riscv_vmv_v_x_u32m1(1, vl);
  __riscv_vssseg2e32_v_u32m1(b, 64, a, a, vl);
  return (int)__riscv_vmv_x_s_u64m1_u64(
    __riscv_vredsum_vs_u64m2_u64m1(x, __riscv_vmv_v_x_u64m1(0, 1), vl)); }" LF_P1305_RVV_INTRINSICS)
  set(d ${LF_P1305_DIR}/native/rv64)
  list(APPEND LF_SOURCES ${d}/poly1305_rvv.c ${d}/chacha20_rvv.c)
  if(NOT LF_P1305_RVV_INTRINSICS)
    include(CheckSymbolExists)
    check_symbol_exists(__riscv_vector "" LF_P1305_TARGETS_V)
    if(LF_P1305_TARGETS_V)
      add_compile_definitions(LF_P1305_NO_RVV)
    endif()
    message(STATUS "poly1305: no RVV intrinsics with these flags; rvv uses the portable code")
  endif()
endif()
