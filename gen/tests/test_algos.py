# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Algorithms checked through the IR interpreter (no printer involved):
products and squares for N = 1..16, Montgomery and pseudo-Mersenne
arithmetic for many random primes, in both carry-chain styles."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limbforge import algos, algos_pm
from limbforge.fields import is_probable_prime
from limbforge.interp import int_to_words as i2w
from limbforge.interp import run
from limbforge.interp import words_to_int as w2i
from limbforge.verify import VerifyError, verify
from limbforge.ir import Program

STYLES = tuple(algos.STYLES)


def edge_ints(bits):
    top = (1 << bits) - 1
    return st.one_of(st.just(0), st.just(1), st.just(top), st.just(top - 1),
                     st.integers(0, top),
                     st.integers(0, 63).map(lambda k: (top >> k)),
                     st.integers(0, bits - 1).map(lambda k: 1 << k))


_products = {}


def product_progs(n, style):
    key = (n, style)
    if key not in _products:
        _products[key] = (algos.mul_program("m", n, style), algos.sqr_program("s", n, style))
    return _products[key]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("n", range(1, 17))
def test_products(n, style):
    pm, ps = product_progs(n, style)
    rng = random.Random(n)
    top = (1 << (64 * n)) - 1
    vals = [0, 1, top, top - 1, 1 << (64 * n - 1)] + [rng.getrandbits(64 * n) for _ in range(40)]
    for a in vals:
        b = vals[rng.randrange(len(vals))]
        assert w2i(run(pm, {"a": i2w(a, n), "b": i2w(b, n)})["r"]) == a * b
        assert w2i(run(ps, {"a": i2w(a, n)})["r"]) == a * a


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(STYLES), st.integers(1, 8), st.data())
def test_products_hypothesis(style, n, data):
    pm, ps = product_progs(n, style)
    a = data.draw(edge_ints(64 * n))
    b = data.draw(edge_ints(64 * n))
    assert w2i(run(pm, {"a": i2w(a, n), "b": i2w(b, n)})["r"]) == a * b
    assert w2i(run(ps, {"a": i2w(a, n)})["r"]) == a * a


def rand_prime(bits, rng):
    while True:
        x = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(x, 16):
            return x


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16])
def test_montgomery_random_primes(n, style):
    rng = random.Random(7 * n)
    for bits in {64 * n, 64 * n - 1, max(3, 64 * n - 40)}:
        p = rand_prime(bits, rng)
        mp = algos.mont_params(p, n)
        Ri = pow(2, -64 * n, p)
        progs = {
            "mul": algos.mont_mul_program("m", p, n, style),
            "sqr": algos.mont_sqr_program("s", p, n, style),
            "to": algos.mont_mul_program("t", p, n, style, b_const=mp["r2"]),
            "from": algos.from_mont_program("f", p, n, style),
            "add": algos.add_program("a", p, n, style),
            "sub": algos.sub_program("b", p, n, style),
            "neg": algos.neg_program("n", p, n, style),
        }
        vals = [0, 1, p - 1, p - 2] + [rng.randrange(p) for _ in range(12)]
        for a in vals:
            b = vals[rng.randrange(len(vals))]
            A, B = i2w(a, n), i2w(b, n)
            assert w2i(run(progs["mul"], {"a": A, "b": B})["r"]) == a * b * Ri % p
            assert w2i(run(progs["sqr"], {"a": A})["r"]) == a * a * Ri % p
            assert w2i(run(progs["to"], {"a": A})["r"]) == a * mp["R"] % p
            assert w2i(run(progs["from"], {"a": A})["r"]) == a * Ri % p
            assert w2i(run(progs["add"], {"a": A, "b": B})["r"]) == (a + b) % p
            assert w2i(run(progs["sub"], {"a": A, "b": B})["r"]) == (a - b) % p
            assert w2i(run(progs["neg"], {"a": A})["r"]) == (-a) % p


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("p,n", [(2**256 - 2**32 - 977, 4), (2**255 - 19, 4), (2**127 - 1, 2),
                                 (2**521 - 1, 9)])
def test_pseudo_mersenne(p, n, style):
    assert algos.pm_params(p, n) is not None
    pm = algos_pm.pm_mul_program("m", p, n, style)
    ps = algos_pm.pm_mul_program("s", p, n, style, square=True)
    rng = random.Random(p % 1000)
    for a in [0, 1, p - 1, p - 2] + [rng.randrange(p) for _ in range(300)]:
        b = rng.randrange(p)
        assert w2i(run(pm, {"a": i2w(a, n), "b": i2w(b, n)})["r"]) == a * b % p
        assert w2i(run(ps, {"a": i2w(a, n)})["r"]) == a * a % p


