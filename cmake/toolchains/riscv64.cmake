# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for riscv64 (riscv64-linux-gnu) with tests run under qemu-user.
# Use: cmake -S . -B build-cross/riscv64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/riscv64.cmake
# Debian packages: gcc-riscv64-linux-gnu qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(CMAKE_C_COMPILER riscv64-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER riscv64-linux-gnu-gcc)
set(CMAKE_C_FLAGS_INIT "-march=rv64gc")
set(CMAKE_ASM_FLAGS_INIT "-march=rv64gc")
set(CMAKE_FIND_ROOT_PATH /usr/riscv64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;riscv64)
