#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Check every built-in field's array API (vec_*, inner_product) and x8 lane
type against Python ints.

Runs tests/field/vec_pipe.c (the command after --, possibly behind
qemu-user; request format in its header comment).  Per field and op: every
n from 0 to 64 and a few large n that are not multiples of 8, with
edge-biased values (tests' edge_values: 0, 1, p-1, all-ones limbs, ...)
shuffled so that each one lands in every lane position; inner products
whose lanes' vmacl8 results end just below p (LANE_NEAR_P); the x8 ops on
blocks of 8 of the same values.

  vec_oracle.py [--cases N] [--seed S] -- CMD...
N is the number of random x8 blocks per op (default 40) at LF_TEST_ITERS=1,
which multiplies it (testenv.iters, never below MIN_BLOCKS).  Exit 77 if CMD
exits 77, 1 if a check failed or fewer than MIN_CHECKS ran (testenv.report)."""
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

VEC_OPS = ("vec_mul", "vec_sqr", "vec_add", "vec_sub", "vec_mul_scalar", "inner_product")
X8_OPS = ("x8_mul", "x8_sqr", "x8_add", "x8_sub", "x8_chain")
LARGE_N = (67, 100, 257, 1027)
# inner_product: past the most blocks of one vmacl8 call (LF_LANE_MAC_NB,
# at most 1024) twice, and a tail
IP_N = (8 * 1024 * 2 + 13,)
MIN_BLOCKS = 4
# inner_product: lane results (one product per lane, before vmacl8's final
# conditional subtraction: r = a b / 2^(64N+52) mod p on internal values)
# at p - k: random products land there with probability ~2^-200
LANE_NEAR_P = (1, 2, 3, (1 << 52) - 1, 1 << 52, 1 << 53, 1 << 64, 1 << 104)
# per field 6 x 69 vec requests, 2 long inner products, 16 lane-near-p
# ones, 5 x (64 + blocks) x8 ones: 772 at MIN_BLOCKS, 8 492 for the 11
# fields, the least a run makes
MIN_CHECKS = 8000


def expected(op, f, a, b):
    """Canonical values of the results (the tests compare bytes: to_bytes)."""
    p = f.p
    if op == "inner_product":
        return [sum(x * y for x, y in zip(a, b)) % p]
    if op == "vec_mul_scalar":
        return [x * b[0] % p for x in a]
    if op == "x8_chain":
        return [((x * y + x) ** 2 - y) % p for x, y in zip(a, b)]
    fn = {"vec_mul": lambda x, y: x * y, "x8_mul": lambda x, y: x * y,
          "vec_sqr": lambda x, y: x * x, "x8_sqr": lambda x, y: x * x,
          "vec_add": lambda x, y: x + y, "x8_add": lambda x, y: x + y,
          "vec_sub": lambda x, y: x - y, "x8_sub": lambda x, y: x - y}[op]
    return [fn(x, y) % p for x, y in zip(a, b)]


def lane_near_p(f, rng):
    """A, B (8 values): a[l] b[l] = -k 2^(64N+52) mod p (internal values)
    for the LANE_NEAR_P k, b random: lane l's vmacl8 result before its
    conditional subtraction is p - k[l] (r < p + 1 for one product), so
    r - p is negative by a little, its borrow coming from limb 0, 1 or 2."""
    p, rinv = f.p, pow(f.R, -1, f.p)
    A, B = [], []
    for k in LANE_NEAR_P:
        b = rng.randrange(1, p)
        ia = -k * pow(2, 64 * f.n + 52, p) * pow(f.internal(b), -1, p) % p
        A.append(ia * rinv % p)
        B.append(b)
    return A, B


def request(op, f, n, A, B):
    nb = f.nbytes
    a = [A[i % len(A)] for i in range(n)]
    b = [B[(i + i // len(A)) % len(A)] for i in range(n)]
    want = expected(op, f, a, b)
    req = f"{op} {f.name} {n} {''.join(hexw(x, nb) for x in A)} {''.join(hexw(x, nb) for x in B)}"
    text = "".join(hexw(x, nb) for x in want) or "-"

    def check(w):
        return w == [text]
    return req, check


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=40)
    args = parse_args(ap, default_seed=1)
    blocks = testenv.iters(args.cases, MIN_BLOCKS)
    rng = random.Random(args.seed)
    total = fails = 0
    backend = "?"
    for f in builtin_fields():
        p = f.p
        edge = edge_values(p, f.n, rng, 64)
        checks = Checks()
        for op in VEC_OPS:
            for n in list(range(0, 65)) + list(LARGE_N):
                k = min(64, max(1, n))
                A = rng.sample(edge, k) if n % 3 else [rng.choice(edge) for _ in range(k)]
                B = [rng.choice(edge) if rng.randrange(2) else rng.randrange(p) for _ in range(k)]
                checks.add(*request(op, f, n, A, B))
        for n in IP_N:
            # every term (p - 1)^2: the largest column sums; then random
            checks.add(*request("inner_product", f, n, [p - 1], [p - 1]))
            A = [rng.choice(edge) if rng.randrange(2) else rng.randrange(p) for _ in range(64)]
            B = [rng.randrange(p) for _ in range(64)]
            checks.add(*request("inner_product", f, n, A, B))
        A, B = lane_near_p(f, rng)
        for rot in range(8):
            # one block (every k in every lane), and a block then a tail
            # of LF_VEC_TAIL_MIN (7) elements (one zero-padded block, into
            # the first one's lanes)
            Ar, Br = A[rot:] + A[:rot], B[rot:] + B[:rot]
            checks.add(*request("inner_product", f, 8, Ar, Br))
            Ar, Br = Ar + Ar[1:], Br + Br[1:]
            checks.add(*request("inner_product", f, 15, Ar, Br))
        for op in X8_OPS:
            # every edge value in every lane position, then random blocks
            for rot in range(8):
                for start in range(0, len(edge), 8):
                    A = [edge[(start + (l + rot) % 8) % len(edge)] for l in range(8)]
                    B = [edge[(start * 7 + 3 * l + rot) % len(edge)] for l in range(8)]
                    checks.add(*request(op, f, 8, A, B))
            for _ in range(blocks):
                A = [rng.randrange(p) for _ in range(8)]
                B = [rng.choice(edge) for _ in range(8)]
                checks.add(*request(op, f, 8, A, B))
        res = checks.run(args.cmd, show=3, label=f"{f.name}: ")
        if res.skipped:
            print(f"back end unavailable: {res.stderr.strip()}")
            return 77
        backend = res.backend
        total += res.total
        fails += len(res.failed)
        print(f"{f.name}: {len(res.failed)} wrong" if res.failed else f"{f.name}: {res.total} checks ok")
    print(f"vec_oracle: backend {backend}: {total} checks, {fails} failures "
          f"({blocks} random blocks per x8 op, seed {args.seed})")
    return testenv.report("vec_oracle", total, fails, MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
