#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Check the mp module against Python ints through tests/mp/mp_pipe.c.

usage: mp_oracle.py [--seed S] [--scale F] [--full] -- CMD...
CMD runs mp_pipe (prefixed by the cross emulator when cross compiling); the
line format and the runner are tests/common/pipe.h / pipe_oracle.py.
Requests cover every length 1..128 for the products (forced Karatsuba at
small thresholds too), edge operands (0, 1, all-ones, single bits, top limb
zero, runs of ones), Montgomery with moduli that have the top bit set, are
2^k - 1, tiny or have leading zero limbs, both reduction paths, modexp with
exponent 0, 1, and full-size exponents; two exponentiations side by side
(lf_mp_mexp2, the RSA-CRT halves' 2-way IFMA pass).  RSA-CRT (keys: tests/mp/rsa_keys.py):
Python's keys (128..1024-bit N, to 4096 with --full; e = 65537, 3 or a random
odd 64-bit e) against pow(c, d, N); OpenSSL's 2048/3072/4096-bit keys against
OpenSSL's own raw private operation (tests/vectors/rsa/) and pow(c, d, N);
c = N refused;
bad keys refused with the right code and zeroed (wrong qinv, dp, dq, e even,
e < 3, e inconsistent, p = q, p and q swapped, dp = p, even p, q = 1, ...);
a composite "prime" (LF_ERR_FAULT unless the result happens to be right);
a bit of m1 or m2 flipped through the fault hook: LF_ERR_FAULT, r zeroed.
--scale F multiplies the default case counts (default: LF_TEST_ITERS,
testenv.scale(), so 1 when unset); below 1, as under qemu, the slow
full-size exponentiations and fault bits are cut down too.  The seed is
LF_TEST_SEED when set, else a fresh one (printed: rerun with --seed to
reproduce).
Exit status: 0 all passed, 1 a mismatch or fewer than MIN_CHECKS checks
(testenv.report), 77 back end not runnable here.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, limbs as hx, parse_args  # noqa: E402

import rsa_keys  # noqa: E402  (tests/mp/rsa_keys.py)
import testenv  # noqa: E402

MAXL = 128
# every scale below 1 makes about the same 2 500 requests (each count floors at
# 1; make test-cross runs 0.01-0.05), scale 1 about 3 700: fewer than this
# means requests went missing
MIN_CHECKS = 2000
M64 = (1 << 64) - 1


def edge(rng: random.Random, n: int) -> int:
    R = 1 << (64 * n)
    k = rng.randrange(12)
    if k == 0:
        return 0
    if k == 1:
        return 1
    if k == 2:
        return R - 1
    if k == 3:
        return 1 << rng.randrange(64 * n)
    if k == 4:                       # top limb zero
        return rng.randrange(R >> 64) if n > 1 else rng.randrange(1 << 32)
    if k == 5:                       # runs of ones and zeros
        x, pos = 0, 0
        while pos < 64 * n:
            ln = rng.randrange(1, 100)
            if rng.randrange(2):
                x |= ((1 << ln) - 1) << pos
            pos += ln
        return x % R
    if k == 6:                       # all-ones limbs here and there
        return sum(M64 << (64 * i) for i in range(n) if rng.randrange(2))
    if k == 7:
        return R - 1 - rng.randrange(1 << 64)
    return rng.randrange(R)


def odd_modulus(rng: random.Random, n: int) -> int:
    R = 1 << (64 * n)
    k = rng.randrange(8)
    if k == 0:
        m = R - 1                                 # 2^k - 1, all ones
    elif k == 1:
        m = (1 << rng.randrange(2, 64 * n + 1)) - 1   # 2^k - 1, shorter
    elif k == 2:
        m = rng.choice([3, 5, 7, 0xffffffffffffffc5, (1 << 64) + 1])  # tiny
    elif k == 3:
        m = rng.randrange(R >> 1, R) | (R >> 1)   # top bit set
    elif k == 4 and n > 1:
        m = rng.randrange(1 << (64 * (n - 1)))    # leading zero limb
    else:
        m = rng.randrange(R)
    m = (m | 1) % R
    return m if m > 1 else 3


