#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Check every built-in field's public ops against Python ints.

Runs tests/field/field_pipe.c (given as the command after --, possibly
behind qemu-user) and compares each answer with Python's own arithmetic;
the line format and the runner are tests/common/pipe.h / pipe_oracle.py.
Inputs are edge-biased: 0, 1, 2, p-1, p-2, (p+-1)/2, all-ones limbs,
single bits, long runs of ones and zeros, values just below p, and uniform.
from_bytes also gets values >= p (must fail with the output zeroed).

  field_oracle.py [--cases N] [--seed S] -- CMD...
N is the number of cases per op per field (default 10000) at LF_TEST_ITERS=1,
which multiplies it (testenv.iters, never below MIN_CASES); S defaults to
LF_TEST_SEED, else 1.  Exit 77 if CMD exits 77 (back end unavailable), 1 if a
check failed or fewer than MIN_CHECKS ran (testenv.report)."""
import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "gen"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from limbforge.fields import builtin_fields  # noqa: E402
from limbforge.testvals import edge_values  # noqa: E402
from pipe_oracle import Checks, hexw, parse_args  # noqa: E402
import testenv  # noqa: E402

OPS = ("mul", "sqr", "add", "sub", "neg", "inv", "inv_var", "sqrt", "from_bytes")
BINARY = ("mul", "add", "sub")
LF_ERR_RANGE = -1
MIN_CASES = 10       # per op per field, whatever LF_TEST_ITERS
# 9 ops x 11 fields x MIN_CASES = 990 is the least a run makes; the smallest
# configured one (armhf / i686 at LF_TEST_ITERS=0.01, --cases 25000) 24 750
MIN_CHECKS = 900


def is_square(a, p):
    return a == 0 or pow(a, (p - 1) // 2, p) == 1


def check_for(op, a, b, p, square):
    """The check of one answer (its words) for op on a (and b)."""
    if op == "sqrt":
        def check(w):
            ok, r = w[0], int(w[1], 16)
            # even cases are squares (or 0), odd ones z*x^2 (non-squares unless x = 0)
            if len(w) != 2:
                return False
            if square:
                return ok == "1" and r * r % p == a
            return ok == "0" and r == 0
    elif op == "from_bytes":
        def check(w):
            rc, r = int(w[0]), int(w[1], 16)
            if len(w) != 2:
                return False
            return rc == 0 and r == a if a < p else rc == LF_ERR_RANGE and r == 0
    elif op in ("inv", "inv_var"):
        def check(w):   # r*a = 1, and 0 maps to 0
            r = int(w[0], 16)
            return len(w) == 1 and r < p and (r * a % p == 1 if a else r == 0)
    else:
        want = {"mul": a * b, "sqr": a * a, "add": a + b, "sub": a - b, "neg": -a}[op] % p

        def check(w):
            return w == [hexw(want, (p.bit_length() + 7) // 8)]
    return check


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10000)
    args = parse_args(ap, default_seed=1)
    cases = testenv.iters(args.cases, MIN_CASES)
    rng = random.Random(args.seed)
    total = fails = 0
    backend = "?"
    for f in builtin_fields():
        p, nb = f.p, f.nbytes
        vals = edge_values(p, f.n, rng, cases)
        # sqrt inputs are built as x^2 or z*x^2 (z a non-residue), so the
        # expected verdict is known without an exponentiation per case
        z = 2
        while is_square(z, p):
            z += 1
        checks = Checks()
        for op in OPS:
            for k in range(cases):
                a = vals[k]
                if op == "sqrt":
                    a = a * a % p if k % 2 == 0 else z * a * a % p
                b = vals[rng.randrange(cases)] if k % 3 else rng.randrange(p)
                if op == "from_bytes" and k % 2:
                    a = rng.randrange(p, 1 << (8 * nb))   # out of range: must fail
                square = a == 0 or (op == "sqrt" and k % 2 == 0)
                req = f"{op} {f.name} {hexw(a, nb)}" + (f" {hexw(b, nb)}" if op in BINARY else "")
                checks.add(req, check_for(op, a, b, p, square))
        res = checks.run(args.cmd, show=3, label=f"{f.name}: ")
        if res.skipped:
            print(f"back end unavailable: {res.stderr.strip()}")
            return 77
        backend = res.backend
        total += res.total
        fails += len(res.failed)
        if res.failed:
            print(f"{f.name}: {len(res.failed)} wrong")
        else:
            print(f"{f.name}: {res.total} checks ok")
    print(f"field_oracle: backend {backend}: {total} checks, {fails} failures "
          f"({cases} cases per op per field, seed {args.seed})")
    return testenv.report("field_oracle", total, fails, MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
