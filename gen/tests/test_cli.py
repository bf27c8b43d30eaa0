"""The user feature: `gen field` writes files that build with a C compiler
alone and give the field API for any prime; `gen builtin --check` sees
stale files."""
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from kernels import CC, runnable_targets
from limbforge.cli import main
from limbforge.fields import is_probable_prime
from limbforge.targets import TARGETS

PROG = r"""
#include <stdio.h>
#include <string.h>
#include "limbforge/field/NAME.h"
int main(int argc, char **argv) {
    /* argv[1]: a (hex, big-endian bytes); prints a^-1, sqrt verdict, a*a */
    uint8_t in[LF_UPNAME_BYTES], out[LF_UPNAME_BYTES];
    for (int i = 0; i < LF_UPNAME_BYTES; i++) sscanf(argv[1] + 2 * i, "%2hhx", &in[i]);
    lf_NAME_t a, r, s;
    if (lf_NAME_from_bytes(&a, in) != LF_OK) { printf("range\n"); return 0; }
    lf_NAME_inv(&r, &a);
    lf_NAME_to_bytes(out, &r);
    for (int i = 0; i < LF_UPNAME_BYTES; i++) printf("%02x", out[i]);
    printf(" %d ", lf_NAME_sqrt(&s, &a));
    lf_NAME_mul(&r, &a, &a);
    lf_NAME_to_bytes(out, &r);
    for (int i = 0; i < LF_UPNAME_BYTES; i++) printf("%02x", out[i]);
    printf("\n");
    return 0;
}
"""


@pytest.mark.skipif(shutil.which(CC) is None, reason="no C compiler")
@pytest.mark.parametrize("target", runnable_targets())
@pytest.mark.parametrize("bits", [61, 200, 255, 521])
def test_gen_field_builds_and_works(tmp_path, target, bits):
    rng = random.Random(bits)
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(p):
            break
    if bits == 521:
        p = 2**521 - 1                      # pseudo-Mersenne path through the CLI
    name = f"uf{bits}"
    assert main(["gen", "field", "--modulus", hex(p), "--name", name, "--target", target,
                 "--out", str(tmp_path)]) == 0
    src = PROG.replace("LF_UPNAME", f"LF_{name.upper()}").replace("NAME", name)
    (tmp_path / "t.c").write_text(src)
    kern = next(tmp_path.glob(f"{name}_{target}.*"))
    exe = tmp_path / "t"
    cross = TARGETS[target].cross           # cross targets: their compiler, run under qemu-user
    subprocess.run([cross.get("cc", CC), "-O1", "-std=c11", "-Wall", "-Werror", *cross.get("cflags", []),
                    f"-I{tmp_path}", str(tmp_path / "t.c"),
                    str(tmp_path / f"{name}.c"), str(kern), "-o", str(exe)], check=True)
    nb = (bits + 7) // 8
    for a in [1, 2, p - 1, rng.randrange(p), rng.randrange(p), p, p + 1]:
        if a >= 1 << (8 * nb):
            continue
        out = subprocess.run([*cross.get("run", []), str(exe), f"{a:0{2 * nb}x}"], capture_output=True, text=True,
                             check=True).stdout.split()
        if a >= p:
            assert out == ["range"]
            continue
        inv, is_sq, sq = int(out[0], 16), int(out[1]), int(out[2], 16)
        assert inv * a % p == 1
        assert is_sq == (1 if pow(a, (p - 1) // 2, p) == 1 else 0)
        assert sq == a * a % p


def test_gen_field_rejects_bad_input(tmp_path, capsys):
    assert main(["gen", "field", "--modulus", "0x10", "--name", "x", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", "0xff", "--name", "Bad-Name", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", hex(2**1031 - 1), "--name", "big", "--out", str(tmp_path)]) == 2
    assert main(["gen", "field", "--modulus", hex(2**127 - 1), "--name", "m127", "--form", "pm",
                 "--out", str(tmp_path)]) == 0
    assert main(["gen", "field", "--modulus", hex((1 << 255) + 95), "--name", "notpm", "--form", "pm",
                 "--out", str(tmp_path)]) == 2


def test_builtin_check_detects_stale(tmp_path):
    root = tmp_path
    assert main(["gen", "builtin", "--root", str(root)]) == 0
    assert main(["gen", "builtin", "--root", str(root), "--check"]) == 0
    f = root / "src/field/generated/c/bn254_p.c"
    f.write_text(f.read_text() + "\n")
    assert main(["gen", "builtin", "--root", str(root), "--check"]) == 1
