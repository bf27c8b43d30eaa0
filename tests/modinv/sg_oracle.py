#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Check src/modinv against Python ints (pow(x, -1, p)) through sg_pipe.

usage: sg_oracle.py [--seed S] [--scale F] -- CMD...
CMD runs sg_pipe (prefixed by the cross emulator when cross compiling); the
line format and the runner are tests/common/pipe.h / pipe_oracle.py.

Moduli: the built-in field primes; random primes (and above 400 bits also
odd numbers without small factors) of 2..1090 bits, with the bit lengths
around every 62-bit limb boundary (62k-2 .. 62k+1, where the descriptor's
limb count changes) and around the 64-bit ones; odd moduli (most composite)
and 2^k - 1 up to 8192 bits; tiny ones (3, 5, 7, 9, 15, 21, 255), every x.
Descriptors with the exact bit length, a looser bound, 64 n, and leading
zero limbs.  Inputs: 0, 1, 2, p-1, p-2, (p+1)/2, powers of two, small
values, values just below p, runs of ones, random.  Every inversion runs
lf_sg_inv and lf_sg_inv_var, out of place and in place (r == x); the static
descriptors (LF_SG_MOD_CONST, the inline core with a compile-time-constant
descriptor) likewise, and each must equal what lf_sg_mod_init builds from
its p.  lf_sg_mod_init must reject even p, p = 1, p >= 2^bits and bad n or
bits.  bingcd.h (the fields' constant-time inversion, prime moduli) for
each (n, bits) shape sg_pipe instantiates: the built-in field primes of that
shape with the worst known inputs of bg_bound.py (2^(len(p)-1), which needs
every step the bound allows, 2^k, p - 2^k, and searched inputs that make the
approximation take wrong decisions), and random primes of bits and of a few
bits fewer (a looser bound) with the inputs above; each answer from the
build's code (x86-64 asm when optimising) and from the portable C, both out
of place and in place.  --scale F multiplies the inputs per modulus
(default: LF_TEST_ITERS, testenv.scale(), so 1 when unset); below 1, as under
qemu, a random few of the large moduli.  The seed is LF_TEST_SEED when set,
else a fresh one (printed: rerun with --seed to reproduce).
Exit status: 0 all passed, 1 a mismatch or fewer than MIN_CHECKS checks
(testenv.report), 77 back end not runnable here.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "gen"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from limbforge.fields import builtin_fields  # noqa: E402  (the moduli: inputs only)
from pipe_oracle import Checks, limbs as hx, parse_args  # noqa: E402
from bg_bound import worst_inputs  # noqa: E402  (the same directory)
import testenv  # noqa: E402

MAXN = 128
MAXBITS = 8192
LF_OK, LF_ERR_PARAM = 0, -2
# at LF_TEST_ITERS 0.01 (make test-cross) about 16 400 requests on x86-64 (32
# bingcd shapes), 13 000 elsewhere (LF_BG_FEW_SHAPES: 8); the bingcd requests
# alone are 5 000-8 600, the rest 7 800: fewer than this means some went missing
MIN_CHECKS = 10000

SMALL_PRIMES = [q for q in range(3, 1000, 2) if all(q % d for d in range(3, int(q**0.5) + 1, 2))]
SMALL_PRODUCT = math.prod(SMALL_PRIMES)


def is_probable_prime(n: int, rounds: int = 16) -> bool:
    if n < 2 or n % 2 == 0:
        return n == 2
    if n < 1000:
        return n in SMALL_PRIMES
    if math.gcd(n, SMALL_PRODUCT) != 1 or pow(2, n - 1, n) != 1:
        return False
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rng = random.Random(n)
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def random_prime(rng: random.Random, bits: int) -> int:
    if bits == 2:
        return 3
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(p, rounds=2):
            return p


def random_rough(rng: random.Random, bits: int) -> int:
    """odd, top bit set, no prime factor below 1000 (so almost every x is
    invertible), usually composite; much cheaper than a prime"""
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if math.gcd(p, SMALL_PRODUCT) == 1:
            return p


def nlimbs(bits: int) -> int:
    return max(1, (bits + 63) // 64)


def check_inv(p: int, x: int, n: int, words: list[str]):
    """words: the constant-time and _var answers to x^-1 mod p, n limbs each"""
    if len(words) != 2:
        return f"want 2 results, got {len(words)} words"
    if any(len(w) != 16 * n for w in words):
        return f"want {n} limbs ({16 * n} hex digits) per result"
    rc, rv = int(words[0], 16), int(words[1], 16)
    if rc != rv:
        return "lf_sg_inv and lf_sg_inv_var differ"
    if rc >= p:
        return "result >= p"
    if math.gcd(x, p) == 1:
        return rc == pow(x, -1, p) or f"not the inverse, want {hx(pow(x, -1, p), n)}"
    return x != 0 or rc == 0 or "0^-1 must be 0"   # no inverse: any value < p, but 0 -> 0


def inputs(rng: random.Random, p: int, count: int) -> list[int]:
    b = p.bit_length()
    xs = [0, 1, 2, p - 1, p - 2, (p + 1) // 2, 1 << (b - 1), 1 << rng.randrange(b)]
    for _ in range(count):
        k = rng.randrange(7)
        if k == 0:
            x = rng.randrange(1 << min(b, 64))                       # small
        elif k == 1:
            x = p - 1 - rng.randrange(1 << min(b, 64))               # just below p
        elif k == 2:
            x = ((1 << rng.randrange(1, b + 1)) - 1) << rng.randrange(b)   # a run of ones
        elif k == 3:
            x = (1 << b) - 1 - (1 << rng.randrange(b))               # one zero bit
        else:
            x = rng.randrange(p)
        xs.append(x % p)
    return [x for x in xs if 0 <= x < p]


class Suite(Checks):
    def __init__(self, rng: random.Random, scale: float):
        super().__init__()
        self.rng, self.scale = rng, scale

    def count(self, base: int) -> int:
        return max(1, int(base * self.scale))

    def inv(self, p: int, x: int, n: int, bits: int) -> None:
        """lf_sg_inv and lf_sg_inv_var, out of place and (in sg_pipe) in place"""
        self.add(f"inv {n} {bits} {hx(p, n)} {hx(x, n)}",
                 lambda f, p=p, x=x, n=n: (check_inv(p, x, n, f[1:]) if f[0] == str(LF_OK)
                                           else f"lf_sg_mod_init returned {f[0]}"))

    def init(self, p: int, n: int, bits: int, want: int) -> None:
        """P in n limbs; for n outside [1, MAXN] in the limbs sg_pipe passes"""
        self.add(f"init {n} {bits} {hx(p, min(max(n, 1), MAXN))}", lambda f, w=want: f == [str(w)])

    def modulus(self, p: int, count: int) -> None:
        """p with the exact bit length, a looser bound, 64 n, leading zero limbs"""
        b = max(2, p.bit_length())
        n = nlimbs(b)
        shapes = [(n, b), (n, 64 * n)]
        if b < 64 * n:
            shapes.append((n, self.rng.randrange(b, 64 * n + 1)))
        if n < MAXN:
            n2 = min(MAXN, n + self.rng.randrange(1, 3))
            shapes.append((n2, min(MAXBITS, self.rng.choice([b, 64 * n2]))))
        for i, (nn, bits) in enumerate(shapes):
            xs = inputs(self.rng, p, count if i == 0 else max(1, count // 4))
            for x in xs:
                self.inv(p, x, nn, bits)

    def builtin(self) -> None:
        for p in (f.p for f in builtin_fields()):
            self.modulus(p, self.count(60))

    def boundaries(self) -> None:
        """moduli at every 62-bit limb boundary up to 1054 bits and around
        the 64-bit ones, all sizes up to 69: random primes up to 400 bits,
        above that rough odd numbers (random_rough) half the time"""
        sizes = set(range(2, 70))
        for k in range(2, 18):
            sizes.update(range(62 * k - 2, 62 * k + 2))
            sizes.update(range(64 * k - 1, 64 * k + 2))
        for b in sorted(sizes):
            if b <= 400 or self.rng.randrange(2):
                p = random_prime(self.rng, b)
            else:
                p = random_rough(self.rng, b)
            self.modulus(p, self.count(10 if b > 300 else 6))

    def large(self) -> None:
        """odd moduli (rough, and plain random) and 2^k - 1 up to 8192 bits"""
        sizes = [1100, 1535, 2046, 2047, 2048, 2049, 3000, 4092, 4095, 4096, 6200, 8190, 8191, 8192]
        mersenne = [61, 62, 63, 64, 127, 521, 1279, 4096, 8192]
        if self.scale < 1:  # under qemu, where these took most of the run: a random few
            sizes, mersenne = self.rng.sample(sizes, 5), self.rng.sample(mersenne, 4)
        for b in sizes:
            self.modulus(random_rough(self.rng, b), self.count(6))
            self.modulus(self.rng.getrandbits(b) | (1 << (b - 1)) | 1, self.count(3))
        for b in mersenne:
            self.modulus((1 << b) - 1, self.count(6))   # Mersenne primes and composites

    def tiny(self) -> None:
        for p in (3, 5, 7, 9, 15, 21, 255):
            for x in range(p):
                self.inv(p, x, 1, max(2, p.bit_length()))
                self.inv(p, x, 1, 64)

    def rejects(self) -> None:
        self.init(3, 1, 2, LF_OK)
        self.init(2**8192 - 1, 128, 8192, LF_OK)
        self.init(1, 1, 2, LF_ERR_PARAM)             # p = 1
        self.init(0, 1, 64, LF_ERR_PARAM)            # p = 0
        self.init(2**64 - 2, 1, 64, LF_ERR_PARAM)    # even
        self.init(2**100 + 2, 2, 128, LF_ERR_PARAM)  # even, two limbs
        self.init(2**61 + 1, 1, 61, LF_ERR_PARAM)    # p >= 2^bits
        self.init(2**64 + 1, 2, 64, LF_ERR_PARAM)    # p >= 2^bits in a higher limb
        self.init(2**65 + 1, 2, 65, LF_ERR_PARAM)    # p = 2^bits + 1
        self.init(2**65 - 1, 2, 65, LF_OK)
        self.init(7, 1, 1, LF_ERR_PARAM)             # bits < 2
        self.init(7, 1, 65, LF_ERR_PARAM)            # bits > 64 n
        self.init(7, 0, 2, LF_ERR_PARAM)             # n = 0
        self.init(7, 129, 64, LF_ERR_PARAM)          # n > 128
        self.init(2**8192 - 1, 128, 8193, LF_ERR_PARAM)

    def consts(self, info: list[tuple[int, int, int]]) -> None:
        self.add("ccheck", lambda f: f == ["0"])
        for k, (n, bits, p) in enumerate(info):
            for x in inputs(self.rng, p, self.count(200)):
                self.add(f"cinv {k} {hx(x, n)}", lambda f, p=p, x=x, n=n: check_inv(p, x, n, f))


def check_binv(p: int, x: int, n: int, words: list[str]):
    """bingcd.h's answers (build's code, portable C) to x^-1 mod p, p prime"""
    if len(words) != 2 or any(len(w) != 16 * n for w in words):
        return f"want 2 results of {n} limbs, got {words}"
    ra, rc = int(words[0], 16), int(words[1], 16)
    if ra != rc:
        return "the build's code and the portable C differ"
    want = pow(x, -1, p) if x else 0
    return ra == want or f"want {hx(want, n)}"


def bshapes_check(s: "Suite", shapes: list[tuple[int, int]]) -> None:
    fields = {(f.n, f.bits): f.p for f in builtin_fields() if f.bits > 64}
    for k, (n, bits) in enumerate(shapes):
        primes = []
        if (n, bits) in fields:
            p = fields[(n, bits)]
            primes.append((p, worst_inputs(p, bits, s.rng.randrange(1 << 30), 80)))
        for b in {bits, max(65, bits - 1 - s.rng.randrange(3))}:
            p = random_prime(s.rng, b)
            L = p.bit_length()
            extra = [1 << (L - 1), (1 << (L - 1)) - 1, p - (1 << (L - 2))]
            primes.append((p, inputs(s.rng, p, s.count(30)) + extra))
        for p, xs in primes:
            for x in xs:
                s.add(f"binv {k} {hx(p, n)} {hx(x % p, n)}",
                      lambda f, p=p, x=x % p, n=n: check_binv(p, x, n, f))


def bshape_info(cmd: list[str]):
    out: list[tuple[int, int]] = []

    def parse(f: list[str]):
        k = int(f[0])
        if k < 1 or len(f) != 1 + 2 * k:
            return f"want K >= 1 then K times n bits, got {len(f)} words"
        for i in range(k):
            out.append((int(f[1 + 2 * i]), int(f[2 + 2 * i])))
        return True

    pre = Checks()
    pre.add("bshapes", parse)
    return out, pre.run(cmd, label="sg_oracle: ")


def const_info(cmd: list[str]):
    """(n, bits, p) of sg_pipe's static descriptors (the "consts" request),
    and the Result of that run"""
    out: list[tuple[int, int, int]] = []

    def parse(f: list[str]):
        k = int(f[0])
        if k < 1 or len(f) != 1 + 3 * k:
            return f"want K >= 1 then K times n bits P, got {len(f)} words"
        for i in range(k):
            n, bits, p = int(f[1 + 3 * i]), int(f[2 + 3 * i]), f[3 + 3 * i]
            if not 1 <= n <= MAXN or len(p) != 16 * n:
                return f"descriptor {i}: n {n}, P of {len(p)} hex digits"
            out.append((n, bits, int(p, 16)))
        return True

    pre = Checks()
    pre.add("consts", parse)
    return out, pre.run(cmd, label="sg_oracle: ")


def main() -> int:
    ap = argparse.ArgumentParser(description="src/modinv vs Python ints")
    ap.add_argument("--scale", type=float, default=testenv.scale(),
                    help="multiplier of the inputs per modulus (default: LF_TEST_ITERS, else 1)")
    args = parse_args(ap, default_seed=None)
    if not args.scale > 0:
        ap.error(f"--scale {args.scale}: not a positive number")
    seed = args.seed
    print(f"sg_oracle: seed {seed}", flush=True)
    s = Suite(random.Random(seed), args.scale)
    info, pre = const_info(args.cmd)
    if pre.skipped:
        print(f"sg_oracle: back end not available here: skipped ({pre.stderr.strip()})")
        return 77
    if pre.failed:
        print("sg_oracle: sg_pipe gave no usable static descriptors")
        return 1
    shapes, pre2 = bshape_info(args.cmd)
    if pre2.failed:
        print("sg_oracle: sg_pipe gave no usable bingcd shapes")
        return 1
    s.rejects()
    bshapes_check(s, shapes)
    s.tiny()
    s.builtin()
    s.boundaries()
    s.large()
    s.consts(info)
    res = s.run(args.cmd, show=5, label="sg_oracle: ")
    if res.stderr.strip():
        print(res.stderr.rstrip())
    if res.skipped:
        print("sg_oracle: back end not available here: skipped")
        return 77
    counts: dict[str, int] = {}
    for req in s.requests:
        counts[req.split()[0]] = counts.get(req.split()[0], 0) + 1
    print("sg_oracle: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f"; {len(info)} static descriptors, {len(shapes)} bingcd shapes")
    print(f"sg_oracle: backend {res.backend}: {res.total - len(res.failed)}/{res.total} checks passed "
          f"(seed {seed}, scale {args.scale:g})")
    return res.exit_code("sg_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
