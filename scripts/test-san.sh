#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The sanitizer lane of `make test`: the native library and its C tests built
# once more with AddressSanitizer and UndefinedBehaviorSanitizer (every report
# fatal), by the first of $CC_SAN, clang, gcc that links a sanitized program
# (Debian's clang needs libclang-rt-<version>-dev for its runtime; gcc 12
# ships libasan/libubsan), and run at a reduced iteration count (LF_TEST_ITERS, default
# 0.1), with the debug bound checks on (-DLF_VERIFY=ON: documented input
# bounds and the native hooks' contracts abort when broken; the
# field_verify_abort and ntt_verify_abort tests exist only here).  Left out: the constant-time tests (label ctime: valgrind, which
# cannot run under ASan; not even built, -DLF_CTIME_TESTS=OFF) and the install test (label install: it builds
# consumers without the sanitizer runtime) and the tests that run no program of
# this build (label host: Python checks of sources, the isa_count self-test;
# the native tree runs them).  Build tree: $BUILD_SAN (default build-san).
set -eu
cd "$(dirname "$0")/.."
B=${BUILD_SAN:-build-san}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'int main(void) { return 0; }' > "$probe/t.c"
CC_PICK=
for cc in ${CC_SAN:-} clang gcc; do
    if command -v "$cc" >/dev/null 2>&1 && $cc $SAN "$probe/t.c" -o "$probe/t" 2>/dev/null &&
        "$probe/t"; then
        CC_PICK=$cc
        break
    fi
done
if [ -z "$CC_PICK" ]; then
    echo "test-san: no compiler links with $SAN: sanitizer lane skipped"
    exit 0
fi
echo "test-san: $CC_PICK ($($CC_PICK --version | head -1))"
CC_SAN=$CC_PICK
# a tree configured with another compiler: start afresh (CMake would drop the
# flags below when it resets its cache for the new compiler)
if [ -f "$B/CMakeCache.txt" ] &&
    ! grep -q "^CMAKE_C_COMPILER:[A-Z]*=$(command -v $CC_SAN)\$" "$B/CMakeCache.txt"; then
    rm -rf "$B"
fi
# Where the compiler has libFuzzer (clang), the objects also get its coverage
# instrumentation (-fsanitize=fuzzer-no-link: the tests link without libFuzzer,
# the sanitizer runtime has the callbacks) and the fuzz targets are built
# here: scripts/fuzz.sh, given this tree (make test: BUILD_FUZZ=build-san),
# then finds it configured as it would configure it and builds nothing
# (one sanitized build in make test instead of two, ~130 s)
CFLAGS_SAN=$SAN FUZZ=OFF
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$probe/f.c"
if $CC_SAN -fsanitize=fuzzer $SAN "$probe/f.c" -o "$probe/f" 2>/dev/null; then
    CFLAGS_SAN="-fsanitize=fuzzer-no-link $SAN" FUZZ=ON
fi
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CC_SAN" \
    -DCMAKE_C_FLAGS="$CFLAGS_SAN" -DCMAKE_ASM_FLAGS="" -DCMAKE_EXE_LINKER_FLAGS="$SAN" \
    -DCMAKE_SHARED_LINKER_FLAGS="$SAN" -DLF_BUILD_BENCH=OFF -DLF_CTIME_TESTS=OFF \
    -DLF_BUILD_FUZZ=$FUZZ -DLF_VERIFY=ON >/dev/null
cmake --build "$B" -j "$JOBS"
# the lane must be able to fail: the library is instrumented, and a heap
# overflow built the same way is reported
if ! nm "$B/liblimbforge.a" 2>/dev/null | grep -q __asan_report; then
    echo "test-san: $B/liblimbforge.a is not instrumented"
    exit 1
fi
cat > "$probe/o.c" <<'EOF'
#include <stdlib.h>
int main(int argc, char **argv) { char *p = malloc(8); (void)argv; p[8 + argc - 1] = 1; free(p); return 0; }
EOF
$CC_SAN $SAN "$probe/o.c" -o "$probe/o"
if "$probe/o" 2>/dev/null; then
    echo "test-san: a heap overflow was not reported"
    exit 1
fi
cd "$B"
LF_TEST_ITERS=${LF_TEST_ITERS:-0.1} \
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    ctest --output-on-failure -j "$JOBS" -LE "ctime|install|host"
