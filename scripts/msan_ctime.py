#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Build the constant-time test programs with MemorySanitizer (the MSan lane,
scripts/test-msan.sh; method: tests/ctime/README.md).

The build tree BUILD was configured by test-msan.sh with clang and
-fsanitize=memory and CMAKE_EXPORT_COMPILE_COMMANDS: its compile_commands.json
gives, for every library source, the exact command of limbforge_static (include
directories, LF_NATIVE_* definitions, the per-file ISA flags of
cmake/native.cmake, the sanitizer flags).  For each -O level this script
compiles the library sources once with that command at that level (the .S
kernels as CMake assembles them: not instrumented), then each module's ctime
program from its cases file, tests/common/ctime_main.c and the library sources
the module's valgrind binaries compile in (MODULES below: the SOURCES regex of
its lf_ctime_tests() call; ntt: its sources and cpu.c).  Objects are rebuilt
when a dependency (clang -MD) is newer.  Prints "module level path" per program.

usage: msan_ctime.py BUILD LEVEL... [--jobs N] [--modules m1,m2]"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from ccdb import library_commands, strip  # scripts/ccdb.py

ROOT = Path(__file__).resolve().parents[1]

# module: (cases file, library sources compiled in besides src/cpu.c); the
# regexes are those of tests/*/CMakeLists.txt (field: LF_CORE_SOURCES)
MODULES = {
    "field": ("tests/ctime/ctime_field.c", r"/src/field/"),
    "field_vec": ("tests/ctime/ctime_field_vec.c", r"/src/field/"),
    "mp": ("tests/mp/ctime_mp.c", r"/src/mp/"),
    "poly1305": ("tests/poly1305/ctime_poly1305.c", r"/src/(poly1305|chacha20|aead)/"),
    "ntt": ("tests/ntt/ctime_ntt.c", r"/src/ntt/"),
    "sha256": ("tests/hash/ctime_sha256.c", r"/src/hash/"),
    "sha3": ("tests/hash/ctime_sha3.c", r"/src/hash/(keccak|sha3)[^/]*\.c$|/src/hash/native/[^/]+/keccak_"),
    "mlkem": ("tests/mlkem/ctime_mlkem.c", r"/src/mlkem/|/src/ntt/|/src/hash/"),
    "modinv": ("tests/modinv/ctime_modinv.c", r"/src/modinv/"),
    "secp256k1": ("tests/secp256k1/ctime_secp256k1.c",
                  r"/src/secp256k1/|/src/field/generated/(.*/)?secp256k1_[pn][._]|/src/modinv/"
                  r"|/src/hash/|/src/chacha20/"),
}
# extra definitions of a module's cases file (as its CMakeLists.txt sets them)
CASE_DEFS = {"ntt": ["-DLF_CTIME_AVX2=1"]}
# LF_CTIME_DEBUG=1: -g (file and line in MSan's reports; the programs build
# faster without it, and a report names the function either way;
# objects are rebuilt on newer dependencies, not on new flags: after changing
# it, remove build-msan/ctime_msan)
DEBUG = ["-g"] if os.environ.get("LF_CTIME_DEBUG") == "1" else []


def stale(obj: Path, dep: Path) -> bool:
    if not obj.exists() or not dep.exists():
        return True
    t = obj.stat().st_mtime
    text = dep.read_text().replace("\\\n", " ")
    for f in text.split(":", 1)[1].split():
        try:
            if Path(f).stat().st_mtime > t:
                return True
        except OSError:
            return True
    return False


