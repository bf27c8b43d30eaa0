#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""docrefs: every name the prose points at exists (`make test-docs`, part of `make test`).

It reads every *.md file of the tree and the comments (docstrings included)
of the C, assembly, Python, CMake, shell and Makefile sources, and checks:

  ident     every lf_* identifier and LF_* macro occurs in the code of the
            tree (the sources with their comments and docstrings removed;
            `LF_NATIVE_<MODULE>_<BACKEND>` counts as defined for every
            lf_native_sources(<module> <backend> ...) call).  A name ending
            in `_` is a prefix, and a name `X` of which only `X_...` exist
            names that family; both must match something.
  path      every repository path (a token with a known file extension, or
            whose first component is a directory of the tree) exists,
            relative to the file's directory or one of its ancestors (the
            repository root included); one whose first component is not a
            top-level directory may also be the tail of a tracked path
            (`printers/c.py`).  A bare file name must be the name of a file
            of the tree, or one the build writes (it occurs in the code).
  target    every `make <target>` names a target of the Makefile.
  backends  back ends named in prose, against BACKENDS of
            gen/limbforge/targets.py (what `make gen` writes into
            include/limbforge/backends.h) and each module's
            lf_native_sources() calls:
              - `a -> b` (or with an arrow character) between two back-end
                names is an edge of the chain: b's parent is a;
              - "back end `x`" and LIMBFORGE_BACKEND=x name a back end;
              - a paragraph (a table row, a list item, a comment block)
                that names at least two thirds of the back ends names all
                of them (a list of every back end that misses one);
              - in a module's files (src/<m>/, tests/<m>/), a paragraph that
                names all but one of the back ends with kernels of the
                module's own (at least three), by name or by their
                native/<arch>/ file, names all of them.
            README.md's "Back ends" table names every back end.

Tokens with placeholders or globs (<m>, <backend>, *, {a,b}, $(VAR), ...),
URLs and absolute paths are skipped.  ALLOW below lists the intentional
exceptions, each with its reason (an entry that matches nothing is reported).
The tree is `git ls-files --cached --others --exclude-standard` (what is on
disk), or every file under the root outside a git checkout.

