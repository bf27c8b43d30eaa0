# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The files written from the back-end table (backendgen.py) say what the
table says: enum order, parents and needs, the slots and their fill order in
src/generated/dispatch_table.h, and the CMake lists."""
import re

from limbforge import backendgen
from limbforge.targets import (ARCHES, BACKEND_EXTRA, BACKEND_GUARD, BACKENDS, CAP_BIT, CAPS, ENTRIES, FEATURES, ISA_FLAGS,
                               TARGETS,
                               arch_slots, backend_arch, backend_chain, cap_arches, entry_arch, entry_base, entry_needs,
                               entry_rank)


def test_enum_order():
    text = backendgen.public_header("cmd")
    names = re.findall(r"^\s+LF_BACKEND_([A-Z0-9_]+)", text, re.M)
    assert names == [b.upper() for b, _, _ in BACKENDS] + ["COUNT"]


def test_cpu_table():
    text = backendgen.cpu_table("cmd")
    for b, parent, _ in BACKENDS:
        needs = " | ".join(f"LF_CAP_{c.upper()}" for c in sorted(entry_needs(b), key=CAP_BIT.get)) or "0"
        assert f'[LF_BACKEND_{b.upper()}] = {{"{b}", LF_BACKEND_{(parent or "c").upper()}, {needs}}},' in text
    # built under the same condition as the dispatch tables build it
    built = text.split("lf_backend_built[LF_BACKEND_COUNT] = {", 1)[1].split("};", 1)[0]
    for b, _, _ in BACKENDS[1:]:
        assert f"#if {BACKEND_GUARD[b]}\n    [LF_BACKEND_{b.upper()}] = 1,\n#endif" in built, b


def test_needs_and_probes():
    """Every capability a back end or feature needs is probed on its
    architecture (else it could never run), and AVX2 does not need ADX
    (Haswell, AMD before Zen)."""
    for e in ENTRIES:
        for c in entry_needs(e):
            assert c in CAPS and entry_arch(e) in cap_arches(c), (e, c)
    assert "adx" not in entry_needs("avx2") and "adx" not in entry_needs("avx512ifma")
    assert entry_needs("x86_64_adx") == {"bmi2", "adx"}
    assert len(CAPS) < 31  # 32-bit atomics in src/cpu.c, bit 31 a flag


def test_slots():
    """Every level has a slot with all its optional entries and one per
    combination of missing capabilities that changes what runs; c is slot 0."""
    x86 = arch_slots("x86_64")
    assert len(x86) == 16
    assert ("avx2", frozenset({"c", "x86_64", "avx2"})) in x86
    assert ("avx2", frozenset({"c", "x86_64", "x86_64_adx", "avx2", "x86_64_sha"})) in x86
    for arch in ARCHES:
        slots = arch_slots(arch)
        assert len(set(slots)) == len(slots)
        for lv, u in slots:
            assert lv in u and "c" in u and all(entry_arch(e) in (arch, None) for e in u)
        levels = {lv for lv, _ in slots}
        assert levels == {b for b, _, _ in BACKENDS if backend_arch(b) == arch}


def test_dispatch_fill_order():
    """Each slot's #if/#elif chain tries its usable entries by preference
    (features, then the deepest back end) and ends with c."""
    text = backendgen.dispatch_table("cmd")
    table = text.split("#else\n", 1)[1]  # after the mask expression
    assert "    [0] = LF_DISPATCH_ENTRY(C, c)," in table
    for arch in ARCHES:
        for i, (lv, u) in enumerate(arch_slots(arch)):
            tried = re.findall(rf"\[LF_SLOT_AT_{arch.upper()} \+ {i}\] = LF_DISPATCH_ENTRY\(([A-Z0-9_]+), "
                               rf"([a-z0-9_]+)\)", table)
            # an entry with a build condition beyond its architecture's is
            # tried under it (armv7 in an i686 build of the c32 slots)
            for e in u - {"c"}:
                g = BACKEND_GUARD[entry_base(e)]
                if g != ARCHES[arch][0]:
                    assert f"#if ({g}) && LF_DISPATCH_OWN({e.upper()})" in table or \
                        f"#elif ({g}) && LF_DISPATCH_OWN({e.upper()})" in table, e
            want = sorted(u - {"c"}, key=entry_rank, reverse=True) + ["c"]
            assert [(e.upper(), e) for e in want] == tried, (arch, i)
    assert [e for e in sorted(ENTRIES, key=entry_rank)][-len(FEATURES):] == list(FEATURES)
    mask = text.split("#ifdef LF_DISPATCH_MASK\n(0u", 1)[1].split(")\n#else", 1)[0]
    for e in ENTRIES:
        assert f"LF_DISPATCH_OWN({e.upper()})" in mask


def test_cmake_lists():
    text = backendgen.cmake_lists("cmd")
    for arch, (_, regex) in ARCHES.items():
        block = text.split(f'MATCHES "^({regex})$")', 1)[1].split("if(", 1)[0]
        want = [b for b, _, _ in BACKENDS if backend_arch(b) == arch
                and not any(a in BACKEND_EXTRA for a in backend_chain(b))]
        assert f"list(APPEND LF_ARCH_BACKENDS {' '.join(want)})" in block
        assert f"set(LF_ARCH {arch})" in block
    # a back end with an extra condition joins on its processors only
    # (with its descendants, chain order)
    for b, (_, regex) in BACKEND_EXTRA.items():
        block = text.split(f'  if(LF_PROC MATCHES "^({regex})$")', 1)[1].split("endif()", 1)[0]
        gated = [a for a, _, _ in BACKENDS if b in backend_chain(a)]
        assert f"list(APPEND LF_ARCH_BACKENDS {' '.join(gated)})" in block
        # (its assembly too, if it is a generator target: wasm_simd128 is not)
        assert (f"list(APPEND LF_ASM_TARGETS {b})" in block) == (b in TARGETS), b


def test_every_file_has_provenance_and_spdx():
    for path, text in backendgen.backend_files("cmd").items():
        first, second = text.splitlines()[:2]
        assert "generated by limbforge" in first and "cmd" in first, path
        assert "SPDX-License-Identifier: Apache-2.0 OR MIT" in second, path


def test_isa_flags():
    """Every feature entry and every vector back end has its flags in the
    one table, and cmake/backends.cmake writes them all."""
    text = backendgen.cmake_lists("cmd")
    for e in list(FEATURES) + ["avx2", "avx512", "avx512ifma", "neon", "rvv", "power9", "armv7neon"]:
        assert e in ISA_FLAGS, e
    for e, flags in ISA_FLAGS.items():
        assert e in ENTRIES
        assert f"set(LF_ISA_FLAGS_{e} {' '.join(flags) or chr(34) * 2})" in text


def test_slot_numbering():
    """src/generated/dispatch_slots.h counts each architecture's slots as arch_slots
    does, and numbers them after c in ARCHES order."""
    text = backendgen.slots_header("cmd")
    for arch in ARCHES:
        assert f"#define LF_SLOTS_{arch.upper()} {len(arch_slots(arch))}\n" in text
    for f in FEATURES:
        assert f"LF_ENTRY_{f.upper()} = LF_BACKEND_COUNT + {list(FEATURES).index(f)}," in text
