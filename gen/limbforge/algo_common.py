# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Helpers shared by every algorithm module (algos.py and the styles it
dispatches to): the parameters of a modulus and moving whole arrays in and
out of a Program.  This module imports only the IR, so the algorithm modules
import it (and algos.py imports the style modules) without a cycle.
"""
from __future__ import annotations

from .ir import Array, Program


def words(x: int, n: int, w: int = 64) -> list:
    """x as n little-endian w-bit words."""
    return [(x >> (w * i)) & ((1 << w) - 1) for i in range(n)]


def load_all(prog: Program, arr: Array, k: int | None = None) -> list:
    """Loads of words 0..k-1 of arr (all of them by default)."""
    return [prog.load(arr, i) for i in range(arr.words if k is None else k)]


def store_all(prog: Program, arr: Array, ws) -> None:
    for i, w in enumerate(ws):
        prog.store(arr, i, w)


def has_spare_bit(p: int, n: int, w: int = 64) -> bool:
    """p < 2^(wn - 1): a value below 2p fits n words."""
    return p < (1 << (w * n - 1))


def mont_params(p: int, n: int, w: int = 64) -> dict:
    assert p % 2 == 1 and p > 2 and p.bit_length() <= w * n
    R = 1 << (w * n)
    return {
        "n0": (-pow(p, -1, 1 << w)) % (1 << w),
        "R": R,
        "r2": R * R % p,
        "spare": has_spare_bit(p, n, w),
    }


def pm_params(p: int, n: int, w: int = 64):
    """(k, c, c') with p = 2^k - c, c' = 2^(wn) mod p = c << (wn - k) < 2^63,
    or None if p is not of that form.  The bound is the same for every word
    size w, so a field is pseudo-Mersenne for 32-bit words exactly when it is
    for 64-bit ones (one representation on every back end); c' then takes
    64/w words (cwords)."""
    k = p.bit_length()
    c = (1 << k) - p
    if n < 2 or k > w * n or c <= 0:
        return None
    c2 = c << (w * n - k)
    if c2 >= 1 << 63:
        return None
    # The reduction's bounds (see algos_pm.pm_reduce/pm_final) need:
    #  fold 3: a wrapped value (< c'^2) plus c' fits n words;
    #  final:  v < 2^k + 2^(wn-k) c must be < 2p = 2^(k+1) - 2c.
    if c2 * c2 + c2 >= 1 << (w * n) or c * ((1 << (w * n - k)) + 2) >= 1 << k:
        return None
    if 2 * len(cwords(c2, w)) > n:     # fold 2's product of two L-word values
        return None
    return k, c, c2


def cwords(x: int, w: int) -> list:
    """The words of a small constant (c or c' < 2^63), with a spare bit in the
    top one: one word for 64-bit words, two for 32-bit ones when x >= 2^31
    (the lazy folds need x < 2^(w L - 1), lazy_linear below)."""
    return words(x, -(-(x.bit_length() + 1) // w), w)


def pad_args(prog: Program, words: int) -> Program:
    """Widen every argument array of prog to `words` words: the extra input
    words are never read, the extra output words are stored as 0 (a
    pseudo-Mersenne field whose 32-bit words are one fewer than twice its
    64-bit limbs, such as 2^521 - 1: 17 words of the element's 18)."""
    for a in prog.args():
        if a.words < words:
            extra = range(a.words, words)
            a.words = words
            if a.role == "out":
                z = prog.const(0)
                for i in extra:
                    prog.store(a, i, z)
    return prog


def lazy_linear(prog: Program, A, B, c2: int, op: str) -> list:
    """A + B or A - B (op "add"/"sub") mod p = 2^(wn) - c on lazy values:
    the carry (borrow) out of the n-word sum is 2^(wn) = c2 mod p, folded
    back by adding (subtracting) c2 masked by it; that can carry (borrow)
    once more, and a second fold cannot: after a wrap the value is within c2
    of 0 (of 2^(wn)), and c2 < 2^(wL - 1) for its L words (cwords), so the
    second fold stays in the low L words."""
    n = len(A)
    z = prog.const(0)
    f = prog.add if op == "add" else prog.sub
    C = cwords(c2, prog.wbits)
    L = len(C)
    CC = [prog.const(x) for x in C]
    t, cy = [], None
    for x, y in zip(A, B):
        s, cy = f(x, y, cy)
        t.append(s)
    for last in (False, True):
        m = prog.mask(cy)
        cy = None
        for j in range(L):
            t[j], cy = f(t[j], prog.logic("and", m, CC[j]), cy)
        if last:
            break
        for j in range(L, n):
            t[j], cy = f(t[j], z, cy)
    return t