def test_spare_bit_shortcut_used():
    # bls12_381_p has a spare bit: the accumulator never needs word n+1,
    # so the kernel has fewer adds than one for a full-width prime
    p381 = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
    p384 = 2**384 - 2**128 - 2**96 + 2**32 - 1
    a = algos.mont_mul_program("m", p381, 6, "adx").count()["add"]
    b = algos.mont_mul_program("m", p384, 6, "adx").count()["add"]
    assert a < b


def test_pm_params_rejects_wide_fold():
    # 2^130 - 5 in 3 limbs: 2^192 mod p = 5 * 2^62 does not fit the one-word fold
    assert algos.pm_params(2**130 - 5, 3) is None


def test_pm_params_rejects_large_c():
    # a 61-bit prime far below 2^61: c is too large for the folds' bounds
    assert algos.pm_params(0x1a390fb0c2db2db3, 1) is None
    assert algos.pm_params(2**64 - 59, 1) is None            # one limb: no room to fold
    assert algos.pm_params((1 << 255) + 95, 4) is None       # not 2^k - c


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(STYLES), st.integers(2, 5), st.integers(1, 60), st.data())
def test_pseudo_mersenne_any_accepted(style, n, cbits, data):
    """Any modulus 2^k - c that pm_params accepts reduces correctly (odd
    moduli suffice for the reduction; primality is not needed)."""
    k = data.draw(st.integers(64 * n - 3, 64 * n))
    c = data.draw(st.integers(1, (1 << cbits) - 1)) | 1
    p = (1 << k) - c
    if algos.pm_params(p, n) is None:
        return
    prog = algos_pm.pm_mul_program("m", p, n, style)
    for _ in range(5):
        a = data.draw(st.one_of(st.just(p - 1), st.integers(0, p - 1)))
        b = data.draw(st.one_of(st.just(p - 1), st.integers(0, p - 1)))
        assert w2i(run(prog, {"a": i2w(a, n), "b": i2w(b, n)})["r"]) == a * b % p


def test_mul_counts():
    # CIOS uses exactly 2N^2 + N multiplications (N^2 products, N^2 for m*p, N for m)
    for n in (4, 6):
        prog = algos.mont_mul_program("m", rand_prime(64 * n - 2, random.Random(n)), n, "adx")
        c = prog.count()
        assert c["mul"] + c["mullo"] == 2 * n * n + n


def test_verifier_rejects():
    p = Program("bad")
    r = p.out("r", 1)
    a = p.inp("a", 1)
    x = p.load(a, 0)
    p.store(r, 0, x)
    p.store(r, 0, x)          # stored twice
    with pytest.raises(VerifyError):
        verify(p)
    p = Program("bad2")
    r = p.out("r", 2)
    a = p.inp("a", 2)
    x = p.load(a, 0)
    p.store(r, 0, x)
    y = p.load(a, 0)          # read after overwritten (r may alias a)
    p.store(r, 1, y)
    with pytest.raises(VerifyError):
        verify(p)
    p = Program("bad3")
    r = p.out("r", 2)
    p.store(r, 0, p.const(1))  # r[1] never stored
    with pytest.raises(VerifyError):
        verify(p)


# Bounded-style (RISC-V) pseudo-Mersenne reduction with few bits of p in the
# top limb: after the first fold the quotient by 2^k can exceed one word
# (lazy inputs up to 2^(64n)), and a single fold at 2^k may leave more than
# 2p (the generator asserted on 2^84 - 1629 for rv64; custom-prime test).
@pytest.mark.parametrize("p", [2**84 - 1629, 2**78 - 11, 2**75 - 0x3ed, 2**89 - 1,
                               2**123 - 0x3af347dc9c18111, 2**127 - 1])
def test_pm_bounded_short_top_limb(p):
    from limbforge import algos_bounded
    n = (p.bit_length() + 63) // 64
    rng = random.Random(p)
    top = (1 << (64 * n)) - 1
    for sq in (False, True):
        full = algos_bounded.pm_mul_program("t", p, n, sq, False)
        lazy = algos_bounded.pm_mul_program("t", p, n, sq, True)
        for a, b in [(0, 0), (p - 1, p - 1), (1, p - 1)] + [(rng.randrange(p), rng.randrange(p))
                                                         for _ in range(200)]:
            ins = {"a": i2w(a, n)} if sq else {"a": i2w(a, n), "b": i2w(b, n)}
            assert w2i(run(full, ins)["r"]) == (a * a if sq else a * b) % p
        for a, b in [(top, top), (top, 0), (p, top)] + [(rng.randrange(top + 1), rng.randrange(top + 1))
                                                       for _ in range(200)]:
            ins = {"a": i2w(a, n)} if sq else {"a": i2w(a, n), "b": i2w(b, n)}
            r = w2i(run(lazy, ins)["r"])
            assert r <= top and r % p == (a * a if sq else a * b) % p


