#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Bar charts of an lfbench results file, one PNG per suite, beside the JSON.

Usage: plot.py RESULTS.json

For each suite, RESULTS_<suite>.png shows, per (op, subject, kind), the ratio
limbforge best (fastest back end) / best anchor: below 1 limbforge is faster.
A suite with no limbforge rows yet gets a chart of its anchors' times
instead (log scale).  Without matplotlib this prints a note and exits 0.
"""
import json
import os
import sys


def groups_of(rows):
    """{(op, subject, kind): {"lf": (ns, backend) or None, "anchors": {impl: ns}}} in first-seen order."""
    out = {}
    for r in rows:
        if r["ns"] is None:  # kind "insns" (bench/isa_count.py): a count, not a time
            continue
        g = out.setdefault((r["op"], r["subject"], r["kind"]), {"lf": None, "anchors": {}})
        if r["impl"] == "limbforge":
            if g["lf"] is None or r["ns"] < g["lf"][0]:
                g["lf"] = (r["ns"], r.get("backend") or "")
        else:
            if r["impl"] not in g["anchors"] or r["ns"] < g["anchors"][r["impl"]]:
                g["anchors"][r["impl"]] = r["ns"]
    return out


def plot_ratios(plt, suite, groups, machine, path):
    items = []
    for (op, subject, kind), g in groups.items():
        if g["lf"] is None or not g["anchors"]:
            continue
        impl, ans = min(g["anchors"].items(), key=lambda kv: kv[1])
        items.append((f"{op} {subject} ({kind[:3]})", g["lf"][0] / ans, g["lf"][1], impl))
    n = len(items)
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.24 * n))
    ys = list(range(n))[::-1]
    colors = ["#2e7d32" if r < 1 else "#c62828" for _, r, _, _ in items]
    ax.barh(ys, [r for _, r, _, _ in items], color=colors, height=0.7)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(ys)
    ax.set_yticklabels([lbl for lbl, _, _, _ in items], fontsize=7)
    for y, (_, r, be, impl) in zip(ys, items):
        ax.text(r, y, f" {r:.2f} ({be} vs {impl})", va="center", fontsize=6)
    ax.set_xlabel("limbforge / best anchor (time ratio; < 1: limbforge faster)")
    ax.set_xlim(0, max(2.0, 1.25 * max(r for _, r, _, _ in items)))
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_title(f"lfbench {suite}: {machine.get('cpu', '?')}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_anchors(plt, suite, groups, machine, path):
    labels, impls = [], []
    for (op, subject, kind), g in groups.items():
        if g["anchors"]:
            labels.append(f"{op} {subject} ({kind[:3]})")
            for impl in g["anchors"]:
                if impl not in impls:
                    impls.append(impl)
    keys = [k for k, g in groups.items() if g["anchors"]]
    n, m = len(keys), max(1, len(impls))
    fig, ax = plt.subplots(figsize=(9, 1.4 + 0.22 * n * min(m, 3)))
    h = 0.8 / m
    for j, impl in enumerate(impls):
        ys, xs = [], []
        for i, k in enumerate(keys):
            ns = groups[k]["anchors"].get(impl)
            if ns is not None:
                ys.append((n - 1 - i) + (m / 2 - j - 0.5) * h)
                xs.append(ns)
        ax.barh(ys, xs, height=h, label=impl)
    ax.set_xscale("log")
    ax.set_yticks(range(n)[::-1])
    ax.set_yticklabels(labels, fontsize=7)
    ax.set_xlabel("ns per operation (best of runs, log scale)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title(f"lfbench {suite}: anchors (no limbforge rows yet) — {machine.get('cpu', '?')}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    src = argv[1]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot.py: matplotlib is not importable by this Python; no charts written "
              "(install python3-matplotlib or `pip install matplotlib`)", file=sys.stderr)
        return 0
    with open(src) as f:
        doc = json.load(f)
    machine = doc.get("machine", {})
    by_suite = {}
    for r in doc.get("results", []):
        by_suite.setdefault(r["suite"], []).append(r)
    stem = os.path.splitext(src)[0]
    for suite, rows in by_suite.items():
        groups = groups_of(rows)
        path = f"{stem}_{suite}.png"
        if any(g["lf"] is not None and g["anchors"] for g in groups.values()):
            plot_ratios(plt, suite, groups, machine, path)
        elif any(g["anchors"] for g in groups.values()):
            plot_anchors(plt, suite, groups, machine, path)
        else:
            print(f"plot.py: {suite}: nothing to compare (limbforge rows only)", file=sys.stderr)
            continue
        print(f"plot.py: wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
