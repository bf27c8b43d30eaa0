# SPDX-License-Identifier: Apache-2.0 OR MIT
"""RISC-V Vector printer of lane programs (lanes.py): RVV 1.0 C intrinsics
(the __riscv_ names, v0.12: clang >= 16), SEW 64, vector-length agnostic.

A lane of the program is an element of a vector register group (LMUL
m1, m2 or m4, and the lowering of products: chosen per field by variant()
below).  Blocked kernels (vmul8 ...) strip-mine
over the 8*nb elements, vl = vsetvl(elements left); element arrays by
strided loads and stores (vlse64/vsse64, stride 8N bytes), so no transpose.
The x8 kernels and vmacl8 (lane-form arrays: exactly 8 lanes) loop over lane
groups of vl, unit-stride for lane-form rows (vmacl8, a loop program: per
lane group its nb blocks, strided loads, the column sums in registers, then
the tail).  Every load of a strip comes
before its first store, and a strip touches only its own elements, so
outputs may alias inputs element for element.

Values that depend on no lane (constants, and elem1 words: the one element
of vmuls8) stay scalar: their arithmetic runs once before the loop and they
enter vector instructions as .vx operands.

Products (madlo/madhi: 52 x 52 bits; IFMA's semantics, lanes.py): of the two
operands, one enters shifted left by 12 (x' = x << 12 drops any bits above
52 of a `low52` operand, and a scalar's shift costs nothing), the other
masked to 52 bits where its interval allows more.  Then
    madhi = acc + vmulhu(x', y)            (floor(x y 2^12 / 2^64))
    madlo = acc + (vmul(x', y) >> 12)      (x y mod 2^52)
and each operand pair's 128-bit product is computed once for the madlo and
the madhi that share it.  A madlo without a madhi partner (m = t0 * -p^-1)
is vmul and a mask (the low 52 bits of a product depend only on the low 52
bits of its operands: no masking of the operands).

That is five instructions per madlo/madhi pair (vmul, vsrl, vadd, vmulhu,
vadd).  Lowering "vmacc" takes three: the value of an accumulator is kept
as  R + P - 2^52 N  (mod 2^64), R the vmacc sum of the full 64-bit low
products x y (operands masked to 52 bits: x y = (x y mod 2^52) + 2^52 hi),
P the sum of the madhi high halves hi it received and N of the high halves
of its madlo products; N of a column and P of the next one are the same
sum, built once (one vadd per pair).  A value is put together (vadd, vsll,
vsub) only where an operation other than a product accumulation reads it,
and a madlo operand without partner (t0 of m = t0 * -p^-1) needs only
R + P (its value mod 2^52).  It keeps two registers per accumulator.

sel is vmerge under a mask from vmsne (one mask per selector value, shared
by the limbs it selects): a data-independent lane select, as vpternlogq on
IFMA."""
from __future__ import annotations

from ..lanes import M52, MASK64, LProgram

LMULS = (1, 2, 4)
LOWERINGS = ("mulhu", "vmacc")

PRELUDE = """#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h" /* LF_HIDDEN */
"""


