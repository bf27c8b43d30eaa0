# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AArch64 GNU as printer (AAPCS64), on the shared load/store allocator.

ABI, in one place (AAPCS64 below): arguments in x0, x1, x2; x19-x28
callee-saved (saved in pairs with stp/ldp, sp kept 16-byte aligned); x18 (the
platform register), x29 (frame pointer) and x30 (link register) are never
touched; x16/x17 (intra-procedure-call scratch) are free in a leaf.  There is
no red zone: spill slots live in a frame below sp.

Instructions: mul/umulh for products (they leave the flags alone, so a carry
may live across them), adds/adcs/adc and subs/sbcs/sbc, the flag-free add/adc
forms whenever an IR carry-out is unused (a live carry then survives), csel,
cset, csetm, cinc, extr, lsl/lsr, ldp/stp for adjacent words.  xzr stands for
every zero operand; an addend 2^64 - k (k < 4096) is `subs #k` (same sum, and
C = a >= k is its carry), a subtrahend 2^64 - k is `adds #k` (C = NOT-borrow); a mask whose every use is an `and` (before the
carry is overwritten) becomes `csel x, xzr` per use instead of csetm + and.  Constants: one- or two-instruction immediates
(mov/movz/movn/movk and logical immediates) inline, other constant-table words
through `adrp` + `add :lo12:` of a local label in .rodata (PC-relative, no
dynamic relocation: PIC-safe), kept in a base register the allocator may drop.

