# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes the back-end chain (targets.BACKENDS) into the files the library
and its build read, so the chain is written down once:

  include/limbforge/backends.h   the public enum lf_backend
  src/generated/backend_table.h            names, parents, needs, capability probes
                                 and the slots (src/cpu.c)
  src/generated/dispatch_slots.h           the dispatch entries and slots (every module)
  src/generated/dispatch_table.h           the compile-time fill of every module's
                                 kernel table, per slot (README.md, "Dispatch")
  cmake/backends.cmake           architecture detection and back-end lists
"""
from __future__ import annotations

from .provenance import provenance
from .targets import (ARCHES, BACKEND_EXTRA, BACKEND_GUARD, BACKENDS, CAP_BIT, CAPS, ENTRIES, ENTRY_INDEX, FEATURES,
                      ISA_FLAGS, arch_slots, backend_arch, backend_chain, backend_enum, cap_arches, entry_base,
                      entry_arch, entry_needs, entry_rank, builtin_targets)


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
          "",
          "/* CPU capabilities, a bit each (lf_caps(), lf_caps_set(), lf_cap_name()):",
          " * what the back ends and feature kernels need beside the architecture.",
          " * LIMBFORGE_CAPS names them in lower case without the prefix. */"]
    for c, (what, _) in CAPS.items():
        arches = "/".join(sorted(cap_arches(c)))
        L.append(f"#define LF_CAP_{c.upper()} (1ull << {CAP_BIT[c]}) /* {arches}: {what} */")
    L += [f"#define LF_CAP_COUNT {len(CAPS)}", "", "#endif", ""]
    return "\n".join(L)


def _mask(caps) -> str:
    return " | ".join(f"LF_CAP_{c.upper()}" for c in sorted(caps, key=CAP_BIT.get)) or "0"


def _arch_guard(arch: str) -> str:
    return ARCHES[arch][0]


def cpu_table(command: str) -> str:
    """src/generated/backend_table.h: what cpu.c reads, every line from targets.py."""
    L = [provenance(command).rstrip(),
         "/* The back ends, capabilities and dispatch slots for src/cpu.c (included",
         " * once, there).  The capability probes are data; cpu.c runs them. */",
         "#ifndef LF_BACKEND_TABLE_H",
         "#define LF_BACKEND_TABLE_H",
         "",
         "/* name, parent and what a back end needs of the CPU (all of it) */",
         "static const struct {",
         "    const char *name;",
         "    lf_backend parent;",
         "    uint64_t needs;",
         "} lf_backends[LF_BACKEND_COUNT] = {"]
    for b, parent, _ in BACKENDS:
        L.append(f'    [{backend_enum(b)}] = {{"{b}", {backend_enum(parent or "c")}, {_mask(entry_needs(b))}}},')
    L += ["};", "",
          "/* 1 if back end b is built for this target (its architecture's and its own",
          " * compile-time conditions) */",
          "static const unsigned char lf_backend_built[LF_BACKEND_COUNT] = {",
          "    [LF_BACKEND_C] = 1,"]
    for b, _, _ in BACKENDS[1:]:
        L += [f"#if {BACKEND_GUARD[b]}", f"    [{backend_enum(b)}] = 1,", "#endif"]
    L += ["};", "",
          "/* capability names (LIMBFORGE_CAPS, lf_cap_name) */",
          "static const char *const lf_cap_names[LF_CAP_COUNT] = {"]
    L += [f'    "{c}",' for c in CAPS]
    L += ["};", "",
          "/* the feature entries: base back end and needs (entry LF_BACKEND_COUNT + i) */",
          "static const struct {",
          "    const char *name;",
          "    lf_backend base;",
          "    uint64_t needs;",
          "} lf_features[LF_FEATURE_COUNT] = {"]
    L += [f'    {{"{f}", {backend_enum(entry_base(f))}, {_mask(entry_needs(f))}}},' for f in FEATURES]
    L += ["};", ""]
    # probes
    L += ["/* The capability probes: a capability is there when all its rows hold. */",
          "#if defined(__x86_64__)",
          "/* leaf, subleaf, register (0 eax .. 3 edx), bit; xcr0: state bits the OS",
          " * must enable (0x6 YMM, 0xe6 ZMM) */",
          "static const struct {",
          "    uint64_t cap;",
          "    unsigned leaf, sub, reg, bit, xcr0;",
          "} lf_cap_cpuid[] = {"]
    regs = {"eax": 0, "ebx": 1, "ecx": 2, "edx": 3}
    for c, (_, probes) in CAPS.items():
        for p in probes:
            if p[0] == "cpuid":
                xcr0 = {"ymm": "0x6", "zmm": "0xe6"}.get(p[5] if len(p) > 5 else None, "0")
                L.append(f"    {{LF_CAP_{c.upper()}, {p[1]}, {p[2]}, {regs[p[3]]}, {p[4]}, {xcr0}}},")
    L += ["};", "#endif"]
    hw = [(c, p) for c, (_, probes) in CAPS.items() for p in probes if p[0] == "hwcap"]
    blocks = {}  # the C condition of a block of rows: its architecture's, and its `where`
    for c, p in hw:
        cond = _arch_guard(p[3]) if len(p) < 6 else f"({_arch_guard(p[3])}) && ({p[5]})"
        blocks.setdefault(cond, []).append((c, p))
    for cond, rows in blocks.items():
        L += [f"#if {cond}",
              "/* getauxval key, bit; without auxv: the compile-time condition */",
              "#define LF_CAP_HWCAP_PROBES 1",
              "#ifdef LF_HAVE_AUXV",
              "static const struct {",
              "    uint64_t cap;",
              "    unsigned long at;",
              "    unsigned bit;",
              "} lf_cap_hwcap[] = {"]
        L += [f"    {{LF_CAP_{c.upper()}, {p[1]}, {p[2]}}}," for c, p in rows]
        L += ["};", "#else", "static const uint64_t lf_cap_baseline = 0"]
        for c, p in rows:
            L += [f"#if {p[4]}", f"    | LF_CAP_{c.upper()}", "#endif"]
        L += ["    ;", "#endif", "#endif"]
    stf = [(c, p) for c, (_, probes) in CAPS.items() for p in probes if p[0] == "stfle"]
    L += ["#if defined(__s390x__)", "/* facility bit of the STFLE list (its first doubleword) */",
          "static const struct {", "    uint64_t cap;", "    unsigned facility;", "} lf_cap_stfle[] = {"]
    L += [f"    {{LF_CAP_{c.upper()}, {p[1]}}}," for c, p in stf]
    L += ["};", "#endif", ""]
    # slots
    L += ["/* The slots: level and the entries usable there (a bit per entry), as",
          " * src/generated/dispatch_slots.h numbers them; slot 0 is c. */",
          "static const struct {",
          "    lf_backend level;",
          "    uint32_t usable;",
          "} lf_slots[LF_DISPATCH_SLOTS] = {",
          "    [0] = {LF_BACKEND_C, 1u << LF_BACKEND_C},"]
    for arch in ARCHES:
        L.append(f"#if {_arch_guard(arch)}")
        for i, (lv, u) in enumerate(arch_slots(arch)):
            bits = " | ".join(f"1u << {_entry_enum(e)}" for e in sorted(u, key=ENTRY_INDEX.get))
            L.append(f"    [LF_SLOT_AT_{arch.upper()} + {i}] = {{{backend_enum(lv)}, {bits}}},")
        L.append("#endif")
    L += ["};", "", "#endif", ""]
    return "\n".join(L)


def _entry_enum(e: str) -> str:
    return backend_enum(e) if e not in FEATURES else "LF_ENTRY_" + e.upper()


def slots_header(command: str) -> str:
    """src/generated/dispatch_slots.h: the entries beside the back ends, and the slots
    (the index of every module's kernel table)."""
    L = [provenance(command).rstrip(),
         "/* Dispatch entries and slots (README.md, \"Dispatch\"; gen/limbforge/targets.py).",
         " * An entry is what a module may have kernels of its own for: a back end",
         " * (its lf_backend value) or a feature entry (below).  A slot is one index",
         " * of every module's kernel table: a level with the set of entries the CPU",
         " * runs there; the slots of every architecture this build has are numbered",
         " * from LF_SLOT_AT_<ARCH>, slot 0 being c. */",
         "#ifndef LF_DISPATCH_SLOTS_H",
         "#define LF_DISPATCH_SLOTS_H",
         "",
         "enum {"]
    for i, f in enumerate(FEATURES):
        L.append(f"    LF_ENTRY_{f.upper()} = LF_BACKEND_COUNT + {i}, /* {FEATURES[f][2]} */")
    L += [f"    LF_ENTRY_COUNT = LF_BACKEND_COUNT + {len(FEATURES)}", "};",
          f"#define LF_FEATURE_COUNT {len(FEATURES)}", ""]
    prev = "1"
    for arch in ARCHES:
        A = arch.upper()
        L += [f"#if {_arch_guard(arch)}", f"#define LF_SLOTS_{A} {len(arch_slots(arch))}", "#else",
              f"#define LF_SLOTS_{A} 0", "#endif", f"#define LF_SLOT_AT_{A} ({prev})"]
        prev = f"LF_SLOT_AT_{A} + LF_SLOTS_{A}"
    L += [f"#define LF_DISPATCH_SLOTS ({prev})", "", "#endif", ""]
    return "\n".join(L)


def dispatch_table(command: str) -> str:
    L = [provenance(command).rstrip(),
         "/* The one dispatch pattern (README.md, \"Dispatch\"): a module's kernel table",
         " * has an entry per slot (src/generated/dispatch_slots.h), filled at compile time with",
         " * the kernels of the module's most preferred entry of its own among those",
         " * the slot's CPU runs (features first, then the deepest back end).",
         " * Include this file inside the table's initializer after defining",
         " *   LF_DISPATCH_OWN(B)      1 if the module has kernels of its own for entry",
         " *                           B (B = C, X86_64, ..., X86_64_SHA), else 0 or",
         " *                           undefined (#if);",
         " *   LF_DISPATCH_ENTRY(B, b) the initializer of entry B's own kernels (b is",
         " *                           the lower-case name, for token pasting).",
         " * Every module has portable C kernels (LF_DISPATCH_OWN(C) must be 1).",
         " * With LF_DISPATCH_MASK defined, the file is instead an expression: the set",
         " * of entries with kernels of their own in this build, a bit per entry (for",
         " * the test that checks the tables, tests/dispatch/).",
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
    for e in ENTRIES:
        g = BACKEND_GUARD[entry_base(e)]
        cond = " && ".join(x for x in (g and f"({g})", f"LF_DISPATCH_OWN({e.upper()})") if x)
        L += [f"#if {cond}", f" | (1u << {_entry_enum(e)})", "#endif"]
    L += [")", "#else", "    [0] = LF_DISPATCH_ENTRY(C, c),"]
    for arch in ARCHES:
        L.append(f"#if {_arch_guard(arch)}")
        for i, (lv, u) in enumerate(arch_slots(arch)):
            L.append(f"/* {lv}: " + " ".join(sorted(u - {"c"}, key=ENTRY_INDEX.get)) + " */")
            slot = f"[LF_SLOT_AT_{arch.upper()} + {i}]"
            cands = sorted(u - {"c"}, key=entry_rank, reverse=True)
            for k, e in enumerate(cands):
                # the entry's own build condition too (armv7 and wasm_simd128
                # share the c32 slots; a module may define LF_DISPATCH_OWN
                # for an entry that this target does not build)
                g = BACKEND_GUARD[entry_base(e)]
                cond = f"({g}) && LF_DISPATCH_OWN({e.upper()})" if g != _arch_guard(arch) else \
                    f"LF_DISPATCH_OWN({e.upper()})"
                L += [f"#{'if' if k == 0 else 'elif'} {cond}",
                      f"    {slot} = LF_DISPATCH_ENTRY({e.upper()}, {e}),"]
            L += ["#else", f"    {slot} = LF_DISPATCH_ENTRY(C, c),", "#endif"]
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
         "#   LF_ARCH_FEATURES the feature entries of the architecture",
         "#   LF_ASM_TARGETS   generator targets whose assembly is built for it",
         "#                    (src/<module>/generated/<target>/)",
         'string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" LF_PROC)',
         "set(LF_ARCH ${LF_PROC})",
         "set(LF_ARCH_BACKENDS c)",
         "set(LF_ARCH_FEATURES)",
         "set(LF_ASM_TARGETS)"]
    def asm_of(bs):
        return [t.name for t in builtin_targets() if not t.is_c and t.backend in bs]

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
              f"  set(LF_ARCH_FEATURES {' '.join(f for f in FEATURES if entry_arch(f) == arch)})",
              f"  set(LF_ASM_TARGETS {' '.join(asm_of(bes))})"]
        for g in dict.fromkeys(gated.values()):
            sub = [b for b in ours if gated.get(b) == g]
            L += [f'  if(LF_PROC MATCHES "^({BACKEND_EXTRA[g][1]})$")',
                  f"    list(APPEND LF_ARCH_BACKENDS {' '.join(sub)})"]
            if asm_of(sub):
                L.append(f"    list(APPEND LF_ASM_TARGETS {' '.join(asm_of(sub))})")
            L.append("  endif()")
    L += ["endif()", "",
          "# The ISA flags of each entry's files (ISA_FLAGS of targets.py; read by",
          "# lf_native_sources, cmake/native.cmake): the one ISA policy"]
    for e, flags in ISA_FLAGS.items():
        L.append(f"set(LF_ISA_FLAGS_{e} {' '.join(flags) if flags else chr(34) * 2})")
    L.append("")
    return "\n".join(L)


def backend_files(command: str) -> dict:
    return {
        "include/limbforge/backends.h": public_header(command),
        "src/generated/backend_table.h": cpu_table(command),
        "src/generated/dispatch_slots.h": slots_header(command),
        "src/generated/dispatch_table.h": dispatch_table(command),
        "cmake/backends.cmake": cmake_lists(command),
    }
