# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The lane programs (algos_lanes.py) on the interpreter (lanes.run), against
Python ints: every kernel of every built-in field and of random primes from
61 to 1024 bits (both forms), edge values in every lane; and the lane IR's
bound tracking refuses what the hardware cannot do."""
import random

import pytest

from limbforge.algos_lanes import LANE_OPS, LaneField, lane_programs, mac_blocks
from limbforge.fields import builtin_fields, is_probable_prime, make_field
from limbforge.lanes import M52, LProgram, run
from limbforge.testvals import edge_values

M64 = (1 << 64) - 1


def _words(x, n):
    return [(x >> (64 * i)) & M64 for i in range(n)]


def _lanes(vals, L):
    out = [0] * (8 * L)
    for l, x in enumerate(vals):
        for i in range(L):
            out[i * 8 + l] = (x >> (52 * i)) & M52
    return out


def _from_lanes(ws, L):
    return [sum(ws[i * 8 + l] << (52 * i) for i in range(L)) for l in range(8)]


def _from_elems(ws, n):
    return [sum(ws[l * n + j] << (64 * j) for j in range(n)) for l in range(8)]


def check_field(f, rng, blocks):
    progs = lane_programs(f, f"lf_{f.name}_")
    assert set(progs) == set(LANE_OPS)
    lf = LaneField(f.p, f.n, f.form)
    p, n, L = f.p, f.n, lf.L
    rinv = pow(1 << (64 * n), -1, p)
    K = rinv if f.form == "montgomery" else 1       # the scalar mul's factor
    edge = edge_values(p, n, rng, 24)
    for blk in range(blocks):
        a = [edge[(blk + l) % len(edge)] if blk % 2 == 0 else rng.randrange(p) for l in range(8)]
        b = [rng.choice(edge) for _ in range(8)]
        ea = sum((_words(x, n) for x in a), [])
        eb = sum((_words(x, n) for x in b), [])
        want = {"mul": [x * y * K % p for x, y in zip(a, b)], "sqr": [x * x * K % p for x in a],
                "add": [(x + y) % p for x, y in zip(a, b)], "sub": [(x - y) % p for x, y in zip(a, b)]}
        for op in ("mul", "sqr", "add", "sub"):
            ins = {"a": ea} if op == "sqr" else {"a": ea, "b": eb}
            assert _from_elems(run(progs[f"v{op}8"], ins)["r"], n) == want[op], (f.name, op)
            ins = {"a": _lanes(a, L)} if op == "sqr" else {"a": _lanes(a, L), "b": _lanes(b, L)}
            assert _from_lanes(run(progs[f"x8_{op}"], ins)["r"], L) == want[op], (f.name, op)
        c = b[0]
        cc = c if f.form == "montgomery" else c * (1 << (64 * n)) % p
        got = run(progs["vmuls8"], {"a": ea, "c": _words(cc, n)})["r"]
        assert _from_elems(got, n) == [x * c * K % p for x in a]
        acc = [rng.randrange(p) for _ in range(8)]
        kmac = pow(2, -(64 * n + 52), p)
        got = run(progs["vmacl8"], {"acc_in": _lanes(acc, L), "a": ea, "b": eb})["acc"]
        assert _from_lanes(got, L) == [(z + x * y * kmac) % p for z, x, y in zip(acc, a, b)]
        # two blocks: the second block's elements follow the first's
        a2, b2 = [rng.choice(edge) for _ in range(8)], [rng.randrange(p) for _ in range(8)]
        got = run(progs["vmacl8"], {"acc_in": _lanes(acc, L), "a": ea + sum((_words(x, n) for x in a2), []),
                                    "b": eb + sum((_words(x, n) for x in b2), [])}, nb=2)["acc"]
        assert _from_lanes(got, L) == [(z + (x * y + x2 * y2) * kmac) % p
                                       for z, x, y, x2, y2 in zip(acc, a, b, a2, b2)]
        assert _from_lanes(run(progs["x8_load"], {"a": ea})["r"], L) == a
        assert _from_elems(run(progs["x8_store"], {"a": _lanes(a, L)})["r"], n) == a


@pytest.mark.parametrize("f", builtin_fields(), ids=lambda f: f.name)
def test_builtin_fields(f):
    check_field(f, random.Random(f.name), 6)


def _prime(rng, bits, pm):
    while True:
        if pm:
            x = (1 << bits) - rng.randrange(1, 1 << 12)
        else:
            x = rng.randrange(1 << (bits - 1), 1 << bits) | 1
        if is_probable_prime(x):
            return x


@pytest.mark.parametrize("bits", [61, 64, 127, 128, 200, 208, 209, 255, 256, 300, 384, 448,
                                  449, 511, 512, 521, 768, 1024])
def test_random_primes(bits):
    rng = random.Random(bits)
    for pm in (False, True):
        p = _prime(rng, bits, pm)
        try:
            f = make_field(f"r{bits}", p, "pm" if pm else "montgomery")
        except ValueError:
            f = make_field(f"r{bits}", p, "montgomery")
        check_field(f, rng, 2)


@pytest.mark.parametrize("name", ["secp256k1_n", "bls12_381_p"])
def test_mac_full_call(name):
    """vmacl8 over its most blocks (mac_blocks), every input p - 1 (the
    largest sums) and acc_in = p - 1: the interpreter checks every interval."""
    f = next(f for f in builtin_fields() if f.name == name)
    prog = lane_programs(f, "t_")["vmacl8"]
    lf = LaneField(f.p, f.n, f.form)
    p, n, L, nb = f.p, f.n, lf.L, prog.loop
    assert nb == mac_blocks(lf) > 200
    x = p - 1
    ws = _words(x, n) * (8 * nb)
    got = run(prog, {"acc_in": _lanes([x] * 8, L), "a": ws, "b": ws}, nb=nb)["acc"]
    want = (x + nb * x * x * pow(2, -(64 * n + 52), p)) % p
    assert _from_lanes(got, L) == [want] * 8
    with pytest.raises(AssertionError):
        run(prog, {"acc_in": _lanes([x] * 8, L), "a": ws + _words(x, n) * 8,
                   "b": ws + _words(x, n) * 8}, nb=nb + 1)


def test_bounds_are_enforced():
    pr = LProgram("t")
    a = pr.arg("a", "lanes", "in", 2, bound=M52)
    x, y = pr.ld(a, 0), pr.ld(a, 1)
    s = pr.add(x, y)                       # 53 bits: not a multiplier input
    with pytest.raises(AssertionError):
        pr.madlo(None, s, x)
    with pytest.raises(AssertionError):
        pr.madhi(None, x, s)
    pr.madlo(None, s, x, low52=True)       # allowed: only its low 52 bits count
    big = pr.shl(x, 11)                    # < 2^63
    with pytest.raises(AssertionError):
        pr.shl(big, 2)                     # would leave 64 bits
    neg = pr.sub(x, big)
    with pytest.raises(AssertionError):
        pr.shr(neg, 1)                     # logical shift of a possibly negative value
    with pytest.raises(AssertionError):
        pr.sel(x, x, y)                    # a selector must be 0 or -1


def test_interpreter_checks_assumptions():
    """A false `assume` is caught when the program runs."""
    pr = LProgram("t")
    a = pr.arg("a", "lanes", "in", 1, bound=M52)
    r = pr.arg("r", "lanes", "out", 1, bound=M52)
    pr.st(r, 0, pr.assume(pr.ld(a, 0), 0, 100))
    assert run(pr, {"a": [5] * 8})["r"] == [5] * 8
    with pytest.raises(AssertionError):
        run(pr, {"a": [101] * 8})
