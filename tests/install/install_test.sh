#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Install the built library into a temporary prefix and build one example
# against the installed copy only, the ways a user would:
#   (a) pkg-config: static (liblimbforge.a by path) and shared (-llimbforge,
#       run with LD_LIBRARY_PATH)
#   (b) a CMake project: find_package(limbforge CONFIG REQUIRED) with
#       CMAKE_PREFIX_PATH, limbforge::limbforge (static) and
#       limbforge::limbforge_shared
#   (c) plain cc -I<prefix>/include ... -L<prefix>/lib -llimbforge (rpath)
# Every program must run and print "all checks passed".  The prefix is
# installed under one name and moved before use, so this also checks that
# the installed tree is relocatable (limbforge.pc and the CMake package find
# their prefix from their own location), and that nothing installed points
# back into the source or build tree.
#
# Exit 77 (skipped) when cross compiling or when pkg-config is missing.
#
# Usage: install_test.sh --cmake CMAKE --build-dir DIR --config CFG --cc CC
#          --generator GEN [--make-program PROG] --libdir LIBDIR --work DIR
#          --example FILE.c --source-dir DIR --version X.Y.Z
#          [--pkg-config PROG] [--cross 0|1]
set -u

cmake= build= config= cc= generator= makeprog= libdir= work= example= srcdir= version=
pkgconfig= cross=0
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "install_test.sh: $1 needs a value" >&2; exit 2; }
    case $1 in
        --cmake) cmake=$2 ;;
        --build-dir) build=$2 ;;
        --config) config=$2 ;;
        --cc) cc=$2 ;;
        --generator) generator=$2 ;;
        --make-program) makeprog=$2 ;;
        --libdir) libdir=$2 ;;
        --work) work=$2 ;;
        --example) example=$2 ;;
        --source-dir) srcdir=$2 ;;
        --version) version=$2 ;;
        --pkg-config) pkgconfig=$2 ;;
        --cross) cross=$2 ;;
        *) echo "install_test.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift 2
done

if [ "$cross" = 1 ]; then
    echo "cross compiling: the installed library cannot be run here (skipped)"
    exit 77
fi
if [ -z "$pkgconfig" ] || ! command -v "$pkgconfig" >/dev/null 2>&1; then
    echo "pkg-config not found (skipped; Debian: apt-get install pkg-config)"
    exit 77
fi

fail() {
    echo "FAILED: $*"
    exit 1
}

# run LOG CMD...: run a command, its output into LOG; on failure show it
run() {
    log=$1
    shift
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        fail "$*"
    fi
}

# check_prog NAME BINARY [VAR=VALUE...]: run an example binary, require
# exit status 0 and its final verdict
check_prog() {
    name=$1
    bin=$2
    shift 2
    if ! env "$@" "$bin" >"$work/$name.out" 2>&1; then
        cat "$work/$name.out"
        fail "$name: $bin exited with an error"
    fi
    grep -q '^all checks passed$' "$work/$name.out" || {
        cat "$work/$name.out"
        fail "$name: no 'all checks passed'"
    }
    echo "ok: $name"
}

# needed_libs BINARY: the DT_NEEDED entries (empty if readelf is missing)
needed_libs() {
    if command -v readelf >/dev/null 2>&1; then
        readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p'
    fi
}

major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
soname=liblimbforge.so.$major.$minor
[ "$major" = 0 ] || soname=liblimbforge.so.$major

# ------------------------------------------------------------------ install
rm -rf "$work"
mkdir -p "$work" || fail "mkdir $work"
if [ -n "$config" ]; then
    run "$work/install.log" "$cmake" --install "$build" --prefix "$work/staged" --config "$config"
else
    run "$work/install.log" "$cmake" --install "$build" --prefix "$work/staged"
fi
# relocate: everything below must work from the new place
mv "$work/staged" "$work/prefix" || fail "mv"
P=$work/prefix
L=$P/$libdir
for f in "$P/include/limbforge/limbforge.h" "$P/include/limbforge/fields.h" \
         "$L/liblimbforge.a" "$L/$soname" "$L/pkgconfig/limbforge.pc" \
         "$L/cmake/limbforge/limbforgeConfig.cmake" \
         "$L/cmake/limbforge/limbforgeConfigVersion.cmake"; do
    [ -e "$f" ] || fail "not installed: $f"
done
echo "ok: installed (and moved) to $P"
if command -v readelf >/dev/null 2>&1; then
    readelf -d "$L/liblimbforge.so" | grep -q "(SONAME).*\[$soname\]" ||
        fail "SONAME of liblimbforge.so is not $soname"
    echo "ok: SONAME $soname"
