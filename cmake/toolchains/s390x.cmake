# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for s390x (IBM Z, big-endian, 64-bit; s390x-linux-gnu) with tests
# run under qemu-user: the s390x assembly (z196) and the portable C back end
# on a big-endian CPU.
# Use: cmake -S . -B build-cross/s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x.cmake
# Debian packages: gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;s390x)
