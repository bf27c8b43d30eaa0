#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A pure-Python model of secp256k1 for the oracle ec_oracle.py: Python ints
for the group law (affine add and double; point multiplications in Jacobian
coordinates, checked against the affine law by self_test), SEC1 keys, ECDSA
with RFC 6979 nonces as libsecp256k1's nonce_function_rfc6979, recovery,
ECDH, BIP-340 from the BIP's definitions (checked against the vendored
vectors tests/vectors/bip340/test-vectors.csv) and strict DER as
libsecp256k1's parser.  Nothing here comes from the library.  Standard
library only."""
import csv
import hashlib
import hmac
from pathlib import Path

P = 2 ** 256 - 2 ** 32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
H = N // 2
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)
OK, RANGE, PARAM, VERIFY, INVALID = 0, -1, -2, -5, -6
M256 = 2 ** 256 - 1


# ---- the curve y^2 = x^3 + 7: affine points, None is infinity ------------
def on_curve(a):
    return a is None or (a[0] < P and a[1] < P and (a[1] ** 2 - a[0] ** 3 - 7) % P == 0)


def neg(a):
    return None if a is None else (a[0], -a[1] % P)


def add(a, b):
    """The affine group law (chord and tangent)."""
    if a is None:
        return b
    if b is None:
        return a
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        if (y1 + y2) % P == 0:
            return None
        m = 3 * x1 * x1 * pow(2 * y1, -1, P) % P
    else:
        m = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (m * m - x1 - x2) % P
    return (x3, (m * (x1 - x3) - y1) % P)


def mul_affine(k, a):
    """k*a by affine double-and-add (slow: the reference for mul)."""
    r = None
    for bit in bin(k)[2:]:
        r = add(r, r)
        if bit == "1":
            r = add(r, a)
    return r


# Jacobian (X, Y, Z) = (X/Z^2, Y/Z^3), None is infinity: the fast path of
# the multiplications (one inversion each)
def _jdbl(j):
    if j is None or j[1] == 0:
        return None
    x, y, z = j
    yy = y * y % P
    s = 4 * x * yy % P
    m = 3 * x * x % P
    x3 = (m * m - 2 * s) % P
    return (x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P)


def _jadd(j, a):
    """j + a, a affine."""
    if a is None:
        return j
    if j is None:
        return (a[0], a[1], 1)
    x1, y1, z1 = j
    zz = z1 * z1 % P
    h = (a[0] * zz - x1) % P
    r = (a[1] * zz * z1 - y1) % P
    if h == 0:
        return _jdbl(j) if r == 0 else None
    hh = h * h % P
    hhh = hh * h % P
    v = x1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return (x3, (r * (v - x3) - y1 * hhh) % P, z1 * h % P)


def _affine(j):
    if j is None:
        return None
    zi = pow(j[2], -1, P)
    return (j[0] * zi * zi % P, j[1] * zi ** 3 % P)


def mul(k, a):
    """k*a (k mod n: every point has order n)."""
    r = None
    for bit in bin(k % N)[2:]:
        r = _jdbl(r)
        if bit == "1":
            r = _jadd(r, a)
    return _affine(r)


def _comb():
    t, b = [], G
    for _ in range(64):
        row = [None, b]
        for _ in range(14):
            row.append(add(row[-1], b))
        t.append(row)
        b = add(row[15], b)  # 16 b
    return t


COMB = _comb()  # COMB[i][d] = d 16^i G


def mul_g(k):
    k %= N
    r = None
    for i in range(64):
        r = _jadd(r, COMB[i][(k >> (4 * i)) & 15])
    return _affine(r)


def sqrt(v):
    y = pow(v, (P + 1) // 4, P)  # p = 3 mod 4
    return y if y * y % P == v % P else None


def lift_x(x, odd):
    if x >= P:
        return None
    y = sqrt((x ** 3 + 7) % P)
    if y is None:
        return None
    return (x, y if y & 1 == odd else P - y)


def endomorphism():
    """beta (cube root of 1 mod p) and lambda (mod n) with lambda*(x, y) =
    (beta x, y), from p and n alone."""
    def roots(m):
        g = 2
        while pow(g, (m - 1) // 3, m) == 1:
            g += 1
        w = pow(g, (m - 1) // 3, m)
        return [w, w * w % m]
    beta = roots(P)[0]
    for lam in roots(N):
        if mul(lam, G) == (beta * G[0] % P, G[1]):
            return beta, lam
    raise AssertionError("no lambda for beta")


BETA, LAM = endomorphism()


def self_test(rng):
    assert on_curve(G) and mul_affine(N - 1, G) == neg(G)  # n is G's order
    for k in [1, 2, 3, N - 1, N - 2, rng.randrange(N), rng.randrange(N)]:
        a = mul_affine(k, G)
        assert mul_g(k) == a == mul(k, G), k
        assert mul(k, a) == mul_affine(k, a)
    assert (LAM ** 2 + LAM + 1) % N == 0 and (BETA ** 3 - 1) % P == 0 and BETA != 1
    bip340_vectors()


# ---- SEC1 keys ------------------------------------------------------------
def b32(v):
    return v.to_bytes(32, "big")


def ser33(a):
    return bytes([2 | a[1] & 1]) + b32(a[0])


def ser65(a):
    return b"\x04" + b32(a[0]) + b32(a[1])


def parse_pub(b):
    """(rc, point) as the header's lf_secp256k1_pubkey_parse."""
    if len(b) == 33 and b[0] in (2, 3):
        x = int.from_bytes(b[1:], "big")
        if x >= P:
            return RANGE, None
        a = lift_x(x, b[0] & 1)
        return (OK, a) if a else (INVALID, None)
    if len(b) == 65 and b[0] in (4, 6, 7):
        a = (int.from_bytes(b[1:33], "big"), int.from_bytes(b[33:], "big"))
        if a[0] >= P or a[1] >= P:
            return RANGE, None
        if not on_curve(a) or (b[0] != 4 and a[1] & 1 != b[0] & 1):
            return INVALID, None
        return OK, a
    return PARAM, None


