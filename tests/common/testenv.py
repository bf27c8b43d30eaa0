# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The one reader of LF_TEST_ITERS and LF_TEST_SEED in the Python tests.

The Python twin of tests/common/testenv.h (same names, same meanings);
tests/lint_testenv.py rejects reading either variable anywhere else.

    scale()                       LF_TEST_ITERS: a multiplier of every randomised
                                  test's default count (unset or empty: 1);
                                  anything but a positive finite number exits 2
    iters(default, minimum)       round(default * scale()), never below minimum
                                  (minimum > 0: a randomised test always runs)
    seed(default)                 LF_TEST_SEED (an int() base-0 literal), else
                                  default; a malformed value exits 2
    report(prog, checks, fails, minimum)
                                  the closing line "PROG: N checks, F failed
                                  (minimum M)"; returns the exit status: 1 when a
                                  check failed or fewer than minimum checks ran
"""
from __future__ import annotations

import math
import os
import sys
from typing import Optional


def scale() -> float:
    e = os.environ.get("LF_TEST_ITERS", "")
    if not e:
        return 1.0
    try:
        v = float(e)
    except ValueError:
        v = float("nan")
    if not (v > 0) or not math.isfinite(v):
        print(f'LF_TEST_ITERS="{e}": not a positive number', file=sys.stderr)
        sys.exit(2)
    return v


def iters(default: int, minimum: int) -> int:
    minimum = max(1, minimum)
    return max(minimum, int(default * scale() + 0.5))


def seed(default: Optional[int]) -> Optional[int]:
    s = os.environ.get("LF_TEST_SEED", "")
    if not s:
        return default
    try:
        return int(s, 0)
    except ValueError:
        print(f'LF_TEST_SEED="{s}": not a number', file=sys.stderr)
        sys.exit(2)


def report(prog: str, checks: int, fails: int, minimum: int) -> int:
    print(f"{prog}: {checks} checks, {fails} failed (minimum {minimum})")
    if checks < minimum:
        print(f"{prog}: FAIL: {checks} checks, fewer than the minimum {minimum}", file=sys.stderr)
    return 1 if fails or checks < minimum else 0
