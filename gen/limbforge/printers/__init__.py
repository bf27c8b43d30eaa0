# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Printers: IR programs -> source text for one target.

Every printer module offers the same face, the Printer protocol below,
through printer(target): kernelfile.emit_kernel_file writes every kernel
file through it, so a new printer is one module and one TARGETS row.  The
modules keep their own print_function signatures for their tests (the
assembly printers take a flavour, the lane printers tuning knobs)."""
from __future__ import annotations

import importlib
from typing import Protocol


class CodegenError(Exception):
    """A program the printer cannot emit (out of registers, a carry it would
    destroy, an argument shape the ABI does not allow)."""


class Printer(Protocol):
    LANGUAGE: str      # "c" or "asm" (GNU as, run through the C preprocessor)
    COMMENT: str       # "/*" (C), or the assembler's line-comment marker
    TRAILER: str       # the file's last text (the assembly's stack note; "" for C)
    VISIBILITY: tuple  # the visibilities print_function takes (kernels: "hidden")

    def prelude(self, wbits: int, functions: str, visibility: str) -> str:
        """What the file needs before `functions` (includes, helpers)."""

    def print_function(self, prog, symbol: str, target: str, visibility: str) -> str:
        """One function: prog (an ir.Program, or a lanes.LProgram for a lane
        printer) as `symbol`, for target (a targets.TARGETS name)."""


class _C:
    LANGUAGE, COMMENT, TRAILER = "c", "/*", ""

    def __init__(self, mod):
        self.mod = mod
        self.VISIBILITY = tuple(mod.VISIBILITY)

    def prelude(self, wbits, functions, visibility):
        return self.mod.prelude(wbits, barrier="lf_gen_vb(" in functions, hidden=visibility == "hidden")

    def print_function(self, prog, symbol, target, visibility):
        return self.mod.print_function(prog, symbol, visibility)


class _Lanes:
    """The lane printers: C with intrinsics; every kernel LF_HIDDEN."""
    LANGUAGE, COMMENT, TRAILER, VISIBILITY = "c", "/*", "", ("hidden",)

    def __init__(self, mod):
        self.mod = mod

    def prelude(self, wbits, functions, visibility):
        return self.mod.PRELUDE

    def print_function(self, prog, symbol, target, visibility):
        assert visibility in self.VISIBILITY, visibility
        return self.mod.print_function(prog, symbol)


class _Asm:
    """The assembly printers: every symbol .globl and .hidden (asmfile.py)."""
    LANGUAGE, VISIBILITY = "asm", ("hidden",)

    def __init__(self, mod):
        self.mod = mod
        self.COMMENT, self.TRAILER = mod.COMMENT, mod.TRAILER

    def prelude(self, wbits, functions, visibility):
        return ""

    def print_function(self, prog, symbol, target, visibility):
        assert visibility in self.VISIBILITY, visibility
        return self.mod.print_function(prog, symbol, target)


def printer(target) -> Printer:
    """The Printer of a targets.Target."""
    mod = importlib.import_module(f"{__name__}.{target.printer or 'c'}")
    if target.kind == "lanes":
        return _Lanes(mod)
    return _C(mod) if target.printer is None else _Asm(mod)
