#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Mutation check: do the tests bite?  (make mutate; not part of make test)

A fixed, seeded set of mutants -- small changes a real bug could make:
a dropped carry, a swapped operand, an off-by-one constant, a flipped
comparison, a skipped wipe or conditional negation, a wrong index -- is
applied, one at a time, to a copy of the tree (HEAD, exported with git
archive into WORK/tree, never the working tree), and the tests of the
mutated module run on each (ctest -L MODULE, without the ctime, host and
install labels, LF_TEST_ITERS=MUTATE_ITERS, stop on the first failure).
A mutant is killed when a test fails or times out, survives when every
test passes, and is stillborn when it does not compile (not scored).  One
that compiles to the same machine code -- every object file it rebuilds
byte-identical to the unmutated build's -- is unchanged (not scored, no test
run): a line in an #if branch this build does not compile (MemorySanitizer
hooks, the 32-bit fallbacks), a comparison of two constants that keeps its
truth, a change the optimiser folds away.  Equivalent by construction, so
they need no reason of their own in the list of survivors.

The survivors then run once more in a second tree built with ASan + UBSan
and LF_VERIFY (WORK/build-san, as make test-san builds it; --no-san skips
it): an access one past an array, an undefined shift or a broken bound that
changes no result is killed there.  What still survives and is listed in
scripts/mutate_equivalent.py (reviewed: the same observable behaviour, each
with its reason) is "equivalent": reported with the reason, not scored.

Only code this machine runs natively is mutated (portable C, x86-64
assembly and intrinsics); the cross targets' kernels are left to a qemu
run of the same script later.  Mutants in the critical paths (signing and
verification, the AEAD tag, ML-KEM decapsulation) are tagged: their target
is 100 % killed; every module's is 95 %.

    scripts/mutate.py [--seed S] [--per-module N] [--module M,...]
                      [--work DIR] [--jobs J] [--list] [--json FILE]

--list prints the mutants (id, module, file:line, operator, the changed
line) without building anything; --ids runs only the mutants named.  The
run writes WORK/mutants.json (every mutant and its verdict; mutants-ids.json
for an --ids run or a --rerun of an earlier run's survivors) and prints the score per module and the survivors.
The unmutated tree must pass each module's tests first (a baseline that
fails would make every mutant look killed): the run stops otherwise.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# module -> (ctest label, source globs that run natively on x86-64)
MODULES = {
    "field": ("field", ["src/field/field_template.h", "src/field/generated/c/*.c",
                        "src/field/generated/x86_64/*.S", "src/field/generated/x86_64_adx/*.S",
                        "src/field/generated/avx512ifma/*.c"]),
    "mp": ("mp", ["src/mp/mp.c", "src/mp/mont.c", "src/mp/rsa.c", "src/mp/native/x86_64/*.c",
                  "src/mp/generated/c/*.c", "src/mp/generated/x86_64_adx/*.S"]),
    # the modules poly1305, chacha20 and aead: their tests check each other's
    "poly1305": ("(poly1305|chacha20|aead)", ["src/poly1305/poly1305.c", "src/aead/aead.c",
                              "src/chacha20/chacha20.c", "src/poly1305/poly1305_r26.c",
                              "src/poly1305/native/x86_64/*.c", "src/poly1305/native/x86_64/*.h",
                              "src/chacha20/native/x86_64/*.c"]),
    "ntt": ("ntt", ["src/ntt/ntt.c", "src/ntt/ntt_c.c", "src/ntt/native/x86_64/*.c",
                    "src/ntt/native/x86_64/*.h"]),
    "hash": ("hash", ["src/hash/sha256.c", "src/hash/hmac_sha256.c", "src/hash/sha3.c",
                      "src/hash/keccak.c", "src/hash/keccak_round.h", "src/hash/native/x86_64/*.c"]),
    "mlkem": ("mlkem", ["src/mlkem/mlkem.c", "src/mlkem/mlkem_body.h", "src/mlkem/mlkem_poly.h",
                        "src/mlkem/native/x86_64/*.c", "src/mlkem/native/x86_64/*.h"]),
    "secp256k1": ("secp256k1", ["src/secp256k1/*.c", "src/secp256k1/*.h", "src/secp256k1/generated/c/point.c",
                                "src/secp256k1/generated/x86_64_adx/point.S"]),
    "modinv": ("modinv", ["src/modinv/safegcd.c", "src/modinv/bingcd.h"]),
}

