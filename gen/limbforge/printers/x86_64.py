# SPDX-License-Identifier: Apache-2.0 OR MIT
"""x86-64 GAS (AT&T) printer with its own register allocator.

Two flavours from one printer:
* "x86_64_adx": mulx (BMI2) and adcx/adox (ADX): products never touch the
  flags, and two carry chains live at once (IR chain 0 -> CF, chain 1 -> OF).
* "x86_64":     mulq and add/adc only (any x86-64): one carry chain, which
  must not live across a multiply (the algorithms' "plain" style).

System V ABI, in one place (SYSV below): arguments in rdi, rsi, rdx, rcx;
rbx, rbp, r12-r15 callee-saved; a leaf function may use the 128-byte red zone.

Allocation is a single pass over the straight-line program.  A value lives in
a register, in memory it came from (an input word or a constant-table word
are used as memory operands directly), as an immediate, or in a stack slot
after a spill.  When registers run out, the register whose value is needed
furthest in the future is freed (Belady), storing it only if it has no other
home.  Spills and reloads are `mov`, which leaves the flags alone; every
instruction that writes a flag is checked not to destroy a carry that is
still needed, so a wrong carry schedule fails at generation, not at run time.
"""
from __future__ import annotations

from ..ir import Program, Val
from . import CodegenError, asmfile

SYSV = {
    "args": ["rdi", "rsi", "rdx", "rcx", "r8", "r9"],
    "callee_saved": ["rbx", "rbp", "r12", "r13", "r14", "r15"],
    "red_zone": 128,
}
REG8 = {"rax": "al", "rbx": "bl", "rcx": "cl", "rdx": "dl", "rsi": "sil", "rdi": "dil",
        "rbp": "bpl", **{f"r{i}": f"r{i}b" for i in range(8, 16)}}
REG32 = {"rax": "eax", "rbx": "ebx", "rcx": "ecx", "rdx": "edx", "rsi": "esi", "rdi": "edi",
         "rbp": "ebp", **{f"r{i}": f"r{i}d" for i in range(8, 16)}}


DIALECT = asmfile.X86_64
COMMENT = DIALECT.comment
TRAILER = DIALECT.trailer



def _imm32(x: int) -> bool:
    sx = x - (1 << 64) if x >= 1 << 63 else x
    return -(1 << 31) <= sx < (1 << 31)


