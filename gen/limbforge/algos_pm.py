# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Pseudo-Mersenne arithmetic, p = 2^k - c: products and squares folded by
c' = 2^(wn) mod p, the final reduction, and the lazy form (any value
< 2^(wn) congruent to the element) with its add/sub/neg and normalisation.
The products come from the accumulator of the given carry style (carry.py)."""
from __future__ import annotations

from .algo_common import cwords, lazy_linear, load_all, pm_params, store_all, words
from .algos import style_programs
from .carry import Acc, begin
from .ir import Program
from .verify import verify

def pm_reduce(acc: Acc, T, n, k, c, c2, P, lazy=False):
    """T (2n words) -> T mod p, p = 2^k - c (lazy: any value < 2^(wn)
    congruent to it).  c' = 2^(wn) mod p takes L words (cwords: one for
    64-bit words)."""
    own = getattr(acc.PROGRAMS, "pm_reduce", None)
    if own is not None:                 # the bounded style's, on bounded words
        return own(acc.p, T, n, k, c, c2, P, lazy)
    prog = acc.p
    C = cwords(c2, prog.wbits)
    L = len(C)
    if L == 1:
        cc = prog.const(c2)
        CC = [cc]
        # fold 1: L + H*c'  (n+1 words, top <= c')
        t = acc.mac(T[:n] + [None], cc, T[n:], 0, n + 1)
        # fold 2: top*c' (< 2^128) into the low words; carry out cy
        lo, hi = prog.mul(t[n], cc)
        s, cy = prog.add(t[0], lo)
        out = [s]
        s, cy = prog.add(t[1], hi, cy)
        out.append(s)
        for j in range(2, n):
            s, cy = prog.add(t[j], acc.zero(), cy)
            out.append(s)
    else:
        # the same three folds with an L-word c' (fold 2: a 2L-word product)
        assert 2 * L <= n
        CC = [prog.const(x) for x in C]
        t = T[:n] + [None] * L
        for j, (x, cx) in enumerate(zip(C, CC)):
            t = acc.add_row(t, T[n:], j, n + L) if x == 1 else acc.mac(t, cx, T[n:], j, n + L)
        top = acc.product(t[n:], CC)
        out, cy = [], None
        for j in range(n):
            s, cy = prog.add(t[j], top[j] if j < 2 * L else acc.zero(), cy)
            out.append(s)
    # fold 3: a carry out means the value wrapped and is now tiny: add c'
    m = prog.mask(cy)
    c1 = None
    for j in range(n):
        v = prog.logic("and", m, CC[j]) if j < L else acc.zero()
        out[j], c1 = prog.add(out[j], v, c1)
    return out if lazy else pm_final(acc, out, n, k, c, P)


def pm_final(acc: Acc, v, n, k, c, P):
    """v < 2^(wn), v = value mod p -> [0, p)."""
    prog = acc.p
    w = prog.wbits
    C = cwords(c, w)
    kb = k - w * (n - 1)      # bits of p in the top limb
    if kb < w:
        # v = (v mod 2^k) + (v >> k)*c  (< 2^k + 2^(wn-k)*c)
        q = prog.shr(v[n - 1], kb)
        v = list(v)
        v[n - 1] = prog.logic("and", v[n - 1], prog.const((1 << kb) - 1))
        if c << (w * n - k) < 1 << w:     # q c < 2^(wn-k) c = c' fits a word (always for w = 64)
            qc = [prog.mullo(q, prog.const(c))]
        else:
            qc = acc.row(q, [prog.const(x) for x in C], len(C) + 1)
        cy = None
        for j in range(n):
            v[j], cy = prog.add(v[j], qc[j] if j < len(qc) else acc.zero(), cy)
    # s = v + c;  v >= p  <=>  s >= 2^k
    s, cy = [], None
    for j in range(n):
        sj, cy = prog.add(v[j], prog.const(C[j]) if j < len(C) else acc.zero(), cy)
        s.append(sj)
    if kb == w:
        ge = cy
    else:
        bit = prog.shr(s[n - 1], kb)
        s[n - 1] = prog.logic("and", s[n - 1], prog.const((1 << kb) - 1))
        _, ge = prog.sub(acc.zero(), bit)       # borrow <=> bit set
    return [prog.csel(ge, sj, vj) for sj, vj in zip(s, v)]


@style_programs
def pm_mul_program(name: str, p: int, n: int, style: str, square=False, lazy=False,
                   w: int = 64) -> Program:
    """lazy: the lazy-form kernel (inputs and output any value < 2^(wn)
    congruent to the element; no final reduction)."""
    k, c, c2 = pm_params(p, n, w)
    bounds = ("Inputs < 2^%d, output < 2^%d (lazy form)." % (w * n, w * n) if lazy else
              "and one conditional subtraction. Inputs < p, output < p.")
    prog, r, ins, acc = begin(name, n, 1 if square else 2, style,
                               f"r = {'a^2' if square else 'a*b'} mod p, p = 2^{k} - {c:#x}; "
                               f"{'squaring' if square else 'product'} then folds by 2^{w*n} = {c2:#x} mod p "
                               + bounds, w)
    P = words(p, n, w)
    A = load_all(prog, ins[0])
    T = acc.square(A) if square else acc.product(A, load_all(prog, ins[1]))
    store_all(prog, r, pm_reduce(acc, T, n, k, c, c2, P, lazy))
    return verify(prog.prune())


def pm_lazy_linear_program(name: str, p: int, n: int, op: str, w: int = 64) -> Program:
    """Lazy-form r = a + b, a - b or -a mod p (op "add", "sub", "neg"):
    inputs and output any value < 2^(wn) (lazy_linear).  One program for
    every style: two short chains, no p."""
    k, c, c2 = pm_params(p, n, w)
    text = {"add": "a + b", "sub": "a - b", "neg": "-a"}[op]
    prog = Program(name, wbits=w)
    prog.comment = (f"r = {text} mod p, p = 2^{k} - {c:#x}, lazy form: the carry out "
                    f"folds back as 2^{w*n} = {c2:#x}, twice. Inputs < 2^{w*n}, "
                    f"output < 2^{w*n}.")
    r = prog.out("r", n)
    A = load_all(prog, prog.inp("a", n))
    if op == "neg":
        A, B = [prog.const(0)] * n, A
    else:
        B = load_all(prog, prog.inp("b", n))
    store_all(prog, r, lazy_linear(prog, A, B, c2, "add" if op == "add" else "sub"))
    return verify(prog.prune())


def pm_normalize_program(name: str, p: int, n: int, style: str, w: int = 64) -> Program:
    """Lazy form (any value < 2^(wn)) -> the canonical value < p."""
    k, c, c2 = pm_params(p, n, w)
    prog, r, ins, acc = begin(name, n, 1, style,
                               f"r = a mod p, p = 2^{k} - {c:#x}: lazy form to canonical "
                               f"(constant time). Input < 2^{w*n}, output < p.", w)
    store_all(prog, r, pm_final(acc, load_all(prog, ins[0]), n, k, c, words(p, n, w)))
    return verify(prog.prune())
