# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Reference interpreter of IR programs on Python ints."""
from __future__ import annotations

from .ir import Program


def run(prog: Program, inputs: dict) -> dict:
    """Execute `prog`.  `inputs` maps input array names to lists of words.
    Returns a dict mapping output array names to lists of words.  Output
    words never stored stay None, which callers treat as an error."""
    env: dict = {}
    w = prog.wbits
    M = prog.wmask        # 2^w - 1
    mem = {a.name: list(a.data) for a in prog.arrays if a.role == "const"}
    for a in prog.arrays:
        if a.role == "in":
            words = list(inputs[a.name])
            assert len(words) == a.words and all(0 <= x <= M for x in words)
            mem[a.name] = words
        elif a.role == "out":
            mem[a.name] = [None] * a.words

    def g(v):
        return env[v.id]

    def put(dst, x):
        if dst is not None:
            env[dst.id] = x

    for op in prog.ops:
        o, s, d = op.opcode, op.srcs, op.dsts
        if o == "load":
            put(d[0], mem[op.imm[0]][op.imm[1]])
        elif o == "store":
            mem[op.imm[0]][op.imm[1]] = g(s[0])
        elif o == "const":
            put(d[0], op.imm[0])
        elif o == "clear":
            put(d[0], 0)
            put(d[1], 0)
        elif o == "mul":
            p = g(s[0]) * g(s[1])
            put(d[0], p & M)
            put(d[1], p >> w)
        elif o == "madd":
            p = g(s[0]) * g(s[1]) + g(s[2]) + g(s[3])
            put(d[0], p & M)
            put(d[1], p >> w)
        elif o == "mullo":
            put(d[0], (g(s[0]) * g(s[1])) & M)
        elif o == "add":
            t = g(s[0]) + g(s[1]) + (g(s[2]) if s[2] is not None else 0)
            put(d[0], t & M)
            put(d[1], t >> w)
        elif o == "sub":
            t = g(s[0]) - g(s[1]) - (g(s[2]) if s[2] is not None else 0)
            put(d[0], t & M)
            put(d[1], 1 if t < 0 else 0)
        elif o == "csel":
            put(d[0], g(s[1]) if g(s[0]) else g(s[2]))
        elif o == "mask":
            put(d[0], M if g(s[0]) else 0)
        elif o == "cword":
            put(d[0], g(s[0]))
        elif o == "and":
            put(d[0], g(s[0]) & g(s[1]))
        elif o == "or":
            put(d[0], g(s[0]) | g(s[1]))
        elif o == "xor":
            put(d[0], g(s[0]) ^ g(s[1]))
        elif o == "shl":
            put(d[0], (g(s[0]) << op.imm[0]) & M)
        elif o == "shr":
            put(d[0], g(s[0]) >> op.imm[0])
        elif o == "shrd":
            put(d[0], (((g(s[0]) << w) | g(s[1])) >> op.imm[0]) & M)
        else:
            raise ValueError(f"unknown opcode {o}")
    return {a.name: mem[a.name] for a in prog.arrays if a.role == "out"}


def words_to_int(ws, w: int = 64) -> int:
    assert all(x is not None for x in ws), "output word never stored"
    return sum(x << (w * i) for i, x in enumerate(ws))


def int_to_words(x: int, n: int, w: int = 64) -> list:
    assert 0 <= x < 1 << (w * n)
    return [(x >> (w * i)) & ((1 << w) - 1) for i in range(n)]
