# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for armhf (32-bit ARM, ARMv7-A hard-float; arm-linux-gnueabihf)
# with tests run under qemu-user (-cpu cortex-a15): the portable C back end on
# a 32-bit little-endian CPU other than x86 (no unsigned __int128: the
# wide-arithmetic fallbacks of src/lf_wide.h; unsigned char; 8-byte aligned
# uint64_t).  The compiler's Debian defaults (-march=armv7-a+fp -mthumb
# -mfloat-abi=hard) are kept: the code Debian's armhf packages are built as.
# Use: cmake -S . -B build-cross/armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/armhf.cmake
# Debian packages: gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l) # uname -m of an armhf system
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_ASM_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;armhf)
