# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Constants and bound proof for limbforge's NTT mod q = 3329 (src/ntt/).

`make gen` writes the header src/ntt/generated/ntt_consts.h from it
(files(), through `limbforge gen builtin`, which runs the proof), `make
check-gen` checks it; `cd gen && python3 -m limbforge.nttbounds` prints the
bounds table (the proof).

Every back end follows one reduction schedule (written below as Python: the
same sequence of adds, subs, Montgomery and Barrett reductions that the C and
vector kernels perform, level by level).  The script propagates an interval per
coefficient position through that schedule, with the actual zeta of every
block, and asserts that every intermediate value fits its int16 lane (and that
every product fits int32).  The per-level maxima go into the header; LF_VERIFY
builds check them at run time.

Arithmetic (signed 16-bit lanes, R = 2^16):
  mont(x, z)   = (x*z - t*q) / 2^16 with t = (int16)(x*z*QINV):  exact, = x*z/R mod q.
               Vector form: mulhi(x,z) - mulhi(mullo(x, z*QINV), q).
               Bound: (min(xz) - (2^15-1) q) / 2^16 <= r <= (max(xz) + 2^15 q) / 2^16.
  barrett(x)   = x - q*floor(x*20159 / 2^26)   (mulhi by 20159 then >> 10):
               bound by enumerating every int16 in the input interval (exact).
