# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Code-generation targets and the library's back ends, in one table.

A *target* is what the generator can print (C, or assembly for one ISA
flavour).  A *back end* is what the library dispatches to at run time.
BACKENDS below is the single source of the back-end chain: the enum
(include/limbforge/backends.h), the name/parent/ancestor tables of
src/cpu.c (src/generated/backend_table.h), the compile-time inheritance used by every
module's kernel table (src/generated/dispatch_table.h) and the CMake lists
(cmake/backends.cmake) are written from it by `make gen` (backendgen.py) and
checked by `make check-gen`.

Back ends form one chain per architecture: each one needs its parent's
features plus its own, so a module that has no kernel for a back end uses
the kernel of its nearest ancestor that has one.  An architecture is named
after the root of its chain (the back end whose parent is c).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

# name, parent (None = c), what it needs beyond its parent (for the docs)
BACKENDS = (
    ("c", None, "portable C (uint64_t + unsigned __int128)"),
    ("x86_64", "c", "x86-64 assembly, mulq/adc only"),
    ("x86_64_adx", "x86_64", "mulx/adcx/adox: BMI2 + ADX"),
    ("avx2", "x86_64_adx", "AVX2"),
    ("avx512", "avx2", "AVX-512 F, BW, DQ and VL"),
    ("avx512ifma", "avx512", "AVX-512 IFMA (52-bit multiply-add) and VBMI2"),
    ("aarch64", "c", "AArch64 scalar assembly"),
    ("neon", "aarch64", "Advanced SIMD"),
    ("rv64", "c", "RV64GC scalar assembly"),
    ("rvv", "rv64", "vector extension 1.0, any VLEN"),
    ("ppc64le", "c", "POWER little-endian scalar assembly"),
    ("power9", "ppc64le", "ISA 3.0 vectors (vmsumudm)"),
    # last, so the enum values of the others stay what they were
    ("c32", "c", "portable C with 32-bit limbs (uint32_t words, uint64_t products)"),
    ("armv7", "c32", "ARMv7-A Thumb-2 assembly, 32-bit words (umaal)"),
    ("armv7neon", "armv7", "Advanced SIMD (NEON) on ARMv7-A / AArch32 (HWCAP_NEON)"),
    ("wasm_simd128", "c32", "WebAssembly SIMD128 (clang -msimd128, the whole module)"),
    ("s390x", "c", "z/Architecture (z196 and later) scalar assembly, big-endian"),
)
# Architectures (roots of the chains): the C preprocessor condition that
# selects it, and the CMAKE_SYSTEM_PROCESSOR values (lower case, a regex).
ARCHES = {
    "x86_64": ("defined(__x86_64__)", "x86_64|amd64"),
    "aarch64": ("defined(__aarch64__)", "aarch64|arm64"),
    "rv64": ("defined(__riscv) && __riscv_xlen == 64", "riscv64.*"),
    "ppc64le": ("defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)", "ppc64le|powerpc64le"),
    # the compilers without unsigned __int128 (32-bit targets: i686, ARMv7,
    # Cortex-M), and wasm32, where clang's 128-bit product is a call to
    # compiler-rt's __multi3 (field mul 1.9-2.3x the c32 time under Node);
    # LF_FORCE_C32 (CMake -DLF_C32=ON) builds it anywhere, for tests
    "c32": ("!defined(__SIZEOF_INT128__) || defined(__wasm32__) || defined(LF_FORCE_C32)",
            "i[3-6]86|x86|arm|armv[4-8].*|wasm32"),
    "s390x": ("defined(__s390x__)", "s390x"),
}
# Back ends that need more than their architecture's condition: the C
# condition and the CMAKE_SYSTEM_PROCESSOR regex (lower case) on top of it.
BACKEND_EXTRA = {
    # Thumb-2 and umaal: every ARMv7-A CPU, AArch32 on ARMv8-A, and the
    # M-profile cores with the DSP extension (ARMv7E-M: Cortex-M4/M7; ARMv8-M
    # Mainline with DSP: M33); the words of a limb in memory order
    # (little-endian)
    "armv7": ("defined(__arm__) && defined(__ARMEL__) && __ARM_ARCH >= 7 && (__ARM_ARCH_PROFILE == 'A' || (__ARM_ARCH_PROFILE == 'M' && defined(__ARM_FEATURE_DSP)))",
              "arm|armv[78].*"),
    # wasm has no run-time feature detection: a module with SIMD opcodes does
    # not validate on an engine without them, so the back end exists only in
    # builds compiled with -msimd128 (CMake -DLF_WASM_SIMD=ON)
    "wasm_simd128": ("defined(__wasm_simd128__)", "wasm32"),
}
BACKEND_PARENT = {b: p for b, p, _ in BACKENDS}

