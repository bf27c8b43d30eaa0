# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for riscv64 (riscv64-linux-gnu) with tests run under qemu-user.
# Use: cmake -S . -B build-cross/riscv64-v -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/riscv64-v.cmake
# Debian packages: clang-16 lld-16 gcc-riscv64-linux-gnu (for the C library and crt files) qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(CMAKE_C_COMPILER clang-16)
set(CMAKE_ASM_COMPILER clang-16)
set(CMAKE_C_COMPILER_TARGET riscv64-linux-gnu)
set(CMAKE_ASM_COMPILER_TARGET riscv64-linux-gnu)
# The baseline stays rv64gc, as for any RISC-V build: only the vector files
# get -march=rv64gcv (lf_native_sources, cmake/native.cmake), so the rv64
# back end of this build runs on cores without V.  clang-16 is here for its
# RVV intrinsics (gcc 12 has none).
set(CMAKE_C_FLAGS_INIT "-march=rv64gc")
set(CMAKE_ASM_FLAGS_INIT "-march=rv64gc")
set(CMAKE_FIND_ROOT_PATH /usr/riscv64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;riscv64)
