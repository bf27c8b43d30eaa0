#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The shared library exports exactly the functions include/ declares.

Collects every function declared in the installed headers (comments and
preprocessor lines removed; a declaration is `lf_name(` after a type), reads
the dynamic symbol table of the shared library with `nm -D --defined-only`,
and fails if either side has a name the other lacks, or if the library exports
a data object.  --selftest: feeds a made-up symbol table with one missing and
one extra name and checks both are reported.
usage: check_exports.py INCLUDE_DIR LIBRARY.so  |  check_exports.py --selftest INCLUDE_DIR
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DECL = re.compile(r"\b(lf_[A-Za-z0-9_]+)\s*\(")


def declared(include: Path) -> set:
    names = set()
    for h in sorted(include.rglob("*.h")):
        text = h.read_text()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        # drop preprocessor lines, with their continuations
        text = re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text)
        names.update(DECL.findall(text))
    return names


def exported(lib: str) -> tuple[set, set]:
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    funcs, data = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        kind, name = parts[-2], parts[-1]
        if kind in "Tt" or kind == "i":
            funcs.add(name)
        elif kind not in "Aa":  # absolute symbols: version nodes
            data.add(name)
    return funcs, data


def compare(decl: set, funcs: set, data: set) -> list:
    problems = [f"exported but not declared in include/: {n}" for n in sorted(funcs - decl)]
    problems += [f"declared in include/ but not exported: {n}" for n in sorted(decl - funcs)]
    problems += [f"exported data object: {n}" for n in sorted(data)]
    return problems


def main(argv: list) -> int:
    if argv[:1] == ["--selftest"]:
        decl = declared(Path(argv[1]))
        some = sorted(decl)[0]
        fake = (decl - {some}) | {"lf_made_up_kernel_c"}
        probs = compare(decl, fake, {"lf_table"})
        want = {f"declared in include/ but not exported: {some}",
                "exported but not declared in include/: lf_made_up_kernel_c",
                "exported data object: lf_table"}
        if set(probs) != want:
            print("FAIL: self-test reported", probs)
            print("0 passed, 1 failed")
            return 1
        print(f"self-test: {len(decl)} declared functions; a missing, an extra and a data symbol reported")
        print("1 passed, 0 failed")
        return 0
    decl = declared(Path(argv[0]))
    funcs, data = exported(argv[1])
    probs = compare(decl, funcs, data)
    for p in probs:
        print("FAIL:", p)
    print(f"{len(decl)} functions declared in include/, {len(funcs)} exported")
    print(f"{1 if not probs else 0} passed, {1 if probs else 0} failed")
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