# CPU capabilities (src/cpu.c computes them once; LIMBFORGE_CAPS and
# lf_caps_set() switch them off).  name: (what, probes).  A probe is one
# condition, all of a capability's must hold:
#   ("cpuid", leaf, subleaf, register, bit[, "ymm" | "zmm"])  x86-64; "ymm" /
#       "zmm": the OS also saves that register state (XCR0)
#   ("hwcap", "AT_HWCAP" | "AT_HWCAP2", bit, arch, without[, where])
#       Linux getauxval; `without`: the C condition that stands for it where
#       there is no auxv; `where`: a condition beyond the architecture's (c32
#       spans i686, 32-bit Arm and wasm32: HWCAP_NEON is Arm's)
#   ("stfle", facility)                                       s390x
# Bits are given in this order (limbforge/backends.h: LF_CAP_<NAME>).
CAPS = {
    "bmi2": ("BMI2 (mulx, shlx)", [("cpuid", 7, 0, "ebx", 8)]),
    "adx": ("ADX (adcx, adox)", [("cpuid", 7, 0, "ebx", 19)]),
    "avx2": ("AVX and AVX2, YMM state enabled by the OS",
             [("cpuid", 1, 0, "ecx", 28, "ymm"), ("cpuid", 7, 0, "ebx", 5, "ymm")]),
    "avx512f": ("AVX-512 F, ZMM state enabled by the OS", [("cpuid", 7, 0, "ebx", 16, "zmm")]),
    "avx512dq": ("AVX-512 DQ", [("cpuid", 7, 0, "ebx", 17, "zmm")]),
    "avx512bw": ("AVX-512 BW", [("cpuid", 7, 0, "ebx", 30, "zmm")]),
    "avx512vl": ("AVX-512 VL", [("cpuid", 7, 0, "ebx", 31, "zmm")]),
    "avx512ifma": ("AVX-512 IFMA (vpmadd52luq/huq)", [("cpuid", 7, 0, "ebx", 21, "zmm")]),
    "avx512vbmi2": ("AVX-512 VBMI2 (vpshldq/vpshrdq)", [("cpuid", 7, 0, "ecx", 6, "zmm")]),
    "sha": ("SHA extensions (sha256rnds2) with SSSE3 and SSE4.1",
            [("cpuid", 7, 0, "ebx", 29), ("cpuid", 1, 0, "ecx", 9), ("cpuid", 1, 0, "ecx", 19)]),
    "sha512": ("SHA512 extensions (vsha512rnds2), YMM state enabled by the OS",
               [("cpuid", 7, 1, "eax", 0, "ymm")]),
    "neon": ("Advanced SIMD (AArch64 ASIMD; 32-bit Arm HWCAP_NEON)",
             [("hwcap", "AT_HWCAP", 1, "aarch64", "1"),
              ("hwcap", "AT_HWCAP", 12, "c32", "defined(__ARM_NEON)", "defined(__arm__)")]),
    "sha2": ("ARMv8 SHA-256 instructions", [("hwcap", "AT_HWCAP", 6, "aarch64", "defined(__ARM_FEATURE_SHA2)")]),
    "sha3": ("ARMv8.2 SHA3 instructions (eor3, rax1, xar, bcax)",
             [("hwcap", "AT_HWCAP", 17, "aarch64", "defined(__ARM_FEATURE_SHA3)")]),
    "sve": ("the Scalable Vector Extension", [("hwcap", "AT_HWCAP", 22, "aarch64", "defined(__ARM_FEATURE_SVE)")]),
    "rvv": ("the RISC-V vector extension 1.0", [("hwcap", "AT_HWCAP", 21, "rv64", "0")]),
    "power9": ("POWER ISA 3.0 (POWER9) vectors", [("hwcap", "AT_HWCAP2", 23, "ppc64le", "0")]),
    "z196": ("z196 facilities (distinct operands, load on condition)", [("stfle", 45)]),
}
CAP_BIT = {c: i for i, c in enumerate(CAPS)}


