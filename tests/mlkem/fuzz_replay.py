#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fuzz_mlkem's inputs replayed through mlkem_pipe against the Python model.

fuzz/fuzz_mlkem.c checks ML-KEM in process against FIPS 203 pieces computed
in the target itself; this script checks the same inputs against the
independent model mlkem_fips203.py (Python ints and hashlib, no code shared
with the library or the target).  It parses every input exactly as the
target does (the format is in the comment at the top of fuzz/fuzz_mlkem.c;
parse() below is its twin: change both together) and turns it into mlkem_pipe
requests, each checked against the model:
  ENCAPS     encaps SET EK M          the model's (c, K), or -6 (modulus check)
  DECAPS     decaps SET CT DK         the model's K (J(z || c) on rejection),
                                      or -6 (hash check)
  ROUNDTRIP  keygen SET SEED, encaps SET EK M, decaps SET CT DK, and decaps
             of the mutated (ct, dk) when the input mutates them
  PARAMS     keygen / encaps / decaps with the input's set and lengths: -2
             (LF_ERR_PARAM; mlkem_pipe itself checks the zeroing of the
             outputs and that nothing past them is written), or the model's
             answer when every length is right; inputs with a NULL pointer
             or a SIZE_MAX length cannot be written as pipe requests and are
             skipped (the target checks them, test_mlkem_bounds too)
