# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Command line: limbforge gen field | gen builtin | count (also python3 -m limbforge).

Every mistake in the input is one line on stderr and exit status 2 (usage
errors included: see _Parser.error); `main` returns the status instead of
raising SystemExit, so tests can call it.
"""
from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

from . import (__version__, backendgen, fieldgen, manifest, mpgen, nttbounds, nttgen, nttvectors,
               secp256k1gen, support)
from .fields import BUILTIN, builtin_fields, is_probable_prime, kernel_programs, make_field
from .names import name_error
from .targets import ISA_FLAGS, scalar_targets

BUILTIN_CMD = "python3 -m limbforge gen builtin"
MIN_BITS = 61      # field_template.h inverts by safegcd on 62-bit limbs: LF_BITS > 60
MAX_BITS = 1024    # 16 limbs

# What each target is and which CPUs run it (`--help`).  tests/test_cli.py
# checks that every target of targets.py is described here.
TARGET_HELP = {
    "c": "portable C (uint64_t and unsigned __int128, GCC or Clang): any 64-bit CPU",
    "c32": "portable C with 32-bit words (uint32_t, uint64_t products): any CPU, made for "
           "compilers without unsigned __int128 (i686, ARMv7, Cortex-M)",
    "x86_64": "x86-64 assembly with mulq/adc only: every x86-64 CPU",
    "x86_64_adx": "x86-64 assembly with mulx/adcx/adox (BMI2 + ADX): Intel Broadwell (2014) "
                  "and later, AMD Zen (2017) and later (flags bmi2 and adx in /proc/cpuinfo)",
    "aarch64": "AArch64 (ARMv8-A) scalar assembly: every 64-bit Arm CPU (Cortex-A53 and "
               "later, Neoverse / Graviton, Apple M-series under Linux)",
    "ppc64le": "POWER little-endian scalar assembly (ELFv2 ABI): POWER8 and later in "
               "little-endian mode",
    "rv64": "RISC-V RV64GC scalar assembly: every RV64GC CPU (SiFive U74, T-Head C910, "
            "SpacemiT X60, ...)",
    "armv7": "ARMv7-A Thumb-2 assembly with 32-bit words (umaal): Cortex-A7/A9/A15/A17, and "
             "32-bit (armhf) code on ARMv8-A CPUs",
    "rv64_zbb": "RV64GC assembly that also uses the Zba and Zbb bit-manipulation extensions "
                "(RVA22 profile): SiFive U74, SpacemiT X60; not T-Head C910",
    "s390x": "IBM Z (z/Architecture, big-endian) scalar assembly, z196 instructions: "
             "z196 (2010) and later, LinuxONE",
}

MODULUS_HELP = ("the prime: decimal (170141183460469231731687303715884105727) or hexadecimal "
                "with a 0x prefix (0x7fff...ffff); _ between digits is allowed. An odd prime "
                f"of {MIN_BITS} to {MAX_BITS} bits")

EXAMPLES = """\
examples:
  limbforge gen field --modulus 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed \\
      --name ed25519_l --target x86_64_adx --out ed25519_l
  cc -O2 -Ied25519_l -c ed25519_l/ed25519_l.c ed25519_l/ed25519_l_x86_64_adx.S

  limbforge gen field --modulus 170141183460469231731687303715884105727 --name m127 --out m127
  limbforge count bls12_381_p --target aarch64
  limbforge gen builtin --root . --check      (in a limbforge checkout)