# critical paths: (file regex, enclosing-function regex)
CRITICAL = [
    (r"src/secp256k1/(ecdsa|schnorr)\.c$", r"sign|nonce|verify"),
    (r"src/aead/aead\.c$", r"."),
    (r"src/poly1305/poly1305\.c$", r"final|verify|reduce|normalize|lf_poly1305$"),
    (r"src/mlkem/mlkem_body\.h$", r"decaps|decrypt"),
    (r"src/mlkem/mlkem_poly\.h$", r"neq"),
    (r"src/mlkem/mlkem\.c$", r"decaps"),
]

# ---- operators -----------------------------------------------------------
# (name, kinds it applies to, regex, replacement function or string)
C_OPS = [
    ("rel-flip", re.compile(r"(?<![<>=!-])(<=|>=|<|>)(?![<>=])"),
     lambda m: {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}[m.group(1)]),
    ("eq-flip", re.compile(r"(==|!=)"), lambda m: "!=" if m.group(1) == "==" else "=="),
    ("arith-swap", re.compile(r"(?<=[\w)\]]) ([+-]) (?=[\w(])"),
     lambda m: " - " if m.group(1) == "+" else " + "),
    ("assign-swap", re.compile(r" ([-+^|&])= "), lambda m: " " + {"+": "-", "-": "+", "^": "|",
                                                                  "|": "^", "&": "|"}[m.group(1)] + "= "),
    ("bit-swap", re.compile(r"(?<=[\w)\]]) ([&|^]) (?=[\w(~])"),
     lambda m: {"&": " | ", "|": " & ", "^": " | "}[m.group(1)]),
    ("shift-off", re.compile(r"(<<|>>) (\d+)\b"), lambda m: f"{m.group(1)} {int(m.group(2)) + 1}"),
    ("const-off", re.compile(r"(?<![\w.])(0x[0-9a-fA-F]+|\d+)(U?L{0,2})\b(?!\.)"),
     lambda m: _const_off(m)),
    ("index-xor", re.compile(r"\[(\w+)\]"), lambda m: f"[({m.group(1)}) ^ 1]"),
    ("not-drop", re.compile(r"!(?=[\w(])"), ""),
]
VEC_OPS = [
    ("vec-addsub", re.compile(r"(_mm\d*_(?:mask_)?)(add|sub)(_epi\d+)"),
     lambda m: m.group(1) + ("sub" if m.group(2) == "add" else "add") + m.group(3)),
    ("vec-shift", re.compile(r"(_mm\d*_(?:mask_)?)(srli|slli|srai)(_epi\d+)"),
     lambda m: m.group(1) + {"srli": "slli", "slli": "srli", "srai": "srli"}[m.group(2)] + m.group(3)),
    ("vec-logic", re.compile(r"(_mm\d*_)(and|or|xor)(_si\d+)"),
     lambda m: m.group(1) + {"and": "or", "or": "and", "xor": "or"}[m.group(2)] + m.group(3)),
    ("vec-madd", re.compile(r"(_mm\d*_madd52)(lo|hi)(_epu64)"),
     lambda m: m.group(1) + ("hi" if m.group(2) == "lo" else "lo") + m.group(3)),
]
ASM_OPS = [
    ("asm-drop-carry", re.compile(r"^(\s*)(adc|sbb)([qlx]?)\b"),
     lambda m: m.group(1) + {"adc": "add", "sbb": "sub"}[m.group(2)] + (m.group(3) if m.group(3) != "x" else "")),
    ("asm-chain-swap", re.compile(r"^(\s*)(adcx|adox)(q?)\b"),
     lambda m: m.group(1) + ("adox" if m.group(2) == "adcx" else "adcx") + m.group(3)),
    ("asm-operand-swap", re.compile(r"^(\s*(?:mulx|add|sub)q?\s+)(%\w+),\s*(%\w+)(\s*(?:#.*)?)$"),
     lambda m: f"{m.group(1)}{m.group(3)}, {m.group(2)}{m.group(4)}"),
    ("asm-imm-off", re.compile(r"\$(-?\d+)\b"), lambda m: f"${int(m.group(1)) + 1}"),
]
DELETE_OPS = [  # a whole statement removed
    ("skip-wipe", re.compile(r"^\s*(lf_wipe|memset)\s*\(.*\);\s*(/\*.*\*/)?\s*$")),
    ("skip-cneg", re.compile(r"^\s*\w*(cneg|cnegate|cond_neg|cmov|cswap|csel)\w*\s*\(.*\);\s*$")),
    ("skip-stmt", re.compile(r"^\s*[\w\[\]\.\->]+\s*([-+^|&]?=)\s*[^=].*;\s*$")),
]


def _const_off(m):
    s, suf = m.group(1), m.group(2)
    v = int(s, 16) if s.lower().startswith("0x") else int(s)
    if s.lower().startswith("0x"):
        return f"{v + 1:#x}{suf}" if v + 1 < 1 << 64 else None
    return f"{v + 1}{suf}"


