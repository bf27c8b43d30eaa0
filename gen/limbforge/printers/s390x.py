# SPDX-License-Identifier: Apache-2.0 OR MIT
"""s390x (z/Architecture, big-endian) GNU as printer, on the shared
load/store allocator.  Instructions up to z196 (gcc's default -march=arch9
on Debian): the distinct-operands forms (algrk, slgrk, ngrk...), locgr.

ABI, in one place (ELF64 below): arguments in r2, r3, r4; r6-r13 and r15
callee-saved; r14 holds the return address (it joins the pool, saved and
restored with the callee-saved registers); f8-f15 are never touched.  The
caller's frame starts with a 160-byte register save area that belongs to
the callee: the used registers of r6..r14 are saved there with one stmg
(their standard places, rN at 8*N(r15)) and restored with one lmg; spill
slots use its other words (the r2-r5 and f0-f6 slots, and the slots of
registers outside the saved range) and only if those are not enough does
the function make a frame (lay r15, -F(r15)).  A leaf function needs no
back chain.  The argument pointers are values the allocator may drop, read
back from their own save words (the stmg then starts at r2).  Limbs are
native 64-bit words: no byte swapping.

Instructions: mlgr/mlg (r_even:r_odd = r_odd * operand; the odd register
holds one factor, so every full product takes an even/odd pair: the pair is
chosen per product, see _S390.op_mul), msgr/msg (low half), algrk/alg/
algfi, alcgr/alcg, slgrk/slg/slgfi, slbgr/slbg (carry = CC bit 2: CC 2 or 3
after an addition, NOT-borrow after a subtraction, as on POWER), locgr for
selects, sllg/srlg, risbg for masks and double shifts, ngrk/ogrk/xgrk.
Second operands that live in memory (an input word, a constant-table word,
a spill slot) are used in place (alg, alcg, slbg, mlg, ng...): no load.
Constants that take two instructions live in .rodata (larl base), so they
too are memory operands; one-instruction ones are immediates.

The condition code: the multiplies, loads, stores, lgr, la, shifts, locgr
and ipm leave it alone, so a carry may live across products (style
"onechain"); the logical operations and risbg set it.  An instruction that
sets it while a carry is live is bracketed by ipm/spm (save and restore the
CC); carry-free additions use la (no CC).  A carry whose polarity is wrong
for its consumer is flipped with `slbgr t,t` (t = CC.carry - 1, CC kept) +
`algfi t,1`.  mask and cword keep the CC: `slbgr t,t` is -borrow.

Products: the "onechain" programs make x*y twice, its low half (mullo) for
one chain and its high half (mul) for the next; one mlgr gives both, so a
mullo whose high half is made later is fused with it (_fuse_products): the
high half is kept (in a register or a slot) until its chain.
"""
from __future__ import annotations

from ..ir import MASK64, Array, Op, Program, Val
from . import CodegenError, asmfile
from .regalloc import LoadStoreAlloc, header_lines

__all__ = ["print_function", "CodegenError", "COMMENT", "TRAILER"]

ELF64 = {
    "args": ["r2", "r3", "r4"],
    # volatile registers first, then the pointers, then r14 and r13..r6
    # (one stmg/lmg pair saves any of them)
    "pool": ["r1", "r0", "r5", "r4", "r3", "r2", "r14"] + [f"r{i}" for i in range(13, 5, -1)],
    "callee_saved": [f"r{i}" for i in range(6, 14)],
    "never": ["r15"],
}
PAIRS = [(0, 1), (4, 5), (2, 3), (12, 13), (10, 11), (8, 9), (6, 7)]

DIALECT = asmfile.S390X
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer

CARRY_CC = 3          # condition-code mask of "CC bit 2 set" (CC 2 or 3): carry / NOT-borrow
U32 = 1 << 32


def _sx(x: int, bits: int = 64) -> int:
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def _r(reg):
    return "%" + reg


