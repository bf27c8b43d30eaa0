#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README table from a criterion run: one row per benchmark group, the
median time of limbforge and of the other crate, and their ratio.

  cargo bench && python3 table.py            # reads ../target/bench/criterion
  python3 table.py DIR                       # another criterion directory
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def fmt(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def main(argv: list) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent / "../target/bench/criterion"
    groups: dict = {}
    for bj in sorted(root.glob("*/*/new/benchmark.json")):
        meta = json.loads(bj.read_text())
        est = json.loads((bj.parent / "estimates.json").read_text())
        groups.setdefault(meta["group_id"], {})[meta["function_id"]] = (
            est["median"]["point_estimate"], meta.get("throughput"))
    if not groups:
        print(f"no criterion results under {root}", file=sys.stderr)
        return 1
    print("| operation | limbforge | other crate | other | limbforge / other |")
    print("|---|---|---|---|---|")
    for g, fns in groups.items():
        ours = [k for k in fns if k.startswith("limbforge")]
        if not ours:
            continue
        ns, thr = fns[ours[0]]
        for other, (ons, _) in fns.items():
            if other in ours:
                continue
            extra = ""
            if thr and "Bytes" in thr:
                extra = f" ({thr['Bytes'] / ns:.2f} GB/s)"
            print(f"| {g} | {fmt(ns)}{extra} | {other} | {fmt(ons)} | {ns / ons:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
