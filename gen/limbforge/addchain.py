# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Addition chains for a public exponent: x -> x^e as a fixed sequence of
squarings and multiplications (standard library only, deterministic).

Used for the field square root (fieldgen: the exponent (p+1)/4, or (T-1)/2
for Tonelli-Shanks), where the exponent is a constant of the field, so the
generator can spend a little time finding a short sequence once.

Method (a dictionary method with a local search, in the spirit of the
`addchain` tool's dictionary + Bos-Coster algorithms; own code):
  1. A *dictionary* D of odd values (small windows of the exponent's binary
     form, and runs of ones 2^k - 1) is built by a *shift-add chain*: every
     new value v is u * 2^j + w for values u, w already there (j squarings
     and one multiplication; w = 0: squarings only).  Runs of more than 8
     ones use a chain on the run lengths (x_(a+b) = x_a * 2^b + x_b); the
     other values the cheapest of a Bos-Coster pass over the set from the top
     (f = g + (f - g), or g * 2^j + r) and an ascending greedy (one step
     u * 2^j + w if there is one, else the "approximation" v - largest
     u * 2^j or the halving v = (v >> j) * 2^j + low bits, with and without
     2 made first).
  2. The exponent is cut into windows (substrings beginning and ending in a 1)
     whose values are odd values of that chain, with the fewest
     multiplications (dynamic programming over bit positions), and evaluated
     left to right (Horner): acc = acc * 2^gap * window.
  3. A local search over D (starts: the windows of sliding-window
     decompositions of widths 1..8, with and without runs of ones as single
     values, the STARTS cheapest improved; moves: keep only the values the
     windows use, drop one, add one of POOL frequent windows seen at least
     twice or a run of the exponent; the best move while one lowers the cost)
     keeps the cheapest.
`Chain.cost` = squarings + multiplications; the search minimises
W_SQR * squarings + W_MUL * multiplications (a squaring is the cheaper
operation), then the multiplications.

Output: `Chain.steps`, a list over registers, 0 the input x (never written),
1..ntemps temporaries, OUT (= -1) the result, written by the last step only:
    ("sqr_n", dst, src, count)   dst = src^(2^count), count >= 1
    ("mul", dst, a, b)           dst = a * b
`Chain.evaluate()` runs the steps on exponents (integers) and `verify()`
checks they give e; `Chain.power(x, m)` runs them on integers mod m.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

OUT = -1
# the search's objective: W_SQR * squarings + W_MUL * multiplications (a
# squaring costs about 7/8 of a multiplication in the generated kernels:
# 110 against 128 cycles for bls12_381_p on x86_64_adx, src/field/README.md)
W_SQR, W_MUL = 7, 8
# local search: candidate values added (most frequent windows), starts improved
POOL = 48
STARTS = 6


@dataclass
class Chain:
    e: int
    steps: list
    ntemps: int
    method: str = ""
    # counts, filled by __post_init__
    sqr: int = field(init=False, default=0)
    mul: int = field(init=False, default=0)

    def __post_init__(self):
        self.sqr = sum(s[3] for s in self.steps if s[0] == "sqr_n")
        self.mul = sum(1 for s in self.steps if s[0] == "mul")

    @property
    def cost(self) -> int:
        return self.sqr + self.mul

    def _run(self, one, sqr_n, mul):
        reg = {0: one}
        for i, s in enumerate(self.steps):
            if s[0] == "sqr_n":
                _, d, a, n = s
                assert n >= 1 and a in reg and d != 0, s
                reg[d] = sqr_n(reg[a], n)
            elif s[0] == "mul":
                _, d, a, b = s
                assert a in reg and b in reg and d != 0, s
                reg[d] = mul(reg[a], reg[b])
            else:
                raise AssertionError(f"unknown step {s}")
            assert d != OUT or i == len(self.steps) - 1, "OUT is written by the last step only"
            assert d == OUT or 1 <= d <= self.ntemps, s
        return reg[OUT] if self.steps else one

    def evaluate(self) -> int:
        """The exponent the steps compute (the input is x = x^1)."""
        return self._run(1, lambda a, n: a << n, lambda a, b: a + b)

    def power(self, x: int, m: int) -> int:
        """x^e mod m by the steps."""
        def sqr_n(a, n):
            for _ in range(n):
                a = a * a % m
            return a
        return self._run(x % m, sqr_n, lambda a, b: a * b % m)

    def verify(self) -> None:
        got = self.evaluate()
        if got != self.e:
            raise AssertionError(f"addition chain gives {got:#x}, not {self.e:#x}")


# ---------------------------------------------------------------------------
# Shift-add chains for a set of values.
# A node is an int value; its recipe (u, j, w): value = u * 2^j + w, w = 0 for
# none; cost j + (w != 0).  1 is the input (no recipe).


def _tz(x: int) -> int:
    return (x & -x).bit_length() - 1


def _is_run(v: int) -> bool:
    return v > 1 and (v + 1) & v == 0


class _Builder:
    def __init__(self):
        self.rec = {1: None}   # value -> (u, j, w)
        self.order = [1]
        self.cost = 0
        self.muls = 0

    def copy(self):
        b = _Builder.__new__(_Builder)
        b.rec = dict(self.rec)
        b.order = list(self.order)
        b.cost = self.cost
        b.muls = self.muls
        return b

    def _put(self, v, u, j, w):
        assert v not in self.rec and u in self.rec and (w == 0 or w in self.rec)
        assert v == (u << j) + w and (j > 0 or w > 0)
        self.rec[v] = (u, j, w)
        self.order.append(v)
        self.cost += j + (1 if w else 0)
        self.muls += 1 if w else 0

    def one_step(self, t):
        """Cheapest (cost, u, j, w) with t = u * 2^j + w from values present."""
        best = None
        top = max(self.rec)
        for w in [0] + list(self.rec):
            d = t - w
            if d <= 0:
                continue
            j = _tz(d)
            u = d >> j
            while u <= top and j >= 0:
                if u in self.rec and (j > 0 or w):
                    c = j + (1 if w else 0)
                    if best is None or c < best[0]:
                        best = (c, u, j, w)
                    break
                u <<= 1
                j -= 1
        return best

    def add(self, t, depth=0):
        """Make t present, as cheaply as the heuristics find (a trial of a few
        splits at the top two levels, greedy below)."""
        if t in self.rec:
            return
        one = self.one_step(t)
        if one is not None and one[0] <= 2:
            self._put(t, one[1], one[2], one[3])
            return
        if _is_run(t) and t.bit_length() > 8:
            self.add_runs([t.bit_length()])
            return
        options = []
        if one is not None:
            b = self.copy()
            b._put(t, one[1], one[2], one[3])
            options.append(b)
        splits = self._splits(t)
        for split in splits if depth < 2 else splits[:1]:
            b = self.copy() if depth < 2 else self
            for part in split[:-1]:
                b.add(part, depth + 1)
            u, j, w = split[-1]
            if t not in b.rec:
                b._put(t, u, j, w)
            if depth >= 2:
                return
            options.append(b)
        best = min(options, key=lambda b: (b.cost, b.muls))
        self.__dict__.update(best.__dict__)

    def add_runs(self, lengths):
        """Make the runs x_k = 2^k - 1 for k in lengths, through a chain on
        the lengths: x_(a+b) = x_a * 2^b + x_b (b squarings, 1 product).
        For each k (ascending): the cheapest k = q d + r with d, r lengths
        present (r may be 0), reached from d by the binary method on q:
        x_2t = x_t * 2^t + x_t, x_(t+d) = x_t * 2^d + x_d, then + x_r."""
        for k in sorted(set(lengths)):
            if (1 << k) - 1 in self.rec:
                continue
            have = sorted(v.bit_length() for v in self.rec if v == 1 or _is_run(v))
            best = None
            for d in have:
                q, r = divmod(k, d)
                if q == 0 or (r and r not in have):
                    continue
                plan, t = [], d
                for bit in bin(q)[3:]:
                    plan.append((2 * t, t, t))
                    t *= 2
                    if bit == "1":
                        plan.append((t + d, t, d))
                        t += d
                if r:
                    plan.append((k, t, r))
                plan = [s for s in plan if (1 << s[0]) - 1 not in self.rec]
                c = (sum(b + 1 for _, _, b in plan), len(plan))
                if best is None or c < best[0]:
                    best = (c, plan)
            for n, a, b in best[1]:
                v = (1 << n) - 1
                if v not in self.rec:
                    self._put(v, (1 << a) - 1, b, (1 << b) - 1)

    def add_set(self, targets):
        """Make all targets present, Bos-Coster style, from the top: take the
        largest missing f and the next largest value g of the set; f = g + (f - g)
        when g > f / 2, else f = g * 2^j + r with g * 2^j <= f < g * 2^(j+1)
        (the approximation); the delta or remainder joins the set.  Missing
        values are then made in increasing order (each from smaller ones)."""
        todo = {t for t in targets if t not in self.rec}
        recipes = {}
        while todo:
            f = max(todo)
            todo.discard(f)
            pool = todo | set(self.rec)
            below = [v for v in pool if v < f]
            g = max(below)
            pair = next((a for a in sorted(below, reverse=True) if f - a in pool), None)
            if pair is not None:
                recipes[f] = (pair, 0, f - pair) if 2 * pair != f else (pair, 1, 0)
                continue
            if 2 * g > f:
                d = f - g
                recipes[f] = (g, 0, d) if d != g else (g, 1, 0)
                rest = (d,)
            else:
                j = (f // g).bit_length() - 1
                r = f - (g << j)
                recipes[f] = (g, j, r)
                rest = (r,) if r else ()
            for x in rest:
                if x not in self.rec:
                    todo.add(x)
        for v in sorted(recipes):
            u, j, w = recipes[v]
            if j == 0 and w == u:
                j, w = 1, 0
            self._put(v, u, j, w)

    def _splits(self, t):
        """Candidate decompositions: (values to make first..., (u, j, w))."""
        out = []
        # approximation: t - u * 2^j for the largest u * 2^j <= t
        cands = []
        for u in self.rec:
            if u <= t:
                j = (t // u).bit_length() - 1
                r = t - (u << j)
                cands.append((r, u, j))
        cands.sort()
        for r, u, j in cands[:2]:
            if r == 0:
                continue
            out.append((r, (u, j, r)))
        # halving: high part and low part
        n = t.bit_length()
        for j in sorted({n // 2, n - n // 2}):
            hi, lo = t >> j, t & ((1 << j) - 1)
            if hi > 1 and lo:
                out.append((hi, lo, (hi, j, lo)))
        return out


# ---------------------------------------------------------------------------
# Windows: the exponent as sum of odd chain values at shifts.


class _Exponent:
    def __init__(self, e: int):
        self.e = e
        self.n = e.bit_length()
        self.bits = bin(e)[2:]
        self._occ = {}

    def occ(self, v):
        """Shifts s (LSB positions) where v occurs as a bit substring of e."""
        o = self._occ.get(v)
        if o is None:
            pat = bin(v)[2:]
            L = len(pat)
            o = []
            i = self.bits.find(pat)
            while i >= 0:
                o.append(self.n - i - L)
                i = self.bits.find(pat, i + 1)
            self._occ[v] = o
        return o

    def windows(self, values):
        """Fewest-multiplication cut of e into windows with values in `values`
        (odd): (cost, [(value, shift), ...] most significant first) where cost
        = squarings + multiplications of the Horner pass, or None."""
        n, e = self.n, self.e
        ends = [[] for _ in range(n + 1)]
        for v in values:
            if v & 1:
                L = v.bit_length()
                for s in self.occ(v):
                    ends[s + L].append(v)
        INF = 1 << 30
        best = [INF] * (n + 1)
        how = [None] * (n + 1)
        best[0] = 0
        for i in range(1, n + 1):
            if not (e >> (i - 1)) & 1:
                best[i], how[i] = best[i - 1], None
            for v in ends[i]:
                L = v.bit_length()
                c = best[i - L] + 1
                if c < best[i]:
                    best[i], how[i] = c, v
        # the top window: it starts the Horner pass (no multiplication);
        # below it, n - L squarings
        top = None
        for v in ends[n]:
            L = v.bit_length()
            if best[n - L] < INF:
                c = best[n - L] + (n - L)
                if top is None or c < top[0]:
                    top = (c, v)
        if top is None:
            return None
        out = [(top[1], n - top[1].bit_length())]
        i = n - top[1].bit_length()
        while i > 0:
            v = how[i]
            if v is None:
                i -= 1
            else:
                out.append((v, i - v.bit_length()))
                i -= v.bit_length()
        return top[0], out


def _sliding(ex: _Exponent, w: int, run_min: int = 0):
    """Values of a left-to-right sliding-window cut of width w (runs of ones of
    run_min bits or more as one value each, if run_min)."""
    e, vals = ex.e, set()
    runs = []
    if run_min:
        for m in re.finditer("1+", ex.bits):
            if m.end() - m.start() >= run_min:
                runs.append((ex.n - m.end(), ex.n - m.start()))  # [lo, hi)
    i = ex.n - 1
    while i >= 0:
        if not (e >> i) & 1:
            i -= 1
            continue
        r = next((r for r in runs if r[0] <= i < r[1]), None)
        if r is not None:
            vals.add((1 << (i - r[0] + 1)) - 1)
            i = r[0] - 1
            continue
        j = max(i - w + 1, 0)
        while not (e >> j) & 1:
            j += 1
        vals.add((e >> j) & ((1 << (i - j + 1)) - 1))
        i = j - 1
    return vals


def _evaluate(ex: _Exponent, dictionary):
    """(total cost, muls, builder, windows) for a dictionary, or None."""
    best = None
    # long runs of ones through their chain of lengths; short ones as any value
    runs = [v.bit_length() for v in dictionary if _is_run(v) and v.bit_length() > 8]
    for how in ("greedy", "greedy+2", "bos-coster"):
        b = _Builder()
        if how == "greedy+2":
            b.add(2)
        b.add_runs(runs)
        if how == "bos-coster":
            b.add_set(dictionary)
        else:
            for v in sorted(dictionary):
                b.add(v)
        if best is None or (b.cost, b.muls) < (best.cost, best.muls):
            best = b
    b = best
    w = ex.windows([v for v in b.rec if v & 1])
    if w is None:
        return None
    hcost, wins = w
    muls = b.muls + len(wins) - 1
    sqrs = b.cost + hcost - muls
    return ((W_SQR * sqrs + W_MUL * muls, muls), sqrs + muls, b, wins)


def _improve(ex: _Exponent, start, pool, budget):
    cur = _evaluate(ex, start)
    if cur is None:
        return None, budget
    evals = 0
    while evals < budget:
        # keep only the values the windows use
        used = {v for v, _ in cur[3]}
        cand = _evaluate(ex, used)
        evals += 1
        if cand is not None and cand[0] <= cur[0]:
            cur = cand
        used = {v for v, _ in cur[3]}
        better = None
        moves = [used - {v} for v in sorted(used)] + [used | {v} for v in pool if v not in used]
        for d in moves:
            if evals >= budget:
                break
            r = _evaluate(ex, d)
            evals += 1
            if r is not None and r[0] < (better or cur)[0]:
                better = r
        if better is None:
            break
        cur = better
    return cur, budget - evals


def _lower(e: int, b: _Builder, wins, method: str) -> Chain:
    """Nodes (the dictionary chain, then Horner) -> steps over registers."""
    need = set()
    stack = [v for v, _ in wins]
    while stack:
        v = stack.pop()
        if v in need:
            continue
        need.add(v)
        r = b.rec[v]
        if r is not None:
            stack += [r[0]] + ([r[2]] if r[2] else [])
    # node list: ('d', value) dictionary values in chain order, then Horner
    nodes = []       # (key, u_key, j, w_key or None)
    for v in b.order:
        if v in need and b.rec[v] is not None:
            u, j, w = b.rec[v]
            nodes.append((("d", v), ("d", u), j, ("d", w) if w else None))
    acc = ("d", wins[0][0])
    for i, (v, s) in enumerate(wins[1:], 1):
        gap = wins[i - 1][1] - s
        nodes.append((("h", i), acc, gap, ("d", v)))
        acc = ("h", i)
    if wins[-1][1]:
        nodes.append((("h", "end"), acc, wins[-1][1], None))
        acc = ("h", "end")
    if not nodes:   # e == 1
        raise ValueError("exponent 1 has no steps")
    assert nodes[-1][0] == acc
    last = {}
    for i, (k, u, j, w) in enumerate(nodes):
        last[u] = i
        if w is not None:
            last[w] = i
    reg = {("d", 1): 0}
    free, ntemps, steps = [], 0, []
    for i, (k, u, j, w) in enumerate(nodes):
        final = i == len(nodes) - 1
        ru = reg[u]
        rw = reg[w] if w is not None else None
        # free operands whose last use is here (never the input, register 0)
        dead = [x for x in {u, w} if x is not None and last.get(x) == i and reg[x] != 0]
        if final:
            dst = OUT
        elif j > 0 and u in dead and u != w:
            dst = ru                       # square in place
        elif free:
            dst = free.pop()
        else:
            ntemps += 1
            dst = ntemps
        if j > 0 and w is not None:
            # squarings then a multiplication: OUT only for the last step,
            # and the squarings must not clobber w
            mid = dst
            if final or mid == rw:
                if u in dead and ru != rw:
                    mid = ru
                elif free:
                    mid = free[-1]
                else:
                    ntemps += 1
                    mid = ntemps
            steps.append(("sqr_n", mid, ru, j))
            steps.append(("mul", dst, mid, rw))
        elif j > 0:
            steps.append(("sqr_n", dst, ru, j))
        else:
            steps.append(("mul", dst, ru, rw))
        for x in dead:
            if reg[x] != dst and reg[x] not in free:
                free.append(reg[x])
        reg[k] = dst
    ch = Chain(e, steps, ntemps, method)
    ch.verify()
    return ch


def sliding_window_cost(e: int, w: int | None = None) -> tuple:
    """(squarings, multiplications) of field_template.h's lft_pow for e: the
    table a, a^3, .., a^(2^W - 1) (one squaring, 2^(W-1) - 1 products), then
    left-to-right sliding windows of up to W bits (W = 5 from 240 bits, else
    4, unless w is given)."""
    n = e.bit_length()
    W = w or (5 if n >= 240 else 4)
    sq, mu = 1, (1 << (W - 1)) - 1
    started = False
    i = n - 1
    while i >= 0:
        if not (e >> i) & 1:
            sq += started
            i -= 1
            continue
        j = max(i - W + 1, 0)
        while not (e >> j) & 1:
            j += 1
        if started:
            sq += i - j + 1
            mu += 1
        started = True
        i = j - 1
    return sq, mu


@functools.lru_cache(maxsize=64)
def search(e: int, budget: int | None = None) -> Chain:
    """A short chain for x^e (e >= 2).  Deterministic; `budget` bounds the
    dictionary evaluations of the local search (each a chain for the
    dictionary and a pass over the exponent's bits); by default 800 up to
    512 bits, 300 above (about 0.1-0.5 s for 256-381 bits, 0.6 s for 1024
    bits).  Cached per exponent for the process (`gen field` for several
    targets)."""
    if e < 2:
        raise ValueError("exponent must be >= 2")
    if budget is None:
        budget = 800 if e.bit_length() <= 512 else 300
    ex = _Exponent(e)
    odd = e >> _tz(e)
    # pool of values to add: runs of ones of the exponent, and small windows
    # (up to 12 bits) seen at least twice
    pool = set()
    for m in re.finditer("1+", ex.bits):
        k = m.end() - m.start()
        if k >= 2:
            pool.add((1 << k) - 1)
    counts = {}
    for i in range(ex.n):
        if (e >> i) & 1:
            for L in range(2, 13):
                if i + L > ex.n:
                    break
                v = (e >> i) & ((1 << L) - 1)
                if v >> (L - 1):
                    counts[v] = counts.get(v, 0) + 1
    ranked = sorted(counts.items(), key=lambda t: (-t[1] * t[0].bit_length(), t[0]))
    pool |= {v for v, c in ranked[:POOL] if c >= 2}
    pool = sorted(pool)
    starts = []
    for w in range(1, 9):
        starts.append((f"sliding w={w}", _sliding(ex, w)))
        starts.append((f"sliding w={w} + runs", _sliding(ex, w, run_min=max(w + 1, 6))))
    if odd.bit_length() <= 64:
        starts.append(("exponent", {odd}))
    seen, results = set(), []
    for name, d in starts:
        key = frozenset(d)
        if key in seen:
            continue
        seen.add(key)
        r = _evaluate(ex, d)
        if r is not None:
            results.append((r[0], name, d))
    results.sort(key=lambda t: t[0])
    best = None
    per = max(budget // 3, 20)
    for _, name, d in results[:STARTS]:
        r, _ = _improve(ex, d, pool, per)
        if r is not None and (best is None or r[0] < best[0][0]):
            best = (r, name)
    (_, cost, b, wins), name = best
    ch = _lower(e, b, wins, name + " + search")
    assert ch.cost <= cost, (ch.cost, cost)
    return ch
