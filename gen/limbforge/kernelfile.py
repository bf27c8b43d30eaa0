# SPDX-License-Identifier: Apache-2.0 OR MIT
"""One writer of kernel files, for every module and printer: the provenance
lines, a comment saying what the file holds, the printer's prelude, the
functions, and the printer's trailer; optionally under a C-preprocessor
condition (a back end built on only some CPUs of its architecture's
compilers: c32, armv7)."""
from __future__ import annotations

from .printers import printer
from .provenance import provenance
from .targets import BACKEND_EXTRA, BACKEND_GUARD, Target, backend_chain


def library_guard(t: Target) -> str:
    """The condition the library's copy of a kernel file of t compiles under:
    C, its back end's (c32: the compilers without unsigned __int128);
    assembly, where a back end needs more than its architecture (armv7
    within c32's processors); else none."""
    if t.is_c:
        return BACKEND_GUARD[t.backend]
    if t.backend and any(a in BACKEND_EXTRA for a in backend_chain(t.backend)):
        return BACKEND_GUARD[t.backend]
    return ""


def comment_block(marker: str, lines) -> str:
    """lines as one comment: a /* */ block, or one line comment per line."""
    if marker == "/*":
        return "/* " + "\n * ".join(lines) + " */\n"
    return "".join(f"{marker} {x}\n" for x in lines)


def emit_kernel_file(target: Target, functions, command: str, what, guard: str = "",
                     unused: str = "", visibility: str = "hidden") -> str:
    """The text of one kernel file of target: functions is a list of
    (program, symbol); what, the lines of its comment; guard, a C condition
    the whole file is compiled under (C: the file then defines the typedef
    `unused` otherwise, as ISO C wants a declaration; assembly: its first
    lines are // comments, which the preprocessor removes everywhere)."""
    pr = printer(target)
    body = "".join("\n" + pr.print_function(prog, sym, target.name, visibility)
                   for prog, sym in functions)
    if pr.LANGUAGE == "c":
        parts = [provenance(command), comment_block("/*", what),
                 f"#if {guard}\n" if guard else "",
                 pr.prelude(target.wbits, body, visibility), body]
        if guard:
            parts.append(f"\n#else\ntypedef int {unused}; /* not a {target.backend} build */\n#endif\n")
        return "".join(parts) + pr.TRAILER
    cm = "//" if guard else pr.COMMENT
    parts = [provenance(command, cm), comment_block(cm, what)]
    if guard:
        parts.append(f"\n#if {guard}\n")
    parts.append(body)
    if guard:
        parts.append("\n#endif\n")
    parts.append("\n" + pr.TRAILER)
    return "".join(parts)


def declarations(prefix: str, ops, binary, targets, guarded: bool = True) -> list:
    """C lines: the LF_HIDDEN prototype of kernel <prefix><op>_<target> for
    every op and target (r, a, b for the ops in binary, else r, a), each
    target's under its back end's condition (BACKEND_GUARD) when guarded."""
    L = []
    for t in targets:
        guard = BACKEND_GUARD[t.backend] if guarded else ""
        if guard:
            L.append(f"#if {guard}")
        for op in ops:
            arity = "uint64_t *r, const uint64_t *a, const uint64_t *b" if op in binary \
                else "uint64_t *r, const uint64_t *a"
            L.append(f"LF_HIDDEN void {prefix}{op}_{t.name}({arity});")
        if guard:
            L.append("#endif")
    return L
