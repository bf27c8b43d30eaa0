# SPDX-License-Identifier: Apache-2.0 OR MIT
"""RV64 printer tests beyond the compiled-kernel ones (test_kernels.py runs
every kernel under qemu-user).  Here the printed assembly is run by a small
RV64 interpreter written for this test, so the register allocator can be
squeezed to a handful of registers (every spill and re-load path) and the
ABI can be checked on every instruction: callee-saved registers and sp come
back intact, nothing is written outside r and the frame, gp/tp/zero are
never written.  Plus: li sequences, the scheduler's order, the header's
instruction count against objdump."""
import random
import re
import shutil
import subprocess

import pytest

from limbforge import algos, algos_pm, sched
from limbforge.fields import builtin_fields, is_probable_prime, kernel_programs
from limbforge.interp import run as interp
from limbforge.printers import rv64

M = (1 << 64) - 1
SAVED = [f"s{i}" for i in range(12)] + ["ra"]


def _sx(x, bits=64):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


class RV:
    """Just enough RV64 to run the printer's output."""

    def __init__(self, text):
        self.lines, self.labels, self.data = [], {}, {}
        addr, label = 0x10000, None
        for ln in text.splitlines():
            ln = ln.split("#")[0].strip()
            if not ln:
                continue
            if ln.endswith(":"):
                label = ln[:-1]
                self.labels[label] = addr if label.startswith(".L") else len(self.lines)
                continue
            if ln.startswith(".quad"):
                self.data[addr] = int(ln.split()[1], 16)
                addr += 8
                continue
            if ln.startswith("."):
                continue
            self.lines.append(ln)

    def call(self, args, mem):
        R = {f"x{i}": 0 for i in range(32)}
        names = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1"] + \
            [f"a{i}" for i in range(8)] + [f"s{i}" for i in range(2, 12)] + [f"t{i}" for i in range(3, 7)]
        reg = {n: 0 for n in names}
        for i, n in enumerate(names):
            reg[n] = (0x5151_0000_0000_0000 + i * 0x1111) & M
        reg["zero"] = 0
        reg["sp"] = 0x7FFF_0000
        start = dict(reg)
        mem = dict(mem)
        mem.update(self.data)
        for n, v in zip(("a0", "a1", "a2"), args):
            reg[n] = v
        writes = []
        for k, ln in enumerate(self.lines):
            m = re.match(r"(\S+)\s*(.*)", ln)
            op, ops = m.group(1), [x.strip() for x in m.group(2).split(",")] if m.group(2) else []
            if op == "ret":
                assert k == len(self.lines) - 1, "ret before the end"
                break
            assert not op.startswith(("b", "j", "call", "tail")), f"control flow: {ln}"
            if op == "sd":
                off, base = re.match(r"(-?\d+)\((\w+)\)", ops[1]).groups()
                a = reg[base] + int(off)
                mem[a] = reg[ops[0]]
                writes.append(a)
                continue
            d = ops[0]
            assert d not in ("zero", "gp", "tp"), f"writes {d}: {ln}"
            g = lambda i: reg[ops[i]]                      # noqa: E731
            imm = lambda i: int(ops[i], 0)                 # noqa: E731
            if op == "ld":
                if ops[1] in self.labels:              # ld rd, symbol (auipc + ld)
                    a = self.labels[ops[1]]
                else:
                    off, base = re.match(r"(-?\d+)\((\w+)\)", ops[1]).groups()
                    a = reg[base] + int(off)
                assert a in mem, f"load from unwritten {a:#x}: {ln}"
                v = mem[a]
            elif op == "lla":
                v = self.labels[ops[1]]
            elif op == "lui":
                v = _sx(imm(1) << 12, 32) & M
            else:
                v = {
                    "add": lambda: g(1) + g(2), "addi": lambda: g(1) + imm(2),
                    "addiw": lambda: _sx(g(1) + imm(2), 32), "sub": lambda: g(1) - g(2),
                    "neg": lambda: -g(1), "snez": lambda: int(g(1) != 0),
                    "sltu": lambda: int(g(1) < g(2)), "sltiu": lambda: int(g(1) < (imm(2) & M)),
                    "and": lambda: g(1) & g(2), "andi": lambda: g(1) & imm(2),
                    "or": lambda: g(1) | g(2), "ori": lambda: g(1) | imm(2),
                    "xor": lambda: g(1) ^ g(2), "xori": lambda: g(1) ^ imm(2),
                    "slli": lambda: g(1) << imm(2), "srli": lambda: g(1) >> imm(2),
                    "mul": lambda: g(1) * g(2), "mulhu": lambda: (g(1) * g(2)) >> 64,
                    "andn": lambda: g(1) & ~g(2), "zext.w": lambda: g(1) & 0xFFFFFFFF,
                    "sh1add": lambda: (g(1) << 1) + g(2), "sh2add": lambda: (g(1) << 2) + g(2),
                    "sh3add": lambda: (g(1) << 3) + g(2),
                }[op]()
            reg[d] = v & M
        for n in SAVED + ["sp", "gp", "tp"]:
            assert reg[n] == start[n], f"{n} not restored"
        return mem, writes, start["sp"]