Standard library only.
"""
import sys

from .provenance import provenance

Q = 3329
R = 1 << 16
QINV = pow(Q, -1, R)                 # 62209
QINV_S = QINV - R if QINV >= R // 2 else QINV   # -3327 as int16
BARRETT_V = (1 << 26) // Q + 1       # 20159 = round(2^26 / q)
ZETA = 17                            # primitive 256th root of unity (FIPS 203)
OMEGA = 33                           # order 128: the cyclic product's root
F128 = pow(128, -1, Q)               # 3303
I16 = (-(1 << 15), (1 << 15) - 1)
I32 = (-(1 << 31), (1 << 31) - 1)

assert BARRETT_V == round((1 << 26) / Q)
assert pow(ZETA, 128, Q) == Q - 1 and pow(OMEGA, 64, Q) == Q - 1 and pow(OMEGA, 128, Q) == 1


def brv7(k):
    return int(format(k, "07b")[::-1], 2)


def centered(x):
    x %= Q
    return x - Q if x > Q // 2 else x


def i16(x):
    x &= 0xFFFF
    return x - R if x >= R // 2 else x


# ------------------------------------------------------------------ constants
# ML-KEM: forward block k (k = 128/len + block) uses zeta^brv7(k); the inverse
# (FIPS 203 Algorithm 10) uses zeta^brv7(256/len - 1 - block) for the same
# block, i.e. zeta^brv7(k ^ mask) with the index complemented inside its level.
def mlkem_fwd_zeta(k):
    return pow(ZETA, brv7(k), Q)


def mlkem_inv_zeta(k):
    lvl = k.bit_length() - 1         # 128/len = 2^lvl
    return pow(ZETA, brv7((1 << (lvl + 1)) - 1 - (k - (1 << lvl))), Q)


def mlkem_gamma(m):                  # BaseCaseMultiply's gamma for pair m
    return pow(ZETA, 2 * brv7(m) + 1, Q)


# Cyclic: block k of any level uses omega^(brv7(k)/2) (forward); the inverse
# uses -(that)^-1 so every inverse butterfly is a + b, (b - a) * z.
def cyc_fwd_zeta(k):
    return pow(OMEGA, brv7(k) // 2, Q)


def cyc_inv_zeta(k):
    return (-pow(cyc_fwd_zeta(k), -1, Q)) % Q


def mont_const(z):                   # z * R mod q, centred: the Montgomery form
    return centered(z * R)


# ------------------------------------------------------- interval arithmetic
class Overflow(Exception):
    pass


def chk(iv, rng, what):
    if iv[0] < rng[0] or iv[1] > rng[1]:
        raise Overflow(f"{what}: [{iv[0]}, {iv[1]}] outside [{rng[0]}, {rng[1]}]")
    return iv


def iadd(a, b, what):
    return chk((a[0] + b[0], a[1] + b[1]), I16, what)


def isub(a, b, what):
    return chk((a[0] - b[1], a[1] - b[0]), I16, what)


def imul(a, b):
    c = [x * y for x in a for y in b]
    return chk((min(c), max(c)), I32, "product")


def mont_iv(p):                      # p: interval of the int32 product
    lo = -((-(p[0] - (2**15 - 1) * Q)) // R)   # ceil
    hi = (p[1] + 2**15 * Q) // R
    return chk((lo, hi), I16, "montgomery")


def mont_c(a, z):                    # a times a constant in Montgomery form
    return mont_iv(imul(a, (z, z)))


_barrett_cache = {}


def barrett_value(x):
    return x - Q * ((x * BARRETT_V) >> 26)


def barrett_iv(a):
    a = chk(a, I16, "barrett input")
    if a not in _barrett_cache:
        vals = [barrett_value(x) for x in range(a[0], a[1] + 1)]
        _barrett_cache[a] = (min(vals), max(vals))
    return _barrett_cache[a]


def absmax(ivs):
    return max(max(-lo, hi) for lo, hi in ivs)


def hull(ivs):
    return (min(i[0] for i in ivs), max(i[1] for i in ivs))


# --------------------------------------------------------- the schedules
# Forward (Cooley-Tukey, no reduction at all):  a' = a + t, b' = a - t,
# t = mont(b, zR).  n = 256 (ML-KEM, 7 levels len 128..2) or 128 (cyclic,
# len 64..1).
def forward(n, inp, zeta_of):
    a = [inp] * n
    per_level = [absmax(a)]
    length = n // 2
    lvl = 0
    while length >= (2 if n == 256 else 1):
        blocks = n // (2 * length)
        k0 = 128 // length if n == 256 else 0
        for blk in range(blocks):
            zr = mont_const(zeta_of(k0 + blk if n == 256 else blk))
            for j in range(blk * 2 * length, blk * 2 * length + length):
                t = mont_c(a[j + length], zr)
                a[j + length] = isub(a[j], t, f"fwd level {lvl + 1} b'")
                a[j] = iadd(a[j], t, f"fwd level {lvl + 1} a'")
        per_level.append(absmax(a))
        length //= 2
        lvl += 1
    return a, per_level


# Inverse (Gentleman-Sande): a' = a + b, b' = mont(b - a, zR); Barrett on
# the sums a' of the levels in BARRETT_AFTER; ML-KEM's last level
# instead gives a' = mont(a + b, FA), b' = mont(b - a, FB) (scaling fused).
# The cyclic product's inverse starts from pointwise products < q and needs
# one Barrett pass only.
BARRETT_AFTER = (1, 4)
CYC_BARRETT_AFTER = (4,)


def inverse(n, inp, zeta_of, last=None, barrett_after=BARRETT_AFTER):
    a = [inp] * n
    per_level = [absmax(a)]
    length = 2 if n == 256 else 1
    lvl = 1
    while length <= n // 2:
        blocks = n // (2 * length)
        k0 = 128 // length if n == 256 else 0
        for blk in range(blocks):
            zr = mont_const(zeta_of(k0 + blk))
            for j in range(blk * 2 * length, blk * 2 * length + length):
                s = iadd(a[j], a[j + length], f"inv level {lvl} a+b")
                d = isub(a[j + length], a[j], f"inv level {lvl} b-a")
                if last is not None and length == n // 2:
                    a[j] = mont_c(s, last[0])
                    a[j + length] = mont_c(d, last[1])
                else:
                    # Barrett levels reduce the sums only (the differences
                    # come out of a Montgomery multiplication, already < q)
                    a[j] = barrett_iv(s) if lvl in barrett_after else s
                    a[j + length] = mont_c(d, zr)
        per_level.append(absmax(a))
        length *= 2
        lvl += 1
    return a, per_level


def basemul(ina, inb):
    """Per pair: c0 = mont(a0,b0) + mont(mont(a1,b1), gR); c1 = mont(a0,b1) + mont(a1,b0)."""
    out0, out1 = [], []
    for m in range(128):
        gr = mont_const(mlkem_gamma(m))
        p00 = mont_iv(imul(ina, inb))
        p11 = mont_c(mont_iv(imul(ina, inb)), gr)
        out0.append(iadd(p00, p11, "basemul c0"))
        out1.append(iadd(p00, p00, "basemul c1"))   # same interval as a0b1 + a1b0
    return hull(out0 + out1)


# API contracts (|x| <= bound); the proof below shows they are consistent.
NTT_IN = 4096          # lf_mlkem_ntt_lazy input
INVNTT_IN = 16383      # lf_mlkem_invntt_lazy input (2 * 16383 fits int16)
# the mont factors of the last inverse level (to-Montgomery variant: x f R)
INV_FA = centered(F128 * R * R)
INV_FB = centered(mlkem_inv_zeta(1) * F128 * R * R)
CYC_SCALE = centered(F128 * R * R)    # pointwise: mont(mont(a,b), K) = a b / 128
# FIPS-semantics inverse (lf_mlkem_invntt kernels): the last level gives the
# exact value x 128^-1 (no 2^16 factor), |x| < q, so [0, q) is one conditional add
INV_FA_FIPS = centered(F128 * R)
INV_FB_FIPS = centered(mlkem_inv_zeta(1) * F128 * R)
# Final reduction of the vector FIPS kernels ("freeze"): x + k q as uint16,
# then x - q floor(x 20159 / 2^26) with an unsigned multiply-high; the
# quotient is exact for every uint16 (checked below), so the result is in
# [0, q) with no correction step.  k: 6 after the forward NTT, 8 after the
# cyclic inverse (the smallest multiples that make the input non-negative).
FRZ_NTT_K = 6
FRZ_CYC_K = 8


def freeze_ok(bound, k):
    """x + k q in [0, 2^16) and the unsigned Barrett is exact for all |x| <= bound."""
    if not (bound - k * Q <= 0 <= -bound + k * Q and bound + k * Q < R):
        return False
    return all(((x * BARRETT_V) >> 26) == x // Q for x in range(0, R))


def basemul_fips_bound():
    """Rows-layout FIPS basemul of the vector kernels, a, b in [0, q):
    P = mont(a, b) lane by lane, Qx = mont(a, swap(b)); Pg = mont(P, z) with
    z = R^2 (even lanes) or gamma R^2 (odd lanes), so Pg is exact; c0 = sum of
    the two Pg of a pair, c1 = sum of the two Qx (still x 2^-16); then
    mont(c, R) (c0, reduction only) or mont(c, R^2) (c1) -> |r| < q."""
    inp = (0, Q - 1)
    p = mont_iv(imul(inp, inp))
    zs = [mont_const(R)] + [mont_const(mlkem_gamma(m) * R) for m in range(128)]
    pg = hull([mont_c(p, z) for z in zs])
    c = hull([iadd(pg, pg, "basemul_fips c0"), iadd(p, p, "basemul_fips c1")])
    out = hull([mont_c(c, mont_const(1)), mont_c(c, mont_const(R))])
    return max(-out[0], out[1])


# RVV FIPS basemul in 32-bit lanes (a, b in [0, q)): x1 = a0 b1 + a1 b0 and
# x0 = a0 b0 + gU (mont(a1, b1) + q) by widening unsigned multiply-adds, gU =
# gamma R mod q in [0, q); then Barrett with BASEMUL_W_M = floor(2^32 / q):
# x - q floor(x M / 2^32) in [0, 2q), narrowed, min(r, r - q) as uint16.
BASEMUL_W_M = (1 << 32) // Q


def basemul_wide_bound():
    """Largest x0 / x1 of the RVV FIPS basemul; asserts every intermediate is
    non-negative, below 2^32, and that the Barrett quotient is off by at most
    one below (result in [0, 2q)) for every x up to that bound."""
    inp = (0, Q - 1)
    p11 = mont_iv(imul(inp, inp))
    assert p11[0] + Q >= 0, "mont(a1, b1) + q negative"
    x0 = (Q - 1) ** 2 + (Q - 1) * (p11[1] + Q)
    x1 = 2 * (Q - 1) ** 2
    xmax = max(x0, x1)
    # x/q - x M/2^32 = x (2^32 - q M) / (q 2^32) < 1  <=>  quotient error <= 1
    assert xmax * ((1 << 32) - Q * BASEMUL_W_M) < Q * (1 << 32), "Barrett error > 1"
    assert 2 * Q <= R, "r in [0, 2q) must fit uint16"
    return xmax


def basemul_madd_bound():
    """x86 FIPS basemul (vpmaddwd), a, b in [0, q): e = mont(b, gammaF) and
    f = mont(b, R^2), x = a0 e0 + a1 e1 or a0 f1 + a1 f0 as int32, one
    Montgomery reduction of x; returns max |r| (must be < q for min(r, r + q))."""
    inp = (0, Q - 1)
    zs = [mont_const(R)] + [mont_const(mlkem_gamma(m) * R) for m in range(128)]
    e = hull([mont_c(inp, z) for z in zs])
    p = imul(inp, e)
    x = chk((2 * p[0], 2 * p[1]), I32, "vpmaddwd sum")
    r = mont_iv(x)
    return max(-r[0], r[1])


def prove():
    rep = {}
    # ML-KEM forward
    out, lv = forward(256, (-NTT_IN, NTT_IN), mlkem_fwd_zeta)
    rep["ntt_levels"] = lv
    ntt_out = absmax(out)
    # basemul on forward outputs
    bm = basemul((-ntt_out, ntt_out), (-ntt_out, ntt_out))
    rep["basemul_in"] = ntt_out
    rep["basemul_out"] = max(-bm[0], bm[1])
    assert rep["basemul_out"] <= INVNTT_IN, "basemul output exceeds invntt input bound"
    # inverse on the widest accepted input
    out, lv = inverse(256, (-INVNTT_IN, INVNTT_IN), mlkem_inv_zeta, (INV_FA, INV_FB))
    rep["invntt_levels"] = lv
    # INVNTT_IN is tight: one more and level 1 overflows
    try:
        inverse(256, (-INVNTT_IN - 1, INVNTT_IN + 1), mlkem_inv_zeta, (INV_FA, INV_FB))
        raise AssertionError("INVNTT_IN is not the largest safe input")
    except Overflow:
        pass
    # cyclic: [0, q) in, forward, pointwise, inverse
    out, lv = forward(128, (0, Q - 1), cyc_fwd_zeta)
    rep["cyc_fwd_levels"] = lv
    f = absmax(out)
    pw = mont_c(mont_iv(imul((-f, f), (-f, f))), CYC_SCALE)
    rep["cyc_pointwise_out"] = max(-pw[0], pw[1])
    out, lv = inverse(128, pw, cyc_inv_zeta, barrett_after=CYC_BARRETT_AFTER)
    rep["cyc_inv_levels"] = lv
    # FIPS kernels: the inverse's exact last level, the freezes, basemul
    out, lv = inverse(256, (-INVNTT_IN, INVNTT_IN), mlkem_inv_zeta, (INV_FA_FIPS, INV_FB_FIPS))
    rep["invntt_fips_out"] = lv[-1]
    assert lv[-1] < Q, "FIPS inverse: last level not below q"
    assert freeze_ok(rep["ntt_levels"][-1], FRZ_NTT_K), "freeze after the NTT"
    assert freeze_ok(rep["cyc_inv_levels"][-1], FRZ_CYC_K), "freeze after the cyclic inverse"
    rep["basemul_fips_out"] = basemul_fips_bound()
    assert rep["basemul_fips_out"] < Q
    rep["basemul_wide_max"] = basemul_wide_bound()
    rep["basemul_madd_out"] = basemul_madd_bound()
    assert rep["basemul_madd_out"] < Q, "vpmaddwd basemul: reduced value not below q"
    rep["barrett_full"] = barrett_iv(I16)
    # the freeze used at the API: Barrett then conditional subtraction of q
    assert rep["barrett_full"][0] >= 0 and rep["barrett_full"][1] <= Q
    return rep


# ------------------------------------------------------------------ header
def rotl_bits(x, k, bits):
    """x rotated left by k (right for k < 0) as a bits-bit integer (the
    position maps of the constant-geometry tables)."""
    k %= bits
    return ((x << k) | (x >> (bits - k))) & ((1 << bits) - 1)


def table(name, vals, ctype="int16_t", per_line=12):
    lines = []
    for i in range(0, len(vals), per_line):
        lines.append("    " + ", ".join(str(v) for v in vals[i:i + per_line]) + ",")
    return f"static const {ctype} {name}[{len(vals)}] = {{\n" + "\n".join(lines) + "\n};\n"


def pair_tables(name, zetas):
    zr = [mont_const(z) for z in zetas]
    return table(name, zr) + table(name + "_qinv", [i16(z * QINV) for z in zr])


def header(command: str):
    rep = prove()
    o = [provenance(command),
         "/* Constants of the NTT mod q = 3329 and the bounds gen/limbforge/nttbounds.py\n"
         " * proved (its docstring has the arithmetic and schedule). */\n"]
    o.append("#ifndef LF_NTT_CONSTS_H\n#define LF_NTT_CONSTS_H\n#include <stdint.h>\n\n")
    o.append(f"#define LF_NTT_Q {Q}\n#define LF_NTT_QINV ({QINV_S}) /* q^-1 mod 2^16 */\n")
    o.append(f"#define LF_NTT_BARRETT_V {BARRETT_V} /* round(2^26 / q) */\n")
    o.append(f"#define LF_NTT_MONT_R {centered(R)} /* 2^16 mod q, centred */\n")
    o.append(f"#define LF_NTT_MONT_R2 {centered(R * R)} /* 2^32 mod q, centred */\n")
    o.append(f"#define LF_NTT_INV_FA {INV_FA} /* 128^-1 R^2 */\n")
    o.append(f"#define LF_NTT_INV_FA_QINV ({i16(INV_FA * QINV)})\n")
    o.append(f"#define LF_NTT_INV_FB {INV_FB} /* zeta^brv7(1) 128^-1 R^2 (inverse) */\n")
    o.append(f"#define LF_NTT_INV_FB_QINV ({i16(INV_FB * QINV)})\n")
    o.append(f"#define LF_NTT_CYC_SCALE {CYC_SCALE} /* 128^-1 R^2 */\n")
    o.append(f"#define LF_NTT_CYC_SCALE_QINV ({i16(CYC_SCALE * QINV)})\n")
    o.append(f"#define LF_NTT_INV_FA_FIPS {INV_FA_FIPS} /* 128^-1 R: exact last level */\n")
    o.append(f"#define LF_NTT_INV_FA_FIPS_QINV ({i16(INV_FA_FIPS * QINV)})\n")
    o.append(f"#define LF_NTT_INV_FB_FIPS {INV_FB_FIPS}\n")
    o.append(f"#define LF_NTT_INV_FB_FIPS_QINV ({i16(INV_FB_FIPS * QINV)})\n")
    o.append(f"#define LF_NTT_MONT_R_QINV ({i16(centered(R) * QINV)})\n")
    o.append(f"#define LF_NTT_MONT_R2_QINV ({i16(centered(R * R) * QINV)})\n")
    o.append(f"#define LF_NTT_FRZ_NTT_OFS {FRZ_NTT_K * Q} /* freeze: x + k q, k = {FRZ_NTT_K} */\n")
    o.append(f"#define LF_NTT_FRZ_CYC_OFS {FRZ_CYC_K * Q} /* k = {FRZ_CYC_K} */\n")
    o.append(f"#define LF_NTT_INVNTT_FIPS_OUT_MAX {rep['invntt_fips_out']}\n")
    o.append(f"#define LF_NTT_BASEMUL_FIPS_OUT_MAX {rep['basemul_fips_out']}\n\n")
    o.append("/* Proven bounds (max |x|) */\n")
    o.append(f"#define LF_MLKEM_NTT_IN_MAX {NTT_IN}\n")
    o.append(f"#define LF_MLKEM_NTT_OUT_MAX {rep['ntt_levels'][-1]}\n")
    o.append(f"#define LF_MLKEM_BASEMUL_IN_MAX {rep['basemul_in']}\n")
    o.append(f"#define LF_MLKEM_BASEMUL_OUT_MAX {rep['basemul_out']}\n")
    o.append(f"#define LF_MLKEM_INVNTT_IN_MAX {INVNTT_IN}\n")
    o.append(f"#define LF_MLKEM_INVNTT_OUT_MAX {rep['invntt_levels'][-1]}\n")
    o.append("/* after input (index 0) and after each level 1..7 */\n")
    o.append(table("lf_mlkem_ntt_level_max", rep["ntt_levels"], "int32_t", 8))
    o.append(table("lf_mlkem_invntt_level_max", rep["invntt_levels"], "int32_t", 8))
    o.append(table("lf_cyc_fwd_level_max", rep["cyc_fwd_levels"], "int32_t", 8))
    o.append(table("lf_cyc_inv_level_max", rep["cyc_inv_levels"], "int32_t", 8))
    o.append(f"#define LF_CYC_POINTWISE_OUT_MAX {rep['cyc_pointwise_out']}\n")
    o.append(f"#define LF_NTT_BARRETT_AFTER_A {BARRETT_AFTER[0]}\n")
    o.append(f"#define LF_NTT_BARRETT_AFTER_B {BARRETT_AFTER[1]}\n")
    o.append(f"#define LF_CYC_BARRETT_AFTER {CYC_BARRETT_AFTER[0]}\n\n")
    o.append("/* ML-KEM zetas in Montgomery form, index k = 128/len + block (k = 1..127);\n"
             " * *_qinv: the same times q^-1 mod 2^16 (vector Montgomery). */\n")
    o.append(pair_tables("lf_mlkem_zeta", [0] + [mlkem_fwd_zeta(k) for k in range(1, 128)]))
    o.append(pair_tables("lf_mlkem_izeta", [0] + [mlkem_inv_zeta(k) for k in range(1, 128)]))
    o.append("/* gamma of pair m (BaseCaseMultiply), Montgomery form */\n")
    o.append(pair_tables("lf_mlkem_gamma", [mlkem_gamma(m) for m in range(128)]))
    o.append("/* FIPS-order basemul of the vector kernels (pair m at entries 2m, 2m + 1):\n"
             " * R^2 mod q and gamma_m R^2 mod q, so mont(x, .) = x R and x gamma_m R */\n")
    o.append(pair_tables("lf_mlkem_gammaF", [z for m in range(128)
                                               for z in (R % Q, mlkem_gamma(m) * R % Q)]))
    o.append("/* RVV FIPS basemul (32-bit lanes): gamma_m R mod q in [0, q), the Barrett\n"
             " * multiplier floor(2^32 / q), the largest x0, x1 (proven) */\n")
    o.append(table("lf_mlkem_gammaU", [mlkem_gamma(m) * R % Q for m in range(128)], "uint16_t"))
    o.append(f"#define LF_NTT_BASEMUL_W_M {BASEMUL_W_M}u\n")
    o.append(f"#define LF_NTT_BASEMUL_W_MAX {rep['basemul_wide_max']}u\n")
    o.append("/* Cyclic (omega = 33): block k of every level */\n")
    o.append(pair_tables("lf_cyc_zeta", [cyc_fwd_zeta(k) for k in range(64)]))
    o.append(pair_tables("lf_cyc_izeta", [cyc_inv_zeta(k) for k in range(64)]))
    o.append(LAYOUT_NOTE)
    zb, izb = [], []
    for length, nvec in ((8, 1), (4, 2), (2, 4)):
        for sel in range(nvec):
            for i in range(16):
                k = 128 // length + (16 // length // 2) * 0 + (i * (16 // (2 * length)) + sel)
                zb.append(mlkem_fwd_zeta(k))
                izb.append(mlkem_inv_zeta(k))
    o.append(pair_tables("lf_mlkem_zetaB", zb))
    o.append(pair_tables("lf_mlkem_izetaB", izb))
    o.append(pair_tables("lf_mlkem_gammaB", [mlkem_gamma(8 * i + u) for u in range(8)
                                               for i in range(16)]))
    o.append(CYC8_NOTE)
    cz, icz = [], []
    for nvec, blk in ((1, lambda b, r, s: 8 * b + r),
                      (2, lambda b, r, s: 16 * b + 2 * r + s),
                      (4, lambda b, r, s: 32 * b + 4 * r + s)):
        for b in range(2):
            for sel in range(nvec):
                for r in range(8):
                    cz.append(cyc_fwd_zeta(blk(b, r, sel)))
                    icz.append(cyc_inv_zeta(blk(b, r, sel)))
    o.append(pair_tables("lf_cyc_zeta8", cz))
    o.append(pair_tables("lf_cyc_izeta8", icz))
    o.append(CG_NOTE)
    rotl = lambda x, k: rotl_bits(x, k, 7)
    rotr = lambda x, k: rotl_bits(x, -k, 7)
    o.append(table("lf_cyc_zetaCG", [mont_const(cyc_fwd_zeta(rotr(j, k) >> (7 - k)))
                                      for k in range(7) for j in range(64)]))
    o.append(table("lf_cyc_izetaCG", [mont_const(cyc_inv_zeta(rotl(2 * j, s) >> (s + 1)))
                                       for s in range(7) for j in range(64)]))
    o.append(MLKEM_CG_NOTE)
    rotl8 = lambda x, k: rotl_bits(x, k, 8)
    rotr8 = lambda x, k: rotl_bits(x, -k, 8)
    o.append(table("lf_mlkem_zetaCG", [mont_const(mlkem_fwd_zeta((1 << k) + (rotr8(j, k) >> (8 - k))))
                                        for k in range(7) for j in range(128)]))
    o.append(table("lf_mlkem_izetaCG", [mont_const(mlkem_inv_zeta((1 << (7 - s)) +
                                                                  (rotl8(2 * j, s) >> (s + 1))))
                                         for s in range(1, 7) for j in range(128)]))
    bpos = lambda c: 16 * (c % 16) + c // 16
    o.append(table("lf_mlkem_cgBx", [2 * bpos(rotl8(j, 2)) for j in range(128)], "uint16_t"))
    o.append(table("lf_mlkem_cgBy", [2 * bpos(rotl8(j, 2) + 2) for j in range(128)], "uint16_t"))
    o.append(table("lf_mlkem_cgSx", [2 * rotl8(j, 2) for j in range(128)], "uint16_t"))
    o.append(table("lf_mlkem_cgSy", [2 * (rotl8(j, 2) + 2) for j in range(128)], "uint16_t"))
    o.append(table("lf_mlkem_bmB", [2 * (32 * u + i) for u in range(8) for i in range(16)],
                   "uint16_t"))
    o.append("\n#endif\n")
    return "".join(o)


LAYOUT_NOTE = """
/* ML-KEM "B order" (the lazy API's NTT domain): position 16 j + i holds the
 * FIPS 203 NTT coefficient 16 i + j (a 16 x 16 transpose).  Per-lane zetas of
 * the levels len = 8, 4, 2 in B order, 16 lanes (lane = i) per vector:
 *   len 8: 1 vector  (k = 16 + i)
 *   len 4: 2 vectors (vector s = j >> 3:  k = 32 + 2 i + s)
 *   len 2: 4 vectors (vector s = j >> 2:  k = 64 + 4 i + s)
 * gammaB[u][i] = gamma of pair 8 i + u (coefficients 16 i + 2u, 16 i + 2u + 1,
 * at B positions 32 u + i and 32 u + 16 + i). */
