# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The ELF framing every assembly printer shares (printers/asmfile.py): each
kernel symbol is global, hidden and a sized function; constant tables sit
under local labels in .rodata; every file ends with the non-executable-stack
note.  The objects are assembled for each ISA whose compiler is installed
(no emulator needed) and their symbol tables read back."""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from limbforge import algos, algos_pm
from limbforge.printers import asmfile
from limbforge.targets import TARGETS

ASM_TARGETS = [t for t in TARGETS.values() if t.kind == "scalar" and not t.is_c]
P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1          # Montgomery tables (p, r2)
P25519 = 2**255 - 19                                 # pseudo-Mersenne


def _programs(t):
    n = t.limbs(4)                                   # words of the target's size
    return [algos.mont_mul_program("mm", P256, n, t.style, b_const=(1 << 512) % P256, w=t.wbits),
            algos_pm.pm_mul_program("pm", P25519, n, t.style, w=t.wbits)]


def _text(t):
    pr = t.printer_module()
    return "".join(pr.print_function(q, f"k_{q.name}", t.name) + "\n" for q in _programs(t)) + pr.TRAILER


def _compiler(t):
    if t.cross:
        cc = t.cross["cc"]
    elif platform.machine() in ("x86_64", "AMD64"):
        cc = os.environ.get("CC", "cc")
    else:
        return None
    return shutil.which(cc)


@pytest.mark.parametrize("t", ASM_TARGETS, ids=lambda t: t.name)
def test_framing_text(t):
    text = _text(t)
    d = t.printer_module().DIALECT
    assert t.printer_module().TRAILER == d.trailer
    assert text.endswith(asmfile.GNU_STACK.replace("@", d.type_prefix))
    for sym in ("k_mm", "k_pm"):
        lines = text.splitlines()
        i = lines.index(f"\t.globl {sym}")
        assert lines[i + 1:i + 4] == [f"\t.hidden {sym}", f"\t.type {sym}, {d.func_type}",
                                      f"\t.p2align {d.func_align}"]
        assert f"\t.size {sym}, .-{sym}" in lines
    # the Montgomery program's constant table is under a local label: in
    # .rodata, or (armv7) in .text right before the function, within adr's reach
    if t.printer == "armv7":
        # (P256's words all fit one instruction: the table of a random r2)
        pr = t.printer_module()
        q = algos.mont_mul_program("mr", P256, 8, t.style, b_const=(1 << 512) % P256 * 12345 % P256, w=32)
        lines = pr.print_function(q, "k_mr", t.name).splitlines()
        assert lines.index("\t.globl k_mr") < lines.index(".Lk_mr_r2:") < lines.index("k_mr:")
    else:
        assert "\t.section .rodata" in text and ".Lk_mm_" in text


def test_rodata_and_framing_order():
    lines = asmfile.function(asmfile.RV64, "f", ["# head"], ["\tret"], [(".Lf_k", [1, 2**64 - 1])],
                             ["\t.option push"], ["\t.option pop"]).splitlines()
    assert lines == ["# head", "\t.section .rodata", "\t.p2align 3", ".Lf_k:",
                     "\t.quad 0x0000000000000001", "\t.quad 0xffffffffffffffff",
                     "\t.text", "\t.globl f", "\t.hidden f", "\t.type f, @function", "\t.p2align 2",
                     "\t.option push", "f:", "\t.cfi_startproc", "\tret", "\t.cfi_endproc",
                     "\t.size f, .-f", "\t.option pop"]
    assert asmfile.rodata([]) == []
    assert asmfile.PPC64LE.trailer == '\t.abiversion 2\n' + asmfile.GNU_STACK


@pytest.mark.parametrize("t", ASM_TARGETS, ids=lambda t: t.name)
def test_symbols_hidden_in_object(t):
    cc = _compiler(t)
    if cc is None or not shutil.which("readelf"):
        pytest.skip(f"no assembler for {t.name}")
    with tempfile.TemporaryDirectory() as d:
        src, obj = Path(d) / "k.S", Path(d) / "k.o"
        src.write_text(_text(t))
        subprocess.run([cc, *t.cross.get("cflags", []), "-c", str(src), "-o", str(obj)], check=True)
        syms = subprocess.run(["readelf", "-sW", str(obj)], check=True, capture_output=True,
                              text=True).stdout
        sections = subprocess.run(["readelf", "-SW", str(obj)], check=True, capture_output=True,
                                  text=True).stdout
    rows = {ln.split()[-1]: ln.split() for ln in syms.splitlines()
            if ln.split() and ln.split()[0].rstrip(":").isdigit() and len(ln.split()) >= 8}
    for sym in ("k_mm", "k_pm"):
        # Num: Value Size Type Bind Vis Ndx Name
        row = rows[sym]
        assert row[3:6] == ["FUNC", "GLOBAL", "HIDDEN"], row
        assert int(row[2]) > 0                                  # .size
    # only the kernels are defined global symbols (local labels may be LOCAL
    # symbols: RV64 relaxation; ppc64le refers to the undefined .TOC.)
    assert {name for name, row in rows.items() if row[4] != "LOCAL" and "UND" not in row} \
        == {"k_mm", "k_pm"}
    assert ".note.GNU-stack" in sections
