#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction counts of secp256k1 pubkey creation and ECDSA verification
under qemu-user: limbforge against libsecp256k1's own C source.

For each architecture (rv64, aarch64) it
  * builds limbforge's static library for it (cmake/toolchains/<arch>.cmake,
    CMAKE_BUILD_TYPE=Release, target limbforge_static, -j1; build tree
    WORKDIR/<arch>, reused: only what changed is rebuilt),
  * compiles libsecp256k1 from the copy bundled in the crate secp256k1-sys
    (found in the cargo registry, or --libsecp-src) with the same cross gcc
    and the same flags as limbforge's Release objects (read from the build's
    compile_commands.json, e.g. -O3 -DNDEBUG -fPIC -fvisibility=hidden), and
    the preprocessor configuration of the crate's build.rs
    (ECMULT_WINDOW_SIZE=15, COMB_BLOCKS=43, COMB_TEETH=6, the ECDH,
    SCHNORRSIG, EXTRAKEYS, ELLSWIFT, MUSIG and RECOVERY modules,
    USE_EXTERNAL_DEFAULT_CALLBACKS),
  * counts with tools/isa_count --inclusive (callees included) ONE
    steady-state call of
      pubkey_create: lf_secp256k1_pubkey_create(&pk, sk)
                     vs secp256k1_ec_pubkey_create(ctx, &pk, sk)
      ecdsa_verify:  lf_secp256k1_ecdsa_verify(sig64, msg32, &pk)
                     vs secp256k1_ecdsa_verify(ctx, &sig, msg32, &pk)
    Context creation and randomization, key and signature parsing, back-end
    detection and one warm-up call of the measured function run in a setup
    hook before the counted call (bench/isa_count_secp256k1/*_hooks.c); a
    check hook after it requires success (and, for pubkey_create, the known
    public key), so no count of a failing call is ever reported.

The fixed test data (secret key and message hash: SHA-256 of fixed labels;
the public key and an RFC 6979 signature) is made at run time by the same
libsecp256k1 source built for the host (bench/isa_count_secp256k1/make_data.c);
both libraries must accept it under qemu.  Prints a table and writes lfbench
JSON rows (kind "insns", suite "secp256k1", subject "secp256k1"; impl
"limbforge" with the back end whose kernels ran, impl "libsecp256k1-c" with
backend null, as for every anchor).  Target: limbforge / libsecp256k1 <= 0.8.

  bench/isa_count_secp256k1.py                          # rv64 and aarch64, both ops
  bench/isa_count_secp256k1.py --arch aarch64 --ops ecdsa_verify
  bench/isa_count_secp256k1.py --json build/bench/isa_count.json --append
Without the secp256k1-sys source in the registry (or without a cross tool) it
prints why and skips (exit 0); a bad --libsecp-src, a failed build, hook or
count is an error (exit 1).  --profile N adds the N functions with the most
instructions of each counted call (hot spots).
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOOKS = os.path.join(ROOT, "bench", "isa_count_secp256k1")
SECP_SYS = "secp256k1-sys-0.14.1"
TARGET_RATIO = 0.8


# bench/isa_count.py, this script's neighbour, has loaded tools/isa_count
# and bench/check_json.py by path (the tool shares its file name)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_count as field_counts  # noqa: E402

isa_count = field_counts.isa_count
check_json = field_counts.check_json
IsaCountError = isa_count.IsaCountError

TOOLCHAINS = {"rv64": "riscv64", "aarch64": "aarch64"}

# secp256k1-sys 0.14.1 build.rs (default features, plus "recovery" as in
# bench/anchors/Cargo.toml); printf is defined away there too.
SECP_DEFINES = ["ENABLE_MODULE_ECDH=1", "ENABLE_MODULE_SCHNORRSIG=1", "ENABLE_MODULE_EXTRAKEYS=1",
                "ENABLE_MODULE_ELLSWIFT=1", "ENABLE_MODULE_MUSIG=1", "printf(...)=",
                "ECMULT_WINDOW_SIZE=15", "COMB_BLOCKS=43", "COMB_TEETH=6",
                "USE_EXTERNAL_DEFAULT_CALLBACKS=1", "ENABLE_MODULE_RECOVERY=1"]
SECP_SOURCES = ["contrib/lax_der_parsing.c", "src/precomputed_ecmult_gen.c",
                "src/precomputed_ecmult.c", "src/secp256k1.c"]

# op -> (limbforge symbol, libsecp symbol without its prefix, hook stem,
#        what the counted call includes)
OPS = {
    "pubkey_create": ("lf_secp256k1_pubkey_create", "ec_pubkey_create", "create",
                      "sk -> parsed public key (no serialization); libsecp: randomized context"),
    "ecdsa_verify": ("lf_secp256k1_ecdsa_verify", "ecdsa_verify", "verify",
                     "limbforge: compact r||s bytes + msg32 + parsed pubkey (includes reading "
                     "r, s); libsecp: parsed signature object + msg32 + parsed pubkey"),
}


def log(msg):
    print(f"isa-count-secp256k1: {msg}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise IsaCountError(f"command failed ({p.returncode}): {shlex.join(cmd)}\n"
                            f"{(p.stdout + p.stderr).strip()[-4000:]}")
    return p.stdout


# ------------------------------------------------------------ libsecp256k1 source
def find_libsecp(given: str | None) -> tuple:
    """(source dir or None, why not)."""
    if given:
        d = os.path.abspath(given)
        ok = os.path.isfile(os.path.join(d, "src", "secp256k1.c"))
        return (d, None) if ok else (None, f"--libsecp-src {given}: no src/secp256k1.c there")
    homes = [os.environ.get("CARGO_HOME"), os.path.join(os.path.expanduser("~"), ".cargo")]
    for home in [h for h in homes if h]:
        hits = sorted(glob.glob(os.path.join(home, "registry", "src", "*", SECP_SYS, "depend",
                                             "secp256k1", "src", "secp256k1.c")))
        if hits:
            return os.path.dirname(os.path.dirname(hits[0])), None
    return None, (f"no {SECP_SYS} in the cargo registry ($CARGO_HOME or ~/.cargo/registry/src/*/); "
                  f"`make bench` (cargo, LFB_RUST_ANCHORS) fetches it, or give --libsecp-src DIR")