Inputs: the files of the directories given with --corpus (e.g. a fuzzing
run's build-san/corpus/mlkem and fuzz/corpus/mlkem), else a fixed set of
--count inputs generated from --seed (default 40: what the ctest tests
mlkem_fuzz_replay_<be> run): per set, ek / dk / ct bytes all zero, all 0xff
and random, keys of the model with a coefficient set to q, q + 1, 4095 or
q - 1, a stored H(ek) or ek byte changed (hash mismatch), the hash recomputed
over a changed or unreduced ek (decaps does not check the modulus; a
ciphertext made for the unreduced ek is accepted), dk_PKE coefficients >= q
(decoded mod q: with the same residue the ciphertext is still accepted),
genuine and flipped ciphertexts, round trips from fixed and random seeds
with mutations of ct and dk, every kind of wrong length, unknown sets.
--write DIR writes the inputs as files; --write-seeds DIR the handful of
generated inputs named in SEED_CORPUS as seed-<name>: fuzz/corpus/mlkem/ is
`fuzz_replay.py --write-seeds fuzz/corpus/mlkem -- PIPE` (default seed and
count).
Closes with testenv.report's line; the minimum is --minimum, else 280 checks
for the generated set (the default --count 210 makes 301; a smaller --count
half its value) and one check per input replayed for a corpus.  The counts
are fixed by the arguments (LF_TEST_ITERS does not scale them).
usage: fuzz_replay.py [--corpus DIR]... [--count N] [--seed S] [--write DIR]
                      -- EMULATOR... PIPE_EXE
"""
import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "common"))
sys.path.insert(0, str(HERE))
import mlkem_fips203 as M  # noqa: E402
from pipe_oracle import Checks, hexbytes, parse_args  # noqa: E402

Q = M.Q
ERR_PARAM, ERR_INVALID = M.ERR_PARAM, M.ERR_INVALID
OP_ENCAPS, OP_DECAPS, OP_ROUNDTRIP, OP_PARAMS = range(4)
PARS = [M.PARAMS[2], M.PARAMS[3], M.PARAMS[4]]   # the target's PARS[sel % 3]
LENMAX = 8192
SIZE_MAX = "SIZE_MAX"
DEFAULT_COUNT = 210
MIN_GENERATED = 280  # the default set makes 301 checks
# the generated inputs checked in as fuzz_mlkem's seed corpus (the first of
# each name; the set's k last)
SEED_CORPUS = ("enc-coef3329-first-2", "enc-zero-3", "enc-coef4095-last-4", "dec-genuine-4",
               "dec-ek-unreduced-accepted-3", "dec-dkpke-residue-2", "dec-hash-mismatch-2",
               "rt-m3-3", "rt-zero-4", "par-f1-l0-c6-2", "par-set-1-2", "par-sizemax-3",
               "par-null-4")


# ---- the target's input reader (fz_in of fuzz/common.h) ---------------------------
class Reader:
    def __init__(self, data: bytes):
        self.d, self.i = data, 0

    @property
    def n(self):
        return len(self.d) - self.i

    def u8(self):
        if self.i >= len(self.d):
            return 0
        self.i += 1
        return self.d[self.i - 1]

    def u16(self):
        hi = self.u8()
        return hi << 8 | self.u8()

    def take(self, n):
        """n bytes, zero-padded when the input runs out"""
        b = self.d[self.i:self.i + n]
        self.i += len(b)
        return b + bytes(n - len(b))


# ---- 12-bit coefficients of an encoded vector ---------------------------------------
def get12(b: bytes, i: int) -> int:
    return int.from_bytes(b, "little") >> (12 * i) & 0xfff


def set12(b: bytes, i: int, v: int) -> bytes:
    x = int.from_bytes(b, "little")
    x = (x & ~(0xfff << (12 * i))) | ((v & 0xfff) << (12 * i))
    return x.to_bytes(len(b), "little")


def reduce12(b: bytes, k: int) -> bytes:
    x = int.from_bytes(b[:384 * k], "little")
    y = 0
    for i in range(256 * k):
        y |= ((x >> (12 * i) & 0xfff) % Q) << (12 * i)
    return y.to_bytes(384 * k, "little") + b[384 * k:]


def fix_hash(p, dk: bytes) -> bytes:
    k = p.k
    return dk[:768 * k + 32] + M.H(dk[384 * k:768 * k + 32]) + dk[768 * k + 64:]


# ---- the model's answers as mlkem_pipe's words ------------------------------------
def want_encaps(p, ek, m):
    try:
        K, c = M.encaps(p, ek, m)
    except M.MlkemError as e:
        return [str(e.code)]
    return ["0", c.hex(), K.hex()]


def want_decaps(p, ct, dk):
    try:
        return ["0", M.decaps(p, dk, ct).hex()]
    except M.MlkemError as e:
        return [str(e.code)]


def req_encaps(s, ek, m, ctlen=None):
    return f"encaps {s} {hexbytes(ek)} {m.hex()}" + ("" if ctlen is None else f" {ctlen}")


def req_decaps(s, ct, dk):
    return f"decaps {s} {hexbytes(ct)} {hexbytes(dk)}"


def int32(x):
    return x - (1 << 32) if x & 0x80000000 else x


# ---- parse: fuzz_mlkem.c's LLVMFuzzerTestOneInput, as requests ----------------------
def parse(data: bytes):
    """(kind, [(request, wanted words)]) for one input; [] when it cannot be
    written as pipe requests (kind says why)"""
    r = Reader(data)
    sel, mode = r.u8(), r.u8()
    p = PARS[sel % 3]
    k, s = p.k, p.k
    op = sel // 3 % 4
    if op == OP_ENCAPS:
        m = r.take(32)
        ek = r.take(p.ek_bytes)
        if mode & 1:
            ek = reduce12(ek, k)
        if mode & 2:
            i, v = r.u16() % (256 * k), r.u16() & 0xfff
            ek = set12(ek[:384 * k], i, v) + ek[384 * k:]
        return "encaps", [(req_encaps(s, ek, m), want_encaps(p, ek, m))]
    if op == OP_DECAPS:
        ct = r.take(p.ct_bytes)
        dk = r.take(p.dk_bytes)
        lo, hi = 384 * k, 768 * k
        if mode & 1:
            dk = dk[:lo] + reduce12(dk[lo:hi + 32], k) + dk[hi + 32:]
        if mode & 2:
            i, v = r.u16() % (256 * k), r.u16() & 0xfff
            dk = dk[:lo] + set12(dk[lo:hi], i, v) + dk[hi:]
        if mode & 8:
            i, v = r.u16() % (256 * k), r.u16() & 0xfff
            dk = set12(dk[:lo], i, v) + dk[lo:]
        if mode & 4:
            dk = fix_hash(p, dk)
        return "decaps", [(req_decaps(s, ct, dk), want_decaps(p, ct, dk))]
    if op == OP_ROUNDTRIP:
        seed, m = r.take(64), r.take(32)
        ek, dk = M.keygen_seed(p, seed)
        K, ct = M.encaps(p, ek, m)
        out = [(f"keygen {s} {seed.hex()}", ["0", ek.hex(), dk.hex()]),
               (req_encaps(s, ek, m), ["0", ct.hex(), K.hex()]),
               (req_decaps(s, ct, dk), ["0", K.hex()])]
        target = mode & 3
        ct, dk = bytearray(ct), bytearray(dk)
        changed = False
        t = 0
        while t < 8 and target and r.n >= 3:
            pos, x = r.u16(), r.u8()
            on_dk = target == 2 or (target == 3 and pos & 0x8000)
            b = dk if on_dk else ct
            b[(pos & 0x7fff) % len(b)] ^= x
            changed |= x != 0
            t += 1
        ct, dk = bytes(ct), bytes(dk)
        if mode & 4:
            dk = fix_hash(p, dk)
        if changed or mode & 4:
            out.append((req_decaps(s, ct, dk), want_decaps(p, ct, dk)))
        return "roundtrip", out
    # PARAMS
    fn = mode % 3
    sb = r.u8()
    setv = s
    if sb & 0x80:
        hi = r.u16()
        setv = int32(hi << 16 | r.u16())
    nulls = r.u8()
    known = setv in (2, 3, 4)
    pp = M.PARAMS[setv] if known else M.PARAMS[3]
    idx = pp.k - 2
    o0, o1 = PARS[(idx + 1) % 3], PARS[(idx + 2) % 3]

    def pick(right, other0, other1):
        L = r.u8()
        c = L % 8
        if c == 1:
            return right - 1
        if c == 2:
            return right + 1
        if c == 3:
            return 0
        if c == 4:
            return other1 if (L >> 3) & 1 else other0
        if c == 5:
            return SIZE_MAX
        if c == 6:
            return r.u16() % (LENMAX + 1)
        return right

    def inp(n, null):
        """an input buffer's bytes (a NULL pointer takes none; SIZE_MAX one)"""
        if null:
            return None
        return r.take(1 if n == SIZE_MAX else n)

    if fn == 0:
        l0 = pick(pp.ek_bytes, o0.ek_bytes, o1.ek_bytes)
        l1 = pick(pp.dk_bytes, o0.dk_bytes, o1.dk_bytes)
        l2 = pick(64, 32, 96)
        seed = inp(l2, nulls & 4)
        if nulls & 7 or SIZE_MAX in (l0, l1, l2):
            return "params (NULL or SIZE_MAX)", []
        valid = known and (l0, l1, l2) == (pp.ek_bytes, pp.dk_bytes, 64)
        want = [str(ERR_PARAM)]
        if valid:
            ek, dk = M.keygen_seed(pp, seed)
            want = ["0", ek.hex(), dk.hex()]
        return "params keygen", [(f"keygen {setv} {hexbytes(seed)} {l0} {l1}", want)]
    if fn == 1:
        l0 = pick(pp.ct_bytes, o0.ct_bytes, o1.ct_bytes)
        l1 = pick(pp.ek_bytes, o0.ek_bytes, o1.ek_bytes)
        ek = inp(l1, nulls & 4)
        m = r.take(32)
        if nulls & 15 or SIZE_MAX in (l0, l1):
            return "params (NULL or SIZE_MAX)", []
        valid = known and (l0, l1) == (pp.ct_bytes, pp.ek_bytes)
        want = want_encaps(pp, ek, m) if valid else [str(ERR_PARAM)]
        return "params encaps", [(req_encaps(setv, ek, m, l0), want)]
    l0 = pick(pp.ct_bytes, o0.ct_bytes, o1.ct_bytes)
    l1 = pick(pp.dk_bytes, o0.dk_bytes, o1.dk_bytes)
    ct = inp(l0, nulls & 2)
    dk = inp(l1, nulls & 4)
    if nulls & 7 or SIZE_MAX in (l0, l1):
        return "params (NULL or SIZE_MAX)", []
    valid = known and (l0, l1) == (pp.ct_bytes, pp.dk_bytes)
    want = want_decaps(pp, ct, dk) if valid else [str(ERR_PARAM)]
    return "params decaps", [(req_decaps(setv, ct, dk), want)]


# ---- the generated inputs -------------------------------------------------------------
def u16b(x):
    return bytes([x >> 8 & 0xff, x & 0xff])


def generate(rng: random.Random, count: int):
    """count inputs in fuzz_mlkem's format: (name, bytes); the edge cases first"""
    out = []

    def add(name, sel_op, si, mode, body):
        out.append((f"{len(out):03d}-{name}-{PARS[si].k}", bytes([sel_op * 3 + si, mode]) + body))

    def keys(si):
        p = PARS[si]
        ek, dk = M.keygen_seed(p, rng.randbytes(64))
        m = rng.randbytes(32)
        K, c = M.encaps(p, ek, m)
        return p, ek, dk, c

    cases = []
    for si in range(3):
        p = PARS[si]
        k = p.k
        # ENCAPS: all zero (passes), all 0xff (4095 everywhere), a model key
        # with q, q + 1, 4095 (refused) or q - 1 (fine) at the first, last or
        # a random coefficient, random bytes raw and reduced, rho changed
        cases.append(lambda si=si: add("enc-zero", 0, si, 0, bytes(32)))
        cases.append(lambda si=si, p=p: add("enc-ff", 0, si, 0, rng.randbytes(32) + b"\xff" * p.ek_bytes))
        for n, v in enumerate((Q, Q + 1, 4095, Q - 1, 0)):
            def f(si=si, p=p, k=k, v=v, where=("first", "last", "random")[(n + si) % 3]):
                _, ek, _, _ = keys(si)
                i = {"first": 0, "last": 256 * k - 1}.get(where, rng.randrange(256 * k))
                add(f"enc-coef{v}-{where}", 0, si, 2, rng.randbytes(32) + ek
                    + u16b(i + 256 * k * rng.randrange(3)) + u16b(v | rng.randrange(16) << 12))
            cases.append(f)
        cases.append(lambda si=si, p=p: add("enc-random", 0, si, 0, rng.randbytes(32 + p.ek_bytes)))
        cases.append(lambda si=si, p=p: add("enc-random-reduced", 0, si, 1, rng.randbytes(32 + p.ek_bytes)))
        cases.append(lambda si=si, p=p, k=k: add("enc-reduced-then-q", 0, si, 3, rng.randbytes(32 + p.ek_bytes)
                                                 + u16b(rng.randrange(256 * k)) + u16b(Q)))

        def enc_rho(si=si, p=p):
            _, ek, _, _ = keys(si)
            e = bytearray(ek)
            e[-1 - rng.randrange(32)] ^= 1 << rng.randrange(8)
            add("enc-rho-changed", 0, si, 0, rng.randbytes(32) + bytes(e))
        cases.append(enc_rho)
        cases.append(lambda si=si: add("enc-short", 0, si, 1, rng.randbytes(rng.randrange(1, 200))))

        # DECAPS
        lo, hi = 384 * k, 768 * k
        for mode in (0, 4):
            cases.append(lambda si=si, mode=mode: add(f"dec-zero-m{mode}", 1, si, mode, b""))
            cases.append(lambda si=si, p=p, mode=mode: add(f"dec-ff-m{mode}", 1, si, mode,
                                                       b"\xff" * (p.ct_bytes + p.dk_bytes)))
            cases.append(lambda si=si, p=p, mode=mode: add(f"dec-random-m{mode}", 1, si, mode,
                                                       rng.randbytes(p.ct_bytes + p.dk_bytes)))

        def dec_valid(si=si, p=p, k=k, lo=lo, hi=hi):
            p, ek, dk, c = keys(si)
            add("dec-genuine", 1, si, 0, c + dk)
            add("dec-genuine-rehash", 1, si, 5, c + dk)
            for pos in (0, p.ct_bytes - 1, rng.randrange(p.ct_bytes)):
                b = bytearray(c)
                b[pos] ^= 1 << rng.randrange(8)
                add("dec-ct-flipped", 1, si, 0, bytes(b) + dk)
            # hash mismatch: a byte of the stored H(ek), or of the stored ek
            for pos in (hi + 32 + rng.randrange(32), lo + rng.randrange(384 * k), hi + rng.randrange(32)):
                d = bytearray(dk)
                d[pos] ^= 1 << rng.randrange(8)
                add("dec-hash-mismatch", 1, si, 0, c + bytes(d))
                add("dec-changed-rehashed", 1, si, 4, c + bytes(d))
            # z changed: the genuine ciphertext still decapsulates, a flipped one uses the new z
            d = bytearray(dk)
            d[-1 - rng.randrange(32)] ^= 0x40
            add("dec-z-changed", 1, si, 0, c + bytes(d))
            # the stored ek given a coefficient >= q (hash recomputed): not checked by decaps
            for v in (Q, 4095):
                i = rng.randrange(256 * k)
                add(f"dec-ek-coef{v}", 1, si, 6, c + dk + u16b(i) + u16b(v))
            # the stored ek unreduced with its residues kept (c_i + q), the
            # hash over it, and a ciphertext made for that ek: accepted
            i = next(j for j in range(256 * k) if get12(ek, j) + Q < 4096)
            ek_u = set12(ek[:lo], i, get12(ek, i) + Q) + ek[lo:]
            dk_u = dk[:lo] + ek_u + M.H(ek_u) + dk[hi + 64:]
            m = rng.randbytes(32)
            K, r = M.G(m + M.H(ek_u))
            c_u = M.kpke_encrypt(p, ek_u, m, r)
            assert M.decaps(p, dk_u, c_u) == K
            add("dec-ek-unreduced-accepted", 1, si, 0, c_u + dk_u)
            add("dec-ek-unreduced-genuine-ct", 1, si, 0, c + dk_u)
            # dk_PKE coefficients >= q: the same residue (accepted) or 4095
            j = next(j for j in range(256 * k) if get12(dk, j) + Q < 4096)
            add("dec-dkpke-residue", 1, si, 8, c + dk + u16b(j) + u16b(get12(dk, j) + Q))
            add("dec-dkpke-4095", 1, si, 8, c + dk + u16b(rng.randrange(256 * k)) + u16b(4095))
        cases.append(dec_valid)

        # ROUNDTRIP: fixed and random seeds, mutations of ct, dk, both, rehashed
        cases.append(lambda si=si: add("rt-zero", 2, si, 0, b""))
        cases.append(lambda si=si: add("rt-ff", 2, si, 0, b"\xff" * 96))
        for mode in (0, 1, 2, 3, 4, 5, 6, 7):
            def rt(si=si, mode=mode):
                muts = b"".join(u16b(rng.randrange(65536)) + bytes([rng.randrange(256)])
                                for _ in range(rng.randrange(1, 4)))
                add(f"rt-m{mode}", 2, si, mode, rng.randbytes(96) + muts)
            cases.append(rt)
        # z only (the genuine ciphertext still decapsulates), the hash field only
        cases.append(lambda si=si, p=p: add("rt-z", 2, si, 2, rng.randbytes(96)
                                            + u16b(p.dk_bytes - 1 - rng.randrange(32)) + b"\x01"))
        cases.append(lambda si=si, p=p, hi=hi: add("rt-h", 2, si, 2, rng.randbytes(96)
                                                   + u16b(hi + 32 + rng.randrange(32)) + b"\x80"))

        # PARAMS: each length choice of each function (spread over the three
        # sets), unknown sets
        combos = [(fn, c, a) for fn, nlen in ((0, 3), (1, 2), (2, 2))
                  for c in (0, 1, 2, 3, 4, 12, 6) for a in range(nlen)]
        for fn, c, a in combos[si::3]:
            def prm(si=si, fn=fn, c=c, a=a):
                nlen = 3 if fn == 0 else 2
                ls = bytes(c if j == a else 0 for j in range(nlen))
                extra = u16b(rng.randrange(65536)) if c == 6 else b""
                body = bytes([0, 0]) + ls[:a + 1] + extra + ls[a + 1:]
                add(f"par-f{fn}-l{a}-c{c}", 3, si, fn, body + rng.randbytes(rng.randrange(4000)))
            cases.append(prm)
        for setv in (0, 1, 5, -1, 258, (1 << 31) - 1, -(1 << 31), 3)[si::3]:
            def unk(si=si, setv=setv):
                fn = rng.randrange(3)
                x = setv & 0xffffffff
                body = bytes([0x80]) + u16b(x >> 16) + u16b(x & 0xffff) + b"\0" + bytes(3)
                add(f"par-set{setv}", 3, si, fn, body + rng.randbytes(rng.randrange(4000)))
            cases.append(unk)
        # NULL and SIZE_MAX: the target's; skipped here
        cases.append(lambda si=si: add("par-null", 3, si, 1, bytes([0, 1, 0, 0])))
        cases.append(lambda si=si: add("par-sizemax", 3, si, 2, bytes([0, 0, 5, 0])))
    for f in cases:
        f()
        if len(out) >= count:
            break
    while len(out) < count:  # random inputs of every op
        si, op = rng.randrange(3), rng.randrange(4)
        p = PARS[si]
        n = {0: 32 + p.ek_bytes + 4, 1: p.ct_bytes + p.dk_bytes + 8, 2: 96 + 24, 3: 200}[op]
        add(f"random-op{op}", op, si, rng.randrange(256), rng.randbytes(rng.randrange(n)))
    return out[:count]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", action="append", type=Path, default=[],
                    help="a directory of fuzz_mlkem inputs (repeatable)")
    ap.add_argument("--count", type=int, default=DEFAULT_COUNT, help="generated inputs (no --corpus)")
    ap.add_argument("--write", type=Path, help="write the generated inputs into this directory")
    ap.add_argument("--write-seeds", type=Path, help="write the seed corpus into this directory")
    ap.add_argument("--minimum", type=int, help="fewest checks that pass")
    ap.add_argument("--limit", type=int, default=0, help="at most this many corpus files")
    args = parse_args(ap, default_seed=40)
    if args.corpus:
        files = sorted(f for d in args.corpus for f in d.iterdir() if f.is_file())
        if args.limit:
            files = files[:args.limit]
        inputs = [(str(f), f.read_bytes()) for f in files]
    else:
        inputs = generate(random.Random(args.seed), args.count)
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        for name, data in inputs:
            (args.write / Path(name).name).write_bytes(data)
    if args.write_seeds:
        args.write_seeds.mkdir(parents=True, exist_ok=True)
        for stem in SEED_CORPUS:
            data = next((d for n, d in inputs if n.split("-", 1)[1] == stem), None)
            if data is None:
                ap.error(f"--write-seeds: no generated input {stem}")
            (args.write_seeds / f"seed-{stem}").write_bytes(data)
    checks = Checks()
    kinds, skipped, replayed = {}, {}, 0
    for name, data in inputs:
        kind, reqs = parse(data)
        if not reqs:
            skipped[kind] = skipped.get(kind, 0) + 1
            continue
        replayed += 1
        kinds[kind] = kinds.get(kind, 0) + 1
        for req, want in reqs:
            def check(words, want=want):
                if words == want:
                    return True
                if words and words[0] != want[0]:
                    return f"return code {words[0]}, want {want[0]}"
                return "wrong output"
            checks.add(req, check)
    res = checks.run(args.cmd)
    if res.skipped:
        print("fuzz_replay: back end not available here: skipped")
        return 77
    src = ", ".join(map(str, args.corpus)) if args.corpus else f"generated (seed {args.seed})"
    print(f"fuzz_replay: {len(inputs)} inputs from {src}: {replayed} replayed "
          f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
          f"{sum(skipped.values())} skipped ({', '.join(f'{k} {v}' for k, v in skipped.items()) or '-'}); "
          f"back end {res.backend}")
    minimum = args.minimum
    if minimum is None:
        if args.corpus:
            minimum = max(1, replayed)
        else:
            minimum = MIN_GENERATED if args.count >= DEFAULT_COUNT else args.count // 2
    return res.exit_code("fuzz_replay", minimum=minimum)


if __name__ == "__main__":
    sys.exit(main())
