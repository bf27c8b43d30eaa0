# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Algorithms: build IR programs for products, Montgomery and pseudo-Mersenne
arithmetic.  They know the mathematics; the carry style (carry.py, one class
per style) chooses the shape of the carry chains so that every printer can
keep carries in flags.

Each public builder returns a verified Program whose comment states the
algorithm and the input/output bounds.
"""
from __future__ import annotations

import functools

# mont_params, pm_params and words are part of this module's interface too (the
# pseudo-Mersenne programs are in algos_pm)
from .algo_common import has_spare_bit, load_all, mont_params, pm_params, store_all, words
from .carry import STYLES, Acc, begin, make_acc
from .ir import MASK64, Program
from .verify import verify


def style_programs(fn):
    """A program builder (name, p, n, style, ...) whose style may have whole
    programs of its own (carry.Acc.PROGRAMS: the bounded style's are
    algos_bounded's): those are called, with the arguments after the style
    and without the word size, in place of fn."""
    @functools.wraps(fn)
    def build(name, p, n, style, *args, w=64, **kw):
        own = getattr(STYLES[style].PROGRAMS, fn.__name__, None)
        if own is not None:
            return own(name, p, n, *args, **kw)
        return fn(name, p, n, style, *args, w=w, **kw)
    return build


# ---------------------------------------------------------------------------
# Products
def mul_program(name: str, n: int, style: str) -> Program:
    prog = Program(name)
    prog.comment = (f"r = a * b, {n}x{n} -> {2*n} limbs; "
                    + STYLES[style].PRODUCT + ". "
                    "Any inputs; r must not alias a or b.")
    r = prog.out("r", 2 * n)
    a, b = prog.inp("a", n), prog.inp("b", n)
    acc = make_acc(prog, style)
    store_all(prog, r, acc.product(load_all(prog, a), load_all(prog, b)))
    return verify(prog.prune())


def sqr_program(name: str, n: int, style: str) -> Program:
    prog = Program(name)
    prog.comment = (f"r = a^2, {n} -> {2*n} limbs; dedicated squaring (off-diagonal "
                    "products once, doubled, plus the diagonal). Any input; r must not alias a.")
    r = prog.out("r", 2 * n)
    a = prog.inp("a", n)
    acc = make_acc(prog, style)
    store_all(prog, r, acc.square(load_all(prog, a)))
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Montgomery arithmetic (R = 2^(64n))
@style_programs
def mont_mul_program(name: str, p: int, n: int, style: str, b_const=None, w: int = 64) -> Program:
    """CIOS Montgomery multiplication r = a*b/R mod p.  With b_const, b is a
    constant (to_internal: b = R^2 mod p).  w: the word size (n words)."""
    mp = mont_params(p, n, w)
    what = "a*R mod p (to Montgomery form)" if b_const is not None else "a*b/R mod p"
    prog, r, ins, acc = begin(name, n, 1 if b_const is not None else 2, style,
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


@style_programs
def mont_sqr_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    """r = a^2/R: dedicated squaring, then reduce the low half (n steps) and
    add the high half: (T_lo + M p)/R + T_hi < 2p, one conditional subtraction."""
    mp = mont_params(p, n, w)
    prog, r, ins, acc = begin(name, n, 1, style,
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
    prog, r, ins, acc = begin(name, n, 1, style,
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


@style_programs
def from_mont_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    """r = a/R mod p: n reduction steps; (a + M p)/R < p for a < p."""
    mp = mont_params(p, n, w)
    prog, r, ins, acc = begin(name, n, 1, style,
                               "r = a/R mod p (from Montgomery form); n reduction steps, "
                               "(a + M p)/R < p needs no final subtraction. Input < p, output < p.", w)
    P = load_all(prog, prog.table("p", words(p, n, w)))
    fit = n + 1 if mp["spare"] else n + 2
    u = acc.redc_steps(load_all(prog, ins[0]) + [None], P, mp["n0"], fit, n)
    store_all(prog, r, u[:n])
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Modular addition, subtraction, negation (any odd p)
@style_programs
def add_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    spare = has_spare_bit(p, n, w)
    prog, r, ins, acc = begin(name, n, 2, style,
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


@style_programs
def sub_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    prog, r, ins, acc = begin(name, n, 2, style,
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


@style_programs
def neg_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    prog, r, ins, acc = begin(name, n, 1, style,
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
