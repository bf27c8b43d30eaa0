# SPDX-License-Identifier: Apache-2.0 OR MIT
"""RV64GC GNU-as printer (LP64D ABI), optional Zba/Zbb for target rv64_zbb.

RISC-V has no flags: an IR carry is a 0/1 word in a register, made by
`sltu` after an `add` (borrows: `sltu` before a `sub`), a mask is `neg` of
a carry, and a select is xor/and/xor with that mask (with Zbb: and/andn/or).
Constants: 0 is the `zero` register, small ones are immediates, cheap ones
(<= 2 instructions) `li` sequences, and the rest words of a per-function
read-only pool addressed through one `lla` (auipc+addi: PIC-safe for the
local label).

Passes, per function:
1. lowering of each IR op to RV64 instructions over virtual registers;
2. list scheduling for an in-order dual-issue core (`limbforge.sched`),
   with a bound on live values so hoisted loads and products do not cost
   spills; the program order and several bounds are tried, and the one
   with the least instructions + modelled cycles wins (a schedule may add
   a callee-saved register only if it saves more cycles than it costs);
3. one-pass register allocation over the scheduled code: caller-saved
   registers first, then callee-saved ones (saved and restored on the
   stack), then spilling by Belady's rule (furthest next use; values that
   can be re-made - constants, input words not yet overwritten - are
   dropped rather than stored).

The ABI is in one place (ABI below): arguments a0..a2; t0-t6 and a3-a7 free;
s0-s11 and ra callee-saved; sp 16-byte aligned and no red zone, so spill
slots live in a frame below sp; gp, tp and zero are never written.
"""
from __future__ import annotations

import bisect

from .. import sched
from ..ir import Program
from . import CodegenError, asmfile

ABI = {
    "args": ["a0", "a1", "a2"],
    # allocation preference: scratch registers, then argument registers once
    # their pointer is dead, then callee-saved (each costs a save/restore)
    "scratch": ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "a3", "a4", "a5", "a6", "a7"],
    "callee_saved": ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "ra"],
    "never": ["zero", "sp", "gp", "tp"],
    "stack_align": 16,
}

DIALECT = asmfile.RV64
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer

ZERO = 0          # virtual register 0 is the zero register



def _sx(x: int, bits: int = 64) -> int:
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def _simm12(x: int) -> bool:
    return -2048 <= _sx(x) < 2048


def li_steps(x: int) -> list:
    """A short instruction sequence building the 64-bit constant x:
    [(mnemonic, imm)], the first step reads zero, the others the result."""
    v = _sx(x)
    if -2048 <= v < 2048:
        return [("addi", v)]
    if -(1 << 31) <= v < (1 << 31):
        lo = _sx(v, 12)
        hi = ((v - lo) >> 12) & 0xFFFFF
        return [("lui", hi)] + ([("addiw", lo)] if lo else [])
    lo = _sx(v, 12)
    rest = (v - lo) >> 12
    sh = 12
    while rest % 2 == 0:
        rest >>= 1
        sh += 1
    best = li_steps(rest & ((1 << 64) - 1)) + [("slli", sh)] + ([("addi", lo)] if lo else [])
    if v > 0:   # leading zeros: build x << lz (with ones below) and shift right
        lz = 64 - v.bit_length()
        alt = li_steps(((v << lz) | ((1 << lz) - 1)) & ((1 << 64) - 1)) + [("srli", lz)]
        if len(alt) < len(best):
            best = alt
    return best