"""

CYC8_NOTE = """
/* Cyclic product, transposed layout of the 8-lane kernels: vector 8 b + k
 * (b = 0, 1; k = 0..7), lane r holds coefficient 64 b + 8 r + k.  Per-lane
 * zetas, 8 per vector, for b = 0, 1 in turn: len = 4 (1 vector per b),
 * 2 (2 vectors, s = k >> 2), 1 (4 vectors, s = k >> 1). */
"""


CG_NOTE = """
/* Cyclic product, constant geometry (the RVV kernel): every forward level
 * reads the butterfly pairs (j, j + 64), j < 64, and writes them to (2 j,
 * 2 j + 1); every inverse level reads (2 j, 2 j + 1) and writes (j, j + 64).
 * Before forward level k (k = 0..6, len 2^(6-k)) position p holds coefficient
 * rotl7^k(p), so lane j's block is rotr7^k(j) >> (7 - k); before inverse
 * level s (len 2^s) position p holds rotr7^s(p), lane j's block
 * rotl7^s(2 j) >> (s + 1).  After seven levels the order is the standard one
 * again.  64 per-lane zetas (Montgomery form) per level, levels in turn; the
 * kernel forms z q^-1 with one multiply instead of a second table. */
"""


MLKEM_CG_NOTE = """
/* ML-KEM NTT, constant geometry (the RVV kernels; as CG_NOTE with 8-bit
 * positions).  Forward level k (0..6, len 2^(7-k)): lane j reads (j, j + 128),
 * holding coefficient i = rotr8^k(j) and i + len, block zeta index
 * 2^k + (i >> (8 - k)), and writes (2 j, 2 j + 1); the last level writes
 * straight to B order instead: coefficient c goes to 16 (c mod 16) + c / 16,
 * byte offsets lf_mlkem_cgBx (for i = rotl8^2(j)) and lf_mlkem_cgBy (i + 2).
 * Inverse level s (1..7, len 2^s): lane j reads (2 j, 2 j + 1), holding
 * i = rotl8^s(2 j) and i + len (the first level gathers them from B order
 * through the same two tables), zeta index 2^(7-s) + (i >> (s + 1)) (levels
 * 1..6; the last is the scaled one), and writes (j, j + 128): after level 7
 * the order is the standard one.  lf_mlkem_cgSx/Sy: the same coefficients'
 * byte offsets in standard (FIPS) order, for the checked kernels.
 * lf_mlkem_bmB: lane 16 u + i of the B-order basemul, the byte offset of its
 * pair's first coefficient 32 u + i (the second is 16 further). */