def code_lines(text: str, asm: bool):
    """Yields (index, line, func) for lines that hold code: no comments,
    preprocessor lines or strings; func is the enclosing C function (or the
    last label in assembly)."""
    in_block = False
    func = ""
    verify = 0  # depth inside #ifdef LF_VERIFY (debug checks: not in the tested build)
    for i, raw in enumerate(text.split("\n")):
        line = raw
        pp = line.strip()
        if not asm and pp.startswith("#"):
            word = pp[1:].strip()
            if verify:
                if word.startswith("if"):
                    verify += 1
                elif word.startswith("endif") or (verify == 1 and word.startswith(("else", "elif"))):
                    verify -= 1
            elif word.startswith("if") and "LF_VERIFY" in word and "!defined(LF_VERIFY)" not in word \
                    and "ifndef" not in word:
                verify = 1
            continue
        if verify:
            continue
        if asm:
            lab = re.match(r"^([A-Za-z_.][\w.]*):", line)
            if lab:
                func = lab.group(1)
            code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
            if code.strip() and not code.strip().startswith("."):
                yield i, line, func
            continue
        if in_block:
            if "*/" in line:
                in_block = False
            continue
        st = line.strip()
        if st.startswith("/*"):
            if "*/" not in st:
                in_block = True
            continue
        if not st or st.startswith("//") or st.startswith("#") or st.startswith("*"):
            continue
        fm = re.match(r"^(?:static\s+|inline\s+|LF_HIDDEN\s+|const\s+|\w+\s+\*?)+\*?(\w+)\s*\(", line)
        if fm and not line.startswith(" "):
            func = fm.group(1)
        if '"' in line or "/*" in line:
            continue  # keep strings and trailing comments out of reach
        if "_Static_assert" in line or "static_assert" in line:
            continue  # compile-time only: no code to mutate
        if line.rstrip().endswith("\\"):
            continue  # macro bodies: their expansion sites are mutated elsewhere
        yield i, line, func


def sites_of(rel: str, text: str):
    asm = rel.endswith(".S")
    vec = "/native/" in rel or "avx512ifma" in rel
    out = []
    for i, line, func in code_lines(text, asm):
        ops = ASM_OPS if asm else C_OPS + (VEC_OPS if vec else [])
        for name, rx, rep in ops:
            for m in rx.finditer(line):
                if not asm and name in ("rel-flip", "arith-swap", "bit-swap") and "#include" in line:
                    continue
                if name in ("index-xor", "const-off") and in_declarator(line, m.start()):
                    continue
                new = rx.sub(rep, line[m.start():m.end()], count=1) if isinstance(rep, str) else rep(m)
                if new is None:
                    continue
                mutated = line[:m.start()] + new + line[m.end():]
                if mutated != line:
                    out.append((name, i, mutated, func))
        if not asm:
            for name, rx in DELETE_OPS:
                if rx.match(line) and "return" not in line and "for (" not in line:
                    out.append((name, i, None, func))
    return out


DECL = re.compile(r"(?:\b(?:u?int\d*_t|int|size_t|char|unsigned|long|__m\d+i|lf_\w+|[A-Z]\w*_t)\s+\**\w+"
                  r"|\]|\w+\s*\()\s*\[[^\]]*$")


DECL_LINE = re.compile(r"^\s*(?:static\s+|const\s+)*(?:u?int\d*_t|int|size_t|char|unsigned|long|__m\d+i|lf_\w+)\b")


def in_declarator(line: str, pos: int) -> bool:
    """pos lies in the brackets of a declared array (an array size, or the
    size of an array parameter: no effect on the code) or on a function's
    definition line."""
    if re.match(r"^\w.*\w+\s*\(", line) and not line.startswith(" "):
        return True
    if DECL_LINE.match(line) and "=" not in line[:pos]:
        return True
    return bool(DECL.search(line[:pos + 1])) and not re.search(r"=\s*[^=]*\[[^\]]*$", line[:pos + 1])


def critical(rel: str, func: str) -> bool:
    return any(re.search(f, rel) and re.search(g, func) for f, g in CRITICAL)


