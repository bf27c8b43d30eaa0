#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM (FIPS 203) on Python ints and hashlib: the oracle of the mlkem tests.

Written from the standard, all three parameter sets; standard library only.
The NTT, its inverse and MultiplyNTTs (Algorithms 9-12) come from
tests/ntt/mlkem_model.py (checked there against schoolbook products); the rest
is here:
  H = SHA3-256, G = SHA3-512 (split 32 | 32), J = SHAKE256 (32 bytes),
  PRF_eta(s, b) = SHAKE256(s || b, 64 eta bytes), XOF = SHAKE128     (4.1)
  byte_encode / byte_decode (Algorithms 5, 6), compress / decompress (4.2.1)
  sample_ntt (Algorithm 7), sample_poly_cbd (Algorithm 8)
  kpke_keygen / kpke_encrypt / kpke_decrypt (Algorithms 13-15)
  keygen_internal(d, z), encaps_internal(ek, m), decaps(dk, c) (16-18, 21)
  modulus_check(ek), hash_check(dk), the input checks of 7.2 and 7.3.

Errors of the checked entry points (encaps, decaps) are MlkemError with the
limbforge code the library must return: ERR_PARAM (-2) for a length that is
not the set's, ERR_INVALID (-6) for a failed modulus or hash check.

    mlkem_fips203.py --self-test [--vectors DIR] [--all]
