# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AVX-512 IFMA printer of lane programs (lanes.py): C intrinsics on __m512i,
eight lanes per register (vpmadd52luq / vpmadd52huq for madlo / madhi); the
compiler allocates the 32 zmm registers and schedules.

Element arrays (8 elements of N words, element-major) are transposed on the
way in and out: for N = 4 with four vpermt2q and four vshufi64x2 (two
elements per register); otherwise each element's words (up to 8 at a time)
in a register of its own by a masked load, and an 8 x 8 transpose
(unpack + two rounds of vshufi64x2).  Every load comes before the first
store, so outputs may alias inputs.  Constants come from a table (memory
broadcasts).

The blocked kernels (vmul8, vsqr8, vmuls8: nb blocks of 8 elements) print
two or three blocks per loop iteration (blocks_per_iteration: 3 for fields
of up to 4 words, 2 above), statement by statement in turn (names of the
second and third suffixed _b, _c), and the nb mod f last blocks one per
iteration: each product is a long serial chain of vpmadd52, and the
interleave puts independent work within the out-of-order window's reach
(Zen 4, gcc 12: vec_mul 22.3 -> 20.4 cycles per element on 4-word fields,
52.3 -> 48.4 on bls12_381_p).  Loop programs (vmacl8, lanes.py) keep their
slots in registers across the loop over nb blocks (LOOP_BLOCKS per
iteration) and print the tail after it.  Needs AVX-512 F, IFMA and VBMI2
(vpshrdq)."""
from __future__ import annotations

from ..lanes import LProgram

W = 8

PRELUDE = """#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "lf_internal.h" /* LF_HIDDEN */

/* Compiled with the avx512ifma back end's flags (ISA_FLAGS of
 * gen/limbforge/targets.py: cmake/native.cmake in the library, the command
 * `limbforge gen field --lanes avx512ifma` prints for a standalone field). */
/* bitwise m ? a : b.  MemorySanitizer builds (LF_MSAN: lf_internal.h): and,
 * andnot, or, which clang 14's MSan propagates bit by bit; it has no rule for
 * vpternlogq and would check its operands strictly */
