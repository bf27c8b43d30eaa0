# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Register-group work of a counted RVV call (isa_count.py --work).

One LMUL-8 instruction does eight times the work of an LMUL-1 one, so beside
the instruction count the NTT issue asks for "register-group work":
    scalar instructions + sum over vector instructions of max(1, ceil(vl SEW / VLEN)).
qemu 7.2 logs neither vl nor vtype, so they are rebuilt here: the trace is
taken with "-d cpu" (the integer registers before every instruction), every
traced pc is decoded from its instruction word (the raw words of the cross
objdump's listing; decode() knows just enough of RVV 1.0), and each
vsetvli / vsetivli / vsetvl is replayed: SEW and
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
import subprocess

PC = re.compile(r"^ pc\s+([0-9a-f]+)")
REG = re.compile(r"x(\d+)/(\w+)\s+([0-9a-f]+)")
RAW = re.compile(r"^\s*([0-9a-f]+):\s+([0-9a-f]{4}|[0-9a-f]{8})\s")


def decode(w: int) -> tuple:
    """What the work count needs of one instruction word: ("vsetvli", rd,
    rs1, vtype), ("vsetivli", rd, avl, vtype), ("vsetvl", rd, rs1, rs2),
    ("vector",) or ("scalar",).  Decoded here from the encoding (RVV 1.0), so
    no disassembler that knows V is needed."""
    if w & 3 != 3:                               # compressed: never vector
        return ("scalar",)
    op, f3 = w & 0x7F, (w >> 12) & 7
    rd, rs1, rs2 = (w >> 7) & 31, (w >> 15) & 31, (w >> 20) & 31
    if op == 0x57:                               # OP-V
        if f3 != 7:
            return ("vector",)
        if w >> 31 == 0:
            return ("vsetvli", rd, rs1, (w >> 20) & 0x7FF)
        if w >> 30 == 3:
            return ("vsetivli", rd, rs1, (w >> 20) & 0x3FF)
        return ("vsetvl", rd, rs1, rs2)
    if op in (0x07, 0x27) and f3 in (0, 5, 6, 7):  # LOAD-FP / STORE-FP, vector widths
        return ("vector",)
    return ("scalar",)


def static_insns(triple: str, exe: str) -> dict:
    """{pc: decode(word)} of the program's text (raw words from objdump)."""
    out = subprocess.run([f"{triple}-objdump", "-d", exe], capture_output=True, text=True,
                         check=True).stdout
    insns = {}
    for line in out.splitlines():
        m = RAW.match(line)
        if m:
            insns[int(m.group(1), 16)] = decode(int(m.group(2), 16))
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

    def _vtype(self, vt: int) -> None:
        self.sew = 8 << ((vt >> 3) & 7)
        lm = vt & 7
        self.lmul = float(1 << lm) if lm < 4 else 1 / (1 << (8 - lm))

    def _set_vl(self, rd: int, rs1: int | None, avl: int | None, r) -> None:
        vlmax = int(self.lmul * self.vlen // self.sew)
        if rs1 == 0:
            if rd != 0:
                self.vl = vlmax
            return  # rd = rs1 = x0: vl kept (vtype changes)
        if avl is None:
            avl = r()[f"x{rs1}"]
        self.vl = min(avl, vlmax)

    def step(self, insn: tuple, r) -> int:
        """Work of one executed instruction (decode()); r() gives the
        registers before it."""
        kind = insn[0]
        if kind == "vsetvli":
            self._vtype(insn[3])
            self._set_vl(insn[1], insn[2], None, r)
            return 1
        if kind == "vsetivli":
            self._vtype(insn[3])
            self._set_vl(insn[1], None, insn[2], r)
            return 1
        if kind == "vsetvl":
            self._vtype(r()[f"x{insn[3]}"])
            self._set_vl(insn[1], insn[2], None, r)
            return 1
        if kind == "vector":
            return max(1, math.ceil(self.vl * self.sew / self.vlen))
        return 1


def vlen_of(cpu: str | None) -> int:
    m = re.search(r"vlen=(\d+)", cpu or "")
    return int(m.group(1)) if m else 128