runs the model over the Wycheproof ML-KEM files (tests/vectors/wycheproof/
by default): every case of the keygen-seed, encaps and semi-expanded decaps
files, and of the three combined files a subset (every invalid case, every
fifth valid one) unless --all.  Exit 0 when all agree.
"""
from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ntt"))
import mlkem_model  # noqa: E402
from mlkem_model import Q, multiply_ntts, ntt, ntt_inv  # noqa: E402

# the NTT model computes bitrev7 for every twiddle of every call: memoised
mlkem_model.bitrev7 = functools.lru_cache(maxsize=None)(mlkem_model.bitrev7)

N = 256
ERR_PARAM = -2
ERR_INVALID = -6


class MlkemError(Exception):
    def __init__(self, code, why):
        super().__init__(why)
        self.code = code


class Params:
    """A parameter set of Table 2."""

    def __init__(self, name, k, eta1, eta2, du, dv):
        self.name, self.k, self.eta1, self.eta2, self.du, self.dv = name, k, eta1, eta2, du, dv
        self.ek_bytes = 384 * k + 32
        self.dk_bytes = 768 * k + 96
        self.ct_bytes = 32 * (du * k + dv)


PARAMS = {
    2: Params("ML-KEM-512", 2, 3, 2, 10, 4),
    3: Params("ML-KEM-768", 3, 2, 2, 10, 4),
    4: Params("ML-KEM-1024", 4, 2, 2, 11, 5),
}
BY_NAME = {p.name: p for p in PARAMS.values()}


# ---- 4.1: the hash functions ----------------------------------------------
def H(s: bytes) -> bytes:
    return hashlib.sha3_256(s).digest()


def G(c: bytes):
    g = hashlib.sha3_512(c).digest()
    return g[:32], g[32:]


def J(s: bytes) -> bytes:
    return hashlib.shake_256(s).digest(32)


def PRF(eta: int, s: bytes, b: int) -> bytes:
    return hashlib.shake_256(s + bytes([b])).digest(64 * eta)


# ---- 4.2.1: conversion and compression ------------------------------------
def byte_encode(d: int, f) -> bytes:
    """Algorithm 5: 256 d-bit integers, least significant bit first."""
    x = 0
    for i in reversed(range(N)):
        x = (x << d) | f[i]
    return x.to_bytes(32 * d, "little")


def byte_decode(d: int, b: bytes):
    """Algorithm 6: m = 2^d for d < 12, q for d = 12."""
    assert len(b) == 32 * d
    x = int.from_bytes(b, "little")
    mask = (1 << d) - 1
    m = Q if d == 12 else 1 << d
    return [((x >> (d * i)) & mask) % m for i in range(N)]


def compress(d: int, f):
    """round(2^d / q * x) mod 2^d, rounding half up, exactly."""
    return [((x << (d + 1)) + Q) // (2 * Q) % (1 << d) for x in f]


def decompress(d: int, f):
    """round(q / 2^d * y), rounding half up."""
    return [(Q * y + (1 << (d - 1))) >> d for y in f]


# ---- 4.2.2: sampling --------------------------------------------------------
def sample_ntt(seed34: bytes):
    """Algorithm 7 on XOF = SHAKE128(rho || j || i); the stream is read as a
    prefix of an ever longer digest (SHAKE's output is prefix-consistent)."""
    a = []
    n = 840  # 5 blocks of 168 bytes: enough but with probability ~2^-30
    while True:
        c = hashlib.shake_128(seed34).digest(n)
        a = []
        for p in range(0, n - 2, 3):
            d1 = c[p] + 256 * (c[p + 1] & 15)
            d2 = (c[p + 1] >> 4) + 16 * c[p + 2]
            if d1 < Q:
                a.append(d1)
                if len(a) == N:
                    return a
            if d2 < Q:
                a.append(d2)
                if len(a) == N:
                    return a
        n *= 2


def sample_poly_cbd(eta: int, b: bytes):
    """Algorithm 8."""
    assert len(b) == 64 * eta
    x = int.from_bytes(b, "little")
    f = []
    for i in range(N):
        v = x >> (2 * eta * i)
        s = bin(v & ((1 << eta) - 1)).count("1")
        t = bin((v >> eta) & ((1 << eta) - 1)).count("1")
        f.append((s - t) % Q)
    return f


# ---- vectors of polynomials ---------------------------------------------------
def _add(f, g):
    return [(a + b) % Q for a, b in zip(f, g)]


def _sub(f, g):
    return [(a - b) % Q for a, b in zip(f, g)]


def _dot(fs, gs):
    """sum of MultiplyNTTs(f_j, g_j), in the NTT domain."""
    acc = [0] * N
    for f, g in zip(fs, gs):
        acc = _add(acc, multiply_ntts(f, g))
    return acc


def _matrix(rho: bytes, k: int):
    """A_hat[i][j] = SampleNTT(rho || j || i)."""
    return [[sample_ntt(rho + bytes([j, i])) for j in range(k)] for i in range(k)]


# ---- 5: K-PKE -------------------------------------------------------------------
def kpke_keygen(p: Params, d: bytes):
    """Algorithm 13."""
    k = p.k
    rho, sigma = G(d + bytes([k]))
    a = _matrix(rho, k)
    s = [sample_poly_cbd(p.eta1, PRF(p.eta1, sigma, i)) for i in range(k)]
    e = [sample_poly_cbd(p.eta1, PRF(p.eta1, sigma, k + i)) for i in range(k)]
    s_hat = [ntt(x) for x in s]
    e_hat = [ntt(x) for x in e]
    t_hat = [_add(_dot(a[i], s_hat), e_hat[i]) for i in range(k)]
    ek = b"".join(byte_encode(12, t) for t in t_hat) + rho
    dk = b"".join(byte_encode(12, x) for x in s_hat)
    return ek, dk


def kpke_encrypt(p: Params, ek: bytes, m: bytes, r: bytes) -> bytes:
    """Algorithm 14."""
    k = p.k
    t_hat = [byte_decode(12, ek[384 * i:384 * (i + 1)]) for i in range(k)]
    rho = ek[384 * k:384 * k + 32]
    a = _matrix(rho, k)
    y = [sample_poly_cbd(p.eta1, PRF(p.eta1, r, i)) for i in range(k)]
    e1 = [sample_poly_cbd(p.eta2, PRF(p.eta2, r, k + i)) for i in range(k)]
    e2 = sample_poly_cbd(p.eta2, PRF(p.eta2, r, 2 * k))
    y_hat = [ntt(x) for x in y]
    u = [_add(ntt_inv(_dot([a[j][i] for j in range(k)], y_hat)), e1[i]) for i in range(k)]
    mu = decompress(1, byte_decode(1, m))
    v = _add(_add(ntt_inv(_dot(t_hat, y_hat)), e2), mu)
    c1 = b"".join(byte_encode(p.du, compress(p.du, x)) for x in u)
    c2 = byte_encode(p.dv, compress(p.dv, v))
    return c1 + c2


def kpke_decrypt(p: Params, dk: bytes, c: bytes) -> bytes:
    """Algorithm 15."""
    k, du, dv = p.k, p.du, p.dv
    u = [decompress(du, byte_decode(du, c[32 * du * i:32 * du * (i + 1)])) for i in range(k)]
    v = decompress(dv, byte_decode(dv, c[32 * du * k:32 * (du * k + dv)]))
    s_hat = [byte_decode(12, dk[384 * i:384 * (i + 1)]) for i in range(k)]
    w = _sub(v, ntt_inv(_dot(s_hat, [ntt(x) for x in u])))
    return byte_encode(1, compress(1, w))


# ---- 6: ML-KEM (internal) ---------------------------------------------------------
def keygen_internal(p: Params, d: bytes, z: bytes):
    """Algorithm 16: (ek, dk)."""
    assert len(d) == 32 and len(z) == 32
    ek, dk_pke = kpke_keygen(p, d)
    return ek, dk_pke + ek + H(ek) + z


def keygen_seed(p: Params, seed: bytes):
    """KeyGen_internal from the 64-byte seed d || z; ERR_PARAM on another length."""
    if len(seed) != 64:
        raise MlkemError(ERR_PARAM, f"seed of {len(seed)} bytes")
    return keygen_internal(p, seed[:32], seed[32:])


def encaps_internal(p: Params, ek: bytes, m: bytes):
    """Algorithm 17: (K, c); no input check."""
    K, r = G(m + H(ek))
    return K, kpke_encrypt(p, ek, m, r)


def decaps_internal(p: Params, dk: bytes, c: bytes) -> bytes:
    """Algorithm 18 (implicit rejection: J(z || c) when c does not re-encrypt)."""
    k = p.k
    dk_pke = dk[:384 * k]
    ek_pke = dk[384 * k:768 * k + 32]
    h = dk[768 * k + 32:768 * k + 64]
    z = dk[768 * k + 64:768 * k + 96]
    m2 = kpke_decrypt(p, dk_pke, c)
    K2, r2 = G(m2 + h)
    k_bar = J(z + c)
    c2 = kpke_encrypt(p, ek_pke, m2, r2)
    return K2 if c == c2 else k_bar


def decaps_rejects(p: Params, dk: bytes, c: bytes) -> bool:
    """Whether Decaps takes the implicit-rejection path for c."""
    k = p.k
    m2 = kpke_decrypt(p, dk[:384 * k], c)
    _, r2 = G(m2 + dk[768 * k + 32:768 * k + 64])
    return kpke_encrypt(p, dk[384 * k:768 * k + 32], m2, r2) != c


# ---- 7: input checks and the checked entry points ---------------------------------
def modulus_check(p: Params, ek: bytes) -> bool:
    """7.2: ByteEncode_12(ByteDecode_12(ek)) == ek on the k encoded polynomials."""
    k = p.k
    return all(byte_encode(12, byte_decode(12, ek[384 * i:384 * (i + 1)])) == ek[384 * i:384 * (i + 1)]
               for i in range(k))


def hash_check(p: Params, dk: bytes) -> bool:
    """7.3: H(ek stored in dk) == the hash stored in dk."""
    k = p.k
    return H(dk[384 * k:768 * k + 32]) == dk[768 * k + 32:768 * k + 64]


def encaps(p: Params, ek: bytes, m: bytes):
    """ML-KEM.Encaps with given m, after the checks of 7.2: (K, c)."""
    if len(ek) != p.ek_bytes:
        raise MlkemError(ERR_PARAM, f"ek of {len(ek)} bytes")
    if len(m) != 32:
        raise MlkemError(ERR_PARAM, f"m of {len(m)} bytes")
    if not modulus_check(p, ek):
        raise MlkemError(ERR_INVALID, "modulus check")
    return encaps_internal(p, ek, m)


def decaps(p: Params, dk: bytes, c: bytes) -> bytes:
    """ML-KEM.Decaps after the checks of 7.3: K."""
    if len(c) != p.ct_bytes:
        raise MlkemError(ERR_PARAM, f"ciphertext of {len(c)} bytes")
    if len(dk) != p.dk_bytes:
        raise MlkemError(ERR_PARAM, f"dk of {len(dk)} bytes")
    if not hash_check(p, dk):
        raise MlkemError(ERR_INVALID, "hash check")
    return decaps_internal(p, dk, c)


def ek_coefficient_over_q(p: Params, ek: bytes, index: int, value: int) -> bytes:
    """ek with coefficient `index` (0 .. 256 k - 1) of t_hat's encoding set to
    `value` (< 4096): a key the modulus check must reject when value >= q."""
    x = int.from_bytes(ek[:384 * p.k], "little")
    x &= ~(0xfff << (12 * index))
    x |= value << (12 * index)
    return x.to_bytes(384 * p.k, "little") + ek[384 * p.k:]


# ---- self-test against Wycheproof ---------------------------------------------------
def _load(vdir: Path, name: str):
    import json
    with open(vdir / name) as f:
        return json.load(f)


def _expect(ok, counts, what, tc):
    counts[0] += 1
    if not ok:
        counts[1] += 1
        if counts[1] <= 10:
            print(f"FAIL {what} tcId {tc['tcId']}: {tc.get('comment', '')}")


def self_test(vdir: Path, every: int) -> int:
    import time
    t0 = time.time()
    counts = [0, 0]  # run, failed

    def check_raises(fn, code):
        try:
            fn()
        except MlkemError as e:
            return e.code == code
        return False

    # KeyGen from the seed
    d = _load(vdir, "mlkem_768_keygen_seed_test.json")
    for g in d["testGroups"]:
        p = BY_NAME[g["parameterSet"]]
        for tc in g["tests"]:
            ek, dk = keygen_seed(p, bytes.fromhex(tc["seed"]))
            _expect(ek.hex() == tc["ek"] and dk.hex() == tc["dk"], counts, "keygen_seed", tc)
    # Encaps: valid; invalid by length (PARAM) or by the modulus check (INVALID)
    d = _load(vdir, "mlkem_768_encaps_test.json")
    for g in d["testGroups"]:
        p = BY_NAME[g["parameterSet"]]
        for tc in g["tests"]:
            ek, m = bytes.fromhex(tc["ek"]), bytes.fromhex(tc["m"])
            if tc["result"] == "valid":
                K, c = encaps(p, ek, m)
                _expect(K.hex() == tc["K"] and c.hex() == tc["c"], counts, "encaps", tc)
            else:
                code = ERR_PARAM if len(ek) != p.ek_bytes else ERR_INVALID
                _expect(check_raises(lambda: encaps(p, ek, m), code), counts, "encaps invalid", tc)
    # Decaps of an expanded dk: PARAM for lengths, INVALID for the hash check
    d = _load(vdir, "mlkem_768_semi_expanded_decaps_test.json")
    for g in d["testGroups"]:
        p = BY_NAME[g["parameterSet"]]
        for tc in g["tests"]:
            dk, c = bytes.fromhex(tc["dk"]), bytes.fromhex(tc["c"])
            if tc["result"] == "valid":
                _expect(decaps(p, dk, c).hex() == tc["K"], counts, "decaps", tc)
            else:
                code = ERR_PARAM if len(dk) != p.dk_bytes or len(c) != p.ct_bytes else ERR_INVALID
                _expect(check_raises(lambda: decaps(p, dk, c), code), counts, "decaps invalid", tc)
    # Combined: seed -> keys, decaps c -> K
    for k in (512, 768, 1024):
        d = _load(vdir, f"mlkem_{k}_test.json")
        nvalid = 0
        for g in d["testGroups"]:
            p = BY_NAME[g["parameterSet"]]
            for tc in g["tests"]:
                seed, c = bytes.fromhex(tc["seed"]), bytes.fromhex(tc["c"])
                if tc["result"] == "valid":
                    nvalid += 1
                    if nvalid % every and "Strcmp" not in tc.get("flags", []):
                        continue
                    ek, dk = keygen_seed(p, seed)
                    _expect(ek.hex() == tc["ek"] and decaps(p, dk, c).hex() == tc["K"],
                            counts, f"mlkem_{k}", tc)
                elif len(seed) != 64:
                    _expect(check_raises(lambda: keygen_seed(p, seed), ERR_PARAM), counts,
                            f"mlkem_{k} seed length", tc)
                else:
                    ek, dk = keygen_seed(p, seed)
                    _expect(ek.hex() == tc["ek"] and check_raises(lambda: decaps(p, dk, c), ERR_PARAM),
                            counts, f"mlkem_{k} ciphertext length", tc)
    # the standard's own consistency: encaps then decaps, and a rejection
    for p in PARAMS.values():
        ek, dk = keygen_internal(p, bytes(range(32)), bytes(range(32, 64)))
        K, c = encaps(p, ek, bytes(32))
        bad = bytes([c[0] ^ 1]) + c[1:]
        ok = (decaps(p, dk, c) == K and decaps(p, dk, bad) == J(dk[-32:] + bad)
              and len(ek) == p.ek_bytes and len(dk) == p.dk_bytes and len(c) == p.ct_bytes
              and not modulus_check(p, ek_coefficient_over_q(p, ek, 5, Q))
              and modulus_check(p, ek_coefficient_over_q(p, ek, 5, Q - 1)))
        _expect(ok, counts, "roundtrip " + p.name, {"tcId": "-"})
    print(f"mlkem_fips203: {counts[0]} cases, {counts[1]} failed ({time.time() - t0:.1f} s)")
    return 1 if counts[1] else 0


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--self-test", action="store_true", help="check the model against Wycheproof")
    ap.add_argument("--vectors", type=Path,
                    default=Path(__file__).resolve().parents[1] / "vectors" / "wycheproof")
    ap.add_argument("--all", action="store_true", help="every valid case of the combined files too")
    args = ap.parse_args(argv)
    if not args.self_test:
        ap.error("nothing to do (--self-test)")
    return self_test(args.vectors, 1 if args.all else 5)


if __name__ == "__main__":
    sys.exit(main())
