#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Run a cross-built program under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR of
# the toolchain files in cmake/toolchains/).
#   qemu-run.sh ARCH PROGRAM [ARGS...]
# LF_QEMU_VLEN (riscv64): vector length in bits, default 128.
# LF_QEMU_CPU: a -cpu model replacing the default below.
arch=$1
shift
case $arch in
aarch64) exec qemu-aarch64 ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/aarch64-linux-gnu "$@" ;;
riscv64) exec qemu-riscv64 -cpu "${LF_QEMU_CPU:-rv64,v=true,vlen=${LF_QEMU_VLEN:-128},elen=64}" \
    -L /usr/riscv64-linux-gnu "$@" ;;
ppc64le) exec qemu-ppc64le -cpu "${LF_QEMU_CPU:-power9}" -L /usr/powerpc64le-linux-gnu "$@" ;;
i686) exec qemu-i386 ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/i686-linux-gnu "$@" ;;
armhf) exec qemu-arm -cpu "${LF_QEMU_CPU:-cortex-a15}" -L /usr/arm-linux-gnueabihf "$@" ;;
s390x) exec qemu-s390x ${LF_QEMU_CPU:+-cpu "$LF_QEMU_CPU"} -L /usr/s390x-linux-gnu "$@" ;;
x86_64-nehalem) exec qemu-x86_64 -cpu "${LF_QEMU_CPU:-Nehalem}" "$@" ;;
*) echo "qemu-run.sh: unknown architecture $arch" >&2; exit 2 ;;
esac