Carry polarity: AArch64 C is the carry after an addition but NOT-borrow after
a subtraction (sbcs computes a - b - !C).  The allocator records for the
carry in C whether it holds the IR carry ("pos") or its complement ("neg");
csel/cset/csetm/cinc pick cs or cc accordingly, and a carry that crosses from
a subtraction chain into an addition (or back) is flipped in C with
`cset tmp, cc` + `cmp tmp, #1`.
"""
from __future__ import annotations

from ..ir import MASK64, Program
from . import CodegenError, asmfile
from .regalloc import LoadStoreAlloc, header_lines

__all__ = ["print_function", "CodegenError", "COMMENT", "TRAILER"]

AAPCS64 = {
    "args": ["x0", "x1", "x2"],
    # caller-saved first (free to use), then callee-saved (cost a save/restore)
    "pool": [f"x{i}" for i in range(3, 16)] + ["x16", "x17", "x2", "x1", "x0"]
            + [f"x{i}" for i in range(19, 29)],
    "callee_saved": [f"x{i}" for i in range(19, 29)],
    "never": ["x18", "x29", "x30", "sp"],
}

DIALECT = asmfile.AARCH64
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer


def logical_imm(x: int) -> bool:
    """x is encodable as an AArch64 64-bit logical (bitmask) immediate."""
    if x in (0, MASK64):
        return False
    size = 64
    while size > 2:
        half = size // 2
        m = (1 << half) - 1
        if (x & m) != ((x >> half) & m):
            break
        size = half
    m = (1 << size) - 1
    e = x & m
    # e must be a rotation of a contiguous run of ones
    for rot in range(size):
        r = ((e >> rot) | (e << (size - rot))) & m
        if r and (r & (r + 1)) == 0:
            return True
    return False


def imm_lines(reg: str, x: int) -> list:
    x &= MASK64
    if x == 0:
        return [f"mov {reg}, xzr"]
    hw = [(x >> (16 * k)) & 0xFFFF for k in range(4)]
    if sum(h != 0 for h in hw) == 1 or sum(h != 0xFFFF for h in hw) <= 1 or logical_imm(x):
        return [f"mov {reg}, #{x:#x}"]
    nz = [k for k in range(4) if hw[k] != 0]
    nf = [k for k in range(4) if hw[k] != 0xFFFF]
    if len(nz) <= len(nf):
        first, rest = f"movz {reg}, #{hw[nz[0]]:#x}, lsl #{16 * nz[0]}", nz[1:]
    else:
        k0 = nf[0]
        first, rest = f"movn {reg}, #{(~hw[k0]) & 0xFFFF:#x}, lsl #{16 * k0}", nf[1:]
    return [first] + [f"movk {reg}, #{hw[k]:#x}, lsl #{16 * k}" for k in rest]


def add_imm(x: int) -> bool:
    return 0 <= x < 4096 or (x & 0xFFF == 0 and x < (1 << 24))


class _A64(LoadStoreAlloc):
    REGS = AAPCS64["pool"]
    ARGS = AAPCS64["args"]
    CALLEE_SAVED = set(AAPCS64["callee_saved"])

    def __init__(self, prog, symbol):
        super().__init__(prog, symbol)
        self.masks = {}          # mask value id -> carry, for masks folded into csel

    def ins_load(self, reg, base, off):
        return f"ldr {reg}, [{base}, #{off}]" if base else f"ldr {reg}, {self.slot_ref(off)}"

    def ins_store(self, reg, base, off):
        return f"str {reg}, [{base}, #{off}]" if base else f"str {reg}, {self.slot_ref(off)}"

    def ins_imm(self, reg, x):
        return imm_lines(reg, x)

    def imm_cost(self, x):
        return 0 if x == 0 else len(imm_lines("x0", x))

    def ins_table_base(self, reg, label):
        return [f"adrp {reg}, {label}", f"add {reg}, {reg}, :lo12:{label}"]

    def ins_copy(self, dst, src):
        return f"mov {dst}, {src}"

    # ---- operands ---------------------------------------------------------
    def is_zero(self, v):
        return self.in_reg(v) is None and self.imm_of(v) == 0

    def reg0(self, v):
        """Register operand, xzr for zero."""
        return "xzr" if self.is_zero(v) else self.use(v)

    def load_mem(self, v, reg, base, arr, idx):
        """ldr, or ldp with a neighbouring word (input or table) that is
        needed later and not in a register, if a register is free for it."""
        best = None
        for j in (idx - 1, idx + 1):
            for w in self.mem_vals.get((arr, j), []):
                nu = self.next_use(w)
                if nu is not None and self.in_reg(w) is None and (best is None or nu < best[0]):
                    best = (nu, j, w)
        free = [r for r in self.free_regs() if r != reg]
        if best is None or not free:
            return super().load_mem(v, reg, base, arr, idx)
        _, j, w = best
        r2 = free[0]
        self.used_regs.add(r2)
        lo, hi = ((reg, r2), (r2, reg))[j < idx]
        self.emit(f"ldp {lo}, {hi}, [{base}, #{8 * min(idx, j)}]")
        self.bind(w, r2, lock=False)

    def _cond(self, c, want=True):
        """Condition code that is true when carry c (in C) equals `want`."""
        pos = self.flag_of(c) == "pos"
        return "cs" if pos == want else "cc"

    def need_pol(self, c, pol):
        """Make C hold carry c with polarity pol (flip it if needed)."""
        if self.flag_of(c) == pol:
            return
        t = self.alloc()
        self.emit(f"cset {t}, cc")      # t = !C
        self.emit(f"cmp {t}, #1")       # C = (t >= 1) = !C_old
        self.flag = (c, pol)

    # ---- ops --------------------------------------------------------------
    def op_store(self, op):
        name, idx = op.imm
        v = op.srcs[0]
        nxt = self.ops[self.i + 1] if self.i + 1 < len(self.ops) else None
        if nxt is not None and nxt.opcode == "store" and nxt.imm[0] == name \
                and abs(nxt.imm[1] - idx) == 1:
            a, b = self.reg0(v), self.reg0(nxt.srcs[0])
            if nxt.imm[1] < idx:
                a, b = b, a
            self.emit(f"stp {a}, {b}, [{self.ptr[name]}, #{8 * min(idx, nxt.imm[1])}]")
            self.skip.add(self.i + 1)
            return
        self.emit(f"str {self.reg0(v)}, [{self.ptr[name]}, #{8 * idx}]")

    def op_clear(self, op):
        if op.dsts[1] is not None:
            raise CodegenError(f"{self.sym}: two carry chains need two flags (use style 'plain')")
        self.write_flag(op.dsts[0], "pos")
        self.emit("cmn xzr, xzr")              # C = 0

    def op_mul(self, op):
        if self.fold_mul(op):
            return
        x, y = op.srcs
        lo, hi = op.dsts
        rx = self.use(x)
        ry = self.use(y)
        if hi is not None and lo is not None:
            rh = self.alloc()                  # mul still reads x and y
            self.emit(f"umulh {rh}, {rx}, {ry}")
            self.bind(hi, rh)
            rl = self.dst()
            self.emit(f"mul {rl}, {rx}, {ry}")
            self.result(lo, rl)
            return
        d = self.dst()
        self.emit(f"{'mul' if hi is None else 'umulh'} {d}, {rx}, {ry}")
        self.result(lo if hi is None else hi, d)

    def op_mullo(self, op):
        if self.fold_mul(op):
            return
        rx, ry = self.use(op.srcs[0]), self.use(op.srcs[1])
        d = self.dst()
        self.emit(f"mul {d}, {rx}, {ry}")
        self.result(op.dsts[0], d)

    def _rd(self, v):
        return "xzr" if v is None else self.dst()

    def op_add(self, op):
        a, b, ci = op.srcs
        s, co = op.dsts
        if self.is_zero(a) or (self.imm_of(a) is not None and self.imm_of(b) is None):
            a, b = b, a
        if ci is None:
            xb = self.imm_of(b) if self.in_reg(b) is None else None
            ra = self.reg0(a)
            if xb is not None and ra != "xzr" and add_imm(xb):
                src = f"#{xb}"
            elif xb is not None and ra != "xzr" and add_imm((-xb) & MASK64):
                # a + (2^64 - k) = a - k, and its carry is a >= k: the C of subs
                if co is not None:
                    self.write_flag(co, "pos")
                d = self._rd(s)
                self.emit(f"sub{'s' if co is not None else ''} {d}, {ra}, #{(-xb) & MASK64}")
                if s is not None:
                    self.result(s, d)
                return
            else:
                src = self.reg0(b)
            if co is not None:
                self.write_flag(co, "pos")
            d = self._rd(s)
            self.emit(f"add{'s' if co is not None else ''} {d}, {ra}, {src}")
        else:
            pol = self.flag_of(ci)
            if co is None and pol == "neg":
                # a + b + ci without touching C: add, then cinc on !C
                ra, rb = self.reg0(a), self.reg0(b)
                d = self._rd(s)
                if rb == "xzr":
                    self.emit(f"cinc {d}, {ra}, cc")
                else:
                    self.emit(f"add {d}, {ra}, {rb}")
                    self.emit(f"cinc {d}, {d}, cc")
            else:
                self.need_pol(ci, "pos")
                ra, rb = self.reg0(a), self.reg0(b)
                if co is not None:
                    self.write_flag(co, "pos")
                d = self._rd(s)
                self.emit(f"adc{'s' if co is not None else ''} {d}, {ra}, {rb}")
        if s is not None:
            self.result(s, d)

    def op_sub(self, op):
        a, b, bi = op.srcs
        dv, bo = op.dsts
        if bi is None:
            xb = self.imm_of(b) if self.in_reg(b) is None else None
            if self.is_zero(a):
                ra, src = "xzr", self.reg0(b)
            else:
                ra = self.use(a)
                src = f"#{xb}" if xb is not None and add_imm(xb) else None
                if xb is not None and src is None and xb and add_imm((-xb) & MASK64):
                    # a - (2^64 - k) = a + k; carry of a + k = NOT-borrow
                    if bo is not None:
                        self.write_flag(bo, "neg")
                    d = self._rd(dv)
                    self.emit(f"add{'s' if bo is not None else ''} {d}, {ra}, #{(-xb) & MASK64}")
                    if dv is not None:
                        self.result(dv, d)
                    return
                src = src or self.reg0(b)
            if bo is not None:
                self.write_flag(bo, "neg")
            d = self._rd(dv)
            self.emit(f"sub{'s' if bo is not None else ''} {d}, {ra}, {src}")
        else:
            self.need_pol(bi, "neg")
            ra, rb = self.reg0(a), self.reg0(b)
            if bo is not None:
                self.write_flag(bo, "neg")
            d = self._rd(dv)
            self.emit(f"sbc{'s' if bo is not None else ''} {d}, {ra}, {rb}")
        if dv is not None:
            self.result(dv, d)

    def op_csel(self, op):
        c, a, b = op.srcs
        cond = self._cond(c)
        ra, rb = self.reg0(a), self.reg0(b)
        d = self.dst()
        self.emit(f"csel {d}, {ra}, {rb}, {cond}")
        self.result(op.dsts[0], d)

    def op_mask(self, op):
        c, v = op.srcs[0], op.dsts[0]
        cond = self._cond(c)
        uses = self.uses.get(v.id, [])
        between = {o.opcode for o in self.ops[self.i + 1:uses[-1]]} if uses else {"add"}
        if all(self.ops[u].opcode == "and" for u in uses) and not between & {"add", "sub", "clear"}:
            # every use is `and` and the carry stays in C until the last:
            # each becomes csel(x, xzr); the mask itself is never made
            self.masks[v.id] = c
            self.uses[c.id] = sorted(set(self.uses[c.id]) | set(uses))
            return
        d = self.dst()
        self.emit(f"csetm {d}, {cond}")
        self.result(op.dsts[0], d)

    def op_cword(self, op):
        cond = self._cond(op.srcs[0])
        d = self.dst()
        self.emit(f"cset {d}, {cond}")
        self.result(op.dsts[0], d)

    def _logic(self, op, mn):
        a, b = op.srcs
        if mn == "and" and (a.id in self.masks or b.id in self.masks):
            if b.id in self.masks:
                a, b = b, a
            cond = self._cond(self.masks[a.id])
            rb = self.reg0(b)
            d = self.dst()
            self.emit(f"csel {d}, {rb}, xzr, {cond}")
            self.result(op.dsts[0], d)
            return
        if self.imm_of(a) is not None and self.in_reg(a) is None:
            a, b = b, a
        ra = self.reg0(a)
        xb = self.imm_of(b) if self.in_reg(b) is None else None
        src = f"#{xb:#x}" if xb is not None and ra != "xzr" and logical_imm(xb) else self.reg0(b)
        d = self.dst()
        self.emit(f"{mn} {d}, {ra}, {src}")
        self.result(op.dsts[0], d)

    def op_and(self, op):
        self._logic(op, "and")

    def op_or(self, op):
        self._logic(op, "orr")

    def op_xor(self, op):
        self._logic(op, "eor")

    def op_shl(self, op):
        ra = self.reg0(op.srcs[0])
        d = self.dst()
        self.emit(f"lsl {d}, {ra}, #{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shr(self, op):
        ra = self.reg0(op.srcs[0])
        d = self.dst()
        self.emit(f"lsr {d}, {ra}, #{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shrd(self, op):
        rh, rl = self.reg0(op.srcs[0]), self.reg0(op.srcs[1])
        d = self.dst()
        self.emit(f"extr {d}, {rh}, {rl}, #{op.imm[0]}")
        self.result(op.dsts[0], d)

    # ---- frame -----------------------------------------------------------
    def finish(self):
        for r in AAPCS64["never"]:
            assert r not in self.used_regs, r
        saved = [r for r in AAPCS64["callee_saved"] if r in self.used_regs]
        nsave = 8 * len(saved)
        frame = (nsave + 8 * self.nslots + 15) // 16 * 16
        if frame > 4095:
            raise CodegenError(f"{self.sym}: frame of {frame} bytes")
        pro, epi = [], []
        pairs = [saved[k:k + 2] for k in range(0, len(saved), 2)]
        if frame:
            if pairs and frame <= 504:
                p0 = pairs[0]
                if len(p0) == 2:
                    pro.append(f"\tstp {p0[0]}, {p0[1]}, [sp, #-{frame}]!")
                else:
                    pro.append(f"\tstr {p0[0]}, [sp, #-{frame}]!")
                rest = pairs[1:]
            else:
                pro.append(f"\tsub sp, sp, #{frame}")
                rest = pairs
            pro.append(f"\t.cfi_def_cfa_offset {frame}")
            for k, pr in enumerate(pairs):
                if pr in rest:
                    off = 16 * k
                    pro.append(f"\tstp {pr[0]}, {pr[1]}, [sp, #{off}]" if len(pr) == 2
                               else f"\tstr {pr[0]}, [sp, #{off}]")
            for k, r in enumerate(saved):
                pro.append(f"\t.cfi_offset {r}, {8 * k - frame}")
            for k, pr in enumerate(pairs):
                if pr in rest:
                    off = 16 * k
                    epi.append(f"\tldp {pr[0]}, {pr[1]}, [sp, #{off}]" if len(pr) == 2
                               else f"\tldr {pr[0]}, [sp, #{off}]")
            if pairs and frame <= 504:
                p0 = pairs[0]
                epi.append(f"\tldp {p0[0]}, {p0[1]}, [sp], #{frame}" if len(p0) == 2
                           else f"\tldr {p0[0]}, [sp], #{frame}")
            else:
                epi.append(f"\tadd sp, sp, #{frame}")
            epi += [f"\t.cfi_restore {r}" for r in saved] + ["\t.cfi_def_cfa_offset 0"]
        body = []
        for ln in self.out:
            while "SLOT" in ln:
                k0 = ln.index("SLOT")
                k1 = k0 + 4
                while k1 < len(ln) and ln[k1].isdigit():
                    k1 += 1
                ln = ln[:k0] + f"[sp, #{nsave + 8 * int(ln[k0 + 4:k1])}]" + ln[k1:]
            body.append(ln)
        return pro + body + epi + ["\tret"], saved, frame


def print_function(prog: Program, symbol: str, flavour: str = "aarch64") -> str:
    al = _A64(prog, symbol)
    lines, saved, frame = al.run()
    args = prog.args()
    regs = sorted(al.used_regs, key=lambda r: int(r[1:]))
    abi = (f"AAPCS64: {', '.join(f'{a.name} in {r}' for a, r in zip(args, AAPCS64['args']))}; "
           f"registers used: {', '.join(regs)}; flags NZCV clobbered")
    stack = (f"{frame} bytes ({len(saved)} registers saved, {al.nslots} spill slots of 8 bytes)"
             if frame else "none")
    head = header_lines(prog, symbol, COMMENT, abi, lines, saved, stack)
    tables = [(al.labels[a.name], a.data) for a in prog.arrays
              if a.role == "const" and a.name in al.tables_used]
    return asmfile.function(DIALECT, symbol, head, lines, tables)
