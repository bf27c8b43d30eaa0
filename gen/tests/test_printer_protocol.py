# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every printer through the one face (printers.Printer), and the one writer of
kernel files (kernelfile.emit_kernel_file): each TARGETS row, scalar or lanes,
gets a printer with the protocol's attributes, prints a kernel under its
symbol with the visibility kernels have (hidden), and the file framing
(provenance, comment, prelude, trailer, guard) is the same for every module."""
from __future__ import annotations

import pytest

from limbforge import algos, fields, fieldgen, kernelfile, mpgen
from limbforge.algos_lanes import lane_programs
from limbforge.printers import Printer, printer
from limbforge.provenance import SPDX
from limbforge.targets import BACKEND_GUARD, TARGETS, builtin_targets, lane_target, scalar_targets

P = 2**255 - 19
F = next(f for f in fields.builtin_fields() if f.name == "p25519")


def _program(t):
    if t.kind == "lanes":
        return lane_programs(F, "k_")["vmul8"]
    return algos.add_program("k_add", P, t.limbs(4), t.style, w=t.wbits)


@pytest.mark.parametrize("name", list(TARGETS))
def test_every_target_has_a_printer(name):
    t = TARGETS[name]
    pr = printer(t)
    for attr in Printer.__annotations__:
        assert hasattr(pr, attr), (name, attr)
    assert pr.LANGUAGE in ("c", "asm")
    assert (pr.LANGUAGE == "c") == (t.ext == "c"), name
    assert "hidden" in pr.VISIBILITY, name
    text = pr.print_function(_program(t), "k_sym_" + name, t.name, "hidden")
    assert "k_sym_" + name in text
    if pr.LANGUAGE == "asm":
        assert f".hidden k_sym_{name}" in text
    else:
        assert "HIDDEN void k_sym_" + name in text, name


@pytest.mark.parametrize("name", [n for n, t in TARGETS.items() if printer(t).LANGUAGE == "asm"])
def test_asm_printers_refuse_other_visibilities(name):
    t = TARGETS[name]
    with pytest.raises(AssertionError):
        printer(t).print_function(_program(t), "k", t.name, "default")


@pytest.mark.parametrize("name", list(TARGETS))
def test_file_framing(name):
    t = TARGETS[name]
    pr = printer(t)
    progs = [(_program(t), f"k{i}_{name}") for i in range(2)]
    text = kernelfile.emit_kernel_file(t, progs, "cmd x", ["first line", "second line"])
    lines = text.splitlines()
    assert "cmd x" in lines[0] and SPDX in lines[1], name
    assert text.endswith(pr.TRAILER)
    assert text.count(f"k0_{name}") >= 1 and text.count(f"k1_{name}") >= 1
    assert "first line" in lines[2] and "second line" in lines[3]
    assert text.index(f"k0_{name}") < text.index(f"k1_{name}")
    if pr.LANGUAGE == "c":
        assert lines[2].startswith("/* ") and lines[3].endswith(" */")
        assert text.index("#include") < text.index(f"k0_{name}")        # the prelude first
    else:
        assert lines[2].startswith(pr.COMMENT)


def test_guarded_files():
    c32 = TARGETS["c32"]
    text = kernelfile.emit_kernel_file(c32, [(_program(c32), "k")], "cmd", ["w"],
                                       guard=BACKEND_GUARD["c32"], unused="k_unused")
    assert f"#if {BACKEND_GUARD['c32']}\n" in text
    assert text.rstrip().endswith("typedef int k_unused; /* not a c32 build */\n#endif")
    # the prelude (includes) inside the condition, before the function
    assert text.index("#if ") < text.index("#include") < text.index("void k(")
    arm = TARGETS["armv7"]
    text = kernelfile.emit_kernel_file(arm, [(_program(arm), "k")], "cmd", ["w"], guard="defined(X)")
    head = text.split("#if defined(X)")[0]
    assert all(x.startswith("//") for x in head.split("\n") if x), head   # the preprocessor removes them
    assert text.rstrip().endswith(printer(arm).TRAILER.rstrip())
    assert text.index("#endif") < text.index(printer(arm).TRAILER.strip().splitlines()[0])


def test_lane_targets_are_targets():
    lanes = {t.backend for t in TARGETS.values() if t.kind == "lanes"}
    assert lanes == {"c", "avx512ifma", "rvv"}
    assert not set(scalar_targets()) & {n for n, t in TARGETS.items() if t.kind == "lanes"}
    assert all(t.kind == "scalar" for t in builtin_targets())
    for b in lanes:
        g = fieldgen.lane_guard(b)
        assert g.startswith(BACKEND_GUARD[b]), b                  # from the back-end table
        assert (f"LF_NATIVE_FIELD_{b.upper()}" in g) == (b != "c"), b
    assert lane_target("avx512ifma").skip == ("vadd8", "vsub8")
    assert fieldgen.lane_ops("avx512ifma") == tuple(op for op in fieldgen.LANE_OPS
                                                    if op not in ("vadd8", "vsub8"))


def test_the_modules_write_through_emit_kernel_file(monkeypatch):
    """fieldgen and mpgen kernel files are emit_kernel_file's output: a
    stand-in writer's text comes back verbatim for every kind of file."""
    seen = []

    def fake(target, functions, command, what, guard="", unused="", visibility="hidden"):
        seen.append(target.name)
        return f"FAKE {target.name} {len(functions)}"

    monkeypatch.setattr(fieldgen, "emit_kernel_file", fake)
    monkeypatch.setattr(mpgen, "emit_kernel_file", fake)
    assert fieldgen.kernel_source(F, "x86_64_adx", "c") == "FAKE x86_64_adx 7"
    assert fieldgen.kernel_source(F, "c32", "c", library=True) == "FAKE c32 7"
    assert fieldgen.lane_source(F, "avx512ifma", "c").startswith("FAKE lanes_avx512ifma ")
    assert mpgen.kernel_file("mul", "c", [1, 2], "c") == "FAKE c 2"
    assert seen == ["x86_64_adx", "c32", "lanes_avx512ifma", "c"]
