#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Build the library and its C tests for each cross target and run them under
# qemu-user (i686 natively where it can), wasm32 under Node's WASI (make test-cross).  Targets: aarch64
# riscv64 riscv64-v ppc64le s390x i686 armhf wasm32 x86_64-nehalem
# x86_64-haswell (default:
# all).  Build trees go to $LF_CROSS_BUILD (default build-cross/<target>).
#
# Emulated runs are slower, so LF_TEST_ITERS defaults to 0.05 here (the field
# tests then run 5 000 cases per op per field per back end; make test's time
# budget).  RISC-V runs the
# whole suite at VLEN 128 and, in the clang tree (riscv64-v), the vector
# tests (names containing "rvv") again at VLEN 256, 512 and 1024; the gcc
# tree (riscv64: no RVV) at LF_TEST_ITERS=0.02, as the clang tree runs the
# same assembly.
# The Nehalem run (no BMI2/ADX/AVX) checks that dispatch falls back to the
# x86_64 back end, and the Haswell run (AVX2 and BMI2, no ADX: qemu-x86_64
# -cpu Haswell-noTSX, which raises SIGILL on adcx/adox) that the avx2 back
# end and its vector kernels run without ADX, beside the x86_64 scalar
# kernels; both run the native build's programs (LF_NATIVE_BUILD,
# default build: make test has just built it) under qemu-x86_64 through
# scripts/ctest-emulated.py, so it costs no build of its own.  The cross
# trees build no examples, no bench and no shared library (the tests that use
# it, exports_match_headers and install_consumers, need a native build; on
# i686 and armhf it would compile the whole library a second time, as PIC).  s390x (big-endian, the
# s390x assembly and the portable C back end) runs LF_TEST_ITERS=0.02
# (2 000 cases per op per field) to keep make test within its time budget; i686 and armhf (32-bit x86
# and ARMv7-A under qemu-arm -cpu cortex-a15: no unsigned __int128, the
# fallbacks of src/lf_wide.h): armhf LF_TEST_ITERS=0.01 and leaves the c back
# end's field and mp oracles to i686 (the same C and compiler); i686 runs on
# the CPU itself where the kernel runs 32-bit x86 programs (scripts/qemu-run.sh;
# qemu-i386 elsewhere), 3x faster than under qemu at 3x the cases:
# LF_TEST_ITERS=0.03.
#
# wasm32 (wasm32-wasi, scripts/wasi-run.mjs): the c32 architecture (clang has
# unsigned __int128 there, but its products call compiler-rt's __multi3, and
# c32 is the faster back end), so c and c32 both run; LF_TEST_ITERS=0.02.
# The tree is built with -DLF_WASM_SIMD=ON (-msimd128 for the whole module:
# Node >= 16.4 runs SIMD128), so the back end wasm_simd128 runs too.  The
# plain build (the one for engines without SIMD: a module with one SIMD
# instruction fails to load there, so it has no SIMD code at all) compiles
# the same C without the flag and the SIMD files; a second tree for it would
# add a whole wasm32 build to make test's budget.  What
# WASI preview 1 lacks is left out by CMake's own checks, not excluded here:
# backend_env (fork, signals and threads: tests/CMakeLists.txt builds it only
# with fork and pthreads), the valgrind ctime tests and the differential tests
# against GMP, OpenSSL, libsodium and libsecp256k1 (no wasm32 builds of those;
# the Python-int oracles cover the same ops), install_consumers (skipped when
# cross compiling), and test_aead's guard-page case (no mmap/mprotect).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(aarch64 riscv64 riscv64-v ppc64le s390x i686 armhf wasm32 x86_64-nehalem x86_64-haswell)
root=${LF_CROSS_BUILD:-build-cross}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export LF_TEST_ITERS=${LF_TEST_ITERS:-0.05}
status=0
summary=()

run_lane() { # label command...: run it, record ok (and its time) or FAILED
    local label=$1 t0=$SECONDS
    shift
    if "$@"; then
        summary+=("$label: ok ($((SECONDS - t0)) s)")
    else
        summary+=("$label: FAILED")
        status=1
    fi
}

ctest_in() { # dir [ctest args...]
    local dir=$1
    shift
    (cd "$dir" && ctest --output-on-failure -j "$jobs" "$@")
}

run_ctest() { # dir label [ctest args...]
    local dir=$1 label=$2
    shift 2
    run_lane "$label" ctest_in "$dir" "$@"
}

