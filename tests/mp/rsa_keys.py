# SPDX-License-Identifier: Apache-2.0 OR MIT
"""RSA keys for tests/mp/mp_oracle.py, none of them made by limbforge.

* Python's: random primes (a gcd with the small primes, then Fermat tests to
  nine bases: test data, not key generation) with e = 65537, 3 or a random
  odd 64-bit e.

A key is a dict with n, e, d, p, q, dp, dq, qinv (Python ints) and h, the
limbs per prime.
"""
from __future__ import annotations

import math
import random


# the odd primes below 2000, multiplied: one gcd sieves most candidates out
_SMALL = math.prod(n for n in range(3, 2000, 2) if all(n % d for d in range(3, math.isqrt(n) + 1, 2)))


def probable_prime(rng: random.Random, bits: int) -> int:
    while True:
        p = rng.randrange(1 << (bits - 1), 1 << bits) | 1 | (3 << (bits - 2))
        if p > 2000 and math.gcd(p, _SMALL) != 1:
            continue
        if all(pow(a, p - 1, p) == 1 for a in (2, 3, 5, 7, 11, 13, 17, 19, 23)):
            return p


def python_key(rng: random.Random, h: int, e: int) -> dict:
    """A key with primes of exactly 64 h bits (top two bits set) and gcd(e, p-1) =
    gcd(e, q-1) = 1; d = e^-1 mod lcm(p-1, q-1), as OpenSSL's."""
    def prime():
        while True:
            p = probable_prime(rng, 64 * h)
            if math.gcd(e, p - 1) == 1:
                return p
    p = prime()
    q = prime()
    while q == p:
        q = prime()
    d = pow(e, -1, math.lcm(p - 1, q - 1))
    return {"n": p * q, "e": e, "d": d, "p": p, "q": q, "dp": d % (p - 1), "dq": d % (q - 1),
            "qinv": pow(q, -1, p), "h": h}


def crt_result(key: dict, c: int) -> int:
    """The CRT result for the key's p, q, dp, dq, qinv, whether or not p and q are
    prime (for a key with a composite 'prime')."""
    p, q = key["p"], key["q"]
    m1, m2 = pow(c, key["dp"], p), pow(c, key["dq"], q)
    return m2 + q * ((m1 - m2) * key["qinv"] % p)