"""


def files(command: str) -> dict:
    """The generated file of the NTT constants (the proof runs first)."""
    return {"src/ntt/generated/ntt_consts.h": header(command)}


def main(argv):
    if argv:
        print("usage: python3 -m limbforge.nttbounds (prints the proof's bounds table)", file=sys.stderr)
        return 2
    rep = prove()
    print(f"q = {Q}, Montgomery R = 2^16, Barrett v = {BARRETT_V}")
    print(f"Barrett output over all int16 inputs: {rep['barrett_full']}")
    print(f"ML-KEM NTT  (|in| <= {NTT_IN}), max |x| after each level:", rep["ntt_levels"])
    print(f"basemul: |in| <= {rep['basemul_in']} -> |out| <= {rep['basemul_out']}")
    print(f"ML-KEM invNTT (|in| <= {INVNTT_IN}, Barrett after levels {BARRETT_AFTER}):",
          rep["invntt_levels"])
    print("cyclic fwd ([0,q) in):", rep["cyc_fwd_levels"])
    print("cyclic pointwise out:", rep["cyc_pointwise_out"])
    print(f"cyclic inv (Barrett after level {CYC_BARRETT_AFTER}):", rep["cyc_inv_levels"])
    print("FIPS inverse last level: max |x| =", rep["invntt_fips_out"], "< q")
    print(f"freeze x + {FRZ_NTT_K}q / x + {FRZ_CYC_K}q: exact unsigned Barrett")
    print("FIPS basemul (rows layout) out: max |x| =", rep["basemul_fips_out"], "< q")
    print("x86 FIPS basemul (vpmaddwd): max |r| =", rep["basemul_madd_out"], "< q")
    print("RVV FIPS basemul, 32-bit lanes: max x0, x1 =", rep["basemul_wide_max"],
          "(Barrett with floor(2^32/q) off by <= 1)")
    print("all intermediates fit int16 lanes; all products fit int32")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
