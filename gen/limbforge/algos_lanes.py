# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Lane programs (lanes.py) for batched field arithmetic in radix 2^52.

A field of N 64-bit words works on L = ceil(64N/52) limbs of 52 bits.  The
lane form of an element is its internal form (the value of lf_<f>_t: a*2^(64N)
mod p for Montgomery fields, a for pseudo-Mersenne ones), fully reduced
(< p), split into L limbs below 2^52: the same number as the scalar API's,
so results are bit-identical to it.

Multiplication is Montgomery's in radix 2^52 with R' = 2^(52L) = 2^(64N+e),
e = 52L - 64N (4 for N = 4, 32 for N = 6): one operand enters shifted left by
e bits (A' = a*2^e, not reduced: below 2^e p <= 2^(52L)), so
    mont'(A', b) = a*2^e*b / 2^(64N+e) = a*b / 2^(64N) (mod p),
exactly the scalar Montgomery product; and with A' < 2^e p, b < p:
    (A' b + m p) / R' < p * p / 2^(64N) + p < 2p,
so one conditional subtraction gives the canonical result.  Pseudo-Mersenne
fields (plain internal form) take a second product by R^2 mod p (R = 2^(64N))
to undo the 1/R.

Operand scanning (CIOS): per limb a_i of A', accumulate a_i*B (low halves at
j, high halves at j+1), take m = t_0 * (-p^-1) mod 2^52 from the low 52 bits
of t_0, accumulate m*P, drop t_0 (its low 52 bits are zero) into t_1 as its
carry.  Accumulators stay unnormalised (the interval of every one is tracked:
lanes.py); carries are propagated only at the end.
"""
from __future__ import annotations

from .lanes import M52, MASK64, LProgram


class LaneField:
    """The radix-2^52 constants of a field."""

    def __init__(self, p: int, n: int, form: str):
        self.p, self.n, self.form = p, n, form
        self.L = -(-64 * n // 52)
        self.e = 52 * self.L - 64 * n
        self.P = [(p >> (52 * i)) & M52 for i in range(self.L)]
        self.pinv = (-pow(p, -1, 1 << 52)) % (1 << 52)
        self.R = 1 << (64 * n)

    def limbs(self, x: int) -> list:
        return [(x >> (52 * i)) & M52 for i in range(self.L)]


# ---- conversions ------------------------------------------------------------

def split(pr: LProgram, W: list, lf: LaneField, shift: int = 0, clean: bool = True) -> list:
    """N words (a value x < 2^(64N)) -> L limbs of x * 2^shift (shift <= e,
    so the value stays below 2^(52L)).  clean: every limb below 2^52; else
    a limb may carry junk above bit 52, which only a multiplier input
    (madlo/madhi with low52) may take: IFMA reads the low 52 bits alone."""
    n, out = len(W), []
    assert 0 <= shift <= lf.e
    for k in range(lf.L):
        b = 52 * k - shift               # bit of x at the bottom of limb k
        if b < 0:
            v = pr.shl(W[0], -b, wrap=True)
        else:
            w, s = divmod(b, 64)
            if w >= n:
                out.append(pr.const(0))
                continue
            if s + 52 > 64 and w + 1 < n:
                v = pr.shrd(W[w + 1], W[w], s)
            else:
                v = pr.shr(W[w], s) if s else W[w]
        out.append(pr.andi(v, M52) if clean else v)
    return out


def join(pr: LProgram, T: list, lf: LaneField) -> list:
    """L limbs below 2^52 (a value < 2^(64N)) -> N words."""
    out = []
    for j in range(lf.n):
        acc = None
        for k in range(lf.L):
            lo = 52 * k - 64 * j         # where limb k's bit 0 lands in word j
            if lo >= 64 or lo + 52 <= 0:
                continue
            if lo > 0:
                v = pr.shl(T[k], lo, wrap=True)
            elif lo < 0:
                v = pr.shr(T[k], -lo)
            else:
                v = T[k]
            acc = v if acc is None else pr.or_(acc, v)
        out.append(acc)
    return out


def shift_limbs(pr: LProgram, T: list, lf: LaneField, e: int | None = None) -> list:
    """Limbs of x (< 2^(64N), each < 2^52) -> limbs of x * 2^e (e <= lf.e;
    default lf.e)."""
    e = lf.e if e is None else e
    if e == 0:
        return list(T)
    out = []
    for k in range(lf.L):
        v = pr.andi(pr.shl(T[k], e, wrap=True), M52) if k < lf.L else None
        if k > 0:
            v = pr.or_(v, pr.shr(T[k - 1], 52 - e))
        out.append(v)
    return out


# ---- carries and reduction --------------------------------------------------

def normalise(pr: LProgram, T: list) -> list:
    """Unnormalised non-negative limbs -> limbs below 2^52, the carry kept in
    the top one (not masked)."""
    out, c = [], None
    for j, x in enumerate(T):
        if c is not None:
            x = pr.add(x, c)
        if j == len(T) - 1:
            out.append(x)
        else:
            c = pr.shr(x, 52)
            out.append(pr.andi(x, M52))
    return out


def csub(pr: LProgram, T: list, lf: LaneField) -> list:
    """Limbs below 2^52 (top limb: below 2^52 as well, by the caller's value
    bound) of a value < 2p -> the value mod p."""
    U, c = [], None
    for j, x in enumerate(T):
        u = pr.sub(x, pr.const(lf.P[j])) if lf.P[j] else x
        if c is not None:
            u = pr.add(u, c)
        c = pr.sra(u, 52)
        U.append(pr.andi(u, M52))
    # T < 2p, so T - p is in [-p, p): the last carry is -1 (T < p) or 0
    m = pr.assume(c, -1, 0)
    return [pr.sel(m, x, u) for x, u in zip(T, U)]


def mont(pr: LProgram, A: list, B: list, lf: LaneField) -> list:
    """A' B / 2^(52L) mod p, fully reduced: A' < 2^e p and B < p, or A' < p
    and B < 2^e p (the values of their limbs' low 52 bits: split's unclean
    limbs may enter)."""
    L = lf.L
    t = [None] * (L + 1)
    pinv = pr.const(lf.pinv)
    P = [pr.const(x) if x else None for x in lf.P]
    for i in range(L):
        for j in range(L):
            t[j] = pr.madlo(t[j], A[i], B[j], low52=True)
            t[j + 1] = pr.madhi(t[j + 1], A[i], B[j], low52=True)
        m = pr.madlo(None, t[0], pinv, low52=True)
        for j in range(L):
            if P[j] is not None:
                t[j] = pr.madlo(t[j], m, P[j])
                t[j + 1] = pr.madhi(t[j + 1], m, P[j])
        # t_0 = 0 mod 2^52 now: its high part is the carry into t_1
        c = pr.shr(t[0], 52)
        t = t[1:] + [None]
        t[0] = pr.add(t[0], c)
    T = normalise(pr, t[:L])
    # the value is below 2p < 2^(52L) (module comment), so its top limb is
    # below 2^52 once the lower ones are
    T[-1] = pr.assume(T[-1], 0, M52)
    return csub(pr, T, lf)


def mont_sqr(pr: LProgram, A: list, lf: LaneField) -> list:
    """A^2 / 2^(52L) mod p, fully reduced, for A < 2^(e/2) p (e is even):
    (a 2^(e/2))^2 / 2^(52L) = a^2 / 2^(64N), the scalar Montgomery square.
    Each cross product a_i a_j (i < j) once, into accumulators X that are
    added twice into T before their position is reduced (IFMA cannot take
    2 a_j: 53 bits): L^2 + L multiplier ops for the square instead of 2 L^2.
    The bound of mont holds: A^2 < 2^e p^2."""
    L = lf.L
    T = [None] * (2 * L + 1)
    X = [None] * (2 * L + 1)
    pinv = pr.const(lf.pinv)
    P = [pr.const(x) if x else None for x in lf.P]

    def fold(k):
        if X[k] is not None:
            T[k] = pr.add(T[k], X[k]) if T[k] is not None else X[k]
            T[k] = pr.add(T[k], X[k])
            X[k] = None

    for i in range(L):
        # row i of the square: a_i^2 at 2i, a_i a_j (j > i) at i + j, twice
        T[2 * i] = pr.madlo(T[2 * i], A[i], A[i], low52=True)
        T[2 * i + 1] = pr.madhi(T[2 * i + 1], A[i], A[i], low52=True)
        for j in range(i + 1, L):
            X[i + j] = pr.madlo(X[i + j], A[i], A[j], low52=True)
            X[i + j + 1] = pr.madhi(X[i + j + 1], A[i], A[j], low52=True)
        # position i is complete now (rows > i start at 2(i+1) > i)
        fold(i)
        m = pr.madlo(None, T[i], pinv, low52=True)
        for j in range(L):
            if P[j] is not None:
                T[i + j] = pr.madlo(T[i + j], m, P[j])
                T[i + j + 1] = pr.madhi(T[i + j + 1], m, P[j])
        T[i + 1] = pr.add(T[i + 1], pr.shr(T[i], 52))
        T[i] = None
    for k in range(L, 2 * L + 1):
        fold(k)
    Tn = normalise(pr, [t if t is not None else pr.const(0) for t in T[L:2 * L]])
    Tn[-1] = pr.assume(Tn[-1], 0, M52)
    return csub(pr, Tn, lf)


def plain_fix(pr: LProgram, T: list, lf: LaneField) -> list:
    """A Montgomery product ab/R (< p) -> the internal form of ab: itself for
    Montgomery fields, times R^2 mod p (one more product) for plain ones."""
    if lf.form == "montgomery":
        return T
    r2 = [pr.const(x) for x in lf.limbs(lf.R * lf.R % lf.p)]
    return mont(pr, shift_limbs(pr, T, lf), r2, lf)


def mulmod(pr: LProgram, A: list, B: list, lf: LaneField) -> list:
    """a*b in internal form (a, b internal, limbs < 2^52, < p)."""
    return plain_fix(pr, mont(pr, shift_limbs(pr, A, lf), B, lf), lf)


def addmod(pr: LProgram, A: list, B: list, lf: LaneField) -> list:
    T = normalise(pr, [pr.add(a, b) for a, b in zip(A, B)])
    # a + b < 2p < 2^(52L): the top limb is below 2^52
    T[-1] = pr.assume(T[-1], 0, M52)
    return csub(pr, T, lf)


def submod(pr: LProgram, A: list, B: list, lf: LaneField) -> list:
    D, c = [], None
    for a, b in zip(A, B):
        d = pr.sub(a, b)
        if c is not None:
            d = pr.add(d, c)
        c = pr.sra(d, 52)
        D.append(pr.andi(d, M52))
    # a - b in (-p, p): the last carry is -1 (a < b) or 0; add p back if -1
    m = pr.assume(c, -1, 0)
    out, c = [], None
    for j, d in enumerate(D):
        if lf.P[j]:
            d = pr.add(d, pr.andi(m, lf.P[j]))
        if c is not None:
            d = pr.add(d, c)
        if j < len(D) - 1:
            c = pr.shr(d, 52)
            d = pr.andi(d, M52)
        else:
            d = pr.andi(d, M52)      # drops the 2^(52L) of the wrap-around
        out.append(d)
    return out


# ---- the kernels ------------------------------------------------------------

LANE_OPS = ("vmul8", "vsqr8", "vadd8", "vsub8", "vmuls8", "vmacl8",
            "x8_load", "x8_store", "x8_mul", "x8_sqr", "x8_add", "x8_sub")
# kernels with two inputs (r, a, b); the others take (r, a)
LANE_BINARY = ("vmul8", "vadd8", "vsub8", "vmuls8", "vmacl8", "x8_mul", "x8_add", "x8_sub")
# kernels over nb blocks of 8 elements (a last argument size_t nb)
LANE_BLOCKED = ("vmul8", "vsqr8", "vadd8", "vsub8", "vmuls8")

_DOC = {
    "vmul8": "r[l] = a[l]*b[l] for 8*nb elements (element arrays of the scalar API, internal "
             "form, < p); r may alias a and/or b.",
    "vsqr8": "r[l] = a[l]^2 for 8*nb elements; r may alias a.",
    "vadd8": "r[l] = a[l] + b[l] mod p for 8*nb elements; r may alias a and/or b.",
    "vsub8": "r[l] = a[l] - b[l] mod p for 8*nb elements; r may alias a and/or b.",
    "vmuls8": "r[l] = a[l]*c for 8*nb elements, c one element (Montgomery fields: c in internal "
              "form; pseudo-Mersenne fields: c*2^(64N) mod p); r may alias a, not c.",
    "vmacl8": "acc[l] = acc_in[l] + sum over the nb blocks of a[l]*b[l]*K mod p in lanes "
              "(acc, acc_in: x8 lane form, the same array or disjoint; a, b: 8*nb elements, "
              "element arrays; 1 <= nb <= LF_LANE_MAC_NB; K = 2^-(64N+52) for pseudo-Mersenne "
              "fields, 2^-52 for Montgomery ones, in their internal form): products "
              "summed unreduced, one Montgomery reduction per call (mac_program).",
    "x8_load": "lane form (L x 8 limbs, lane-major) of 8 elements; r must not overlap a.",
    "x8_store": "8 elements from lane form; r must not overlap a.",
    "x8_mul": "lane form r = a*b; r may alias a and/or b.",
    "x8_sqr": "lane form r = a^2; r may alias a.",
    "x8_add": "lane form r = a + b mod p; r may alias a and/or b.",
    "x8_sub": "lane form r = a - b mod p; r may alias a and/or b.",
}


def mac_blocks(lf: LaneField) -> int:
    """The most blocks of one vmacl8 call: a column of the unreduced sum takes
    at most 2L - 1 halves of products (< 2^52) per block, and the reduction
    adds 2(L + 1) more and carries; every column must stay below 2^64."""
    L = lf.L
    return min(1024, (MASK64 - (2 * L + 4) * (1 << 52)) // ((2 * L - 1) * M52))


def mac_program(name: str, lf: LaneField, comment: str) -> LProgram:
    """vmacl8, a loop program (lanes.py) over nb <= mac_blocks(lf) blocks.

    Body, per block: the schoolbook product A' B (A' = a 2^e, B = b: limbs of
    split, unclean) by columns (product scanning), 2L columns of 52-bit
    positions, each the sum of its low and high product halves, added into
    the column's accumulator (slot k): L^2 madlo + L^2 madhi per block and no
    reduction.  The loop-carried dependence is one add per column and block.

    Tail, once: S = sum of the nb products (< nb 2^e p^2, columns
    unnormalised, each < 2^64 by the intervals).  Montgomery reduction by
    2^(52(L+1)) (L + 1 rows: m = t_i (-p^-1) mod 2^52, t += m p 2^(52i), the
    carry of t_i into t_{i+1}):
        r = (S + M p) / 2^(52(L+1)) < nb 2^e p^2 / 2^(52L+52) + p < 2p
    (2^e p < 2^(52L) and nb < 2^52), so the L + 1 remaining columns,
    normalised, have a zero top limb; one conditional subtraction gives
    r mod p = S / 2^(64N+52) (2^e / 2^(52(L+1))), then acc = acc_in + r mod
    p (addmod).  The caller multiplies the lanes' sum by 2^(64N+52) mod p
    (one scalar product)."""
    L, n = lf.L, lf.n
    pr = LProgram(name, loop=mac_blocks(lf))
    pr.comment = comment
    acc = pr.arg("acc", "lanes", "out", L, bound=M52)
    acc_in = pr.arg("acc_in", "lanes", "in", L, bound=M52)
    wa = pr.arg("a", "elems", "in", n)
    wb = pr.arg("b", "elems", "in", n)
    A = split(pr, [pr.ld(wa, j) for j in range(n)], lf, lf.e, clean=False)
    B = split(pr, [pr.ld(wb, j) for j in range(n)], lf, clean=False)
    for k in range(2 * L):
        v = None
        for i in range(L):
            if 0 <= k - i < L:
                v = pr.madlo(v, A[i], B[k - i], low52=True)
        for i in range(L):
            if 0 <= k - 1 - i < L:
                v = pr.madhi(v, A[i], B[k - 1 - i], low52=True)
        pr.accum(k, v)
    pr.end_loop()
    t = [pr.total(k) for k in range(2 * L)] + [None, None]
    pinv = pr.const(lf.pinv)
    P = [pr.const(x) if x else None for x in lf.P]
    for i in range(L + 1):
        m = pr.madlo(None, t[i], pinv, low52=True)
        for j in range(L):
            if P[j] is not None:
                t[i + j] = pr.madlo(t[i + j], m, P[j])
                t[i + j + 1] = pr.madhi(t[i + j + 1], m, P[j])
        # t_i = 0 mod 2^52 now: its high part is the carry into t_{i+1}
        t[i + 1] = pr.add(t[i + 1], pr.shr(t[i], 52))
    R = normalise(pr, [x if x is not None else pr.const(0) for x in t[L + 1:2 * L + 2]])
    # r < 2p < 2^(52L): R[L] is zero, R[:L] below 2^52 each
    T = csub(pr, R[:L], lf)
    A0 = [pr.ld(acc_in, j) for j in range(L)]
    for j, v in enumerate(addmod(pr, A0, T, lf)):
        pr.st(acc, j, v)
    return pr.prune()


def lane_program(op: str, name: str, lf: LaneField) -> LProgram:
    """The lane program of kernel `op` (LANE_OPS) of field lf."""
    pr = LProgram(name, blocks=op in LANE_BLOCKED)
    n, L = lf.n, lf.L
    limb = dict(bound=M52)
    pr.comment = (f"{_DOC[op]} Lane form: {L} limbs of 52 bits, each < 2^52, value < p. "
                  "Constant time.")
    if op == "vmacl8":
        return mac_program(name, lf, pr.comment)
    r_kind = "lanes" if op in ("x8_load", "x8_mul", "x8_sqr", "x8_add", "x8_sub") \
        else "elems"
    r = pr.arg("r", r_kind, "out", L if r_kind == "lanes" else n, **(limb if r_kind == "lanes" else {}))

    def elems(name):
        a = pr.arg(name, "elems", "in", n)
        return [pr.ld(a, j) for j in range(n)]

    def lanes(name):
        a = pr.arg(name, "lanes", "in", L, **limb)
        return [pr.ld(a, j) for j in range(L)]

    def out(T):
        if r_kind == "lanes":
            for j, v in enumerate(T):
                pr.st(r, j, v)
        else:
            for j, v in enumerate(join(pr, T, lf)):
                pr.st(r, j, v)

    if op in ("vadd8", "vsub8"):
        A, B = split(pr, elems("a"), lf), split(pr, elems("b"), lf)
        out((addmod if op == "vadd8" else submod)(pr, A, B, lf))
    elif op in ("vmul8", "vsqr8"):
        # multiplier inputs only: a shifted by e (squares: e/2) as it is
        # split, limbs unclean
        W = elems("a")
        if op == "vmul8":
            T = mont(pr, split(pr, W, lf, lf.e, clean=False),
                     split(pr, elems("b"), lf, clean=False), lf)
        else:
            T = mont_sqr(pr, split(pr, W, lf, lf.e // 2, clean=False), lf)
        out(plain_fix(pr, T, lf))
    elif op == "vmuls8":
        W = elems("a")
        c = pr.arg("c", "elem1", "in", n)
        C = split(pr, [pr.ld(c, j) for j in range(n)], lf, clean=False)
        out(mont(pr, split(pr, W, lf, lf.e, clean=False), C, lf))
    elif op == "x8_load":
        out(split(pr, elems("a"), lf))
    elif op == "x8_store":
        out(lanes("a"))
    elif op in ("x8_mul", "x8_add", "x8_sub"):
        A, B = lanes("a"), lanes("b")
        f = {"x8_mul": mulmod, "x8_add": addmod, "x8_sub": submod}[op]
        out(f(pr, A, B, lf))
    elif op == "x8_sqr":
        A = lanes("a")
        out(plain_fix(pr, mont_sqr(pr, shift_limbs(pr, A, lf, lf.e // 2), lf), lf))
    else:
        raise ValueError(op)
    return pr.prune()


def lane_programs(f, prefix: str) -> dict:
    lf = LaneField(f.p, f.n, f.form)
    return {op: lane_program(op, f"{prefix}{op}", lf) for op in LANE_OPS}