def catalogue(seed: int, per_module: int, modules, base: Path):
    """The mutant set: per module, per_module mutants spread over the
    operator classes (uniformly over the classes that have sites, then a
    file, then a site), plus up to per_module / 2 more inside its critical
    paths.  Deterministic for a seed and a tree."""
    rng = random.Random(seed)
    muts = []
    for mod in modules:
        _, globs = MODULES[mod]
        files = sorted({p for g in globs for p in base.glob(g)})
        by_class, crit = {}, []
        for p in files:
            rel = str(p.relative_to(base))
            text = p.read_text()
            for name, i, mutated, func in sites_of(rel, text):
                site = (rel, i, name, mutated, func)
                by_class.setdefault(name, []).append(site)
                if critical(rel, func):
                    crit.append(site)
        chosen, seen = [], set()
        classes = sorted(by_class)
        tries = 0
        while len(chosen) < per_module and classes and tries < 50 * per_module:
            tries += 1
            cls = rng.choice(classes)
            site = rng.choice(by_class[cls])
            key = (site[0], site[1], site[2], site[3])
            if key not in seen:
                seen.add(key)
                chosen.append(site)
        ncrit = sum(1 for s in chosen if critical(s[0], s[4]))
        rng.shuffle(crit)
        for site in crit:
            if ncrit >= per_module // 2:
                break
            key = (site[0], site[1], site[2], site[3])
            if key not in seen:
                seen.add(key)
                chosen.append(site)
                ncrit += 1
        lines = {}
        for rel, i, name, mutated, func in chosen:
            if rel not in lines:
                lines[rel] = (base / rel).read_text().split("\n")
            muts.append({"id": f"{mod}-{len([m for m in muts if m['module'] == mod]):03d}",
                         "module": mod, "file": rel, "line": i + 1, "op": name, "func": func,
                         "critical": critical(rel, func), "old": lines[rel][i], "new": mutated})
    return muts


# ---- running -------------------------------------------------------------
def sh(cmd, cwd, env=None, timeout=None, log=None):
    """Runs cmd in a session of its own, so a timeout ends the tests and
    the pipes they started too (ctest's own timeout yields to a test's
    TIMEOUT property, and a hung pipe outlives its oracle)."""
    t0 = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc = "timeout"
    if log is not None:
        log.write(f"$ {' '.join(cmd)}  ({time.time() - t0:.1f} s, rc {rc})\n{out[-4000:]}\n")
    return rc, out


def export(work: Path, reuse=False):
    """WORK/tree: the files of HEAD (git archive), anew when HEAD moved
    (unless reuse: keep the tree of an earlier run and its commit)."""
    tree = work / "tree"
    stamp = work / "tree.commit"
    if reuse and stamp.exists() and tree.is_dir():
        return tree, stamp.read_text().strip()
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()
    stamp = work / "tree.commit"
    if not stamp.exists() or stamp.read_text().strip() != head:
        shutil.rmtree(tree, ignore_errors=True)
        shutil.rmtree(work / "build", ignore_errors=True)
        tree.mkdir(parents=True)
        arch = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=arch.stdout, check=True)
        stamp.write_text(head + "\n")
    return tree, head


def restore_inflight(work: Path, tree: Path):
    """A run stopped while a mutant was applied (WORK/inflight.json names
    it): put the file of the exported commit back."""
    flag = work / "inflight.json"
    if flag.exists():
        d = json.loads(flag.read_text())
        blob = subprocess.run(["git", "show", f"{d['commit']}:{d['file']}"], cwd=ROOT,
                              capture_output=True, check=True).stdout
        (tree / d["file"]).write_bytes(blob)
        flag.unlink()
        print(f"mutate: restored {d['file']} (a stopped run had mutated it)")


def configure_and_build(tree: Path, build: Path, jobs: int, log, flags, what: str):
    """Configures build from tree with flags (once: an existing tree is kept)
    and builds it; stops the run when either fails."""
    if not (build / "build.ninja").exists():
        rc, out = sh(["cmake", "-S", str(tree), "-B", str(build), "-G", "Ninja",
                      "-DCMAKE_BUILD_TYPE=Release", "-DLF_BUILD_BENCH=OFF", "-DLF_CTIME_TESTS=OFF",
                      "-DLF_BUILD_EXAMPLES=OFF", "-DLF_BUILD_FUZZ=OFF"] + flags, ROOT, log=log)
        if rc != 0:
            sys.exit(f"mutate: configure of {what} failed:\n{out[-3000:]}")
    rc, out = sh(["cmake", "--build", str(build), "-j", str(jobs)], ROOT, log=log)
    if rc != 0:
        sys.exit(f"mutate: {what} does not build:\n{out[-3000:]}")


def prepare(work: Path, jobs: int, log, reuse=False):
    build = work / "build"
    tree, head = export(work, reuse)
    restore_inflight(work, tree)
    configure_and_build(tree, build, jobs, log, [], "the unmutated tree")
    return tree, build, head


SAN = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}


