# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Carry styles: one class per shape of carry chain, so that every printer
can keep carries in flags (or, without flags, where the bounds allow).
The algorithms (algos.py, algos_pm.py, algos_point.py, algos_shapes.py,
mpgen.py) know the mathematics and ask an accumulator for rows, products,
squares and reduction steps; make_acc(prog, style) gives the one of the
target's style (targets.Target.style):

* PlainAcc, "plain": one carry chain at a time, and no carry lives across a
  multiply (x86 mulq clobbers the flags; good C).  Products and squares by
  product scanning (Comba).
* AdxAcc, "adx": two interleaved chains (chain 0 = CF/adcx, chain 1 =
  OF/adox); multiplies (mulx) never touch the flags.
* OneChainAcc, "onechain": one carry chain at a time, but a carry may live
  across multiplies (AArch64 C and POWER CA: mul/umulh, mulld/mulhdu leave
  it alone).  Operand scanning: t += x*Y in two chains, the low halves of
  the products, then the high halves: about 4 instructions per partial
  product instead of 6, and no row buffer; squaring doubles and adds the
  diagonal in two chains; Montgomery steps never compute lo(m*p0) (t0 +
  lo(m*p0) = 0 mod 2^64, so its carry is t0 != 0, the carry of t0 + 2^64 -
  1) and skip m = t0*n0 when n0 = 1.
* BoundedAcc, "bounded": no flags at all (RISC-V): a carry is a 0/1 word,
  so any number may live anywhere; product scanning into words whose upper
  bounds are known at generation time, carries absorbed where they provably
  fit.  Its whole programs are algos_bounded's (PROGRAMS).
* MaddAcc, "madd": a multiply-add-add a*b + c + d (it cannot overflow two
  words) is one op (ARM UMAAL; in C on 32-bit words, one uint64_t
  expression): rows of t += x*Y carry a whole word from column to column,
  no carry flags (the C32 kernels: gcc and clang keep such rows in
  registers far better than three-word Comba accumulators on i686 and
  ARMv7).
"""
from __future__ import annotations

from . import algos_bounded
from .ir import Program, Val


class Acc:
    """The carry-chain operations the algorithms build on, over one Program.
    This base class holds what every style shares; a subclass per style
    (STYLES) overrides the rows, products and squares whose carry chains
    differ.  Built by make_acc(prog, style)."""

    STYLE = ""
    PRODUCT = ""        # how it forms a product, for the kernels' comments
    # a module with whole-program builders of its own for this style, used in
    # place of the generic ones of the same name (algos.style_programs)
    PROGRAMS = None
    # Montgomery squares by the folded reduction (algos.mont_sqr_fold_program)
    SQR_FOLD = False

    def __init__(self, prog: Program):
        self.p = prog

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
        return self._mac(list(t) + [None] * max(0, fit - len(t)), x, Y, off, fit)

    def _mac(self, t, x, Y, off, fit):
        """mac on t already fit words long; the plain chains by default."""
        return self._mac_plain(t, x, Y, off, fit)

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

    def row(self, x, Y, fit):
        """x * Y as len(Y)+1 words (clipped to fit)."""
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
        """A * B: a row, then a mac per further word of A."""
        n, m = len(A), len(B)
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
        return self._square(A)

    def _square(self, A):
        """The square of two or more words, in the style's chains."""
        raise NotImplementedError

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
        n0c = p.const(n0)
        for _ in range(steps):
            m = p.mullo(t[0], n0c)
            t = self.mac(t, m, P, 0, fit)
            t = t[1:] + [None]
        return t


class PlainAcc(Acc):
    STYLE = "plain"
    PRODUCT = "product scanning (Comba)"

    def row(self, x, Y, fit):
        return self._mac_plain([None] * fit, x, Y, 0, fit)

    def product(self, A, B):
        return self.comba(A, B)

    def _square(self, A):
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


class AdxAcc(Acc):
    STYLE = "adx"
    PRODUCT = "operand scanning, mulx/adcx/adox"
    # the folded reduction, 0.87-1.00x the Montgomery steps' time on every
    # built-in field (bench/mul_shapes.py, src/field/README.md)
    SQR_FOLD = True

    def _mac(self, t, x, Y, off, fit):
        if t[off] is not None:
            return self._mac_adx(t, x, Y, off, fit)
        return self._mac_plain(t, x, Y, off, fit)

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

    def _square(self, A):
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


class OneChainAcc(Acc):
    STYLE = "onechain"
    PRODUCT = "operand scanning, one carry chain across multiplies"

    def _mac(self, t, x, Y, off, fit):
        return self._mac_one(t, x, Y, off, fit)

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

    def _square(self, A):
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

    def redc_steps(self, t, P, n0, fit, steps):
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


class MaddAcc(Acc):
    STYLE = "madd"
    PRODUCT = "operand scanning, a multiply-add-add per column"

    def _mac(self, t, x, Y, off, fit):
        return self._mac_madd(t, x, Y, off, fit)

    def row(self, x, Y, fit):
        return self._mac_madd([None] * fit, x, Y, 0, fit)

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

    def _square(self, A):
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


class BoundedAcc(Acc):
    STYLE = "bounded"
    PRODUCT = "product scanning (Comba) into bounded words"
    PROGRAMS = algos_bounded

    def product(self, A, B):
        return algos_bounded.product(self.p, A, B)

    def _square(self, A):
        return algos_bounded.sqr(self.p, A)


STYLES = {c.STYLE: c for c in (PlainAcc, AdxAcc, OneChainAcc, BoundedAcc, MaddAcc)}


def make_acc(prog: Program, style: str) -> Acc:
    """The accumulator of carry style `style` (a STYLES key) over prog."""
    return STYLES[style](prog)


def begin(name: str, n: int, nin: int, style: str, comment: str, w: int = 64):
    """A new Program of w-bit words for an n-word modular kernel: (prog, the
    output r, the nin inputs a[, b], its accumulator)."""
    prog = Program(name, wbits=w)
    prog.comment = comment
    r = prog.out("r", n)
    ins = [prog.inp(nm, n) for nm in "ab"[:nin]]
    return prog, r, ins, make_acc(prog, style)
