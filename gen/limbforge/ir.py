# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The IR: straight-line programs over w-bit words (w = Program.wbits: 64, or 32
for the targets without a 64x64 -> 128 product, such as the C32 printer's).

A Program has array arguments (outputs and inputs, each a fixed number of
w-bit little-endian words), constant tables, and a list of Ops in SSA form.
Values are either words (kind 'w', 0 <= v < 2^w) or carries (kind 'c', 0/1).
Below, 64 stands for w.
There are no branches and every memory index is a compile-time integer, so a
program cannot branch or index on data; the verifier checks the rest.

Ops (dsts <- srcs):
  load   w      <- (array, index)          array is an argument or constant table
  store         <- (array, index), w
  const  w      <- imm
  clear  c0,c1  <- ()                       two zero carries, for two independent
                                           carry chains (x86: CF and OF)
  mul    lo,hi  <- a, b                     full 64x64->128 product
  mullo  w      <- a, b                     low half only
  madd   lo,hi  <- a, b, c, d               a*b + c + d (< 2^128: no carry out;
                                           the "madd" style, ARM UMAAL)
  add    s,co   <- a, b, ci|None            s = a+b+ci mod 2^64, co carry out
  sub    d,bo   <- a, b, bi|None            d = a-b-bi mod 2^64, bo borrow out
  csel   w      <- c, a, b                  c ? a : b  (constant time)
  mask   w      <- c                        c ? 2^64-1 : 0
  cword  w      <- c                        the carry as a word (0/1)
  and/or/xor w  <- a, b
  shl/shr w     <- a, k                     k compile-time, 0 < k < 64
  shrd   w      <- hi, lo, k                (hi:lo) >> k, low word
The chain of a carry (which hardware flag a printer may keep it in) is the
chain of the carry it came from; `clear` starts chain 0 and chain 1, and an
add/sub without carry-in starts chain 0.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MASK64 = (1 << 64) - 1

OPCODES = {
    # name: (number of word/carry dsts, source kinds)
    "load": 1, "store": 0, "const": 1, "clear": 2, "mul": 2, "mullo": 1, "madd": 2,
    "add": 2, "sub": 2, "csel": 1, "mask": 1, "cword": 1,
    "and": 1, "or": 1, "xor": 1, "shl": 1, "shr": 1, "shrd": 1,
}


@dataclass(eq=False)
class Val:
    id: int
    kind: str            # 'w' word, 'c' carry
    chain: int = 0       # carries only
    name: str = ""

    def __repr__(self) -> str:
        return f"{'c' if self.kind == 'c' else 'v'}{self.id}"


@dataclass(eq=False)
class Op:
    opcode: str
    dsts: list            # list[Val | None]; None = result unused
    srcs: list            # list[Val | None]
    imm: tuple = ()       # compile-time operands: (array, index), (imm,), (k,)

    def __repr__(self) -> str:
        return f"{self.dsts} = {self.opcode} {self.srcs} {self.imm}"


@dataclass
class Array:
    name: str
    words: int
    role: str             # 'out', 'in' or 'const'
    data: tuple = ()      # const tables only