def prepare_san(work: Path, tree: Path, jobs: int, log):
    """WORK/build-san: the tree once more with ASan + UBSan (every report
    fatal) and the debug bound checks (-DLF_VERIFY=ON), as make test-san
    builds it; None when no compiler links a sanitized program."""
    build = work / "build-san"
    flags = []
    if not (build / "build.ninja").exists():
        probe = work / "san-probe.c"
        probe.write_text("int main(void) { return 0; }\n")
        cc = next((c for c in ("clang", "gcc") if shutil.which(c) and
                   sh([c] + SAN.split() + [str(probe), "-o", str(work / "san-probe")], ROOT)[0] == 0
                   and sh([str(work / "san-probe")], ROOT)[0] == 0), None)
        if cc is None:
            print("mutate: no compiler links with the sanitizers: no sanitizer pass", flush=True)
            return None
        flags = [f"-DCMAKE_C_COMPILER={cc}", f"-DCMAKE_C_FLAGS={SAN}", "-DCMAKE_ASM_FLAGS=",
                 f"-DCMAKE_EXE_LINKER_FLAGS={SAN}", "-DLF_BUILD_SHARED=OFF", "-DLF_VERIFY=ON"]
    configure_and_build(tree, build, jobs, log, flags, "the unmutated sanitizer tree")
    return build


def object_hashes(build: Path, since_ns: int = 0):
    """sha256 of every object file of the build (since_ns: only those
    written since then, i.e. what the last ninja run rebuilt)."""
    out = {}
    for o in build.rglob("*.o"):
        st = o.stat()
        if st.st_mtime_ns >= since_ns:
            out[str(o.relative_to(build))] = hashlib.sha256(o.read_bytes()).hexdigest()
    return out


def baselines(build: Path, modules, env, args, log, what: str):
    """Each module's tests must pass in the unmutated build (a baseline that
    fails would make every mutant look killed): their times, per module."""
    base = {}
    for mod in modules:
        label = MODULES[mod][0]
        t0 = time.time()
        rc, out = sh(ctest_cmd(label, args.jobs, args.timeout), build, env=env, log=log)
        base[mod] = time.time() - t0
        if rc != 0:
            sys.exit(f"mutate: {what} of {mod} fails (ctest -L {label}): see {Path(args.work).resolve()}/mutate.log")
        ntests = re.search(r"out of (\d+)", out)
        print(f"{what} {mod}: {ntests.group(1) if ntests else '?'} tests pass in {base[mod]:.0f} s",
              flush=True)
    return base


def module_targets(build: Path, modules):
    """Per module, the build outputs its tests run; the secp256k1 fields'
    mutants run secp256k1's tests too."""
    targets = {mod: test_targets(build, MODULES[mod][0]) for mod in modules}
    if "field" in targets:
        targets["field"] = sorted(set(targets["field"]) | set(test_targets(build, "secp256k1")))
    return targets


def test_targets(build: Path, label: str):
    """The build outputs the module's tests run (their programs and the
    pipes an oracle is given): what a mutant rebuilds, instead of every
    test program of the tree."""
    p = subprocess.run(["ctest", "-L", f"^{label}$", "-LE", "ctime|host|install",
                        "--show-only=json-v1"], cwd=build, capture_output=True, text=True, check=True)
    outs = set()
    for t in json.loads(p.stdout).get("tests", []):
        for word in t.get("command", []):
            for w in word.split("="):
                q = Path(w)
                if q.is_absolute() and q.is_file() and build in q.parents and os.access(q, os.X_OK):
                    outs.add(str(q.relative_to(build)))
    return sorted(outs)


# the x86-64 back-end chain: a kernel of back end t serves t and the back ends
# after it that have none of their own; tests forcing an earlier one cannot
# reach it
CHAIN = ["c", "x86_64", "x86_64_adx", "avx2", "avx512", "avx512ifma"]


def backend_of(rel: str):
    """The first back end whose code a file is (None: portable code, every
    back end may run it)."""
    m = re.search(r"/generated/(\w+)/", rel)
    if m and m.group(1) in CHAIN:
        return None if m.group(1) == "c" else m.group(1)
    name = Path(rel).name
    if "/native/x86_64/" in rel:
        for key, be in (("ifma", "avx512ifma"), ("avx512", "avx512"), ("avx2", "avx2"), ("ymm", "avx2")):
            if key in name:
                return be
    return None


def labels_of(mod: str, rel: str) -> str:
    """The ctest labels a mutant runs: its module's, and secp256k1's for the
    secp256k1 fields' generated files (their point kernels, jadd and the
    like, are tested there)."""
    label = MODULES[mod][0]
    if mod == "field" and Path(rel).name.startswith("secp256k1_"):
        label = f"({label}|secp256k1)"
    return label