class MI:
    """One machine instruction over virtual registers (li/lla may stand for
    several).  fmt: 'r' (d, s0, s1), 'i' (d, s0, imm), 'u' (d, s0),
    'ld' (d, imm(s0)), 'sd' (s0, imm(s1)), 'li' (d, steps), 'lla' (d, sym),
    'ldsym' (d, sym: auipc + ld)."""
    __slots__ = ("op", "d", "s", "imm", "fmt", "cls", "n", "store_idx")

    def __init__(self, op, d, s, imm=None, fmt="r", cls="alu", n=1):
        self.op, self.d, self.s, self.imm, self.fmt, self.cls, self.n = op, d, tuple(s), imm, fmt, cls, n
        self.store_idx = None

    def text(self, reg) -> list:
        o, f = self.op, self.fmt
        if f == "r":
            return [f"{o}\t{reg(self.d)}, {reg(self.s[0])}, {reg(self.s[1])}"]
        if f == "i":
            return [f"{o}\t{reg(self.d)}, {reg(self.s[0])}, {self.imm}"]
        if f == "u":
            return [f"{o}\t{reg(self.d)}, {reg(self.s[0])}"]
        if f == "ld":
            return [f"ld\t{reg(self.d)}, {self.imm}({reg(self.s[0])})"]
        if f == "sd":
            return [f"sd\t{reg(self.s[0])}, {self.imm}({reg(self.s[1])})"]
        if f == "lla":
            return [f"lla\t{reg(self.d)}, {self.imm}"]
        if f == "ldsym":
            return [f"ld\t{reg(self.d)}, {self.imm}"]
        if f == "li":
            d = reg(self.d)
            out = []
            for k, (m, imm) in enumerate(self.imm):
                src = "zero" if k == 0 else d
                out.append(f"lui\t{d}, {imm:#x}" if m == "lui" else f"{m}\t{d}, {src}, {imm}")
            return out
        raise ValueError(f)


