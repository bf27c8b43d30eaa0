#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The iteration bound of src/modinv/bingcd.h, checked on the worst known
inputs, with a model of its schedule on Python ints.

bingcd.h inverts modulo a prime p < 2^bits with Pornin's optimized binary GCD
(IACR eprint 2020/972, revised version): runs of 31 steps on 64-bit
approximations (33 top bits, 31 low bits) whose factors are then applied to
the full a, b, and a final exact run; 2 bits - 2 steps in total.  Its
correctness rests on the paper's bound (Appendix A): every run of 31
approximated steps lowers len(a) + len(b) by at least 31, as 31 exact steps
do, so a reaches 0 within 2 bits - 1 steps, and for gcd(x, p) = 1 the state
after 2 bits - 2 steps already has b = 1.  The implementation also relies on
two consequences: after t steps max(len(a), len(b)) <= min(bits, 2 bits - t)
(it drops limbs that must be zero), and once 2 bits - t <= 64 both a and b
fit in one word (the exact tail).

This model makes the same decisions as the C code (same approximation, same
step, same sign handling, same run boundaries) and asserts, for each input:
  - every approximated run lowers len(a) + len(b) by >= 31 (or ends a = 0);
  - the limb bound at each run start; a, b < 2^64 at the tail;
  - a = 0 within 2 bits - 1 steps, b = 1 after the 2 bits - 2 scheduled
    steps, and the tracked cofactor is x^-1 mod p;
  - for x = 2^(len(p) - 1), the paper's worst case: exactly 2 len(p) - 1
    steps are needed (the bound is attained, so it cannot be lowered).
Inputs, for every built-in field of more than 64 bits: 0, 1, 2, p - 1, p - 2,
(p +- 1)/2, every 2^k and p - 2^k, 2^k - 1, inputs found by a search that
maximises the approximation's wrong decisions (the "divergence points" of
the paper's proof) and minimises the slack of the per-run reduction, and
inputs found by a search that maximises the steps until b = 1 (what the
result needs: the best found need about 395 of the 510 scheduled steps for
256 bits; the proven 2 bits - 2 is not tight for that, only for a = 0).
worst_inputs(p, bits) gives the same list to sg_oracle.py, which checks the C
code on it.

usage: bg_bound.py [--seed S] [--search N]
N: the search effort per field (default 200 at LF_TEST_ITERS=1, which
multiplies it: testenv.iters, never below MIN_SEARCH); S: LF_TEST_SEED when
set, else a fresh one (printed).  Each input checked, and each field's
worst-case and steps-to-b-=-1 checks, count as checks; exit 0 when all hold
and at least MIN_CHECKS ran (testenv.report), else 1.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "gen"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
import testenv  # noqa: E402

MIN_SEARCH = 40  # one hill climb per field (search(): rounds // 40 starts)
# the 11 built-in fields (all of more than 64 bits) have about 3 len(p)
# structured inputs each: about 11 700 checks at any search effort
MIN_CHECKS = 10000

M31 = (1 << 31) - 1


def approx(a: int, b: int) -> tuple[int, int]:
    """the 64-bit words A, B: n = max(len(a), len(b), 64); 33 top bits of
    the n-bit window and the 31 low bits"""
    n = max(a.bit_length(), b.bit_length(), 64)
    wa, wb = a >> (n - 64), b >> (n - 64)
    return (wa & ~M31) | (a & M31), (wb & ~M31) | (b & M31)


def run(A: int, B: int, steps: int, ra: int | None = None, rb: int | None = None):
    """steps classic steps on (A, B); factors with [A'; B'] = M [A; B] / 2^steps.
    With the exact values (ra, rb) also counts the steps whose decision
    (the swap) differs from the one the exact values would take."""
    f0, g0, f1, g1 = 1, 0, 0, 1
    div = 0
    for j in range(steps):
        if A & 1:
            swap = A < B
            if ra is not None:
                # the exact values after j steps: (f0 ra + g0 rb) / 2^j
                xa = (f0 * ra + g0 * rb) >> j
                xb = (f1 * ra + g1 * rb) >> j
                div += swap != (xa < xb)
            if swap:
                A, B, f0, g0, f1, g1 = B, A, f1, g1, f0, g0
            A, f0, g0 = A - B, f0 - f1, g0 - g1
        A, f1, g1 = A >> 1, 2 * f1, 2 * g1
    return A, B, (f0, g0, f1, g1), div