Prints how many references it checked, failing below MIN_CHECKED (a lint that
checks nothing passes vacuously), and each finding as file:line: kind: token.
Needs only python3.
"""
from __future__ import annotations

import argparse
import ast
import bisect
import io
import os
import re
import subprocess
import sys
import tokenize
from fnmatch import fnmatchcase
from pathlib import Path

MIN_CHECKED = 500

# Intentional exceptions: (kind, token glob, file glob, reason).  For kind
# "backends" the token is the text the finding shows (the paragraph's first
# 40 characters).
ALLOW = [
    ("path", "ed25519_l*", "README.md",
     "files the README's own `limbforge gen field --out ed25519_l` example writes"),
    ("path", "limbforge/field/ed25519_l.h", "*",
     "written by `limbforge gen field --name ed25519_l` (README.md, examples/field_custom.c)"),
    ("path", "ed25519_l_c.c", "examples/*",
     "written at build time by examples/CMakeLists.txt's `limbforge gen field` call"),
    ("path", "cmake/limbforge/", "README.md", "a directory of the install tree, not of the source tree"),
    ("path", "app.c", "*", "the reader's program in a compile-command example"),
    ("path", "out.json", "*", "the output file of an example command"),
    ("path", "FILE.c", "tests/install/install_test.sh", "usage placeholder"),
    ("path", "RESULTS.json", "bench/*.py", "usage placeholder (the results file given on the command line)"),
    ("path", "SCHEMA.json", "bench/check_json.py", "usage placeholder"),
    ("path", "OUT_DIR/*", "bench/anchors/build_anchors.cmake", "cargo's OUT_DIR, a build directory"),
    ("path", "../target/bench*", "bindings/rust/bench/*", "cargo's target directory (build output)"),
    ("path", "TREE/*", "gen/limbforge/support.py", "placeholder for a source tree"),
    ("path", "limbforge/support/", "gen/setup.py", "the package directory `pip install` creates"),
    ("path", "./a.out", "tests/*", "a compiler's default output in a command line"),
    ("path", "tests/ctime_field_O2", "tests/ctime/README.md", "a test program in the build tree"),
    ("path", "testvectors_v1/*", "tests/vectors/README.md", "a path in the upstream Wycheproof repository"),
    ("path", "mlkem_test_schema.json", "tests/vectors/README.md", "a file of the upstream Wycheproof repository"),
    ("path", "KeccakF-1600-IntermediateValues.txt", "tests/hash/*",
     "the Keccak team's published file the test's values come from"),
    ("path", "setup.c", "tools/isa_count/isa_count.py", "a file the script writes into its work directory"),
    ("ident", "LF_NAME*", "gen/*", "NAME: placeholder for a field's name"),
    ("path", "limbforge/field/name.h", "gen/tests/field_api_driver.c", "placeholder for the field name"),
    ("path", "name.c", "gen/tests/field_api_driver.c", "placeholder for the field name"),
    ("ident", "lf_name", "tests/symbols/check_exports.py", "placeholder in a description of a symbol pattern"),
    ("ident", "LF_X", "gen/tests/test_cli.py", "placeholder in a comment on name checks"),
    ("path", "WORK/*", "scripts/mutate.py", "placeholder for the work directory given on the command line"),
    ("ident", "lf_ntt_example_*", "tests/abi/kernels.h", "hypothetical kernel in the how-to-register example"),
    ("path", "rvv_path32/64/128/vla.c", "tests/ntt/test_ntt_rvv_paths.c",
     "shorthand for rvv_path32.c, rvv_path64.c, rvv_path128.c and rvv_pathvla.c, which exist"),
]

EXTS = {"c", "h", "S", "py", "md", "cmake", "sh", "txt", "json", "toml", "rs",
        "mjs", "in", "rsp", "pem", "yml", "yaml", "cfg", "ini"}
# words after "make" that are English, not a target ("make sure", ...)
MAKE_WORDS = set("""a an the it its them that this these those sure each every all any one no room up
use of for do and or to is as sense so their both more less with in on at by from can may must will
would should than then some other another such what which here there first x pair item targets
equal sure way target""".split())
SKIP_CHARS = set("<>*{}$%~@[]?|\\")
CODE_NAMES = {"Makefile", "CMakeLists.txt"}
ARROW = r"(?:->|→)"

IDENT_RE = re.compile(r"(?<![A-Za-z0-9_#])(lf_[A-Za-z0-9_]*[A-Za-z0-9]_?|LF_[A-Z0-9_]*[A-Z0-9]_?)(?![A-Za-z0-9_])")
TOKEN_SPLIT = re.compile(r"[\s`\"'()\[\];|=,]+")
LINEREF = re.compile(r":\d+(?:[-,]\d+)*$")
MAKE_RE = re.compile(
    r"(?<![\w$./-])make((?:\s+(?:[A-Za-z_][A-Za-z0-9_]*=(?:\"[^\"]*\"|'[^']*'|\S*)|-\S+))*)\s+`?([a-z][a-z0-9_-]*)")
ASM_LINE_COMMENT = re.compile(
    r"^[ \t]*(?:[@;]|#(?![ \t]*(?:if|ifdef|ifndef|else|elif|endif|define|undef|include|error|warning|pragma|line)\b))"
    r"(.*)")
C_TOKEN = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?", re.S)


# ---- the tree ----------------------------------------------------------------------------------

class Tree:
    def __init__(self, root: Path):
        self.root = root
        try:
            out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
                                  "--exclude-standard"], check=True, capture_output=True).stdout
            files = sorted({f for f in out.decode().split("\0") if f})
        except (OSError, subprocess.CalledProcessError):
            files = []
            for d, dirs, names in os.walk(root):
                dirs[:] = [x for x in dirs if not x.startswith((".", "build")) and x != "target"]
                files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        self.files = [f for f in files if os.path.lexists(root / f)]
        self.fileset = set(self.files)
        self.dirs = {f for f in self.files if (root / f).is_dir()}  # symbolic links to directories
        for f in self.files:
            p = f
            while "/" in p:
                p = p.rsplit("/", 1)[0]
                self.dirs.add(p)
        self.top = {x.split("/", 1)[0] for x in self.dirs}
        self.basenames = {f.rsplit("/", 1)[-1] for f in self.files}
        self.suffixes = set()
        for x in self.fileset | self.dirs:
            parts = x.split("/")
            for i in range(1, len(parts)):
                self.suffixes.add("/".join(parts[i:]))

    def exists(self, rel: str) -> bool:
        rel = os.path.normpath(rel)
        return rel in self.fileset or rel in self.dirs or rel == "."

    def read(self, f: str) -> str:
        try:
            return (self.root / f).read_text(errors="replace")
        except OSError:
            return ""


# ---- comments: [(line, text)] and the code without them -----------------------------------------

def c_split(text: str, asm: bool = False):
    """C-like source (C, Rust, JavaScript; asm: assembly, where a line starting
    with '#' that is not a preprocessor directive, '@' or ';' is a comment)."""
    comments = []
    if asm:
        out = []
        for k, ln in enumerate(text.split("\n"), 1):
            m = ASM_LINE_COMMENT.match(ln)
            if m:
                comments.append((k, m.group(1)))
                ln = ""
            out.append(ln)
        text = "\n".join(out)
    code, pos, line = [], 0, 1
    for m in C_TOKEN.finditer(text):
        s = m.group()
        if not s.startswith(("/*", "//")):
            continue
        code.append(text[pos:m.start()])
        line += text.count("\n", pos, m.start())
        body = s[2:-2] if s.startswith("/*") and s.endswith("*/") else s[2:]
        for k, ln in enumerate(body.split("\n")):
            comments.append((line + k, ln))
        code.append("\n" * s.count("\n"))
        line += s.count("\n")
        pos = m.end()
    code.append(text[pos:])
    return comments, "".join(code)


def hash_split(text: str):
    """'#' comments of CMake, shell and Makefiles (a '#' at a line start or after
    a blank, not followed by a word, brace or parenthesis)."""
    comments, code = [], []
    for k, ln in enumerate(text.split("\n"), 1):
        if ln.startswith("#!"):
            code.append("")
            continue
        m = re.search(r"(?:^|[ \t])(#)(?![\w{(])|^(#)", ln)
        if m:
            pos = m.start(1) if m.group(1) else m.start(2)
            comments.append((k, ln[pos + 1:]))
            ln = ln[:pos]
        code.append(ln)
    return comments, "\n".join(code)


def py_split(text: str):
    """Comments and docstrings of Python source; the rest of its tokens."""
    comments, doc_lines = [], set()
    try:
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                        and isinstance(body[0].value.value, str):
                    s = body[0].value
                    doc_lines.add(s.lineno)
                    comments += [(s.lineno + k, ln) for k, ln in enumerate(s.value.split("\n"))]
    except SyntaxError:
        return hash_split(text)
    code = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                comments.append((tok.start[0], tok.string[1:]))
            elif tok.type == tokenize.STRING and tok.start[0] in doc_lines:
                continue
            else:
                code.append(tok.string)
    except (tokenize.TokenError, SyntaxError):
        return hash_split(text)
    return comments, " ".join(code)


def kind_of(f: str):
    name = f.rsplit("/", 1)[-1]
    suf = os.path.splitext(name)[1]
    if suf == ".md":
        return "md"
    if suf in (".c", ".h", ".rs", ".mjs"):
        return "c"
    if suf in (".S", ".s"):
        return "asm"
    if suf == ".py":
        return "py"
    if suf in (".cmake", ".sh", ".in") or name in CODE_NAMES:
        return "hash"
    return None


def paragraphs(lines, md: bool):
    """Group (line, text) pairs into paragraphs: blank lines and gaps in the
    line numbers end one; in Markdown every table row, heading, list item and
    fenced-code line is one of its own."""
    cur, prev, fence = [], None, False
    for ln, t in lines:
        s = t.strip()
        if not md:
            s = s.lstrip("*#").strip()
        if md and s.startswith("```"):
            fence = not fence
        single = md and (fence or s.startswith(("|", "#", "```")))
        starts = md and re.match(r"([*+-]|\d+\.) ", s)
        if cur and (not s or (prev is not None and ln != prev + 1) or single or starts):
            yield cur
            cur = []
        if s:
            cur.append((ln, t))
            if single:
                yield cur
                cur = []
        prev = ln
    if cur:
        yield cur


# ---- the checks --------------------------------------------------------------------------------

class Checker:
    def __init__(self, tree, parent, module_backends, native_files, targets, idents, code_files, allow):
        self.tree = tree
        self.allow = allow
        self.parent = parent                    # back end -> parent (None for c)
        self.module_backends = module_backends  # module -> back ends with kernels of its own
        self.native_files = native_files        # (module, file name) -> back ends
        self.targets = targets
        self.idents = idents
        self.sorted_idents = sorted(idents)
        self.code_files = code_files
        self.checked = {"ident": 0, "path": 0, "target": 0, "backends": 0}
        self.findings = []
        self.used = set()
        names = sorted((b for b in parent if b != "c"), key=len, reverse=True)
        self.bk_re = re.compile(r"(?<![\w./-])(" + "|".join(map(re.escape, names)) + r")(?![\w/])")
        word = r"`?([a-z][a-z0-9_]*)`?"
        self.edge_re = re.compile(r"(?<![\w/])`?([a-z][a-z0-9_]*)`?(?:\s*\([^()]*\))?\s*" + ARROW + r"\s*" + word)
        self.name_res = [re.compile(r"\bback[ -]ends? `([a-z][a-z0-9_]*)`"),
                         re.compile(r"LIMBFORGE_BACKEND=`?([a-z][a-z0-9_]*)")]

    def allowed(self, kind, token, f):
        for i, (k, t, glob, _) in enumerate(self.allow):
            if k == kind and fnmatchcase(token, t) and fnmatchcase(f, glob):
                self.used.add(i)
                return True
        return False

    def find(self, f, ln, kind, token, why=""):
        if not self.allowed(kind, token, f):
            self.findings.append(f"{f}:{ln}: {kind}: {token}" + (f" ({why})" if why else ""))

    def has_prefix(self, p):
        i = bisect.bisect_left(self.sorted_idents, p)
        return i < len(self.sorted_idents) and self.sorted_idents[i].startswith(p)

    def check_line(self, f, ln, text):
        for m in IDENT_RE.finditer(text):
            tok = m.group(1)
            after = text[m.end():m.end() + 1]
            before = text[m.start() - 1:m.start()] if m.start() else ""
            if after in ("<", "*", "{", "#", "$") or before in (">", "}", "*") or \
                    text.startswith("...", m.end()):
                continue
            if tok.startswith("lf_") and any(p.isupper() for p in tok[3:].split("_") if p) \
                    and tok not in self.idents:
                continue  # lf_F_add, lf_NAME_mul: a placeholder in a lower-case name
            self.checked["ident"] += 1
            if tok.endswith("_"):
                if not self.has_prefix(tok):
                    self.find(f, ln, "ident", tok, "no identifier has this prefix")
            elif tok not in self.idents:
                self.find(f, ln, "ident", tok)
        for raw in TOKEN_SPLIT.split(text):
            self.check_path(f, ln, raw)
        for m in MAKE_RE.finditer(text):
            word = m.group(2)
            if word in MAKE_WORDS:
                continue
            self.checked["target"] += 1
            if word not in self.targets:
                self.find(f, ln, "target", word, "not a target of the Makefile")
        for m in self.edge_re.finditer(text):
            a, b = m.group(1), m.group(2)
            if a in self.parent and b in self.parent:
                self.checked["backends"] += 1
                if self.parent[b] != a:
                    self.find(f, ln, "backends", f"{a} -> {b}",
                              f"the parent of {b} is {self.parent[b]}")
        for r in self.name_res:
            for m in r.finditer(text):
                if m.group(1) in ("name", "b", "x", "anc", "parent"):
                    continue  # a variable in the sentence, not a name
                self.checked["backends"] += 1
                if m.group(1) not in self.parent:
                    self.find(f, ln, "backends", m.group(1), "not a back end")

    def check_path(self, f, ln, tok):
        if not tok or any(c in SKIP_CHARS for c in tok) or "..." in tok or "…" in tok or "://" in tok:
            return
        tok = LINEREF.sub("", tok.rstrip(".,:;!?")).split("#", 1)[0].rstrip(".,:;!?")
        if not tok or tok.startswith(("-", "/", "~")) or tok in (".", ".."):
            return
        fdir = os.path.dirname(f)
        bases = [fdir]
        while bases[-1]:
            bases.append(os.path.dirname(bases[-1]))
        if "/" in tok:
            first = tok.split("/", 1)[0]
            if first.startswith("build") or re.fullmatch(r"[\d./]+", tok):
                return  # a build tree; or a number like 1/2
            ext = os.path.splitext(tok.rstrip("/"))[1][1:]
            if not (ext in EXTS or first in (".", "..") or first in self.tree.top or
                    os.path.normpath(os.path.join(fdir, first)) in self.tree.dirs):
                return  # prose such as mulx/adcx/adox
            self.checked["path"] += 1
            t = tok.rstrip("/")
            if any(self.tree.exists(os.path.join(b, t)) for b in bases):
                return
            if first not in self.tree.top and first not in (".", "..") and t in self.tree.suffixes:
                return
            self.find(f, ln, "path", tok)
            return
        ext = os.path.splitext(tok)[1][1:]
        if ext not in EXTS or tok.startswith(".") or re.fullmatch(r"[\d.]+[a-z]*", tok):
            return
        self.checked["path"] += 1
        if tok not in self.tree.basenames and tok not in self.code_files:
            self.find(f, ln, "path", tok, "no file of that name")

    def check_paragraph(self, f, para, module):
        text = " ".join(t for _, t in para)
        names = set(self.bk_re.findall(text))
        own = self.module_backends.get(module) or set()
        by_file = {b for fn in re.findall(r"\w+\.[ch]\b", text) for b in self.native_files.get((module, fn), ())}
        if not names and not by_file:
            return
        first = next((ln for ln, t in para if self.bk_re.search(t) or
                      any((module, fn) in self.native_files for fn in re.findall(r"\w+\.[ch]\b", t))), para[0][0])
        label = re.sub(r"\s+", " ", text.strip().lstrip("/*#|-").strip())[:40]
        every = set(self.parent) - {"c"}
        if len(names) >= 2 * len(every) / 3:
            self.checked["backends"] += 1
            if names != every:
                self.find(f, first, "backends", label,
                          f"names {len(names)} of the {len(every)} back ends; missing "
                          + ", ".join(sorted(every - names)))
        if len(own) >= 3:
            have = (names | by_file) & own
            if len(have) >= len(own) - 1:
                self.checked["backends"] += 1
                if have != own:
                    self.find(f, first, "backends", label,
                              f"names {len(have)} of the {len(own)} back ends with {module} kernels of "
                              f"their own; missing {', '.join(sorted(own - have))}")


def load_backends(root: Path):
    """BACKENDS of gen/limbforge/targets.py (read with ast, no import), checked
    against the enum make gen writes from it (include/limbforge/backends.h)."""
    src = (root / "gen/limbforge/targets.py").read_text()
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "BACKENDS" for t in node.targets):
            rows = ast.literal_eval(node.value)
            break
    else:
        raise SystemExit("docrefs: no BACKENDS in gen/limbforge/targets.py")
    enum = re.findall(r"LF_BACKEND_([A-Z0-9_]+)", (root / "include/limbforge/backends.h").read_text())
    if [e.lower() for e in enum if e != "COUNT"] != [b for b, _, _ in rows]:
        raise SystemExit("docrefs: include/limbforge/backends.h does not match BACKENDS (make gen)")
    return {b: p for b, p, _ in rows}


def scan(root: Path, allow=None):
    """Run every check on the tree at root; returns (Checker, number of files read)."""
    tree = Tree(root)
    parent = load_backends(root)
    idents, code_files, docs = set(), set(), []
    module_backends, native_files = {}, {}
    fname_re = re.compile(r"[A-Za-z0-9_.+-]+\.(?:" + "|".join(sorted(EXTS)) + r")\b")
    for f in tree.files:
        k = kind_of(f)
        if k is None or not (root / f).is_file():
            continue
        text = tree.read(f)
        if k == "md":
            docs.append((f, list(enumerate(text.split("\n"), 1)), True))
            continue
        comments, code = {"c": c_split, "asm": lambda t: c_split(t, asm=True), "py": py_split,
                          "hash": hash_split}[k](text)
        if f == "scripts/docrefs.py":
            code = ""  # the allow-list and the self-test name what does not exist
        idents.update(re.findall(r"\b(?:lf|LF)_[A-Za-z0-9_]+", code))
        code_files.update(fname_re.findall(code))
        if f.endswith((".cmake", "CMakeLists.txt")):
            for mod, b, files in re.findall(r"^\s*lf_native_sources\(\s*(\w+)\s+(\w+)([^)]*)\)", code, re.M):
                idents.add(f"LF_NATIVE_{mod.upper()}_{b.upper()}")
                if b in parent:
                    d = {"keccak": "hash", "sha256": "hash"}.get(mod, mod)
                    module_backends.setdefault(d, set()).add(b)
                    for x in files.split():
                        native_files.setdefault((d, x.rsplit("/", 1)[-1]), set()).add(b)
        if not f.startswith("bindings/") or k != "c":  # Rust comments are rustdoc's
            docs.append((f, comments, False))
    mk = tree.read("Makefile")
    targets = set()
    for m in re.finditer(r"^([A-Za-z0-9_.-][A-Za-z0-9_. -]*):(?!=)", mk, re.M):
        targets.update(m.group(1).split())
    for m in re.finditer(r"^\.PHONY:(.*)$", mk, re.M):
        targets.update(m.group(1).split())
    targets.discard(".PHONY")

    ck = Checker(tree, parent, module_backends, native_files, targets, idents, code_files,
                 ALLOW if allow is None else allow)
    for f, lines, is_md in docs:
        m = re.match(r"(?:src|tests)/([a-z0-9_]+)/", f)
        module = m.group(1) if m else None
        for ln, text in lines:
            ck.check_line(f, ln, text)
        for para in paragraphs(lines, is_md):
            ck.check_paragraph(f, para, module)
    # README.md's back-end table names every back end
    readme = tree.read("README.md")
    sec = re.search(r"^## Back ends\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    ck.checked["backends"] += 1
    if not sec:
        ck.find("README.md", 1, "backends", "## Back ends", "no such section")
    else:
        rows = "\n".join(x for x in sec.group(1).split("\n") if x.startswith("|"))
        missing = set(parent) - set(re.findall(r"`([a-z0-9_]+)`", rows))
        if missing:
            line = readme[:sec.start()].count("\n") + 1
            ck.find("README.md", line, "backends", "## Back ends",
                    "its table lacks " + ", ".join(sorted(missing)))
    return ck, len(docs)


# The self-test: a small tree with one bad reference of every kind per line
# marked BAD (each must be reported, on that line) and good ones elsewhere.
SELFTEST_FILES = {
    "Makefile": "test: build\nbuild:\n\tcc -o x x.c\n",
    "src/cpu.c": "int lf_real_fn(void) { return LF_REAL_MACRO; }\n"
                 "/* lf_real_fn and LF_REAL_MACRO exist; so do src/cpu.c and ../README.md */\n"
                 "/* BAD lf_gone_fn */\n"
                 "/* BAD src/gone.c */\n",
    "src/m/sources.cmake": "lf_native_sources(m avx2 ${d}/native/x86_64/m_avx2.c)\n"
                           "lf_native_sources(m neon ${d}/native/aarch64/m_neon.c)\n"
                           "lf_native_sources(m rvv ${d}/native/rv64/m_rvv.c)\n"
                           "# LF_NATIVE_M_AVX2 is defined by the call above\n",
    "src/m/native/x86_64/m_avx2.c": "",
    "src/m/native/aarch64/m_neon.c": "",
    "src/m/native/rv64/m_rvv.c": "",
    "src/m/README.md": "# m\n\n"
                       "Kernels: `native/x86_64/m_avx2.c`, `m_neon.c` and `m_rvv.c`.\n\n"
                       "Vector flags of its own: avx2 and rvv\n"
                       "and neon, on the next line of the same paragraph.\n\n"
                       "BAD vector flags of its own: avx2 and rvv only.\n\n"
                       "BAD the kernels: m_avx2.c and m_neon.c, and no third.\n\n"
                       "One is not a list: avx2.\n",
    "tools/x.py": '"""Docstring: `make test` and BAD `make gone` and tools/x.py."""\n'
                  "# BAD LF_GONE_MACRO, and the placeholders lf_<m>_k, src/<m>/, LF_ERR_* are skipped\n"
                  "x = 1  # BAD tools/missing.py\n",
    "README.md": "# t\n\n## Back ends\n\n| a | b |\n|---|---|\n"
                 "| x86 | `x86_64` → `x86_64_adx` → `avx2` → `avx512` → `avx512ifma` |\n\n"
                 "BAD: `avx2` → `avx512ifma` is no edge\n\n"
                 "BAD: back end `avx3` does not exist\n\n"
                 "BAD: x86_64 x86_64_adx avx2 avx512 avx512ifma aarch64 neon rv64 rvv ppc64le power9 c32 armv7\n\n"
                 "BAD and a make target that is not one: make gone2\n\n"
                 "`make test`, `make build`: fine; make sure this is not read as a target.\n\n"
                 "BAD ## Back ends lacks most of them (reported at the heading's line - 2)\n",
}


def selftest(root: Path) -> int:
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        for rel in ("gen/limbforge/targets.py", "include/limbforge/backends.h"):
            (t / rel).parent.mkdir(parents=True, exist_ok=True)
            (t / rel).write_text((root / rel).read_text())
        for rel, text in SELFTEST_FILES.items():
            (t / rel).parent.mkdir(parents=True, exist_ok=True)
            (t / rel).write_text(text)
        ck, _ = scan(t, allow=[])
        # the copied generator files are not under test
        ck.findings = [x for x in ck.findings if not x.startswith(("gen/", "include/"))]
        want = set()
        for rel, text in SELFTEST_FILES.items():
            want |= {(rel, k) for k, ln in enumerate(text.split("\n"), 1) if "BAD" in ln and "##" not in ln}
        want.add(("README.md", 3))  # the Back ends table lacks most back ends
        # a paragraph's finding is on its first line that names a back end
        got = {(x.split(":")[0], int(x.split(":")[1])) for x in ck.findings}
        ok = got == want
        for x in ck.findings:
            print("  reported:", x)
        for rel, ln in sorted(want - got):
            print(f"  selftest: not reported: {rel}:{ln}")
        for rel, ln in sorted(got - want):
            print(f"  selftest: reported, but good: {rel}:{ln}")
        print(f"docrefs --selftest: {len(want)} bad lines, {len(got & want)} reported, "
              f"{len(got - want)} false reports: {'ok' if ok else 'FAILED'}")
        return 0 if ok else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("-v", "--verbose", action="store_true", help="also list the allow-list entries used")
    ap.add_argument("--selftest", action="store_true",
                    help="check that a synthetic tree's bad references are all reported, and only they")
    args = ap.parse_args(argv)
    root = Path(args.root)
    if args.selftest:
        return selftest(root)
    ck, nfiles = scan(root)
    total = sum(ck.checked.values())
    print(f"docrefs: {total} references checked in {nfiles} files "
          f"({', '.join(f'{v} {k}' for k, v in ck.checked.items())}); "
          f"{len(ck.findings)} finding{'' if len(ck.findings) == 1 else 's'}")
    for x in ck.findings:
        print("  " + x)
    unused = [ALLOW[i] for i in range(len(ALLOW)) if i not in ck.used]
    for k, t, g, _ in unused:
        print(f"  note: allow-list entry matches nothing (remove it from scripts/docrefs.py): {k} {t} in {g}")
    if args.verbose:
        for i in sorted(ck.used):
            k, t, g, why = ALLOW[i]
            print(f"  allowed: {k} {t} in {g}: {why}")
    if total < MIN_CHECKED:
        print(f"docrefs: {total} references checked, fewer than {MIN_CHECKED}: the lint is not looking",
              file=sys.stderr)
        return 1
    return 1 if ck.findings else 0


if __name__ == "__main__":
    sys.exit(main())
