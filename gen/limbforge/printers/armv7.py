# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ARMv7-A GNU as printer (AAPCS, unified syntax), on the shared load/store
allocator, for programs of 32-bit words (Program.wbits == 32).

ABI, in one place (AAPCS below): arguments in r0, r1, r2 (the element
arrays: uint64_t limbs, so 32-bit word i is at byte 4*i, little-endian);
r4-r11 and lr callee-saved (one push at entry, one pop at exit that also
returns when lr was pushed; an odd number of pushed registers is evened with
an unused one so sp stays 8-byte aligned); r3 and r12 (ip) are free scratch,
r0-r2 join the pool once their array is no longer read or written; sp and pc
are never allocated.  Spill slots live in a frame below the saved registers.
No VFP/NEON register is touched.  Unwinding: EHABI (.fnstart/.save/.pad/
.fnend) and CFI in .debug_frame.

Instruction set: Thumb-2 by default (`.thumb`, Debian armhf's default; the
same text assembles in Arm state with mode "arm", where no IT is needed).
umaal for madd (RdHi:RdLo = Rn*Rm + RdLo + RdHi: c and d are copied into the
two destination registers unless they die there), umull for mul, mul for
mullo (none of them touch the flags, so a carry lives across them),
adds/adcs/adc and subs/sbcs/sbc (and cmp/cmn when only the carry is used),
conditional mov (Thumb: in IT blocks of up to four) for selects, sbc rX,rX,rX
for masks (-(NOT C)), and/bic/orr/orn/eor, lsl/lsr, lsr + orr with a shifted
operand for a double shift, ldrd/strd for adjacent words (Thumb).
Immediates: the modified immediates of the instruction set (and their
complement or negation through bic/orn/mvn/subs/sbcs), movw, movw + movt.
Constant-table words that take two instructions are read from the function's
literal table, placed in .text right before it and addressed with adr (or
movw/movt + add pc far from it): PC-relative, no relocation.

