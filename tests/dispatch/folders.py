#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The per-architecture folders of every module are named after entries of
the back-end table (gen/limbforge/targets.py), one naming axis (README.md,
"src/<module>/"):
  src/<m>/generated/<e>/  the generator's output for entry e;
  src/<m>/native/<e>/     hand-written vector code, e the root of its chain
                          (x86_64, aarch64, rv64, ppc64le, s390x), or on the
                          32-bit chains, which share the root c32, an entry of
                          such a chain (wasm_simd128).
Every module of cmake/modules.cmake has its folder; prints the count checked.
--selftest: a tree with a bad folder must fail."""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "gen"))
from limbforge.targets import BACKEND_PARENT, ENTRIES  # noqa: E402


def root_of(e: str) -> str:
    while BACKEND_PARENT.get(e) not in (None, "c"):
        e = BACKEND_PARENT[e]
    return e


def check(root: Path) -> tuple[int, list[str]]:
    bad, n = [], 0
    text = (root / "cmake/modules.cmake").read_text()
    m = re.search(r"^set\(LF_MODULES ([^)]*)\)", text, re.M)
    modules = m.group(1).split() if m else []
    if len(modules) < 2:
        bad.append("cmake/modules.cmake: no LF_MODULES")
    for mod in modules:
        if not (root / "src" / mod).is_dir():
            bad.append(f"module {mod}: no src/{mod}/")
    for kind in ("generated", "native"):
        for d in sorted(root.glob(f"src/*/{kind}/*/")):
            if not d.is_dir():
                continue
            n += 1
            e, rel = d.name, d.relative_to(root)
            if e not in ENTRIES:
                bad.append(f"{rel}: {e} is not an entry of the back-end table")
            elif kind == "native" and e != root_of(e) and root_of(e) != "c32":
                bad.append(f"{rel}: {e} is not the root of its chain ({root_of(e)})")
            elif kind == "native" and e in ("c", "c32"):
                bad.append(f"{rel}: portable code does not go under native/")
    return n, bad


def main() -> int:
    if sys.argv[1:] == ["--selftest"]:
        with tempfile.TemporaryDirectory() as t:
            r = Path(t)
            (r / "cmake").mkdir()
            (r / "cmake/modules.cmake").write_text("set(LF_MODULES a b)\n")
            for p in ("src/a/native/x86_64", "src/a/native/avx2", "src/b/native/arm",
                      "src/b/generated/rvv", "src/b/native/wasm_simd128"):
                (r / p).mkdir(parents=True)
            n, bad = check(r)
            want = {"src/a/native/avx2", "src/b/native/arm"}
            got = {b.split(":")[0] for b in bad}
            if n != 5 or got != want:
                print(f"folders selftest: FAIL: {n} folders, findings {bad}")
                return 1
            print("folders selftest: a chain's non-root and a non-entry folder refused, 3 good ones passed")
            return 0
    n, bad = check(ROOT)
    for b in bad:
        print("folders: " + b)
    print(f"folders: {n} per-architecture folders checked, {len(bad)} findings")
    return 1 if bad or n < 20 else 0


if __name__ == "__main__":
    sys.exit(main())