class _Lower:
    """IR -> MI list over virtual registers, plus what each register holds."""

    def __init__(self, prog: Program, zbb: bool, pool_label: str):
        self.prog, self.zbb, self.pool_label = prog, zbb, pool_label
        self.mis: list = []
        self.nv = 0
        self.vr: dict = {}            # IR value id -> vreg
        self.remat: dict = {}         # vreg -> ('li', steps) | ('pool', off) | ('in', ptr, off, idx) | ('lla',)
        self.const_val: dict = {}     # vreg -> constant value (not yet materialised)
        self.const_of: dict = {}      # value -> vreg
        self.pool: dict = {}          # value -> byte offset in the pool
        self.base = None
        self.masks: dict = {}         # carry vreg -> mask vreg
        self.ptr = {}
        for a in prog.args():
            self.ptr[a.name] = self.new()
        self.arrays = {a.name: a for a in prog.arrays}
        self.shadd = self._find_shadd() if zbb else {}

    def _find_shadd(self) -> dict:
        """Zba: or(shl(x, k), shr(y, 64 - k)) with k <= 3 is x * 2^k + (y >> (64-k))
        (the bits do not overlap): `srli` + `shKadd` instead of three
        instructions.  Returns {id of the shl result: the or op}."""
        defs, uses = {}, {}
        for op in self.prog.ops:
            for d in op.dsts:
                if d is not None:
                    defs[d.id] = op
            for x in op.srcs:
                if x is not None:
                    uses[x.id] = uses.get(x.id, 0) + 1
        out = {}
        for op in self.prog.ops:
            if op.opcode != "or":
                continue
            a, b = (defs.get(x.id) for x in op.srcs)
            for sl, sr in ((a, b), (b, a)):
                if sl is not None and sr is not None and sl.opcode == "shl" and sr.opcode == "shr" \
                        and sl.imm[0] <= 3 and sr.imm[0] == 64 - sl.imm[0] and uses[sl.dsts[0].id] == 1:
                    out[sl.dsts[0].id] = op
                    break
        return out

    def new(self) -> int:
        self.nv += 1
        return self.nv

    def emit(self, *a, **k) -> MI:
        mi = MI(*a, **k)
        self.mis.append(mi)
        return mi

    def val(self, v):
        return ZERO if v is None else self.vr[v.id]

    def const(self, x: int) -> int:
        x &= (1 << 64) - 1
        if x == 0:
            return ZERO
        if x not in self.const_of:
            v = self.new()
            self.const_of[x] = v
            self.const_val[v] = x
        return self.const_of[x]

    def imm(self, v):
        """The value of v if it is a constant fitting an I-type immediate."""
        x = self.const_val.get(v)
        return _sx(x) if x is not None and _simm12(x) else None

    def bind(self, irv, v):
        if irv is not None:
            self.vr[irv.id] = v

    # ---- lowering --------------------------------------------------------
    def run(self):
        for op in self.prog.ops:
            getattr(self, "op_" + op.opcode)(op)
        self._materialise_constants()
        return self.mis

    def _materialise_constants(self):
        """Insert one definition before the first register use of each
        constant that is not only ever an immediate."""
        first = {}
        for k, mi in enumerate(self.mis):
            for s in mi.s:
                if s in self.const_val and s not in first:
                    first[s] = k
        defs = {}
        pooled = [v for v in first if len(li_steps(self.const_val[v])) > 2]
        for v, k in first.items():
            x = self.const_val[v]
            steps = li_steps(x)
            if v not in pooled:
                self.remat[v] = ("li", steps)
                defs.setdefault(k, []).append(MI("li", v, (), steps, fmt="li", n=len(steps)))
                continue
            if x not in self.pool:
                self.pool[x] = 8 * len(self.pool)
            if len(pooled) == 1:          # one word: auipc + ld, no base register
                self.remat[v] = ("sym",)
                defs.setdefault(k, []).append(MI("ld", v, (), self.pool_label, fmt="ldsym", cls="ld", n=2))
                continue
            if self.base is None:
                self.base = self.new()
                self.remat[self.base] = ("lla",)
            self.remat[v] = ("pool", self.pool[x])
            defs.setdefault(k, []).append(MI("ld", v, (self.base,), self.pool[x], fmt="ld", cls="ld"))
        if self.base is not None:
            k0 = min(k for k, ms in defs.items() if any(m.fmt == "ld" for m in ms))
            defs[k0].insert(0, MI("lla", self.base, (), self.pool_label, fmt="lla", n=2))
        out = []
        for k, mi in enumerate(self.mis):
            out.extend(defs.get(k, ()))
            out.append(mi)
        self.mis = out

    def op_load(self, op):
        name, idx = op.imm
        a = self.arrays[name]
        if a.role == "const":
            self.bind(op.dsts[0], self.const(a.data[idx]))
            return
        v = self.new()
        self.emit("ld", v, (self.ptr[name],), 8 * idx, fmt="ld", cls="ld")
        self.remat[v] = ("in", self.ptr[name], 8 * idx, idx)
        self.bind(op.dsts[0], v)

    def op_store(self, op):
        name, idx = op.imm
        mi = self.emit("sd", None, (self.val(op.srcs[0]), self.ptr[name]), 8 * idx, fmt="sd", cls="st")
        mi.store_idx = idx

    def op_const(self, op):
        self.bind(op.dsts[0], self.const(op.imm[0]))

    def op_clear(self, op):
        self.bind(op.dsts[0], ZERO)
        self.bind(op.dsts[1], ZERO)

    def op_cword(self, op):
        self.bind(op.dsts[0], self.val(op.srcs[0]))

    def _add2(self, a, b):
        """a + b, immediates folded."""
        d = self.new()
        if self.imm(b) is not None:
            self.emit("addi", d, (a,), self.imm(b), fmt="i")
        elif self.imm(a) is not None:
            self.emit("addi", d, (b,), self.imm(a), fmt="i")
        else:
            self.emit("add", d, (a, b))
        return d

    def op_add(self, op):
        a, b, ci = (self.val(x) for x in op.srcs)
        s, co = op.dsts
        if a == ZERO or (self.imm(a) is not None and self.imm(b) is None):
            a, b = b, a
        if ci == ZERO:              # no carry-in, or a cleared one
            ci = None
        if ci is None:
            if b == ZERO:
                self.bind(s, a)
                self.bind(co, ZERO)
                return
            d = self._add2(a, b)
            self.bind(s, d)
            if co is not None:
                c = self.new()
                self.emit("sltu", c, (d, a if a != ZERO else b))
                self.bind(co, c)
            return
        if b == ZERO:
            d = self._add2(a, ci)
            self.bind(s, d)
            if co is not None:
                c = self.new()
                self.emit("sltu", c, (d, ci))
                self.bind(co, c)
            return
        t = self._add2(a, b)
        if co is None:
            self.bind(s, self._add2(t, ci))
            return
        c1 = self.new()
        self.emit("sltu", c1, (t, a))
        d = self._add2(t, ci)
        c2 = self.new()
        self.emit("sltu", c2, (d, ci))
        c = self.new()
        self.emit("or", c, (c1, c2))
        self.bind(s, d)
        self.bind(co, c)

    def _sub2(self, a, b):
        if b == ZERO:
            return a
        d = self.new()
        if self.imm(b) is not None and _simm12(-self.imm(b)):
            self.emit("addi", d, (a,), -self.imm(b), fmt="i")
        elif a == ZERO:
            self.emit("neg", d, (b,), fmt="u")
        else:
            self.emit("sub", d, (a, b))
        return d

    def _lt(self, a, b):
        """a < b unsigned, as a 0/1 word."""
        c = self.new()
        if a == ZERO:
            self.emit("snez", c, (b,), fmt="u")
        elif self.imm(b) is not None and self.imm(b) >= 0:
            self.emit("sltiu", c, (a,), self.imm(b), fmt="i")
        else:
            self.emit("sltu", c, (a, b))
        return c

    def op_sub(self, op):
        a, b, bi = (self.val(x) for x in op.srcs)
        d, bo = op.dsts
        if bi == ZERO:
            bi = None
        if bi is None:
            if b == ZERO:
                self.bind(d, a)
                self.bind(bo, ZERO)
                return
            if bo is not None:
                self.bind(bo, self._lt(a, b))
            if d is not None:
                self.bind(d, self._sub2(a, b))
            return
        if b == ZERO:
            if bo is not None:
                self.bind(bo, self._lt(a, bi))
            if d is not None:
                self.bind(d, self._sub2(a, bi))
            return
        t = self._sub2(a, b)
        if bo is None:
            self.bind(d, self._sub2(t, bi))
            return
        b1 = self._lt(a, b)
        b2 = self._lt(t, bi)
        if d is not None:
            self.bind(d, self._sub2(t, bi))
        c = self.new()
        self.emit("or", c, (b1, b2))
        self.bind(bo, c)

    def op_mul(self, op):
        x, y = self.val(op.srcs[0]), self.val(op.srcs[1])
        lo, hi = op.dsts
        if hi is not None:
            h = self.new()
            self.emit("mulhu", h, (x, y), cls="mul")
            self.bind(hi, h)
        if lo is not None:
            m = self.new()
            self.emit("mul", m, (x, y), cls="mul")
            self.bind(lo, m)

    def op_mullo(self, op):
        m = self.new()
        self.emit("mul", m, (self.val(op.srcs[0]), self.val(op.srcs[1])), cls="mul")
        self.bind(op.dsts[0], m)

    def mask_of(self, c):
        if c not in self.masks:
            m = self.new()
            self.emit("neg", m, (c,), fmt="u")
            self.masks[c] = m
        return self.masks[c]

    def op_mask(self, op):
        c = self.val(op.srcs[0])
        self.bind(op.dsts[0], ZERO if c == ZERO else self.mask_of(c))

    def op_csel(self, op):
        c, a, b = (self.val(x) for x in op.srcs)
        if c == ZERO or a == b:
            self.bind(op.dsts[0], b)
            return
        d = self.new()
        if b == ZERO:
            self.emit("and", d, (a, self.mask_of(c)))
        elif a == ZERO and self.zbb:
            self.emit("andn", d, (b, self.mask_of(c)))
        elif a == ZERO:
            nm = self.new()
            self.emit("addi", nm, (c,), -1, fmt="i")      # c - 1 = ~mask
            self.emit("and", d, (b, nm))
        elif self.zbb:
            m = self.mask_of(c)
            t1, t2 = self.new(), self.new()
            self.emit("and", t1, (a, m))
            self.emit("andn", t2, (b, m))
            self.emit("or", d, (t1, t2))
        else:
            m = self.mask_of(c)
            t1, t2 = self.new(), self.new()
            self.emit("xor", t1, (a, b))
            self.emit("and", t2, (t1, m))
            self.emit("xor", d, (b, t2))
        self.bind(op.dsts[0], d)

    def _logic(self, op, mn):
        a, b = self.val(op.srcs[0]), self.val(op.srcs[1])
        if self.imm(a) is not None and self.imm(b) is None:
            a, b = b, a
        if b == ZERO or a == ZERO:
            other = a if b == ZERO else b
            self.bind(op.dsts[0], ZERO if mn == "and" else other)
            return
        d = self.new()
        x = self.const_val.get(b)
        if self.imm(b) is not None:
            self.emit(mn + "i", d, (a,), self.imm(b), fmt="i")
        elif mn == "and" and x is not None and (x + 1) & x == 0:
            k = x.bit_length()             # and with 2^k - 1
            if k == 32 and self.zbb:
                self.emit("zext.w", d, (a,), fmt="u")
            else:
                t = self.new()
                self.emit("slli", t, (a,), 64 - k, fmt="i")
                self.emit("srli", d, (t,), 64 - k, fmt="i")
        else:
            self.emit(mn, d, (a, b))
        self.bind(op.dsts[0], d)

    def op_and(self, op):
        self._logic(op, "and")

    def op_or(self, op):
        for x, y in (op.srcs, op.srcs[::-1]):
            if x.id in self.shadd:            # x = shl(z, k), not lowered yet
                z, k = self.vr[x.id]
                d = self.new()
                self.emit(f"sh{k}add", d, (z, self.val(y)))
                self.bind(op.dsts[0], d)
                return
        self._logic(op, "or")

    def op_xor(self, op):
        self._logic(op, "xor")

    def op_shl(self, op):
        if op.dsts[0].id in self.shadd:           # becomes part of a shKadd
            self.vr[op.dsts[0].id] = (self.val(op.srcs[0]), op.imm[0])
            return
        d = self.new()
        self.emit("slli", d, (self.val(op.srcs[0]),), op.imm[0], fmt="i")
        self.bind(op.dsts[0], d)

    def op_shr(self, op):
        d = self.new()
        self.emit("srli", d, (self.val(op.srcs[0]),), op.imm[0], fmt="i")
        self.bind(op.dsts[0], d)

    def op_shrd(self, op):
        hi, lo = self.val(op.srcs[0]), self.val(op.srcs[1])
        k = op.imm[0]
        t1, t2, d = self.new(), self.new(), self.new()
        self.emit("srli", t1, (lo,), k, fmt="i")
        self.emit("slli", t2, (hi,), 64 - k, fmt="i")
        self.emit("or", d, (t1, t2))
        self.bind(op.dsts[0], d)


