#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Run an existing native build's tests under an emulator, without a rebuild.

    ctest-emulated.py BUILD OUT EMULATOR... [-- CTEST_ARGS...]

make test-cross's x86_64-nehalem lane: the native x86-64 build (`make build`)
is the very code that lane must run under qemu-x86_64 -cpu Nehalem, so
building it a second time (what a toolchain file with
CMAKE_CROSSCOMPILING_EMULATOR does) only costs time.  This copies BUILD's
CTestTestfile.cmake files to OUT, with EMULATOR before each test's program
(an ELF file built in BUILD): the command itself, or the program a Python
oracle starts after its `--`.  Then ctest
runs in OUT with CTEST_ARGS.  Everything else of a test (properties, working
directory, environment) stays as CMake wrote it.  Tests that run no program
built in BUILD, or wrap one in another tool (valgrind: the ctime tests), are
left out.  Programs built with a sanitizer (*_asan) cannot run under
qemu-user either: leave them out with CTEST_ARGS (-E _asan).
"""
import os
import re
import subprocess
import sys

QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def is_built_program(path, build):
    if not path.startswith(build + "/") or not os.path.isfile(path):
        return False
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


NAME = re.compile(r"^(?:add_test|set_tests_properties)\(\[=\[(.*?)\]=\]")


def rewrite(lines, build, emulator, dropped):
    """The lines of one CTestTestfile.cmake for OUT: a test whose command is
    a program built in BUILD, or Python starting one, with EMULATOR before
    that program; any other test (valgrind around a program, cmake, a
    script) is dropped, with its properties (it runs natively in make test)."""
    new = []
    for line in lines:
        m = NAME.match(line)
        if m and line.startswith("add_test("):
            quoted = list(QUOTED.finditer(line))
            args = [q.group(1) for q in quoted]
            first = os.path.basename(args[0]) if args else ""
            # the program to emulate: the command itself, or for a Python
            # oracle the one after its "--" (an ELF file given to a script
            # as data, e.g. the shared library to nm, stays as it is)
            if args and is_built_program(args[0], build):
                at = 0
            elif first.startswith("python") and "--" in args[:-1] \
                    and is_built_program(args[args.index("--") + 1], build):
                at = args.index("--") + 1
            else:
                dropped.add(m.group(1))
                continue
            q = quoted[at]
            line = (line[:q.start()] + " ".join('"%s"' % e for e in emulator) + " "
                    + line[q.start():])
        elif m and m.group(1) in dropped:
            continue
        new.append(line)
    return new


def main(argv):
    if "--" in argv:
        i = argv.index("--")
        argv, ctest_args = argv[:i], argv[i + 1:]
    else:
        ctest_args = []
    if len(argv) < 3:
        sys.exit(__doc__)
    build = os.path.realpath(argv[0])
    out = os.path.realpath(argv[1])
    emulator = argv[2:]
    if not os.path.isfile(os.path.join(build, "CTestTestfile.cmake")):
        sys.exit("ctest-emulated.py: %s has no CTestTestfile.cmake (build it first)" % build)
    n = 0
    dropped = set()
    for root, _, files in os.walk(build):
        if "CTestTestfile.cmake" not in files:
            continue
        dest = os.path.join(out, os.path.relpath(root, build))
        os.makedirs(dest, exist_ok=True)
        with open(os.path.join(root, "CTestTestfile.cmake")) as f:
            lines = rewrite(f.readlines(), build, emulator, dropped)
        n += sum(l.startswith("add_test(") for l in lines)
        with open(os.path.join(dest, "CTestTestfile.cmake"), "w") as f:
            f.writelines(lines)
    if n == 0:
        sys.exit("ctest-emulated.py: no test of %s runs a program built there" % build)
    print("ctest-emulated.py: %d tests of %s under %s" % (n, build, " ".join(emulator)), flush=True)
    return subprocess.call(["ctest"] + ctest_args, cwd=out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