class Suite(Checks):
    def __init__(self, rng, scale, full):
        super().__init__()
        self.rng, self.scale, self.full = rng, scale, full

    def lengths(self, lo=1, hi=MAXL):
        ns = list(range(lo, min(hi, 34) + 1)) + [40, 47, 48, 63, 64, 65, 96, 100, 127, 128]
        return [n for n in ns if lo <= n <= hi]

    def products(self):
        rng = self.rng
        for n in self.lengths():
            for _ in range(max(1, int(3 * self.scale))):
                a, b = edge(rng, n), edge(rng, n)
                self.add(f"mul {n} {hx(a, n)} {hx(b, n)}", lambda f, a=a, b=b, n=n: f == ["0", hx(a * b, 2 * n)])
                self.add(f"sqr {n} {hx(a, n)}", lambda f, a=a, n=n: f == ["0", hx(a * a, 2 * n)])
                R = 1 << (64 * n)
                self.add(f"mullo {n} {hx(a, n)} {hx(b, n)}", lambda f, a=a, b=b, n=n, R=R: f == ["0", hx(a * b % R, n)])
            # at every scale, every length of the generated kernels (1..32 on
            # x86_64_adx): all-ones limbs (every carry chain full), every other
            # limb all-ones, and 8 uniform operands (edge() above may draw only
            # carry-free kinds: an adcx turned adox in sqr26's chains survived
            # 0.3; 1 uniform square in 3 catches it, every-other-limb ones do)
            R = 1 << (64 * n)
            alt = sum(M64 << (64 * i) for i in range(0, n, 2))
            for a in [R - 1, R - 1 - M64, alt, (R - 1) ^ alt] + [rng.randrange(R) for _ in range(8)]:
                b = rng.choice((R - 1, alt, rng.randrange(R)))
                self.add(f"mul {n} {hx(a, n)} {hx(b, n)}", lambda f, a=a, b=b, n=n: f == ["0", hx(a * b, 2 * n)])
                self.add(f"sqr {n} {hx(a, n)}", lambda f, a=a, n=n: f == ["0", hx(a * a, 2 * n)])
            # Karatsuba forced at small thresholds, extremes of the sign masks
            for t in (1, 2, 3, 5):
                if n <= t:
                    continue
                R = 1 << (64 * n)
                for a, b in ((edge(rng, n), edge(rng, n)), (R - 1, R - 1), (rng.randrange(R), R - 1)):
                    self.add(f"kmul {n} {t} {hx(a, n)} {hx(b, n)}", lambda f, a=a, b=b, n=n: f == ["0", hx(a * b, 2 * n)])
                    self.add(f"ksqr {n} {t} {hx(a, n)}", lambda f, a=a, n=n: f == ["0", hx(a * a, 2 * n)])

    def simple(self):
        rng = self.rng
        for n in self.lengths(1, 20) + [64, 128]:
            R = 1 << (64 * n)
            for _ in range(max(1, int(2 * self.scale))):
                a, b = edge(rng, n), edge(rng, n)
                if rng.randrange(4) == 0:
                    b = a
                self.add(f"add {n} {hx(a, n)} {hx(b, n)}",
                         lambda f, a=a, b=b, n=n, R=R: f == ["0", hx((a + b) % R, n), str((a + b) >> (64 * n))])
                self.add(f"sub {n} {hx(a, n)} {hx(b, n)}",
                         lambda f, a=a, b=b, n=n, R=R: f == ["0", hx((a - b) % R, n), str(int(a < b))])
                self.add(f"cmp {n} {hx(a, n)} {hx(b, n)}",
                         lambda f, a=a, b=b: f == ["0", str((a > b) - (a < b))])
                for flag in (0, 1, 1 << 63, M64):
                    self.add(f"cmov {n} {hx(a, n)} {hx(b, n)} {flag}",
                             lambda f, a=a, b=b, n=n, flag=flag: f == ["0", hx(b if flag else a, n)])
                # bytes: exact, padded, too short, too long with zero/nonzero excess
                for ln in (8 * n, 8 * n + 3, max(0, (a.bit_length() + 7) // 8), max(0, (a.bit_length() + 7) // 8 - 1)):
                    fits = a < 256 ** ln
                    exp = ["0", hexbytes(a.to_bytes(ln, "big"))] if fits else ["-1", hexbytes(bytes(ln))]
                    self.add(f"tobytes {n} {ln} {hx(a, n)}", lambda f, exp=exp: f == exp)
                for extra in (0, 1):
                    raw = (a + (extra << (64 * n + 8 * rng.randrange(2)))).to_bytes(8 * n + 2, "big")
                    exp = ["0", hx(a, n)] if not extra else ["-1", hx(0, n)]
                    self.add(f"frombytes {n} {raw.hex()}", lambda f, exp=exp: f == exp)

    def mont(self):
        rng = self.rng
        for n in self.lengths():
            R = 1 << (64 * n)
            for _ in range(max(1, int(2 * self.scale))):
                m = odd_modulus(rng, n)
                a, b = edge(rng, n) % m, edge(rng, n) % m
                if rng.randrange(5) == 0:
                    a = b = m - 1
                self.add(f"mont {n} {hx(m, n)} {hx(a, n)} {hx(b, n)}",
                         lambda f, a=a, b=b, m=m, n=n: f == ["0", "0", hx(a * b % m, n), hx(a * a % m, n)])
                Rinv = pow(R, -1, m)
                for t in (rng.randrange(m * R), m * R - 1, rng.randrange(R)):
                    for bulk in (0, 1):
                        self.add(f"redc {n} {hx(m, n)} {hx(t, 2 * n)} {bulk}",
                                 lambda f, t=t, m=m, n=n, Rinv=Rinv: f == ["0", hx(t * Rinv % m, n)])

    def modexp(self):
        rng = self.rng
        ns = [1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 24, 31, 32, 33, 48, 64, 65, 100, 128]
        for n in ns:
            for _ in range(max(1, int(2 * self.scale))):
                m = odd_modulus(rng, n)
                b = edge(rng, n) % m
                el = rng.choice([1, 1, 2, 3, min(n, 8)]) if n > 8 else rng.randrange(1, n + 1)
                e = edge(rng, el)
                if rng.randrange(6) == 0:
                    e = rng.choice([0, 1])
                self.add(f"modexp {n} {hx(m, n)} {hx(b, n)} {el} {hx(e, el)}",
                         lambda f, b=b, e=e, m=m, n=n: f == ["0", hx(pow(b, e, m), n)])
            # base >= m is an error and zeroes r
            m = odd_modulus(rng, n)
            R = 1 << (64 * n)
            bad = rng.choice([m, R - 1, m + 1 if m + 1 < R else m])
            self.add(f"modexp {n} {hx(m, n)} {hx(bad, n)} 1 {hx(5, 1)}", lambda f, n=n: f == ["-1", hx(0, n)])
        # the AVX-512 IFMA radix-2^52 sizes (src/mp/native/x86_64/mp_ifma.c:
        # 1024, 1536, 2048, 3072, 4096 bits) and their neighbours: moduli with the top
        # limb full, not full (top bits clear, a leading zero limb), all ones,
        # tiny; bases 0, 1, m-1; exponents 0, 1, all ones, random.  Full-size
        # exponents (e = 0 too: the time is the length's) are slow: a third of
        # those with other bases and exponents; below scale 1 (under qemu, where
        # they took most of the run, and no target has the IFMA kernel) an
        # eighth of all of them
        for n in (15, 16, 17, 24, 32):
            R = 1 << (64 * n)
            mods = [rng.randrange(R >> 1, R) | (R >> 1) | 1,            # top bit set
                    (rng.randrange(R >> 21) | 1) | (R >> 22),           # top limb not full
                    rng.randrange(R >> 64) | 1 | (R >> 65),             # leading zero limb
                    R - 1, 3, (1 << 64) + 1]
            for m in mods:
                for b in (0, 1, m - 1, rng.randrange(m), (R - 1) % m):
                    for el, e in ((1, 0), (1, 1), (n, 0), (n, (1 << (64 * n)) - 1),
                                  (2, (1 << 128) - 1), (n, rng.randrange(1 << (64 * n)))):
                        if el == n and (rng.randrange(8) if self.scale < 1 else
                                        rng.randrange(3) and b not in (0, 1) and e not in (0, 1)):
                            continue
                        self.add(f"modexp {n} {hx(m, n)} {hx(b, n)} {el} {hx(e, el)}",
                                 lambda f, b=b, e=e, m=m, n=n: f == ["0", hx(pow(b, e, m), n)])
        for n in (48, 64):  # fewer: the c back end is slow at these sizes
            R = 1 << (64 * n)
            for m in (rng.randrange(R >> 1, R) | (R >> 1) | 1, (rng.randrange(R >> 21) | 1) | (R >> 22)):
                for b, el, e in ((m - 1, n, (1 << (64 * n)) - 1), (0, 1, 0), (1, 1, 1),
                                 (rng.randrange(m), 3, rng.randrange(1 << 192))):
                    self.add(f"modexp {n} {hx(m, n)} {hx(b, n)} {el} {hx(e, el)}",
                             lambda f, b=b, e=e, m=m, n=n: f == ["0", hx(pow(b, e, m), n)])
        full = [16, 32] + ([64, 128] if self.full else [])
        for n in full:  # a full-size exponent
            m = odd_modulus(rng, n) | (1 << (64 * n - 1))
            b, e = rng.randrange(m), rng.randrange(1 << (64 * n))
            self.add(f"modexp {n} {hx(m, n)} {hx(b, n)} {n} {hx(e, n)}",
                     lambda f, b=b, e=e, m=m, n=n: f == ["0", hx(pow(b, e, m), n)])

    def modexp2(self):
        """lf_mp_mexp2, the RSA-CRT halves' two exponentiations (one 2-way pass
        on avx512ifma at its sizes, two lf_mp_mexp elsewhere): two moduli of n
        limbs and bit lengths that differ, two exponents of the same limb count
        el (the public length) whose top windows differ (one zero, one not),
        whose bit lengths differ, zero against all ones; bases 0, 1, m - 1"""
        rng = self.rng

        def add(n, m1, b1, m2, b2, el, e1, e2):
            want = ["0", hx(pow(b1, e1, m1), n), hx(pow(b2, e2, m2), n)]
            self.add(f"modexp2 {n} {hx(m1, n)} {hx(b1, n)} {hx(m2, n)} {hx(b2, n)} {el} "
                     f"{hx(e1, el)} {hx(e2, el)}", lambda f, want=want: f == want)

        # below scale 1 (under qemu: no IFMA, so two lf_mp_mexp) 8 and 16 limbs
        for n in (8, 16, 24, 32, 48, 64) if self.scale >= 1 else (8, 16):
            R = 1 << (64 * n)
            top = rng.randrange(R >> 1, R) | (R >> 1) | 1                  # top bit set
            short = (rng.randrange(R >> 21) | 1) | (R >> 22)               # 21 top bits clear
            el = n if n <= 32 else 3  # full-size exponents where the c back end is quick enough
            E = 1 << (64 * el)
            hi = rng.randrange(E >> 1, E)                                  # top bit set
            lo = rng.randrange(E >> 12) | (E >> 13)                        # 12 bits shorter
            add(n, top, rng.randrange(top), short, rng.randrange(short), el, lo, hi)
            if n <= 32:
                add(n, short, short - 1, top, rng.randrange(top), el, hi, rng.randrange(E >> 70))
                add(n, top, 1, short, 0, el, 0, E - 1)
                add(n, short, rng.randrange(short), top, top - 1, 1, 3, 1)

    # ---------------------------------------------------------------- RSA
    def rsa_req(self, k: dict, c: int, **over) -> str:
        v = {**k, **over}
        h = k["h"]
        return (f"rsa {h} {v['e']} {hx(v['p'], h)} {hx(v['q'], h)} {hx(v['dp'], h)} "
                f"{hx(v['dq'], h)} {hx(v['qinv'], h)} {hx(c, 2 * h)}")

    def rsa_ok(self, k: dict, c: int, m: int | None = None):
        """c^d mod N: m given (OpenSSL's), else pow(c, d, N)"""
        if m is None:
            m = pow(c, k["d"], k["n"])
        self.add(self.rsa_req(k, c), lambda f, m=m, h=k["h"]: f == ["0", "0", "0", hx(m, 2 * h)])

    @staticmethod
    def rsa_verdict(v: dict) -> int:
        """lf_mp_rsa_key_init's code for the values v, as mp.h specifies it"""
        e, p, q, dp, dq, qi = v["e"], v["p"], v["q"], v["dp"], v["dq"], v["qinv"]
        if e < 3 or e % 2 == 0 or p % 2 == 0 or p < 3 or q % 2 == 0 or q < 3:
            return -2                                       # LF_ERR_PARAM
        if dp >= p or dq >= q or qi >= p:
            return -1                                       # LF_ERR_RANGE
        if qi * q % p != 1 or e * dp % (p - 1) != 1 or e * dq % (q - 1) != 1:
            return -6                                       # LF_ERR_INVALID
        return 0

    def rsa_bad(self, k: dict, code: int | None, why: str, **over):
        """the key is refused with code (None: whichever class fails first, for a
        change that may meet an earlier class by chance) and zeroed; the private
        operation on it is refused (LF_ERR_PARAM) and writes nothing (r aliases c)"""
        h, c = k["h"], self.rng.randrange(k["n"])
        model = self.rsa_verdict({**k, **over})
        assert model != 0 and code in (None, model), f"bad key case {why}: {model}"
        want = [str(model), "1", "-2", hx(c, 2 * h)]
        self.add(self.rsa_req(k, c, **over),
                 lambda f, want=want, why=why: f == want or f"bad key ({why}): want {want[:3]}")

    def rsa_bad_keys(self, k: dict):
        p, q, h = k["p"], k["q"], k["h"]
        R = 1 << (64 * h)
        PARAM, RANGE, INVALID = -2, -1, -6
        e = k["e"]
        for bad_e in (0, 1, 2, 65536, e ^ 1, (1 << 64) - 2):
            self.rsa_bad(k, PARAM, f"e = {bad_e}", e=bad_e)
        self.rsa_bad(k, INVALID, "e + 2", e=e + 2 if e + 2 < 1 << 64 else e - 2)
        self.rsa_bad(k, INVALID, "e = 2^64 - 1", e=(1 << 64) - 1)
        self.rsa_bad(k, INVALID, "wrong qinv (+1)", qinv=(k["qinv"] + 1) % p)
        self.rsa_bad(k, INVALID, "qinv = 0", qinv=0)
        self.rsa_bad(k, INVALID, "wrong dp", dp=(k["dp"] + 2) % (p - 1))
        self.rsa_bad(k, INVALID, "wrong dq", dq=k["dq"] ^ 1)
        self.rsa_bad(k, INVALID, "dp = p - 1", dp=p - 1)
        self.rsa_bad(k, INVALID, "dq = 0", dq=0)
        # LF_ERR_INVALID, or LF_ERR_RANGE when qinv >= q
        self.rsa_bad(k, None, "p and q swapped (dp, dq too)", p=q, q=p, dp=k["dq"], dq=k["dp"])
        self.rsa_bad(k, INVALID, "p = q", q=p, dq=k["dp"], qinv=1)
        self.rsa_bad(k, RANGE, "dp = p", dp=p)
        self.rsa_bad(k, RANGE, "dq = q", dq=q)
        self.rsa_bad(k, RANGE, "qinv = p", qinv=p)
        self.rsa_bad(k, RANGE, "qinv = 2^64h - 1, dp wrong too", qinv=R - 1, dp=0)
        self.rsa_bad(k, PARAM, "p even (p - 1)", p=p - 1)
        self.rsa_bad(k, PARAM, "q = 1", q=1)
        self.rsa_bad(k, PARAM, "p = 0, dp >= p", p=0)
        self.rsa_bad(k, PARAM, "q even, e even", q=q - 1, e=4)

    def rsa_faults(self, k: dict, cm: tuple[int, int] | None = None):
        """a bit of m1 or m2 flipped: LF_ERR_FAULT (-7), r zeroed; the hook
        without a flip changes nothing (input and result cm, else a random c
        and pow(c, d, N))"""
        h, rng = k["h"], self.rng
        if cm is None:
            c = rng.randrange(k["n"])
            cm = (c, pow(c, k["d"], k["n"]))
        c, m = cm
        tail = (f"{k['e']} {hx(k['p'], h)} {hx(k['q'], h)} {hx(k['dp'], h)} {hx(k['dq'], h)} "
                f"{hx(k['qinv'], h)} {hx(c, 2 * h)}")
        self.add(f"rsaf {h} 0 0 {tail}", lambda f, m=m, h=h: f == ["0", hx(m, 2 * h)])
        for which in (1, 2):
            # bit 0, the top bit and a random one of each half; below scale 1
            # (under qemu, where the private operations of OpenSSL's 3072- and
            # 4096-bit keys dominate mp's time) the low bit of m1 and the top
            # bit of m2
            bits = (0, 64 * h - 1, rng.randrange(64 * h)) if self.scale >= 1 else \
                ((0,) if which == 1 else (64 * h - 1,))
            for bit in bits:
                self.add(f"rsaf {h} {which} {bit} {tail}", lambda f, h=h: f == ["-7", hx(0, 2 * h)])

    def rsa(self):
        rng = self.rng
        # Python's keys, 128 to 1024 bits (to 4096 with --full; OpenSSL's keys
        # below cover 2048..4096): e = 65537, 3 and a random odd 64-bit e; c edge
        # values and random, c = N refused
        hs = [1, 2, 4, 8, 12] + ([16, 32] if self.full else [])
        for i, h in enumerate(hs):
            for j in range(max(1, int(self.scale))):
                e = (65537, 3, rng.randrange(1 << 63, 1 << 64) | 1)[(i + j) % 3]
                k = rsa_keys.python_key(rng, h, e)
                N = k["n"]
                for c in (rng.randrange(N), 0, 1, N - 1, k["p"], k["q"]):
                    self.rsa_ok(k, c)
                self.add(self.rsa_req(k, N), lambda f, h=h: f == ["0", "0", "-1", hx(0, 2 * h)])
                if j == 0 and h in (1, 2, 8):
                    self.rsa_bad_keys(k)
                    self.rsa_faults(k)
        # a key whose "prime" p is composite passes the load checks; the result
        # then fails its check (LF_ERR_FAULT, r = 0) unless it happens to be right
        h = 2
        while True:
            p1, p2 = rsa_keys.probable_prime(rng, 64), rsa_keys.probable_prime(rng, 64)
            q = rsa_keys.probable_prime(rng, 128)
            p = p1 * p2
            if math.gcd(65537, p - 1) == 1 and math.gcd(65537, q - 1) == 1 and p != q:
                break
        dp, dq = pow(65537, -1, p - 1), pow(65537, -1, q - 1)
        k = {"n": p * q, "e": 65537, "p": p, "q": q, "dp": dp, "dq": dq, "qinv": pow(q, -1, p), "h": h}
        for c in (rng.randrange(k["n"]), rng.randrange(k["n"]), 1):
            r = rsa_keys.crt_result(k, c)
            ok = pow(r, 65537, k["n"]) == c
            want = ["0", "0", "0", hx(r, 2 * h)] if ok else ["0", "0", "-7", hx(0, 2 * h)]
            self.add(self.rsa_req(k, c), lambda f, want=want: f == want)
        # OpenSSL's keys (2048, 3072, 4096): its raw private operation's results,
        # a random input against pow(c, d, N), bad keys, faults
        for k, vecs in rsa_keys.openssl_keys():
            for c, m in vecs:
                self.rsa_ok(k, c, m)
            self.rsa_ok(k, rng.randrange(k["n"]))
            self.rsa_bad_keys(k)
            self.rsa_faults(k, vecs[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description="mp module vs Python ints")
    ap.add_argument("--scale", type=float, default=testenv.scale(),
                    help="multiplier of the cases per length (default: LF_TEST_ITERS, else 1)")
    ap.add_argument("--full", action="store_true", help="also 4096/8192-bit full exponents, RSA-4096")
    args = parse_args(ap, default_seed=None)
    if not args.scale > 0:
        ap.error(f"--scale {args.scale}: not a positive number")
    seed = args.seed
    print(f"mp_oracle: seed {seed}", flush=True)
    s = Suite(random.Random(seed), args.scale, args.full)
    s.add("badlen", lambda f: f == ["0"])
    s.products()
    s.simple()
    s.mont()
    s.modexp()
    s.modexp2()
    s.rsa()
    res = s.run(args.cmd, show=5, label="mp_oracle: ")
    if res.stderr.strip():
        print(res.stderr.rstrip())
    if res.skipped:
        print("mp_oracle: back end not available here: skipped")
        return 77
    counts = {}
    for req in s.requests:
        counts[req.split()[0]] = counts.get(req.split()[0], 0) + 1
    print("mp_oracle: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"mp_oracle: backend {res.backend}: {res.total - len(res.failed)}/{res.total} checks passed "
          f"(seed {seed}, scale {args.scale:g})")
    return res.exit_code("mp_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
