# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes a field's files: kernels per target, the instantiation of the
field template, and the public header."""
from __future__ import annotations

from . import addchain
from .algos_lanes import LANE_BINARY, LANE_BLOCKED, LANE_OPS, LaneField, lane_programs, mac_blocks
from .fields import Field, kernel_programs, lazy_programs
from .kernelfile import declarations, emit_kernel_file, library_guard
from .provenance import provenance
from .targets import BACKEND_GUARD, BACKEND_NEEDS, TARGETS, builtin_targets, lane_target


def _limbs(x: int, n: int) -> str:
    ws = [(x >> (64 * i)) & ((1 << 64) - 1) for i in range(n)]
    return "{" + ", ".join(f"UINT64_C({w:#018x})" for w in ws) + "}"


def kernel_source(f: Field, target: str, command: str, library: bool = False) -> str:
    """One file with the seven kernels of `f` for `target`, and its lazy-form
    kernels if it has them.  library: the library's copy, whose kernels of a
    back end with a condition beyond its architecture's (c32; armv7 within
    c32's processors) compile only where it holds."""
    progs = {**kernel_programs(f, target), **lazy_programs(f, target)}
    t = TARGETS[target]
    words = "" if t.wbits == 64 or not t.is_c else f" as {t.limbs(f.n)} {t.wbits}-bit words"
    what = [f"{f.name}: p = {f.p:#x}",
            f"{f.n} limbs{words}, {f.form} form; " + ("portable C." if t.is_c else f"target {target}.")]
    return emit_kernel_file(t, [(prog, f"lf_{f.name}_{op}_{target}") for op, prog in progs.items()],
                            command, what, library_guard(t) if library else "",
                            unused=f"lf_{f.name}_{target}_unused")


def lane_guard(lt: str) -> str:
    """The C condition under which the library builds the lane kernels of
    back end lt: its back end's, and (but for c) the module's native flag,
    as the avx512ifma and rvv files need their ISA flags and rvv a compiler
    with the RVV intrinsics (CMakeLists.txt)."""
    g = BACKEND_GUARD[lt]
    return f"{g} && defined(LF_NATIVE_FIELD_{lt.upper()})" if g else ""


# back ends with scalar kernels of their own, which run the array API as a
# loop over them (a vector table entry without v*8 kernels)
LANE_SCALAR_BACKENDS = ("x86_64", "aarch64", "ppc64le", "rv64")
# arrays of 7 elements run as one zero-padded vector block, shorter ones on the
# scalar kernels: the block costs about 6 scalar products on bls12_381_r and _p
# (src/field/README.md, "Vector arithmetic")
VEC_TAIL_MIN = 7


# fields with lane kernels: up to 8 words (512 bits).  Past that the kernels
# grow with L^2 (p1024: 1.9 MB of C for a measured 0.40 x the scalar mul),
# which the constant-time matrices compile a dozen times; larger fields keep
# the scalar loops (all-NULL vector table)
LANE_MAX_WORDS = 8


def has_lanes(f: Field) -> bool:
    return f.n <= LANE_MAX_WORDS


def lane_ops(lt: str | None) -> tuple:
    """The lane kernels of back end lt (None: none), without those its lane
    target skips (targets.Target.skip)."""
    return tuple(op for op in LANE_OPS if lt and op not in lane_target(lt).skip)


def lane_source(f: Field, lt: str, command: str) -> str:
    """The lane kernels of f (algos_lanes.LANE_OPS) for the lane target of back end lt."""
    t = lane_target(lt)
    lf = LaneField(f.p, f.n, f.form)
    what = [f"{f.name}: p = {f.p:#x}", f"lane kernels, {lf.L} limbs of 52 bits (e = {lf.e}); {t.what}."]
    return emit_kernel_file(t, [(prog, f"lf_{f.name}_{op}_{lt}")
                                for op, prog in lane_programs(f, f"lf_{f.name}_").items()
                                if op in lane_ops(lt)], command, what)


