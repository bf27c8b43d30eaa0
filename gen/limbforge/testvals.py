# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Edge-biased field elements for the tests: the C kernel tests
(gen/tests/kernels.py) and the library's Python-int field oracle
(tests/field/field_oracle.py) draw their inputs from here."""
from __future__ import annotations

import random


def edge_values(p: int, n: int, rng: random.Random, count: int) -> list:
    """At least `count` values below p (n = limbs): 0, 1, 2, p-1, p-2,
    (p+-1)/2, all-ones limbs, single bits, then runs of ones and zeros,
    values just below p, and uniform ones."""
    fixed = [0, 1, 2, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2]
    M = (1 << 64) - 1
    for i in range(n):                     # all-ones limbs, single bits, runs
        fixed.append(min(p - 1, M << (64 * i)))
        fixed.append(1 << min(p.bit_length() - 2, 64 * i + 63))
        fixed.append(((1 << (64 * i + 32)) - 1) % p)
    out = [x % p for x in fixed]
    while len(out) < count:
        k = rng.randrange(4)
        if k == 0:   # runs of ones and zeros
            x, pos = 0, 0
            while pos < p.bit_length():
                ln = rng.randrange(1, 80)
                if rng.randrange(2):
                    x |= ((1 << ln) - 1) << pos
                pos += ln
            out.append(x % p)
        elif k == 1:
            out.append(p - 1 - rng.randrange(1 << 20))
        else:
            out.append(rng.randrange(p))
    return out
