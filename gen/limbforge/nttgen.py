# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes the straight-line bodies of the 16-lane (ymm) NTT kernels:
src/ntt/generated/x86_64/ntt_ymm_body.h, included by ntt_ymm.h (the avx2 and
avx512 back ends).

Written by `make gen` (files(), through `limbforge gen builtin`), checked by
`make check-gen`.

Why generated: with the polynomial in an array of vectors, gcc 12 keeps the
array on the stack (every butterfly then loads and stores); with one named
variable per vector it allocates registers like clang does.  The layouts,
level order and reduction schedule are those described in ntt_ymm.h and
proved by gen/limbforge/nttbounds.py; the emitted code uses the helper macros
defined in ntt_ymm.h (CT, GS, BAR, TR8, TR16, TR32...).  Bodies: ntt,
invntt (lazy), ntt_fips, invntt_fips and cyclic (checked: LDC loads feed
the range check, VERDICT gives the verdict, FRZK_* reduce to [0, q) and zero
on a bad input, the FIPS inverse zeroes its last level's constants and
CADDQ gives [0, q)).  Standard library only.
"""
from . import nttbounds as nb
from .provenance import provenance


def x(i):
    return f"x{i}"


def y(i):
    return f"y{i}"


# P layout (the FIPS kernels' short levels): an 8 x 8 transpose of 32-bit
# units inside vectors 0-7 and inside 8-15 (TR32) puts coefficient
# c = 128 g + 16 p + 2 u + h at vector 8 g + u, lane 2 p + h: the levels
# len = 8, 4, 2 (bits 3, 2, 1 of c) are then between vectors, with a zeta
# per 32-bit lane.  Costs 48 shuffles where TR16 costs 64.
TR32_BOTH = ["    TR32(" + ", ".join(x(i) for i in range(8)) + ");",
             "    TR32(" + ", ".join(x(i) for i in range(8, 16)) + ");"]


def p_coeff(v, lane):
    return 128 * (v >> 3) + 16 * (lane >> 1) + 2 * (v & 7) + (lane & 1)


def p_pairs(L):
    """the lower vector of each butterfly pair of level len = L (8, 4, 2)"""
    d = L // 2
    return [v for v in range(16) if not v & d]


def p_tw(L, v, zeta_of):
    """per-lane zetas (Montgomery form) of the level len = L for vector v"""
    return tuple(nb.mont_const(zeta_of(128 // L + p_coeff(v, lane) // (2 * L))) for lane in range(16))


def p_table(zeta_of):
    t = []
    for L in (8, 4, 2):
        for v in p_pairs(L):
            z = p_tw(L, v, zeta_of)
            if z not in t:
                t.append(z)
    return t


ZP_FWD = p_table(nb.mlkem_fwd_zeta)
ZP_INV = p_table(nb.mlkem_inv_zeta)


def mlkem_ntt(fips=False):
    o = ["    V " + ", ".join(x(i) for i in range(16)) + ";"]
    if fips:
        o.append("    CHK_BEGIN();")
    o += [f"    {x(r)} = {'LDC' if fips else 'LD'}(a + {16 * r});" for r in range(16)]
    for r in range(8):
        o.append(f"    CT({x(r)}, {x(r + 8)}, ZS(1));")
    for r in (0, 8):
        for q in range(4):
            o.append(f"    CT({x(r + q)}, {x(r + q + 4)}, ZS({2 + (r >> 3)}));")
    for r in (0, 4, 8, 12):
        for q in range(2):
            o.append(f"    CT({x(r + q)}, {x(r + q + 2)}, ZS({4 + (r >> 2)}));")
    for r in range(0, 16, 2):
        o.append(f"    CT({x(r)}, {x(r + 1)}, ZS({8 + (r >> 1)}));")
    if fips:
        # P layout, levels len = 8, 4, 2, back to rows (= FIPS order), reduce
        # to [0, q) and mask on a bad input (FRZK_NTT)
        o += TR32_BOTH
        for L in (8, 4, 2):
            for v in p_pairs(L):
                o.append(f"    CT({x(v)}, {x(v + L // 2)}, ZP({ZP_FWD.index(p_tw(L, v, nb.mlkem_fwd_zeta))}));")
        o += TR32_BOTH
        o.append("    VERDICT();")
        o += [f"    ST(r + {16 * j}, FRZK_NTT({x(j)}));" for j in range(16)]
        o.append("    return bad_;")
        return o
    o.append("    TR16(" + ", ".join(x(i) for i in range(16)) + ");")
    for j in range(8):
        o.append(f"    CT({x(j)}, {x(j + 8)}, ZB(0));")
    for j in (0, 8):
        for q in range(4):
            o.append(f"    CT({x(j + q)}, {x(j + q + 4)}, ZB({16 + 16 * (j >> 3)}));")
    for j in (0, 4, 8, 12):
        for q in range(2):
            o.append(f"    CT({x(j + q)}, {x(j + q + 2)}, ZB({48 + 16 * (j >> 2)}));")
    o += [f"    ST(a + {16 * j}, {x(j)});" for j in range(16)]
    return o


def mlkem_invntt(fips=False):
    o = ["    V " + ", ".join(x(i) for i in range(16)) + ";"]
    if fips:
        # FIPS order = rows: check, to the P layout, levels len = 2, 4, 8
        # (Barrett on the sums after the first), back to rows
        o.append("    CHK_BEGIN();")
        o += [f"    {x(j)} = LDC(a + {16 * j});" for j in range(16)]
        o += TR32_BOTH
        for L in (2, 4, 8):
            for v in p_pairs(L):
                o.append(f"    GS({x(v)}, {x(v + L // 2)}, IZP({ZP_INV.index(p_tw(L, v, nb.mlkem_inv_zeta))}));")
            if L == 2:
                o += [f"    {x(v)} = BAR({x(v)});" for v in p_pairs(2)]
        o += TR32_BOTH
    else:
        o += [f"    {x(j)} = LD(a + {16 * j});" for j in range(16)]
        sums = []
        for j in (0, 4, 8, 12):
            for q in range(2):
                o.append(f"    GS({x(j + q)}, {x(j + q + 2)}, IZB({48 + 16 * (j >> 2)}));")
                sums.append(j + q)
        # Barrett after level 1: only the sums grow (gen/limbforge/nttbounds.py, SUMS_ONLY)
        o += [f"    {x(j)} = BAR({x(j)});" for j in sums]
        for j in (0, 8):
            for q in range(4):
                o.append(f"    GS({x(j + q)}, {x(j + q + 4)}, IZB({16 + 16 * (j >> 3)}));")
        for j in range(8):
            o.append(f"    GS({x(j)}, {x(j + 8)}, IZB(0));")
        o.append("    TR16(" + ", ".join(x(i) for i in range(16)) + ");")
    for r in range(0, 16, 2):
        o.append(f"    GS({x(r)}, {x(r + 1)}, IZS({8 + (r >> 1)}));")
    o += [f"    {x(r)} = BAR({x(r)});" for r in range(0, 16, 2)]
    for r in (0, 4, 8, 12):
        for q in range(2):
            o.append(f"    GS({x(r + q)}, {x(r + q + 2)}, IZS({4 + (r >> 2)}));")
    for r in (0, 8):
        for q in range(4):
            o.append(f"    GS({x(r + q)}, {x(r + q + 4)}, IZS({2 + (r >> 3)}));")
    if fips:
        # the FIPS last level gives x 128^-1 exactly, |x| < q: one conditional
        # add; its two constants are zeroed on a bad input (so is the output)
        o.append("    VERDICT();")
    for r in range(8):
        o.append(f"    {'GSLASTF' if fips else 'GSLAST'}({x(r)}, {x(r + 8)});")
    if fips:
        o += [f"    ST(r + {16 * j}, CADDQ({x(j)}));" for j in range(16)]
        o.append("    return bad_;")
    else:
        o += [f"    ST(a + {16 * r}, {x(r)});" for r in range(16)]
    return o


# The cyclic product's layouts (8 vectors): rows (vector = c6 c5 c4), then
# TR32 (vector = c3 c2 c1, lane = 2 (c6 c5 c4) + c0) for len = 8, 4, 2, then
# T2 on the pairs (v, v + 1) (a 2 x 2 transpose of the 16-bit halves of every
# 32-bit unit: vector = c3 c2 c0, lane = 2 (c6 c5 c4) + c1) for len = 1.  T2
# and TR32 are their own inverses, so the inverse walks back the same way.
def cyc_coeff_p(v, lane):
    return 16 * (lane >> 1) + 2 * v + (lane & 1)


def cyc_coeff_q(v, lane):
    return 16 * (lane >> 1) + 8 * (v >> 2) + 4 * ((v >> 1) & 1) + 2 * (lane & 1) + (v & 1)


CYC_P_LEVELS = ((8, 4, cyc_coeff_p), (4, 2, cyc_coeff_p), (2, 1, cyc_coeff_p), (1, 1, cyc_coeff_q))


def cyc_tw(L, d, v, coeff, zeta_of):
    return tuple(nb.mont_const(zeta_of(coeff(v, lane) // (2 * L))) for lane in range(16))


def cyc_table(zeta_of):
    t = []
    for L, d, coeff in CYC_P_LEVELS:
        for v in range(8):
            if not v & d:
                z = cyc_tw(L, d, v, coeff, zeta_of)
                if z not in t:
                    t.append(z)
    return t


CP_FWD = cyc_table(nb.cyc_fwd_zeta)
CP_INV = cyc_table(nb.cyc_inv_zeta)
T2_ALL = [f"    T2({{v}}{k}, {{v}}{k + 1});" for k in range(0, 8, 2)]


def cyc_fwd(v):
    o = []
    for r in range(4):
        o.append(f"    CT({v(r)}, {v(r + 4)}, CS(0));")
    for r in (0, 4):
        for q in range(2):
            o.append(f"    CT({v(r + q)}, {v(r + q + 2)}, CS({r >> 2}));")
    for r in range(0, 8, 2):
        o.append(f"    CT({v(r)}, {v(r + 1)}, CS({r >> 1}));")
    o.append("    TR32(" + ", ".join(v(i) for i in range(8)) + ");")
    for L, d, coeff in CYC_P_LEVELS:
        if L == 1:
            o += [t.format(v=v(0)[0]) for t in T2_ALL]
        for k in range(8):
            if not k & d:
                o.append(f"    CT({v(k)}, {v(k + d)}, CP({CP_FWD.index(cyc_tw(L, d, k, coeff, nb.cyc_fwd_zeta))}));")
    return o


def cyclic():
    o = ["    V " + ", ".join(x(i) for i in range(8)) + ";",
         "    V " + ", ".join(y(i) for i in range(8)) + ";",
         "    CHK_BEGIN();"]
    o += [f"    {x(i)} = LDC(a + {16 * i});" for i in range(8)]
    o += cyc_fwd(x)
    o += [f"    {y(i)} = LDC(b + {16 * i});" for i in range(8)]
    o += cyc_fwd(y)
    o += [f"    {x(i)} = POINTWISE({x(i)}, {y(i)});" for i in range(8)]
    for L, d, coeff in reversed(CYC_P_LEVELS):
        for k in range(8):
            if not k & d:
                o.append(f"    GS({x(k)}, {x(k + d)}, ICP({CP_INV.index(cyc_tw(L, d, k, coeff, nb.cyc_inv_zeta))}));")
        if L == 1:
            o += [t.format(v="x") for t in T2_ALL]
        if L == 8:
            # Barrett on the sums of inverse level 4 (gen/limbforge/nttbounds.py CYC_BARRETT_AFTER)
            o += [f"    {x(k)} = BAR({x(k)});" for k in range(4)]
    o.append("    TR32(" + ", ".join(x(i) for i in range(8)) + ");")
    for i in range(0, 8, 2):
        o.append(f"    GS({x(i)}, {x(i + 1)}, ICS({i >> 1}));")
    for i in (0, 4):
        for q in range(2):
            o.append(f"    GS({x(i + q)}, {x(i + q + 2)}, ICS({i >> 2}));")
    for i in range(4):
        o.append(f"    GS({x(i)}, {x(i + 4)}, ICS(0));")
    o.append("    VERDICT();")
    o += [f"    ST(r + {16 * i}, FRZK_CYC({x(i)}));" for i in range(8)]
    o.append("    return bad_;")
    return o


def generate(command: str):
    out = [provenance(command),
           "/* Straight-line bodies of the 16-lane kernels (included by ntt_ymm.h,\n"
           " * which defines the macros).  Bounds: gen/limbforge/nttbounds.py. */\n"]
    consts = []
    for name, vals in (("zs", [nb.mlkem_fwd_zeta(k) for k in range(16)]),
                       ("izs", [nb.mlkem_inv_zeta(k) if k else 0 for k in range(16)]),
                       ("cs", [nb.cyc_fwd_zeta(k) for k in range(8)]),
                       ("ics", [nb.cyc_inv_zeta(k) for k in range(8)])):
        rows = []
        for v in vals:
            zr = nb.mont_const(v)
            rows.append("    {{" + ", ".join([str(zr)] * 16) + "},\n     {" +
                        ", ".join([str(nb.i16(zr * nb.QINV))] * 16) + "}},")
        consts.append(f"/* {name}[k]: zeta and zeta q^-1 (Montgomery form), 16 copies */\n"
                      f"static const int16_t lf_ntt16_{name}[{len(vals)}][2][16] "
                      "__attribute__((aligned(32))) = {\n" + "\n".join(rows) + "\n};\n\n")
    for name, tab in (("zp", ZP_FWD), ("izp", ZP_INV), ("cp", CP_FWD), ("icp", CP_INV)):
        rows = ["    {{" + ", ".join(map(str, z)) + "},\n     {" +
                ", ".join(str(nb.i16(v * nb.QINV)) for v in z) + "}}," for z in tab]
        consts.append(f"/* {name}[k]: per-lane zetas and zeta q^-1 of the P layout */\n"
                      f"static const int16_t lf_ntt16_{name}[{len(tab)}][2][16] "
                      "__attribute__((aligned(32))) = {\n" + "\n".join(rows) + "\n};\n\n")
    out += consts
    for name, body, sig in (
            ("ntt", mlkem_ntt, "void ntt|int16_t a[256]"),
            ("invntt", mlkem_invntt, "void invntt|int16_t a[256]"),
            ("ntt_fips", lambda: mlkem_ntt(True),
             "uint32_t ntt_fips|int16_t r[256], const int16_t a[256]"),
            ("invntt_fips", lambda: mlkem_invntt(True),
             "uint32_t invntt_fips|int16_t r[256], const int16_t a[256]"),
            ("cyclic", cyclic,
             "uint32_t cyclic|int16_t r[128], const int16_t a[128], const int16_t b[128]")):
        ret, args = sig.split(" ", 1)[0], sig.split("|")[1]
        out.append(f"static {ret} LF_NTT16_FN({name})({args})\n{{\n")
        out.append("\n".join(body()) + "\n}\n\n")
    return "".join(out)


def files(command: str) -> dict:
    return {"src/ntt/generated/x86_64/ntt_ymm_body.h": generate(command)}