def _lane_decls(f: Field, lt: str) -> list:
    L = []
    for op in lane_ops(lt):
        arity = "uint64_t *r, const uint64_t *a, const uint64_t *b" if op in LANE_BINARY \
            else "uint64_t *r, const uint64_t *a"
        if op == "vmacl8":
            arity = "uint64_t *acc, const uint64_t *acc_in, const uint64_t *a, const uint64_t *b"
        if op in LANE_BLOCKED or op == "vmacl8":
            arity += ", size_t nb"
        L.append(f"LF_HIDDEN void lf_{f.name}_{op}_{lt}({arity});")
    return L


def _lane_entry(f: Field, lt: str | None) -> str:
    """A vector-table initializer: the lane kernels of lt, or (None) all
    NULL: the template's scalar loops (src/field/field_vec.h)."""
    return "{" + ", ".join(f"lf_{f.name}_{op}_{lt}" if op in lane_ops(lt) else "NULL"
                           for op in LANE_OPS) + "}"


OPS = ("mul", "sqr", "add", "sub", "neg", "to_internal", "from_internal")
# the kernels with two inputs (r, a, b); the others take (r, a)
BINARY_OPS = ("mul", "add", "sub")


def _dispatch_table(f: Field, ctype: str, kind: str, own: str, entry: str) -> list:
    """One kernel table of field f in the dispatch pattern, and its
    lf_dispatch_info: lf_<field>[_<kind>]_kernels / _dispatch.  own: the
    prefix of the macros that say which entries have kernels of their own
    (<own><BACKEND>, defined to 1); entry: the initializer of entry B, b
    (LF_DISPATCH_ENTRY's body)."""
    pre = f"lf_{f.name}_{kind + '_' if kind else ''}"
    return [f"#define LF_DISPATCH_OWN(B) {own}##B",
            f"#define LF_DISPATCH_ENTRY(B, b) {entry}",
            f"LF_HIDDEN const {ctype} {pre}kernels[LF_DISPATCH_SLOTS] = {{",
            '#include "generated/dispatch_table.h"',
            "};",
            "#define LF_DISPATCH_MASK",
            f"LF_HIDDEN const lf_dispatch_info {pre}dispatch = {{",
            f'    "field {f.name}{" " + kind if kind else ""}", {pre}kernels, sizeof {pre}kernels[0],',
            '#include "generated/dispatch_table.h"',
            "};"]


def _kernels_entry(f: Field, ops) -> str:
    return "{" + ", ".join(f"lf_{f.name}_{op}_##b" for op in ops) + "}"


def sqrt_exp_function(f: Field) -> list:
    """C lines of lft_sqrt_exp_chain: a^e for the field's sqrt exponent
    (constants()["sqrt_exp"]) as the fixed addition chain of addchain.search,
    straight-line kernel calls (squarings in short loops)."""
    e = f.constants()["sqrt_exp"]
    what = "(p+1)/4" if f.p % 4 == 3 else "(T-1)/2, p - 1 = 2^S T with T odd"
    L = ["/* r = a^e for the square-root exponent e = lf_c_sqrt_exp = " + what + ":",
         " * a fixed addition chain for this e, found by the generator",
         " * (gen/limbforge/addchain.py), as straight-line kernel calls.  a < p (internal",
         " * form), output < p; r may alias a (r is written by the last call only).",
         " * Constant time: the sequence of calls depends on the public e only."]
    body = []
    if e <= 1:
        L.append(" * e = %d: a copy. */" % e)
        src = "lf_c_one" if e == 0 else "a"
        body.append(f"    for (int i = 0; i < LF_N; i++) r[i] = {src}[i];")
        ntemps = 0
    else:
        ch = addchain.search(e)
        sq, mu = addchain.sliding_window_cost(e)
        L.append(f" * {ch.sqr} squarings + {ch.mul} multiplications = {ch.cost} (lft_pow's sliding")
        L.append(f" * windows: {sq} + {mu} = {sq + mu}); {ch.ntemps} temporaries. */")
        ntemps = ch.ntemps

        def reg(x):
            return "r" if x == addchain.OUT else "a" if x == 0 else f"t[{x - 1}]"

        for s in ch.steps:
            if s[0] == "mul":
                body.append(f"    k->mul({reg(s[1])}, {reg(s[2])}, {reg(s[3])});")
                continue
            _, d, a, n = s
            if a != d:
                body.append(f"    k->sqr({reg(d)}, {reg(a)});")
                n -= 1
            if n == 1:
                body.append(f"    k->sqr({reg(d)}, {reg(d)});")
            elif n > 1:
                body.append(f"    for (int i = 0; i < {n}; i++) k->sqr({reg(d)}, {reg(d)});")
    L += ["static void lft_sqrt_exp_chain(uint64_t r[LF_N], const uint64_t a[LF_N],",
          "                               const lf_field_kernels *k)",
          "{"]
    if ntemps:
        L.append(f"    uint64_t t[{ntemps}][LF_N];")
    else:
        L.append("    (void)k;")
    return L + body + ["}", ""]


