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

from limbforge import fieldgen
from limbforge.fields import LAZY_OPS, Field, has_lazy
from limbforge.testvals import edge_values
from limbforge.targets import TARGETS

HERE = Path(__file__).resolve().parent
CC = os.environ.get("CC", "cc")
OPS = ("mul", "sqr", "add", "sub", "neg", "to_internal", "from_internal")


def _printer_exists(t) -> bool:
    return t.is_c or (Path(fieldgen.__file__).parent / "printers" / f"{t.printer}.py").exists()


def runnable_targets():
    """Targets this machine can build and run: native ones, and cross ones
    whose compiler and qemu-user are installed (LF_NO_CROSS=1 skips those)."""
    ts = ["c"]
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
    exe = workdir / f"drv_{f.name}_{target}"
    cc = t.cross.get("cc", CC)
    subprocess.run([cc, "-O1", "-std=gnu11", *t.cross.get("cflags", []), f"-DLF_DRV_NAME={f.name}",
                    f"-DLF_DRV_N={f.n}", f"-DLF_DRV_SUFFIX=_{target}",
                    *(["-DLF_DRV_LAZY"] if has_lazy(f) else []), str(HERE / "kernel_driver.c"),
                    str(src), "-o", str(exe)], check=True)
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
            ops += list(enumerate(LAZY_OPS, len(OPS)))
            lvals = lazy_values(f, rng, max(cases, 12))
        for op_i, op in ops:
            for k in range(cases):
                if op == "jdbl":                # a point: three lazy values
                    a = sum(lvals[rng.randrange(len(lvals))] << (64 * f.n * i) for i in range(3))
                    b = 0
                elif op in LAZY_OPS:
                    a, b = lvals[k % len(lvals)], lvals[rng.randrange(len(lvals))]
                else:
                    a = vals[k]
                    b = vals[rng.randrange(len(vals))] if k % 3 else rng.randrange(f.p)
                jobs.append((op, a, b))
                na = 3 * f.n if op == "jdbl" else f.n
                ws = [(a >> (64 * i)) & ((1 << 64) - 1) for i in range(na)] + \
                     [(b >> (64 * i)) & ((1 << 64) - 1) for i in range(f.n)]
                lines.append(f"{op_i} " + " ".join(f"{w:x}" for w in ws))
        res = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=True).stdout.split("\n")
        bad = []
        for (op, a, b), line in zip(jobs, res):
            assert line != "ALIAS", f"{f.name}/{target}/{op}: aliasing result differs for a={a:#x} b={b:#x}"
            got = sum(int(w, 16) << (64 * i) for i, w in enumerate(line.split()))
            exp = expected(f, op, a, b)
            if op == "jdbl":                  # each coordinate congruent
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
