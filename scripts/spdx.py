#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every source file of the repository carries the licence's SPDX line.

  scripts/spdx.py --check   list files without it (exit 1 if any)
  scripts/spdx.py --fix     add it: first line (after a #! line), in the
                            file's own comment syntax

Source files: tracked *.c *.h *.S *.mjs *.py *.sh *.cmake *.rs *.toml, CMakeLists.txt,
Makefile, .ci/run.  Test vectors (tests/vectors/) keep their own licences.
Generated files get the line from the generator (gen/limbforge/provenance.py).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SPDX = "SPDX-License-Identifier: Apache-2.0 OR MIT"
C_LIKE = {".c", ".h", ".S", ".rs", ".mjs"}
HASH = {".py", ".sh", ".cmake", ".toml"}
NAMES = {"CMakeLists.txt": "#", "Makefile": "#", "run": "#"}


def comment_of(path: Path) -> str | None:
    if "tests/vectors/" in path.as_posix():
        return None
    if path.name in NAMES and (path.name != "run" or path.parent.name == ".ci"):
        return NAMES[path.name]
    if path.suffix in C_LIKE:
        return "/*"
    if path.suffix in HASH:
        return "#"
    return None


def sources(root: Path) -> list:
    out = subprocess.run(["git", "ls-files"], cwd=root, check=True, capture_output=True,
                         text=True).stdout.split()
    return [root / f for f in out if comment_of(Path(f)) and (root / f).is_file()]


def line_for(comment: str) -> str:
    return f"/* {SPDX} */\n" if comment == "/*" else f"{comment} {SPDX}\n"


def main(argv: list) -> int:
    root = Path(__file__).resolve().parents[1]
    fix = argv[:1] == ["--fix"]
    missing = []
    for path in sources(root):
        text = path.read_text()
        if SPDX in "\n".join(text.splitlines()[:5]):
            continue
        missing.append(path.relative_to(root).as_posix())
        if fix:
            lines = text.splitlines(keepends=True)
            at = 1 if lines and lines[0].startswith("#!") else 0
            lines.insert(at, line_for(comment_of(path.relative_to(root))))
            path.write_text("".join(lines))
    if fix:
        print(f"spdx: added the line to {len(missing)} files")
        return 0
    for m in missing:
        print(f"no SPDX line: {m}")
    print(f"{1 if not missing else 0} passed, {1 if missing else 0} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
