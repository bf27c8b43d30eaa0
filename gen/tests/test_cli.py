# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The user feature: `gen field` writes files that build with a C compiler
alone and give the field API for any prime; `gen builtin --check` sees
stale files; the command line (errors, --help, --version); the generator
installed with pip works outside a checkout."""
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import limbforge
from kernels import CC, runnable_targets
from limbforge import fieldgen, support
from limbforge.cli import TARGET_HELP, main
from limbforge.fields import BUILTIN, builtin_fields, is_probable_prime, make_field
from limbforge.names import RESERVED, name_error
from limbforge.targets import TARGETS, scalar_targets

GEN = Path(__file__).resolve().parents[1]
REPO = GEN.parent

PROG = r"""
#include <stdio.h>
#include <string.h>
#include "limbforge/field/NAME.h"
int main(int argc, char **argv) {
    /* argv[1]: a (hex, big-endian bytes); prints a^-1, sqrt verdict, a*a */
    uint8_t in[LF_UPNAME_BYTES], out[LF_UPNAME_BYTES];
    for (int i = 0; i < LF_UPNAME_BYTES; i++) sscanf(argv[1] + 2 * i, "%2hhx", &in[i]);
    lf_NAME_t a, r, s;
    if (lf_NAME_from_bytes(&a, in) != LF_OK) { printf("range\n"); return 0; }
    lf_NAME_inv(&r, &a);
    lf_NAME_to_bytes(out, &r);
    for (int i = 0; i < LF_UPNAME_BYTES; i++) printf("%02x", out[i]);
    printf(" %d ", lf_NAME_sqrt(&s, &a));
    lf_NAME_mul(&r, &a, &a);
    lf_NAME_to_bytes(out, &r);
    for (int i = 0; i < LF_UPNAME_BYTES; i++) printf("%02x", out[i]);
    printf("\n");
    return 0;
}
"""


@pytest.mark.skipif(shutil.which(CC) is None, reason="no C compiler")
@pytest.mark.parametrize("target", runnable_targets())
@pytest.mark.parametrize("bits", [61, 200, 255, 521])
def test_gen_field_builds_and_works(tmp_path, target, bits):
    rng = random.Random(bits)
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(p):
            break
    if bits == 521:
        p = 2**521 - 1                      # pseudo-Mersenne path through the CLI
    name = f"uf{bits}"
    assert main(["gen", "field", "--modulus", hex(p), "--name", name, "--target", target,
                 "--out", str(tmp_path)]) == 0
    src = PROG.replace("LF_UPNAME", f"LF_{name.upper()}").replace("NAME", name)
    (tmp_path / "t.c").write_text(src)
    kern = next(tmp_path.glob(f"{name}_{target}.*"))
    exe = tmp_path / "t"
    cross = TARGETS[target].cross           # cross targets: their compiler, run under qemu-user
    subprocess.run([cross.get("cc", CC), "-O1", "-std=c11", "-Wall", "-Werror", *cross.get("cflags", []),
                    f"-I{tmp_path}", str(tmp_path / "t.c"),
                    str(tmp_path / f"{name}.c"), str(kern), "-o", str(exe)], check=True)
    nb = (bits + 7) // 8
    for a in [1, 2, p - 1, rng.randrange(p), rng.randrange(p), p, p + 1]:
        if a >= 1 << (8 * nb):
            continue
        out = subprocess.run([*cross.get("run", []), str(exe), f"{a:0{2 * nb}x}"], capture_output=True, text=True,
                             check=True).stdout.split()
        if a >= p:
            assert out == ["range"]
            continue
        inv, is_sq, sq = int(out[0], 16), int(out[1]), int(out[2], 16)
        assert inv * a % p == 1
        assert is_sq == (1 if pow(a, (p - 1) // 2, p) == 1 else 0)
        assert sq == a * a % p


def test_gen_field_rejects_bad_input(tmp_path, capsys):
    assert main(["gen", "field", "--modulus", "0x10", "--name", "x", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", "0xff", "--name", "Bad-Name", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", hex(2**1031 - 1), "--name", "big", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", hex(2**127 - 1), "--name", "m127", "--form", "pm",
                 "--out", str(tmp_path)]) == 0
    assert main(["gen", "field", "--modulus", hex((1 << 255) + 95), "--name", "notpm", "--form", "pm",
                 "--out", str(tmp_path)]) == 2


def test_builtin_check_detects_stale(tmp_path, capsys):
    # the checked-in tree (make check-gen: --check passes on it) with one
    # generated file changed; one generation instead of three when it
    # wrote a fresh tree first (64 s of make test's budget)
    root = tmp_path
    files = subprocess.run(["git", "ls-files", "src", "include", "cmake", "tests/ntt", "README.md",
                            "gen/MANIFEST.txt"], cwd=GEN.parent,
                           capture_output=True, text=True)
    if files.returncode != 0 or not files.stdout:
        pytest.skip("not a git checkout")
    for rel in files.stdout.split():
        dst = root / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(GEN.parent / rel, dst)
    f = root / "src/field/generated/c/bn254_p.c"
    f.write_text(f.read_text() + "\n")
    assert main(["gen", "builtin", "--root", str(root), "--check"]) == 1
    # that file alone (the copy of the checked-in tree is otherwise current)
    err = capsys.readouterr().err.split()
    stale = err[err.index("`make") + 2:]
    assert stale == ["src/field/generated/c/bn254_p.c"], " ".join(stale)


# --- the command line: bad input is one line on stderr and exit status 2 ---

def _run(args, cwd=GEN, env=None):
    return subprocess.run([sys.executable, "-m", "limbforge", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _assert_usage_error(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("limbforge: error: "), r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


P60 = 1152921504606846883          # the largest prime below 2^60
P61 = 2**61 - 1

BAD_FIELD = [
    # --modulus: hexadecimal needs 0x; decimal without
    (["--modulus", "97"], ["7 bits", "decimal", "0x"]),
    (["--modulus", "12ab"], ["0x prefix"]),
    (["--modulus", "0x"], ["--modulus"]),
    (["--modulus", "-0x65"], ["--modulus"]),
    (["--modulus", "2^127-1"], ["--modulus"]),
    (["--modulus", ""], ["--modulus"]),
    # not prime, even
    (["--modulus", hex(2**127 + 1)], ["not prime"]),
    (["--modulus", str(2**127 + 1)], ["not prime", "decimal"]),
    (["--modulus", hex(2**200)], ["even"]),
    # 60 bits or fewer: refused up front (safegcd needs LF_BITS > 60)
    (["--modulus", hex(P60)], ["60 bits", "61"]),
    (["--modulus", "0x3"], ["2 bits"]),
    # over 1024 bits
    (["--modulus", hex(2**1031 - 1)], ["1024"]),
    (["--modulus", str(2**1279 - 1)], ["1024"]),
    (["--modulus", "0x" + "f" * 100000], ["1024"]),
    (["--modulus", "9" * 100000], ["1024"]),
    (["--modulus", hex((1 << 1024) + 643)], ["1025 bits", "1024"]),
    # names
    (["--name", "mp"], ["mp"]),
    (["--name", "mp_p"], ["lf_mp_"]),
    (["--name", "Bad-Name"], ["identifier"]),
    (["--name", "9x"], ["identifier"]),
    (["--name", "x" * 42], ["identifier"]),
    (["--name", "bls12_381_p"], ["built-in field bls12_381_p"]),
    (["--name", "secp256k1"], ["built-in field secp256k1_"]),
    # the form
    (["--modulus", hex((1 << 255) + 95), "--form", "pm"], ["--form pm"]),
    (["--form", "barrett"], ["--form"]),
    # the target
    (["--target", "x86_64_avx2"], ["--target"]),
    (["--target", "rvv"], ["--target"]),
    # missing or unknown options
    (["--out"], ["--out"]),
    (["--frobnicate", "1"], ["--frobnicate"]),
]


@pytest.mark.parametrize("change,words", BAD_FIELD, ids=[" ".join(c)[:40] for c, _ in BAD_FIELD])
def test_gen_field_bad_input(tmp_path, change, words):
    args = {"--modulus": hex(2**127 - 1), "--name": "m127", "--out": str(tmp_path / "out")}
    extra = []
    for i in range(0, len(change), 2):
        if change[i] in args and i + 1 < len(change):
            args[change[i]] = change[i + 1]
        elif change[i] in args:
            del args[change[i]]
        else:
            extra += change[i:i + 2]
    argv = ["gen", "field", *[x for kv in args.items() for x in kv], *extra]
    _assert_usage_error(_run(argv), *words)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_gen_field_out_not_a_directory(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    base = ["gen", "field", "--modulus", hex(2**127 - 1), "--name", "m127"]
    _assert_usage_error(_run([*base, "--out", str(f)]), "not a directory")
    _assert_usage_error(_run([*base, "--out", str(f / "sub")]), "cannot write")
    _assert_usage_error(_run([*base, "--out", "/proc/limbforge-test"]), "cannot write")
    assert f.read_text() == "x"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anywhere")
def test_gen_field_out_unwritable(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        base = ["gen", "field", "--modulus", hex(2**127 - 1), "--name", "m127"]
        _assert_usage_error(_run([*base, "--out", str(ro)]), "cannot write")
        _assert_usage_error(_run([*base, "--out", str(ro / "sub")]), "cannot write")
    finally:
        ro.chmod(0o700)


@pytest.mark.parametrize("argv,words", [
    (["count", "nosuchfield"], ["nosuchfield", "bls12_381_p"]),
    (["count", "bn254_p", "--target", "sparc"], ["--target"]),
    (["count"], ["field"]),
    ([], ["required"]),
    (["gen"], ["required"]),
    (["gen", "nothing"], ["nothing"]),
    (["frobnicate"], ["frobnicate"]),
    (["--frobnicate"], []),
    (["count", "bn254_p", "--frobnicate"], ["--frobnicate"]),
    (["gen", "builtin", "--root", "/nonexistent"], ["not a directory"]),
])
def test_other_bad_input(argv, words):
    _assert_usage_error(_run(argv), *words)


def test_every_builtin_and_library_name_refused(tmp_path, capsys):
    base = ["gen", "field", "--modulus", hex(2**127 - 1), "--out", str(tmp_path)]
    names = [f.name for f in builtin_fields()]
    assert set(names) == set(BUILTIN)
    names += ["mp", "poly1305", "chacha20", "aead", "ntt", "backend", "field", "fields", "version",
              "sg", "safegcd", "bg", "dispatch", "err", "ok", "pm2", "sqrt_exp", "p_inv62", "c", "n"]
    names += [n + "_x" for n in names] + ["bls12", "p256", "bn254"]
    for name in names:
        capsys.readouterr()
        assert main([*base, "--name", name]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and name in err, err
    assert not any(tmp_path.iterdir())
    for ok in ("ed25519_l", "bls12_377_p", "p521", "goldilocks", "m127", "secp256r1_x"):
        assert name_error(ok, BUILTIN) is None, ok


def _library_identifiers():
    ids = set()
    for d in ("include", "src"):
        for f in (REPO / d).rglob("*"):
            if f.suffix in (".h", ".c", ".S", ".s", ".inc") and f.is_file():
                ids.update(m.lower() for m in re.findall(r"\b(?:lf|LF)_([A-Za-z0-9_]+)", f.read_text(errors="replace")))
    return ids


@pytest.mark.skipif(support.checkout() is None, reason="not in a limbforge checkout")
def test_reserved_names_cover_the_library():
    """Every lf_X / LF_X the library uses is refused as a field name (or lies
    inside one), so a user's field cannot clash with it; a new library
    prefix must be added to names.RESERVED."""
    ids = _library_identifiers()
    assert len(ids) > 100
    free = sorted(i for i in ids if name_error(i.rstrip("_") or "x", BUILTIN) is None)
    assert not free, f"library identifiers a user field could take: {free[:20]} (add to names.RESERVED)"


# --- --help and --version ---

def test_version():
    r = _run(["--version"])
    assert r.returncode == 0 and r.stdout.strip() == f"limbforge {limbforge.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", limbforge.__version__)
    py = (GEN / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in py and 'attr = "limbforge.__version__"' in py


@pytest.mark.parametrize("argv", [["--help"], ["gen", "field", "--help"]])
def test_help(argv):
    r = _run(argv)
    assert r.returncode == 0 and r.stderr == ""
    out = r.stdout
    assert "examples:" in out and "limbforge gen field --modulus" in out
    assert "0x prefix" in out.replace("\n", " ") or argv == ["--help"]
    assert set(TARGET_HELP) == set(scalar_targets()), "describe every target in cli.TARGET_HELP"
    body = re.sub(r"\s+", " ", out)
    for t, text in TARGET_HELP.items():
        assert re.search(rf"^  {re.escape(t)} ", out, re.M), t
        assert re.sub(r"\s+", " ", text) in body, t
    for sub in ([], ["gen"], ["gen", "builtin"], ["count"]):
        r = _run([*sub, "--help"])
        assert r.returncode == 0 and "usage: limbforge" in r.stdout


# --- moduli: formats and bounds ---

def test_modulus_formats_and_bounds(tmp_path, capsys):
    p = 2**127 - 1
    outs = {}
    for spec in (hex(p), hex(p).upper().replace("0X", "0x"), str(p), f"{p:_}", f"0x{p:_x}"):
        d = tmp_path / str(len(outs))
        assert main(["gen", "field", "--modulus", spec, "--name", "m127", "--out", str(d)]) == 0, spec
        outs[spec] = {f.relative_to(d): f.read_text() for f in d.rglob("*") if f.is_file()}
    first = next(iter(outs.values()))
    assert all(o == first for o in outs.values()), "the spelling of --modulus changes the output"
    # the boundaries: 61 bits accepted, 60 refused; 1024 accepted
    assert main(["gen", "field", "--modulus", str(P61), "--name", "m61", "--out", str(tmp_path / "a")]) == 0
    assert main(["gen", "field", "--modulus", str(P60), "--name", "m60", "--out", str(tmp_path / "b")]) == 2
    p1024 = next(f.p for f in builtin_fields() if f.name == "p1024")
    assert main(["gen", "field", "--modulus", hex(p1024), "--name", "big", "--out", str(tmp_path / "c")]) == 0


# --- the support headers ---

def _generated(name="sx", p=2**127 - 1, target="c"):
    f = make_field(name, p)
    return {f"limbforge/field/{name}.h": fieldgen.header(f, "t"),
            f"{name}.c": fieldgen.instantiation(f, [target], "t", standalone=True),
            f"{name}_{target}.c": fieldgen.kernel_source(f, target, "t")}


def test_support_roots_are_what_fields_include():
    """support.ROOTS (what the package build starts from) is exactly the set of
    library headers the generated files include."""
    gen = _generated()
    incs = {i for text in gen.values() for i in support.quoted_includes(text)} - set(gen)
    assert incs == set(support.ROOTS)


@pytest.mark.skipif(support.checkout() is None, reason="not in a limbforge checkout")
def test_support_headers_come_from_the_tree():
    """From a checkout, gen field ships the tree's own headers (no copy that
    could go stale), and the package build ships the same set."""
    assert support.package_dir() is None, "gen/limbforge/support/ must not exist in a checkout"
    files = support.support_files(_generated())
    assert files == support.package_files(REPO)
    for rel, text in files.items():
        src = [REPO / d / rel for d in support.INCLUDE_DIRS if (REPO / d / rel).is_file()]
        assert len(src) == 1 and src[0].read_text() == text, rel
    assert {"limbforge/limbforge.h", "limbforge/backends.h", "lf_internal.h", "field/field_internal.h",
            "field/field_template.h"} <= set(files)


def test_support_closure_reports_missing_header():
    with pytest.raises(support.SupportError, match="nowhere.h"):
        support.closure({"a.c": '#include "x/y.h"\n'},
                        lambda rel: '#include "nowhere.h"\n' if rel == "x/y.h" else None)
    got = support.closure({"a.c": '#include "x/y.h"\n'},
                          lambda rel: {"x/y.h": '#include "z.h"\n', "x/z.h": "/* z */\n"}.get(rel))
    assert got == {"x/y.h": '#include "z.h"\n', "x/z.h": "/* z */\n"}


# --- installed with pip, run outside the checkout ---

MAIN = r"""
#include <stdio.h>
#include "limbforge/field/NAME.h"
static const uint8_t A[LF_UPNAME_BYTES] = ABYTES, B[LF_UPNAME_BYTES] = BBYTES;
int main(void) {
    lf_NAME_t a, b, r;
    uint8_t out[LF_UPNAME_BYTES];
    if (lf_NAME_from_bytes(&a, A) != LF_OK || lf_NAME_from_bytes(&b, B) != LF_OK) return 1;
    lf_NAME_mul(&r, &a, &b);
    lf_NAME_to_bytes(out, &r);
    for (int i = 0; i < LF_UPNAME_BYTES; i++) printf("%02x", out[i]);
    printf("\n");
    return 0;
}
"""


def _pip_python():
    """An interpreter that can `pip install` a setuptools project offline:
    pip, setuptools and a bdist_wheel (the wheel package, or setuptools >=
    70.1 which carries its own).  This one first, then the system's."""
    probe = ("import setuptools, pip\n"
             "try:\n    import wheel\nexcept ImportError:\n"
             "    v = tuple(int(x) for x in setuptools.__version__.split('.')[:2])\n"
             "    assert v >= (70, 1), 'no wheel'\n")
    seen = []
    for py in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if py and os.path.exists(py) and os.path.realpath(py) not in seen:
            seen.append(os.path.realpath(py))
            if subprocess.run([py, "-c", probe], capture_output=True, env=_clean_env(Path(os.devnull))).returncode == 0:
                return py
    return None