# the CPU features the avx512ifma lane file is compiled for (its flags:
# ISA_FLAGS), which a standalone field with --lanes avx512ifma checks at run
# time: the back end's needs, whose names are __builtin_cpu_supports's
IFMA_CPU_FEATURES = BACKEND_NEEDS["avx512ifma"]
# lane targets a standalone field (`gen field --lanes`) can carry; rvv needs
# its own compiler flags and a clang with the RVV intrinsics, so not yet
STANDALONE_LANES = ("c", "avx512ifma")


def instantiation(f: Field, targets, command: str, standalone: bool = False, lanes: str | None = None) -> str:
    c = f.constants()
    n = f.n
    L = [provenance(command).rstrip(),
         f"/* {f.name}: {f.description or 'prime field'}",
         f" * p = {f.p:#x} */",
         "#include <stdint.h>",
         "",
         f'#include "limbforge/field/{f.name}.h"',
         '#include "field/field_internal.h"' if standalone else f'#include "field/generated/{f.name}_internal.h"',
         "",
         f"#define LF_FIELD {f.name}",
         f"#define LF_N {n}",
         f"#define LF_BITS {f.bits}",
         f"#define LF_BYTES {f.nbytes}",
         f"#define LF_MONT {1 if f.form == 'montgomery' else 0}",
         f"#define LF_P_INV62 UINT64_C({c['p_inv62']:#018x})",
         f"#define LF_SQRT_P3MOD4 {c['sqrt_p3mod4']}",
         f"#define LF_SQRT_EXP_BITS {c['sqrt_exp'].bit_length()}",
         f"#define LF_TS_S {c['ts_s']}",
         f"#define LF_PM2_BITS {c['pm2'].bit_length()}",
         f"static const uint64_t lf_c_p[LF_N] = {_limbs(c['p'], n)};",
         f"static const uint64_t lf_c_one[LF_N] = {_limbs(c['one'], n)};",
         f"static const uint64_t lf_c_inv_fix[LF_N] = {_limbs(c['inv_fix'], n)};",
         f"static const uint64_t lf_c_sqrt_exp[LF_N] = {_limbs(c['sqrt_exp'], n)};",
         f"static const uint64_t lf_c_ts_z[LF_N] = {_limbs(c['ts_z'], n)};",
         f"static const uint64_t lf_c_pm2[LF_N] = {_limbs(c['pm2'], n)};",
         ""]
    L += declarations(f"lf_{f.name}_", OPS, BINARY_OPS, [TARGETS[t] for t in targets], guarded=not standalone)
    L.append("")
    lfd = LaneField(f.p, f.n, f.form)
    L += [f"#define LF_LANE_L {lfd.L}",
          f"#define LF_LANE_MAC_NB {mac_blocks(lfd)}",
          f"#define LF_VEC_TAIL_MIN {VEC_TAIL_MIN}",
          f"static const uint64_t lf_c_lane_fix[LF_N] = "
          f"{_limbs(1 if f.form == 'montgomery' else f.R_lane_fix, n)};",
          f"static const uint64_t lf_c_mac_fix[LF_N] = {_limbs(pow(2, 64 * n + 52, f.p), n)};"]
    if not standalone and has_lanes(f):
        L += _lane_decls(f, "c")
        for lt in ("avx512ifma", "rvv"):
            L.append(f"#if {lane_guard(lt)}")
            L += _lane_decls(f, lt)
            L.append("#endif")
    L.append("")

    def table(t):
        return "{" + ", ".join(f"lf_{f.name}_{op}_{t}" for op in OPS) + "}"

    if standalone:
        (t,) = targets
        L += [f"static const lf_field_kernels lf_k = {table(t)};", "#define LF_KERNELS() (&lf_k)"]
        if lanes != "c":
            L += ["/* without lane kernels the array API and x8 loop over the scalar kernels */",
                  f"static const lf_field_vec_kernels lf_vk = {_lane_entry(f, None)};"]
        if lanes is None:
            L.append("#define LF_VKERNELS() (&lf_vk)")
        else:
            L += _lane_decls(f, lanes)
            L.append(f"static const lf_field_vec_kernels lf_vk_lanes = {_lane_entry(f, lanes)};")
            if lanes == "c":
                L.append("#define LF_VKERNELS() (&lf_vk_lanes)")
            else:
                feats = " &&\n        ".join(f'__builtin_cpu_supports("{x}")' for x in IFMA_CPU_FEATURES)
                L += ["/* the IFMA lane kernels where the CPU (and OS) has what they are compiled for */",
                      "static const lf_field_vec_kernels *lf_vk_pick(void)",
                      "{",
                      "    return " + feats + " ? &lf_vk_lanes : &lf_vk;",
                      "}",
                      "#define LF_VKERNELS() lf_vk_pick()"]
    else:
        # the library's one dispatch pattern (src/generated/dispatch_table.h);
        # LF_NATIVE_<FIELD>_<B>: the back ends with kernels of their own,
        # LF_NATIVE_<FIELD>_VEC_<B> those of the vector table (a field's lazy
        # kernels are in the table of the module that uses them:
        # secp256k1gen.group_api)
        own = f"LF_NATIVE_{f.name.upper()}_"
        L += [f"#define {own}{TARGETS[t].backend.upper()} 1" for t in targets]
        L += _dispatch_table(f, "lf_field_kernels", "", own, _kernels_entry(f, OPS))
        L.append(f"#define LF_KERNELS() (&lf_{f.name}_kernels[lf_dispatch_slot()])")
        # the vector table: lane C for c, the IFMA and RVV lane kernels where
        # built; the back ends with scalar kernels of their own take
        # LF_VENTRY_LOOPS, no lane kernels: the template's loops over their
        # scalar kernels (field_vec.h), faster there than lane C's
        lanes = has_lanes(f)
        vown = f"LF_NATIVE_{f.name.upper()}_VEC_"
        L += [f"#define LF_VENTRY_C {_lane_entry(f, 'c' if lanes else None)}",
              "/* no lane kernels: the loops over the back end's own scalar kernels (field/field_vec.h) */",
              f"#define LF_VENTRY_LOOPS {_lane_entry(f, None)}",
              f"#define LF_VENTRY_AVX512IFMA {_lane_entry(f, 'avx512ifma')}",
              f"#define LF_VENTRY_RVV {_lane_entry(f, 'rvv')}"]
        L += [f"#define {vown}{b.upper()} 1" for b in ("c",) + LANE_SCALAR_BACKENDS]
        L += [f"#define LF_VENTRY_{b.upper()} LF_VENTRY_LOOPS" for b in LANE_SCALAR_BACKENDS]
        if lanes:
            for lt in ("avx512ifma", "rvv"):
                L += [f"#if defined(LF_NATIVE_FIELD_{lt.upper()})", f"#define {vown}{lt.upper()} 1", "#endif"]
        L += _dispatch_table(f, "lf_field_vec_kernels", "vec", vown, "LF_VENTRY_##B")
        L.append(f"#define LF_VKERNELS() (&lf_{f.name}_vec_kernels[lf_dispatch_slot()])")
    L += [""] + sqrt_exp_function(f)
    L += ['#include "field/field_template.h"', ""]
    return "\n".join(L)


