# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Verifier: the properties every program must have before printing.

* straight-line SSA: every source is defined earlier, every value once;
* only the IR's opcodes, with the right source/destination kinds;
* memory indices are compile-time constants in range (so no address can
  depend on data), constants tables are read-only, outputs write-only;
* every output word is stored exactly once, and no input word i is used
  after output word i was stored (so an output may alias an input exactly;
  partial overlaps are not supported);
* carries are consumed only as carries.
"""
from __future__ import annotations

from .ir import OPCODES, Program

SRC_KINDS = {
    "load": "", "store": "w", "const": "", "clear": "", "mul": "ww", "mullo": "ww", "madd": "wwww",
    "add": "wwC", "sub": "wwC", "csel": "cww", "mask": "c", "cword": "c",
    "and": "ww", "or": "ww", "xor": "ww", "shl": "w", "shr": "w", "shrd": "ww",
}
DST_KINDS = {
    "load": "w", "store": "", "const": "w", "clear": "cc", "mul": "ww", "mullo": "w", "madd": "ww",
    "add": "wc", "sub": "wc", "csel": "w", "mask": "w", "cword": "w",
    "and": "w", "or": "w", "xor": "w", "shl": "w", "shr": "w", "shrd": "w",
}


class VerifyError(Exception):
    pass


def verify(prog: Program) -> Program:
    arrays = {a.name: a for a in prog.arrays}
    defined: set = set()
    stored: dict = {}
    first_store = None
    input_vals: dict = {}        # value id -> index of the input word it holds
    stored_idx: set = set()      # output word indices stored so far
    for n, op in enumerate(prog.ops):
        if op.opcode not in OPCODES:
            raise VerifyError(f"op {n}: unknown opcode {op.opcode}")
        sk, dk = SRC_KINDS[op.opcode], DST_KINDS[op.opcode]
        if len(op.srcs) != len(sk) or len(op.dsts) != len(dk):
            raise VerifyError(f"op {n}: wrong arity {op}")
        for s, k in zip(op.srcs, sk):
            if s is None:
                if k != "C":
                    raise VerifyError(f"op {n}: missing source {op}")
                continue
            want = "c" if k in "cC" else "w"
            if s.kind != want:
                raise VerifyError(f"op {n}: source {s} is {s.kind}, want {want}")
            if s.id not in defined:
                raise VerifyError(f"op {n}: {s} used before definition")
            if input_vals.get(s.id, -1) in stored_idx:
                # printers may read inputs from memory at the point of use
                raise VerifyError(f"op {n}: input value {s} used after its word was overwritten")
        for d, k in zip(op.dsts, dk):
            if d is None:
                continue
            if d.kind != k or d.id in defined:
                raise VerifyError(f"op {n}: bad destination {d}")
            defined.add(d.id)
        if op.opcode in ("load", "store"):
            name, idx = op.imm
            a = arrays.get(name)
            if a is None or not isinstance(idx, int) or not 0 <= idx < a.words:
                raise VerifyError(f"op {n}: bad address {op.imm}")
            if op.opcode == "load" and a.role == "out":
                raise VerifyError(f"op {n}: load from output {name}")
            if op.opcode == "load" and a.role == "in":
                if idx in stored_idx:
                    raise VerifyError(f"op {n}: input word {idx} read after it was overwritten")
                if op.dsts[0] is not None:
                    input_vals[op.dsts[0].id] = idx
            if op.opcode == "store":
                if a.role != "out":
                    raise VerifyError(f"op {n}: store to {a.role} array {name}")
                if (name, idx) in stored:
                    raise VerifyError(f"op {n}: {name}[{idx}] stored twice")
                stored[(name, idx)] = n
                stored_idx.add(idx)
                first_store = n if first_store is None else first_store
        if op.opcode in ("shl", "shr", "shrd") and not (0 < op.imm[0] < prog.wbits):
            raise VerifyError(f"op {n}: shift out of range")
    for a in prog.arrays:
        if a.role == "out":
            for i in range(a.words):
                if (a.name, i) not in stored:
                    raise VerifyError(f"{a.name}[{i}] never stored")
    return prog
