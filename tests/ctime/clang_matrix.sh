#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Constant-time test with clang: compile a module's ctime cases (ctime_field.c,
# ...), the harness (tests/common/ctime_main.c) and the library sources with
# clang at one -O level, then run it under valgrind memcheck for every back
# end, and check both leak self-tests (branch, index) are reported.
#
# Called by ctest (tests/CMakeLists.txt for the fields, lf_ctime_tests in
# tests/common/ctime.cmake for the modules):
#   clang_matrix.sh [--name MODULE] --cc CLANG --valgrind VALGRIND --opt 0|1|2|3 [--debug 0|1]
#                   --out DIR --backends "c x86_64 ..." --inc DIR... --def DEF...
#                   --src FILE... [--lib ARCHIVE...]
# ARCHIVE: objects linked in as built (tests/CMakeLists.txt: lf_ctime_fixed,
# what no valgrind run executes or the -O level cannot change).
# MODULE (default field) names the binary, ctime_MODULE_clang_O<l>.  --debug 1
# (CMake: -DLF_CTIME_DEBUG=ON) adds -gdwarf-4: file and line in valgrind's
# reports, at 45% more compile time.
# --backends, --inc, --def, --src and --lib take every following argument up to the
# next option.  Exit: 0 all clean, 1 a leak or failure, 77 skipped.
set -u

cc= valgrind= opt= out= backends= incs= defs= srcs= libs= mode= name=field debug=0
for arg in "$@"; do
    case "$arg" in
    --name|--cc|--valgrind|--opt|--debug|--out|--backends|--inc|--def|--src|--lib) mode=$arg; continue ;;
    esac
    case "$mode" in
    --name) name=$arg ;;
    --cc) cc=$arg ;;
    --valgrind) valgrind=$arg ;;
    --opt) opt=$arg ;;
    --debug) debug=$arg ;;
    --out) out=$arg ;;
    --backends) backends="$backends $arg" ;;
    --inc) incs="$incs -I$arg" ;;
    --def) defs="$defs -D$arg" ;;
    --src) srcs="$srcs $arg" ;;
    --lib) libs="$libs $arg" ;;
    *) echo "clang_matrix.sh: unexpected argument $arg" >&2; exit 2 ;;
    esac
done
if [ -z "$cc" ] || [ -z "$valgrind" ] || [ -z "$opt" ] || [ -z "$out" ] || [ -z "$srcs" ]; then
    echo "clang_matrix.sh: missing arguments" >&2
    exit 2
fi
command -v "$cc" >/dev/null 2>&1 || { echo "clang_matrix.sh: $cc not found: skipped"; exit 77; }

mkdir -p "$out"
bin="$out/ctime_${name}_clang_O$opt"
echo "== $cc -O$opt"
# -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang 14 emits by default
g=
[ "$debug" = 1 ] && g=-gdwarf-4
# shellcheck disable=SC2086  # word splitting of the flag lists is intended
"$cc" -std=gnu11 -O"$opt" $g -Wall -Wextra $incs $defs $srcs $libs -o "$bin" || exit 1

status=0
for be in $backends; do
    echo "== LIMBFORGE_BACKEND=$be valgrind $bin"
    LIMBFORGE_BACKEND=$be "$valgrind" --error-exitcode=1 --track-origins=yes --quiet \
        "$bin" --require-valgrind
    rc=$?
    case $rc in
    0) ;;
    77) echo "   (back end $be not available: skipped)" ;;
    *) echo "FAIL: clang -O$opt back end $be (exit $rc)"; status=1 ;;
    esac
done

# The harness must see a deliberate leak in this build too.
log="$out/selftest_${name}_O$opt.log"
for leak in branch index; do
    "$valgrind" --error-exitcode=1 --quiet "$bin" --selftest-leak=$leak >"$log" 2>&1
    if grep -q -e "Conditional jump or move depends on uninitialised value" \
               -e "Use of uninitialised value of size" "$log"; then
        echo "== self-test ($leak): leak reported, as it must be"
    else
        echo "FAIL: self-test ($leak): valgrind did not report the deliberate leak"
        cat "$log"
        status=1
    fi
done
[ $status = 0 ] && echo "clang -O$opt: no secret-dependent branches or indices reported"
exit $status
