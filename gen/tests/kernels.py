# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Compile generated kernels with a C driver and check them against Python ints."""
from __future__ import annotations

import os
import platform
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

from limbforge import fieldgen, secp256k1gen
from limbforge.fields import JADD_OPS, LAZY_OPS, POINT_OPS, Field, has_lazy
from limbforge.testvals import edge_values
from limbforge.targets import TARGETS

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"  # lf_wide.h, which the generated C includes
CC = os.environ.get("CC", "cc")
OPS = ("mul", "sqr", "add", "sub", "neg", "to_internal", "from_internal")


def _printer_exists(t) -> bool:
    return t.is_c or (Path(fieldgen.__file__).parent / "printers" / f"{t.printer}.py").exists()


def runnable_targets():
    """Targets this machine can build and run: native ones, and cross ones
    whose compiler and qemu-user are installed (LF_NO_CROSS=1 skips those)."""
    ts = ["c", "c32"]
    if platform.machine() in ("x86_64", "AMD64"):
        ts.append("x86_64")
        flags = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
        if " adx" in flags and " bmi2" in flags:
            ts.append("x86_64_adx")
    if os.environ.get("LF_NO_CROSS") != "1":
        for t in TARGETS.values():
            if t.cross and _printer_exists(t) and shutil.which(t.cross["cc"]) \
                    and shutil.which(t.cross["run"][0]):
                ts.append(t.name)
    return ts


def build(f: Field, target: str, workdir: Path) -> list:
    """Compile the kernels of f for target with the test driver; returns the
    command line that runs it (under qemu-user for cross targets)."""
    t = TARGETS[target]
    src = workdir / f"{f.name}_{target}.{t.ext}"
    src.write_text(fieldgen.kernel_source(f, target, "test"))
    srcs = [str(src)]
    if has_lazy(f):                  # its point kernels (the curve module's file)
        pt = workdir / f"{f.name}_point_{target}.{t.ext}"
        pt.write_text(secp256k1gen.point_source(f, target, "test", library=False))
        srcs.append(str(pt))
    exe = workdir / f"drv_{f.name}_{target}"
    cc = t.cross.get("cc", CC)
    subprocess.run([cc, "-O1", "-std=gnu11", *t.cross.get("cflags", []), f"-I{SRC}",
                    f"-DLF_DRV_NAME={f.name}",
                    f"-DLF_DRV_N={f.n}", f"-DLF_DRV_SUFFIX=_{target}",
                    *(["-DLF_DRV_LAZY"] if has_lazy(f) else []), str(HERE / "kernel_driver.c"),
                    *srcs, "-o", str(exe)], check=True)
    return [*t.cross.get("run", []), str(exe)]


def expected(f: Field, op: str, a: int, b: int) -> int:
    """The canonical result (for lazy ops: the value it must be congruent to)."""
    if op == "jdbl":
        return jdbl_expected(f, a)
    p, R = f.p, f.R
    Ri = pow(R, -1, p)
    return {
        "mul": a * b * Ri % p, "sqr": a * a * Ri % p, "add": (a + b) % p,
        "sub": (a - b) % p, "neg": (-a) % p, "to_internal": a * R % p,
        "from_internal": a * Ri % p,
        "mul_lazy": a * b % p, "sqr_lazy": a * a % p, "add_lazy": (a + b) % p,
        "sub_lazy": (a - b) % p, "neg_lazy": (-a) % p, "normalize": a % p,
    }[op]


def jdbl_expected(f: Field, a: int) -> int:
    """2(X, Y, Z) in Jacobian coordinates on y^2 = x^3 + b (textbook: the
    tangent slope 3x^2 / 2y), a = X + Y 2^(64n) + Z 2^(128n); the result
    packed the same way, each coordinate reduced mod p."""
    p, w = f.p, 64 * f.n
    X, Y, Z = a & ((1 << w) - 1), (a >> w) & ((1 << w) - 1), a >> (2 * w)
    m, s = 3 * X * X, 4 * X * Y * Y
    x3 = (m * m - 2 * s) % p
    y3 = (m * (s - x3) - 8 * Y ** 4) % p
    return x3 | y3 << w | (2 * Y * Z % p) << (2 * w)


