#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The MemorySanitizer lane of `make test` (make test-msan): the constant-time
# test programs (tests/ctime/README.md, "With MemorySanitizer") built with
# clang -fsanitize=memory, library sources included, and run where valgrind
# cannot go: the AVX-512 and AVX-512 IFMA intrinsic code.  LF_CT_SECRET poisons
# the secret inputs (tests/common/checkmem.h); MSan reports a branch, a memory
# address or a call argument computed from them.
#
#   1. clang must link and run a -fsanitize=memory program, else the lane is
#      skipped (exit 0; Debian: libclang-rt-14-dev, scripts/deps.sh).
#   2. build tree $BUILD_MSAN (default build-msan) configured with clang and
#      the MSan flags, for compile_commands.json only; scripts/msan_ctime.py
#      compiles from it each module's ctime program at each -O level of
#      $MSAN_LEVELS (default 0 1 2 3): build-msan/ctime_msan/ctime_<module>_O<l>;
#      $MSAN_MODULES (default: all) picks modules.  The modules that run on c
#      alone (field, secp256k1: see 5.) are built at $MSAN_SCALAR_LEVELS
#      only (default 2): their code is portable C, which valgrind checks at
#      every level with gcc and clang (ctest -L ctime); MSan is there for the
#      intrinsic code valgrind cannot run, and one level keeps the harness and
#      its self-tests exercised on the scalar modules too.
#   3. every library C object must be instrumented (it references __msan_*).
#   4. self-tests on every program: --selftest-leak=branch and =index (poly1305
#      also =verify) must be reported (use-of-uninitialized-value), else fail.
#   5. the cases, --require-checker, per back end (LIMBFORGE_BACKEND):
#        c                     every module
#        avx512, avx512ifma    the modules whose code there is C or intrinsics:
#                              poly1305 (+ chacha20), ntt, sha256 (SHA-NI when
#                              the CPU has it), sha3 (the Keccak kernels), mlkem
#                              (its avx512 build and rejection sampler, and the
#                              ntt/Keccak kernels inside), modinv, and field_vec (the
#                              field's lane kernels: tests/ctime/ctime_field_vec.c)
#        c, avx512ifma         mp (its modexp is intrinsic C there:
#                              src/mp/native/x86_64/mp_ifma.c)
#      field and secp256k1 run on c only (and mp's other kernels): on the x86
#      back ends their
#      kernels are assembly (x86_64, x86_64_adx, inherited by avx2/avx512*),
#      which MSan does not instrument; the shadow of what they write is stale,
#      so MSan would both miss secrets and report public values (it does:
#      secp256k1's public-key check in keys.c).  valgrind (ctest -L ctime)
#      checks those back ends, and avx2 (forced under valgrind); clang 14's MSan
#      has no rule for vpmovmskb at -O0 (ntt avx2's verdict).
#      A back end the CPU lacks exits 77 and is reported as skipped; if the CPU
#      has it (/proc/cpuinfo), 77 is a failure.
# MSan's own exit code is set to 66 (its default, 77, is ctest's skip code).
set -eu
cd "$(dirname "$0")/.."
B=${BUILD_MSAN:-build-msan}
LEVELS=${MSAN_LEVELS:-0 1 2 3}
SCALAR_LEVELS=${MSAN_SCALAR_LEVELS:-2}
JOBS=${JOBS:-2}
CC_MSAN=${CC_MSAN:-clang}
MS="-fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer"
ALL_MODULES=${MSAN_MODULES:-field field_vec mp poly1305 ntt sha256 sha3 mlkem modinv secp256k1}
VEC_MODULES="poly1305 ntt sha256 sha3 mlkem modinv field_vec"
VEC_BACKENDS="avx512 avx512ifma"
# mp also on avx512ifma: its modexp there is intrinsic C (src/mp/native/x86_64/mp_ifma.c)
IFMA_MODULES="mp"

if [ "$(uname -m)" != x86_64 ]; then
    echo "test-msan: not an x86-64 host: MemorySanitizer lane skipped"
    exit 0
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
cat > "$probe/t.c" <<'EOF'
int main(int argc, char **argv) { int x[2]; x[0] = argc; (void)argv; return x[argc - 1] == 1 ? 0 : 1; }
EOF
if ! command -v "$CC_MSAN" >/dev/null 2>&1; then
    echo "test-msan: $CC_MSAN not found: MemorySanitizer lane skipped"
    exit 0
fi
if ! "$CC_MSAN" $MS "$probe/t.c" -o "$probe/t" 2>"$probe/err" || ! "$probe/t"; then
    echo "test-msan: $CC_MSAN cannot build or run a -fsanitize=memory program" \
         "(Debian: libclang-rt-dev): MemorySanitizer lane skipped"
    sed 's/^/  /' "$probe/err" | head -5
    exit 0
