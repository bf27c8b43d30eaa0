# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Generation of the mp module's kernels (src/mp/generated/).

Three kernel families, each fully unrolled for one operand length n:

  mul<n>   r[2n] = a[n] * b[n]
  sqr<n>   r[2n] = a[n]^2               dedicated squaring: off-diagonal products once, doubled
  redc<n>  r[n]  = x[2n] / 2^(64n) mod m   Montgomery reduction for a *run-time* odd
                                        modulus m[0..n-1] with m[n] = -m^-1 mod 2^64;
                                        needs x < m * 2^(64n); output < m

The algorithm depends on the target (MP_TARGETS below), not on the target's
field style: x86_64_adx uses operand scanning with two carry chains
(mulx/adcx/adox) for all three families; aarch64 and ppc64le operand
scanning with one carry chain ("onechain", their fields' style) at 2..16
limbs (redc 3..16: fewer instructions, _onechain below); the other targets
(c, x86_64 with mulq, rv64, s390x) and the remaining sizes the "plain" style,
so product scanning (Comba, 3-word accumulator; Acc.comba and Acc.square in
algos.py) for mul and sqr, and row reduction for redc up to 16 limbs,
product-scanning reduction above.

Sizes 1..max for each family, max per target read from src/mp/params/<target>.h
(written by `lfbench --tune mp`): the library uses the generated kernel for
n <= max and constant-time Karatsuba (mul, sqr) or a bulk Montgomery
reduction built on mul (redc) above.  So the code size follows the tuned
thresholds.

Targets: MP_TARGETS below, one entry per generator target (targets.py) with
the carry-chain style and shape used per family and size.  A target whose
printer does not exist yet is skipped (its back ends inherit the parent's
kernels), so adding a target is one line once its printer lands.
"""
from __future__ import annotations

import re
from pathlib import Path

from .algo_common import load_all
from .carry import Acc, make_acc
from .ir import Program
from .kernelfile import emit_kernel_file, library_guard
from .provenance import provenance
from .targets import BACKEND_GUARD, TARGETS, limb_words
from .verify import verify

FAMILIES = ("mul", "sqr", "redc")
MAX_LIMBS = 128
DEFAULT_MAX = {"mul": 16, "sqr": 16, "redc": 16}


# Per target: (carry-chain style, shape) for a family and size.  Shapes:
# mul/sqr "scan" = product scanning (Comba, 3-word accumulator), "rows" =
# operand scanning (the adx style keeps two carry chains over a row);
# redc "rows" = n rows of q_i m over a window of n+2 words, "scan" = product
# scanning (3 words live, the q_i spilled).  Chosen by measurement
# (src/mp/README.md): with mulx/adcx/adox rows win at every generated size
# despite spills; with mulq, Comba products and row reduction up to 16 limbs.
def _plain(family: str, n: int):
    if family == "redc":
        return "plain", ("rows" if n <= 16 else "scan")
    return "plain", "scan"


def _onechain(family: str, n: int):
    """aarch64, ppc64le: operand scanning with one carry chain (the style of
    their field kernels) for mul/sqr from 2 limbs and redc from 3, up to 16;
    product scanning elsewhere.  Instructions per kernel (straight-line code,
    so static = dynamic), onechain / plain: aarch64 mul 0.82-0.98 (n = 2..16),
    sqr 0.76-0.90, redc 0.76-0.94 (n = 3..16; 1.14 at n = 1); ppc64le mul
    0.82-0.96, sqr 0.81-0.91, redc 0.79-0.99.  At 32 limbs onechain spills
    and loses (mul 1.26 / 1.19)."""
    if 2 <= n <= 16 and (family != "redc" or n >= 3):
        return "onechain", "rows"
    return _plain(family, n)


def _adx(family: str, n: int):
    return "adx", "rows"


def _madd(family: str, n: int):
    """c32 (32-bit words): rows of multiply-add-adds for every family."""
    return "madd", "rows"


# target name -> shape chooser.  One entry per target.
MP_TARGETS = {
    "c": _plain,
    "x86_64": _plain,
    "x86_64_adx": _adx,
    "aarch64": _onechain,
    "rv64": _plain,
    "ppc64le": _onechain,
    "c32": _madd,
    "armv7": _madd,
    "s390x": _plain,
}


def printer_exists(target: str) -> bool:
    t = TARGETS[target]
    return t.is_c or (Path(__file__).parent / "printers" / f"{t.printer}.py").exists()


def mp_targets() -> list:
    """Targets the mp module is generated for: those with a printer and a back end."""
    return [t for t in MP_TARGETS if t in TARGETS and TARGETS[t].backend and printer_exists(t)]


# ---------------------------------------------------------------- programs
def _hoist_stores(prog: Program) -> Program:
    """Move every store right after the op that defines its value.  The
    verifier has already checked the program with stores last (so r may not
    overlap the inputs of these kernels); storing output words as soon as
    they are final keeps the product-scanning accumulator at three words
    instead of holding all 2n output words in registers."""
    stores = [op for op in prog.ops if op.opcode == "store"]
    by_src = {}
    for op in stores:
        by_src.setdefault(op.srcs[0].id, []).append(op)
    out = []
    for op in prog.ops:
        if op.opcode == "store":
            continue
        out.append(op)
        for d in op.dsts:
            if d is not None:
                out.extend(by_src.pop(d.id, []))
    assert not by_src
    prog.ops = out
    return prog


def mul_program(name: str, n: int, style: str, shape: str = "scan", w: int = 64) -> Program:
    prog = Program(name, wbits=w)
    prog.comment = (f"r = a * b, {n}x{n} -> {2 * n} limbs, "
                    + ("product scanning (Comba)" if shape == "scan" else f"operand scanning ({style} carry chains)")
                    + (f" on {w}-bit words" if w != 64 else "")
                    + ". Any inputs; r must not overlap a or b.")
    N = limb_words(n, w)
    r = prog.out("r", 2 * N)
    a, b = prog.inp("a", N), prog.inp("b", N)
    acc = make_acc(prog, style)
    A, B = load_all(prog, a), load_all(prog, b)
    words = acc.comba(A, B) if shape == "scan" else acc.product(A, B)
    for i, w in enumerate(words):
        prog.store(r, i, w)
    return _hoist_stores(verify(prog.prune()))


def sqr_program(name: str, n: int, style: str, shape: str = "scan", w: int = 64) -> Program:
    prog = Program(name, wbits=w)
    prog.comment = (f"r = a^2, {n} -> {2 * n} limbs, dedicated squaring (off-diagonal products "
                    "once, doubled, plus the diagonal)" + (f" on {w}-bit words" if w != 64 else "")
                    + ". Any input; r must not overlap a.")
    N = limb_words(n, w)
    r = prog.out("r", 2 * N)
    a = prog.inp("a", N)
    acc = make_acc(prog, style)
    for i, w in enumerate(acc.square(load_all(prog, a))):
        prog.store(r, i, w)
    return _hoist_stores(verify(prog.prune()))


def redc_program(name: str, n: int, style: str, shape: str = "rows", w: int = 64) -> Program:
    """r = t / R mod m, R = 2^(64n), m odd, given at run time with m[n] = n0.
    n word-by-word reduction steps on the low half, then the high half is
    added: (t_lo + q m)/R + t_hi < (1 + m) + (m - 1) = 2m when t < m R, and
    one constant-time subtraction of m gives r < m.  On w-bit words the
    same with 64n/w steps of w bits, and n0 the low word of m[n] (-m^-1 mod
    2^w is -m^-1 mod 2^64 reduced)."""
    prog = Program(name, wbits=w)
    prog.comment = (f"r = x / 2^{64 * n} mod m (Montgomery reduction), {2 * n} -> {n} limbs; m odd "
                    f"(m[{n}] = -m^-1 mod 2^64), needs x < m*2^{64 * n}; output < m"
                    + (f"; {w}-bit words" if w != 64 else "") + ". r must not overlap x or m.")
    N = limb_words(n, w)
    r = prog.out("r", N)
    t = prog.inp("x", 2 * N)    # (the C printer reserves the name t)
    m = prog.inp("m", limb_words(n + 1, w))
    acc = make_acc(prog, style)
    P = load_all(prog, m, N)
    n0 = prog.load(m, N)
    T = load_all(prog, t)
    if shape == "scan":
        s, top = _redc_scan(acc, T, P, n0)
    else:
        s, top = _redc_rows(acc, T, P, n0)
    for i, w in enumerate(acc.cond_sub(s, top, P)):
        prog.store(r, i, w)
    return _hoist_stores(verify(prog.prune()))


def _redc_rows(acc: Acc, T, P, n0):
    """Operand scanning: n rows t += q_i m, a window of n+2 words."""
    prog, n = acc.p, len(P)
    fit = n + 2
    u = T[:n] + [None]
    for _ in range(n):
        q = prog.mullo(u[0], n0)
        u = acc.mac(u, q, P, 0, fit)
        u = u[1:] + [None]
    s, c = [], None
    for j in range(n):
        if u[j] is None:
            sj, c = acc.addn(None, T[n + j], c)
        else:
            sj, c = prog.add(u[j], T[n + j], c)
        s.append(sj)
    if u[n] is not None:
        top = acc.absorb(u[n], c)
    else:
        top = prog.cword(c) if c is not None else acc.zero()
    return s, top


def _redc_scan(acc: Acc, T, P, n0):
    """Product scanning (Comba-style) reduction: column k gathers
    q_i m_(k-i) and t_k in a 3-word accumulator; for k < n the column fixes
    q_k = c0 n0 so that the column's low word becomes zero.  Only three
    accumulator words are live; the q_i are reused across columns."""
    prog, n = acc.p, len(P)
    Q, out = [], []
    c0 = c1 = c2 = None
    for k in range(2 * n):
        for i in range(max(0, k - n + 1), min(k, n)):
            lo, hi = prog.mul(Q[i], P[k - i])
            c0, c1, c2 = acc.acc3(c0, c1, c2, lo, hi, None)
        if k < 2 * n:
            c0, c1, c2 = _acc_word(acc, c0, c1, c2, T[k])
        if k < n:
            q = prog.mullo(c0, n0)
            Q.append(q)
            lo, hi = prog.mul(q, P[0])
            _, c = prog.add(c0, lo)          # low word is 0 by the choice of q
            s1, c = acc.addn(c1, hi, c)
            c2 = acc.absorb(c2, c)
            c1 = s1
        else:
            out.append(c0)
        c0, c1, c2 = c1, c2, None
    top = c0 if c0 is not None else acc.zero()
    return out, top


def _acc_word(acc: Acc, c0, c1, c2, w):
    s0, c = acc.addn(c0, w)
    if c is None:
        return s0, c1, c2
    if c1 is None:
        return s0, acc.p.cword(c), c2
    s1, c = acc.p.add(c1, acc.zero(), c)
    return s0, s1, acc.absorb(c2, c)


BUILDERS = {"mul": mul_program, "sqr": sqr_program, "redc": redc_program}


def program(family: str, n: int, target: str) -> Program:
    style, shape = MP_TARGETS[target](family, n)
    return BUILDERS[family](symbol(family, n, target), n, style, shape, w=TARGETS[target].wbits)


def symbol(family: str, n: int, target: str) -> str:
    return f"lf_mp_{family}{n}_{target}"


# ---------------------------------------------------------------- params
PARAM_RE = re.compile(r"^#define\s+LF_MP_(MUL|SQR|REDC)_MAX\s+(\d+)\s*$", re.M)


def read_params(root: Path, target: str) -> dict:
    """Generated sizes per family from src/mp/params/<target>.h (defaults if absent)."""
    path = root / "src" / "mp" / "params" / f"{target}.h"
    out = dict(DEFAULT_MAX)
    if path.exists():
        for fam, val in PARAM_RE.findall(path.read_text()):
            v = int(val)
            if not 1 <= v <= MAX_LIMBS:
                raise ValueError(f"{path}: LF_MP_{fam}_MAX {v} out of range")
            out[fam.lower()] = v
    return out


# ---------------------------------------------------------------- files
def kernel_file(family: str, target: str, sizes, command: str) -> str:
    t = TARGETS[target]
    words = f" on {t.wbits}-bit words" if t.is_c and t.wbits != 64 else ""
    where = "portable C" if t.is_c else f"target {target}"
    return emit_kernel_file(t, [(program(family, n, target), symbol(family, n, target)) for n in sizes],
                            command, [f"mp {family} kernels, sizes {sizes[0]}..{sizes[-1]} limbs{words}; {where}."],
                            guard=library_guard(t),
                            unused=f"lf_mp_{family}_{target}_unused")


def _proto(family: str) -> str:
    return {"mul": "uint64_t *r, const uint64_t *a, const uint64_t *b",
            "sqr": "uint64_t *r, const uint64_t *a",
            "redc": "uint64_t *r, const uint64_t *x, const uint64_t *m"}[family]


def dispatch_file(params: dict, command: str) -> str:
    """Per back end: the tables of generated kernels (index n) and their maxima."""
    targets = list(params)
    L = [provenance(command).rstrip(),
         "/* Tables of the generated mp kernels per back end (src/mp/mp_internal.h).",
         " * Sizes per target from src/mp/params/<target>.h:",
         *[f" *   {t}: " + ", ".join(f"{f} 1..{params[t][f]}" for f in FAMILIES) for t in targets],
         " * A back end without kernels of its own uses its nearest ancestor's. */",
         '#include "mp/mp_internal.h"', ""]
    for t in targets:
        guard = BACKEND_GUARD[TARGETS[t].backend]
        if guard:
            L.append(f"#if {guard}")
        for fam in FAMILIES:
            mx = params[t][fam]
            for n in range(1, mx + 1):
                L.append(f"LF_HIDDEN void {symbol(fam, n, t)}({_proto(fam)});")
            ty = {"mul": "lf_mp_k3", "sqr": "lf_mp_k2", "redc": "lf_mp_k3"}[fam]
            L.append(f"static const {ty} lf_mp_{fam}_{t}[{mx + 1}] = {{NULL, "
                     + ", ".join(symbol(fam, n, t) for n in range(1, mx + 1)) + "};")
        if guard:
            L.append("#endif")
        L.append("")
    # the library's one dispatch pattern (src/generated/dispatch_table.h)
    for t in targets:
        fields = ", ".join(f"lf_mp_{f}_{t}, {params[t][f]}" for f in FAMILIES)
        L.append(f"#define LF_NATIVE_MP_KERNEL_{TARGETS[t].backend.upper()} 1")
        L.append(f'#define LF_MP_SET_{t} {{{fields}, "{t}"}}')
    L += ["#define LF_DISPATCH_OWN(B) LF_NATIVE_MP_KERNEL_##B",
          "#define LF_DISPATCH_ENTRY(B, b) LF_MP_SET_##b",
          "const lf_mp_kernels lf_mp_kernel_table[LF_DISPATCH_SLOTS] = {",
          '#include "generated/dispatch_table.h"',
          "};",
          "#define LF_DISPATCH_MASK",
          "LF_HIDDEN const lf_dispatch_info lf_mp_dispatch = {",
          '    "mp", lf_mp_kernel_table, sizeof lf_mp_kernel_table[0],',
          '#include "generated/dispatch_table.h"',
          "};"]
    return "\n".join(L) + "\n"


def mp_files(root: Path, command: str) -> dict:
    """Every generated file of the mp module, relative to the source tree."""
    params = {t: read_params(root, t) for t in mp_targets()}
    files = {"src/mp/generated/mp_dispatch.c": dispatch_file(params, command)}
    for t, mx in params.items():
        ext = TARGETS[t].ext
        for fam in FAMILIES:
            files[f"src/mp/generated/{t}/mp_{fam}.{ext}"] = kernel_file(
                fam, t, list(range(1, mx[fam] + 1)), command)
    return files