def imm_lines(reg: str, x: int) -> list:
    """One or two instructions that load the 64-bit x (none sets the CC)."""
    r = _r(reg)
    sx = _sx(x)
    if -0x8000 <= sx < 0x8000:
        return [f"lghi {r},{sx}"]
    for k, mn in enumerate(("llill", "llilh", "llihl", "llihh")):
        if x & ~(0xFFFF << (16 * k)) == 0:
            return [f"{mn} {r},{x >> (16 * k)}"]
    if -(1 << 31) <= sx < (1 << 31):
        return [f"lgfi {r},{sx}"]
    if x < U32:
        return [f"llilf {r},{x}"]
    if x & (U32 - 1) == 0:
        return [f"llihf {r},{x >> 32}"]
    return [f"llilf {r},{x & (U32 - 1)}", f"iihf {r},{x >> 32}"]


def _low_mask(x):
    """k if x = 2^k - 1 (0 < k < 64)."""
    return x.bit_length() if x and x & (x + 1) == 0 and x != MASK64 else None


def _constants_to_table(prog: Program) -> Program:
    """One table for every constant word (a copy of the program; the program
    is not changed): the program's tables, then its constants, so that one
    base register (larl) reaches them all.  The allocator makes the
    one-instruction words immediates, the others memory operands, and
    _S390.mem finds a word of either kind in the table when a memory operand
    is cheaper (alcg with 0).  The word 0 is always there (products by 0
    fold to it); a table no instruction reads is not printed."""
    tables = [a for a in prog.arrays if a.role == "const"]
    data, start = [], {}
    for a in tables:
        start[a.name] = len(data)
        data += a.data
    words = list(dict.fromkeys([op.imm[0] for op in prog.ops if op.opcode == "const"] + [0]))
    name = "k"
    while any(a.name == name for a in prog.arrays):
        name += "_"
    at = {x: i for i, x in reversed(list(enumerate(data)))}   # words already there
    for x in words:
        if x not in at:
            at[x] = len(data)
            data.append(x)
    ops = []
    for op in prog.ops:
        if op.opcode == "const":
            op = Op("load", op.dsts, [], (name, at[op.imm[0]]))
        elif op.opcode == "load" and op.imm[0] in start:
            op = Op("load", op.dsts, [], (name, start[op.imm[0]] + op.imm[1]))
        ops.append(op)
    return Program(prog.name, arrays=[a for a in prog.arrays if a.role != "const"]
                   + [Array(name, len(data), "const", tuple(data))],
                   ops=ops, comment=prog.comment, wbits=prog.wbits)


def _fuse_products(ops):
    """mullo(x, y) followed later by a mul(x, y) whose low half is unused:
    one mul at the mullo's place (the high half made early)."""
    out, pending = [], {}
    for op in ops:
        key = tuple(sorted(s.id for s in op.srcs)) if op.opcode in ("mul", "mullo") else None
        if op.opcode == "mullo":
            pending[key] = len(out)
        elif op.opcode == "mul" and op.dsts[0] is None and key in pending:
            k = pending.pop(key)
            out[k] = Op("mul", [out[k].dsts[0], op.dsts[1]], out[k].srcs, ())
            continue
        out.append(op)
    return out