@dataclass
class Program:
    name: str
    arrays: list = field(default_factory=list)
    ops: list = field(default_factory=list)
    comment: str = ""     # algorithm and bounds, printed above the function
    wbits: int = 64       # the word size w
    _next: int = 0

    @property
    def wmask(self) -> int:
        """2^w - 1."""
        return (1 << self.wbits) - 1

    # ---- arguments -------------------------------------------------------
    def out(self, name: str, words: int) -> Array:
        return self._array(Array(name, words, "out"))

    def inp(self, name: str, words: int) -> Array:
        return self._array(Array(name, words, "in"))

    def table(self, name: str, data) -> Array:
        data = tuple(int(x) & self.wmask for x in data)
        return self._array(Array(name, len(data), "const", data))

    def _array(self, a: Array) -> Array:
        assert all(b.name != a.name for b in self.arrays), a.name
        self.arrays.append(a)
        return a

    def args(self) -> list:
        return [a for a in self.arrays if a.role != "const"]

    # ---- value construction ----------------------------------------------
    def _val(self, kind: str, chain: int = 0) -> Val:
        self._next += 1
        return Val(self._next, kind, chain)

    def _emit(self, opcode, dsts, srcs, imm=()):
        self.ops.append(Op(opcode, dsts, list(srcs), tuple(imm)))
        return dsts

    def load(self, arr: Array, i: int) -> Val:
        assert arr.role in ("in", "const") and 0 <= i < arr.words
        return self._emit("load", [self._val("w")], [], (arr.name, i))[0]

    def store(self, arr: Array, i: int, v: Val) -> None:
        assert arr.role == "out" and 0 <= i < arr.words and v.kind == "w"
        self._emit("store", [], [v], (arr.name, i))

    def const(self, x: int) -> Val:
        return self._emit("const", [self._val("w")], [], (int(x) & self.wmask,))[0]

    def clear(self):
        return tuple(self._emit("clear", [self._val("c", 0), self._val("c", 1)], []))

    def mul(self, a: Val, b: Val):
        return tuple(self._emit("mul", [self._val("w"), self._val("w")], [a, b]))

    def madd(self, a: Val, b: Val, c: Val, d: Val):
        return tuple(self._emit("madd", [self._val("w"), self._val("w")], [a, b, c, d]))

    def mullo(self, a: Val, b: Val) -> Val:
        return self._emit("mullo", [self._val("w")], [a, b])[0]

    def add(self, a: Val, b: Val, ci: Val | None = None):
        chain = ci.chain if ci is not None else 0
        return tuple(self._emit("add", [self._val("w"), self._val("c", chain)], [a, b, ci]))

    def sub(self, a: Val, b: Val, bi: Val | None = None):
        chain = bi.chain if bi is not None else 0
        return tuple(self._emit("sub", [self._val("w"), self._val("c", chain)], [a, b, bi]))

    def csel(self, c: Val, a: Val, b: Val) -> Val:
        return self._emit("csel", [self._val("w")], [c, a, b])[0]

    def mask(self, c: Val) -> Val:
        return self._emit("mask", [self._val("w")], [c])[0]

    def cword(self, c: Val) -> Val:
        return self._emit("cword", [self._val("w")], [c])[0]

    def logic(self, op: str, a: Val, b: Val) -> Val:
        assert op in ("and", "or", "xor")
        return self._emit(op, [self._val("w")], [a, b])[0]

    def shl(self, a: Val, k: int) -> Val:
        assert 0 < k < self.wbits
        return self._emit("shl", [self._val("w")], [a], (k,))[0]

    def shr(self, a: Val, k: int) -> Val:
        assert 0 < k < self.wbits
        return self._emit("shr", [self._val("w")], [a], (k,))[0]

    def shrd(self, hi: Val, lo: Val, k: int) -> Val:
        assert 0 < k < self.wbits
        return self._emit("shrd", [self._val("w")], [hi, lo], (k,))[0]

    # ---- helpers ----------------------------------------------------------
    def array(self, name: str) -> Array:
        for a in self.arrays:
            if a.name == name:
                return a
        raise KeyError(name)

    def prune(self) -> "Program":
        """Drop ops whose results are never used (dead code), and replace
        unused carry/word outputs by None so printers can pick cheaper forms."""
        used: set = set()
        keep = []
        for op in reversed(self.ops):
            live = op.opcode == "store" or any(d is not None and d.id in used for d in op.dsts)
            if not live:
                continue
            op.dsts = [d if (d is not None and d.id in used) else None for d in op.dsts]
            # a sum whose carry is unused stays; a sum unused but carry used stays too
            for s in op.srcs:
                if s is not None:
                    used.add(s.id)
            keep.append(op)
        self.ops = keep[::-1]
        return self

    def count(self) -> dict:
        out: dict = {}
        for op in self.ops:
            out[op.opcode] = out.get(op.opcode, 0) + 1
        return out