def secp_prefix(src: str) -> str:
    with open(os.path.join(src, "include", "secp256k1.h")) as f:
        m = re.search(r"\b(\w*secp256k1_\w*?)ec_pubkey_create\s*\(", f.read())
    if not m:
        raise IsaCountError(f"{src}/include/secp256k1.h: no *secp256k1_ec_pubkey_create")
    return m.group(1)


def secp_version(src: str) -> str:
    parts = []
    m = re.search(r"secp256k1-sys-([0-9][\w.\-]*)", src)
    if m:
        parts.append(f"secp256k1-sys {m.group(1)}")
    try:
        with open(os.path.join(src, "CMakeLists.txt")) as f:
            v = re.search(r"project\(libsecp256k1\b.*?\bVERSION\s+([\d.]+)", f.read(), re.S)
        if v:
            parts.append(f"libsecp256k1 {v.group(1)}")
    except OSError:
        pass
    try:
        with open(os.path.join(os.path.dirname(src), "secp256k1-HEAD-revision.txt")) as f:
            rev = [ln.strip() for ln in f if re.fullmatch(r"[0-9a-f]{40}", ln.strip())]
        if rev:
            parts.append(f"rev {rev[0][:12]}")
    except OSError:
        pass
    return ", ".join(parts) or "unknown"


def secp_cc_args(src: str, prefix: str, library: bool) -> list:
    """Include paths and, for the library's own sources, build.rs's defines;
    the hooks get the prefix instead."""
    inc = [f"-I{src}", f"-I{os.path.join(src, 'include')}", f"-I{os.path.join(src, 'src')}"]
    if library:
        return inc + [f"-D{d}" for d in SECP_DEFINES]
    return inc + [f"-I{HOOKS}", f"-DLFIC_SECP_PREFIX={prefix}"]


