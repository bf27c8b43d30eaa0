# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Alternative shapes of the Montgomery product, kept for measurement.

No kernel uses these: `bench/mul_shapes.py` prints each one with the x86-64
adx printer beside the shipped CIOS kernel (algos.mont_mul_program) and times
them in one process.  They were tried against a scalar target
(bls12_381_p/r mul <= 0.85x blst) and all lost to CIOS on Zen 4; the
numbers are in bench/RESULTS.md (fold_sqr won for 4-word fields and is
shipped there).  Keep them here so that the next idea is
one function away from a measurement.

* "sos":  the full product a*b first, then n reduction steps on its low
  half, then the high half added (separated operand scanning).
* "kara": one Karatsuba level for the product (three h x h products,
  |a0 - a1| * |b1 - b0| with its sign as a mask, h = n/2), the first h
  reduction steps run on a0*b0 alone, the rest after the middle and high
  terms are added.  9 of 36 products fewer for n = 6, but more additions and
  more live values.
* "fips": product scanning (Montgomery's finely integrated product
  scanning): column k sums a_i b_j and m_i p_j (i + j = k) in a three-word
  accumulator; the terms that do not depend on m_{k-1} go to an accumulator
  of their own first, so only m_{k-1}'s two terms lie between m_{k-1} and
  m_k.  Every product needs its multiplier moved to rdx (mulx) and a third
  add for the carry word: about five instructions per product instead of
  three.

* "fold":  CIOS whose first reduction steps fold the low word instead,
  t <- (t - t0)/2^64 + t0 Q with Q = 2^-64 mod p (algos.fold_plan): no
  m = t0 n0 and no m p0, but a wider accumulator.  For squares the same
  idea (algos.mont_sqr_fold_program) won on 4-word fields and is shipped
  there (fields.SQR_FOLD).