HEADER = """{provenance}/* {name}: {description}
 * p = {p:#x}
 * {bits} bits, {n} limbs of 64 bits; internal form: {form_text}.
 *
 * Contracts, for every function below unless it says otherwise:
 * - elements are lf_{name}_t values in internal form and fully reduced
 *   (< p); every function returns them fully reduced;
 * - r may alias any input exactly (the same object); partial overlaps of
 *   different elements are not allowed;
 * - constant time: no branch, memory index or variable-latency instruction
 *   depends on element values (functions named _var are the exception and
 *   take public inputs only);
 * - in LF_VERIFY builds, inputs are checked to be < p.
 */
#ifndef LIMBFORGE_FIELD_{NAME}_H
#define LIMBFORGE_FIELD_{NAME}_H

#include <stddef.h>
#include <stdint.h>

#include "limbforge/limbforge.h"

#ifdef __cplusplus
extern "C" {{
#endif
LF_API_BEGIN

#define LF_{NAME}_LIMBS {n}
#define LF_{NAME}_BYTES {nbytes}
#define LF_{NAME}_BITS {bits}

/* An element of GF(p) in internal form. */
typedef struct {{ uint64_t v[{n}]; }} lf_{name}_t;

/* r = a*b mod p. */
void lf_{name}_mul(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b);
/* r = a^2 mod p. */
void lf_{name}_sqr(lf_{name}_t *r, const lf_{name}_t *a);
/* r = a + b mod p. */
void lf_{name}_add(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b);
/* r = a - b mod p. */
void lf_{name}_sub(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b);
/* r = -a mod p (0 stays 0). */
void lf_{name}_neg(lf_{name}_t *r, const lf_{name}_t *a);

/* Parse {nbytes} big-endian bytes.  A value >= p gives LF_ERR_RANGE and
 * r = 0; else LF_OK.  Constant time in the value (only the verdict leaks). */
LF_WARN_UNUSED int lf_{name}_from_bytes(lf_{name}_t *r, const uint8_t in[{nbytes}]);
/* Write a as {nbytes} big-endian bytes (canonical). */
void lf_{name}_to_bytes(uint8_t out[{nbytes}], const lf_{name}_t *a);
/* Canonical little-endian limbs (value < p) -> internal form.  A value >= p
 * gives LF_ERR_RANGE and r = 0. */
LF_WARN_UNUSED int lf_{name}_to_internal(lf_{name}_t *r, const uint64_t a[{n}]);
/* Internal form -> canonical little-endian limbs. */
void lf_{name}_from_internal(uint64_t r[{n}], const lf_{name}_t *a);

void lf_{name}_set_zero(lf_{name}_t *r);
void lf_{name}_set_one(lf_{name}_t *r);
/* 1 if a == 0, else 0. */
int lf_{name}_is_zero(const lf_{name}_t *a);
/* 1 if a == b, else 0. */
int lf_{name}_eq(const lf_{name}_t *a, const lf_{name}_t *b);
/* r = a if flag != 0, r unchanged if flag == 0; constant time in flag. */
void lf_{name}_cmov(lf_{name}_t *r, const lf_{name}_t *a, int flag);

/* r = a^-1 mod p (Pornin's optimized binary GCD on x86-64, Bernstein-Yang
 * safegcd elsewhere and for a one-limb p); a = 0 gives 0. */
void lf_{name}_inv(lf_{name}_t *r, const lf_{name}_t *a);
{inv_var_text}
void lf_{name}_inv_var(lf_{name}_t *r, const lf_{name}_t *a);
/* If a is a square: r = a square root of a, returns 1.  Otherwise r = 0,
 * returns 0.  {sqrt_text} */
int lf_{name}_sqrt(lf_{name}_t *r, const lf_{name}_t *a);
/* r[i] = a[i]^-1 for i < n (Montgomery's trick); zero elements give zero
 * without spoiling the others.  With r and a separate arrays: one inversion
 * in total.  In place (r == a, the same array): one inversion per 1024
 * elements (no heap; prefix products live in fixed stack buffers).
 * Constant time in the values; n is public. */
void lf_{name}_batch_inv(lf_{name}_t *r, const lf_{name}_t *a, size_t n);
/* r = a^e, e given as ebits bits in little-endian 64-bit words.  e is
 * public (the time depends on it); a may be secret. */
void lf_{name}_pow_var_exp(lf_{name}_t *r, const lf_{name}_t *a, const uint64_t *e, size_t ebits);

/* Arrays: r[i] = a[i] op b[i] for i < n (any n, 0 included), results
 * bit-identical to the one-element functions.  r may be the same array as a
 * and/or b; partial overlaps are not allowed.  Eight elements at a time in
 * radix 2^52 where the back end has a vector path (AVX-512 IFMA, RVV), else the
 * one-element kernels in a loop.  Constant time in the values (n is public). */
void lf_{name}_vec_mul(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b, size_t n);
void lf_{name}_vec_sqr(lf_{name}_t *r, const lf_{name}_t *a, size_t n);
void lf_{name}_vec_add(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b, size_t n);
void lf_{name}_vec_sub(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b, size_t n);
/* r[i] = a[i] * c; r may be the same array as a but must not contain c. */
void lf_{name}_vec_mul_scalar(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *c, size_t n);
/* r = the sum of a[i] * b[i] over i < n (0 if n = 0); r may alias any input. */
void lf_{name}_inner_product(lf_{name}_t *r, const lf_{name}_t *a, const lf_{name}_t *b, size_t n);

/* Eight elements kept in lanes (for code that chains many operations on
 * them): limb i of element l at l[i][l], {L} limbs of 52 bits.  Contract:
 * an x8 value holds the internal form of eight elements, fully reduced, each
 * limb < 2^52 (what x8_load gives and every x8 function keeps); any other
 * content gives unspecified results.  Outputs may alias inputs (not for
 * load/store, whose two sides are different types).  Constant time. */
typedef struct {{ uint64_t l[{L}][8]; }} lf_{name}_x8_t;
void lf_{name}_x8_load(lf_{name}_x8_t *r, const lf_{name}_t a[8]);
void lf_{name}_x8_store(lf_{name}_t r[8], const lf_{name}_x8_t *a);
void lf_{name}_x8_mul(lf_{name}_x8_t *r, const lf_{name}_x8_t *a, const lf_{name}_x8_t *b);
void lf_{name}_x8_sqr(lf_{name}_x8_t *r, const lf_{name}_x8_t *a);
void lf_{name}_x8_add(lf_{name}_x8_t *r, const lf_{name}_x8_t *a, const lf_{name}_x8_t *b);
void lf_{name}_x8_sub(lf_{name}_x8_t *r, const lf_{name}_x8_t *a, const lf_{name}_x8_t *b);

LF_API_END
#ifdef __cplusplus
}}
#endif
#endif
"""


