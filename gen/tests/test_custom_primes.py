# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Custom primes through the public API: `gen field` for a fixed list of
hard primes and, per run, one fresh random prime of each size 1..16 limbs
(forms: full top limb, spare bits, pseudo-Mersenne 2^k - c, c 2^s + 1),
built for every native target with field_api_driver.c and checked, one
process per field and target, against Python ints: every function of the
field header (mul .. pow_var_exp, bytes and limbs in and out with their
range errors, batch_inv, cmov, eq, is_zero, set_zero/one, the array API
vec_* and inner_product), each with r aliasing its inputs, on edge-biased
values; and `--lanes avx512ifma` / `--lanes c` on a few fields.

The random primes come from LF_PRIME_SEED (default: os.urandom), printed at
the start of the run and in every failure:
    LF_PRIME_SEED=<seed> python3 -m pytest -q tests/test_custom_primes.py
replays a run.  LF_TEST_ITERS multiplies the number of random cases
(tests/common/testenv.py);
LF_CUSTOM_FULL=1 adds the slow builds: the installed cross targets
(qemu-user) on every prime (default: on a few of the fixed ones) and the C
kernels of the 16-limb pseudo-Mersenne primes with a full top limb (their
lazy and point kernels make 5 MB of C, ~30 s to compile each).

