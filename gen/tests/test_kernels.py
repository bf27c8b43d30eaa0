# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every generated kernel of every built-in field, and of random primes of
every size 1..16 limbs, compiled for every target this machine runs and
checked against Python ints (edge-biased inputs, in-place aliasing)."""
import os
import random

import pytest

from kernels import check_field, have_cc, runnable_targets
from limbforge.fields import builtin_fields, is_probable_prime, make_field
from limbforge.targets import TARGETS as TARGETS_INFO

pytestmark = pytest.mark.skipif(not have_cc(), reason="no C compiler")
SCALE = float(os.environ.get("LF_TEST_ITERS", "1"))
TARGETS = runnable_targets()


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("field", builtin_fields(), ids=lambda f: f.name)
def test_builtin(field, target):
    check_field(field, target, max(50, int(600 * SCALE)))


def random_prime(bits, rng, top_limb_full):
    """A random prime of `bits` bits; with top_limb_full its top limb is at
    least 2^64 - 2^32 (no spare bit, the widest carries)."""
    while True:
        x = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if top_limb_full and bits >= 64:
            x |= ((1 << 32) - 1) << (bits - 32)
        if is_probable_prime(x, 20):
            return x


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("n", range(1, 17))
def test_random_primes(n, target):
    if target == "c32" and n > 8:
        # 9-16 limbs are 18-32 words: each prime's kernels ~1.5 MB of C for -O1;
        # p1024 and 2^521 - 1 (above and below) check that size on c32
        pytest.skip("c32 checked up to 8 limbs here")
    if TARGETS_INFO[target].cross and n > 8 and n not in (9, 12, 16):
        # under qemu: every size up to 8 limbs, then 9, 12 and 16 (a printer
        # does nothing new at 10 limbs that it does not at 9 and 12; the
        # native targets, whose printers share the algorithms, run them all)
        pytest.skip("cross targets: 9, 12 and 16 of the sizes above 8 limbs")
    rng = random.Random(1000 + n)
    # full top limb (no spare bit), one spare bit, several spare bits
    for bits, full in ((64 * n, True), (64 * n - 1, False), (64 * n - 13, False)):
        if bits < 3:
            continue
        p = random_prime(bits, rng, full)
        check_field(make_field(f"rp{n}_{bits}", p, "montgomery"), target, max(20, int(60 * SCALE)))


@pytest.mark.parametrize("target", TARGETS)
# 2^128 - 159, 2^192 - 237, 2^256 - 2^32 - 977 and 2^512 - 569 have a full
# top limb, so their lazy-form kernels are checked too
@pytest.mark.parametrize("p", [2**127 - 1, 2**128 - 159, 2**192 - 237, 2**255 - 19,
                               2**256 - 2**32 - 977, 2**512 - 569, 2**521 - 1])
def test_pseudo_mersenne(p, target):
    assert is_probable_prime(p)
    check_field(make_field("pm", p, "pm"), target, max(50, int(300 * SCALE)))
