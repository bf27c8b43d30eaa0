# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for i686 (32-bit x86; i686-linux-gnu) with tests
# run through scripts/qemu-run.sh (natively on an x86-64 kernel with IA32
# emulation, else under qemu-i386): the portable C back end on a 32-bit CPU (no unsigned
# __int128: the wide-arithmetic fallbacks of src/lf_wide.h).
# Use: cmake -S . -B build-cross/i686 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686.cmake
# Debian packages: gcc-i686-linux-gnu libc6-dev-i386-cross qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER i686-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER i686-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/i686-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;i686)
