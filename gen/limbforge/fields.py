# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Prime fields: the built-in list and the derived constants."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from . import algos, algos_pm, algos_point
from .algo_common import pad_args
from .carry import STYLES
from .verify import verify


def is_probable_prime(n: int, rounds: int = 40) -> bool:
    if n < 2:
        return False
    small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
    for q in small:
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    rng = hashlib.sha256(n.to_bytes((n.bit_length() + 7) // 8, "big")).digest()
    for i in range(rounds):
        a = 2 + int.from_bytes(hashlib.sha256(rng + bytes([i])).digest(), "big") % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _p1024() -> int:
    """A 'random' 1024-bit prime anyone can re-derive: the first prime at or
    above SHAKE-256("limbforge p1024") (128 bytes) with the top bit set."""
    x = int.from_bytes(hashlib.shake_256(b"limbforge p1024").digest(128), "big") | (1 << 1023) | 1
    while not is_probable_prime(x):
        x += 2
    return x


BUILTIN = {
    "bls12_381_p": 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab,
    "bls12_381_r": 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001,
    "bn254_p": 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47,
    "bn254_r": 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001,
    "secp256k1_p": 2**256 - 2**32 - 977,
    "secp256k1_n": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141,
    "p256_p": 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff,
    "p256_n": 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551,
    "p25519": 2**255 - 19,
    "p448": 2**448 - 2**224 - 1,
    "p1024": None,  # derived, see _p1024
}
DESCRIPTIONS = {
    "bls12_381_p": "BLS12-381 base field",
    "bls12_381_r": "BLS12-381 scalar field",
    "bn254_p": "BN254 (alt_bn128) base field",
    "bn254_r": "BN254 (alt_bn128) scalar field",
    "secp256k1_p": "secp256k1 base field, 2^256 - 2^32 - 977",
    "secp256k1_n": "secp256k1 group order",
    "p256_p": "NIST P-256 base field",
    "p256_n": "NIST P-256 group order",
    "p25519": "2^255 - 19",
    "p448": "2^448 - 2^224 - 1 (Goldilocks)",
    "p1024": "a random 1024-bit prime (first prime >= SHAKE-256(\"limbforge p1024\"))",
}

from .targets import TARGETS  # noqa: E402  (re-exported)


@dataclass
class Field:
    name: str
    p: int
    form: str          # 'montgomery' or 'pm' (pseudo-Mersenne, plain internal form)
    description: str = ""

    @property
    def n(self) -> int:
        return (self.p.bit_length() + 63) // 64

    @property
    def bits(self) -> int:
        return self.p.bit_length()

    @property
    def nbytes(self) -> int:
        return (self.bits + 7) // 8

    @property
    def R(self) -> int:
        return 1 << (64 * self.n) if self.form == "montgomery" else 1

    @property
    def R_lane_fix(self) -> int:
        """2^(64N) mod p (the lane kernels' Montgomery factor, for plain fields)."""
        return (1 << (64 * self.n)) % self.p

    def internal(self, x: int) -> int:
        return x * self.R % self.p

    def constants(self) -> dict:
        p, n = self.p, self.n
        c = {
            "p": p,
            "one": self.internal(1),
            "inv_fix": pow(self.R, 3, p) if self.form == "montgomery" else 1,
            "p_inv62": pow(p, -1, 1 << 62),
            "pm2": p - 2,
        }
        if p % 4 == 3:
            c["sqrt_p3mod4"] = 1
            c["sqrt_exp"] = (p + 1) // 4
            c["ts_s"] = 0
            c["ts_z"] = 0
        else:
            s, t = 0, p - 1
            while t % 2 == 0:
                t //= 2
                s += 1
            z = 2
            while pow(z, (p - 1) // 2, p) != p - 1:
                z += 1
            c["sqrt_p3mod4"] = 0
            c["sqrt_exp"] = (t - 1) // 2
            c["ts_s"] = s
            c["ts_z"] = self.internal(pow(z, t, p))
        return c


def make_field(name: str, p: int, form: str = "auto", description: str = "") -> Field:
    if p < 3 or p % 2 == 0 or not is_probable_prime(p):
        raise ValueError(f"{name}: modulus must be an odd prime")
    n = (p.bit_length() + 63) // 64
    if n > 16:
        raise ValueError(f"{name}: at most 16 limbs (1024 bits)")
    pm_ok = algos.pm_params(p, n) is not None
    if form == "auto":
        form = "pm" if pm_ok else "montgomery"
    if form == "pm" and not pm_ok:
        raise ValueError(f"{name}: not of the form 2^k - c with 2^(64n) mod p < 2^63")
    if form not in ("pm", "montgomery"):
        raise ValueError(f"unknown form {form}")
    return Field(name, p, form, description)


def builtin_fields() -> list:
    out = []
    for name, p in BUILTIN.items():
        out.append(make_field(name, p if p is not None else _p1024(), "auto", DESCRIPTIONS[name]))
    return out


def _words(f: Field, t) -> int:
    """The words of f's elements in t's programs: the element's limbs in t's
    word size, except that a pseudo-Mersenne field takes only the words its
    bits need (the rest of the element stays 0: algo_common.pad_args).  A
    Montgomery field keeps them all, so that R = 2^(64 f.n) on every back
    end."""
    n = -(-f.bits // t.wbits)
    if f.form == "montgomery" or algos.pm_params(f.p, n, t.wbits) is None:
        return t.limbs(f.n)      # (with all the words, c' is as for 64-bit words)
    return n


def kernel_programs(f: Field, target: str) -> dict:
    """The seven kernels of field f as IR programs for `target`, in its word
    size (R = 2^(64 f.n) whatever the word size: one Montgomery form, and one
    element layout, on every back end)."""
    t = TARGETS[target]
    style, w = t.style, t.wbits
    n, p = _words(f, t), f.p
    pre = f"lf_{f.name}_"
    if f.form == "montgomery":
        mp = algos.mont_params(p, n, w)
        progs = {
            "mul": algos.mont_mul_program(pre + "mul", p, n, style, w=w),
            # the folded reduction where the style prefers it (carry.Acc.SQR_FOLD)
            "sqr": (algos.mont_sqr_fold_program(pre + "sqr", p, n, style) if STYLES[style].SQR_FOLD
                    else algos.mont_sqr_program(pre + "sqr", p, n, style, w=w)),
            "to_internal": algos.mont_mul_program(pre + "to_internal", p, n, style, b_const=mp["r2"], w=w),
            "from_internal": algos.from_mont_program(pre + "from_internal", p, n, style, w=w),
        }
    else:
        copy = "r = a (internal form is the canonical value). Any input; r may alias a."
        progs = {
            "mul": algos_pm.pm_mul_program(pre + "mul", p, n, style, w=w),
            "sqr": algos_pm.pm_mul_program(pre + "sqr", p, n, style, square=True, w=w),
            "to_internal": algos.copy_program(pre + "to_internal", n, copy, w=w),
            "from_internal": algos.copy_program(pre + "from_internal", n, copy, w=w),
        }
    progs["add"] = algos.add_program(pre + "add", p, n, style, w=w)
    progs["sub"] = algos.sub_program(pre + "sub", p, n, style, w=w)
    progs["neg"] = algos.neg_program(pre + "neg", p, n, style, w=w)
    if n < t.limbs(f.n):
        progs = {k: verify(pad_args(prog, t.limbs(f.n))) for k, prog in progs.items()}
    order = ["mul", "sqr", "add", "sub", "neg", "to_internal", "from_internal"]
    return {k: progs[k] for k in order}


def has_lazy(f: Field) -> bool:
    """Whether field f has lazy-form kernels (lazy_programs)."""
    return f.form == "pm" and f.p.bit_length() == 64 * f.n


LAZY_OPS = ("mul_lazy", "sqr_lazy", "add_lazy", "sub_lazy", "neg_lazy", "normalize")
# the point kernels on y^2 = x^3 + b over such a field (point_programs): the
# fused doubling, and the fused additions with the kind of
# algos_point.jadd_program each is
POINT_OPS = ("jdbl", "jadd", "jaddz", "jaddc")
JADD_OPS = {"jadd": "ge", "jaddz": "zinv", "jaddc": "ct"}
# the lazy and point kernels with two inputs (r, a, b); the others take (r, a)
BINARY_LAZY = ("mul_lazy", "add_lazy", "sub_lazy", "jadd", "jaddz", "jaddc")
# the doubling formula of the fused jdbl kernel (algos_point.jdbl_program), chosen
# by measurement (src/secp256k1/README.md)
JDBL_FORMULA = "3m4s"


def lazy_programs(f: Field, target: str) -> dict:
    """The lazy-form kernels of a pseudo-Mersenne field with a full top limb
    (empty for every other field): elements are any value < 2^(64n) congruent to the
    element, and only `normalize` reduces to the canonical value
    (src/field/field_internal.h).  Only for p = 2^(64n) - c (a full top
    limb, as secp256k1_p): with spare bits the plain kernels have slack of
    their own, and the bounded reduction assumes inputs < p there."""
    if not has_lazy(f):
        return {}
    t = TARGETS[target]
    style, w = t.style, t.wbits
    n, p = t.limbs(f.n), f.p
    pre = f"lf_{f.name}_"
    return {
        "mul_lazy": algos_pm.pm_mul_program(pre + "mul_lazy", p, n, style, lazy=True, w=w),
        "sqr_lazy": algos_pm.pm_mul_program(pre + "sqr_lazy", p, n, style, square=True, lazy=True, w=w),
        "add_lazy": algos_pm.pm_lazy_linear_program(pre + "add_lazy", p, n, "add", w=w),
        "sub_lazy": algos_pm.pm_lazy_linear_program(pre + "sub_lazy", p, n, "sub", w=w),
        "neg_lazy": algos_pm.pm_lazy_linear_program(pre + "neg_lazy", p, n, "neg", w=w),
        "normalize": algos_pm.pm_normalize_program(pre + "normalize", p, n, style, w=w),
    }


def point_programs(f: Field, target: str) -> dict:
    """The Jacobian point kernels (POINT_OPS) on a curve y^2 = x^3 + b over a
    field with lazy kernels (has_lazy), on lazy coordinates: what a curve
    module (secp256k1: secp256k1gen.point_files) builds on the field's lazy
    kernels.  Named lf_<field>_<op>_<target>, as the field's."""
    assert has_lazy(f), f.name
    t = TARGETS[target]
    style, w = t.style, t.wbits
    n, p = t.limbs(f.n), f.p
    pre = f"lf_{f.name}_"
    return {"jdbl": algos_point.jdbl_program(pre + "jdbl", p, n, style, JDBL_FORMULA, w=w),
            **{op: algos_point.jadd_program(pre + op, p, n, style, kind, w=w) for op, kind in JADD_OPS.items()}}
