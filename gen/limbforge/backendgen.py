# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes the back-end chain (targets.BACKENDS) into the files the library
and its build read, so the chain is written down once:

  include/limbforge/backends.h   the public enum lf_backend
  src/backend_table.h            names and parents (src/cpu.c)
  src/dispatch_table.h           the compile-time inheritance of every
                                 module's kernel table (README.md, "Dispatch")
  cmake/backends.cmake           architecture detection and back-end lists
"""
from __future__ import annotations

from .provenance import provenance
from .targets import (ARCHES, BACKEND_EXTRA, BACKEND_GUARD, BACKENDS, TARGETS, backend_arch, backend_chain,
                      backend_enum)


def public_header(command: str) -> str:
    L = [provenance(command).rstrip(),
         "/* Kernel back ends (see lf_backend_current() in limbforge.h).",
         " *",
         " * They form one chain per architecture: each back end needs the CPU",
         " * features of its parent (in brackets) plus its own, and a module without",
         " * a kernel of its own for a back end uses its parent's.  Which back ends",
         " * exist depends on the architecture the library was built for; which ones",
         " * can run depends on the CPU. */",
         "#ifndef LIMBFORGE_BACKENDS_H",
         "#define LIMBFORGE_BACKENDS_H",
         "",
         "typedef enum {"]
    for i, (b, parent, what) in enumerate(BACKENDS):
        val = " = 0" if i == 0 else ""
        par = f"[{parent}] " if parent else ""
        L.append(f"    {backend_enum(b)}{val}, /* {par}{what} */")
    L += ["    LF_BACKEND_COUNT", "} lf_backend;", "",
          "/* Back-end names, as lf_backend_name() returns them and LIMBFORGE_BACKEND and",
          " * lf_backend_set() accept: " + ", ".join(f'"{b}"' for b, _, _ in BACKENDS) + ". */",
          "", "#endif", ""]
    return "\n".join(L)


def cpu_table(command: str) -> str:
    L = [provenance(command).rstrip(),
         "/* The back-end chain for src/cpu.c (included once, there): name and parent",
         " * of every back end.  Run-time feature checks stay in cpu.c (lf_backend_own). */",
         "#ifndef LF_BACKEND_TABLE_H",
         "#define LF_BACKEND_TABLE_H",
         "",
         "static const struct {",
         "    const char *name;",
         "    lf_backend parent;",
         "} lf_backends[LF_BACKEND_COUNT] = {"]
    for b, parent, _ in BACKENDS:
        L.append(f'    [{backend_enum(b)}] = {{"{b}", {backend_enum(parent or "c")}}},')
    L += ["};", "", "#endif", ""]
    return "\n".join(L)


def dispatch_table(command: str) -> str:
    L = [provenance(command).rstrip(),
         "/* The one dispatch pattern (README.md, \"Dispatch\"): a module's kernel table",
         " * has an entry per back end, filled at compile time; a back end gets the",
         " * module's own kernels for it if there are any, else its nearest ancestor's.",
         " * Include this file inside the table's initializer after defining",
         " *   LF_DISPATCH_OWN(B)      1 if the module has kernels of its own for back end",
         " *                           B (B = C, X86_64, ...), else 0 or undefined (#if);",
         " *   LF_DISPATCH_ENTRY(B, b) the initializer of back end B's own kernels (b is",
         " *                           the lower-case name, for token pasting).",
         " * Every module has portable C kernels (LF_DISPATCH_OWN(C) must be 1).  Entries",
         " * of other architectures' back ends stay zero: they are never selected.",
         " * With LF_DISPATCH_MASK defined, the file is instead an expression: the set",
         " * of this architecture's back ends with kernels of their own, a bit per",
         " * back end (for the test that checks the tables, tests/dispatch/).",
         " * LF_DISPATCH_ENTRY is #undef'd at the end, and in mask mode all three macros,",
         " * so a table and then its mask need LF_DISPATCH_OWN defined once. */",
         "#if !defined(LF_DISPATCH_OWN) || !(defined(LF_DISPATCH_ENTRY) || defined(LF_DISPATCH_MASK))",
         "#error \"dispatch_table.h: define LF_DISPATCH_OWN and LF_DISPATCH_ENTRY (or LF_DISPATCH_MASK) first\"",
         "#endif",
         "#if !LF_DISPATCH_OWN(C)",
         "#error \"dispatch_table.h: every module has portable C kernels\"",
         "#endif",
         "#ifdef LF_DISPATCH_MASK",
         "(0u"]
    for b, _, _ in BACKENDS:
        cond = " && ".join(x for x in (BACKEND_GUARD[b] and f"({BACKEND_GUARD[b]})",
                                        f"LF_DISPATCH_OWN({b.upper()})") if x)
        L += [f"#if {cond}", f" | (1u << {backend_enum(b)})", "#endif"]
    L += [")", "#else"]
    open_guard = ""
    for b, _, _ in BACKENDS:
        guard = BACKEND_GUARD[b]
        if guard != open_guard:
            if open_guard:
                L.append("#endif")
            if guard:
                L.append(f"#if {guard}")
            open_guard = guard
        chain = backend_chain(b)
        for i, a in enumerate(chain):
            entry = f"    [{backend_enum(b)}] = LF_DISPATCH_ENTRY({a.upper()}, {a}),"
            if a == "c":
                L += (["#else"] if i else []) + [entry]
            else:
                L += [f"#{'if' if i == 0 else 'elif'} LF_DISPATCH_OWN({a.upper()})", entry]
        if len(chain) > 1:
            L.append("#endif")
    if open_guard:
        L.append("#endif")
    L += ["#endif", "#ifdef LF_DISPATCH_MASK", "#undef LF_DISPATCH_OWN", "#undef LF_DISPATCH_MASK",
          "#endif", "#undef LF_DISPATCH_ENTRY", ""]
    return "\n".join(L)


def cmake_lists(command: str) -> str:
    L = [provenance(command, "#").rstrip(),
         "# The back-end chain for CMake (included by the top-level CMakeLists.txt).",
         "# Sets, from CMAKE_SYSTEM_PROCESSOR:",
         "#   LF_ARCH          the architecture: the root of its back-end chain",
         "#                    (x86_64, aarch64, rv64, ppc64le), or the processor name",
         "#                    for an architecture limbforge has no back ends for",
         "#   LF_ARCH_BACKENDS c and every back end of the architecture, chain order",
         "#   LF_ASM_TARGETS   generator targets whose assembly is built for it",
         "#                    (src/<module>/generated/<target>/)",
         'string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" LF_PROC)',
         "set(LF_ARCH ${LF_PROC})",
         "set(LF_ARCH_BACKENDS c)",
         "set(LF_ASM_TARGETS)"]
    def asm_of(bs):
        return [t.name for t in TARGETS.values() if t.builtin and not t.is_c and t.backend in bs]

    for i, (arch, (_, regex)) in enumerate(ARCHES.items()):
        kw = "if" if i == 0 else "elseif"
        ours = [b for b, _, _ in BACKENDS if backend_arch(b) == arch]
        # back ends with an extra condition (and their descendants): only on
        # the processors it names
        gated = {b: next(a for a in reversed(backend_chain(b)) if a in BACKEND_EXTRA)
                 for b in ours if any(a in BACKEND_EXTRA for a in backend_chain(b))}
        bes = [b for b in ours if b not in gated]
        L += [f'{kw}(LF_PROC MATCHES "^({regex})$")',
              f"  set(LF_ARCH {arch})",
              f"  list(APPEND LF_ARCH_BACKENDS {' '.join(bes)})",
              f"  set(LF_ASM_TARGETS {' '.join(asm_of(bes))})"]
        for g in dict.fromkeys(gated.values()):
            sub = [b for b in ours if gated.get(b) == g]
            L += [f'  if(LF_PROC MATCHES "^({BACKEND_EXTRA[g][1]})$")',
                  f"    list(APPEND LF_ARCH_BACKENDS {' '.join(sub)})"]
            if asm_of(sub):
                L.append(f"    list(APPEND LF_ASM_TARGETS {' '.join(asm_of(sub))})")
            L.append("  endif()")
    L += ["endif()", ""]
    return "\n".join(L)


def backend_files(command: str) -> dict:
    return {
        "include/limbforge/backends.h": public_header(command),
        "src/backend_table.h": cpu_table(command),
        "src/dispatch_table.h": dispatch_table(command),
        "cmake/backends.cmake": cmake_lists(command),
    }