def compile_cached(cmd: list, src: str, out: str) -> str:
    """Compile unless out exists, is newer than src and was made by the same command."""
    stamp = out + ".cmd"
    line = shlex.join(cmd)
    if (os.path.exists(out) and os.path.exists(stamp) and os.path.getmtime(out) >= os.path.getmtime(src)
            and open(stamp).read() == line):
        return out
    run(cmd)
    with open(stamp, "w") as f:
        f.write(line)
    return out


# ------------------------------------------------------------ fixed test data
def make_data(src: str, prefix: str, workdir: str) -> str:
    """lfic_data.h in WORKDIR/gen: sk, msg, the compressed pubkey and a compact
    signature from the bundled libsecp256k1 built for the host."""
    host_cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not host_cc:
        raise IsaCountError("no host C compiler (cc) to make the test data")
    d = os.path.join(workdir, "native")
    gen = os.path.join(workdir, "gen")
    os.makedirs(d, exist_ok=True)
    os.makedirs(gen, exist_ok=True)
    objs = []
    for s in SECP_SOURCES + [os.path.join(HOOKS, "make_data.c")]:
        path = s if os.path.isabs(s) else os.path.join(src, s)
        out = os.path.join(d, os.path.basename(s)[:-2] + ".o")
        objs.append(compile_cached([host_cc, "-O1", *secp_cc_args(src, prefix, path != s), "-c",
                                    path, "-o", out], path, out))
    exe = os.path.join(d, "make_data")
    run([host_cc, *objs, "-o", exe])
    sk = hashlib.sha256(b"limbforge isa_count_secp256k1 secret key").digest()
    msg = hashlib.sha256(b"limbforge isa_count_secp256k1 message").digest()
    out = dict(ln.split() for ln in run([exe, sk.hex(), msg.hex()]).splitlines())
    pub, sig = bytes.fromhex(out["pub"]), bytes.fromhex(out["sig"])
    assert len(pub) == 33 and len(sig) == 64

    def arr(name, b):
        body = ",".join(f"0x{x:02x}" for x in b)
        return f"static const unsigned char {name}[{len(b)}] = {{{body}}};\n"
    text = ("/* written by bench/isa_count_secp256k1.py: sk, msg = SHA-256 of fixed labels;\n"
            " * pub33, sig64 from the bundled libsecp256k1 built for the host (RFC 6979) */\n"
            "#ifndef LFIC_DATA_H\n#define LFIC_DATA_H\n"
            + arr("lfic_sk", sk) + arr("lfic_msg", msg) + arr("lfic_pub33", pub)
            + arr("lfic_sig64", sig) + "#endif\n")
    path = os.path.join(gen, "lfic_data.h")
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)
    return gen


