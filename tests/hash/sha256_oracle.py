#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SHA-256 and HMAC-SHA256 checked against Python's hashlib and hmac.

Writes messages (and keys) to the C helper sha256_pipe (behind the cross
emulator when there is one, so the cross targets without OpenSSL are covered
under qemu) and compares every digest and tag.  Cases: every length 0..300,
lengths around each padding boundary (55, 56, 63, 64, 65, 119, 120 ... mod
64) up to MAXM, all-zero and all-0xff messages, keys of 0..300 bytes
(around 64: the block size, above it hashed first), random lengths.
usage: sha256_oracle.py [--count N] [--seed S] -- EMULATOR... PIPE_EXE
N: random cases (default 300); S: LF_TEST_SEED when set, else 256.  The line
format and the runner are tests/common/pipe.h / pipe_oracle.py.
"""
import argparse
import hashlib
import hmac
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

MAXM = 5000
MAXK = 300
# the structured cases alone make 1 833, the smallest configured run (cross:
# --count 100) 2 033: fewer means cases went missing
MIN_CHECKS = 1900


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    args = parse_args(ap, default_seed=256)
    rng = random.Random(args.seed)
    checks = Checks()

    def add(msg, key=None):
        if key is None:
            want = hashlib.sha256(msg).hexdigest()
            checks.add(f"sha256 {hexbytes(msg)}", lambda w, want=want: w == [want])
        else:
            want = hmac.new(key, msg, "sha256").hexdigest()
            checks.add(f"hmac {hexbytes(key)} {hexbytes(msg)}", lambda w, want=want: w == [want])

    lens = set(range(0, 301))
    for base in range(0, MAXM - 70, 64):
        lens.update(base + d for d in (55, 56, 57, 63, 64, 65))
    for n in sorted(lens):
        msg = rng.randbytes(n)
        add(msg)
        add(msg, rng.randbytes(rng.choice([0, 1, 32, 63, 64, 65, 100, 128, 129, MAXK])))
    for n in (0, 1, 55, 56, 64, 1000, MAXM):
        for b in (b"\x00", b"\xff"):
            add(b * n)
            add(b * n, b * 64)
            add(b * n, b * 65)
    for kl in range(0, MAXK + 1):
        add(rng.randbytes(rng.randrange(0, 200)), rng.randbytes(kl))
    for _ in range(args.count):
        msg = rng.randbytes(rng.randrange(0, MAXM + 1))
        add(msg)
        add(msg, rng.randbytes(rng.randrange(0, MAXK + 1)))

    res = checks.run(args.cmd)
    if res.skipped:
        print("sha256_oracle: back end not available here: skipped")
        return 77
    print(f"sha256_oracle: {res.total} checks (sha256, hmac; each one-shot and 5 chunkings) "
          f"on back end {res.backend}: {len(res.failed)} failed")
    return res.exit_code("sha256_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
