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

--setup FN runs FN(uint64_t args[8]) before the counted call (context
creation, lazy one-time initialisation, a warm-up call of the function
itself; it may replace the arguments) and --check FN runs
FN(const uint64_t args[8], uint64_t ret) after it; either failing (nonzero)
is an error.  Only the call made by the driver is counted, never a call
from the hooks.  --expect-ret N requires the counted call to return N (as a
C int: the low 32 bits of the return register).  On the 32-bit targets
(armhf, armv7em, i686) each args[] entry holds one 32-bit argument word.

Usage:
  isa_count.py --arch rv64 --symbol lf_secp256k1_p_mul_rv64 \\
               --obj src/field/generated/rv64/secp256k1_p.S --args "o4w i4w i4w"
  isa_count.py --arch rv64 --cpu rv64,v=true,vlen=256 --symbol f --obj f.o --args "b512 v256"
  isa_count.py --arch aarch64 --symbol lib_verify --obj lib.a --obj setup.c \\
               --setup my_setup --expect-ret 1 --inclusive
  isa_count.py --arch armhf --symbol lf_secp256k1_p_mul_c \
               --obj src/field/generated/c/secp256k1_p.c --cflags -Isrc --args "o4w i4w i4w"
  isa_count.py --selftest            # counts known loops exactly on every arch it can
Arguments (--args): one token per argument word (a uintptr_t: a register, or
an i686 stack slot): o<N>/i<N>/b<N> a pointer to an output/input/in-out
buffer of N bytes (or N 64-bit words, 8 bytes each on every target: "o4w"),
v<N> the integer N (on a 32-bit target a 64-bit integer is two tokens, low
word first).  Input buffers hold fixed pseudo-random words with the last word 0
(--fill small: a field element is then < p), or --fill rand / zero.

Sources given with --obj (.c, .S, .s) are compiled with the architecture's
cross gcc at -O3 (plus --cflags); objects (.o) are linked as they are.
Needs: <triple>-gcc and its static C library, <triple>-nm, qemu-<arch>
(32-bit Arm: also <triple>-readelf and -objcopy).
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
sys.path.insert(0, HERE)
import vwork  # noqa: E402  (register-group work, --work)


@dataclass(frozen=True)
class Arch:
    name: str
    triple: str
    qemu: str
    cflags: tuple = ()
    cpu: str | None = None           # default qemu -cpu
    clang_flags: tuple = field(default=())
    obj_cflags: tuple = ()           # gcc flags for the measured sources only, not the driver
    thumb: bool = False              # 32-bit Arm: bit 0 of a function symbol is the Thumb bit

    @property
    def cc(self) -> str:
        return f"{self.triple}-gcc"

    @property
    def nm(self) -> str:
        return f"{self.triple}-nm"

    def tool(self, name: str) -> str:
        return f"{self.triple}-{name}"


ARCHS = {
    "rv64": Arch("rv64", "riscv64-linux-gnu", "qemu-riscv64", ("-march=rv64gc",), None,
                 ("-march=rv64gc",)),
    "aarch64": Arch("aarch64", "aarch64-linux-gnu", "qemu-aarch64"),
    "ppc64le": Arch("ppc64le", "powerpc64le-linux-gnu", "qemu-ppc64le", ("-mcpu=power8",), "power9",
                    ("-mcpu=power8",)),
    # 32-bit: the Debian cross gcc's defaults are Thumb-2 ARMv7-A (VFPv3-D16, hard
    # float) and plain i686 (x87, no SSE2); clang is given the same (its armv7
    # default is the Arm state).  -mfpu names gcc's default FPU, so that a
    # --cflags -march=armv7-a (no +fp) still has the FPU the hard-float ABI needs.
    "armhf": Arch("armhf", "arm-linux-gnueabihf", "qemu-arm", ("-mfpu=vfpv3-d16",), "cortex-a15",
                  ("-mthumb",), thumb=True),
    "i686": Arch("i686", "i686-linux-gnu", "qemu-i386", (), None, ("-march=i686",)),
    # big-endian 64-bit; gcc's default z/Architecture level (z196 in Debian 12)
    "s390x": Arch("s390x", "s390x-linux-gnu", "qemu-s390x"),
    # Cortex-M4 class: the measured code compiled for ARMv7E-M (Thumb-2 only),
    # linked with an armhf driver and run on the Cortex-A15 model, since
    # qemu-arm (7.2) cannot run a Linux program on an M-profile -cpu (README).
    "armv7em": Arch("armv7em", "arm-linux-gnueabihf", "qemu-arm", (), "cortex-a15",
                    ("-mthumb", "-mcpu=cortex-m4"), ("-mthumb", "-mcpu=cortex-m4"), thumb=True),
}
ARCH_ALIASES = {"riscv64": "rv64", "arm64": "aarch64", "powerpc64le": "ppc64le", "arm": "armhf",
                "armv7": "armhf", "x86": "i686", "i386": "i686", "m4": "armv7em",
                "cortex-m4": "armv7em"}


