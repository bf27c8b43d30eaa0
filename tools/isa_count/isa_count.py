#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Dynamic instruction count of ONE call of a function, under qemu-user.

The function (any symbol in any object or source file) is linked statically
with driver.c, which calls it once; qemu runs the program with

    qemu-<arch> -singlestep -d exec,nochain -dfilter START+LEN -D LOG

-singlestep makes every translation block one guest instruction, nochain
makes qemu log every execution of a block (no direct jumps between blocks),
and -dfilter keeps only blocks inside the function's address range, so each
"Trace" line of the log is one executed instruction of the function: loops
count every iteration.  The range is [address, address + size) from nm, so
the default count is the function's own instructions only.  --inclusive
counts everything from the function's entry until control is back in the
driver's caller (callees included; logs the whole program, slower).

Usage:
  isa_count.py --arch rv64 --symbol lf_secp256k1_p_mul_rv64 \\
               --obj src/field/generated/rv64/secp256k1_p.S --args "o4w i4w i4w"
  isa_count.py --arch rv64 --cpu rv64,v=true,vlen=256 --symbol f --obj f.o --args "b512 v256"
  isa_count.py --selftest            # counts known loops exactly on every arch it can
Arguments (--args): one token per integer argument register: o<N>/i<N>/b<N>
output/input/in-out buffer of N bytes (or N 64-bit words: "o4w"), v<N> the
integer N.  Input buffers hold fixed pseudo-random words with the last word 0
(--fill small: a field element is then < p), or --fill rand / zero.

Sources given with --obj (.c, .S, .s) are compiled with the architecture's
cross gcc at -O3 (plus --cflags); objects (.o) are linked as they are.
Needs: <triple>-gcc and its static C library, <triple>-nm, qemu-<arch>.
Exit status: 0, 1 on error, 77 (--selftest) if no architecture can be tested.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "driver.c")


@dataclass(frozen=True)
class Arch:
    name: str
    triple: str
    qemu: str
    cflags: tuple = ()
    cpu: str | None = None           # default qemu -cpu
    clang_flags: tuple = field(default=())

    @property
    def cc(self) -> str:
        return f"{self.triple}-gcc"

    @property
    def nm(self) -> str:
        return f"{self.triple}-nm"


ARCHS = {
    "rv64": Arch("rv64", "riscv64-linux-gnu", "qemu-riscv64", ("-march=rv64gc",), None,
                 ("-march=rv64gc",)),
    "aarch64": Arch("aarch64", "aarch64-linux-gnu", "qemu-aarch64"),
    "ppc64le": Arch("ppc64le", "powerpc64le-linux-gnu", "qemu-ppc64le", ("-mcpu=power8",), "power9",
                    ("-mcpu=power8",)),
}
ARCH_ALIASES = {"riscv64": "rv64", "arm64": "aarch64", "powerpc64le": "ppc64le"}


class IsaCountError(Exception):
    pass


def get_arch(name: str) -> Arch:
    name = ARCH_ALIASES.get(name, name)
    if name not in ARCHS:
        raise IsaCountError(f"unknown architecture {name!r} (known: {', '.join(ARCHS)})")
    return ARCHS[name]


def missing_tools(arch: Arch) -> list:
    return [t for t in (arch.cc, arch.nm, arch.qemu) if shutil.which(t) is None]


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise IsaCountError(f"command failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr.strip()}")
    return p.stdout


def compile_source(arch: Arch, src: str, out: str, compiler: str = "gcc", opt: str = "-O3",
                   extra=(), clang: str = "clang-16") -> str:
    """Compile one .c/.S file for arch with gcc (the cross gcc) or clang."""
    if compiler == "gcc":
        cmd = [arch.cc, *arch.cflags]
    elif compiler == "clang":
        cmd = [clang, f"--target={arch.triple}", *arch.clang_flags]
    else:
        raise IsaCountError(f"unknown compiler {compiler!r}")
    run([*cmd, opt, *extra, "-c", src, "-o", out])
    return out


def link_driver(arch: Arch, objs, symbol: str, out: str) -> str:
    """Static, non-PIE executable: addresses in nm are the addresses qemu runs."""
    run([arch.cc, *arch.cflags, "-O2", "-static", "-no-pie", f"-DLF_ISA_TARGET={symbol}",
         DRIVER, *objs, "-o", out])
    return out


