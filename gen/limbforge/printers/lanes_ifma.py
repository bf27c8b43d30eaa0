# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AVX-512 IFMA printer of lane programs (lanes.py): C intrinsics on __m512i,
eight lanes per register (vpmadd52luq / vpmadd52huq for madlo / madhi); the
compiler allocates the 32 zmm registers and schedules.

Element arrays (8 elements of N words, element-major) are transposed on the
way in and out with vpermt2q: word j of the 8 elements comes from the N
registers loaded from the array, two at a time (one permute per register
pair it touches, merged by mask).  Every load comes before the first store,
so outputs may alias inputs."""
from __future__ import annotations

from ..lanes import LProgram

W = 8

PRELUDE = """#include <immintrin.h>
#include <stdint.h>

#include "lf_internal.h" /* LF_HIDDEN */

/* The library compiles this file with the avx512ifma back end's flags
 * (cmake/native.cmake); the attribute lets test builds that compile every
 * source with one command line (the constant-time matrices) build it too. */
#if defined(__GNUC__) || defined(__clang__)
#define LF_IFMA_FN __attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl,avx512ifma")))
#else
#define LF_IFMA_FN
#endif
"""


def _set(idx) -> str:
    # _mm512_set_epi64 takes the highest lane first
    return "_mm512_set_epi64(" + ", ".join(str(x) for x in reversed(idx)) + ")"


def _c(x: int) -> str:
    return f"_mm512_set1_epi64((long long)UINT64_C({x:#x}))"


def _gather_plan(n: int, src_index):
    """For each output register: [(pair k, mask, idx)] merging 8 lanes taken
    from registers src(e) = (pair, position 0..15) by vpermt2q."""
    groups: dict = {}
    for e in range(W):
        reg, pos = src_index(e)
        k = reg // 2
        g = groups.setdefault(k, [0, [0] * W])
        g[0] |= 1 << e
        g[1][e] = pos + 8 * (reg % 2)
    return sorted((k, m, idx) for k, (m, idx) in groups.items())


def _permute_block(out: str, regs: list, plan) -> list:
    lines = []
    for i, (k, mask, idx) in enumerate(plan):
        a = regs[2 * k]
        b = regs[2 * k + 1] if 2 * k + 1 < len(regs) else regs[2 * k]
        p = f"_mm512_permutex2var_epi64({a}, {_set(idx)}, {b})"
        if i == 0:
            lines.append(f"    __m512i {out} = {p};")
        else:
            lines.append(f"    {out} = _mm512_mask_blend_epi64((__mmask8){mask:#x}, {out}, {p});")
    return lines


def print_function(prog: LProgram, symbol: str) -> str:
    arrays = {a.name: a for a in prog.arrays}
    params = ", ".join(f"uint64_t *{a.name}" if a.role == "out" else f"const uint64_t *{a.name}"
                       for a in prog.arrays)
    body: list = []
    names: dict = {}
    loaded: set = set()
    pending: dict = {}   # elems output array -> {word: name}

    def v(x):
        return names[x.id]

    def load_elems(a):
        n = a.rows
        regs = [f"{a.name}_q{q}" for q in range(n)]
        for q in range(n):
            body.append(f"    __m512i {regs[q]} = _mm512_loadu_si512((const void *)({a.name} + {8 * q}));")
        for j in range(n):
            plan = _gather_plan(n, lambda e: divmod(e * n + j, 8))
            body.extend(_permute_block(f"{a.name}_w{j}", regs, plan))
        loaded.add(a.name)

    def store_elems(a, words):
        n = a.rows
        regs = [words[j] for j in range(n)]
        for q in range(n):
            # qword t = 8q + e' of the output is word t % n of element t // n
            def src(e, q=q):
                t = 8 * q + e
                return (t % n, t // n)
            plan = _gather_plan(n, src)
            body.extend(_permute_block(f"{a.name}_o{q}", regs, plan))
            body.append(f"    _mm512_storeu_si512((void *)({a.name} + {8 * q}), {a.name}_o{q});")

    for op in prog.ops:
        o, s, d = op.opcode, op.srcs, op.dst
        if o == "assume":
            names[d.id] = v(s[0])
            continue
        if o == "st":
            a = arrays[op.imm[0]]
            if a.kind == "lanes":
                body.append(f"    _mm512_storeu_si512((void *)({a.name} + {8 * op.imm[1]}), {v(s[0])});")
            else:
                pend = pending.setdefault(a.name, {})
                pend[op.imm[1]] = v(s[0])
                if len(pend) == a.rows:
                    store_elems(a, pend)
            continue
        names[d.id] = f"v{d.id}"
        if o == "ld":
            a = arrays[op.imm[0]]
            i = op.imm[1]
            if a.kind == "lanes":
                e = f"_mm512_loadu_si512((const void *)({a.name} + {8 * i}))"
            elif a.kind == "elem1":
                e = f"_mm512_set1_epi64((long long){a.name}[{i}])"
            else:
                if a.name not in loaded:
                    load_elems(a)
                names[d.id] = f"{a.name}_w{i}"
                continue
        elif o == "const":
            e = _c(op.imm[0])
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
        elif o == "and":
            e = f"_mm512_and_si512({v(s[0])}, {_c(op.imm[0])})"
        elif o == "sel":
            # bitwise m ? a : b
            e = f"_mm512_ternarylogic_epi64({v(s[0])}, {v(s[1])}, {v(s[2])}, 0xca)"
        else:
            raise ValueError(o)
        body.append(f"    __m512i v{d.id} = {e};")
    assert all(len(p) == arrays[k].rows for k, p in pending.items())
    return "\n".join([f"/* {prog.comment} */", f"LF_HIDDEN LF_IFMA_FN void {symbol}({params})", "{", *body, "}"]) + "\n"
