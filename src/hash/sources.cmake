# SPDX-License-Identifier: Apache-2.0 OR MIT
# SHA-256, HMAC-SHA256, Keccak / SHA-3 (included through cmake/modules.cmake).  Portable C
# always; the SHA instruction kernels through lf_native_sources with a
# feature entry (x86_64_sha, aarch64_sha2: gen/limbforge/targets.py FEATURES):
# SHA is not a level of the back-end chain; sha256.c's table takes those
# kernels at every level where the CPU has the instructions
# (LF_NATIVE_SHA256_X86_64_SHA / LF_NATIVE_SHA256_AARCH64_SHA2: the file is built).
set(LF_HASH_DIR ${PROJECT_SOURCE_DIR}/src/hash)
list(APPEND LF_SOURCES ${LF_HASH_DIR}/sha256.c ${LF_HASH_DIR}/hmac_sha256.c
  ${LF_HASH_DIR}/keccak.c ${LF_HASH_DIR}/sha3.c)

set(d ${LF_HASH_DIR}/native/${LF_ARCH})
# Keccak-f[1600] vector kernel sets (x4/x8, keccak_internal.h), one per back end
# as every module's kernels.  The module holds two dispatch tables, so the
# first argument of lf_native_sources names the table, not the folder:
# keccak (LF_NATIVE_KECCAK_<B>, keccak.c's) and sha256 (LF_NATIVE_SHA256_<B>,
# sha256.c's).
if(LF_ARCH STREQUAL "x86_64")
  lf_native_sources(keccak avx2 ${d}/keccak_avx2.c)
  lf_native_sources(keccak avx512 ${d}/keccak_avx512.c)
elseif(LF_ARCH STREQUAL "aarch64")
  lf_native_sources(keccak neon ${d}/keccak_neon.c)
  lf_isa_check(LF_HASH_NEON_SHA3 neon_sha3 "
#include <arm_neon.h>
int main(void) { uint64x2_t a = vdupq_n_u64(1);
  a = vbcaxq_u64(veor3q_u64(a, a, a), vrax1q_u64(a, a), vxarq_u64(a, a, 3));
  return (int)vgetq_lane_u64(a, 0); }")
  if(LF_HASH_NEON_SHA3)
    lf_native_sources(keccak neon_sha3 ${d}/keccak_neon_sha3.c)
  else()
    message(STATUS "hash: compiler lacks the SHA3 intrinsics; neon_sha3 keeps the plain NEON Keccak")
  endif()
elseif(LF_ARCH STREQUAL "rv64")
  # RVV intrinsics (v0.12 names, __riscv_ prefix): clang >= 16; gcc 12 has
  # none, so with an rv64gc gcc toolchain the rvv back end keeps the C set.
  lf_isa_check(LF_HASH_RVV_INTRINSICS rvv "
#include <riscv_vector.h>
int main(void) { size_t vl = __riscv_vsetvl_e64m1(2); vuint64m1_t v = __riscv_vmv_v_x_u64m1(1, vl);
  v = __riscv_vmacc_vx_u64m1(__riscv_vsrl_vx_u64m1(v, 63, vl), 2, v, vl);
  return (int)__riscv_vmv_x_s_u64m1_u64(__riscv_vnot_v_u64m1(v, vl)); }")
  if(LF_HASH_RVV_INTRINSICS)
    lf_native_sources(keccak rvv ${d}/keccak_rvv.c)
    # clang: the PBQP register allocator and no machine scheduling before it
    # spill far less in the round loop (25 lanes + temporaries in 32
    # registers) than the default greedy allocator after scheduling: 429
    # against 733 instructions per two rounds (src/hash/README.md).  PBQP
    # refuses unoptimised code ("must use fast register allocator"), so the
    # file is always built at -O3 with it.
    if(CMAKE_C_COMPILER_ID MATCHES "Clang")
      include(CheckCSourceCompiles)
      set(CMAKE_REQUIRED_FLAGS "-O2 -mllvm -regalloc=pbqp -mllvm -enable-misched=false")
      check_c_source_compiles("int main(void) { return 0; }" LF_HASH_CLANG_PBQP)
      unset(CMAKE_REQUIRED_FLAGS)
      if(LF_HASH_CLANG_PBQP)
        set_property(SOURCE ${d}/keccak_rvv.c APPEND PROPERTY COMPILE_OPTIONS
          -O3 -mllvm -regalloc=pbqp -mllvm -enable-misched=false)
      endif()
    endif()
  else()
    message(STATUS "hash: compiler lacks RVV intrinsics; the rvv back end uses the C Keccak")
  endif()
endif()
if(LF_ARCH STREQUAL "x86_64")
  lf_isa_check(LF_HASH_HAVE_SHANI x86_64_sha "
#include <immintrin.h>
int main(void) { __m128i a = _mm_set1_epi32(1);
  a = _mm_sha256rnds2_epu32(a, _mm_sha256msg1_epu32(a, a), _mm_sha256msg2_epu32(a, a));
  return _mm_cvtsi128_si32(_mm_shuffle_epi8(a, a)); }")
  if(LF_HASH_HAVE_SHANI)
    lf_native_sources(sha256 x86_64_sha ${d}/sha256_shani.c)
  else()
    message(STATUS "hash: compiler lacks the SHA intrinsics; SHA-256 uses the portable code")
  endif()
elseif(LF_ARCH STREQUAL "aarch64")
  lf_isa_check(LF_HASH_HAVE_ARMV8_SHA2 aarch64_sha2 "
#include <arm_neon.h>
int main(void) { uint32x4_t a = vdupq_n_u32(1);
  a = vsha256hq_u32(a, vsha256h2q_u32(a, a, a), vsha256su1q_u32(vsha256su0q_u32(a, a), a, a));
  return (int)vgetq_lane_u32(a, 0); }")
  if(LF_HASH_HAVE_ARMV8_SHA2)
    lf_native_sources(sha256 aarch64_sha2 ${d}/sha256_armv8.c)
  else()
    message(STATUS "hash: compiler lacks the ARMv8 SHA2 intrinsics; SHA-256 uses the portable code")
  endif()
endif()
