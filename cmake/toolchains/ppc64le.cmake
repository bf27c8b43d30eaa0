# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for ppc64le (powerpc64le-linux-gnu) with tests run under qemu-user.
# Use: cmake -S . -B build-cross/ppc64le -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/ppc64le.cmake
# Debian packages: gcc-powerpc64le-linux-gnu qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(CMAKE_C_COMPILER powerpc64le-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER powerpc64le-linux-gnu-gcc)
set(CMAKE_C_FLAGS_INIT "-mcpu=power8")
set(CMAKE_ASM_FLAGS_INIT "-mcpu=power8")
set(CMAKE_FIND_ROOT_PATH /usr/powerpc64le-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;ppc64le)