build() { # dir toolchain [cmake args...]
    local dir=$1 tc=$2
    shift 2
    echo "== configure and build in $dir"
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$tc" \
        -DLF_BUILD_BENCH=OFF -DLF_BUILD_EXAMPLES=OFF -DLF_BUILD_SHARED=OFF "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

for t in "${targets[@]}"; do
    tc=cmake/toolchains/$t.cmake
    # (the x86_64 lanes run the native build's programs: no toolchain)
    [ -f "$tc" ] || [ "$t" = x86_64-haswell ] || { echo "test-cross: no toolchain file $tc" >&2; exit 2; }
    dir=$root/$t
    echo "== $t"
    t0=$SECONDS
    case $t in
    wasm32) build "$dir" "$tc" -DLF_WASM_SIMD=ON ;;
    x86_64-nehalem | x86_64-haswell) # the native build's programs, not a build of their own
        native=${LF_NATIVE_BUILD:-build}
        [ -f "$native/build.ninja" ] ||
            cmake -S . -B "$native" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
        cmake --build "$native" -j "$jobs" ;;
    *) build "$dir" "$tc" ;;
    esac
    summary+=("$t: built in $((SECONDS - t0)) s")
    case $t in
    riscv64 | riscv64-v)
        # the gcc tree (riscv64) differs from the clang one only in what the
        # compilers make of the C: fewer cases there
        it=$LF_TEST_ITERS
        [ "$t" = riscv64 ] && it=0.02
        LF_TEST_ITERS=$it LF_QEMU_VLEN=128 run_ctest "$dir" "$t vlen=128"
        # the VLEN reruns only where the rvv back end is built (the gcc tree's
        # rvv tests exist but skip: 77)
        if [ "$t" = riscv64-v ]; then
            for v in 256 512 1024; do
                LF_TEST_ITERS=$it LF_QEMU_VLEN=$v run_ctest "$dir" "$t vlen=$v" -R rvv
            done
        fi
        ;;
    x86_64-nehalem)
        # the same binary code as the native run: what is new here is the
        # fallback (the default dispatch and every module's own feature checks
        # on a CPU without them), so the tests of the c back end (run
        # natively) are left out, and so are those of the back ends this CPU
        # lacks (they would only skip: 77); the rest run at LF_TEST_ITERS=0.01
        # (valgrind and ASan programs cannot run under qemu-user)
        LF_TEST_ITERS=0.01 LF_EXPECT_BACKEND=x86_64 run_lane "$t" python3 scripts/ctest-emulated.py \
            "$native" "$dir" "$PWD/scripts/qemu-run.sh" x86_64-nehalem -- \
            --output-on-failure -j "$jobs" -LE examples \
            -E '_(c|x86_64_adx|avx2|avx512|avx512ifma)$|_asan' ;;
    x86_64-haswell)
        # likewise: the default must be avx2 (LF_EXPECT_BACKEND), and the
        # tests of avx2 (every module's vector kernels) and the untagged ones
        # run; those of x86_64 ran in the Nehalem lane
        LF_TEST_ITERS=0.01 LF_EXPECT_BACKEND=avx2 run_lane "$t" python3 scripts/ctest-emulated.py \
            "$native" "$dir" "$PWD/scripts/qemu-run.sh" x86_64-haswell -- \
            --output-on-failure -j "$jobs" -LE examples \
            -E '_(c|x86_64|x86_64_adx|avx512|avx512ifma)$|_asan' ;;
    s390x)
        LF_TEST_ITERS=0.02 run_ctest "$dir" "$t" ;;
    i686)
        LF_TEST_ITERS=0.03 run_ctest "$dir" "$t" ;;
    armhf)
        # the c back end's field and mp kernels on a 32-bit target (64-bit
        # limbs through src/lf_wide.h, reached only by forcing the back end:
        # c32 is always there) are the same C for the same gcc as on i686,
        # which runs them; ARMv7's own are c32, armv7 and armv7neon
        LF_TEST_ITERS=0.01 run_ctest "$dir" "$t" -E '^(field_oracle|field_vec|mp)_c$' ;;
    wasm32)
        LF_TEST_ITERS=0.02 run_ctest "$dir" "$t" ;;
    *)
        run_ctest "$dir" "$t" ;;
    esac
done
printf '%s\n' "== test-cross summary" "${summary[@]}"
exit $status