class _Alloc:
    """Register allocation over the scheduled MI sequence."""

    def __init__(self, seq: list, low: _Lower, symbol: str):
        self.seq, self.low, self.sym = seq, low, symbol
        self.uses: dict = {}
        self.store_pos: dict = {}
        for i, mi in enumerate(seq):
            for s in mi.s:
                if s != ZERO:
                    self.uses.setdefault(s, []).append(i)
            if mi.store_idx is not None:
                self.store_pos[mi.store_idx] = i
        self.order = ABI["scratch"] + ABI["args"][::-1] + ABI["callee_saved"]
        self.val_in = {r: None for r in self.order}
        self.reg_of: dict = {}
        self.slot: dict = {}
        self.nslots = 0
        self.free_slots: list = []
        self.used: set = set()
        self.out: list = []           # (lines, cls, dst reg, src regs)
        for a, r in zip(low.prog.args(), ABI["args"]):
            self.bind(low.ptr[a.name], r)
        self.i = 0

    # ---- liveness ------------------------------------------------------------
    def next_use(self, v, after):
        us = self.uses.get(v)
        if not us:
            return None
        k = bisect.bisect_right(us, after)
        return us[k] if k < len(us) else None

    def last_use(self, v):
        us = self.uses.get(v)
        return us[-1] if us else -1

    def droppable(self, v) -> bool:
        """v can be re-made instead of stored when evicted."""
        h = self.low.remat.get(v)
        if h is None:
            return False
        if h[0] != "in":
            return True
        _, ptr, _, idx = h
        last = self.last_use(v)
        if last < self.i:
            return True
        return last < self.store_pos.get(idx, 1 << 30) and last <= self.last_use(ptr)

    # ---- registers -------------------------------------------------------------
    def bind(self, v, r):
        self.val_in[r] = v
        self.reg_of[v] = r
        self.used.add(r)

    def unbind(self, r):
        v = self.val_in[r]
        if v is not None:
            del self.reg_of[v]
        self.val_in[r] = None

    def emit_raw(self, text, cls, dst, srcs, n=1):
        self.out.append(([text] if text else [], cls, dst, list(srcs), n))

    def alloc(self, avoid) -> str:
        for r in self.order:
            if self.val_in[r] is None and r not in avoid:
                return r
        best, score = None, -1
        for r in self.order:
            if r in avoid:
                continue
            v = self.val_in[r]
            nu = self.next_use(v, self.i - 1)
            d = (1 << 30) if nu is None else nu - self.i
            if self.droppable(v):
                d = 2 * d + 1
            if d > score:
                best, score = r, d
        if best is None:
            raise CodegenError(f"{self.sym}: out of registers")
        self.evict(best)
        return best

    def evict(self, r):
        v = self.val_in[r]
        if self.next_use(v, self.i - 1) is not None and v not in self.slot and not self.droppable(v):
            k = self.free_slots.pop() if self.free_slots else self._new_slot()
            self.slot[v] = k
            self.emit_raw(f"sd\t{r}, SLOT{k}(sp)", "st", None, [r, "sp"])
        self.unbind(r)

    def _new_slot(self):
        self.nslots += 1
        return self.nslots - 1

    def ensure(self, v, pinned) -> str:
        r = self.reg_of.get(v)
        if r is not None:
            return r
        self.touched.append(v)
        if v in self.slot:
            r = self.alloc(pinned)
            self.emit_raw(f"ld\t{r}, SLOT{self.slot[v]}(sp)", "ld", r, ["sp"])
        else:
            h = self.low.remat.get(v)
            if h is None:
                raise CodegenError(f"{self.sym}: value {v} lost")
            if h[0] == "li":
                r = self.alloc(pinned)
                for k, (m, imm) in enumerate(h[1]):
                    src = "zero" if k == 0 else r
                    self.emit_raw(f"lui\t{r}, {imm:#x}" if m == "lui" else f"{m}\t{r}, {src}, {imm}",
                                  "alu", r, [r] if k else [])
            elif h[0] in ("lla", "sym"):      # auipc + addi / auipc + ld
                r = self.alloc(pinned)
                self.emit_raw(f"{'lla' if h[0] == 'lla' else 'ld'}\t{r}, {self.low.pool_label}", "alu", r, [])
                self.emit_raw("", "alu" if h[0] == "lla" else "ld", r, [r])
            else:
                base = self.low.base if h[0] == "pool" else h[1]
                off = h[1] if h[0] == "pool" else h[2]
                b = self.ensure(base, pinned)
                r = self.alloc(set(pinned) | {b})
                self.emit_raw(f"ld\t{r}, {off}({b})", "ld", r, [b])
        self.bind(v, r)
        return r

    def free_dead(self, vals):
        for v in vals:
            r = self.reg_of.get(v)
            if r is not None and self.last_use(v) <= self.i:
                self.unbind(r)
                if v in self.slot:
                    self.free_slots.append(self.slot.pop(v))

    # ---- the pass --------------------------------------------------------------
    def run(self):
        for i, mi in enumerate(self.seq):
            self.i = i
            self.touched = []
            srcs = [s for s in mi.s if s != ZERO]
            pinned = {self.reg_of[s] for s in srcs if s in self.reg_of}
            for s in srcs:
                pinned.add(self.ensure(s, pinned))
            regs = {s: self.reg_of[s] for s in srcs}
            regs[ZERO] = "zero"
            if mi.d is not None:
                for s in set(srcs):               # sources dying here free their
                    if self.last_use(s) <= i:     # registers for the result
                        self.unbind(regs[s])
                        if s in self.slot:
                            self.free_slots.append(self.slot.pop(s))
                r = self.alloc({regs[s] for s in srcs if self.last_use(s) > i})
                self.bind(mi.d, r)
                regs[mi.d] = r
            self._emit_mi(mi, regs)
            self.free_dead(self.touched + ([mi.d] if mi.d is not None else []) + srcs)
        return self.finish()

    def _emit_mi(self, mi, regs):
        lines = mi.text(lambda v: regs[v])
        if mi.fmt in ("lla", "ldsym"):         # auipc + addi / auipc + ld
            self.emit_raw(lines[0], "alu", regs[mi.d], [])
            self.emit_raw("", "alu" if mi.fmt == "lla" else "ld", regs[mi.d], [regs[mi.d]])
            return
        for k, ln in enumerate(lines):
            if mi.fmt == "li":
                self.emit_raw(ln, "alu", regs[mi.d], [regs[mi.d]] if k else [])
            else:
                self.emit_raw(ln, mi.cls, regs[mi.d] if mi.d is not None else None,
                              [regs[s] for s in mi.s if s != ZERO])

    def finish(self):
        saved = [r for r in ABI["callee_saved"] if r in self.used]
        frame = 8 * (self.nslots + len(saved))
        frame += -frame % ABI["stack_align"]
        if frame >= 2048:
            raise CodegenError(f"{self.sym}: frame of {frame} bytes")
        pro, epi = [], []
        if frame:
            pro.append((["addi\tsp, sp, -%d" % frame, f".cfi_def_cfa_offset {frame}"], "alu", "sp", ["sp"], 1))
            for k, r in enumerate(saved):
                off = 8 * (self.nslots + k)
                pro.append(([f"sd\t{r}, {off}(sp)", f".cfi_offset {r}, {off - frame}"], "st", None, [r, "sp"], 1))
                epi.append(([f"ld\t{r}, {off}(sp)", f".cfi_restore {r}"], "ld", r, ["sp"], 1))
            epi.append(([f"addi\tsp, sp, {frame}", ".cfi_def_cfa_offset 0"], "alu", "sp", ["sp"], 1))
        epi.append((["ret"], "alu", None, [], 1))
        body = []
        for lines, cls, d, ss, n in pro + self.out + epi:
            fixed = []
            for ln in lines:
                if "SLOT" in ln:
                    a = ln.index("SLOT")
                    b = ln.index("(", a)
                    ln = ln[:a] + str(8 * int(ln[a + 4:b])) + ln[b:]
                fixed.append(ln)
            body.append((fixed, cls, d, ss, n))
        return body, saved, frame, self.nslots


