# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ELF framing shared by the assembly printers (GNU as syntax).

A printer makes a function's body (and its header comment); this module
wraps it the same way for every ISA:

  <header comment>
      .section .rodata          only if the function has constant words
      .p2align 3
  <label>:                      per table
      .quad <word>              ...
      .text
      .globl <sym>
      .hidden <sym>             kernels are internal to the library: its shared
                                object exports only what include/ declares, and
                                hidden symbols still link within the static archive
      .type <sym>, <function type>
      .p2align <ISA alignment>
      [ISA directives]          RV64 with Zba/Zbb: .option push, .option arch
  <sym>:
      .cfi_startproc
      <body>                    ppc64le: starts with the ELFv2 global entry point
      .cfi_endproc
      .size <sym>, .-<sym>
      [ISA directives]          RV64 with Zba/Zbb: .option pop

and ends every file with `Dialect.trailer` (ISA file directives, then the
non-executable-stack note).  The ISA specifics are one `Dialect` per printer.
"""
from __future__ import annotations

from dataclasses import dataclass

GNU_STACK = '\t.section .note.GNU-stack,"",@progbits\n'


@dataclass(frozen=True)
class Dialect:
    comment: str                 # line comment ("#", "//")
    func_type: str               # operand of .type: "@function", or "%function" (AArch64)
    func_align: int              # .p2align of a function's entry
    file_directives: tuple = ()  # once per file, ahead of the GNU-stack note (".abiversion 2")
    type_prefix: str = "@"       # of section types ("@progbits"); "%" where "@" starts a comment (Arm)

    @property
    def trailer(self) -> str:
        """The end of every assembly file."""
        return "".join(f"\t{d}\n" for d in self.file_directives) + GNU_STACK.replace("@", self.type_prefix)


X86_64 = Dialect(comment="#", func_type="@function", func_align=5)
AARCH64 = Dialect(comment="//", func_type="%function", func_align=4)
PPC64LE = Dialect(comment="#", func_type="@function", func_align=4, file_directives=(".abiversion 2",))
RV64 = Dialect(comment="#", func_type="@function", func_align=2)
ARMV7 = Dialect(comment="@", func_type="%function", func_align=2, type_prefix="%")
S390X = Dialect(comment="#", func_type="@function", func_align=3)


def local_label(symbol: str, suffix: str) -> str:
    """An assembler-local label belonging to function `symbol` (not in the
    object's symbol table)."""
    return f".L{symbol}_{suffix}"


def rodata(tables) -> list:
    """The constant words of one function: tables is [(label, words)], each
    table 64-bit words under its label.  No tables, no section."""
    tables = list(tables)
    if not tables:
        return []
    out = ["\t.section .rodata", "\t.p2align 3"]
    for label, ws in tables:
        out.append(f"{label}:")
        out += [f"\t.quad {w:#018x}" for w in ws]
    return out


def elfv2_global_entry(symbol: str) -> list:
    """ppc64le ELFv2: the global entry point, which sets r2 (the TOC pointer)
    from r12 (the entry address) for TOC-relative data; local callers enter
    after it (.localentry).  Instructions, so the printer counts them as part
    of the body."""
    return ["0:", "\taddis %r2, %r12, .TOC.-0b@ha", "\taddi %r2, %r2, .TOC.-0b@l",
            f"\t.localentry {symbol}, .-{symbol}"]


def function(d: Dialect, symbol: str, head, body, tables=(), before_label=(), after=()) -> str:
    """One function: the header comment lines `head`, its constant tables
    (see rodata), the ELF symbol framing around the instruction lines `body`.
    before_label/after: ISA directives between the alignment and the label,
    and after the .size (RV64 `.option push/arch`, `.option pop`)."""
    text = ["\t.text", f"\t.globl {symbol}", f"\t.hidden {symbol}",
            f"\t.type {symbol}, {d.func_type}", f"\t.p2align {d.func_align}"]
    text += list(before_label)
    text += [f"{symbol}:", "\t.cfi_startproc"]
    text += list(body)
    text += ["\t.cfi_endproc", f"\t.size {symbol}, .-{symbol}"]
    text += list(after)
    return "\n".join(list(head) + rodata(tables) + text) + "\n"