class IsaCountError(Exception):
    pass


def get_arch(name: str) -> Arch:
    name = ARCH_ALIASES.get(name, name)
    if name not in ARCHS:
        raise IsaCountError(f"unknown architecture {name!r} (known: {', '.join(ARCHS)})")
    return ARCHS[name]


def missing_tools(arch: Arch) -> list:
    tools = (arch.cc, arch.nm, arch.qemu) + ((arch.tool("readelf"), arch.tool("objcopy"))
                                             if arch.thumb else ())
    return [t for t in tools if shutil.which(t) is None]


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise IsaCountError(f"command failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr.strip()}")
    return p.stdout


def compile_source(arch: Arch, src: str, out: str, compiler: str = "gcc", opt: str = "-O3",
                   extra=(), clang: str = "clang-16") -> str:
    """Compile one .c/.S file for arch with gcc (the cross gcc) or clang."""
    if compiler == "gcc":
        cmd = [arch.cc, *arch.cflags, *arch.obj_cflags]
    elif compiler == "clang":
        cmd = [clang, f"--target={arch.triple}", *arch.clang_flags]
    else:
        raise IsaCountError(f"unknown compiler {compiler!r}")
    run([*cmd, opt, *extra, "-c", src, "-o", out])
    return out


def a_profile_objs(arch: Arch, objs, workdir: str) -> list:
    """32-bit Arm: a copy without the build attributes of each M-profile
    object (-mcpu=cortex-m4 code), which ld refuses to link with the A-profile
    driver and C library ("conflicting architecture profiles M/A"); the code
    is Thumb-2 that the A-profile cpu runs as it is (README)."""
    out = []
    for o in objs:
        if o.endswith(".o") and "Tag_CPU_arch_profile: Microcontroller" in run(
                [arch.tool("readelf"), "-A", o]):
            base = os.path.basename(o)
            c = os.path.join(workdir, base[:-2] + ".a-profile.o")
            run([arch.tool("objcopy"), "--remove-section", ".ARM.attributes", o, c])
            o = c
        out.append(o)
    return out


def link_driver(arch: Arch, objs, symbol: str, out: str, setup: str | None = None,
                check: str | None = None) -> str:
    """Static, non-PIE executable: addresses in nm are the addresses qemu runs."""
    if arch.thumb:
        objs = a_profile_objs(arch, objs, os.path.dirname(out) or ".")
    hooks = ([f"-DLF_ISA_SETUP={setup}"] if setup else []) + ([f"-DLF_ISA_CHECK={check}"] if check else [])
    run([arch.cc, *arch.cflags, "-O2", "-static", "-no-pie", f"-DLF_ISA_TARGET={symbol}", *hooks,
         DRIVER, *objs, "-o", out])
    return out


def code_addr(arch: Arch, addr: int) -> int:
    """A symbol's code address: without the Thumb bit on 32-bit Arm (qemu
    logs the instruction's address; GNU nm prints it so already, but the
    symbol's value, which an nm might print, is odd for Thumb code)."""
    return addr & ~1 if arch.thumb else addr


def symbol_range(arch: Arch, exe: str, symbol: str) -> tuple:
    """[start, end) of symbol: its nm size, else up to the next symbol."""
    syms = []
    for line in run([arch.nm, "-S", "-n", "--defined-only", exe]).splitlines():
        parts = line.split()
        if len(parts) == 4:
            addr, size, _, name = parts
            syms.append((code_addr(arch, int(addr, 16)), int(size, 16), name))
        elif len(parts) == 3:
            addr, _, name = parts
            syms.append((code_addr(arch, int(addr, 16)), 0, name))
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


