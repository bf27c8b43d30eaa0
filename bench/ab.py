#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A/B comparison of two lfbench binaries in one session (bench/README.md,
"Before and after").

    python3 bench/ab.py OLD_LFBENCH NEW_LFBENCH [--rounds N] [--suite S,...]
                        [--quick] [--filter REGEX] [--json PATH]

Runs the two binaries alternately (old, new, old, new, ...) N rounds per
suite, each with --json, so that drift of the machine (frequency, a
neighbour's load) falls on both alike.  For every limbforge row (impl
"limbforge") present in both, the ratio new/old of the best times of each
round is taken, and the row's ratio is the median over rounds; a suite's
ratio is the median of its rows'.  Prints a table per suite (median, the
lowest and highest row and their keys) and, with --json, writes every row's
ratio.  Anchor rows (other libraries) are the same code in both binaries:
their median ratio is printed too, as the noise floor of the session.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(binary, suite, extra, out):
    cmd = [binary, "--suite", suite, "--json", out] + extra
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        rows = json.load(f)["results"]
    return {(r["suite"], r["op"], r["subject"], r["impl"], r["backend"] or ""): r["ns"] for r in rows if r["ns"]}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--suite", default="field,mp,modexp,poly1305,aead,ntt,mlkem,hash,secp256k1,dispatch")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--filter")
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    extra = (["--quick"] if a.quick else []) + (["--filter", a.filter] if a.filter else [])
    report, ok = {}, True
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.json")
        for suite in a.suite.split(","):
            ratios = {}
            for _ in range(a.rounds):
                old = run(a.old, suite, extra, out)
                new = run(a.new, suite, extra, out)
                for k in old.keys() & new.keys():
                    ratios.setdefault(k, []).append(new[k] / old[k])
            rows = {k: statistics.median(v) for k, v in ratios.items()}
            ours = {k: v for k, v in rows.items() if k[3] == "limbforge"}
            anchors = [v for k, v in rows.items() if k[3] != "limbforge"]
            if not ours:
                print(f"{suite}: no limbforge rows in both binaries")
                ok = False
                continue
            lo = min(ours, key=ours.get)
            hi = max(ours, key=ours.get)
            med = statistics.median(ours.values())
            anc = f"{statistics.median(anchors):.3f}" if anchors else "-"
            print(f"{suite:10s} rows {len(ours):4d}  median new/old {med:.3f}  anchors {anc}  "
                  f"min {ours[lo]:.3f} ({'/'.join(lo[1:])})  max {ours[hi]:.3f} ({'/'.join(hi[1:])})",
                  flush=True)
            report[suite] = {"median": med, "anchors": statistics.median(anchors) if anchors else None,
                             "rows": {"/".join(k): v for k, v in rows.items()}}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