Default run: ~72 fields x 4 native targets (c, c32, x86_64, x86_64_adx),
~1600..5300 cases each."""
import math
import os
import random
import re
import subprocess
from pathlib import Path

import pytest

import testenv  # tests/common/testenv.py (conftest.py puts it on the path)
from kernels import CC, have_cc, runnable_targets
from limbforge.algo_common import pm_params
from limbforge.cli import main
from limbforge.fields import is_probable_prime
from limbforge.targets import ISA_FLAGS, TARGETS

pytestmark = pytest.mark.skipif(not have_cc(), reason="no C compiler")
HERE = Path(__file__).resolve().parent
SEED = int(os.environ.get("LF_PRIME_SEED") or int.from_bytes(os.urandom(8), "big"))
REPLAY = f"LF_PRIME_SEED={SEED} python3 -m pytest -q tests/test_custom_primes.py"
NATIVE = [t for t in runnable_targets() if not TARGETS[t].cross]
CROSS = [t for t in runnable_targets() if TARGETS[t].cross]
FULL = os.environ.get("LF_CUSTOM_FULL") == "1"
M64 = (1 << 64) - 1


def _c_ntt(bits: int, s: int) -> int:
    """The least c >= 2^(bits-1-s) with c 2^s + 1 prime (bits bits)."""
    c = (1 << (bits - 1 - s)) | 1
    while not is_probable_prime(c * 2**s + 1, 20):
        c += 2
    return c * 2**s + 1


# (name, p, --form): each one a hard case for some part of the code
HARD = [
    ("m61", 2**61 - 1, "auto"),                  # smallest size accepted; Mersenne, Montgomery (1 limb)
    ("p61min", 2**60 + 33, "auto"),              # the smallest prime of 61 bits
    ("p62max", 2**62 - 57, "auto"),              # 1 limb, 2 spare bits
    ("p63max", 2**63 - 25, "auto"),              # 1 limb, 1 spare bit
    ("p64max", 2**64 - 59, "auto"),              # the largest prime below 2^64: full top limb
    ("gold64", 2**64 - 2**32 + 1, "auto"),       # p = 1 mod 2^32 (Tonelli-Shanks, S = 32)
    ("p65min", 2**64 + 13, "auto"),              # top limb 1
    ("pm84", 2**84 - 1629, "auto"),              # pm, 2 limbs, 44 spare bits (rv64: the bounded pm reduction)
    ("m89", 2**89 - 1, "auto"),                  # pm, k = 89
    ("m107", 2**107 - 1, "auto"),
    ("m127", 2**127 - 1, "auto"),                # pm, one spare bit
    ("m127mont", 2**127 - 1, "montgomery"),      # p = -1 mod 2^64: Montgomery factor 1
    ("ntt127", _c_ntt(127, 96), "auto"),         # c 2^96 + 1, 2 limbs
    ("p128max", 2**128 - 159, "auto"),           # pm, full top limb
    ("pm128edge", 2**128 - 0x7fffffffffffffe3, "auto"),  # pm with the largest c allowed
    ("p129min", 2**128 + 51, "auto"),
    ("p130", 2**130 - 5, "auto"),                # Poly1305: 2^k - c but not pm (c 2^62 >= 2^63)
    ("ntt254", _c_ntt(254, 96), "auto"),         # c 2^96 + 1, 4 limbs
    ("ntt255s200", _c_ntt(255, 200), "auto"),    # p - 1 = 2^200 odd: a long Tonelli-Shanks
    ("c25519", 2**255 - 19, "auto"),           # (p25519 is a built-in name)
    ("c25519mont", 2**255 - 19, "montgomery"),
    ("pm255edge", 2**255 - 0x3fffffffffffff45, "auto"),
    ("secp256k1p", 2**256 - 2**32 - 977, "auto"),
    ("p256max", 2**256 - 189, "auto"),
    ("pm256edge", 2**256 - 0x7ffffffffffffed5, "auto"),
    ("nistp256", 2**256 - 2**224 + 2**192 + 2**96 - 1, "auto"),  # p = -1 mod 2^64
    ("ntt320", _c_ntt(320, 64), "auto"),         # p = 1 mod 2^64: Montgomery factor -1
    ("p383", 2**383 - 31, "auto"),
    ("p414", 2**414 - 17, "auto"),
    ("gold448", 2**448 - 2**224 - 1, "auto"),    # not pm (c >= 2^63): Montgomery
    ("p512max", 2**512 - 569, "auto"),
    ("m521", 2**521 - 1, "auto"),                # pm, 55 spare bits
    ("m607", 2**607 - 1, "auto"),
    ("p761", 2**761 - 285, "auto"),
    ("p961min", 2**960 + 1465, "auto"),          # 16 limbs, top limb 1
    ("ntt1000", _c_ntt(1000, 96), "auto"),
    ("pm1021edge", 2**1021 - 0xffffffffffffe59, "auto"),
    ("p1024min", 2**1023 + 1155, "auto"),        # top limb 2^63
    ("p1024max", 2**1024 - 105, "auto"),         # pm, the largest size
    ("pm1024edge", 2**1024 - 0x7ffffffffffffe65, "auto"),
    ("p1024mont", 2**1024 - 105, "montgomery"),
]
# spare-bit and full-top-limb Montgomery primes, fixed seeds
_rng = random.Random(0x5eed)
for _n, _bits in ((2, 127), (2, 126), (3, 192), (5, 319), (7, 448), (8, 511), (12, 767),
                  (16, 1024), (16, 1023)):
    while True:
        _p = _rng.getrandbits(_bits) | (1 << (_bits - 1)) | 1
        if pm_params(_p, _n) is None and is_probable_prime(_p, 20):
            break
    HARD.append((f"r{_bits}", _p, "auto"))
CROSS_ON = {"m61", "pm84", "c25519", "r511"}           # cross targets in the default run
SLOW = {("p1024max", "c"), ("p1024max", "x86_64")} | {("pm1024edge", t) for t in NATIVE}

_SMALL = math.prod(q for q in range(3, 1000, 2) if all(q % d for d in range(3, int(q**0.5) + 1, 2)))


def _prime(cand: int) -> bool:
    return math.gcd(cand, _SMALL) == 1 and is_probable_prime(cand, 20)


def random_prime(n: int, rng: random.Random):
    """A random prime of n limbs in a random form: (description, p)."""
    forms = ["full", "spare", "spare"] + (["pm", "pm", "ntt"] if n > 1 else [])
    form = rng.choice(forms)
    if form == "pm":                     # 2^k - c with pm_params ok, k anywhere in the top limb
        k = rng.randrange(64 * (n - 1) + 8, 64 * n + 1)
        cmax = 63 - (64 * n - k)         # c 2^(64n - k) < 2^63
        for _ in range(20000 if cmax >= 4 else 0):
            cbits = rng.randrange(1, cmax + 1)
            c = rng.getrandbits(cbits) | 1
            p = 2**k - c
            if p.bit_length() == k and pm_params(p, n) and _prime(p):
                return f"pm 2^{k}-{c:#x}", p
        form = "spare"                   # (2^k - c has no prime: e.g. c must be 1)
    if form == "ntt" and n > 1:          # c 2^s + 1
        bits = rng.randrange(64 * (n - 1) + 1, 64 * n + 1)
        for j in range(10**6):
            if j % 500 == 0:             # (a new s now and then: some c 2^s + 1 may have no prime)
                # sqrt is a constant-time Tonelli-Shanks, ~s^2/2 squarings: s = 595 at
                # 15 limbs costs a minute per target, so s <= 160 unless LF_CUSTOM_FULL
                s = rng.randrange(32, bits - 8 if FULL else min(bits - 8, 161))
            c = rng.getrandbits(bits - s) | (1 << (bits - s - 1))
            p = c * 2**s + 1
            if _prime(p):
                return f"ntt c*2^{s}+1", p
    if form == "full":
        bits, full_limb = 64 * n, rng.randrange(2) == 0
    else:
        spare = rng.choice([1, 2, 3]) if n == 1 or rng.randrange(2) else rng.randrange(1, 64)
        bits, full_limb = 64 * n - spare, False
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if full_limb:                    # top limb >= 2^64 - 2^32: the widest carries
            p |= ((1 << 32) - 1) << (bits - 32)
        if _prime(p):
            return f"{'full top limb' if form == 'full' else 'spare bits'}", p


_prng = random.Random(SEED)
RANDOM = []
for _n in range(1, 17):
    _desc, _p = random_prime(_n, _prng)
    RANDOM.append((f"rand{_n:02d}", _p, "auto", _desc))

FIELDS = [(name, p, form, "fixed") for name, p, form in HARD] + RANDOM
# c32 (32-bit words, up to 32 of them): every field of up to 12 limbs, and of
# the larger ones only rand16 (the C of a 16-limb field on 32-bit words takes
# 10-40 s to build; the built-in p1024 runs on c32 in the 32-bit cross targets)
SLOW |= {(f[0], "c32") for f in FIELDS if (f[1].bit_length() + 63) // 64 > 12 and f[0] != "rand16"}
PARAMS = [pytest.param(f, t, id=f"{f[0]}-{t}") for f in FIELDS for t in NATIVE
          if FULL or (f[0], t) not in SLOW] + \
         [pytest.param(f, t, id=f"{f[0]}-{t}") for f in FIELDS for t in CROSS
          if FULL or f[0] in CROSS_ON]


# --- the cases: each a driver line and what must come back -----------------

class Spec:
    """The Python-int side of one field: p, sizes and the internal form."""

    def __init__(self, p: int, montgomery: bool):
        self.p, self.bits = p, p.bit_length()
        self.n, self.nbytes = (self.bits + 63) // 64, (self.bits + 7) // 8
        self.R = (1 << (64 * self.n)) % p if montgomery else 1
        self.Ri = pow(self.R, -1, p)

    def i(self, v: int) -> str:          # hex of v's internal form
        assert 0 <= v < self.p, v        # (a bug of this test)
        return f"{v * self.R % self.p:x}"

    def edge_values(self) -> list:
        p, n, bits = self.p, self.n, self.bits
        vals = [0, 1, 2, 3, p - 1, p - 2, p - 3, (p - 1) // 2, (p + 1) // 2, (p + 3) // 2,
                (p - 3) // 2, (p - 1) // 4, (p + 1) // 4]
        for i in range(1, n + 1):        # 2^k, 2^k - 1, 2^k + 1 near the limb boundaries
            for k in (64 * i - 2, 64 * i - 1, 64 * i, 64 * i + 1):
                for v in ((1 << k) - 1, 1 << k, (1 << k) + 1):
                    vals.append(v)
            vals.append(M64 << (64 * (i - 1)))           # one all-ones limb
            vals.append(p - (1 << (64 * (i - 1))))       # p minus one at limb i
        vals += [1 << (bits - 1), (1 << (bits - 1)) - 1, (1 << bits) - 1 - p,
                 p - M64, p - (1 << 32), (1 << 32) - 1]
        # values whose internal form is an edge (Montgomery: x R^-1)
        for x in (1, 2, p - 1, p - 2, M64, (1 << (64 * (n - 1))), (p + 1) // 2):
            vals.append(x * self.Ri % p)
        out, seen = [], set()
        for v in vals:
            if 0 <= v < p and v not in seen:
                seen.add(v)
                out.append(v)
        return out

    def rand(self, rng: random.Random) -> int:
        p, k = self.p, rng.randrange(10)
        if k < 4:
            return rng.randrange(p)
        if k < 6:                        # runs of ones and zeros
            x, pos = 0, 0
            while pos < self.bits:
                ln = rng.randrange(1, 80)
                if rng.randrange(2):
                    x |= ((1 << ln) - 1) << pos
                pos += ln
            return x % p
        if k == 6:                       # limbs 0 or all-ones
            return sum((M64 if rng.randrange(2) else rng.choice([0, 1, M64 - 1])) << (64 * i)
                       for i in range(self.n)) % p
        if k == 7:
            return (p - 1 - rng.randrange(1 << rng.randrange(1, 70))) % p
        if k == 8:
            return rng.randrange(1 << rng.randrange(1, 70)) % p
        return rng.randrange(p) * self.Ri % p   # a uniform internal form


def _exact(line, want, desc):
    return (line, [str(w) for w in want], desc)


def build_cases(sp: Spec, rng: random.Random) -> list:
    """[(driver line, expected tokens or a checker, description)]."""
    p, I = sp.p, sp.i
    E = sp.edge_values()
    K = testenv.iters(60, 8)
    pool = lambda: rng.choice(E) if rng.randrange(3) == 0 else sp.rand(rng)
    core = [0, 1, 2, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2]
    pairs = [(a, b) for a in core for b in core] + [(a, pool()) for a in E] + \
            [(pool(), a) for a in E[::2]] + [(pool(), pool()) for _ in range(K)]
    singles = E + [pool() for _ in range(K)]
    cases = []
    for a, b in pairs:
        d = f"a={a:#x} b={b:#x}"
        for op, v in (("mul", a * b), ("add", a + b), ("sub", a - b)):
            cases.append(_exact(f"{op} {I(a)} {I(b)}", [op] + [I(v % p)] * 3,
                                f"{op} {d} (results: r separate, r==a, r==b)"))
    for a in singles:
        d = f"a={a:#x}"
        inv = pow(a, -1, p) if a else 0
        for op, v in (("mul2", a * a), ("add2", 2 * a), ("sub2", 0)):
            cases.append(_exact(f"{op} {I(a)}", [op] + [I(v % p)] * 2,
                                f"{op[:3]}(a, a) {d} (results: r separate, r==a==b)"))
        for op, v in (("sqr", a * a), ("neg", -a), ("inv", inv), ("inv_var", inv)):
            cases.append(_exact(f"{op} {I(a)}", [op] + [I(v % p)] * 2,
                                f"{op} {d} (results: r separate, r==a)"))
        cases.append((f"sqrt {I(a)}", sqrt_checker(sp, a), f"sqrt {d} (r separate, r==a)"))
        cases.append(_exact(f"to_bytes {I(a)}", ["to_bytes", f"{a:0{2 * sp.nbytes}x}"], f"to_bytes {d}"))
        cases.append(_exact(f"from_internal {I(a)}", ["from_internal", f"{a:x}", f"{a:x}"],
                            f"from_internal {d} (r separate, r==a->v)"))
        cases.append(_exact(f"is_zero {I(a)}", ["is_zero", int(a == 0)], f"is_zero {d}"))
    cases += pow_cases(sp, rng, E)
    cases += bytes_cases(sp, rng, E)
    for a in E[:10] + [pool() for _ in range(max(4, K // 4))]:     # eq: equal, one bit apart, random
        for b in (a, a ^ (1 << rng.randrange(sp.bits)), pool()):
            if b < p:
                cases.append(_exact(f"eq {I(a)} {I(b)}", ["eq", int(a == b), 1, 1],
                                    f"eq a={a:#x} b={b:#x} (eq(a,b), eq(a,a), eq(b,b))"))
    for flag in (0, 1, -1, 2, 256, 65536, 1 << 30, -(1 << 31), (1 << 31) - 1, 0, 1):
        r, a = pool(), pool()
        cases.append(_exact(f"cmov {I(r)} {I(a)} {flag}", ["cmov", I(a if flag else r), I(a)],
                            f"cmov r={r:#x} a={a:#x} flag={flag} (r separate, r==a)"))
    cases.append(_exact("set_zero", ["set_zero", "0"], "set_zero"))
    cases.append(_exact("set_one", ["set_one", I(1)], "set_one"))
    cases += batch_cases(sp, rng, E, pool)
    cases += vec_cases(sp, rng, E, pool)
    return cases


def sqrt_checker(sp: Spec, a: int):
    p = sp.p
    square = a == 0 or pow(a, (p - 1) // 2, p) == 1      # Euler's criterion

    def check(got):
        if len(got) != 5 or got[0] != "sqrt":
            return "malformed"
        for k, r in ((got[1], got[2]), (got[3], got[4])):
            r = int(r, 16)
            if square:
                if k != "1" or r >= p or (r * sp.Ri) ** 2 % p != a:
                    return f"a is a square: want 1 and a root below p (internal), got {k} {r:#x}"
            elif k != "0" or r != 0:
                return f"a is a non-residue: want 0 and r = 0, got {k} {r:#x}"
        return None
    return check


def pow_cases(sp: Spec, rng: random.Random, E: list) -> list:
    p, bits, I = sp.p, sp.bits, sp.i
    W = 64 * sp.n
    exps = [(0, rng.getrandbits(64)), (64, 0), (1, 1 | rng.getrandbits(63) << 1), (1, 0),
            (64, rng.getrandbits(64) | 1 << 63), (65, rng.getrandbits(65) | 1 << 64),
            (65, 1 << 64), (64, M64), (2, 3), (3, 5),
            (bits, p - 1), (bits, p - 2), (W, p - 1), (bits + 100, p - 2), (bits - 1, (p - 1) // 2),
            (bits, (p + 1) // 4), (239, (1 << 239) - 1), (240, (1 << 240) - 1), (241, (1 << 241) - 1),
            (240, rng.getrandbits(240)), (239, rng.getrandbits(239)), (300, 1), (300, 1 << 299),
            (2 * bits, rng.getrandbits(2 * bits)), (rng.randrange(1, 2 * W), None),
            (rng.randrange(1, 300), None), (1100, rng.getrandbits(1100))]
    cases = []
    for j, (ebits, e) in enumerate(exps):
        if e is None:
            e = rng.getrandbits(ebits)
        nw = max(1, (ebits + 63) // 64)
        junk = rng.getrandbits(64 * nw) >> ebits << ebits if rng.randrange(2) else 0
        word = (e & ((1 << ebits) - 1)) | junk   # bits above ebits must be ignored
        for a in ([0, 1, p - 1] if j < 3 else []) + [E[j % len(E)], sp.rand(rng)]:
            v = pow(a, e & ((1 << ebits) - 1), p)
            cases.append(_exact(f"pow {I(a)} {ebits} {word:x}", ["pow", I(v), I(v)],
                                f"pow_var_exp a={a:#x} ebits={ebits} e words={word:#x} (r separate, r==a)"))
    return cases


def bytes_cases(sp: Spec, rng: random.Random, E: list) -> list:
    """from_bytes and to_internal: below p accepted, p and above refused with r = 0."""
    p, I, B, W = sp.p, sp.i, sp.nbytes, 64 * sp.n
    cases = []
    top8, topw = 1 << (8 * B), 1 << W
    over = [p, p + 1, p + 2, p + 255, p + M64, 2 * p - 1, p | ((1 << (sp.bits - 1)) - 1)]
    byte_vals = E + over + [top8 - 1, top8 - 2, 1 << (sp.bits - 1) << 1, p + (1 << (sp.bits - 8))]
    byte_vals += [rng.randrange(p, top8) for _ in range(6)] + [sp.rand(rng) for _ in range(6)]
    for v in byte_vals:
        if v < top8:
            want = ["0", I(v)] if v < p else ["-1", "0"]
            cases.append(_exact(f"from_bytes {v:0{2 * B}x}", ["from_bytes"] + want, f"from_bytes v={v:#x}"))
    ptop = p >> (W - 64)
    limb_vals = E + over + [topw - 1, topw - 2, topw >> 1, ((ptop + 1) << (W - 64)) if ptop < M64 else p,
                            (ptop << (W - 64)) | ((1 << (W - 64)) - 1)]     # top limb = p's, rest all-ones
    limb_vals += [rng.randrange(p, topw) for _ in range(6)] + [sp.rand(rng) for _ in range(6)]
    for v in limb_vals:
        if v < topw:
            want = ["0", I(v)] if v < p else ["-1", "0"]
            cases.append(_exact(f"to_internal {v:x}", ["to_internal"] + want * 2,
                                f"to_internal limbs={v:#x} (r separate, r->v == a)"))
    return cases


def batch_cases(sp: Spec, rng: random.Random, E: list, pool) -> list:
    p, I = sp.p, sp.i
    lists = [[], [0], [1], [p - 1], [pool()], [0, 0], [0, pool(), 0, pool(), pool()],
             [pool() for _ in range(5)], [0] * 5, E[:5]]
    for m in (31, 32, 33, 64, 65, rng.randrange(2, 100)):
        lists.append([0 if rng.randrange(6) == 0 else pool() for _ in range(m)])
    # in place: one inversion per 1024 elements, chunks of 32; a zero chunk
    big = [pool() for _ in range(1024 + rng.randrange(1, 80))]
    big[64:96] = [0] * 32
    big[rng.randrange(len(big))] = 0
    lists.append(big)
    cases = []
    for xs in lists:
        invs = [I(pow(x, -1, p)) if x else "0" for x in xs]
        cases.append(_exact(f"batch {len(xs)} " + " ".join(I(x) for x in xs),
                            ["batch"] + invs + ["|"] + invs,
                            f"batch_inv n={len(xs)} a=[{', '.join(hex(x) for x in xs[:8])}"
                            f"{', ...' if len(xs) > 8 else ''}] (separate, then in place)"))
    return cases


def vec_cases(sp: Spec, rng: random.Random, E: list, pool) -> list:
    """The array API (vec_mul .. inner_product): counts around the 8-element
    blocks and the padded tail, separate output and in place."""
    p, I = sp.p, sp.i
    cases = []
    counts = [0, 1, 6, 7, 8, 9, 15, 16, 17, 23, 64, 67, rng.randrange(2, 200)]
    for op in ("mul", "sqr", "add", "sub", "muls", "ip"):
        for n in counts:
            a = [pool() for _ in range(n)]
            b = [pool() for _ in range(n)]
            c = pool()
            if op == "mul":
                r = [x * y % p for x, y in zip(a, b)]
            elif op == "sqr":
                r = [x * x % p for x in a]
            elif op == "add":
                r = [(x + y) % p for x, y in zip(a, b)]
            elif op == "sub":
                r = [(x - y) % p for x, y in zip(a, b)]
            elif op == "muls":
                r = [x * c % p for x in a]
            else:
                r = [sum(x * y for x, y in zip(a, b)) % p]
            ins = a + ([c] if op == "muls" else [] if op == "sqr" else b)
            want = [I(x) for x in r]
            cases.append(_exact(f"vec {op} {n} " + " ".join(I(x) for x in ins),
                                ["vec"] + want + ["|"] + want,
                                f"vec_{op} n={n} (separate, then in place)"))
    return cases


# --- building and running ----------------------------------------------------

_CASES = {}


def _cases_for(name: str, sp: Spec) -> list:
    """The cases of a field: the same for every target (seeded by SEED and name)."""
    key = (name, sp.p, sp.R)
    if key not in _CASES:
        _CASES[key] = build_cases(sp, random.Random(f"{SEED}:{name}"))
    return _CASES[key]


_ANNOUNCED = []


@pytest.fixture(autouse=True)
def _announce(request):
    """Print the seed and the random primes once per run (also under -q)."""
    if not _ANNOUNCED:
        _ANNOUNCED.append(1)
        rep = request.config.pluginmanager.getplugin("terminalreporter")
        capman = request.config.pluginmanager.getplugin("capturemanager")
        if rep is not None and capman is not None:
            with capman.global_and_fixture_disabled():
                rep.write_line(f"\ntest_custom_primes: LF_PRIME_SEED={SEED}")
                for name, p, _, desc in RANDOM:
                    rep.write_line(f"  {name}: {p.bit_length()} bits, {desc}: {p:#x}")


def _compile(name: str, p: int, form: str, target: str, out: Path, lanes: str = "none") -> list:
    assert main(["gen", "field", "--modulus", hex(p), "--name", name, "--target", target,
                 *(["--form", form] if form != "auto" else []), "--lanes", lanes,
                 "--out", str(out)]) == 0
    t = TARGETS[target]
    kern = out / f"{name}_{target}.{t.ext}"
    exe = out / "drv"
    cc = [t.cross.get("cc", CC), "-std=c11", "-Wall", "-Werror", *t.cross.get("cflags", []), f"-I{out}"]
    # -O2 as users build, but -O1 for C kernels of over 150 kB (16 limbs: 1 MB,
    # gcc -O2 takes 3-4 times as long; the existing kernel tests use -O1);
    # c32's are twice as large (a 1024-bit field: 32 words)
    big = t.is_c and kern.stat().st_size > 150_000
    subprocess.run([*cc, "-O1" if big else "-O2", "-c", str(kern), "-o", str(out / "kern.o")], check=True)
    # the field's own C (and its lane kernels) at -O2; the test driver, which
    # is not under test, at -O0 (a third of the time of -O2)
    objs = []
    # (the lane file with its back end's ISA flags, as `gen field` says)
    for src, isa in [(out / f"{name}.c", ())] + \
            ([(out / f"{name}_lanes_{lanes}.c", ISA_FLAGS.get(lanes, ()))] if lanes != "none" else []):
        objs.append(str(out / (src.stem + ".o")))
        subprocess.run([*cc, "-O2", *isa, "-c", str(src), "-o", objs[-1]], check=True)
    subprocess.run([*cc, "-O0", f"-DDRV_NAME={name}", f"-DDRV_UP=LF_{name.upper()}",
                    f'-DDRV_HEADER="limbforge/field/{name}.h"', str(HERE / "field_api_driver.c"),
                    *objs, str(out / "kern.o"), "-o", str(exe)], check=True)
    return [*t.cross.get("run", []), str(exe)]


# `gen field --lanes`: the lane kernels behind the array API, on a few fields
# of up to 8 limbs (the random ones of 1, 4, 6 and 8 limbs and a fixed pm
# prime): avx512ifma with the adx kernels (the scalar loop where the CPU has
# no IFMA), lane C with the C kernels
LANE_FIELDS = [f for f in FIELDS if f[0] in ("rand01", "rand04", "rand06", "rand08")] + \
    [f for f in FIELDS if f[3] == "fixed" and f[2] == "pm" and (f[1].bit_length() + 63) // 64 <= 8][:1]
LANE_PARAMS = [pytest.param(f, t, lt, id=f"{f[0]}-{t}-lanes_{lt}") for f in LANE_FIELDS
               for t, lt in (("x86_64_adx", "avx512ifma"), ("c", "c")) if t in NATIVE]


@pytest.mark.parametrize("field,target,lanes", LANE_PARAMS)
def test_custom_prime_lanes(field, target, lanes, tmp_path):
    test_custom_prime(field, target, tmp_path, lanes)


@pytest.mark.parametrize("field,target", PARAMS)
def test_custom_prime(field, target, tmp_path, lanes="none"):
    name, p, form, origin = field
    cmd = _compile(name, p, form, target, tmp_path, lanes)
    header = (tmp_path / "limbforge" / "field" / f"{name}.h").read_text()
    montgomery = "internal form: Montgomery" in header
    want_pm = form == "pm" or (form == "auto" and pm_params(p, (p.bit_length() + 63) // 64) is not None)
    assert montgomery == (not want_pm), f"{name}: header says {'Montgomery' if montgomery else 'pm'}"
    assert re.search(rf"p = {hex(p)}\b", header), f"{name}: header does not state p = {p:#x}"
    sp = Spec(p, montgomery)
    cases = _cases_for(name, sp)
    res = subprocess.run(cmd, input="".join(c[0] + "\n" for c in cases), capture_output=True,
                         text=True, timeout=600)
    lines = res.stdout.split("\n")
    where = (f"{name} ({origin}) p={p:#x} ({sp.bits} bits, {sp.n} limbs, "
             f"{'Montgomery' if montgomery else 'pm'} form), target {target}, lanes {lanes}; "
             f"replay: {REPLAY}")
    if res.returncode != 0:
        k = res.stdout.count("\n")       # complete lines: the cases done
        at = cases[k][2] if k < len(cases) else "after the last case"
        pytest.fail(f"{where}: driver exit {res.returncode} at case {k}: {at}\n{res.stderr[-3000:]}",
                    pytrace=False)
    if res.stdout.count("\n") != len(cases):
        pytest.fail(f"{where}: {res.stdout.count(chr(10))} lines for {len(cases)} cases", pytrace=False)
    bad = []
    for (line, want, desc), got_line in zip(cases, lines):
        got = got_line.split()
        err = want(got) if callable(want) else (None if got == want else "mismatch")
        if err:
            bad.append((desc, err, want, got))
    if bad:
        msg = [f"{where}: {len(bad)} of {len(cases)} cases wrong (internal forms in hex); first ones:"]
        for desc, err, want, got in bad[:6]:
            msg.append(f"  {desc}: {err}" + ("" if callable(want) else
                                            f"\n    want {' '.join(want)[:600]}\n    got  {' '.join(got)[:600]}"))
        pytest.fail("\n".join(msg), pytrace=False)