def trace(arch: Arch, exe: str, argv, log: str, cpu=None, dfilter=None, states=False) -> str:
    """Runs exe under qemu with the trace in log; dfilter: one (lo, hi) range
    or a list of them; states: log the registers before every instruction
    ("-d cpu", for vwork) instead of the pc only.  Returns the program's
    stdout."""
    cmd = [arch.qemu]
    cpu = cpu or arch.cpu
    if cpu:
        cmd += ["-cpu", cpu]
    cmd += ["-singlestep", "-d", "cpu,nochain" if states else "exec,nochain", "-D", log]
    if dfilter:
        ranges = [dfilter] if isinstance(dfilter[0], int) else dfilter
        cmd += ["-dfilter", ",".join(f"{lo:#x}+{hi - lo:#x}" for lo, hi in ranges)]
    return run([*cmd, exe, *argv])


def trace_pcs(log: str):
    with open(log, errors="replace") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                yield int(m.group(1), 16)


RET = re.compile(r"^lf_isa_ret (0x[0-9a-f]+|0)$", re.M)


def count_call_ex(arch: Arch, objs, symbol: str, args: str = "", workdir: str = ".",
                  cpu=None, inclusive: bool = False, fill: str = "small",
                  setup: str | None = None, check: str | None = None,
                  expect_ret: int | None = None, profile: dict | None = None,
                  work: dict | None = None) -> tuple:
    """count_call, returning (count, return value, the program's stdout).
    profile: a dict to fill with {function name: instructions counted in it};
    work (rv64): a dict whose "work" is set to the call's register-group work
    (vwork.py)."""
    os.makedirs(workdir, exist_ok=True)
    exe = os.path.join(workdir, f"isa_{arch.name}_{symbol}" + (f"_{setup}" if setup else ""))
    log = exe + ".log"
    link_driver(arch, objs, symbol, exe, setup, check)
    lo, hi = symbol_range(arch, exe, symbol)
    clo, chi = symbol_range(arch, exe, "lf_isa_call")
    # Only the driver's call counts: the trace is read from the first
    # instruction of lf_isa_call on (a setup hook may call the function
    # before), counting from the function's entry until control is back in
    # lf_isa_call (inclusive), or the function's own instructions until then.
    try:
        out = trace(arch, exe, [args, fill], log, cpu,
                    None if inclusive else [(lo, hi), (clo, chi)], states=work is not None)
    except IsaCountError as e:
        if os.path.exists(log):
            os.remove(log)
        hook = {3: f"setup hook {setup}", 4: f"check hook {check}"}
        m = re.match(r"command failed \((\d+)\)", str(e))
        if m and int(m.group(1)) in hook and (setup if m.group(1) == "3" else check):
            raise IsaCountError(f"{symbol}: {hook[int(m.group(1))]} failed\n{e}") from None
        raise
    n, state = 0, 0  # 0: before lf_isa_call, 1: in it before the entry, 2: in the call
    pcs = {}
    if work is not None:
        if arch.name != "rv64":
            raise IsaCountError("register-group work: rv64 only")
        insns = vwork.static_insns(arch.triple, exe)
        vs, w = vwork.VState(vwork.vlen_of(cpu or arch.cpu)), 0
        stream = vwork.trace_states(log)
    else:
        stream = ((pc, None) for pc in trace_pcs(log))
    for pc, lines in stream:
        if work is not None and state:
            # replay vset* also before the entry (the driver's own), count after
            wi = vs.step(insns.get(pc, ("scalar",)), lambda: vwork.regs(lines))
        in_call = clo <= pc < chi
        if state == 0:
            state = 1 if in_call else 0
            continue
        if state == 1:
            if pc != lo:
                continue
            state = 2
        elif in_call:
            break
        elif not (inclusive or lo <= pc < hi):
            continue
        n += 1
        if work is not None:
            w += wi
        if profile is not None:
            pcs[pc] = pcs.get(pc, 0) + 1
    os.remove(log)
    if work is not None:
        work["work"] = w
    if profile is not None and pcs:
        profile.update(function_profile(arch, exe, pcs))
    if n == 0:
        raise IsaCountError(f"{symbol}: no instruction traced in [{lo:#x}, {hi:#x})")
    m = RET.search(out)
    if not m:
        raise IsaCountError(f"{symbol}: the driver printed no return value")
    ret = int(m.group(1), 16)
    if expect_ret is not None and (ret & 0xFFFFFFFF) != (expect_ret & 0xFFFFFFFF):
        raise IsaCountError(f"{symbol}: the counted call returned {ret & 0xFFFFFFFF:#x} "
                            f"(as a C int: {ret_int(ret)}), expected {expect_ret}")
    return n, ret, out


