# SPDX-License-Identifier: Apache-2.0 OR MIT
# The native x86-64 build run under qemu-x86_64 -cpu Nehalem: no BMI2, ADX or
# AVX, so dispatch must fall back to the x86_64 (mulq) back end.
# Use: cmake -S . -B build-cross/nehalem -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/x86_64-nehalem.cmake
# (make test-cross runs the native build's programs instead, through
# scripts/ctest-emulated.py: the same code without a second build.)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER gcc)
set(CMAKE_ASM_COMPILER gcc)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../scripts/qemu-run.sh;x86_64-nehalem)