def _affine_add(p: int, P, Q):
    """P + Q on any a = 0 curve y^2 = x^3 + b0 through both (textbook
    chord and tangent, affine; None is the point at infinity)."""
    if P is None or Q is None:
        return Q if P is None else P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = 3 * x1 * x1 * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return x3, (lam * (x1 - x3) - y1) % p


def _lazy_form(f: Field, rng, v: int) -> int:
    """v (< p) or, at random, its other n-word form v + p when that fits."""
    return v + f.p if v + f.p < (1 << (64 * f.n)) and rng.randrange(2) else v


def jadd_case(f: Field, rng, kind: str):
    """Inputs (a, b) of a fused point addition (fields.JADD_OPS) and the
    affine sum they must give (None: infinity), on a random curve
    y^2 = x^3 + b0: a random point A, B one of A, -A, beta A, -beta A
    (beta^3 = 1, where p = 1 mod 3: the unified formula's degenerate case),
    2A, 3A or a point of another multiple; a = A in Jacobian form with a
    random Z, b = B affine (kind "zinv": scaled by a random zi)."""
    p, w = f.p, 64 * f.n
    while True:
        A = (rng.randrange(1, p), rng.randrange(1, p))
        if rng.randrange(8) == 0:
            A = (A[0], 1)                       # small y, a short carry chain
        A2 = _affine_add(p, A, A)
        if A2 is not None:
            break
    beta = None
    if p % 3 == 1:
        while beta is None or beta == 1:
            beta = pow(rng.randrange(2, p), (p - 1) // 3, p)
    pick = rng.randrange(8)
    if pick == 0:
        B = A
    elif pick == 1:
        B = (A[0], p - A[1])
    elif pick in (2, 3) and beta is not None:
        B = (A[0] * beta % p, A[1] if pick == 2 else p - A[1])
    elif pick == 4:
        B = A2
    else:
        B = A2
        for _ in range(rng.randrange(1, 6)):
            B = _affine_add(p, B, A)
        if B is None:
            B = A
    Z = rng.randrange(1, p) if rng.randrange(8) else 1
    a = [_lazy_form(f, rng, v) for v in (A[0] * Z * Z % p, A[1] * Z ** 3 % p, Z)]
    if kind == "zinv":
        zi = rng.randrange(1, p)
        zi2 = pow(zi, -2, p)
        b = [B[0] * zi2 % p, B[1] * zi2 * pow(zi, -1, p) % p, zi]
    else:
        b = [B[0], B[1]]
    b = [_lazy_form(f, rng, v) for v in b]
    pack = lambda vs: sum(v << (w * i) for i, v in enumerate(vs))
    return pack(a), pack(b), _affine_add(p, A, B), (A == B)


def jadd_ok(f: Field, kind: str, got: int, exp, same: bool) -> bool:
    """Whether the Jacobian result got (3n words) is the affine point exp;
    for the exceptional kinds a = +-b gives Z3 = 0 with X3 = 0 iff a = b."""
    p, w, m = f.p, 64 * f.n, (1 << 64 * f.n) - 1
    X, Y, Z = ((got >> (w * i)) & m for i in range(3))
    if kind != "ct" and (exp is None or same):
        return Z % p == 0 and (X % p == 0) == same
    if exp is None:
        return Z % p == 0
    return Z % p != 0 and (X - exp[0] * Z * Z) % p == 0 and (Y - exp[1] * Z ** 3) % p == 0


def point_words(f: Field, op: str):
    """Words of a and of b that the driver reads for op (kernel_driver.c)."""
    if op == "jdbl":
        return 3 * f.n, f.n
    if op in JADD_OPS:
        return 3 * f.n, (3 if JADD_OPS[op] == "zinv" else 2) * f.n
    return f.n, f.n


def lazy_values(f: Field, rng, cases: int) -> list:
    """Inputs of the lazy kernels: anything below 2^(64n), biased to the
    edges (near 0, p, 2p - 2^(64n), 2^(64n)) and to [p, 2^(64n))."""
    top = 1 << (64 * f.n)
    vals = [0, 1, 2, f.p - 1, f.p, f.p + 1, top - 1, top - 2, top - f.p, top - f.p - 1,
            (1 << 64) - 1, top >> 1]
    while len(vals) < cases:
        k = rng.randrange(4)
        vals.append(rng.randrange(top) if k == 0 else
                    f.p + rng.randrange(top - f.p) if k == 1 else
                    (top - 1 - rng.randrange(1 << 40)) if k == 2 else rng.randrange(1 << 40))
    return vals[:cases]


def check_field(f: Field, target: str, cases: int, seed: int = 1):
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        cmd = build(f, target, Path(d))
        vals = edge_values(f.p, f.n, rng, cases)
        jobs, lines = [], []
        ops = list(enumerate(OPS))
        if has_lazy(f):
            ops += list(enumerate(LAZY_OPS + POINT_OPS, len(OPS)))
            lvals = lazy_values(f, rng, max(cases, 12))
        for op_i, op in ops:
            for k in range(cases):
                if op == "jdbl":                # a point: three lazy values
                    a = sum(lvals[rng.randrange(len(lvals))] << (64 * f.n * i) for i in range(3))
                    b = 0
                elif op in JADD_OPS:            # two points of one curve
                    a, b, exp_pt, same = jadd_case(f, rng, JADD_OPS[op])
                    jobs.append((op, a, b, exp_pt, same))
                elif op in LAZY_OPS:
                    a, b = lvals[k % len(lvals)], lvals[rng.randrange(len(lvals))]
                else:
                    a = vals[k]
                    b = vals[rng.randrange(len(vals))] if k % 3 else rng.randrange(f.p)
                if op not in JADD_OPS:
                    jobs.append((op, a, b))
                na, nb = point_words(f, op)
                ws = [(a >> (64 * i)) & ((1 << 64) - 1) for i in range(na)] + \
                     [(b >> (64 * i)) & ((1 << 64) - 1) for i in range(nb)]
                lines.append(f"{op_i} " + " ".join(f"{w:x}" for w in ws))
        res = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=True).stdout.split("\n")
        assert len(res) >= len(jobs), f"{f.name}/{target}: {len(res)} results for {len(jobs)} jobs"
        bad = []
        for job, line in zip(jobs, res):
            op, a, b = job[:3]
            assert line != "ALIAS", f"{f.name}/{target}/{op}: aliasing result differs for a={a:#x} b={b:#x}"
            got = sum(int(w, 16) << (64 * i) for i, w in enumerate(line.split()))
            exp = None if op in JADD_OPS else expected(f, op, a, b)
            if op in JADD_OPS:
                ok = jadd_ok(f, JADD_OPS[op], got, *job[3:])
            elif op == "jdbl":                  # each coordinate congruent
                w, m = 64 * f.n, (1 << 64 * f.n) - 1
                ok = all((got >> (w * i) & m) % f.p == exp >> (w * i) & m for i in range(3))
            elif op in LAZY_OPS and op != "normalize":
                ok = got % f.p == exp         # any n-word value congruent to it
            else:
                ok = got == exp
            if not ok:
                bad.append((op, hex(a), hex(b), hex(got)))
        assert not bad, f"{f.name}/{target}: {len(bad)} wrong, first {bad[:3]}"
        return len(jobs)


def have_cc() -> bool:
    return shutil.which(CC) is not None
