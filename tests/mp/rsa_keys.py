# SPDX-License-Identifier: Apache-2.0 OR MIT
"""RSA keys for tests/mp/mp_oracle.py, none of them made by limbforge.

* OpenSSL's: tests/vectors/rsa/rsa{2048,3072,4096}.pem (PKCS#1
  RSAPrivateKey, `openssl genrsa -traditional`) and raw_private.txt, the
  raw private operation m = c^d mod N computed by `openssl pkeyutl -decrypt
  -pkeyopt rsa_padding_mode:none` (tests/vectors/rsa/make_vectors.sh).
* Python's: random primes (a gcd with the small primes, then Fermat tests to
  nine bases: test data, not key generation) with e = 65537, 3 or a random
  odd 64-bit e.

A key is a dict with n, e, d, p, q, dp, dq, qinv (Python ints) and h, the
limbs per prime.
"""
from __future__ import annotations

import base64
import math
import random
from pathlib import Path

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "rsa"
FIELDS = ("version", "n", "e", "d", "p", "q", "dp", "dq", "qinv")


def _der(buf: bytes, pos: int) -> tuple[int, int, int]:
    """(tag, start of contents, end of contents) of the DER element at pos."""
    tag, ln = buf[pos], buf[pos + 1]
    pos += 2
    if ln & 0x80:
        k = ln & 0x7F
        ln = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, pos, pos + ln


def parse_pem(text: str) -> dict:
    """PKCS#1 RSAPrivateKey (BEGIN RSA PRIVATE KEY) -> key dict."""
    body = "".join(l for l in text.splitlines() if l and not l.startswith("-----"))
    der = base64.b64decode(body)
    tag, pos, end = _der(der, 0)
    if tag != 0x30:
        raise ValueError("not a DER SEQUENCE")
    vals = []
    while pos < end:
        tag, start, stop = _der(der, pos)
        if tag != 0x02:
            raise ValueError("RSAPrivateKey: INTEGER expected")
        vals.append(int.from_bytes(der[start:stop], "big", signed=True))
        pos = stop
    if len(vals) != len(FIELDS) or vals[0] != 0:
        raise ValueError("RSAPrivateKey: two-prime version 0 expected")
    key = dict(zip(FIELDS, vals))
    del key["version"]
    assert key["n"] == key["p"] * key["q"]
    key["h"] = (max(key["p"], key["q"]).bit_length() + 63) // 64
    return key


def openssl_keys() -> list[tuple[dict, list[tuple[int, int]]]]:
    """[(key, [(c, m), ...]), ...] for rsa2048, rsa3072, rsa4096."""
    vecs: dict[str, list[tuple[int, int]]] = {}
    for line in (VECTORS / "raw_private.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, c, m = line.split()
            vecs.setdefault(name, []).append((int(c, 16), int(m, 16)))
    out = []
    for bits in (2048, 3072, 4096):
        key = parse_pem((VECTORS / f"rsa{bits}.pem").read_text())
        assert key["n"].bit_length() == bits
        out.append((key, vecs[f"rsa{bits}"]))
    return out


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
