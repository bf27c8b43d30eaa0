# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The library's per-file compile commands, read from a build tree's
compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS, on in every build of
CMakeLists.txt): for the test programs that compile library sources
themselves, so each file gets the flags the library gives it (the per-file ISA
flags of cmake/native.cmake) and no second spelling of them is needed.

Used by scripts/msan_ctime.py (an MSan tree: its commands are clang's, taken
whole) and tests/ctime/clang_matrix.py (a gcc tree compiled again with clang:
only the ISA flags of a file carry over, isa_flags())."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path


def library_commands(build: Path) -> dict[str, list[str]]:
    """source (absolute) -> limbforge_static's compile command, as a word list.
    Raises SystemExit when the tree has none (not configured, or a generator
    without compile_commands.json)."""
    db = build / "compile_commands.json"
    try:
        entries = json.loads(db.read_text())
    except OSError as e:
        raise SystemExit(f"ccdb: cannot read {db} ({e.strerror}): configure the tree with "
                         "CMake's Ninja or Makefile generator") from None
    cmds = {}
    for e in entries:
        words = shlex.split(e["command"]) if "command" in e else list(e["arguments"])
        try:
            out = words[words.index("-o") + 1]
        except (ValueError, IndexError):
            continue
        if "limbforge_static.dir/" in out:
            cmds[str(Path(e["directory"], e["file"]).resolve())] = words
    if not cmds:
        raise SystemExit(f"ccdb: no limbforge_static entries in {db}")
    return cmds


def strip(words: list[str]) -> list[str]:
    """The command without its output, input, dependency, -O and -g words."""
    res, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        if w in ("-o", "-c", "-MT", "-MF"):
            skip = True
            continue
        if w == "-MD" or re.fullmatch(r"-O[0-3sgz]?|-g[0-3]?|-gdwarf(-[0-9])?", w):
            continue
        res.append(w)
    return res


def isa_flags(lib: dict[str, list[str]], src: str, base: str) -> list[str]:
    """The machine flags (-m...) that src's command has and base's (a plain
    library C file, src/cpu.c) has not: what cmake/native.cmake adds for its
    back end.  gcc and clang spell these alike; the other per-file options
    (-O3, -fno-gcse-after-reload, -mllvm tuning) are one compiler's tuning
    and stay behind."""
    have = set(lib[base])
    words = strip(lib[src])
    res, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        if w == "-mllvm":
            skip = True
            continue
        if w.startswith("-m") and w not in have:
            res.append(w)
    return res
