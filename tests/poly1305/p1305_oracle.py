#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Poly1305 carry edge cases checked against a Python-int oracle.

Writes crafted (key, message) pairs to the C helper p1305_pipe (run through
the cross emulator when given) and compares every tag with Poly1305 computed
here on Python ints (RFC 8439 2.5.1).  Cases:
  * r clamped to its maximum (key bytes all 0xff), s all ones, message blocks
    all ones (every limb of every block 2^64-1), partial final blocks;
  * r = 1 and r = 0, with block sums steered so that the accumulator ends at
    p-3 .. p+3, 2^130-1 .. 2^130+5, 2p-1 .. 2p+1 (before final reduction);
  * random r with the last block chosen so that h = p-1, 0, 1 (mod p) and
    h + s wrapping 2^128;
  * random keys and messages at lengths around every vector crossover.
usage: p1305_oracle.py [--count N] [--seed S] -- EMULATOR... PIPE_EXE
N: random cases (default 400); S: LF_TEST_SEED when set, else 1305.  The
line format and the runner are tests/common/pipe.h / pipe_oracle.py.
"""
import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

P = (1 << 130) - 5
CLAMP = 0x0ffffffc0ffffffc0ffffffc0fffffff
M128 = (1 << 128) - 1
# the crafted cases alone make 335, the smallest configured run (cross:
# --count 150) 485: fewer means cases went missing
MIN_CHECKS = 450


def poly1305(key, msg):
    r = int.from_bytes(key[:16], "little") & CLAMP
    s = int.from_bytes(key[16:], "little")
    h = 0
    for i in range(0, len(msg), 16):
        h = (h + int.from_bytes(msg[i:i + 16] + b"\x01", "little")) * r % P
    return ((h + s) & M128).to_bytes(16, "little")


def key_of(r, s):
    return r.to_bytes(16, "little") + s.to_bytes(16, "little")


def blocks_for_sum(target, nblocks):
    """nblocks full blocks m_i (each contributing m_i + 2^128) summing to target, or None."""
    rest = target - nblocks * (1 << 128)
    if rest < 0 or rest > nblocks * M128:
        return None
    out = []
    for i in range(nblocks):
        v = min(M128, rest - 0)
        left = nblocks - i - 1
        v = min(v, rest)
        if rest - v > left * M128:
            return None
        out.append(v)
        rest -= v
    return b"".join(v.to_bytes(16, "little") for v in out)


def cases(rng, count):
    ones = b"\xff" * 32
    # r at its clamped maximum, s all ones, all-ones blocks and partial blocks
    for n in list(range(0, 70)) + [127, 128, 129, 255, 256, 257, 511, 512, 1023, 1024, 1025, 4096, 4111]:
        yield ones, b"\xff" * n
        yield ones, bytes([0xff if i % 16 < 15 else 0x00 for i in range(n)])
    # r = 1 / r = 0: the accumulator is the plain block sum (mod p)
    targets = [P + d for d in range(-3, 4)] + [(1 << 130) + d for d in range(-1, 6)] + \
              [2 * P + d for d in range(-1, 2)] + [(1 << 129) + d for d in range(-1, 2)]
    for t in targets:
        for nb in (2, 3, 4, 5, 8, 16, 17, 33):
            msg = blocks_for_sum(t, nb)
            if msg is None:
                continue
            for s in (0, M128, rng.getrandbits(128)):
                yield key_of(1, s), msg
    for n in (0, 1, 16, 100):
        yield key_of(0, rng.getrandbits(128)), bytes(rng.getrandbits(8) for _ in range(n))
    # random r: steer the last block so h ends at p-1, 0, 1 (mod p); s makes h+s wrap
    made = 0
    while made < 60:
        r = rng.getrandbits(128) & CLAMP
        if r == 0:
            continue
        nprev = rng.choice([0, 1, 3, 7, 15, 31, 40])
        prev = bytes(rng.getrandbits(8) for _ in range(16 * nprev))
        h = 0
        for i in range(0, len(prev), 16):
            h = (h + int.from_bytes(prev[i:i + 16] + b"\x01", "little")) * r % P
        want = rng.choice([P - 1, 0, 1, M128, 1 << 128])
        x = (want * pow(r, -1, P) - h - (1 << 128)) % P
        if x > M128:
            continue
        s = (M128 - want + 1 + rng.randrange(3)) & M128
        made += 1
        yield key_of(r, s), prev + x.to_bytes(16, "little")
    # random keys/messages around the crossovers and lane multiples
    lens = list(range(0, 300)) + [383, 384, 385, 511, 512, 513, 1023, 1024, 1040, 2047, 2048, 4095, 16384]
    for i in range(count):
        n = lens[i % len(lens)]
        key = bytes(rng.getrandbits(8) for _ in range(32))
        msg = bytes(rng.getrandbits(8) for _ in range(n))
        yield key, msg


def main():
    ap = argparse.ArgumentParser(description="Poly1305 carry edge cases vs Python ints")
    ap.add_argument("--count", type=int, default=400, help="random cases")
    args = parse_args(ap, default_seed=1305)
    rng = random.Random(args.seed)
    checks = Checks()
    for k, m in cases(rng, args.count):
        want = poly1305(k, m).hex()
        checks.add(f"tag {k.hex()} {hexbytes(m)}", lambda w, want=want: w == [want])
    res = checks.run(args.cmd, show=10, label="p1305_oracle: ")
    if res.skipped:
        print(f"p1305_oracle: {res.stderr.strip()}")
        return 77
    print(f"p1305_oracle: backend {res.backend}: {res.total} cases vs Python ints, "
          f"{len(res.failed)} failed (seed {args.seed})")
    return res.exit_code("p1305_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
