#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The test knobs LF_TEST_ITERS and LF_TEST_SEED are read in one place per
language (tests/common/README.md): tests/common/testenv.h for C,
tests/common/testenv.py for Python, bindings/rust/limbforge/tests/common/mod.rs
for Rust.  This lint fails, listing file:line, on any other read of either
variable in the repository's .c, .h, .py and .rs files.

  tests/lint_testenv.py              scan the repository (ctest: lint_testenv)
  tests/lint_testenv.py --selftest   check the scanner on synthetic files
                                     (ctest: lint_testenv_selftest)

Files: `git ls-files --cached --others --exclude-standard`, so build trees
(ignored) are skipped and a new file is scanned before it is committed.  A
read is either name as a quoted string literal, in double or single quotes,
with any prefix (r, b, f): what os.environ[...], os.environ.get, os.getenv,
getenv, env::var and option_env! take; or the bare name inside an
environment lookup's brackets.
Setting the variable for a child process is allowed: setenv / putenv /
set_var / Command::env(...) calls and `environ[...] = ...` assignments.
Shell scripts, CMake and Markdown, which set or mention the variables, are
not scanned.  The run prints how many files it scanned and fails when that
is fewer than MIN_FILES (a lint that looked at nothing must not pass).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTS = (".c", ".h", ".py", ".rs")
HELPERS = {
    "tests/common/testenv.h",
    "tests/common/testenv.py",
    "bindings/rust/limbforge/tests/common/mod.rs",
    # bindings/rust/limbforge-sys has no tests/common: its tests draw no
    # random inputs and read neither variable
}
MIN_FILES = 100

# the names, spelled so that this file holds no literal of its own
NAMES = tuple("LF_TEST_" + s for s in ("ITERS", "SEED"))
_NAME = "|".join(NAMES)
# a quoted literal (any prefix: r"", b"", f"" ...)
LITERAL = re.compile(r"""(["'])(?:%s)\1""" % _NAME)
# the bare name inside an environment lookup: getenv(X), environ[X], env::var(X) ...
LOOKUP = re.compile(r"(?:getenv|environ|env::var(?:_os)?|env_var|option_env!|env!)\s*(?:\.get\s*)?"
                    r"[(\[][^)\]]*\b(?:%s)\b" % _NAME)
# writes, for a child process: allowed
WRITE = re.compile(r"(?:\bsetenv|\bputenv|\bset_var|\.env|\bunsetenv|\bremove_var|\.env_remove)\s*\(\s*r?"
                   r"""["'](?:%s)["']""" % _NAME)
ASSIGN = re.compile(r"""\[\s*["'](?:%s)["']\s*\]\s*=(?!=)""" % _NAME)


