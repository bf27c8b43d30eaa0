# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Names a user's field may not take (`limbforge gen field --name`).

A field NAME owns the identifiers lf_NAME_* and LF_NAME_* (its functions,
type, kernels and macros: LF_NAME_BYTES, LF_NAME_BITS, ...).  It must not
overlap what the library itself uses, in the library (a program links both)
or in the field's own translation unit (field_template.h defines LF_PM2_BITS,
LF_SQRT_EXP_BITS, lf_c_p, ...: a field named pm2 or sqrt_exp would clash).

RESERVED: the first word of every lf_/LF_ identifier in the library's
include/ and src/.  A name is refused if it is one of them or starts with
one followed by `_` (mp, mp_x: lf_mp_* is the mp module's).  tests/test_cli.py
scans the tree and fails if an identifier there is not covered, so the list
follows the library.  Built-in field names are handled apart (below): their
first words (p256, bls12, ...) are fine in other names (bls12_377_p).
"""
from __future__ import annotations

import re

RESERVED = frozenset("""
    a adc adcw aead api arch backend backends batch bg bip340 bits bk bytes c cat chacha chacha20
    chacha20poly1305 cpu ctime cyc declassify der dispatch ecc ecdh ecdsa ecm ecmult err fe field
    fields fk fn force ge gej gen
    hash have hidden hmac internal kernel kernel2 kernel3 kernels likely mlkem mont mp n
    msan msm native noinline ntt ntt128 ntt16 ntt8 ok own p p1305 pm2 poly1305 q qr rotl32 round64 s safegcd sc
    sbb scratch secp256k1 sg sha256 sign sqrt t ts u128 vb vb32 verify version warn wipe x86
    ifma isa lane neon vec ventry vkernel2 vkernel3 vkernels vown wasm wide
    keccak keccakf1600 kpke krvv kv load64 mlkem512 mlkem768 mlkem1024 sha3 shake shake128 shake256
    store64 cap caps cpuid entry env feature features kn slot slots le32 le64 st
""".split())

NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,40}")


def _covers(word: str, name: str) -> bool:
    return name == word or name.startswith(word + "_")


def name_error(name: str, builtin_names) -> str | None:
    """Why `name` cannot be a user field's name (None: it can)."""
    if not NAME_RE.fullmatch(name):
        return (f"--name {name!r}: must be a lower-case C identifier: a letter, then letters, "
                "digits or _ (at most 41 characters)")
    if name.endswith("_") or "__" in name:
        return f"--name {name!r}: no trailing or doubled underscore"
    for b in sorted(builtin_names):
        if _covers(b, name) or _covers(name, b):
            return (f"--name {name}: clashes with the built-in field {b} (lf_{b}_*); "
                    "choose another name")
    word = name.split("_")[0]
    if word in RESERVED:
        return (f"--name {name}: lf_{word}_* / LF_{word.upper()}_* belong to the library; "
                "choose another name")
    return None
