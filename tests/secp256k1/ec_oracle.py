#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Oracle for secp256k1 (include/limbforge/secp256k1.h and the internals
src/secp256k1/group.h, ecmult.h): drives ec_pipe (line format
tests/common/pipe.h, ops in ec_pipe.c's header) and checks every answer
against a pure-Python model of the curve (ec_model.py): Python ints for the group law
(affine add and double; the point multiplications in Jacobian coordinates,
checked against the affine law at start), hashlib/hmac for RFC 6979 and
ECDH.  Nothing from the library is taken as an expectation, and no
libsecp256k1 is needed, so the cross targets run it under qemu.

The model follows libsecp256k1: RFC 6979 nonces as its
nonce_function_rfc6979 (HMAC-DRBG seeded with sk || (msg mod n) || [extra],
the retry step of RFC 6979 3.2 h before every draw after the first, invalid
nonces and zero r or s redrawn), low s, recid = parity(y) | 2 (x >= n),
flipped with s; verify rejects r, s zero or >= n and high s; recovery;
ECDH = SHA-256(0x02 | parity(y) || x); the tweaks and return codes of the
header; strict DER (values >= n, negative or longer than 32 bytes parse as
0, as libsecp256k1's parser).  Cases are edge-biased (keys 1, 2, n-1,
(n-1)/2, 2^128, invalid 0, n, 2^256-1; messages 0, n, 2^256-1; points G,
-G, b = +-lambda a, a = b, a = -b, infinity; random z for the group law).

BIP-340 (include/limbforge/secp256k1_schnorr.h), written here from the BIP's
definitions (tagged hashes, lift_x, the default signing with aux, verify)
and checked at start against the vendored reference vectors
(tests/vectors/bip340/test-vectors.csv): keypairs and their x-only key and
parity, x-only parse (x >= p, not on the curve), sign (messages of 0..100
bytes, aux or none, the nonce edge R = P), verify (mutated signatures, r >=
p, s >= n, another key), the Taproot tweaks (keypair, x-only, the check
with right and wrong parity); lf_secp256k1_msm for 0..8 terms (zero and
>= n scalars, infinity, repeated points, P and -P, lambda P, sums that
cancel, g NULL / zero / set); batch verification and find_invalid of 0..8
signatures with bad ones at random positions (expected: the model's verify
per item).

    ec_oracle.py [--cases N] [--seed S] -- PIPE...     (N per op, default 300)
"""
import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from pipe_oracle import Checks, hexbytes, hexw, parse_args  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ec_model import (  # noqa: E402
    BETA, G, H, INVALID, LAM, M256, N, OK, P, RANGE, VERIFY, add, b32, bip340_sign,
    bip340_verify, der_encode, der_int, der_parse, ecdh, h_int, lift_x, mul, mul_g, neg,
    parse_pub, recover, self_test, ser33, ser65, sign, split, verify, xonly,
    xonly_parse,
)


# the default run (--cases 300, as ctest runs it natively and under qemu)
# makes about 8 600 checks: fewer means cases went missing
MIN_CHECKS = 7500


# ---- the cases --------------------------------------------------------------
def pw(a):
    """A point word."""
    return "inf" if a is None else hexw(a[0], 32) + hexw(a[1], 32)


class Oracle:
    def __init__(self, rng, cases):
        self.rng, self.cases = rng, cases
        self.checks = Checks()
        self.count = {}
        self.keys = [1, 2, 3, N - 1, N - 2, H, H + 1, 1 << 128, (1 << 128) - 1, LAM, N - LAM,
                     (1 << 255) % N, 2 ** 256 - N]
        self.badkeys = [0, N, N + 1, M256]
        self.msgs = [0, 1, N - 1, N, N + 1, M256, H, 1 << 255]
        # points: G, -G, random multiples, the lambda orbit
        pts = [G, neg(G), mul_g(2), mul_g(N - 2)] + [self.rpoint() for _ in range(6)]
        a = pts[4]
        pts += [(BETA * a[0] % P, a[1]), (BETA * BETA * a[0] % P, P - a[1])]
        self.pts = pts

    def add(self, op, req, want):
        """want: the expected words, or a function of the words."""
        self.count[op] = self.count.get(op, 0) + 1
        if callable(want):
            self.checks.add(req, want)
        else:
            self.checks.add(req, lambda w, e=want: w == e or "want " + " ".join(e)[:300])

    def fill(self, edge, gen):
        """edge cases then random ones from gen(), cases in all."""
        return list(edge) + [gen() for _ in range(max(0, self.cases - len(edge)))]

    def rkey(self):
        return self.rng.randrange(1, N)

    def rmsg(self):
        return self.rng.randrange(2 ** 256)

    def rpoint(self):
        return mul_g(self.rkey())

    def pub_of(self, a):
        return (ser33 if self.rng.randrange(2) else ser65)(a).hex()

    def rz(self):
        c = self.rng.randrange(16)
        return 1 if c == 0 else P - 1 if c == 1 else self.rng.randrange(1, P)

    # -- the API ------------------------------------------------------------
    def keys_api(self):
        sks = self.fill(self.keys + self.badkeys, self.rkey)
        for sk in sks + [self.rmsg() for _ in range(20)]:
            self.add("seckey_verify", f"seckey_verify {hexw(sk, 32)}",
                     [str(OK if 0 < sk < N else RANGE)])
        for sk in sks:
            a = mul_g(sk) if 0 < sk < N else None
            want = [str(OK), ser33(a).hex(), ser65(a).hex()] if a else [str(RANGE)]
            self.add("pubkey_create", f"pubkey_create {hexw(sk, 32)}", want)
        ins = []
        for a in self.pts + [self.rpoint() for _ in range(self.cases // 8)]:
            h = bytes([6 | a[1] & 1]) + ser65(a)[1:]
            ins += [ser33(a), ser65(a), h, bytes([h[0] ^ 1]) + h[1:],
                    ser65((a[0], (a[1] + 1) % P)), ser65(neg(a))]
        for x in (P, P + 1, M256, 0):
            ins += [bytes([2]) + b32(x), bytes([3]) + b32(x), b"\x04" + b32(x) + b32(G[1])]
        for y in (P, M256):
            ins.append(b"\x04" + b32(G[0]) + b32(y))
        while len(ins) < self.cases:  # random x: about half off the curve
            ins.append(bytes([2 | self.rng.randrange(2)]) + b32(self.rng.randrange(P)))
        g33, g65 = ser33(G), ser65(G)
        for p in (0, 1, 5, 8, 0xFF):
            ins += [bytes([p]) + g33[1:], bytes([p]) + g65[1:]]
        ins += [b"\x04" + g33[1:], b"\x02" + g65[1:], b"", b"\x02", g33[:-1], g33 + b"\0",
                g65[:-1], g65 + b"\0"]
        for b in ins:
            rc, a = parse_pub(b)
            want = [str(rc), ser33(a).hex(), ser65(a).hex()] if a else [str(rc)]
            self.add("pubkey_parse", f"pubkey_parse {hexbytes(b)}", want)

    def ecdsa(self):
        rng = self.rng
        signs = [(m, k, None) for m in self.msgs for k in self.keys[:4]]
        signs += [(self.rmsg(), k, None) for k in self.keys + self.badkeys]
        signs += [(self.rmsg(), self.rkey(), e) for e in (b"\0" * 32, b"\xff" * 32)]
        for m, sk, e in self.fill(signs, lambda: (self.rmsg(), self.rkey(),
                                               rng.choice([None, b32(self.rmsg())]))):
            rc, sig, recid = sign(m, sk, e)
            if rc == OK:  # the model against itself: verify and recover
                q = mul_g(sk)
                assert verify(sig, m, q) == OK and recover(sig, recid, m) == (OK, q)
            self.add("sign", f"sign {hexw(m, 32)} {hexw(sk, 32)}" + (f" {e.hex()}" if e else ""),
                     [str(rc), sig.hex(), str(recid)])
        vers, recs = [], []  # (sig, msg, point) / (sig, recid, msg)
        for i in range(self.cases // 4):
            sk, m = (self.keys[i] if i < len(self.keys) else self.rkey()), self.rmsg()
            if i < len(self.msgs):
                m = self.msgs[i]
            _, sig, recid = sign(m, sk)
            q = mul_g(sk)
            r, s = split(sig)
            vers += [(sig, m, q), (b32(r) + b32(N - s), m, q), (sig, (m + 1) % N, q),
                     (sig, m, self.rpoint())]
            recs += [(sig, recid, m), (sig, recid ^ 1, m), (b32(r) + b32(N - s), recid ^ 1, m),
                     (sig, rng.choice([2, 3]), m)]
        q = self.rpoint()
        for r, s in ((0, 1), (1, 0), (N, 1), (1, N), (M256, 1), (1, M256), (N - 1, H), (1, H + 1)):
            vers.append((b32(r) + b32(s), self.rmsg(), q))
            recs.append((b32(r) + b32(s), rng.randrange(4), self.rmsg()))
        for _ in range(self.cases // 16):
            # u1 G + u2 Q = infinity: verify must fail
            qk, r, s = self.rkey(), self.rkey(), rng.randrange(1, H)
            vers.append((b32(r) + b32(s), -r * qk % N, mul_g(qk)))
            # s R = m G: the recovered key would be infinity
            k = self.rkey()
            R = mul_g(k)
            recs.append((b32(R[0] % N) + b32(s), (R[1] & 1) | 2 * (R[0] >= N), s * k % N))
            # x(R) in [n, p): r = x - n verifies, recid 2 | parity recovers
            while True:
                R = lift_x(N + rng.randrange(P - N), rng.randrange(2))
                if R:
                    break
            r, s, u1 = R[0] - N, rng.randrange(1, H), self.rkey()
            u2 = r * pow(s, -1, N) % N
            q = mul(pow(u2, -1, N), add(R, neg(mul_g(u1))))
            vers += [(b32(r) + b32(s), u1 * s % N, q), (b32(R[0]) + b32(s), u1 * s % N, q)]
            recs += [(b32(r) + b32(s), 2 | R[1] & 1, u1 * s % N), (b32(r) + b32(s), R[1] & 1, 0)]
            # a small r: r + n may or may not be an x
            recs.append((b32(rng.randrange(1, 1 << 64)) + b32(s), rng.choice([2, 3]), self.rmsg()))
        for sig, m, q in self.fill(vers, lambda: (b32(self.rkey()) + b32(self.rng.randrange(1, H)),
                                                  self.rmsg(), self.rpoint())):
            self.add("verify", f"verify {sig.hex()} {hexw(m, 32)} {self.pub_of(q)}",
                     [str(verify(sig, m, q))])
        for b in (b"\x02" + b32(P), b"\x05" + b32(1)):
            self.add("verify", f"verify {sig.hex()} {hexw(m, 32)} {b.hex()}",
                     ["parse", str(parse_pub(b)[0])])
        sig = sign(1, 1)[1]
        recs += [(sig, -1, 1), (sig, 4, 1), (sig, 100, 1)]
        for sig, recid, m in self.fill(recs, lambda: (b32(self.rkey()) + b32(self.rkey()),
                                                      self.rng.randrange(4), self.rmsg())):
            rc, q = recover(sig, recid, m)
            self.add("recover", f"recover {sig.hex()} {recid} {hexw(m, 32)}",
                     [str(rc), ser33(q).hex()] if q else [str(rc)])

    def ecdh_tweaks(self):
        rng = self.rng
        cases = [(a, k) for a in self.pts[:3] for k in self.keys + self.badkeys] + \
            [(a, self.rkey()) for a in self.pts]
        for a, sk in self.fill(cases, lambda: (self.rpoint(), self.rkey())):
            rc, h, x = ecdh(a, sk)
            self.add("ecdh", f"ecdh {self.pub_of(a)} {hexw(sk, 32)}",
                     [str(rc), h.hex(), str(rc), x.hex()])
        self.add("ecdh", f"ecdh 04{hexw(G[0], 32)}{hexw(G[1] + 1, 32)} 01", ["parse", str(INVALID)])
        z32 = bytes(32).hex()
        for sk in self.fill(self.keys + self.badkeys, self.rkey):
            self.add("seckey_negate", f"seckey_negate {hexw(sk, 32)}",
                     [str(OK), hexw(N - sk, 32)] if 0 < sk < N else [str(RANGE), z32])
        edge_t = [0, 1, 2, N - 1, N, N + 1, M256, LAM, 1 << 128]
        pairs = [(k, t) for k in self.keys[:5] + self.badkeys[:2] for t in edge_t]
        pairs += [(k, N - k) for k in self.keys] + [(k, pow(k, -1, N)) for k in self.keys]
        pairs = self.fill(pairs, lambda: (self.rkey(), self.rng.choice([self.rkey(), self.rmsg()])))
        for sk, t in pairs:
            ok = 0 < sk < N and t < N
            s = (sk + t) % N
            self.add("seckey_tweak_add", f"seckey_tweak_add {hexw(sk, 32)} {hexw(t, 32)}",
                     [str(OK), hexw(s, 32)] if ok and s else [str(RANGE), z32])
            s = sk * t % N
            self.add("seckey_tweak_mul", f"seckey_tweak_mul {hexw(sk, 32)} {hexw(t, 32)}",
                     [str(OK), hexw(s, 32)] if ok and t else [str(RANGE), z32])
        for a in self.fill(self.pts, self.rpoint):
            self.add("pubkey_negate", f"pubkey_negate {self.pub_of(a)}",
                     [str(OK), ser33(neg(a)).hex()])
        for sk, t in pairs:
            if not 0 < sk < N:
                continue
            a = mul_g(sk) if rng.randrange(4) else (BETA * mul_g(sk)[0] % P, mul_g(sk)[1])
            pub = self.pub_of(a)
            r = add(a, mul_g(t)) if t < N else None
            self.add("pubkey_tweak_add", f"pubkey_tweak_add {pub} {hexw(t, 32)}",
                     [str(OK), ser33(r).hex()] if r else [str(RANGE)])
            ok = 0 < t < N
            self.add("pubkey_tweak_mul", f"pubkey_tweak_mul {pub} {hexw(t, 32)}",
                     [str(OK), ser33(mul(t, a)).hex()] if ok else [str(RANGE)])

    def der(self):
        rng = self.rng
        vals = [0, 1, 0x7F, 0x80, 0xFF, 0x100, 1 << 255, M256, N, N - 1, H + 1, (1 << 248) - 1]
        def rv():  # full width or shorter: leading zero bytes
            return rng.randrange(2 ** rng.choice([256, rng.randrange(1, 256)]))
        sigs = self.fill([(r, s) for r in vals for s in vals[:6]], lambda: (rv(), rv()))
        for r, s in sigs:
            self.add("der_serialize", f"der_serialize {hexw(r, 32)}{hexw(s, 32)}",
                     [str(OK), der_encode(r, s).hex()])
            hi = s > H
            want = [str(RANGE), "00" * 64] if r >= N or s >= N else \
                [str(int(hi)), hexw(r, 32) + hexw(N - s if hi else s, 32)]
            self.add("normalize", f"normalize {hexw(r, 32)}{hexw(s, 32)}", want)
        ders = []
        bases = [(N, N - 1), (M256, N), (N - 1, M256), (0, 0), (1 << 255, 0x80), (H + 1, N + 5)]
        for r, s in bases + rng.sample(sigs, self.cases // 12):
            e = der_encode(r, s)
            ri, si = der_int(r), der_int(s)
            big = b"\x02\x81\x82\x01" + bytes(rng.randrange(256) for _ in range(129))
            ders += [e, e + b"\0", e[:-1], b"\x31" + e[1:], e[:1] + bytes([e[1] + 1]) + e[2:],
                     e[:1] + bytes([e[1] - 1]) + e[2:], b"\x30\x81" + e[1:],
                     b"\x30\x80" + e[2:], b"\x30\xff" + e[2:]]
            for body in (b"\x02" + bytes([ri[1] + 1]) + b"\0" + ri[2:] + si, b"\x03" + ri[1:] + si,
                         big + si, ri + big, b"\x02\x82\x00\x21" + b"\0" + b32(r) + si,
                         b"\x02\x00" + si, b"\x02\x01\x80" + si, b"\x02\x02\xff\x80" + si,
                         b"\x02\x21\x01" + b32(r) + si, b"\x02\x21\x00" + b32(r | 1 << 255) + si,
                         b"\x02\x89" + b"\x01" * 9 + si):
                n = len(body)
                ders.append(b"\x30" + (bytes([n]) if n < 128 else bytes([0x81, n])) + body)
            for _ in range(3):  # a random byte changed, inserted, dropped
                i = rng.randrange(len(e))
                c = rng.randrange(3)
                x = bytes([rng.randrange(256)])
                ders.append(e[:i] + x + e[i + 1:] if c == 0 else e[:i] + x + e[i:] if c == 1 else
                            e[:i] + e[i + 1:])
        ders += [b"", b"\x30", b"\x30\x00", b"\x30\x06\x02\x01\x00\x02\x01\x00"]
        for d in ders:
            rc, sig = der_parse(d)
            self.add("der_parse", f"der_parse {hexbytes(d)}", [str(rc), sig.hex()])

    # -- the internals ----------------------------------------------------------
    def ecmult(self):
        rng = self.rng
        sc = [0, 1, 2, 3, N - 1, N - 2, H, H + 1, 1 << 128, (1 << 128) - 1, (1 << 128) + 1, LAM,
              N - LAM, (1 << 255) % N, 2 ** 256 - N, (1 << 64) - 1, N - (1 << 128)]
        sc += [(1 << i) - 1 for i in range(8, 256, 31)] + [1 << i for i in range(7, 256, 29)]
        for s in self.fill(sc, self.rkey):
            self.add("ecmult_gen", f"ecmult_gen {hexw(s, 32)}", [pw(mul_g(s))])
        cases = [(a, s) for a in self.pts[:3] for s in sc] + [(a, self.rkey()) for a in self.pts]
        for a, s in self.fill(cases, lambda: (self.rpoint(), self.rkey())):
            self.add("ecmult_const", f"ecmult_const {pw(a)} {hexw(s, 32)}", [pw(mul(s, a))])
        cases = [(None, self.rkey(), s) for s in sc[:6]]
        cases += [(a, 0, 0) for a in self.pts[:2] + [None]]
        for a in self.pts:
            na = self.rkey()
            cases += [(a, na, 0), (a, 0, na), (a, rng.choice(sc), self.rkey())]
        for _ in range(self.cases // 8):  # na a = -ng G, = ng G, a = +-lambda G
            ka, na = self.rkey(), self.rkey()
            a = mul_g(ka)
            cases += [(a, na, -na * ka % N), (a, na, na * ka % N),
                      ((BETA * G[0] % P, G[1]), na, -na * LAM % N), (neg(G), na, na)]
        for a, na, ng in self.fill(cases, lambda: (self.rpoint(), self.rkey(), self.rkey())):
            want = add(mul(na, a), mul_g(ng)) if a else mul_g(ng)
            self.add("ecmult_var", f"ecmult_var {pw(a)} {hexw(na, 32)} {hexw(ng, 32)}", [pw(want)])

    def pairs(self, binf):
        """(a, b) for the additions: b = a, -a, +-lambda a, +-lambda^2 a, ..."""
        out = []
        while len(out) < self.cases:
            b = self.rng.choice([G, neg(G), self.rpoint(), self.rpoint()])
            x1, x2 = BETA * b[0] % P, BETA * BETA * b[0] % P
            out += [(None, b), (b, b), (neg(b), b), ((x1, b[1]), b), ((x1, P - b[1]), b),
                    ((x2, b[1]), b), ((x2, P - b[1]), b), (self.rpoint(), b), (G, b)]
            if binf:
                out += [(b, None), (None, None)]
        return out

    def group(self):
        for a, b in self.pairs(False):
            self.add("add_ge", f"add_ge {pw(a)} {pw(b)} {hexw(self.rz(), 32)}", [pw(add(a, b))])
        for a, b in self.pairs(True):
            want = pw(add(a, b))
            self.add("add_ge_var", f"add_ge_var {pw(a)} {pw(b)} {hexw(self.rz(), 32)}",
                     lambda w, want=want, a=a, b=b: len(w) == 2 and w[0] == want and (
                         w[1] == ("-" if a is None else "ok") or (a == b and w[1] == "bad"))
                     or f"want {want} {'-' if a is None else 'ok'}")
        for op in ("add_var", "add_zinv"):
            for a, b in self.pairs(True):
                zs = f"{hexw(self.rz(), 32)} {hexw(self.rz(), 32)}"
                self.add(op, f"{op} {pw(a)} {pw(b)} {zs}", [pw(add(a, b))])
        for a in self.fill(self.pts + [None], self.rpoint):
            self.add("double", f"double {pw(a)} {hexw(self.rz(), 32)}", [pw(add(a, a))])

    # -- BIP-340, x-only keys, keypairs (limbforge/secp256k1_schnorr.h) -------------
    def rmsgb(self, hi=100):
        n = self.rng.choice([0, 1, 17, 32, 32, 64, 100, self.rng.randrange(hi + 1)])
        return bytes(self.rng.randrange(256) for _ in range(min(n, hi)))

    def schnorr(self):
        rng, c = self.rng, self.cases
        # keypairs: the x-only key, its parity, the full public key
        for sk in self.fill(self.keys + self.badkeys, self.rkey)[:max(c // 3, 24)]:
            if 0 < sk < N:
                _, pt, odd = xonly(sk)
                want = [str(OK), hexw(pt[0], 32), str(odd), ser33(mul_g(sk)).hex()]
            else:
                want = [str(RANGE)]
            self.add("keypair", f"keypair {hexw(sk, 32)}", want)
        # x-only parse: edges, then random x (about half not on the curve)
        xs = [0, 1, 2, 3, 5, 7, P - 1, P, P + 1, P + 2 ** 32, M256, G[0], N - 1, N,
              BETA * G[0] % P, 2 ** 255]
        xs += [rng.randrange(P) for _ in range(max(0, c // 4 - len(xs)))]
        for x in xs:
            rc, a = xonly_parse(x)
            self.add("xonly_parse", f"xonly_parse {hexw(x, 32)}",
                     [str(rc), ser33(a).hex()] if a else [str(rc)])
        # sign: message lengths 0..100, aux none / zero / ones / random
        auxes = [None, bytes(32), b"\xff" * 32]
        signs = [(m, k, a) for k in self.keys[:3] + self.badkeys[:2]
                 for m, a in ((b"", None), (bytes(32), auxes[1]), (b"\x11" * 17, auxes[2]))]
        signs = self.fill(signs, lambda: (self.rmsgb(), self.rkey(), rng.choice(
            auxes + [bytes(rng.randrange(256) for _ in range(32))] * 3)))[:max(c // 3, 24)]
        valid = []
        for m, sk, a in signs:
            rc, sig = bip340_sign(m, sk, a)
            if rc == OK:
                valid.append((m, xonly(sk)[1], sig))
            req = f"schnorr_sign {hexbytes(m)} {hexw(sk, 32)}" + (f" {a.hex()}" if a else "")
            self.add("schnorr_sign", req, [str(rc), sig.hex()])
        # verify: the valid signatures, then mutated (expected: the model's verify)
        vers = []
        for i, (m, pt, sig) in enumerate(valid[:max(c // 8, 8)]):
            r, sv = split(sig)
            flip = 1 << rng.randrange(256)
            kind = i % 8
            if kind == 0:
                vers.append((m, pt[0], b32(r ^ flip) + sig[32:]))
            elif kind == 1:
                vers.append((m, pt[0], sig[:32] + b32(sv ^ flip)))
            elif kind == 2:
                vers.append((m + b"\0" if not m or rng.randrange(2) else m[:-1], pt[0], sig))
            elif kind == 3:  # another key: random x, maybe not on the curve
                vers.append((m, rng.randrange(P), sig))
            elif kind == 4:
                vers.append((m, pt[0], b32(P + rng.randrange(2 ** 32)) + sig[32:]))
            elif kind == 5:
                vers.append((m, pt[0], sig[:32] + b32(N + rng.randrange(2 ** 32))))
            elif kind == 6:
                vers.append((m, pt[0], sig[:32] + b32(0)))
            else:  # s G - e P = infinity: s = e d for r = 0 or 1
                d = self.rkey()
                px = xonly(d)[1][0]
                d = d if mul_g(d)[1] & 1 == 0 else N - d
                r = rng.randrange(2)
                e = h_int("BIP0340/challenge", b32(r) + b32(px) + m) % N
                vers.append((m, px, b32(r) + b32(e * d % N)))
            vers.append((m, pt[0], sig))
        for m, px, sig in vers:
            want = [str(OK if bip340_verify(m, px, sig) else VERIFY)]
            if xonly_parse(px)[0] != OK:
                want = ["parse", str(xonly_parse(px)[0])]
            self.add("schnorr_verify", f"schnorr_verify {sig.hex()} {hexbytes(m)} {hexw(px, 32)}",
                     want)
        # tweaks: keypair (secret d' = d + t), x-only (Q = P + t G), the check
        ts = [0, 1, N - 1, N, N + 1, M256, 1 << 128]
        pairs = [(k, t) for k in self.keys[:3] for t in ts[:4]] + [(k, None) for k in self.keys[:4]]
        pairs = self.fill(pairs, lambda: (self.rkey(), rng.choice(
            [self.rkey() for _ in range(8)] + [None] + ts)))
        for sk, t in pairs[:max(c // 4, 40)]:
            d, pt, _ = xonly(sk)
            if t is None:  # cancelling: d + t = 0
                t = N - d
            dd = (d + t) % N
            ok = t < N and dd != 0
            self.add("keypair_tweak", f"keypair_tweak {hexw(sk, 32)} {hexw(t, 32)}",
                     [str(OK), hexw(dd, 32), ser33(mul_g(dd)).hex()] if ok else [str(RANGE)])
            q = add(pt, mul_g(t)) if t < N else None
            self.add("xonly_tweak_add", f"xonly_tweak_add {hexw(pt[0], 32)} {hexw(t, 32)}",
                     [str(OK), ser33(q).hex()] if q else [str(RANGE)])
            tx, par = (q[0], q[1] & 1) if q else (rng.randrange(P), rng.randrange(2))
            for v in range(3):  # right; wrong parity; wrong x
                cx, cp = (tx ^ (1 << rng.randrange(256))) % P if v == 2 else tx, par ^ (v == 1)
                want = RANGE if q is None else OK if v == 0 else VERIFY
                self.add("tweak_check", f"tweak_check {hexw(cx, 32)} {cp} {hexw(pt[0], 32)} "
                         f"{hexw(t, 32)}", [str(want)])

    # -- multi-scalar multiplication, batch verification ---------------------------
    def msm_batch(self):
        rng, c = self.rng, self.cases
        scal = [0, 1, 2, N - 1, N, N + 1, M256, H, 1 << 128, LAM, N - LAM]
        for i in range(max(c // 5, 30)):
            n = i % 9 if i < 18 else rng.randrange(9)
            pool = [self.rkey() for _ in range(rng.randrange(1, 4))]
            ks, ss = [], []  # discrete logs (0: infinity), scalars
            for j in range(n):
                kind = rng.randrange(8)
                if kind == 0:
                    k = 0
                elif kind <= 2:
                    k = rng.choice(pool)
                elif kind == 3 and ks:
                    k = N - rng.choice(ks)
                elif kind == 4 and ks:
                    k = rng.choice(ks) * LAM % N
                elif kind == 5:
                    k = rng.choice([1, N - 1])
                else:
                    k = self.rkey()
                ks.append(k % N)
                ss.append(rng.choice(scal) if rng.randrange(3) == 0 else rng.randrange(2 ** 256))
            if n >= 2 and i % 5 == 1:  # P, -P with one scalar
                ks[1], ss[1] = (N - ks[0]) % N, ss[0]
            g = rng.choice([None, 0, None, self.rkey(), N, rng.choice(scal)])
            tot = sum(s * k for s, k in zip(ss, ks)) % N
            if i % 6 == 2:  # cancels: the sum is infinity
                g = -tot % N
            want = mul_g(tot + (g or 0))
            pts = [mul_g(k) if k else None for k in ks]
            if i % 4 == 0:  # the model against itself: the sum term by term
                direct = mul_g(g or 0)
                for s, a in zip(ss, pts):
                    direct = add(direct, mul(s, a) if a else None)
                assert direct == want, (ss, ks, g)
            terms = b"".join(b32(s) + (b32(a[0]) + b32(a[1]) if a else bytes(64))
                             for s, a in zip(ss, pts))
            self.add("msm", f"msm {'-' if g is None else hexw(g, 32)} {hexbytes(terms)}",
                     [str(OK), pw(want)])
        for i in range(max(c // 8, 20)):
            n = i % 9 if i < 18 else rng.randrange(9)
            keys = [self.rkey() for _ in range(rng.randrange(1, 4))]
            shared = self.rkey()
            items, valid = [], []
            for j in range(n):
                sk = rng.choice(keys)
                d, pt, _ = xonly(sk)
                m = self.rmsgb(40)
                kind = rng.randrange(8)
                k0 = d if kind == 0 else (N - d if kind == 1 else xonly(rng.choice(keys))[0]
                                          if kind == 2 else shared if kind == 3 else None)
                sig = bip340_sign(m, sk, bytes(rng.randrange(256) for _ in range(32)), k0)[1]
                if items and rng.randrange(8) == 0:  # the same item twice
                    items.append(items[rng.randrange(len(items))])
                else:
                    items.append((sig, pt[0], m))
                valid.append(True)
            nbad = rng.choice([0, 0, 1, 1, 2, n])
            for _ in range(nbad if n else 0):
                j = rng.randrange(n)
                sig, px, m = items[j]
                kind = rng.randrange(7)
                if kind == 0:
                    sig = bytes([sig[0] ^ 1]) + sig[1:] if rng.randrange(2) else sig[:63] + bytes(
                        [sig[63] ^ 0x80])
                elif kind == 1:
                    px = xonly(rng.choice(keys))[1][0]  # may be the same key
                elif kind == 2:
                    m = m + b"\0"
                elif kind == 3:
                    sig = b32(P + rng.randrange(100)) + sig[32:]
                elif kind == 4:
                    sig = sig[:32] + b32(N + rng.randrange(100))
                elif kind == 5:
                    px = rng.randrange(P)  # may not be an x (then: a zeroed key)
                else:
                    sig = sig[:32] + bytes(32)
                items[j] = (sig, px, m)
                valid[j] = None  # decided by the model's verify
            for j, (sig, px, m) in enumerate(items):
                if valid[j] is None:
                    valid[j] = xonly_parse(px)[0] == OK and bip340_verify(m, px, sig)
            bad = sum(not v for v in valid)
            bits = "".join("0" if v else "1" for v in valid) or "-"
            words = " ".join((sig + b32(px) + m).hex() for sig, px, m in items)
            self.add("batch", f"batch {words}".rstrip(),
                     [str(VERIFY if bad else OK), str(bad), bits])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=300, help="cases per op (about)")
    args = parse_args(ap, default_seed=0xec256)
    rng = random.Random(args.seed)
    self_test(rng)
    o = Oracle(rng, max(args.cases, 16))
    for part in (o.keys_api, o.ecdsa, o.ecdh_tweaks, o.der, o.ecmult, o.group, o.schnorr,
                 o.msm_batch):
        part()
    res = o.checks.run(args.cmd)
    if res.skipped:
        return 77
    ops = " ".join(f"{k} {v}" for k, v in o.count.items())
    print(f"ec_oracle: {res.total} checks, seed {args.seed}, backend {res.backend}: "
          f"{len(res.failed)} failed\n  per op: {ops}")
    return res.exit_code("ec_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
