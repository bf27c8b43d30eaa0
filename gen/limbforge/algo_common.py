# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Helpers shared by every algorithm module (algos.py and the styles it
dispatches to): the parameters of a modulus and moving whole arrays in and
out of a Program.  This module imports only the IR, so the algorithm modules
import it (and algos.py imports the style modules) without a cycle.
"""
from __future__ import annotations

from .ir import MASK64, Array, Program


def words(x: int, n: int) -> list:
    """x as n little-endian 64-bit words."""
    return [(x >> (64 * i)) & MASK64 for i in range(n)]


def load_all(prog: Program, arr: Array, k: int | None = None) -> list:
    """Loads of words 0..k-1 of arr (all of them by default)."""
    return [prog.load(arr, i) for i in range(arr.words if k is None else k)]


def store_all(prog: Program, arr: Array, ws) -> None:
    for i, w in enumerate(ws):
        prog.store(arr, i, w)


def has_spare_bit(p: int, n: int) -> bool:
    """p < 2^(64n - 1): a value below 2p fits n words."""
    return p < (1 << (64 * n - 1))


def mont_params(p: int, n: int) -> dict:
    assert p % 2 == 1 and p > 2 and p.bit_length() <= 64 * n
    R = 1 << (64 * n)
    return {
        "n0": (-pow(p, -1, 1 << 64)) % (1 << 64),
        "R": R,
        "r2": R * R % p,
        "spare": has_spare_bit(p, n),
    }


def pm_params(p: int, n: int):
    """(k, c, c') with p = 2^k - c, c' = 2^(64n) mod p = c << (64n - k) < 2^64,
    or None if p is not of that form with a one-word c'."""
    k = p.bit_length()
    c = (1 << k) - p
    if n < 2 or k > 64 * n or c <= 0:
        return None
    c2 = c << (64 * n - k)
    if c2 >= 1 << 63:
        return None
    # The reduction's bounds (see algos._pm_reduce/_pm_final) need:
    #  fold 3: a wrapped value (< c'^2) plus c' fits n words;
    #  final:  v < 2^k + 2^(64n-k) c must be < 2p = 2^(k+1) - 2c.
    if c2 * c2 + c2 >= 1 << (64 * n) or c * ((1 << (64 * n - k)) + 2) >= 1 << k:
        return None
    return k, c, c2
