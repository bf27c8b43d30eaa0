"""Command line: python3 -m limbforge gen builtin | gen field | count."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from . import backendgen, fieldgen, mpgen
from .fields import TARGETS, builtin_fields, kernel_programs, make_field

REPO = Path(__file__).resolve().parents[2]
BUILTIN_CMD = "python3 -m limbforge gen builtin"
SUPPORT = {  # files a standalone field needs, from the limbforge tree
    "limbforge/limbforge.h": "include/limbforge/limbforge.h",
    "lf_internal.h": "src/lf_internal.h",
    "field/field_internal.h": "src/field/field_internal.h",
    "limbforge/backends.h": "include/limbforge/backends.h",
    "field/field_template.h": "src/field/field_template.h",
}


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
    files = backendgen.backend_files(BUILTIN_CMD)
    files.update(fieldgen.builtin_files(builtin_fields(), BUILTIN_CMD))
    files.update(mpgen.mp_files(Path(args.root), BUILTIN_CMD))  # mp module kernels
    return _write(Path(args.root), files, args.check)


def cmd_field(args) -> int:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,40}", args.name):
        print("error: --name must be a lower-case C identifier", file=sys.stderr)
        return 2
    try:
        p = int(args.modulus, 16)
        f = make_field(args.name, p, args.form)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    cmd = (f"python3 -m limbforge gen field --modulus {args.modulus} --name {args.name} "
           f"--target {args.target}" + (f" --form {args.form}" if args.form != "auto" else ""))
    ext = TARGETS[args.target].ext
    files = {
        f"limbforge/field/{f.name}.h": fieldgen.header(f, cmd),
        f"{f.name}.c": fieldgen.instantiation(f, [args.target], cmd, standalone=True),
        f"{f.name}_{args.target}.{ext}": fieldgen.kernel_source(f, args.target, cmd),
    }
    for dst, src in SUPPORT.items():
        path = REPO / src
        if not path.exists():
            print(f"error: {src} not found: run the generator from a limbforge checkout", file=sys.stderr)
            return 2
        files[dst] = path.read_text()
    out = Path(args.out)
    _write(out, files, False)
    print(f"wrote {len(files)} files to {out}; build with:\n"
          f"  cc -O2 -I{out} -c {out}/{f.name}.c {out}/{f.name}_{args.target}.{ext}")
    return 0


def cmd_count(args) -> int:
    """Print IR operation counts of a field's kernels."""
    fs = {f.name: f for f in builtin_fields()}
    f = fs[args.field]
    for op, prog in kernel_programs(f, args.target).items():
        cnt = prog.count()
        muls = cnt.get("mul", 0) + cnt.get("mullo", 0)
        print(f"{op:14s} ops={len(prog.ops):5d} mul={muls:4d} "
              + " ".join(f"{k}={v}" for k, v in sorted(cnt.items())))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="limbforge", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    gen = sub.add_parser("gen", help="generate code").add_subparsers(dest="what", required=True)
    b = gen.add_parser("builtin", help="(re)generate the library's built-in fields")
    b.add_argument("--root", default=str(REPO), help="limbforge source tree")
    b.add_argument("--check", action="store_true", help="only check the files are up to date")
    b.set_defaults(fn=cmd_builtin)
    f = gen.add_parser("field", help="a standalone field for any odd prime")
    f.add_argument("--modulus", required=True, help="the prime, in hexadecimal")
    f.add_argument("--name", required=True, help="C name of the field (functions lf_NAME_*)")
    f.add_argument("--target", choices=list(TARGETS), default="c")
    f.add_argument("--form", choices=("auto", "montgomery", "pm"), default="auto",
                   help="internal form: Montgomery, or pseudo-Mersenne for p = 2^k - c")
    f.add_argument("--out", required=True, help="output directory")
    f.set_defaults(fn=cmd_field)
    c = sub.add_parser("count", help="IR operation counts of a built-in field's kernels")
    c.add_argument("field")
    c.add_argument("--target", choices=list(TARGETS), default="x86_64_adx")
    c.set_defaults(fn=cmd_count)
    args = ap.parse_args(argv)
    return args.fn(args)