def forbidden_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each read of a knob in text"""
    out = []
    for no, line in enumerate(text.splitlines(), 1):
        if not (LITERAL.search(line) or LOOKUP.search(line)):
            continue
        # drop the allowed writes, then look again
        rest = ASSIGN.sub("", WRITE.sub("", line))
        if LITERAL.search(rest) or LOOKUP.search(rest):
            out.append((no, line.strip()))
    return out


def repo_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=root, check=True, capture_output=True, text=True).stdout
    return sorted({f for f in out.split("\0") if f.endswith(EXTS)})


def scan(files: dict[str, str]) -> tuple[int, list[str]]:
    """files: path -> text.  (files scanned, "path:line: text" per forbidden read)"""
    bad = []
    n = 0
    for path in sorted(files):
        if not path.endswith(EXTS):
            continue
        n += 1
        if path in HELPERS:
            continue
        bad += [f"{path}:{no}: {line}" for no, line in forbidden_lines(files[path])]
    return n, bad


def verdict(n: int, bad: list[str], out=sys.stdout) -> int:
    for b in bad:
        print(b, file=out)
    print(f"lint_testenv: {n} files scanned ({' '.join(EXTS)}), {len(bad)} reads of "
          f"{' / '.join(NAMES)} outside {', '.join(sorted(HELPERS))}", file=out)
    if n < MIN_FILES:
        print(f"lint_testenv: FAIL: only {n} files scanned, fewer than {MIN_FILES}", file=out)
        return 1
    if bad:
        print("lint_testenv: FAIL: read them through the helpers (tests/common/README.md)", file=out)
        return 1
    return 0


def selftest() -> int:
    import io
    it, sd = NAMES
    q = '"'
    reads = {
        "tests/x/a.c": f"long n = atol(getenv({q}{it}{q}));\n",
        "tests/x/b.h": f"#define SEED_ENV {q}{sd}{q}\n",
        "tests/x/c.py": f"import os\nscale = float(os.environ.get('{it}', '1'))\n",
        "tests/x/d.py": f"seed = os.environ[{q}{sd}{q}]\n",
        "tests/x/e.py": f"x = os.getenv({q}{it}{q}) or 1\n",
        "tests/x/f.rs": f"let s = std::env::var({q}{sd}{q}).ok();\n",
        "tests/x/g.rs": f"let s = option_env!(r{q}{it}{q});\n",
        "tests/x/h.py": f"NAME = {q}{it}{q}\nv = os.environ.get(NAME)\n",
        "tests/x/i.py": f"env = dict(os.environ)\nenv.setdefault({q}{it}{q}, {q}1{q})\n",
        "gen/x/j.py": f"if os.environ[{q}{sd}{q}] == {q}1{q}: pass\n",
        "tests/x/k.c": f"const char *e = getenv(NAME_OF({it}));\n",
    }
    allowed = {
        "tests/x/ok1.c": f"/* {it} multiplies the count (testenv.h) */\nsetenv({q}{it}{q}, {q}0.3{q}, 1);\n",
        "tests/x/ok2.py": f"# {sd}: the seed\nenv[{q}{it}{q}] = {q}0.02{q}\n",
        "tests/x/ok3.rs": f"Command::new(exe).env({q}{sd}{q}, {q}7{q}).status();\n",
        "tests/x/ok4.py": f"scale = testenv.scale()  # {it}\n",
        "tests/x/ok5.sh": f"v=${{{it}:-1}}\necho {q}{it}{q}\n",              # not scanned
        "tests/x/ok6.md": f"`{q}{it}{q}` multiplies\n",                       # not scanned
        "tests/common/testenv.py": f"e = os.environ.get({q}{it}{q}, {q}{q})\n",   # the helper
        "tests/common/testenv.h": f"const char *e = getenv({q}{it}{q});\n",
        "bindings/rust/limbforge/tests/common/mod.rs": f"std::env::var({q}{sd}{q})\n",
    }
    fails = 0

    def expect(cond, what):
        nonlocal fails
        if not cond:
            fails += 1
            print(f"lint_testenv selftest: FAIL: {what}")

    files = dict(reads, **allowed)
    # padding so the count check passes: files without any read
    for i in range(MIN_FILES):
        files[f"src/pad{i}.c"] = "int x;\n"
    n, bad = scan(files)
    flagged = {b.split(":")[0] for b in bad}
    for path in reads:
        expect(path in flagged, f"{path}: a read not flagged")
    for path in allowed:
        expect(path not in flagged, f"{path}: flagged, but it is allowed")
    expect(n == len(files) - 2, f"scanned {n}, want {len(files) - 2} (.sh and .md skipped)")
    expect(any(b.startswith("tests/x/d.py:1: ") for b in bad), "file:line of the read")
    expect(verdict(n, bad, io.StringIO()) == 1, "forbidden reads must fail the lint")
    clean = {p: t for p, t in files.items() if p not in reads}
    n2, bad2 = scan(clean)
    expect(not bad2 and verdict(n2, bad2, io.StringIO()) == 0, f"a clean tree must pass: {bad2}")
    few = {p: t for p, t in list(clean.items())[:10]}
    expect(verdict(*scan(few), io.StringIO()) == 1, "fewer than MIN_FILES scanned must fail")
    print(f"lint_testenv selftest: {len(reads)} reads flagged, {len(allowed)} allowed forms passed: "
          f"{'FAIL' if fails else 'ok'}")
    return 1 if fails else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--selftest"]:
        return selftest()
    if argv:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: lint_testenv.py [--selftest]", file=sys.stderr)
        return 2
    files = {}
    for f in repo_files(ROOT):
        p = ROOT / f
        if p.is_file():
            files[f] = p.read_text(errors="replace")
    return verdict(*scan(files))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