def symbol_range(arch: Arch, exe: str, symbol: str) -> tuple:
    """[start, end) of symbol: its nm size, else up to the next symbol."""
    syms = []
    for line in run([arch.nm, "-S", "-n", "--defined-only", exe]).splitlines():
        parts = line.split()
        if len(parts) == 4:
            addr, size, _, name = parts
            syms.append((int(addr, 16), int(size, 16), name))
        elif len(parts) == 3:
            addr, _, name = parts
            syms.append((int(addr, 16), 0, name))
    for i, (addr, size, name) in enumerate(syms):
        if name == symbol:
            if size:
                return addr, addr + size
            later = [a for a, _, _ in syms[i + 1:] if a > addr]
            if not later:
                raise IsaCountError(f"{symbol}: no size and no following symbol in {exe}")
            return addr, later[0]
    raise IsaCountError(f"symbol {symbol} not found in {exe}")


TRACE = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")


def trace(arch: Arch, exe: str, argv, log: str, cpu=None, dfilter=None) -> None:
    cmd = [arch.qemu]
    cpu = cpu or arch.cpu
    if cpu:
        cmd += ["-cpu", cpu]
    cmd += ["-singlestep", "-d", "exec,nochain", "-D", log]
    if dfilter:
        lo, hi = dfilter
        cmd += ["-dfilter", f"{lo:#x}+{hi - lo:#x}"]
    run([*cmd, exe, *argv])


def trace_pcs(log: str):
    with open(log, errors="replace") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                yield int(m.group(1), 16)


def count_call(arch: Arch, objs, symbol: str, args: str = "", workdir: str = ".",
               cpu=None, inclusive: bool = False, fill: str = "small") -> int:
    """Instructions executed by one call of symbol (see the module doc)."""
    os.makedirs(workdir, exist_ok=True)
    exe = os.path.join(workdir, f"isa_{arch.name}_{symbol}")
    log = exe + ".log"
    link_driver(arch, objs, symbol, exe)
    lo, hi = symbol_range(arch, exe, symbol)
    if not inclusive:
        trace(arch, exe, [args, fill], log, cpu, (lo, hi))
        n = sum(1 for pc in trace_pcs(log) if lo <= pc < hi)
    else:
        clo, chi = symbol_range(arch, exe, "lf_isa_call")
        trace(arch, exe, [args, fill], log, cpu, None)
        n, inside = 0, False
        for pc in trace_pcs(log):
            if not inside:
                inside = pc == lo
            elif clo <= pc < chi:
                break
            if inside:
                n += 1
    os.remove(log)
    if n == 0:
        raise IsaCountError(f"{symbol}: no instruction traced in [{lo:#x}, {hi:#x})")
    return n


def prepare_objs(arch: Arch, paths, workdir: str, cflags=()) -> list:
    objs = []
    for p in paths:
        if p.endswith((".c", ".S", ".s")):
            base = os.path.splitext(os.path.basename(p))[0]
            objs.append(compile_source(arch, p, os.path.join(workdir, f"{base}.{arch.name}.o"),
                                       extra=cflags))
        else:
            objs.append(p)
    return objs


# ------------------------------------------------------------ self-test
# Functions with a known dynamic count: loop(n) runs n iterations of a
# two-instruction loop (one on ppc64le, bdnz), outer(n) calls loop(n).
KNOWN = {
    "rv64": ("""
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, @function
isa_known_loop:
1:	addi a0, a0, -1
	bnez a0, 1b
	ret
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, @function
isa_known_outer:
	addi sp, sp, -16
	sd ra, 8(sp)
	jal ra, isa_known_loop
	ld ra, 8(sp)
	addi sp, sp, 16
	ret
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",@progbits
""", lambda n: 2 * n + 1, 6),
    "aarch64": ("""
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, %function
isa_known_loop:
1:	subs x0, x0, #1
	b.ne 1b
	ret
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, %function
isa_known_outer:
	stp x29, x30, [sp, #-16]!
	bl isa_known_loop
	ldp x29, x30, [sp], #16
	ret
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",%progbits
""", lambda n: 2 * n + 1, 4),
    "ppc64le": ("""
	.abiversion 2
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, @function
isa_known_loop:
	mtctr 3
1:	bdnz 1b
	blr
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, @function
isa_known_outer:
	mflr 0
	std 0, 16(1)
	stdu 1, -32(1)
	bl isa_known_loop
	addi 1, 1, 32
	ld 0, 16(1)
	mtlr 0
	blr
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",@progbits
""", lambda n: n + 2, 8),
}


