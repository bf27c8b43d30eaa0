# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Portable C printer.  64-bit words: uint64_t, products and carries through
the helpers of src/lf_wide.h (unsigned __int128 where the compiler has it,
32-bit halves elsewhere).  32-bit words (the c32 target): uint32_t, each
product, multiply-add-add and carry one uint64_t expression.  Loads of constant tables become literals; every
input is read before the first store, so outputs may alias inputs."""
from __future__ import annotations

from ..ir import Program

_PRELUDE = """#include <stdint.h>

#include "lf_wide.h" /* {what} */
{barrier}"""
_BARRIER = """
/* Value barrier: keeps masks opaque so the compiler cannot reintroduce
 * branches on secret data.  Under MemorySanitizer, which checks asm operands,
 * a volatile round trip instead (lf_vb in src/lf_internal.h). */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define LF_GEN_MSAN 1
#endif
#endif
static inline {word} lf_gen_vb({word} x)
{{
#if defined(LF_GEN_MSAN)
    volatile {word} v = x;
    return v;
#else
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
#endif
}}
"""
_HIDDEN = """
#if defined(__GNUC__) || defined(__clang__)
#define LF_GEN_HIDDEN __attribute__((visibility("hidden")))
#else
#define LF_GEN_HIDDEN
#endif
"""


def prelude(wbits: int, barrier: bool = True, hidden: bool = False) -> str:
    """The includes (32-bit words, the c32 back end: uint32_t words, products
    and carries through uint64_t, the arrays still the element's uint64_t
    limbs, whose halves lf_wide_ld32/st32 pick), the value barrier lf_gen_vb unless the file has no
    mask or csel (clang warns about an unused static function), and with
    hidden the LF_GEN_HIDDEN that print_function(visibility="hidden") uses."""
    what = "lf_wide_mul, lf_wide_addc, lf_wide_subb" if wbits == 64 else "lf_wide_ld32, lf_wide_st32"
    word = "uint64_t" if wbits == 64 else "uint32_t"
    return (_PRELUDE.format(what=what, barrier=_BARRIER.format(word=word) if barrier else "")
            + (_HIDDEN if hidden else ""))


def _lit(x: int, w: int = 64) -> str:
    return f"UINT64_C({x:#018x})" if w == 64 else f"UINT32_C({x:#010x})"


VISIBILITY = {"default": "", "hidden": "LF_GEN_HIDDEN ", "static": "static "}


def print_function(prog: Program, symbol: str, visibility: str = "default") -> str:
    """The C function of prog.  Its arrays are uint64_t limbs either way; for
    32-bit words (prog.wbits == 32) an array of 2n words is n limbs.
    visibility: a VISIBILITY key; "hidden" needs prelude(hidden=True)."""
    w = prog.wbits
    assert w in (32, 64), w
    W, D = ("uint64_t", None) if w == 64 else ("uint32_t", "uint64_t")
    consts = {a.name: a.data for a in prog.arrays if a.role == "const"}
    args = prog.args()
    per = 64 // w
    params = ", ".join(
        (f"uint64_t {a.name}[{a.words // per}]" if a.role == "out"
         else f"const uint64_t {a.name}[{a.words // per}]")
        for a in args)
    assert all(a.words % per == 0 for a in args)
    lines = [f"/* {prog.comment} */",
             f"{VISIBILITY[visibility]}void {symbol}({params})", "{"]
    body = []

    def v(x):
        return f"v{x.id}"

    def decl(x):
        return f"{W} {v(x)}"

    def wide(d, expr, hi_expr):
        """d[0], d[1] <- the low and high word of the D-typed expr."""
        t = f"t{(d[0] or d[1]).id}"
        body.append(f"{D} {t} = {expr};")
        if d[0] is not None:
            body.append(f"{decl(d[0])} = ({W}){t};")
        if d[1] is not None:
            body.append(f"{decl(d[1])} = {hi_expr.format(t=t)};")

    for op in prog.ops:
        o, s, d = op.opcode, op.srcs, op.dsts
        if o == "load":
            name, i = op.imm
            src = (_lit(consts[name][i], w) if name in consts
                   else f"{name}[{i}]" if w == 64 else f"lf_wide_ld32({name}, {i})")
            body.append(f"{decl(d[0])} = {src};")
        elif o == "store":
            body.append(f"{op.imm[0]}[{op.imm[1]}] = {v(s[0])};" if w == 64
                        else f"lf_wide_st32({op.imm[0]}, {op.imm[1]}, {v(s[0])});")
        elif o == "const":
            body.append(f"{decl(d[0])} = {_lit(op.imm[0], w)};")
        elif o == "clear":
            for x in d:
                if x is not None:
                    body.append(f"{decl(x)} = 0;")
        elif o == "madd" and w == 32:
            wide(d, f"({D}){v(s[0])} * {v(s[1])} + {v(s[2])} + {v(s[3])}",
                 "({W})({t} >> 32)".replace("{W}", W))
        elif o == "madd":
            hi = v(d[1]) if d[1] is not None else f"h{d[0].id}"
            call = f"lf_wide_mul_add2(&{hi}, {v(s[0])}, {v(s[1])}, {v(s[2])}, {v(s[3])})"
            body.append(f"uint64_t {hi}, {v(d[0])} = {call};" if d[0] is not None
                        else f"uint64_t {hi};\n    (void){call};")
        elif o == "mul" and w == 32:
            wide(d, f"({D}){v(s[0])} * {v(s[1])}", "({W})({t} >> 32)".replace("{W}", W))
        elif o == "mul":
            hi = v(d[1]) if d[1] is not None else f"h{d[0].id}"
            call = f"lf_wide_mul(&{hi}, {v(s[0])}, {v(s[1])})"
            body.append(f"uint64_t {hi}, {v(d[0])} = {call};" if d[0] is not None
                        else f"uint64_t {hi};\n    (void){call};")
        elif o == "mullo":
            body.append(f"{decl(d[0])} = {v(s[0])} * {v(s[1])};")
        elif o in ("add", "sub") and w == 32:
            sym = "+" if o == "add" else "-"
            ci = f" {sym} {v(s[2])}" if s[2] is not None else ""
            # a borrow leaves the high word all ones: its top bit is the borrow
            wide(d, f"({D}){v(s[0])} {sym} {v(s[1])}{ci}",
                 f"({W})({{t}} >> {32 if o == 'add' else 63})")
        elif o in ("add", "sub"):
            fn = "lf_wide_addc" if o == "add" else "lf_wide_subb"
            car = v(d[1]) if d[1] is not None else f"c{d[0].id}"
            ci = v(s[2]) if s[2] is not None else "0"
            call = f"{fn}(&{car}, {v(s[0])}, {v(s[1])}, {ci})"
            body.append(f"uint64_t {car}, {v(d[0])} = {call};" if d[0] is not None
                        else f"uint64_t {car};\n    (void){call};")
        elif o == "csel":
            m = f"m{d[0].id}"
            body.append(f"{W} {m} = lf_gen_vb(0 - {v(s[0])});")
            body.append(f"{decl(d[0])} = ({v(s[1])} & {m}) | ({v(s[2])} & ~{m});")
        elif o == "mask":
            body.append(f"{decl(d[0])} = lf_gen_vb(0 - {v(s[0])});")
        elif o == "cword":
            body.append(f"{decl(d[0])} = {v(s[0])};")
        elif o in ("and", "or", "xor"):
            sym = {"and": "&", "or": "|", "xor": "^"}[o]
            body.append(f"{decl(d[0])} = {v(s[0])} {sym} {v(s[1])};")
        elif o == "shl":
            body.append(f"{decl(d[0])} = {v(s[0])} << {op.imm[0]};")
        elif o == "shr":
            body.append(f"{decl(d[0])} = {v(s[0])} >> {op.imm[0]};")
        elif o == "shrd":
            k = op.imm[0]
            body.append(f"{decl(d[0])} = ({v(s[0])} << {w - k}) | ({v(s[1])} >> {k});")
        else:
            raise ValueError(o)
    lines += ["    " + b for b in body]
    lines.append("}")
    return "\n".join(lines) + "\n"
