# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The "bounded" carry style: algorithms for machines without carry flags
(RISC-V), where a carry is a 0/1 word in a register.  Every accumulator
word carries an upper bound known at generation time, and the bounds decide
where a carry is needed at all.

On such a machine a + b with carry out costs two instructions (add, sltu)
but a + b + c with carry out costs five, and absorbing a carry into a word
that provably has room costs one.  So these algorithms never chain carries
through a row: they scan products column by column (Comba; Montgomery in
product-scanning form) into an accumulator of words with known upper bounds
(`BoundedWords`).  A word added where the sum provably fits needs no carry; a carry
goes into the next word of its weight that has room - the high half of a
product is at most 2^64 - 2, so it always takes the carry of its low half -
and only when nothing has room is it added with a carry of its own.  Carries
may live across multiplies and any number of them at once.

Bounds are plain Python ints fixed at generation time; the interpreter
tests check the programs, so a wrong bound fails the tests, not silently.
"""
from __future__ import annotations

from .algo_common import has_spare_bit, load_all, mont_params, pm_params, store_all, words
from .ir import MASK64, Program
from .verify import verify

MAX = MASK64


class BoundedWords:
    """Words at weights 0, 1, ... (units of 2^64), each with an upper bound,
    plus carries waiting for a word of their weight with room."""

    def __init__(self, prog: Program):
        self.p = prog
        self.acc: dict = {}      # weight -> (value, bound)
        self.pend: dict = {}     # weight -> [carry, ...]

    def zero(self):
        return self.p.const(0)

    def add(self, w, x, bx=MAX):
        """Add word x (x <= bx) at weight w."""
        if x is None or bx == 0:
            return
        pend = self.pend.get(w)
        while pend and bx < MAX:                 # x takes waiting carries
            x = self.p.add(x, self.zero(), pend.pop())[0]
            bx += 1
        cur = self.acc.get(w)
        if cur is None:
            self.acc[w] = (x, bx)
        elif cur[1] + bx <= MAX:
            self.acc[w] = (self.p.add(cur[0], x)[0], cur[1] + bx)
        elif pend:                               # a + b + carry: one carry out
            s, c = self.p.add(cur[0], x, pend.pop())
            self.acc[w] = (s, MAX)
            self.carry(w + 1, c)
        else:
            s, c = self.p.add(cur[0], x)
            self.acc[w] = (s, MAX)
            self.carry(w + 1, c)

    def carry(self, w, c):
        """Add carry c (0/1) at weight w."""
        if c is None:
            return
        cur = self.acc.get(w)
        if cur is None:
            self.acc[w] = (self.p.cword(c), 1)
        elif cur[1] < MAX:
            self.acc[w] = (self.p.add(cur[0], self.zero(), c)[0], cur[1] + 1)
        else:
            self.pend.setdefault(w, []).append(c)

    def prod(self, w, x, y, bx=MAX, by=MAX, yval=None):
        """Add x * y at weight w; yval: y's value when it is a constant."""
        if x is None or y is None or yval == 0:
            return
        if yval == 1:
            self.add(w, x, bx)
            return
        if yval == MAX and w in self.acc:
            # x (2^64 - 1) = x 2^64 - x: subtract x here (borrow b), add
            # x - b >= 0 one word up; no multiply
            d, bw = self.p.sub(self.acc[w][0], x)
            self.acc[w] = (d, MAX)
            self.add(w + 1, self.p.sub(x, self.p.cword(bw))[0], bx)
            return
        if yval is not None:
            by = min(by, yval)
        b = bx * by
        if b <= MAX:
            self.add(w, self.p.mullo(x, y), b)
            return
        lo, hi = self.p.mul(x, y)
        self.add(w, lo, MAX)
        self.add(w + 1, hi, b >> 64)

    def take(self, w, last=False):
        """(value or None, bound) of the finished word at weight w: every
        contribution to it has been added.  last: the caller knows nothing
        carries out of it (the top word of a bounded result)."""
        cur = self.acc.pop(w, None)
        for c in self.pend.pop(w, []):
            if cur is None:
                cur = (self.p.cword(c), 1)
            elif cur[1] < MAX or last:
                cur = (self.p.add(cur[0], self.zero(), c)[0], min(MAX, cur[1] + 1))
            else:
                s, c2 = self.p.add(cur[0], self.zero(), c)
                cur = (s, MAX)
                self.carry(w + 1, c2)
        return cur if cur is not None else (None, 0)

    def word(self, w, last=False):
        v = self.take(w, last)[0]
        return v if v is not None else self.zero()


