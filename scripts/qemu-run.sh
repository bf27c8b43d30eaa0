#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Run a cross-built program under qemu-user, or wasm32 under Node's WASI
# (CMAKE_CROSSCOMPILING_EMULATOR of the toolchain files in cmake/toolchains/).
#   qemu-run.sh ARCH PROGRAM [ARGS...]
# LF_QEMU_VLEN (riscv64): vector length in bits, default 128.
# LF_QEMU_CPU: a -cpu model replacing the default below.
# LF_I686_QEMU=1 (i686): qemu-i386 even where the kernel runs i386 programs.
# LF_NODE (wasm32): the node program, default node.
arch=$1
shift
case $arch in
aarch64) exec qemu-aarch64 ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/aarch64-linux-gnu "$@" ;;
riscv64) exec qemu-riscv64 -cpu "${LF_QEMU_CPU:-rv64,v=true,vlen=${LF_QEMU_VLEN:-128},elen=64}" \
    -L /usr/riscv64-linux-gnu "$@" ;;
ppc64le) exec qemu-ppc64le -cpu "${LF_QEMU_CPU:-power9}" -L /usr/powerpc64le-linux-gnu "$@" ;;
i686) # -L has no ld.so.cache of its own, so the cross ld-linux.so.2 reads the
    # host's, which names /lib32/libc.so.6 where libc6-i386 is installed: a
    # different glibc build, whose private view of ld.so's data differs (a
    # forked child then loops for ever in fork's stack reclaim).
    # LD_LIBRARY_PATH=/lib (the cross /usr/i686-linux-gnu/lib) comes first.
    # On an x86-64 kernel that runs 32-bit programs (IA32 emulation: the cross
    # ld.so itself starts) the program runs on the CPU itself, through the
    # cross ld.so with the cross libc and no cache, 3-4x faster than under
    # qemu-i386; LF_QEMU_CPU or LF_I686_QEMU=1 asks for qemu.
    ld=/usr/i686-linux-gnu/lib/ld-linux.so.2
    if [ -z "$LF_QEMU_CPU$LF_I686_QEMU" ] && "$ld" --version >/dev/null 2>&1; then
        exec "$ld" --inhibit-cache --library-path /usr/i686-linux-gnu/lib "$@"
    fi
    exec qemu-i386 ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/i686-linux-gnu \
    -E LD_LIBRARY_PATH=/lib "$@" ;;
armhf) exec qemu-arm -cpu "${LF_QEMU_CPU:-cortex-a15}" -L /usr/arm-linux-gnueabihf "$@" ;;
s390x) exec qemu-s390x ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/s390x-linux-gnu "$@" ;;
wasm32) exec "${LF_NODE:-node}" "$(dirname "$0")/wasi-run.mjs" "$@" ;; # Node's WASI
x86_64-nehalem) exec qemu-x86_64 -cpu "${LF_QEMU_CPU:-Nehalem}" "$@" ;;
# AVX2 and BMI2 without ADX (Haswell); the features TCG lacks are switched
# off so that qemu prints no warning into the tests' stderr
x86_64-haswell) exec qemu-x86_64 -cpu "${LF_QEMU_CPU:-Haswell-noTSX,-pcid,-x2apic,-tsc-deadline,-invpcid}" "$@" ;;
*) echo "qemu-run.sh: unknown architecture $arch" >&2; exit 2 ;;
esac