def run_printed(prog, target="rv64", symbol="f"):
    """Print prog, run it in the RV interpreter on random inputs (and in
    place), compare with the IR interpreter."""
    text = rv64.print_function(prog, symbol, target)
    cpu = RV(text)
    rng = random.Random(len(prog.ops))
    args = prog.args()
    base = {a.name: 0x100000 * (k + 1) for k, a in enumerate(args)}
    for trial in range(6):
        ins = {a.name: [rng.choice([0, M, rng.getrandbits(64)]) for _ in range(a.words)]
               for a in args if a.role == "in"}
        want = interp(prog, ins)["r"]
        for alias in (False, True):
            b = dict(base)
            if alias:
                b["r"] = b["a"]
            mem = {}
            for a in args:
                if a.role == "in":
                    for i, w in enumerate(ins[a.name]):
                        mem[b[a.name] + 8 * i] = w
            out, writes, sp = cpu.call([b[a.name] for a in args], mem)
            got = [out[b["r"] + 8 * i] for i in range(len(want))]
            assert got == want, (prog.name, trial, alias)
            for a in writes:           # only r and the frame below sp
                assert b["r"] <= a < b["r"] + 8 * len(want) or sp - 2048 <= a < sp, hex(a)
    return text


def _programs(p, n, style="bounded"):
    mp = algos.mont_params(p, n)
    out = [algos.mont_mul_program("mm", p, n, style), algos.mont_sqr_program("ms", p, n, style),
           algos.mont_mul_program("mt", p, n, style, b_const=mp["r2"]),
           algos.from_mont_program("mf", p, n, style), algos.add_program("ad", p, n, style),
           algos.sub_program("sb", p, n, style), algos.neg_program("ng", p, n, style)]
    return out


def _prime(bits, rng):
    while True:
        x = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(x, 16):
            return x


@pytest.mark.parametrize("target", ["rv64", "rv64_zbb"])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
def test_interpreted_kernels(n, target):
    rng = random.Random(n)
    for bits in (64 * n, 64 * n - 1):
        for prog in _programs(_prime(bits, rng), n):
            run_printed(prog, target)
    for p in (2**255 - 19, 2**256 - 2**32 - 977):
        run_printed(algos_pm.pm_mul_program("pm", p, 4, "bounded"), target)
        run_printed(algos_pm.pm_mul_program("ps", p, 4, "bounded", square=True), target)


@pytest.mark.parametrize("regs", [(["t0", "t1", "t2"], ["s0"]), (["t0"], ["s0", "s1", "ra"]),
                                  (["t0", "t1", "t2", "t3"], [])])
def test_spills_with_few_registers(monkeypatch, regs):
    """Seven or fewer registers: values are spilled, re-loaded from the
    stack, re-made from constants and re-read from inputs not yet
    overwritten; pointers themselves get spilled."""
    monkeypatch.setitem(rv64.ABI, "scratch", regs[0])
    monkeypatch.setitem(rv64.ABI, "callee_saved", regs[1])
    rng = random.Random(5)
    p = _prime(64 * 5 - 3, rng)
    for prog in _programs(p, 5)[:4] + [algos_pm.pm_mul_program("pm", 2**255 - 19, 4, "bounded"),
                                        algos_pm.pm_mul_program("pk", 2**256 - 2**32 - 977, 4, "bounded")]:
        text = run_printed(prog)
        assert re.search(r"sd\t\w+, \d+\(sp\)", text), "expected spills"


def test_plain_style_too():
    """The printer takes any style's programs (plain: five-instruction
    add-with-carry chains)."""
    rng = random.Random(9)
    for prog in _programs(_prime(190, rng), 3, "plain"):
        run_printed(prog)


