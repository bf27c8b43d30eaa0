#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every case of the vendored Wycheproof ML-KEM files through mlkem_pipe.

The expected values are the files' own (no model): the C helper runs behind
the cross emulator when there is one, so this also runs under qemu.
  mlkem_{512,768,1024}_test.json   valid: keygen from the seed gives the
      file's ek, decaps of c with the dk that keygen returned gives K (a
      second run of the pipe); invalid: a seed of the wrong length
      (LF_ERR_PARAM), or a ciphertext of the wrong length (keygen gives ek,
      decaps LF_ERR_PARAM)
  mlkem_768_keygen_seed_test.json  keygen: the seed gives ek and dk
  mlkem_768_encaps_test.json       valid: encaps of ek, m gives c and K;
      invalid: ek of the wrong length (LF_ERR_PARAM) or not reduced mod q (the
      modulus check: LF_ERR_INVALID)
  mlkem_768_semi_expanded_decaps_test.json  valid: decaps of dk, c gives K;
      invalid: dk or c of the wrong length (LF_ERR_PARAM), else the hash check
      (LF_ERR_INVALID)
Every case is counted: the test fails when one disagrees, or when the cases
run for a file are not its numberOfTests.
usage: mlkem_wycheproof.py [--vectors DIR] -- EMULATOR... PIPE_EXE
"""
import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "common"))
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

SETS = {"ML-KEM-512": 2, "ML-KEM-768": 3, "ML-KEM-1024": 4}
SIZES = {2: (800, 1632, 768), 3: (1184, 2400, 1088), 4: (1568, 3168, 1568)}  # ek dk ct
ERR_PARAM, ERR_INVALID = "-2", "-6"

COMBINED = ["mlkem_512_test.json", "mlkem_768_test.json", "mlkem_1024_test.json"]
KEYGEN = "mlkem_768_keygen_seed_test.json"
ENCAPS = "mlkem_768_encaps_test.json"
DECAPS = "mlkem_768_semi_expanded_decaps_test.json"


def eq(*want):
    def check(words):
        if words == list(want):
            return True
        if words and words[0] != want[0]:
            return f"return code {words[0]}, want {want[0]}"
        return "wrong output"
    return check


class File:
    """One vector file: its cases, the count run and the failures."""

    def __init__(self, vdir, name):
        self.name = name
        with open(vdir / name) as f:
            self.data = json.load(f)
        self.declared = self.data["numberOfTests"]
        self.failed = {}   # tcId -> reason
        self.done = set()  # tcIds checked

    def cases(self):
        for g in self.data["testGroups"]:
            s = SETS[g["parameterSet"]]
            for tc in g["tests"]:
                yield s, tc

    def result(self, tc, verdict):
        self.done.add(tc["tcId"])
        if verdict is not True:
            self.failed.setdefault(tc["tcId"], verdict or "wrong answer")


def run(checks: Checks, cmd, label):
    """Runs the pipe; the checks record their verdicts themselves."""
    res = checks.run(cmd, show=0)
    if res.skipped:
        return None
    if res.status != 0:
        print(f"{label}: pipe exited with status {res.status}: {res.stderr.strip()[-500:]}")
    return res


def checked(f, tc, check):
    """A check that records its verdict against (file, case) and passes on."""
    def c(words):
        v = check(words)
        f.result(tc, v)
        return v
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", type=Path, default=HERE.parent / "vectors" / "wycheproof")
    args = parse_args(ap, default_seed=0)
    files = {n: File(args.vectors, n) for n in COMBINED + [KEYGEN, ENCAPS, DECAPS]}

    # phase 1: everything that needs no output of the library
    checks = Checks()
    dks = {}  # (file, tcId) -> dk from keygen, for phase 2

    f = files[KEYGEN]
    for s, tc in f.cases():
        checks.add(f"keygen {s} {hexbytes(bytes.fromhex(tc['seed']))}",
                   checked(f, tc, eq("0", tc["ek"], tc["dk"])))

    f = files[ENCAPS]
    for s, tc in f.cases():
        ek = bytes.fromhex(tc["ek"])
        req = f"encaps {s} {hexbytes(ek)} {tc['m']}"
        if tc["result"] == "valid":
            want = eq("0", tc["c"], tc["K"])
        else:
            want = eq(ERR_PARAM if len(ek) != SIZES[s][0] else ERR_INVALID)
        checks.add(req, checked(f, tc, want))

    f = files[DECAPS]
    for s, tc in f.cases():
        dk, c = bytes.fromhex(tc["dk"]), bytes.fromhex(tc["c"])
        req = f"decaps {s} {hexbytes(c)} {hexbytes(dk)}"
        if tc["result"] == "valid":
            want = eq("0", tc["K"])
        elif len(dk) != SIZES[s][1] or len(c) != SIZES[s][2]:
            want = eq(ERR_PARAM)
        else:
            want = eq(ERR_INVALID)
        checks.add(req, checked(f, tc, want))

    for name in COMBINED:
        f = files[name]
        for s, tc in f.cases():
            seed = bytes.fromhex(tc["seed"])
            req = f"keygen {s} {hexbytes(seed)}"
            if len(seed) != 64:
                # only a wrong seed length makes a keygen invalid here
                want = eq(ERR_PARAM) if tc["result"] == "invalid" else eq("0")
                checks.add(req, checked(f, tc, want))
                continue

            def keep(words, f=f, tc=tc):
                if words[:1] != ["0"] or len(words) != 3:
                    return f"keygen returned {' '.join(words[:1])}"
                if tc.get("ek") and words[1] != tc["ek"]:
                    return "keygen: wrong ek"
                dks[(f.name, tc["tcId"])] = words[2]
                return True

            def first(words, f=f, tc=tc, keep=keep):
                v = keep(words)
                if v is not True:
                    f.result(tc, v)
                return v
            checks.add(req, first)

    res = run(checks, args.cmd, "mlkem_wycheproof")
    if res is None:
        print("mlkem_wycheproof: back end not available here: skipped")
        return 77
    backend = res.backend
    pipe_failed = res.status != 0

    # phase 2: decaps with the dk keygen returned
    checks = Checks()
    for name in COMBINED:
        f = files[name]
        for s, tc in f.cases():
            dk = dks.get((name, tc["tcId"]))
            if dk is None:
                continue  # failed (or done) in phase 1
            c = bytes.fromhex(tc["c"])
            if tc["result"] == "valid":
                want = eq("0", tc["K"])
            elif len(c) != SIZES[s][2]:
                want = eq(ERR_PARAM)
            else:
                # no other kind of invalid case in these files: make it visible
                want = lambda w: "invalid case of a kind this driver does not know"  # noqa: E731
            checks.add(f"decaps {s} {hexbytes(c)} {dk}", checked(f, tc, want))
    res = run(checks, args.cmd, "mlkem_wycheproof")
    pipe_failed |= res is None or res.status != 0

    bad = pipe_failed
    for f in files.values():
        nfail = len(f.failed)
        ok = nfail == 0 and len(f.done) == f.declared
        bad |= not ok
        print(f"{'ok  ' if ok else 'FAIL'} {f.name}: {len(f.done)} of {f.declared} cases run, "
              f"{nfail} failed")
        for tcid, why in list(f.failed.items())[:5]:
            print(f"     tcId {tcid}: {why}")
    print(f"mlkem_wycheproof: back end {backend}: {'FAILED' if bad else 'all agree'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
