# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes tests/ntt/generated/fips_vectors.h: inputs and the expected outputs of the
FIPS 203 model (mlkem_model.py) and the schoolbook cyclic product, for
test_ntt.c (which needs no Python at run time, so it also runs under qemu).

Written by `make gen` (files(), through `limbforge gen builtin`: the model
is read from the source tree, tests/ntt/mlkem_model.py), checked by `make
check-gen`.
"""
import importlib.util
import random
from pathlib import Path

from .provenance import provenance

Q = 3329


def _model(root: Path):
    """tests/ntt/mlkem_model.py of the source tree (self-tested)"""
    spec = importlib.util.spec_from_file_location("mlkem_model", root / "tests/ntt/mlkem_model.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    assert m.Q == Q
    m.self_test()
    return m


def cases(n):
    rnd = random.Random(203)
    out = [[0] * n, [Q - 1] * n, [(Q - 1) * (i & 1) for i in range(n)], [1] + [0] * (n - 1),
           [0] * (n - 1) + [Q - 1]]
    while len(out) < 12:
        out.append([rnd.randrange(Q) for _ in range(n)])
    return out


def arr(name, rows):
    s = [f"static const int16_t {name}[{len(rows)}][{len(rows[0])}] = {{"]
    for r in rows:
        s.append("    {" + ",".join(str(x) for x in r) + "},")
    s.append("};")
    return "\n".join(s) + "\n"


def generate(m, command: str):
    A = cases(256)
    B = list(reversed(cases(256)))
    C128a, C128b = cases(128), list(reversed(cases(128)))
    o = [provenance(command),
         "/* Expected values from the FIPS 203 model tests/ntt/mlkem_model.py. */\n",
         f"#define FV_N {len(A)}\n#define FV_NC {len(C128a)}\n"]
    o.append(arr("fv_a", A))
    o.append(arr("fv_b", B))
    o.append(arr("fv_ntt_a", [m.ntt(a) for a in A]))
    o.append(arr("fv_invntt_a", [m.ntt_inv(a) for a in A]))
    o.append(arr("fv_basemul_ab", [m.multiply_ntts(a, b) for a, b in zip(A, B)]))
    o.append(arr("fv_cyc_a", C128a))
    o.append(arr("fv_cyc_b", C128b))
    o.append(arr("fv_cyc_ab", [m.cyclic(a, b) for a, b in zip(C128a, C128b)]))
    return "".join(o)


def files(root: Path, command: str) -> dict:
    return {"tests/ntt/generated/fips_vectors.h": generate(_model(root), command)}
