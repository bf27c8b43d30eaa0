# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Code-generation targets and the library's back ends, in one table.

A *target* is what the generator can print (C, or assembly for one ISA
flavour).  A *back end* is what the library dispatches to at run time.
BACKENDS below is the single source of the back-end chain: the enum
(include/limbforge/backends.h), the name/parent/ancestor tables of
src/cpu.c (src/backend_table.h), the compile-time inheritance used by every
module's kernel table (src/dispatch_table.h) and the CMake lists
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
    style: str                 # carry-chain style of the algorithms (algos.STYLES)
    printer: str | None        # module under limbforge.printers; None = C
    backend: str | None        # back end that dispatches to it (None: generator only)
    builtin: bool = True       # generated for the built-in fields
    cross: dict = field(default_factory=dict)  # how tests build and run it elsewhere
    wbits: int = 64            # the word size of its programs (Program.wbits)

    def limbs(self, n64: int) -> int:
        """The words of an n64-limb element in this target's programs."""
        return limb_words(n64, self.wbits)

    @property
    def is_c(self) -> bool:
        return self.printer is None

    @property
    def ext(self) -> str:
        return "c" if self.is_c else "S"

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
)}


def builtin_targets() -> list:
    return [t for t in TARGETS.values() if t.builtin]
