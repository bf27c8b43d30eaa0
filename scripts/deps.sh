#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Install what `make test` / `make bench` need on a Debian machine.
# As root: installs missing packages.  Otherwise: prints the exact command.
# Usage: scripts/deps.sh build|test|bench
#   build: what the library build needs (a C compiler, CMake, Ninja)
#   test:  everything `make test` runs; bench: plus the anchors of lfbench
set -euo pipefail
what=${1:-test}

if [ "$what" = build ]; then
  missing=()
  for p in cmake ninja-build gcc make; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  command -v dpkg-query >/dev/null || missing=() # not Debian: trust the toolchain
  [ ${#missing[@]} -eq 0 ] && exit 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "deps: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    exit 0
  fi
  echo "deps: missing Debian packages; run as root:" >&2
  echo "  apt-get install -y ${missing[*]}" >&2
  exit 1
fi

apt_pkgs=(cmake ninja-build gcc clang make python3 python3-pip valgrind
          libgmp-dev pkg-config
          # differential tests against OpenSSL and libsodium
          libssl-dev libsodium-dev
          # make test-cross: cross compilers, their C libraries, qemu-user, and
          # clang-16 for the RISC-V vector build
          gcc-aarch64-linux-gnu libc6-dev-arm64-cross
          gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
          gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
          gcc-s390x-linux-gnu libc6-dev-s390x-cross
          gcc-i686-linux-gnu libc6-dev-i386-cross
          gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
          qemu-user clang-16
          # wasm32 (clang-16 --target=wasm32-wasi): the WASI C library,
          # wasm-ld, compiler-rt's builtins, and Node (>= 20) for node:wasi
          wasi-libc lld-16 libclang-rt-16-dev-wasm32 nodejs
          # make test-msan, test-san, test-fuzz: clang's sanitizer runtimes
          # (MemorySanitizer, ASan, UBSan, libFuzzer)
          libclang-rt-dev
          # make test-fuzz: libsecp256k1 is fuzz_secp256k1's oracle
          libsecp256k1-dev)
if [ "$what" = bench ]; then
  apt_pkgs+=(nettle-dev python3-matplotlib)
fi
pip_pkgs=(pytest pytest-xdist hypothesis)
[ "$what" = bench ] && pip_pkgs+=(matplotlib)

missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "deps: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
  else
    echo "deps: missing Debian packages; run as root:" >&2
    echo "  apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

pip_missing=()
for m in "${pip_pkgs[@]}"; do
  mod=${m//-/_}; [ "$m" = pytest-xdist ] && mod=xdist
  python3 -c "import $mod" 2>/dev/null || pip_missing+=("$m")
done
if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "deps: installing python packages ${pip_missing[*]}" >&2
  python3 -m pip install -q "${pip_missing[@]}" >&2 2>/dev/null ||
  python3 -m pip install -q --break-system-packages "${pip_missing[@]}" >&2 || {
    echo "deps: run: python3 -m pip install ${pip_missing[*]}" >&2; exit 1; }
fi
if [ "$what" = bench ] && ! command -v cargo >/dev/null; then
  echo "deps: cargo not found; Rust anchors (blst, secp256k1-sys, pqcrypto-mlkem) will be skipped." >&2
  echo "      install Rust (e.g. apt-get install cargo) to include them." >&2
fi
exit 0
