#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of ML-KEM-768 (keypair_derand, encaps_derand,
decaps) on RISC-V and AArch64: the rvv back end at VLEN 128, 256, 512 and
1024 and the rv64 back end (scalar), the aarch64 back end (scalar) and the
neon back end, under qemu-user, with the share of Keccak.

RISC-V: builds limbforge's static library with cmake/toolchains/riscv64-v.cmake
(Release, target limbforge_static, -j1; build tree WORKDIR, reused: the one
of bench/isa_count_ntt.py).  AArch64: the same with
cmake/toolchains/aarch64.cmake (gcc) in AARCH64_WORKDIR (configured as
bench/isa_count_secp256k1.py configures its <arch> trees, so either script
can share the other's).  Then counts with tools/isa_count --inclusive
(callees included) ONE steady-state call of each function: a setup hook
(bench/isa_count_mlkem/hooks.c) selects the back end, makes the inputs
from fixed seeds and makes a warm-up call of the same function; a check
hook requires LF_OK and the warm-up call's outputs (decaps: encaps' shared
secret).  The Keccak share comes from the same trace (isa_count --profile:
instructions per function): the permutation kernels (lf_keccakf1600_c,
lf_keccak_xn_c, lf_keccak_rvv_*, lf_keccak_neon_*, the sets' x4/x8
entries, lf_keccak_permute) and the SHA-3 API around them (lf_sha3_*:
absorb, padding, squeeze), everything else is "rest" (sampling, CBD, NTT,
encodings, compression, the job pool's lane bookkeeping).

AArch64 has no ML-KEM kernels of its own (src/mlkem/native): aarch64 and
neon both run the portable body with the dispatched NTT and Keccak kernels
(aarch64: the C NTT and the portable C Keccak; neon: src/ntt/native/aarch64/
ntt_neon.c and src/hash/native/aarch64/keccak_neon.c, 2 states per pass).
keccak_neon.c has a copy of its rounds with the SHA3 instructions (EOR3,
RAX1, XAR, BCAX), chosen at run time by HWCAP_SHA3: neon is counted on each
--aarch64-cpus model (default cortex-a72: no SHA3, max: FEAT_SHA3), aarch64
on the first; which copy ran is read from the profile
(lf_keccak_neon_sha3_core or lf_keccak_neon_core) and printed.

Targets, rvv at VLEN 256: keypair <= 150 000, encaps
<= 160 000, decaps <= 190 000 instructions; printed, not enforced (exit 0).
Rows (as bench/isa_count_field_vec.py's): suite "mlkem", op
keypair_derand / encaps_derand / decaps, impl "limbforge", kind "insns",
qemu_cpu; arch "rv64": backend "rvv" with subject "mlkem768.vlen<N>", or
backend "rv64" with subject "mlkem768"; arch "aarch64": backend "aarch64"
or "neon" with subject "mlkem768", except a neon count that ran the SHA3
copy: "mlkem768.sha3" (rows are unique by suite, op, subject, impl,
backend, kind, arch).  The Keccak split is printed only.

  bench/isa_count_mlkem.py                             # all four back ends
  bench/isa_count_mlkem.py --vlen 256 --backends rvv --json build/bench/isa_count.json --append
  bench/isa_count_mlkem.py --lib /tmp/xc/riscv64-v/liblimbforge.a   # a library built already
  bench/isa_count_mlkem.py --backends aarch64,neon --aarch64-lib /tmp/xc/aarch64/liblimbforge.a
Without clang-16 or qemu-riscv64 (the RISC-V back ends) or the aarch64
cross gcc or qemu-aarch64 (the AArch64 ones) it prints why and skips those
(exit 0).
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
A64_CPUS = ("cortex-a72", "max")  # without and with FEAT_SHA3
# back end: architecture (tools/isa_count --arch)
ARCH_OF = {"rvv": "rv64", "rv64": "rv64", "aarch64": "aarch64", "neon": "aarch64"}
TOOLS = {"rv64": ("clang-16", "qemu-riscv64", "riscv64-linux-gnu-gcc"),
         "aarch64": ("aarch64-linux-gnu-gcc", "aarch64-linux-gnu-nm", "qemu-aarch64")}
# op: (public function, isa_count argument spec)
OPS = {
    "keypair_derand": ("lf_mlkem_keypair_derand", "v3 o1184 v1184 o2400 v2400 i64 v64"),
    "encaps_derand": ("lf_mlkem_encaps_derand", "v3 o1088 v1088 o32 i1184 v1184 i32"),
    "decaps": ("lf_mlkem_decaps", "v3 o32 i1088 v1088 i2400 v2400"),
}
TARGETS = {"keypair_derand": 150000, "encaps_derand": 160000, "decaps": 190000}  # rvv, VLEN 256
# functions counted as Keccak (the permutation and the SHA-3 code around it)
KECCAK = re.compile(r"^(lf_keccak|lf_sha3_)")
PERM = re.compile(r"^(lf_keccakf1600|lf_keccak_xn_c|lf_keccak_rvv_|lf_keccak_neon_|lf_keccak_permute$)")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def count(lib: str, op: str, backend: str, cpu: str) -> tuple:
    """(instructions, {function: instructions}) of one call"""
    fn, spec = OPS[op]
    cmd = [sys.executable, ISA_COUNT, "--arch", ARCH_OF[backend], "--cpu", cpu,
           "--symbol", fn, "--obj", HOOKS, "--obj", lib, f"--cflags=-I{ROOT}/include",
           "--args", spec, "--setup", f"lfic_{backend}_{op}", "--check", f"lfic_check_{op}",
           "--expect-ret", "0", "--inclusive", "--profile", "1000"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"callees included\): (\d+) instructions", out.stdout)
    if out.returncode != 0 or not m:
        raise RuntimeError(f"{op} {backend} -cpu {cpu}: {out.stdout}{out.stderr}")
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


def neon_variant(prof: dict) -> str:
    """which copy of keccak_neon.c's rounds ran: "sha3", "plain" (or "?")"""
    if any(re.match(r"lf_keccak_neon_sha3_core\b", f) for f in prof):
        return "sha3"
    if any(re.match(r"lf_keccak_neon_core\b", f) for f in prof):
        return "plain"
    return "?"


def build(workdir: str, toolchain: str) -> str:
    """liblimbforge.a of a Release cross build (-j1) in workdir, configured as
    bench/isa_count_secp256k1.py configures its trees"""
    tc = os.path.join(ROOT, "cmake", "toolchains", f"{toolchain}.cmake")
    if not os.path.exists(os.path.join(workdir, "CMakeCache.txt")):
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", ROOT, "-B", workdir, *gen, "-DCMAKE_BUILD_TYPE=Release",
                        f"-DCMAKE_TOOLCHAIN_FILE={tc}", "-DLF_BUILD_TESTS=OFF",
                        "-DLF_BUILD_BENCH=OFF", "-DLF_BUILD_EXAMPLES=OFF",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"],
                       check=True, stdout=subprocess.DEVNULL)
    log(f"{toolchain}: building limbforge_static (-j1)")
    subprocess.run(["cmake", "--build", workdir, "-j", "1", "--target", "limbforge_static"],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(workdir, "liblimbforge.a")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "isa_count_ntt"),
                    help="riscv64-v build tree")
    ap.add_argument("--lib", default=None, help="count this riscv64-v liblimbforge.a (no build)")
    ap.add_argument("--aarch64-workdir", default=os.path.join(ROOT, "build", "isa_count_secp256k1",
                                                              "aarch64"),
                    help="aarch64 build tree (default: the one of bench/isa_count_secp256k1.py)")
    ap.add_argument("--aarch64-lib", default=None,
                    help="count this aarch64 liblimbforge.a (no build)")
    ap.add_argument("--vlen", default=",".join(map(str, VLENS)))
    ap.add_argument("--aarch64-cpus", default=",".join(A64_CPUS),
                    help="qemu-aarch64 -cpu models: neon on each, aarch64 on the first")
    ap.add_argument("--backends", default="rvv,rv64,aarch64,neon")
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also print the N functions with the most instructions per count")
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file")
    a = ap.parse_args(argv)
    vlens = [int(v) for v in a.vlen.split(",")]
    a64cpus = [c for c in a.aarch64_cpus.split(",") if c]
    backends = [b for b in a.backends.split(",") if b]
    bad = [b for b in backends if b not in ARCH_OF]
    if bad:
        ap.error(f"unknown back end(s) {', '.join(bad)} (known: {', '.join(ARCH_OF)})")
    ops = [o for o in a.ops.split(",") if o]
    archs = []
    for arch in ("rv64", "aarch64"):
        if not any(ARCH_OF[b] == arch for b in backends):
            continue
        miss = [t for t in TOOLS[arch] if not shutil.which(t)]
        if miss:
            print(f"isa_count_mlkem: {arch} skipped, missing {', '.join(miss)}")
            backends = [b for b in backends if ARCH_OF[b] != arch]
        else:
            archs.append(arch)
    if not archs:
        return 0
    lib = {}
    if "rv64" in archs:
        lib["rv64"] = os.path.abspath(a.lib) if a.lib else ntt_counts.build(os.path.abspath(a.workdir))
    if "aarch64" in archs:
        lib["aarch64"] = (os.path.abspath(a.aarch64_lib) if a.aarch64_lib
                          else build(os.path.abspath(a.aarch64_workdir), "aarch64"))
    # (backend, qemu -cpu) columns: rvv at each VLEN, rv64 once (no vector code),
    # neon on each AArch64 model, aarch64 on the first (no SHA3 code)
    cols = []
    for b in backends:
        if b == "rvv":
            cols += [(b, CPU.format(v)) for v in vlens]
        elif b == "rv64":
            cols.append((b, CPU.format(vlens[0])))
        elif b == "neon":
            cols += [(b, c) for c in a64cpus]
        else:
            cols.append((b, a64cpus[0]))
    vlen_of = lambda c: int(re.search(r"vlen=(\d+)", c).group(1))  # noqa: E731
    got, prof = {}, {}
    for op in ops:
        for b, c in cols:
            log(f"{op} {b}" + (f" VLEN {vlen_of(c)}" if b == "rvv" else
                               f" -cpu {c}" if ARCH_OF[b] == "aarch64" else ""))
            got[op, b, c], prof[op, b, c] = count(lib[ARCH_OF[b]], op, b, c)

    def name(b, c):
        if b == "rvv":
            return f"rvv VLEN {vlen_of(c)}"
        if b == "neon":
            return f"neon {c} ({'/'.join(sorted({neon_variant(prof[op, b, c]) for op in ops}))})"
        return b
    print("ML-KEM-768, one steady-state call (tools/isa_count --inclusive); "
          "in parentheses: Keccak permutation + SHA-3 code / rest")
    for arch in archs:
        acols = [(b, c) for b, c in cols if ARCH_OF[b] == arch]
        rv = arch == "rv64"
        if not rv:
            print()
        print(f"{'op':15}" + "".join(f" {name(b, c):>28}" for b, c in acols)
              + ("   target (rvv 256)" if rv else ""))
        for op in ops:
            cells = []
            for b, c in acols:
                perm, sha = split(prof[op, b, c])
                n = got[op, b, c]
                cells.append(f"{n} ({perm + sha}/{n - perm - sha})")
            t = TARGETS.get(op)
            ok = "" if ("rvv", CPU.format(256)) not in acols or t is None else (
                " ok" if got[op, "rvv", CPU.format(256)] <= t else " MISSED")
            print(f"{op:15}" + "".join(f" {x:>28}" for x in cells) + (f"   {t}{ok}" if rv else ""))
    print("\nKeccak split: permutation kernels / SHA-3 code around them (lf_sha3_*, "
          "lf_keccak_* helpers) / share of the whole call")
    for arch in archs:
        acols = [(b, c) for b, c in cols if ARCH_OF[b] == arch]
        if len(archs) > 1:
            print(f"{'':15}" + "".join(f" {name(b, c):>28}" for b, c in acols))
        for op in ops:
            cells = []
            for b, c in acols:
                perm, sha = split(prof[op, b, c])
                cells.append(f"{perm}/{sha}/{100 * (perm + sha) / got[op, b, c]:.0f}%")
            print(f"{op:15}" + "".join(f" {x:>28}" for x in cells))
    if len(archs) > 1:
        short = lambda b, c: (f"rvv{vlen_of(c)}" if b == "rvv" else  # noqa: E731
                              f"neon.{neon_variant(prof[ops[0], b, c])}" if b == "neon" else b)
        print("\nAll back ends, instructions per call (Keccak share)")
        print(f"{'op':15}" + "".join(f" {short(b, c):>15}" for b, c in cols))
        for op in ops:
            print(f"{op:15}" + "".join(
                f" {got[op, b, c]:>9} ({100 * sum(split(prof[op, b, c])) / got[op, b, c]:2.0f}%)"
                for b, c in cols))
    if a.profile:
        for op in ops:
            for b, c in cols:
                print(f"\n{op} {name(b, c)}: {got[op, b, c]}")
                field_counts_print(prof[op, b, c], got[op, b, c], a.profile)
    if "rv64" in archs:
        print("qemu-riscv64 -cpu rv64,v=true,vlen=N,elen=64; library: clang-16 -O3, "
              "cmake/toolchains/riscv64-v.cmake")
    if "aarch64" in archs:
        print(f"qemu-aarch64 -cpu {' / '.join(a64cpus)} (neon: the copy of the Keccak rounds that "
              "ran in parentheses, plain NEON or SHA3); library: aarch64-linux-gnu-gcc, Release, "
              "cmake/toolchains/aarch64.cmake")
    if a.json:
        rows, seen = [], set()
        for op in ops:
            for b, c in cols:
                if b == "rvv":
                    subject = f"mlkem768.vlen{vlen_of(c)}"
                elif b == "neon" and neon_variant(prof[op, b, c]) == "sha3":
                    subject = "mlkem768.sha3"
                else:
                    subject = "mlkem768"
                if (op, b, subject) in seen:  # the same code on another -cpu
                    continue
                seen.add((op, b, subject))
                rows.append({"suite": "mlkem", "op": op, "subject": subject,
                             "impl": "limbforge", "backend": b, "kind": "insns",
                             "insns": got[op, b, c], "arch": ARCH_OF[b], "qemu_cpu": c,
                             "ns": None, "cycles": None, "bytes": None})
        field_counts.write_json(a.json, rows, a.append, archs)
    return 0


def field_counts_print(profile: dict, total: int, top: int) -> None:
    for f, c in sorted(profile.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {c:>10} {100 * c / total:5.1f}%  {f}")


if __name__ == "__main__":
    sys.exit(main())