def ctest_cmd(label, jobs, timeout, rel=None):
    cmd = ["ctest", "-L", f"^{label}$", "-LE", "ctime|host|install", "--stop-on-failure",
           "-j", str(jobs), "--timeout", str(timeout)]
    be = backend_of(rel) if rel else None
    if be:  # leave out the tests that force a back end before be in the chain
        cmd += ["-E", "_(" + "|".join(CHAIN[:CHAIN.index(be)]) + ")$"]
    return cmd


def try_mutant(m, work, tree, head, build, targets, objs, env, base, args, log):
    """Applies mutant m to the tree, rebuilds targets in build and runs its
    module's tests there: (verdict, why).  objs: the unmutated objects'
    hashes (None: no "unchanged" check).  The file is restored after."""
    path = tree / m["file"]
    orig = path.read_text()
    (work / "inflight.json").write_text(json.dumps({"commit": head, "file": m["file"]}))
    lines = orig.split("\n")
    lines[m["line"] - 1] = "" if m["new"] is None else m["new"]
    path.write_text("\n".join(lines))
    try:
        t0_ns = time.time_ns()
        rc, out = sh(["ninja", "-C", str(build), "-j", str(args.jobs)] + targets, ROOT,
                     log=log, timeout=args.timeout)
        rebuilt = object_hashes(build, since_ns=t0_ns)
        if rc != 0:
            return "stillborn", "does not build"
        if objs is not None and rebuilt and all(objs.get(o) == h for o, h in rebuilt.items()):
            return "unchanged", f"{len(rebuilt)} object(s) rebuilt, byte-identical"
        budget = max(args.timeout, 5 * base[m["module"]])  # a hang is a kill
        rc, out = sh(ctest_cmd(labels_of(m["module"], m["file"]), args.jobs, args.timeout, m["file"]),
                     build, env=env, log=log, timeout=budget)
        if rc == "timeout":
            return "killed", "timeout"
        if rc != 0:
            failed = re.findall(r"\d+ - (\S+) \(", out)
            return "killed", ",".join(failed[:3]) or f"ctest rc {rc}"
        return "survived", ""
    finally:
        path.write_text(orig)
        (work / "inflight.json").unlink()