def schedule(bits: int) -> tuple[int, int]:
    """(approximated runs, tail steps) as LF_BG_APPROX / LF_BG_TAIL"""
    runs = (2 * bits - 64 + 30) // 31
    return runs, 2 * bits - 2 - 31 * runs


class Violation(AssertionError):
    pass


def check(p: int, bits: int, x: int) -> dict:
    """run bingcd.h's schedule on x; assert the bound's consequences; return
    statistics (steps to a = 0, divergences, least per-run slack)"""
    runs, tail = schedule(bits)
    inv = 1 << 31
    inv = pow(inv, -1, p)
    a, b, d, e = x, p, 1, 0
    t = 0
    zero_at = 0 if a == 0 else None
    div = 0
    slack = None
    for k in range(runs):
        la, lb = a.bit_length(), b.bit_length()
        lim = min(bits, 2 * bits - t)
        if a != 0 and max(la, lb) > lim:
            raise Violation(f"x={x:#x}: run {k}: max len {max(la, lb)} > {lim}")
        A, B = approx(a, b)
        _, _, (f0, g0, f1, g1), dv = run(A, B, 31, a, b)
        div += dv
        na, nb = f0 * a + g0 * b, f1 * a + g1 * b
        assert na % (1 << 31) == 0 and nb % (1 << 31) == 0
        na >>= 31
        nb >>= 31
        if na < 0:
            na, f0, g0 = -na, -f0, -g0
        if nb < 0:
            nb, f1, g1 = -nb, -f1, -g1
        d, e = (f0 * d + g0 * e) * inv % p, (f1 * d + g1 * e) * inv % p
        if a != 0:
            red = la + lb - na.bit_length() - nb.bit_length()
            if na != 0 and red < 31:
                raise Violation(f"x={x:#x}: run {k} lowered len(a)+len(b) by {red} < 31")
            if na != 0:
                slack = red - 31 if slack is None else min(slack, red - 31)
        a, b = na, nb
        t += 31
        if zero_at is None and a == 0:
            zero_at = t  # within this run: refined below by exact steps
    if a != 0 and (a >= 1 << 64 or b >= 1 << 64):
        raise Violation(f"x={x:#x}: a or b >= 2^64 at the tail")
    # exact tail, one step at a time (the C code: runs of <= 31 exact steps)
    for _ in range(tail):
        if a & 1:
            if a < b:
                a, b, d, e = b, a, e, d
            a, d = a - b, d - e
        a, d = a >> 1, d * pow(2, -1, p) % p
        t += 1
        if zero_at is None and a == 0:
            zero_at = t
    if x != 0:
        if b != 1:
            raise Violation(f"x={x:#x}: b = {b} != 1 after {t} steps")
        if e != pow(x, -1, p):
            raise Violation(f"x={x:#x}: wrong inverse")
    # steps the classic algorithm needs from here to a = 0 (for the statistic)
    while a != 0:
        if a & 1:
            if a < b:
                a, b = b, a
            a -= b
        a >>= 1
        t += 1
        if zero_at is None and a == 0:
            zero_at = t
    if zero_at is not None and zero_at > 2 * bits - 1:
        raise Violation(f"x={x:#x}: a = 0 only after {zero_at} > 2 bits - 1 steps")
    return {"zero_at": zero_at or 0, "div": div, "slack": slack}


def exact_steps(p: int, x: int) -> int:
    """steps of the classic binary GCD until a = 0"""
    a, b, t = x, p, 0
    while a:
        if a & 1:
            if a < b:
                a, b = b, a
            a -= b
        a >>= 1
        t += 1
    return t


def b_one_steps(p: int, x: int) -> int:
    """steps of the classic binary GCD until b = 1 (x coprime to p)"""
    a, b, t = x, p, 0
    while b != 1:
        if a & 1:
            if a < b:
                a, b = b, a
            a -= b
        a >>= 1
        t += 1
    return t