def limbs(prog: LProgram) -> int:
    """L, the 52-bit limbs of the program's field"""
    for a in prog.arrays:
        if a.kind == "lanes":
            return a.rows
    return -(-64 * prog.arrays[-1].rows // 52)


def variant(prog: LProgram) -> tuple:
    """(LMUL, lowering) of a program, chosen by dynamic instruction count
    per element at VLEN 256 (bench/isa_count_field_vec.py; the numbers are in
    src/field/README.md, "RVV lane kernels"), counts within 5% of each other
    decided by register-group work.  Montgomery products keep about 2L + 4
    values live with "mulhu" and 3L + 5 with "vmacc" (two per accumulator):
      L <= 5 (N <= 4)  mulhu, m2: 14 of 16 register groups, no spill; the
                       fewest instructions (secp256k1_n vec_mul 46.0 per
                       element; m4 50.7 with spills, m1 91.6, vmacc m1 75.6)
      6 <= L <= 9      vmacc, m1: fits 32 registers; bls12_381_p 159.3 (mulhu
                       m2 155.7 and m4 152.9 spill, with 1.7x and 2.2x the
                       register-group work), p448 178.4 (mulhu m2 189.4)
      L >= 10          mulhu, m2: everything spills; p1024 1507 (mulhu m1
                       1743, vmacc m1 4099)
    Programs without products (add, sub, conversions): m2."""
    L = limbs(prog)
    if not any(op.opcode == "madhi" for op in prog.ops):
        return 2, "mulhu"
    if 6 <= L <= 9:
        return 1, "vmacc"
    return 2, "mulhu"


def _lit(x: int) -> str:
    return f"UINT64_C({x & MASK64:#x})"


class _Printer:
    def __init__(self, prog: LProgram, lmul: int, lowering: str):
        assert lmul in LMULS and lowering in LOWERINGS
        self.prog, self.k, self.low = prog, lmul, lowering
        self.T = f"vuint64m{lmul}_t"
        self.sfx = f"u64m{lmul}"
        self.B = f"vbool{64 // lmul}_t"
        self.pro: list = []       # before the loop: scalar code
        self.body: list = []      # the loop body
        self.val: dict = {}       # value id -> ('s', C expr) | ('v', name) | ('z', lazy form)
        self.pending: dict = {}   # value id -> its op, not printed yet (printed at first use)
        self.prod: dict = {}      # value id -> the op that makes it
        self.arrays = {a.name: a for a in prog.arrays}
        self.cache: dict = {}
        self.n = 0
        seen: dict = {}
        # values the same in every lane (constants, elem1 words, and what is
        # computed from them alone): scalars
        self.scalar: set = set()
        for op in prog.ops:
            if op.dst is not None:
                self.prod[op.dst.id] = op
                if (op.opcode == "const" or (op.opcode == "ld" and self.arrays[op.imm[0]].kind == "elem1")
                        or (op.opcode not in ("ld", "st", "total") and
                            all(x is None or x.id in self.scalar for x in op.srcs))):
                    self.scalar.add(op.dst.id)
            if op.opcode in ("madlo", "madhi"):
                seen.setdefault(self.pkey(op.srcs[1], op.srcs[2]), set()).add(op.opcode)
        # operand pairs with both a madlo and a madhi: one product for both
        self.partners = {k for k, v in seen.items() if len(v) == 2}

    # ---- emission -------------------------------------------------------
    def fresh(self, p="t"):
        self.n += 1
        return f"{p}{self.n}"

    def vx(self, op, *args):
        return f"__riscv_{op}_{self.sfx}({', '.join(args)}, vl)"

    def newv(self, expr):
        name = self.fresh()
        self.body.append(f"        {self.T} {name} = {expr};")
        return name

    def news(self, expr):
        name = self.fresh("s")
        self.pro.append(f"    const uint64_t {name} = {expr};")
        return name

    def emit(self, op):
        getattr(self, "op_" + op.opcode)(op, op.srcs, op.dst)

    def run(self, ops: list | None = None) -> None:
        """Program order, except that loads and what is computed from loads
        alone (the input conversions) are printed where first used: fewer
        values live at once (clang keeps the order mostly).  ops: a part of
        the program (a loop program's body or tail); default all."""
        early: set = set()
        stored = False
        for op in (self.prog.ops if ops is None else ops):
            o, d = op.opcode, op.dst
            if o in ("const", "accum", "total"):
                self.emit(op)
            elif o == "st":
                if not stored:
                    # every load before the first store (aliasing)
                    for i in [i for i, q in self.pending.items() if q.opcode == "ld"]:
                        if i in self.pending:
                            self.get(self.pending[i].dst)
                    stored = True
                self.emit(op)
            elif o == "ld" or (o not in ("madlo", "madhi") and
                               all(x is None or x.id in early or self.prod[x.id].opcode == "const"
                                   for x in op.srcs)):
                assert o != "ld" or not stored, f"{self.prog.name}: a load after a store"
                early.add(d.id)
                self.pending[d.id] = op
            else:
                self.emit(op)

    # ---- values ---------------------------------------------------------
    def get(self, x):
        op = self.pending.pop(x.id, None)
        if op is not None:
            self.emit(op)
        return self.val[x.id]

    def is_s(self, x):
        return x.id in self.scalar

    def s(self, x):
        k, e = self.get(x)
        assert k == "s"
        return e

    def v(self, x):
        """x as a vector register (lazy forms put together, scalars splat)"""
        k, e = self.get(x)
        if k == "v":
            return e
        if k == "s":
            return self.v_of((k, e))
        key = ("vec", x.id)
        if key not in self.cache:
            self.cache[key] = self.materialize(e)
        return self.cache[key]

    def v_of(self, opnd):
        k, e = opnd
        if k == "v":
            return e
        key = ("splat", e)
        if key not in self.cache:
            self.cache[key] = self.newv(self.vx("vmv_v_x", e))
        return self.cache[key]

    def operand(self, x):
        """('s', expr) or ('v', register)"""
        return ("s", self.s(x)) if self.is_s(x) else ("v", self.v(x))

    def clean(self, x):
        """x mod 2^52: a register or a scalar expression"""
        if self.is_s(x):
            e = self.s(x)
            return e if x.hi <= M52 else f"({e} & {_lit(M52)})"
        if x.hi <= M52:
            return self.v(x)
        key = ("clean", x.id)
        if key not in self.cache:
            self.cache[key] = self.newv(self.vx("vand_vx", self.v(x), _lit(M52)))
        return self.cache[key]

    def shifted(self, x):
        """(x mod 2^52) << 12 (a shift drops the bits above 52 for free)"""
        key = ("sh", x.id)
        if key in self.cache:
            return self.cache[key]
        op = self.prod[x.id]
        if op.opcode == "shl" and op.imm[0] + 12 < 64 and not self.is_s(op.srcs[0]):
            # x = y << k (mod 2^64): (x mod 2^52) << 12 = y << (k + 12) (mod 2^64)
            e = self.newv(self.vx("vsll_vx", self.v(op.srcs[0]), str(op.imm[0] + 12)))
        elif self.is_s(x):
            e = f"({self.s(x)} << 12)"
        else:
            e = self.newv(self.vx("vsll_vx", self.v(x), "12"))
        self.cache[key] = e
        return e

    def mask(self, m):
        key = ("mask", m.id)
        if key not in self.cache:
            name = self.fresh("m")
            self.body.append(f"        {self.B} {name} = __riscv_vmsne_vx_{self.sfx}_b{64 // self.k}("
                             f"{self.v(m)}, 0, vl);")
            self.cache[key] = name
        return self.cache[key]

    # ---- products -------------------------------------------------------
    @staticmethod
    def pkey(a, b):
        return (min(a.id, b.id), max(a.id, b.id))

    def pair(self, a, b):
        """the product record of operands a, b: xy = (x, y), x the one that
        enters shifted, y the one masked: a scalar (shifted for free) or one
        already shifted, else the first (in CIOS the row's limb a_i, the
        second, b_j, is then masked once for all rows)"""
        key = ("pair",) + self.pkey(a, b)
        if key not in self.cache:
            xy = (a, b)
            if ("sh", b.id) in self.cache and ("sh", a.id) not in self.cache:
                xy = (b, a)
            elif self.is_s(b) and not self.is_s(a):
                xy = (b, a)
            self.cache[key] = {"xy": xy}
        return self.cache[key]

    def _mul(self, op, xe, xs, ye, ys):
        """op (vmul/vmulhu/vmacc...) of a register and a register or scalar"""
        if xs and ys:
            raise AssertionError("scalar product")
        if xs:
            return self.vx(op + "_vx", ye, xe)
        if ys:
            return self.vx(op + "_vx", xe, ye)
        return self.vx(op + "_vv", xe, ye)

    def prod_hi(self, a, b):
        """floor(a b / 2^52), a and b taken mod 2^52"""
        P = self.pair(a, b)
        if "hi" not in P:
            x, y = P["xy"]
            if self.is_s(x) and self.is_s(y):
                P["hi"] = ("s", self.news(f"(uint64_t)(((unsigned __int128){self.clean(x)} * "
                                          f"{self.clean(y)}) >> 52)"))
            else:
                P["hi"] = ("v", self.newv(self._mul("vmulhu", self.shifted(x), self.is_s(x),
                                                    self.clean(y), self.is_s(y))))
        return P["hi"]

    def prod_lo(self, a, b):
        """a b mod 2^52"""
        P = self.pair(a, b)
        if "lo" not in P:
            x, y = P["xy"]
            if self.is_s(x) and self.is_s(y):
                P["lo"] = ("s", self.news(f"(({self.s(x)} * {self.s(y)}) & {_lit(M52)})"))
            elif self.pkey(a, b) in self.partners:
                # the low half of the product that gives the madhi:
                # x' y = (x y mod 2^52) 2^12 (mod 2^64), any bits of y over 52 drop out
                prod = self.newv(self._mul("vmul", self.shifted(x), self.is_s(x),
                                           self.clean(y), self.is_s(y)))
                P["lo"] = ("v", self.newv(self.vx("vsrl_vx", prod, "12")))
            else:
                # the low 52 bits of a product depend on the operands' low 52
                # bits alone: no masking of the operands (a lazy form's
                # multiple of 2^52 is left out too)
                xe, ye = (self.low52(t) for t in (x, y))
                prod = self.newv(self._mul("vmul", xe, self.is_s(x), ye, self.is_s(y)))
                P["lo"] = ("v", self.newv(self.vx("vand_vx", prod, _lit(M52))))
        return P["lo"]

    def low52(self, x):
        """x, or anything equal to it mod 2^52"""
        k, e = self.get(x)
        if k == "s":
            return e
        if k == "z" and ("vec", x.id) not in self.cache:
            return self.materialize(e, low=True)
        return self.v(x)

    # ---- madlo, madhi ---------------------------------------------------
    def op_madlo(self, op, s, d):
        acc, a, b = s
        if self.low == "vmacc" and self.pkey(a, b) in self.partners and \
                not (self.is_s(a) and self.is_s(b)):
            return self.lazy_madlo(acc, a, b, d)
        lo = self.prod_lo(a, b)
        self.val[d.id] = lo if acc is None else self.add(self.acc_operand(acc), lo)

    def op_madhi(self, op, s, d):
        acc, a, b = s
        hi = self.prod_hi(a, b)
        if self.low == "vmacc" and hi[0] == "v" and (acc is None or self.get(acc)[0] == "z"):
            z = self.lazy(acc)
            z["P"] = self.addterm(z["P"], hi[1])
            self.val[d.id] = ("z", z)
            return
        self.val[d.id] = hi if acc is None else self.add(self.acc_operand(acc), hi)

    def acc_operand(self, x):
        k, e = self.get(x)
        return (k, e) if k != "z" else ("v", self.v(x))

    def add(self, a, b):
        """a + b, operands ('s'|'v', expr)"""
        if a[0] == "s" and b[0] == "s":
            return "s", self.news(f"{a[1]} + {b[1]}")
        if a[0] == "s":
            a, b = b, a
        return "v", self.newv(self.vx("vadd_vx" if b[0] == "s" else "vadd_vv", a[1], b[1]))

    # ---- the vmacc lowering: lazy forms R + P - 2^52 N -----------------------
    def lazy(self, acc):
        """the lazy form (a new dict) of accumulator value acc (None: 0)"""
        if acc is None:
            return {"R": None, "P": (), "N": ()}
        k, e = self.get(acc)
        return dict(e) if k == "z" else {"R": (k, e), "P": (), "N": ()}

    def sumreg(self, terms: tuple):
        """a register with the sum of `terms`; a sum of the same set of
        terms (N of a column, P of the next) is built once"""
        key = ("sum", frozenset(terms))
        if key not in self.cache:
            if len(terms) == 1:
                self.cache[key] = terms[0]
            else:
                self.cache[key] = self.newv(self.vx("vadd_vv", self.sumreg(terms[:-1]), terms[-1]))
        return self.cache[key]

    def addterm(self, terms: tuple, h: str) -> tuple:
        t = terms + (h,)
        self.sumreg(t)          # now: the terms need not stay live
        return t

    def lazy_madlo(self, acc, a, b, d):
        hi = self.prod_hi(a, b)
        x, y = self.pair(a, b)["xy"]
        xc, yc = self.clean(x), self.clean(y)
        z = self.lazy(acc)
        if z["R"] is None:
            R = self._mul("vmul", xc, self.is_s(x), yc, self.is_s(y))
        else:
            # vmacc.vx: vd + rs1 * vs2
            sc = self.is_s(x) or self.is_s(y)
            ab = ((xc, yc) if self.is_s(x) else (yc, xc)) if sc else (xc, yc)
            R = self.vx("vmacc_vx" if sc else "vmacc_vv", self.v_of(z["R"]), *ab)
        z["R"] = ("v", self.newv(R))
        z["N"] = self.addterm(z["N"], hi[1])
        self.val[d.id] = ("z", z)

    def materialize(self, z, low=False):
        """R + P - 2^52 N as a register (low: R + P, the same mod 2^52)"""
        x = z["R"]
        if z["P"]:
            p = ("v", self.sumreg(z["P"]))
            if x is None:
                x = p
            else:
                key = ("rp", x, frozenset(z["P"]))
                if key not in self.cache:
                    self.cache[key] = self.add(x, p)
                x = self.cache[key]
        if z["N"] and not low:
            sh = self.newv(self.vx("vsll_vx", self.sumreg(z["N"]), "52"))
            x = ("v", self.newv(self.vx("vsub_vv", self.v_of(x), sh) if x is not None else
                                self.vx("vrsub_vx", sh, "0")))
        assert x is not None
        return self.v_of(x)

    # ---- the other ops ------------------------------------------------------
    def op_const(self, op, s, d):
        self.val[d.id] = ("s", _lit(op.imm[0]))

    def op_assume(self, op, s, d):
        self.val[d.id] = self.get(s[0])
        for k in ("vec", "clean", "sh"):
            if (k, s[0].id) in self.cache:
                self.cache[k, d.id] = self.cache[k, s[0].id]

    # ---- loop programs: slots lfs<k>, vector registers of the lane group -----
    def op_accum(self, op, s, d):
        k = op.imm[0]
        self.body.append(f"        lfs{k} = {self.vx('vadd_vv', f'lfs{k}', self.v(s[0]))};")

    def op_total(self, op, s, d):
        self.val[d.id] = ("v", f"lfs{op.imm[0]}")

    def elem_base(self, a, i):
        """word i of the strip's elements of elems array a (blocked kernels:
        from the strip on; x8 kernels: element l of the 8; loop programs:
        element l of block blk)"""
        if self.prog.loop:
            return f"{a.name} + (blk * 8 + l) * {a.rows} + {i}"
        return f"{a.name} + {i}" if self.prog.blocks else f"{a.name} + l * {a.rows} + {i}"

    def op_ld(self, op, s, d):
        a, i = self.arrays[op.imm[0]], op.imm[1]
        if a.kind == "elem1":
            self.val[d.id] = ("s", self.news(f"{a.name}[{i}]"))
        elif a.kind == "elems":
            # element-major: word i of the strip's elements, stride N words
            base = self.elem_base(a, i)
            self.val[d.id] = ("v", self.newv(f"__riscv_vlse64_v_{self.sfx}({base}, {8 * a.rows}, vl)"))
        else:
            self.val[d.id] = ("v", self.newv(f"__riscv_vle64_v_{self.sfx}({a.name} + {i * 8} + l, vl)"))

    def op_st(self, op, s, d):
        a, i = self.arrays[op.imm[0]], op.imm[1]
        x = self.v(s[0])
        if a.kind == "elems":
            base = self.elem_base(a, i)
            self.body.append(f"        __riscv_vsse64_v_{self.sfx}({base}, {8 * a.rows}, {x}, vl);")
        else:
            self.body.append(f"        __riscv_vse64_v_{self.sfx}({a.name} + {i * 8} + l, {x}, vl);")

    def op_add(self, op, s, d):
        a, b = s
        for x, y in ((a, b), (b, a)):
            if self.get(x)[0] == "z":
                # a lazy form stays lazy: the other operand joins R
                z = dict(self.get(x)[1])
                yo = self.acc_operand(y)
                z["R"] = yo if z["R"] is None else self.add(z["R"], yo)
                self.val[d.id] = ("z", z)
                return
        self.val[d.id] = self.add(self.operand(a), self.operand(b))

    def op_sub(self, op, s, d):
        a, b = s
        if self.is_s(a) and self.is_s(b):
            self.val[d.id] = ("s", self.news(f"{self.s(a)} - {self.s(b)}"))
        elif self.is_s(b):
            self.val[d.id] = ("v", self.newv(self.vx("vsub_vx", self.v(a), self.s(b))))
        elif self.is_s(a):
            self.val[d.id] = ("v", self.newv(self.vx("vrsub_vx", self.v(b), self.s(a))))
        else:
            self.val[d.id] = ("v", self.newv(self.vx("vsub_vv", self.v(a), self.v(b))))

    def _unary(self, d, a, cop, vop, arg):
        if self.is_s(a):
            self.val[d.id] = ("s", self.news(f"{self.s(a)} {cop} {arg}"))
        else:
            self.val[d.id] = ("v", self.newv(self.vx(vop, self.v(a), arg)))

    def op_shl(self, op, s, d):
        self._unary(d, s[0], "<<", "vsll_vx", str(op.imm[0]))

    def op_shr(self, op, s, d):
        self._unary(d, s[0], ">>", "vsrl_vx", str(op.imm[0]))

    def op_and(self, op, s, d):
        self._unary(d, s[0], "&", "vand_vx", _lit(op.imm[0]))

    def op_sra(self, op, s, d):
        a, k = s[0], op.imm[0]
        if self.is_s(a):
            self.val[d.id] = ("s", self.news(f"(uint64_t)((int64_t){self.s(a)} >> {k})"))
            return
        i = f"i64m{self.k}"
        e = (f"__riscv_vreinterpret_v_{i}_{self.sfx}(__riscv_vsra_vx_{i}("
             f"__riscv_vreinterpret_v_{self.sfx}_{i}({self.v(a)}), {k}, vl))")
        self.val[d.id] = ("v", self.newv(e))

    def op_or(self, op, s, d):
        a, b = s
        if self.is_s(a) and self.is_s(b):
            self.val[d.id] = ("s", self.news(f"{self.s(a)} | {self.s(b)}"))
        elif self.is_s(a) or self.is_s(b):
            x, y = (b, a) if self.is_s(a) else (a, b)
            self.val[d.id] = ("v", self.newv(self.vx("vor_vx", self.v(x), self.s(y))))
        else:
            self.val[d.id] = ("v", self.newv(self.vx("vor_vv", self.v(a), self.v(b))))

    def op_shrd(self, op, s, d):
        hi, lo = s
        k = op.imm[0]
        if self.is_s(hi) and self.is_s(lo):
            self.val[d.id] = ("s", self.news(f"({self.s(lo)} >> {k}) | ({self.s(hi)} << {64 - k})"))
            return
        x = self.newv(self.vx("vsrl_vx", self.v(lo), str(k)))
        y = self.newv(self.vx("vsll_vx", self.v(hi), str(64 - k)))
        self.val[d.id] = ("v", self.newv(self.vx("vor_vv", x, y)))

    def op_sel(self, op, s, d):
        m, a, b = s
        if self.is_s(m) and self.is_s(a) and self.is_s(b):
            self.val[d.id] = ("s", self.news(f"({self.s(a)} & {self.s(m)}) | ({self.s(b)} & ~{self.s(m)})"))
            return
        # m ? a : b, by a mask from m (one per selector, shared by the limbs)
        self.val[d.id] = ("v", self.newv(
            f"__riscv_vmerge_vvm_{self.sfx}({self.v(b)}, {self.v(a)}, {self.mask(m)}, vl)"))


def print_function(prog: LProgram, symbol: str, lmul: int | None = None,
                   lowering: str | None = None) -> str:
    vk, vlow = variant(prog)
    k = lmul or vk
    if prog.loop:
        return _print_loop(prog, symbol, k, lowering or vlow)
    p = _Printer(prog, k, lowering or vlow)
    p.run()
    # what is left was folded into its users (shl into the shift by 12)
    assert all(op.opcode == "shl" for op in p.pending.values()), prog.name
    if prog.blocks:
        step = " ".join(f"{a.name} += vl * {a.rows};" for a in prog.arrays if a.kind == "elems")
        loop = ["    for (size_t n = 8 * nb, vl; n > 0; n -= vl) {",
                f"        vl = __riscv_vsetvl_e64m{k}(n);"]
        tail = [f"        {step}", "    }"]
    else:
        # exactly 8 lanes, in lane groups of vl
        loop = ["    for (size_t l = 0, vl; l < 8; l += vl) {",
                f"        vl = __riscv_vsetvl_e64m{k}(8 - l);"]
        tail = ["    }"]
    return "\n".join([f"/* {prog.comment} */", f"LF_HIDDEN void {symbol}({prog.c_params()})", "{",
                      *p.pro, *loop, *p.body, *tail, "}"]) + "\n"


def _print_loop(prog: LProgram, symbol: str, k: int, lowering: str) -> str:
    """A loop program (lanes.py; vmacl8): per lane group of vl of the 8 lanes,
    the slots (vector registers, zero), the nb blocks (element l of block blk:
    strided loads), then the tail (lane-form rows: unit stride)."""
    body_ops, tail_ops = prog.sections()
    pb = _Printer(prog, k, lowering)
    pb.run(body_ops)
    pt = _Printer(prog, k, lowering)
    pt.n = pb.n                 # names go on from the body's
    pt.run(tail_ops)
    for p in (pb, pt):
        assert all(op.opcode == "shl" for op in p.pending.values()), prog.name
    T = pb.T
    lines = [f"/* {prog.comment} */", f"LF_HIDDEN void {symbol}({prog.c_params()})", "{",
             *pb.pro, *pt.pro,
             "    for (size_t l = 0, vl; l < 8; l += vl) {",
             f"        vl = __riscv_vsetvl_e64m{k}(8 - l);"]
    lines += [f"        {T} lfs{s} = __riscv_vmv_v_x_{pb.sfx}(0, vl);" for s in prog.slots()]
    lines += ["        for (size_t blk = 0; blk < nb; blk++) {"]
    lines += ["    " + x for x in pb.body]
    lines += ["        }"] + pt.body + ["    }", "}"]
    return "\n".join(lines) + "\n"