# ---- ECDSA ----------------------------------------------------------------
def _hm(k, d):
    return hmac.new(k, d, hashlib.sha256).digest()


def rfc6979(sk, m, extra):
    """libsecp256k1's nonce_function_rfc6979: the candidates, in order."""
    seed = b32(sk) + b32(m % N) + (extra or b"")
    k, v = b"\0" * 32, b"\1" * 32
    k = _hm(k, v + b"\0" + seed)
    v = _hm(k, v)
    k = _hm(k, v + b"\1" + seed)
    v = _hm(k, v)
    while True:
        v = _hm(k, v)
        yield int.from_bytes(v, "big")
        k = _hm(k, v + b"\0")  # RFC 6979 3.2 h, before the next draw
        v = _hm(k, v)


def sign(m, sk, extra=None):
    """(rc, sig64, recid)."""
    if not 0 < sk < N:
        return RANGE, bytes(64), 0
    for kn in rfc6979(sk, m, extra):
        if not 0 < kn < N:
            continue
        x, y = mul_g(kn)
        r = x % N
        recid = (y & 1) | (2 if x >= N else 0)
        s = pow(kn, -1, N) * (m + r * sk) % N
        if r == 0 or s == 0:
            continue
        if s > H:
            s, recid = N - s, recid ^ 1
        return OK, b32(r) + b32(s), recid


def split(sig):
    return int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")


def verify(sig, m, q):
    r, s = split(sig)
    if not (0 < r < N and 0 < s <= H):
        return VERIFY
    w = pow(s, -1, N)
    R = add(mul_g(m * w), mul(r * w, q))
    return OK if R is not None and R[0] % N == r else VERIFY


def recover(sig, recid, m):
    """(rc, point)."""
    if not 0 <= recid <= 3:
        return PARAM, None
    r, s = split(sig)
    if not (0 < r < N and 0 < s < N):
        return VERIFY, None
    R = lift_x(r + N if recid & 2 else r, recid & 1)
    if R is None:
        return VERIFY, None
    ri = pow(r, -1, N)
    q = add(mul(s * ri, R), mul_g(-m * ri))
    return (OK, q) if q else (VERIFY, None)


def ecdh(q, sk):
    """(rc, hashed, x)."""
    if not 0 < sk < N:
        return RANGE, bytes(32), bytes(32)
    x, y = mul(sk, q)
    return OK, hashlib.sha256(bytes([2 | y & 1]) + b32(x)).digest(), b32(x)


# ---- BIP-340 (from the BIP's definitions) ------------------------------------
def tagged_hash(tag, msg):
    t = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(t + t + msg).digest()


def h_int(tag, msg):
    return int.from_bytes(tagged_hash(tag, msg), "big")