def _clean_env(site: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(site)
    env["PYTHONNOUSERSITE"] = "1"
    return env


def _mul_check(run_dir: Path, out: Path, name: str, p: int, target: str, seed: int):
    """Compile the field in `out` with cc -O2 -c, link a main that multiplies
    two elements, check against Python ints."""
    ext = TARGETS[target].ext
    objs = []
    for src in (out / f"{name}.c", out / f"{name}_{target}.{ext}"):
        obj = run_dir / (src.name + ".o")
        subprocess.run([CC, "-O2", "-std=c11", "-Wall", "-Werror", f"-I{out}", "-c", str(src), "-o", str(obj)],
                       check=True, cwd=run_dir)
        objs.append(str(obj))
    rng = random.Random(seed)
    nb = (p.bit_length() + 7) // 8
    for k in range(3):
        a, b = (p - 1, p - 2) if k == 0 else (rng.randrange(p), rng.randrange(p))
        src = MAIN.replace("LF_UPNAME", f"LF_{name.upper()}").replace("NAME", name)
        src = src.replace("ABYTES", "{" + ", ".join(map(str, a.to_bytes(nb, "big"))) + "}")
        src = src.replace("BBYTES", "{" + ", ".join(map(str, b.to_bytes(nb, "big"))) + "}")
        (run_dir / "main.c").write_text(src)
        exe = run_dir / "main"
        subprocess.run([CC, "-O2", "-std=c11", f"-I{out}", str(run_dir / "main.c"), *objs, "-o", str(exe)],
                       check=True, cwd=run_dir)
        got = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.strip()
        assert int(got, 16) == a * b % p, (name, hex(a), hex(b))


ED25519_L = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed


def _installed_run(py, site: Path, work: Path):
    """Run the installed `limbforge` (site/bin) from `work`, outside the checkout."""
    exe = site / "bin" / "limbforge"
    assert exe.is_file(), list(site.iterdir())
    env = _clean_env(site)

    def run(*args):
        return subprocess.run([str(exe), *args], cwd=work, env=env, capture_output=True, text=True, timeout=300)

    # the installed package is the one imported, and it is no checkout
    r = subprocess.run([py, "-c", "import limbforge, limbforge.support as s; "
                        "print(limbforge.__file__); print(s.checkout()); print(s.package_dir())"],
                       cwd=work, env=env, capture_output=True, text=True, check=True)
    where, co, pkg = r.stdout.splitlines()
    assert Path(where).resolve().is_relative_to(site.resolve()) and co == "None" and pkg != "None", r.stdout
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"limbforge {limbforge.__version__}"
    _assert_usage_error(run("gen", "field", "--modulus", "97", "--name", "x", "--out", "o"), "decimal")
    _assert_usage_error(run("gen", "builtin"), "--root")

    native = [t for t in runnable_targets() if not TARGETS[t].cross]
    for name, spec, p, target in (("ed25519_l", hex(ED25519_L), ED25519_L, "c"),
                                  ("m127", str(2**127 - 1), 2**127 - 1, native[-1])):
        out = work / name
        r = run("gen", "field", "--modulus", spec, "--name", name, "--target", target, "--out", name)
        assert r.returncode == 0, r.stderr
        assert r.stderr == ""
        shipped = {f.relative_to(out).as_posix() for f in out.rglob("*") if f.is_file()}
        assert set(support.ROOTS) <= shipped
        _mul_check(work, out, name, p, target, seed=len(name))


@pytest.mark.skipif(shutil.which(CC) is None, reason="no C compiler")
def test_pip_install_runs_outside_checkout(tmp_path):
    py = _pip_python()
    if py is None:
        pytest.skip("no Python here has pip, setuptools and wheel (or setuptools >= 70.1)")
    site = tmp_path / "site"
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(GEN)],
                       capture_output=True, text=True, env=_clean_env(tmp_path / "none"), timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    shipped = {f.relative_to(site / "limbforge" / "support").as_posix()
               for f in (site / "limbforge" / "support").rglob("*") if f.is_file()}
    if support.checkout() is not None:
        assert shipped == set(support.package_files(REPO))
    work = tmp_path / "work"
    work.mkdir()
    _installed_run(py, site, work)


