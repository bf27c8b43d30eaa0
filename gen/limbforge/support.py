# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The library's C headers that a standalone field (`limbforge gen field`)
ships next to its generated files.

Which headers: not a hand-kept list.  They are the closure of the quoted
`#include`s of the generated files, resolved the way the compiler will
resolve them in the output directory (`-I OUT`: first next to the including
file, then from OUT).  So when a library header starts to include another
one (say field_template.h -> modinv/safegcd.h) nothing here changes.

Where from, in this order:
  1. a limbforge checkout, when this package is the checkout's gen/limbforge
     (`python3 -m limbforge` in gen/, or an editable install): the headers
     are read from the tree itself (include/ and src/, the library's own -I
     path), so they cannot differ from what the library builds with;
  2. otherwise the package data limbforge/support/<path>, which
     `pip install ./gen` (gen/setup.py) copies from that same tree at build
     time: an installed generator carries a snapshot of the headers of the
     tree it was built from.
Nothing under gen/ holds a second copy that could go stale.

This module is also loaded by gen/setup.py (by file path, before the
package is installed), so it uses the standard library only and no
relative imports.
"""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

# The library's -I path, in order: a header at TREE/<dir>/<rel> is <rel> in
# the output directory (include/limbforge/limbforge.h -> limbforge/limbforge.h,
# src/field/field_template.h -> field/field_template.h).
INCLUDE_DIRS = ("include", "src")

# Library headers the generated files of a standalone field include
# directly (fieldgen: the header, the instantiation).  Only the package build
# uses this list, as the roots of the closure it copies; at run time the
# closure starts from the generated text itself.  tests/test_cli.py checks
# that the two agree.
ROOTS = ("limbforge/limbforge.h", "field/field_internal.h", "field/field_template.h", "lf_wide.h")

# Where the package build puts the headers, inside the package.
PACKAGE_DIR = "support"

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


class SupportError(Exception):
    """The support headers cannot be found or are inconsistent."""


def quoted_includes(text: str) -> list:
    """The targets of the `#include "..."` lines of a C source, in order."""
    return _INCLUDE.findall(text)


def _norm(rel: str) -> str | None:
    rel = posixpath.normpath(rel)
    if rel.startswith("../") or rel == ".." or rel.startswith("/"):
        return None
    return rel


def closure(start: dict, read) -> dict:
    """Support files needed by the files in `start` (output path -> text).

    read(rel) returns the text of support file `rel` (an output path) or
    None.  Returns {rel: text} for every support file reached, following
    their includes too; files in `start` are not repeated.  A quoted include
    that resolves to nothing is an error: the output would not compile."""
    out: dict = {}
    todo = list(start.items())
    while todo:
        rel, text = todo.pop()
        for inc in quoted_includes(text):
            cands = [c for c in dict.fromkeys((_norm(posixpath.join(posixpath.dirname(rel), inc)), _norm(inc))) if c]
            for cand in cands:
                if cand in start or cand in out:
                    break
                found = read(cand)
                if found is not None:
                    out[cand] = found
                    todo.append((cand, found))
                    break
            else:
                raise SupportError(f'{rel} includes "{inc}", which is neither generated nor a '
                                   f"library header ({' or '.join(cands)})")
    return dict(sorted(out.items()))


def checkout() -> Path | None:
    """The limbforge source tree this package is part of, if it is one (this
    file is TREE/gen/limbforge/support.py and the tree has the library)."""
    here = Path(__file__).resolve().parent
    root = here.parents[1]
    if here == root / "gen" / "limbforge" and (root / "include" / "limbforge" / "limbforge.h").is_file() \
            and (root / "src" / "field" / "field_template.h").is_file():
        return root
    return None


def tree_reader(root: Path):
    """read(rel) for the library tree at `root` (see INCLUDE_DIRS)."""
    def read(rel: str):
        hits = [root / d / rel for d in INCLUDE_DIRS if (root / d / rel).is_file()]
        if len(hits) > 1:
            raise SupportError(f"{rel} exists under more than one of {', '.join(INCLUDE_DIRS)}: "
                               "a standalone field cannot tell them apart")
        return hits[0].read_text() if hits else None
    return read


def dir_reader(base):
    """read(rel) for a directory in the output layout (a pathlib.Path or an
    importlib.resources Traversable)."""
    def read(rel: str):
        node = base
        for part in rel.split("/"):
            node = node.joinpath(part)
        return node.read_text(encoding="utf-8") if node.is_file() else None
    return read


def package_dir():
    """The headers shipped as package data (None when there are none, as in
    a checkout)."""
    from importlib import resources
    try:
        node = resources.files(__package__ or "limbforge").joinpath(PACKAGE_DIR)
    except (ModuleNotFoundError, TypeError):
        return None
    return node if node.is_dir() else None


def source():
    """(read, description) for the headers: the checkout, else package data."""
    root = checkout()
    if root is not None:
        return tree_reader(root), f"the limbforge tree {root}"
    pkg = package_dir()
    if pkg is not None:
        return dir_reader(pkg), "the installed package"
    raise SupportError("the library headers are missing: this generator is neither a limbforge "
                       "checkout's gen/ nor installed with them (pip install <checkout>/gen)")


def support_files(generated: dict) -> dict:
    """The library headers the generated files (output path -> text) need."""
    read, _ = source()
    return closure(generated, read)


def package_files(root: Path) -> dict:
    """What the package build ships: the closure of ROOTS in the tree at
    `root` (the roots themselves included)."""
    read = tree_reader(root)
    start = {}
    for rel in ROOTS:
        text = read(rel)
        if text is None:
            raise SupportError(f"{rel} not found under {root} ({', '.join(INCLUDE_DIRS)})")
        start[rel] = text
    return dict(sorted({**start, **closure(start, read)}.items()))