fi
if grep -rl -e "$srcdir/" -e "$build/" -e "$work/staged" "$L/pkgconfig" "$L/cmake" >"$work/leaks" 2>/dev/null; then
    cat "$work/leaks"
    fail "installed package files name the source or build tree"
fi

# the example, copied so that no source-tree directory is near it
cp "$example" "$work/example.c" || fail "cp $example"
ex=$work/example.c

# ------------------------------------------------------------ (a) pkg-config
PKG_CONFIG_PATH=$L/pkgconfig
export PKG_CONFIG_PATH
pcver=$("$pkgconfig" --modversion limbforge) || fail "pkg-config cannot find limbforge"
[ "$pcver" = "$version" ] || fail "pkg-config --modversion: $pcver, expected $version"
cflags=$("$pkgconfig" --cflags limbforge) || fail "pkg-config --cflags"
libs=$("$pkgconfig" --libs limbforge) || fail "pkg-config --libs"
pclibdir=$("$pkgconfig" --variable=libdir limbforge) || fail "pkg-config --variable=libdir"
# every -I and -L directory must be inside the (moved) prefix
Preal=$(cd "$P" && pwd -P)
for flag in $cflags $libs; do
    case $flag in
        -I*|-L*)
            dir=$(cd "${flag#-?}" 2>/dev/null && pwd -P) || fail "pkg-config: $flag: no such directory"
            case $dir/ in
                "$Preal"/*) ;;
                *) fail "pkg-config: $flag is outside the prefix $P" ;;
            esac ;;
    esac
done
[ -f "$pclibdir/liblimbforge.a" ] || fail "pkg-config libdir $pclibdir has no liblimbforge.a"
echo "ok: pkg-config limbforge $pcver: $cflags $libs"

# static: the archive by path, so the shared library cannot be picked
# shellcheck disable=SC2086 # word splitting of the flags is wanted
run "$work/pc_static.log" "$cc" $cflags "$ex" -o "$work/pc_static" "$pclibdir/liblimbforge.a"
needed_libs "$work/pc_static" | grep -q liblimbforge && fail "pc_static needs liblimbforge.so"
check_prog pc_static "$work/pc_static"

# shared: pkg-config --libs, found at run time through LD_LIBRARY_PATH
# shellcheck disable=SC2086
run "$work/pc_shared.log" "$cc" $cflags "$ex" -o "$work/pc_shared" $libs
if command -v readelf >/dev/null 2>&1; then
    needed_libs "$work/pc_shared" | grep -qx "$soname" || fail "pc_shared does not need $soname"
fi
check_prog pc_shared "$work/pc_shared" LD_LIBRARY_PATH="$pclibdir" DYLD_LIBRARY_PATH="$pclibdir"

# ------------------------------------------------- (b) CMake find_package
proj=$work/cmake_project
mkdir -p "$proj"
cp "$ex" "$proj/example.c"
cat >"$proj/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.20)
project(limbforge_consumer LANGUAGES C)
find_package(limbforge $major.$minor CONFIG REQUIRED)
# the package must come from the installed prefix, nowhere else
get_filename_component(found "\${limbforge_DIR}" REALPATH)
get_filename_component(want "\${LF_PREFIX}" REALPATH)
string(FIND "\${found}" "\${want}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "limbforge found in \${found}, not under \${want}")
endif()
add_executable(example_static example.c)
target_link_libraries(example_static PRIVATE limbforge::limbforge)
add_executable(example_shared example.c)
target_link_libraries(example_shared PRIVATE limbforge::limbforge_shared)
EOF
set -- -S "$proj" -B "$proj/build" -G "$generator" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_PREFIX_PATH="$P" -DLF_PREFIX="$P"
[ -n "$makeprog" ] && set -- "$@" -DCMAKE_MAKE_PROGRAM="$makeprog"
[ -n "$config" ] && set -- "$@" -DCMAKE_BUILD_TYPE="$config"
run "$work/cmake_configure.log" "$cmake" "$@"
run "$work/cmake_build.log" "$cmake" --build "$proj/build"
sbin=$(find "$proj/build" -name 'example_static' -type f | head -n 1)
dbin=$(find "$proj/build" -name 'example_shared' -type f | head -n 1)
[ -n "$sbin" ] && [ -n "$dbin" ] || fail "CMake project built no executables"
needed_libs "$sbin" | grep -q liblimbforge && fail "limbforge::limbforge is not the static library"
check_prog cmake_static "$sbin"
# CMake gives the shared one a build rpath to the installed library
check_prog cmake_shared "$dbin"

# ------------------------------------------------------------- (c) plain cc
run "$work/cc.log" "$cc" -I"$P/include" "$ex" -o "$work/cc_shared" -L"$L" -llimbforge \
    -Wl,-rpath,"$L"
check_prog cc_shared "$work/cc_shared"

echo "all install checks passed"