def mark_equivalent(results):
    """Survivors that scripts/mutate_equivalent.py lists (same file,
    function, operator, original and mutated line) become "equivalent",
    with the reviewed reason: not scored, listed.  A listed mutant that the
    tests kill stays killed."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from mutate_equivalent import EQUIVALENT
    for m in results:
        if m["verdict"] != "survived":
            continue
        for e in EQUIVALENT:
            if (e["file"], e["func"], e["op"]) == (m["file"], m["func"], m["op"]) and \
                    e["old"].strip() == m.get("old", "").strip() and \
                    (e["new"] or "").strip() == (m["new"] or "").strip():
                m.update(verdict="equivalent", by=e["why"])
                break


def run(args):
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    modules = args.module.split(",") if args.module else list(MODULES)
    tree, _ = export(work, args.reuse)
    muts = catalogue(args.seed, args.per_module, modules, tree)
    if args.ids:
        want = set(args.ids.split(","))
        muts = [m for m in muts if m["id"] in want]
    if args.rerun:  # the survivors of an earlier run, as recorded (not redrawn)
        muts = [{k: v for k, v in m.items() if k not in ("verdict", "by", "seconds")}
                for m in json.loads(Path(args.rerun).read_text())["mutants"] if m["verdict"] == "survived"]
    if args.list:
        for m in muts:
            print(f"{m['id']}  {m['file']}:{m['line']}  {m['op']}{'  [critical]' if m['critical'] else ''}"
                  f"\n  - {m.get('old', '?').strip()[:150]}\n  + {(m['new'] or '(line deleted)').strip()[:150]}")
        print(f"{len(muts)} mutants")
        return 0
    log = open(work / "mutate.log", "w")
    tree, build, head = prepare(work, args.jobs, log, args.reuse)
    env = dict(os.environ, LF_TEST_ITERS=str(args.iters))
    modules = [mod for mod in modules if any(m["module"] == mod for m in muts)]
    base = baselines(build, modules, env, args, log, "baseline")
    targets = module_targets(build, modules)
    objs = object_hashes(build)  # the unmutated build's, for "unchanged"
    results = []
    t_all = time.time()
    out_json = work / ("mutants-ids.json" if args.ids or args.rerun else "mutants.json")

    def save():
        out_json.write_text(json.dumps({"commit": head, "seed": args.seed, "iters": args.iters,
                                        "mutants": results}, indent=1))

    for k, m in enumerate(muts):
        t0 = time.time()
        verdict, why = try_mutant(m, work, tree, head, build, targets[m["module"]], objs, env,
                                  base, args, log)
        m.update(verdict=verdict, by=why, seconds=round(time.time() - t0, 1))
        results.append(m)
        print(f"[{k + 1}/{len(muts)}] {m['id']} {m['file']}:{m['line']} {m['op']}: {verdict}"
              f"{' (' + why + ')' if why else ''} {m['seconds']} s", flush=True)
        save()
    # the survivors once more under ASan + UBSan and LF_VERIFY: an access one
    # past an array, an undefined shift, a broken bound show there
    surv = [m for m in results if m["verdict"] == "survived"]
    san = prepare_san(work, tree, args.jobs, log) if surv and not args.no_san else None
    if san is not None:
        senv = dict(env, **SAN_ENV)
        smods = sorted({m["module"] for m in surv})
        sbase = baselines(san, smods, senv, args, log, "sanitizer baseline")
        stargets = module_targets(san, smods)
        print(f"sanitizer pass: {len(surv)} survivors", flush=True)
        for k, m in enumerate(surv):
            t0 = time.time()
            verdict, why = try_mutant(m, work, tree, head, san, stargets[m["module"]], None, senv,
                                      sbase, args, log)
            if verdict == "killed":
                m.update(verdict="killed", by="sanitizer: " + why)
            m["seconds"] = round(m["seconds"] + time.time() - t0, 1)
            print(f"[san {k + 1}/{len(surv)}] {m['id']}: {m['verdict']}"
                  f"{' (' + m['by'] + ')' if m['verdict'] == 'killed' else ''}", flush=True)
            save()
        sh(["cmake", "--build", str(san), "-j", str(args.jobs)], ROOT, log=log)
    mark_equivalent(results)
    save()
    # restore the tree's objects for the next run
    sh(["cmake", "--build", str(build), "-j", str(args.jobs)], ROOT, log=log)
    return report(results, time.time() - t_all, args.json)


def report(results, seconds, json_out=None):
    print(f"\nmutation score per module ({seconds / 60:.0f} min):")
    print(f"{'module':10} {'mutants':>7} {'killed':>6} {'survived':>8} {'stillborn':>9} {'unchanged':>9}"
          f" {'equivalent':>10} {'score':>6}  critical killed")
    bad = 0
    mods = sorted({m["module"] for m in results})
    for mod in mods:
        ms = [m for m in results if m["module"] == mod]
        k = sum(m["verdict"] == "killed" for m in ms)
        s = sum(m["verdict"] == "survived" for m in ms)
        uc = sum(m["verdict"] == "unchanged" for m in ms)
        eq = sum(m["verdict"] == "equivalent" for m in ms)
        sb = len(ms) - k - s - uc - eq
        ck = sum(m["verdict"] == "killed" for m in ms if m["critical"])
        cs = sum(m["verdict"] == "survived" for m in ms if m["critical"])
        score = 100.0 * k / (k + s) if k + s else 100.0
        print(f"{mod:10} {len(ms):7} {k:6} {s:8} {sb:9} {uc:9} {eq:10} {score:5.1f}%  {ck}/{ck + cs}")
        bad += score < 95.0 or cs > 0
    surv = [m for m in results if m["verdict"] == "survived"]
    if surv:
        print("\nsurvivors:")
        for m in surv:
            print(f"  {m['id']} {m['file']}:{m['line']} ({m['func']}) {m['op']}"
                  f"{' [critical]' if m['critical'] else ''}: {(m['new'] or '(line deleted)').strip()[:120]}")
    eqv = [m for m in results if m["verdict"] == "equivalent"]
    if eqv:
        print("\nequivalent (reviewed, scripts/mutate_equivalent.py: not scored):")
        for m in eqv:
            print(f"  {m['id']} {m['file']}:{m['line']} ({m['func']}) {m['op']}"
                  f"{' [critical]' if m['critical'] else ''}: {m['by']}")
    same = [m for m in results if m["verdict"] == "unchanged"]
    if same:
        print("\nunchanged (the same machine code: not scored):")
        for m in same:
            print(f"  {m['id']} {m['file']}:{m['line']} ({m['func']}) {m['op']}")
    san = [m for m in results if m["verdict"] == "killed" and m["by"].startswith("sanitizer")]
    if san:
        print("\nkilled only by the sanitizer pass: " + ", ".join(m["id"] for m in san))
    if json_out:
        Path(json_out).write_text(json.dumps(results, indent=1))
    print(f"\nmutate: {len(results)} mutants, {sum(m['verdict'] == 'killed' for m in results)} killed, "
          f"{len(surv)} survived, {len(eqv)} equivalent; "
          f"{'targets met' if not bad else 'below target in ' + str(bad) + ' module(s)'}")
    return 1 if bad else 0


def selftest():
    """The parts of the run that need no build (a host ctest, mutate_selftest):
    the catalogue is deterministic, large enough and records each line as
    the tree has it; reviewed equivalents are matched by content only when
    they survived; the report's verdict follows the scores."""
    import contextlib
    import io
    a = catalogue(40, 28, list(MODULES), ROOT)
    b = catalogue(40, 28, list(MODULES), ROOT)
    fails = []
    if [m["id"] for m in a] != [m["id"] for m in b] or a != b:
        fails.append("the catalogue is not deterministic")
    if len(a) < 200:
        fails.append(f"only {len(a)} mutants")
    for mod in MODULES:
        if not any(m["module"] == mod for m in a):
            fails.append(f"no mutant in {mod}")
    # every module of the one module list (cmake/modules.cmake) is mutated
    lst = re.search(r"^set\(LF_MODULES ([^)]*)\)", (ROOT / "cmake/modules.cmake").read_text(), re.M)
    for mod in (lst.group(1).split() if lst else []):
        if not any(g.startswith(f"src/{mod}/") for _, globs in MODULES.values() for g in globs):
            fails.append(f"module {mod} of cmake/modules.cmake has no sources here")
    if not lst:
        fails.append("cmake/modules.cmake sets no LF_MODULES")
    for m in a:
        if (ROOT / m["file"]).read_text().split("\n")[m["line"] - 1] != m["old"]:
            fails.append(f"{m['id']}: the recorded line is not the file's")
    sys.path.insert(0, str(ROOT / "scripts"))
    from mutate_equivalent import EQUIVALENT
    fake = [{"id": e["id"], "module": e["id"].rsplit("-", 1)[0], "file": e["file"], "line": 1,
             "op": e["op"], "func": e["func"], "critical": False, "old": "  " + e["old"],
             "new": e["new"], "verdict": "survived", "by": "", "seconds": 0} for e in EQUIVALENT]
    if not fake:
        fails.append("mutate_equivalent.py lists nothing")
    other = dict(fake[0], id="x-1", new=(fake[0]["new"] or "") + " /* another */")
    killed = dict(fake[-1], id="x-2", verdict="killed", by="t")
    mark_equivalent(fake + [other, killed])
    if any(m["verdict"] != "equivalent" or not m["by"] for m in fake):
        fails.append("a listed survivor was not marked equivalent")
    if other["verdict"] != "survived" or killed["verdict"] != "killed":
        fails.append("an unlisted survivor or a killed mutant changed its verdict")
    with contextlib.redirect_stdout(io.StringIO()):
        ok_rc = report(fake + [dict(killed, module=m["module"]) for m in fake], 0)
        bad_rc = report(fake + [other], 0)
    if ok_rc != 0 or bad_rc != 1:
        fails.append(f"report verdicts {ok_rc}/{bad_rc}, want 0/1")
    for f in fails:
        print("mutate selftest: FAIL " + f)
    print(f"mutate selftest: {len(a)} mutants drawn twice, {len(fake)} reviewed equivalents, "
          f"{len(fails)} failures")
    return 1 if fails else 0


