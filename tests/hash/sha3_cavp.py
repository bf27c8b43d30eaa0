#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SHA3-256/512 and SHAKE128/256 against NIST's CAVP known answers.

Reads the byte-oriented CAVP response files in tests/vectors/nist-sha3/
(tests/vectors/README.md) and sends every vector through the C helper
sha3_pipe (behind the cross emulator when there is one, so the cross targets
run under qemu): SHA-3 "Len/Msg/MD" records as `sha3_256 MSG` / `sha3_512
MSG`, SHAKE "Len/Msg/Output" records as `shakeNNN OUTLEN MSG` with OUTLEN the
length of the stated Output.  The pipe answers with the one-shot API's result
and checks 5 chunkings/squeeze splits of each against it.  The expected
values come only from the files.  Fails when a file is missing, malformed
(Len not 8 * the message bytes), or yields fewer vectors than FILES says.
usage: sha3_cavp.py [--vectors DIR] -- EMULATOR... PIPE_EXE
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "nist-sha3"
# file -> (pipe op, vectors in it)
FILES = {
    "SHA3_256ShortMsg.rsp": ("sha3_256", 136),
    "SHA3_512ShortMsg.rsp": ("sha3_512", 72),
    "SHAKE128ShortMsg.rsp": ("shake128", 336),
    "SHAKE256ShortMsg.rsp": ("shake256", 272),
}
MAXM = 3200   # sha3_pipe.c
MAXO = 5000


def records(path):
    """The (Len, Msg, expected) records of a CAVP response file."""
    recs, cur = [], {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("["):
            continue
        m = re.fullmatch(r"(\w+) = ([0-9A-Fa-f]*)", line)
        if not m:
            raise ValueError(f"{path.name}:{n}: unexpected line {line[:60]!r}")
        key, val = m.groups()
        cur[key] = val.lower()
        if key in ("MD", "Output"):
            if "Len" not in cur or "Msg" not in cur:
                raise ValueError(f"{path.name}:{n}: {key} without Len/Msg")
            bits = int(cur["Len"])
            msg = bytes.fromhex(cur["Msg"])
            if bits == 0 and msg == b"\0":   # NIST writes the empty message as Msg = 00
                msg = b""
            if bits % 8 or len(msg) * 8 != bits or len(val) % 2 or not val:
                raise ValueError(f"{path.name}:{n}: Len {bits} does not match the record")
            recs.append((bits, msg, val.lower()))
            cur = {}
    return recs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", type=Path, default=VECTORS)
    args = parse_args(ap, default_seed=0)
    checks = Checks()
    bad = []
    counts = {}
    for name, (op, want_n) in FILES.items():
        path = args.vectors / name
        try:
            recs = records(path)
        except (OSError, ValueError) as e:
            bad.append(f"{name}: {e}")
            continue
        counts[name] = len(recs)
        if len(recs) < want_n or not recs:
            bad.append(f"{name}: {len(recs)} vectors, expected {want_n}")
        for bits, msg, want in recs:
            outlen = len(want) // 2
            if len(msg) > MAXM or outlen > MAXO:
                bad.append(f"{name}: Len {bits} / output {outlen} beyond the pipe's limits")
                continue
            if op.startswith("sha3"):
                req = f"{op} {hexbytes(msg)}"
            else:
                req = f"{op} {outlen} {hexbytes(msg)}"
            checks.add(req, lambda w, want=want: w == [want])

    res = checks.run(args.cmd, label="sha3_cavp: ")
    if res.skipped:
        print("sha3_cavp: back end not available here: skipped")
        return 77
    for b in bad:
        print(f"sha3_cavp: FAIL {b}")
    per = ", ".join(f"{n} {c}" for n, c in counts.items())
    print(f"sha3_cavp: {res.total} NIST CAVP vectors ({per}) on back end {res.backend}: "
          f"{len(res.failed)} failed")
    return 1 if bad or res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
