# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Algorithms: build IR programs for products, Montgomery and pseudo-Mersenne
arithmetic.  They know the mathematics; the `style` chooses the shape of the
carry chains so that every printer can keep carries in flags:

* "plain": one carry chain at a time, and no carry lives across a multiply
  (x86 mulq clobbers the flags; RISC-V has no flags; good C).
* "adx":   two interleaved chains (chain 0 = CF/adcx, chain 1 = OF/adox);
  multiplies (mulx) never touch the flags.
* "onechain": one carry chain at a time, but a carry may live across
  multiplies (AArch64 C and POWER CA: mul/umulh, mulld/mulhdu leave it
  alone).  Operand scanning: t += x*Y in two chains, the low halves of the
  products, then the high halves: about 4 instructions per partial product
  instead of 6, and no row buffer; squaring doubles and adds the diagonal in
  two chains;
  Montgomery steps never compute lo(m*p0) (t0 + lo(m*p0) = 0 mod 2^64, so
  its carry is t0 != 0, the carry of t0 + 2^64 - 1) and skip m = t0*n0
  when n0 = 1.
* "bounded": no flags at all (RISC-V): a carry is a 0/1 word, so any number
  may live anywhere; product scanning into words whose upper bounds are
  known at generation time, carries absorbed where they provably fit (see
  algos_bounded.py).
* "madd": a multiply-add-add a*b + c + d (it cannot overflow two words) is
  one op (ARM UMAAL; in C on 32-bit words, one uint64_t expression): rows
  of t += x*Y carry a whole word from column to column, no carry flags
  (the C32 kernels: gcc and clang keep such rows in registers far better
  than three-word Comba accumulators on i686 and ARMv7).