class _S390(LoadStoreAlloc):
    REGS = ELF64["pool"]
    ARGS = ELF64["args"]
    CALLEE_SAVED = set(ELF64["callee_saved"])
    TABLE_IMM_MAX = 1            # two-instruction words are cheaper as memory operands

    def __init__(self, prog, symbol, fuse=True):
        self.fuse = fuse
        self.const_mem: dict = {}            # value id -> (table, index) of its word
        super().__init__(_constants_to_table(prog), symbol)
        t = self.prog.arrays[-1]             # the constants' table: value -> its word
        self.word_at = {x: (t.name, i) for i, x in reversed(list(enumerate(t.data)))}
        # the argument pointers are values the allocator may drop (needed
        # furthest away: the output pointer, by the stores at the end), read
        # back from their words of the register save area (rN at 8*N(r15)),
        # which the prologue's stmg fills
        self.arg_ptr = {}
        need = {a.name: set() for a in self.prog.args()}
        for i, op in enumerate(self.ops):
            if op.opcode == "store":
                need[op.imm[0]].add(i)
            elif op.opcode == "load" and op.imm[0] in need and op.dsts[0] is not None:
                need[op.imm[0]].update(self.uses.get(op.dsts[0].id, []))
        for k, (a, reg) in enumerate(zip(self.prog.args(), self.ARGS)):
            if need[a.name]:
                pv = Val(-1000 - k, "p", name=a.name)
                self.uses[pv.id] = sorted(need[a.name])
                self.home[pv.id] = ("slot", f"P{reg}")
                self.pinned.discard(reg)
                self.bind(pv, reg, lock=False)
                self.arg_ptr[a.name] = pv

    def base(self, name):
        """A register holding the address of argument array `name`."""
        return self.use(self.arg_ptr[name])

    def end_op(self):
        super().end_op()
        # the pointers' save words are not spill slots
        self.free_slots = [k for k in self.free_slots if not str(k).startswith("P")]

    def _share_constants(self, prog):
        ops = super()._share_constants(prog)
        return _fuse_products(ops) if self.fuse else ops

    # ---- the allocator's instruction forms --------------------------------
    def ins_load(self, reg, base, off):
        return f"lg {_r(reg)},{off}({_r(base)})" if base else f"lg {_r(reg)},{self.slot_ref(off)}"

    def ins_store(self, reg, base, off):
        return f"stg {_r(reg)},{off}({_r(base)})" if base else f"stg {_r(reg)},{self.slot_ref(off)}"

    def ins_imm(self, reg, x):
        return imm_lines(reg, x)

    def imm_cost(self, x):
        return len(imm_lines("r1", x))

    def ins_copy(self, dst, src):
        return f"lgr {_r(dst)},{_r(src)}"

    def ins_table_base(self, reg, label):
        return [f"larl {_r(reg)},{label}"]

    def use(self, v, avoid=()):
        if v.kind in ("b", "p"):               # an address: r0 reads as 0 there
            avoid = set(avoid) | {"r0"}
        h = self.home.get(v.id)
        if self.in_reg(v) is None and h is not None and h[0] == "mem" and h[1] in self.arg_ptr:
            base = self.base(h[1])             # an input word, its pointer maybe read back
            r = self.alloc(avoid)
            self.load_mem(v, r, base, h[1], h[2])
            self.bind(v, r)
            return r
        return super().use(v, avoid)

    # ---- operands ---------------------------------------------------------
    def imm(self, v):
        """v's constant if it is only an immediate now (not in a register)."""
        return self.imm_of(v) if self.in_reg(v) is None else None

    def reg(self, v, avoid=()):
        return _r(self.use(v, avoid))

    def imm_reg(self, x):
        """A register that holds the constant x now (read-only use), or None."""
        for r, w in self.reg_val.items():
            if w is not None and self.home.get(w.id) == ("imm", x):
                self.locked.add(r)
                return r
        return None

    def op_load(self, op):
        super().op_load(op)
        d = op.dsts[0]
        if d is not None and self.arrays[op.imm[0]].role == "const":
            self.const_mem[d.id] = op.imm      # also a word in memory, if an immediate

    def _mem_home(self, v):
        """Where v is in memory if it is not in a register: its home, or for
        an immediate its word of the constant table; else None."""
        h = self.home.get(v.id)
        if self.in_reg(v) is not None or h is None:
            return None
        if h[0] == "imm":
            w = self.const_mem.get(v.id, self.word_at.get(h[1]))
            return ("mem",) + w if w is not None and w[0] in self.base_val else None
        return h if h[0] in ("slot", "mem") else None

    def in_mem(self, v) -> bool:
        """v is not in a register but can be a memory operand."""
        return self._mem_home(v) is not None

    def mem(self, v):
        """v as a memory operand if it is not in a register but in memory
        (input word, table word, spill slot); else None."""
        h = self._mem_home(v)
        if h is None:
            return None
        if h[0] == "slot":
            return self.slot_ref(h[1])
        if h[0] == "mem":
            if self.arrays[h[1]].role == "const":
                return f"{8 * h[2]}({_r(self.use(self.base_val[h[1]]))})"
            return f"{8 * h[2]}({_r(self.base(h[1]))})"
        return None

    def operand(self, v):
        """Second-operand text: memory in place, a register holding the same
        constant, or a register."""
        m = self.mem(v)
        if m is not None:
            return m
        x = self.imm(v)
        if x is not None:
            r = self.imm_reg(x)
            if r is not None:
                return _r(r)
        return self.reg(v)

    def load_into(self, d, v):
        """Register d <- v's value (v itself stays where it is)."""
        r = self.in_reg(v)
        if r is not None:
            if r != d:
                self.emit(f"lgr {_r(d)},{_r(r)}")
            return
        x = self.imm(v)
        if x is not None:
            same = self.imm_reg(x)
            if same is not None and self.imm_cost(x) > 1:
                self.emit(f"lgr {_r(d)},{_r(same)}")
            else:
                for ln in imm_lines(d, x):
                    self.emit(ln)
            return
        self.emit(f"lg {_r(d)},{self.mem(v)}")

    def own(self, a, avoid=()):
        """A register holding a's value that an instruction may overwrite:
        a's own if a dies here, else a copy."""
        r = self.in_reg(a)
        if r is not None and self.dies_here(a) and r not in avoid:
            self.locked.add(r)
            return r
        d = self.alloc(avoid=set(avoid) | ({r} if r else set()))
        self.load_into(d, a)
        return d

    def two(self, a, b, commutative):
        """(d, src) for a two-operand instruction d <- d op src with d = a:
        the register of a source that dies here if there is one, the other
        source in place (memory) where possible."""
        ra, rb = self.in_reg(a), self.in_reg(b)
        if commutative and not (ra and self.dies_here(a)):
            if (rb and self.dies_here(b) and a is not b) or (ra is None and rb is not None):
                a, b = b, a
        d = self.own(a)
        if a is b:
            return d, _r(d)
        return d, self.operand(b)

    # ---- the condition code -----------------------------------------------
    def cc_mask(self, c, want=True):
        """Condition-code mask (locgr) true when carry c equals `want`."""
        hw = (self.flag_of(c) == "pos") == want
        return CARRY_CC if hw else 15 - CARRY_CC

    def need_pol(self, c, pol):
        if self.flag_of(c) == pol:
            return
        t = _r(self.alloc())
        self.emit(f"slbgr {t},{t}")            # t = CC.carry - 1; the CC is kept
        self.emit(f"algfi {t},1")              # carry out = (t == -1) = NOT the old carry
        self.flag = (c, pol)

    def clobber(self):
        """Before an instruction that sets the CC without making a carry: a
        carry still needed is saved (ipm); returns the register for spm."""
        if self.flag is not None and self.live_after(self.flag[0]):
            t = self.alloc()
            self.emit(f"ipm {_r(t)}")
            return t
        self.flag = None
        return None

    def restore(self, t):
        if t is not None:
            self.emit(f"spm {_r(t)}")

    def consumers(self, c):
        return {self.ops[i].opcode for i in self.uses.get(c.id, [])}

    # ---- ops --------------------------------------------------------------
    def op_store(self, op):
        name, idx = op.imm
        v = op.srcs[0]
        x = self.imm(v)
        if x is not None and -0x8000 <= _sx(x) < 0x8000:
            self.emit(f"mvghi {8 * idx}({_r(self.base(name))}),{_sx(x)}")
            return
        m = self.mem(v)
        if m is not None:
            self.emit(f"mvc {8 * idx}(8,{_r(self.base(name))}),{m}")
            return
        r = self.reg(v)
        self.emit(f"stg {r},{8 * idx}({_r(self.base(name))})")

    def op_clear(self, op):
        raise CodegenError(f"{self.sym}: two carry chains need two flags (use style 'onechain' or 'plain')")

    def op_madd(self, op):
        raise CodegenError(f"{self.sym}: no multiply-add on s390x (style 'madd' is for 32-bit words)")

    def _evict_cost(self, v):
        """About the instructions that dropping v from its register costs."""
        nu = self.next_use(v, self.i) if v is not None else None
        if nu is None:
            return 0.0
        return (0.5 if v.id in self.home else 1.0) + 4.0 / (nu - self.i)

    def _pair_cost(self, e, o, u, w):
        """About the instructions that make pair (e, o) ready with u in o."""
        ve, vo = self.reg_val[e], self.reg_val[o]
        cost = 0.0
        if ve is not None:
            cost += 2.0 if ve is u or ve is w else self._evict_cost(ve)
        if vo is u:
            if self.live_after(u):
                cost += 0.3 if u.id in self.home else 1.0
        elif vo is None:
            cost += 1.0
        else:
            cost += 3.0 if vo is w else 1.0 + self._evict_cost(vo)
        if w is not u and self.in_reg(w) is None and not self.in_mem(w):
            cost += 1.0                          # an immediate to build
        return cost

    def op_mul(self, op):
        if self.fold_mul(op):
            return
        x, y = op.srcs
        lo, hi = op.dsts
        best = None
        for e, o in PAIRS:
            E, O = f"r{e}", f"r{o}"
            if E in self.pinned or O in self.pinned or E in self.locked or O in self.locked:
                continue
            for u, w in ((x, y), (y, x)):
                c = self._pair_cost(E, O, u, w)
                if best is None or c < best[0]:
                    best = (c, E, O, u, w)
                if x is y:
                    break
        if best is None:
            raise CodegenError(f"{self.sym}: op {self.i}: no free register pair for mlgr")
        _, E, O, u, w = best
        self.locked.update((E, O))
        self.used_regs.update((E, O))
        # the high register: its value goes (w included: it is then read from
        # its home or a slot)
        if self.reg_val[E] is not None:
            self.evict(E)
        vo = self.reg_val[O]
        if vo is not u:
            if vo is not None:
                self.evict(O)
            self.load_into(O, u)
        elif self.live_after(u):
            if u.id not in self.home:
                t = self.alloc(avoid={E, O})
                self.emit(f"lgr {_r(t)},{_r(O)}")
                self.unbind(O)
                self.bind(u, t)
            else:
                self.unbind(O)
        if w is u:
            src = _r(O)
        else:
            src = self.operand(w)
        self.emit(f"{'mlg' if '(' in src or 'SLOT' in src else 'mlgr'} {_r(E)},{src}")
        self.unbind(E)
        self.unbind(O)
        if hi is not None:
            self.bind(hi, E)
        if lo is not None:
            self.bind(lo, O)

    def op_mullo(self, op):
        if self.fold_mul(op):
            return
        x, y = op.srcs
        d, src = self.two(x, y, True)
        self.emit(f"{'msg' if '(' in src or 'SLOT' in src else 'msgr'} {_r(d)},{src}")
        self.result(op.dsts[0], d)

    def _rr(self, mn, d, src):
        """A two-operand instruction with a register or memory operand."""
        mem = "(" in src or "SLOT" in src
        self.emit(f"{mn if mem else mn + 'r'} {_r(d)},{src}")

    def op_add(self, op):
        a, b, ci = op.srcs
        s, co = op.dsts
        if self.imm(a) is not None and (self.imm(b) is None or self.imm(a) == 0):
            a, b = b, a
        xb = self.imm(b)
        if ci is not None:
            self.need_pol(ci, "pos")
            d, src = self.two(a, b, True)
            self.write_flag(co, "pos")
            self._rr("alcg", d, src)
            self.result(s, d)
            return
        if co is None:
            return self._add_nocarry(a, b, xb, s)
        if s is None and xb is not None and xb >= (1 << 64) - U32:
            # carry of a + xb = a > 2^64 - 1 - xb: a compare, no result
            m = self.mem(a) if MASK64 - xb < 0x10000 else None
            if m is not None:                    # (displacements < 4096: clghsi has 12 bits)
                self.write_flag(co, "pos")
                self.emit(f"clghsi {m},{MASK64 - xb}")
                return
            ra = self.reg(a)
            self.write_flag(co, "pos")
            self.emit(f"clgfi {ra},{MASK64 - xb}")
            return
        if xb is not None and (xb < U32 or xb >= (1 << 64) - U32):
            d = self.own(a)
            self.write_flag(co, "pos")
            # a + xb carries iff a - (2^64 - xb) does not borrow: same polarity
            self.emit(f"algfi {_r(d)},{xb}" if xb < U32 else f"slgfi {_r(d)},{(1 << 64) - xb}")
            self.result(s, d)
            return
        self._alu3(a, b, s, "alg", "algrk", co, "pos", True)

    def _alu3(self, a, b, v, mn2, mn3, co, pol, commutative):
        """v = a op b: the two-operand memory form if an operand is in memory,
        else the three-operand register form.  co: the carry it makes (a CC
        write either way)."""
        if not self.in_mem(b) and commutative and self.in_mem(a):
            a, b = b, a
        if self.in_mem(b):
            d = self.own(a)
            src = self.mem(b)
            t = self.clobber() if co is None else None
            if co is not None:
                self.write_flag(co, pol)
            self.emit(f"{mn2} {_r(d)},{src}")
        else:
            ra = self.reg(a)
            rb = self.reg(b)
            d = self.dst()
            t = self.clobber() if co is None else None
            if co is not None:
                self.write_flag(co, pol)
            self.emit(f"{mn3} {_r(d)},{ra},{rb}")
        self.restore(t)
        self.result(v, d)

    def _add_nocarry(self, a, b, xb, s):
        """a + b without a carry: la/lay (no CC) where the operands allow
        (r0 as an address register reads as 0)."""
        if s is None:
            return
        if xb is not None and -(1 << 19) <= _sx(xb) < (1 << 19):
            k = _sx(xb)
            if self.in_reg(a) == "r0":
                d = self.own(a)
                t = self.clobber()
                self.emit(f"algfi {_r(d)},{k}" if k >= 0 else f"slgfi {_r(d)},{-k}")
                self.restore(t)
            else:
                ra = self.reg(a, avoid={"r0"})
                d = self.dst()
                self.emit(f"{'la' if 0 <= k < 4096 else 'lay'} {_r(d)},{k}({ra})")
            self.result(s, d)
            return
        if "r0" in (self.in_reg(a), self.in_reg(b)) or (xb is None and self.in_mem(b)):
            return self._alu3(a, b, s, "alg", "algrk", None, None, True)
        ra = self.reg(a, avoid={"r0"})
        rb = self.reg(b, avoid={"r0"})
        d = self.dst()
        self.emit(f"la {_r(d)},0({ra},{rb})")
        self.result(s, d)

    def op_sub(self, op):
        a, b, bi = op.srcs
        dv, bo = op.dsts
        xa, xb = self.imm(a), self.imm(b)
        if bi is not None:
            self.need_pol(bi, "neg")
            d, src = self.two(a, b, False)
            self.write_flag(bo, "neg")
            self._rr("slbg", d, src)
            self.result(dv, d)
            return
        if dv is None and bo is not None and self.consumers(bo) <= {"csel", "mask", "cword"} \
                and xa is None and xb is None:
            # borrow of a - b = b > a: compare b with a; CC bit 2 is the borrow
            rb = self.reg(b)
            m = self.mem(a)
            src = m if m is not None else self.reg(a)
            self.write_flag(bo, "pos")
            self.emit(f"{'clg' if m is not None else 'clgr'} {rb},{src}")
            return
        if bo is None and xb is not None and -(1 << 19) < -_sx(xb) < (1 << 19):
            return self._add_nocarry(a, b, (-xb) & MASK64, dv)
        if xb is not None and (xb < U32 or xb >= (1 << 64) - U32):
            d = self.own(a)
            t = self.clobber() if bo is None else None
            if bo is not None:
                self.write_flag(bo, "neg")
            # a - xb borrows iff a + (2^64 - xb) does not carry: NOT-borrow
            self.emit(f"slgfi {_r(d)},{xb}" if xb < U32 else f"algfi {_r(d)},{(1 << 64) - xb}")
            self.restore(t)
            self.result(dv, d)
            return
        self._alu3(a, b, dv, "slg", "slgrk", bo, "neg", False)

    def op_csel(self, op):
        c, a, b = op.srcs
        ra, rb = self.in_reg(a), self.in_reg(b)
        if ra is not None and self.dies_here(a) and a is not b:
            d, src, want = ra, b, False
        else:
            d, src, want = None, a, True
        if d is None:
            d = self.own(b)
        else:
            self.locked.add(d)
        s = self.reg(src)
        self.emit(f"locgr {_r(d)},{s},{self.cc_mask(c, want)}")
        self.result(op.dsts[0], d)

    def op_mask(self, op):
        c = op.srcs[0]
        self.need_pol(c, "neg")
        d = _r(self.alloc())
        self.emit(f"slbgr {d},{d}")            # -borrow; the CC is kept
        self.result(op.dsts[0], d[1:])

    def op_cword(self, op):
        c = op.srcs[0]
        if self.flag_of(c) == "neg":
            d = _r(self.alloc())
            self.emit(f"slbgr {d},{d}")        # -borrow
            self.emit(f"srlg {d},{d},63")
        else:
            d = _r(self.alloc(avoid={"r0"}))
            self.emit(f"slbgr {d},{d}")        # carry - 1
            self.emit(f"la {d},1({d})")
        self.result(op.dsts[0], d[1:])

    def _logic(self, op, mn):
        a, b = op.srcs
        if self.imm(a) is not None and self.imm(b) is None:
            a, b = b, a
        xb = self.imm(b)
        v = op.dsts[0]
        if xb is not None and mn == "n" and _low_mask(xb) == 32:
            ra = self.reg(a)
            d = self.dst()
            self.emit(f"llgfr {_r(d)},{ra}")
            return self.result(v, d)
        if xb is not None and mn == "n" and (_low_mask(xb) or _low_mask(~xb & MASK64)):
            ra = self.reg(a)
            d = self.dst()
            t = self.clobber()
            if _low_mask(xb):
                self.emit(f"risbg {_r(d)},{ra},{64 - _low_mask(xb)},{128 + 63},0")
            else:
                self.emit(f"risbg {_r(d)},{ra},0,{128 + 63 - _low_mask(~xb & MASK64)},0")
            self.restore(t)
            return self.result(v, d)
        if xb is not None and mn != "n" and (xb < U32 or xb & (U32 - 1) == 0):
            d = self.own(a)
            t = self.clobber()
            self.emit(f"{mn}ilf {_r(d)},{xb}" if xb < U32 else f"{mn}ihf {_r(d)},{xb >> 32}")
            self.restore(t)
            return self.result(v, d)
        self._alu3(a, b, v, f"{mn}g", f"{mn}grk", None, None, True)

    def op_and(self, op):
        self._logic(op, "n")

    def op_or(self, op):
        self._logic(op, "o")

    def op_xor(self, op):
        self._logic(op, "x")

    def op_shl(self, op):
        ra = self.reg(op.srcs[0])
        d = self.dst()
        self.emit(f"sllg {_r(d)},{ra},{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shr(self, op):
        ra = self.reg(op.srcs[0])
        d = self.dst()
        self.emit(f"srlg {_r(d)},{ra},{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shrd(self, op):
        k = op.imm[0]
        rh, rl = self.reg(op.srcs[0]), self.reg(op.srcs[1])
        if self.flag is not None and self.live_after(self.flag[0]):
            # no CC: the two parts do not overlap, so or = add (la)
            d = self.dst(avoid={rh[1:], "r0"})
            self.emit(f"srlg {_r(d)},{rl},{k}")
            t = _r(self.alloc(avoid={"r0"}))
            self.emit(f"sllg {t},{rh},{64 - k}")
            self.emit(f"la {_r(d)},0({_r(d)},{t})")
        else:
            d = self.dst(avoid={rh[1:]})       # hi is read by the second instruction
            self.emit(f"srlg {_r(d)},{rl},{k}")
            t = self.clobber()
            # rotate hi left by 64-k, insert its low k bits as bits 0..k-1
            self.emit(f"risbg {_r(d)},{rh},0,{k - 1},{64 - k}")
            self.restore(t)
        self.result(op.dsts[0], d)

    # ---- frame -----------------------------------------------------------
    def finish(self):
        for r in ELF64["never"]:
            assert r not in self.used_regs, r
        reload = [int(r[1:]) for r in self.ARGS if any(f"SLOTPr{r[1:]}" in ln for ln in self.out)]
        nums = [int(r[1:]) for r in self.used_regs if 6 <= int(r[1:]) <= 14]
        pro, epi = [], []
        lo, hi = min(nums + reload, default=16), max(nums + reload, default=15)
        if nums or reload:
            pro.append(f"\tstmg %r{lo},%r{hi},{8 * lo}(%r15)" if lo < hi else f"\tstg %r{lo},{8 * lo}(%r15)")
            pro += [f"\t.cfi_offset {i}, {8 * i - 160}" for i in range(max(lo, 6), hi + 1)]
        saved = [f"r{i}" for i in range(max(lo, 6), hi + 1)]
        free = [8 * i for i in range(2, 16) if not lo <= i <= hi] + [128, 136, 144, 152]
        frame = 0
        if self.nslots <= len(free):
            slot = lambda k: free[k]             # noqa: E731
        else:
            frame = 8 * self.nslots
            slot = lambda k: 8 * k               # noqa: E731
            pro += [f"\tlay %r15,-{frame}(%r15)", f"\t.cfi_adjust_cfa_offset {frame}"]
            epi += [f"\tlay %r15,{frame}(%r15)", f"\t.cfi_adjust_cfa_offset -{frame}"]
        if saved:
            a, b = saved[0][1:], saved[-1][1:]
            epi.append(f"\tlmg %r{a},%r{b},{8 * int(a)}(%r15)" if a != b else f"\tlg %r{a},{8 * int(a)}(%r15)")
            epi += [f"\t.cfi_restore {r[1:]}" for r in saved]
        body = []
        for ln in self.out:
            while "SLOT" in ln:
                k0 = ln.index("SLOT")
                k1 = k0 + 4
                if ln[k1] == "P":                # a pointer's save word
                    k1 += 2
                    while k1 < len(ln) and ln[k1].isdigit():
                        k1 += 1
                    off = 8 * int(ln[k0 + 6:k1]) + frame
                else:
                    while k1 < len(ln) and ln[k1].isdigit():
                        k1 += 1
                    off = slot(int(ln[k0 + 4:k1]))
                ln = ln[:k0] + f"{off}(%r15)" + ln[k1:]
            body.append(ln)
        return pro + body + epi + ["\tbr %r14"], saved, frame, [f"r{i}" for i in reload]


def print_function(prog: Program, symbol: str, flavour: str = "s390x") -> str:
    """flavour "s390x_nofuse": the products of the program as they are (a
    mullo and a mul for the two halves), for measurements."""
    al = _S390(prog, symbol, fuse=flavour != "s390x_nofuse")
    lines, saved, frame, reload = al.run()
    args = prog.args()
    regs = sorted(al.used_regs, key=lambda r: int(r[1:]))
    abi = (f"s390x ELF ABI: {', '.join(f'{a.name} in {r}' for a, r in zip(args, ELF64['args']))}; "
           f"registers used: {', '.join(regs)}; CC clobbered")
    used_save = [r for r in saved if r != "r14"] + (["r14 (return address)"] if "r14" in saved else [])
    stack = (f"{frame} bytes frame (lay)" if frame else "none below r15") + \
        f"; the caller's register save area: {len(saved)} registers saved, {al.nslots} spill slots of 8 bytes" + \
        (f", argument pointers {', '.join(reload)} stored and read back" if reload else "")
    head = header_lines(prog, symbol, COMMENT, abi, lines, used_save, stack)
    tables = [(al.labels[a.name], a.data) for a in al.prog.arrays
              if a.role == "const" and a.name in al.tables_used]
    return asmfile.function(DIALECT, symbol, head, lines, tables)
