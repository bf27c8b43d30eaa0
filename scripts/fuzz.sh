#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The fuzz lane (fuzz/README.md): builds the libFuzzer targets of fuzz/ with
# clang (library and targets instrumented with ASan + UBSan, every report
# fatal) into $BUILD_FUZZ (default build-fuzz) and runs each for
# LF_FUZZ_SECONDS seconds (default 15; `make fuzz` uses 600), $JOBS targets at
# a time (default: the CPU count), on its checked-in
# corpus fuzz/corpus/<target>/ (replayed first: every crash input once found
# stays there as a regression input) plus a scratch corpus in the build tree.
# Usage: scripts/fuzz.sh [target...]   (default: every target built)
# A failure prints the crashing input's path; fix the bug, then copy the input
# into fuzz/corpus/<target>/.  Exits 0 with a note when clang cannot link
# -fsanitize=fuzzer (Debian: clang and libclang-rt-dev).
set -eu
cd "$(dirname "$0")/.."
B=${BUILD_FUZZ:-build-fuzz}
SECS=${LF_FUZZ_SECONDS:-15}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
cat > "$probe/t.c" <<'EOT'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
EOT
CC_FUZZ=
for cc in ${CC_FUZZ_ENV:-} clang clang-16 clang-14; do
    if command -v "$cc" >/dev/null 2>&1 &&
        $cc -fsanitize=fuzzer $SAN "$probe/t.c" -o "$probe/t" 2>/dev/null &&
        "$probe/t" -runs=1 >/dev/null 2>&1; then
        CC_FUZZ=$cc
        break
    fi
done
if [ -z "$CC_FUZZ" ]; then
    echo "fuzz: no clang links -fsanitize=fuzzer (Debian: apt-get install clang libclang-rt-dev): fuzz lane skipped"
    exit 0
fi
echo "fuzz: $CC_FUZZ ($($CC_FUZZ --version | head -1)), $SECS s per target"
# a tree configured with another compiler: start afresh (CMake would drop the
# flags below when it resets its cache for the new compiler)
if [ -f "$B/CMakeCache.txt" ] &&
    ! grep -q "^CMAKE_C_COMPILER:[A-Z]*=$(command -v $CC_FUZZ)\$" "$B/CMakeCache.txt"; then
    rm -rf "$B"
fi
# A tree scripts/test-san.sh configured with these flags and the fuzz targets
# (make test passes BUILD_FUZZ=build-san) is used as it is: its tests and
# examples were built anyway, and reconfiguring them away would rebuild nothing
# but cost a cmake run.
if [ -f "$B/CMakeCache.txt" ] && grep -q '^LF_BUILD_FUZZ:BOOL=ON$' "$B/CMakeCache.txt" &&
    grep -qxF "CMAKE_C_FLAGS:STRING=-fsanitize=fuzzer-no-link $SAN" "$B/CMakeCache.txt"; then
    echo "fuzz: the targets of $B (scripts/test-san.sh's tree, the same flags)"
else
    cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CC_FUZZ" \
        -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link $SAN" -DCMAKE_ASM_FLAGS="" \
        -DCMAKE_EXE_LINKER_FLAGS="$SAN" -DLF_BUILD_TESTS=OFF -DLF_BUILD_BENCH=OFF \
        -DLF_BUILD_EXAMPLES=OFF -DLF_BUILD_FUZZ=ON >/dev/null
fi
cmake --build "$B" -j "$JOBS"
# the lane must be able to fail: the library is instrumented, and the
# self-test target's planted overflow is found
if ! nm "$B/liblimbforge.a" 2>/dev/null | grep -q __sanitizer_cov; then
    echo "fuzz: $B/liblimbforge.a has no coverage instrumentation"
    exit 1
fi
mkdir -p "$probe/st"
printf 'LF!' > "$probe/st/seed"
if "$B/fuzz/fuzz_selftest" -runs=1 -artifact_prefix="$probe/" "$probe/st" >"$probe/st.log" 2>&1; then
    echo "fuzz: the self-test's heap overflow was not reported"
    exit 1
fi
grep -q "heap-buffer-overflow" "$probe/st.log" || { echo "fuzz: self-test failed for another reason"; cat "$probe/st.log"; exit 1; }
targets=${*:-$(sed 's/;/ /g' "$B/fuzz/targets.txt")}
fuzz_one() { # target: run it, write its summary line to $B/fuzz-$t.sum, or report
    t=$1
    mkdir -p "$B/corpus/$t" "fuzz/corpus/$t"
    log="$B/fuzz-$t.log"
    if ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
        UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$B/fuzz/fuzz_$t" -max_total_time="$SECS" -print_final_stats=1 -timeout=20 \
        -rss_limit_mb=4096 -artifact_prefix="$B/crash-$t-" "$B/corpus/$t" "fuzz/corpus/$t" \
        >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        n=$(ls "fuzz/corpus/$t" | wc -l)
        printf '%-12s %12s %8s %s\n' "$t" "${execs:-?}" "$SECS" "$n checked-in + $(ls "$B/corpus/$t" | wc -l) new" >"$B/fuzz-$t.sum"
    else
        {
            echo "fuzz: $t FAILED; log $log:"
            grep -E "fuzz check failed|ERROR: |SUMMARY|Test unit written|runtime error" "$log" | head -20
        } >"$B/fuzz-$t.sum"
        return 1
    fi
}
# $JOBS targets at a time (each a single process): 6 targets at 15 s take
# 45 s of make test on 2 cores instead of 90
fail=0
printf '%-12s %12s %8s %s\n' target executions seconds corpus >"$B/fuzz-summary.txt"
set -- $targets
while [ $# -gt 0 ]; do
    pids= batch=
    i=0
    while [ $# -gt 0 ] && [ $i -lt "$JOBS" ]; do
        if [ "$1" != selftest ]; then
            fuzz_one "$1" &
            pids="$pids $!" batch="$batch $1"
            i=$((i + 1))
        fi
        shift
    done
    for p in $pids; do wait "$p" || fail=1; done
    for t in $batch; do cat "$B/fuzz-$t.sum" >>"$B/fuzz-summary.txt"; done
done
cat "$B/fuzz-summary.txt"
exit $fail