def function_profile(arch: Arch, exe: str, pcs: dict) -> dict:
    """{function: count} from {pc: count}, by the nearest text symbol below."""
    import bisect
    syms = []
    for line in run([arch.nm, "-n", "--defined-only", exe]).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TtWw":
            syms.append((code_addr(arch, int(parts[0], 16)), parts[2]))
    addrs = [a for a, _ in syms]
    out = {}
    for pc, c in pcs.items():
        i = bisect.bisect_right(addrs, pc) - 1
        name = syms[i][1] if i >= 0 else "?"
        out[name] = out.get(name, 0) + c
    return out


def ret_int(ret: int) -> int:
    """The low 32 bits of a return register as a signed C int."""
    r = ret & 0xFFFFFFFF
    return r - (1 << 32) if r >> 31 else r


def count_call(arch: Arch, objs, symbol: str, args: str = "", workdir: str = ".",
               cpu=None, inclusive: bool = False, fill: str = "small",
               setup: str | None = None, check: str | None = None,
               expect_ret: int | None = None) -> int:
    """Instructions executed by one call of symbol (see the module doc)."""
    return count_call_ex(arch, objs, symbol, args, workdir, cpu, inclusive, fill,
                         setup, check, expect_ret)[0]


def print_profile(profile: dict, total: int, top: int, indent: str = "  ") -> None:
    for name, c in sorted(profile.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{indent}{c:>10} {100 * c / total:5.1f}%  {name}")


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
    # i686: the argument is on the stack: one load before the loop
    "i686": ("""
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, @function
isa_known_loop:
	movl 4(%esp), %eax
1:	subl $1, %eax
	jnz 1b
	ret
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, @function
isa_known_outer:
	pushl 4(%esp)
	call isa_known_loop
	addl $4, %esp
	ret
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",@progbits
""", lambda n: 2 * n + 2, 4),
    # s390x: brctg decrements and branches in one instruction; outer saves
    # r14/r15 in the caller's register save area and makes a 160-byte frame
    "s390x": ("""
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, @function
isa_known_loop:
1:	brctg %r2, 1b
	br %r14
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, @function
isa_known_outer:
	stmg %r14, %r15, 112(%r15)
	lay %r15, -160(%r15)
	brasl %r14, isa_known_loop
	lmg %r14, %r15, 272(%r15)
	br %r14
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",@progbits
""", lambda n: n + 1, 5),
}
# 32-bit Arm, Thumb-2 (what gcc emits by default; the symbols carry the Thumb
# bit) and the Arm state (--cflags -marm), the same counts
KNOWN_ARM = """
	.syntax unified
	.text
	.globl isa_known_loop, isa_known_outer
	.type isa_known_loop, %function
	{mode}
isa_known_loop:
1:	subs r0, r0, #1
	bne 1b
	bx lr
	.size isa_known_loop, .-isa_known_loop
	.type isa_known_outer, %function
	{mode}
isa_known_outer:
	push {{r4, lr}}
	bl isa_known_loop
	pop {{r4, pc}}
	.size isa_known_outer, .-isa_known_outer
	.section .note.GNU-stack,"",%progbits
"""
KNOWN["armhf"] = (KNOWN_ARM.format(mode=".thumb\n\t.thumb_func"), lambda n: 2 * n + 1, 3)
KNOWN["armv7em"] = KNOWN["armhf"]
# further variants: (label, (source, loop count, outer's own count))
KNOWN_MORE = {"armhf": [("arm state", (KNOWN_ARM.format(mode=".arm"), lambda n: 2 * n + 1, 3))]}


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
	.globl isa_known_vwork
	.type isa_known_vwork, @function
