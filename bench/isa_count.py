#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of field kernels under qemu-user (make isa-count).

For each architecture and each kernel (field, op) it counts the instructions
of ONE call (tools/isa_count: qemu -singlestep trace restricted to the
function's address range) of
  * the generated assembly kernel lf_<field>_<op>_<target>
    (src/field/generated/<target>/<field>.S, target = rv64 / aarch64 / ppc64le,
    armv7 on armhf),
  * the generated C kernel lf_<field>_<op>_c (src/field/generated/c/<field>.c;
    on armhf the 32-bit-word kernel lf_<field>_<op>_c32 of generated/c32, which
    the library uses there) compiled by the cross gcc -O3 and by clang -O3
    --target=<triple> (-march=rv64gc on rv64, -mcpu=power8 on ppc64le, -mthumb
    on armhf),
prints a table, and writes the rows as lfbench JSON (bench/schema.json):
  {"suite": "field", "op": "mul", "subject": "secp256k1_p", "impl": "limbforge",
   "backend": "rv64" | "c-gcc-O3" | "c-clang-O3", "kind": "insns", "insns": N,
   "arch": "rv64", "ns": null, "cycles": null, "bytes": null}
Counts are for inputs below p (they do not depend on the values: the kernels
are constant time).  Missing assembly (no generated directory yet) or a
missing tool is reported and skipped, never guessed.

  bench/isa_count.py                                  # defaults below
  bench/isa_count.py --arch rv64 --kernels p256_p:mul,p256_p:sqr
  bench/isa_count.py --json build/bench/results.json --append   # add to lfbench's file

--suite bytes counts the byte-oriented vector kernels instead (BYTE_KERNELS:
armhf and aarch64): Poly1305 and ChaCha20 on 16 KiB, the NEON kernel against
the portable one the back end would otherwise run (armhf: the radix 2^26
Poly1305 of the c32/armv7 back ends), each compiled from source by the cross
gcc -O3 with the library's per-file flags, one call, callees included; rows
{"suite": "poly1305" | "aead", "op": "blocks" | "chacha20_blocks",
 "subject": "16384B", "bytes": 16384, "backend": the back end, "insns": N}.
  bench/isa_count.py --suite bytes --arch armhf
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load(name, path):
    """Import a file by path (this script shares the name isa_count)."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


isa_count = _load("lf_isa_count", os.path.join(ROOT, "tools", "isa_count", "isa_count.py"))
check_json = _load("lf_check_json", os.path.join(ROOT, "bench", "check_json.py"))

DEFAULT_KERNELS = "secp256k1_p:mul,secp256k1_p:sqr,p25519:mul,bls12_381_p:mul"
DEFAULT_ARCHS = "rv64,aarch64"
IMPLS = ("asm", "c-gcc-O3", "c-clang-O3")
BINARY_OPS = {"mul", "add", "sub"}
# per architecture: (assembly target, C target, C flags) when not (arch, "c", ())
ARCH_KERNELS = {"armhf": ("armv7", "c32", ("-DLF_FORCE_C32",)),
                "armv7em": ("armv7", "c32", ("-DLF_FORCE_C32",))}


def arch_kernels(aname: str):
    return ARCH_KERNELS.get(aname, (aname, "c", ()))
UNARY_OPS = {"sqr", "neg", "to_internal", "from_internal"}


# --suite bytes: per architecture, (suite, op, back end, symbol, sources,
# gcc flags, --args) of one call on BYTES bytes; the flags are those the
# library gives the file (cmake/native.cmake, src/poly1305/sources.cmake)
BYTES = 16384
_P1305_ARGS = f"b24 i96 i{BYTES} v{BYTES // 16}"   # h, r^1..r^4 (radix 2^44), m, nblocks
_CHACHA_ARGS = f"o{BYTES} i{BYTES} v{BYTES // 64} i64"  # out, in, nblocks, state
_CHACHA_C = ("aead", "chacha20_blocks", "c", "lf_chacha_blocks_c",
             ("src/chacha20/chacha20.c", "src/cpu.c"), (), _CHACHA_ARGS)
BYTE_KERNELS = {
    "armhf": [
        ("poly1305", "blocks", "armv7neon", "lf_p1305_blocks_neon",
         ("src/poly1305/native/aarch64/poly1305_neon.c",), ("-mfpu=neon",), _P1305_ARGS),
        # h, r, m, nblocks, then the 64-bit hibit in an even/odd pair (on the stack)
        ("poly1305", "blocks", "c32", "lf_p1305_blocks_r26", ("src/poly1305/poly1305_r26.c",), (),
         f"b24 i16 i{BYTES} v{BYTES // 16} v1 v0"),
        ("aead", "chacha20_blocks", "armv7neon", "lf_chacha_blocks_neon",
         ("src/chacha20/native/aarch64/chacha20_neon.c",), ("-mfpu=neon", "-fno-schedule-insns"),
         _CHACHA_ARGS),
        _CHACHA_C,
    ],
    "aarch64": [
        ("poly1305", "blocks", "neon", "lf_p1305_blocks_neon",
         ("src/poly1305/native/aarch64/poly1305_neon.c",), (), _P1305_ARGS),
        ("poly1305", "blocks", "c", "lf_p1305_blocks_r64",
         ("src/poly1305/poly1305.c", "src/poly1305/poly1305_r26.c", "src/cpu.c"), (),
         f"b24 i16 i{BYTES} v{BYTES // 16} v1"),
        ("aead", "chacha20_blocks", "neon", "lf_chacha_blocks_neon",
         ("src/chacha20/native/aarch64/chacha20_neon.c",), (), _CHACHA_ARGS),
        _CHACHA_C,
    ],
}


def measure_bytes(archs, workdir, cpu=None, log=print):
    """--suite bytes: (rows, notes); rows as json_rows_bytes reads them."""
    rows, notes = [], []
    for aname in archs:
        arch = isa_count.get_arch(aname)
        if arch.name not in BYTE_KERNELS:
            notes.append(f"{arch.name}: no byte-oriented vector kernels to count")
            continue
        miss = isa_count.missing_tools(arch)
        if miss:
            notes.append(f"{arch.name}: skipped, missing {', '.join(miss)}")
            continue
        d = os.path.join(workdir, arch.name, "bytes")
        os.makedirs(d, exist_ok=True)
        inc = ("-I", os.path.join(ROOT, "src"), "-I", os.path.join(ROOT, "include"))
        for suite, op, backend, sym, srcs, flags, spec in BYTE_KERNELS[arch.name]:
            objs = [isa_count.compile_source(arch, os.path.join(ROOT, src),
                                             os.path.join(d, f"{backend}.{os.path.basename(src)}.o"),
                                             "gcc", "-O3", (*inc, "-DNDEBUG", *flags))
                    for src in srcs]
            count = isa_count.count_call(arch, objs, sym, spec, d, cpu=cpu, inclusive=True)
            log(f"isa-count: {arch.name} {sym} ({backend}, {BYTES} B): {count}", file=sys.stderr)
            rows.append({"arch": arch.name, "suite": suite, "op": op, "backend": backend,
                         "symbol": sym, "insns": count})
    return rows, notes


def json_rows_bytes(rows, cpu=None):
    return [insns_row(r["suite"], r["op"], f"{BYTES}B", r["backend"], r["insns"], r["arch"], cpu,
                      BYTES) for r in rows]


def print_table_bytes(rows, notes):
    print(f"dynamic instructions per call on {BYTES} bytes (qemu-user trace, callees included; "
          "gcc -O3)")
    print(f"{'arch':8} {'op':16} {'backend':10} {'symbol':24} {'insns':>8} {'/byte':>6} {'ratio':>6}")
    first = {}
    for r in rows:
        k = (r["arch"], r["op"])
        first.setdefault(k, [r for r in rows if (r["arch"], r["op"]) == k][-1]["insns"])
        ratio = r["insns"] / first[k]
        print(f"{r['arch']:8} {r['op']:16} {r['backend']:10} {r['symbol']:24} {r['insns']:>8} "
              f"{r['insns'] / BYTES:6.2f} {ratio:6.3f}")
    print("ratio: to the portable kernel of the same op (the last row of each op)")
    for n in notes:
        print(f"note: {n}")


def field_limbs() -> dict:
    with open(os.path.join(ROOT, "include", "limbforge", "fields.h")) as f:
        text = f.read()
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"X\((\w+), (\d+), (\d+)\)", text)}


def tool_version(cmd) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()
    except OSError:
        return None
    return out[0] if out else None


def measure(archs, kernels, impls, clang, workdir, cpu=None, log=print, asm_dir=None):
    """Returns (rows, notes); rows are dicts of the table."""
    limbs = field_limbs()
    rows, notes = [], []
    for aname in archs:
        arch = isa_count.get_arch(aname)
        miss = isa_count.missing_tools(arch)
        if miss:
            notes.append(f"{arch.name}: skipped, missing {', '.join(miss)}")
            continue
        d = os.path.join(workdir, arch.name)
        os.makedirs(d, exist_ok=True)
        asm_t, c_t, c_flags = arch_kernels(arch.name)
        objs = {}  # (impl, field) -> object path or None
        for fname in sorted({f for f, _ in kernels}):
            if fname not in limbs:
                raise isa_count.IsaCountError(f"unknown field {fname}")
            asm = os.path.join(asm_dir or os.path.join(ROOT, "src", "field", "generated"),
                               asm_t, f"{fname}.S")
            csrc = os.path.join(ROOT, "src", "field", "generated", c_t, f"{fname}.c")
            inc = ["-I", os.path.join(ROOT, "src"), *c_flags]  # the C kernels include lf_wide.h
            if "asm" in impls:
                if os.path.exists(asm):
                    objs["asm", fname] = isa_count.compile_source(
                        arch, asm, os.path.join(d, f"{fname}.asm.o"))
                else:
                    objs["asm", fname] = None
                    shown = os.path.relpath(asm, ROOT) if asm.startswith(ROOT + os.sep) else asm
                    notes.append(f"{arch.name}: no generated assembly {shown}")
            if "c-gcc-O3" in impls:
                objs["c-gcc-O3", fname] = isa_count.compile_source(
                    arch, csrc, os.path.join(d, f"{fname}.gcc.o"), "gcc", "-O3", inc)
            if "c-clang-O3" in impls:
                if shutil.which(clang):
                    objs["c-clang-O3", fname] = isa_count.compile_source(
                        arch, csrc, os.path.join(d, f"{fname}.clang.o"), "clang", "-O3", inc,
                        clang=clang)
                else:
                    objs["c-clang-O3", fname] = None
                    if f"{arch.name}: {clang} not found" not in notes:
                        notes.append(f"{arch.name}: {clang} not found")
        for fname, op in kernels:
            n = limbs[fname]
            if op in BINARY_OPS:
                spec = f"o{n}w i{n}w i{n}w"
            elif op in UNARY_OPS:
                spec = f"o{n}w i{n}w"
            else:
                raise isa_count.IsaCountError(f"unknown op {op}")
            for impl in impls:
                obj = objs.get((impl, fname))
                if obj is None:
                    continue
                sym = f"lf_{fname}_{op}_{asm_t if impl == 'asm' else c_t}"
                count = isa_count.count_call(arch, [obj], sym, spec, d, cpu=cpu)
                log(f"isa-count: {arch.name} {sym} ({impl}): {count}", file=sys.stderr)
                rows.append({"arch": arch.name, "field": fname, "op": op, "impl": impl,
                             "insns": count})
    return rows, notes


def insns_row(suite, op, subject, backend, insns, arch, cpu=None, nbytes=None):
    """One lfbench JSON row of a dynamic instruction count (bench/schema.json)."""
    row = {"suite": suite, "op": op, "subject": subject, "impl": "limbforge", "backend": backend,
           "kind": "insns", "insns": insns, "arch": arch, "ns": None, "cycles": None,
           "bytes": nbytes}
    if cpu:
        row["qemu_cpu"] = cpu
    return row


def json_rows(rows, cpu=None):
    return [insns_row("field", r["op"], r["field"], r["arch"] if r["impl"] == "asm" else r["impl"],
                      r["insns"], r["arch"], cpu) for r in rows]


def row_key(r):
    return (r["suite"], r["op"], r["subject"], r["impl"], r["backend"], r["kind"], r.get("arch"))


def write_json(path, new_rows, append, archs):
    doc = None
    if append and os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
        keys = {row_key(r) for r in new_rows}
        doc["results"] = [r for r in doc["results"] if row_key(r) not in keys] + new_rows
    if doc is None:
        versions = {}
        for aname in archs:
            arch = isa_count.get_arch(aname)
            for tool in (arch.qemu, arch.cc):
                v = tool_version([tool, "--version"])
                if v:
                    versions[tool] = v
        v = tool_version(["clang-16", "--version"])
        if v:
            versions["clang-16"] = v
        doc = {"machine": {"cpu": "qemu-user emulation (dynamic instruction counts, no timing)",
                           "ghz_est": None, "features": [], "versions": versions},
               "results": new_rows}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def print_table(rows, impls, notes):
    cells = {}
    order = []
    for r in rows:
        k = (r["arch"], r["field"], r["op"])
        if k not in cells:
            cells[k] = {}
            order.append(k)
        cells[k][r["impl"]] = r["insns"]
    head = f"{'arch':8} {'field':13} {'op':5}" + "".join(f" {i:>11}" for i in impls)
    if "asm" in impls and "c-gcc-O3" in impls:
        head += f" {'asm/gcc':>8}"
    if "asm" in impls and "c-clang-O3" in impls:
        head += f" {'asm/clang':>9}"
    print("dynamic instructions per call (qemu-user trace of the kernel's own instructions)")
    print(head)
    for k in order:
        c = cells[k]
        line = f"{k[0]:8} {k[1]:13} {k[2]:5}" + "".join(f" {c.get(i, '-'):>11}" for i in impls)
        if "asm" in impls and "c-gcc-O3" in impls:
            line += f" {c['asm'] / c['c-gcc-O3']:8.2f}" if "asm" in c and "c-gcc-O3" in c else f" {'-':>8}"
        if "asm" in impls and "c-clang-O3" in impls:
            line += f" {c['asm'] / c['c-clang-O3']:9.2f}" if "asm" in c and "c-clang-O3" in c else f" {'-':>9}"
        print(line)
    for n in notes:
        print(f"note: {n}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--arch", default=DEFAULT_ARCHS, help=f"comma list (default {DEFAULT_ARCHS}; also ppc64le, armhf, armv7em, i686)")
    ap.add_argument("--kernels", default=DEFAULT_KERNELS, help=f"field:op comma list (default {DEFAULT_KERNELS})")
    ap.add_argument("--impls", default=",".join(IMPLS), help=f"subset of {','.join(IMPLS)}")
    ap.add_argument("--clang", default="clang-16")
    ap.add_argument("--cpu", default=None, help="qemu -cpu model for every run (default: the tool's)")
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file instead of overwriting it")
    ap.add_argument("--workdir", default=None, help="keep objects and binaries here")
    ap.add_argument("--suite", choices=("field", "bytes"), default="field",
                    help="field kernels (default), or the Poly1305/ChaCha20 vector kernels "
                         f"on {BYTES} bytes (architectures: {', '.join(BYTE_KERNELS)})")
    ap.add_argument("--asm-dir", default=None,
                    help="read the assembly kernels from DIR/<target>/<field>.S instead of "
                         "src/field/generated (e.g. fresh generator output)")
    a = ap.parse_args(argv)
    archs = [x for x in a.arch.split(",") if x]
    impls = [x for x in a.impls.split(",") if x]
    bad = [i for i in impls if i not in IMPLS]
    if bad:
        ap.error(f"unknown impl(s) {bad}")
    kernels = []
    for k in a.kernels.split(","):
        f, _, op = k.partition(":")
        kernels.append((f, op or "mul"))
    tmp = tempfile.TemporaryDirectory(prefix="isa_count_") if a.workdir is None else None
    workdir = a.workdir or tmp.name
    try:
        if a.suite == "bytes":
            rows, notes = measure_bytes(archs, workdir, a.cpu)
        else:
            rows, notes = measure(archs, kernels, impls, a.clang, workdir, a.cpu, asm_dir=a.asm_dir)
    except isa_count.IsaCountError as e:
        print(f"isa_count: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp:
            tmp.cleanup()
    if a.suite == "bytes":
        print_table_bytes(rows, notes)
    else:
        print_table(rows, impls, notes)
    if a.json:
        jrows = json_rows_bytes(rows, a.cpu) if a.suite == "bytes" else json_rows(rows, a.cpu)
        write_json(a.json, jrows, a.append, archs)
        rc = check_json.main([a.json])
        if rc:
            return rc
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