# RVV: vloop(n) strip-mines n 64-bit elements, VLEN/64 per iteration of 3
# instructions: the count shows that --cpu (vlen) reaches qemu.
KNOWN_RVV = """
	.text
	.globl isa_known_vloop
	.type isa_known_vloop, @function
isa_known_vloop:
1:	vsetvli t0, a0, e64, m1, ta, ma
	sub a0, a0, t0
	bnez a0, 1b
	ret
	.size isa_known_vloop, .-isa_known_vloop
	.section .note.GNU-stack,"",@progbits
"""


def selftest(archs, workdir: str) -> int:
    tested, bad = 0, 0
    for name in archs:
        arch = get_arch(name)
        miss = missing_tools(arch)
        if miss:
            print(f"isa_count selftest {arch.name}: skipped (missing {', '.join(miss)})")
            continue
        src, loop_count, outer_own = KNOWN[arch.name]
        d = os.path.join(workdir, arch.name)
        os.makedirs(d, exist_ok=True)
        s = os.path.join(d, "known.S")
        with open(s, "w") as f:
            f.write(src)
        obj = compile_source(arch, s, os.path.join(d, "known.o"), opt="-O0")
        checks = []
        for n in (1, 10, 1000):
            checks.append((f"loop({n})", count_call(arch, [obj], "isa_known_loop", f"v{n}", d),
                           loop_count(n)))
        checks.append(("outer(50) own", count_call(arch, [obj], "isa_known_outer", "v50", d), outer_own))
        checks.append(("outer(50) inclusive",
                       count_call(arch, [obj], "isa_known_outer", "v50", d, inclusive=True),
                       outer_own + loop_count(50)))
        if arch.name == "rv64":
            sv = os.path.join(d, "known_v.S")
            with open(sv, "w") as f:
                f.write(KNOWN_RVV)
            vobj = compile_source(arch, sv, os.path.join(d, "known_v.o"), opt="-O0",
                                  extra=["-march=rv64gcv"])
            for vlen in (128, 256):
                per = vlen // 64
                checks.append((f"vloop(100) vlen={vlen}",
                               count_call(arch, [vobj], "isa_known_vloop", "v100", d,
                                          cpu=f"rv64,v=true,vlen={vlen}"),
                               3 * -(-100 // per) + 1))
        tested += 1
        for what, got, want in checks:
            ok = got == want
            bad += not ok
            print(f"isa_count selftest {arch.name}: {what}: {got} instructions, expected {want}"
                  f"{'' if ok else '  MISMATCH'}")
    if tested == 0:
        print("isa_count selftest: no architecture has its cross gcc, nm and qemu: skipped")
        return 77
    print(f"isa_count selftest: {tested} architectures, {bad} mismatches")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--arch", default=None, help="rv64, aarch64 or ppc64le (--selftest: comma list)")
    ap.add_argument("--symbol")
    ap.add_argument("--obj", action="append", default=[], help="object or source file (repeatable)")
    ap.add_argument("--args", default="", help='argument spec, e.g. "o4w i4w i4w"')
    ap.add_argument("--cpu", default=None, help="qemu -cpu model, e.g. rv64,v=true,vlen=256")
    ap.add_argument("--cflags", default="", help="extra flags for compiling sources given with --obj")
    ap.add_argument("--fill", choices=("small", "rand", "zero"), default="small")
    ap.add_argument("--inclusive", action="store_true", help="count callees too")
    ap.add_argument("--workdir", default=None, help="keep the binaries here (default: a temporary dir)")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args(argv)
    tmp = None
    workdir = a.workdir
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="isa_count_")
        workdir = tmp.name
    os.makedirs(workdir, exist_ok=True)
    try:
        if a.selftest:
            return selftest((a.arch or ",".join(ARCHS)).split(","), workdir)
        if not (a.arch and a.symbol and a.obj):
            ap.error("--arch, --symbol and --obj are required (or --selftest)")
        arch = get_arch(a.arch)
        miss = missing_tools(arch)
        if miss:
            raise IsaCountError(f"missing tools for {arch.name}: {', '.join(miss)}")
        objs = prepare_objs(arch, a.obj, workdir, a.cflags.split())
        n = count_call(arch, objs, a.symbol, a.args, workdir, a.cpu, a.inclusive, a.fill)
        print(f"{a.symbol} ({arch.name}{', cpu ' + a.cpu if a.cpu else ''}"
              f"{', callees included' if a.inclusive else ''}): {n} instructions")
        return 0
    except IsaCountError as e:
        print(f"isa_count: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp:
            tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