def xonly(sk):
    """(d, P, parity): the even-y secret, the even-y point, 1 if sk*G had odd y."""
    a = mul_g(sk)
    odd = a[1] & 1
    return (N - sk if odd else sk), (a if not odd else neg(a)), odd


def bip340_nonce(d, px, msg, aux):
    t = bytes(x ^ y for x, y in zip(b32(d), tagged_hash("BIP0340/aux", aux)))
    return h_int("BIP0340/nonce", t + b32(px) + msg) % N


def bip340_sign(msg, sk, aux=None, k0=None):
    """(rc, sig64): default signing (aux None: 32 zero bytes), or with the
    nonce k0 given (the edge cases)."""
    if not 0 < sk < N:
        return RANGE, bytes(64)
    d, pt, _ = xonly(sk)
    if k0 is None:
        k0 = bip340_nonce(d, pt[0], msg, aux if aux is not None else bytes(32))
    if k0 == 0:
        return RANGE, bytes(64)
    R = mul_g(k0)
    k = k0 if R[1] & 1 == 0 else N - k0
    e = h_int("BIP0340/challenge", b32(R[0]) + b32(pt[0]) + msg) % N
    return OK, b32(R[0]) + b32((k + e * d) % N)


def bip340_verify(msg, px, sig):
    """True if sig is valid for msg under the x-only key px (an int)."""
    pt = lift_x(px, 0)
    r, s = split(sig)
    if pt is None or r >= P or s >= N:
        return False
    e = h_int("BIP0340/challenge", sig[:32] + b32(px) + msg) % N
    R = add(mul_g(s), neg(mul(e, pt)))
    return R is not None and R[1] & 1 == 0 and R[0] == r


def xonly_parse(x):
    """(rc, point)."""
    if x >= P:
        return RANGE, None
    a = lift_x(x, 0)
    return (OK, a) if a else (INVALID, None)


def bip340_vectors():
    """The model against the BIP's reference vectors (all 19 rows)."""
    path = Path(__file__).resolve().parents[1] / "vectors" / "bip340" / "test-vectors.csv"
    rows = 0
    with open(path, newline="") as f:
        for row in list(csv.reader(f))[1:]:
            _, sk, pk, aux, msg, sig, result = row[:7]
            msg, sig, px = bytes.fromhex(msg), bytes.fromhex(sig), int(pk, 16)
            if sk:
                d, pt, _ = xonly(int(sk, 16))
                assert pt[0] == px, row
                assert bip340_sign(msg, int(sk, 16), bytes.fromhex(aux)) == (OK, sig), row
            assert bip340_verify(msg, px, sig) == (result == "TRUE"), row
            rows += 1
    assert rows == 19, rows


# ---- strict DER -----------------------------------------------------------
def der_int(v):
    b = v.to_bytes(32, "big").lstrip(b"\0") or b"\0"
    if b[0] & 0x80:
        b = b"\0" + b
    return b"\x02" + bytes([len(b)]) + b


def der_encode(r, s):
    body = der_int(r) + der_int(s)
    return b"\x30" + bytes([len(body)]) + body


def _der_len(b, i):
    if i >= len(b) or b[i] in (0x80, 0xFF):
        return None
    c, i = b[i], i + 1
    if c < 0x80:
        return c, i
    n = c & 0x7F
    if n > len(b) - i or b[i] == 0:
        return None
    v, i = int.from_bytes(b[i:i + n], "big"), i + n
    return (v, i) if 0x80 <= v <= len(b) - i else None


def _der_uint(b, i):
    if i >= len(b) or b[i] != 2:
        return None
    t = _der_len(b, i + 1)
    if t is None or t[0] == 0 or t[0] > len(b) - t[1]:
        return None
    n, i = t
    v = b[i:i + n]
    if n > 1 and ((v[0] == 0 and not v[1] & 0x80) or (v[0] == 0xFF and v[1] & 0x80)):
        return None
    x = int.from_bytes(v, "big")
    return (0 if v[0] & 0x80 or x >= N else x), i + n


def der_parse(b):
    """(rc, sig64) as libsecp256k1's secp256k1_ecdsa_signature_parse_der."""
    bad = PARAM, bytes(64)
    if not b or b[0] != 0x30:
        return bad
    t = _der_len(b, 1)
    if t is None or t[0] != len(b) - t[1]:
        return bad
    r = _der_uint(b, t[1])
    s = r and _der_uint(b, r[1])
    if not s or s[1] != len(b):
        return bad
    return OK, b32(r[0]) + b32(s[0])
