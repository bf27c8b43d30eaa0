#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Where ML-KEM's time goes: hashing / sampling / NTT / rest, per back end.

Runs build/bench/mlkem_loop (ML-KEM keypair_derand, encaps_derand, decaps on
fixed inputs) once timed and once under `perf record -e cpu-clock`, and adds
the samples up by function into four parts:
  hashing   Keccak permutations, SHA3/SHAKE absorb/squeeze, the H/J input blocks
  sampling  the lane pool (squeezed blocks, SampleNTT rejection, CBD), lane seeding
  ntt       the NTT, inverse, base multiplications, NTT-domain dot products and
            the FIPS <-> B order transposes
  rest      everything else (encodings, Compress/Decompress, reductions, API)
The time per operation is the timed run's; the split is perf's share of the
samples.  Writes a table, --json (rows: suite mlkem_split, op, subject
mlkem<set>, backend, the four parts in ns) and --png (stacked bars, one
chart per set).  Needs perf (linux-perf) and permission to sample
(kernel.perf_event_paranoid <= 2); back ends the CPU lacks are skipped.
usage: mlkem_split.py [--build DIR] [--sets 768] [--backends c,avx2,avx512]
                      [--n N] [--json PATH] [--png PATH]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

PARTS = ("hashing", "sampling", "ntt", "rest")
RULES = (  # first match wins
    ("hashing", r"keccak|sha3|shake|lane_absorb"),
    ("sampling", r"pool|lane_start|rej|cbd"),
    ("ntt", r"ntt|basemul|mlkem_dot|transpose"),
)


def part_of(sym):
    for part, rx in RULES:
        if re.search(rx, sym):
            return part
    return "rest"


def run(exe, backend, bits, op, n, perf_data=None):
    env = dict(os.environ, LIMBFORGE_BACKEND=backend)
    cmd = [exe, str(bits), op, str(n)]
    if perf_data:
        cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-o", perf_data, "--"] + cmd
    t = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return r.returncode, time.perf_counter() - t, r.stderr


def split(perf_data):
    out = subprocess.run(["perf", "report", "-i", perf_data, "--stdio", "--sort", "sym", "-q",
                          "--percent-limit", "0"], capture_output=True, text=True).stdout
    acc = dict.fromkeys(PARTS, 0.0)
    for line in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
        if m:
            acc[part_of(m.group(2))] += float(m.group(1))
    tot = sum(acc.values()) or 1.0
    return {k: v / tot for k, v in acc.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--sets", default="512,768,1024")
    ap.add_argument("--backends", default="c,avx2,avx512,neon,rvv")
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--json")
    ap.add_argument("--png")
    a = ap.parse_args()
    exe = os.path.join(a.build, "bench", "mlkem_loop")
    if not os.access(exe, os.X_OK):
        print(f"mlkem_split: {exe} not built (cmake --build {a.build} --target mlkem_loop)")
        return 2
    if not shutil.which("perf"):
        print("mlkem_split: perf not found (Debian: linux-perf): skipped")
        return 77
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        pd = os.path.join(tmp, "perf.data")
        for be in a.backends.split(","):
            for bits in (int(x) for x in a.sets.split(",")):
                for op in ("keypair", "enc", "dec"):
                    rc, _, _ = run(exe, be, bits, op, 1)
                    if rc == 77:
                        break
                    if rc:
                        print(f"mlkem_split: mlkem_loop {be} {bits} {op} failed ({rc})")
                        return 1
                    _, dt, _ = run(exe, be, bits, op, a.n)
                    rc, _, err = run(exe, be, bits, op, a.n, pd)
                    if rc:
                        print(f"mlkem_split: perf record failed: {err.strip()[:200]}")
                        return 77
                    ns = dt / a.n * 1e9
                    sp = split(pd)
                    rows.append({"suite": "mlkem_split", "op": op, "subject": f"mlkem{bits}",
                                 "backend": be, "ns": round(ns, 1),
                                 **{p: round(ns * sp[p], 1) for p in PARTS}})
    if not rows:
        print("mlkem_split: no back end ran")
        return 77
    print(f"{'set':10} {'op':8} {'backend':8} {'ns/op':>9} " + " ".join(f"{p:>9}" for p in PARTS))
    for r in rows:
        print(f"{r['subject']:10} {r['op']:8} {r['backend']:8} {r['ns']:9.0f} " +
              " ".join(f"{100 * r[p] / r['ns']:8.1f}%" for p in PARTS))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rows": rows}, f, indent=1)
    if a.png:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("mlkem_split: matplotlib missing: no chart")
            return 0
        subjects = sorted({r["subject"] for r in rows}, key=lambda s: int(s[5:]))
        fig, axes = plt.subplots(1, len(subjects), figsize=(5 * len(subjects), 4), squeeze=False)
        for ax, subj in zip(axes[0], subjects):
            rs = [r for r in rows if r["subject"] == subj]
            labels = [f"{r['op']}\n{r['backend']}" for r in rs]
            left = [0.0] * len(rs)
            for p in PARTS:
                vals = [r[p] / 1000 for r in rs]
                ax.barh(labels, vals, left=left, label=p)
                left = [x + y for x, y in zip(left, vals)]
            ax.set_title(subj)
            ax.set_xlabel("µs per operation")
            ax.invert_yaxis()
        axes[0][0].legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(a.png, dpi=100)
        print(f"mlkem_split: chart {a.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