Each public builder returns a verified Program whose comment states the
algorithm and the input/output bounds.
"""
from __future__ import annotations

from . import algos_bounded
# mont_params, pm_params and words are part of this module's interface too (the
# pseudo-Mersenne programs are in algos_pm)
from .algo_common import has_spare_bit, load_all, mont_params, pm_params, store_all, words
from .ir import MASK64, Program, Val
from .verify import verify

STYLES = ("plain", "adx", "onechain", "bounded", "madd")


class Acc:
    """Helpers shared by the algorithms over one Program."""

    def __init__(self, prog: Program, style: str):
        assert style in STYLES
        self.p = prog
        self.style = style

    def zero(self) -> Val:
        return self.p.const(0)

    # a + b + c where any of a, c may be absent (zero); returns (sum, carry|None)
    def addn(self, a, b, c=None):
        if a is None and c is None:
            return b, None
        if a is None:
            return self.p.add(b, self.zero(), c)
        return self.p.add(a, b, c)

    def absorb(self, w, c):
        """w + c where the sum provably fits a word (w may be None = 0)."""
        if c is None:
            return w
        if w is None:
            return self.p.cword(c)
        return self.p.add(w, self.zero(), c)[0]

    # ---- propagation of carries into t[k:fit] ----------------------------
    def carry_into(self, t, k, c, fit):
        while c is not None and k < fit:
            if t[k] is None:
                t[k] = self.p.cword(c)
                return
            t[k], c = self.p.add(t[k], self.zero(), c)
            k += 1

    def word_into(self, t, k, w, fit):
        if w is None or k >= fit:
            return
        if t[k] is None:
            t[k] = w
            return
        t[k], c = self.p.add(t[k], w)
        self.carry_into(t, k + 1, c, fit)

    def add_row(self, t, Y, off, fit):
        """t[off:fit] += Y (a row times 1)."""
        t = list(t) + [None] * max(0, fit - len(t))
        c = None
        for j, y in enumerate(Y):
            k = off + j
            if t[k] is None:
                t[k], c = (y, None) if c is None else self.p.add(y, self.zero(), c)
            else:
                t[k], c = self.p.add(t[k], y, c)
        self.carry_into(t, off + len(Y), c, fit)
        return t

    # ---- t[off:fit] += x * Y ---------------------------------------------
    def mac(self, t, x, Y, off, fit):
        t = list(t) + [None] * max(0, fit - len(t))
        if self.style == "adx" and t[off] is not None:
            return self._mac_adx(t, x, Y, off, fit)
        if self.style == "onechain":
            return self._mac_one(t, x, Y, off, fit)
        if self.style == "madd":
            return self._mac_madd(t, x, Y, off, fit)
        return self._mac_plain(t, x, Y, off, fit)

    def _mac_madd(self, t, x, Y, off, fit):
        """t[off:] += x*Y: each column one madd (x*y + t_k + the carried word)."""
        p = self.p
        C = None
        for j, y in enumerate(Y):
            k = off + j
            if t[k] is None and C is None:
                t[k], C = p.mul(x, y)
            else:
                t[k], C = p.madd(x, y, t[k] if t[k] is not None else self.zero(),
                                 C if C is not None else self.zero())
        self.word_into(t, off + len(Y), C, fit)
        return t

    def _mac_one(self, t, x, Y, off, fit, c0=None):
        """t[off:] += x*Y in two passes, the low halves of the products in
        one chain, then the high halves in another, each product made where
        it is used (no row buffer: fewer live values than summing the row
        first, and as few instructions).  With c0, the carry of
        t[off] + lo(x*Y[0]) (Montgomery steps), that low half is skipped."""
        p = self.p
        c = c0
        for j, y in enumerate(Y):
            if j == 0 and c0 is not None:
                continue
            k = off + j
            if k >= fit:
                break
            lo = p.mullo(x, y)
            if t[k] is None:
                t[k], c = (lo, None) if c is None else p.add(lo, self.zero(), c)
            else:
                t[k], c = p.add(t[k], lo, c)
        self.carry_into(t, off + len(Y), c, fit)
        c = None
        for j, y in enumerate(Y):
            k = off + j + 1
            if k >= fit:
                break
            _, hi = p.mul(x, y)
            if t[k] is None:
                t[k], c = (hi, None) if c is None else p.add(hi, self.zero(), c)
            else:
                t[k], c = p.add(t[k], hi, c)
        self.carry_into(t, off + len(Y) + 1, c, fit)
        return t

    def _mac_plain(self, t, x, Y, off, fit):
        p = self.p
        C = None
        for j, y in enumerate(Y):
            k = off + j
            lo, hi = p.mul(x, y)
            s, h = lo, hi
            if t[k] is not None:
                s, c = p.add(t[k], s)
                h = self.absorb(h, c)
            if C is not None:
                s, c = p.add(s, C)
                h = self.absorb(h, c)
            t[k], C = s, h
        self.word_into(t, off + len(Y), C, fit)
        return t

    def _mac_adx(self, t, x, Y, off, fit):
        """Two chains: lo words on OF (adox), hi words on CF (adcx)."""
        p = self.p
        n = len(Y)
        if any(t[k] is None for k in range(off, off + n)):
            # rows over partly empty accumulators are built with plain chains
            return self._mac_plain(t, x, Y, off, fit)
        cf, of = p.clear()
        z = self.zero()
        for j, y in enumerate(Y):
            k = off + j
            lo, hi = p.mul(x, y)
            t[k], of = p.add(t[k], lo, of)
            if k + 1 >= fit:
                continue
            if t[k + 1] is None:
                t[k + 1], cf = p.add(hi, z, cf)
            else:
                t[k + 1], cf = p.add(t[k + 1], hi, cf)
        top = off + n
        if top < fit:
            t[top], of = p.add(t[top], z, of)
            k = top + 1
            while k < fit:
                if t[k] is None:
                    w = p.cword(cf)
                    t[k], _ = p.add(w, z, of)
                    break
                t[k], cf = p.add(t[k], z, cf)
                t[k], of = p.add(t[k], z, of)
                k += 1
        return t

    def row(self, x, Y, fit):
        """x * Y as len(Y)+1 words (clipped to fit)."""
        if self.style == "plain":
            return self._mac_plain([None] * fit, x, Y, 0, fit)
        if self.style == "madd":
            return self._mac_madd([None] * fit, x, Y, 0, fit)
        p = self.p
        out, prev, c = [], None, None
        for j, y in enumerate(Y):
            lo, hi = p.mul(x, y)
            if prev is None:
                out.append(lo)
            else:
                s, c = p.add(lo, prev, c)
                out.append(s)
            prev = hi
        out.append(self.absorb(prev, c))
        return (out + [None] * fit)[:fit]

    # ---- products ----------------------------------------------------------
    def product(self, A, B):
        n, m = len(A), len(B)
        if self.style == "bounded":
            return algos_bounded.product(self.p, A, B)
        if self.style == "plain":
            return self.comba(A, B)
        t = self.row(A[0], B, n + m)
        for i in range(1, n):
            t = self.mac(t, A[i], B, i, i + m + 1)
        return t

    def comba(self, A, B):
        """A * B by product scanning (Comba) with a three-word accumulator
        (c0, c1, c2), in any style: the plain style's product, and the mp
        kernels' "scan" shape (mpgen.py)."""
        p = self.p
        n, m = len(A), len(B)
        out = []
        c0 = c1 = c2 = None
        for k in range(n + m - 1):
            for i in range(max(0, k - m + 1), min(k, n - 1) + 1):
                lo, hi = p.mul(A[i], B[k - i])
                c0, c1, c2 = self.acc3(c0, c1, c2, lo, hi, None)
            out.append(c0)
            c0, c1, c2 = c1, c2, None
        out.append(c0 if c0 is not None else self.zero())
        return out

    def acc3(self, c0, c1, c2, lo, hi, top):
        """(c0, c1, c2) + lo + hi 2^64 + top 2^128 (top may be None); the
        caller knows the sum fits three words."""
        s0, c = self.addn(c0, lo)
        s1, c = self.addn(c1, hi, c)
        if top is not None:
            s2, _ = self.addn(c2, top, c)
        else:
            s2 = self.absorb(c2, c)
        return s0, s1, s2

    def square(self, A):
        n = len(A)
        if n == 1:
            lo, hi = self.p.mul(A[0], A[0])
            return [lo, hi]
        if self.style == "bounded":
            return algos_bounded.square(self.p, A)
        if self.style == "plain":
            return self._comba_sqr(A)
        if self.style == "onechain":
            return self._sqr_one(A)
        if self.style == "madd":
            return self._sqr_madd(A)
        return self._sqr_adx(A)

    def _off_diagonal_doubled(self, A):
        """2 * (the sum of a_i a_j 2^(64(i+j)), i < j) as 2n words (word 0
        None): the rows, then one chain doubling them."""
        p = self.p
        n = len(A)
        t = [None] + self.row(A[0], A[1:], n) + [None] * (n - 1)
        for i in range(1, n - 1):
            t = self.mac(t, A[i], A[i + 1:], 2 * i + 1, i + n + 1)
        c = None
        for k in range(1, 2 * n - 1):
            t[k], c = p.add(t[k], t[k], c)
        t[2 * n - 1] = p.cword(c)
        return t

    def _sqr_madd(self, A):
        """Off-diagonal rows, doubled in one chain, then the diagonal squares
        by madd (a_i^2 + t_2i + the carry word of the column before)."""
        p = self.p
        n = len(A)
        t = self._off_diagonal_doubled(A)
        C = None
        for i, a in enumerate(A):
            if i == 0:
                t[0], hi = p.mul(a, a)
            else:
                t[2 * i], hi = p.madd(a, a, t[2 * i], C)
            t[2 * i + 1], c = p.add(t[2 * i + 1], hi)
            C = p.cword(c) if i < n - 1 else None    # the last carry is 0: a^2 fits
        return t

    def _sqr_one(self, A):
        """Off-diagonal rows, then one chain doubling them and one adding
        the diagonal squares."""
        p = self.p
        t = self._off_diagonal_doubled(A)
        c = None
        for i, a in enumerate(A):
            lo, hi = p.mul(a, a)
            if i == 0:
                t[0] = lo
            else:
                t[2 * i], c = p.add(t[2 * i], lo, c)
            t[2 * i + 1], c = p.add(t[2 * i + 1], hi, c)
        return t

    def _comba_sqr(self, A):
        """Product scanning; each column's off-diagonal sum is doubled once."""
        p = self.p
        n = len(A)
        out = []
        c0 = c1 = c2 = None
        for k in range(2 * n - 1):
            o0 = o1 = o2 = None
            for i in range(max(0, k - n + 1), (k + 1) // 2):
                lo, hi = p.mul(A[i], A[k - i])
                o0, o1, o2 = self.acc3(o0, o1, o2, lo, hi, None)
            if o0 is not None:
                o0, c = p.add(o0, o0)
                o1, c = p.add(o1, o1, c)
                o2 = self.absorb(None, c) if o2 is None else p.add(o2, o2, c)[0]
                c0, c1, c2 = self.acc3(c0, c1, c2, o0, o1, o2)
            if k % 2 == 0:
                lo, hi = p.mul(A[k // 2], A[k // 2])
                c0, c1, c2 = self.acc3(c0, c1, c2, lo, hi, None)
            out.append(c0)
            c0, c1, c2 = c1, c2, None
        out.append(c0 if c0 is not None else self.zero())
        return out

    def _sqr_adx(self, A):
        p = self.p
        n = len(A)
        t = [None] + self.row(A[0], A[1:], n) + [None] * (n - 1)
        for i in range(1, n - 1):
            t = self.mac(t, A[i], A[i + 1:], 2 * i + 1, i + n + 1)
        # t[1 : 2n-1] holds the off-diagonal sum; double it (CF) and add the
        # diagonal squares (OF) in one pass.
        cf, of = p.clear()
        z = self.zero()
        out = []
        for pos in range(2 * n):
            if pos % 2 == 0:
                lo, hi = p.mul(A[pos // 2], A[pos // 2])
                diag = lo
            else:
                diag = hi
            if pos == 0:
                out.append(lo)
                continue
            if pos <= 2 * n - 2:
                x, cf = p.add(t[pos], t[pos], cf)
            else:
                x = p.cword(cf)
            x, of = p.add(x, diag, of)
            out.append(x)
        return out

    # ---- modular helpers -------------------------------------------------
    def cond_sub(self, t, top, P):
        """t + top*2^(64n) in [0, 2p) -> [0, p): subtract p, keep t on borrow."""
        p = self.p
        d, bo = [], None
        for tj, pj in zip(t, P):
            dj, bo = p.sub(tj, pj, bo)
            d.append(dj)
        if top is not None:
            _, bo = p.sub(top, self.zero(), bo)
        return [p.csel(bo, tj, dj) for tj, dj in zip(t, d)]

    def redc_steps(self, t, P, n0, fit, steps):
        """`steps` Montgomery reduction steps on accumulator t: each adds m*P
        (m = t0 * n0) so t0 becomes 0, and drops t0."""
        p = self.p
        if self.style == "onechain":
            return self._redc_one(t, P, n0, fit, steps)
        n0c = p.const(n0)
        for _ in range(steps):
            m = p.mullo(t[0], n0c)
            t = self.mac(t, m, P, 0, fit)
            t = t[1:] + [None]
        return t


    def _redc_one(self, t, P, n0, fit, steps):
        p = self.p
        n0c = p.const(n0) if n0 != 1 else None
        t = list(t) + [None] * max(0, fit - len(t))
        for _ in range(steps):
            m = t[0] if n0c is None else p.mullo(t[0], n0c)
            # t0 + lo(m p0) = 0 mod 2^64: its carry is t0 != 0
            _, c = p.add(t[0], p.const(p.wmask))
            t = self._mac_one(t, m, P, 0, fit, c)
            t = t[1:] + [None]
        return t


def _begin(name, n, nin, style, comment, w=64):
    prog = Program(name, wbits=w)
    prog.comment = comment
    r = prog.out("r", n)
    ins = [prog.inp(nm, n) for nm in "ab"[:nin]]
    return prog, r, ins, Acc(prog, style)


# ---------------------------------------------------------------------------
# Products
def mul_program(name: str, n: int, style: str) -> Program:
    prog = Program(name)
    prog.comment = (f"r = a * b, {n}x{n} -> {2*n} limbs; "
                    + {"plain": "product scanning (Comba)", "adx": "operand scanning, mulx/adcx/adox",
                       "onechain": "operand scanning, one carry chain across multiplies",
                       "bounded": "product scanning (Comba) into bounded words",
                       "madd": "operand scanning, a multiply-add-add per column"}[style] + ". "
                    "Any inputs; r must not alias a or b.")
    r = prog.out("r", 2 * n)
    a, b = prog.inp("a", n), prog.inp("b", n)
    acc = Acc(prog, style)
    store_all(prog, r, acc.product(load_all(prog, a), load_all(prog, b)))
    return verify(prog.prune())


def sqr_program(name: str, n: int, style: str) -> Program:
    prog = Program(name)
    prog.comment = (f"r = a^2, {n} -> {2*n} limbs; dedicated squaring (off-diagonal "
                    "products once, doubled, plus the diagonal). Any input; r must not alias a.")
    r = prog.out("r", 2 * n)
    a = prog.inp("a", n)
    acc = Acc(prog, style)
    store_all(prog, r, acc.square(load_all(prog, a)))
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Montgomery arithmetic (R = 2^(64n))
def mont_mul_program(name: str, p: int, n: int, style: str, b_const=None, w: int = 64) -> Program:
    """CIOS Montgomery multiplication r = a*b/R mod p.  With b_const, b is a
    constant (to_internal: b = R^2 mod p).  w: the word size (n words)."""
    if style == "bounded":
        return algos_bounded.mont_mul_program(name, p, n, b_const)
    mp = mont_params(p, n, w)
    what = "a*R mod p (to Montgomery form)" if b_const is not None else "a*b/R mod p"
    prog, r, ins, acc = _begin(name, n, 1 if b_const is not None else 2, style,
                               f"r = {what}; Montgomery CIOS"
                               + (", spare-bit shortcut (accumulator of n+1 words)" if mp["spare"] else "")
                               + ". Inputs < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    A = load_all(prog, ins[0])
    B = (load_all(prog, prog.table("r2", words(b_const, n, w))) if b_const is not None
         else load_all(prog, ins[1]))
    fit = n + 1 if mp["spare"] else n + 2
    t = acc.row(A[0], B, fit)
    t = acc.redc_steps(t, P, mp["n0"], fit, 1)
    for i in range(1, n):
        t = acc.mac(t, A[i], B, 0, fit)
        t = acc.redc_steps(t, P, mp["n0"], fit, 1)
    top = None if mp["spare"] else t[n]
    store_all(prog, r, acc.cond_sub(t[:n], top, P))
    return verify(prog.prune())


def mont_sqr_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    """r = a^2/R: dedicated squaring, then reduce the low half (n steps) and
    add the high half: (T_lo + M p)/R + T_hi < 2p, one conditional subtraction."""
    if style == "bounded":
        return algos_bounded.mont_sqr_program(name, p, n)
    mp = mont_params(p, n, w)
    prog, r, ins, acc = _begin(name, n, 1, style,
                               "r = a^2/R mod p; dedicated squaring then Montgomery reduction "
                               "of the low half plus the high half. Input < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    T = acc.square(load_all(prog, ins[0]))
    fit = n + 1 if mp["spare"] else n + 2
    u = acc.redc_steps(T[:n] + [None], P, mp["n0"], fit, n)
    s, c = [], None
    for j in range(n):
        sj, c = prog.add(u[j], T[n + j], c)
        s.append(sj)
    top = None
    if not mp["spare"]:
        top = acc.absorb(u[n], c) if u[n] is not None else prog.cword(c)
    store_all(prog, r, acc.cond_sub(s, top, P))
    return verify(prog.prune())


def fold_plan(p: int, n: int, square: bool = False):
    """(k, fit) for the folded reduction (mont_sqr_fold_program, and the
    experimental algos_shapes.fold): the first n - k steps fold the low word,
    t <- (t - t0)/2^64 + t0 Q with Q = 2^-64 mod p (= (n0 p + 1)/2^64), which
    needs neither m = t0 n0 nor m p0 but does not shrink t; the last k are
    Montgomery steps, k the least that leaves the result below 2p; fit =
    the accumulator's words.  From exact upper bounds: for a product, the CIOS
    rows of a < p (top word below p's) times b < p; for a square, any n-word
    low half, plus the high half of (p - 1)^2 at the end."""
    W, Q = MASK64, pow(2, -64, p)
    atop = (p - 1) >> (64 * (n - 1))
    hi = ((p - 1) ** 2) >> (64 * n) if square else 0
    for k in range(1, n + 1):
        B = big = (1 << (64 * n)) - 1 if square else 0
        for i in range(n):
            if not square:
                B += (W if i < n - 1 else atop) * (p - 1)
            big = max(big, B if i < n - k else B + W * p)    # a Montgomery step adds, then shifts
            B = B // (1 << 64) + W * Q if i < n - k else (B + W * p) >> 64
            big = max(big, B)
        if B + hi < 2 * p:
            return k, (max(big, B + hi).bit_length() + 63) // 64
    raise ValueError("fold_plan: no k leaves the result below 2p")


def fold_step(acc: Acc, t: list, Q: list, fit: int) -> list:
    """One fold: (t - t0)/2^64 + t0 Q, the same value as a Montgomery step mod p."""
    return acc.mac(t[1:] + [None], t[0], Q, 0, fit)


def mont_sqr_fold_program(name: str, p: int, n: int, style: str) -> Program:
    """r = a^2/R: the dedicated square, its low half reduced by n - k folds
    and k Montgomery steps (fold_plan), then the high half added: below 2p,
    one conditional subtraction.  No m = t0 n0 in the folds, so the
    reduction's dependency chain is shorter (bench/mul_shapes.py)."""
    mp = mont_params(p, n)
    k, fit = fold_plan(p, n, square=True)
    prog, r, ins, acc = _begin(name, n, 1, style,
                               f"r = a^2/R mod p; dedicated squaring, then the low half reduced by {n - k} "
                               f"folds (t0 * 2^-64 mod p) and {k} Montgomery step(s), plus the high half. "
                               "Input < p, output < p.")
    P = load_all(prog, prog.table("p", words(p, n)))
    Q = load_all(prog, prog.table("q", words(pow(2, -64, p), n)))
    T = acc.square(load_all(prog, ins[0]))
    t = T[:n] + [None] * (fit - n)
    for i in range(n):
        t = fold_step(acc, t, Q, fit) if i < n - k else acc.redc_steps(t, P, mp["n0"], fit, 1)
    c = None
    for j in range(n):
        t[j], c = prog.add(t[j], T[n + j], c)
    acc.carry_into(t, n, c, fit)
    top = t[n] if n < fit and not mp["spare"] else None
    store_all(prog, r, acc.cond_sub(t[:n], top, P))
    return verify(prog.prune())


def from_mont_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    """r = a/R mod p: n reduction steps; (a + M p)/R < p for a < p."""
    if style == "bounded":
        return algos_bounded.from_mont_program(name, p, n)
    mp = mont_params(p, n, w)
    prog, r, ins, acc = _begin(name, n, 1, style,
                               "r = a/R mod p (from Montgomery form); n reduction steps, "
                               "(a + M p)/R < p needs no final subtraction. Input < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    fit = n + 1 if mp["spare"] else n + 2
    u = acc.redc_steps(load_all(prog, ins[0]) + [None], P, mp["n0"], fit, n)
    store_all(prog, r, u[:n])
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Modular addition, subtraction, negation (any odd p)
def add_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    if style == "bounded":
        return algos_bounded.add_program(name, p, n)
    spare = has_spare_bit(p, n, w)
    prog, r, ins, acc = _begin(name, n, 2, style,
                               "r = a + b mod p; add, subtract p, select (constant time). "
                               "Inputs < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    A, B = load_all(prog, ins[0]), load_all(prog, ins[1])
    t, c = [], None
    for x, y in zip(A, B):
        s, c = prog.add(x, y, c)
        t.append(s)
    top = None if spare else prog.cword(c)
    store_all(prog, r, acc.cond_sub(t, top, P))
    return verify(prog.prune())


def sub_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    if style == "bounded":
        return algos_bounded.sub_program(name, p, n)
    prog, r, ins, acc = _begin(name, n, 2, style,
                               "r = a - b mod p; subtract, add p masked by the borrow. "
                               "Inputs < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    A, B = load_all(prog, ins[0]), load_all(prog, ins[1])
    d, bo = [], None
    for x, y in zip(A, B):
        s, bo = prog.sub(x, y, bo)
        d.append(s)
    m = prog.mask(bo)
    pm = [prog.logic("and", pj, m) for pj in P]     # before the carry chain
    out, c = [], None
    for dj, pmj in zip(d, pm):
        s, c = prog.add(dj, pmj, c)
        out.append(s)
    store_all(prog, r, out)
    return verify(prog.prune())


def neg_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    if style == "bounded":
        return algos_bounded.neg_program(name, p, n)
    prog, r, ins, acc = _begin(name, n, 1, style,
                               "r = -a mod p = (p - a) masked to 0 when a = 0. Input < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    A = load_all(prog, ins[0])
    d, bo = [], None
    for pj, x in zip(P, A):
        s, bo = prog.sub(pj, x, bo)
        d.append(s)
    nz = A[0]
    for x in A[1:]:
        nz = prog.logic("or", nz, x)
    _, b = prog.sub(acc.zero(), nz)
    m = prog.mask(b)
    store_all(prog, r, [prog.logic("and", dj, m) for dj in d])
    return verify(prog.prune())


def copy_program(name: str, n: int, comment: str, w: int = 64) -> Program:
    prog = Program(name, wbits=w)
    prog.comment = comment
    r = prog.out("r", n)
    a = prog.inp("a", n)
    store_all(prog, r, load_all(prog, a))
    return verify(prog)