isa_known_vwork:
	vsetvli t0, a0, e16, m8, ta, ma
	vadd.vv v8, v8, v8
	vsetivli zero, 4, e32, m1, ta, ma
	vadd.vv v1, v1, v1
	li t2, 17
	vsetvl t3, a0, t2
	vadd.vv v2, v2, v2
	ret
	.size isa_known_vwork, .-isa_known_vwork
	.section .note.GNU-stack,"",@progbits
"""
# isa_known_vwork(100)'s register-group work (vwork.py): 8 instructions; the
# three vadds do ceil(vl SEW / VLEN) each: e16 m8 vl = min(100, VLEN/2),
# e32 m1 vl = 4, and (vsetvl, vtype 17 = e32 m2) vl = min(100, VLEN/16)
def known_vwork(vlen: int) -> int:
    def w(vl, sew):
        return max(1, -(-vl * sew // vlen))
    return 5 + w(min(100, vlen // 2), 16) + w(4, 32) + w(min(100, vlen // 16), 32)


# Hooks for the self-test: the setup warms both functions up and replaces
# the spec's argument (1000) by 20; the check requires that argument back.
KNOWN_HOOKS = """
#include <stdint.h>
void isa_known_loop(uintptr_t n);
void isa_known_outer(uintptr_t n);
int isa_known_setup(uint64_t args[8])
{
    if (args[0] != 1000) return 1;
    isa_known_loop(7);
    isa_known_outer(9);
    args[0] = 20;
    return 0;
}
int isa_known_check(const uint64_t args[8], uint64_t ret)
{
    (void)ret;
    return args[0] != 20;
}
/* the driver's argument words: a pointer (to the zeroed output buffer) and
 * seven integers, in their places: returns 8765432 */
