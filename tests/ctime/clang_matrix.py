#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Constant-time test with clang in a build whose compiler is not clang:
compile a module's ctime cases (ctime_field.c, ...), the harness
(tests/common/ctime_main.c) and the library sources with clang at one -O
level, then run the program under valgrind memcheck for every back end, and
check both leak self-tests (branch, index) are reported.

Each library source gets the machine flags the library gives it, read from
the build tree's compile_commands.json (scripts/ccdb.py: the per-file ISA
flags of cmake/native.cmake), so vector files are compiled at the level
under test too; the cases and the harness get only the common flags.

Called by ctest (tests/CMakeLists.txt for the fields, lf_ctime_tests in
tests/common/ctime.cmake for the modules):
  clang_matrix.py [--name MODULE] --cc CLANG --valgrind VALGRIND --opt 0|1|2|3
                  [--debug 0|1] --ccdb BUILD --out DIR --backends "c x86_64 ..."
                  --inc DIR... --def DEF... --src FILE... [--lib ARCHIVE...]
ARCHIVE: objects linked in as built (tests/CMakeLists.txt: lf_ctime_fixed,
what no valgrind run executes or the -O level cannot change).  MODULE
(default field) names the binary, ctime_MODULE_clang_O<l>.  --debug 1 (CMake:
-DLF_CTIME_DEBUG=ON) adds -gdwarf-4: file and line in valgrind's reports.
Exit: 0 all clean, 1 a leak or failure, 77 skipped."""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from ccdb import isa_flags, library_commands  # noqa: E402  (scripts/ccdb.py)

LEAK_REPORTS = ("Conditional jump or move depends on uninitialised value",
                "Use of uninitialised value of size")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", default="field")
    ap.add_argument("--cc", required=True)
    ap.add_argument("--valgrind", required=True)
    ap.add_argument("--opt", required=True, choices="0123")
    ap.add_argument("--debug", default="0", choices="01")
    ap.add_argument("--ccdb", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--backends", nargs="*", default=[])
    ap.add_argument("--inc", nargs="*", default=[])
    ap.add_argument("--def", dest="defs", nargs="*", default=[])
    ap.add_argument("--src", nargs="+", required=True)
    ap.add_argument("--lib", nargs="*", default=[])
    a = ap.parse_args()
    if not shutil.which(a.cc):
        print(f"clang_matrix: {a.cc} not found: skipped")
        return 77
    lib = library_commands(a.ccdb.resolve())
    base = str(ROOT / "src/cpu.c")
    # -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang 14 emits by default
    common = [a.cc, "-std=gnu11", f"-O{a.opt}", *(["-gdwarf-4"] if a.debug == "1" else []),
              "-Wall", "-Wextra", *(f"-I{d}" for w in a.inc for d in w.split(";") if d),
              *(f"-D{d}" for w in a.defs for d in w.split(";") if d)]
    objdir = a.out / f"{a.name}_O{a.opt}"
    objdir.mkdir(parents=True, exist_ok=True)
    print(f"== {a.cc} -O{a.opt}")
    objs, nisa = [], 0
    for src in (s for w in a.src for s in w.split(";") if s):
        key = str(Path(src).resolve())
        isa = isa_flags(lib, key, base) if key in lib else []
        nisa += bool(isa)
        obj = objdir / (os.path.relpath(key, ROOT).replace("/", "_") + ".o")
        r = subprocess.run(common + isa + ["-c", src, "-o", str(obj)])
        if r.returncode != 0:
            print(f"FAIL: compiling {src}")
            return 1
        objs.append(str(obj))
    print(f"== {len(objs)} files compiled, {nisa} with their ISA flags from compile_commands.json")
    exe = a.out / f"ctime_{a.name}_clang_O{a.opt}"
    libs = [x for w in a.lib for x in w.split(";") if x]
    if subprocess.run([a.cc, *objs, *libs, "-o", str(exe)]).returncode != 0:
        print("FAIL: linking")
        return 1

    status, ran = 0, 0
    for be in (b for w in a.backends for b in w.replace(";", " ").split()):
        print(f"== LIMBFORGE_BACKEND={be} valgrind {exe}")
        rc = subprocess.run([a.valgrind, "--error-exitcode=1", "--track-origins=yes", "--quiet",
                             str(exe), "--require-valgrind"],
                            env={**os.environ, "LIMBFORGE_BACKEND": be}).returncode
        if rc == 77:
            print(f"   (back end {be} not available: skipped)")
            continue
        ran += 1
        if rc != 0:
            print(f"FAIL: clang -O{a.opt} back end {be} (exit {rc})")
            status = 1
    if ran == 0:  # every back end skipped, or none given: nothing was checked
        print("FAIL: no back end ran")
        status = 1
    # the harness must see a deliberate leak in this build too
    for leak in ("branch", "index"):
        r = subprocess.run([a.valgrind, "--error-exitcode=1", "--quiet", str(exe),
                            f"--selftest-leak={leak}"], capture_output=True, text=True)
        log = r.stdout + r.stderr
        if any(m in log for m in LEAK_REPORTS):
            print(f"== self-test ({leak}): leak reported, as it must be")
        else:
            print(f"FAIL: self-test ({leak}): valgrind did not report the deliberate leak\n{log}")
            status = 1
    if status == 0:
        print(f"clang -O{a.opt}: no secret-dependent branches or indices reported")
    return status


if __name__ == "__main__":
    sys.exit(main())