"""


TARGETS = scalar_targets()   # what --target takes: one-element kernels (lanes: --lanes)


def _targets_text() -> str:
    w = max(map(len, TARGETS))
    lines = ["targets (--target; the assembly is GNU as syntax for ELF systems: Linux, the BSDs):"]
    for t in TARGETS:
        lines += textwrap.wrap(TARGET_HELP.get(t, "(undocumented)"), 78, initial_indent=f"  {t:<{w}}  ",
                               subsequent_indent=" " * (w + 4))
    return "\n".join(lines) + "\n"


DESCRIPTION = f"""\
limbforge {__version__}: generator of constant-time prime-field arithmetic in C
and assembly.  `gen field` writes a standalone field for any odd prime of
{MIN_BITS} to {MAX_BITS} bits: a header with the limbforge field API (prefix lf_NAME_),
its C instantiation, the seven kernels for one target, and the library
headers they include.  The output builds with a C compiler alone.
"""


class UsageError(Exception):
    """A bad input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage block) and, through
    main, a return value of 2 rather than SystemExit."""

    def error(self, message):
        raise UsageError(f"{message} (see {self.prog} --help)")


def _modulus(text: str) -> int:
    s = text.strip()
    if re.fullmatch(r"0[xX][0-9a-fA-F]+(_[0-9a-fA-F]+)*", s):
        digits, base = s[2:].replace("_", "").lstrip("0"), 16
    elif re.fullmatch(r"[0-9]+(_[0-9]+)*", s):
        digits, base = s.replace("_", "").lstrip("0"), 10
    else:
        hint = " (hexadecimal needs a 0x prefix)" if re.fullmatch(r"[0-9a-fA-F_]+", s) else ""
        raise UsageError(f"--modulus {text!r}: not a decimal or 0x-prefixed hexadecimal number{hint}")
    if len(digits) > 1000:  # not worth converting (and Python limits str -> int to 4300 digits)
        raise UsageError(f"--modulus: {len(digits)} digits, more than {MAX_BITS} bits (16 limbs)")
    p = int(digits or "0", base)
    how = "" if base == 16 else " (read as decimal: write hexadecimal with a 0x prefix)"
    if p.bit_length() > MAX_BITS:
        raise UsageError(f"--modulus: {p.bit_length()} bits; at most {MAX_BITS} bits (16 limbs)")
    if p.bit_length() < MIN_BITS:
        raise UsageError(f"--modulus: {p.bit_length()} bits{how}; a field needs a prime of at least "
                         f"{MIN_BITS} bits (inversion works on 62-bit limbs: LF_BITS > 60)")
    if p % 2 == 0:
        raise UsageError(f"--modulus: even{how}; a field needs an odd prime")
    if not is_probable_prime(p):
        raise UsageError(f"--modulus: {p.bit_length()}-bit number is not prime{how}")
    return p


def _out_dir(text: str) -> Path:
    """--out made and checked writable before any work (one line if not)."""
    out = Path(text)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {text}: exists and is not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".limbforge-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise UsageError(f"--out {text}: cannot write there ({e.strerror or e})") from None
    return out


def _write(root: Path, files: dict, check: bool) -> int:
    stale = []
    for rel, text in sorted(files.items()):
        path = root / rel
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(rel)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    if check:
        if stale:
            print("stale generated files (run `make gen`):", *stale, sep="\n  ", file=sys.stderr)
            return 1
        print(f"generated files up to date ({len(files)} files)")
    return 0


def cmd_builtin(args) -> int:
    if args.root is None:
        raise UsageError("gen builtin: --root is required outside a limbforge checkout")
    root = Path(args.root)
    if not root.is_dir():
        raise UsageError(f"gen builtin: --root {args.root} is not a directory (a limbforge source tree)")
    writers, files = {}, {}

    def add(writer, out: dict):
        files.update(out)
        writers.update((p, writer) for p in out)

    add("backendgen", backendgen.backend_files(BUILTIN_CMD))
    add("fieldgen", fieldgen.builtin_files(builtin_fields(), BUILTIN_CMD))
    add("mpgen", mpgen.mp_files(root, BUILTIN_CMD))  # mp module kernels
    add("secp256k1gen", {**secp256k1gen.table_files(BUILTIN_CMD),  # secp256k1 point tables,
                         **secp256k1gen.point_files(builtin_fields(), BUILTIN_CMD)})  # kernels, kernel table
    add("nttbounds", nttbounds.files(BUILTIN_CMD))  # NTT constants (after the bound proof)
    add("nttgen", nttgen.files(BUILTIN_CMD))  # x86 NTT kernel bodies
    add("nttvectors", nttvectors.files(root, BUILTIN_CMD))  # NTT test vectors (FIPS 203 model)
    files.update(manifest.files(root, writers, BUILTIN_CMD))  # gen/MANIFEST.txt, README.md's list
    return _write(root, files, args.check)


def cmd_field(args) -> int:
    err = name_error(args.name, BUILTIN)
    if err:
        raise UsageError(err)
    p = _modulus(args.modulus)
    try:
        f = make_field(args.name, p, args.form)
    except ValueError as e:
        raise UsageError(f"--form {args.form}: {e}") from None
    out = _out_dir(args.out)
    cmd = (f"limbforge gen field --modulus {p:#x} --name {args.name} "
           f"--target {args.target}" + (f" --form {args.form}" if args.form != "auto" else ""))
    lanes = None if args.lanes == "none" else args.lanes
    if lanes:
        cmd += f" --lanes {lanes}"
        if not fieldgen.has_lanes(f):
            raise UsageError(f"--lanes: lane kernels exist for fields of up to "
                             f"{fieldgen.LANE_MAX_WORDS} limbs ({64 * fieldgen.LANE_MAX_WORDS} bits); "
                             f"this one has {f.n}")
        if lanes == "avx512ifma" and TARGETS[args.target].printer not in (None, "x86_64"):
            raise UsageError(f"--lanes avx512ifma: x86-64 only, not with --target {args.target}")
    ext = TARGETS[args.target].ext
    files = {
        f"limbforge/field/{f.name}.h": fieldgen.header(f, cmd),
        f"{f.name}.c": fieldgen.instantiation(f, [args.target], cmd, standalone=True, lanes=lanes),
        f"{f.name}_{args.target}.{ext}": fieldgen.kernel_source(f, args.target, cmd),
    }
    if lanes:
        files[f"{f.name}_lanes_{lanes}.c"] = fieldgen.lane_source(f, lanes, cmd)
    try:
        files.update(support.support_files(files))
    except support.SupportError as e:
        print(f"limbforge: error: {e}", file=sys.stderr)
        return 1
    try:
        _write(out, files, False)
    except OSError as e:
        raise UsageError(f"--out {args.out}: cannot write there ({e.strerror or e})") from None
    build = f"  cc -O2 -I{out} -c {out}/{f.name}.c {out}/{f.name}_{args.target}.{ext}"
    if lanes:  # the lane file alone gets its back end's ISA flags (none for lane C)
        flags = "".join(" " + w for w in ISA_FLAGS.get(lanes, ()))
        build += f"\n  cc -O2{flags} -I{out} -c {out}/{f.name}_lanes_{lanes}.c"
    print(f"wrote {len(files)} files to {out} ({f.bits}-bit p, {f.n} limbs, {f.form} form); build with:\n"
          + build)
    return 0


def cmd_count(args) -> int:
    """Print IR operation counts of a field's kernels."""
    names = list(BUILTIN)
    if args.field not in names:
        raise UsageError(f"count: no built-in field {args.field!r} (one of: {', '.join(names)})")
    f = next(f for f in builtin_fields() if f.name == args.field)
    for op, prog in kernel_programs(f, args.target).items():
        cnt = prog.count()
        muls = cnt.get("mul", 0) + cnt.get("mullo", 0)
        print(f"{op:14s} ops={len(prog.ops):5d} mul={muls:4d} "
              + " ".join(f"{k}={v}" for k, v in sorted(cnt.items())))
    return 0


def parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    targets = _targets_text()
    ap = _Parser(prog="limbforge", description=DESCRIPTION, epilog=EXAMPLES + "\n" + targets,
                 formatter_class=fmt)
    ap.add_argument("--version", action="version", version=f"limbforge {__version__}")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{gen,count}")
    g = sub.add_parser("gen", help="generate code: a standalone field, or the library's own files",
                       description="Generate code.", formatter_class=fmt)
    gen = g.add_subparsers(dest="what", required=True, metavar="{field,builtin}")
    f = gen.add_parser("field", help="a standalone field for any odd prime (61..1024 bits)",
                       description=DESCRIPTION, epilog=EXAMPLES + "\n" + targets, formatter_class=fmt)
    f.add_argument("--modulus", required=True, metavar="P", help=MODULUS_HELP)
    f.add_argument("--name", required=True,
                   help="C name of the field: functions lf_NAME_*, header limbforge/field/NAME.h; "
                        "not a built-in field's name nor a library prefix (mp, ntt, field, ...)")
    f.add_argument("--target", choices=list(TARGETS), default="c", metavar="TARGET",
                   help="kernels for this target, see below (default: c)")
    f.add_argument("--form", choices=("auto", "montgomery", "pm"), default="auto",
                   help="internal form: Montgomery, or pseudo-Mersenne for p = 2^k - c with "
                        "2^(64n) mod p < 2^63; auto (default) picks pm when it applies")
    f.add_argument("--lanes", choices=("none",) + fieldgen.STANDALONE_LANES, default="none",
                   help="lane kernels for the array API (vec_*, inner_product, x8; up to 8 limbs): "
                        "avx512ifma (x86-64; used when the CPU has IFMA and VBMI2, checked at run "
                        "time, else the scalar loop) or c (portable); default none: the array API "
                        "loops over the scalar kernels")
    f.add_argument("--out", required=True, metavar="DIR",
                   help="output directory (made if missing; files in it are overwritten)")
    f.set_defaults(fn=cmd_field)
    root = support.checkout()
    b = gen.add_parser("builtin", help="(re)generate the library's built-in fields and tables "
                                       "(in a limbforge checkout)",
                       description="Regenerate every generated file of a limbforge source tree.")
    b.add_argument("--root", default=str(root) if root else None,
                   help="limbforge source tree" + (f" (default: {root})" if root else " (required)"))
    b.add_argument("--check", action="store_true", help="only check the files are up to date")
    b.set_defaults(fn=cmd_builtin)
    c = sub.add_parser("count", help="IR operation counts of a built-in field's kernels",
                       description="Print the IR operation counts of a built-in field's kernels.")
    c.add_argument("field", help="a built-in field: " + ", ".join(list(BUILTIN)))
    c.add_argument("--target", choices=list(TARGETS), default="x86_64_adx", metavar="TARGET",
                   help="one of " + ", ".join(TARGETS) + " (default: x86_64_adx)")
    c.set_defaults(fn=cmd_count)
    return ap


def main(argv=None) -> int:
    try:
        args = parser().parse_args(argv)
        return args.fn(args)
    except UsageError as e:
        print(f"limbforge: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:          # --help, --version
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        return 130
