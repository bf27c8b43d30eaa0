# SPDX-License-Identifier: Apache-2.0 OR MIT
"""List scheduling of straight-line machine code for an in-order dual-issue
core (modelled on SiFive U74: two issue slots per cycle, at most one
multiply and one memory access per cycle, fully pipelined multiplier).

The scheduler works on printer-neutral nodes before register allocation:
each node names the virtual registers it defines and uses, a class
("alu", "mul", "ld", "st") and how many machine instructions it stands
for.  It keeps every true dependency and the explicit extra ones a printer
adds (e.g. a store after the loads of the same word of every input, so the
output may alias an input), and it bounds register pressure: once `limit`
values are live it only picks nodes that do not add a live value, so
hoisting loads and products does not create spills.

`simulate` runs a finished instruction sequence (physical registers) on the
same model and returns its cycle count; printers use it to pick among
schedules and to report an estimate.
"""
from __future__ import annotations

import bisect

# cycles from issue until the result can be used
LATENCY = {"alu": 1, "mul": 4, "ld": 3, "st": 1}
ISSUE_WIDTH = 2
PORTS = {"mul": 1, "ld": 1, "st": 1}          # per cycle
PORT_OF = {"mul": "mul", "ld": "mem", "st": "mem"}


class Node:
    __slots__ = ("defs", "uses", "cls", "n", "after", "payload")

    def __init__(self, defs, uses, cls, n=1, after=(), payload=None):
        self.defs = tuple(defs)
        self.uses = tuple(uses)
        self.cls = cls
        self.n = n
        self.after = tuple(after)     # indices of nodes that must come first
        self.payload = payload


def _graph(nodes, live_in):
    definer = {}
    for i, nd in enumerate(nodes):
        for d in nd.defs:
            assert d not in definer, f"value {d} defined twice"
            definer[d] = i
    preds = [set() for _ in nodes]
    succs = [[] for _ in nodes]
    for i, nd in enumerate(nodes):
        for u in nd.uses:
            j = definer.get(u)
            if j is None:
                assert u in live_in, f"value {u} used but never defined"
                continue
            assert j < i, "nodes must be given in a valid order"
            preds[i].add(j)
        for j in nd.after:
            assert j < i
            preds[i].add(j)
        for j in preds[i]:
            succs[j].append(i)
    return preds, succs


def _latency(nd):
    return LATENCY[nd.cls] + nd.n - 1


def schedule(nodes, limit, live_in=()):
    """Returns a permutation of range(len(nodes)) (the issue order).
    `live_in`: values live on entry (argument registers)."""
    preds, succs = _graph(nodes, set(live_in))
    N = len(nodes)
    height = [0] * N
    for i in range(N - 1, -1, -1):
        h = 0
        for j in succs[i]:
            h = max(h, height[j])
        height[i] = _latency(nodes[i]) + h
    remaining: dict = {}
    consumers: dict = {}
    uses = []                     # per node: (value, times used)
    for i, nd in enumerate(nodes):
        m: dict = {}
        for u in nd.uses:
            m[u] = m.get(u, 0) + 1
            remaining[u] = remaining.get(u, 0) + 1
        uses.append(tuple(m.items()))
        for u, k in m.items():
            consumers.setdefault(u, []).append((i, k))
    # pressure effect of issuing a node now: values it makes live (born)
    # minus values whose last use it is (kills, kept up to date)
    born = [sum(1 for d in nd.defs if remaining.get(d, 0)) for nd in nodes]
    kills = [sum(1 for u, k in uses[i] if remaining[u] == k) for i in range(N)]
    done = [False] * N
    live = sum(1 for v in live_in if remaining.get(v, 0))
    npred = [len(p) for p in preds]
    ready_at = [0] * N
    relief, other = [], []        # available nodes, (-height, index) sorted
    where = {}

    def add(i):
        lst = relief if born[i] <= kills[i] else other
        bisect.insort(lst, (-height[i], i))
        where[i] = lst

    def pick(lst, cycle, ports):
        for pos, (_, i) in enumerate(lst):
            if ready_at[i] > cycle:
                continue
            c = nodes[i].cls
            p = PORT_OF.get(c)
            if p is not None and ports.get(p, 0) >= PORTS[c]:
                continue
            return pos
        return None

    for i in range(N):
        if npred[i] == 0:
            add(i)
    order = []
    cycle = 0
    while len(order) < N:
        slots = ISSUE_WIDTH
        ports: dict = {}
        while slots > 0:
            pr = pick(relief, cycle, ports)
            lst, pos = relief, pr
            if live < limit:
                po = pick(other, cycle, ports)
                if po is not None and (pr is None or other[po] < relief[pr]):
                    lst, pos = other, po
            elif pr is None and slots == ISSUE_WIDTH and other and \
                    all(ready_at[i] <= cycle for _, i in relief):
                # nothing relieves pressure soon: the node adding least,
                # earliest in the given order (which bounds the pressure)
                best = None
                for q, (_, i) in enumerate(other):
                    if ready_at[i] <= cycle and (best is None or (born[i], i) < best[0]):
                        best = ((born[i], i), q)
                lst, pos = other, (best[1] if best else None)
            if pos is None:
                break
            _, i = lst.pop(pos)
            del where[i]
            nd = nodes[i]
            done[i] = True
            order.append(i)
            slots -= 1
            p = PORT_OF.get(nd.cls)
            if p is not None:
                ports[p] = ports.get(p, 0) + 1
            for u, k in uses[i]:
                remaining[u] -= k
                if remaining[u] == 0:
                    live -= 1
                    continue
                for j, kj in consumers[u]:
                    if not done[j] and remaining[u] == kj:
                        kills[j] += 1
                        if where.get(j) is other and born[j] <= kills[j]:
                            other.remove((-height[j], j))
                            add(j)
            live += born[i]
            fin = cycle + _latency(nd)
            for j in succs[i]:
                if ready_at[j] < fin:
                    ready_at[j] = fin
                npred[j] -= 1
                if npred[j] == 0:
                    add(j)
        cycle += 1
    return order


def simulate(seq) -> int:
    """Cycles to issue `seq` (items: (cls, dst, srcs), registers as names)
    in order on the model, until the last result is ready."""
    ready: dict = {}
    cycle, used, ports = 0, 0, {}
    end = 0
    for cls, dst, srcs in seq:
        t = max([0] + [ready.get(s, 0) for s in srcs])
        if dst is not None:       # an in-order scoreboard also waits on WAW
            t = max(t, ready.get(dst, 0) - LATENCY[cls] + 1)
        p = PORT_OF.get(cls)
        if t > cycle or used >= ISSUE_WIDTH or (p is not None and ports.get(p, 0) >= PORTS[cls]):
            cycle = max(t, cycle + 1)
            used, ports = 0, {}
        used += 1
        if p is not None:
            ports[p] = ports.get(p, 0) + 1
        if dst is not None:
            ready[dst] = cycle + LATENCY[cls]
        end = max(end, cycle + LATENCY[cls])
    return end
