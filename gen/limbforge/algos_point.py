# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Point arithmetic as single kernels: whole Jacobian doublings and additions
on y^2 = x^3 + b (a = 0) over a pseudo-Mersenne field with a full top limb,
in lazy form (fields.lazy_programs: jdbl, jadd, jaddz, jaddc).  Built on the
lazy field operations of algos_pm.py (LazyPM), one straight-line Program each."""
from __future__ import annotations

from .algo_common import lazy_linear, load_all, pm_params, store_all, words
from .algos_pm import pm_reduce
from .carry import make_acc
from .ir import Program, Val
from .verify import verify


class LazyPM:
    """Lazy-form arithmetic mod p = 2^(64n) - c on the IR values of one
    Program, for kernels that fuse several field operations (jdbl_program):
    the same algorithms as the single-operation lazy kernels."""

    def __init__(self, prog: Program, p: int, n: int, style: str):
        self.prog, self.n = prog, n
        self.acc = make_acc(prog, style)
        self.k, self.c, self.c2 = pm_params(p, n, prog.wbits)
        self.P = words(p, n, prog.wbits)

    def _reduce(self, T):
        return pm_reduce(self.acc, T, self.n, self.k, self.c, self.c2, self.P, lazy=True)

    def mul(self, A, B):
        return self._reduce(self.acc.product(A, B))

    def sqr(self, A):
        return self._reduce(self.acc.square(A))

    def add(self, A, B):
        return lazy_linear(self.prog, A, B, self.c2, "add")

    def sub(self, A, B):
        return lazy_linear(self.prog, A, B, self.c2, "sub")


def jdbl_program(name: str, p: int, n: int, style: str, formula: str, w: int = 64) -> Program:
    """Point doubling in Jacobian coordinates on y^2 = x^3 + b (a = 0, any
    b), lazy form, as one kernel: a = (X, Y, Z), r = 2a (3n words each),
        X3 = M^2 - 2S,  Y3 = M (S - X3) - 8 Y^4,  Z3 = 2 Y Z,
        M = 3 X^2,  S = 4 X Y^2.
    formula "3m4s": S = 2 X (2Y^2), 8Y^4 = 2 (2Y^2)^2 (3 mul, 4 sqr,
    10 add/sub); "2m5s": S = 2 ((X + Y^2)^2 - X^2 - Y^4) (2 mul, 5 sqr,
    12 add/sub).  Z = 0 gives Z3 = 0 (mod p)."""
    assert formula in ("3m4s", "2m5s"), formula
    prog = Program(name, wbits=w)
    prog.comment = (f"r = 2a, a = (X, Y, Z) Jacobian on y^2 = x^3 + b, p = 2^{p.bit_length()} - "
                    f"{(1 << p.bit_length()) - p:#x}, lazy form ({formula}). Inputs < 2^{w*n} "
                    f"each, outputs < 2^{w*n}; Z3 = 2YZ.")
    r = prog.out("r", 3 * n)
    A = load_all(prog, prog.inp("a", 3 * n))
    X, Y, Z = A[:n], A[n:2 * n], A[2 * n:]
    F = LazyPM(prog, p, n, style)
    t = F.mul(Y, Z)
    z3 = F.add(t, t)
    if formula == "3m4s":
        y2 = F.sqr(Y)
        y2 = F.add(y2, y2)                 # 2Y^2
        s = F.mul(X, y2)
        s = F.add(s, s)                    # S = 4XY^2
        m = F.sqr(X)
        m = F.add(F.add(m, m), m)          # M = 3X^2
        y4 = F.sqr(y2)
        y4 = F.add(y4, y4)                 # 8Y^4
    else:
        xx = F.sqr(X)
        yy = F.sqr(Y)
        y4 = F.sqr(yy)                     # Y^4
        s = F.sqr(F.add(X, yy))
        s = F.sub(F.sub(s, xx), y4)        # 2XY^2
        s = F.add(s, s)                    # S = 4XY^2
        m = F.add(F.add(xx, xx), xx)       # M = 3X^2
        y4 = F.add(y4, y4)
        y4 = F.add(y4, y4)
        y4 = F.add(y4, y4)                 # 8Y^4
    t = F.sqr(m)
    x3 = F.sub(F.sub(t, s), s)
    y3 = F.sub(F.mul(m, F.sub(s, x3)), y4)
    store_all(prog, r, x3 + y3 + z3)
    return verify(prog.prune())


def _lazy_is_zero_mask(prog: Program, A, P) -> Val:
    """All ones if the lazy value A is 0 mod p (A = 0 or A = p: the only
    two n-word forms of zero), else 0; constant time."""
    z = zp = None
    for a, q in zip(A, P):
        x = prog.logic("xor", a, prog.const(q))
        z = a if z is None else prog.logic("or", z, a)
        zp = x if zp is None else prog.logic("or", zp, x)
    one = prog.const(1)
    m0 = prog.mask(prog.sub(z, one)[1])       # borrow <=> z == 0
    m1 = prog.mask(prog.sub(zp, one)[1])      # (each carry used at once)
    return prog.logic("or", m0, m1)


def _select_mask(prog: Program, m: Val, A, B) -> list:
    """m (all ones or 0) ? A : B, word by word, B ^ ((A ^ B) & m)."""
    return [prog.logic("xor", b, prog.logic("and", prog.logic("xor", a, b), m))
            for a, b in zip(A, B)]


JADD_KINDS = ("ge", "zinv", "ct")


def jadd_program(name: str, p: int, n: int, style: str, kind: str, w: int = 64) -> Program:
    """Point addition r = a + b on y^2 = x^3 + b0 (a = 0, any b0) in
    Jacobian coordinates, lazy form, as one kernel; a = (X1, Y1, Z1) (3n
    words).  Constant time (straight line) whatever the kind; the kinds
    differ in what they ask of the caller:
      "ge":   b = (x2, y2) affine (2n words).  u2 = x2 Z1^2, s2 = y2 Z1^3,
              h = u2 - X1, i = s2 - Y1,  Z3 = Z1 h,
              X3 = i^2 - h^3 - 2 X1 h^2,  Y3 = i (X1 h^2 - X3) - Y1 h^3
              (8 mul + 3 sqr).  Exact unless h = 0 (a = +-b), when it gives
              Z3 = 0, X3 = i^2, Y3 = -i^3: X3 = 0 mod p iff a = b, which
              the caller tells apart (the variable-time additions).
      "zinv": b = (x2, y2, zi) (3n words), the affine point (x2, y2) of a
              curve isomorphic by zi: as "ge" with Z1 zi in place of Z1 for
              u2 and s2 (9 mul + 3 sqr); the same degenerate case.
      "ct":   b = (x2, y2) affine; the unified formula of lf_gej_add_ge
              (src/secp256k1/group.c: slope R / (M Z1), with
              T = X1 + u2, M = Y1 + s2, R = T^2 - X1 u2, and the chord slope
              where M = R = 0), 7 mul + 5 sqr: exact for a = b, a = -b
              (Z3 = 0) and every other pair; a = infinity is the caller's.
    Inputs < 2^(64n) each, outputs < 2^(64n) each (each coordinate
    congruent mod p)."""
    assert kind in JADD_KINDS, kind
    prog = Program(name, wbits=w)
    nb = 3 * n if kind == "zinv" else 2 * n
    what = {"ge": "mixed (b affine), 8M + 3S; h = 0 gives Z3 = 0, X3 = i^2",
            "zinv": "b = (x, y, zi) affine on the curve isomorphic by zi, 9M + 3S; "
                    "h = 0 gives Z3 = 0, X3 = i^2",
            "ct": "unified mixed, 7M + 5S, exact for every pair (a = infinity "
                  "is the caller's)"}[kind]
    prog.comment = (f"r = a + b, a = (X, Y, Z) Jacobian on y^2 = x^3 + b0, p = 2^{p.bit_length()} - "
                    f"{(1 << p.bit_length()) - p:#x}, lazy form: {what}. Inputs < 2^{w*n} "
                    f"each, outputs < 2^{w*n}.")
    r = prog.out("r", 3 * n)
    A = load_all(prog, prog.inp("a", 3 * n))
    B = load_all(prog, prog.inp("b", nb))
    X1, Y1, Z1 = A[:n], A[n:2 * n], A[2 * n:]
    x2, y2 = B[:n], B[n:2 * n]
    F = LazyPM(prog, p, n, style)
    zs = F.mul(Z1, B[2 * n:]) if kind == "zinv" else Z1
    zz = F.sqr(zs)
    u2 = F.mul(x2, zz)
    s2 = F.mul(y2, F.mul(zz, zs))
    if kind != "ct":
        h = F.sub(u2, X1)
        i = F.sub(s2, Y1)
        z3 = F.mul(Z1, h)
        hh = F.sqr(h)
        hhh = F.mul(hh, h)
        v = F.mul(X1, hh)
        t = F.mul(Y1, hhh)
        x3 = F.sub(F.sub(F.sub(F.sqr(i), hhh), v), v)
        y3 = F.sub(F.mul(F.sub(v, x3), i), t)
        store_all(prog, r, x3 + y3 + z3)
        return verify(prog.prune())
    P = words(p, n, w)
    t = F.add(X1, u2)
    m = F.add(Y1, s2)
    rr = F.sub(F.sqr(t), F.mul(X1, u2))
    degen = prog.logic("and", _lazy_is_zero_mask(prog, m, P), _lazy_is_zero_mask(prog, rr, P))
    rr = _select_mask(prog, degen, F.sub(Y1, s2), rr)
    m = _select_mask(prog, degen, F.sub(X1, u2), m)
    q = F.sqr(m)
    tq = F.mul(t, q)
    nd = prog.logic("xor", degen, prog.const(prog.wmask))
    m4 = [prog.logic("and", w, nd) for w in F.sqr(q)]      # M^4, or 0 if degenerate
    x3 = F.sub(F.sqr(rr), tq)                              # R^2 - T M^2
    mz = F.mul(m, Z1)
    tq = F.sub(F.mul(F.sub(F.sub(tq, x3), x3), rr), m4)
    z3 = F.add(mz, mz)
    x3 = F.add(x3, x3)
    x3 = F.add(x3, x3)
    y3 = F.add(tq, tq)
    y3 = F.add(y3, y3)
    store_all(prog, r, x3 + y3 + z3)
    return verify(prog.prune())