def header(f: Field, command: str) -> str:
    c = f.constants()
    form_text = ("Montgomery, a*2^%d mod p" % (64 * f.n)) if f.form == "montgomery" else \
        "the canonical value (pseudo-Mersenne reduction)"
    sqrt_text = ("p = 3 mod 4: r = a^((p+1)/4)." if c["sqrt_p3mod4"] else
                 f"Tonelli-Shanks, constant time (p - 1 = 2^{c['ts_s']} * odd).")
    # field_template.h: inv_var takes inv's constant-time binary GCD where that
    # is built (x86-64, optimised, 2 or more limbs) and faster (up to 7 limbs)
    inv_var_text = (f"/* As lf_{f.name}_inv, variable time: public inputs only.  Bernstein-Yang\n"
                    " * safegcd; on x86-64 inv's binary GCD, which is faster there. */"
                    if 2 <= f.n <= 7 else
                    f"/* As lf_{f.name}_inv, variable time (Bernstein-Yang safegcd): public inputs only. */")
    return HEADER.format(provenance=provenance(command), name=f.name, NAME=f.name.upper(),
                         description=f.description or "prime field", p=f.p, bits=f.bits, n=f.n,
                         nbytes=f.nbytes, form_text=form_text, sqrt_text=sqrt_text,
                         inv_var_text=inv_var_text,
                         L=LaneField(f.p, f.n, f.form).L)