# ------------------------------------------------------------ limbforge build
def build_limbforge(arch, bdir: str) -> tuple:
    """(liblimbforge.a, the C flags of its Release objects minus -I/-W/other -D)."""
    tc = os.path.join(ROOT, "cmake", "toolchains", f"{TOOLCHAINS[arch.name]}.cmake")
    if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        log(f"{arch.name}: configuring limbforge in {bdir}")
        run(["cmake", "-S", ROOT, "-B", bdir, *gen, "-DCMAKE_BUILD_TYPE=Release",
             f"-DCMAKE_TOOLCHAIN_FILE={tc}", "-DLF_BUILD_TESTS=OFF", "-DLF_BUILD_BENCH=OFF",
             "-DLF_BUILD_EXAMPLES=OFF", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"])
    log(f"{arch.name}: building limbforge_static (-j1; nothing to do if up to date)")
    run(["cmake", "--build", bdir, "-j", "1", "--target", "limbforge_static"])
    lib = os.path.join(bdir, "liblimbforge.a")
    if not os.path.exists(lib):
        raise IsaCountError(f"{lib} was not built")
    with open(os.path.join(bdir, "compile_commands.json")) as f:
        cmds = json.load(f)
    cmd = next((c for c in cmds if c["file"].endswith(os.path.join("src", "cpu.c"))
                and "limbforge_static" in c.get("command", " ".join(c.get("arguments", [])))), None)
    if cmd is None:
        raise IsaCountError(f"{bdir}/compile_commands.json: no command for src/cpu.c")
    argv = cmd["arguments"] if "arguments" in cmd else shlex.split(cmd["command"])
    keep = re.compile(r"^(-O\S*|-m\S+|-f\S+|-std=\S+|-g\S*|-DNDEBUG)$")
    flags = [a for a in argv[1:] if keep.match(a)]
    if os.path.basename(argv[0]) != arch.cc:
        raise IsaCountError(f"{bdir}: limbforge is compiled by {argv[0]}, not {arch.cc}")
    return lib, flags


# ------------------------------------------------------------ measuring
def backend_names() -> list:
    """limbforge's back-end names (LF_BACKEND_* in limbforge/backends.h), longest first."""
    with open(os.path.join(ROOT, "include", "limbforge", "backends.h")) as f:
        names = [m.lower() for m in re.findall(r"\bLF_BACKEND_(\w+)\s*[,=]", f.read()) if m != "COUNT"]
    return sorted(names, key=len, reverse=True)


def kernel_backends(profile: dict) -> list:
    """[(back end, instructions)] of the secp256k1_p / _n kernels that ran
    (named lf_secp256k1_<p|n>_<op>_<back end>), most instructions first."""
    pat = re.compile(r"^lf_secp256k1_[pn]_\w+?_(" + "|".join(map(re.escape, backend_names())) + r")$")
    per = {}
    for name, c in profile.items():
        m = pat.match(name)
        if m:
            per[m.group(1)] = per.get(m.group(1), 0) + c
    return sorted(per.items(), key=lambda kv: -kv[1])


def measure(archs, ops, workdir, src, cpu=None, profile=0):
    """Returns (rows, notes, info); profile > 0: each row also has the
    {function: count} of its call in "profile"."""
    rows, notes = [], []
    prefix = secp_prefix(src)
    info = {"libsecp_src": src, "prefix": prefix, "libsecp_version": secp_version(src), "flags": {}}
    gen = make_data(src, prefix, workdir)
    for aname in archs:
        arch = isa_count.get_arch(aname)
        if arch.name not in TOOLCHAINS:
            notes.append(f"{arch.name}: no limbforge toolchain here (only {', '.join(TOOLCHAINS)})")
            continue
        miss = isa_count.missing_tools(arch) + [t for t in ("cmake",) if shutil.which(t) is None]
        if miss:
            notes.append(f"{arch.name}: skipped, missing {', '.join(miss)}")
            continue
        bdir = os.path.join(workdir, arch.name)
        lib, flags = build_limbforge(arch, bdir)
        info["flags"][arch.name] = flags
        d = os.path.join(bdir, "isa_count_secp256k1")
        os.makedirs(d, exist_ok=True)
        log(f"{arch.name}: libsecp256k1 ({prefix}*) objects: {arch.cc} {' '.join(flags)}")
        secp_objs = []
        for s in SECP_SOURCES:
            path = os.path.join(src, s)
            out = os.path.join(d, "secp_" + os.path.basename(s)[:-2] + ".o")
            secp_objs.append(compile_cached([arch.cc, *flags, *secp_cc_args(src, prefix, True), "-c", path,
                                             "-o", out], path, out))
        secp_hooks = compile_cached(
            [arch.cc, *flags, *secp_cc_args(src, prefix, False), f"-I{gen}", "-c",
             os.path.join(HOOKS, "secp_hooks.c"), "-o", os.path.join(d, "secp_hooks.o")],
            os.path.join(HOOKS, "secp_hooks.c"), os.path.join(d, "secp_hooks.o"))
        lf_hooks = compile_cached(
            [arch.cc, *flags, f"-I{os.path.join(ROOT, 'include')}", f"-I{gen}", "-c", os.path.join(HOOKS, "lf_hooks.c"), "-o", os.path.join(d, "lf_hooks.o")],
            os.path.join(HOOKS, "lf_hooks.c"), os.path.join(d, "lf_hooks.o"))
        for op in ops:
            lf_sym, secp_sym, stem, _ = OPS[op]
            prof = {}
            n, _, out = isa_count.count_call_ex(
                arch, [lf_hooks, lib], lf_sym, "", d, cpu, inclusive=True,
                setup=f"lfic_lf_{stem}_setup", check=f"lfic_lf_{stem}_check", expect_ret=0,
                profile=prof)
            m = re.search(r"^lfic backend (\S+)$", out, re.M)
            if not m:
                raise IsaCountError(f"{arch.name} {lf_sym}: the setup hook printed no back end")
            kernels = kernel_backends(prof)
            if not kernels:
                raise IsaCountError(f"{arch.name} {lf_sym}: no secp256k1 field kernel in the trace")
            backend = kernels[0][0]
            log(f"{arch.name} {op}: limbforge (selected {m.group(1)}, field kernels "
                f"{', '.join(f'{b} {c}' for b, c in kernels)}): {n}")
            rows.append({"arch": arch.name, "op": op, "impl": "limbforge", "backend": backend,
                         "selected": m.group(1), "kernels": kernels, "insns": n,
                         "profile": prof if profile else None})
            sym = prefix + secp_sym
            prof = {} if profile else None
            n, _, _ = isa_count.count_call_ex(
                arch, [secp_hooks, *secp_objs], sym, "", d, cpu, inclusive=True,
                setup=f"lfic_secp_{stem}_setup", check=f"lfic_secp_{stem}_check", expect_ret=1,
                profile=prof)
            log(f"{arch.name} {op}: libsecp256k1 {sym}: {n}")
            rows.append({"arch": arch.name, "op": op, "impl": "libsecp256k1-c", "backend": None,
                         "insns": n, "profile": prof})
    return rows, notes, info


def print_profiles(rows, top):
    for r in rows:
        if r.get("profile"):
            print(f"\n{r['arch']} {r['op']} {r['impl']}: {r['insns']} instructions, "
                  f"top {top} functions (own instructions)")
            isa_count.print_profile(r["profile"], r["insns"], top)


def print_table(rows, notes, info, cpu):
    cells, order = {}, []
    for r in rows:
        k = (r["op"], r["arch"])
        if k not in cells:
            cells[k] = {}
            order.append(k)
        cells[k][r["impl"]] = r
    print("dynamic instructions of one steady-state call under qemu-user "
          "(tools/isa_count --inclusive: callees included)")
    print(f"{'op':14} {'arch':8} {'limbforge':>10} {'libsecp256k1':>13} {'ratio':>6} {'target':>6}  "
          f"        limbforge kernels that ran")
    for k in order:
        c = cells[k]
        lf, sp = c.get("limbforge"), c.get("libsecp256k1-c")
        ratio = f"{lf['insns'] / sp['insns']:6.3f}" if lf and sp else f"{'-':>6}"
        ok = "" if not (lf and sp) else ("  ok" if lf["insns"] / sp["insns"] <= TARGET_RATIO
                                         else "  MISSED")
        be = ""
        if lf:
            total = sum(c for _, c in lf["kernels"])
            be = lf["backend"] + "".join(f" +{b} {100 * c / total:.0f}%" for b, c in lf["kernels"][1:])
            be += f" (selected {lf['selected']})" if lf["selected"] != lf["backend"] else ""
        print(f"{k[0]:14} {k[1]:8} {lf['insns'] if lf else '-':>10} {sp['insns'] if sp else '-':>13} "
              f"{ratio} {TARGET_RATIO:6.1f}{ok:8} {be}")
    print(f"libsecp256k1: {info['libsecp_version']} (the copy bundled by secp256k1-sys, "
          f"symbols {info['prefix']}*), built with {', '.join(SECP_DEFINES[:-1])} "
          f"and ENABLE_MODULE_RECOVERY=1 (as the crate's build.rs)")
    for a, fl in info["flags"].items():
        print(f"flags on {a} (both libraries, from limbforge's Release build): "
              f"{isa_count.get_arch(a).cc} {' '.join(fl)}")
    print(f"qemu -cpu: {cpu or 'each qemu-user default'}")
    for op in dict.fromkeys(r["op"] for r in rows):
        print(f"{op}: {OPS[op][3]}")
    print("outside the count (setup hook): context creation + randomization, parsing, back-end "
          "detection, one warm-up call; the counted call is checked (success, known pubkey)")
    for n in notes:
        print(f"note: {n}")


# ------------------------------------------------------------ JSON
def json_rows(rows, cpu=None):
    out = []
    for r in rows:
        row = {"suite": "secp256k1", "op": r["op"], "subject": "secp256k1", "impl": r["impl"],
               "backend": r["backend"], "kind": "insns", "insns": r["insns"], "arch": r["arch"],
               "ns": None, "cycles": None, "bytes": None}
        if cpu:
            row["qemu_cpu"] = cpu
        out.append(row)
    return out


def row_key(r):
    return (r["suite"], r["op"], r["subject"], r["impl"], r["backend"], r["kind"], r.get("arch"))


def tool_version(cmd) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()
    except OSError:
        return None
    return out[0] if out else None


def write_json(path, new_rows, append, archs, info):
    versions = {"libsecp256k1-c": info["libsecp_version"]}
    for aname in archs:
        arch = isa_count.get_arch(aname)
        for tool in (arch.qemu, arch.cc):
            v = tool_version([tool, "--version"])
            if v:
                versions[tool] = v
    doc = None
    if append and os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
        keys = {row_key(r) for r in new_rows}
        doc["results"] = [r for r in doc["results"] if row_key(r) not in keys] + new_rows
        doc["machine"].setdefault("versions", {}).update(versions)
    if doc is None:
        doc = {"machine": {"cpu": "qemu-user emulation (dynamic instruction counts, no timing)",
                           "ghz_est": None, "features": [], "versions": versions},
               "results": new_rows}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.splitlines()[0:2]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[3:]))
    ap.add_argument("--arch", default="rv64,aarch64", help="comma list (default rv64,aarch64)")
    ap.add_argument("--ops", default=",".join(OPS), help=f"comma list (default {','.join(OPS)})")
    ap.add_argument("--workdir", default=None,
                    help="build trees, objects and binaries (default build/isa_count_secp256k1 in "
                         "the repository); limbforge's build tree is WORKDIR/<arch>")
    ap.add_argument("--libsecp-src", default=None, metavar="DIR",
                    help=f"libsecp256k1 source (default: {SECP_SYS}/depend/secp256k1 in the cargo registry)")
    ap.add_argument("--cpu", default=None, help="qemu -cpu model for every run (default: qemu's)")
    ap.add_argument("--profile", default=0, type=int, metavar="N",
                    help="after the table, the N functions with the most instructions of each call")
    ap.add_argument("--json", default=None, help="write the rows to this lfbench JSON file")
    ap.add_argument("--append", action="store_true",
                    help="add to (replacing equal rows in) an existing --json file instead of overwriting it")
    a = ap.parse_args(argv)
    archs = [x for x in a.arch.split(",") if x]
    ops = [x for x in a.ops.split(",") if x]
    bad = [o for o in ops if o not in OPS]
    if bad:
        ap.error(f"unknown op(s) {bad} (known: {', '.join(OPS)})")
    src, why = find_libsecp(a.libsecp_src)
    if src is None and a.libsecp_src:
        print(f"isa-count-secp256k1: {why}", file=sys.stderr)
        return 1
    if src is None:
        print(f"isa-count-secp256k1: skipped: {why}")
        return 0
    workdir = os.path.abspath(a.workdir or os.path.join(ROOT, "build", "isa_count_secp256k1"))
    try:
        rows, notes, info = measure(archs, ops, workdir, src, a.cpu, a.profile)
    except IsaCountError as e:
        print(f"isa-count-secp256k1: {e}", file=sys.stderr)
        return 1
    print_table(rows, notes, info, a.cpu)
    print_profiles(rows, a.profile)
    if a.json and rows:
        write_json(a.json, json_rows(rows, a.cpu), a.append, archs, info)
        rc = check_json.main([a.json])
        if rc:
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
