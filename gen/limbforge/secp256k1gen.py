# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The generated files of src/secp256k1 (written by `gen builtin`): the
point kernels and the group code's kernel table (point_files), and the
precomputed tables:

- the constant-time comb of k*G (src/secp256k1/ecmult_gen.c): BLOCKS blocks
  of 2^(TEETH-1) points each; with L = BLOCKS*TEETH*SPACING >= 256 and bit
  i(b, t, s) = SPACING*(TEETH*b + t) + s, entry j of block b is
      sum_{t < TEETH} (2 j_t - 1) 2^(SPACING*(TEETH*b + t)) G,  j_(TEETH-1) = 1
  (j_t: bit t of j).  The scalar is recoded as d = (k + 2^L - 1)/2 mod n so
  that k = sum_i (2 d_i - 1) 2^i: every comb digit is +-1, and a block's
  TEETH bits pick one entry or its negation.
- the odd multiples (2i+1)G and (2i+1)2^128 G, i < 2^(WINDOW_G-2), of the
  variable-time Strauss multiplication (src/secp256k1/ecmult.c).

The table sizes were chosen by measurement (src/secp256k1/README.md).
Everything is computed here with Python integers (affine arithmetic), from
the curve's definition alone.
"""
from __future__ import annotations

from .fields import BINARY_LAZY, LAZY_OPS, POINT_OPS, point_programs
from .kernelfile import declarations, emit_kernel_file, library_guard
from .provenance import provenance
from .targets import TARGETS, builtin_targets

P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)

# comb geometry of k*G (blocks * teeth * spacing >= 256)
COMB_BLOCKS = 11
COMB_TEETH = 6
COMB_SPACING = 4
# window of the G tables of verification: 2^(WINDOW_G-2) points each
WINDOW_G = 12


def add(a, b):
    """Affine addition; None is the point at infinity."""
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0]:
        if (a[1] + b[1]) % P == 0:
            return None
        lam = 3 * a[0] * a[0] * pow(2 * a[1], -1, P) % P
    else:
        lam = (b[1] - a[1]) * pow(b[0] - a[0], -1, P) % P
    x = (lam * lam - a[0] - b[0]) % P
    return (x, (lam * (a[0] - x) - a[1]) % P)


def neg(a):
    return None if a is None else (a[0], (-a[1]) % P)


def mul(k, a):
    r = None
    while k:
        if k & 1:
            r = add(r, a)
        a = add(a, a)
        k >>= 1
    return r


def double_n(a, n):
    for _ in range(n):
        a = add(a, a)
    return a


def comb_table(blocks, teeth, spacing):
    assert blocks * teeth * spacing >= 256
    out = []
    for b in range(blocks):
        base = [double_n(G, spacing * (teeth * b + t)) for t in range(teeth)]
        ent = [None] * (1 << (teeth - 1))
        # j = 0: teeth 0..teeth-2 negative, the top one positive
        e = base[teeth - 1]
        for t in range(teeth - 1):
            e = add(e, neg(base[t]))
        ent[0] = e
        for j in range(1, len(ent)):
            low = (j & -j).bit_length() - 1
            ent[j] = add(ent[j & (j - 1)], add(base[low], base[low]))
        out.append(ent)
    return out


def odd_multiples(a, count):
    two = add(a, a)
    res = [a]
    for _ in range(count - 1):
        res.append(add(res[-1], two))
    return res


def _limbs(v):
    # bare hex constants: C gives them an unsigned 64-bit type on every target
    return ", ".join(f"0x{(v >> (64 * i)) & (2**64 - 1):016x}" for i in range(4))


def _entry(pt):
    assert pt is not None
    return f"    {{{{{{{_limbs(pt[0])}}}}}, {{{{{_limbs(pt[1])}}}}}}},\n"


def ecmult_gen_table_c(command):
    tab = comb_table(COMB_BLOCKS, COMB_TEETH, COMB_SPACING)
    L = COMB_BLOCKS * COMB_TEETH * COMB_SPACING
    off = (2**L - 1) % N
    s = provenance(command)
    s += ("/* The comb table of k*G (src/secp256k1/ecmult_gen.c; layout:\n"
          " * gen/limbforge/secp256k1gen.py). */\n"
          '#include "secp256k1/generated/tables.h"\n\n')
    s += f"/* (2^{L} - 1) mod n, the recoding offset */\n"
    s += f"const lf_sc lf_ecmult_gen_offset = {{{{{_limbs(off)}}}}};\n\n"
    s += ("const lf_ge_st lf_ecmult_gen_table[LF_ECMULT_GEN_BLOCKS]"
          "[LF_ECMULT_GEN_POINTS] = {\n")
    for blk in tab:
        s += "  {\n" + "".join(_entry(e) for e in blk) + "  },\n"
    return s + "};\n"


def ecmult_table_c(command):
    cnt = 1 << (WINDOW_G - 2)
    g128 = double_n(G, 128)
    s = provenance(command)
    s += ("/* Odd multiples of G and 2^128 G for verification (src/secp256k1/ecmult.c). */\n"
          '#include "secp256k1/generated/tables.h"\n\n')
    for name, base in (("lf_ecmult_g_odd", G), ("lf_ecmult_g128_odd", g128)):
        s += f"const lf_ge_st {name}[LF_ECMULT_G_POINTS] = {{\n"
        s += "".join(_entry(e) for e in odd_multiples(base, cnt))
        s += "};\n"
    return s


def tables_h(command):
    pts = 1 << (COMB_TEETH - 1)
    return provenance(command) + f"""/* Sizes and declarations of the precomputed secp256k1 tables
 * (gen/limbforge/secp256k1gen.py explains the layout). */
