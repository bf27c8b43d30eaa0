# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The manifest of the generated files: gen/MANIFEST.txt lists every file
`limbforge gen builtin` writes (path and writer), and README.md's list of
them, between its two `generated-files` markers, is written from the same
data, so `make check-gen` also fails when either is out of date."""
from __future__ import annotations

from pathlib import Path

from .provenance import provenance

MANIFEST = "gen/MANIFEST.txt"
BEGIN = "<!-- generated-files: written by make gen (gen/limbforge/manifest.py) -->"
END = "<!-- end of generated-files -->"


def _group(path: str) -> str:
    """A file's folder for the README: up to its generated/ folder, else its directory."""
    parts = path.split("/")
    if "generated" in parts[:-1]:
        return "/".join(parts[:parts.index("generated") + 1]) + "/"
    return "/".join(parts[:-1]) + "/"


def manifest_text(writers: dict[str, str], command: str) -> str:
    lines = [provenance(command, "#").rstrip("\n"),
             "# every file `make gen` writes, and the generator module that writes it"]
    lines += [f"{p}\t{w}" for p, w in sorted(writers.items())]
    return "\n".join(lines) + "\n"


def readme_block(writers: dict[str, str]) -> str:
    by = {}
    for p, w in writers.items():
        by.setdefault(w, {}).setdefault(_group(p), []).append(p)
    out = [BEGIN, f"{len(writers)} files, each listed in `{MANIFEST}`:", ""]
    for w in sorted(by):
        items = []
        for g, ps in sorted(by[w].items()):
            items.append(f"`{ps[0]}`" if len(ps) == 1 else f"`{g}` ({len(ps)} files)")
        out.append(f"* `gen/limbforge/{w}.py`: " + ", ".join(items))
    out.append(END)
    return "\n".join(out)


def files(root: Path, writers: dict[str, str], command: str) -> dict:
    """gen/MANIFEST.txt and README.md with its block rewritten."""
    readme = (root / "README.md").read_text()
    try:
        a = readme.index(BEGIN)
        b = readme.index(END, a) + len(END)
    except ValueError:
        raise SystemExit(f"limbforge: README.md lacks the markers {BEGIN!r} ... {END!r}") from None
    return {MANIFEST: manifest_text(writers, command),
            "README.md": readme[:a] + readme_block(writers) + readme[b:]}