#if defined(LF_MSAN)
#define LF_IFMA_SEL(m, a, b) _mm512_or_si512(_mm512_and_si512(m, a), _mm512_andnot_si512(m, b))
#else
#define LF_IFMA_SEL(m, a, b) _mm512_ternarylogic_epi64(m, a, b, 0xca)
#endif
"""


def _transpose8(rows: list, prefix: str, body: list, need: int = 8) -> list:
    """8 x 8 transpose of 64-bit words: rows[i] (None = zero) -> the names of
    columns 0 .. need-1.  unpack lo/hi, then two rounds of 128-bit lane
    shuffles (24 shuffles for all eight columns; only what the needed
    columns use is printed)."""
    r = [x if x is not None else "_mm512_setzero_si512()" for x in rows]
    stmts = {}   # name -> (expression, dependencies)
    for i in range(4):
        for k, hl in enumerate(("lo", "hi")):
            # t[2i]: words 0, 2, 4, 6 of rows 2i, 2i+1 (a 128-bit lane each); t[2i+1]: 1, 3, 5, 7
            stmts[f"{prefix}t{2 * i + k}"] = (f"_mm512_unpack{hl}_epi64({r[2 * i]}, {r[2 * i + 1]})", ())
    pairs = {(0, 4): (0, 2, 0x88), (2, 6): (0, 2, 0xDD), (1, 5): (1, 3, 0x88), (3, 7): (1, 3, 0xDD)}
    for half in (0, 1):                       # rows 0-3, rows 4-7
        for key, (x, y, imm) in pairs.items():
            tx, ty = f"{prefix}t{4 * half + x}", f"{prefix}t{4 * half + y}"
            stmts[f"{prefix}u{half}{key[0]}"] = (f"_mm512_shuffle_i64x2({tx}, {ty}, {imm:#x})", (tx, ty))
    out = []
    for j in range(need):
        key = next(k for k in pairs if j in k)
        u0, u1 = f"{prefix}u0{key[0]}", f"{prefix}u1{key[0]}"
        imm = 0x88 if j == key[0] else 0xDD
        stmts[f"{prefix}c{j}"] = (f"_mm512_shuffle_i64x2({u0}, {u1}, {imm:#x})", (u0, u1))
        out.append(f"{prefix}c{j}")
    live, todo = set(), list(out)
    while todo:
        x = todo.pop()
        if x not in live:
            live.add(x)
            todo.extend(stmts[x][1])
    for name, (expr, _) in stmts.items():      # in dependency order already
        if name in live:
            body.append(f"    __m512i {name} = {expr};")
    return out


# N = 4: two elements per register; vpermt2q gathers four elements' word j
# and j+1 into the two halves of one register, then 256-bit halves combine
_IDX4 = ("_mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0)", "_mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2)")


# Blocks per loop iteration of the blocked kernels (LProgram.blocks), their
# statements interleaved so that each product's serial chains have
# independent work beside them.  Measured on Zen 4 with gcc 12 (vec_mul,
# cycles per element, 1 / 2 / 3 blocks): 4-word fields 22.3 / 21.2 / 20.4;
# bls12_381_p 52.3 / 48.4 / 50.8, p448 62.6 / 58.1 / 61.1 (three blocks of
# 7 or 8 limbs spill; four blocks spill on every field and lose).
def blocks_per_iteration(prog: LProgram) -> int:
    words = max(a.rows for a in prog.arrays if a.kind == "elems")
    return 3 if words <= 4 else 2


def _block(prog: LProgram, k: int, consts: list, ops: list | None = None) -> list:
    """The statements of one block: k = 0 the first (names as they are), k > 0
    block k of an iteration (names suffixed _b, _c, ...; element arrays at an
    offset of k blocks).  consts collects the constant table (shared).  ops:
    a part of the program (a loop program's body or tail); default all."""
    arrays = {a.name: a for a in prog.arrays}
    suf = "" if k == 0 else "_" + "bcdefgh"[k - 1]
    body: list = []
    names: dict = {}
    loaded: set = set()
    pending: dict = {}   # elems output array -> {word: name}

    def v(x):
        return names[x.id]

    def off(a, i):
        # word i of array a in this block (elems arrays: k blocks on)
        return f"{a.name} + {i + (8 * a.rows * k if a.kind == 'elems' else 0)}"

    def const(x):
        if x not in consts:
            consts.append(x)
        return f"_mm512_set1_epi64((long long)lfk[{consts.index(x)}])"

    def load_elems(a):
        n, nm = a.rows, a.name + suf
        if n == 4:
            for q in range(4):
                body.append(f"    __m512i {nm}_q{q} = _mm512_loadu_si512((const void *)({off(a, 8 * q)}));")
            for h in (0, 1):          # elements 0-3 (q0, q1), 4-7 (q2, q3)
                for i in (0, 1):      # words 0-1, 2-3
                    body.append(f"    __m512i {nm}_t{h}{i} = _mm512_permutex2var_epi64("
                                f"{nm}_q{2 * h}, {_IDX4[i]}, {nm}_q{2 * h + 1});")
            for i in (0, 1):
                for k2, imm in ((0, 0x44), (1, 0xEE)):
                    body.append(f"    __m512i {nm}_w{2 * i + k2} = _mm512_shuffle_i64x2("
                                f"{nm}_t0{i}, {nm}_t1{i}, {imm:#x});")
        else:
            for c0 in range(0, n, 8):
                w = min(8, n - c0)
                rows = []
                for e in range(8):
                    rows.append(f"{nm}_r{c0}_{e}")
                    body.append(f"    __m512i {rows[-1]} = _mm512_maskz_loadu_epi64((__mmask8){(1 << w) - 1:#x}, "
                                f"(const void *)({off(a, e * n + c0)}));")
                cols = _transpose8(rows, f"{nm}_{c0}", body, w)
                for j in range(w):
                    body.append(f"    __m512i {nm}_w{c0 + j} = {cols[j]};")
        loaded.add(a.name)

    def store_elems(a, words):
        n, nm = a.rows, a.name + suf
        if n == 4:
            for i in (0, 1):
                for h, imm in ((0, 0x44), (1, 0xEE)):
                    body.append(f"    __m512i {nm}_t{h}{i} = _mm512_shuffle_i64x2("
                                f"{words[2 * i]}, {words[2 * i + 1]}, {imm:#x});")
            for h in (0, 1):
                for i in (0, 1):
                    body.append(f"    _mm512_storeu_si512((void *)({off(a, 8 * (2 * h + i))}), "
                                f"_mm512_permutex2var_epi64({nm}_t{h}0, {_IDX4[i]}, {nm}_t{h}1));")
        else:
            for c0 in range(0, n, 8):
                w = min(8, n - c0)
                rows = [words[c0 + j] if j < w else None for j in range(8)]
                cols = _transpose8(rows, f"{nm}_{c0}", body)
                for e in range(8):
                    body.append(f"    _mm512_mask_storeu_epi64((void *)({off(a, e * n + c0)}), "
                                f"(__mmask8){(1 << w) - 1:#x}, {cols[e]});")

    for op in (prog.ops if ops is None else ops):
        o, s, d = op.opcode, op.srcs, op.dst
        if o == "assume":
            names[d.id] = v(s[0])
            continue
        if o == "accum":
            # the slots are shared by the blocks of an iteration
            body.append(f"    lfs{op.imm[0]} = _mm512_add_epi64(lfs{op.imm[0]}, {v(s[0])});")
            continue
        if o == "total":
            names[d.id] = f"lfs{op.imm[0]}"
            continue
        if o == "st":
            a = arrays[op.imm[0]]
            if a.kind == "lanes":
                body.append(f"    _mm512_storeu_si512((void *)({off(a, 8 * op.imm[1])}), {v(s[0])});")
            else:
                pend = pending.setdefault(a.name, {})
                pend[op.imm[1]] = v(s[0])
                if len(pend) == a.rows:
                    store_elems(a, pend)
            continue
        names[d.id] = f"v{d.id}{suf}"
        if o == "ld":
            a = arrays[op.imm[0]]
            i = op.imm[1]
            if a.kind == "lanes":
                e = f"_mm512_loadu_si512((const void *)({off(a, 8 * i)}))"
            elif a.kind == "elem1":
                e = f"_mm512_set1_epi64((long long){a.name}[{i}])"
            else:
                if a.name not in loaded:
                    load_elems(a)
                names[d.id] = f"{a.name}{suf}_w{i}"
                continue
        elif o == "const":
            e = const(op.imm[0])
        elif o in ("madlo", "madhi"):
            acc = v(s[0]) if s[0] is not None else "_mm512_setzero_si512()"
            fn = "_mm512_madd52lo_epu64" if o == "madlo" else "_mm512_madd52hi_epu64"
            e = f"{fn}({acc}, {v(s[1])}, {v(s[2])})"
        elif o in ("add", "sub", "or"):
            fn = {"add": "_mm512_add_epi64", "sub": "_mm512_sub_epi64", "or": "_mm512_or_si512"}[o]
            e = f"{fn}({v(s[0])}, {v(s[1])})"
        elif o in ("shl", "shr", "sra"):
            fn = {"shl": "_mm512_slli_epi64", "shr": "_mm512_srli_epi64", "sra": "_mm512_srai_epi64"}[o]
            e = f"{fn}({v(s[0])}, {op.imm[0]})"
        elif o == "shrd":
            # vpshrdq: (hi:lo) >> k, low 64 bits
            e = f"_mm512_shrdi_epi64({v(s[1])}, {v(s[0])}, {op.imm[0]})"
        elif o == "and":
            e = f"_mm512_and_si512({v(s[0])}, {const(op.imm[0])})"
        elif o == "sel":
            # bitwise m ? a : b
            e = f"LF_IFMA_SEL({v(s[0])}, {v(s[1])}, {v(s[2])})"
        else:
            raise ValueError(o)
        body.append(f"    __m512i v{d.id}{suf} = {e};")
    assert all(len(p) == arrays[k2].rows for k2, p in pending.items())
    return body


def _is_store(stmt: str) -> bool:
    return "_mm512_storeu_si512(" in stmt or "_mm512_mask_storeu_epi64(" in stmt


# Blocks per loop iteration of a loop program (vmacl8): its body's only
# loop-carried dependence is one add per column, so the out-of-order window
# overlaps blocks without help (Zen 4, inner_product cycles per term, 1 / 2
# blocks: 4-word fields 9.0 / 9.2, bls12_381_p 22.2 / 22.4, p448 26.8 / 27.4).
LOOP_BLOCKS = 1


def _advance(prog: LProgram, m: int) -> str:
    """the element arrays move on by m blocks"""
    return " ".join(f"{a.name} += {8 * a.rows * m};" for a in prog.arrays if a.kind == "elems")


def _blocks_loop(prog: LProgram, blocks: list) -> list:
    """The loop over nb blocks: f = len(blocks) per iteration (blocks: the
    statements of block 0, 1, .. of an iteration, the same up to names),
    statement i of each in turn; then the nb mod f remaining blocks one at
    a time (block 0's statements)."""
    f = len(blocks)
    one = ["    " + x for x in blocks[0]] + ["        " + _advance(prog, 1), "    }"]
    if f == 1:
        return ["    for (size_t blk = 0; blk < nb; blk++) {"] + one
    assert len({len(b) for b in blocks}) == 1
    mixed = [b[i] for i in range(len(blocks[0])) for b in blocks]
    return (["    size_t blk = 0;", f"    for (; blk + {f} <= nb; blk += {f}) {{"] +
            ["    " + x for x in mixed] + ["        " + _advance(prog, f), "    }",
                                            "    for (; blk < nb; blk++) {"] + one)


def _loop_body(prog: LProgram, consts: list, f: int) -> list:
    """A loop program (lanes.py): the slots (zero), the loop over nb blocks (f
    per iteration, as the blocked kernels'), the tail."""
    body_ops, tail_ops = prog.sections()
    out = [f"    __m512i lfs{k} = _mm512_setzero_si512();" for k in prog.slots()]
    out += _blocks_loop(prog, [_block(prog, k, consts, body_ops) for k in range(f)])
    return out + _block(prog, 0, consts, tail_ops)


def print_function(prog: LProgram, symbol: str, interleave: int | None = None) -> str:
    consts: list = []
    head = []
    if prog.loop:
        body = _loop_body(prog, consts, LOOP_BLOCKS if interleave is None else interleave)
    else:
        body = _block(prog, 0, consts)
    if prog.blocks:
        f = blocks_per_iteration(prog) if interleave is None else interleave
        # In every block the loads come before the first store and the
        # statement sequences are the same up to names, so with f blocks
        # interleaved all f blocks' loads precede any block's store (outputs
        # may alias inputs)
        last_ld = max(i for i, x in enumerate(body) if "load" in x)
        first_st = min(i for i, x in enumerate(body) if _is_store(x))
        assert last_ld < first_st
        body = _blocks_loop(prog, [body] + [_block(prog, k, consts) for k in range(1, f)])
    elif not prog.loop:
        assert interleave in (None, 1)
    if consts:
        # through an opaque pointer: the compiler cannot rebuild the values
        # in general registers, so they stay memory operands (broadcasts)
        head.append("    static const uint64_t lfk_tab[] = {" +
                    ", ".join(f"UINT64_C({x:#x})" for x in consts) + "};")
        head.append("    const uint64_t *lfk = lfk_tab;")
        head.append("    __asm__(\"\" : \"+r\"(lfk));")
    return "\n".join([f"/* {prog.comment} */", f"LF_HIDDEN void {symbol}({prog.c_params()})", "{",
                      *head, *body, "}"]) + "\n"