def _schedule_nodes(low: _Lower, mis: list) -> list:
    """sched.Node per MI: true dependencies, plus "store r[i] after every
    load of word i of any input" (r may alias an input)."""
    in_loads: dict = {}
    for k, mi in enumerate(mis):
        h = low.remat.get(mi.d) if mi.d is not None else None
        if h is not None and h[0] == "in" and mi.fmt == "ld":
            in_loads.setdefault(h[3], []).append(k)
    nodes = []
    for mi in mis:
        after = in_loads.get(mi.store_idx, ()) if mi.store_idx is not None else ()
        nodes.append(sched.Node((mi.d,) if mi.d is not None else (),
                                [s for s in mi.s if s != ZERO], mi.cls, mi.n, after))
    return nodes


LIMITS = (10, 13, 16, 20, 24, 28)


def _compile(prog: Program, symbol: str, zbb: bool):
    low = _Lower(prog, zbb, asmfile.local_label(symbol, "k"))
    mis = low.run()
    ptrs = [low.ptr[a.name] for a in prog.args()]
    nodes = _schedule_nodes(low, mis)
    limits = LIMITS if len(mis) < 1500 else LIMITS[-2:]
    best = None
    for limit in (None,) + limits:
        order = range(len(mis)) if limit is None else sched.schedule(nodes, limit, ptrs)
        body, saved, frame, nslots = _Alloc([mis[k] for k in order], low, symbol).run()
        ninsn = sum(n for *_, n in body)
        cycles = sched.simulate([(cls, d, ss) for _, cls, d, ss, _ in body])
        # issue slots and modelled cycles weigh the same: a schedule may
        # add a few instructions (a callee-saved register, a reload) only
        # if it saves more cycles than that
        key = (ninsn + cycles, ninsn)
        if best is None or key < best[0]:
            best = (key, (ninsn, cycles), body, saved, frame, nslots, low)
    return best[1:]


