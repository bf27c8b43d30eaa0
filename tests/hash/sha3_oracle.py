#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SHA3-256/512 and SHAKE128/256 checked against Python's hashlib.

Writes messages to the C helper sha3_pipe (behind the cross emulator when
there is one, so the cross targets are covered under qemu) and compares every
output.  Cases: every message length 0..ALL (all four functions), lengths
around each multiple of the rates 72, 136 and 168 (-1, 0, +1) up to MAXM,
SHAKE output lengths 0..ALL and a few long ones, constant messages, random
lengths; and the internal multi-stream absorb/squeeze (src/hash/
keccak_internal.h) for 1, 4 and 8 streams at every rate, whose streams must
each equal hashlib's SHAKE output (or, with SHA3 padding, start with the
SHA3 digest).
usage: sha3_oracle.py [--count N] [--all A] [--seed S] -- EMULATOR... PIPE_EXE
N: random cases (default 300); A: the exhaustive length range (default 600);
S: LF_TEST_SEED when set, else 202.  The line format and the runner are
tests/common/pipe.h / pipe_oracle.py.
"""
import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

MAXM = 3200   # sha3_pipe.c
MAXO = 5000
RATES = {"sha3_256": 136, "sha3_512": 72, "shake128": 168, "shake256": 136}
# the smallest configured run (cross: --count 30 --all 200) makes 2 440, its
# structured cases alone 2 320: fewer means cases went missing
MIN_CHECKS = 2350


def expect(fn, msg, outlen):
    if fn == "sha3_256":
        return hashlib.sha3_256(msg).digest()
    if fn == "sha3_512":
        return hashlib.sha3_512(msg).digest()
    h = hashlib.shake_128(msg) if fn == "shake128" else hashlib.shake_256(msg)
    return h.digest(outlen)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--all", type=int, default=600)
    args = parse_args(ap, default_seed=202)
    rng = random.Random(args.seed)
    checks = Checks()

    def add(fn, msg, outlen=32):
        want = expect(fn, msg, outlen).hex() or "-"
        req = f"{fn} {hexbytes(msg)}" if fn.startswith("sha3") else f"{fn} {outlen} {hexbytes(msg)}"
        checks.add(req, lambda w, want=want: w == [want])

    def add_xn(n, rate, ds, nb, msgs):
        want = []
        for m in msgs:
            if ds == 0x1f:
                w = (hashlib.shake_128 if rate == 168 else hashlib.shake_256)(m).digest(nb * rate)
            else:
                w = (hashlib.sha3_256 if rate == 136 else hashlib.sha3_512)(m).digest()
            want.append(w.hex())

        def check(words, want=want, nb=nb):
            if len(words) != len(want):
                return f"{len(words)} outputs"
            for j, (got, w) in enumerate(zip(words, want)):
                got = "" if got == "-" else got
                if len(got) != 2 * nb * rate:
                    return f"stream {j}: {len(got) // 2} bytes"
                if not (got == w if ds == 0x1f else got.startswith(w)):
                    return f"stream {j} differs"
            return True
        checks.add(f"xn {n} {rate} {ds} {nb} " + " ".join(hexbytes(m) for m in msgs), check)

    fns = list(RATES)
    lens = set(range(0, args.all + 1))
    for rate in (72, 136, 168):
        for k in range(rate, MAXM, rate):
            lens.update(x for x in (k - 1, k, k + 1) if x <= MAXM)
    for n in sorted(lens):
        msg = rng.randbytes(n)
        for fn in fns:
            add(fn, msg, rng.choice([0, 1, 32, 64, 136, 168, 169]))
    for outlen in range(0, args.all + 1):
        add("shake128", rng.randbytes(rng.randrange(0, 300)), outlen)
        add("shake256", rng.randbytes(rng.randrange(0, 300)), outlen)
    for outlen in (1000, 1343, 1344, 1345, 2039, 4096, MAXO):
        add("shake128", rng.randbytes(33), outlen)
        add("shake256", rng.randbytes(33), outlen)
    for n in (0, 1, 71, 72, 135, 136, 167, 168, 1000, MAXM):
        for b in (b"\x00", b"\xff"):
            for fn in fns:
                add(fn, b * n, 200)
    for _ in range(args.count):
        msg = rng.randbytes(rng.randrange(0, MAXM + 1))
        for fn in fns:
            add(fn, msg, rng.randrange(0, 1200))
    # multi-stream: every rate with both paddings, lengths at its boundaries
    xn_lens = [0, 1, 7, 8, 9, 100]
    for n in (1, 4, 8):
        for rate, ds in ((168, 0x1f), (136, 0x1f), (136, 0x06), (72, 0x06)):
            ls = xn_lens + [rate - 1, rate, rate + 1, 2 * rate, 3 * rate + 5]
            ls += [rng.randrange(0, MAXM // 4) for _ in range(max(1, args.count // 60))]
            for ln in ls:
                nb = rng.randrange(0 if ds == 0x1f else 1, 4)
                add_xn(n, rate, ds, nb, [rng.randbytes(ln) for _ in range(n)])

    res = checks.run(args.cmd)
    if res.skipped:
        print("sha3_oracle: back end not available here: skipped")
        return 77
    print(f"sha3_oracle: {res.total} checks (sha3_256, sha3_512, shake128, shake256 one-shot "
          f"and 5 chunkings each; multi-stream x1/x4/x8) on back end {res.backend}: "
          f"{len(res.failed)} failed")
    return res.exit_code("sha3_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
