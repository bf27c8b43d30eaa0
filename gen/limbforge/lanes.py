# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The lane IR: straight-line programs over vectors of independent 64-bit
lanes, for batched field arithmetic in unsaturated radix 2^52 (AVX-512 IFMA,
RVV, portable C; src/field/README.md, "Vector arithmetic").

Every lane runs the same program on its own data, so a program is written
once as if for one lane.  Every value carries an interval [lo, hi] of the
integer it holds, tracked at generation time: a program that builds a value
whose interval does not fit a 64-bit word (unsigned, or two's-complement
signed) or feeds a multiplier more than 52 bits fails when it is built, not
when it runs.  The interpreter (`run`) executes on exact Python ints and checks
every value against its interval, so a wrong bound cannot go unnoticed.

Arrays (arguments):
  lanes  rows x W words, lane-major: word i of lane l at [i*W + l]
  elems  W elements of `words` 64-bit words each, element-major: word j of
         lane l at [l*words + j] (the library's element arrays)
  elem1  one element of `words` words, the same in every lane (broadcast)
W (lanes per vector) is the printer's: 8 for AVX-512 and the portable C.

Ops (dst <- srcs):
  ld     v <- (array, i)         lanes row i / elems word i / elem1 word i
  st        <- (array, i), v
  const  v <- imm                 the same word in every lane
  madlo  v <- acc|None, a, b      acc + (a*b mod 2^52); a and b below 2^52 (for
                                  `low52` sources only their low 52 bits count:
                                  the result depends only on them)
  madhi  v <- acc|None, a, b      acc + floor(a*b / 2^52); a, b < 2^52 (or `low52`
                                  sources, of which only the low 52 bits count)
  add/sub v <- a, b
  shl/shr/sra v <- a, k           logical left/right, arithmetic right; 0 < k < 64
  and    v <- a, imm              a & imm (two's complement)
  or     v <- a, b
  shrd   v <- hi, lo, k           ((hi * 2^64 + lo) >> k) mod 2^64, 0 < k < 64
  sel    v <- m, a, b             m is 0 or -1 (all ones): m ? a : b
  assume v <- a                   a itself, with a narrower interval that a
                                  fact about the whole value guarantees (no code)

Loop programs (LProgram.loop = nbmax > 0): the ops before `endloop` are a
loop body, run once per block of W elements (nb <= nbmax blocks; elems
arrays advance by a block each), the ops after it (the tail) once; body and
tail share no values (each builds its own constants).  Loop-carried
state is only accumulators (slots), each zero at the start:
  accum     <- (k,), v            (body) slot k += v; v >= 0, once per body
  endloop                         the end of the body
  total  v <- (k,)                (tail) the sum in slot k: an interval of
                                  [0, nbmax * (the hi of the v of accum k)]
Sums of non-negative values that fit a word in any order: a printer may
run blocks in any order or interleave them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

M52 = (1 << 52) - 1
MASK64 = (1 << 64) - 1


def _fits(lo: int, hi: int) -> bool:
    return (0 <= lo and hi <= MASK64) or (-(1 << 63) <= lo and hi < (1 << 63))


@dataclass(eq=False)
class LVal:
    id: int
    lo: int
    hi: int

    def __repr__(self) -> str:
        return f"v{self.id}"


@dataclass(eq=False)
class LOp:
    opcode: str
    dst: LVal | None
    srcs: list
    imm: tuple = ()


@dataclass
class LArray:
    name: str
    kind: str         # 'lanes', 'elems' or 'elem1'
    role: str         # 'in' or 'out'
    rows: int         # lanes: rows; elems/elem1: words per element
    bound: int = MASK64  # inputs: every word (lanes: every limb) is <= bound


@dataclass
class LProgram:
    name: str
    arrays: list = field(default_factory=list)
    ops: list = field(default_factory=list)
    comment: str = ""
    blocks: bool = False  # printed with a block count nb: 8*nb lanes (elems
                          # arrays advance by a block each), no lanes arrays
    loop: int = 0         # > 0: a loop program over at most this many blocks
    _next: int = 0
    _steps: dict = field(default_factory=dict)  # slot -> its increment's hi
    _tail: bool = False                          # past endloop

    # ---- arguments --------------------------------------------------------
    def arg(self, name: str, kind: str, role: str, rows: int, bound: int = MASK64) -> LArray:
        assert kind in ("lanes", "elems", "elem1") and role in ("in", "out")
        assert all(a.name != name for a in self.arrays), name
        a = LArray(name, kind, role, rows, bound)
        self.arrays.append(a)
        return a

    # ---- values -----------------------------------------------------------
    def _v(self, lo: int, hi: int, what: str) -> LVal:
        assert lo <= hi and _fits(lo, hi), f"{self.name}: {what} [{lo}, {hi}] does not fit a word"
        self._next += 1
        return LVal(self._next, lo, hi)

    def _emit(self, opcode, dst, srcs, imm=()):
        self.ops.append(LOp(opcode, dst, list(srcs), tuple(imm)))
        return dst

    def ld(self, arr: LArray, i: int) -> LVal:
        assert arr.role == "in" and 0 <= i < arr.rows
        return self._emit("ld", self._v(0, arr.bound, "load"), [], (arr.name, i))

    def st(self, arr: LArray, i: int, v: LVal) -> None:
        assert arr.role == "out" and 0 <= i < arr.rows
        assert 0 <= v.lo and v.hi <= arr.bound, f"{self.name}: store of [{v.lo}, {v.hi}]"
        self._emit("st", None, [v], (arr.name, i))

    def const(self, x: int) -> LVal:
        assert 0 <= x <= MASK64
        return self._emit("const", self._v(x, x, "const"), [], (x,))

    def _mad(self, opcode, acc, a, b, low52):
        for x in (a, b):
            assert x.lo >= 0 and (x.hi <= M52 or low52), \
                f"{self.name}: {opcode} operand [{x.lo}, {x.hi}] over 52 bits"
        add = M52 if opcode == "madlo" else (min(a.hi, M52) * min(b.hi, M52)) >> 52
        lo, hi = (acc.lo, acc.hi) if acc is not None else (0, 0)
        return self._emit(opcode, self._v(lo, hi + add, opcode), [acc, a, b])

    def madlo(self, acc, a, b, low52: bool = False) -> LVal:
        return self._mad("madlo", acc, a, b, low52)

    def madhi(self, acc, a, b, low52: bool = False) -> LVal:
        return self._mad("madhi", acc, a, b, low52)

    def add(self, a: LVal, b: LVal) -> LVal:
        return self._emit("add", self._v(a.lo + b.lo, a.hi + b.hi, "add"), [a, b])

    def sub(self, a: LVal, b: LVal) -> LVal:
        return self._emit("sub", self._v(a.lo - b.hi, a.hi - b.lo, "sub"), [a, b])

    def shl(self, a: LVal, k: int, wrap: bool = False) -> LVal:
        """a << k; wrap: modulo 2^64 (bits shifted out are dropped)."""
        assert 0 < k < 64 and a.lo >= 0
        if wrap and (a.hi << k) > MASK64:
            return self._emit("shl", self._v(0, MASK64, "shl"), [a], (k,))
        return self._emit("shl", self._v(a.lo << k, a.hi << k, "shl"), [a], (k,))

    def shr(self, a: LVal, k: int) -> LVal:
        assert 0 < k < 64 and a.lo >= 0
        return self._emit("shr", self._v(a.lo >> k, a.hi >> k, "shr"), [a], (k,))

    def sra(self, a: LVal, k: int) -> LVal:
        assert 0 < k < 64 and a.lo >= -(1 << 63) and a.hi < (1 << 63)
        return self._emit("sra", self._v(a.lo >> k, a.hi >> k, "sra"), [a], (k,))

    def andi(self, a: LVal, m: int) -> LVal:
        assert 0 <= m <= MASK64
        if 0 <= a.lo and a.hi <= m and (m & (m + 1)) == 0:
            return a                     # a mask of low bits that cannot change a
        return self._emit("and", self._v(0, m, "and"), [a], (m,))

    def shrd(self, hi: LVal, lo: LVal, k: int) -> LVal:
        assert 0 < k < 64 and hi.lo >= 0 and lo.lo >= 0
        top = min(MASK64, (hi.hi << (64 - k)) | ((1 << (64 - k)) - 1))
        return self._emit("shrd", self._v(0, top, "shrd"), [hi, lo], (k,))

    def or_(self, a: LVal, b: LVal) -> LVal:
        assert a.lo >= 0 and b.lo >= 0
        hi = (1 << max(a.hi, b.hi).bit_length()) - 1
        return self._emit("or", self._v(0, hi, "or"), [a, b])

    def assume(self, a: LVal, lo: int, hi: int) -> LVal:
        """a, known (by an argument about the whole value, stated where this
        is called) to lie in [lo, hi]: no code, a narrower interval.  The
        interpreter checks it on every value it runs."""
        return self._emit("assume", self._v(max(lo, a.lo), min(hi, a.hi), "assume"), [a])

    def sel(self, m: LVal, a: LVal, b: LVal) -> LVal:
        assert m.lo >= -1 and m.hi <= 0
        return self._emit("sel", self._v(min(a.lo, b.lo), max(a.hi, b.hi), "sel"), [m, a, b])

    # ---- loop programs ----------------------------------------------------
    def accum(self, k: int, v: LVal) -> None:
        assert self.loop and not self._tail and k not in self._steps
        assert v.lo >= 0, f"{self.name}: accum of [{v.lo}, {v.hi}]"
        # the slot after nbmax blocks must fit a word
        assert self.loop * v.hi <= MASK64, f"{self.name}: slot {k} overflows"
        self._steps[k] = v.hi
        self._emit("accum", None, [v], (k,))

    def end_loop(self) -> None:
        assert self.loop and not self._tail and self._steps
        self._tail = True
        self._emit("endloop", None, [])

    def total(self, k: int) -> LVal:
        assert self._tail
        return self._emit("total", self._v(0, self.loop * self._steps[k], "total"), [], (k,))

    def sections(self) -> tuple:
        """(body ops, tail ops) of a loop program; checks that they share no
        values"""
        i = next(j for j, op in enumerate(self.ops) if op.opcode == "endloop")
        body, tail = self.ops[:i], self.ops[i + 1:]
        defined = {op.dst.id for op in body if op.dst is not None}
        for op in tail:
            assert all(x is None or x.id not in defined for x in op.srcs), \
                f"{self.name}: the tail uses a body value"
        return body, tail

    def slots(self) -> list:
        """The slots a loop program accumulates into, in order (0, 1, ...)"""
        out = sorted({op.imm[0] for op in self.ops if op.opcode == "accum"})
        assert out == list(range(len(out))), self.name
        return out

    # ---- helpers ----------------------------------------------------------
    def c_params(self) -> str:
        """The C parameter list of the printed kernel (every printer's):
        the arrays in order, then the block count of blocked kernels and
        loop programs"""
        params = ", ".join(f"uint64_t *{a.name}" if a.role == "out" else f"const uint64_t *{a.name}"
                           for a in self.arrays)
        return params + (", size_t nb" if self.blocks or self.loop else "")

    def array(self, name: str) -> LArray:
        for a in self.arrays:
            if a.name == name:
                return a
        raise KeyError(name)

    def prune(self) -> "LProgram":
        used: set = set()
        keep = []
        for op in reversed(self.ops):
            if op.opcode not in ("st", "accum", "endloop") and \
                    (op.dst is None or op.dst.id not in used):
                continue
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


def run(prog: LProgram, inputs: dict, lanes: int = 8, nb: int = 1) -> dict:
    """Execute prog on exact Python ints, `lanes` lanes.  inputs: array name ->
    list of words in the array's memory layout.  Returns output name -> words.
    Every value is checked against the interval it was built with.  Loop
    programs: nb (<= prog.loop) blocks, their elems arrays of lanes * nb
    elements."""
    assert nb == 1 or 0 < nb <= prog.loop
    mem, out = {}, {}
    for a in prog.arrays:
        size = a.rows * lanes * (nb if prog.loop else 1) if a.kind == "elems" else \
            a.rows * lanes if a.kind == "lanes" else a.rows
        if a.role == "in":
            ws = list(inputs[a.name])
            assert len(ws) == size, (a.name, len(ws), size)
            assert all(0 <= w <= a.bound for w in ws), f"{a.name}: input over its bound"
            mem[a.name] = ws
        else:
            out[a.name] = [None] * size
    kinds = {a.name: a for a in prog.arrays}
    body, tail = prog.sections() if prog.loop else ([], prog.ops)

    def execute(ops, env, slots, l, blk):
        def addr(name, i):
            a = kinds[name]
            return {"lanes": i * lanes + l, "elems": (blk * lanes + l) * a.rows + i,
                    "elem1": i}[a.kind]

        for op in ops:
            o, s = op.opcode, [env[x.id] if x is not None else 0 for x in op.srcs]
            if o == "ld":
                r = mem[op.imm[0]][addr(op.imm[0], op.imm[1])]
            elif o == "st":
                out[op.imm[0]][addr(op.imm[0], op.imm[1])] = s[0]
                continue
            elif o == "accum":
                slots[op.imm[0]] = slots.get(op.imm[0], 0) + s[0]
                continue
            elif o == "total":
                r = slots[op.imm[0]]
            elif o == "const":
                r = op.imm[0]
            elif o == "madlo":
                r = s[0] + ((s[1] & M52) * (s[2] & M52) & M52)
            elif o == "madhi":
                r = s[0] + (((s[1] & M52) * (s[2] & M52)) >> 52)
            elif o == "shrd":
                r = (((s[0] << 64) | s[1]) >> op.imm[0]) & MASK64
            elif o == "add":
                r = s[0] + s[1]
            elif o == "sub":
                r = s[0] - s[1]
            elif o == "shl":
                r = (s[0] << op.imm[0]) & MASK64
            elif o == "assume":
                r = s[0]
            elif o in ("shr", "sra"):
                r = s[0] >> op.imm[0]
            elif o == "and":
                r = s[0] & op.imm[0]
            elif o == "or":
                r = s[0] | s[1]
            elif o == "sel":
                assert s[0] in (0, -1)
                r = s[1] if s[0] else s[2]
            else:
                raise ValueError(o)
            d = op.dst
            assert d.lo <= r <= d.hi, f"{prog.name}: {o} gave {r}, outside [{d.lo}, {d.hi}]"
            env[d.id] = r

    for l in range(lanes):
        slots: dict = {}
        for blk in range(nb if prog.loop else 0):
            execute(body, {}, slots, l, blk)
        execute(tail, {}, slots, l, 0)
    return out
