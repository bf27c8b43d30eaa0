#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The RVV NTT kernels have no conditional branch outside their path
dispatchers.

The RVV code runs under qemu only, where valgrind's constant-time check
cannot go; this test looks at the compiled code instead.  It disassembles
the object of src/ntt/native/rv64/ntt_rvv.c inside the static library and
fails if a conditional branch appears in any function other than the
dispatchers rvv_* (which branch on VLMAX, to pick a fixed-strip path) and
the vector-length-agnostic instantiations *_vla (the same source as the
fixed paths with a run-time strip: their branches are the strip loops and
comparisons of vl): the fixed-path kernels mk_* / cg_* are straight-line
code, so neither a coefficient nor the verdict of the range check can steer
them, and every *_vla function must have such a branch-free twin.

  rvv_branches.py --objdump llvm-objdump --lib liblimbforge.a
  rvv_branches.py --selftest
"""
import argparse
import re
import subprocess
import sys

BRANCH = re.compile(r"^\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} )*\s*(b(?:eq|ne|lt|ge|ltu|geu|eqz|nez|ltz|gez|lez|gtz))\s")
FUNC = re.compile(r"^[0-9a-f]+ <([A-Za-z_][\w.]*)>:")
OBJ = re.compile(r"ntt_rvv\.c\.o")


def branches(disasm):
    """{function: [branch mnemonics]} of one object's disassembly (local
    labels such as .LBB0_2 belong to the function before them)."""
    out, cur = {}, None
    for line in disasm.splitlines():
        m = FUNC.match(line)
        if m and not m.group(1).startswith("."):
            cur = m.group(1)
            out.setdefault(cur, [])
            continue
        m = BRANCH.match(line)
        if m and cur:
            out[cur].append(m.group(1))
    return out


def verdict(found):
    """(functions that branch but may not, fixed-path kernel functions); a
    *_vla function without a fixed-path twin (same name, a number for vla)
    counts as one that may not branch."""
    def twin(f):
        stem = f[: -len("vla")]
        return any(g.startswith(stem) and g[len(stem):].isdigit() for g in found)
    allowed = {f for f in found if f.startswith("rvv_") or (f.endswith("_vla") and twin(f))}
    bad = {f: b for f, b in found.items() if b and f not in allowed}
    kernels = [f for f in found if f.startswith(("mk_", "cg_")) and not f.endswith("_vla")]
    return bad, kernels


def selftest():
    ok = """0000000000000000 <rvv_ntt>:
       0:      	bltu	a1, a2, 0x8
0000000000000010 <mk_ntt_0_32>:
      10:      	vadd.vv	v8, v8, v12
"""
    leak = ok + """0000000000000020 <mk_ntt_1_32>:
      20:      	beqz	a1, 0x30
"""
    vla = ok + """0000000000000030 <mk_ntt_0_vla>:
      30:      	bltu	a1, a2, 0x30
"""
    orphan = ok + """0000000000000040 <mk_x_vla>:
      40:      	bltu	a1, a2, 0x40
"""
    assert verdict(branches(ok)) == ({}, ["mk_ntt_0_32"]), "clean code flagged"
    assert verdict(branches(leak))[0] == {"mk_ntt_1_32": ["beqz"]}, "branch not flagged"
    assert verdict(branches(vla))[0] == {}, "VLA loop flagged"
    assert verdict(branches(orphan))[0] == {"mk_x_vla": ["bltu"]}, "VLA without twin allowed"
    print("rvv_branches selftest: ok")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--objdump")
    ap.add_argument("--lib")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args()
    if a.selftest:
        selftest()
        return 0
    dis = subprocess.run([a.objdump, "-d", "--mattr=+v", a.lib], check=True,
                         capture_output=True, text=True).stdout
    # only the RVV NTT object's part of the archive listing
    parts = re.split(r"\n(?=\S+\.o\)?:\s+file format)", dis)
    mine = [p for p in parts if OBJ.search(p.split("\n", 1)[0])]
    if not mine:
        print("rvv_branches: no ntt_rvv object in", a.lib, "(RVV kernels not built)")
        return 77
    bad, kernels = verdict(branches("\n".join(mine)))
    if len(kernels) < 7:
        print("rvv_branches: expected the kernel functions mk_* / cg_*, found", kernels)
        return 1
    for f, b in sorted(bad.items()):
        print(f"FAIL {f}: conditional branches {b}")
    print(f"rvv_branches: {len(kernels)} kernel functions, "
          f"{'no' if not bad else len(bad)} with branches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