def internal_header(f: Field, command: str) -> str:
    """Library-internal access to one built-in field's kernels (not installed)."""
    N = f.name.upper()
    L = [provenance(command).rstrip(),
         f"/* {f.name} for library code (not installed): the kernel table of the",
         " * back end in use, on raw limb arrays (contracts: src/field/field_internal.h).",
         " * Fetch the kernels once per top-level call and call them directly:",
         f" *     const lf_field_kernels *k = lf_{f.name}_k();",
         " *     k->mul(r, a, b); ...",
         " * (An inline C add/sub/neg was measured slower than the kernel call:",
         " * src/field/field_internal.h.) */",
         f"#ifndef LF_FIELD_{N}_INTERNAL_H",
         f"#define LF_FIELD_{N}_INTERNAL_H",
         "",
         f'#include "limbforge/field/{f.name}.h"',
         '#include "field/field_internal.h"',
         "",
         f"extern LF_HIDDEN const lf_field_kernels lf_{f.name}_kernels[LF_DISPATCH_SLOTS];",
         "/* which back ends have kernels of their own (lf_internal.h) */",
         f"extern LF_HIDDEN const lf_dispatch_info lf_{f.name}_dispatch;",
         "",
         "/* The kernels of the back end in use. */",
         f"static inline const lf_field_kernels *lf_{f.name}_k(void)",
         "{",
         f"    return &lf_{f.name}_kernels[lf_dispatch_slot()];",
         "}",
         ""]
    L += ["#endif", ""]
    return "\n".join(L)


