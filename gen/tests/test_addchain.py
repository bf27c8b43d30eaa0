# SPDX-License-Identifier: Apache-2.0 OR MIT
"""addchain: the chains evaluate to their exponent (on integers, and as powers
mod p), are never worse than field_template.h's sliding windows, and the
register contract the C printer relies on holds."""
import os
import random

import pytest

from limbforge import addchain
from limbforge.addchain import OUT
from limbforge.fields import builtin_fields

FIELDS = builtin_fields()


def check_registers(ch):
    """0 (the input) is never written, OUT only by the last step, every read
    register was written before (or is the input)."""
    written = {0}
    for i, s in enumerate(ch.steps):
        if s[0] == "sqr_n":
            _, d, a, n = s
            reads = (a,)
            assert n >= 1
        else:
            _, d, a, b = s
            reads = (a, b)
        assert all(r in written for r in reads), (i, s)
        assert d != 0
        assert (d == OUT) == (i == len(ch.steps) - 1), (i, s)
        assert d == OUT or 1 <= d <= ch.ntemps
        written.add(d)


def sliding_total(e):
    sq, mu = addchain.sliding_window_cost(e)
    return sq + mu


@pytest.mark.parametrize("f", FIELDS, ids=lambda f: f.name)
def test_builtin_sqrt_exponent(f):
    e = f.constants()["sqrt_exp"]
    ch = addchain.search(e)
    ch.verify()
    check_registers(ch)
    assert ch.evaluate() == e
    assert ch.cost <= sliding_total(e), (ch.sqr, ch.mul, addchain.sliding_window_cost(e))
    # a few powers mod p against pow()
    rng = random.Random(f.name)
    for x in [0, 1, 2, f.p - 1] + [rng.randrange(f.p) for _ in range(4)]:
        assert ch.power(x, f.p) == pow(x, e, f.p)


# the counts the generated files and src/field/README.md quote; a change of
# the search shows here first (make check-gen then shows the C)
def test_bls12_381_p_counts():
    f = next(f for f in FIELDS if f.name == "bls12_381_p")
    e = f.constants()["sqrt_exp"]
    ch = addchain.search(e)
    assert addchain.sliding_window_cost(e) == (376, 81)
    assert ch.cost <= 450 and ch.mul <= 72, (ch.sqr, ch.mul)


def test_runs_of_ones():
    # exponents made of long runs (pseudo-Mersenne primes): the chain of run
    # lengths, not windows over the runs
    f = {f.name: f for f in FIELDS}
    for name, limit in (("secp256k1_p", 267), ("p25519", 262), ("p448", 454), ("p256_p", 260)):
        ch = addchain.search(f[name].constants()["sqrt_exp"])
        assert ch.cost <= limit, (name, ch.sqr, ch.mul)
    for k in (2, 3, 7, 33, 64, 127, 223, 250):
        e = (1 << k) - 1
        ch = addchain.search(e)
        ch.verify()
        check_registers(ch)
        # k - 1 squarings and about 2 log2 k products
        assert ch.sqr == k - 1 and ch.mul <= 2 * k.bit_length(), (k, ch.sqr, ch.mul)


SEED = int(os.environ.get("LF_ADDCHAIN_SEED", random.randrange(1 << 32)))


def test_random_exponents():
    print(f"LF_ADDCHAIN_SEED={SEED}")
    rng = random.Random(SEED)
    small = list(range(2, 300))
    shapes = []
    for bits in (8, 17, 64, 127, 200, 256, 381, 521):
        shapes.append(rng.getrandbits(bits) | 1 << (bits - 1))        # dense random
        x = 0
        for _ in range(6):                                             # sparse, with runs
            x |= ((1 << rng.randrange(1, 40)) - 1) << rng.randrange(bits)
        shapes.append(x | 1 << (bits - 1))
        shapes.append((rng.getrandbits(bits) | 1 << (bits - 1)) << rng.randrange(1, 90))  # even
    for e in small + shapes:
        ch = addchain.search(e)
        ch.verify()
        check_registers(ch)
        assert ch.cost <= sliding_total(e), (hex(e), ch.sqr, ch.mul, addchain.sliding_window_cost(e))
        m = (1 << 127) - 1
        x = rng.randrange(m)
        assert ch.power(x, m) == pow(x, e, m)


def test_deterministic():
    e = FIELDS[0].constants()["sqrt_exp"]
    a = addchain.search.__wrapped__(e)
    b = addchain.search.__wrapped__(e)
    assert a.steps == b.steps and a.ntemps == b.ntemps


def test_verify_catches_a_wrong_chain():
    ch = addchain.search(0xdead)
    bad = addchain.Chain(0xdead + 2, ch.steps, ch.ntemps)
    with pytest.raises(AssertionError):
        bad.verify()


def test_rejects_small_exponents():
    for e in (0, 1):
        with pytest.raises(ValueError):
            addchain.search(e)
