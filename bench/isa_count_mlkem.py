#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of ML-KEM-768 (keypair_derand, encaps_derand,
decaps) on RISC-V: the rvv back end at VLEN 128, 256, 512 and 1024 and the
rv64 back end (scalar), under qemu-user, with the share of Keccak.

Builds limbforge's static library with cmake/toolchains/riscv64-v.cmake
(Release, target limbforge_static, -j1; build tree WORKDIR, reused: the one
of bench/isa_count_ntt.py), then counts with tools/isa_count --inclusive
(callees included) ONE steady-state call of each function: a setup hook
(bench/isa_count_mlkem/hooks.c) selects the back end, makes the inputs
from fixed seeds and makes a warm-up call of the same function; a check
hook requires LF_OK and the warm-up call's outputs (decaps: encaps' shared
secret).  The Keccak share comes from the same trace (isa_count --profile:
instructions per function): the permutation kernels (lf_keccakf1600_c,
lf_keccak_xn_c, lf_keccak_rvv_*, the set's x4/x8 entries,
lf_keccak_permute) and the SHA-3 API around them (lf_sha3_*: absorb,
padding, squeeze), everything else is "rest" (sampling, CBD, NTT,
encodings, compression, the job pool's lane bookkeeping).

Targets (the ML-KEM issue), rvv at VLEN 256: keypair <= 150 000, encaps
<= 160 000, decaps <= 190 000 instructions; printed, not enforced (exit 0).
Rows (as bench/isa_count_field_vec.py's): suite "mlkem", op
keypair_derand / encaps_derand / decaps, impl "limbforge", kind "insns",
arch "rv64", qemu_cpu; backend "rvv" with subject "mlkem768.vlen<N>", or
backend "rv64" with subject "mlkem768".  The Keccak split is printed only.

  bench/isa_count_mlkem.py
  bench/isa_count_mlkem.py --vlen 256 --backends rvv --json build/bench/isa_count.json --append
  bench/isa_count_mlkem.py --lib /tmp/xc/riscv64-v/liblimbforge.a   # a library built already
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
import isa_count as field_counts  # noqa: E402  (its JSON writer)
import isa_count_ntt as ntt_counts  # noqa: E402  (its build of the riscv64-v library)

ISA_COUNT = os.path.join(ROOT, "tools", "isa_count", "isa_count.py")
HOOKS = os.path.join(ROOT, "bench", "isa_count_mlkem", "hooks.c")
VLENS = (128, 256, 512, 1024)
CPU = "rv64,v=true,vlen={},elen=64"
# op: (public function, isa_count argument spec)
OPS = {
    "keypair_derand": ("lf_mlkem_keypair_derand", "v3 o1184 v1184 o2400 v2400 i64 v64"),
    "encaps_derand": ("lf_mlkem_encaps_derand", "v3 o1088 v1088 o32 i1184 v1184 i32"),
    "decaps": ("lf_mlkem_decaps", "v3 o32 i1088 v1088 i2400 v2400"),
}
TARGETS = {"keypair_derand": 150000, "encaps_derand": 160000, "decaps": 190000}  # rvv, VLEN 256
# functions counted as Keccak (the permutation and the SHA-3 code around it)
KECCAK = re.compile(r"^(lf_keccak|lf_sha3_)")
PERM = re.compile(r"^(lf_keccakf1600|lf_keccak_xn_c|lf_keccak_rvv_|lf_keccak_permute$)")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def count(lib: str, op: str, backend: str, vlen: int) -> tuple:
    """(instructions, {function: instructions}) of one call"""
    fn, spec = OPS[op]
    cmd = [sys.executable, ISA_COUNT, "--arch", "rv64", "--cpu", CPU.format(vlen),
           "--symbol", fn, "--obj", HOOKS, "--obj", lib, f"--cflags=-I{ROOT}/include",
           "--args", spec, "--setup", f"lfic_{backend}_{op}", "--check", f"lfic_check_{op}",
           "--expect-ret", "0", "--inclusive", "--profile", "1000"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"callees included\): (\d+) instructions", out.stdout)
    if out.returncode != 0 or not m:
        raise RuntimeError(f"{op} {backend} VLEN {vlen}: {out.stdout}{out.stderr}")
    prof = {}
    for line in out.stdout.splitlines():
        p = re.match(r"\s+(\d+)\s+[\d.]+%\s+(\S+)$", line)
        if p:
            prof[p.group(2)] = prof.get(p.group(2), 0) + int(p.group(1))
    return int(m.group(1)), prof


def split(prof: dict) -> tuple:
    """(permutation, SHA-3 code around it) instructions of a profile"""
    perm = sum(c for f, c in prof.items() if PERM.match(f))
    kec = sum(c for f, c in prof.items() if KECCAK.match(f))
    return perm, kec - perm


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "isa_count_ntt"))
    ap.add_argument("--lib", default=None, help="count this riscv64-v liblimbforge.a (no build)")
    ap.add_argument("--vlen", default=",".join(map(str, VLENS)))
    ap.add_argument("--backends", default="rvv,rv64")
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also print the N functions with the most instructions per count")
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file")
    a = ap.parse_args(argv)
    miss = [t for t in ("clang-16", "qemu-riscv64", "riscv64-linux-gnu-gcc") if not shutil.which(t)]
    if miss:
        print(f"isa_count_mlkem: skipped, missing {', '.join(miss)}")
        return 0
    vlens = [int(v) for v in a.vlen.split(",")]
    backends = [b for b in a.backends.split(",") if b]
    ops = [o for o in a.ops.split(",") if o]
    lib = os.path.abspath(a.lib) if a.lib else ntt_counts.build(os.path.abspath(a.workdir))
    # (backend, vlen or None) columns: rvv at each VLEN, rv64 once (no vector code)
    cols = [(b, v) for b in backends for v in (vlens if b == "rvv" else [vlens[0]])]
    got, prof = {}, {}
    for op in ops:
        for b, v in cols:
            log(f"{op} {b}" + (f" VLEN {v}" if b == "rvv" else ""))
            got[op, b, v], prof[op, b, v] = count(lib, op, b, v)
    name = lambda b, v: f"rvv VLEN {v}" if b == "rvv" else b  # noqa: E731
    print("ML-KEM-768, one steady-state call (tools/isa_count --inclusive); "
          "in parentheses: Keccak permutation + SHA-3 code / rest")
    print(f"{'op':15}" + "".join(f" {name(b, v):>28}" for b, v in cols) + "   target (rvv 256)")
    for op in ops:
        cells = []
        for b, v in cols:
            perm, sha = split(prof[op, b, v])
            n = got[op, b, v]
            cells.append(f"{n} ({perm + sha}/{n - perm - sha})")
        t = TARGETS.get(op)
        ok = "" if ("rvv", 256) not in cols or t is None else (
            " ok" if got[op, "rvv", 256] <= t else " MISSED")
        print(f"{op:15}" + "".join(f" {c:>28}" for c in cells) + f"   {t}{ok}")
    print("\nKeccak split: permutation kernels / SHA-3 code around them (lf_sha3_*, "
          "lf_keccak_* helpers) / share of the whole call")
    for op in ops:
        cells = []
        for b, v in cols:
            perm, sha = split(prof[op, b, v])
            cells.append(f"{perm}/{sha}/{100 * (perm + sha) / got[op, b, v]:.0f}%")
        print(f"{op:15}" + "".join(f" {c:>28}" for c in cells))
    if a.profile:
        for op in ops:
            for b, v in cols:
                print(f"\n{op} {name(b, v)}: {got[op, b, v]}")
                field_counts_print(prof[op, b, v], got[op, b, v], a.profile)
    print("qemu-riscv64 -cpu rv64,v=true,vlen=N,elen=64; library: clang-16 -O3, "
          "cmake/toolchains/riscv64-v.cmake")
    if a.json:
        rows = []
        for op in ops:
            for b, v in cols:
                rows.append({"suite": "mlkem", "op": op,
                             "subject": f"mlkem768.vlen{v}" if b == "rvv" else "mlkem768",
                             "impl": "limbforge", "backend": b, "kind": "insns",
                             "insns": got[op, b, v], "arch": "rv64", "qemu_cpu": CPU.format(v),
                             "ns": None, "cycles": None, "bytes": None})
        field_counts.write_json(a.json, rows, a.append, ["rv64"])
    return 0


def field_counts_print(profile: dict, total: int, top: int) -> None:
    for f, c in sorted(profile.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {c:>10} {100 * c / total:5.1f}%  {f}")


if __name__ == "__main__":
    sys.exit(main())