# ---- 32-bit words (the c32 target): the same algorithms with w = 32 --------
W32_STYLES = ("plain", "madd")


@pytest.mark.parametrize("style", W32_STYLES)
@pytest.mark.parametrize("n", [2, 3, 4, 6, 8, 12, 17])
def test_montgomery_random_primes_w32(n, style):
    """Montgomery on n 32-bit words (R = 2^(32n)): full-width, one spare
    bit and a short top word."""
    rng = random.Random(11 * n)
    for bits in {32 * n, 32 * n - 1, 32 * n - 20}:
        p = rand_prime(bits, rng)
        mp = algos.mont_params(p, n, 32)
        Ri = pow(2, -32 * n, p)
        progs = {
            "mul": algos.mont_mul_program("m", p, n, style, w=32),
            "sqr": algos.mont_sqr_program("s", p, n, style, w=32),
            "to": algos.mont_mul_program("t", p, n, style, b_const=mp["r2"], w=32),
            "from": algos.from_mont_program("f", p, n, style, w=32),
            "add": algos.add_program("a", p, n, style, w=32),
            "sub": algos.sub_program("b", p, n, style, w=32),
            "neg": algos.neg_program("n", p, n, style, w=32),
        }
        vals = [0, 1, p - 1, p - 2] + [rng.randrange(p) for _ in range(12)]
        for a in vals:
            b = vals[rng.randrange(len(vals))]
            A, B = i2w(a, n, 32), i2w(b, n, 32)
            assert w2i(run(progs["mul"], {"a": A, "b": B})["r"], 32) == a * b * Ri % p
            assert w2i(run(progs["sqr"], {"a": A})["r"], 32) == a * a * Ri % p
            assert w2i(run(progs["to"], {"a": A})["r"], 32) == a * mp["R"] % p
            assert w2i(run(progs["from"], {"a": A})["r"], 32) == a * Ri % p
            assert w2i(run(progs["add"], {"a": A, "b": B})["r"], 32) == (a + b) % p
            assert w2i(run(progs["sub"], {"a": A, "b": B})["r"], 32) == (a - b) % p
            assert w2i(run(progs["neg"], {"a": A})["r"], 32) == (-a) % p


@pytest.mark.parametrize("style", W32_STYLES)
@pytest.mark.parametrize("p,n", [(2**256 - 2**32 - 977, 8), (2**255 - 19, 8), (2**127 - 1, 4),
                                 (2**521 - 1, 17), (2**192 - 237, 6), (2**931 - 0x66ff, 30)])
def test_pseudo_mersenne_w32(p, n, style):
    """Pseudo-Mersenne on 32-bit words, c' of one word (2^255 - 19) or two
    (secp256k1_p: 2^32 + 977), plain and lazy."""
    assert algos.pm_params(p, n, 32) is not None
    pm = algos_pm.pm_mul_program("m", p, n, style, w=32)
    ps = algos_pm.pm_mul_program("s", p, n, style, square=True, w=32)
    rng = random.Random(p % 997)
    for a in [0, 1, p - 1, p - 2] + [rng.randrange(p) for _ in range(100)]:
        b = rng.randrange(p)
        assert w2i(run(pm, {"a": i2w(a, n, 32), "b": i2w(b, n, 32)})["r"], 32) == a * b % p
        assert w2i(run(ps, {"a": i2w(a, n, 32)})["r"], 32) == a * a % p
    if p.bit_length() == 32 * n:                      # full top word: the lazy kernels
        M = 1 << (32 * n)
        lm = algos_pm.pm_mul_program("lm", p, n, style, lazy=True, w=32)
        la = algos_pm.pm_lazy_linear_program("la", p, n, "add", w=32)
        ls = algos_pm.pm_lazy_linear_program("ls", p, n, "sub", w=32)
        nz = algos_pm.pm_normalize_program("nz", p, n, style, w=32)
        for a in [0, p, p + 1, M - 1, M - p] + [rng.randrange(M) for _ in range(100)]:
            b = rng.choice([0, M - 1, p, rng.randrange(M)])
            A, B = i2w(a, n, 32), i2w(b, n, 32)
            for prog, want in ((lm, a * b), (la, a + b), (ls, a - b)):
                r = w2i(run(prog, {"a": A, "b": B})["r"], 32)
                assert r < M and r % p == want % p
            assert w2i(run(nz, {"a": A})["r"], 32) == a % p
