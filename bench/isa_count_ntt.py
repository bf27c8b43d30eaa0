#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of the NTT API on RISC-V with the Vector
extension, under qemu-user at VLEN 128, 256, 512 and 1024.

Builds limbforge's static library with cmake/toolchains/riscv64-v.cmake
(Release, target limbforge_static, -j1; build tree WORKDIR, reused), then
counts with tools/isa_count --inclusive (callees included) ONE steady-state
call of each public function below; a setup hook
(bench/isa_count_ntt/hooks.c) fills the inputs (in the function's input
range) and makes a warm-up call first, and the checked functions must
return LF_OK.  Also the register-group work of each call (isa_count --work:
scalar instructions + max(1, ceil(vl SEW / VLEN)) per vector instruction).
Prints both tables with their targets (FUNCS) and writes lfbench JSON rows
(suite "ntt", kind "insns", subject "vlen<N>", impl "limbforge", backend
"rvv", arch "rv64", insns and work).

  bench/isa_count_ntt.py
  bench/isa_count_ntt.py --vlen 128,256 --json build/bench/isa_count.json --append
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


# bench/isa_count.py, this script's neighbour: its JSON writer (append
# replaces equal rows; the tool versions go to machine.versions)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_count as field_counts  # noqa: E402

ISA_COUNT = os.path.join(ROOT, "tools", "isa_count", "isa_count.py")
HOOKS = os.path.join(ROOT, "bench", "isa_count_ntt", "hooks.c")
VLENS = (128, 256, 512, 1024)
# function: (isa_count argument spec, setup hook, checked?, targets per VLEN or a
# ratio to the lazy function)
FUNCS = {
    "lf_ntt128_cyclic_mul": ("o32w i32w i32w", "lfic_cyclic", True, (900, 550, 450, 400)),
    "lf_mlkem_ntt_lazy": ("b64w", "lfic_ntt_lazy", False, (1000, 600, 450, 400)),
    "lf_mlkem_invntt_lazy": ("b64w", "lfic_invntt_lazy", False, (1050, 650, 480, 420)),
    "lf_mlkem_basemul_lazy": ("o64w i64w i64w", "lfic_basemul_lazy", False, (450, 250, 150, 110)),
    "lf_mlkem_ntt": ("o64w i64w", "lfic_ntt", True, "lf_mlkem_ntt_lazy"),
    "lf_mlkem_invntt": ("o64w i64w", "lfic_invntt", True, "lf_mlkem_invntt_lazy"),
    "lf_mlkem_basemul": ("o64w i64w i64w", "lfic_basemul", True, "lf_mlkem_basemul_lazy"),
}
FIPS_RATIO = 1.15
WORK_CYCLIC_128 = 3500   # register-group work of the cyclic product at VLEN 128
WORK_RATIO = 4           # no row's work above 4 x its instruction count


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def build(workdir: str) -> str:
    tc = os.path.join(ROOT, "cmake", "toolchains", "riscv64-v.cmake")
    if not os.path.exists(os.path.join(workdir, "CMakeCache.txt")):
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", ROOT, "-B", workdir, *gen, "-DCMAKE_BUILD_TYPE=Release",
                        f"-DCMAKE_TOOLCHAIN_FILE={tc}", "-DLF_BUILD_TESTS=OFF",
                        "-DLF_BUILD_BENCH=OFF", "-DLF_BUILD_EXAMPLES=OFF"],
                       check=True, stdout=subprocess.DEVNULL)
    log("riscv64-v: building limbforge_static (-j1)")
    subprocess.run(["cmake", "--build", workdir, "-j", "1", "--target", "limbforge_static"],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(workdir, "liblimbforge.a")


def count(lib: str, fn: str, vlen: int) -> tuple:
    """(instructions, register-group work) of one call"""
    spec, setup, checked, _ = FUNCS[fn]
    cmd = [sys.executable, ISA_COUNT, "--arch", "rv64", "--cpu", f"rv64,v=true,vlen={vlen},elen=64",
           "--symbol", fn, "--obj", HOOKS, "--obj", lib, f"--cflags=-I{ROOT}/include",
           "--args", spec, "--setup", setup, "--inclusive", "--work"]
    if checked:
        cmd += ["--check", "lfic_ok", "--expect-ret", "0"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    last = (out.stdout.strip().splitlines() or [""])[-1]
    m = re.search(r": (\d+) instructions, register-group work (\d+)", last)
    if out.returncode != 0 or not m:
        raise RuntimeError(f"{fn} at VLEN {vlen}: {out.stdout}{out.stderr}")
    return int(m.group(1)), int(m.group(2))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "isa_count_ntt"))
    ap.add_argument("--vlen", default=",".join(map(str, VLENS)))
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file")
    a = ap.parse_args(argv)
    miss = [t for t in ("clang-16", "qemu-riscv64", "riscv64-linux-gnu-gcc") if not shutil.which(t)]
    if miss:
        print(f"isa_count_ntt: skipped, missing {', '.join(miss)}")
        return 0
    vlens = [int(v) for v in a.vlen.split(",")]
    lib = build(os.path.abspath(a.workdir))
    got, work = {}, {}
    for fn in FUNCS:
        for v in vlens:
            log(f"{fn} VLEN {v}")
            got[fn, v], work[fn, v] = count(lib, fn, v)
    print(f"{'function':24}" + "".join(f" {'VLEN ' + str(v):>10}" for v in vlens) + "   target")
    missed = 0
    for fn, (_, _, _, tgt) in FUNCS.items():
        cells, marks = [], []
        for v in vlens:
            n = got[fn, v]
            if isinstance(tgt, str):
                lim = FIPS_RATIO * got[tgt, v]
                cells.append(f"{n:>5} ({n / got[tgt, v]:.2f})")
            else:
                lim = tgt[VLENS.index(v)]
                cells.append(f"{n:>10}")
            marks.append(n <= lim)
        missed += not all(marks)
        t = (f"<= {FIPS_RATIO} x lazy" if isinstance(tgt, str)
             else "/".join(str(tgt[VLENS.index(v)]) for v in vlens))
        print(f"{fn:24}" + "".join(f" {c:>10}" for c in cells) + f"   {t} "
              + ("ok" if all(marks) else "MISSED"))
    print(f"\nregister-group work (scalar + sum of max(1, ceil(vl SEW / VLEN)) per vector "
          f"instruction; target: <= {WORK_RATIO} x instructions, cyclic at VLEN 128 <= "
          f"{WORK_CYCLIC_128})")
    for fn in FUNCS:
        cells, ok = [], True
        for v in vlens:
            ok &= work[fn, v] <= WORK_RATIO * got[fn, v]
            if fn == "lf_ntt128_cyclic_mul" and v == 128:
                ok &= work[fn, v] <= WORK_CYCLIC_128
            cells.append(f"{work[fn, v]:>5} ({work[fn, v] / got[fn, v]:.1f}x)")
        print(f"{fn:24}" + "".join(f" {c:>12}" for c in cells) + ("   ok" if ok else "   MISSED"))
    print("one steady-state call each, callees included (tools/isa_count --inclusive --work); "
          "qemu-riscv64 -cpu rv64,v=true,vlen=N,elen=64; library: clang-16 -O3, "
          "cmake/toolchains/riscv64-v.cmake")
    if a.json:
        rows = [{"suite": "ntt", "op": fn, "subject": f"vlen{v}", "impl": "limbforge",
                 "backend": "rvv", "kind": "insns", "insns": got[fn, v], "work": work[fn, v],
                 "arch": "rv64", "ns": None, "cycles": None, "bytes": None}
                for fn in FUNCS for v in vlens]
        field_counts.write_json(a.json, rows, a.append, ["rv64"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
