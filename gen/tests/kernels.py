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
from limbforge.fields import Field
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
                    f"-DLF_DRV_N={f.n}", f"-DLF_DRV_SUFFIX=_{target}", str(HERE / "kernel_driver.c"),
                    str(src), "-o", str(exe)], check=True)
    return [*t.cross.get("run", []), str(exe)]


def expected(f: Field, op: str, a: int, b: int) -> int:
    p, R = f.p, f.R
    Ri = pow(R, -1, p)
    return {
        "mul": a * b * Ri % p, "sqr": a * a * Ri % p, "add": (a + b) % p,
        "sub": (a - b) % p, "neg": (-a) % p, "to_internal": a * R % p,
        "from_internal": a * Ri % p,
    }[op]


def check_field(f: Field, target: str, cases: int, seed: int = 1):
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        cmd = build(f, target, Path(d))
        vals = edge_values(f.p, f.n, rng, cases)
        jobs, lines = [], []
        for op_i, op in enumerate(OPS):
            for k in range(cases):
                a = vals[k]
                b = vals[rng.randrange(len(vals))] if k % 3 else rng.randrange(f.p)
                jobs.append((op, a, b))
                ws = [(a >> (64 * i)) & ((1 << 64) - 1) for i in range(f.n)] + \
                     [(b >> (64 * i)) & ((1 << 64) - 1) for i in range(f.n)]
                lines.append(f"{op_i} " + " ".join(f"{w:x}" for w in ws))
        res = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=True).stdout.split("\n")
        bad = []
        for (op, a, b), line in zip(jobs, res):
            assert line != "ALIAS", f"{f.name}/{target}/{op}: aliasing result differs for a={a:#x} b={b:#x}"
            got = sum(int(w, 16) << (64 * i) for i, w in enumerate(line.split()))
            if got != expected(f, op, a, b):
                bad.append((op, hex(a), hex(b), hex(got)))
        assert not bad, f"{f.name}/{target}: {len(bad)} wrong, first {bad[:3]}"
        return len(jobs)


def have_cc() -> bool:
    return shutil.which(CC) is not None