All need a spare bit (p < 2^(64n-1)), as the built-in fields they are
measured on.
"""
from __future__ import annotations

from .algo_common import load_all, mont_params, store_all, words
from . import algos
from .carry import make_acc
from .ir import MASK64, Program
from .verify import verify

SHAPES = ("sos", "kara", "fips", "fold")
SQR_SHAPES = ("fold_sqr",)    # algos.mont_sqr_fold_program (shipped where it wins)


def _begin(name, p, n, style, nin=2):
    mp = mont_params(p, n)
    if not mp["spare"]:
        raise ValueError("the experimental shapes need a spare bit")
    prog = Program(name)
    prog.comment = ("r = a*b/R" if nin == 2 else "r = a^2/R") + \
        " mod p; experimental shape (algos_shapes.py). Inputs < p, output < p."
    r = prog.out("r", n)
    a = prog.inp("a", n)
    b = prog.inp("b", n) if nin == 2 else None
    pt = prog.table("p", words(p, n))
    return prog, r, a, b, pt, mp, make_acc(prog, style)


def _loads(prog, arr, lo, hi):
    # a fresh load per use: the x86 printer keeps it a memory operand
    return [prog.load(arr, i) for i in range(lo, hi)]


def _add_at(prog, acc, t, k, ws):
    """t[k:] += ws; the caller makes t long enough for the sum."""
    c = None
    for i in range(k, len(t)):
        x = ws[i - k] if i - k < len(ws) else None
        if x is None and c is None:
            break
        if t[i] is None and (c is None or x is None):
            t[i], c = (x, None) if c is None else (prog.cword(c), None)
            continue
        t[i], c = prog.add(x if t[i] is None else t[i], acc.zero() if t[i] is None or x is None else x, c)
    # a carry out of the top word is zero: the caller's t has room for the sum
    return t


def _abs_diff(prog, X, Y):
    """|X - Y| and the mask of the sign (all ones when X < Y)."""
    d, bo = [], None
    for x, y in zip(X, Y):
        di, bo = prog.sub(x, y, bo)
        d.append(di)
    m = prog.mask(bo)
    dx = [prog.logic("xor", di, m) for di in d]      # before the chain: xor clobbers flags
    out, bo = [], None
    for x in dx:
        oi, bo = prog.sub(x, m, bo)                  # (d ^ m) - m
        out.append(oi)
    return out, m


def _finish(prog, acc, r, u, P, n):
    store_all(prog, r, acc.cond_sub(u[:n], None, P))
    return verify(prog.prune())


def sos(name: str, p: int, n: int, style: str = "adx") -> Program:
    prog, r, a, b, pt, mp, acc = _begin(name, p, n, style)
    P = load_all(prog, pt)
    T = acc.product(load_all(prog, a), load_all(prog, b))
    u = acc.redc_steps(T[:n] + [None], P, mp["n0"], n + 1, n)
    s, c = [], None
    for j in range(n):
        sj, c = prog.add(u[j], T[n + j], c)
        s.append(sj)
    return _finish(prog, acc, r, s, P, n)


def kara(name: str, p: int, n: int, style: str = "adx") -> Program:
    if n % 2:
        raise ValueError("kara: even n only")
    prog, r, a, b, pt, mp, acc = _begin(name, p, n, style)
    h = n // 2
    P = load_all(prog, pt)
    z0 = acc.product(_loads(prog, a, 0, h), _loads(prog, b, 0, h))
    # words h.. of z0 + (m_0 + m_1 2^64 + ...) p after h steps: n + 1 words
    t = [x for x in acc.redc_steps(list(z0) + [None], P, mp["n0"], n + 1, h) if x is not None]
    z2 = acc.product(_loads(prog, a, h, n), _loads(prog, b, h, n))
    dA, ma = _abs_diff(prog, _loads(prog, a, 0, h), _loads(prog, a, h, n))
    dB, mb = _abs_diff(prog, _loads(prog, b, h, n), _loads(prog, b, 0, h))
    D = acc.product(dA, dB)
    neg = prog.logic("xor", ma, mb)
    Dx = [prog.logic("xor", w, neg) for w in D] + [neg]
    # mid = z0 + z2 + (a0 - a1)(b1 - b0) = a0 b1 + a1 b0 (n + 1 words, >= 0)
    mid, c = [], None
    for x, y in zip(z0, z2):
        s, c = prog.add(x, y, c)
        mid.append(s)
    mid.append(prog.cword(c))
    _, c = prog.add(neg, neg)          # carry = (neg != 0): the +1 of -D = ~D + 1
    for i, y in enumerate(Dx):
        mid[i], c = prog.add(mid[i], y, c)
    W = 2 * n + 1 - h                  # words h .. 2n of the running sum
    t = t + [None] * (W - len(t))
    t = _add_at(prog, acc, t, 0, mid)
    t = _add_at(prog, acc, t, h, z2)
    u = acc.redc_steps(t + [None], P, mp["n0"], W + 1, n - h)
    return _finish(prog, acc, r, u, P, n)


def _add_word(prog, acc, R, w):
    """three-word accumulator R += w"""
    if R[0] is None:
        return [w, R[1], R[2]]
    s0, c = prog.add(R[0], w)
    if R[1] is None:
        return [s0, prog.cword(c), R[2]]
    s1, c = prog.add(R[1], acc.zero(), c)
    return [s0, s1, acc.absorb(R[2], c)]


def fips(name: str, p: int, n: int, style: str = "adx") -> Program:
    prog, r, a, b, pt, mp, acc = _begin(name, p, n, style)
    P = load_all(prog, pt)
    n0c, ones = prog.const(mp["n0"]), prog.const(MASK64)
    M, out = [], []
    R = [None, None, None]
    hip0 = None
    for k in range(2 * n - 1):
        early = [(prog.load(a, i), prog.load(b, k - i))
                 for i in range(max(0, k - n + 1), min(k, n - 1) + 1)]
        early += [(M[i], prog.load(pt, k - i)) for i in range(max(0, k - n + 1), min(k - 2, n - 1) + 1)]
        X = [None, None, None]
        for x, y in early:
            X = list(acc.acc3(*X, *prog.mul(x, y), None))
        if X[0] is not None:
            R = list(acc.acc3(R[0], R[1], R[2], X[0], X[1], X[2]))
        if 1 <= k <= n:
            if n > 1:
                R = list(acc.acc3(*R, *prog.mul(M[k - 1], P[1]), None))
            R = _add_word(prog, acc, R, hip0)
        if k < n:
            m = prog.mullo(R[0], n0c)
            M.append(m)
            _, c = prog.add(R[0], ones)        # R0 + lo(m p0) = 0: its carry is R0 != 0
            _, hip0 = prog.mul(m, P[0])
            if R[1] is None:
                R = [prog.cword(c), R[2], None]
            else:
                R1, c = prog.add(R[1], acc.zero(), c)
                R = [R1, acc.absorb(R[2], c), None]
        else:
            out.append(R[0])
            R = [R[1], R[2], None]
    out.append(R[0] if R[0] is not None else acc.zero())
    return _finish(prog, acc, r, out, P, n)


def fold(name: str, p: int, n: int, style: str = "adx") -> Program:
    """CIOS where a reduction step is t <- t >> 64 + t0 Q with Q = 2^-64 mod
    p (= (n0 p + 1) / 2^64): no m = t0 n0 multiply and no m p0 product, so
    a step's dependency chain is one product shorter; the value is not
    reduced by those steps, so the last k steps are Montgomery steps
    (fold_plan) that bring it below 2p."""
    prog, r, a, b, pt, mp, acc = _begin(name, p, n, style)
    k, fit = algos.fold_plan(p, n)
    P = load_all(prog, pt)
    Qw = load_all(prog, prog.table("q", words(pow(2, -64, p), n)))
    B = load_all(prog, b)
    t = acc.row(prog.load(a, 0), B, fit)
    for i in range(n):
        if i:
            t = acc.mac(t, prog.load(a, i), B, 0, fit)
        t = algos.fold_step(acc, t, Qw, fit) if i < n - k else acc.redc_steps(t, P, mp["n0"], fit, 1)
    return _finish(prog, acc, r, t, P, n)


def shape_program(shape: str, name: str, p: int, n: int, style: str = "adx") -> Program:
    if shape == "fold_sqr":
        return algos.mont_sqr_fold_program(name, p, n, style)
    return {"sos": sos, "kara": kara, "fips": fips, "fold": fold}[shape](name, p, n, style)