def cap_arches(c: str) -> set:
    """The architectures (ARCHES keys) whose CPUs may have capability c."""
    out = set()
    for p in CAPS[c][1]:
        out.add({"cpuid": "x86_64", "stfle": "s390x"}.get(p[0]) or p[3])
    return out


# What each back end needs of the CPU: the whole set, not only beyond its
# parent.  A back end runs where the CPU has all of it.  An ancestor whose
# needs are not part of a back end's is *optional* below it: avx2 code runs
# on a CPU without ADX (Haswell, AMD before Zen, VMs that hide ADX), and the
# modules' tables then take the kernels of the next ancestor that the CPU
# runs (x86_64's for the scalar code) for what avx2 has no kernels of its own.
_AVX512 = ("avx2", "avx512f", "avx512dq", "avx512bw", "avx512vl")
BACKEND_NEEDS = {
    "x86_64_adx": ("bmi2", "adx"),
    "avx2": ("avx2",),
    "avx512": _AVX512,
    "avx512ifma": _AVX512 + ("avx512ifma", "avx512vbmi2"),
    "neon": ("neon",),
    "rvv": ("rvv",),
    "power9": ("power9",),
    "armv7neon": ("neon",),
    "s390x": ("z196",),
}

# Feature entries: kernels for instructions that CPUs of every level of a
# chain may have or lack (not levels themselves: LIMBFORGE_BACKEND does not
# name them).  name: (base back end, needs, what).  A module's table takes a
# feature entry of its own at every level from its base down the chain when
# the CPU has what it needs, in preference to any back end's kernels.
FEATURES = {
    "x86_64_sha": ("x86_64", ("sha",), "SHA-256 with the SHA extensions"),
    "aarch64_sha2": ("aarch64", ("sha2",), "SHA-256 with the ARMv8 SHA2 instructions"),
    "neon_sha3": ("neon", ("sha3",), "Keccak with the ARMv8.2 SHA3 instructions"),
}


def backend_chain(b: str) -> list:
    """b and its ancestors, deepest first (c last)."""
    out = []
    while b is not None:
        out.append(b)
        b = BACKEND_PARENT[b]
    return out


def backend_arch(b: str) -> str | None:
    """The architecture of back end b (None for c)."""
    chain = backend_chain(b)
    return chain[-2] if len(chain) > 1 else None


def _guard(b: str) -> str:
    """The C condition under which back end b is built: its architecture's,
    and the extra conditions of b and its ancestors (BACKEND_EXTRA)."""
    arch = backend_arch(b)
    if arch is None:
        return ""
    extra = [BACKEND_EXTRA[a][0] for a in reversed(backend_chain(b)) if a in BACKEND_EXTRA]
    base = ARCHES[arch][0]
    return " && ".join(f"({x})" for x in [base] + extra) if extra else base


BACKEND_GUARD = {b: _guard(b) for b, _, _ in BACKENDS}


def backend_enum(b: str) -> str:
    return "LF_BACKEND_" + b.upper()


def limb_words(n64: int, w: int) -> int:
    """The w-bit words of n64 64-bit limbs (the kernels' arrays stay uint64_t
    at every word size)."""
    return n64 * 64 // w