def test_li_steps():
    rng = random.Random(3)
    vals = [0, 1, -1, 2047, -2048, 2048, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1 << 63, (1 << 63) - 1,
            0x1000003D1, 0xFFFFFFFEFFFFFC2F, 0xFFFFFFFF00000001] + [rng.getrandbits(64) for _ in range(300)] \
        + [rng.getrandbits(rng.randrange(1, 64)) for _ in range(300)]
    for x in vals:
        x &= M
        v = 0
        for k, (m, imm) in enumerate(rv64.li_steps(x)):
            src = 0 if k == 0 else v
            v = {"addi": lambda: src + imm, "lui": lambda: _sx(imm << 12, 32), "addiw": lambda: _sx(src + imm, 32),
                 "slli": lambda: src << imm, "srli": lambda: (src & M) >> imm}[m]() & M
            if m in ("addi", "addiw"):
                assert -2048 <= imm < 2048
            if m == "lui":
                assert 0 <= imm < 1 << 20
        assert v == x, hex(x)
        assert len(rv64.li_steps(x)) <= 8


def test_scheduler_respects_dependencies_and_pressure():
    rng = random.Random(11)
    nodes = []
    for i in range(300):
        uses = rng.sample(range(i), min(i, rng.randrange(3))) if i else []
        nodes.append(sched.Node([i], uses, rng.choice(["alu", "alu", "mul", "ld"]), 1,
                                after=[rng.randrange(i)] if i and rng.random() < 0.1 else []))
    for limit in (4, 8, 1000):
        order = sched.schedule(nodes, limit)
        assert sorted(order) == list(range(300))
        pos = {k: j for j, k in enumerate(order)}
        for i, nd in enumerate(nodes):
            assert all(pos[u] < pos[i] for u in nd.uses) and all(pos[a] < pos[i] for a in nd.after)


def test_header_and_abi_text():
    f = {f.name: f for f in builtin_fields()}["bls12_381_p"]
    text = rv64.print_function(kernel_programs(f, "rv64")["mul"], "lf_x_mul", "rv64")
    head = [ln for ln in text.splitlines() if ln.startswith("#")]
    assert head[0].startswith("# void lf_x_mul(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])")
    assert "LP64D: r in a0, a in a1, b in a2" in text
    m = re.search(r"callee-saved saved: ([^;]*); stack: (\d+) bytes", text)
    saved = [] if m.group(1) == "none" else m.group(1).split(", ")
    frame = int(m.group(2))
    assert frame % 16 == 0
    body = text[text.index("lf_x_mul:"):]
    for r in saved:
        assert re.search(rf"sd\t{r}, (\d+)\(sp\)", body) and re.search(rf"ld\t{r}, (\d+)\(sp\)", body)
    for r in set(SAVED) - set(saved):
        assert not re.search(rf"\t\w+\t{r},", body), f"{r} written but not saved"
    assert ".hidden lf_x_mul" in text and ".type lf_x_mul, @function" in text and ".size lf_x_mul" in text


@pytest.mark.skipif(shutil.which("riscv64-linux-gnu-gcc") is None, reason="no RISC-V cross compiler")
@pytest.mark.parametrize("target", ["rv64", "rv64_zbb"])
def test_header_count_matches_objdump(tmp_path, target):
    """The header's count is the real one: static count from entry to ret
    in objdump (the code is straight-line, so it is also the dynamic count)."""
    fs = {f.name: f for f in builtin_fields()}
    src = "".join(rv64.print_function(kernel_programs(fs[name], target)[op], f"k_{name}_{op}", target)
                  for name in ("secp256k1_p", "p448") for op in ("mul", "sqr", "add")) + rv64.TRAILER
    (tmp_path / "k.S").write_text(src)
    subprocess.run(["riscv64-linux-gnu-gcc", "-march=rv64gc_zba_zbb", "-c", str(tmp_path / "k.S"),
                    "-o", str(tmp_path / "k.o")], check=True)
    dis = subprocess.run(["riscv64-linux-gnu-objdump", "-d", str(tmp_path / "k.o")], capture_output=True,
                         text=True, check=True).stdout
    funcs = re.split(r"\n[0-9a-f]+ <(k_\w+)>:\n", dis)[1:]
    assert len(funcs) == 12
    for name, body in zip(funcs[::2], funcs[1::2]):
        insns = [ln.split("\t")[2].strip() for ln in body.splitlines() if re.match(r"\s+[0-9a-f]+:\s", ln)]
        insns = insns[:insns.index("ret") + 1]           # alignment padding may follow
        assert not [m for m in insns if m.startswith(("b", "j"))]
        want = int(re.search(rf"# void {name}\(.*?\n(?:#.*\n)*?#\s+(\d+) instructions", src).group(1))
        assert len(insns) == want, name