def print_function(prog: Program, symbol: str, target: str = "rv64") -> str:
    zbb = target == "rv64_zbb"
    (ninsn, cycles), body, saved, frame, nslots, low = _compile(prog, symbol, zbb)
    args = prog.args()
    sig = ", ".join(f"{'' if a.role == 'out' else 'const '}uint64_t {a.name}[{a.words}]" for a in args)
    regs = set()
    for lines, _, d, ss, _ in body:
        regs.update(x for x in [d, *ss] if x)
    regs -= {"sp"}
    regs = [r for r in ABI["scratch"] + ABI["args"] + ABI["callee_saved"] if r in regs]
    head = [
        f"# void {symbol}({sig})",
        f"#   {prog.comment}",
        f"#   LP64D: {', '.join(f'{a.name} in {r}' for a, r in zip(args, ABI['args']))}",
        f"#   registers used: {', '.join(regs)}",
        f"#   callee-saved saved: {', '.join(saved) if saved else 'none'}; stack: {frame} bytes "
        f"({len(saved)} saved registers, {nslots} spill slots, {frame - 8 * (len(saved) + nslots)} padding)",
        f"#   {ninsn} instructions, ~{cycles} cycles on an in-order dual-issue model"
        + ("; needs Zba and Zbb" if zbb else ""),
    ]
    pool = [x for x, _ in sorted(low.pool.items(), key=lambda kv: kv[1])]
    tables = [(low.pool_label, pool)] if pool else []
    text = ["\t" + ln for lines, *_ in body for ln in lines]
    before, after = ((["\t.option push", "\t.option arch, +zba, +zbb"], ["\t.option pop"]) if zbb
                     else ([], []))
    return asmfile.function(DIALECT, symbol, head, text, tables, before, after)