@pytest.mark.skipif(shutil.which(CC) is None, reason="no C compiler")
def test_sdist_installs_without_tree(tmp_path):
    """An sdist carries the headers: built from it, far from any checkout,
    the package still works."""
    py = _pip_python()
    if py is None:
        pytest.skip("no Python here has pip, setuptools and wheel (or setuptools >= 70.1)")
    if support.checkout() is None:
        pytest.skip("not in a limbforge checkout")
    dist = tmp_path / "dist"
    r = subprocess.run([py, "setup.py", "-q", "sdist", "-d", str(dist)], cwd=GEN, capture_output=True,
                       text=True, env=_clean_env(tmp_path / "none"), timeout=600)
    assert r.returncode == 0, r.stderr
    (tgz,) = dist.glob("limbforge-*.tar.gz")
    with tarfile.open(tgz) as t:
        if hasattr(tarfile, "data_filter"):   # 3.11.4+
            t.extractall(tmp_path / "src", filter="data")
        else:
            t.extractall(tmp_path / "src")
    (srcdir,) = (tmp_path / "src").iterdir()
    assert (srcdir / "limbforge" / "support" / "field" / "field_template.h").is_file()
    site = tmp_path / "site"
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(srcdir)],
                       capture_output=True, text=True, env=_clean_env(tmp_path / "none"), timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    work = tmp_path / "work"
    work.mkdir()
    _installed_run(py, site, work)
