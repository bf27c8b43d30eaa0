#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shapes of the scalar Montgomery product on x86-64 (mulx/adcx/adox), timed
side by side in one process: the shipped CIOS kernel (algos.mont_mul_program,
what lf_<field>_mul_x86_64_adx is) against the experimental shapes of
gen/limbforge/algos_shapes.py (sos, kara, fips, fold; for squares the
shipped mont_sqr_program against fold_sqr), each printed by the x86-64
adx printer into one assembly file with a small C harness.

The harness first checks that every shape returns the CIOS kernel's result
on 200000 random inputs below p (exit 1 on a mismatch), then reports per
call: latency (r = f(r, b) chained) and throughput (8 independent products
in turn), the best of 7 runs, in cycles estimated from a dependent add chain
timed in the same process (one add per cycle).  Compare shapes only within
one run: the other core's load moves all of them.

  python3 bench/mul_shapes.py                       # bls12_381_p, bls12_381_r
  python3 bench/mul_shapes.py --fields bn254_p --shapes sos,fips
Needs an x86-64 CPU with BMI2 and ADX and a C compiler (cc or $CC).
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "gen"))

from limbforge import algos, algos_shapes  # noqa: E402
from limbforge.fields import builtin_fields  # noqa: E402
from limbforge.printers import x86_64  # noqa: E402

HARNESS = r"""
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <x86intrin.h>
typedef void (*fn)(uint64_t *, const uint64_t *, const uint64_t *);
%(decls)s
static const uint64_t P[NW] = {%(p)s};
static const fn F[] = {%(fns)s};
static const char *NAME[] = {%(names)s};
#define NF ((int)(sizeof F / sizeof F[0]))
static uint64_t rs = 88172645463325252ull;
static uint64_t rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
#ifdef SQR                                /* squares: b is a */
#define B_OF(a, b) (a)
#else
#define B_OF(a, b) (b)
#endif
static void element(uint64_t *x) {       /* below p; zero and top words now and then */
    for (;;) {
        int lt = 0, i;
        for (i = 0; i < NW; i++) x[i] = rnd();
        switch (rnd() %% 4) { case 1: x[0] = 0; break; case 2: x[NW - 1] = P[NW - 1]; break; }
        for (i = NW - 1; i >= 0; i--) {
            if (x[i] != P[i]) { lt = x[i] < P[i]; break; }
        }
        if (lt) return;
    }
}
static void chain(long n) {
    uint64_t a = 0;
    __asm__ volatile("1:\n.rept 8\naddq $1, %%0\n.endr\ndecq %%1\njnz 1b" : "+r"(a), "+r"(n));
}
static double add_cycle(void) {
    for (int i = 0; i < 3; i++) chain(10000000);
    uint64_t t = __rdtsc();
    chain(10000000);
    return (double)(__rdtsc() - t) / 8e7;
}
static double latency(fn f) {
    uint64_t a[NW], b[NW];
    double best = 1e30;
    element(a); element(b);
    for (int rep = 0; rep < 7; rep++) {
        uint64_t t = __rdtsc();
        for (int i = 0; i < 200000; i++) f(a, a, B_OF(a, b));
        double d = (double)(__rdtsc() - t) / 200000;
        if (d < best) best = d;
    }
    return best;
}
static double throughput(fn f) {
    static uint64_t a[8][NW], b[8][NW], r[8][NW];
    double best = 1e30;
    for (int k = 0; k < 8; k++) { element(a[k]); element(b[k]); }
    for (int rep = 0; rep < 7; rep++) {
        uint64_t t = __rdtsc();
        for (int i = 0; i < 25000; i++)
            for (int k = 0; k < 8; k++) f(r[k], a[k], B_OF(a[k], b[k]));
        double d = (double)(__rdtsc() - t) / 200000;
        if (d < best) best = d;
    }
    return best;
}
int main(void) {
    for (int it = 0; it < 200000; it++) {
        uint64_t a[NW], b[NW], r0[NW], r1[NW];
        element(a); element(b);
        F[0](r0, a, B_OF(a, b));
        for (int k = 1; k < NF; k++) {
            F[k](r1, a, B_OF(a, b));
            if (memcmp(r0, r1, sizeof r0)) { printf("MISMATCH %%s\n", NAME[k]); return 1; }
        }
    }
    double c = add_cycle();
    for (int k = 0; k < NF; k++)
        printf("%%s %%.1f %%.1f\n", NAME[k], latency(F[k]) / c, throughput(F[k]) / c);
    return 0;
}
"""


def run_field(f, shapes, cc, tmp, sqr=False):
    progs = {"cios": (algos.mont_sqr_program if sqr else algos.mont_mul_program)("x", f.p, f.n, "adx")}
    for s in shapes:
        try:
            progs[s] = algos_shapes.shape_program(s, "x", f.p, f.n)
        except ValueError as e:        # e.g. kara with odd n, a shape needing a spare bit
            print(f"  ({f.name}: {s} skipped: {e})")
    asm, count = [], {}
    for s, prog in progs.items():
        text = x86_64.print_function(prog, f"shape_{s}", "x86_64_adx")
        asm.append(text)
        count[s] = sum(1 for ln in text.splitlines() if ln.startswith("\t") and not ln.startswith("\t."))
    base = os.path.join(tmp, f.name + ("_sqr" if sqr else ""))
    with open(base + ".S", "w") as fh:
        fh.write("\n".join(asm) + '\n\t.section .note.GNU-stack,"",@progbits\n')
    mask = (1 << 64) - 1
    with open(base + ".c", "w") as fh:
        fh.write(f"#define NW {f.n}\n" + ("#define SQR 1\n" if sqr else "") + HARNESS % {
            "decls": "\n".join(f"void shape_{s}(uint64_t *, const uint64_t *, const uint64_t *);" for s in progs),
            "p": ", ".join(f"{(f.p >> (64 * i)) & mask:#x}ull" for i in range(f.n)),
            "fns": ", ".join(f"shape_{s}" for s in progs),
            "names": ", ".join(f'"{s}"' for s in progs)})
    subprocess.check_call([cc, "-O2", "-o", base, base + ".c", base + ".S"])
    out = subprocess.run([base], capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"{f.name}: {out.stdout.strip()}")
    rows = []
    for ln in out.stdout.split("\n"):
        if ln.strip():
            s, lat, thr = ln.split()
            rows.append((s, count[s], float(lat), float(thr)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fields", default="bls12_381_p,bls12_381_r")
    ap.add_argument("--shapes", default=",".join(algos_shapes.SHAPES))
    ap.add_argument("--sqr-shapes", default=",".join(algos_shapes.SQR_SHAPES))
    args = ap.parse_args()
    if platform.machine() not in ("x86_64", "AMD64"):
        print("mul_shapes: x86-64 only; skipped")
        return 0
    cc = os.environ.get("CC", "cc")
    fields = {f.name: f for f in builtin_fields()}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.fields.split(","):
            for sqr, shapes in ((False, args.shapes), (True, args.sqr_shapes)):
                if not shapes:
                    continue
                rows = run_field(fields[name], shapes.split(","), cc, tmp, sqr)
                cios = rows[0]
                print(f"{name} {'sqr' if sqr else 'mul'}: cycles per call (latency / throughput), "
                      "instructions; ratio to cios (the shipped kernel)")
                for s, n, lat, thr in rows:
                    print(f"  {s:8s} {n:4d} insns  lat {lat:6.1f} ({lat / cios[2]:.2f})"
                          f"  thr {thr:6.1f} ({thr / cios[3]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
