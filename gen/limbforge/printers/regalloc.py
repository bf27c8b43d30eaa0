# SPDX-License-Identifier: Apache-2.0 OR MIT
"""One-pass register allocator for load/store ISAs with three-operand
instructions and one carry flag (AArch64, ppc64le; usable by any printer of
that shape).  ISA-neutral: a printer subclasses `LoadStoreAlloc`, supplies
the register file and the few instruction forms the allocator itself needs
(load, store, constant, table address), and prints the IR ops.

Where a value lives:
* in a register;
* in memory it came from: an input word (re-read at the point of use: the
  verifier guarantees no input word is used after the output word of the same
  index was stored, so reading late is safe with r == a), or a word of a
  constant table (read through a base register that is itself a value the
  allocator can drop and rebuild);
* as an immediate (materialised into a register when an instruction needs it);
* in a stack slot after a spill.
Loads are lazy (at first use).  When registers run out, the value needed
furthest in the future is dropped (Belady); it is stored to a slot only if it
has no other home.

Pointer arguments stay in their argument registers as long as any op reads
or writes their array (reloads included) and are handed to the pool after.
Equal constants that take more than one instruction are one value (built
once, or copied from a register that still holds them); multiplies by the
constants 0 and 1 are folded (no instruction, or a register copy).  When a
register is needed and none is free, a fresh callee-saved register (2
instructions, once) is taken before any value is dropped: on the built-in
fields that gave fewer instructions than dropping reloadable values early.

The carry flag: `flag` is (carry value, polarity).  Polarity "pos" means the
flag equals the IR carry; "neg" means it holds the complement, as after a
subtraction on ISAs whose carry flag is NOT-borrow (AArch64 C, POWER CA).
Every instruction that writes the flag goes through `write_flag`, which
raises CodegenError if a carry still needed later would be destroyed; a
consumer that finds its carry missing raises too.  A wrong carry schedule is
a generation error, never a silent bug.
"""
from __future__ import annotations

from ..ir import Op, Program, Val
from .asmfile import local_label
from . import CodegenError