# ---------------------------------------------------------------------------
# Products
def product(prog: Program, A, B):
    """Comba: column k gets the low halves of a_i b_(k-i), the high halves
    go to column k+1."""
    n, m = len(A), len(B)
    L = BoundedWords(prog)
    out = []
    for k in range(n + m - 1):
        for i in range(max(0, k - m + 1), min(k, n - 1) + 1):
            L.prod(k, A[i], B[k - i])
        out.append(L.word(k))
    out.append(L.word(n + m - 1, last=True))
    return out


def _offdiag(prog: Program, A):
    """S = sum_{i<j} a_i a_j 2^(64(i+j)) as 2n words (S < 2^(128n-1))."""
    n = len(A)
    L = BoundedWords(prog)
    T = [None]
    for k in range(1, 2 * n - 1):
        for i in range(max(0, k - n + 1), (k + 1) // 2):
            L.prod(k, A[i], A[k - i])
        T.append(L.take(k)[0])
    T.append(L.take(2 * n - 1, last=True)[0])
    return T


def _square_into(prog: Program, L: BoundedWords, A, T):
    """Add 2S + sum a_i^2 2^(128i) at weights 0..2n-1 of L, word by word
    (a generator: yields after weight k got all its square terms)."""
    n = len(A)
    for k in range(2 * n):
        sh, bound = None, 0
        if k < len(T) and T[k] is not None:
            sh, bound = prog.shl(T[k], 1), MAX - 1
        if k >= 1 and T[k - 1] is not None:
            b = prog.shr(T[k - 1], 63)
            sh, bound = (prog.logic("or", sh, b), MAX) if sh is not None else (b, 1)
        L.add(k, sh, bound)
        if k % 2 == 0:
            lo, hi = prog.mul(A[k // 2], A[k // 2])
            L.add(k, lo)
            L.add(k + 1, hi, MAX - 1)
        yield k


def sqr(prog: Program, A):
    n = len(A)
    if n == 1:
        lo, hi = prog.mul(A[0], A[0])
        return [lo, hi]
    L = BoundedWords(prog)
    out = []
    for k in _square_into(prog, L, A, _offdiag(prog, A)):
        out.append(L.word(k, last=k == 2 * n - 1))
    return out


# ---------------------------------------------------------------------------
# Montgomery arithmetic, product scanning: column k gets a_i b_(k-i) and
# m_j p_(k-j); for k < n, m_k = c0 * n0 makes the column's low word zero
# (c0 + lo(m_k p_0) = 0 mod 2^64 with a carry iff c0 != 0), so neither that
# low product nor its addition is computed.
def _mont_columns(prog, L, n, P, pw, n0, spare, extra=None):
    """Runs the reduction columns; `extra(k)` adds column k's other terms.
    Returns the n result words and the top word (None when spare)."""
    n0c = prog.const(n0) if pw[0] != MAX else None
    M, out = [], []
    for k in range(2 * n - 1):
        # products by p's words first: their high halves are often small
        # (p_j < 2^63) and add without carries while the column is young
        js = range(max(0, k - n + 1), min(k - 1, n - 1) + 1)
        for j in sorted(js, key=lambda j: pw[k - j]):
            L.prod(k, M[j], P[k - j], yval=pw[k - j])
        if extra is not None:
            extra(k)
        if k < n:
            c0 = L.take(k)[0]
            if c0 is None:
                M.append(None)
                continue
            if pw[0] == MAX:                    # n0 = 1: m = c0, m p_0 + c0 = c0 2^64
                M.append(c0)
                L.add(k + 1, c0)
                continue
            m = prog.mullo(c0, n0c)
            M.append(m)
            _, hi = prog.mul(m, P[0])
            _, nz = prog.sub(L.zero(), c0)      # borrow = (c0 != 0)
            L.carry(k + 1, nz)
            L.add(k + 1, hi, (MAX * pw[0]) >> 64)
        else:
            out.append(L.word(k))
    out.append(L.word(2 * n - 1, last=spare))
    top = None if spare else L.word(2 * n, last=True)
    return out, top


def cond_sub(prog, t, top, P, pw):
    """t + top 2^(64n) in [0, 2p) -> [0, p).  p is a constant, so a borrow is
    folded into p's word (p_j + b fits unless p_j = 2^64 - 1): three
    instructions per word instead of five."""
    d, bo = [], None
    for tj, Pj, pj in zip(t, P, pw):
        if bo is None:
            dj, bo = prog.sub(tj, Pj)
        elif pj < MAX:
            dj, bo = prog.sub(tj, prog.add(Pj, prog.const(0), bo)[0])
        else:
            dj, bo = prog.sub(tj, Pj, bo)
        d.append(dj)
    if top is not None:
        _, bo = prog.sub(top, prog.const(0), bo)
    return [prog.csel(bo, tj, dj) for tj, dj in zip(t, d)]


def _mont_begin(name, p, n, nin, comment):
    mp = mont_params(p, n)
    prog = Program(name)
    prog.comment = comment
    r = prog.out("r", n)
    ins = [prog.inp(nm, n) for nm in "ab"[:nin]]
    pw = words(p, n)
    tp = prog.table("p", pw)
    P = [prog.load(tp, j) for j in range(n)]
    return prog, r, ins, mp, P, pw


def mont_mul_program(name: str, p: int, n: int, b_const=None) -> Program:
    what = "a*R mod p (to Montgomery form)" if b_const is not None else "a*b/R mod p"
    prog, r, ins, mp, P, pw = _mont_begin(
        name, p, n, 1 if b_const is not None else 2,
        f"r = {what}; Montgomery, product scanning into bounded words"
        + (" (spare bit: result < 2p < 2^(64n))" if has_spare_bit(p, n) else "")
        + ". Inputs < p, output < p.")
    A = load_all(prog, ins[0])
    if b_const is not None:
        bw = words(b_const, n)
        tb = prog.table("r2", bw)
        B = [prog.load(tb, j) for j in range(n)]
    else:
        bw, B = [None] * n, load_all(prog, ins[1])
    L = BoundedWords(prog)

    def extra(k):
        for i in range(max(0, k - n + 1), min(k, n - 1) + 1):
            L.prod(k, A[i], B[k - i], yval=bw[k - i])

    t, top = _mont_columns(prog, L, n, P, pw, mp["n0"], mp["spare"], extra)
    store_all(prog, r, cond_sub(prog, t, top, P, pw))
    return verify(prog.prune())


def mont_sqr_program(name: str, p: int, n: int) -> Program:
    prog, r, ins, mp, P, pw = _mont_begin(
        name, p, n, 1,
        "r = a^2/R mod p; dedicated squaring (off-diagonal products once, doubled, "
        "plus the diagonal) fused with product-scanning Montgomery reduction of all "
        "2n words into bounded words: (a^2 + M p)/R < 2p. Input < p, output < p.")
    A = load_all(prog, ins[0])
    L = BoundedWords(prog)
    if n == 1:
        def extra(k):
            lo, hi = prog.mul(A[0], A[0])
            L.add(0, lo)
            L.add(1, hi, MAX - 1)
    else:
        gen = _square_into(prog, L, A, _offdiag(prog, A))

        def extra(k):
            next(gen)
            if k == 2 * n - 2:
                next(gen)                   # weight 2n-1 too, before the last word
    t, top = _mont_columns(prog, L, n, P, pw, mp["n0"], mp["spare"], extra)
    store_all(prog, r, cond_sub(prog, t, top, P, pw))
    return verify(prog.prune())


def from_mont_program(name: str, p: int, n: int) -> Program:
    prog, r, ins, mp, P, pw = _mont_begin(
        name, p, n, 1,
        "r = a/R mod p (from Montgomery form); product-scanning reduction, "
        "(a + M p)/R < p needs no final subtraction. Input < p, output < p.")
    A = load_all(prog, ins[0])
    L = BoundedWords(prog)

    def extra(k):
        if k < n:
            L.add(k, A[k])

    t, _ = _mont_columns(prog, L, n, P, pw, mp["n0"], True, extra)
    store_all(prog, r, t)
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Pseudo-Mersenne p = 2^k - c, 2^(64n) = c2 mod p
def pm_reduce(prog: Program, T, n, k, c, c2, pw, lazy=False):
    """T (2n words) -> T mod p (lazy: any value < 2^(64n) congruent to it)."""
    cc = prog.const(c2)
    L = BoundedWords(prog)
    t = []
    for i in range(n):                       # fold 1: L + H c2 (n words + top)
        L.add(i, T[i])
        L.prod(i, T[n + i], cc, by=c2)
        t.append(L.word(i))
    top, btop = L.take(n, last=True)
    kb = k - 64 * (n - 1)
    cst = prog.const(c)
    L = BoundedWords(prog)
    for i in range(n - 1):
        L.add(i, t[i])
    if kb < 64:
        # fold at 2^k: v = (t mod 2^k) + (t >> k) c < 2^k + qmax c, < 2p when
        # (qmax + 2) c < 2^k.  When it is not (few limbs, k far below 64n: the
        # top word after fold 1 is large), one more fold first: then v <
        # 2^k + qmax c < 2^(64n) fits n words, and its quotient by 2^k is at
        # most 2^(64 - kb) - 1, small enough (c 2^(64n - k) = c2 < 2^63).
        # The quotient q = (top : t[n-1]) >> kb takes two words when the top
        # word can reach 2^kb (lazy inputs up to 2^(64n), kb < 32): its high
        # word top >> kb then multiplies c at weight 1.
        while True:
            q = prog.shrd(top, t[n - 1], kb) if top is not None else prog.shr(t[n - 1], kb)
            qmax = ((btop << 64) | MAX) >> kb
            L.add(n - 1, prog.logic("and", t[n - 1], prog.const((1 << kb) - 1)), (1 << kb) - 1)
            L.prod(0, q, cst, bx=min(qmax, MAX), by=c)
            if qmax > MAX:
                assert n >= 2
                L.prod(1, prog.shr(top, kb), cst, bx=qmax >> 64, by=c)
            if (qmax + 2) * c < 1 << k:
                v = [L.word(i, last=i == n - 1) for i in range(n)]
                break
            assert (1 << k) + qmax * c < 1 << (64 * n)
            t = [L.word(i, last=i == n - 1) for i in range(n)]
            top, btop = None, 0
            L = BoundedWords(prog)
            for i in range(n - 1):
                L.add(i, t[i])
        cy = None
    else:
        # fold at 2^(64n): v + cy 2^(64n); if cy, v < c2^2 is tiny
        assert c2 * c2 + 2 * c2 <= 1 << (64 * n)
        L.add(n - 1, t[n - 1])
        L.prod(0, top, cc, bx=btop, by=c2)
        v = [L.word(i) for i in range(n)]
        cy, bcy = L.take(n, last=True)      # a 0/1 word
        assert bcy <= 1
    if lazy:
        if cy is None:                       # kb < 64: v < 2p < 2^(64n)
            return v
        # v + cy c: if cy, v < c2^2 is tiny and the sum fits
        L = BoundedWords(prog)
        for i in range(n):
            L.add(i, v[i])
        L.add(0, prog.logic("and", prog.sub(prog.const(0), cy)[0], cst), c)
        return [L.word(i, last=i == n - 1) for i in range(n)]
    if kb == 64:
        # v >= p = 2^(64n) - c  <=>  v_1 .. v_(n-1) are all ones and v_0 + c
        # carries; then (or if cy) r = v + c mod 2^(64n), else r = v
        a = v[1]
        for x in v[2:]:
            a = prog.logic("and", a, x)
        _, allmax = prog.add(a, prog.const(1))
        _, low = prog.add(v[0], cst)
        ge = prog.logic("and", prog.cword(allmax), prog.cword(low))
        if cy is not None:
            ge = prog.logic("or", ge, cy)
        m = prog.sub(prog.const(0), ge)[0]
        L = BoundedWords(prog)
        for i in range(n):
            L.add(i, v[i])
        L.add(0, prog.logic("and", m, cst), c)
        return [L.word(i, last=i == n - 1) for i in range(n)]
    # v < 2p: v >= p <=> v + c >= 2^k.  That bit comes from the carries of
    # v + c alone (word 0 carries, the middle words pass it on if all ones);
    # then r = (v + c [v >= p]) mod 2^k.
    _, c0 = prog.add(v[0], cst)
    cw = prog.cword(c0)
    if n > 2:
        a = v[1]
        for x in v[2:n - 1]:
            a = prog.logic("and", a, x)
        cw = prog.logic("and", cw, prog.cword(prog.add(a, prog.const(1))[1]))
    ge = prog.shr(prog.add(v[n - 1], cw)[0], kb)      # no wrap: v < 2p
    m = prog.sub(prog.const(0), ge)[0]
    L = BoundedWords(prog)
    for i in range(n):
        L.add(i, v[i])
    L.add(0, prog.logic("and", m, cst), c)
    r = [L.word(i, last=i == n - 1) for i in range(n)]
    r[n - 1] = prog.logic("and", r[n - 1], prog.const((1 << kb) - 1))
    return r


def pm_mul_program(name: str, p: int, n: int, square: bool = False, lazy: bool = False) -> Program:
    k, c, c2 = pm_params(p, n)
    prog = Program(name)
    prog.comment = (f"r = {'a^2' if square else 'a*b'} mod p, p = 2^{k} - {c:#x}; "
                    f"{'squaring' if square else 'product'} (product scanning, bounded words) "
                    f"then folds by 2^{64 * n} = {c2:#x} mod p"
                    + (f", lazy form. Inputs < 2^{64 * n}, output < 2^{64 * n}." if lazy else
                       (f" and 2^{k}" if k < 64 * n else "")
                       + ", one conditional subtraction. Inputs < p, output < p."))
    r = prog.out("r", n)
    a = prog.inp("a", n)
    A = load_all(prog, a)
    T = sqr(prog, A) if square else product(prog, A, load_all(prog, prog.inp("b", n)))
    store_all(prog, r, pm_reduce(prog, T, n, k, c, c2, words(p, n), lazy))
    return verify(prog.prune())


# ---------------------------------------------------------------------------
# Modular addition, subtraction, negation (any odd p).  p is a constant, so
# a carry or borrow is folded into p's word (one instruction) instead of
# being chained (three), and "subtract p if t >= p" is a masked add of
# q = 2^(64n) - p or a masked subtract of p, whichever has fewer costly words.
def _cost(ws):
    return sum(2 if w == 0 else 4 if w < MAX else 6 for w in ws)


def _masked_fix(prog, d, m, add_w, sub_w):
    """d + (add_w & m) = d - (sub_w & m) mod 2^(64n), m = 0 or all ones."""
    use_sub = _cost(sub_w) < _cost(add_w)
    ws = sub_w if use_sub else add_w
    op = prog.sub if use_sub else prog.add
    z = prog.const(0)
    out, c = [], None
    for dj, w in zip(d, ws):
        y = None if w == 0 else m if w == MAX else prog.logic("and", prog.const(w), m)
        if y is None:
            rj, c = (dj, None) if c is None else op(dj, z, c)
        elif c is None:
            rj, c = op(dj, y)
        elif w < MAX:                      # (w & m) + c fits a word
            rj, c = op(dj, prog.add(y, z, c)[0])
        else:
            rj, c = op(dj, y, c)
        out.append(rj)
    return out


def _lt_const(prog, t, pw):
    """t < p as a 0/1 word, from the borrows of t - p alone: a borrow is
    folded into p's word (b = t_j < p_j + b), and a run of all-ones words of
    p passes a borrow on unless the run of t is all ones too."""
    b, j, n = None, 0, len(t)
    while j < n:
        if pw[j] == MAX:
            a, j = t[j], j + 1
            while j < n and pw[j] == MAX:
                a = prog.logic("and", a, t[j])
                j += 1
            ne = prog.cword(prog.sub(prog.const(0), prog.add(a, prog.const(1))[0])[1])
            b = ne if b is None else prog.logic("or", b, ne)
        else:
            y = prog.const(pw[j]) if b is None else prog.add(prog.const(pw[j]), b)[0]
            b = prog.cword(prog.sub(t[j], y)[1])
            j += 1
    return b


def _begin_mod(name, p, n, nin, comment):
    prog = Program(name)
    prog.comment = comment
    r = prog.out("r", n)
    ins = [load_all(prog, prog.inp(nm, n)) for nm in "ab"[:nin]]
    return prog, r, ins, words(p, n), words((1 << (64 * n)) - p, n)


def add_program(name: str, p: int, n: int) -> Program:
    spare = has_spare_bit(p, n)
    prog, r, (A, B), pw, qw = _begin_mod(
        name, p, n, 2, "r = a + b mod p; add, compare with p (borrows only), subtract p "
        "masked (constant time). Inputs < p, output < p.")
    t, c = [], None
    for j, (x, y) in enumerate(zip(A, B)):
        if spare and j == n - 1 and c is not None:    # a + b < 2p < 2^(64n)
            t.append(prog.add(x, y, c)[0])
            c = None
            continue
        s, c = prog.add(x, y, c)
        t.append(s)
    keep = _lt_const(prog, t, pw)                # t < p
    if c is not None:                            # t + 2^(64n) >= p always
        keep = prog.logic("and", keep, prog.logic("xor", prog.cword(c), prog.const(1)))
    m = prog.sub(keep, prog.const(1))[0]         # all ones iff t >= p
    store_all(prog, r, _masked_fix(prog, t, m, qw, pw))
    return verify(prog.prune())


def sub_program(name: str, p: int, n: int) -> Program:
    prog, r, (A, B), pw, qw = _begin_mod(
        name, p, n, 2, "r = a - b mod p; subtract, add p masked by the borrow. "
        "Inputs < p, output < p.")
    d, bo = [], None
    for j, (x, y) in enumerate(zip(A, B)):
        if j == n - 1 and bo is not None and pw[j] < MAX:   # b_top <= p_top < 2^64 - 1
            dj, bo = prog.sub(x, prog.add(y, prog.const(0), bo)[0])
        else:
            dj, bo = prog.sub(x, y, bo)
        d.append(dj)
    store_all(prog, r, _masked_fix(prog, d, prog.mask(bo), pw, qw))
    return verify(prog.prune())


def neg_program(name: str, p: int, n: int) -> Program:
    prog, r, (A,), pw, qw = _begin_mod(
        name, p, n, 1, "r = -a mod p = (p - a) masked to 0 when a = 0. Input < p, output < p.")
    z = prog.const(0)
    d, bw = [], None                                # borrow as a 0/1 word
    for aj, pj in zip(A, pw):
        if bw is None and pj == MAX:               # 2^64 - 1 - a: no borrow
            d.append(prog.logic("xor", aj, prog.const(MAX)))
            continue
        if bw is None:
            dj, c = prog.sub(prog.const(pj), aj)
        elif pj >= 1:                              # p_j - borrow does not wrap
            dj, c = prog.sub(prog.sub(prog.const(pj), bw)[0], aj)
        else:                                      # 0 - a_j - b borrows iff a_j or b
            nj, c0 = prog.sub(z, aj)
            d.append(prog.sub(nj, bw)[0])
            bw = prog.logic("or", bw, prog.cword(c0))
            continue
        d.append(dj)
        bw = prog.cword(c)
    nz = A[0]
    for x in A[1:]:
        nz = prog.logic("or", nz, x)
    _, b = prog.sub(z, nz)
    m = prog.mask(b)
    store_all(prog, r, [prog.logic("and", dj, m) for dj in d])
    return verify(prog.prune())
