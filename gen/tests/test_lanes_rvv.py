# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The RVV printer of lane programs (printers/lanes_rvv.py): every kernel of
every built-in field prints, in each LMUL and lowering; with clang-16 (the
compiler of the repository's RVV cross build) the printed files compile for
rv64gcv without warnings.  Their results are checked under qemu at VLEN 128
to 1024 by ctest field_vec_rvv (tests/field/vec_oracle.py)."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from limbforge.algos_lanes import LANE_OPS, lane_programs
from limbforge.fieldgen import lane_source
from limbforge.fields import builtin_fields, make_field
from limbforge.printers import lanes_rvv

ROOT = Path(__file__).resolve().parents[2]
FIELDS = builtin_fields()
CLANG = shutil.which("clang-16")


@pytest.mark.parametrize("f", FIELDS, ids=lambda f: f.name)
def test_prints(f):
    progs = lane_programs(f, f"lf_{f.name}_")
    for lmul in lanes_rvv.LMULS:
        for low in lanes_rvv.LOWERINGS:
            for op in LANE_OPS:
                text = lanes_rvv.print_function(progs[op], f"lf_{f.name}_{op}_rvv", lmul, low)
                assert f"vuint64m{lmul}_t" in text
                # one vsetvl per strip / lane group, no other vtype
                assert len(re.findall(r"__riscv_vsetvl_e64m\d\(", text)) == 1
                assert not re.findall(r"_u64m(?!%d)\d" % lmul, text)
                if op in ("vmul8", "vsqr8") and low == "mulhu":
                    # one 64 x 64 product per madlo/madhi pair: as many vmul as vmulhu
                    # (plus the one of m = t0 * -p^-1 per row)
                    nmulhu = len(re.findall(r"__riscv_vmulhu_", text))
                    nmul = len(re.findall(r"__riscv_vmul_", text))
                    assert nmul - nmulhu == progs[op].count()["madlo"] - progs[op].count()["madhi"]


def _compile(tmp_path, name, text):
    src = tmp_path / f"{name}.c"
    src.write_text(text)
    cmd = [CLANG, "--target=riscv64-linux-gnu", "-march=rv64gcv", "-O1", "-Wall", "-Wextra",
           "-Werror", f"-I{ROOT / 'src'}", f"-I{ROOT / 'include'}", "-c", str(src),
           "-o", str(tmp_path / f"{name}.o")]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]


@pytest.mark.skipif(CLANG is None, reason="clang-16 not installed")
@pytest.mark.parametrize("f", [f for f in FIELDS if f.name in ("secp256k1_n", "bls12_381_p",
                                                               "p25519", "p448")],
                         ids=lambda f: f.name)
def test_compiles(f, tmp_path):
    _compile(tmp_path, f.name, lane_source(f, "rvv", "test"))


@pytest.mark.skipif(CLANG is None, reason="clang-16 not installed")
@pytest.mark.parametrize("lmul", lanes_rvv.LMULS)
@pytest.mark.parametrize("low", lanes_rvv.LOWERINGS)
def test_compiles_variants(lmul, low, tmp_path):
    """Every LMUL and lowering on a 4-limb Montgomery field, a pseudo-Mersenne
    one and a 3-limb custom prime (L = 4: no padding limb)."""
    fields = [f for f in FIELDS if f.name in ("bn254_r", "p25519")]
    fields.append(make_field("r190", (1 << 190) - 11, "montgomery"))
    parts = [lanes_rvv.PRELUDE]
    for f in fields:
        for op, prog in lane_programs(f, f"lf_{f.name}_").items():
            parts.append(lanes_rvv.print_function(prog, f"lf_{f.name}_{op}_rvv", lmul, low))
    _compile(tmp_path, f"v{lmul}{low}", "\n".join(parts))
