#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Charts of an lfbench results file, beside the JSON.

Usage: plot.py RESULTS.json

For each suite, RESULTS_<suite>.png shows, per (op, subject, kind), the ratio
limbforge best (fastest back end) / best anchor: below 1 limbforge is faster.
A suite with no limbforge rows yet gets a chart of its anchors' times
instead (log scale).

For each suite whose subjects are sizes (mp, modexp: "<n>bit", "rsa<n>";
poly1305, aead: message length in bytes), RESULTS_<suite>_scaling.png also
shows the cost against the size on log-log axes, one panel per (op, kind)
with at least two sizes and one line per implementation and back end: ns per operation against bits,
or cycles per byte (ns per byte without a clock estimate) against the length.  Subjects
"n<count>" (secp256k1 msm, schnorrsig_batch_verify: rows reported per point or per
signature) plot ns per point / signature against the count.

Without matplotlib this prints a note and exits 0.
"""
import json
import math
import os
import re
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


def size_of(row):
    """("bytes", n) for byte-oriented rows, ("bits", n) for "<n>bit" and "rsa<n>", ("count", n)
    for "n<n>", else None."""
    if row.get("bytes") is not None:
        return ("bytes", row["bytes"])
    m = re.fullmatch(r"n(\d+)", row["subject"])
    if m:
        return ("count", int(m.group(1)))
    m = re.fullmatch(r"(\d+)bit|rsa(\d+)", row["subject"])
    return ("bits", int(m.group(1) or m.group(2))) if m else None


def series_label(row):
    return f"{row['impl']} {row['backend']}" if row.get("backend") else row["impl"]


def scaling_panels(rows, ghz):
    """{(op, kind): {"unit": "bits"|"bytes", "series": {label: [(size, y)]}}} for the (op, kind)
    with at least two sizes.  y: ns per operation (bits), cycles or ns per byte (bytes)."""
    panels = {}
    for r in rows:
        if r["ns"] is None:
            continue
        sz = size_of(r)
        if sz is None:
            continue
        unit, n = sz
        if unit == "bytes":
            if n <= 0:
                continue
            y = (r["cycles"] if r.get("cycles") is not None and ghz else r["ns"]) / n
        else:
            y = r["ns"]
        p = panels.setdefault((r["op"], r["kind"]), {"unit": unit, "series": {}})
        p["series"].setdefault(series_label(r), {})[n] = y
    for p in panels.values():
        p["series"] = {k: sorted(v.items()) for k, v in p["series"].items()}
    return {k: p for k, p in panels.items()
            if len({x for pts in p["series"].values() for x, _ in pts}) >= 2}


def plot_scaling(plt, suite, panels, machine, path):
    from matplotlib.ticker import FixedLocator, NullLocator
    ghz = machine.get("ghz_est")
    labels = []
    for p in panels.values():
        for lbl in p["series"]:
            if lbl not in labels:
                labels.append(lbl)
    # limbforge back ends: solid lines; anchors: dashed; one colour per series throughout
    cmap = plt.get_cmap("tab10" if len(labels) <= 10 else "tab20")
    colour = {lbl: cmap(i % cmap.N) for i, lbl in enumerate(labels)}
    n = len(panels)
    cols = 1 if n == 1 else 2
    nrows = math.ceil(n / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(max(7.5, 6.2 * cols), 1.0 + 4.2 * nrows), squeeze=False)
    for ax, ((op, kind), p) in zip(axes.flat, panels.items()):
        sizes = sorted({x for pts in p["series"].values() for x, _ in pts})
        for lbl, pts in p["series"].items():
            lf = lbl.startswith("limbforge")
            ax.plot([x for x, _ in pts], [y for _, y in pts], marker="o" if lf else "s", markersize=4,
                    linestyle="-" if lf else "--", linewidth=1.4 if lf else 1.1,
                    color=colour[lbl], label=lbl)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.xaxis.set_major_locator(FixedLocator(sizes))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([str(x) for x in sizes], fontsize=7, rotation=45 if len(sizes) > 5 else 0)
        ax.tick_params(axis="y", which="both", labelsize=7)
        if p["unit"] == "bytes":
            ax.set_xlabel("message length (bytes, log scale)", fontsize=8)
            ax.set_ylabel(("cycles" if ghz else "ns") + " per byte (best of runs, log scale)", fontsize=8)
        elif p["unit"] == "count":
            ax.set_xlabel("inputs (points / signatures, log scale)", fontsize=8)
            ax.set_ylabel("ns per input (best of runs, log scale)", fontsize=8)
        else:
            ax.set_xlabel("operand size (bits, log scale)", fontsize=8)
            ax.set_ylabel("ns per operation (best of runs, log scale)", fontsize=8)
        ax.set_title(f"{suite} {op} ({kind})", fontsize=9)
        ax.grid(True, which="major", linewidth=0.4, alpha=0.5)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)
    clock = f", {ghz:.2f} GHz estimate" if ghz else ""
    fig.suptitle(f"lfbench {suite}: cost against size ({machine.get('mode', '?')} run)\n"
                 f"{machine.get('cpu', '?')}{clock}", fontsize=9)
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
    ghz = machine.get("ghz_est")
    for suite, rows in by_suite.items():
        panels = scaling_panels(rows, ghz)
        if panels:
            path = f"{stem}_{suite}_scaling.png"
            plot_scaling(plt, suite, panels, machine, path)
            print(f"plot.py: wrote {path}", file=sys.stderr)
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