fi
echo "test-msan: $CC_MSAN ($($CC_MSAN --version | head -1)), levels $LEVELS (c-only modules: $SCALAR_LEVELS)"

cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CC_MSAN" \
    -DCMAKE_C_FLAGS="$MS" -DCMAKE_ASM_FLAGS="" -DCMAKE_EXE_LINKER_FLAGS="$MS" \
    -DCMAKE_SHARED_LINKER_FLAGS="$MS" -DLF_BUILD_BENCH=OFF -DLF_BUILD_EXAMPLES=OFF \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$probe/cmake.log" 2>&1 ||
    { cat "$probe/cmake.log"; exit 1; }
vec_mods= scalar_mods=
for m in $ALL_MODULES; do
    case " $VEC_MODULES $IFMA_MODULES " in
    *" $m "*) vec_mods="$vec_mods,$m" ;;
    *) scalar_mods="$scalar_mods,$m" ;;
    esac
done
: >"$probe/bins"
# shellcheck disable=SC2086
[ -z "$vec_mods" ] || python3 scripts/msan_ctime.py "$B" $LEVELS --jobs "$JOBS" \
    --modules "$vec_mods" >>"$probe/bins"
# shellcheck disable=SC2086
[ -z "$scalar_mods" ] || python3 scripts/msan_ctime.py "$B" $SCALAR_LEVELS --jobs "$JOBS" \
    --modules "$scalar_mods" >>"$probe/bins"
OUT="$B/ctime_msan"

# 3. the library objects are instrumented
n=0
for o in $(find "$OUT" -path "$OUT/asm" -prune -o -path '*/src/*.c.o' -print); do
    if ! nm -u "$o" | grep -q __msan_; then
        echo "test-msan: $o is not instrumented (no __msan_ reference)"
        exit 1
    fi
    n=$((n + 1))
done
if [ "$n" -eq 0 ]; then
    echo "test-msan: no library objects under $OUT"
    exit 1
fi
echo "test-msan: $n library objects instrumented"

export MSAN_OPTIONS="${MSAN_OPTIONS:-exitcode=66:halt_on_error=1}"
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
host_has() { # every flag given is in /proc/cpuinfo
    for f in "$@"; do
        case " $flags " in *" $f "*) ;; *) return 1 ;; esac
    done
}
host_can() {
    case $1 in
    c) return 0 ;;
    avx2) host_has bmi2 adx avx2 ;;
    avx512) host_has bmi2 adx avx2 avx512f avx512bw avx512dq avx512vl ;;
    avx512ifma) host_has bmi2 adx avx2 avx512f avx512bw avx512dq avx512vl avx512ifma avx512_vbmi2 ;;
    *) return 1 ;;
    esac
}

fails=0 runs=0 skips=0 selftests=0
log="$probe/run.log"
while read -r m lvl bin; do
    # 4. the self-tests must be reported
    leaks="branch index"
    [ "$m" = poly1305 ] && leaks="verify branch index"
    for leak in $leaks; do
        if "$bin" --selftest-leak="$leak" </dev/null >"$log" 2>&1; then
            echo "FAIL ctime_${m}_O$lvl --selftest-leak=$leak: exit 0, MSan reported nothing"
            fails=$((fails + 1))
        elif ! grep -q "use-of-uninitialized-value" "$log"; then
            echo "FAIL ctime_${m}_O$lvl --selftest-leak=$leak: failed without an MSan report:"
            sed 's/^/    /' "$log" | head -20
            fails=$((fails + 1))
        fi
        selftests=$((selftests + 1))
    done
    # 5. the cases
    bes=c
    case " $VEC_MODULES " in *" $m "*) bes="c $VEC_BACKENDS" ;; esac
    case " $IFMA_MODULES " in *" $m "*) bes="c avx512ifma" ;; esac
    for be in $bes; do
        rc=0
        LIMBFORGE_BACKEND=$be "$bin" --require-checker </dev/null >"$log" 2>&1 || rc=$?
        if [ $rc -eq 77 ] && ! host_can "$be"; then
            echo "skip ctime_${m}_O${lvl}_$be (the CPU lacks it)"
            skips=$((skips + 1))
            continue
        fi
        runs=$((runs + 1))
        if [ $rc -ne 0 ] || ! grep -q "checker memorysanitizer" "$log"; then
            echo "FAIL ctime_${m}_O${lvl}_$be (exit $rc):"
            sed 's/^/    /' "$log" | head -60
            fails=$((fails + 1))
        else
            echo "ok   ctime_${m}_O${lvl}_$be"
        fi
    done
done <"$probe/bins"
echo "test-msan: $runs runs, $selftests self-tests, $skips skipped, $fails failed"
[ "$fails" -eq 0 ]
