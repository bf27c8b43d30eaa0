# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Portable C printer of lane programs (lanes.py): the program once, in a
loop over the 8 lanes (uint64_t words; the high half of a 52x52-bit product
through lf_wide_mul_shr of src/lf_wide.h).  Each lane reads all of its inputs before it writes,
so outputs may alias inputs element for element."""
from __future__ import annotations

from ..lanes import LProgram

W = 8  # lanes of the x8 form

PRELUDE = """#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h" /* lf_vb */
#include "lf_wide.h"     /* lf_wide_mul_shr */
"""

_M52 = "UINT64_C(0xfffffffffffff)"


def _lit(x: int) -> str:
    return f"UINT64_C({x:#x})"


def _addr(a, i: int, e: str = "l") -> str:
    """word i of array a in lane l (elems arrays: element e)"""
    if a.kind == "lanes":
        return f"{a.name}[{i * W} + l]"
    if a.kind == "elems":
        return f"{a.name}[{e} * {a.rows} + {i}]"
    return f"{a.name}[{i}]"


def print_function(prog: LProgram, symbol: str) -> str:
    head = [f"/* {prog.comment} */", f"LF_HIDDEN void {symbol}({prog.c_params()})", "{"]
    if not prog.loop:
        count = f"{W} * nb" if prog.blocks else str(W)
        return "\n".join(head + [f"    for (size_t l = 0; l < {count}; l++) {{"] +
                         _ops(prog, prog.ops) + ["    }", "}"]) + "\n"
    # a loop program (lanes.py): the slots per lane, the blocks, the tail
    body, tail = prog.sections()
    lines = head + [f"    uint64_t lfs[{len(prog.slots())}][{W}] = {{{{0}}}};",
                    "    for (size_t blk = 0; blk < nb; blk++) {",
                    f"        for (size_t l = 0; l < {W}; l++) {{"]
    lines += ["    " + x for x in _ops(prog, body, f"(blk * {W} + l)")]
    lines += ["        }", "    }", f"    for (size_t l = 0; l < {W}; l++) {{"]
    lines += _ops(prog, tail) + ["    }", "}"]
    return "\n".join(lines) + "\n"


def _ops(prog: LProgram, ops: list, el: str = "l") -> list:
    """the statements of ops, for lane l (element el of elems arrays)"""
    arrays = {a.name: a for a in prog.arrays}
    lines: list = []
    names: dict = {}

    def v(x):
        return names[x.id]

    for op in ops:
        o, s, d = op.opcode, op.srcs, op.dst
        if o == "assume":
            names[d.id] = v(s[0])
            continue
        if o == "st":
            lines.append(f"        {_addr(arrays[op.imm[0]], op.imm[1], el)} = {v(s[0])};")
            continue
        if o == "accum":
            lines.append(f"        lfs[{op.imm[0]}][l] += {v(s[0])};")
            continue
        if o == "total":
            names[d.id] = f"lfs[{op.imm[0]}][l]"
            continue
        names[d.id] = f"v{d.id}"
        if o == "ld":
            e = _addr(arrays[op.imm[0]], op.imm[1], el)
        elif o == "const":
            e = _lit(op.imm[0])
        elif o == "madlo":
            e = f"(({v(s[1])} * {v(s[2])}) & {_M52})"
            if s[0] is not None:
                e = f"{v(s[0])} + {e}"
        elif o == "madhi":
            x, y = (f"({v(t)} & {_M52})" if t.hi > (1 << 52) - 1 else v(t) for t in s[1:])
            e = f"lf_wide_mul_shr({x}, {y}, 52)"
            if s[0] is not None:
                e = f"{v(s[0])} + {e}"
        elif o == "add":
            e = f"{v(s[0])} + {v(s[1])}"
        elif o == "sub":
            e = f"{v(s[0])} - {v(s[1])}"
        elif o == "shl":
            e = f"{v(s[0])} << {op.imm[0]}"
        elif o == "shr":
            e = f"{v(s[0])} >> {op.imm[0]}"
        elif o == "sra":
            # arithmetic shift of the two's-complement word (gcc and clang
            # define >> on negative values so)
            e = f"(uint64_t)((int64_t){v(s[0])} >> {op.imm[0]})"
        elif o == "and":
            e = f"{v(s[0])} & {_lit(op.imm[0])}"
        elif o == "shrd":
            e = f"({v(s[1])} >> {op.imm[0]}) | ({v(s[0])} << {64 - op.imm[0]})"
        elif o == "or":
            e = f"{v(s[0])} | {v(s[1])}"
        elif o == "sel":
            m = f"m{d.id}"
            lines.append(f"        uint64_t {m} = lf_vb({v(s[0])});")
            e = f"({v(s[1])} & {m}) | ({v(s[2])} & ~{m})"
        else:
            raise ValueError(o)
        lines.append(f"        uint64_t v{d.id} = {e};")
    return lines
