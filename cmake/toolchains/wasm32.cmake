# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for WebAssembly (wasm32-wasi, WASI preview 1) with tests run
# under Node's WASI (scripts/wasi-run.mjs through scripts/qemu-run.sh wasm32):
# the portable C back end on a 32-bit target whose compiler has unsigned
# __int128 (clang lowers 64x64 -> 128 products to compiler-rt's __multi3), so
# the fields run on c; -DLF_C32=ON adds the c32 back end (32-bit limbs).
# Static executables (.wasm) only: WASI has no dynamic linking, so the shared
# library is not built (the top-level CMakeLists.txt asks the platform).
# Use: cmake -S . -B build-cross/wasm32 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/wasm32.cmake
# SIMD128: -DLF_WASM_SIMD=ON compiles everything with -msimd128 and adds the
# back end wasm_simd128 (ChaCha20, Poly1305, NTT kernels); such a module does
# not load on an engine without SIMD, so the default (OFF) is the build for
# those (Node >= 16.4 and current browsers have SIMD128).
# Debian packages: clang-16 lld-16 wasi-libc libclang-rt-16-dev-wasm32 nodejs (>= 20)
#
# Generic: CMake 3.25 has no WASI platform module; Generic says "no shared
# libraries" (TARGET_SUPPORTS_SHARED_LIBS), which is what the build asks.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-16)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
# Debian's wasi-libc is multiarch: headers in /usr/include/wasm32-wasi,
# crt1 and libc.a in /usr/lib/wasm32-wasi, both found by clang's wasm32-wasi
# driver, which links with wasm-ld-16 (lld-16) and compiler-rt's
# libclang_rt.builtins-wasm32.a.  -nostdlibinc drops the host's /usr/include
# that the driver searches after the wasi one (clang's own headers stay).
set(LF_WASI_INCLUDE /usr/include/wasm32-wasi)
set(CMAKE_C_FLAGS_INIT "-nostdlibinc -isystem ${LF_WASI_INCLUDE}")
# Extra compile flags through CFLAGS (CFLAGS=-msimd128 cmake ...): a
# -DCMAKE_C_FLAGS=... replaces these.
# wasm-ld's default stack is 64 KiB; the tests keep 8192-bit bignums and
# test vectors on the stack, as they may on Linux (8 MiB).  CMake passes the
# compile flags to the link too, where -nostdlibinc is unused.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-z,stack-size=8388608 -Wno-unused-command-line-argument")
set(CMAKE_EXECUTABLE_SUFFIX .wasm)
set(CMAKE_EXECUTABLE_SUFFIX_C .wasm)
# no host libraries (GMP, OpenSSL, libsecp256k1, valgrind) for wasm32
set(CMAKE_FIND_ROOT_PATH /usr/lib/wasm32-wasi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;wasm32)