def umbrella(fields, command: str) -> str:
    L = [provenance(command).rstrip(),
         "/* All built-in fields. */",
         "#ifndef LIMBFORGE_FIELDS_H", "#define LIMBFORGE_FIELDS_H", ""]
    L += [f'#include "limbforge/field/{f.name}.h"' for f in fields]
    L += ["", "/* X(name, limbs, bytes) for every built-in field. */", "#define LF_FIELDS_FOREACH(X) \\"]
    L += [f"    X({f.name}, {f.n}, {f.nbytes}) \\" for f in fields]
    L += ["", "#endif", ""]
    return "\n".join(L)


def builtin_files(fields, command: str) -> dict:
    """Relative path -> content for every generated file of the library."""
    out = {}
    for f in fields:
        out[f"include/limbforge/field/{f.name}.h"] = header(f, command)
        ts = builtin_targets()
        out[f"src/field/generated/{f.name}_api.c"] = instantiation(f, [t.name for t in ts], command)
        out[f"src/field/generated/{f.name}_internal.h"] = internal_header(f, command)
        for t in ts:
            out[f"src/field/generated/{t.name}/{f.name}.{t.ext}"] = kernel_source(f, t.name, command, library=True)
        if has_lanes(f):
            out[f"src/field/generated/c/{f.name}_lanes.c"] = lane_source(f, "c", command)
            out[f"src/field/generated/avx512ifma/{f.name}.c"] = lane_source(f, "avx512ifma", command)
            out[f"src/field/generated/rvv/{f.name}.c"] = lane_source(f, "rvv", command)
    out["include/limbforge/fields.h"] = umbrella(fields, command)
    return out