class LoadStoreAlloc:
    # ---- provided by the ISA subclass -----------------------------------
    REGS: list = []             # allocation order (argument registers included)
    ARGS: list = []             # argument registers, in order
    CALLEE_SAVED: set = set()

    def ins_load(self, reg, base, off):          # reg <- [base + off]
        raise NotImplementedError

    def ins_store(self, reg, base, off):         # [base + off] <- reg
        raise NotImplementedError

    def ins_imm(self, reg, x):                   # list of lines: reg <- x
        raise NotImplementedError

    def ins_table_base(self, reg, label):        # list of lines: reg <- &label
        raise NotImplementedError

    def ins_copy(self, dst, src):                # dst <- src
        raise NotImplementedError

    def imm_cost(self, x) -> int:
        raise NotImplementedError

    def slot_ref(self, k) -> str:                # placeholder, fixed in finish()
        return f"SLOT{k}"

    TABLE_IMM_MAX = 2            # table words cheaper than this become immediates

    # ---- set-up -----------------------------------------------------------
    def __init__(self, prog: Program, symbol: str):
        self.prog, self.sym = prog, symbol
        self.ops = self._share_constants(prog)
        self.out: list = []
        self.arrays = {a.name: a for a in prog.arrays}
        args = prog.args()
        if len(args) > len(self.ARGS):
            raise CodegenError(f"{symbol}: more array arguments than argument registers")
        self.ptr = {a.name: r for a, r in zip(args, self.ARGS)}
        self.labels = {a.name: local_label(symbol, a.name) for a in prog.arrays if a.role == "const"}
        self.tables_used: set = set()
        self.reg_val: dict = {r: None for r in self.REGS}
        self.reg_of: dict = {}
        self.home: dict = {}                  # val id -> ('mem', arr, idx) | ('imm', x) | ('slot', k) | ('base', arr)
        self.mem_vals: dict = {}              # (arr, idx) -> [Val] homed there
        self.used_regs: set = set()
        self.nslots = 0
        self.free_slots: list = []
        self.flag = None                      # (carry Val, 'pos' | 'neg')
        self.locked: set = set()
        self.skip: set = set()
        self.i = 0
        self.uses: dict = {}
        for i, op in enumerate(self.ops):
            for s in op.srcs:
                if s is not None:
                    self.uses.setdefault(s.id, []).append(i)
        # last op that needs each argument pointer (its loads' values may be
        # re-read until their last use)
        self.ptr_last: dict = {}
        table_uses: dict = {}
        for i, op in enumerate(self.ops):
            if op.opcode not in ("load", "store"):
                continue
            name = op.imm[0]
            last = i
            if op.opcode == "load" and op.dsts[0] is not None:
                u = self.uses.get(op.dsts[0].id, [])
                last = max([i] + u)
                if self.arrays[name].role == "const":
                    table_uses.setdefault(name, set()).update(u)
            self.ptr_last[name] = max(self.ptr_last.get(name, -1), last)
        self.pinned = {r for n, r in self.ptr.items() if self.ptr_last.get(n, -1) >= 0}
        # one base-address pseudo value per constant table
        self.base_val: dict = {}
        for k, (name, us) in enumerate(sorted(table_uses.items())):
            bv = Val(-(k + 1), "b", name=name)
            self.base_val[name] = bv
            self.uses[bv.id] = sorted(us)
            self.home[bv.id] = ("base", name)

    def _share_constants(self, prog):
        """Equal constants that take several instructions to build become
        one value (on a copy of the op list; the program is not changed), so
        a constant still in a register is not built again."""
        first: dict = {}
        canon: dict = {}
        for op in prog.ops:
            d = op.dsts[0] if op.dsts else None
            if d is None:
                continue
            x = None
            if op.opcode == "const":
                x = op.imm[0]
            elif op.opcode == "load":
                a = prog.array(op.imm[0])
                if a.role == "const" and self.imm_cost(a.data[op.imm[1]]) <= self.TABLE_IMM_MAX:
                    x = a.data[op.imm[1]]
            if x is not None and self.imm_cost(x) > 1:
                canon[d.id] = first.setdefault(x, d)
        if not any(canon[k].id != k for k in canon):
            return prog.ops
        return [Op(op.opcode, op.dsts, [canon.get(s.id, s) if s is not None else None for s in op.srcs],
                   op.imm) for op in prog.ops]

    # ---- liveness -----------------------------------------------------------
    def next_use(self, v, after=None):
        after = self.i - 1 if after is None else after
        for u in self.uses.get(v.id, []):
            if u > after:
                return u
        return None

    def live_after(self, v) -> bool:
        return self.next_use(v, self.i) is not None

    def dies_here(self, v) -> bool:
        return v is not None and not self.live_after(v)

    # ---- emission -------------------------------------------------------
    def emit(self, text: str):
        self.out.append("\t" + text)

    # ---- the carry flag ---------------------------------------------------
    def write_flag(self, new=None, pol="pos"):
        """An instruction writes the flag; afterwards it holds carry `new`
        (None: nothing the program needs)."""
        cur = self.flag
        if cur is not None and self.live_after(cur[0]):
            raise CodegenError(f"{self.sym}: op {self.i} ({self.ops[self.i]}) would destroy "
                               f"carry {cur[0]} still needed at op {self.next_use(cur[0], self.i)}")
        self.flag = (new, pol) if new is not None else None

    def flag_of(self, c):
        """Polarity of carry c in the flag, or CodegenError if it is not there."""
        if self.flag is None or self.flag[0] is not c:
            raise CodegenError(f"{self.sym}: op {self.i}: carry {c} is not in the flag")
        return self.flag[1]

    # ---- registers --------------------------------------------------------
    def bind(self, v, reg, lock=True):
        old = self.reg_val.get(reg)
        if old is not None:
            self.reg_of.pop(old.id, None)
        self.reg_val[reg] = v
        if v is not None:
            self.reg_of[v.id] = reg
        self.used_regs.add(reg)
        if lock:
            self.locked.add(reg)

    def unbind(self, reg):
        v = self.reg_val.get(reg)
        if v is not None:
            self.reg_of.pop(v.id, None)
        self.reg_val[reg] = None

    def in_reg(self, v):
        return self.reg_of.get(v.id)

    def free_regs(self):
        return [r for r in self.REGS if self.reg_val[r] is None
                and r not in self.pinned and r not in self.locked]

    def alloc(self, avoid=()):
        """A free register (dropping the value needed furthest away if none
        is); the register is locked until the end of the op."""
        for r in self.free_regs():
            if r not in avoid:
                self.locked.add(r)
                self.used_regs.add(r)
                return r
        best, score = None, -1
        for r in self.REGS:
            v = self.reg_val[r]
            if v is None or r in self.pinned or r in self.locked or r in avoid:
                continue
            nu = self.next_use(v)
            d = 1 << 30 if nu is None else nu - self.i
            if v.id in self.home:
                d = d * 2 + 1        # dropping it costs a reload, not a store
            if d > score:
                best, score = r, d
        if best is None:
            raise CodegenError(f"{self.sym}: op {self.i}: out of registers")
        self.evict(best)
        self.locked.add(best)
        self.used_regs.add(best)
        return best

    def evict(self, reg):
        v = self.reg_val[reg]
        if v is not None and v.id not in self.home and self.next_use(v) is not None:
            k = self.free_slots.pop() if self.free_slots else self._new_slot()
            self.home[v.id] = ("slot", k)
            self.emit(self.ins_store(reg, None, k))
        self.unbind(reg)

    def _new_slot(self):
        self.nslots += 1
        return self.nslots - 1

    def imm_of(self, v):
        """The constant value of v if it lives as an immediate, else None."""
        h = self.home.get(v.id)
        return h[1] if h is not None and h[0] == "imm" else None

    def use(self, v, avoid=()):
        """A register holding v (materialised from its home if needed),
        locked until the end of the op."""
        r = self.in_reg(v)
        if r is not None:
            self.locked.add(r)
            return r
        h = self.home[v.id]
        if h[0] == "mem" and self.arrays[h[1]].role == "const":
            base = self.use(self.base_val[h[1]], avoid)
            r = self.alloc(avoid)
            self.load_mem(v, r, base, h[1], h[2])
        elif h[0] == "mem":
            r = self.alloc(avoid)
            self.load_mem(v, r, self.ptr[h[1]], h[1], h[2])
        elif h[0] == "imm":
            r = self.alloc(avoid)
            same = [q for q, w in self.reg_val.items() if w is not None and q != r
                    and self.home.get(w.id) == h]
            if same and self.imm_cost(h[1]) > 1:
                self.emit(self.ins_copy(r, same[0]))     # the constant is already in a register
            else:
                for ln in self.ins_imm(r, h[1]):
                    self.emit(ln)
        elif h[0] == "base":
            r = self.alloc(avoid)
            self.tables_used.add(h[1])
            for ln in self.ins_table_base(r, self.labels[h[1]]):
                self.emit(ln)
        else:
            r = self.alloc(avoid)
            self.emit(self.ins_load(r, None, h[1]))
        self.bind(v, r)
        return r

    def load_mem(self, v, reg, base, arr, idx):
        """Read word arr[idx] (input or constant table, address in base)
        into reg; a printer may load a neighbouring word with it."""
        self.emit(self.ins_load(reg, base, 8 * idx))

    def copy_or_rebind(self, v, dstv):
        """dstv = v (a plain copy): reuse v's register if v dies here."""
        r = self.use(v)
        if self.dies_here(v):
            self.result(dstv, r)
            return
        d = self.alloc()
        self.emit(self.ins_copy(d, r))
        self.result(dstv, d)

    def fold_mul(self, op) -> bool:
        """mul/mullo by the constant 0 or 1: no multiply.  True if done."""
        x, y = op.srcs
        if self.in_reg(y) is not None or self.imm_of(y) not in (0, 1):
            x, y = y, x
        k = self.imm_of(y) if self.in_reg(y) is None else None
        if k not in (0, 1):
            return False
        lo = op.dsts[0]
        hi = op.dsts[1] if len(op.dsts) > 1 else None
        if hi is not None:
            self.home[hi.id] = ("imm", 0)
        if lo is not None:
            if k == 0:
                self.home[lo.id] = ("imm", 0)
            elif self.in_reg(x) is None and self.home[x.id][0] == "imm":
                self.home[lo.id] = self.home[x.id]
            else:
                self.copy_or_rebind(x, lo)
        return True

    def dst(self, avoid=()):
        """A register for a result: one of this op's sources that dies here
        (all sources are read before the result is written), else any."""
        for r in sorted(self.locked):
            v = self.reg_val.get(r)
            if v is not None and r not in avoid and r not in self.pinned and v.kind != "b" \
                    and self.dies_here(v):
                self.unbind(r)
                return r
        return self.alloc(avoid)

    def result(self, v, reg):
        """Bind an op's result (None = unused: the register is just freed)."""
        self.unbind(reg)
        if v is not None:
            self.bind(v, reg)

    # ---- the pass ---------------------------------------------------------
    def op_load(self, op):
        name, idx = op.imm
        d = op.dsts[0]
        if d is None:
            return
        a = self.arrays[name]
        if a.role == "const" and self.imm_cost(a.data[idx]) <= self.TABLE_IMM_MAX:
            self.home[d.id] = ("imm", a.data[idx])
        else:
            self.home[d.id] = ("mem", name, idx)
            self.mem_vals.setdefault((name, idx), []).append(d)

    def op_const(self, op):
        if op.dsts[0] is not None:
            self.home[op.dsts[0].id] = ("imm", op.imm[0])

    def end_op(self):
        for r in self.REGS:
            v = self.reg_val[r]
            if v is not None and not self.live_after(v):
                self.unbind(r)
        for vid, h in list(self.home.items()):
            if h[0] == "slot" and not any(u > self.i for u in self.uses.get(vid, [])):
                self.free_slots.append(h[1])
                del self.home[vid]
        for name, r in self.ptr.items():
            if r in self.pinned and self.ptr_last.get(name, -1) <= self.i:
                self.pinned.discard(r)
        if self.flag is not None and not self.live_after(self.flag[0]):
            self.flag = None
        self.locked = set()

    def run(self):
        for i, op in enumerate(self.ops):
            self.i = i
            if i not in self.skip:
                getattr(self, "op_" + op.opcode)(op)
            self.end_op()
        return self.finish()

    def finish(self):
        raise NotImplementedError


def header_lines(prog, symbol, comment, abi_text, lines, saved, stack_text, extra=""):
    """The comment block above every generated function."""
    ninsn = sum(1 for ln in lines if ln.startswith("\t") and not ln.startswith("\t."))
    per = 64 // prog.wbits          # words per uint64_t limb
    sig = ", ".join(f"{'' if a.role == 'out' else 'const '}uint64_t {a.name}[{a.words // per}]"
                    for a in prog.args())
    return [
        f"{comment} void {symbol}({sig})",
        f"{comment}   {prog.comment}",
        f"{comment}   {abi_text}",
        f"{comment}   callee-saved registers saved: {', '.join(saved) if saved else 'none'}; "
        f"stack: {stack_text}",
        f"{comment}   {ninsn} instructions{extra}",
    ]
