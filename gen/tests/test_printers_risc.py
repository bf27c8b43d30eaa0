# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AArch64, ppc64le and ARMv7 (32-bit words) printers on programs the field kernels never make:
random straight-line programs (carries crossing between addition and
subtraction chains in both directions, selects/masks of either polarity,
double shifts, multiplies by 0 and 1, immediates at every encoding edge,
constant tables), programs with more live values than registers (spills; on
ppc64le a frame beyond the protected zone), and schedules that would destroy
a live carry (a generation error).  Results are compared with the IR
interpreter, running the code under qemu-user."""
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from limbforge import interp
from limbforge.ir import MASK64, Program
from limbforge.printers import CodegenError
from limbforge.targets import TARGETS
from limbforge.verify import verify

ARCHES = [t for t in ("aarch64", "ppc64le", "armv7", "s390x")
          if shutil.which(TARGETS[t].cross["cc"]) and shutil.which(TARGETS[t].cross["run"][0])]
NIN, NOUT = 6, 6
CONSTS = [0, 1, 2, MASK64, MASK64 - 1, 4095, 4096, 4097, 0x7FFF, 0x8000, -0x8000 & MASK64,
          0xFFFF, 0x10000, 0x1000003D1, 1 << 63, (1 << 63) - 1, 0xFF00FF00FF00FF00,
          0xFFFFFFFF, 0xFFFFFFFF00000001, 0x00000000FFFFFFFE, 0x123456789ABCDEF1, 977]
# 32-bit words: the edges of the Thumb-2 and Arm modified immediates, movw, movt
CONSTS32 = [0, 1, 2, 0xFFFFFFFF, 0xFFFFFFFE, 255, 256, 257, 0x1FE, 0x3FC, 0xFF00FF, 0xFF00FF00,
            0xABABABAB, 0x80000000, 0x7FFFFFFF, 0x80000001, 0xC0000003, 0xFFFF, 0x10000, 0x12345678,
            4095, 4096, 977, 0xFFFFFF00, 0xFFFFFC2F]


def random_program(rng: random.Random, name: str, nops: int, w: int = 64) -> Program:
    """At most one carry is live at a time and it is consumed before the next
    carry is made (what one flag allows); between the two, only operations
    that leave the flag alone.  The printers must pick polarities."""
    p = Program(name, wbits=w)
    p.comment = "random printer test program"
    consts = CONSTS if w == 64 else CONSTS32
    r = p.out("r", NOUT)
    ins = [p.inp("a", NIN), p.inp("b", NIN)]
    tab = p.table("k", [rng.choice(consts) for _ in range(5)] + [rng.getrandbits(w)])
    words = []

    def word():
        k = rng.randrange(10)
        if k == 0:
            return p.const(rng.choice(consts))
        if k == 1:
            return p.load(tab, rng.randrange(tab.words))
        if k == 2 or len(words) < 3:
            return p.load(rng.choice(ins), rng.randrange(NIN))
        return rng.choice(words[-12:])

    carry = None
    for _ in range(nops):
        k = rng.randrange(14)
        if k < 5:                                   # add/sub making a carry
            ci = carry if carry is not None and rng.random() < 0.7 else None
            op = p.add if rng.random() < 0.5 else p.sub
            s, carry = op(word(), word(), ci)
            words.append(s)
        elif k == 5 and carry is not None:          # chain end: the carry consumed, none made
            op = p.add if rng.random() < 0.5 else p.sub
            s, _ = op(word(), word(), carry)
            words.append(s)
            carry = None
        elif k == 6 and carry is not None:
            words.append(p.csel(carry, word(), word()))
        elif k == 7 and carry is not None:
            words.append(p.mask(carry) if rng.random() < 0.5 else p.cword(carry))
        elif k == 8:                                # flag-free add/sub: carry unused
            op = p.add if rng.random() < 0.5 else p.sub
            words.append(op(word(), word())[0])
        elif k == 9:
            if w == 32 and rng.random() < 0.5:
                lo, hi = p.madd(word(), word(), word(), word())
            else:
                lo, hi = p.mul(word(), word())
            words.append(rng.choice([lo, hi]))
        elif k == 10:
            words.append(p.mullo(word(), rng.choice([word(), p.const(rng.choice([0, 1]))])))
        elif k == 11:
            words.append(p.logic(rng.choice(["and", "or", "xor"]), word(), word()))
        elif k == 12:
            words.append(p.shrd(word(), word(), rng.randrange(1, w)))
        else:
            words.append((p.shl if rng.random() < 0.5 else p.shr)(word(), rng.randrange(1, w)))
    for i in range(NOUT):                           # fold everything into the outputs
        acc = words[i] if i < len(words) else word()
        for w in words[NOUT + i::NOUT]:
            acc = p.logic("xor", acc, w)
        p.store(r, i, acc)
    return verify(p.prune())


def pressure_program(name: str, live: int, w: int = 64) -> Program:
    """`live` products alive at once: more values than registers."""
    p = Program(name, wbits=w)
    p.comment = "register pressure test program"
    r = p.out("r", NOUT)
    a, b = p.inp("a", NIN), p.inp("b", NIN)
    A = [p.load(a, i) for i in range(NIN)]
    B = [p.load(b, i) for i in range(NIN)]
    prods = []
    for k in range(live):
        lo, hi = p.mul(A[k % NIN], B[(k * 5 + k // NIN) % NIN])
        prods += [lo, hi]
    out = [None] * NOUT
    for k, w in enumerate(reversed(prods)):         # first made, last used
        j = k % NOUT
        out[j] = w if out[j] is None else p.add(out[j], w)[0]
    for j in range(NOUT):
        p.store(r, j, out[j])
    return verify(p.prune())


def _limbs(ws, w):
    """w-bit words as the driver's uint64_t limbs."""
    return interp.int_to_words(interp.words_to_int(ws, w), len(ws) * w // 64)


def run_programs(arch, progs, cases, rng, flavour=None):
    t = TARGETS[arch]
    pr = t.printer_module()
    w = t.wbits
    per = 64 // w                                   # words per uint64_t of the driver
    consts = CONSTS if w == 64 else CONSTS32
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        asm = "".join(pr.print_function(q, f"tp_{q.name}", flavour or arch) + "\n" for q in progs) + pr.TRAILER
        (d / "p.S").write_text(asm)
        decl = "".join(f"void tp_{q.name}(uint64_t *, const uint64_t *, const uint64_t *);\n" for q in progs)
        table = ", ".join(f"tp_{q.name}" for q in progs)
        (d / "drv.c").write_text(f"""#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
{decl}
static void (*const F[])(uint64_t *, const uint64_t *, const uint64_t *) = {{{table}}};
int main(void) {{
    int k; uint64_t a[{NIN // per}], b[{NIN // per}], r[{NOUT // per}];
    while (scanf("%d", &k) == 1) {{
        for (int i = 0; i < {NIN // per}; i++) if (scanf("%" SCNx64, &a[i]) != 1) return 2;
        for (int i = 0; i < {NIN // per}; i++) if (scanf("%" SCNx64, &b[i]) != 1) return 2;
        F[k](r, a, b);
        for (int i = 0; i < {NOUT // per}; i++) printf("%" PRIx64 "%c", r[i], i == {NOUT // per} - 1 ? '\\n' : ' ');
    }}
    return 0;
}}
""")
        subprocess.run([t.cross["cc"], "-O1", "-fPIC", str(d / "drv.c"), str(d / "p.S"), "-o", str(d / "x")],
                       check=True)
        jobs, lines = [], []
        for k, q in enumerate(progs):
            for _ in range(cases):
                a = [rng.choice([rng.getrandbits(w), rng.choice(consts)]) for _ in range(NIN)]
                b = [rng.choice([rng.getrandbits(w), rng.choice(consts)]) for _ in range(NIN)]
                jobs.append((q, a, b))
                lines.append(f"{k} " + " ".join(f"{x:x}" for x in _limbs(a, w) + _limbs(b, w)))
        out = subprocess.run([*t.cross["run"], str(d / "x")], input="\n".join(lines) + "\n",
                             capture_output=True, text=True, check=True).stdout.splitlines()
        assert len(out) == len(jobs)
        for (q, a, b), line in zip(jobs, out):
            want = interp.run(q, {"a": a, "b": b})["r"]
            got = interp.int_to_words(interp.words_to_int([int(x, 16) for x in line.split()]), NOUT, w)
            assert got == want, f"{arch} {q.name}: a={a} b={b}"
        return asm


@pytest.mark.parametrize("arch", ARCHES)
def test_random_programs(arch):
    rng = random.Random(7)
    w = TARGETS[arch].wbits
    progs = [random_program(rng, f"r{k}", rng.choice([30, 80, 160]), w) for k in range(40)]
    asm = run_programs(arch, progs, 25, rng)
    # the paths this test is for were taken
    if arch == "armv7":
        assert "cmn" in asm and "umaal" in asm and "orr" in asm and "lsl #" in asm and "ldrd" in asm \
            and "\tit" in asm and "sbc" in asm
    elif arch == "s390x":
        assert "ipm" in asm and "spm" in asm and "algfi %r" in asm and "risbg" in asm and "locgr" in asm \
            and "mlg" in asm and "slbgr" in asm and "larl" in asm
    elif arch == "aarch64":
        assert "cset" in asm and "cmp" in asm and "extr" in asm and "csetm" in asm and "ldp" in asm
    else:
        assert "addic %r0, %r0, 1" in asm and "rldimi" in asm and "isel" in asm and "toc@ha" in asm


@pytest.mark.skipif("armv7" not in ARCHES, reason="no arm cross compiler or qemu-arm")
def test_armv7_arm_state():
    """The armv7 printer's Arm-state flavour (no IT blocks, Arm immediates,
    no ldrd pairing, a shorter adr reach), which measured a little larger
    and slower than Thumb-2, stays correct."""
    rng = random.Random(9)
    progs = [random_program(rng, f"a{k}", rng.choice([30, 80, 160]), 32) for k in range(20)]
    progs += [pressure_program("ap45", 45, 32)]
    asm = run_programs("armv7", progs, 20, rng, flavour="armv7_arm")
    assert "\t.arm" in asm and "\tit" not in asm and "umaal" in asm


@pytest.mark.parametrize("arch", ARCHES)
def test_register_pressure(arch):
    rng = random.Random(8)
    progs = [pressure_program(f"p{live}", live, TARGETS[arch].wbits) for live in (8, 20, 45)]
    asm = run_programs(arch, progs, 20, rng)
    assert {"ppc64le": "stdu %r1", "s390x": "lay %r15,-"}.get(arch, "[sp, #") in asm


@pytest.mark.parametrize("arch", ["aarch64", "ppc64le", "s390x"])
def test_destroyed_carry_is_an_error(arch):
    pr = TARGETS[arch].printer_module()
    p = Program("bad")
    r = p.out("r", 2)
    a = p.inp("a", 3)
    x = [p.load(a, i) for i in range(3)]
    s0, c0 = p.add(x[0], x[1])
    s1, c1 = p.add(x[1], x[2])          # a second carry while c0 is live
    s2, _ = p.add(s0, s1, c0)
    p.store(r, 0, s2)
    p.store(r, 1, p.cword(c1))
    with pytest.raises(CodegenError, match="destroy"):
        pr.print_function(verify(p.prune()), "bad", arch)
    q = Program("two")
    r = q.out("r", 1)
    a = q.inp("a", 2)
    x = [q.load(a, i) for i in range(2)]
    cf, of = q.clear()
    s, cf = q.add(x[0], x[1], cf)
    s, of = q.add(s, x[1], of)
    q.store(r, 0, q.add(s, q.cword(cf), of)[0])
    with pytest.raises(CodegenError):
        pr.print_function(verify(q.prune()), "two", arch)
