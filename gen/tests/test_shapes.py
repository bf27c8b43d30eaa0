# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The experimental Montgomery shapes (algos_shapes.py, measured by
bench/mul_shapes.py) through the interpreter against Python ints: edge and
random inputs, the built-in fields they are measured on and random primes."""
import random

import pytest

from limbforge import algos_shapes
from limbforge.fields import builtin_fields, is_probable_prime
from limbforge.interp import int_to_words as i2w
from limbforge.interp import run
from limbforge.interp import words_to_int as w2i

FIELDS = {f.name: f for f in builtin_fields()}


def _random_prime(rng, bits):
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(p):
            return p


def _cases():
    rng = random.Random(17)
    out = [(FIELDS[nm].p, FIELDS[nm].n) for nm in ("bls12_381_p", "bls12_381_r", "bn254_p")]
    for n in (2, 3, 4, 5, 6, 8):
        out.append((_random_prime(rng, 64 * n - 1 - rng.randrange(8)), n))
    return out


@pytest.mark.parametrize("shape", algos_shapes.SHAPES)
@pytest.mark.parametrize("p,n", _cases())
def test_shape_matches_python(shape, p, n):
    if shape == "kara" and n % 2:
        with pytest.raises(ValueError):
            algos_shapes.shape_program(shape, "x", p, n)
        return
    prog = algos_shapes.shape_program(shape, "x", p, n)
    rinv = pow(1 << (64 * n), -1, p)
    rng = random.Random(n * 1000 + p % 997)
    edge = [0, 1, p - 1, p - 2, (1 << (64 * (n - 1))) - 1, p >> 1,
            p - 1 - ((1 << 64) - 1) * (1 << (64 * (n - 2)))]
    pairs = [(x, y) for x in edge for y in edge] + [(rng.randrange(p), rng.randrange(p)) for _ in range(40)]
    for a, b in pairs:
        got = w2i(run(prog, {"a": i2w(a, n), "b": i2w(b, n)})["r"])
        assert got == a * b * rinv % p, (shape, hex(p), a, b)


@pytest.mark.parametrize("p,n", _cases())
def test_sqr_shapes_match_python(p, n):
    for shape in algos_shapes.SQR_SHAPES:
        prog = algos_shapes.shape_program(shape, "x", p, n)
        rinv = pow(1 << (64 * n), -1, p)
        rng = random.Random(n)
        for a in [0, 1, p - 1, p - 2, (1 << (64 * (n - 1))) - 1, p >> 1] + [rng.randrange(p) for _ in range(30)]:
            got = w2i(run(prog, {"a": i2w(a, n)})["r"])
            assert got == a * a * rinv % p, (shape, hex(p), a)


def test_shapes_need_a_spare_bit():
    with pytest.raises(ValueError):
        algos_shapes.shape_program("sos", "x", (1 << 255) - 19 + (1 << 255), 4)


@pytest.mark.parametrize("style", ["plain", "adx", "onechain"])
def test_sqr_fold_any_prime(style):
    """The shipped folded square on random primes of every top-word size
    (no spare bit included: the top carry word goes to the subtraction)."""
    from limbforge import algos
    rng = random.Random(99)
    for n in (1, 2, 3, 4, 5, 6, 8):
        for bits in (64 * n, 64 * n - 1, 64 * n - 5, 64 * n - 40):
            if bits < 62:
                continue
            p = _random_prime(rng, bits)
            prog = algos.mont_sqr_fold_program("x", p, n, style)
            rinv = pow(1 << (64 * n), -1, p)
            for a in [0, 1, p - 1, p - 2, p >> 1] + [rng.randrange(p) for _ in range(20)]:
                got = w2i(run(prog, {"a": i2w(a, n)})["r"])
                assert got == a * a * rinv % p, (style, hex(p), a)
