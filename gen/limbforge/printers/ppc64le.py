# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ppc64le GNU as printer (64-bit ELFv2 ABI), on the shared load/store allocator.

ABI, in one place (ELFV2 below): arguments in r3, r4, r5; r14-r31
callee-saved; r1 (stack pointer) is only touched to make a frame, r2 (TOC
pointer) only by the standard global entry sequence, r13 (thread pointer)
never.  r0 is kept out of the allocation pool (it reads as 0 as a base
address, in addi and as isel's first operand) and serves as a scratch
register for results whose value is unused (flag-only arithmetic).  A leaf
function may use the 288-byte protected zone below r1: callee-saved
registers go to their standard places there (rN at -8*(32-N)), spill slots
below them; only if that is not enough is a frame made with stdu.

Instructions: mulld/mulhdu (they leave CA alone, so a carry may live across
them), addc/adde/addze/addme/addic, subfc/subfe/subfze/subfic, add/subf when
no carry-out is needed, and/or/xor (ori/xori/clrldi/clrrdi for immediates),
sldi/srdi (rldimi for a double shift).  Selects: `subfe. r0,r0,r0` gives
r0 = CA - 1 and sets CR0 (eq <=> CA = 1) while keeping CA; then one isel
per word.  `subfe rX,rX,rX` alone is the mask -(!CA).

Carry polarity: CA is the carry after an addition and NOT-borrow after a
subtraction, as on AArch64; the allocator records which one the carry in CA
is, and a carry that crosses between chains is flipped with
`subfe r0,r0,r0` + `addic r0,r0,1`.

Constants: values that take at most two instructions (li, lis, ori, oris)
are built inline; other constant-table words are loaded from a local label in
.rodata, addressed TOC-relative (`addis rX,r2,L@toc@ha` + `addi rX,rX,L@toc@l`),
so the function has the standard global entry point (`addis r2,r12,.TOC.-f@ha`,
`addi r2,r2,.TOC.-f@l`, `.localentry`).  This is the code gcc itself emits
for static data with -fPIC: no dynamic relocation, and it works when the
function is called through a pointer from another module (the caller puts
the entry address in r12 and restores its own r2 afterwards).  A random
64-bit word as an immediate takes five instructions; from the table it takes
one load (plus two for the base, shared by all words).
"""
from __future__ import annotations

from ..ir import MASK64, Program
from . import CodegenError, asmfile
from .regalloc import LoadStoreAlloc, header_lines

__all__ = ["print_function", "CodegenError", "COMMENT", "TRAILER"]

ELFV2 = {
    "args": ["r3", "r4", "r5"],
    "pool": [f"r{i}" for i in range(6, 13)] + ["r5", "r4", "r3"]
            + [f"r{i}" for i in range(31, 13, -1)],
    "callee_saved": [f"r{i}" for i in range(14, 32)],
    "never": ["r0", "r1", "r2", "r13"],     # r0: scratch only, outside the pool
    "protected_zone": 288,
}

DIALECT = asmfile.PPC64LE
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer


def _s16(x):
    return -0x8000 <= x < 0x8000


def _sx(x: int, bits: int = 64) -> int:
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def _r(reg):
    return "%" + reg


def imm_lines(reg: str, x: int) -> list:
    """Shortest of a few li/lis/ori/oris/sldi sequences for the 64-bit x."""
    r = _r(reg)
    sx = _sx(x)
    if _s16(sx):
        return [f"li {r}, {sx}"]
    if -(1 << 31) <= sx < (1 << 31):
        out = [f"lis {r}, {_sx(sx >> 16, 16)}"]
        if sx & 0xFFFF:
            out.append(f"ori {r}, {r}, {sx & 0xFFFF:#x}")
        return out
    if 0 <= sx < (1 << 32):                       # 0x80000000 .. 0xffffffff
        out = [f"li {r}, 0", f"oris {r}, {r}, {sx >> 16:#x}"]
        if sx & 0xFFFF:
            out.append(f"ori {r}, {r}, {sx & 0xFFFF:#x}")
        return out
    out = imm_lines(reg, _sx(sx >> 32, 32) & MASK64)
    out.append(f"sldi {r}, {r}, 32")
    if (x >> 16) & 0xFFFF:
        out.append(f"oris {r}, {r}, {(x >> 16) & 0xFFFF:#x}")
    if x & 0xFFFF:
        out.append(f"ori {r}, {r}, {x & 0xFFFF:#x}")
    return out


def _low_mask(x):
    """k if x = 2^k - 1 (0 < k < 64)."""
    return x.bit_length() if x and x & (x + 1) == 0 and x != MASK64 else None


def _high_mask(x):
    """k if x = 2^64 - 2^k (0 < k < 64): the top 64-k bits set."""
    return _low_mask((~x) & MASK64)


class _PPC(LoadStoreAlloc):
    REGS = ELFV2["pool"]
    ARGS = ELFV2["args"]
    CALLEE_SAVED = set(ELFV2["callee_saved"])

    def __init__(self, prog, symbol):
        super().__init__(prog, symbol)
        self.cr0 = None          # carry whose value CR0 holds (after subfe.)
        self.cr0_pol = None

    def ins_load(self, reg, base, off):
        return f"ld {_r(reg)}, {off}({_r(base)})" if base else f"ld {_r(reg)}, {self.slot_ref(off)}"

    def ins_store(self, reg, base, off):
        return f"std {_r(reg)}, {off}({_r(base)})" if base else f"std {_r(reg)}, {self.slot_ref(off)}"

    def ins_imm(self, reg, x):
        return imm_lines(reg, x)

    def imm_cost(self, x):
        return len(imm_lines("r0", x))

    def ins_copy(self, dst, src):
        return f"mr {_r(dst)}, {_r(src)}"

    def ins_table_base(self, reg, label):
        r = _r(reg)
        return [f"addis {r}, %r2, {label}@toc@ha", f"addi {r}, {r}, {label}@toc@l"]

    # ---- operands ---------------------------------------------------------
    def imm(self, v):
        """v's constant if it is only an immediate now (not in a register)."""
        return self.imm_of(v) if self.in_reg(v) is None else None

    def reg(self, v):
        return _r(self.use(v))

    def rd(self, v):
        """Destination register text; r0 when the result is unused."""
        return "%r0" if v is None else _r(self.dst())

    def set_res(self, v, text):
        if v is not None:
            self.result(v, text[1:])

    def need_pol(self, c, pol):
        if self.flag_of(c) == pol:
            return
        self.emit("subfe %r0, %r0, %r0")      # r0 = CA - 1
        self.emit("addic %r0, %r0, 1")        # CA = (r0 == -1) = !CA
        self.flag = (c, pol)

    # ---- ops --------------------------------------------------------------
    def op_store(self, op):
        name, idx = op.imm
        self.emit(f"std {self.reg(op.srcs[0])}, {8 * idx}({_r(self.ptr[name])})")

    def op_clear(self, op):
        if op.dsts[1] is not None:
            raise CodegenError(f"{self.sym}: two carry chains need two flags (use style 'plain')")
        self.write_flag(op.dsts[0], "pos")
        self.emit("addic %r0, %r0, 0")         # CA = 0 (r0 + 0 never carries)

    def op_mul(self, op):
        if self.fold_mul(op):
            return
        x, y = op.srcs
        lo, hi = op.dsts
        rx, ry = self.reg(x), self.reg(y)
        if lo is not None and hi is not None:
            rh = _r(self.alloc())              # mulld still reads x and y
            self.emit(f"mulhdu {rh}, {rx}, {ry}")
            self.bind(hi, rh[1:])
            rl = _r(self.dst())
            self.emit(f"mulld {rl}, {rx}, {ry}")
            self.set_res(lo, rl)
            return
        d = _r(self.dst())
        self.emit(f"{'mulld' if hi is None else 'mulhdu'} {d}, {rx}, {ry}")
        self.set_res(lo if hi is None else hi, d)

    def op_mullo(self, op):
        if self.fold_mul(op):
            return
        rx, ry = self.reg(op.srcs[0]), self.reg(op.srcs[1])
        d = _r(self.dst())
        self.emit(f"mulld {d}, {rx}, {ry}")
        self.set_res(op.dsts[0], d)

    def op_add(self, op):
        a, b, ci = op.srcs
        s, co = op.dsts
        if self.imm(a) is not None and (self.imm(b) is None or self.imm(a) == 0):
            a, b = b, a                          # a constant (zero first) goes to b
        xb = self.imm(b)
        if ci is None:
            ra = self.reg(a)
            if xb is not None and _s16(_sx(xb)):
                mn, src = ("addic" if co is not None else "addi"), str(_sx(xb))
            else:
                mn, src = ("addc" if co is not None else "add"), self.reg(b)
            if co is not None:
                self.write_flag(co, "pos")
            d = self.rd(s)
            self.emit(f"{mn} {d}, {ra}, {src}")
        else:
            self.need_pol(ci, "pos")
            self.write_flag(co, "pos")          # adde & co. always write CA
            ra = self.reg(a)
            if xb == 0:
                d = self.rd(s)
                self.emit(f"addze {d}, {ra}")
            elif xb is not None and _sx(xb) == -1:
                d = self.rd(s)
                self.emit(f"addme {d}, {ra}")
            else:
                rb = self.reg(b)
                d = self.rd(s)
                self.emit(f"adde {d}, {ra}, {rb}")
        self.set_res(s, d)

    def op_sub(self, op):
        a, b, bi = op.srcs
        dv, bo = op.dsts
        xa, xb = self.imm(a), self.imm(b)
        if bi is None:
            if xa == 0:
                rb = self.reg(b)
                if bo is not None:
                    self.write_flag(bo, "neg")
                d = self.rd(dv)
                self.emit(f"subfic {d}, {rb}, 0" if bo is not None else f"neg {d}, {rb}")
            elif xb is not None and 0 < xb <= 0x8000:
                ra = self.reg(a)
                if bo is not None:
                    self.write_flag(bo, "neg")
                d = self.rd(dv)
                # a + (-b): the carry is a >= b, i.e. NOT-borrow
                self.emit(f"{'addic' if bo is not None else 'addi'} {d}, {ra}, {-xb}")
            else:
                ra, rb = self.reg(a), self.reg(b)
                if bo is not None:
                    self.write_flag(bo, "neg")
                d = self.rd(dv)
                self.emit(f"{'subfc' if bo is not None else 'subf'} {d}, {rb}, {ra}")
        else:
            self.need_pol(bi, "neg")
            self.write_flag(bo, "neg")
            if xb == 0:
                ra = self.reg(a)
                d = self.rd(dv)
                self.emit(f"addme {d}, {ra}")    # a - borrow; CA = NOT-borrow out
            elif xa == 0:
                rb = self.reg(b)
                d = self.rd(dv)
                self.emit(f"subfze {d}, {rb}")   # ~b + CA = 0 - b - borrow
            else:
                ra, rb = self.reg(a), self.reg(b)
                d = self.rd(dv)
                self.emit(f"subfe {d}, {rb}, {ra}")
        self.set_res(dv, d)

    def _cr0(self, c):
        """CR0 holds carry c: eq <=> CA = 1.  Returns the CR bit true for c."""
        pol = self.flag_of(c) if self.cr0 is not c else self.cr0_pol
        if self.cr0 is not c:
            self.emit("subfe. %r0, %r0, %r0")     # r0 = CA - 1, CA kept
            self.cr0, self.cr0_pol = c, pol
        return 2 if pol == "pos" else 0           # eq (CA = 1) or lt (CA = 0)

    def op_csel(self, op):
        c, a, b = op.srcs
        bit = self._cr0(c)
        if self.imm(b) == 0 and self.imm(a) != 0:  # isel's first operand 0 reads as zero
            a, b = b, a
            bit = 2 if bit == 0 else 0
            # swapping operands needs the complementary condition: eq <-> lt
            # are complementary here because r0 = CA - 1 is 0 or -1
        ra = "0" if self.imm(a) == 0 else self.reg(a)
        rb = self.reg(b)
        d = _r(self.dst())
        self.emit(f"isel {d}, {ra}, {rb}, {bit}")
        self.set_res(op.dsts[0], d)

    def op_mask(self, op):
        c = op.srcs[0]
        pol = self.flag_of(c)
        d = _r(self.dst())
        self.emit(f"subfe {d}, {d}, {d}")          # CA - 1
        if pol == "pos":
            self.emit(f"not {d}, {d}")            # -CA
        self.set_res(op.dsts[0], d)

    def op_cword(self, op):
        c = op.srcs[0]
        pol = self.flag_of(c)
        d = _r(self.dst())
        self.emit(f"subfe {d}, {d}, {d}")          # CA - 1
        self.emit(f"addi {d}, {d}, 1" if pol == "pos" else f"neg {d}, {d}")
        self.set_res(op.dsts[0], d)

    def _logic(self, op, mn):
        a, b = op.srcs
        if self.imm(a) is not None and self.imm(b) is None:
            a, b = b, a
        xb = self.imm(b)
        ra = self.reg(a)
        if xb is not None and mn == "and" and _low_mask(xb):
            d = _r(self.dst())
            self.emit(f"clrldi {d}, {ra}, {64 - _low_mask(xb)}")
        elif xb is not None and mn == "and" and _high_mask(xb):
            d = _r(self.dst())
            self.emit(f"clrrdi {d}, {ra}, {_high_mask(xb)}")
        elif xb is not None and mn != "and" and 0 <= xb < 0x10000:
            d = _r(self.dst())
            self.emit(f"{mn}i {d}, {ra}, {xb:#x}")
        else:
            rb = self.reg(b)
            d = _r(self.dst())
            self.emit(f"{mn} {d}, {ra}, {rb}")
        self.set_res(op.dsts[0], d)

    def op_and(self, op):
        self._logic(op, "and")

    def op_or(self, op):
        self._logic(op, "or")

    def op_xor(self, op):
        self._logic(op, "xor")

    def op_shl(self, op):
        ra = self.reg(op.srcs[0])
        d = _r(self.dst())
        self.emit(f"sldi {d}, {ra}, {op.imm[0]}")
        self.set_res(op.dsts[0], d)

    def op_shr(self, op):
        ra = self.reg(op.srcs[0])
        d = _r(self.dst())
        self.emit(f"srdi {d}, {ra}, {op.imm[0]}")
        self.set_res(op.dsts[0], d)

    def op_shrd(self, op):
        k = op.imm[0]
        rh, rl = self.reg(op.srcs[0]), self.reg(op.srcs[1])
        d = _r(self.dst(avoid={rh[1:]}))           # hi is read by the second instruction
        self.emit(f"srdi {d}, {rl}, {k}")
        self.emit(f"rldimi {d}, {rh}, {64 - k}, 0")  # insert hi << (64-k) in the top k bits
        self.set_res(op.dsts[0], d)

    # ---- frame -----------------------------------------------------------
    def finish(self):
        for r in ELFV2["never"]:
            assert r not in self.used_regs, r
        saved = [r for r in reversed(ELFV2["callee_saved"]) if r in self.used_regs]
        lowest = min((int(r[1:]) for r in saved), default=32)
        save_bytes = 8 * (32 - lowest)             # standard slots rN at -8*(32-N)
        need = save_bytes + 8 * self.nslots
        pro, epi = [], []
        if need <= ELFV2["protected_zone"]:
            frame = 0
            save_off = {r: -8 * (32 - int(r[1:])) for r in saved}
            slot = lambda k: -save_bytes - 8 * (k + 1)   # noqa: E731
        else:
            frame = (32 + need + 15) // 16 * 16
            save_off = {r: frame - 8 * (32 - int(r[1:])) for r in saved}
            slot = lambda k: 32 + 8 * k                  # noqa: E731
            pro += [f"\tstdu %r1, -{frame}(%r1)", f"\t.cfi_def_cfa_offset {frame}"]
        for r in saved:
            pro.append(f"\tstd {_r(r)}, {save_off[r]}(%r1)")
        for r in saved:
            pro.append(f"\t.cfi_offset {r[1:]}, {save_off[r] - frame}")
        for r in saved:
            epi.append(f"\tld {_r(r)}, {save_off[r]}(%r1)")
        if frame:
            epi += [f"\taddi %r1, %r1, {frame}", "\t.cfi_def_cfa_offset 0"]
        epi += [f"\t.cfi_restore {r[1:]}" for r in saved]
        body = []
        for ln in self.out:
            while "SLOT" in ln:
                k0 = ln.index("SLOT")
                k1 = k0 + 4
                while k1 < len(ln) and ln[k1].isdigit():
                    k1 += 1
                ln = ln[:k0] + f"{slot(int(ln[k0 + 4:k1]))}(%r1)" + ln[k1:]
            body.append(ln)
        stack = need if not frame else frame
        return pro + body + epi + ["\tblr"], saved, stack, bool(frame)


def print_function(prog: Program, symbol: str, flavour: str = "ppc64le") -> str:
    al = _PPC(prog, symbol)
    lines, saved, stack, has_frame = al.run()
    args = prog.args()
    regs = sorted(al.used_regs, key=lambda r: int(r[1:]))
    toc = bool(al.tables_used)
    abi = (f"ELFv2: {', '.join(f'{a.name} in {r}' for a, r in zip(args, ELFV2['args']))}; "
           f"registers used: {', '.join(regs)}, r0 (scratch); CA, CR0 clobbered"
           + ("; r2 set by the global entry point" if toc else ""))
    stack_text = ("none" if not stack else
                  f"{stack} bytes {'frame (stdu)' if has_frame else 'of the protected zone below r1'}"
                  f" ({len(saved)} registers saved, {al.nslots} spill slots of 8 bytes)")
    entry = asmfile.elfv2_global_entry(symbol) if toc else []
    head = header_lines(prog, symbol, COMMENT, abi, entry + lines, saved, stack_text,
                        " (2 of them the global entry point)" if toc else "")
    tables = [(al.labels[a.name], a.data) for a in prog.arrays
              if a.role == "const" and a.name in al.tables_used]
    return asmfile.function(DIALECT, symbol, head, entry + lines, tables)
