#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""No division instruction in the compiled ML-KEM code (the KyberSlash class).

A hardware division takes a time that depends on its operands on most cores;
KyberSlash (2024) recovered ML-KEM keys from the division by q that C
compilers emitted for `x / 3329` on a secret x (at -Os, or on targets without
a multiply-high).  This test disassembles the library's object files and
fails on any integer division instruction, or any call or relocation to a
division helper (__aeabi_uidiv, __udivdi3, ...: what gcc emits where the ISA
has no divide), in the objects selected by --select (default: src/mlkem/).

  test_nodiv.py --objdump OBJDUMP [--select RE] [--cc CC [--cflag F]...] OBJ...
  test_nodiv.py --selftest --objdump OBJDUMP --cc CC [--cflag F]...

The instruction set is read from objdump's "file format" line: x86 (div,
idiv), AArch64 and Arm (udiv, sdiv), RISC-V (div[u][w], rem[u][w], vector
vdiv/vrem), POWER (divw*, divd*, mod*), s390x (d, dr, dl*, dsg*); others
(wasm: the engine chooses the machine code) are skipped (exit 77).
Floating-point divisions are not flagged.  With --cc
the check first compiles small C files with that compiler (-O2 -c): one
dividing by a variable, which must be flagged, and a multiply-shift, which
must not: so an objdump that cannot read the target, or a parser that misses
the target's division, fails the test instead of passing it.  It also says
whether that compiler divides x / 3329u with a division instruction (gcc on
RISC-V does, even at -O2: any such expression on a secret there is the
KyberSlash bug).  --selftest runs only that control plus parser checks
on canned disassembly.  Exit 77 when objdump cannot disassemble the objects
(a cross build without the target's objdump) or the instruction set is not
one of these.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

DIV = {
    "x86": re.compile(r"^i?div[bwlq]?$"),
    "arm": re.compile(r"^[us]div"),
    "riscv": re.compile(r"^((div|rem)u?w?|v(div|rem)u?\.\w+)$"),
    "ppc": re.compile(r"^(div[wd]\w*\.?|mod[su][wd])$"),
    "s390": re.compile(r"^(d|dr|dl|dlr|dlg|dlgr|dsg|dsgr|dsgf|dsgfr)$"),
}
# compiler helpers for a division the ISA lacks (libgcc, compiler-rt, Arm EABI)
LIBCALL = re.compile(r"\b(__aeabi_u?l?i?div\w*|__aeabi_u?ldivmod|__u?(?:div|mod|divmod)[sdt]i[34])\b")
FORMAT = re.compile(r"file format (\S+)")
FUNC = re.compile(r"^[0-9a-f]+ <([^>]+)>:")
INSN = re.compile(r"^\s*[0-9a-f]+:\s+(.*)$")
RELOC = re.compile(r"^\s*[0-9a-f]+:\s+R_\w+\s+(\S+)")
PREFIXES = {"lock", "rep", "repz", "repe", "repnz", "repne", "data16", "bnd", "notrack",
            "cs", "ds", "es", "fs", "gs", "ss", "addr32"}


def isa_of(fmt):
    f = fmt.lower()
    for key, isa in (("x86-64", "x86"), ("i386", "x86"), ("x86", "x86"), ("aarch64", "arm"),
                     ("arm", "arm"), ("riscv", "riscv"), ("powerpc", "ppc"), ("ppc", "ppc"),
                     ("s390", "s390")):
        if key in f:
            return isa
    return None


def scan(disasm):
    """(isa, instructions seen, [(object, function, what)]) of one objdump -dr listing."""
    found, isa, obj, func, ninsn = [], None, "?", "?", 0
    for line in disasm.splitlines():
        m = FORMAT.search(line)
        if m:
            obj = line.split(":")[0].strip()
            isa = isa_of(m.group(1)) or isa
            continue
        m = FUNC.match(line)
        if m:
            if not m.group(1).startswith(".L"):  # local labels (RISC-V gcc keeps them)
                func = m.group(1)
            continue
        m = RELOC.match(line)
        if m:
            if LIBCALL.search(m.group(1)):
                found.append((obj, func, "relocation " + m.group(1)))
            continue
        m = INSN.match(line)
        if not m:
            continue
        text = m.group(1).strip()
        if not text or text.startswith("(bad)") or text.startswith("..."):
            continue
        ninsn += 1
        words = text.replace(",", " ").split()
        while words and words[0] in PREFIXES:
            words.pop(0)
        if words and isa and DIV[isa].match(words[0]):
            found.append((obj, func, text))
        elif LIBCALL.search(text):
            found.append((obj, func, text))
    return isa, ninsn, found


def disassemble(objdump, objs):
    try:
        p = subprocess.run([objdump, "-dr", "--no-show-raw-insn"] + objs,
                           capture_output=True, text=True)
    except OSError as e:
        return None, str(e)
    bad = re.search(r"can't disassemble|not supported|unknown architecture|file format not recognized"
                    r"|UNKNOWN!", p.stdout + p.stderr)
    if p.returncode != 0 or bad:
        return None, (p.stderr or p.stdout).strip()[-500:]
    return p.stdout, ""


def control(objdump, cc, cflags):
    """Compiles a variable and a constant division; 0 when the first is
    flagged and the second not, 77 when objdump cannot read the target."""
    srcs = {"vardiv": "unsigned f(unsigned a, unsigned b) { return a / b; }\n"
                      "unsigned long long g(unsigned long long a, unsigned long long b)"
                      " { return a % b; }\n",
            "nodiv": "unsigned f(unsigned a, unsigned b)"
                     " { return (unsigned)(((unsigned long long)a * 20159u) >> 26) * b; }\n",
            "constdiv": "unsigned f(unsigned a) { return a / 3329u; }\n"}
    with tempfile.TemporaryDirectory() as d:
        got = {}
        for name, src in srcs.items():
            c, o = os.path.join(d, name + ".c"), os.path.join(d, name + ".o")
            with open(c, "w") as f:
                f.write(src)
            p = subprocess.run([cc] + cflags + ["-O2", "-c", c, "-o", o],
                               capture_output=True, text=True)
            if p.returncode != 0:
                print(f"test_nodiv: cannot compile the control with {cc}: {p.stderr.strip()[-500:]}")
                return 1
            dis, why = disassemble(objdump, [o])
            if dis is None:
                print(f"test_nodiv: {objdump} cannot disassemble the target's code: {why}: skipped")
                return 77
            got[name] = scan(dis)
    isa, n, found = got["vardiv"]
    if isa is None:
        print("test_nodiv: an instruction set this test does not know (wasm: the engine picks "
              "the machine code): skipped")
        return 77
    if n == 0:
        print("test_nodiv: FAIL control: nothing disassembled")
        return 1
    if not found:
        print(f"test_nodiv: FAIL control: the division by a variable was not detected ({isa})")
        return 1
    if got["nodiv"][2]:
        print(f"test_nodiv: FAIL control: flagged a multiply-shift: {got['nodiv'][2]}")
        return 1
    how = ("a division instruction: the KyberSlash hazard" if got["constdiv"][2]
           else "no division")
    print(f"test_nodiv: control ({isa}): a variable division flagged ({found[0][2]}), "
          f"a multiply-shift not; x / 3329u compiles to {how}")
    return 0


CANNED = {
    "x86": ("a.o:     file format elf64-x86-64\n0000000000000000 <f>:\n"
            "   0:\tmov    %edi,%eax\n   2:\txor    %edx,%edx\n   4:\tdivl   %esi\n"
            "   6:\tdivss  %xmm1,%xmm0\n   a:\tret\n", 1),
    "x86 libcall": ("a.o:     file format elf32-i386\n00000000 <g>:\n"
                    "   0:\tcall   1 <g+0x1>\n\t\t\t1: R_386_PC32\t__udivdi3\n", 1),
    "aarch64": ("a.o:     file format elf64-littleaarch64\n0000000000000000 <f>:\n"
                "   0:\tudiv\tw0, w0, w1\n   4:\tfdiv\ts0, s0, s1\n   8:\tret\n", 1),
    "armhf": ("a.o:     file format elf32-littlearm\n00000000 <f>:\n"
              "   0:\tpush\t{r4, lr}\n   4:\tbl\t0 <__aeabi_uidiv>\n"
              "\t\t\t4: R_ARM_CALL\t__aeabi_uidiv\n   8:\tvdiv.f32\ts0, s0, s1\n", 2),
    "riscv": ("a.o:     file format elf64-littleriscv\n0000000000000000 <f>:\n"
              "   0:\tdivuw\ta0,a0,a1\n   4:\tremu\ta0,a0,a1\n   8:\tdivw\ta0,a0,a1\n"
              "   c:\tfdiv.s\tfa0,fa0,fa1\n  10:\tvdivu.vv\tv8,v8,v9\n  14:\tret\n", 4),
    "clean": ("a.o:     file format elf64-x86-64\n0000000000000000 <f>:\n"
              "   0:\timul   $0x4ec5,%edi,%eax\n   6:\tshr    $0x10,%eax\n"
              "   9:\tcall   e <f+0xe>\n\t\t\ta: R_X86_64_PLT32\tlf_sha3_256-0x4\n"
              "   e:\tlea    0x0(,%rax,8),%rdx\n  16:\tret\n", 0),
}


def parser_selftest():
    ok = True
    for name, (dis, want) in CANNED.items():
        _, _, found = scan(dis)
        if len(found) != want:
            print(f"test_nodiv: FAIL parser self-test {name}: {len(found)} found, want {want}: {found}")
            ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--select", default=r"/src/mlkem/", help="regex on the object paths")
    ap.add_argument("--cc", help="the target's C compiler, for the control")
    ap.add_argument("--cflag", action="append", default=[], help="a flag for --cc (repeat)")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("objs", nargs="*")
    a = ap.parse_args()
    cflags = [f for f in a.cflag if f]
    if a.selftest:
        if not parser_selftest():
            return 1
        if not a.cc:
            ap.error("--selftest needs --cc")
        rc = control(a.objdump, a.cc, cflags)
        if rc == 0:
            print("test_nodiv selftest: ok")
        return rc
    if a.cc:
        rc = control(a.objdump, a.cc, cflags)
        if rc:
            return rc
    objs = [o for o in a.objs if o and re.search(a.select, o.replace(os.sep, "/"))]
    if not objs:
        print(f"test_nodiv: FAIL no object matches {a.select!r} among {len(a.objs)}")
        return 1
    missing = [o for o in objs if not os.path.exists(o)]
    if missing:
        print(f"test_nodiv: FAIL not built: {missing[:5]}")
        return 1
    dis, why = disassemble(a.objdump, objs)
    if dis is None:
        print(f"test_nodiv: {a.objdump} cannot disassemble these objects: {why}: skipped")
        return 77
    isa, n, found = scan(dis)
    if isa is None:
        print("test_nodiv: unknown instruction set: skipped")
        return 77
    for obj, func, what in found:
        print(f"FAIL {os.path.basename(obj)}: {func}: {what}")
    print(f"test_nodiv: {len(objs)} objects ({isa}), {n} instructions: "
          f"{len(found) or 'no'} division{'s' if len(found) != 1 else ''}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