def _sx(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


class _Alloc:
    def __init__(self, prog: Program, symbol: str, adx: bool):
        self.prog, self.sym, self.adx = prog, symbol, adx
        self.out: list = []
        self.arrays = {a.name: a for a in prog.arrays}
        args = prog.args()
        # pointer registers: keep arguments where the ABI put them, except rdx
        # (needed by mul): the third argument moves to rcx.
        self.ptr = {}
        for a, reg in zip(args, SYSV["args"]):
            self.ptr[a.name] = "rcx" if reg == "rdx" else reg
        if len(args) >= 4:
            raise CodegenError("at most three array arguments (the third moves to rcx)")
        taken = set(self.ptr.values())
        order = ["rax", "r8", "r9", "r10", "r11", "rbx", "rbp", "r12", "r13", "r14", "r15",
                 "rcx", "rsi", "rdi", "rdx"]
        if not adx:  # mulq fixes rax:rdx; keep them for products
            order.remove("rax")
            order.append("rax")
        self.pool = [r for r in order if r not in taken]
        self.reg_val: dict = {r: None for r in self.pool}
        self.reg_of: dict = {}
        self.home: dict = {}        # val id -> ('mem', text) | ('imm', int) | ('slot', k)
        self.flags = {"CF": None, "OF": None}
        self.used_regs: set = set()
        self.nslots = 0
        self.free_slots: list = []
        # uses: val id -> sorted op indices
        self.uses: dict = {}
        for i, op in enumerate(prog.ops):
            for s in op.srcs:
                if s is not None:
                    self.uses.setdefault(s.id, []).append(i)
        self.i = 0
        self.labels = {}
        for a in prog.arrays:
            if a.role == "const":
                self.labels[a.name] = asmfile.local_label(symbol, a.name)

    # ---- liveness -------------------------------------------------------
    def next_use(self, v, after=None):
        after = self.i if after is None else after
        for u in self.uses.get(v.id, []):
            if u > after:
                return u
        return None

    def live_after(self, v) -> bool:
        return self.next_use(v) is not None

    # ---- emission -------------------------------------------------------
    def emit(self, text: str):
        self.out.append("\t" + text)

    def check_flags(self, written, consumed=()):
        ids = {c.id for c in consumed if c is not None}
        for f in written:
            c = self.flags[f]
            if c is not None and self.live_after(c) and c.id not in ids:
                raise CodegenError(f"{self.sym}: op {self.i} ({self.prog.ops[self.i]}) "
                                   f"would destroy carry {c} held in {f}")
            if c is not None and c.id not in ids and not self.live_after(c):
                self.flags[f] = None
        for f in written:
            self.flags[f] = None

    def set_flag(self, f, c):
        self.flags[f] = c

    # ---- locations ------------------------------------------------------
    def slot_text(self, k):
        return f"SLOT{k}"

    def loc_text(self, v):
        if v.id in self.reg_of:
            return "%" + self.reg_of[v.id]
        h = self.home[v.id]
        if h[0] == "mem":
            return h[1]
        if h[0] == "slot":
            return self.slot_text(h[1])
        return f"${_sx(h[1])}"

    def in_reg(self, v):
        return self.reg_of.get(v.id)

    def bind(self, v, reg):
        if v is None:
            return
        old = self.reg_val.get(reg)
        if old is not None:
            self.reg_of.pop(old.id, None)
        self.reg_val[reg] = v
        self.reg_of[v.id] = reg
        self.used_regs.add(reg)

    def unbind_reg(self, reg):
        v = self.reg_val.get(reg)
        if v is not None:
            self.reg_of.pop(v.id, None)
        self.reg_val[reg] = None

    def evict(self, reg):
        """Free `reg`, keeping its value if it is still needed."""
        v = self.reg_val[reg]
        if v is None:
            return
        if self.live_after(v) or self.next_use(v, self.i - 1) == self.i:
            if v.id not in self.home:
                k = self.free_slots.pop() if self.free_slots else self._new_slot()
                self.home[v.id] = ("slot", k)
                self.emit(f"movq %{reg}, {self.slot_text(k)}")
        self.unbind_reg(reg)

    def _new_slot(self):
        self.nslots += 1
        return self.nslots - 1

    def alloc(self, avoid=(), prefer=None):
        avoid = set(avoid)
        if prefer and prefer not in avoid and prefer in self.reg_val and self.reg_val[prefer] is None:
            return prefer
        for r in self.pool:
            if r not in avoid and self.reg_val[r] is None:
                return r
        # Belady: furthest next use; values with another home are cheaper
        best, score = None, -1
        for r in self.pool:
            if r in avoid:
                continue
            v = self.reg_val[r]
            nu = self.next_use(v, self.i - 1)
            d = 1 << 30 if nu is None else nu - self.i
            if v.id in self.home:
                d *= 2
            if d > score:
                best, score = r, d
        if best is None:
            raise CodegenError("out of registers")
        self.evict(best)
        return best

    def to_reg(self, v, avoid=(), want=None):
        """Put v in a register (a specific one if `want`); returns it."""
        cur = self.in_reg(v)
        if cur and (want is None or cur == want):
            return cur
        if want:
            if self.reg_val[want] is not None:
                self.relocate(want, avoid=set(avoid) | {want})
            r = want
        else:
            r = self.alloc(avoid)
        self.emit(self._mov_in(v, r))
        if cur:
            self.unbind_reg(cur)
        self.bind(v, r)
        return r

    def _mov_in(self, v, r):
        cur = self.in_reg(v)
        if cur:
            return f"movq %{cur}, %{r}"
        h = self.home[v.id]
        if h[0] == "imm":
            x = h[1]
            if x < 1 << 32:
                return f"movl ${x}, %{REG32[r]}"
            if _imm32(x):
                return f"movq ${_sx(x)}, %{r}"
            return f"movabsq ${_sx(x)}, %{r}"
        return f"movq {self.loc_text(v)}, %{r}"

    def relocate(self, reg, avoid=()):
        """Move the value in reg elsewhere (if still needed) and free reg."""
        v = self.reg_val[reg]
        if v is None:
            return
        if not (self.live_after(v) or self.next_use(v, self.i - 1) == self.i):
            self.unbind_reg(reg)
            return
        free = [r for r in self.pool if self.reg_val[r] is None and r not in avoid and r != reg]
        if free:
            self.emit(f"movq %{reg}, %{free[0]}")
            self.unbind_reg(reg)
            self.bind(v, free[0])
        else:
            self.evict(reg)

    def operand(self, v, mem=True, imm=True, avoid=()):
        if self.in_reg(v):
            return "%" + self.reg_of[v.id]
        h = self.home[v.id]
        if h[0] == "imm" and imm and _imm32(h[1]):
            return f"${_sx(h[1])}"
        if h[0] in ("mem", "slot") and mem:
            return self.loc_text(v)
        return "%" + self.to_reg(v, avoid)

    def dies(self, v):
        return v is not None and not self.live_after(v)

    def dst_from(self, v, avoid=()):
        """A register holding v's value that the op may overwrite."""
        if self.dies(v):
            return self.to_reg(v, avoid)
        r = self.alloc(set(avoid) | ({self.in_reg(v)} if self.in_reg(v) else set()))
        self.emit(self._mov_in(v, r))
        return r

    def free_dead(self):
        for r in self.pool:
            v = self.reg_val[r]
            if v is not None and not self.live_after(v):
                self.unbind_reg(r)
        for vid in [k for k, h in self.home.items() if h[0] == "slot"]:
            nxt = [u for u in self.uses.get(vid, []) if u > self.i]
            if not nxt:
                self.free_slots.append(self.home.pop(vid)[1])

    # ---- ops --------------------------------------------------------------
    def run(self):
        for i, op in enumerate(self.prog.ops):
            self.i = i
            getattr(self, "op_" + op.opcode)(op)
            self.free_dead()
        return self.finish()

    def op_load(self, op):
        name, idx = op.imm
        a = self.arrays[name]
        d = op.dsts[0]
        if a.role == "const":
            x = a.data[idx]
            self.home[d.id] = ("imm", x) if _imm32(x) else ("mem", f"{self.labels[name]}+{8*idx}(%rip)")
        else:
            self.home[d.id] = ("mem", f"{8*idx}(%{self.ptr[name]})")

    def op_const(self, op):
        self.home[op.dsts[0].id] = ("imm", op.imm[0])

    def op_store(self, op):
        name, idx = op.imm
        src = self.operand(op.srcs[0], mem=False)
        self.emit(f"movq {src}, {8*idx}(%{self.ptr[name]})")

    def op_clear(self, op):
        self.check_flags(("CF", "OF"))
        r = self.alloc()
        self.used_regs.add(r)
        self.emit(f"xorl %{REG32[r]}, %{REG32[r]}")
        self.set_flag("CF", op.dsts[0])
        self.set_flag("OF", op.dsts[1])

    def _flag(self, c):
        f = "CF" if c.chain == 0 else "OF"
        if self.flags[f] is not c:
            raise CodegenError(f"{self.sym}: op {self.i}: carry {c} is not in {f}")
        return f

    def op_add(self, op):
        a, b, ci = op.srcs
        s, co = op.dsts
        # pick the addend that dies (and is in a register) as destination
        if not self.dies(a) and self.dies(b) or (self.dies(b) and self.in_reg(b) and not self.in_reg(a)):
            a, b = b, a
        if ci is None:
            self.check_flags(("CF", "OF"))
            mn, fl = "addq", "CF"
        else:
            fl = self._flag(ci)
            if fl == "OF":
                mn = "adoxq"
                self.check_flags(("OF",), (ci,))
            elif self.adx and self.flags["OF"] is not None and self.live_after(self.flags["OF"]):
                mn = "adcxq"
                self.check_flags(("CF",), (ci,))
            else:
                mn = "adcq"
                self.check_flags(("CF", "OF"), (ci,))
        d = self.dst_from(a)
        src = self.operand(b, imm=mn in ("addq", "adcq"), avoid={d}) if b is not a else "%" + d
        self.emit(f"{mn} {src}, %{d}")
        self.unbind_reg(d)
        if s is not None:
            self.bind(s, d)
        if co is not None:
            self.set_flag(fl, co)

    def op_sub(self, op):
        a, b, bi = op.srcs
        d_v, bo = op.dsts
        if bi is not None:
            self._flag(bi)
            if bi.chain != 0:
                raise CodegenError("borrow chains use CF")
        self.check_flags(("CF", "OF"), (bi,))
        ha = self.home.get(a.id)
        if bi is None and ha == ("imm", 0) and not self.in_reg(a):
            d = self.dst_from(b)      # 0 - b: neg sets CF = (b != 0)
            self.emit(f"negq %{d}")
        else:
            d = self.dst_from(a)
            src = self.operand(b, avoid={d})
            self.emit(f"{'sbbq' if bi is not None else 'subq'} {src}, %{d}")
        self.unbind_reg(d)
        if d_v is not None:
            self.bind(d_v, d)
        if bo is not None:
            self.set_flag("CF", bo)

    def op_mul(self, op):
        x, y = op.srcs
        lo, hi = op.dsts
        if self.adx:
            return self._mulx(x, y, lo, hi)
        return self._mulq(x, y, lo, hi)

    def _pick_rdx(self, x, y):
        if self.in_reg(x) == "rdx":
            return x, y
        if self.in_reg(y) == "rdx":
            return y, x
        nx, ny = self.next_use(x), self.next_use(y)
        nx = 1 << 30 if nx is None else nx
        ny = 1 << 30 if ny is None else ny
        return (x, y) if nx <= ny else (y, x)

    def _release_dying(self, *vals):
        """Operands read by this instruction and dead afterwards give their
        registers back, so the outputs may reuse them (x86 reads all sources
        before writing destinations)."""
        for v in vals:
            if v is not None and self.dies(v) and self.in_reg(v):
                self.unbind_reg(self.in_reg(v))

    def _mulx(self, x, y, lo, hi):
        r, s = self._pick_rdx(x, y)
        if x is y:
            r = s = x
        self.to_reg(r, want="rdx")
        src = self.operand(s, imm=False, avoid={"rdx"})
        self._release_dying(r, s)
        pinned = {src[1:]} if src.startswith("%") else set()
        if self.in_reg(r) == "rdx":
            pinned.add("rdx")
        rl = self.alloc(pinned)
        rh = self.alloc(pinned | {rl})
        self.emit(f"mulxq {src}, %{rl}, %{rh}")
        for reg, v in ((rl, lo), (rh, hi)):
            self.unbind_reg(reg)
            self.used_regs.add(reg)
            if v is not None:
                self.bind(v, reg)

    def _mulq(self, x, y, lo, hi):
        self.check_flags(("CF", "OF"))
        if self.in_reg(y) == "rax":
            x, y = y, x
        self.relocate("rdx", avoid={"rax", "rdx"})      # rdx is clobbered
        if self.in_reg(x) == "rax" and self.dies(x):
            self.unbind_reg("rax")
        else:
            self.relocate("rax", avoid={"rax", "rdx"})  # so is rax
            self.emit(self._mov_in(x, "rax"))
        src = "%rax" if x is y else self.operand(y, imm=False, avoid={"rax", "rdx"})
        self.emit(f"mulq {src}")
        self.used_regs.update(("rax", "rdx"))
        if lo is not None:
            self.bind(lo, "rax")
        if hi is not None:
            self.bind(hi, "rdx")

    def op_mullo(self, op):
        x, y = op.srcs
        w = op.dsts[0]
        live = any(c is not None and self.live_after(c) for c in self.flags.values())
        if live:
            if not self.adx:
                raise CodegenError("mullo with a live carry needs mulx")
            return self._mulx(x, y, w, None)
        self.check_flags(("CF", "OF"))
        if self.dies(y) and not self.dies(x):
            x, y = y, x
        nu = self.next_use(w)
        prefer_rdx = self.adx and nu is not None and self.prog.ops[nu].opcode == "mul"
        if prefer_rdx and not self.dies(x):
            self.relocate("rdx", avoid={"rdx"})
            self.emit(self._mov_in(x, "rdx"))
            d = "rdx"
        elif prefer_rdx:
            cur = self.in_reg(x)
            if cur != "rdx":
                self.relocate("rdx", avoid={"rdx"})
                self.emit(self._mov_in(x, "rdx"))
                if cur:
                    self.unbind_reg(cur)
            d = "rdx"
        else:
            d = self.dst_from(x)
        src = self.operand(y, imm=False, avoid={d})
        self.emit(f"imulq {src}, %{d}")
        self.unbind_reg(d)
        self.bind(w, d)

    def op_csel(self, op):
        c, a, b = op.srcs
        f = self._flag(c)
        d = self.dst_from(b)
        src = self.operand(a, imm=False, avoid={d})
        self.emit(f"{'cmovc' if f == 'CF' else 'cmovo'}q {src}, %{d}")
        self.unbind_reg(d)
        self.bind(op.dsts[0], d)

    def op_mask(self, op):
        c = op.srcs[0]
        if self._flag(c) != "CF":
            raise CodegenError("mask of an OF carry")
        self.check_flags(("OF",))
        d = self.alloc()
        self.emit(f"sbbq %{d}, %{d}")     # d = -CF; CF unchanged
        self.bind(op.dsts[0], d)

    def op_cword(self, op):
        c = op.srcs[0]
        f = self._flag(c)
        d = self.alloc()
        self.emit(f"set{'c' if f == 'CF' else 'o'} %{REG8[d]}")
        self.emit(f"movzbl %{REG8[d]}, %{REG32[d]}")
        self.bind(op.dsts[0], d)

    def _binop(self, op, mn):
        self.check_flags(("CF", "OF"))
        a, b = op.srcs
        if self.dies(b) and not self.dies(a):
            a, b = b, a
        d = self.dst_from(a)
        src = self.operand(b, avoid={d})
        self.emit(f"{mn} {src}, %{d}")
        self.unbind_reg(d)
        self.bind(op.dsts[0], d)

    def op_and(self, op):
        self._binop(op, "andq")

    def op_or(self, op):
        self._binop(op, "orq")

    def op_xor(self, op):
        self._binop(op, "xorq")

    def _shift(self, op, mn):
        self.check_flags(("CF", "OF"))
        d = self.dst_from(op.srcs[0])
        self.emit(f"{mn} ${op.imm[0]}, %{d}")
        self.unbind_reg(d)
        self.bind(op.dsts[0], d)

    def op_shl(self, op):
        self._shift(op, "shlq")

    def op_shr(self, op):
        self._shift(op, "shrq")

    def op_shrd(self, op):
        self.check_flags(("CF", "OF"))
        hi, lo = op.srcs
        d = self.dst_from(lo)
        h = self.to_reg(hi, avoid={d})
        self.emit(f"shrdq ${op.imm[0]}, %{h}, %{d}")
        self.unbind_reg(d)
        self.bind(op.dsts[0], d)

    # ---- frame -----------------------------------------------------------
    def finish(self):
        saved = [r for r in SYSV["callee_saved"] if r in self.used_regs]
        pro, epi = [], []
        for r in saved:
            pro.append(f"\tpushq %{r}")
        frame = 8 * self.nslots
        use_red = frame <= SYSV["red_zone"]
        if frame and not use_red:
            pro.append(f"\tsubq ${frame}, %rsp")
            epi.append(f"\taddq ${frame}, %rsp")
        for r in reversed(saved):
            epi.append(f"\tpopq %{r}")
        moves = []
        args = self.prog.args()
        if len(args) >= 3:
            moves.append("\tmovq %rdx, %rcx")
        body = []
        for line in self.out:
            while "SLOT" in line:
                k0 = line.index("SLOT")
                k1 = k0 + 4
                while k1 < len(line) and line[k1].isdigit():
                    k1 += 1
                k = int(line[k0 + 4:k1])
                txt = f"{-8 * (k + 1)}(%rsp)" if use_red else f"{8 * k}(%rsp)"
                line = line[:k0] + txt + line[k1:]
            body.append(line)
        return pro + moves + body + epi + ["\tret"], saved, frame


def print_function(prog: Program, symbol: str, flavour: str) -> str:
    adx = flavour == "x86_64_adx"
    lines, saved, frame = _Alloc(prog, symbol, adx).run()
    ninsn = sum(1 for ln in lines if ln.startswith("\t"))
    args = prog.args()
    sig = ", ".join(f"{'' if a.role == 'out' else 'const '}uint64_t {a.name}[{a.words}]" for a in args)
    regs = sorted({w.strip("%,()") for ln in lines for w in ln.replace(",", " ").split()
                   if w.startswith("%") or w.startswith("(%")})
    head = [
        f"# void {symbol}({sig})",
        f"#   {prog.comment}",
        f"#   System V: {', '.join(f'{a.name} in %{r}' for a, r in zip(args, SYSV['args']))}",
        f"#   registers used: {', '.join(r for r in regs if r and not r.startswith('rip'))}",
        f"#   callee-saved pushed: {', '.join(saved) if saved else 'none'}; "
        f"stack: {8 * len(saved)} bytes pushed + {frame} bytes of spill slots"
        + (" (red zone)" if frame and frame <= SYSV['red_zone'] else ""),
        f"#   {ninsn} instructions{'; needs BMI2 + ADX' if adx else ''}",
    ]
    tables = [(asmfile.local_label(symbol, a.name), a.data) for a in prog.arrays if a.role == "const"]
    return asmfile.function(DIALECT, symbol, head, lines, tables)