uintptr_t isa_known_args(uint64_t *o, uintptr_t b, uintptr_t c, uintptr_t d, uintptr_t e,
                         uintptr_t f, uintptr_t g, uintptr_t h)
{
    if (*o != 0) return 1;
    *o = 0x0123456789abcdefULL;
    return b + 10 * (c + 10 * (d + 10 * (e + 10 * (f + 10 * (g + 10 * h)))));
}
"""
KNOWN_ARGS_RET = 8765432


def known_checks(arch: Arch, known: tuple, d: str) -> list:
    """(what, got, expected, unit) of the known loop and its caller (known:
    a KNOWN entry), also after a setup hook that calls them first, and of
    the argument words reaching the callee."""
    src, loop_count, outer_own = known
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
    # hooks: the setup calls both functions (a warm-up, not counted) and
    # replaces the argument; the check sees the return value
    hs = os.path.join(d, "known_hooks.c")
    with open(hs, "w") as f:
        f.write(KNOWN_HOOKS)
    hobj = compile_source(arch, hs, os.path.join(d, "known_hooks.o"), opt="-O2")
    for what, sym, incl, want in (("own", "isa_known_loop", False, loop_count(20)),
                                  ("inclusive", "isa_known_outer", True,
                                   outer_own + loop_count(20))):
        # the loop leaves its counter, 0, in the return register; the
        # ppc64le one counts in ctr and leaves r3 = n
        got = count_call(arch, [obj, hobj], sym, "v1000", d, inclusive=incl,
                         setup="isa_known_setup", check="isa_known_check",
                         expect_ret=20 if arch.name == "ppc64le" else 0)
        checks.append((f"{sym.replace('isa_known_', '')}(20) {what}, after a setup "
                       f"calling it", got, want))
    # the driver's ABI: a buffer and seven words, one register (or stack slot) each
    ret = count_call_ex(arch, [obj, hobj], "isa_known_args", "o8 v2 v3 v4 v5 v6 v7 v8", d)[1]
    checks.append(("args(o8 v2 .. v8) returned", ret_int(ret), KNOWN_ARGS_RET, "(value)"))
    return checks


def selftest(archs, workdir: str) -> int:
    tested, bad = 0, 0
    for name in archs:
        arch = get_arch(name)
        miss = missing_tools(arch)
        if miss:
            print(f"isa_count selftest {arch.name}: skipped (missing {', '.join(miss)})")
            continue
        d = os.path.join(workdir, arch.name)
        checks = known_checks(arch, KNOWN[arch.name], d)
        for label, known in KNOWN_MORE.get(arch.name, ()):
            checks += [(f"{label}: {c[0]}", *c[1:])
                       for c in known_checks(arch, known, os.path.join(d, label.replace(" ", "_")))]
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
                wk = {}
                n = count_call_ex(arch, [vobj], "isa_known_vwork", "v100", d,
                                  cpu=f"rv64,v=true,vlen={vlen}", work=wk)[0]
                checks.append((f"vwork(100) vlen={vlen}: instructions", n, 8))
                checks.append((f"vwork(100) vlen={vlen}: register-group work", wk["work"],
                               known_vwork(vlen), "(work)"))
        tested += 1
        for what, got, want, *unit in checks:
            ok = got == want
            bad += not ok
            print(f"isa_count selftest {arch.name}: {what}: {got} {unit[0] if unit else 'instructions'}, "
                  f"expected {want}{'' if ok else '  MISMATCH'}")
    if tested == 0:
        print("isa_count selftest: no architecture has its cross gcc, nm and qemu: skipped")
        return 77
    print(f"isa_count selftest: {tested} architectures, {bad} mismatches")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--arch", default=None, help=f"{', '.join(ARCHS)} (--selftest: comma list)")
    ap.add_argument("--symbol")
    ap.add_argument("--obj", action="append", default=[], help="object or source file (repeatable)")
    ap.add_argument("--args", default="", help='argument spec, e.g. "o4w i4w i4w"')
    ap.add_argument("--cpu", default=None, help="qemu -cpu model, e.g. rv64,v=true,vlen=256")
    ap.add_argument("--cflags", default="", help="extra flags for compiling sources given with --obj")
    ap.add_argument("--fill", choices=("small", "rand", "zero"), default="small")
    ap.add_argument("--inclusive", action="store_true", help="count callees too")
    ap.add_argument("--setup", default=None, metavar="FN",
                    help="int FN(uint64_t args[8]) runs before the counted call (not counted)")
    ap.add_argument("--check", default=None, metavar="FN",
                    help="int FN(const uint64_t args[8], uint64_t ret) runs after it (not counted)")
    ap.add_argument("--expect-ret", default=None, type=lambda v: int(v, 0), metavar="N",
                    help="fail unless the counted call returns N (as a C int)")
    ap.add_argument("--profile", default=0, type=int, metavar="N",
                    help="also print the N functions with the most instructions counted")
    ap.add_argument("--work", action="store_true",
                    help="rv64: also the register-group work (vwork.py: scalar instructions + "
                         "max(1, ceil(vl SEW / VLEN)) per vector instruction)")
    ap.add_argument("--workdir", default=None, help="keep the binaries here (default: a temporary dir)")
    ap.add_argument("--selftest", action="store_true")
    # "--cflags -I..." as well as "--cflags=-I..." (argparse takes a lone
    # "-I..." for an option)
    argv = list(sys.argv[1:] if argv is None else argv)
    for i in range(len(argv) - 1):
        if argv[i] == "--cflags":
            argv[i:i + 2] = [f"--cflags={argv[i + 1]}"]
            break
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
        prof = {} if a.profile > 0 else None
        wk = {} if a.work else None
        n, ret, _ = count_call_ex(arch, objs, a.symbol, a.args, workdir, a.cpu, a.inclusive,
                                  a.fill, a.setup, a.check, a.expect_ret, prof, wk)
        print(f"{a.symbol} ({arch.name}{', cpu ' + a.cpu if a.cpu else ''}"
              f"{', callees included' if a.inclusive else ''}): {n} instructions"
              + (f", register-group work {wk['work']}" if wk else "")
              + (f", returned {ret_int(ret)}" if a.expect_ret is not None else ""))
        if prof:
            print_profile(prof, n, a.profile)
        return 0
    except IsaCountError as e:
        print(f"isa_count: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp:
            tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
