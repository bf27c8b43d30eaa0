# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Python side of the oracle pipes (tests/common/README.md).

An oracle builds requests in the line format of tests/common/pipe.h, each
with a check, runs the C pipe once over all of them and reports the answers
that fail their check:

    ap = argparse.ArgumentParser()
    ...                                  # the oracle's own options
    args = pipe_oracle.parse_args(ap, default_seed=1)   # --seed, -- CMD...
    rng = random.Random(args.seed)
    checks = pipe_oracle.Checks()
    checks.add(f"mul {name} {hexw(a, nb)} {hexw(b, nb)}",
               lambda w: w == [hexw(a * b % p, nb)])
    res = checks.run(args.cmd)           # res.status is 77 when the pipe skips
    return res.exit_code("my_oracle", minimum=1000)   # 77, or testenv.report's 0 / 1

A check gets the answer's words and returns True (pass), False or a string
(fail, the string saying why).  An answer "fail REASON" from the C side, a
missing answer, and a pipe exit status other than 0 are failures too.

Command line: `ORACLE [options] -- CMD...`.  CMD is the pipe, behind the
cross emulator when there is one (CMAKE_CROSSCOMPILING_EMULATOR: its words
come first; when there is none CMake may leave an empty word, dropped here).
--seed defaults to LF_TEST_SEED (testenv.seed: any int() base-0 literal; a
malformed value exits 2) when set, else to the oracle's default; an oracle
whose default is None draws a fresh seed and prints it.  The case counts
scale with LF_TEST_ITERS through testenv.iters / testenv.scale (the oracle's
own business), and Result.exit_code(prog, minimum=M) closes the run with
testenv.report: it fails when a check failed or fewer than M checks ran
(77, the pipe's skip, passes through unchanged).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Callable, List, Optional, Union

import testenv  # the same directory: the one reader of LF_TEST_ITERS / LF_TEST_SEED

Check = Callable[[List[str]], Union[bool, str, None]]


# ---- words -------------------------------------------------------------
def hexw(x: int, nbytes: int) -> str:
    """x as big-endian hex of exactly nbytes bytes."""
    if x < 0 or x >> (8 * nbytes):
        raise ValueError(f"{x:#x} does not fit in {nbytes} bytes")
    return f"{x:0{2 * nbytes}x}"


def limbs(x: int, n: int) -> str:
    """x as n 64-bit limbs (16 n hex digits, most significant first)."""
    return hexw(x, 8 * n)


def hexbytes(b: bytes) -> str:
    """A byte string word: its hex, or "-" when empty."""
    return b.hex() if b else "-"


# ---- command line ------------------------------------------------------
def parse_args(ap, default_seed: Optional[int] = None, argv=None):
    """Adds --seed and the pipe command (after --) to ap and parses."""
    testenv.scale()  # a malformed LF_TEST_ITERS exits 2 here too, scaled oracle or not
    ap.add_argument("--seed", type=lambda s: int(s, 0),
                    default=testenv.seed(default_seed),
                    help="random seed (default: LF_TEST_SEED, else %(default)s)")
    ap.add_argument("cmd", nargs="*", help="-- the pipe command (emulator first)")
    args = ap.parse_args(argv)
    args.cmd = [c for c in args.cmd if c]
    if not args.cmd:
        ap.error("no pipe command after --")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 32)
    return args


# ---- running -----------------------------------------------------------
class Result:
    def __init__(self, status: int, answers: List[List[str]], backend: str, stderr: str,
                 total: int, failed: List[str]):
        self.status = status          # the pipe's exit status
        self.answers = answers        # one word list per request
        self.backend = backend        # from the trailer, "?" if none
        self.stderr = stderr
        self.total = total            # checks run
        self.failed = failed          # one line per failed check

    @property
    def skipped(self) -> bool:
        return self.status == 77

    def exit_code(self, prog: Optional[str] = None, minimum: Optional[int] = None) -> int:
        """77 when the pipe skipped; else, with a minimum, testenv.report's
        status (the closing line; 1 when a check failed or fewer than minimum
        checks ran); without one (the vector-file tests), 1 when a check failed"""
        if self.skipped:
            return 77
        if minimum is None:
            return 1 if self.failed else 0
        if prog is None:
            prog = os.path.splitext(os.path.basename(sys.argv[0]))[0] or "oracle"
        return testenv.report(prog, self.total, len(self.failed), minimum)


def run_pipe(cmd: List[str], requests: List[str]):
    """Runs the pipe over the requests: (status, answers, backend, stderr)."""
    text = "".join(r + "\n" for r in requests)
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True)
    lines = proc.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    backend = "?"
    if len(lines) > len(requests) and lines[len(requests)].startswith("backend "):
        backend = lines[len(requests)].split()[1]
    answers = [ln.split(" ") for ln in lines[:len(requests)]]
    return proc.returncode, answers, backend, proc.stderr


class Checks:
    """Requests with their checks, run through one pipe invocation."""

    def __init__(self):
        self.requests: List[str] = []
        self.checks: List[Check] = []

    def __len__(self):
        return len(self.requests)

    def add(self, request: str, check: Check):
        self.requests.append(request)
        self.checks.append(check)

    def run(self, cmd: List[str], show: int = 5, label: str = "") -> Result:
        """Runs every request; prints up to `show` failures (with label)."""
        status, answers, backend, stderr = run_pipe(cmd, self.requests)
        if status == 77:
            return Result(status, answers, backend, stderr, 0, [])
        failed = []
        for i, (req, check) in enumerate(zip(self.requests, self.checks)):
            words = answers[i] if i < len(answers) else None
            if words is None:
                why = "no answer"
            elif words[0] == "fail":
                why = "the pipe says: " + " ".join(words[1:])
            else:
                try:
                    verdict = check(words)
                except (ValueError, IndexError) as e:   # malformed answer
                    verdict = f"bad answer ({e})"
                if verdict is True:
                    continue
                why = verdict if isinstance(verdict, str) else "wrong answer"
            got = " ".join(words) if words else "(none)"
            failed.append(f"{why}: {req[:200]}\n      got: {got[:300]}")
        if status != 0:
            failed.append(f"pipe exited with status {status}: {stderr.strip()[-2000:]}")
        for f in failed[:show]:
            print(f"{label}FAIL {f}")
        return Result(status, answers, backend, stderr, len(self.requests), failed)