def compile_one(cmd: list[str], src: str, obj: Path) -> str | None:
    dep = obj.with_suffix(obj.suffix + ".d")
    if not stale(obj, dep):
        return None
    obj.parent.mkdir(parents=True, exist_ok=True)
    full = cmd + ["-MD", "-MF", str(dep), "-o", str(obj), "-c", src]
    r = subprocess.run(full, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        return f"FAILED: {shlex.join(full)}\n{r.stdout}{r.stderr}"
    return None


# The generated portable C (straight-line, no intrinsics; MSan is here for
# the intrinsic kernels valgrind cannot run):
# - the field kernels are compiled once, at -O2, and linked into the programs
#   of every level: valgrind checks them at -O0..-O3 with gcc and clang
#   (tests/ctime/), and instrumenting them is most of this lane's compile
#   time (c/p1024.c ~16 s at -O1..-O3, and the field_vec programs of every
#   level would compile all of them again);
# - mp's stay at the program's level from -O1 up (valgrind checks them with
#   gcc at -O0/-O2/-O3 only, so MSan's -O1 is the only check at that level),
#   and the -O0 programs take the -O1 objects: clang's MSan instrumentation
#   of these huge functions at -O0 takes many minutes (p1024.c over 8, mp's
#   over 7).
FIXED_O2 = re.compile(r"/src/(field|secp256k1)/generated/c(32)?/[^/]*\.c$")
SLOW_O0 = re.compile(r"/src/mp/generated/c(32)?/[^/]*\.c$")


def _level(src: str, lvl: str) -> str:
    if FIXED_O2.search(src):
        return "2"
    return "1" if lvl == "0" and SLOW_O0.search(src) else lvl


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("build", type=Path)
    ap.add_argument("levels", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modules", default=",".join(MODULES))
    args = ap.parse_args()
    build = args.build.resolve()
    lib = library_commands(build)
    cpu = str(ROOT / "src/cpu.c")
    base = strip(lib[cpu])  # the flags of a plain library C file
    cc = base[0]
    link_flags = [w for w in base if w.startswith("-fsanitize")]
    mods = [m for m in args.modules.split(",") if m]
    for m in mods:
        if m not in MODULES:
            sys.exit(f"msan_ctime: unknown module {m}")
    out = build / "ctime_msan"
    jobs, plan = [], []
    for lvl in args.levels:
        for m in mods:
            cases, regex = MODULES[m]
            srcs = sorted(s for s in lib if s == cpu or re.search(regex, s))
            objs = []
            for s in srcs:
                rel = os.path.relpath(s, ROOT)
                if s.endswith(".S"):  # assembled, not instrumented: one copy for all levels
                    obj = out / "asm" / (rel + ".o")
                    cmd = strip(lib[s])
                else:
                    olvl = _level(s, lvl)  # one object per built level, shared by programs
                    obj = out / f"O{olvl}" / (rel + ".o")
                    cmd = strip(lib[s]) + [f"-O{olvl}"] + DEBUG
                jobs.append((tuple(cmd), s, obj))
                objs.append(obj)
            for t in (cases, "tests/common/ctime_main.c"):
                obj = out / f"O{lvl}" / m / (t + ".o")
                cmd = base + CASE_DEFS.get(m, []) + [f"-O{lvl}"] + DEBUG
                jobs.append((tuple(cmd), str(ROOT / t), obj))
                objs.append(obj)
            plan.append((m, lvl, objs, out / f"ctime_{m}_O{lvl}"))
    uniq = {}
    for cmd, s, obj in jobs:
        uniq.setdefault(obj, (cmd, s))
    errors = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = [ex.submit(compile_one, list(cmd), s, obj) for obj, (cmd, s) in uniq.items()]
        for f in futs:
            err = f.result()
            if err:
                errors.append(err)
    if errors:
        print("\n".join(errors[:5]), file=sys.stderr)
        return 1
    for m, lvl, objs, exe in plan:
        if exe.exists() and all(o.stat().st_mtime <= exe.stat().st_mtime for o in objs):
            print(m, lvl, exe)
            continue
        r = subprocess.run([cc] + link_flags + [str(o) for o in objs] + ["-o", str(exe)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"msan_ctime: linking {exe.name} failed:\n{r.stderr}", file=sys.stderr)
            return 1
        print(m, lvl, exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
