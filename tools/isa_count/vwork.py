# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Register-group work of a counted RVV call (isa_count.py --work).

One LMUL-8 instruction does eight times the work of an LMUL-1 one, so beside
the instruction count the NTT issue asks for "register-group work":
    scalar instructions + sum over vector instructions of max(1, ceil(vl SEW / VLEN)).
qemu 7.2 logs neither vl nor vtype, so they are rebuilt here: the trace is
taken with "-d cpu" (the integer registers before every instruction), every
traced pc is decoded statically (llvm-objdump, or the cross objdump, of the
linked program), and each vsetvli / vsetivli / vsetvl is replayed: SEW and
LMUL from its vtype (vsetvl: the vtype register's value), AVL from its rs1
register (x0 with rd != x0: VLMAX; both x0: vl kept) or its immediate,
vl = min(AVL, VLMAX), VLMAX = LMUL VLEN / SEW.  Vector-configuration
instructions count 1, like scalar ones.  SEW is vtype's for every vector
instruction (loads of another element width included), as the metric is
defined.
"""
from __future__ import annotations

import math
import re
import shutil
import subprocess

PC = re.compile(r"^ pc\s+([0-9a-f]+)")
REG = re.compile(r"x(\d+)/(\w+)\s+([0-9a-f]+)")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
VTYPE_SEW = re.compile(r"^e(8|16|32|64)$")
VTYPE_LMUL = re.compile(r"^m(f?)(\d)$")


def objdump_tool(triple: str) -> list:
    if shutil.which("llvm-objdump"):
        return ["llvm-objdump", "--mattr=+v", "-d", "--no-show-raw-insn"]
    return [f"{triple}-objdump", "-d", "--no-show-raw-insn", "-M", "no-aliases"]


def static_insns(triple: str, exe: str) -> dict:
    """{pc: (mnemonic, [operands])} of the program's text."""
    out = subprocess.run([*objdump_tool(triple), exe], capture_output=True, text=True,
                         check=True).stdout
    insns = {}
    for line in out.splitlines():
        m = INSN.match(line)
        if m:
            ops = [o.strip() for o in m.group(3).split("#")[0].split(",") if o.strip()]
            insns[int(m.group(1), 16)] = (m.group(2), ops)
    return insns


def trace_states(log: str):
    """(pc, register lines) per traced instruction of a "-d cpu" log."""
    pc, lines = None, []
    with open(log, errors="replace") as f:
        for line in f:
            m = PC.match(line)
            if m:
                if pc is not None:
                    yield pc, lines
                pc, lines = int(m.group(1), 16), []
            elif pc is not None:
                lines.append(line)
    if pc is not None:
        yield pc, lines


def regs(lines) -> dict:
    """{abi name and xN: value} from a dump's register lines."""
    out = {}
    for line in lines:
        for n, name, v in REG.findall(line):
            out[name] = out[f"x{n}"] = int(v, 16)
    return out


class VState:
    """vl and vtype of the traced hart, and the work of each instruction."""

    def __init__(self, vlen: int):
        self.vlen, self.sew, self.lmul, self.vl = vlen, 8, 1.0, 0

    def _vtype(self, fields) -> None:
        for f in fields:
            m = VTYPE_SEW.match(f)
            if m:
                self.sew = int(m.group(1))
            m = VTYPE_LMUL.match(f)
            if m:
                self.lmul = 1 / int(m.group(2)) if m.group(1) else float(m.group(2))

    def _set_vl(self, rd: str, avl_reg: str | None, avl: int | None, r) -> None:
        vlmax = int(self.lmul * self.vlen // self.sew)
        if avl_reg == "zero":
            if rd != "zero":
                self.vl = vlmax
            return  # rd = rs1 = x0: vl kept (vtype changes)
        if avl is None:
            avl = r()[avl_reg]
        self.vl = min(avl, vlmax)

    def step(self, mnemonic: str, ops: list, r) -> int:
        """Work of one executed instruction; r() gives the registers before it."""
        if mnemonic == "vsetvli":
            self._vtype(ops[2:])
            self._set_vl(ops[0], ops[1], None, r)
            return 1
        if mnemonic == "vsetivli":
            self._vtype(ops[2:])
            self._set_vl(ops[0], None, int(ops[1], 0), r)
            return 1
        if mnemonic == "vsetvl":
            vt = r()[ops[2]]
            self.sew = 8 << ((vt >> 3) & 7)
            lm = vt & 7
            self.lmul = float(1 << lm) if lm < 4 else 1 / (1 << (8 - lm))
            self._set_vl(ops[0], ops[1], None, r)
            return 1
        if mnemonic.startswith("v"):
            return max(1, math.ceil(self.vl * self.sew / self.vlen))
        return 1


def vlen_of(cpu: str | None) -> int:
    m = re.search(r"vlen=(\d+)", cpu or "")
    return int(m.group(1)) if m else 128