def _stop(signum, frame):
    raise SystemExit(f"mutate: stopped by signal {signum}")  # the finally blocks restore the tree


def main(argv=None):
    signal.signal(signal.SIGTERM, _stop)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--per-module", type=int, default=28)
    ap.add_argument("--module", default="")
    ap.add_argument("--work", default=str(ROOT / "build-mutate"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--iters", type=float, default=0.02, help="LF_TEST_ITERS of the test runs")
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds per test, and at least the time of a module's run (a hang is a kill)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--ids", default="", help="only these mutants (comma-separated ids)")
    ap.add_argument("--rerun", default="", help="only the survivors recorded in this mutants.json")
    ap.add_argument("--reuse", action="store_true",
                    help="keep WORK/tree and its build from an earlier run even if HEAD moved")
    ap.add_argument("--no-san", action="store_true",
                    help="no second pass of the survivors under ASan + UBSan + LF_VERIFY")
    ap.add_argument("--json", default="")
    ap.add_argument("--report", default="", help="print the report of a mutants.json and exit")
    ap.add_argument("--selftest", action="store_true", help="check what needs no build, and exit")
    args = ap.parse_args(argv)
    if args.selftest:
        return selftest()
    if args.report:
        d = json.loads(Path(args.report).read_text())
        mark_equivalent(d["mutants"])
        return report(d["mutants"], 0)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