@dataclass(frozen=True)
class Target:
    name: str
    style: str                 # carry-chain style of the algorithms (carry.STYLES)
    printer: str | None        # module under limbforge.printers; None = C
    backend: str | None        # back end that dispatches to it (None: generator only)
    builtin: bool = True       # generated for the built-in fields
    cross: dict = field(default_factory=dict)  # how tests build and run it elsewhere
    wbits: int = 64            # the word size of its programs (Program.wbits)
    # "scalar": the kernels of one element (ir.Program); "lanes": eight elements
    # in radix 2^52 (lanes.LProgram: the field array API's vector kernels)
    kind: str = "scalar"
    what: str = ""             # lanes: what the printer writes, for the files' comments
    skip: tuple = ()           # lanes: kernels it leaves out (slower than the scalar loop)

    def limbs(self, n64: int) -> int:
        """The words of an n64-limb element in this target's programs."""
        return limb_words(n64, self.wbits)

    @property
    def is_c(self) -> bool:
        """A scalar target printed as C (the C printer)."""
        return self.printer is None

    @property
    def ext(self) -> str:
        return "c" if self.is_c or self.kind == "lanes" else "S"

    def printer_module(self):
        return importlib.import_module(f"limbforge.printers.{self.printer}")


_CROSS_A64 = {"cc": "aarch64-linux-gnu-gcc", "run": ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"]}
_CROSS_RV = {"cc": "riscv64-linux-gnu-gcc", "run": ["qemu-riscv64", "-L", "/usr/riscv64-linux-gnu"]}
_CROSS_PPC = {"cc": "powerpc64le-linux-gnu-gcc",
              "run": ["qemu-ppc64le", "-cpu", "power9", "-L", "/usr/powerpc64le-linux-gnu"]}
_CROSS_RV_ZBB = {"cc": "riscv64-linux-gnu-gcc", "cflags": ["-march=rv64gc_zba_zbb"],
                 "run": ["qemu-riscv64", "-cpu", "rv64,zba=true,zbb=true", "-L", "/usr/riscv64-linux-gnu"]}
_CROSS_S390X = {"cc": "s390x-linux-gnu-gcc", "run": ["qemu-s390x", "-L", "/usr/s390x-linux-gnu"]}
_CROSS_ARM = {"cc": "arm-linux-gnueabihf-gcc",
              "run": ["qemu-arm", "-cpu", "cortex-a15", "-L", "/usr/arm-linux-gnueabihf"]}

TARGETS = {t.name: t for t in (
    Target("c", "plain", None, "c"),
    Target("c32", "madd", None, "c32", wbits=32),
    Target("x86_64", "plain", "x86_64", "x86_64"),
    Target("x86_64_adx", "adx", "x86_64", "x86_64_adx"),
    Target("aarch64", "onechain", "aarch64", "aarch64", builtin=True, cross=_CROSS_A64),
    Target("ppc64le", "onechain", "ppc64le", "ppc64le", builtin=True, cross=_CROSS_PPC),
    Target("rv64", "bounded", "rv64", "rv64", cross=_CROSS_RV),
    Target("rv64_zbb", "bounded", "rv64", None, builtin=False, cross=_CROSS_RV_ZBB),
    Target("armv7", "madd", "armv7", "armv7", cross=_CROSS_ARM, wbits=32),
    Target("s390x", "onechain", "s390x", "s390x", cross=_CROSS_S390X),
    # lane kernels (fieldgen.lane_source), named lf_<field>_<op>_<back end>
    Target("lanes_c", "", "lanes_c", "c", kind="lanes", what="portable C, 8 lanes per loop"),
    # on AVX-512 IFMA the additions, whose three transposed conversions cost
    # more than the scalar adx kernel (src/field/README.md, "Vector arithmetic")
    Target("lanes_avx512ifma", "", "lanes_ifma", "avx512ifma", kind="lanes",
           what="AVX-512 IFMA intrinsics", skip=("vadd8", "vsub8")),
    Target("lanes_rvv", "", "lanes_rvv", "rvv", kind="lanes", what="RISC-V Vector intrinsics, any VLEN"),
)}


def scalar_targets() -> dict:
    """The targets of one-element kernels (what `gen field --target` takes)."""
    return {k: t for k, t in TARGETS.items() if t.kind == "scalar"}


def builtin_targets() -> list:
    """The scalar targets generated for the built-in fields."""
    return [t for t in scalar_targets().values() if t.builtin]


_LANES = {t.backend: t for t in TARGETS.values() if t.kind == "lanes"}


def lane_target(backend: str) -> Target:
    """The lane target of a back end (c, avx512ifma, rvv)."""
    return _LANES[backend]


# The compiler flags that enable what an entry needs, for its files alone
# (lf_native_sources in cmake/native.cmake; cmake/backends.cmake has them as
# LF_ISA_FLAGS_<entry>): the one ISA policy.  The rest of the library is
# built for the target's baseline, so it runs on every CPU of the
# architecture.  gcc and clang spell these alike.  An entry with none: the
# baseline has it (AArch64 Advanced SIMD), or the whole build does
# (wasm_simd128: -DLF_WASM_SIMD=ON, -msimd128 for the module, since wasm has
# no run-time feature test).
_AVX512_FLAGS = ("-mavx2", "-mavx512f", "-mavx512bw", "-mavx512dq", "-mavx512vl")
ISA_FLAGS = {
    "avx2": ("-mavx2",),
    "avx512": _AVX512_FLAGS,
    "avx512ifma": _AVX512_FLAGS + ("-mavx512ifma", "-mavx512vbmi2"),
    "neon": (),
    # 32-bit Arm: the armhf baseline FPU is VFPv3-D16 (Debian's gcc default),
    # so the NEON files alone get the FPU that has Advanced SIMD (32 D registers)
    "armv7neon": ("-mfpu=neon",),
    "rvv": ("-march=rv64gcv",),
    "power9": ("-mcpu=power9",),
    "wasm_simd128": (),
    "x86_64_sha": ("-msse4.1", "-msha"),
    "aarch64_sha2": ("-march=armv8-a+crypto",),
    "neon_sha3": ("-march=armv8.2-a+sha3",),
}


# ---- dispatch entries and slots (backendgen.py writes them out) ----
# An *entry* is what a module may have kernels of its own for: a back end or
# a feature (index: the lf_backend value, then LF_BACKEND_COUNT + the
# feature's position).  A *slot* is one index of every module's kernel
# table: a level (the selected back end) with the set of entries the CPU
# runs at that level.  cpu.c picks the slot once; each module's table holds,
# per slot, the kernels of its most preferred usable entry, resolved at
# compile time (src/generated/dispatch_table.h), so a kernel call stays one load.
ENTRIES = [b for b, _, _ in BACKENDS] + list(FEATURES)
ENTRY_INDEX = {e: i for i, e in enumerate(ENTRIES)}


def entry_base(e: str) -> str:
    """The back end an entry belongs to (itself for a back end)."""
    return FEATURES[e][0] if e in FEATURES else e


def entry_needs(e: str) -> frozenset:
    """Everything entry e needs of the CPU (a feature: its base's too)."""
    if e in FEATURES:
        return frozenset(BACKEND_NEEDS.get(FEATURES[e][0], ())) | frozenset(FEATURES[e][1])
    return frozenset(BACKEND_NEEDS.get(e, ()))


def entry_arch(e: str) -> str | None:
    return backend_arch(entry_base(e))


def entry_rank(e: str) -> int:
    """Preference among the usable entries: features first (the later in
    FEATURES the more), then back ends, the deeper in the chain the more."""
    if e in FEATURES:
        return 100 + list(FEATURES).index(e)
    return len(backend_chain(e))


def entry_usable(e: str, level: str, caps: frozenset) -> bool:
    return entry_base(e) in backend_chain(level) and entry_needs(e) <= caps


def arch_slots(arch: str) -> list:
    """The slots of one architecture (c excluded): (level, usable entries)
    for every level and every set of capabilities the level can run with,
    deduplicated, in level order and, within a level, the fullest first."""
    ents = [e for e in ENTRIES if entry_arch(e) == arch]
    caps = sorted({c for e in ents for c in entry_needs(e)})
    out = []
    for lv in (b for b, _, _ in BACKENDS if backend_arch(b) == arch):
        seen = []
        for m in range(1 << len(caps)):
            have = frozenset(c for i, c in enumerate(caps) if not (m >> i) & 1)
            if not entry_needs(lv) <= have:
                continue
            u = frozenset(["c"] + [e for e in ents if entry_usable(e, lv, have)])
            if u not in seen:
                seen.append(u)
        out += [(lv, u) for u in seen]
    return out
