#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of the field array API (vec_mul, vec_sqr,
vec_add) on RISC-V: the rvv back end's lane kernels at VLEN 128, 256, 512 and
1024 against the rv64 back end (the generated scalar assembly kernels in the
array API's loop), under qemu-user.

Builds limbforge's static library with cmake/toolchains/riscv64-v.cmake
(Release, target limbforge_static, -j1; build tree WORKDIR, reused), then
counts with tools/isa_count --inclusive (callees included) ONE steady-state
call of lf_<field>_<op>(r, a, b, n) with n = --n elements (default 256): a
setup hook (bench/isa_count_field_vec/hooks.c) selects the back end, fills
the inputs with elements below p and makes a warm-up call; a check hook
requires every result to equal the one-element function's.  Per element:
the count / n.  Also the register-group work of each rvv call (isa_count
--work: scalar instructions + max(1, ceil(vl SEW / VLEN)) per vector
instruction), and the bare scalar kernel lf_<field>_<op>_rv64 (one call,
its own instructions: bench/isa_count.py).

Target: vec_mul per element at VLEN 256 <= 0.5 x the rv64 scalar
mul called in a loop (the rv64 row), for secp256k1_n and bls12_381_p; the
same limit is checked for vec_sqr and vec_add, and for every op at VLEN >=
256.  Exit 1 if a count is over its limit.

  bench/isa_count_field_vec.py
  bench/isa_count_field_vec.py --fields p256_p --vlen 256 --json build/bench/isa_count.json --append
Without clang-16 or qemu-riscv64 it prints why and skips (exit 0).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_count as field_counts  # noqa: E402
import isa_count_ntt as ntt_counts  # noqa: E402  (its build of the riscv64-v library)

ISA_COUNT = os.path.join(ROOT, "tools", "isa_count", "isa_count.py")
HOOKS = os.path.join(ROOT, "bench", "isa_count_field_vec", "hooks.c")
VLENS = (128, 256, 512, 1024)
FIELDS = ("secp256k1_n", "bls12_381_p")
OPS = ("vec_mul", "vec_sqr", "vec_add")
RATIO = 0.5          # rvv per element <= RATIO x the rv64 loop per element, VLEN >= 256
CPU = "rv64,v=true,vlen={},elen=64"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def count(lib: str, field: str, op: str, backend: str, n: int, words: int, vlen: int) -> tuple:
    """(instructions, register-group work) of one call"""
    buf = f"{n * words}w"
    spec = f"o{buf} i{buf} v{n}" if op == "vec_sqr" else f"o{buf} i{buf} i{buf} v{n}"
    cmd = [sys.executable, ISA_COUNT, "--arch", "rv64", "--cpu", CPU.format(vlen),
           "--symbol", f"lf_{field}_{op}", "--obj", HOOKS, "--obj", lib,
           f"--cflags=-I{ROOT}/include", "--args", spec,
           "--setup", f"lfic_{field}_{backend}_{op}", "--check", f"lfic_{field}_check_{op}",
           "--inclusive", "--work"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    last = (out.stdout.strip().splitlines() or [""])[-1]
    m = re.search(r": (\d+) instructions, register-group work (\d+)", last)
    if out.returncode != 0 or not m:
        raise RuntimeError(f"{field} {op} {backend} VLEN {vlen}: {out.stdout}{out.stderr}")
    return int(m.group(1)), int(m.group(2))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "isa_count_field_vec"))
    ap.add_argument("--fields", default=",".join(FIELDS))
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--vlen", default=",".join(map(str, VLENS)))
    ap.add_argument("--n", type=int, default=256, help="elements per call (default 256)")
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file")
    a = ap.parse_args(argv)
    miss = [t for t in ("clang-16", "qemu-riscv64", "riscv64-linux-gnu-gcc")
            if not shutil.which(t)]
    if miss:
        print(f"isa_count_field_vec: skipped, missing {', '.join(miss)}")
        return 0
    fields = [x for x in a.fields.split(",") if x]
    ops = [x for x in a.ops.split(",") if x]
    vlens = [int(v) for v in a.vlen.split(",")]
    limbs = field_counts.field_limbs()
    lib = ntt_counts.build(os.path.abspath(a.workdir))
    vec, work, loop = {}, {}, {}
    for f in fields:
        for op in ops:
            log(f"{f} {op}: rv64 loop")
            loop[f, op] = count(lib, f, op, "rv64", a.n, limbs[f], vlens[0])[0]
            for v in vlens:
                log(f"{f} {op}: rvv VLEN {v}")
                vec[f, op, v], work[f, op, v] = count(lib, f, op, "rvv", a.n, limbs[f], v)
    kern_ops = sorted({op[4:] for op in ops})
    rows, _ = field_counts.measure(["rv64"], [(f, o) for f in fields for o in kern_ops], ["asm"],
                                   "clang-16", os.path.join(os.path.abspath(a.workdir), "kernels"),
                                   log=lambda *x, **k: None)
    kern = {(r["field"], r["op"]): r["insns"] for r in rows}
    n = a.n
    print(f"dynamic instructions per element, one call of lf_<field>_<op> on {n} elements "
          f"(tools/isa_count --inclusive; rvv / rv64 loop in parentheses; limit at VLEN >= 256: "
          f"<= {RATIO} x the rv64 loop)")
    print(f"{'field':12} {'op':8} {'rv64 kernel':>11} {'rv64 loop':>9}"
          + "".join(f" {'VLEN ' + str(v):>14}" for v in vlens))
    missed = 0
    for f in fields:
        for op in ops:
            lp = loop[f, op] / n
            cells, ok = [], True
            for v in vlens:
                x = vec[f, op, v] / n
                cells.append(f"{x:6.1f} ({x / lp:.2f})")
                if v >= 256:
                    ok &= x <= RATIO * lp
            missed += not ok
            print(f"{f:12} {op:8} {kern.get((f, op[4:]), '-'):>11} {lp:9.1f}" +
                  "".join(f" {c:>14}" for c in cells) + ("   ok" if ok else "   MISSED"))
    print("\nregister-group work per element of the rvv calls (scalar + sum of max(1, "
          "ceil(vl SEW / VLEN)) per vector instruction)")
    for f in fields:
        for op in ops:
            print(f"{f:12} {op:8} {'':>11} {'':>9}" +
                  "".join(f" {work[f, op, v] / n:14.1f}" for v in vlens))
    print("qemu-riscv64 -cpu rv64,v=true,vlen=N,elen=64; library: clang-16 -O3, "
          "cmake/toolchains/riscv64-v.cmake; rv64 kernel: one call of lf_<field>_<op>_rv64, "
          "its own instructions (bench/isa_count.py)")
    if a.json:
        cpu = CPU.format(vlens[0])
        out = [{"suite": "field", "op": op, "subject": f"{f}.n{n}", "impl": "limbforge",
                "backend": "rv64", "kind": "insns", "insns": loop[f, op], "arch": "rv64",
                "qemu_cpu": cpu, "ns": None, "cycles": None, "bytes": None}
               for f in fields for op in ops]
        out += [{"suite": "field", "op": op, "subject": f"{f}.n{n}.vlen{v}", "impl": "limbforge",
                 "backend": "rvv", "kind": "insns", "insns": vec[f, op, v],
                 "work": work[f, op, v], "arch": "rv64", "qemu_cpu": CPU.format(v),
                 "ns": None, "cycles": None, "bytes": None}
                for f in fields for op in ops for v in vlens]
        field_counts.write_json(a.json, out, a.append, ["rv64"])
        rc = field_counts.check_json.main([a.json])
        if rc:
            return rc
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