Carry polarity: C is the carry after an addition and NOT-borrow after a
subtraction (sbcs computes a - b - !C), as on AArch64; the allocator records
which one the flag holds ("pos": the IR carry, "neg": its complement) and a
carry that crosses between the chains is flipped with `sbc t,t,t` +
`cmn t,#1`.
"""
from __future__ import annotations

from ..ir import Program, Val
from . import CodegenError, asmfile
from .regalloc import LoadStoreAlloc, header_lines

__all__ = ["print_function", "CodegenError", "COMMENT", "TRAILER"]

M32 = 0xFFFFFFFF

AAPCS = {
    "args": ["r0", "r1", "r2"],
    # caller-saved first (free to use), then callee-saved (in the one push)
    "pool": ["r3", "r12", "r2", "r1", "r0"] + [f"r{i}" for i in range(4, 12)] + ["lr"],
    "callee_saved": [f"r{i}" for i in range(4, 12)] + ["lr"],
    "never": ["sp", "pc"],
}
REGNUM = {**{f"r{i}": i for i in range(13)}, "lr": 14}

DIALECT = asmfile.ARMV7
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer
# flavour (target name) -> instruction set state
MODES = {"armv7": "thumb", "armv7_arm": "arm"}
INV = {"cs": "cc", "cc": "cs"}


def _rol(x, k):
    return ((x << k) | (x >> (32 - k))) & M32 if k else x


def thumb_imm(x: int) -> bool:
    """x is a Thumb-2 modified immediate."""
    x &= M32
    b = x & 0xFF
    if x < 256 or x in (b * 0x00010001, (x & 0xFF00) * 0x00010001, b * 0x01010101):
        return True
    return any(x & ~(0xFF << s) & M32 == 0 and (x >> s) & 0x80 for s in range(1, 25))


def arm_imm(x: int) -> bool:
    """x is an Arm-state modified immediate (8 bits rotated by an even amount)."""
    x &= M32
    return any(_rol(x, k) < 256 for k in range(0, 32, 2))


class _Arm(LoadStoreAlloc):
    REGS = AAPCS["pool"]
    ARGS = AAPCS["args"]
    CALLEE_SAVED = set(AAPCS["callee_saved"])
    TABLE_IMM_MAX = 1            # words that take movw + movt are read from the table
    SPILL_PTRS = True

    def __init__(self, prog, symbol, mode="thumb"):
        self.mode = mode
        self.mimm = thumb_imm if mode == "thumb" else arm_imm
        if prog.wbits != 32:
            raise CodegenError(f"{symbol}: the armv7 printer takes 32-bit words, not {prog.wbits}")
        super().__init__(prog, symbol)
        self.cond_at = {}        # index in self.out -> condition of a conditional line
        # the argument pointers are values the allocator may drop (when they
        # are needed furthest away), reloaded from their push slot (finish):
        # the output pointer is needed by the stores alone
        self.arg_ptr = {}
        if self.SPILL_PTRS:
            need = {a.name: set() for a in prog.args()}
            for i, op in enumerate(self.ops):
                if op.opcode == "store":
                    need[op.imm[0]].add(i)
                elif op.opcode == "load" and op.imm[0] in need and op.dsts[0] is not None:
                    need[op.imm[0]].update(self.uses.get(op.dsts[0].id, []))
            for k, (a, reg) in enumerate(zip(prog.args(), self.ARGS)):
                if not need[a.name]:
                    continue
                pv = Val(-1000 - k, "p", name=a.name)
                self.uses[pv.id] = sorted(need[a.name])
                self.home[pv.id] = ("slot", f"P{reg}")
                self.pinned.discard(reg)
                self.bind(pv, reg, lock=False)
                self.arg_ptr[a.name] = pv

    # ---- the allocator's instruction forms -------------------------------
    def ins_load(self, reg, base, off):
        return f"ldr {reg}, [{base}, #{off}]" if base else f"ldr {reg}, {self.slot_ref(off)}"

    def ins_store(self, reg, base, off):
        return f"str {reg}, [{base}, #{off}]" if base else f"str {reg}, {self.slot_ref(off)}"

    def ins_imm(self, reg, x):
        x &= M32
        if self.mimm(x):
            return [f"mov {reg}, #{x:#x}"]
        if self.mimm(~x & M32):
            return [f"mvn {reg}, #{~x & M32:#x}"]
        if x < 0x10000:
            return [f"movw {reg}, #{x:#x}"]
        out = [f"movw {reg}, #{x & 0xFFFF:#x}", f"movt {reg}, #{x >> 16:#x}"]
        return out

    def imm_cost(self, x):
        return len(self.ins_imm("r0", x))

    def ins_table_base(self, reg, label):
        # bytes from the table's start: at most 4 per instruction so far
        far = 4 * len(self.out) + 4 * sum(a.words for a in self.prog.arrays if a.role == "const")
        # adr reaches 4095 bytes in Thumb-2; in Arm state any multiple of 4 below 1024
        if far < (3900 if self.mode == "thumb" else 1000):
            return [f"adr {reg}, {label}"]
        pc = 4 if self.mode == "thumb" else 8
        n = len(self.out)
        return [f"movw {reg}, #:lower16:({label} - (.L{self.sym}_pc{n} + {pc}))",
                f"movt {reg}, #:upper16:({label} - (.L{self.sym}_pc{n} + {pc}))",
                f".L{self.sym}_pc{n}:", f"add {reg}, {reg}, pc"]

    def ins_copy(self, dst, src):
        return f"mov {dst}, {src}"

    def emit_cond(self, cond, text):
        """A conditional instruction: `mov` + cond + the rest."""
        mn, rest = text.split(" ", 1)
        self.cond_at[len(self.out)] = cond
        self.emit(f"{mn}{cond} {rest}")

    # ---- operands --------------------------------------------------------
    def imm_only(self, v):
        """v's constant if it is not in a register (an immediate operand)."""
        return self.imm_of(v) if self.in_reg(v) is None else None

    def load_mem(self, v, reg, base, arr, idx):
        """ldr, or (Thumb) ldrd with a neighbouring word that is needed later
        and not in a register, if a register is free for it."""
        best = None
        if self.mode == "thumb":
            for j in (idx - 1, idx + 1):
                for w in self.mem_vals.get((arr, j), []):
                    nu = self.next_use(w)
                    if nu is not None and self.in_reg(w) is None and (best is None or nu < best[0]):
                        best = (nu, j, w)
        free = [r for r in self.free_regs() if r != reg]
        if best is None or not free or 4 * max(idx, best[1]) > 1020:
            self.emit(self.ins_load(reg, base, 4 * idx))
            return
        _, j, w = best
        r2 = free[0]
        self.used_regs.add(r2)
        lo, hi = ((reg, r2), (r2, reg))[j < idx]
        self.emit(f"ldrd {lo}, {hi}, [{base}, #{4 * min(idx, j)}]")
        self.bind(w, r2, lock=False)

    def into(self, v, reg):
        """Put v's value in reg (a register of this op, not bound to v)."""
        r = self.in_reg(v)
        if r is not None:
            self.emit(f"mov {reg}, {r}")
            return
        h = self.home[v.id]
        if h[0] == "imm":
            for ln in self.ins_imm(reg, h[1]):
                self.emit(ln)
        elif h[0] == "mem":
            base = (self.use(self.base_val[h[1]], avoid=(reg,)) if self.arrays[h[1]].role == "const"
                    else self.base(h[1], avoid=(reg,)))
            self.emit(self.ins_load(reg, base, 4 * h[2]))
        else:
            self.emit(self.ins_load(reg, None, h[1]))

    def acc_reg(self, v, taken=()):
        """A register to accumulate into that starts with v's value: v's own
        if v dies here, else a new one with a copy."""
        r = self.in_reg(v)
        if r is not None and r not in taken and r not in self.pinned and self.dies_here(v):
            self.locked.add(r)
            return r
        d = self.alloc(avoid=taken)
        self.into(v, d)
        return d

    def _cond(self, c, want=True):
        """Condition true when carry c (in C) equals `want`."""
        pos = self.flag_of(c) == "pos"
        return "cs" if pos == want else "cc"

    def need_pol(self, c, pol):
        if self.flag_of(c) == pol:
            return
        t = self.alloc()
        self.emit(f"sbc {t}, {t}, {t}")        # t = -(NOT C)
        self.emit(f"cmn {t}, #1")              # C = (t == -1) = NOT C
        self.flag = (c, pol)

    # ---- ops --------------------------------------------------------------
    def op_store(self, op):
        name, idx = op.imm
        v = op.srcs[0]
        nxt = self.ops[self.i + 1] if self.i + 1 < len(self.ops) else None
        if self.mode == "thumb" and nxt is not None and nxt.opcode == "store" \
                and nxt.imm[0] == name and abs(nxt.imm[1] - idx) == 1 and 4 * max(idx, nxt.imm[1]) <= 1020:
            a = self.use(v)
            b = self.use(nxt.srcs[0])
            if a != b:
                if nxt.imm[1] < idx:
                    a, b = b, a
                self.emit(f"strd {a}, {b}, [{self.base(name)}, #{4 * min(idx, nxt.imm[1])}]")
                self.skip.add(self.i + 1)
                return
        self.emit(f"str {self.use(v)}, [{self.base(name)}, #{4 * idx}]")

    def base(self, name, avoid=()):
        """A register holding the address of argument array `name`."""
        return self.use(self.arg_ptr[name], avoid) if name in self.arg_ptr else self.ptr[name]

    def use(self, v, avoid=()):
        h = self.home.get(v.id)
        if self.in_reg(v) is None and h is not None and h[0] == "mem" and h[1] in self.arg_ptr:
            base = self.base(h[1], avoid)         # an input word, its pointer maybe reloaded
            r = self.alloc(avoid)
            self.load_mem(v, r, base, h[1], h[2])
            self.bind(v, r)
            return r
        return super().use(v, avoid)

    def end_op(self):
        super().end_op()
        # the push slots of the pointers are not spill slots
        self.free_slots = [k for k in self.free_slots if not str(k).startswith("P")]

    def op_clear(self, op):
        if op.dsts[1] is not None:
            raise CodegenError(f"{self.sym}: two carry chains need two flags (use style 'madd')")
        self.write_flag(op.dsts[0], "pos")
        self.emit("cmn r0, #0")                # C = 0 (r0 + 0 never carries)

    def op_mul(self, op):
        if self.fold_mul(op):
            return
        x, y = op.srcs
        lo, hi = op.dsts
        rx, ry = self.use(x), self.use(y)
        if hi is None:
            d = self.dst()
            self.emit(f"mul {d}, {rx}, {ry}")
            self.result(lo, d)
            return
        rl = self.dst()
        rh = self.dst(avoid=(rl,))
        self.emit(f"umull {rl}, {rh}, {rx}, {ry}")
        self.result(lo, rl)
        self.result(hi, rh)

    def op_mullo(self, op):
        if self.fold_mul(op):
            return
        rx, ry = self.use(op.srcs[0]), self.use(op.srcs[1])
        d = self.dst()
        self.emit(f"mul {d}, {rx}, {ry}")
        self.result(op.dsts[0], d)

    def op_madd(self, op):
        x, y, c, d = op.srcs
        lo, hi = op.dsts
        if self.imm_only(c) == 0 and self.imm_only(d) == 0:
            return self.op_mul(op.__class__("mul", op.dsts, [x, y]))
        rx, ry = self.use(x), self.use(y)
        # the accumulator that dies here (or is not in a register) first
        rl = self.acc_reg(c)
        rh = self.acc_reg(d, taken=(rl,))
        self.emit(f"umaal {rl}, {rh}, {rx}, {ry}")
        self.result(lo, rl)
        self.result(hi, rh)

    def _imm_form(self, x, forms):
        """forms: [(mnemonic, transform)]; the first whose transformed
        immediate is encodable, as (mnemonic, "#imm")."""
        for mn, f in forms:
            k = f(x) & M32
            if self.mimm(k):
                return mn, f"#{k:#x}"
        return None

    def op_add(self, op):
        a, b, ci = op.srcs
        s, co = op.dsts
        if self.imm_only(a) is not None and self.imm_only(b) is None:
            a, b = b, a
        sfx = "s" if co is not None else ""
        xb = self.imm_only(b)
        if ci is None:
            ra = self.use(a)
            form = None
            if xb is not None:
                form = self._imm_form(xb, [("add", lambda k: k), ("sub", lambda k: -k)])
                if form is not None and form[0] == "sub" and xb == 0:
                    form = ("add", "#0")
            if form is None:
                form = ("add", self.use(b))
            if co is not None:
                self.write_flag(co, "pos")
            if s is None and co is not None:
                self.emit(f"{'cmn' if form[0] == 'add' else 'cmp'} {ra}, {form[1]}")
                return
            d = self.dst()
            self.emit(f"{form[0]}{sfx} {d}, {ra}, {form[1]}")
            self.result(s, d)
            return
        if co is None and self.flag_of(ci) == "neg":
            # a + b + ci with ci = NOT C, the flag left alone: add, then +1 if C clear
            ra = self.use(a)
            src = f"#{xb:#x}" if xb is not None and self.mimm(xb) else self.use(b)
            d = self.dst()
            self.emit(f"add {d}, {ra}, {src}")
            self.emit_cond("cc", f"add {d}, {d}, #1")
            self.result(s, d)
            return
        self.need_pol(ci, "pos")
        ra = self.use(a)
        form = None
        if xb is not None:
            form = self._imm_form(xb, [("adc", lambda k: k), ("sbc", lambda k: ~k)])
        if form is None:
            form = ("adc", self.use(b))
        if co is not None:
            self.write_flag(co, "pos")
        d = self.dst()
        self.emit(f"{form[0]}{sfx} {d}, {ra}, {form[1]}")
        self.result(s, d)

    def op_sub(self, op):
        a, b, bi = op.srcs
        dv, bo = op.dsts
        sfx = "s" if bo is not None else ""
        xa, xb = self.imm_only(a), self.imm_only(b)
        if bi is None:
            if xa is not None and xb is None and self.mimm(xa):
                rb = self.use(b)                     # imm - b
                if bo is not None:
                    self.write_flag(bo, "neg")
                d = self.dst()
                self.emit(f"rsb{sfx} {d}, {rb}, #{xa:#x}")
                self.result(dv, d)
                return
            ra = self.use(a)
            form = None
            if xb is not None:
                form = self._imm_form(xb, [("sub", lambda k: k), ("add", lambda k: -k)])
                if form is not None and form[0] == "add" and xb == 0:
                    form = ("sub", "#0")
            if form is None:
                form = ("sub", self.use(b))
            if bo is not None:
                self.write_flag(bo, "neg")
            if dv is None and bo is not None:
                self.emit(f"{'cmp' if form[0] == 'sub' else 'cmn'} {ra}, {form[1]}")
                return
            d = self.dst()
            self.emit(f"{form[0]}{sfx} {d}, {ra}, {form[1]}")
            self.result(dv, d)
            return
        self.need_pol(bi, "neg")
        if xa == 0 and xb == 0:
            d = self.dst()                           # 0 - 0 - borrow
            if bo is not None:
                self.write_flag(bo, "neg")
            self.emit(f"sbc{sfx} {d}, {d}, {d}")
            self.result(dv, d)
            return
        ra = self.use(a)
        form = None
        if xb is not None:
            form = self._imm_form(xb, [("sbc", lambda k: k), ("adc", lambda k: ~k)])
        if form is None:
            form = ("sbc", self.use(b))
        if bo is not None:
            self.write_flag(bo, "neg")
        d = self.dst()
        self.emit(f"{form[0]}{sfx} {d}, {ra}, {form[1]}")
        self.result(dv, d)

    def op_csel(self, op):
        c, a, b = op.srcs
        cond = self._cond(c)
        ra, rb = self.in_reg(a), self.in_reg(b)
        if rb is not None and rb not in self.pinned and self.dies_here(b) and a is not b:
            self.locked.add(rb)
            src = self._src(a)
            self.emit_cond(cond, f"mov {rb}, {src}")
            self.result(op.dsts[0], rb)
            return
        if ra is not None and ra not in self.pinned and self.dies_here(a) and a is not b:
            self.locked.add(ra)
            src = self._src(b)
            self.emit_cond(INV[cond], f"mov {ra}, {src}")
            self.result(op.dsts[0], ra)
            return
        d = self.alloc()
        self.into(b, d)
        self.emit_cond(cond, f"mov {d}, {self._src(a)}")
        self.result(op.dsts[0], d)

    def _src(self, v):
        """A register or modified-immediate operand for a mov."""
        x = self.imm_only(v)
        if x is not None and self.mimm(x):
            return f"#{x:#x}"
        return self.use(v)

    def op_mask(self, op):
        c = op.srcs[0]
        pol = self.flag_of(c)
        d = self.alloc()
        self.emit(f"sbc {d}, {d}, {d}")          # -(NOT C)
        if pol == "pos":
            self.emit(f"mvn {d}, {d}")           # -C
        self.result(op.dsts[0], d)

    def op_cword(self, op):
        c = op.srcs[0]
        pol = self.flag_of(c)
        d = self.alloc()
        if pol == "pos":
            self.emit(f"mov {d}, #0")
            self.emit(f"adc {d}, {d}, #0")       # C
        else:
            self.emit(f"sbc {d}, {d}, {d}")      # -(NOT C)
            self.emit(f"rsb {d}, {d}, #0")       # NOT C
        self.result(op.dsts[0], d)

    def _logic(self, op, mn):
        a, b = op.srcs
        if self.imm_only(a) is not None and self.imm_only(b) is None:
            a, b = b, a
        ra = self.use(a)
        xb = self.imm_only(b)
        form = None
        if xb is not None:
            alt = {"and": "bic", "orr": "orn" if self.mode == "thumb" else None}.get(mn)
            forms = [(mn, lambda k: k)] + ([(alt, lambda k: ~k)] if alt else [])
            form = self._imm_form(xb, forms)
        if form is None:
            form = (mn, self.use(b))
        d = self.dst()
        self.emit(f"{form[0]} {d}, {ra}, {form[1]}")
        self.result(op.dsts[0], d)

    def op_and(self, op):
        self._logic(op, "and")

    def op_or(self, op):
        self._logic(op, "orr")

    def op_xor(self, op):
        self._logic(op, "eor")

    def op_shl(self, op):
        ra = self.use(op.srcs[0])
        d = self.dst()
        self.emit(f"lsl {d}, {ra}, #{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shr(self, op):
        ra = self.use(op.srcs[0])
        d = self.dst()
        self.emit(f"lsr {d}, {ra}, #{op.imm[0]}")
        self.result(op.dsts[0], d)

    def op_shrd(self, op):
        k = op.imm[0]
        rh, rl = self.use(op.srcs[0]), self.use(op.srcs[1])
        d = self.dst()
        if d == rh:
            self.emit(f"lsl {d}, {rh}, #{32 - k}")
            self.emit(f"orr {d}, {d}, {rl}, lsr #{k}")
        else:
            self.emit(f"lsr {d}, {rl}, #{k}")
            self.emit(f"orr {d}, {d}, {rh}, lsl #{32 - k}")
        self.result(op.dsts[0], d)

    # ---- frame -----------------------------------------------------------
    def it_blocks(self, lines):
        """Thumb: conditional lines grouped into IT blocks (at most four
        instructions, one condition and its inverse)."""
        out, i = [], 0
        while i < len(lines):
            c0 = self.cond_at.get(i)
            if c0 is None or self.mode != "thumb":
                out.append(lines[i])
                i += 1
                continue
            j, pat = i + 1, ""
            while j < len(lines) and j - i < 4 and self.cond_at.get(j) in (c0, INV[c0]):
                pat += "t" if self.cond_at[j] == c0 else "e"
                j += 1
            out.append(f"\tit{pat} {c0}")
            out += lines[i:j]
            i = j
        return out

    def finish(self):
        for r in AAPCS["never"]:
            assert r not in self.used_regs, r
        saved = [r for r in AAPCS["callee_saved"] if r in self.used_regs]
        reload = [r for r in self.ARGS if any(f"SLOTP{r}" in ln for ln in self.out)]
        saved = reload + saved                   # the pointers that are reloaded
        if len(saved) % 2:                       # keep sp 8-byte aligned
            spare = [r for r in AAPCS["callee_saved"] if r not in saved]
            saved = sorted(saved + [spare[0] if spare else "r12"], key=lambda r: REGNUM[r])
        nsave = 4 * len(saved)
        pad = (4 * self.nslots + 7) // 8 * 8
        if pad > 4095:
            raise CodegenError(f"{self.sym}: frame of {pad} bytes")
        regs = "{" + ", ".join(saved) + "}"
        pro, epi = ["\t.fnstart"], []
        if saved:
            pro += [f"\tpush {regs}", f"\t.save {regs}", f"\t.cfi_def_cfa_offset {nsave}"]
            pro += [f"\t.cfi_offset {REGNUM[r]}, {4 * k - nsave}" for k, r in enumerate(saved)]
        if pad:
            pro += [f"\tsub sp, sp, #{pad}", f"\t.pad #{pad}", f"\t.cfi_def_cfa_offset {nsave + pad}"]
            epi += [f"\tadd sp, sp, #{pad}", f"\t.cfi_def_cfa_offset {nsave}"]
        if "lr" in saved:
            epi.append("\tpop " + regs.replace("lr", "pc"))
        else:
            if saved:
                epi.append(f"\tpop {regs}")
            epi.append("\tbx lr")
        epi.append("\t.fnend")
        body = []
        for ln in self.it_blocks(self.out):
            for r in reload:
                ln = ln.replace(f"SLOTP{r}", f"[sp, #{pad + 4 * saved.index(r)}]")
            while "SLOT" in ln:
                k0 = ln.index("SLOT")
                k1 = k0 + 4
                while k1 < len(ln) and ln[k1].isdigit():
                    k1 += 1
                ln = ln[:k0] + f"[sp, #{4 * int(ln[k0 + 4:k1])}]" + ln[k1:]
            body.append(ln if not ln.startswith("\t.L") else ln[1:])
        return pro + body + epi, saved, pad


def print_function(prog: Program, symbol: str, flavour: str = "armv7") -> str:
    mode = MODES[flavour]
    al = _Arm(prog, symbol, mode)
    lines, saved, pad = al.run()
    args = prog.args()
    regs = sorted(al.used_regs, key=lambda r: REGNUM[r])
    abi = (f"AAPCS ({'Thumb-2' if mode == 'thumb' else 'Arm state'}): "
           f"{', '.join(f'{a.name} in {r}' for a, r in zip(args, AAPCS['args']))}; "
           f"registers used: {', '.join(regs)}; flags NZCV clobbered")
    ptrs = [r for r in saved if r in AAPCS["args"]]
    stack = (f"{4 * len(saved) + pad} bytes ({len(saved)} registers pushed"
             + (f", argument pointers {', '.join(ptrs)} reloaded from there" if ptrs else "")
             + f"; {al.nslots} spill slots of 4 bytes)" if saved or pad else "none")
    callee = [r for r in saved if r not in AAPCS["args"]]
    head = header_lines(prog, symbol, COMMENT, abi, lines, callee, stack)
    # the same code assembles for the M profile (ARMv7E-M: UMAAL is in its
    # DSP extension; the back end's guard asks for __ARM_FEATURE_DSP there)
    arch = (["#if __ARM_ARCH_PROFILE == 'M'", "\t.arch armv7e-m", "#else", "\t.arch armv7-a", "#endif"]
            if mode == "thumb" else ["\t.arch armv7-a"])
    before = ["\t.syntax unified", *arch, "\t.cfi_sections .debug_frame"]
    before.append("\t.thumb" if mode == "thumb" else "\t.arm")
    for a in prog.arrays:
        if a.role == "const" and a.name in al.tables_used:
            before.append(f"{al.labels[a.name]}:")
            before += [f"\t.word {w:#010x}" for w in a.data]
    if mode == "thumb":
        before.append("\t.thumb_func")
    return asmfile.function(DIALECT, symbol, head, lines, (), before)