def search_b_one(p: int, rng: random.Random, rounds: int) -> list[int]:
    """inputs that keep b != 1 longest: a hill climb flipping bits"""
    L = p.bit_length()
    x = rng.randrange(1, p)
    s = b_one_steps(p, x)
    for _ in range(rounds * 10):
        y = (x ^ (1 << rng.randrange(L))) % p
        if y:
            sy = b_one_steps(p, y)
            if sy >= s:
                x, s = y, sy
    return [x]


def structured_inputs(p: int) -> list[int]:
    L = p.bit_length()
    xs = {0, 1, 2, 3, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2}
    for k in range(L):
        xs.update({1 << k, p - (1 << k), (1 << k) - 1})
    return sorted(x % p for x in xs)


def search(p: int, bits: int, rng: random.Random, rounds: int) -> list[int]:
    """inputs with many divergence points and little per-run slack: a
    hill climb from random starts, mutating bits"""
    found = []
    L = p.bit_length()
    for start in range(max(1, rounds // 40)):
        x = rng.randrange(1, p)
        best = check(p, bits, x)
        score = best["div"] * 4 - (best["slack"] or 0)
        for _ in range(40):
            y = x ^ (1 << rng.randrange(L)) ^ (rng.getrandbits(L) if rng.random() < 0.1 else 0)
            y %= p
            if y == 0:
                continue
            st = check(p, bits, y)
            sc = st["div"] * 4 - (st["slack"] or 0)
            if sc >= score:
                x, score = y, sc
        found.append(x)
    return found


_cache: dict[tuple[int, int], list[int]] = {}


def worst_inputs(p: int, bits: int, seed: int = 1, rounds: int = 200) -> list[int]:
    """the worst known inputs for (p, bits): structured ones and the
    search's (deterministic for a seed)"""
    key = (p, bits)
    if key not in _cache:
        rng = random.Random(seed ^ p)
        _cache[key] = structured_inputs(p) + search(p, bits, rng, rounds) + search_b_one(p, rng, rounds)
    return _cache[key]


def main() -> int:
    ap = argparse.ArgumentParser(description="bingcd.h iteration bound on worst-case inputs")
    ap.add_argument("--seed", type=lambda v: int(v, 0), default=testenv.seed(None),
                    help="random seed (default: LF_TEST_SEED, else a fresh one)")
    ap.add_argument("--search", type=int, default=testenv.iters(200, MIN_SEARCH),
                    help="search effort per field (default: 200 x LF_TEST_ITERS)")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    print(f"bg_bound: seed {seed}")
    from limbforge.fields import builtin_fields  # the moduli

    failed = checks = 0
    for f in builtin_fields():
        p, bits = f.p, f.bits
        if bits <= 64:
            continue
        L = p.bit_length()
        try:
            xs = worst_inputs(p, bits, seed, args.search)
            checks += len(xs) + 2  # each input, then the b = 1 and the 2^(L-1) checks
            stats = [(check(p, bits, x), x) for x in xs]
            worst = max(s["zero_at"] for s, _ in stats)
            maxdiv = max(s["div"] for s, _ in stats)
            minslack = min(s["slack"] for s, _ in stats if s["slack"] is not None)
            b1 = max(b_one_steps(p, x) for x in xs if x)
            if b1 > 2 * bits - 2:
                raise Violation(f"an input needs {b1} > {2 * bits - 2} steps until b = 1")
            # the paper's worst case attains the bound: exactly 2 len(p) - 1
            w = check(p, bits, 1 << (L - 1))["zero_at"]
            if exact_steps(p, 1 << (L - 1)) != 2 * L - 1 or w != 2 * L - 1:
                raise Violation(f"x = 2^{L - 1}: {w} steps, want 2 len(p) - 1 = {2 * L - 1}")
        except Violation as v:
            print(f"bg_bound: {f.name}: FAIL: {v}")
            failed += 1
            continue
        print(f"bg_bound: {f.name}: {len(xs)} inputs, most steps to a = 0: {worst} "
              f"(bound 2 bits - 1 = {2 * bits - 1}, scheduled {2 * bits - 2}); "
              f"2^{L - 1} needs {w}; most steps to b = 1: {b1}; most wrong decisions {maxdiv}; "
              f"least run slack {minslack}")
    print(f"bg_bound: {'FAIL' if failed else 'all bounds hold'} (seed {seed}, search {args.search})")
    return testenv.report("bg_bound", checks, failed, MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
