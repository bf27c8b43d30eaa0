#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Oracle for the secp256k1 scalars (src/secp256k1/scalar.h): drives
sc_pipe (line format tests/common/pipe.h) and checks every answer with
Python ints.  Re-derives the GLV constants (lambda, the lattice basis from
the extended Euclid on (n, lambda), g1, g2) and checks the split by its
defining properties, and the wNAF by its.

    sc_oracle.py [--cases N] [--seed S] -- PIPE...
"""
import argparse
import random
import sys
from math import isqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexw, parse_args  # noqa: E402

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
H = N // 2
# the default run (--cases 1000, as ctest runs it natively and under qemu)
# makes 29 382 checks: fewer means cases went missing
MIN_CHECKS = 25000


def glv_constants():
    """lambda, (a1, b1), (a2, b2), g1, g2 derived from n alone."""
    assert N % 3 == 1
    x = 2
    while pow(x, (N - 1) // 3, N) == 1:
        x += 1
    roots = {pow(x, (N - 1) // 3, N), pow(x, 2 * (N - 1) // 3, N)}
    # the root matching beta on the curve (libsecp256k1's); both are roots
    lam = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
    assert lam in roots and (lam * lam + lam + 1) % N == 0
    r0, r1, t0, t1 = N, lam, 0, 1
    while r1 >= isqrt(N):
        q = r0 // r1
        r0, r1, t0, t1 = r1, r0 - q * r1, t1, t0 - q * t1
    rl, tl, rl1, tl1 = r0, t0, r1, t1
    q = rl // rl1
    rl2, tl2 = rl - q * rl1, tl - q * tl1
    a1, b1 = rl1, -tl1
    a2, b2 = min((rl, -tl), (rl2, -tl2), key=lambda v: v[0] ** 2 + v[1] ** 2)
    for a, b in ((a1, b1), (a2, b2)):
        assert (a + b * lam) % N == 0
    g1 = ((b2 << 384) + (N >> 1)) // N
    g2 = ((-b1 << 384) + (N >> 1)) // N
    return lam, (a1, b1), (a2, b2), g1, g2


def signed(x):
    return x - N if x > H else x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=1000, help="random cases per op")
    ap.add_argument("--split-cases", type=int, default=10000)
    args = parse_args(ap, default_seed=0x5ec9)
    rng = random.Random(args.seed)
    lam, _, _, _, _ = glv_constants()
    h = lambda v: hexw(v, 32)  # noqa: E731
    W = lambda v: [h(v)]  # noqa: E731

    edge = [0, 1, 2, N - 1, N - 2, H, H + 1, H - 1, 1 << 128, (1 << 128) - 1,
            (1 << 255) % N, 2 ** 256 - N, lam, N - lam]
    edge_raw = edge + [N, N + 1, 2 ** 256 - 1, 2 ** 256 - 2, 2 ** 255]
    rnd = lambda: rng.randrange(N)  # noqa: E731
    vals = edge + [rnd() for _ in range(args.cases)]
    pairs = [(a, b) for a in edge for b in edge] + \
            [(rnd(), rnd()) for _ in range(args.cases)] + [(a, rnd()) for a in edge]
    checks = Checks()
    for v in edge_raw + [rng.randrange(2 ** 256) for _ in range(args.cases)] + \
            [N + rng.randrange(2 ** 256 - N) for _ in range(100)]:
        checks.add(f"set {h(v)}", lambda w, v=v: w == [str(int(v >= N)), h(v % N)])
        checks.add(f"reduce {h(v)}", lambda w, v=v: w == W(v % N))
    for a, b in pairs:
        checks.add(f"add {h(a)} {h(b)}", lambda w, a=a, b=b: w == W((a + b) % N))
        checks.add(f"sub {h(a)} {h(b)}", lambda w, a=a, b=b: w == W((a - b) % N))
        checks.add(f"mul {h(a)} {h(b)}", lambda w, a=a, b=b: w == W(a * b % N))
        checks.add(f"eq {h(a)} {h(b)}", lambda w, a=a, b=b: w == [str(int(a == b))])
        for f in (0, 1):
            checks.add(f"cmov {h(a)} {h(b)} {f}", lambda w, a=a, b=b, f=f: w == W(b if f else a))
    for a in vals:
        checks.add(f"sqr {h(a)}", lambda w, a=a: w == W(a * a % N))
        checks.add(f"neg {h(a)}", lambda w, a=a: w == W(-a % N))
        checks.add(f"inv {h(a)}", lambda w, a=a: w == W(pow(a, -1, N) if a else 0))
        checks.add(f"is_zero {h(a)}", lambda w, a=a: w == [str(int(a == 0))])
        checks.add(f"is_high {h(a)}", lambda w, a=a: w == [str(int(a > H))])
        for f in (0, 1):
            checks.add(f"cneg {h(a)} {f}", lambda w, a=a, f=f: w == W(-a % N if f else a))
    checks.add("lambda", lambda w: w == W(lam))

    def check_split(w, k):
        k1, k2 = int(w[0], 16), int(w[1], 16)
        if len(w) != 2 or k1 >= N or k2 >= N:
            return "malformed"
        if (k1 + k2 * lam - k) % N:
            return "k1 + k2 lambda != k"
        if abs(signed(k1)) >= 1 << 128 or abs(signed(k2)) >= 1 << 128:
            return "|k1| or |k2| >= 2^128"
        return True
    split_k = edge + [N - 1 - i for i in range(20)] + list(range(3, 23)) + \
        [(1 << 128) + i for i in (-1, 0, 1)] + [(i * lam) % N for i in (1, 2, 3, -1, 1 << 127)] + \
        [rnd() for _ in range(args.split_cases)]
    for k in split_k:
        checks.add(f"split {h(k)}", lambda w, k=k: check_split(w, k))

    def check_wnaf(w, k, win):
        n = int(w[0])
        d = [int(x) for x in w[1:]]
        if n != len(d) or n > k.bit_length() + 1:
            return "length"
        if sum(x << i for i, x in enumerate(d)) != k:
            return "sum != k"
        if n and d[-1] == 0:
            return "top digit zero"
        last = None
        for i, x in enumerate(d):
            if x:
                if x % 2 == 0 or abs(x) >= 1 << (win - 1):
                    return f"digit {x} at {i}"
                if last is not None and i - last < win:
                    return f"nonzeros at {last} and {i}"
                last = i
        return True
    wk = edge + [rnd() for _ in range(max(1, args.cases // 4))] + \
        [rng.randrange(1 << 128) for _ in range(max(1, args.cases // 8))]
    for win in range(2, 9):
        for k in wk:
            checks.add(f"wnaf {win} {h(k)}", lambda w, k=k, win=win: check_wnaf(w, k, win))

    res = checks.run(args.cmd)
    if res.skipped:
        return 77
    print(f"sc_oracle: {res.total} checks ({len(split_k)} splits), seed {args.seed}, "
          f"backend {res.backend}: {len(res.failed)} failed")
    return res.exit_code("sc_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