#ifndef LF_SECP256K1_GENERATED_TABLES_H
#define LF_SECP256K1_GENERATED_TABLES_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* comb of k*G: {COMB_BLOCKS} blocks x {pts} points ({COMB_BLOCKS * pts * 64} bytes) */
#define LF_ECMULT_GEN_BLOCKS {COMB_BLOCKS}
#define LF_ECMULT_GEN_TEETH {COMB_TEETH}
#define LF_ECMULT_GEN_SPACING {COMB_SPACING}
#define LF_ECMULT_GEN_POINTS {pts}
extern LF_HIDDEN const lf_sc lf_ecmult_gen_offset;
extern LF_HIDDEN const lf_ge_st lf_ecmult_gen_table[LF_ECMULT_GEN_BLOCKS][LF_ECMULT_GEN_POINTS];

/* verification: odd multiples of G and 2^128 G, wNAF window {WINDOW_G}
 * (2 x {1 << (WINDOW_G - 2)} points, {2 * 64 << (WINDOW_G - 2)} bytes) */
#define LF_ECMULT_G_WINDOW {WINDOW_G}
#define LF_ECMULT_G_POINTS {1 << (WINDOW_G - 2)}
extern LF_HIDDEN const lf_ge_st lf_ecmult_g_odd[LF_ECMULT_G_POINTS];
extern LF_HIDDEN const lf_ge_st lf_ecmult_g128_odd[LF_ECMULT_G_POINTS];

#endif
"""


def table_files(command: str) -> dict:
    return {
        "src/secp256k1/generated/tables.h": tables_h(command),
        "src/secp256k1/generated/ecmult_gen_table.c": ecmult_gen_table_c(command),
        "src/secp256k1/generated/ecmult_table.c": ecmult_table_c(command),
    }


# ---- point kernels and the kernel table of src/secp256k1/group.h ----------
FIELD = "secp256k1_p"
# the table's members, in lf_secp256k1_kernels order (group.h): the field's
# lazy-form kernels, then the point kernels
GROUP_OPS = LAZY_OPS + POINT_OPS


def point_source(f, target: str, command: str, library: bool = True) -> str:
    """src/secp256k1/generated/<target>/point.{c,S}: jdbl, jadd, jaddz, jaddc
    over field f (library: compiled only where the back end is built, as the
    field's own kernel files)."""
    t = TARGETS[target]
    what = [f"point kernels on y^2 = x^3 + b (a = 0) over {f.name}, lazy coordinates "
            f"(fields.point_programs); " + ("portable C." if t.is_c else f"target {target}.")]
    progs = point_programs(f, target)
    return emit_kernel_file(t, [(progs[op], f"lf_{f.name}_{op}_{target}") for op in POINT_OPS], command,
                            what, library_guard(t) if library else "",
                            unused=f"lf_{f.name}_point_{target}_unused")


def group_api(command: str) -> str:
    """src/secp256k1/generated/group_api.c: lf_secp256k1_kernel_table, per
    dispatch slot the lazy field kernels of secp256k1_p and the point kernels
    of the back end in use (the one dispatch pattern, src/generated/dispatch_table.h)."""
    L = [provenance(command).rstrip(),
         "/* The kernel table of the secp256k1 group code (src/secp256k1/group.h): secp256k1_p's",
         " * lazy-form kernels (src/field/generated/<target>/secp256k1_p.*) and the point kernels",
         " * (src/secp256k1/generated/<target>/point.*), per back end. */",
         '#include "secp256k1/group.h"', ""]
    ts = builtin_targets()
    L += declarations(f"lf_{FIELD}_", GROUP_OPS, BINARY_LAZY, ts)
    L.append("")
    L += [f"#define LF_NATIVE_SECP256K1_{t.backend.upper()} 1" for t in ts]
    L += ["#define LF_DISPATCH_OWN(B) LF_NATIVE_SECP256K1_##B",
          "#define LF_DISPATCH_ENTRY(B, b) {" + ", ".join(f"lf_{FIELD}_{op}_##b" for op in GROUP_OPS) + "}",
          "LF_HIDDEN const lf_secp256k1_kernels lf_secp256k1_kernel_table[LF_DISPATCH_SLOTS] = {",
          '#include "generated/dispatch_table.h"',
          "};",
          "#define LF_DISPATCH_MASK",
          "LF_HIDDEN const lf_dispatch_info lf_secp256k1_dispatch = {",
          '    "secp256k1", lf_secp256k1_kernel_table, sizeof lf_secp256k1_kernel_table[0],',
          '#include "generated/dispatch_table.h"',
          "};", ""]
    return "\n".join(L)


def point_files(fields, command: str) -> dict:
    (f,) = [x for x in fields if x.name == FIELD]
    out = {"src/secp256k1/generated/group_api.c": group_api(command)}
    for t in builtin_targets():
        out[f"src/secp256k1/generated/{t.name}/point.{t.ext}"] = point_source(f, t.name, command)
    return out
