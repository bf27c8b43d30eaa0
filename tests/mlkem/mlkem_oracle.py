#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM-512/768/1024 checked against the Python model of FIPS 203.

Drives the C helper mlkem_pipe (behind the cross emulator when there is one)
and checks every answer with mlkem_fips203.py, which shares no code with the
library.  Per parameter set and round (--count rounds, random seeds and
messages from --seed):
  keygen from a random seed d || z; encaps with a random m; decaps of that
  ciphertext; decaps of ciphertexts with 1..3 random bytes changed (and of the
  first / last byte alone): the implicit-rejection key J(z || c); decaps with
  a dk whose secret part is changed (no check covers it: the model's value);
  encaps on an ek with one coefficient >= q (LF_ERR_INVALID, outputs zeroed);
  decaps with a dk whose stored H(ek) or embedded ek is changed
  (LF_ERR_INVALID); the randomised API (keypair, encaps) checked through the
  model's decaps.
Once: fixed seeds and messages (all 0x00, all 0xff), all-zero and all-0xff
ciphertexts, every buffer one byte short and long and of another set's
length (LF_ERR_PARAM), lengths checked before the input checks, unknown set
values (LF_ERR_PARAM, sizes 0), the size functions.  The pipe itself reports
"fail zero" when an error leaves an output not zeroed, "fail overrun" /
"fail input" when a byte outside an output or of an input changed.
usage: mlkem_oracle.py [--count N] [--seed S] -- EMULATOR... PIPE_EXE
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

ERR_PARAM, ERR_INVALID = str(M.ERR_PARAM), str(M.ERR_INVALID)
UNKNOWN_SETS = (0, 1, 5, -1, 6, 258, 1 << 20, -(1 << 31), (1 << 31) - 1)
# the fixed cases make 231 and each round 57 more: the smallest configured
# run (cross: --count 3) 402; fewer than 350 means rounds went missing
MIN_CHECKS = 350


def eq(*want):
    want = [str(w) for w in want]

    def check(words):
        if words == want:
            return True
        if words and words[0] != want[0]:
            return f"return code {words[0]}, want {want[0]}"
        return "wrong output"
    return check


def flip(rng, b: bytes, positions):
    x = bytearray(b)
    for i in positions:
        x[i] ^= rng.randrange(1, 256)
    return bytes(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=30, help="random rounds per parameter set")
    args = parse_args(ap, default_seed=203)
    rng = random.Random(args.seed)
    checks = Checks()
    stats = {}

    def add(kind, req, check):
        stats[kind] = stats.get(kind, 0) + 1
        checks.add(req, check)

    def keygen(s, seed, *lens):
        return f"keygen {s} {hexbytes(seed)}" + "".join(f" {n}" for n in lens)

    def encaps(s, ek, m, *lens):
        return f"encaps {s} {hexbytes(ek)} {m.hex()}" + "".join(f" {n}" for n in lens)

    def decaps(s, c, dk):
        return f"decaps {s} {hexbytes(c)} {hexbytes(dk)}"

    def valid_round(p, seed, m):
        s, k = p.k, p.k
        ek, dk = M.keygen_seed(p, seed)
        add("keygen", keygen(s, seed), eq(0, ek.hex(), dk.hex()))
        K, c = M.encaps(p, ek, m)
        add("encaps", encaps(s, ek, m), eq(0, c.hex(), K.hex()))
        add("decaps", decaps(s, c, dk), eq(0, K.hex()))
        return ek, dk, c

    def reject_round(p, ek, dk, c):
        s, k = p.k, p.k
        n = len(c)
        for pos in ([0], [n - 1], rng.sample(range(n), rng.randrange(1, 4))):
            bad = flip(rng, c, pos)
            want = M.decaps(p, dk, bad)
            assert want == M.J(dk[-32:] + bad), "a changed ciphertext the model accepts"
            add("decaps rejected", decaps(s, bad, dk), eq(0, want.hex()))
        # dk_PKE changed (a byte, or a coefficient set to >= q): not checked by
        # the standard; Decaps decodes it mod q
        bad_dk = flip(rng, dk, [rng.randrange(384 * k)])
        add("decaps dk_pke changed", decaps(s, c, bad_dk), eq(0, M.decaps(p, bad_dk, c).hex()))
        i = rng.randrange(256 * k)
        x = int.from_bytes(dk[:384 * k], "little")
        x = (x & ~(0xfff << (12 * i))) | (rng.randrange(M.Q, 4096) << (12 * i))
        bad_dk = x.to_bytes(384 * k, "little") + dk[384 * k:]
        add("decaps dk_pke >= q", decaps(s, c, bad_dk), eq(0, M.decaps(p, bad_dk, c).hex()))
        # z changed: the valid ciphertext is unaffected, a rejected one uses it
        bad_dk = dk[:-32] + flip(rng, dk[-32:], [rng.randrange(32)])
        add("decaps z changed", decaps(s, c, bad_dk), eq(0, M.decaps(p, bad_dk, c).hex()))
        bad = flip(rng, c, [rng.randrange(n)])
        add("decaps z changed", decaps(s, bad, bad_dk), eq(0, M.decaps(p, bad_dk, bad).hex()))

    def invalid_round(p, ek, dk, c, m):
        s, k = p.k, p.k
        # modulus check: one coefficient of t_hat >= q
        for i in (rng.randrange(256 * k), 0, 256 * k - 1):
            bad_ek = M.ek_coefficient_over_q(p, ek, i, rng.choice([M.Q, M.Q + 1, 4095,
                                                                   rng.randrange(M.Q, 4096)]))
            assert not M.modulus_check(p, bad_ek)
            add("encaps ek >= q", encaps(s, bad_ek, m), eq(ERR_INVALID))
        # a coefficient q - 1 is fine
        ok_ek = M.ek_coefficient_over_q(p, ek, rng.randrange(256 * k), M.Q - 1)
        K, c2 = M.encaps(p, ok_ek, m)
        add("encaps ek q-1", encaps(s, ok_ek, m), eq(0, c2.hex(), K.hex()))
        # changing rho (the last 32 bytes) is not an error either
        ek_rho = flip(rng, ek, [384 * k + rng.randrange(32)])
        K, c2 = M.encaps(p, ek_rho, m)
        add("encaps rho changed", encaps(s, ek_rho, m), eq(0, c2.hex(), K.hex()))
        # hash check: H(ek) stored in dk, or the embedded ek (incl. its rho)
        hpos = 768 * k + 32 + rng.randrange(32)
        add("decaps H(ek) changed", decaps(s, c, flip(rng, dk, [hpos])), eq(ERR_INVALID))
        for epos in (384 * k + rng.randrange(384 * k), 768 * k + rng.randrange(32), 384 * k):
            add("decaps ek in dk changed", decaps(s, c, flip(rng, dk, [epos])), eq(ERR_INVALID))

    def length_cases(p, ek, dk, c, m, seed):
        s = p.k
        others = [q for q in M.PARAMS.values() if q is not p]
        for n in (0, 63, 65, 32, 128):
            add("keygen seed length", keygen(s, rng.randbytes(n)), eq(ERR_PARAM))
        for ekn, dkn in ((p.ek_bytes - 1, p.dk_bytes), (p.ek_bytes + 1, p.dk_bytes),
                         (p.ek_bytes, p.dk_bytes - 1), (p.ek_bytes, p.dk_bytes + 1), (0, 0),
                         (p.ek_bytes, 0)) + tuple((q.ek_bytes, q.dk_bytes) for q in others):
            add("keygen output length", keygen(s, seed, ekn, dkn), eq(ERR_PARAM))
        add("keygen output length", keygen(s, seed, p.ek_bytes, p.dk_bytes), eq(0, ek.hex(), dk.hex()))
        for bad_ek in (ek[:-1], ek + b"\0", b"", ek + ek[:32]):
            add("encaps ek length", encaps(s, bad_ek, m), eq(ERR_PARAM))
        for q in others:
            qek, _ = M.keygen_seed(q, seed)
            add("encaps other set's ek", encaps(s, qek, m), eq(ERR_PARAM))
            add("encaps other set's ct length", encaps(s, ek, m, q.ct_bytes), eq(ERR_PARAM))
            add("decaps other set's ct", decaps(s, rng.randbytes(q.ct_bytes), dk), eq(ERR_PARAM))
            add("decaps other set's dk", decaps(s, c, M.keygen_seed(q, seed)[1]), eq(ERR_PARAM))
        for ctn in (p.ct_bytes - 1, p.ct_bytes + 1, 0):
            add("encaps ct length", encaps(s, ek, m, ctn), eq(ERR_PARAM))
        for bad_c in (c[:-1], c + b"\0", b""):
            add("decaps ct length", decaps(s, bad_c, dk), eq(ERR_PARAM))
        for bad_dk in (dk[:-1], dk + b"\0", b"", dk[:-32]):
            add("decaps dk length", decaps(s, c, bad_dk), eq(ERR_PARAM))
        # a length error comes before the input checks
        bad_ek = M.ek_coefficient_over_q(p, ek, 0, 4095)
        add("encaps length before modulus", encaps(s, bad_ek, m, p.ct_bytes + 1), eq(ERR_PARAM))
        add("encaps length before modulus", encaps(s, bad_ek + b"\0", m), eq(ERR_PARAM))
        bad_dk = flip(rng, dk, [768 * p.k + 32])
        add("decaps length before hash", decaps(s, c[:-1], bad_dk), eq(ERR_PARAM))
        add("decaps length before hash", decaps(s, c, bad_dk + b"\0"), eq(ERR_PARAM))

    seen_ek = set()  # keypair's keys, all different
    for p in M.PARAMS.values():
        s = p.k
        add("sizes", f"sizes {s}", eq(p.ek_bytes, p.dk_bytes, p.ct_bytes))
        # fixed inputs
        for b in (0x00, 0xff):
            ek, dk, c = valid_round(p, bytes([b]) * 64, bytes([b]) * 32)
        for b in (0x00, 0xff):
            cc = bytes([b]) * p.ct_bytes
            add("decaps fixed ct", decaps(s, cc, dk), eq(0, M.decaps(p, dk, cc).hex()))
        seed = rng.randbytes(64)
        m = rng.randbytes(32)
        ek, dk, c = valid_round(p, seed, m)
        length_cases(p, ek, dk, c, m, seed)
        # random rounds
        for _ in range(args.count):
            seed = rng.randbytes(64)
            m = rng.randbytes(32)
            ek, dk, c = valid_round(p, seed, m)
            reject_round(p, ek, dk, c)
            invalid_round(p, ek, dk, c, m)
        # the randomised API: keypair's keys are consistent and work with the
        # model; encaps' ciphertext decapsulates (without rejection) to its key
        for _ in range(max(2, args.count // 5)):
            m = rng.randbytes(32)

            def check_keypair(w, p=p, m=m):
                if w[0] != "0" or len(w) != 3:
                    return f"keypair returned {w[0]}"
                ek, dk = bytes.fromhex(w[1]), bytes.fromhex(w[2])
                k = p.k
                if len(ek) != p.ek_bytes or len(dk) != p.dk_bytes:
                    return "keypair: lengths"
                if ek in seen_ek:
                    return "keypair: the same key twice"
                seen_ek.add(ek)
                if dk[384 * k:768 * k + 32] != ek or not M.hash_check(p, dk):
                    return "keypair: dk does not hold ek || H(ek)"
                if not M.modulus_check(p, ek):
                    return "keypair: ek not reduced"
                K, c = M.encaps(p, ek, m)
                if M.decaps_rejects(p, dk, c) or M.decaps(p, dk, c) != K:
                    return "keypair: dk does not decapsulate ek's ciphertext"
                return True
            add("keypair (OS random)", f"keypair {s}", check_keypair)

            def check_encaps(w, p=p, dk=dk):
                if w[0] != "0" or len(w) != 3:
                    return f"encaps returned {w[0]}"
                c, K = bytes.fromhex(w[1]), bytes.fromhex(w[2])
                if len(c) != p.ct_bytes:
                    return "encaps: ct length"
                if M.decaps_rejects(p, dk, c) or M.decaps(p, dk, c) != K:
                    return "encaps: ciphertext does not decapsulate to its key"
                return True
            add("encaps (OS random)", f"encapsr {s} {ek.hex()}", check_encaps)
        add("keypair output length", f"keypair {s} {p.ek_bytes - 1} {p.dk_bytes}", eq(ERR_PARAM))
        add("encaps (OS random) ek length", f"encapsr {s} {ek[:-1].hex()}", eq(ERR_PARAM))
        add("encaps (OS random) ek >= q",
            f"encapsr {s} {M.ek_coefficient_over_q(p, ek, 7, M.Q).hex()}", eq(ERR_INVALID))

    # unknown sets: the lengths passed are ML-KEM-768's (the pipe's default)
    p = M.PARAMS[3]
    seed, m = rng.randbytes(64), rng.randbytes(32)
    ek, dk = M.keygen_seed(p, seed)
    _, c = M.encaps(p, ek, m)
    for s in UNKNOWN_SETS:
        add("unknown set", f"sizes {s}", eq(0, 0, 0))
        add("unknown set", keygen(s, seed), eq(ERR_PARAM))
        add("unknown set", f"keypair {s}", eq(ERR_PARAM))
        add("unknown set", encaps(s, ek, m), eq(ERR_PARAM))
        add("unknown set", f"encapsr {s} {ek.hex()}", eq(ERR_PARAM))
        add("unknown set", decaps(s, c, dk), eq(ERR_PARAM))

    res = checks.run(args.cmd)
    if res.skipped:
        print("mlkem_oracle: back end not available here: skipped")
        return 77
    print(f"mlkem_oracle: {res.total} checks on back end {res.backend} (seed {args.seed}, "
          f"{args.count} rounds per set): {len(res.failed)} failed")
    print("  " + ", ".join(f"{k} {v}" for k, v in stats.items()))
    return res.exit_code("mlkem_oracle", minimum=MIN_CHECKS)


if __name__ == "__main__":
    sys.exit(main())
