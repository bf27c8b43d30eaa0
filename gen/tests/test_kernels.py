# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every generated kernel of every built-in field, and of random primes of
1..9, 12 and 16 limbs, compiled for every target this machine runs and
checked against Python ints (edge-biased inputs, in-place aliasing).
LF_GEN_BUILTIN=lazy (make test) keeps only the built-in fields with lazy and
point kernels: the others' kernels are checked in, proven current by
check-gen and run against Python ints by test-c and test-cross."""
import os
import random

import pytest

import testenv  # tests/common/testenv.py (conftest.py puts it on the path)
from kernels import check_field, have_cc, runnable_targets
from limbforge.fields import builtin_fields, has_lazy, is_probable_prime, make_field

pytestmark = pytest.mark.skipif(not have_cc(), reason="no C compiler")
TARGETS = runnable_targets()


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("field", builtin_fields(), ids=lambda f: f.name)
def test_builtin(field, target):
    if os.environ.get("LF_GEN_BUILTIN") == "lazy" and not has_lazy(field):
        # make test: check-gen proves the checked-in kernels are this
        # generator's output, and test-c / test-cross run every one of them
        # on every back end against Python ints (tests/field/field_oracle.py);
        # what only this test checks kernel by kernel are the lazy and point
        # kernels (secp256k1_p)
        pytest.skip("LF_GEN_BUILTIN=lazy: field_oracle covers this field's kernels")
    check_field(field, target, testenv.iters(600, 50))


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
    if n > 8 and n not in (9, 12, 16):
        # every size up to 8 limbs, then 9, 12 and 16: a printer does nothing
        # new at 10 limbs that it does not at 9 and 12, and test_custom_primes
        # builds a fresh random prime of every size 1..16 on the native
        # targets in every run (through the field API, i.e. these kernels)
        pytest.skip("9, 12 and 16 of the sizes above 8 limbs (test_custom_primes: all)")
    rng = random.Random(1000 + n)
    # full top limb (no spare bit), one spare bit, several spare bits
    for bits, full in ((64 * n, True), (64 * n - 1, False), (64 * n - 13, False)):
        if bits < 3:
            continue
        p = random_prime(bits, rng, full)
        check_field(make_field(f"rp{n}_{bits}", p, "montgomery"), target, testenv.iters(60, 20))


@pytest.mark.parametrize("target", TARGETS)
# 2^128 - 159, 2^192 - 237, 2^256 - 2^32 - 977 and 2^512 - 569 have a full
# top limb, so their lazy-form kernels are checked too
@pytest.mark.parametrize("p", [2**127 - 1, 2**128 - 159, 2**192 - 237, 2**255 - 19,
                               2**256 - 2**32 - 977, 2**512 - 569, 2**521 - 1])
def test_pseudo_mersenne(p, target):
    assert is_probable_prime(p)
    check_field(make_field("pm", p, "pm"), target, testenv.iters(300, 50))
